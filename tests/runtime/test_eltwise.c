/* Elementwise operations on the tile engine across 4 cores, exact against
 * the host (the engine computes in fp32 and rounds to bf16 like the host
 * helpers): add + relu, sub, mul, add with a broadcast row; then column
 * and row reductions with a scale and a bias. And the engine's errors. */
#include "rt_test.h"

#include <string.h>

enum { ROWS = 128, COLS = 128, CORES = 4 };

static float a[ROWS * COLS], b[ROWS * COLS], c[ROWS * COLS];

static float bf(float v)
{
    return tf_f32_from_bf16(tf_bf16_from_f32(v));
}

/* C = op(A, B) (+ relu) over the whole matrix, the tiles split over 4
 * cores; returns how many values differ from the host. */
static int eltwise(tf_device *dev, uint32_t op, uint32_t relu)
{
    const tf_tile_format f = TF_TILE_FORMAT_BF16;
    size_t bytes = tf_tiled_bytes(ROWS, COLS, f);
    uint32_t page = tf_tile_bytes(f), tiles = (uint32_t)(bytes / page), per = tiles / CORES;
    tf_buffer *da = rt_dram_tiles(dev, a, ROWS, COLS, f),
              *db = rt_dram_tiles(dev, b, ROWS, COLS, f);
    tf_buffer *dc = MUST_PTR(tf_buffer_create_dram(dev, bytes));
    tf_kernel *rd = rt_kernel(dev, "tile_reader2.ncrisc.elf");
    tf_kernel *wr = rt_kernel(dev, "tile_writer16.brisc.elf");
    tf_kernel *cmp = MUST_PTR(tf_kernel_load(dev, TF_TEST_KERNELS "/eltwise_compute.compute"));
    tf_program *p[CORES];
    for (int i = 0; i < CORES; i++) {
        uint64_t off = (uint64_t)i * per * page;
        uint64_t na = tf_buffer_noc_addr(da) + off, nb = tf_buffer_noc_addr(db) + off;
        uint64_t nc = tf_buffer_noc_addr(dc) + off;
        p[i] = MUST_PTR(tf_program_create(dev, (tf_core){i % 2, i / 2}));
        MUST(tf_program_set_kernel(p[i], TF_NCRISC, rd));
        MUST(tf_program_set_kernel(p[i], TF_COMPUTE, cmp));
        MUST(tf_program_set_kernel(p[i], TF_BRISC, wr));
        for (uint32_t cb = 0; cb < 2; cb++) MUST(tf_program_set_cb(p[i], cb, page, 2));
        MUST(tf_program_set_cb(p[i], 16, page, 2));
        uint32_t ra[] = {lo32(na), hi32(na), lo32(nb), hi32(nb), per};
        uint32_t ca[] = {per, op, relu}, wa[] = {lo32(nc), hi32(nc), per};
        MUST(tf_program_set_args(p[i], TF_NCRISC, ra, 5));
        MUST(tf_program_set_args(p[i], TF_COMPUTE, ca, 3));
        MUST(tf_program_set_args(p[i], TF_BRISC, wa, 3));
    }
    MUST(tf_dispatch_execute_multi(p, CORES));
    rt_read_tiles(dc, ROWS, COLS, f, c);
    int bad = 0;
    for (int r = 0; r < ROWS; r++)
        for (int k = 0; k < COLS; k++) {
            float x = bf(a[r * COLS + k]), y = bf(b[r * COLS + k]), want;
            if (op == 3) y = bf(b[(r / 32 * 32) * COLS + k]); /* row 0 of B's tile */
            want = op == 1 ? x - y : op == 2 ? x * y : x + y;
            if (relu && !(want > 0)) want = 0;
            bad += c[r * COLS + k] != bf(want);
        }
    for (int i = 0; i < CORES; i++) tf_program_destroy(p[i]);
    tf_kernel_free(rd);
    tf_kernel_free(wr);
    tf_kernel_free(cmp);
    tf_buffer_free(da);
    tf_buffer_free(db);
    tf_buffer_free(dc);
    return bad;
}

/* One core sums the 4 tiles of a 128 x 32 matrix into one tile (column
 * sums x 1/128 into row 0, or row sums x 1/128 into column 0), plus a bias
 * row; fp32 tiles. Returns the largest difference from the host. */
static float reduce(tf_device *dev, int rows)
{
    const tf_tile_format f = TF_TILE_FORMAT_FP32;
    enum { R = 128, C = 32 };
    size_t tbytes = tf_tile_bytes(f);
    float bias[32 * 32] = {0}, out[32 * 32];
    for (int k = 0; k < 32; k++) bias[k] = (float)k * 0.25f; /* row 0 */
    tf_buffer *dm = rt_dram_tiles(dev, a, R, C, f), *dbias = rt_dram_tiles(dev, bias, 32, 32, f);
    tf_buffer *dout = MUST_PTR(tf_buffer_create_dram(dev, tbytes));
    tf_kernel *rd = rt_kernel(dev, "tile_reader.ncrisc.elf");
    tf_kernel *rb = rt_kernel(dev, "tile_reader_cb1.brisc.elf");
    tf_kernel *cmp =
        MUST_PTR(tf_kernel_load(dev, rows ? TF_TEST_KERNELS "/reduce_rows_compute.compute"
                                          : TF_TEST_KERNELS "/reduce_compute.compute"));
    /* BRISC reads the bias into CB 1, then writes the result */
    tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
    MUST(tf_program_set_kernel(p, TF_NCRISC, rd));
    MUST(tf_program_set_kernel(p, TF_BRISC, rb));
    MUST(tf_program_set_kernel(p, TF_COMPUTE, cmp));
    MUST(tf_program_set_cb(p, 0, (uint32_t)tbytes, 2));
    MUST(tf_program_set_cb(p, 1, (uint32_t)tbytes, 1));
    MUST(tf_program_set_cb(p, 16, (uint32_t)tbytes, 1));
    uint64_t nm = tf_buffer_noc_addr(dm), nbias = tf_buffer_noc_addr(dbias);
    uint64_t nout = tf_buffer_noc_addr(dout);
    float scale = 1.0f / R;
    uint32_t sbits;
    memcpy(&sbits, &scale, 4);
    uint32_t ra[] = {lo32(nm), hi32(nm), R / 32};
    uint32_t ba[] = {lo32(nbias), hi32(nbias), lo32(nout), hi32(nout)};
    uint32_t ca[] = {R / 32, sbits};
    MUST(tf_program_set_args(p, TF_NCRISC, ra, 3));
    MUST(tf_program_set_args(p, TF_BRISC, ba, 4));
    MUST(tf_program_set_args(p, TF_COMPUTE, ca, 2));
    MUST(tf_dispatch_execute(p));
    rt_read_tiles(dout, 32, 32, f, out);
    float worst = 0;
    for (int i = 0; i < 32; i++)
        for (int k = 0; k < 32; k++) {
            float want = bias[k]; /* the bias row goes on every row */
            if (!rows && i == 0) {
                float s = 0; /* column k summed over all 128 rows */
                for (int t = 0; t < R / 32; t++) {
                    float ts = 0;
                    for (int r = 0; r < 32; r++) ts += a[(t * 32 + r) * C + k];
                    s += scale * ts;
                }
                want += s;
            }
            if (rows && k == 0) {
                float s = 0; /* row i of each tile, summed over the 4 tiles */
                for (int t = 0; t < R / 32; t++) {
                    float ts = 0;
                    for (int cc = 0; cc < 32; cc++) ts += a[(t * 32 + i) * C + cc];
                    s += scale * ts;
                }
                want += s;
            }
            float d = out[i * 32 + k] - want;
            if (d < 0) d = -d;
            if (d > worst) worst = d;
        }
    tf_program_destroy(p);
    tf_kernel_free(rd);
    tf_kernel_free(rb);
    tf_kernel_free(cmp);
    tf_buffer_free(dm);
    tf_buffer_free(dbias);
    tf_buffer_free(dout);
    return worst;
}

/* A kernel that misuses the engine faults with a message naming the
 * operation and the mistake, and the core is usable afterwards. */
static void engine_error(tf_device *dev, const char *file, int compute, const char *want)
{
    tf_kernel *k = MUST_PTR(tf_kernel_load(dev, file));
    tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){1, 1}));
    MUST(tf_program_set_kernel(p, compute ? TF_COMPUTE : TF_BRISC, k));
    MUST(tf_program_set_cb(p, 0, 1024, 2)); /* pages that are not tiles */
    CHECK_TRUE(tf_dispatch_execute(p) != 0);
    CHECK_CONTAINS(tf_last_error(), "device fault in dispatch");
    CHECK_CONTAINS(tf_last_error(), want);
    CHECK_CONTAINS(tf_last_error(), "; core (1,1) was reset");
    tf_program_destroy(p);
    tf_kernel_free(k);
}

int main(void)
{
    tf_device *dev = rt_open(2, 2);
    uint32_t s = 12345;
    for (int i = 0; i < ROWS * COLS; i++) {
        s = s * 1103515245u + 12345u;
        a[i] = (float)((s >> 8) % 20001) / 1000.0f - 10.0f;
        s = s * 1103515245u + 12345u;
        b[i] = (float)((s >> 8) % 20001) / 1000.0f - 10.0f;
    }
    CHECK_EQ_U(eltwise(dev, 0, 1), 0); /* add + relu */
    CHECK_EQ_U(eltwise(dev, 1, 0), 0); /* sub */
    CHECK_EQ_U(eltwise(dev, 2, 0), 0); /* mul */
    CHECK_EQ_U(eltwise(dev, 3, 1), 0); /* add a broadcast row + relu */
    /* reductions in fp32: the same sums in the same order as the host */
    CHECK_TRUE(reduce(dev, 0) < 1e-4f);
    CHECK_TRUE(reduce(dev, 1) < 1e-4f);

    engine_error(dev, TF_TEST_KERNELS "/tile_fault1.brisc.elf", 0,
                 "tile engine COPY: it was issued by the wrong TRISC");
    engine_error(dev, TF_TEST_KERNELS "/tile_fault2.compute", 1,
                 "TRISC0 running kernel 'tile_fault2'");
    engine_error(
        dev, TF_TEST_KERNELS "/tile_fault2.compute", 1,
        "tile engine UNPACK_A: the circular buffer's page size is not a tile's: bf16 2048, fp32 "
        "4096, Bfp8_b 1088, Bfp4_b 576 or Bfp2_b 320");
    engine_error(dev, TF_TEST_KERNELS "/tile_fault3.compute", 1,
                 "tile engine RELU: math must run between tile_regs_acquire and tile_regs_commit "
                 "(call it first)");
    engine_error(dev, TF_TEST_KERNELS "/tile_fault4.compute", 1,
                 "tile engine RELU: the DEST index 9 is beyond the 8 tiles of a half");
    engine_error(dev, TF_TEST_KERNELS "/tile_fault5.compute", 1,
                 "tile engine ACQUIRE: tile_regs_acquire again before tile_regs_commit: math "
                 "holds a DEST half already");
    engine_error(dev, TF_TEST_KERNELS "/tile_fault5.compute", 1, "TRISC1 running kernel");
    engine_error(dev, TF_TEST_KERNELS "/tile_fault6.compute", 1,
                 "tile engine WAIT: tile_regs_wait again before tile_regs_release: the packer "
                 "holds a DEST half already (release it first)");
    engine_error(dev, TF_TEST_KERNELS "/tile_fault6.compute", 1, "TRISC2 running kernel");
    engine_error(dev, TF_TEST_KERNELS "/tile_fault7.compute", 1,
                 "tile engine PACK: pack must run between tile_regs_wait and tile_regs_release "
                 "(call it first)");
    /* the engine works after each of those */
    CHECK_EQ_U(eltwise(dev, 0, 0), 0);
    MUST(tf_device_close(dev));
    return tf_check_report("test_eltwise");
}
