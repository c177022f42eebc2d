// Checks that Cilk-5's headers are found with nothing but -fplugin and
// declare the Cilk-5 library: <cilk-lib.cilkh>, <cilk-lib.h> (deprecated,
// with Cilk-5's warning), the macros cilkc gave every file, and no header
// Cilk-5 did not include (RAND_MAX stays undefined); C89 implicit int and
// implicit declarations are warnings, as with Cilk-5's gcc; `shared` and
// `private` are accepted.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
#include <cilk-lib.h> // expected-warning@cilk-lib.h:4 {{<cilk-lib.h> is deprecated; include <cilk-lib.cilkh> instead}}
#include <cilk-lib.cilkh>

#if !defined(__CILK__) || !defined(__CILK2C__)
#error "__CILK__ and __CILK2C__ must be defined"
#endif
#ifdef RAND_MAX
#error "<stdlib.h> leaked in"
#endif

FILE_IDENTITY(ident, "$Id: cilk5-headers.c $");
NoReturn(fail(void));
static Cilk_lockvar lock;
/* Cilk-5's qualifiers, accepted and ignored. */
shared static int shared_counter;
private int private_copy;

static int helper(int UNUSED(unused), int used)
{
    USE_UNUSED(used);
    return used;
}

cilk int f(int n) { return n; }

cilk main(int argc, char *argv[]) // expected-warning {{type specifier missing, defaults to 'int'}}
{
    int x, *mem = Cilk_alloca(4 * sizeof(int));
    size_t bytes = sizeof(pid_t) + sizeof(struct timeval); // sys/types.h, sys/time.h
    Cilk_time t0 = Cilk_get_wall_time(), c0 = Cilk_get_time();
    Cilk_lock_init(lock);
    Cilk_lock(lock);
    Cilk_unlock(lock);
    x = spawn f(Self + Cilk_active_size + helper(argc, 1));
    sync;
    Cilk_assert(x > 0);
    Cilk_fence();
    CILK_MB();
    Cilk_membar_StoreStore();
    x += Cilk_xchg(&mem[0], 1) + (int)bytes + (int)getpid(); // unistd.h
    double s = Cilk_wall_time_to_sec(Cilk_get_wall_time() - t0) +
               Cilk_time_to_sec(Cilk_get_time() - c0) +
               Cilk_time_to_sec(Cilk_user_work + Cilk_user_critical_path);
    void *p = Cilk_malloc(8);
    Cilk_free(p);
    if (s < 0)
        Cilk_die("negative time %f\n", s);
    if (x < 0)
        Cilk_exit(3);
    undeclared_c_function(); // expected-warning {{call to undeclared function 'undeclared_c_function'}}
    return 0;
}
