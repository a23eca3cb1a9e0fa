/* add_two_numbers on BRISC and NCRISC of one core: each reads its two
 * numbers from DRAM over the NOC, adds them and writes the sum back; each
 * RISC's numbers, sum and scratch 64 bytes from the other's (a DRAM read's
 * L1 and DRAM addresses agree modulo 64). */
#include "rt_test.h"

int main(void)
{
    tf_device *dev = rt_open(2, 2);
    tf_core core = {1, 0};
    tf_buffer *in = MUST_PTR(tf_buffer_create_dram(dev, 128));
    tf_buffer *out = MUST_PTR(tf_buffer_create_dram(dev, 128));
    tf_buffer *scratch = MUST_PTR(tf_buffer_create_l1(dev, core, 128));
    uint32_t inputs[18] = {40, 2, [16] = 0xfffffff0u, 0x20};
    MUST(tf_buffer_write(in, 0, inputs, sizeof inputs));

    tf_kernel *kb = rt_kernel(dev, "add_two_b.brisc.elf");
    tf_kernel *kn = rt_kernel(dev, "add_two_nc.ncrisc.elf");
    CHECK_EQ_U(tf_kernel_risc(kb), TF_BRISC);
    CHECK_EQ_U(tf_kernel_risc(kn), TF_NCRISC);
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_BRISC, kb));
    MUST(tf_program_set_kernel(p, TF_NCRISC, kn));
    uint64_t a = tf_buffer_noc_addr(in), o = tf_buffer_noc_addr(out);
    uint32_t s = (uint32_t)tf_buffer_address(scratch);
    uint32_t args_b[] = {lo32(a), hi32(a), lo32(o), hi32(o), s};
    uint32_t args_n[] = {lo32(a + 64), hi32(a + 64), lo32(o + 64), hi32(o + 64), s + 64};
    MUST(tf_program_set_args(p, TF_BRISC, args_b, 5));
    MUST(tf_program_set_args(p, TF_NCRISC, args_n, 5));
    MUST(tf_dispatch_execute(p));

    uint32_t sums[17] = {0};
    MUST(tf_buffer_read(out, 0, sums, sizeof sums));
    CHECK_EQ_U(sums[0], 42);
    CHECK_EQ_U(sums[16], 0x10); /* wraps like uint32 */

    /* Run it again with new numbers: the same program re-dispatches. */
    uint32_t more[18] = {1000, 234, [16] = 7, 8};
    MUST(tf_buffer_write(in, 0, more, sizeof more));
    MUST(tf_dispatch_execute(p));
    MUST(tf_buffer_read(out, 0, sums, sizeof sums));
    CHECK_EQ_U(sums[0], 1234);
    CHECK_EQ_U(sums[16], 15);

    tf_run_stats st;
    MUST(tf_program_last_run(p, &st));
    CHECK_TRUE(st.cycles > 0 && st.cycles < 100000);
    CHECK_TRUE(st.done_cycle[TF_NCRISC] >= st.go_cycle[TF_NCRISC]);

    tf_program_destroy(p);
    tf_kernel_free(kb);
    tf_kernel_free(kn);
    tf_buffer_free(in);
    tf_buffer_free(out);
    tf_buffer_free(scratch);
    MUST(tf_device_close(dev));
    return tf_check_report("test_add_kernel");
}
