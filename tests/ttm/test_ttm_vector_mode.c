/* SFPU ops over part of a tile: tt-metal's vector modes (VectorMode::R
 * faces 0 and 1, C faces 0 and 2, RC all four, any other value face 0
 * alone, as tt-llk's _llk_math_eltwise_unary_sfpu_params_ walks a tile),
 * on each op whose tt-metal form takes one (tests/ttm/kernels/vm_ops.cpp):
 * exp_tile (and its scaling), recip_tile, sigmoid_tile, binary_max_tile
 * and binary_min_tile (SDPA's running max: VectorMode::C), max_tile,
 * rdiv_tile, rpow_tile, and the pack thread's exp_packthread_tile and
 * sigmoid_tile_pack. For each mode and op, on both DEST widths:
 *   - the faces of the mode hold the op's RC result bit for bit;
 *   - the other faces of the output tile keep what they held (x, or the
 *     zeros of a released tile);
 *   - the SFPU's modeled cycles and FLOPs are the faces' share of RC's.
 * The faults: floats over part of a tile of integers, a running sum over
 * part of a tile. */
#include "ttm_sfpu.h"

enum { E = 1024 };

static tf_device *dev;

/* vm_ops.cpp with MODE, VMODE and OUT on x and y; fp32 or bf16 tiles (and
 * DEST width). 0 with the output tile (row-major) and the counters, or the
 * failure in err. */
static int run(int mode, int vmode, int out_tile, int fp32, const float *x, const float *y,
               float *out, tf_perf_core *pc, char *err, size_t errcap)
{
    char d0[24], d1[24], d2[24];
    snprintf(d0, sizeof d0, "MODE=%d", mode);
    snprintf(d1, sizeof d1, "VMODE=%d", vmode);
    snprintf(d2, sizeof d2, "OUT=%d", out_tile);
    const char *defs[] = {d0, d1, d2};
    return ttm_sfpu_xy(dev, "vm_ops", defs, 3, fp32, x, y, out, pc, err, errcap);
}

/* the face (0-3) of row-major element i */
static int face_of(int i)
{
    return (i / 32 / 16) * 2 + (i % 32) / 16;
}

/* the faces of tt-metal's VectorMode value vm */
static unsigned faces_of(int vm)
{
    return vm == 1 ? 0x3u : vm == 2 ? 0x5u : vm == 4 ? 0xfu : 0x1u;
}

static void inputs(float *x, float *y, int bf16)
{
    for (int i = 0; i < E; i++) { /* positive, exact, not 0: every op's domain */
        x[i] = 0.25f + (float)(i % 61) * 0.0625f;
        y[i] = 4.0f - (float)(i % 37) * 0.125f;
        if (bf16) x[i] = ttm_bf16_rne(x[i]), y[i] = ttm_bf16_rne(y[i]);
    }
}

static const char *const op_name[] = {
    "exp_tile",        "recip_tile",          NULL,
    "sigmoid_tile",    "exp_tile(scale)",     "binary_max_tile",
    "max_tile",        "rdiv_tile",           "rpow_tile",
    "binary_min_tile", "exp_packthread_tile", "sigmoid_tile_pack"};

/* op `mode` over each vector mode, against its RC result */
static void op_case(int mode, int fp32)
{
    static float x[E], y[E], ref[E], out[E];
    tf_perf_core rc_pc, pc;
    char err[2048];
    int out_tile = mode == 5 ? 2 : 0;
    inputs(x, y, !fp32);
    MUST(run(mode, 4, out_tile, fp32, x, y, ref, &rc_pc, err, sizeof err));
    static const int vms[] = {1, 2, 0}; /* R, C, None (face 0 alone) */
    for (size_t v = 0; v < sizeof vms / sizeof *vms; v++) {
        int vm = vms[v];
        if (run(mode, vm, out_tile, fp32, x, y, out, &pc, err, sizeof err)) {
            fprintf(stderr, "%s VectorMode %d: %s\n", op_name[mode], vm, err);
            CHECK_TRUE(0);
            continue;
        }
        unsigned faces = faces_of(vm);
        int bad = 0, changed = 0;
        for (int i = 0; i < E; i++) {
            float keep = mode == 5 ? 0.0f : x[i]; /* what the output tile held */
            int in = faces >> face_of(i) & 1;
            bad += !ttm_same(out[i], in ? ref[i] : keep);
            changed += in && !ttm_same(ref[i], keep);
        }
        if (bad)
            fprintf(stderr, "%s VectorMode %d (fp32 %d): %d values wrong\n", op_name[mode], vm,
                    fp32, bad);
        CHECK_EQ_U(bad, 0);
        CHECK_TRUE(changed > 0); /* (the op changed the faces it computes) */
        /* the cost: the faces' share of the whole tile's, rounded up */
        unsigned n = (unsigned)__builtin_popcount(faces);
        uint64_t rc = rc_pc.unit_busy[TF_PERF_UNIT_SFPU];
        if (mode != 4) /* (exp with scale: two ops, each rounded up) */
            CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], (rc * n + 3) / 4);
        CHECK_TRUE(pc.unit_busy[TF_PERF_UNIT_SFPU] < rc);
        CHECK_EQ_U(pc.flops[TF_PERF_FLOP_SFPU], rc_pc.flops[TF_PERF_FLOP_SFPU] * n / 4);
    }
}

/* exp_tile's scaling (scale_en): x s is one fp32 product in the SFPU's
 * registers, then exp: on a 16-bit DEST too, with no rounding of x s to
 * bf16 between (the store truncates the result alone) */
static void scaled_exp(void)
{
    static float x[E], y[E], out[E];
    tf_perf_core pc;
    char err[2048];
    const float s = tf_check_float(0x3FB90000u); /* 1.4453125 */
    for (int fp32 = 1; fp32 >= 0; fp32--) {
        for (int i = 0; i < E; i++) { /* -8 .. 4, exact in bf16 */
            x[i] = -8.0f + (float)i * (12.0f / 1024.0f);
            x[i] = ttm_bf16_rne(x[i]);
            y[i] = 0;
        }
        MUST(run(12, 4, 0, fp32, x, y, out, &pc, err, sizeof err));
        int bad = 0;
        for (int i = 0; i < E; i++) {
            float w = (float)exp((double)(x[i] * s));
            if (!fp32) w = ttm_bf16_trunc(w);
            bad += !ttm_same(out[i], w);
        }
        if (bad) fprintf(stderr, "scaled exp (fp32 %d): %d values differ\n", fp32, bad);
        CHECK_EQ_U(bad, 0);
    }
}

int main(void)
{
    dev = rt_open(1, 1);
    static const int modes[] = {0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    for (int fp32 = 1; fp32 >= 0; fp32--)
        for (size_t m = 0; m < sizeof modes / sizeof *modes; m++) op_case(modes[m], fp32);
    scaled_exp();
    /* SDPA's cost: a running max over a column of maxima (C) is half a
     * tile's; exact figures, the simulator being deterministic */
    {
        static float x[E], y[E], out[E];
        tf_perf_core pc;
        char err[2048];
        inputs(x, y, 0);
        MUST(run(5, 2, 2, 1, x, y, out, &pc, err, sizeof err));
        CHECK_EQ_U(pc.unit_busy[TF_PERF_UNIT_SFPU], 32);
        CHECK_EQ_U(pc.flops[TF_PERF_FLOP_SFPU], 512);
    }
    /* the faults */
    {
        static float x[E], y[E], out[E];
        tf_perf_core pc;
        char err[2048];
        inputs(x, y, 0);
        CHECK_TRUE(run(20, 2, 2, 1, x, y, out, &pc, err, sizeof err) != 0);
        CHECK_CONTAINS(err, "tile engine SFPU MAX_BINARY: over part of the tile (a vector mode "
                            "other than RC) into a DEST tile whose other faces hold integers, "
                            "where the op writes floats");
        TTM_CHECK_LINE(err, "vm_ops.cpp:");
        CHECK_TRUE(run(21, 1, 0, 1, x, y, out, &pc, err, sizeof err) != 0);
        CHECK_CONTAINS(err, "tile engine SFPU CUMSUM: a vector mode other than RC: the op's "
                            "result crosses the tile's faces");
        CHECK_TRUE(run(22, 1, 0, 1, x, y, out, &pc, err, sizeof err) != 0);
        CHECK_CONTAINS(err, "tile engine SFPU MAX_INT32: over part of the tile (a vector mode "
                            "other than RC) into a DEST tile whose other faces hold floats, "
                            "where the op writes integers");
        CHECK_TRUE(run(23, 1, 0, 1, x, y, out, &pc, err, sizeof err) != 0);
        CHECK_CONTAINS(err, "tile engine SFPU ADD_BCAST_COL: a vector mode other than RC");
    }
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_vector_mode");
}
