// Checks results and arguments of many types: struct returns (small and
// large, i.e. sret), double, float, char, unsigned, long long, pointers,
// struct and union arguments by value, void procedures, many mixed
// arguments, and implicit conversion of a result.
// RUN: %run-vs-elision %s | FileCheck %s
// CHECK: small: 3 4.5
// CHECK: big: 10 20 30 40 50 60 70 80 label
// CHECK: double 2.718282 float 0.125000 char Z unsigned 4000000000
// CHECK: long long -9000000000000 pointer hit 42
// CHECK: mixed: 1+2+3+4.500000+c+6+7+8.250000+9+10 = 51
// CHECK: by value: 33 sum 1.5 union 65
// CHECK: converted 7.000000 and 3
// CHECK: exit status 0
#include <stdio.h>
#include <string.h>

struct small { int a; double b; };
struct big { long v[8]; char label[16]; };
union word { int i; char c[4]; };

cilk struct small mk_small(int a) { struct small s = {a, a * 1.5}; return s; }
cilk struct big mk_big(long base)
{
    struct big b;
    for (int i = 0; i < 8; i++)
        b.v[i] = base * (i + 1);
    strcpy(b.label, "label");
    return b;
}
cilk double e(void) { return 2.718281828; }
cilk float eighth(float x) { return x / 8; }
cilk char upper(char c) { return (char)(c - 'a' + 'A'); }
cilk unsigned big_unsigned(void) { return 4000000000u; }
cilk long long neg(long long x) { return -x; }
cilk int *find(int *a, int n, int key)
{
    for (int i = 0; i < n; i++)
        if (a[i] == key)
            return &a[i];
    return NULL;
}
cilk double mixed(char a, short b, int c, double d, char e_, long f,
                  unsigned char g, float h, long long i, unsigned long j)
{
    printf("mixed: %d+%d+%d+%f+%c+%ld+%d+%f+%lld+%lu", a, b, c, d, e_, f, g,
           (double)h, i, j);
    return a + b + c + d + f + g + h + i + j;
}
cilk int by_value(struct small s, struct big b) { return s.a + (int)b.v[2]; }
cilk int from_union(union word w) { return w.i; }
cilk void store(double *p, double v) { *p = v; }
cilk int seven(void) { return 7; }
cilk double three(void) { return 3.9; }

cilk int main(void)
{
    struct small s;
    struct big b;
    double d, half, conv;
    float f;
    char c;
    unsigned u;
    long long ll;
    int arr[5] = {1, 42, 3, 4, 5}, *p;
    int bv, un, trunc;
    union word w;

    s = spawn mk_small(3);
    b = spawn mk_big(10);
    d = spawn e();
    f = spawn eighth(1.0f);
    c = spawn upper('z');
    u = spawn big_unsigned();
    ll = spawn neg(9000000000000LL);
    p = spawn find(arr, 5, 42);
    sync;
    printf("small: %d %.1f\n", s.a, s.b);
    printf("big:");
    for (int i = 0; i < 8; i++)
        printf(" %ld", b.v[i]);
    printf(" %s\n", b.label);
    printf("double %f float %f char %c unsigned %u\n", d, (double)f, c, u);
    printf("long long %lld pointer %s %d\n", ll, p == &arr[1] ? "hit" : "miss",
           *p);

    double m;
    m = spawn mixed(1, 2, 3, 4.5, 'c', 6, 7, 8.25f, 9, 10);
    sync;
    printf(" = %.0f\n", m);

    s.a = 3;
    w.i = 65;
    bv = spawn by_value(s, b);
    un = spawn from_union(w);
    spawn store(&half, 1.5);
    sync;
    printf("by value: %d sum %.1f union %d\n", bv, half, un);

    conv = spawn seven();
    trunc = spawn three();
    sync;
    printf("converted %f and %d\n", conv, trunc);
    return 0;
}
