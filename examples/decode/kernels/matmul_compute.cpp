// Matmul compute kernel of a decode step's projections: the activation row
// (Kt tiles, waited for once) times one weight column a tile at a time,
// Kt products accumulated in DEST, for each of the core's output columns.
// Built once per op (examples/decode/CMakeLists.txt), the op's epilogue
// chosen by a define:
//   MM_TRANSPOSE  B transposed (attention scores: q x K^T from the cache)
//   MM_RESIDUAL   + the residual tile (output projection, MLP down)
//   MM_GLU        silu(x W) * (x W2): the gate column into DEST 0, the up
//                 column into DEST 1 (the MLP's gated up projection)
// Arguments and CBs: decode_args.h.
#include "api/compute/compute_kernel_hw_startup.h"
#include "api/compute/eltwise_binary.h"
#include "api/compute/eltwise_binary_sfpu.h"
#include "api/compute/eltwise_unary/activations.h"
#include "api/compute/matmul.h"
#include "decode_args.h"
#include "tools/profiler/kernel_profiler.hpp"

#ifdef MM_TRANSPOSE
constexpr uint32_t transpose = 1;
#else
constexpr uint32_t transpose = 0;
#endif

static void column(uint32_t kt, uint32_t dst)
{
    for (uint32_t k = 0; k < kt; k++) {
        cb_wait_front(DEC_MM_CB_W, 1);
        matmul_tiles(DEC_MM_CB_IN0, DEC_MM_CB_W, k, 0, dst, transpose);
        cb_pop_front(DEC_MM_CB_W, 1);
    }
}

void kernel_main()
{
    const uint32_t kt = get_arg_val<uint32_t>(DEC_MMC_KT);
    const uint32_t count = get_arg_val<uint32_t>(DEC_MMC_COUNT_N);
    mm_init(DEC_MM_CB_IN0, DEC_MM_CB_W, DEC_CB_OUT, transpose);
    cb_wait_front(DEC_MM_CB_IN0, kt);
    for (uint32_t n = 0; n < count; n++) {
        DeviceZoneScopedN("column");
        tile_regs_acquire();
        column(kt, 0);
#ifdef MM_GLU
        column(kt, 1);
        silu_tile_init();
        silu_tile(0);
        mul_binary_tile_init();
        mul_binary_tile(0, 1, 0);
#endif
#ifdef MM_RESIDUAL
        cb_wait_front(DEC_MM_CB_RES, 1);
        binary_dest_reuse_tiles_init<EltwiseBinaryType::ELWADD,
                                     EltwiseBinaryReuseDestType::DEST_TO_SRCA>(DEC_MM_CB_RES);
        binary_dest_reuse_tiles<EltwiseBinaryType::ELWADD,
                                EltwiseBinaryReuseDestType::DEST_TO_SRCA>(DEC_MM_CB_RES, 0, 0);
        cb_pop_front(DEC_MM_CB_RES, 1);
#endif
        tile_regs_commit();
        cb_reserve_back(DEC_CB_OUT, 1);
        tile_regs_wait();
        pack_tile(0, DEC_CB_OUT);
        tile_regs_release();
        cb_push_back(DEC_CB_OUT, 1);
#if defined(MM_RESIDUAL) || defined(MM_GLU)
        mm_init_short(DEC_MM_CB_IN0, DEC_MM_CB_W, transpose);
#endif
    }
    cb_pop_front(DEC_MM_CB_IN0, kt);
}
