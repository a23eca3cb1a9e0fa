/* Circular buffers on the user's L1 buffers (tf_program_set_cb_buffer and
 * _format: tt-metal's set_globally_allocated_address), as ttnn's sharded
 * ops use them: the input shard is CB 0, the output shard CB 16, and
 * neither is copied over the NOC (tests/ttm/kernels/shard_cb.cpp as the
 * reader and the writer, copy_compute between):
 *   - the output buffer holds the input's tiles after the dispatch, and a
 *     second dispatch after the host rewrote the input gives the new ones;
 *   - putting CBs on buffers allocates nothing; setting a CB again with
 *     tf_program_set_cb gives it L1 of its own;
 *   - an alias of a CB on a buffer is on that buffer too;
 *   - each mistake refused with what to do: a DRAM or interleaved buffer,
 *     another core's L1, a page that does not divide the buffer, a freed
 *     buffer (at the dispatch), not a format. */
#include "ttm_test.h"

#include <string.h>

enum { TILE = 2048, N = 3 };

static tf_device *dev;

/* the reader's and the writer's args, and the compute's */
static void set_args(tf_program *p)
{
    uint32_t n = N;
    MUST(tf_program_set_args(p, TF_NCRISC, &n, 1));
    MUST(tf_program_set_args(p, TF_BRISC, &n, 1));
    MUST(tf_program_set_args(p, TF_COMPUTE, &n, 1));
}

static void fill(tf_buffer *b, uint32_t seed, uint8_t *bytes)
{
    for (uint32_t i = 0; i < N * TILE; i++) bytes[i] = (uint8_t)(i * 7 + seed * 13 + (i >> 9));
    /* (bf16 values whose exponent is not all ones: no NaN changes bits) */
    for (uint32_t i = 1; i < N * TILE; i += 2) bytes[i] &= 0x3f;
    MUST(tf_buffer_write(b, 0, bytes, N * TILE));
}

int main(void)
{
    dev = rt_open_sim((tf_sim_config){.grid_x = 2, .grid_y = 1});
    tf_core c = {0, 0};
    uint32_t rd_ct[] = {0, 0}, wr_ct[] = {16, 1};
    tf_kernel *rd = ttm_kernel(dev, "shard_cb", TF_NCRISC, NULL, rd_ct, 2);
    tf_kernel *wr = ttm_kernel(dev, "shard_cb", TF_BRISC, NULL, wr_ct, 2);
    tf_kernel *cp = MUST_PTR(tf_kernel_load(dev, TF_TEST_KERNELS "/copy_compute.compute"));
    tf_buffer *in = MUST_PTR(tf_buffer_create_l1(dev, c, N * TILE));
    tf_buffer *out = MUST_PTR(tf_buffer_create_l1(dev, c, N * TILE));
    tf_program *p = MUST_PTR(tf_program_create(dev, c));
    MUST(tf_program_set_kernel(p, TF_NCRISC, rd));
    MUST(tf_program_set_kernel(p, TF_COMPUTE, cp));
    MUST(tf_program_set_kernel(p, TF_BRISC, wr));
    set_args(p);

    /* the shards as CBs: nothing allocated */
    uint32_t free0 = tf_l1_free_bytes(dev, c);
    MUST(tf_program_set_cb_buffer_format(p, 0, in, TF_DATA_FORMAT_Float16_b));
    MUST(tf_program_set_cb_buffer_format(p, 16, out, TF_DATA_FORMAT_Float16_b));
    CHECK_EQ_U(tf_l1_free_bytes(dev, c), free0);

    uint8_t want[N * TILE], got[N * TILE];
    for (uint32_t round = 0; round < 2; round++) {
        fill(in, round, want);
        memset(got, 0xee, sizeof got);
        MUST(tf_buffer_write(out, 0, got, sizeof got));
        MUST(tf_dispatch_execute(p));
        MUST(tf_buffer_read(out, 0, got, sizeof got));
        CHECK_TRUE(memcmp(got, want, sizeof got) == 0); /* packed into the output shard */
    }

    /* an alias of CB 16 is on `out` too: nothing allocated */
    MUST(tf_program_set_cb_alias(p, 17, 16));
    CHECK_EQ_U(tf_l1_free_bytes(dev, c), free0);

    /* CB 16 set again by size: memory of its own (the output shard stays) */
    MUST(tf_program_set_cb_format(p, 16, TF_DATA_FORMAT_Float16_b, N));
    CHECK_EQ_U(tf_l1_free_bytes(dev, c), free0 - N * TILE);
    MUST(tf_program_set_cb_buffer_format(p, 16, out, TF_DATA_FORMAT_Float16_b));
    CHECK_EQ_U(tf_l1_free_bytes(dev, c), free0);

    /* ---- mistakes */
    tf_buffer *dram = MUST_PTR(tf_buffer_create_dram(dev, N * TILE));
    CHECK_TRUE(tf_program_set_cb_buffer(p, 1, dram, TILE) != 0);
    CHECK_CONTAINS(tf_last_error(), "tf_program_set_cb_buffer: circular buffer 1: the buffer is in "
                                    "DRAM; a circular buffer can be on an L1 buffer of its "
                                    "program's core only (tf_buffer_create_l1)");
    tf_buffer *il = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_L1, 4 * TILE, TILE));
    CHECK_TRUE(tf_program_set_cb_buffer(p, 1, il, TILE) != 0);
    CHECK_CONTAINS(tf_last_error(), "the buffer is interleaved over the cores' L1");
    tf_buffer *other = MUST_PTR(tf_buffer_create_l1(dev, (tf_core){1, 0}, N * TILE));
    CHECK_TRUE(tf_program_set_cb_buffer_format(p, 1, other, TF_DATA_FORMAT_Float16_b) != 0);
    CHECK_CONTAINS(tf_last_error(),
                   "tf_program_set_cb_buffer_format: circular buffer 1: the buffer "
                   "is in L1 of core (1,0), the program runs on core (0,0)");
    CHECK_TRUE(tf_program_set_cb_buffer_format(p, 1, in, TF_DATA_FORMAT_Float32) != 0);
    CHECK_CONTAINS(tf_last_error(), "a page of 4096 bytes does not divide the buffer's 6144 bytes");
    CHECK_TRUE(tf_program_set_cb_buffer(p, 1, in, 0) != 0);
    CHECK_CONTAINS(tf_last_error(), "a page of 0 bytes does not divide");
    CHECK_TRUE(tf_program_set_cb_buffer(p, 1, NULL, TILE) != 0);
    CHECK_CONTAINS(tf_last_error(), "circular buffer 1: NULL is not a live buffer");
    CHECK_TRUE(tf_program_set_cb_buffer(p, 32, in, TILE) != 0);
    CHECK_CONTAINS(tf_last_error(), "circular buffer 32 does not exist (0..31)");
    CHECK_TRUE(tf_program_set_cb_buffer_format(p, 1, in, (tf_data_format)4) != 0);
    CHECK_CONTAINS(tf_last_error(), "circular buffer 1: 4 is not a data format");
    /* a freed shard: the dispatch refuses it, naming the CB */
    MUST(tf_buffer_free(out));
    CHECK_TRUE(tf_dispatch_execute(p) != 0);
    CHECK_CONTAINS(tf_last_error(),
                   "tf_dispatch_execute: circular buffer 16 of the program on core "
                   "(0,0) is on a buffer that was freed (tf_buffer_free) or "
                   "released (tf_l1_reset); put it on a live one "
                   "(tf_program_set_cb_buffer)");
    CHECK_TRUE(tf_program_set_cb_buffer(p, 1, out, TILE) != 0);
    CHECK_CONTAINS(tf_last_error(), "the buffer is not a live buffer");

    MUST(tf_program_destroy(p));
    MUST(tf_buffer_free(in));
    MUST(tf_buffer_free(dram));
    MUST(tf_buffer_free(il));
    MUST(tf_buffer_free(other));
    tf_kernel_free(rd);
    tf_kernel_free(wr);
    tf_kernel_free(cp);
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_cb_buffer");
}
