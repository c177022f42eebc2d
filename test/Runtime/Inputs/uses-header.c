#include <cilk.h>
#include <stdio.h>

cilk int square(int x) { return x * x; }

cilk int main(void)
{
    int r;
    r = spawn square(7);
    sync;
    printf("7 squared is %d\n", r);
    return 0;
}
