/* cilk-lib.h - Cilk-5's deprecated name of <cilk-lib.cilkh>. */
#ifndef CILK_LIB_H
#define CILK_LIB_H
#warning "<cilk-lib.h> is deprecated; include <cilk-lib.cilkh> instead"
#include <cilk-lib.cilkh>
#endif
