/* fib, the other file of a two-file program (mode-mismatch.test). */
cilk long fib(int n) { long a, b; if (n < 2) return n; a = spawn fib(n-1); b = spawn fib(n-2); sync; return a+b; }
