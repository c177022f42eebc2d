// except.cpp - C++ exceptions held between the landing pad that catches
// them and the sync that throws them again (cilk-abi.h: CILK_ABI_EXN_*).
//
// A handle is a std::exception_ptr in the heap: it keeps the exception
// object alive, whichever thread throws it again. The C layers below hold
// handles as opaque pointers (closure.h: struct closure's exn) and free or
// throw them through exn_hooks, which this file fills: it is linked into
// a program only when generated code captures an exception, so C programs
// never need the C++ library.
#include <cxxabi.h>
#include <exception>

extern "C" {
struct exn_hooks {
    void (*drop)(void *h);
    void (*rethrow)(void *h) __attribute__((__noreturn__));
};
extern const struct exn_hooks *exn_hooks;
void *__cilkrt_exn_capture(void *unwind_exception);
void __cilkrt_exn_rethrow(void *h) __attribute__((__noreturn__));
}

namespace {

void drop(void *h) { delete static_cast<std::exception_ptr *>(h); }

__attribute__((__noreturn__)) void rethrow(void *h) {
    auto *p = static_cast<std::exception_ptr *>(h);
    std::exception_ptr e = std::move(*p);
    delete p;
    std::rethrow_exception(e);
}

const struct exn_hooks hooks = {drop, rethrow};

// Before main: no handle exists before generated code captures one.
struct Install {
    Install() { exn_hooks = &hooks; }
} install;

} // namespace

// The landing pad caught the exception (a catch-all clause): it is the
// current one while the catch lasts, long enough to take a reference.
extern "C" void *__cilkrt_exn_capture(void *unwind_exception) {
    __cxxabiv1::__cxa_begin_catch(unwind_exception);
    auto *h = new std::exception_ptr(std::current_exception());
    __cxxabiv1::__cxa_end_catch();
    return h;
}

extern "C" void __cilkrt_exn_rethrow(void *h) { rethrow(h); }
