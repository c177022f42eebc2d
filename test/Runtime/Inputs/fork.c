// fork() inside a Cilk computation: the child has only the forking thread.
// usage: fork exec|continue|strict|cmain [ROUNDS]
//   exec      the child execs or _exits at once: always fine
//   continue  the child syncs and returns from Cilk main: it finishes with
//             Cilk main's status (5), or, when it needs work another worker
//             ran, stops with the runtime's message and status 2; never hangs
//   strict    as continue, but the child must finish (one worker)
// Built with -DPLAIN_MAIN: a plain C main() calls a Cilk procedure, forks,
// and the child calls it again (it runs there alone).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

cilk long fib(long n)
{
    long a, b;
    if (n < 2)
        return n;
    a = spawn fib(n - 1);
    b = spawn fib(n - 2);
    sync;
    return a + b;
}

/* Waits for the child; returns its status and leaves what it wrote to
 * stderr (through the pipe) in msg. */
static int reap(pid_t pid, int fd, char *msg, size_t size)
{
    size_t got = 0;
    ssize_t k;
    while (got + 1 < size && (k = read(fd, msg + got, size - 1 - got)) > 0)
        got += (size_t)k;
    msg[got] = 0;
    close(fd);
    int st;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static pid_t fork_piped(int *fd)
{
    int p[2];
    if (pipe(p))
        abort();
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(p[1], 2);
        close(p[0]);
        close(p[1]);
    } else {
        close(p[1]);
        *fd = p[0];
    }
    return pid;
}

static const char stop_msg[] = "cilk: this process was forked while Cilk workers ran";

#ifdef PLAIN_MAIN
/* A C call of a Cilk procedure runs a whole computation. */
static long (*cfib)(long) = fib;

int main(void)
{
    long before = cfib(20);
    int fd;
    pid_t pid = fork_piped(&fd);
    if (pid == 0)
        return cfib(21) == 10946 ? 0 : 1;
    char msg[4096];
    int st = reap(pid, fd, msg, sizeof msg);
    printf("before %ld, child exit %d%s\n", before, st, msg);
    return 0;
}
#else
cilk int main(int argc, char *argv[])
{
    const char *how = argc > 1 ? argv[1] : "exec";
    int rounds = argc > 2 ? atoi(argv[2]) : 10, bad = 0, finished = 0;
    for (int i = 0; i < rounds; i++) {
        long r, s;
        int fd;
        r = spawn fib(18 + i % 4);
        pid_t pid = fork_piped(&fd);
        if (pid == 0 && !strcmp(how, "exec")) {
            if (i % 2)
                _exit(7);
            execl("/bin/sh", "sh", "-c", "exit 7", (char *)0);
            _exit(99);
        }
        s = spawn fib(16);
        sync;
        if (pid == 0)
            return r + s > 0 ? 5 : 6; /* in the child: Cilk main's end */
        char msg[4096];
        int st = reap(pid, fd, msg, sizeof msg);
        if (!strcmp(how, "exec"))
            bad += st != 7;
        else if (st == 5 && !msg[0])
            finished++;
        else if (st != 2 || strncmp(msg, stop_msg, sizeof stop_msg - 1) ||
                 !strcmp(how, "strict"))
            bad++, printf("round %d: child exit %d: %s\n", i, st, msg);
    }
    printf("%s: %d rounds, %d bad%s\n", how, rounds, bad,
           strcmp(how, "strict") ? "" : finished == rounds ? ", all finished" : "");
    return bad != 0;
}
#endif
