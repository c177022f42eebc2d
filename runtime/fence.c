/* fence.c - fence_remote(): Linux's membarrier, or a page's protection.
 *
 * membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) interrupts the CPUs that
 * run this process's other threads and has each execute a full barrier
 * (Linux 4.14 and later; the process registers first). Where the kernel or
 * a sandbox refuses it (an older kernel, a seccomp filter), taking away the
 * permissions of a page this thread has written does the same on x86: the
 * kernel flushes the page's translation from every CPU that may hold it by
 * interrupting each CPU running a thread of the process (the technique of
 * FlushProcessWriteBuffers in .NET's Linux port). Not on arm64, whose
 * kernel invalidates by a broadcast instruction and interrupts nobody, and
 * perhaps not on AMD processors where recent kernels use INVLPGB the same
 * way: there, without membarrier, eager mode stops at start-up rather than
 * race. CILK_FENCE=page chooses the page where membarrier works too;
 * CILK_FENCE=remote keeps every steal on fence_remote(). */
#include "fence.h"

#include <linux/membarrier.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <pthread.h>

static atomic_bool use_membarrier;
static bool no_handback; /* CILK_FENCE=remote */
static char *flush_page;
static pthread_mutex_t flush_mu = PTHREAD_MUTEX_INITIALIZER;

static long membarrier(int cmd)
{
    return syscall(SYS_membarrier, cmd, 0, 0);
}

/* Caller holds flush_mu. */
static void flush_page_protect(int prot)
{
    if (mprotect(flush_page, 4096, prot) != 0) {
        perror("cilk: fence page");
        abort();
    }
}

/* Caller holds flush_mu, or is fence_init's. */
static void flush_page_init(void)
{
    if (flush_page)
        return;
    char *p = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        perror("cilk: fence page");
        exit(2);
    }
    flush_page = p;
}

void fence_init(void)
{
    /* CILK_FENCE=page: the fallback even where membarrier works (tests). */
    const char *env = getenv("CILK_FENCE");
    no_handback = env && strcmp(env, "remote") == 0;
    long cmds = env && strcmp(env, "page") == 0
                    ? 0
                    : membarrier(MEMBARRIER_CMD_QUERY);
    if (cmds > 0 && (cmds & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
        membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED) == 0) {
        atomic_store_explicit(&use_membarrier, true, memory_order_relaxed);
        return;
    }
#if !defined(__x86_64__) && !defined(__i386__)
    fprintf(stderr, "cilk: eager mode needs membarrier(2) on this machine "
                    "(Linux 4.14 or later, allowed by any seccomp filter); "
                    "compile in another mode\n");
    exit(2);
#endif
    flush_page_init();
}

void fence_remote(void)
{
    atomic_thread_fence(memory_order_seq_cst);
    if (atomic_load_explicit(&use_membarrier, memory_order_relaxed)) {
        if (membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) == 0)
            return;
        /* Refused after all (a sandbox that changed its mind): the page. */
        atomic_store_explicit(&use_membarrier, false, memory_order_relaxed);
    }
    /* The page must be present and writable, then lose both: a change
     * that the kernel can apply without flushing other CPUs (a page
     * nobody mapped in) would not interrupt them. */
    pthread_mutex_lock(&flush_mu);
    flush_page_init();
    flush_page_protect(PROT_READ | PROT_WRITE);
    *(volatile char *)flush_page = 1;
    flush_page_protect(PROT_NONE);
    pthread_mutex_unlock(&flush_mu);
    atomic_thread_fence(memory_order_seq_cst);
}

bool fence_handback_on(void)
{
    return !no_handback;
}
