/* What a C header says of the Cilk procedures in c-entry-procs.c: no
 * `cilk`, so its includers call them as C functions. */
typedef struct {
    long sum, count;
    double avg;
} stats;

int fib(int n);
double harmonic(int n);
stats tree(int depth);
void fill(long *out, int n);

typedef struct {
    long v[64];
} big;
long sum_big(big b, int lo, int hi);
