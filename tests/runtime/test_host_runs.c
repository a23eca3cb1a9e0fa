/* Who runs the chip's rounds (docs/chip.md, "Who runs the rounds"): the
 * thread that waits for a synchronous dispatch or a core's boot runs them
 * itself (the transport's start_sync), an asynchronous launch leaves them
 * to the chip's own thread, and so does a synchronous dispatch made while
 * such a launch runs, until the host waits: its wait takes them over
 * until the progress it may be waiting for; a waiting host that reaches
 * its poll deadline with the chip still busy hands the rest to the chip's
 * thread.
 * TT_FOIL_SIM_HOST_RUNS=OFF gives every round to the chip's thread, with
 * the same results and cycles. The rounds the host runs do their float
 * math in the default environment, not in the one the program set on
 * its thread (rounding upward, flushing subnormals to zero). The chip's count of the rounds the
 * host ran (sim_chip.host_rounds) against all its rounds (tf_device_counters_read) tells which
 * thread ran them.
 *
 *   test_host_runs */
#include "compute_run.h"
#include "sim/chip.h"

#include <fenv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

static const char *KERNEL = TF_TEST_KERNELS "/counter.brisc.elf";

typedef struct run {
    tf_device *dev;
    sim_chip *chip;
    tf_kernel *k;
    tf_buffer *out[2];
} run;

static void open_run(run *r, uint32_t timeout_ms)
{
    tf_sim_config sim = {.grid_x = 2, .grid_y = 1};
    tf_transport *t = MUST_PTR(tf_sim_transport_open(&sim));
    r->chip = (sim_chip *)t;
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    cfg.transport = t; /* the device closes it */
    cfg.dispatch_timeout_ms = timeout_ms;
    r->dev = MUST_PTR(tf_device_open(&cfg));
    r->k = MUST_PTR(tf_kernel_load(r->dev, KERNEL));
    for (int c = 0; c < 2; c++)
        r->out[c] = MUST_PTR(tf_buffer_create_l1(r->dev, (tf_core){c, 0}, 64));
}

static void close_run(run *r)
{
    tf_kernel_free(r->k);
    for (int c = 0; c < 2; c++) tf_buffer_free(r->out[c]);
    MUST(tf_device_close(r->dev));
}

/* The counter kernel on core (x, 0) counting to n (0xffffffff: longer
 * than any test waits). */
static tf_program *program(run *r, int x, uint32_t n)
{
    tf_program *p = MUST_PTR(tf_program_create(r->dev, (tf_core){x, 0}));
    uint32_t args[] = {n, (uint32_t)tf_buffer_address(r->out[x]), 0};
    MUST(tf_program_set_kernel(p, TF_BRISC, r->k));
    MUST(tf_program_set_args(p, TF_BRISC, args, 3));
    return p;
}

/* The chip's rounds so far, once it is idle. The counters' read waits up
 * to 20 ms for that, and on a machine busy enough gives the count as it
 * stands then; the chip may go idle right after, before `running` is
 * looked at. So a count is taken when a second read gives it again with
 * the chip not running in between (one read and an idle chip after it
 * returned a count short of the last rounds). */
static uint64_t rounds(run *r)
{
    tf_device_counters c;
    uint64_t prev = UINT64_MAX;
    for (;;) {
        MUST(tf_device_counters_read(r->dev, &c));
        if (c.rounds == prev && !__atomic_load_n(&r->chip->running, __ATOMIC_ACQUIRE))
            return c.rounds;
        prev = c.rounds;
    }
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* The host ran every round of a wait that took ms: so it must when the
 * wait ended before its first poll deadline (TF_POLL_NS, 50 ms; 40 here,
 * a margin for the clock reads around it). A wait that took longer (a
 * machine busy enough to stop this thread that long, ThreadSanitizer)
 * may have handed the rest to the chip's thread: then only some. */
static void host_ran_all(const char *what, uint64_t host_rounds, uint64_t all, double ms)
{
    if (ms < 40) {
        CHECK_EQ_U(host_rounds, all);
        return;
    }
    printf("test_host_runs: %s took %.1f ms, past the host's first poll: %llu of its %llu rounds "
           "on the host\n",
           what, ms, (unsigned long long)host_rounds, (unsigned long long)all);
    CHECK_TRUE(host_rounds > 0 && host_rounds <= all);
}

/* BRISC's cycles from GO to done in p's last dispatch. */
static uint64_t last_cycles(const tf_program *p)
{
    tf_run_stats s;
    MUST(tf_program_last_run(p, &s));
    return s.cycles;
}

/* The sum the kernel leaves for n iterations, and its cycles. */
static void result(run *r, int x, uint32_t n, uint64_t *cycles)
{
    uint32_t got[2];
    MUST(tf_buffer_read(r->out[x], 0, got, sizeof got));
    CHECK_EQ_U(got[1], (uint32_t)((uint64_t)n * (n - 1) / 2));
    *cycles = got[0];
}

/* a * b elementwise on the tile engine (fp32 tiles, HiFi4). */
static void multiply(tf_device *dev, const float *a, const float *b, float *out)
{
    cr_run r = {.kernel = "ops_binary",
                .nin = 2,
                .out_rows = 32,
                .out_cols = 32,
                .out_f = TF_TILE_FORMAT_FP32,
                .args = {1, TF_BINOP_MUL, TF_BCAST_NONE, 0},
                .nargs = 4,
                .out = out};
    r.in[0] = (cr_input){.cb = 0, .m = a, .rows = 32, .cols = 32, .f = TF_TILE_FORMAT_FP32};
    r.in[1] = (cr_input){.cb = 1, .m = b, .rows = 32, .cols = 32, .f = TF_TILE_FORMAT_FP32};
    if (cr_execute(dev, &r)) fprintf(stderr, "%s\n", r.err), exit(1);
}

/* 6. the program's floating-point environment stays its own */
static void fp_environment(void)
{
    static float a[1024], b[1024], want[1024], got[1024];
    for (int i = 0; i < 1024; i++) {
        a[i] = 1.0f + (float)i * 0.0013f; /* products that round */
        b[i] = 3.1f - (float)i * 0.0007f;
    }
    for (int i = 0; i < 16; i++) a[i] = b[i] = 1e-20f; /* a subnormal product */
    tf_device *dev = rt_open(1, 1);
    multiply(dev, a, b, want);
    CHECK_TRUE(want[0] > 0.0f); /* 1e-40: the default keeps subnormals */
    fesetround(FE_UPWARD);
#if defined(__x86_64__) || defined(__i386__)
    _mm_setcsr(_mm_getcsr() | 0x8040); /* flush to zero, denormals are zero */
#endif
    volatile float x = a[0], y = b[0], small = x * y, p = a[100], q = b[100], up = p * q;
    multiply(dev, a, b, got);
    int round_up = fegetround() == FE_UPWARD;
#if defined(__x86_64__) || defined(__i386__)
    int ftz = (_mm_getcsr() & 0x8040) == 0x8040;
    _mm_setcsr(_mm_getcsr() & ~0x8040u);
    CHECK_TRUE(ftz);           /* the program's own, back */
    CHECK_TRUE(small == 0.0f); /* (it would have changed the results) */
#else
    (void)small;
#endif
    fesetround(FE_TONEAREST);
    CHECK_TRUE(round_up);
    CHECK_TRUE(up != p * q); /* rounding upward changes these products */
    CHECK_TRUE(!memcmp(got, want, sizeof want));
    MUST(tf_device_close(dev));
}

int main(void)
{
    enum { N = 20000 };
    run on, off;
    uint64_t cyc_on, cyc_off, last_on, last_off;

    /* 1. boots and a synchronous dispatch: every round on this thread */
    unsetenv("TT_FOIL_SIM_HOST_RUNS");
    double t0 = now_ms();
    open_run(&on, 60000);
    double boot_ms = now_ms() - t0;
    uint64_t boot = rounds(&on);
    CHECK_TRUE(boot > 0);
    host_ran_all("the boot", on.chip->host_rounds, boot, boot_ms);
    uint64_t host_boot = on.chip->host_rounds;
    tf_program *p = program(&on, 0, N);
    t0 = now_ms();
    MUST(tf_dispatch_execute(p));
    double run_ms = now_ms() - t0;
    result(&on, 0, N, &cyc_on);
    last_on = last_cycles(p);
    CHECK_TRUE(rounds(&on) > boot + N / 256); /* the loop's rounds */
    host_ran_all("the dispatch", on.chip->host_rounds - host_boot, rounds(&on) - boot, run_ms);

    /* 2. the same with the switch off: none on this thread, same cycles */
    setenv("TT_FOIL_SIM_HOST_RUNS", "OFF", 1);
    open_run(&off, 60000);
    unsetenv("TT_FOIL_SIM_HOST_RUNS");
    tf_program *q = program(&off, 0, N);
    MUST(tf_dispatch_execute(q));
    result(&off, 0, N, &cyc_off);
    last_off = last_cycles(q);
    CHECK_EQ_U(off.chip->host_rounds, 0);
    /* the same rounds but perhaps one: the chip's own thread may be in a
     * round when a boot's staged write arrives, which then waits for the
     * round's end (seen once in a few dozen runs beside other tests) */
    uint64_t r_off = rounds(&off), r_on = rounds(&on);
    CHECK_TRUE(r_off + 1 >= r_on && r_on + 1 >= r_off);
    CHECK_EQ_U(cyc_off, cyc_on);
    CHECK_EQ_U(last_off, last_on);
    tf_program_destroy(q);
    close_run(&off);

    /* 3. an asynchronous launch: the chip's thread starts it, and the
     * host's wait takes the rounds over (which of them each thread ran
     * depends on when the wait came; the cycles do not) */
    uint64_t before = rounds(&on), host_before;
    tf_launch *l = MUST_PTR(tf_dispatch_launch_async(&p, 1));
    MUST(tf_launch_wait(l));
    result(&on, 0, N, &cyc_on);
    CHECK_EQ_U(cyc_on, cyc_off);
    CHECK_TRUE(rounds(&on) > before + N / 256);
    tf_program_destroy(p);
    close_run(&on);

    /* 4. a synchronous dispatch while a launch runs (one that never ends):
     * the chip's thread runs it, the host's wait takes the rounds over
     * until its DONE, then gives them back */
    open_run(&on, 1000);
    tf_program *spin = program(&on, 0, 0xffffffffu), *add = program(&on, 1, N);
    l = MUST_PTR(tf_dispatch_launch_async(&spin, 1));
    MUST(tf_dispatch_execute(add));
    result(&on, 1, N, &cyc_on);
    CHECK_EQ_U(cyc_on, cyc_off);
    /* the launch times out (its core is booted again); its wait ran the
     * rounds of that second here: the chip had them, and nothing the
     * wait could return for came */
    host_before = on.chip->host_rounds;
    CHECK_TRUE(tf_launch_wait(l) != 0);
    CHECK_CONTAINS(tf_last_error(), "timed out");
    CHECK_TRUE(on.chip->host_rounds > host_before + 1000);

    /* 5. a synchronous dispatch that outlasts the host's first poll (50
     * ms): the rest goes to the chip's thread, and the timeout is reported
     * as before. (rounds() waits for the chip to go idle: the reboot above
     * may have found it busy still, and so left the boot to its thread;
     * a dispatch that finds the chip busy leaves it to that thread too.) */
    before = rounds(&on);
    host_before = on.chip->host_rounds;
    CHECK_TRUE(tf_dispatch_execute(spin) != 0);
    CHECK_CONTAINS(tf_last_error(), "timed out");
    uint64_t after = rounds(&on), host_after = on.chip->host_rounds;
    CHECK_TRUE(host_after > host_before);                  /* the first 50 ms here */
    CHECK_TRUE(after - before > host_after - host_before); /* the rest there */

    /* and the chip runs synchronous work here again after that */
    before = rounds(&on);
    host_before = on.chip->host_rounds;
    t0 = now_ms();
    MUST(tf_dispatch_execute(add));
    run_ms = now_ms() - t0;
    result(&on, 1, N, &cyc_on);
    CHECK_EQ_U(cyc_on, cyc_off);
    CHECK_TRUE(rounds(&on) > before + N / 256);
    host_ran_all("the dispatch after the timeout", on.chip->host_rounds - host_before,
                 rounds(&on) - before, run_ms);
    tf_program_destroy(spin);
    tf_program_destroy(add);
    close_run(&on);

    fp_environment();
    return tf_check_report("test_host_runs");
}
