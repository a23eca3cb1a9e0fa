/* The names ttnn's SDPA decode compute kernel
 * (sdpa_decode/device/kernels/compute/sdpa_flash_decode.cpp) needed, in a
 * tt-metal-style compute kernel of our own built at run time
 * (tests/ttm/kernels/sdpa_names.cpp): reduce_block_max_row (its
 * compile-time and run-time forms) on Float16_b tiles with a 16-bit DEST
 * and Float32 tiles with an fp32 one, into a fresh DEST tile and into one
 * holding a previous maximum, every value bit for bit against a host
 * reference, and the same values and cycles as reduce_tile's MAX /
 * REDUCE_ROW on each tile; reconfig_full_operand, reconfig_tile_shape and
 * reconfig_data_format<SrcOrder> (no change to the values); read_tile_value,
 * get_tile_address and CircularBuffer::read_tile_value, whose word every
 * TRISC uses (through std::tuple and std::optional); the run-time faults
 * (respect_trigger, a block of 0 tiles), naming the kernel's line. */
#include "tf_perf.h"
#include "ttm_test.h"

#include <math.h>

static tf_device *dev;

enum { D = 32, E = D * D, MAX_TILES = 16 };
enum { BF16_DEST16, FP32_DEST32 };

#define fb tf_check_bits
#define bf tf_check_float

static uint32_t lcg(void)
{
    static uint32_t s = 4242;
    s = s * 1664525u + 1013904223u;
    return s;
}

/* a non-zero value (no sign-of-zero ties in a max), bf16's bits when
 * bf16; now and then -inf */
static float value(int bf16)
{
    if (lcg() % 97 == 0) return -INFINITY;
    float v = (float)((int32_t)(lcg() >> 8) - (1 << 23)) / (float)(1 << (lcg() % 20));
    if (v == 0) v = 1.0f;
    uint32_t w = fb(v);
    return bf(bf16 ? w & 0xffff0000u : w);
}

/* CB 0: the scaler tile (1.0), 4 x rows data tiles, `extra` more tiles */
static void input(float *x, int rows, int extra, int bf16)
{
    for (int i = 0; i < E; i++) x[i] = 1.0f;
    for (int i = E; i < (1 + 4 * rows + extra) * E; i++) x[i] = value(bf16);
}

/* The compute kernel on core (0, 0) with CB 0 (n_in pages) from x and CB
 * 16 (n_out pages) back into out; 0, or the failure's message in err. */
static int run(int mode, int rows, uint32_t arg2, int where, const float *x, int n_in, float *out,
               int n_out, tf_perf_core *pc, char *err, size_t errcap)
{
    tf_tile_format f = where == FP32_DEST32 ? TF_TILE_FORMAT_FP32 : TF_TILE_FORMAT_BF16;
    tf_kernel *cmp = ttm_compute(dev, "sdpa_names", NULL, 0, where == FP32_DEST32);
    uint32_t page = tf_tile_bytes(f);
    tf_buffer *din = rt_dram_tiles(dev, x, 32 * (uint32_t)n_in, 32, f);
    tf_buffer *dout = MUST_PTR(tf_buffer_create_dram(dev, (size_t)page * (uint32_t)n_out));
    ttm_trio t = ttm_trio_create(dev, (tf_core){0, 0}, NULL, cmp);
    MUST(tf_program_set_cb(t.p, 0, page, (uint32_t)n_in));
    MUST(tf_program_set_cb(t.p, 16, page, (uint32_t)n_out));
    uint32_t ca[] = {(uint32_t)mode, (uint32_t)rows, arg2};
    int rc = ttm_trio_run(&t, din, (uint32_t)n_in, dout, (uint32_t)n_out, ca, 3, err, errcap);
    if (!rc) {
        rt_read_tiles(dout, 32 * (uint32_t)n_out, 32, f, out);
        if (pc) MUST(tf_program_counters(t.p, pc));
    }
    ttm_trio_free(&t);
    tf_buffer_free(din);
    tf_buffer_free(dout);
    return rc;
}

/* reduce_block_max_row's result for row block r: column 0 the max of the
 * 4 tiles' row (the scaler 1.0), and of the previous maximum's column 0
 * (with_prev); the other columns the previous maximum's, or 0 */
static void reference(const float *x, int rows, int with_prev, float *want)
{
    for (int r = 0; r < rows; r++) {
        const float *prev = x + (size_t)(1 + 4 * rows + r) * E;
        for (int i = 0; i < D; i++) {
            float m = -INFINITY;
            for (int t = 0; t < 4; t++)
                for (int c = 0; c < D; c++) {
                    float v = x[(size_t)(1 + 4 * r + t) * E + i * D + c];
                    if (v > m) m = v;
                }
            if (with_prev && !(m > prev[i * D])) m = prev[i * D];
            for (int c = 0; c < D; c++)
                want[(size_t)r * E + i * D + c] = c == 0 ? m : with_prev ? prev[i * D + c] : 0.0f;
        }
    }
}

static int differ(const float *a, const float *b, int n, const char *what)
{
    int bad = 0;
    for (int i = 0; i < n; i++)
        if (fb(a[i]) != fb(b[i]) && bad++ < 4 && what)
            fprintf(stderr, "%s: tile %d (%d, %d) = 0x%08x, want 0x%08x\n", what, i / E, i / D % D,
                    i % D, fb(a[i]), fb(b[i]));
    return bad;
}

/* modes 0-3 (sdpa_names.cpp) on rows blocks of 4 tiles */
static void block_max_case(int where, int rows)
{
    static float x[MAX_TILES * E], out[4][4 * E], want[4 * E];
    input(x, rows, rows, where == BF16_DEST16);
    tf_perf_core pc[4];
    char err[2048];
    for (int mode = 0; mode < 4; mode++) {
        if (run(mode, rows, 0, where, x, 1 + 5 * rows, out[mode], rows, &pc[mode], err,
                sizeof err)) {
            fprintf(stderr, "block max mode %d where %d: %s\n", mode, where, err);
            CHECK_TRUE(0);
            return;
        }
        reference(x, rows, mode == 1, want);
        char what[64];
        snprintf(what, sizeof what, "block max mode %d where %d", mode, where);
        CHECK_EQ_U(differ(out[mode], want, rows * E, what), 0);
    }
    /* the block is reduce_tile on each tile: the same cycles of each unit
     * (mode 1 adds its copies) */
    for (int u = 0; u < TF_PERF_NUM_UNITS; u++) {
        CHECK_EQ_U(pc[0].unit_busy[u], pc[3].unit_busy[u]);
        CHECK_EQ_U(pc[2].unit_busy[u], pc[3].unit_busy[u]);
    }
    CHECK_TRUE(pc[0].unit_busy[TF_PERF_UNIT_FPU] > 0);
    CHECK_TRUE(pc[1].unit_busy[TF_PERF_UNIT_FPU] > pc[0].unit_busy[TF_PERF_UNIT_FPU]);
}

/* The L1 word index of element (row, col) of an fp32 tile (faces of 16 x
 * 16 in order: top left, top right, bottom left, bottom right) */
static int word_of(int row, int col)
{
    return (row / 16 * 2 + col / 16) * 256 + row % 16 * 16 + col % 16;
}

/* modes 4-6: the word at (row, col) of data tile 0 says tile 1 into DEST
 * 2 (bits 0x6); the output is data tile 1 */
static void read_value_case(int mode, int row, int col)
{
    static float x[5 * E], out[E];
    input(x, 1, 0, 0);
    for (int i = E; i < 2 * E; i++) x[i] = bf(fb(x[i]) & ~0xfu); /* no stray bits elsewhere */
    x[E + row * D + col] = bf(0x3f800006u);                      /* 1.0000007: tile 1, DEST 2 */
    char err[2048];
    if (run(mode, 1, (uint32_t)word_of(row, col), FP32_DEST32, x, 5, out, 1, NULL, err,
            sizeof err)) {
        fprintf(stderr, "read value mode %d: %s\n", mode, err);
        CHECK_TRUE(0);
        return;
    }
    char what[64];
    snprintf(what, sizeof what, "read value mode %d (%d, %d)", mode, row, col);
    CHECK_EQ_U(differ(out, x + 2 * E, E, what), 0);
}

static void fault_case(int mode, const char *msg, const char *line)
{
    static float x[5 * E], out[E];
    input(x, 1, 0, 1);
    char err[2048];
    int rc = run(mode, 1, 0, BF16_DEST16, x, 5, out, 1, NULL, err, sizeof err);
    CHECK_TRUE(rc != 0);
    if (!rc) {
        fprintf(stderr, "mode %d: no fault\n", mode);
        return;
    }
    CHECK_CONTAINS(err, msg);
    TTM_CHECK_LINE(err, line);
}

int main(void)
{
    dev = rt_open(1, 1);
    /* the reference tells a previous maximum from none */
    {
        static float x[11 * E], a[2 * E], b[2 * E];
        input(x, 2, 2, 1);
        reference(x, 2, 0, a);
        reference(x, 2, 1, b);
        CHECK_TRUE(differ(a, b, 2 * E, NULL) > 0);
    }
    block_max_case(BF16_DEST16, 1);
    block_max_case(BF16_DEST16, 3);
    block_max_case(FP32_DEST32, 2);
    read_value_case(4, 0, 0);
    read_value_case(4, 19, 28);
    read_value_case(5, 5, 17);
    read_value_case(6, 31, 3);
    fault_case(7, "respect_trigger = true", "sdpa_names.cpp:62");
    fault_case(8, "a block of 0 tiles", "sdpa_names.cpp:60");
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_sdpa_names");
}
