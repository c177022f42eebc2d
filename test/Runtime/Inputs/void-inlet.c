#include <stdio.h>

static int hits;

cilk void mark(int *cells, int i)
{
    cells[i] = i + 1;
}

/* An inlet of a void procedure gets only its other arguments. */
cilk int run(int n)
{
    int cells[64];
    int seen = 0, sum = 0, i;
    inlet void done(int which, int twice)
    {
        if (twice != 2 * which)
            hits = -1000;
        seen++;
        sum += which;
    }
    for (i = 0; i < n; i++)
        done(spawn mark(cells, i), i, 2 * i);
    sync;
    for (i = 0; i < n; i++)
        if (cells[i] != i + 1)
            return -1;
    return seen * 1000 + sum + hits;
}

cilk int main(void)
{
    int r;
    r = spawn run(64);
    sync;
    printf("void inlets: %d\n", r);
    return 0;
}
