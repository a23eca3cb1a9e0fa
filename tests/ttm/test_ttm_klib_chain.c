/* ttnn's kernel_lib element-wise chains (compute_kernel_lib::eltwise_chain,
 * eltwise_pipeline, CopyTile, BinaryFpu, PackTile; eltwise_chain.hpp) in
 * tt-metal-style compute kernels built at run time
 * (tests/ttm/kernels/klib_chain.cpp, modeled on ttnn's 2026 unary
 * eltwise_sfpu.cpp and attention softmax.cpp): each form's every output
 * value against a host reference. fp32 tiles and an fp32 DEST; inputs are
 * quarters in [-4, 4) and B's values halves in [-2, 2), so the sums,
 * products, squares, negations and relu are exact in fp32 and exp is the
 * tile engine's exact one, exp in double rounded once to fp32 (docs/chip.md
 * "Numerics"). The refused forms fail to build with their messages
 * (tests/ttm/kernels/klib_chain_refused.cpp).
 */
#include "tt_foil/kbuild.h"
#include "tt_foil/tile.h"
#include "ttm_test.h"

#include <math.h>

static tf_device *dev;

enum { D = 32, N = 6 };

/* The modes whose CB 0 starts with B's tile (then the N tiles of A). */
static int has_b(int mode)
{
    return mode == 6 || mode == 8;
}

/* klib_chain.cpp with -DMODE=mode, n = N: cb_loader fills CB 0 with the
 * nin tiles of in, tile_writer16 writes the N pages of CB 16 to out. */
static int ch_run(int mode, const float *in, uint32_t nin, float *out, uint32_t out_pages,
                  char *err, size_t errcap)
{
    char def[24];
    snprintf(def, sizeof def, "MODE=%d", mode);
    const char *dp[1] = {def};
    const uint32_t cargs[1] = {N};
    return ttm_run_fp32_tiles(dev, ttm_compute_fp32(dev, "klib_chain", dp, 1), in, nin, out, N,
                              out_pages, cargs, 1, err, errcap);
}

/* B's element (r, c): a half in [-2, 2), different along both axes. */
static float b_val(int r, int c)
{
    return (float)(((r * 5 + c * 3) % 8) - 4) * 0.5f;
}

/* What MODE=mode makes of x (b: B's column 0 value of the row (mode 6),
 * its row 0 value of the column (mode 8)). */
static float want_of(int mode, float x, float b)
{
    switch (mode) {
    case 0: return x > 0 ? x : 0;
    case 1:
    case 5: return (float)exp((double)x);
    case 2: return -(x * x);
    case 3:
    case 7:
    case 12:
    case 13: return x + x;
    case 4: return x * x + x;
    case 6: return 0.0f + x * b; /* ELWMUL adds to DEST's 0: -0 becomes +0 */
    case 8: return x - b;
    case 9: return -x;
    case 11: return 0.0f + x * x;
    default: return -(x + 0.5f); /* 10 */
    }
}

static void chain_case(int mode, uint32_t out_pages)
{
    static float in[(N + 1) * 1024], out[N * 1024], want[N * 1024], m[1024], w[1024];
    int nb = has_b(mode);
    if (nb) {
        for (int i = 0; i < 1024; i++) m[i] = b_val(i / D, i % D);
        MUST(tf_tilize(m, D, D, TF_TILE_FORMAT_FP32, in));
    }
    for (int t = 0; t < N; t++) {
        for (int i = 0; i < 1024; i++) {
            int r = i / D, c = i % D;
            m[i] = ttm_x_val(t, r, c);
            w[i] = want_of(mode, m[i], mode == 6 ? b_val(r, 0) : b_val(0, c));
        }
        MUST(tf_tilize(m, D, D, TF_TILE_FORMAT_FP32, in + 1024 * (t + nb)));
        MUST(tf_tilize(w, D, D, TF_TILE_FORMAT_FP32, want + 1024 * t));
    }
    char err[2048] = "";
    const int rc = ch_run(mode, in, (uint32_t)(N + nb), out, out_pages, err, sizeof err);
    ttm_check_mode("klib_chain", mode, rc, err, out, want, N * 1024);
}

static void refused(int mode, const char *msg)
{
    ttm_refused(dev, "klib_chain_refused", mode, msg);
}

int main(void)
{
    dev = rt_open(1, 1);
    for (int mode = 0; mode <= 13; mode++)
        chain_case(mode, mode == 9 || mode == 11 ? N : 2); /* 9, 11: all N reserved up front */
    refused(0, "not supported by tt-foil: compute_kernel_lib::CopyTile with CbIndexMode::Pinned");
    refused(1, "not supported by tt-foil: compute_kernel_lib::PackTile with "
               "PackTilePolicy::PerTileReserveNoPush");
    refused(2, "not supported by tt-foil: compute_kernel_lib::DestReuseBinary");
    refused(3, "not supported by tt-foil: compute_kernel_lib::UnaryBcast");
    refused(4, "not supported by tt-foil: compute_kernel_lib::eltwise_chain(EltwiseShape, ...)");
    refused(5, "not supported by tt-foil: the newest eltwise_chain form");
    refused(6, "not supported by tt-foil: compute_kernel_lib::Load in an eltwise chain");
    refused(7, "compute_kernel_lib::CopyTile: CbIndexMode::BlockIter and Absolute read tile i");
    refused(8, "compute_kernel_lib::eltwise_chain(n, ...): the chain packs nothing");
    refused(9, "not supported by tt-foil: compute_kernel_lib::BinaryFpu with an output reconfig");
    refused(10, "not supported by tt-foil: compute_kernel_lib::PackTileBlock");
    refused(11, "compute_kernel_lib::eltwise_pipeline packs DEST[0] to its CB itself");
    refused(12, "compute_kernel_lib::eltwise_chain: an argument is no chain element");
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_klib_chain");
}
