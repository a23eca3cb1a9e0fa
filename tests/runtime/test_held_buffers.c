/* A buffer freed while an asynchronous launch is in flight keeps its
 * memory until no launch is (docs/runtime.md, "Asynchronous launches"):
 * the launch's kernels may still read or write it, so a buffer created
 * meanwhile gets other memory, not the freed one's bytes under a running
 * kernel. A kernel waits for the host, then reads a DRAM buffer the host
 * freed meanwhile (and created another buffer in that bank, and wrote
 * it): it reads what the freed buffer held. L1 likewise; the memory comes
 * back at tf_launch_wait. */
#include "rt_test.h"

#include <string.h>

int main(void)
{
    /* one DRAM bank: a buffer freed and one created next would share bytes */
    tf_device *dev = rt_open_sim(
        (tf_sim_config){.grid_x = 2, .grid_y = 1, .dram_banks = 1, .dram_bank_size = 1u << 20});
    tf_core c = {0, 0};
    tf_kernel *k = rt_kernel(dev, "held_read.brisc.elf");
    tf_buffer *w = MUST_PTR(tf_buffer_create_l1(dev, c, 128)); /* flag at 0, copy at 64 */
    tf_buffer *a = MUST_PTR(tf_buffer_create_dram(dev, 64));
    uint8_t pa[64], pc[64], got[64];
    memset(pa, 0xaa, sizeof pa);
    memset(pc, 0xcc, sizeof pc);
    MUST(tf_buffer_write(a, 0, pa, sizeof pa));
    uint32_t zero[32] = {0};
    MUST(tf_buffer_write(w, 0, zero, sizeof zero));
    uint64_t na = tf_buffer_noc_addr(a);
    uint32_t args[] = {(uint32_t)tf_buffer_address(w), (uint32_t)tf_buffer_address(w) + 64,
                       (uint32_t)na, (uint32_t)(na >> 32)};
    tf_program *p = MUST_PTR(tf_program_create(dev, c));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    MUST(tf_program_set_args(p, TF_BRISC, args, 4));

    /* an L1 buffer on the running core and one on another core */
    tf_buffer *x = MUST_PTR(tf_buffer_create_l1(dev, c, 256));
    tf_buffer *x1 = MUST_PTR(tf_buffer_create_l1(dev, (tf_core){1, 0}, 256));
    uint64_t xa = tf_buffer_address(x), x1a = tf_buffer_address(x1);
    uint32_t l1_free = tf_l1_free_bytes(dev, c);

    tf_launch *l = MUST_PTR(tf_dispatch_launch_async(&p, 1));
    MUST(tf_buffer_free(a));
    MUST(tf_buffer_free(x));
    MUST(tf_buffer_free(x1));
    tf_buffer *b = MUST_PTR(tf_buffer_create_dram(dev, 64));
    CHECK_TRUE(tf_buffer_noc_addr(b) != na); /* not the bytes the kernel is about to read */
    MUST(tf_buffer_write(b, 0, pc, sizeof pc));
    CHECK_EQ_U(tf_l1_free_bytes(dev, c), l1_free); /* x is held */
    tf_buffer *y = MUST_PTR(tf_buffer_create_l1(dev, c, 256));
    CHECK_TRUE(tf_buffer_address(y) != xa);
    tf_buffer *y1 = MUST_PTR(tf_buffer_create_l1(dev, (tf_core){1, 0}, 256));
    CHECK_TRUE(tf_buffer_address(y1) != x1a); /* any core: the launch's NOC reaches them all */

    uint32_t one = 1;
    MUST(tf_buffer_write(w, 0, &one, 4));
    MUST(tf_launch_wait(l));
    MUST(tf_buffer_read(w, 64, got, sizeof got));
    CHECK_TRUE(memcmp(got, pa, sizeof pa) == 0); /* the freed buffer's bytes, not b's */

    /* no launch in flight: the held memory is back, and a free is at once */
    MUST(tf_buffer_free(b));
    tf_buffer *d = MUST_PTR(tf_buffer_create_dram(dev, 64));
    CHECK_EQ_U(tf_buffer_noc_addr(d), na);
    MUST(tf_buffer_free(y));
    CHECK_EQ_U(tf_l1_free_bytes(dev, c), l1_free + 256);
    tf_buffer *z = MUST_PTR(tf_buffer_create_l1(dev, c, 256));
    CHECK_EQ_U(tf_buffer_address(z), xa);

    /* a pool reset while buffers are held: they go with it */
    l = MUST_PTR(tf_dispatch_launch_async(&p, 1));
    MUST(tf_buffer_free(z));
    MUST(tf_buffer_free(y1));
    MUST(tf_l1_reset(dev, (tf_core){1, 0}));
    CHECK_EQ_U(tf_l1_free_bytes(dev, (tf_core){1, 0}), 0x180000 - 0x62000); /* all of it */
    MUST(tf_buffer_write(w, 0, &one, 4));
    MUST(tf_launch_wait(l));
    CHECK_EQ_U(tf_l1_free_bytes(dev, c), l1_free + 256);

    /* and at tf_device_close, which waits for the launch first */
    MUST(tf_buffer_write(w, 0, zero, 4));
    l = MUST_PTR(tf_dispatch_launch_async(&p, 1));
    MUST(tf_buffer_free(d));
    MUST(tf_buffer_write(w, 0, &one, 4));
    MUST(tf_device_close(dev));
    return tf_check_report("test_held_buffers");
}
