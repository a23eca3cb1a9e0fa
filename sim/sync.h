/* Hand-offs between the simulator's threads and the host (docs/chip.md,
 * "Hand-offs"): a counter one side bumps and the other waits to change.
 *
 * A wait polls only while the other side is working, for at most
 * `spin_ns`: with the CPU's pause hint (and a yield every few
 * microseconds) when the process may run on more than one CPU, with
 * sched_yield on one CPU (the side with work runs at once); then it
 * sleeps in the kernel (futex) until the counter changes. A post costs
 * one atomic increment, plus a futex wake only when someone sleeps. */
#ifndef TF_SIM_SYNC_H
#define TF_SIM_SYNC_H

#include <stdint.h>

typedef struct sim_flag {
    uint32_t seq;     /* bumped by every post */
    uint32_t waiters; /* threads asleep (or about to be) in the kernel */
} sim_flag;

/* Nanoseconds a waiter spins before it sleeps when the other side is
 * running: longer than one hand-off's work, shorter than a scheduler tick. */
#define TF_SYNC_SPIN_NS 50000u

/* The CPUs this process may run on (its affinity mask). */
int sim_sync_cpus(void);

/* Measure the affinity mask again (a chip does when it opens); returns
 * the number of CPUs. */
int sim_sync_refresh(void);

/* 1 if this process may run on two CPUs or more (at the last refresh). */
int sim_sync_multi_cpu(void);

static inline uint32_t sim_flag_get(const sim_flag *f)
{
    return __atomic_load_n(&f->seq, __ATOMIC_ACQUIRE);
}

/* Bump the counter and wake every sleeper. */
void sim_flag_post(sim_flag *f);

/* Wait until the counter differs from `seen`, or until `deadline_ns`
 * (CLOCK_MONOTONIC; 0: no deadline). Polls up to spin_ns first while
 * `*busy` is non-zero (the other side is working; NULL: always). Returns
 * the counter's value. */
uint32_t sim_flag_wait(sim_flag *f, uint32_t seen, const int *busy, uint64_t spin_ns,
                       uint64_t deadline_ns);

/* The CPU's spin-wait hint. */
static inline void sim_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

uint64_t sim_host_ns(void);

/* The floating-point environment rounds run in: the IEEE default (round
 * to nearest, no flush to zero, every exception masked) on every thread
 * that runs them, whatever the program set on its own threads
 * (fesetround, FTZ/DAZ): the tile engine computes with the host's floats,
 * and modeled results must not depend on that. The simulator's threads
 * set it once; a host thread running rounds (chip.c's host_run) sets it
 * around them and gets its own back, flags and all. */
#if defined(__x86_64__) || defined(__i386__)
typedef struct sim_fpenv {
    unsigned mxcsr; /* what scalar and vector float math follow there */
} sim_fpenv;
#else
#include <fenv.h>
typedef struct sim_fpenv {
    fenv_t env;
} sim_fpenv;
#endif
void sim_fpenv_default(void);           /* a simulator thread, at its start */
void sim_fpenv_enter(sim_fpenv *saved); /* the default, the caller's kept */
void sim_fpenv_leave(const sim_fpenv *saved);

#endif
