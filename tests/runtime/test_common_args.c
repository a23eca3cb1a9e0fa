/* Common runtime args (one set per kernel, the same on every core that
 * runs it, next to each core's own args) and circular-buffer data formats
 * (the page size is the format's tile size; kernels see both), as a
 * kernel reads them; the non-blocking CB tests; the API's errors. */
#include "rt_test.h"

#include <string.h>

int main(void)
{
    tf_device *dev = rt_open(2, 1);
    tf_kernel *k = rt_kernel(dev, "args_probe.brisc.elf");
    uint32_t common[] = {7, 11, 13};
    MUST(tf_kernel_set_common_args(k, common, 3));
    tf_program *p[2];
    tf_buffer *res[2];
    for (int i = 0; i < 2; i++) {
        tf_core c = {i, 0};
        res[i] = MUST_PTR(tf_buffer_create_l1(dev, c, 128));
        p[i] = MUST_PTR(tf_program_create(dev, c));
        MUST(tf_program_set_kernel(p[i], TF_BRISC, k));
        uint32_t args[] = {(uint32_t)tf_buffer_address(res[i]), 100u + (uint32_t)i, 0, 0};
        MUST(tf_program_set_args(p[i], TF_BRISC, args, 2 + (uint32_t)i * 2));
        MUST(tf_program_set_cb_format(p[i], 0, TF_DATA_FORMAT_Float16_b, 4));
        MUST(tf_program_set_cb_format(p[i], 1, TF_DATA_FORMAT_Float32, 2));
        MUST(tf_program_set_cb_format(p[i], 2, TF_DATA_FORMAT_Bfp8_b, 2));
        MUST(tf_program_set_cb(p[i], 3, 512, 2)); /* by page size: no format */
    }
    MUST(tf_dispatch_execute_multi(p, 2));
    for (int i = 0; i < 2; i++) {
        uint32_t r[21];
        MUST(tf_buffer_read(res[i], 0, r, sizeof r));
        CHECK_EQ_U(r[0], 2u + 2u * (uint32_t)i); /* this core's own args */
        CHECK_EQ_U(r[1], 3);                     /* the kernel's common args */
        CHECK_EQ_U(r[2], 7);
        CHECK_EQ_U(r[3], 11);
        CHECK_EQ_U(r[4], 13);
        CHECK_EQ_U(r[5], 0xffffffffu);
        CHECK_EQ_U(r[6], 2048);
        CHECK_EQ_U(r[7], 4096);
        CHECK_EQ_U(r[8], 1088);
        CHECK_EQ_U(r[9], 512);
        CHECK_EQ_U(r[10], 5);    /* Float16_b */
        CHECK_EQ_U(r[11], 0);    /* Float32 */
        CHECK_EQ_U(r[12], 6);    /* Bfp8_b */
        CHECK_EQ_U(r[13], 0xff); /* Invalid */
        CHECK_EQ_U(r[14], 1);    /* all 4 pages reservable */
        CHECK_EQ_U(r[15], 0);    /* not 5 */
        CHECK_EQ_U(r[16], 0);    /* nothing at the front */
        CHECK_EQ_U(r[17], 1);    /* one page after a push */
        CHECK_EQ_U(r[18], 0);    /* not two */
        CHECK_EQ_U(r[19], 100u + (uint32_t)i);
        CHECK_EQ_U(r[20], 0x24a00 - 0x22000); /* BRISC's common args after all RTAs */
    }
    /* new common args reach every core at the next dispatch */
    uint32_t common2[] = {21, 22, 23, 24};
    MUST(tf_kernel_set_common_args(k, common2, 4));
    MUST(tf_dispatch_execute_multi(p, 2));
    for (int i = 0; i < 2; i++) {
        uint32_t r[6];
        MUST(tf_buffer_read(res[i], 0, r, sizeof r));
        CHECK_EQ_U(r[1], 4);
        CHECK_EQ_U(r[2], 21);
        CHECK_EQ_U(r[5], 24);
    }
    CHECK_EQ_U(tf_data_format_tile_size(TF_DATA_FORMAT_Bfp4_b), 576);
    CHECK_EQ_U(tf_data_format_tile_size((tf_data_format)4), 0); /* Tf32: not a tile format here */

    /* errors */
    static uint32_t many[129];
    CHECK_TRUE(tf_kernel_set_common_args(k, many, 129) != 0);
    CHECK_CONTAINS(tf_last_error(),
                   "129 common arguments for kernel 'args_probe', at most 128 fit");
    CHECK_TRUE(tf_program_set_cb_format(p[0], 4, (tf_data_format)4, 2) != 0);
    CHECK_CONTAINS(tf_last_error(), "circular buffer 4: 4 is not a data format");
    CHECK_TRUE(tf_program_set_cb_format(p[0], 40, TF_DATA_FORMAT_Float32, 2) != 0);
    CHECK_CONTAINS(tf_last_error(), "circular buffer 40 does not exist (0..31)");

    for (int i = 0; i < 2; i++) {
        tf_program_destroy(p[i]);
        tf_buffer_free(res[i]);
    }
    tf_kernel_free(k);
    MUST(tf_device_close(dev));
    return tf_check_report("test_common_args");
}
