/* The traced runtime with the device profiler, for test_prof_runtime and
 * test_postmortem.sh: a few dispatches of dz_loop on profiling firmware, so
 * that device zones reach the host trace. With an argument:
 *   hang | illegal | load | stall | scribble  one dispatch of dz_fault that
 *                          times out (300 ms), faults, stalls, or times out
 *                          (300 ms)
 *                          having overwritten its GO cycle and GO signal in
 *                          the mailbox (by NOC writes);
 *                          exits 3 after printing the error
 *   fault_one              dz_loop on core (0,0) and the illegal instruction
 *                          on core (1,0), one dispatch of both (exits 3)
 *   fault_wait             the load fault on BRISC while NCRISC waits for
 *                          a CB page no one pushes (exits 3 likewise)
 *   sigint PIDFILE         the hang with a long timeout; writes its pid to
 *                          PIDFILE once it has waited 0.3 s (the runtime's
 *                          handler in place, the kernel in its zone: for
 *                          the test to interrupt)
 *   hangkill PIDFILE       3 dispatches, then the hang; the pid written
 *                          once it has waited 1.5 s (past the runtime's
 *                          write of its records at 1 s: for the test to
 *                          kill it)
 *   many PIDFILE           dispatches without end; the pid is written after
 *                          200 (for the test to kill it mid-run)
 *   after                  the dispatches, then SIGINT outside any wait: the
 *                          default action (the runtime's handler, in place
 *                          since the first wait, passes it on)
 *   handled                the same with a handler of the program's own,
 *                          set before the first dispatch: it runs, then one
 *                          more dispatch; prints how many times it ran
 *   twice                  the dispatches on one device, closed, then on
 *                          another (its dispatches are new ones, not the
 *                          first device's again)
 *   together               two devices open at once (numbers 1 and 2),
 *                          each with an L1, a DRAM and an interleaved
 *                          buffer live at the same addresses as the
 *                          other's, and dz_loop launched on core (0,0) of
 *                          both before either is awaited, 3 times
 *   sum N                  one dispatch of prof_macros.cpp (ttm_prof) on core
 *                          (0,0): N exits of its DeviceZoneScopedSumN1 zone
 *   reload N               N times: dz_loop loaded anew (the kernel cache
 *                          hands out a copy), one dispatch of it on core
 *                          (0,0), the kernel freed (a tt-metal host building
 *                          its program for every op)
 *   crash                  the dispatches, then one whose doorbell (the
 *                          transport's start, inside wait_done) calls
 *                          abort(): a crash inside a runtime call (an
 *                          assertion; not SIGSEGV, which the sanitizers
 *                          take for themselves) */
#include "tt_foil/runtime.h"
#include "tt_foil/transport.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t handled;

static void on_sigint(int sig)
{
    (void)sig;
    handled++;
}

static void write_pid(const char *path)
{
    char tmp[600];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (f) {
        fprintf(f, "%ld\n", (long)getpid());
        fclose(f);
        rename(tmp, path);
    }
}

/* Run one faulting or hanging dispatch: exit 3 with its message. With
 * ncrisc_elf, that kernel runs on NCRISC beside it. */
static int broken2(tf_device *dev, const char *elf, const char *ncrisc_elf)
{
    tf_kernel *k = tf_kernel_load(dev, elf);
    tf_kernel *nk = ncrisc_elf && k ? tf_kernel_load(dev, ncrisc_elf) : NULL;
    tf_program *p = k && (nk || !ncrisc_elf) ? tf_program_create(dev, (tf_core){1, 0}) : NULL;
    if (!p || tf_program_set_kernel(p, TF_BRISC, k) ||
        (nk && tf_program_set_kernel(p, TF_NCRISC, nk))) {
        fprintf(stderr, "%s\n", tf_last_error());
        return 1;
    }
    if (!tf_dispatch_execute(p)) {
        fprintf(stderr, "the dispatch did not fail\n");
        return 1;
    }
    fprintf(stderr, "prof_device: %s\n", tf_last_error());
    tf_device_profile prof;
    if (!tf_program_device_profile(p, &prof)) {
        size_t open = 0;
        uint64_t stuck = 0; /* the innermost open zone's cycles: where its RISC stopped */
        for (size_t i = 0; i < prof.nzones; i++) {
            open += prof.zones[i].open;
            if (prof.zones[i].open && !strcmp(prof.zones[i].name, "stuck"))
                stuck = prof.zones[i].end_cycle - prof.zones[i].start_cycle;
        }
        fprintf(stderr, "prof_device: %zu device zones, %zu open, 'stuck' open %llu cycles\n",
                prof.nzones, open, (unsigned long long)stuck);
    }
    tf_program_destroy(p);
    tf_kernel_free(k);
    if (nk) tf_kernel_free(nk);
    tf_device_close(dev);
    return 3;
}

static int broken(tf_device *dev, const char *elf)
{
    return broken2(dev, elf, NULL);
}

/* The simulator's transport, its start (or start_sync) dying on the call
 * `crash_at`. */
static tf_transport_ops crash_ops;
static const tf_transport_ops *sim_ops;
static int starts, crash_at;

static int crashing_start(tf_transport *t)
{
    if (++starts == crash_at) abort();
    return sim_ops->start(t);
}

/* (a wrapper that replaces start replaces start_sync too: transport.h) */
static int crashing_start_sync(tf_transport *t)
{
    if (++starts == crash_at) abort();
    return sim_ops->start_sync(t);
}

/* The simulator's transport, its pid written to pid_path once the
 * runtime has spent pid_after_ns in the transport's wait (the first wait
 * of the process is where the runtime's signal handler is put in place;
 * the time inside it is the chip's to run): the test that signals or
 * kills the process then finds it where it wants, on any machine, with no
 * sleep of its own. */
static tf_transport_ops waiting_ops;
static const char *pid_path;
static uint64_t pid_after_ns, wait_since;

static uint64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int waiting_wait(tf_transport *t, uint64_t timeout_ns)
{
    uint64_t now = mono_ns();
    if (!wait_since) wait_since = now;
    if (pid_path && now - wait_since >= pid_after_ns) {
        write_pid(pid_path);
        pid_path = NULL;
    }
    return sim_ops->wait(t, timeout_ns);
}

/* "together": what two devices open at once do on the same core and at
 * the same addresses, which the reports must keep apart. */
static int together(const tf_device_config *cfg)
{
    tf_device *dev[2];
    tf_kernel *k[2];
    tf_program *p[2];
    tf_buffer *b[2][3];
    for (int d = 0; d < 2; d++) {
        dev[d] = tf_device_open(cfg);
        k[d] = dev[d] ? tf_kernel_load(dev[d], TF_TEST_KERNELS "/dz_loop.brisc.elf") : NULL;
        p[d] = k[d] ? tf_program_create(dev[d], (tf_core){0, 0}) : NULL;
        uint32_t args[] = {0, 2000u * (uint32_t)(d + 1)};
        if (!p[d] || tf_program_set_kernel(p[d], TF_BRISC, k[d]) ||
            tf_program_set_args(p[d], TF_BRISC, args, 2) ||
            !(b[d][0] = tf_buffer_create_l1(dev[d], (tf_core){0, 0}, 4096)) ||
            !(b[d][1] = tf_buffer_create_dram(dev[d], 4096)) ||
            !(b[d][2] = tf_buffer_create_interleaved(dev[d], TF_BUFFER_DRAM, 8192, 1024))) {
            fprintf(stderr, "%s\n", tf_last_error());
            return 1;
        }
    }
    for (int i = 0; i < 3; i++) {
        tf_launch *l[2];
        for (int d = 0; d < 2; d++)
            if (!(l[d] = tf_dispatch_launch_async(&p[d], 1))) return 1;
        for (int d = 0; d < 2; d++)
            if (tf_launch_wait(l[d])) return 1;
    }
    for (int d = 0; d < 2; d++) {
        for (int i = 0; i < 3; i++) tf_buffer_free(b[d][i]);
        tf_program_destroy(p[d]);
        tf_kernel_free(k[d]);
        if (tf_device_close(dev[d])) return 1;
    }
    return 0;
}

/* elf loaded anew, one dispatch of it on core (0,0) with args a0, a1 (on
 * BRISC), freed; 1 after printing the error if any step fails. */
static int load_run(tf_device *dev, const char *elf, uint32_t a0, uint32_t a1)
{
    tf_kernel *k = tf_kernel_load(dev, elf);
    tf_program *p = k ? tf_program_create(dev, (tf_core){0, 0}) : NULL;
    uint32_t args[] = {a0, a1};
    if (!p || tf_program_set_kernel(p, TF_BRISC, k) || tf_program_set_args(p, TF_BRISC, args, 2) ||
        tf_dispatch_execute(p)) {
        fprintf(stderr, "%s\n", tf_last_error());
        return 1;
    }
    tf_program_destroy(p);
    tf_kernel_free(k);
    return 0;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sim = {.grid_x = 2, .grid_y = 1};
    cfg.sim = &sim;
    cfg.firmware_dir = TF_TEST_FWPROF;
    /* the hangs time out; the faults (illegal, load, fault_wait) keep the
     * default timeout: found at once, they must not turn into timeouts on
     * a machine busy enough to stop the process for 300 ms */
    if (!strcmp(mode, "hang") || !strcmp(mode, "scribble")) cfg.dispatch_timeout_ms = 300;
    if (!strcmp(mode, "stall")) cfg.dispatch_timeout_ms = 60000; /* found long before */
    if (!strcmp(mode, "sigint") || !strcmp(mode, "hangkill")) cfg.dispatch_timeout_ms = 60000;
    if (!strcmp(mode, "handled")) signal(SIGINT, on_sigint);
    if ((!strcmp(mode, "sigint") || !strcmp(mode, "hangkill")) && argc > 2) {
        tf_transport *t = tf_sim_transport_open(&sim);
        if (!t) return fprintf(stderr, "%s\n", tf_last_error()), 1;
        sim_ops = t->ops;
        waiting_ops = *t->ops;
        waiting_ops.wait = waiting_wait;
        t->ops = &waiting_ops;
        cfg.transport = t;
        cfg.sim = NULL;
    }
    if (!strcmp(mode, "crash")) {
        tf_transport *t = tf_sim_transport_open(&sim);
        if (!t) return fprintf(stderr, "%s\n", tf_last_error()), 1;
        sim_ops = t->ops;
        crash_ops = *t->ops;
        crash_ops.start = crashing_start;
        crash_ops.start_sync = crashing_start_sync;
        t->ops = &crash_ops;
        cfg.transport = t;
        cfg.sim = NULL;
    }
    if (!strcmp(mode, "together")) return together(&cfg);
    int pass = 0;
again:;
    tf_device *dev = tf_device_open(&cfg);
    if (dev && !strcmp(mode, "hang")) return broken(dev, TF_TEST_KERNELS "/dz_fault1.brisc.elf");
    if (dev && !strcmp(mode, "illegal")) return broken(dev, TF_TEST_KERNELS "/dz_fault2.brisc.elf");
    if (dev && !strcmp(mode, "fault_one")) {
        tf_kernel *k[2] = {tf_kernel_load(dev, TF_TEST_KERNELS "/dz_loop.brisc.elf"),
                           tf_kernel_load(dev, TF_TEST_KERNELS "/dz_fault2.brisc.elf")};
        tf_program *p[2];
        uint32_t args[] = {0, 2000};
        for (int c = 0; c < 2; c++)
            if (!k[c] || !(p[c] = tf_program_create(dev, (tf_core){c, 0})) ||
                tf_program_set_kernel(p[c], TF_BRISC, k[c]) ||
                tf_program_set_args(p[c], TF_BRISC, args, 2))
                return fprintf(stderr, "%s\n", tf_last_error()), 1;
        if (!tf_dispatch_execute_multi(p, 2)) return fprintf(stderr, "it did not fail\n"), 1;
        fprintf(stderr, "prof_device: %s\n", tf_last_error());
        return 3;
    }
    if (dev && !strcmp(mode, "load")) return broken(dev, TF_TEST_KERNELS "/dz_fault3.brisc.elf");
    if (dev && !strcmp(mode, "stall")) return broken(dev, TF_TEST_KERNELS "/dz_fault4.brisc.elf");
    if (dev && !strcmp(mode, "fault_wait"))
        return broken2(dev, TF_TEST_KERNELS "/dz_fault3.brisc.elf",
                       TF_TEST_KERNELS "/dz_fault_wait.ncrisc.elf");
    if (dev && !strcmp(mode, "scribble"))
        return broken(dev, TF_TEST_KERNELS "/dz_fault5.brisc.elf");
    if (dev && !strcmp(mode, "sigint") && argc > 2) {
        /* the pid is written inside the wait: the test's SIGINT lands in it */
        tf_kernel *k = tf_kernel_load(dev, TF_TEST_KERNELS "/dz_fault1.brisc.elf");
        tf_program *p = k ? tf_program_create(dev, (tf_core){0, 0}) : NULL;
        if (!p || tf_program_set_kernel(p, TF_BRISC, k)) return 1;
        pid_path = argv[2];
        pid_after_ns = 300000000u;
        wait_since = 0;
        tf_dispatch_execute(p);
        fprintf(stderr, "prof_device: %s\n", tf_last_error());
        return 4; /* not reached: the signal ends the process */
    }
    if (dev && !strcmp(mode, "sum") && argc > 2) /* one dispatch, N accumulated scopes */
        return load_run(dev, TF_TEST_KERNELS "/ttm_prof.brisc.elf",
                        (uint32_t)strtoul(argv[2], NULL, 0), 1) ||
               tf_device_close(dev);
    if (dev && !strcmp(mode, "reload") && argc > 2) {
        for (long i = 0, n = atol(argv[2]); i < n; i++)
            if (load_run(dev, TF_TEST_KERNELS "/dz_loop.brisc.elf", 0, 20)) return 1;
        return tf_device_close(dev) ? 1 : 0;
    }
    tf_kernel *k = dev ? tf_kernel_load(dev, TF_TEST_KERNELS "/dz_loop.brisc.elf") : NULL;
    if (!k) {
        fprintf(stderr, "%s\n", tf_last_error());
        return 1;
    }
    tf_program *p[2];
    for (int c = 0; c < 2; c++) {
        p[c] = tf_program_create(dev, (tf_core){c, 0});
        uint32_t args[] = {0, 2000u * (uint32_t)(c + 1)};
        if (tf_program_set_kernel(p[c], TF_BRISC, k) ||
            tf_program_set_args(p[c], TF_BRISC, args, 2))
            return 1;
    }
    if (!strcmp(mode, "many") && argc > 2) {
        for (int i = 0;; i++) {
            if (tf_dispatch_execute(p[i % 2])) return 1;
            if (i == 200) write_pid(argv[2]);
        }
    }
    for (int i = 0; i < 3; i++)
        if (tf_dispatch_execute(p[i % 2])) return 1;
    if (!strcmp(mode, "killself")) raise(SIGKILL); /* the 3 dispatches' records unwritten */
    if (!strcmp(mode, "hangkill") && argc > 2) {
        /* a hang after 3 dispatches, killed by the test (a CI timeout) */
        tf_kernel *h = tf_kernel_load(dev, TF_TEST_KERNELS "/dz_fault1.brisc.elf");
        tf_program *hp = h ? tf_program_create(dev, (tf_core){0, 0}) : NULL;
        if (!hp || tf_program_set_kernel(hp, TF_BRISC, h)) return 1;
        pid_path = argv[2];
        pid_after_ns = 1500000000u; /* past RT_WAIT_FLUSH_NS (src/dispatch.c) */
        wait_since = 0;
        tf_dispatch_execute(hp);
        return 4; /* not reached: the kill ends the process */
    }
    if (!strcmp(mode, "crash")) {
        crash_at = starts + 1;
        tf_dispatch_execute(p[0]);
        return 4; /* not reached */
    }
    if (!strcmp(mode, "after") || !strcmp(mode, "handled")) {
        raise(SIGINT); /* "after": the process ends here */
        if (tf_dispatch_execute(p[0])) return 1;
        printf("prof_device: the handler ran %d time(s)\n", (int)handled);
    }
    if (tf_dispatch_execute_multi(p, 2)) return 1;
    for (int c = 0; c < 2; c++) tf_program_destroy(p[c]);
    tf_kernel_free(k);
    if (tf_device_close(dev)) return 1;
    if (!strcmp(mode, "twice") && !pass++) goto again; /* a second device, the same work */
    return 0;
}
