/* Every runtime error names what, where and what to do, and leaves the
 * device usable: missing or broken firmware, kernels for the wrong RISC,
 * too large, built with another profiler setting or not kernels at all,
 * device faults (bad load, bad NOC address, unmapped register, ebreak) with
 * core, RISC, kernel, pc and cause, a trap inside the trap handler, and
 * dispatch timeouts with the pcs of
 * the RISCs that did not finish. Also: debug print, determinism. */
#include "rt_test.h"

#include "tf_build_note.h"
#include "tt_foil/kbuild.h"
#include "tt_foil/transport.h"

#include <elf.h>
#include <pthread.h>
#include <fcntl.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static tf_program *prog1(tf_device *dev, tf_core c, tf_kernel *k, const uint32_t *args, int n)
{
    tf_program *p = MUST_PTR(tf_program_create(dev, c));
    MUST(tf_program_set_kernel(p, tf_kernel_risc(k), k));
    if (n) MUST(tf_program_set_args(p, tf_kernel_risc(k), args, (uint32_t)n));
    return p;
}

/* Kernel `file` alone on core (0,1), which never finishes: the dispatch
 * fails; its message (kept), once the core was found usable again. */
/* The message of a dispatch of `kernel` on core (0,1) timed out after at
 * least `ms` (the time it waited: more on a loaded machine, never less). */
static void check_timed_out(const char *e, const char *kernel, unsigned long ms)
{
    char head[128];
    snprintf(head, sizeof head, "of '%s' on core (0,1) timed out after ", kernel);
    const char *at = strstr(e, head);
    CHECK_TRUE(at != NULL);
    unsigned long waited = at ? strtoul(at + strlen(head), NULL, 10) : 0;
    CHECK_TRUE(waited >= ms);
    if (waited < ms)
        fprintf(stderr, "%s: timed out after %lu ms, less than %lu\n", kernel, waited, ms);
}

static const char *hang(tf_device *dev, const char *file)
{
    static char msg[4096];
    tf_kernel *k = rt_kernel(dev, file);
    tf_program *p = prog1(dev, (tf_core){0, 1}, k, NULL, 0);
    CHECK_TRUE(tf_dispatch_execute(p) != 0);
    snprintf(msg, sizeof msg, "%s", tf_last_error());
    tf_program_destroy(p);
    tf_kernel_free(k);
    rt_expect_usable(dev, (tf_core){0, 1});
    return msg;
}

/* tf_device_config / tf_sim_config values out of range: refused at open */
static void config_errors(void)
{
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sim = {.grid_x = 1, .grid_y = 1, .quantum = (1u << 20) + 1};
    cfg.sim = &sim;
    CHECK_TRUE(tf_device_open(&cfg) == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_sim_config.quantum 1048577: a round must be 1..1048576 "
                                    "cycles");
    sim.quantum = 0;
    sim.threads = -5;
    CHECK_TRUE(tf_device_open(&cfg) == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_sim_config.threads -5: a number of host threads");
    sim.threads = 0;
    cfg.num_boot_cores = 3; /* boot_cores NULL */
    CHECK_TRUE(tf_device_open(&cfg) == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_device_config: num_boot_cores 3 with boot_cores NULL");
    tf_core one = {0, 0};
    cfg.boot_cores = &one;
    cfg.num_boot_cores = -1;
    CHECK_TRUE(tf_device_open(&cfg) == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_device_config: num_boot_cores -1 with boot_cores set");
    cfg.num_boot_cores = 1;
    tf_device *dev = MUST_PTR(tf_device_open(&cfg));
    MUST(tf_device_close(dev));
    /* the initializers of the config structs, given NULL: a message */
    tf_device_config_init(NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_device_config_init: cfg is NULL");
    tf_kernel_build_opts_init(NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_kernel_build_opts_init: o is NULL");
}

static void firmware_errors(void)
{
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sim = {.grid_x = 1, .grid_y = 1};
    cfg.sim = &sim;
    cfg.firmware_dir = "/nonexistent/fw";
    CHECK_TRUE(tf_device_open(&cfg) == NULL);
    CHECK_CONTAINS(tf_last_error(), "firmware for BRISC: /nonexistent/fw/brisc.elf: cannot open");
    CHECK_CONTAINS(tf_last_error(), "build the 'firmware' target");

    cfg.firmware_dir = TF_TEST_BADFW "1";
    cfg.boot_timeout_ms = 300;
    CHECK_TRUE(tf_device_open(&cfg) == NULL);
    CHECK_CONTAINS(tf_last_error(), "firmware on core (0,0) did not reach INIT within 300 ms: "
                                    "BRISC at pc 0x0000");

    cfg.firmware_dir = TF_TEST_BADFW "2";
    cfg.boot_timeout_ms = 60000; /* a fault: found at once, however busy the machine */
    CHECK_TRUE(tf_device_open(&cfg) == NULL);
    CHECK_CONTAINS(tf_last_error(), "firmware on core (0,0) BRISC faulted while booting: illegal "
                                    "instruction (mcause 2)");
}

/* A kernel built for an older device ABI (the L1 map moved: semaphores 16
 * bytes apart in ABI 2) is refused, not run against the wrong words: a
 * copy of counter.brisc.elf whose build note says ABI 1. */
static void old_abi_refused(tf_device *dev)
{
    FILE *f = fopen(TF_TEST_KERNELS "/counter.brisc.elf", "rb");
    static unsigned char elf[1 << 20];
    size_t n = f ? fread(elf, 1, sizeof elf, f) : 0;
    if (f) fclose(f);
    CHECK_TRUE(n > 0 && n < sizeof elf);
    size_t at = 0;
    const uint32_t magic = TF_BUILD_NOTE_MAGIC;
    while (at + 8 <= n && memcmp(elf + at, &magic, 4)) at += 4;
    CHECK_TRUE(at + 8 <= n);
    const uint32_t old = 1;
    memcpy(elf + at + 4, &old, 4);
    char path[] = "/tmp/tt_foil_old_abi_XXXXXX";
    int fd = mkstemp(path);
    CHECK_TRUE(fd >= 0 && write(fd, elf, n) == (ssize_t)n);
    close(fd);
    CHECK_TRUE(tf_kernel_load(dev, path) == NULL);
    CHECK_CONTAINS(tf_last_error(), "built for device ABI 1, this runtime speaks ABI 2; rebuild it "
                                    "against this tree");
    unlink(path);
}

static void kernel_load_errors(tf_device *dev)
{
    old_abi_refused(dev);
    /* a RISC-V program that is not a tt-foil kernel */
    CHECK_TRUE(tf_kernel_load(dev, TF_TEST_GUEST_ELF) == NULL);
    CHECK_CONTAINS(tf_last_error(), "not a tt-foil kernel: it has no .tt_foil_build note");
    /* firmware is not a kernel */
    CHECK_TRUE(tf_kernel_load(dev, TF_TEST_FIRMWARE "/ncrisc.elf") == NULL);
    CHECK_CONTAINS(tf_last_error(), "is a firmware image, expected a kernel");
    /* built with another device profiler setting than the firmware */
    CHECK_TRUE(tf_kernel_load(dev, TF_TEST_KERNELS "/mismatch.brisc.elf") == NULL);
    CHECK_CONTAINS(tf_last_error(), "kernel 'mismatch' was built with the device profiler");
    CHECK_CONTAINS(tf_last_error(), "rebuild both with the same -DTT_FOIL_DEVICE_PROFILER");
    /* built for BRISC, placed on NCRISC */
    tf_kernel *k = rt_kernel(dev, "counter.brisc.elf");
    tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
    CHECK_TRUE(tf_program_set_kernel(p, TF_NCRISC, k) != 0);
    CHECK_CONTAINS(tf_last_error(), "kernel 'counter' (");
    CHECK_CONTAINS(tf_last_error(), "was built for BRISC and cannot run on NCRISC");
    CHECK_TRUE(tf_dispatch_execute(p) != 0);
    CHECK_CONTAINS(tf_last_error(), "has no kernel");
    tf_program_destroy(p);
    tf_kernel_free(k);

    /* too large for its region: grow the loadable segment past 48 KiB */
    FILE *f = fopen(TF_TEST_KERNELS "/counter.brisc.elf", "rb");
    CHECK_TRUE(f != NULL);
    static uint8_t img[1 << 20];
    size_t n = fread(img, 1, sizeof img, f);
    fclose(f);
    Elf32_Ehdr *eh = (Elf32_Ehdr *)img;
    Elf32_Phdr *ph = (Elf32_Phdr *)(img + eh->e_phoff);
    for (int i = 0; i < eh->e_phnum; i++)
        if (ph[i].p_type == PT_LOAD) ph[i].p_memsz = 0xd000;
    char path[] = "/tmp/tf_big_kernelXXXXXX";
    int fd = mkstemp(path);
    CHECK_TRUE(fd >= 0 && write(fd, img, n) == (ssize_t)n);
    close(fd);
    CHECK_TRUE(tf_kernel_load(dev, path) == NULL);
    CHECK_CONTAINS(tf_last_error(), "kernel counter is 53248 bytes, 4096 too large");
    CHECK_CONTAINS(tf_last_error(),
                   "lies outside the BRISC kernel region [0x26000, 0x32000) (48 KiB)");
    unlink(path);
}

static void fault(tf_device *dev, const char *kfile, uint32_t arg, const char *want1,
                  const char *want2)
{
    tf_core c = {1, 0};
    tf_kernel *k = rt_kernel(dev, kfile);
    uint32_t args[] = {arg};
    tf_program *p = prog1(dev, c, k, args, 1);
    CHECK_TRUE(tf_dispatch_execute(p) != 0);
    const char *e = tf_last_error();
    CHECK_CONTAINS(e, "device fault in dispatch");
    CHECK_CONTAINS(e, "on core (1,0) BRISC running kernel '");
    CHECK_CONTAINS(e, want1);
    CHECK_CONTAINS(e, want2);
    CHECK_CONTAINS(e, "; core (1,0) was reset");
    tf_program_destroy(p);
    tf_kernel_free(k);
    rt_expect_usable(dev, c);
}

/* A kernel ELF rebuilt (or removed) after it was loaded: a fault names no
 * line from the file's new debug info, which would describe other code
 * (it once named counter.c's line for a fault in faults.c), but says why. */
static void rebuilt_elf(tf_device *dev)
{
    char path[] = "/tmp/tf_rebuiltXXXXXX", elf[64];
    if (!mkdtemp(path)) return;
    snprintf(elf, sizeof elf, "%s/k.brisc.elf", path);
    const char *srcs[] = {TF_TEST_KERNELS "/fault1.brisc.elf",
                          TF_TEST_KERNELS "/counter.brisc.elf"};
    for (int step = 0; step < 3; step++) {
        { /* the fault kernel as k.brisc.elf */
            char cmd[512];
            snprintf(cmd, sizeof cmd, "cp '%s' '%s'", srcs[0], elf);
            CHECK_EQ_U(system(cmd), 0);
        }
        tf_core c = {1, 0};
        tf_kernel *k = MUST_PTR(tf_kernel_load(dev, elf));
        if (step == 1) { /* replaced by another kernel, as a rebuild does (a new file) */
            char cmd[512];
            snprintf(cmd, sizeof cmd, "cp '%s' '%s.new' && mv '%s.new' '%s'", srcs[1], elf, elf,
                     elf);
            CHECK_EQ_U(system(cmd), 0);
        }
        if (step == 2) CHECK_EQ_U(unlink(elf), 0);
        uint32_t args[] = {0x200000};
        tf_program *p = prog1(dev, c, k, args, 1);
        CHECK_TRUE(tf_dispatch_execute(p) != 0);
        const char *e = tf_last_error();
        CHECK_CONTAINS(e, "load access fault (mcause 5)");
        if (step == 0) {
            if (TF_TEST_HAVE_LIBDW) CHECK_CONTAINS(e, "faults.c:");
        } else {
            CHECK_CONTAINS(e, "(no source line: ");
            CHECK_CONTAINS(e, "k.brisc.elf was rebuilt or removed since it was loaded");
            CHECK_TRUE(strstr(e, "counter.c") == NULL);
        }
        tf_program_destroy(p);
        tf_kernel_free(k);
    }
    unlink(elf);
    rmdir(path);
}

/* One device, two threads at once: a dispatch call made while another
 * thread is inside tf_launch_wait is refused, naming it; after it, the
 * other thread's calls work (one thread at a time, not one thread). The
 * waiting thread is held inside the transport's wait (`held`) until the
 * second thread has made its call and set the word the kernel waits for
 * through the transport. */
static const tf_transport_ops *inner_ops;
static tf_transport_ops held_ops;
static pthread_mutex_t held_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t held_cond = PTHREAD_COND_INITIALIZER;
static int held_state = -1; /* -1 not armed, 0 armed, 1 inside the wait, 2 released */

static int held_wait(tf_transport *t, uint64_t timeout_ns)
{
    pthread_mutex_lock(&held_lock);
    if (held_state == 0) {
        held_state = 1;
        pthread_cond_broadcast(&held_cond);
        while (held_state != 2) pthread_cond_wait(&held_cond, &held_lock);
    }
    pthread_mutex_unlock(&held_lock);
    return inner_ops->wait(t, timeout_ns);
}

typedef struct {
    tf_device *dev;
    tf_program *p;
    int rc;
    char msg[1024];
} waiter;

static void *wait_thread(void *arg)
{
    waiter *w = arg;
    tf_launch *l = tf_dispatch_launch_async(&w->p, 1);
    w->rc = l ? tf_launch_wait(l) : -1;
    snprintf(w->msg, sizeof w->msg, "%s", w->rc ? tf_last_error() : "");
    return NULL;
}

static void hold_waits(tf_transport_ops *ops)
{
    ops->wait = held_wait;
}

static void two_threads(void)
{
    tf_transport *t;
    tf_device *dev = rt_open_with_ops(2, 1, &held_ops, hold_waits, &inner_ops, &t, 0);
    tf_kernel *k = rt_kernel(dev, "stall5.brisc.elf");
    tf_buffer *w = MUST_PTR(tf_buffer_create_l1(dev, (tf_core){0, 0}, 16));
    uint32_t a = (uint32_t)tf_buffer_address(w), args[] = {a, a + 4}, zero[2] = {0, 0}, one = 1;
    MUST(tf_buffer_write(w, 0, zero, 8));
    tf_program *p = prog1(dev, (tf_core){0, 0}, k, args, 2);
    tf_program *q = prog1(dev, (tf_core){1, 0}, k, args, 0);
    waiter wt = {.dev = dev, .p = p};
    pthread_t th;
    held_state = 0; /* (no other thread yet) */
    CHECK_TRUE(pthread_create(&th, NULL, wait_thread, &wt) == 0);
    pthread_mutex_lock(&held_lock);
    while (held_state != 1) pthread_cond_wait(&held_cond, &held_lock);
    pthread_mutex_unlock(&held_lock);
    /* the other thread is inside tf_launch_wait */
    CHECK_EQ_U(tf_dispatch_execute(q), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_dispatch_execute: another thread is inside "
                                    "tf_launch_wait on this device; a tf_device is used from one "
                                    "thread at a time (serialize the calls, or open a device per "
                                    "thread)");
    CHECK_TRUE(tf_dispatch_launch_async(&q, 1) == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_dispatch_launch_async: another thread is inside "
                                    "tf_launch_wait");
    CHECK_EQ_U(tf_device_close(dev), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_device_close: another thread is inside tf_launch_wait");
    /* and the calls that reach the chip or the allocators */
    CHECK_EQ_U(tf_buffer_write(w, 0, &one, 4), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_write: another thread is inside tf_launch_wait");
    CHECK_EQ_U(tf_buffer_read(w, 0, &one, 4), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_read: another thread is inside tf_launch_wait");
    CHECK_TRUE(tf_buffer_create_l1(dev, (tf_core){1, 0}, 64) == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_create_l1: another thread is inside");
    CHECK_TRUE(tf_buffer_create_l1_persistent(dev, (tf_core){1, 0}, 64) == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_create_l1_persistent: another thread is inside");
    CHECK_TRUE(tf_buffer_create_dram(dev, 64) == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_create_dram: another thread is inside");
    CHECK_TRUE(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, 4096, 2048) == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_create_interleaved: another thread is inside");
    CHECK_EQ_U(tf_buffer_free(w), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_free: another thread is inside");
    CHECK_EQ_U(tf_l1_reset(dev, (tf_core){1, 0}), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_l1_reset: another thread is inside");
    CHECK_TRUE(tf_kernel_load(dev, TF_TEST_KERNELS "/stall5.brisc.elf") == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_kernel_load: another thread is inside");
    CHECK_EQ_U(tf_program_destroy(q), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_destroy: another thread is inside");
    tf_device_counters dc;
    CHECK_EQ_U(tf_device_counters_read(dev, &dc), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_device_counters_read: another thread is inside");
    tf_program *q2 = MUST_PTR(tf_program_create(dev, (tf_core){1, 0})); /* host memory only */
    /* the word the kernel waits for, then the wait goes on */
    MUST(inner_ops->write_l1(t, 0, 0, a, &one, 4));
    pthread_mutex_lock(&held_lock);
    held_state = 2;
    pthread_cond_broadcast(&held_cond);
    pthread_mutex_unlock(&held_lock);
    CHECK_TRUE(pthread_join(th, NULL) == 0);
    CHECK_EQ_U(wt.rc, 0);
    uint32_t out[2];
    MUST(tf_buffer_read(w, 0, out, 8));
    CHECK_EQ_U(out[1], 7);
    /* one thread at a time: this one's calls work now */
    rt_expect_usable(dev, (tf_core){1, 0});
    MUST(tf_program_destroy(p));
    MUST(tf_program_destroy(q));
    MUST(tf_program_destroy(q2));
    MUST(tf_buffer_free(w));
    tf_kernel_free(k);
    MUST(tf_device_close(dev));
}

/* Threads that race into one device (the misuse above, made at the same
 * moment, many times): each call goes in or is refused, and afterwards the
 * device is free. It was a load and then a store: two threads got in
 * together, their depth counts mixed, and now and then the device stayed
 * held for good by a thread that had left (a close refused). Plain runs
 * of the old code failed here about one in fifteen; under ThreadSanitizer
 * (make test-tsan) every run, as the depth count was shared unordered. */
typedef struct racer {
    tf_buffer *b;
    int ok, refused, other;
} racer;

static void *race_writes(void *arg)
{
    racer *r = arg;
    uint32_t v = 7;
    for (int i = 0; i < 20000; i++) {
        if (!tf_buffer_write(r->b, 0, &v, 4))
            r->ok++;
        else if (strstr(tf_last_error(), "another thread is inside tf_buffer_write"))
            r->refused++;
        else
            r->other++;
    }
    return NULL;
}

static void racing_threads(void)
{
    tf_device *dev = rt_open(2, 1);
    racer r[4];
    pthread_t th[4];
    for (int i = 0; i < 4; i++)
        r[i] = (racer){.b = MUST_PTR(tf_buffer_create_l1(dev, (tf_core){i % 2, 0}, 64))};
    for (int i = 0; i < 4; i++) CHECK_TRUE(pthread_create(&th[i], NULL, race_writes, &r[i]) == 0);
    int ok = 0;
    for (int i = 0; i < 4; i++) {
        CHECK_TRUE(pthread_join(th[i], NULL) == 0);
        CHECK_EQ_U(r[i].other, 0);
        CHECK_EQ_U(r[i].ok + r[i].refused, 20000);
        ok += r[i].ok;
    }
    CHECK_TRUE(ok > 0);
    /* free again: this thread's calls go in */
    for (int i = 0; i < 4; i++) MUST(tf_buffer_free(r[i].b));
    rt_expect_usable(dev, (tf_core){1, 0});
    MUST(tf_device_close(dev));
}

/* TT_FOIL_DISPATCH_TIMEOUT_MS (tf_device_config sets none), read as every
 * count is (common/cm_env.h). A value in a fresh process (one warning per
 * variable and process): opening a device with it gives `warns` warnings,
 * naming the variable, the value and the default. */
static int nwarnings;
static char warning[1024];
static void on_warning(void *ctx, const char *msg)
{
    (void)ctx;
    if (!nwarnings++) snprintf(warning, sizeof warning, "%s", msg);
}

static tf_device *open_timeout(uint32_t ms)
{
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sim = {.grid_x = 2, .grid_y = 2};
    cfg.sim = &sim;
    cfg.dispatch_timeout_ms = ms;
    return MUST_PTR(tf_device_open(&cfg));
}

/* The waits of a dispatch of several cores: a fault on a later core while
 * an earlier one waits for it is that fault (it came out as the earlier
 * core's timeout, after the whole timeout); a core that finished is not
 * reset; the timeout counts from the launch, not from the wait; a running
 * launch's program and kernel refuse changes; a close reports every
 * failed launch, the oldest first. */
static void dispatch_waits(void)
{
    tf_device *dev = open_timeout(20000);
    tf_kernel *hang = rt_kernel(dev, "fault16.brisc.elf"),
              *brk = rt_kernel(dev, "fault5.brisc.elf");
    tf_program *ps[2] = {prog1(dev, (tf_core){0, 1}, hang, NULL, 0),
                         prog1(dev, (tf_core){1, 0}, brk, NULL, 0)};
    CHECK_TRUE(tf_dispatch_execute_multi(ps, 2) != 0);
    CHECK_CONTAINS(tf_last_error(), "on core (1,0) BRISC running kernel 'fault5'");
    CHECK_CONTAINS(tf_last_error(), "; cores (0,1), (1,0) were reset");
    CHECK_TRUE(strstr(tf_last_error(), "timed out") == NULL);
    tf_program_destroy(ps[0]);
    tf_program_destroy(ps[1]);
    /* the faulting core first, then a core that runs to its end */
    tf_kernel *cnt = rt_kernel(dev, "counter.brisc.elf");
    tf_buffer *res = MUST_PTR(tf_buffer_create_l1(dev, (tf_core){1, 1}, 16));
    uint32_t args[] = {10, (uint32_t)tf_buffer_address(res), 0};
    ps[0] = prog1(dev, (tf_core){1, 0}, brk, NULL, 0);
    ps[1] = prog1(dev, (tf_core){1, 1}, cnt, args, 3);
    CHECK_TRUE(tf_dispatch_execute_multi(ps, 2) != 0);
    CHECK_CONTAINS(tf_last_error(), "; core (1,0) was reset");
    uint32_t out[2] = {0, 0};
    MUST(tf_buffer_read(res, 0, out, 8));
    CHECK_EQ_U(out[1], 45);
    tf_program_destroy(ps[0]);
    tf_program_destroy(ps[1]);
    tf_buffer_free(res);
    MUST(tf_device_close(dev));
    tf_kernel_free(hang);
    tf_kernel_free(brk);
    tf_kernel_free(cnt);

    dev = open_timeout(300);
    tf_kernel *spin = rt_kernel(dev, "fault3.brisc.elf");
    cnt = rt_kernel(dev, "counter.brisc.elf");
    tf_program *sp = prog1(dev, (tf_core){0, 0}, spin, NULL, 0);
    tf_launch *l = MUST_PTR(tf_dispatch_launch_async(&sp, 1));
    /* what the launch runs does not change under it; args are the next
     * dispatch's */
    CHECK_EQ_U(tf_program_set_kernel(sp, TF_BRISC, cnt), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_set_kernel: the program for core (0,0) is "
                                    "running in asynchronous dispatch");
    CHECK_EQ_U(tf_program_set_cb(sp, 0, 64, 2), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_set_cb: the program for core (0,0) is running");
    MUST(tf_program_set_args(sp, TF_BRISC, args, 1));
    tf_device_counters dc;
    CHECK_EQ_U(tf_device_counters_read(dev, &dc), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_device_counters_read: asynchronous dispatch");
    tf_set_warning_handler(on_warning, NULL);
    nwarnings = 0;
    tf_kernel_free(spin);
    CHECK_EQ_U(nwarnings, 1);
    CHECK_CONTAINS(warning, "tf_kernel_free: kernel 'fault3' is running in asynchronous dispatch");
    CHECK_CONTAINS(warning, "nothing was freed");
    tf_set_warning_handler(NULL, NULL);
    /* waited for after twice its timeout: it timed out at its launch's
     * deadline (the message gives the time since the launch) */
    usleep(700 * 1000);
    CHECK_EQ_U(tf_launch_wait(l), -1);
    const char *e = strstr(tf_last_error(), "of 'fault3' on core (0,0) timed out after ");
    unsigned long ms =
        e ? strtoul(e + strlen("of 'fault3' on core (0,0) timed out after "), NULL, 10) : 0;
    CHECK_TRUE(ms >= 700);
    /* two launches left running at close: both fail, the oldest is named */
    tf_program *sq = prog1(dev, (tf_core){1, 0}, spin, NULL, 0);
    MUST_PTR(tf_dispatch_launch_async(&sp, 1));
    MUST_PTR(tf_dispatch_launch_async(&sq, 1));
    CHECK_EQ_U(tf_device_close(dev), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_device_close: 2 unfinished launches failed (the device "
                                    "is closed all the same); the first: dispatch ");
    CHECK_CONTAINS(tf_last_error(), "of 'fault3' on core (0,0) timed out");
    tf_program_destroy(sp);
    tf_program_destroy(sq);
    tf_kernel_free(spin);
    tf_kernel_free(cnt);
}

static void timeout_env_value(const char *v, int warns)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        setenv("TT_FOIL_DISPATCH_TIMEOUT_MS", v, 1);
        tf_set_warning_handler(on_warning, NULL);
        tf_device *dev = rt_open(1, 1);
        char want[128];
        snprintf(want, sizeof want, "TT_FOIL_DISPATCH_TIMEOUT_MS=\"%s\" is not a value it takes",
                 v);
        int ok = nwarnings == warns &&
                 (!warns || (strstr(warning, want) && strstr(warning, "a whole number from 1") &&
                             strstr(warning, "using the default instead (60000 ms)")));
        if (!ok) fprintf(stderr, "\"%s\": %d warnings: %s\n", v, nwarnings, warning);
        MUST(tf_device_close(dev));
        _exit(ok ? 0 : 1);
    }
    int st = -1;
    CHECK_TRUE(pid > 0 && waitpid(pid, &st, 0) == pid);
    CHECK_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

static void timeout_env(void)
{
    /* not a number of ms from 1: once silently the default */
    static const char *const bad[] = {"2x", " 5", "+5", "0", "-5", "OFF", "5 ms", "4294967296"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) timeout_env_value(bad[i], 1);
    timeout_env_value("5", 0);
    timeout_env_value("all", 0);
    /* a value it takes is the timeout */
    setenv("TT_FOIL_DISPATCH_TIMEOUT_MS", "200", 1);
    tf_device *dev = rt_open(1, 1);
    tf_kernel *spin = rt_kernel(dev, "fault3.brisc.elf");
    tf_program *p = prog1(dev, (tf_core){0, 0}, spin, NULL, 0);
    CHECK_TRUE(tf_dispatch_execute(p) != 0);
    /* after 200 ms or more (a loaded machine), long before the default's 60 s */
    const char *e = strstr(tf_last_error(), "of 'fault3' on core (0,0) timed out after ");
    unsigned long ms =
        e ? strtoul(e + strlen("of 'fault3' on core (0,0) timed out after "), NULL, 10) : 0;
    CHECK_TRUE(ms >= 200 && ms < 60000);
    tf_program_destroy(p);
    tf_kernel_free(spin);
    MUST(tf_device_close(dev));
    unsetenv("TT_FOIL_DISPATCH_TIMEOUT_MS");
}

int main(void)
{
    timeout_env(); /* first: it forks, before the process has a chip's threads */
    config_errors();
    firmware_errors();
    dispatch_waits();
    two_threads();
    racing_threads();

    /* the faults on a device with the default timeout (a fault found
     * after 300 ms, on a machine busy enough, would be a timeout); the
     * hangs below on one with 300 ms */
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sim2 = {.grid_x = 2, .grid_y = 2};
    cfg.sim = &sim2;
    tf_device *dev = MUST_PTR(tf_device_open(&cfg));
    kernel_load_errors(dev);

    fault(dev, "fault1.brisc.elf", 0x200000, "load access fault (mcause 5) at pc 0x0002",
          "address 0x00200000");
    rebuilt_elf(dev);
    fault(dev, "fault2.brisc.elf", 0, "store access fault (mcause 7)",
          "NOC address 0x0e8000001000 names x=40 y=3, which is neither a Tensix core nor a DRAM "
          "bank");
    /* a stack that grows past its end: the guard at its bottom (no damage
     * below yet: the recursion's frames reach it first) */
    fault(dev, "fault19.brisc.elf", 1000, "store access fault (mcause 7)",
          "is in the guard at the bottom of its stack (L1 0x18000..0x183ff): the stack overflowed "
          "its 7 KiB (put large local arrays in an L1 buffer or a CB, or shorten the call chain)");
    /* a frame larger than the guard (a 12 KiB local array): its first
     * store skips the guard into TRISC2's firmware below BRISC's stack,
     * which the guard on the firmware's L1 finds before it lands */
    fault(dev, "fault20.brisc.elf", 0, "store access fault (mcause 7)",
          "; the kernel's 1-byte store of 0x00 reaches TRISC2's firmware (its code and data; L1 "
          "0x14000..0x17fff), which kernels never write (the firmware and the host own it): its "
          "stack pointer is below the bottom of its stack (L1 0x18000): the stack overflowed its "
          "7 KiB, a frame larger than the guard skipping it (put large local arrays in an L1 "
          "buffer or a CB, or shorten the call chain). On hardware the store would land, and the "
          "dispatch hang or fault later");
    fault(dev, "fault4.brisc.elf", 0, "store access fault (mcause 7)",
          "0xffb0fff0 is not a device register");
    /* NOC commands refused at issue: each fault detail, with its address */
    fault(
        dev, "fault9.brisc.elf", 0, "store access fault (mcause 7)",
        "; NOC address 0x04003fffffe0 (x=0 y=1, DRAM bank 0, local 0x3fffffe0): the transfer runs "
        "past the "
        "end of that memory");
    fault(dev, "fault10.brisc.elf", 0, "store access fault (mcause 7)",
          "; NOC address 0x04200017ffe0 (x=2 y=1, core (1,0), local 0x17ffe0): the transfer runs "
          "past the "
          "end of that memory");
    fault(dev, "fault11.brisc.elf", 0, "store access fault (mcause 7)",
          "; NOC atomic at 0x040000000100 must target a 4-byte aligned word in a core's L1");
    fault(dev, "fault12.brisc.elf", 0, "store access fault (mcause 7)",
          "; NOC atomic at 0x042000062002 must target a 4-byte aligned word in a core's L1");
    fault(dev, "fault13.brisc.elf", 0, "store access fault (mcause 7)",
          "; local L1 address 0x0017ffe0 (and length) is outside L1");
    /* a read of 0 bytes (it said "local L1 address 0x00062000 (and length)
     * is outside L1", of an address inside it) */
    fault(dev, "fault14.brisc.elf", 0, "store access fault (mcause 7)",
          "; a NOC transfer of 0 bytes (to or from 0x042000062000, x=2 y=1, core (1,0)): its size "
          "is 0 "
          "(tt-metal's watcher: zero length transaction)");
    fault(dev, "fault15.brisc.elf", 0, "store access fault (mcause 7)", "; unknown NOC command 7");
    /* a pc of DWARF line 0 (the two reads' merged command stores) */
    fault(dev, "fault17.brisc.elf", 1, "store access fault (mcause 7)", "names x=40 y=3");
    if (TF_TEST_HAVE_LIBDW)
        CHECK_CONTAINS(tf_last_error(), "in kernel_main (" TF_TEST_SOURCE_DIR
                                        "/tests/kernels/faults.c, code the compiler merged from "
                                        "several lines)");
    fault(dev, "fault5.brisc.elf", 0, "breakpoint (ebreak) (mcause 3)", "insn 0x00100073 (ebreak)");
    /* the pc as function (file:line), from the kernel's DWARF (libdw) */
    fault(dev, "fault5.brisc.elf", 0, "(mcause 3) at pc 0x0002",
          TF_TEST_HAVE_LIBDW ? "in kernel_main (" TF_TEST_SOURCE_DIR "/tests/kernels/faults.c:48)"
                             : "(no source line: tt-foil was built without libdw");

    /* a trap inside the trap handler (the kernel overwrote it by a NOC
     * write, which the simulator does not check): the chip
     * stops the RISC and the runtime says so at once, not at the timeout */
    {
        tf_kernel *k = rt_kernel(dev, "fault6.brisc.elf");
        tf_program *p = prog1(dev, (tf_core){1, 0}, k, NULL, 0);
        CHECK_TRUE(tf_dispatch_execute(p) != 0);
        const char *e = tf_last_error();
        CHECK_CONTAINS(e, "on core (1,0) BRISC: it trapped again while handling a trap, at pc "
                          "0x0000");
        CHECK_CONTAINS(e, "in firmware (");
        CHECK_CONTAINS(e, "so no fault record was written");
        CHECK_CONTAINS(e, "; core (1,0) was reset");
        CHECK_TRUE(strstr(e, "timed out") == NULL);
        tf_program_destroy(p);
        tf_kernel_free(k);
        rt_expect_usable(dev, (tf_core){1, 0});
    }

    /* a kernel that never ends: timeout with the pcs, then recovery */
    cfg.dispatch_timeout_ms = 300;
    tf_device *hdev = MUST_PTR(tf_device_open(&cfg));
    const char *e = hang(hdev, "fault3.brisc.elf");
    check_timed_out(e, "fault3", 300); /* its dispatch_timeout_ms */
    CHECK_CONTAINS(e, "not done: BRISC at pc 0x0002");
    CHECK_CONTAINS(e, "in kernel 'fault3'");
    CHECK_CONTAINS(e, "; core (0,1) was reset");

    /* a wait that never ends inside an API header: the pc's function is
     * the header's, then the calls it was inlined in, down to the
     * kernel's own line (a deadlock, said when the chip stops: more in
     * test_stalls) */
    e = hang(hdev, "fault16.brisc.elf");
    CHECK_CONTAINS(e, "of 'fault16' on core (0,1) cannot finish: every RISC still running waits");
    CHECK_CONTAINS(e, "waits in cb_wait_front on CB 3, which this program does not configure");
    if (TF_TEST_HAVE_LIBDW) {
        CHECK_CONTAINS(e, "/device/include/tf_device.h:");
        CHECK_CONTAINS(e, ", inlined in cb_wait_front (" TF_TEST_SOURCE_DIR
                          "/device/include/circular_buffer.h:");
        CHECK_CONTAINS(e, ", inlined in kernel_main (" TF_TEST_SOURCE_DIR
                          "/tests/kernels/faults.c:79)");
    }

    /* a kernel that zeroes its core's mailbox (by NOC writes: its stores
     * there would fault, test_l1_guard): no RISC is listed as running,
     * and the message says the mailbox looks overwritten */
    e = hang(hdev, "fault18.brisc.elf");
    check_timed_out(e, "fault18", 300); /* its dispatch_timeout_ms */
    CHECK_CONTAINS(e, "though its mailbox lists no RISC as still running (boot mask 0x0, GO "
                      "signal 0x0, dispatch id 0): the mailbox (L1 0x0..0xbff) looks overwritten");

    /* a kernel that writes into its mailbox's GO message by a NOC write
     * (and then spins): the timeout says the mailbox looks overwritten (it
     * said to raise the timeout if just slow) */
    e = hang(hdev, "fault21.brisc.elf");
    check_timed_out(e, "fault21", 300); /* its dispatch_timeout_ms */
    CHECK_CONTAINS(e, "its mailbox's GO message is signal 0x5 for dispatch");
    CHECK_CONTAINS(e, "the mailbox (L1 0x0..0xbff) looks overwritten; does a kernel write into "
                      "that range of this core with a NOC write (from any core) or, on hardware, a "
                      "store (the simulator faults a kernel's store there)?");
    CHECK_TRUE(strstr(e, "if it is just slow") == NULL);
    MUST(tf_device_close(hdev));

    /* a fault in a dispatch over several cores: every core that had not
     * finished is rebooted, and the message says so once */
    {
        tf_kernel *k = rt_kernel(dev, "fault2.brisc.elf");
        uint32_t zero[] = {0};
        tf_program *ps[] = {prog1(dev, (tf_core){1, 0}, k, zero, 1),
                            prog1(dev, (tf_core){0, 1}, k, zero, 1)};
        CHECK_TRUE(tf_dispatch_execute_multi(ps, 2) != 0);
        const char *e = tf_last_error();
        CHECK_CONTAINS(e, "store access fault (mcause 7)");
        CHECK_CONTAINS(e, "; cores (1,0), (0,1) were reset");
        CHECK_TRUE(strstr(e, "was reset") == NULL);
        tf_program_destroy(ps[0]);
        tf_program_destroy(ps[1]);
        tf_kernel_free(k);
        rt_expect_usable(dev, (tf_core){1, 0});
        rt_expect_usable(dev, (tf_core){0, 1});
    }

    /* two programs for one core in one dispatch */
    tf_kernel *k = rt_kernel(dev, "counter.brisc.elf");
    tf_buffer *res = MUST_PTR(tf_buffer_create_l1(dev, (tf_core){1, 1}, 16));
    uint32_t args[] = {1000, (uint32_t)tf_buffer_address(res), 1};
    tf_program *a = prog1(dev, (tf_core){1, 1}, k, args, 3);
    tf_program *b = prog1(dev, (tf_core){1, 1}, k, args, 3);
    tf_program *ab[] = {a, b};
    CHECK_TRUE(tf_dispatch_execute_multi(ab, 2) != 0);
    CHECK_CONTAINS(tf_last_error(), "programs 0 and 1 both target core (1,1)");
    tf_program *aa[] = {a, a};
    CHECK_TRUE(tf_dispatch_execute_multi(aa, 2) != 0); /* the same program twice: said so */
    CHECK_CONTAINS(tf_last_error(), "program 1 is program 0 again (the same program twice)");

    /* debug print reaches stderr with the core and RISC, formatted by the host */
    fflush(stderr);
    char log[] = "/tmp/tf_dprintXXXXXX";
    int fd = mkstemp(log), saved = dup(2);
    dup2(fd, 2);
    int rc = tf_dispatch_execute(a);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    MUST(rc);
    char text[512] = "";
    lseek(fd, 0, SEEK_SET);
    ssize_t got = read(fd, text, sizeof text - 1);
    text[got > 0 ? got : 0] = 0;
    close(fd);
    unlink(log);
    CHECK_CONTAINS(text, "[core (1,1) BRISC] counter: n=1000 acc=499500 half=0.50 name=ok\n");
    CHECK_CONTAINS(text, "[core (1,1) BRISC] n=1000 ab6\n"); /* (stack-built: 1000 % 7 = 6) */

    /* deterministic, and the loop's cost is exactly linear in its length */
    uint32_t c1[2], c2[2], c3[2];
    MUST(tf_buffer_read(res, 0, c1, 8));
    args[2] = 0;
    MUST(tf_program_set_args(a, TF_BRISC, args, 3));
    MUST(tf_dispatch_execute(a));
    MUST(tf_buffer_read(res, 0, c2, 8));
    CHECK_EQ_U(c1[0], c2[0]);
    args[0] = 2000;
    MUST(tf_program_set_args(a, TF_BRISC, args, 3));
    MUST(tf_dispatch_execute(a));
    MUST(tf_buffer_read(res, 0, c3, 8));
    CHECK_EQ_U(c3[0] - c2[0], (c3[0] - c2[0]) / 1000 * 1000);
    printf("counter: 1000 iterations = %u cycles, 2000 = %u\n", c2[0], c3[0]);

    tf_program_destroy(a);
    tf_program_destroy(b);
    tf_kernel_free(k);
    MUST(tf_device_close(dev));
    return tf_check_report("test_runtime_errors");
}
