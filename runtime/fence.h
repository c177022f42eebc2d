/* fence.h - the thief's half of an asymmetric fence (eager mode's THE).
 *
 * The pop that the pass generates in eager mode lowers the tail and then
 * reads the pop limit, head's thread-local copy (deque.h:
 * deque_set_head), with no fence between (a compiler barrier only): on x86 the
 * store may wait in the store buffer while the load goes ahead. The thief,
 * which raises head and then reads the tail, pays for both sides instead:
 * fence_remote() returns only once every other thread of the process has
 * executed a full barrier, or been off its CPU, since the call began. So
 * an owner's store and load either both come before that point (the thief
 * sees the lowered tail) or the load comes after it (the owner sees the
 * raised head): never neither, as THE requires. Steals are rare and pops
 * are not: a steal costs a few microseconds more, every pop a locked
 * instruction less. Where steals come often, the victim's next pops fence
 * themselves for a while instead (deque.h: deque_owner_fences). fence.c
 * says how, and where it cannot.
 *
 * A leaf: calls nothing of the runtime. */
#ifndef CILKRT_FENCE_H
#define CILKRT_FENCE_H

#include <stdbool.h>

/* Sets the mechanism up; call once, before any thread but the caller may
 * pop with the unfenced protocol. */
void fence_init(void);

/* A full fence on this thread and, in effect, on every other thread of the
 * process (see above). */
void fence_remote(void);

/* Whether a thief that paid for fence_remote() may hand the fence back to
 * the victim's next pops (deque.h: deque_owner_fences); not with
 * CILK_FENCE=remote, which keeps every steal on fence_remote() (tests,
 * measurements). */
bool fence_handback_on(void);

#endif
