// Reducers that cannot be, each an error at its place: a structure member,
// a parameter (a pointer to a reducer is passed instead), a local array of
// reducers, callbacks of the wrong shape, and an access whose reducer's
// callbacks cannot be found (a pointer that was not declared a reducer's);
// and a warning where a pointer to a reducer becomes a plain pointer, or
// the address of a view (`&x`) is passed where a reducer's is expected.
// RUN: %cilkcc -fsyntax-only -Xclang -verify %s
#include <cilk/cilk.h>

void zero(void *v);
void add(void *l, void *r);
void two(void *a, void *b);

struct s {
  long cilk_reducer(zero, add) member; // expected-error {{a structure or union member cannot be a reducer}}
};

void by_value(long cilk_reducer(zero, add) r) {} // expected-error {{a parameter cannot be a reducer: pass a pointer to it, __builtin_addressof(x)}}

void by_pointer(long cilk_reducer(zero, add) *r) { *r += 1; r[0] += 1; }

long good(void)
{
  long cilk_reducer(zero, add) sum = 0;
  by_pointer(__builtin_addressof(sum));
  long *view = &sum;
  *view += 1;
  return sum + sizeof sum;
}

long arrays(void)
{
  long cilk_reducer(zero, add) many[4]; // expected-error {{a local array of reducers is not supported: declare each reducer as a variable}}
  return 0;
}

long shapes(void)
{
  long cilk_reducer(two, add) a = 0; // expected-error {{the identity callback of a reducer must be a function taking one pointer (void *view)}}
  long cilk_reducer(zero, zero) b = 0; // expected-error {{the reduce callback of a reducer must be a function taking two pointers (void *left, void *right)}}
  return 0;
}

long cilk_reducer(zero, add) *(*get)(void);

void plain(long *p);
long cilk_reducer(zero, add) global_many[4]; // a global array: each element a reducer

void escapes(long cilk_reducer(zero, add) *r)
{
  plain(r); // expected-warning {{a pointer to a reducer converted to 'long *' points at the variable itself, not at the current view: updates through it race; pass '&*p' (the view) or declare the target with cilk_reducer}}
  long *q = __builtin_addressof(global_many[1]); // expected-warning {{a pointer to a reducer converted to 'long *' points at the variable itself}}
  q = r; // expected-warning {{a pointer to a reducer converted to 'long *' points at the variable itself}}
  plain(&*r);
  plain((long *)r);
  global_many[2] += *q;
}

long unknown(void *p)
{
  return *(long cilk_reducer(zero, add) *)p + // (a cast names the callbacks)
         *get(); // expected-error {{cannot tell which reducer this is: access it through its variable, or a pointer declared with cilk_reducer}}
}

void takes(long cilk_reducer(zero, add) *r);
void view_passed(void)
{
  long cilk_reducer(zero, add) x = 0;
  takes(&x); // expected-warning {{'&' of a reducer is the address of its current view, where a pointer to a reducer is expected: pass __builtin_addressof(...) (the reducer itself)}}
  long cilk_reducer(zero, add) *p = &x; // expected-warning {{'&' of a reducer is the address of its current view}}
  takes(p);
  takes(__builtin_addressof(x));
  takes(&*__builtin_addressof(x)); // expected-warning {{'&' of a reducer is the address of its current view}}
}
