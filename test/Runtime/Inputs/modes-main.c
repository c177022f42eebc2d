/* Cilk main of a two-file program (mode-mismatch.test). */
#include <stdio.h>
cilk long fib(int n);
cilk int main(void) { long r = spawn fib(20); sync; printf("%ld\n", r); return 0; }
