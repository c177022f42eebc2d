// Checks that a race detector build (-fplugin-arg-cilk-race) says, at each
// thread it compiles, that continuation-passing threads are not checked:
// the detector's "no races found" covers Cilk procedures only.
// RUN: %cilkcc -fplugin-arg-cilk-race -fsyntax-only -Xclang -verify %s
// RUN: %cilkcc -fsyntax-only -Werror %s

thread one(cont int k); // a declaration: no warning

thread one(cont int k) // expected-warning {{the race detector does not check continuation-passing threads: what thread 'one' reads and writes is not recorded}}
{
    send_argument(k, 1);
}

cilk int main(void)
{
    int r;
    spawn one(&r);
    sync;
    return r - 1;
}
