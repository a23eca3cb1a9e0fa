/* NOC passthrough between two cores with a semaphore handshake: the sender
 * moves DRAM data through its L1 into the receiver's L1 and signals; the
 * receiver writes it back to DRAM and acknowledges. */
#include "rt_test.h"

#include <string.h>

#define BYTES 8192

int main(void)
{
    tf_device *dev = rt_open(4, 4);
    tf_core snd = {0, 0}, rcv = {3, 2};
    uint8_t src[BYTES], dst[BYTES];
    for (int i = 0; i < BYTES; i++) src[i] = (uint8_t)(i ^ (i >> 8));
    tf_buffer *din = MUST_PTR(tf_buffer_create_dram(dev, BYTES));
    tf_buffer *dout = MUST_PTR(tf_buffer_create_dram(dev, BYTES));
    MUST(tf_buffer_write(din, 0, src, BYTES));
    tf_buffer *ls = MUST_PTR(tf_buffer_create_l1(dev, snd, BYTES));
    tf_buffer *lr = MUST_PTR(tf_buffer_create_l1(dev, rcv, BYTES));
    uint32_t sx, sy, rx, ry;
    MUST(tf_core_noc_xy(dev, snd, &sx, &sy));
    MUST(tf_core_noc_xy(dev, rcv, &rx, &ry));

    tf_kernel *k = rt_kernel(dev, "passthrough.brisc.elf");
    tf_program *ps = MUST_PTR(tf_program_create(dev, snd));
    tf_program *pr = MUST_PTR(tf_program_create(dev, rcv));
    MUST(tf_program_set_kernel(ps, TF_BRISC, k));
    MUST(tf_program_set_kernel(pr, TF_BRISC, k));
    uint64_t a = tf_buffer_noc_addr(din), b = tf_buffer_noc_addr(dout);
    uint32_t as[] = {0,
                     lo32(a),
                     hi32(a),
                     BYTES,
                     (uint32_t)tf_buffer_address(ls),
                     (uint32_t)tf_buffer_address(lr),
                     rx,
                     ry};
    uint32_t ar[] = {1,
                     lo32(b),
                     hi32(b),
                     BYTES,
                     (uint32_t)tf_buffer_address(lr),
                     (uint32_t)tf_buffer_address(ls),
                     sx,
                     sy};
    MUST(tf_program_set_args(ps, TF_BRISC, as, 8));
    MUST(tf_program_set_args(pr, TF_BRISC, ar, 8));
    MUST(tf_program_set_semaphore(ps, 0, 0));
    MUST(tf_program_set_semaphore(pr, 0, 0));
    tf_program *both[] = {ps, pr};
    MUST(tf_dispatch_execute_multi(both, 2));
    MUST(tf_buffer_read(dout, 0, dst, BYTES));
    CHECK_TRUE(memcmp(src, dst, BYTES) == 0);
    /* The receiver's L1 holds the data too. */
    memset(dst, 0, BYTES);
    MUST(tf_buffer_read(lr, 0, dst, BYTES));
    CHECK_TRUE(memcmp(src, dst, BYTES) == 0);

    tf_program_destroy(ps);
    tf_program_destroy(pr);
    tf_kernel_free(k);
    MUST(tf_device_close(dev));
    return tf_check_report("test_noc_passthrough");
}
