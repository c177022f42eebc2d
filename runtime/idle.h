/* idle.h - idle thieves: what a thief that found no work does before its
 * next attempt, and who wakes it. */
#ifndef CILK_IDLE_H
#define CILK_IDLE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/* A place where threads sleep until woken or until a timeout (a futex).
 * A wake-up is a hint, never synchronization: one that misses a thread
 * that is just parking costs that thread its timeout. */
struct parking {
    atomic_uint epoch;  /* the futex word: each wake-up moves it */
    atomic_int parked;  /* threads parked or about to */
    atomic_int kicked;  /* parking_kick since the last parking_wait_kicked */
};

/* Sleeps on p for at most ns nanoseconds (< 1 s), or until woken. Keeps
 * errno. */
void parking_wait(struct parking *p, long ns);
/* Wakes up to n of p's sleepers. Costs one load when none sleeps. */
void parking_wake(struct parking *p, int n);
/* For a place with one sleeper that must lose no wake-up (the
 * communicator): parking_wait_kicked returns at once if parking_kick ran
 * since the last parking_wait_kicked returned, also while the sleeper was
 * not parked yet. */
void parking_kick(struct parking *p);
void parking_wait_kicked(struct parking *p, long ns);

/* A thief's run of failed attempts and how fruitful its last steals were
 * (private to its worker). */
struct idle {
    uint64_t since;   /* when the run began (ns); 0: not idle */
    uint64_t spin_ns; /* how long this thief spins before it parks */
    long park_ns;     /* the next park's timeout */
    uint64_t found;   /* when the thief last found work; 0 once idle_seek
                         has judged how much that work was */
    unsigned fruitless; /* steals in a row that gave it little work */
    long backoff_ns;  /* the wait before its next attempt after those */
};

/* The thief failed an attempt (caller: the scheduler's loop, idle). Yields
 * the core while the run is shorter than its spin budget, then parks;
 * eager: whether the program's spawns are eager (no release ever wakes a
 * thief). */
void idle_failed(struct idle *s, bool eager, bool stress);
/* The thief is about to attempt a steal (caller: the scheduler's loop):
 * the first attempt after a run of fruitless steals waits first, yielding
 * the core meanwhile (idle.c). */
void idle_seek(struct idle *s, bool eager, bool stress);
/* The thief found work: its run of failures ends (its length sets the
 * next spin budget), and a parked thief wakes to try too (where one thief
 * found work there may be more). */
void idle_found(struct idle *s);
/* Work may have appeared (a release pushed closures): wake one parked
 * thief. Costs one load when none is parked. */
void idle_wake_one(void);
/* Wake every parked thief (a computation starts, the pool stops). */
void idle_wake_all(void);
/* A process of a distributed run (dist.c), before its pool starts: while
 * all nthieves thieves (its workers) are parked, a parked thief's timeout
 * grows to tens of milliseconds. Its caller must wake a thief for every
 * piece of work that can then appear, and again while it waits untaken
 * (a wake-up may miss a thief that is just parking); the other thieves
 * join as the first one's steals wake them. 0: never again. */
void idle_park_deep(int nthieves);
/* Whether all of idle_park_deep's thieves are parked (false without it). */
bool idle_all_parked(void);

#endif
