/* Spin-then-sleep hand-offs on a futex (sync.h). Waking a thread blocked
 * on another CPU can take tens of microseconds on a virtual machine, far
 * longer than the work handed over, so a waiter whose partner is running
 * polls first. On one CPU the poll is sched_yield, which hands the CPU to
 * the partner straight away (a futex sleep and wake-up costs two more
 * context switches per hand-off); with CPUs to spare it is the pause
 * hint, yielding every few microseconds, because the kernel may still put
 * both threads on one CPU (the others busy with other programs). A waiter
 * whose partner has no work (the `busy` flag clear) sleeps at once. */
#define _GNU_SOURCE
#include "sync.h"

#include <errno.h>
#include <fenv.h>
#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

uint64_t sim_host_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

int sim_sync_cpus(void)
{
    cpu_set_t set;
    return sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 1;
}

void sim_fpenv_default(void)
{
    fesetenv(FE_DFL_ENV);
}

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
/* MXCSR at reset: every exception masked, round to nearest, no FTZ/DAZ
 * (Intel SDM vol. 1, 10.2.3.1); x87 control is not used for float math
 * on x86-64 */
enum { SIM_MXCSR_DEFAULT = 0x1f80 };

void sim_fpenv_enter(sim_fpenv *saved)
{
    saved->mxcsr = _mm_getcsr();
    _mm_setcsr(SIM_MXCSR_DEFAULT);
}

void sim_fpenv_leave(const sim_fpenv *saved)
{
    _mm_setcsr(saved->mxcsr);
}
#else
void sim_fpenv_enter(sim_fpenv *saved)
{
    fegetenv(&saved->env);
    fesetenv(FE_DFL_ENV);
}

void sim_fpenv_leave(const sim_fpenv *saved)
{
    fesetenv(&saved->env);
}
#endif

static int multi_cpu = -1;

int sim_sync_refresh(void)
{
    int n = sim_sync_cpus();
    __atomic_store_n(&multi_cpu, n > 1, __ATOMIC_RELAXED);
    return n;
}

int sim_sync_multi_cpu(void)
{
    int v = __atomic_load_n(&multi_cpu, __ATOMIC_RELAXED);
    return v < 0 ? sim_sync_refresh() > 1 : v;
}

static long futex(uint32_t *addr, int op, uint32_t val, const struct timespec *ts)
{
    return syscall(SYS_futex, addr, op, val, ts, NULL, 0);
}

void sim_flag_post(sim_flag *f)
{
    __atomic_fetch_add(&f->seq, 1, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&f->waiters, __ATOMIC_SEQ_CST))
        futex(&f->seq, FUTEX_WAKE_PRIVATE, INT_MAX, NULL);
}

uint32_t sim_flag_wait(sim_flag *f, uint32_t seen, const int *busy, uint64_t spin_ns,
                       uint64_t deadline_ns)
{
    uint32_t v = sim_flag_get(f);
    if (v != seen) return v;
    if (spin_ns) {
        /* with CPUs to spare, pause and yield every 8 pauses; on one
         * CPU, yield each time: the partner runs at once, and gives the
         * CPU back when it waits in turn */
        int step = sim_sync_multi_cpu() ? 8 : 1, k = 0;
        uint64_t t0 = sim_host_ns();
        while ((v = sim_flag_get(f)) == seen) {
            if (busy && !__atomic_load_n(busy, __ATOMIC_RELAXED)) break;
            if (step > 1) sim_cpu_relax();
            if (++k >= step) {
                k = 0;
                if (sim_host_ns() - t0 > spin_ns) break;
                sched_yield();
            }
        }
        if (v != seen) return v;
    }
    for (;;) {
        __atomic_fetch_add(&f->waiters, 1, __ATOMIC_SEQ_CST);
        v = __atomic_load_n(&f->seq, __ATOMIC_SEQ_CST);
        if (v == seen) {
            struct timespec rel, *tp = NULL;
            if (deadline_ns) {
                uint64_t now = sim_host_ns();
                if (now >= deadline_ns) {
                    __atomic_fetch_sub(&f->waiters, 1, __ATOMIC_SEQ_CST);
                    return v;
                }
                uint64_t d = deadline_ns - now;
                rel.tv_sec = (time_t)(d / 1000000000u);
                rel.tv_nsec = (long)(d % 1000000000u);
                tp = &rel;
            }
            futex(&f->seq, FUTEX_WAIT_PRIVATE, seen, tp);
            v = __atomic_load_n(&f->seq, __ATOMIC_SEQ_CST);
        }
        __atomic_fetch_sub(&f->waiters, 1, __ATOMIC_SEQ_CST);
        if (v != seen) return v;
        if (deadline_ns && sim_host_ns() >= deadline_ns) return v;
    }
}
