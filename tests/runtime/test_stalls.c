/* A dispatch that waits for what never comes fails when the chip stops,
 * not at the timeout (a minute here), saying each waiting RISC's line and
 * what it waits for: a consumer waiting for more pages than its producer
 * pushes, a producer whose CB is full, a reserve of more pages than the CB
 * holds, a CB the program does not configure, a semaphore and an L1 word
 * no one sets, a semaphore wait_min can never see (unsigned), two cores
 * stuck at once; the cores are reset and usable. A
 * host write into L1 ends such a wait (an asynchronous launch waiting on
 * a word the host sets finishes), and a transport without `stalled` gets
 * the timeout as before. */
#include "rt_test.h"
#include "tf_perf.h"
#include "tt_foil/transport.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TIMEOUT_MS 60000 /* were the stall not found, each case would take this */

/* A device on transport t, or (t NULL) on a simulated gx x gy chip, with
 * the long timeout. */
static tf_device *open_grid(tf_transport *t, int gx, int gy)
{
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sim = {.grid_x = gx, .grid_y = gy};
    if (t)
        cfg.transport = t;
    else
        cfg.sim = &sim;
    cfg.dispatch_timeout_ms = TIMEOUT_MS;
    return MUST_PTR(tf_device_open(&cfg));
}

static tf_device *open_dev(tf_transport *t)
{
    return open_grid(t, 2, 1);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Kernel `brisc` (and `ncrisc`, if any) on core (0,0) with CB 0 of 4
 * pages of 64 B when `cb`: the dispatch fails; its message (which says it
 * was found before the timeout: no timing here, a slow machine is not a
 * failure). */
static const char *stall(tf_device *dev, const char *brisc, const char *ncrisc, int cb)
{
    static char msg[8192];
    tf_kernel *kb = rt_kernel(dev, brisc), *kn = ncrisc ? rt_kernel(dev, ncrisc) : NULL;
    tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
    MUST(tf_program_set_kernel(p, TF_BRISC, kb));
    if (kn) MUST(tf_program_set_kernel(p, TF_NCRISC, kn));
    if (cb) MUST(tf_program_set_cb(p, 0, 64, 4));
    CHECK_TRUE(tf_dispatch_execute(p) != 0);
    snprintf(msg, sizeof msg, "%s", tf_last_error());
    tf_program_destroy(p);
    tf_kernel_free(kb);
    if (kn) tf_kernel_free(kn);
    rt_expect_usable(dev, (tf_core){0, 0});
    return msg;
}

static void expect_stall(const char *e, const char *kernel, int line)
{
    char want[256];
    snprintf(want, sizeof want,
             "of '%s' on core (0,0) cannot finish: every RISC still running "
             "waits for something no RISC, transfer or timer on the chip will do (a "
             "deadlock, found ",
             kernel);
    CHECK_CONTAINS(e, want);
    CHECK_CONTAINS(e, " ms after the doorbell instead of at the 60000 ms timeout): BRISC at pc 0x");
    CHECK_CONTAINS(e, "; core (0,0) was reset");
    CHECK_TRUE(strstr(e, "timed out") == NULL);
    if (TF_TEST_HAVE_LIBDW) {
        snprintf(want, sizeof want,
                 "inlined in kernel_main (%s/tests/kernels/stalls.c:%d) in kernel '",
                 TF_TEST_SOURCE_DIR, line);
        CHECK_CONTAINS(e, want);
    }
}

static void cases(tf_device *dev)
{
    /* the consumer wants 2 pages, its producer (NCRISC, which finished)
     * pushed 1 */
    /* kernels on core (0,0) (CB 0 of 4 pages of 64 B when cb): its name,
     * the line it waits at, what the message says it waits for */
    static const struct {
        const char *brisc, *ncrisc;
        int cb;
        const char *label;
        int line;
        const char *want;
    } cases[] = {
        /* the consumer wants 2 pages, its producer (NCRISC, which
         * finished: not listed) pushed 1 */
        {"stall1.brisc.elf", "stall2.ncrisc.elf", 1, "stall1,stall2", 16,
         "in kernel 'stall1' (" TF_TEST_KERNELS "/stall1.brisc.elf) waits in cb_wait_front for 2 "
         "pages at the front of CB 0, which has 1 (1 pushed, 0 popped; it holds 4 pages of 64 B); "
         "core (0,0) was reset"},
        /* the 5th page of a CB of 4 that no one pops */
        {"stall3.brisc.elf", NULL, 1, "stall3", 23,
         "waits in cb_reserve_back for 1 free page at the back of CB 0, which has 0 (4 pushed, 0 "
         "popped; it holds 4 pages of 64 B); core"},
        /* 6 pages at once from a CB of 4 */
        {"stall4.brisc.elf", NULL, 1, "stall4", 27,
         "waits in cb_reserve_back for 6 free pages at the back of CB 0, which has 4 (0 pushed, 0 "
         "popped; it holds 4 pages of 64 B): more than it holds, so never; core"},
        /* the same kernel without its CB */
        {"stall4.brisc.elf", NULL, 0, "stall4", 27,
         "waits in cb_reserve_back on CB 0, which this program does not configure (give it one "
         "with tf_program_set_cb, or CreateCircularBuffer in tt-metal)"},
        /* a semaphore no one sets */
        {"stall6.brisc.elf", NULL, 0, "stall6", 32,
         "waits for semaphore 0 (L1 0x23800) to be == 1 (it is 0); core"},
    };
    const char *e;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        e = stall(dev, cases[i].brisc, cases[i].ncrisc, cases[i].cb);
        expect_stall(e, cases[i].label, cases[i].line);
        CHECK_CONTAINS(e, cases[i].want);
        CHECK_TRUE(strstr(e, "NCRISC") == NULL);
    }

    /* a compute kernel with no reader: unpack (TRISC0) waits for CB 0's
     * front, math and pack in the tile engine */
    {
        tf_kernel *cp = MUST_PTR(tf_kernel_load(dev, TF_TEST_KERNELS "/copy_compute.compute"));
        tf_program *q = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
        uint32_t one = 1;
        MUST(tf_program_set_kernel(q, TF_COMPUTE, cp));
        MUST(tf_program_set_cb(q, 0, 2048, 2));
        MUST(tf_program_set_cb(q, 16, 2048, 2));
        MUST(tf_program_set_args(q, TF_COMPUTE, &one, 1));
        CHECK_TRUE(tf_dispatch_execute(q) != 0);
        e = tf_last_error();
        CHECK_CONTAINS(e, "of 'copy_compute' on core (0,0) cannot finish");
        CHECK_CONTAINS(e, "BRISC at pc 0x");
        CHECK_CONTAINS(e, "asleep: its firmware waits for the other RISCs to finish; TRISC0 at pc");
        CHECK_CONTAINS(e, "in kernel 'copy_compute' (" TF_TEST_KERNELS "/copy_compute.trisc0.elf) "
                          "waits in cb_wait_front for 1 page at the front of CB 0, which has 0 (0 "
                          "pushed, 0 popped; it holds 2 pages of 2048 B); TRISC1 at pc");
        CHECK_CONTAINS(e, "waits in the tile engine for an unpacked operand (unpack, TRISC0, has "
                          "not given one); TRISC2 at pc");
        CHECK_CONTAINS(e, "waits in the tile engine for a committed DEST half (tile_regs_wait: "
                          "math, TRISC1, has not committed one); core (0,0) was reset");
        tf_program_destroy(q);
        tf_kernel_free(cp);
        rt_expect_usable(dev, (tf_core){0, 0});
    }

    /* an L1 word no one sets, on two cores at once: both are said */
    tf_kernel *k = rt_kernel(dev, "stall5.brisc.elf");
    tf_buffer *w[2];
    tf_program *p[2];
    for (int c = 0; c < 2; c++) {
        w[c] = MUST_PTR(tf_buffer_create_l1(dev, (tf_core){c, 0}, 16));
        p[c] = MUST_PTR(tf_program_create(dev, (tf_core){c, 0}));
        uint32_t a = (uint32_t)tf_buffer_address(w[c]), zero[2] = {0, 0};
        uint32_t args[] = {a, a + 4};
        MUST(tf_buffer_write(w[c], 0, zero, 8));
        MUST(tf_program_set_kernel(p[c], TF_BRISC, k));
        MUST(tf_program_set_args(p[c], TF_BRISC, args, 2));
    }
    CHECK_TRUE(tf_dispatch_execute_multi(p, 2) != 0);
    e = tf_last_error();
    char want[256];
    /* (the two words are at one address: the cores stopped alike, and the
     * second is named, not described again) */
    CHECK_TRUE(tf_buffer_address(w[0]) == tf_buffer_address(w[1]));
    snprintf(want, sizeof want,
             "waits for the L1 word at 0x%x to be == 1 (it is 0); the same on core "
             "(1,0); cores (0,0), (1,0) were reset",
             (unsigned)tf_buffer_address(w[0]));
    CHECK_CONTAINS(e, want);

    /* the host sets the word of an asynchronous launch once the chip has
     * stopped on it: the RISC looks again and the launch finishes */
    tf_launch *l = MUST_PTR(tf_dispatch_launch_async(&p[0], 1));
    uint32_t one = 1, out[2];
    /* (whether the chip has stopped on it by now or not: wake_after_stop
     * makes sure it has) */
    MUST(tf_buffer_write(w[0], 0, &one, 4));
    MUST(tf_launch_wait(l));
    MUST(tf_buffer_read(w[0], 0, out, 8));
    CHECK_EQ_U(out[1], 7);
    for (int c = 0; c < 2; c++) {
        tf_program_destroy(p[c]);
        tf_buffer_free(w[c]);
    }
    tf_kernel_free(k);
}

/* The same wait on every core of a 16-core dispatch (a multi-core op whose
 * cores all deadlock alike): the message says the first core's RISCs and
 * names the others, and nothing of it is cut off unsaid: the cores reset
 * end it (it was once cut at 4096 bytes in the middle of a core's
 * description, the other cores and the reset left out). */
static void many_cores_alike(void)
{
    tf_device *dev = open_grid(NULL, 8, 2);
    enum { N = 16 };
    tf_kernel *k = rt_kernel(dev, "stall5.brisc.elf");
    tf_buffer *w[N];
    tf_program *p[N];
    for (int c = 0; c < N; c++) {
        w[c] = MUST_PTR(tf_buffer_create_l1(dev, (tf_core){c % 8, c / 8}, 16));
        p[c] = MUST_PTR(tf_program_create(dev, (tf_core){c % 8, c / 8}));
        uint32_t a = (uint32_t)tf_buffer_address(w[c]), zero[2] = {0, 0};
        uint32_t args[] = {a, a + 4};
        MUST(tf_buffer_write(w[c], 0, zero, 8));
        MUST(tf_program_set_kernel(p[c], TF_BRISC, k));
        MUST(tf_program_set_args(p[c], TF_BRISC, args, 2));
    }
    CHECK_TRUE(tf_dispatch_execute_multi(p, N) != 0);
    const char *e = tf_last_error();
    CHECK_CONTAINS(e, "cannot finish");
    CHECK_CONTAINS(e, "to be == 1 (it is 0); the same on cores (1,0), (2,0), (3,0), (4,0), "
                      "(5,0), (6,0), (7,0), (0,1), (1,1)");
    const char *tail = "(6,1), (7,1) were reset";
    size_t el = strlen(e), tl = strlen(tail);
    CHECK_TRUE(el > tl && !strcmp(e + el - tl, tail));
    if (!(el > tl && !strcmp(e + el - tl, tail)))
        fprintf(stderr, "the message ends with '%s'\n", el > 80 ? e + el - 80 : e);
    for (int c = 0; c < N; c++) {
        tf_program_destroy(p[c]);
        tf_buffer_free(w[c]);
    }
    tf_kernel_free(k);
    MUST(tf_device_close(dev));
}

/* Kernels that hand work back and forth between two RISCs through L1 and
 * finish: never a stall (the chip once stopped on these at its last look
 * before going idle: a hang, then a false deadlock). Two RISCs passing a
 * count through two words, and a CB of 1, 2 and 4 pages between them. */
static void not_stalls(tf_device *dev)
{
    tf_kernel *p7 = rt_kernel(dev, "stall7.brisc.elf"), *p8 = rt_kernel(dev, "stall8.ncrisc.elf");
    tf_kernel *p9 = rt_kernel(dev, "stall9.ncrisc.elf"), *p10 = rt_kernel(dev, "stall10.brisc.elf");
    tf_buffer *w = MUST_PTR(tf_buffer_create_l1(dev, (tf_core){0, 0}, 16));
    uint32_t a = (uint32_t)tf_buffer_address(w), zero[2] = {0, 0};
    for (int i = 0; i < 5; i++) {
        tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
        uint32_t args[] = {a, a + 4, 100};
        MUST(tf_buffer_write(w, 0, zero, 8));
        MUST(tf_program_set_kernel(p, TF_BRISC, p7));
        MUST(tf_program_set_kernel(p, TF_NCRISC, p8));
        MUST(tf_program_set_args(p, TF_BRISC, args, 3));
        MUST(tf_program_set_args(p, TF_NCRISC, args, 3));
        MUST(tf_dispatch_execute(p));
        uint32_t out[2];
        MUST(tf_buffer_read(w, 0, out, 8));
        CHECK_EQ_U(out[0], 100);
        CHECK_EQ_U(out[1], 100);
        tf_program_destroy(p);
    }
    for (uint32_t pages = 1; pages <= 4; pages *= 2) {
        tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
        uint32_t n = 200;
        MUST(tf_program_set_kernel(p, TF_NCRISC, p9));
        MUST(tf_program_set_kernel(p, TF_BRISC, p10));
        MUST(tf_program_set_cb(p, 0, 64, pages));
        MUST(tf_program_set_args(p, TF_NCRISC, &n, 1));
        MUST(tf_program_set_args(p, TF_BRISC, &n, 1));
        MUST(tf_dispatch_execute(p));
        tf_program_destroy(p);
    }
    tf_buffer_free(w);
    tf_kernel_free(p7);
    tf_kernel_free(p8);
    tf_kernel_free(p9);
    tf_kernel_free(p10);
}

/* The host's write races the chip's stop: written a few microseconds after
 * the launch, around when the chip takes its last look at the wait, the
 * word must still end the wait (a write between that look and the stop
 * was once missed: 1 in 80 launches here). */
static void write_races_stop(tf_device *dev)
{
    tf_kernel *k = rt_kernel(dev, "stall5.brisc.elf");
    tf_buffer *w = MUST_PTR(tf_buffer_create_l1(dev, (tf_core){0, 0}, 16));
    uint32_t a = (uint32_t)tf_buffer_address(w), args[] = {a, a + 4}, one = 1, zero[2] = {0, 0};
    tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    MUST(tf_program_set_args(p, TF_BRISC, args, 2));
    unsigned seed = 1, failed = 0;
    for (int i = 0; i < 2000; i++) {
        MUST(tf_buffer_write(w, 0, zero, 8));
        tf_launch *l = MUST_PTR(tf_dispatch_launch_async(&p, 1));
        double until = now_s() + (rand_r(&seed) % 3000) * 1e-9;
        while (now_s() < until) {
        }
        MUST(tf_buffer_write(w, 0, &one, 4));
        if (tf_launch_wait(l) && !failed++) fprintf(stderr, "test_stalls: %s\n", tf_last_error());
    }
    CHECK_EQ_U(failed, 0);
    tf_program_destroy(p);
    tf_buffer_free(w);
    tf_kernel_free(k);
}

/* noc_semaphore_wait_min compares as unsigned numbers (as tt-metal's; it
 * was (int32)(sem - val) < 0, with wrap-around): semaphore 0x80000005 is at
 * least 1, so the wait returns at once (it was a deadlock); 0 is not at
 * least 0x90000000, so with no one to set it the wait is the deadlock,
 * reported with the value (it returned at once). */
static void wait_min_unsigned(tf_device *dev)
{
    tf_kernel *k = rt_kernel(dev, "stall11.brisc.elf");
    tf_buffer *w = MUST_PTR(tf_buffer_create_l1(dev, (tf_core){0, 0}, 16));
    static const uint32_t sem[] = {0x80000005u, 0}, min[] = {1, 0x90000000u};
    for (int i = 0; i < 2; i++) {
        tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
        uint32_t out = 0xdeadbeef, args[] = {min[i], (uint32_t)tf_buffer_address(w)};
        MUST(tf_buffer_write(w, 0, &out, 4));
        MUST(tf_program_set_kernel(p, TF_BRISC, k));
        MUST(tf_program_set_semaphore(p, 0, sem[i]));
        MUST(tf_program_set_args(p, TF_BRISC, args, 2));
        int rc = tf_dispatch_execute(p);
        if (i == 0) {
            CHECK_EQ_U(rc, 0);
            MUST(tf_buffer_read(w, 0, &out, 4));
            CHECK_EQ_U(out, 0x80000005u);
        } else {
            CHECK_TRUE(rc != 0);
            expect_stall(tf_last_error(), "stall11", 57);
            CHECK_CONTAINS(
                tf_last_error(),
                "waits for semaphore 0 (L1 0x23800) to be >= 2415919104 (it is 0); core");
            rt_expect_usable(dev, (tf_core){0, 0});
        }
        tf_program_destroy(p);
    }
    tf_buffer_free(w);
    tf_kernel_free(k);
}

/* The same launch on a transport the test holds: it waits until the chip
 * says it has stopped on the word (stalled), then writes it. */
static void wake_after_stop(void)
{
    tf_sim_config sim = {.grid_x = 2, .grid_y = 1};
    tf_transport *t = MUST_PTR(tf_sim_transport_open(&sim));
    tf_device *dev = open_dev(t);
    tf_kernel *k = rt_kernel(dev, "stall5.brisc.elf");
    tf_buffer *w = MUST_PTR(tf_buffer_create_l1(dev, (tf_core){0, 0}, 16));
    tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
    uint32_t a = (uint32_t)tf_buffer_address(w), args[] = {a, a + 4}, zero[2] = {0, 0};
    MUST(tf_buffer_write(w, 0, zero, 8));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    MUST(tf_program_set_args(p, TF_BRISC, args, 2));
    tf_launch *l = MUST_PTR(tf_dispatch_launch_async(&p, 1));
    tf_risc_wait waits[5];
    int st = 0;
    for (int i = 0; i < 20000 && (st = t->ops->stalled(t, 0, 0, waits)) == 0; i++) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    CHECK_EQ_U(st, 1);
    CHECK_EQ_U(waits[TF_BRISC].what, TF_PERF_WAIT_L1_WORD);
    CHECK_EQ_U(waits[TF_BRISC].addr, a);
    CHECK_EQ_U(waits[TF_BRISC].ref, 1);
    CHECK_EQ_U(waits[TF_BRISC].eq, 1);
    CHECK_EQ_U(waits[TF_NCRISC].what, TF_PERF_WAIT_IDLE); /* no kernel: asleep */
    CHECK_EQ_U(t->ops->stalled(t, 1, 0, waits), 1);       /* the chip's answer, any core */
    CHECK_EQ_U(waits[TF_BRISC].what, TF_PERF_WAIT_IDLE);
    uint32_t one = 1, out[2];
    MUST(tf_buffer_write(w, 0, &one, 4)); /* the chip runs again: not stopped */
    MUST(tf_launch_wait(l));
    MUST(tf_buffer_read(w, 0, out, 8));
    CHECK_EQ_U(out[1], 7);
    CHECK_EQ_U(t->ops->stalled(t, 0, 0, waits), 0); /* idle, nothing waiting */
    CHECK_EQ_U(t->ops->stalled(t, 5, 0, waits), -1);
    CHECK_CONTAINS(tf_last_error(), "core (5,0) is outside the 2x1 grid");
    tf_program_destroy(p);
    tf_buffer_free(w);
    tf_kernel_free(k);
    MUST(tf_device_close(dev));
}

/* A transport without `stalled` (hardware): the dispatch times out as
 * before, with the pc. */
static tf_transport_ops no_stall_ops;
static void no_stalled(tf_transport_ops *ops)
{
    ops->stalled = NULL;
}

static void without_stalled(void)
{
    tf_device *dev = rt_open_with_ops(1, 1, &no_stall_ops, no_stalled, NULL, NULL, 300);
    tf_kernel *k = rt_kernel(dev, "stall6.brisc.elf");
    tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    CHECK_TRUE(tf_dispatch_execute(p) != 0);
    /* after at least its 300 ms (the time waited: more on a loaded machine) */
    const char *at = strstr(tf_last_error(), "of 'stall6' on core (0,0) timed out after ");
    CHECK_TRUE(at != NULL);
    CHECK_TRUE(at &&
               strtoul(at + strlen("of 'stall6' on core (0,0) timed out after "), NULL, 10) >= 300);
    CHECK_CONTAINS(tf_last_error(), "not done: BRISC at pc 0x");
    tf_program_destroy(p);
    tf_kernel_free(k);
    MUST(tf_device_close(dev));
}

int main(void)
{
    tf_device *dev = open_dev(NULL);
    cases(dev);
    not_stalls(dev);
    wait_min_unsigned(dev);
    write_races_stop(dev);
    MUST(tf_device_close(dev));
    many_cores_alike();
    wake_after_stop();
    without_stalled();
    return tf_check_report("test_stalls");
}
