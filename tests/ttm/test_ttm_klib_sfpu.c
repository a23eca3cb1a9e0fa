/* ttnn's kernel_lib SFPU chains (compute_kernel_lib::sfpu_pipeline,
 * sfpu_chain, sfpu_op, the sfpu_<op> shorthands; sfpu_helpers.hpp) in
 * tt-metal-style compute kernels built at run time
 * (tests/ttm/kernels/klib_sfpu.cpp): each form's every output value
 * against a host reference. fp32 tiles and an fp32 DEST (4 tiles: 6 tiles
 * make a full batch and a partial one); inputs are quarters in [-4, 4), so
 * negation, relu, squares, x 3, + 1/2, + 1 and x * x + x (SfpuMul, SfpuAdd),
 * the clamp, floor, comparison, frac and softshrink (by 1/2) are exact in
 * fp32 (docs/chip.md "Numerics"); Where, Addcmul and Lerp between slots
 * (their one multiply-add: fmaf). The refused forms fail to build with
 * their messages.
 */
#include "tt_foil/kbuild.h"
#include "tt_foil/tile.h"
#include "ttm_test.h"

#include <math.h>

static tf_device *dev;

enum { D = 32, N = 6 };

/* tests/ttm/kernels/klib_sfpu.cpp with -DMODE=mode -DNT=N: cb_loader fills
 * CB 0 with the N tiles of in, the kernel runs, tile_writer16 writes the N
 * pages of CB 16 to out. CB 0 holds all N tiles, CB 16 `out_pages` (N for
 * a Bulk output). Returns 0, or the dispatch's failure with its message in
 * err. */
static int sf_run(int mode, const float *in, float *out, uint32_t out_pages, char *err,
                  size_t errcap)
{
    char defs[2][24];
    snprintf(defs[0], sizeof defs[0], "MODE=%d", mode);
    snprintf(defs[1], sizeof defs[1], "NT=%d", N);
    const char *dp[2] = {defs[0], defs[1]};
    return ttm_run_fp32_tiles(dev, ttm_compute_fp32(dev, "klib_sfpu", dp, 2), in, N, out, N,
                              out_pages, NULL, 0, err, errcap);
}

/* What MODE=mode makes of x. */
static float want_of(int mode, float x)
{
    switch (mode) {
    case 0: return -x;
    case 1: return x > 0 ? x : 0;
    case 2: return 3 * x;
    case 3: return 2 * x;
    case 4: return x + 0.5f;
    case 5: return x * x + 1;
    case 6: return -x;
    case 7: return -(x * x);
    case 8: return x * x * x;
    case 9: return x * x + x;
    case 10: return x == x * x ? 1.0f : 0.0f;
    case 11: return x != 0 ? -x : x; /* where: x's bits; a quarter is never -0 */
    case 12: return fmaf(2 * x, x, x);
    case 13: return fmaf(0.5f, x * x - x, x); /* lerp */
    case 14: return floorf(x < -1.5f ? -1.5f : x > 2.25f ? 2.25f : x) >= 1.0f ? 1.0f : 0.0f;
    case 15: return x - truncf(x);
    default: return x > 0.5f ? x - 0.5f : x < -0.5f ? x + 0.5f : 0.0f; /* 16 */
    }
}

static void sfpu_case(int mode, uint32_t out_pages)
{
    static float in[N * 1024], out[N * 1024], want[N * 1024], m[1024];
    for (int t = 0; t < N; t++) {
        for (int i = 0; i < 1024; i++) m[i] = ttm_x_val(t, i / D, i % D);
        MUST(tf_tilize(m, D, D, TF_TILE_FORMAT_FP32, in + 1024 * t));
        for (int i = 0; i < 1024; i++) m[i] = want_of(mode, m[i]);
        MUST(tf_tilize(m, D, D, TF_TILE_FORMAT_FP32, want + 1024 * t));
    }
    char err[2048] = "";
    const int rc = sf_run(mode, in, out, out_pages, err, sizeof err);
    ttm_check_mode("klib_sfpu", mode, rc, err, out, want, N * 1024);
}

static void refused(int mode, const char *msg)
{
    ttm_refused(dev, "klib_sfpu_refused", mode, msg);
}

int main(void)
{
    dev = rt_open(1, 1);
    for (int mode = 0; mode <= 16; mode++)
        sfpu_case(mode, mode == 2 ? N : 2); /* 2: Bulk reserves all N */
    refused(0, "not supported by tt-foil: compute_kernel_lib::IntAdd: this SFPU op between DEST "
               "slots is not modeled");
    refused(1, "not supported by tt-foil: compute_kernel_lib::StochasticRound: an SFPU op the "
               "tile engine does not model");
    refused(2, "not supported by tt-foil: compute_kernel_lib::Dropout");
    refused(3, "not supported by tt-foil: a compute_kernel_lib::sfpu_chain with a Load as a "
               "post-op");
    refused(4, "compute_kernel_lib::sfpu_pipeline: the template arguments are at most one each");
    refused(5, "compute_kernel_lib::sfpu_chain: the same CB appears in non-adjacent Load groups");
    refused(6, "not supported by tt-foil: compute_kernel_lib::reduce with a post-op chain "
               "holding a DestReuseOp");
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_klib_sfpu");
}
