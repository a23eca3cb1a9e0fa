/* Child processes run side by side (the kernel build's compiles and links,
 * src/kbuild.c): a list of commands, each with the jobs it needs first,
 * run at most `width` at a time, lowest index first among those ready.
 * What a sequential run would do is kept: once job i has failed, no job
 * after i starts (a job before it may still fail first), and a job whose
 * prerequisite failed never starts. Every child started is waited for
 * here, by its own pid (the host program's other children are not
 * touched): through a pidfd where the kernel has them, else by waiting
 * for the lowest running job. */
#define _GNU_SOURCE /* sched_getaffinity */
#include "rt_internal.h"

#include <errno.h>
#include <sched.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int rt_jobs_width(void)
{
    /* the CPUs this process may run on (a container's or taskset's
     * share), else those online */
    cpu_set_t set;
    long n =
        sched_getaffinity(0, sizeof set, &set) ? sysconf(_SC_NPROCESSORS_ONLN) : CPU_COUNT(&set);
    return n < 1 ? 1 : n > RT_JOBS_MAX_WIDTH ? RT_JOBS_MAX_WIDTH : (int)n;
}

/* A pidfd for pid, or -1 (a kernel before 5.3, or no pidfd here). */
static int jobs_pidfd(pid_t pid)
{
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    return -1;
#endif
}

static int jobs_ok(const rt_job *j)
{
    return j->state == RT_JOB_DONE && !j->spawn_err && !j->wait_err && WIFEXITED(j->status) &&
           WEXITSTATUS(j->status) == 0;
}

static int jobs_failed(const rt_job *j)
{
    return j->state == RT_JOB_DONE && !jobs_ok(j);
}

static void jobs_start(rt_job *j)
{
    posix_spawn_file_actions_t fa;
    /* each step can fail (out of memory for the actions): a job whose
     * output would not reach j->out is not started */
    j->spawn_err = posix_spawn_file_actions_init(&fa);
    if (!j->spawn_err) {
        j->spawn_err =
            posix_spawn_file_actions_addopen(&fa, 1, j->out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (!j->spawn_err) j->spawn_err = posix_spawn_file_actions_adddup2(&fa, 1, 2);
        if (!j->spawn_err)
            j->spawn_err = posix_spawn(&j->pid, j->argv[0], &fa, NULL, j->argv, environ);
        posix_spawn_file_actions_destroy(&fa);
    }
    j->state = j->spawn_err ? RT_JOB_DONE : RT_JOB_RUNNING;
    j->pidfd = j->spawn_err ? -1 : jobs_pidfd(j->pid);
}

/* Reap job j (blocking: it has ended, or is the one waited for). */
static void jobs_reap(rt_job *j)
{
    while (waitpid(j->pid, &j->status, 0) < 0)
        if (errno != EINTR) {
            j->wait_err = errno;
            break;
        }
    if (j->pidfd >= 0) close(j->pidfd);
    j->pidfd = -1;
    j->state = RT_JOB_DONE;
}

/* Wait until at least one running job has ended, and reap it. */
static void jobs_wait_one(rt_job *jobs, int n)
{
    struct pollfd fds[RT_JOBS_MAX];
    int idx[RT_JOBS_MAX], k = 0, first = -1;
    for (int i = 0; i < n; i++) {
        if (jobs[i].state != RT_JOB_RUNNING) continue;
        if (first < 0) first = i;
        if (jobs[i].pidfd < 0) { /* one without a pidfd: wait for the lowest */
            jobs_reap(&jobs[first]);
            return;
        }
        fds[k].fd = jobs[i].pidfd;
        fds[k].events = POLLIN;
        idx[k++] = i;
    }
    if (first < 0) return;
    for (;;) {
        int r = poll(fds, (nfds_t)k, -1);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) { /* cannot poll: wait for the lowest */
            jobs_reap(&jobs[first]);
            return;
        }
        for (int m = 0; m < k; m++)
            if (fds[m].revents) jobs_reap(&jobs[idx[m]]);
        return;
    }
}

/* Whether job i may start now: its prerequisites done and successful. -1:
 * never (one failed). */
static int jobs_ready(const rt_job *jobs, int i)
{
    for (int d = 0; d < jobs[i].ndeps; d++) {
        const rt_job *p = &jobs[jobs[i].deps[d]];
        if (jobs_failed(p) || p->state == RT_JOB_SKIPPED) return -1;
        if (p->state != RT_JOB_DONE) return 0;
    }
    return 1;
}

void rt_jobs_run(rt_job *jobs, int n, int width)
{
    if (n > RT_JOBS_MAX) n = RT_JOBS_MAX; /* (the callers' lists are shorter) */
    if (width < 1) width = 1;
    for (int i = 0; i < n; i++) {
        jobs[i].state = jobs[i].argv ? RT_JOB_PENDING : RT_JOB_SKIPPED;
        jobs[i].pid = 0;
        jobs[i].pidfd = -1;
        jobs[i].status = jobs[i].spawn_err = jobs[i].wait_err = 0;
    }
    for (;;) {
        int running = 0, failed = n;
        for (int i = 0; i < n; i++) {
            if (jobs[i].state == RT_JOB_RUNNING) running++;
            if (jobs_failed(&jobs[i]) && i < failed) failed = i;
        }
        /* start what is ready, lowest first, up to the width */
        for (int i = 0; i < n && running < width; i++) {
            if (jobs[i].state != RT_JOB_PENDING) continue;
            int ready = i > failed ? -1 : jobs_ready(jobs, i);
            if (ready < 0) jobs[i].state = RT_JOB_SKIPPED;
            if (ready <= 0) continue;
            jobs_start(&jobs[i]);
            if (jobs[i].state == RT_JOB_RUNNING)
                running++;
            else if (i < failed)
                failed = i;
        }
        if (!running) {
            /* nothing runs: whatever is still pending can never start */
            int pending = 0;
            for (int i = 0; i < n; i++)
                if (jobs[i].state == RT_JOB_PENDING) {
                    int ready = i > failed ? -1 : jobs_ready(jobs, i);
                    if (ready < 0)
                        jobs[i].state = RT_JOB_SKIPPED;
                    else
                        pending = 1;
                }
            if (!pending) return;
            continue;
        }
        jobs_wait_one(jobs, n);
    }
}

int rt_job_ok(const rt_job *j)
{
    return jobs_ok(j);
}
