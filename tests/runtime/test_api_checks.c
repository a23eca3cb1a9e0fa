/* API checks (docs/architecture.md, "Errors"): caller misuse of a handle —
 * NULL, released twice, used after release, of another device, of the
 * wrong kind — is refused with a message naming the call and the handle,
 * never a crash or a silent success; warnings reach the warning hook. */
#include "rt_test.h"
#include "tf_perf.h"

#include <string.h>

static char warned[2048];
static int nwarn;

static void on_warning(void *ctx, const char *msg)
{
    (void)ctx;
    snprintf(warned, sizeof warned, "%s", msg);
    nwarn++;
}

/* p runs counter.brisc.elf (k) 10 times, its result in res. */
static void set_counter(tf_program *p, tf_kernel *k, tf_buffer *res)
{
    uint32_t args[] = {10, (uint32_t)tf_buffer_address(res), 0};
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    MUST(tf_program_set_args(p, TF_BRISC, args, 3));
}

/* A closed device's calls are refused before its memory is read (they
 * once read it after free), and so are a program's that need its device. */
static void closed_device(void)
{
    tf_device *dev = rt_open(2, 1);
    tf_core c0 = {0, 0};
    tf_kernel *k = rt_kernel(dev, "counter.brisc.elf");
    tf_program *p = MUST_PTR(tf_program_create(dev, c0));
    set_counter(p, k, MUST_PTR(tf_buffer_create_l1(dev, c0, 16)));
    MUST(tf_dispatch_execute(p));
    MUST(tf_device_close(dev));
    const char *gone = "is not live (already freed, or never created)";
    CHECK_TRUE(tf_buffer_create_dram(dev, 64) == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_create_dram: device handle");
    CHECK_CONTAINS(tf_last_error(), gone);
    CHECK_TRUE(tf_buffer_create_l1(dev, c0, 64) == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_create_l1: device handle");
    CHECK_TRUE(tf_buffer_create_l1_persistent(dev, c0, 64) == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_create_l1_persistent: device handle");
    CHECK_TRUE(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, 2048, 1024) == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_create_interleaved: device handle");
    CHECK_EQ_U(tf_l1_reset(dev, c0), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_l1_reset: device handle");
    CHECK_EQ_U(tf_l1_free_bytes(dev, c0), 0);
    CHECK_CONTAINS(tf_last_error(), "tf_l1_free_bytes: device handle");
    uint32_t x, y;
    CHECK_EQ_U(tf_core_noc_xy(dev, c0, &x, &y), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_core_noc_xy: device handle");
    CHECK_EQ_U(tf_program_set_cb(p, 0, 1024, 2), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_set_cb: the device of the program for core (0,0) "
                                    "was closed (tf_device_close)");
    static tf_perf_core pc;
    CHECK_EQ_U(tf_program_counters(p, &pc), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_counters: the device of the program");
    tf_device_profile dp;
    CHECK_EQ_U(tf_program_device_profile(p, &dp), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_device_profile: the device of the program");
    MUST(tf_program_destroy(p));
    tf_kernel_free(k);
}

/* A buffer handle freed twice, the second time after the same memory
 * became a new buffer's handle: refused, the new one untouched (handles
 * went straight back to malloc, which gave the address out again). */
static void stale_buffer_handles(void)
{
    tf_device *dev = rt_open(2, 1);
    enum { N = 20 };
    tf_buffer *old[N], *fresh[N];
    for (int i = 0; i < N; i++) old[i] = MUST_PTR(tf_buffer_create_dram(dev, 64));
    for (int i = N - 1; i >= 0; i--) MUST(tf_buffer_free(old[i]));
    for (int i = 0; i < N; i++) fresh[i] = MUST_PTR(tf_buffer_create_dram(dev, 64));
    int reused = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) reused += old[i] == fresh[j];
    CHECK_EQ_U(reused, 0);
    CHECK_EQ_U(tf_buffer_free(old[0]), -1);
    uint32_t v = 1;
    for (int j = 0; j < N; j++) MUST(tf_buffer_write(fresh[j], 0, &v, 4));
    /* the page figures of a freed interleaved buffer: its handle is checked */
    tf_buffer *il = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, 4096, 1024));
    MUST(tf_buffer_free(il));
    CHECK_EQ_U(tf_buffer_num_pages(il), 0);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_num_pages: buffer handle");
    CHECK_EQ_U(tf_buffer_page_size(il), 0);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_page_size: buffer handle");
    MUST(tf_device_close(dev));
}

/* Buffers released by tf_l1_reset: their address is refused with a
 * message (it may be another buffer's by now), and a persistent buffer
 * freed under transient ones is reclaimed by the reset (it was lost). */
static void reset_buffers(void)
{
    tf_device *dev = rt_open(1, 1);
    tf_core c = {0, 0};
    uint32_t all = tf_l1_free_bytes(dev, c);
    tf_buffer *pb = MUST_PTR(tf_buffer_create_l1_persistent(dev, c, 100000));
    tf_buffer *t = MUST_PTR(tf_buffer_create_l1(dev, c, 4096));
    tf_buffer *il = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_L1, 4096, 1024));
    MUST(tf_buffer_free(pb));
    MUST(tf_l1_reset(dev, c));
    CHECK_EQ_U(tf_l1_free_bytes(dev, c), all);
    CHECK_EQ_U(tf_buffer_noc_addr(t), 0);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_noc_addr: the buffer was released by tf_l1_reset");
    CHECK_EQ_U(tf_buffer_address(t), 0);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_address: the buffer was released by tf_l1_reset");
    CHECK_EQ_U(tf_buffer_noc_addr(il), 0);
    CHECK_EQ_U(tf_buffer_num_pages(il), 0);
    MUST(tf_buffer_free(t));
    MUST(tf_buffer_free(il));
    MUST(tf_device_close(dev));
}

/* A CB that cannot be set again keeps its configuration: one under other
 * buffers (the new size is tried first), and one on top (given back
 * first, then allocated again where it was). */
static void set_cb_failure(void)
{
    tf_device *dev = rt_open(1, 1);
    tf_core c = {0, 0};
    tf_program *p = MUST_PTR(tf_program_create(dev, c));
    MUST(tf_program_set_cb(p, 0, 2048, 200)); /* 400 KiB */
    tf_buffer *above = MUST_PTR(tf_buffer_create_l1(dev, c, tf_l1_free_bytes(dev, c) - 100000));
    uint32_t left = tf_l1_free_bytes(dev, c);
    CHECK_EQ_U(tf_program_set_cb(p, 0, 2048, 100), -1); /* 200 KiB: ~100 KB left */
    CHECK_CONTAINS(tf_last_error(), "circular buffer 0 on core (0,0): out of Device L1 (0,0)");
    CHECK_CONTAINS(tf_last_error(), "(its configuration before is kept)");
    CHECK_EQ_U(tf_l1_free_bytes(dev, c), left);
    MUST(tf_program_set_cb(p, 0, 2048, 20)); /* fits: the old one goes after */
    MUST(tf_buffer_free(above));
    /* CB 0 is on top now (40 KiB, over the freed ones); a size that does
     * not fit at all: CB 0 is given back, then allocated again, lower */
    CHECK_EQ_U(tf_program_set_cb(p, 0, 2048, 580), -1); /* more than all of L1 user space */
    CHECK_CONTAINS(tf_last_error(), "(its configuration before is kept)");
    CHECK_EQ_U(tf_l1_free_bytes(dev, c), 0x11e000 - 40960);
    /* and it runs: a kernel that waits for nothing, with CB 0 set */
    tf_kernel *k = rt_kernel(dev, "counter.brisc.elf");
    tf_buffer *res = MUST_PTR(tf_buffer_create_l1(dev, c, 16));
    set_counter(p, k, res);
    MUST(tf_dispatch_execute(p));
    MUST(tf_buffer_free(res));
    MUST(tf_program_destroy(p));
    tf_kernel_free(k);
    MUST(tf_device_close(dev));
}

int main(void)
{
    tf_set_warning_handler(on_warning, NULL);
    tf_device *dev = rt_open(2, 1);
    tf_device *other = rt_open(1, 1);
    tf_core c0 = {0, 0};

    /* buffers: a second free is refused, and so is a use after free */
    tf_buffer *b = MUST_PTR(tf_buffer_create_dram(dev, 64));
    CHECK_EQ_U(tf_buffer_free(b), 0);
    CHECK_EQ_U(tf_buffer_free(b), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_free: buffer handle");
    CHECK_CONTAINS(tf_last_error(), "is not live (already freed, or never created)");
    uint32_t w = 7;
    CHECK_EQ_U(tf_buffer_write(b, 0, &w, 4), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_write: buffer handle");
    CHECK_EQ_U(tf_buffer_read(NULL, 0, &w, 4), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_read: NULL buffer");
    CHECK_EQ_U(tf_buffer_free(NULL), 0); /* like free(NULL) */

    /* a handle of the wrong kind */
    tf_program *p = MUST_PTR(tf_program_create(dev, c0));
    CHECK_EQ_U(tf_buffer_free((tf_buffer *)p), -1);
    CHECK_CONTAINS(tf_last_error(), "is a program handle, not a buffer");

    /* kernels: one of another device is refused; a freed one is refused
     * when set and when the program that holds it is dispatched */
    tf_kernel *k_other = rt_kernel(other, "counter.brisc.elf");
    CHECK_EQ_U(tf_program_set_kernel(p, TF_BRISC, k_other), -1);
    CHECK_CONTAINS(tf_last_error(), "was loaded on another device than the program's");
    tf_kernel *k = rt_kernel(dev, "counter.brisc.elf");
    tf_buffer *res = MUST_PTR(tf_buffer_create_l1(dev, c0, 64));
    uint32_t args[3] = {10, (uint32_t)tf_buffer_address(res), 0};
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    MUST(tf_program_set_args(p, TF_BRISC, args, 3));
    MUST(tf_dispatch_execute(p));
    tf_kernel_free(k);
    CHECK_EQ_U(nwarn, 0);
    CHECK_EQ_U(tf_dispatch_execute(p), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_dispatch_execute: the kernel set on BRISC of the program "
                                    "for core (0,0) was freed");
    CHECK_EQ_U(tf_program_set_kernel(p, TF_BRISC, k), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_set_kernel: kernel handle");
    /* tf_kernel_free returns nothing: a second free is a warning */
    tf_kernel_free(k);
    CHECK_EQ_U(nwarn, 1);
    CHECK_CONTAINS(warned, "tf_kernel_free: kernel handle");
    CHECK_CONTAINS(warned, "nothing was freed");

    /* programs and launches */
    tf_kernel *k2 = rt_kernel(dev, "counter.brisc.elf");
    MUST(tf_program_set_kernel(p, TF_BRISC, k2));
    tf_launch *l = MUST_PTR(tf_dispatch_launch_async(&p, 1));
    MUST(tf_launch_wait(l));
    CHECK_EQ_U(tf_launch_wait(l), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_launch_wait: launch handle");
    MUST(tf_program_destroy(p));
    CHECK_EQ_U(tf_program_destroy(p), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_destroy: program handle");
    CHECK_EQ_U(tf_dispatch_execute(p), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_dispatch_execute: program handle");
    CHECK_CONTAINS(tf_last_error(), "(program 0)");

    /* a stale handle does not pass as the next object the allocator puts
     * at its address (a second destroy once destroyed a new program) */
    tf_program *gone = MUST_PTR(tf_program_create(dev, c0));
    MUST(tf_program_destroy(gone));
    tf_program *fresh = MUST_PTR(tf_program_create(dev, c0));
    CHECK_TRUE(fresh != gone);
    CHECK_EQ_U(tf_program_destroy(gone), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_destroy: program handle");
    MUST(tf_program_set_semaphore(fresh, 0, 1)); /* still live */
    MUST(tf_program_destroy(fresh));

    /* NULL handles and NULL pointers: refused with the call's name, no crash */
    CHECK_TRUE(tf_buffer_create_dram(NULL, 64) == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_create_dram: NULL device");
    CHECK_TRUE(tf_kernel_load(NULL, "x.elf") == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_kernel_load: NULL device");
    CHECK_TRUE(tf_kernel_load(dev, NULL) == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_kernel_load: NULL path");
    CHECK_EQ_U(tf_buffer_size(NULL), 0);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_size: NULL buffer");
    CHECK_EQ_U(tf_buffer_address(NULL), 0);
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_address: NULL buffer");
    CHECK_EQ_U(tf_buffer_noc_addr(b), 0); /* b was freed above */
    CHECK_CONTAINS(tf_last_error(), "tf_buffer_noc_addr: buffer handle");
    CHECK_TRUE(tf_kernel_name(NULL) == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_kernel_name: NULL kernel");
    CHECK_EQ_U(tf_kernel_risc(NULL), (tf_risc)-1);
    CHECK_CONTAINS(tf_last_error(), "tf_kernel_risc: NULL kernel");
    CHECK_EQ_U(tf_program_set_args(NULL, TF_BRISC, args, 1), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_set_args: NULL program");
    CHECK_EQ_U(tf_program_set_cb(NULL, 0, 32, 1), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_set_cb: NULL program");
    CHECK_EQ_U(tf_program_set_cb_format(NULL, 0, TF_DATA_FORMAT_Float16_b, 1), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_set_cb_format: NULL program");
    CHECK_EQ_U(tf_program_set_semaphore(NULL, 0, 1), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_set_semaphore: NULL program");
    tf_run_stats rs;
    tf_device_profile dp;
    CHECK_EQ_U(tf_program_last_run(NULL, &rs), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_last_run: NULL program");
    CHECK_EQ_U(tf_program_device_profile(NULL, &dp), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_device_profile: NULL program");
    tf_chip_info ci;
    memset(&ci, 0xff, sizeof ci);
    tf_device_info(NULL, &ci);
    CHECK_EQ_U(ci.grid_x, 0);
    CHECK_CONTAINS(tf_last_error(), "tf_device_info: NULL device");
    tf_device_info(dev, NULL); /* nothing to write: said (a void function: the message) */
    CHECK_CONTAINS(tf_last_error(), "tf_device_info: info is NULL");
    tf_device_counters dc;
    CHECK_EQ_U(tf_device_counters_read(NULL, &dc), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_device_counters_read: NULL device");
    CHECK_EQ_U(tf_device_counters_read(dev, NULL), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_device_counters_read: NULL out");
    CHECK_EQ_U(tf_core_noc_xy(dev, c0, NULL, NULL), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_core_noc_xy: NULL noc_x or noc_y");
    uint32_t nx, ny;
    CHECK_EQ_U(tf_core_noc_xy(NULL, c0, &nx, &ny), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_core_noc_xy: NULL device");
    CHECK_TRUE(tf_kernel_load(dev, "") == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_kernel_load: empty path");
    {
        tf_program *q = MUST_PTR(tf_program_create(dev, c0));
        CHECK_EQ_U(tf_program_set_args(q, TF_BRISC, NULL, 1), -1);
        CHECK_CONTAINS(tf_last_error(), "tf_program_set_args: NULL args for 1 arguments");
        CHECK_EQ_U(tf_program_last_run(q, NULL), -1);
        CHECK_CONTAINS(tf_last_error(), "tf_program_last_run: NULL out");
        MUST(tf_program_destroy(q));
        tf_buffer *d = MUST_PTR(tf_buffer_create_dram(dev, 64));
        CHECK_EQ_U(tf_buffer_write(d, 0, NULL, 8), -1);
        CHECK_CONTAINS(tf_last_error(), "tf_buffer_write: NULL source for 8 bytes");
        CHECK_EQ_U(tf_buffer_read(d, 0, NULL, 8), -1);
        CHECK_CONTAINS(tf_last_error(), "tf_buffer_read: NULL destination for 8 bytes");
        MUST(tf_buffer_free(d));
        tf_buffer *il = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, 2048, 1024));
        CHECK_EQ_U(tf_buffer_accessor_args(il, NULL, 2), -1);
        CHECK_CONTAINS(tf_last_error(), "tf_buffer_accessor_args: NULL words");
        MUST(tf_buffer_free(il));
    }

    /* a program outliving its device can still be destroyed */
    tf_program *late = MUST_PTR(tf_program_create(other, c0));
    MUST(tf_program_set_cb(late, 0, 32, 2));
    MUST(tf_device_close(other));
    CHECK_EQ_U(tf_device_close(other), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_device_close: device handle");
    CHECK_EQ_U(tf_program_create(other, c0) == NULL, 1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_create: device handle");
    MUST(tf_program_destroy(late));
    tf_kernel_free(k_other);

    tf_kernel_free(k2);
    tf_buffer_free(res);
    MUST(tf_device_close(dev));
    CHECK_EQ_U(nwarn, 1);
    tf_set_warning_handler(NULL, NULL);
    closed_device();
    stale_buffer_handles();
    reset_buffers();
    set_cb_failure();
    return tf_check_report("test_api_checks");
}
