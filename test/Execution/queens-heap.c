// Checks n-queens with a heap board per child and results assigned into a
// local array (count[c] = spawn q(...)): an address saved at each spawn.
// RUN: %run-vs-elision --repeat 3 %s 9 | FileCheck %s
// CHECK: queens(9) = 352
// CHECK: exit status 0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int ok(const char *b, int n, int r, int c) { for (int i = 0; i < r; i++) { int d = b[i] - c; if (d == 0 || d == r - i || d == i - r) return 0; } return 1; }
cilk int q(char *b, int n, int r) {
  int count[32]; int total = 0;
  if (r == n) return 1;
  for (int c = 0; c < n; c++) {
    count[c] = 0;
    if (ok(b, n, r, c)) { char *nb = malloc(n); memcpy(nb, b, r); nb[r] = c; count[c] = spawn q(nb, n, r + 1); }
  }
  sync;
  for (int c = 0; c < n; c++) total += count[c];
  free(b);
  return total;
}
cilk int main(int argc, char **argv) { int n = atoi(argv[1]), r; char *b = malloc(n); r = spawn q(b, n, 0); sync; printf("queens(%d) = %d\n", n, r); return 0; }
