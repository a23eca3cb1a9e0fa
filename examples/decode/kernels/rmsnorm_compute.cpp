// RMSNorm of the activation row, y = x / sqrt(mean(x^2) + eps) * gamma:
// x^2 (mul_tiles) into CB 3, their row sums scaled by 1/D (reduce SUM over
// rows) + eps and rsqrt in one DEST into CB 4, then x times it (mul bcast
// cols) times the gain (dest reuse mul) into CB 16. Arguments and CBs:
// decode_args.h.
#include "api/compute/bcast.h"
#include "api/compute/compute_kernel_hw_startup.h"
#include "api/compute/eltwise_binary.h"
#include "api/compute/eltwise_unary/binop_with_scalar.h"
#include "api/compute/eltwise_unary/rsqrt.h"
#include "api/compute/reduce.h"
#include "decode_args.h"
#include "tools/profiler/kernel_profiler.hpp"

// DEST[0] into a new page of cb
static void pack_to(uint32_t cb)
{
    tile_regs_commit();
    cb_reserve_back(cb, 1);
    tile_regs_wait();
    pack_tile(0, cb);
    tile_regs_release();
    cb_push_back(cb, 1);
}

void kernel_main()
{
    const uint32_t dt = get_arg_val<uint32_t>(DEC_NC_DT);
    const uint32_t eps = get_arg_val<uint32_t>(DEC_NC_EPS);
    DeviceZoneScopedN("rmsnorm");
    binary_op_init_common(DEC_NORM_CB_X, DEC_NORM_CB_X, DEC_NORM_CB_SQ);
    cb_wait_front(DEC_NORM_CB_X, dt);
    cb_wait_front(DEC_NORM_CB_SCALER, 1);
    mul_tiles_init(DEC_NORM_CB_X, DEC_NORM_CB_X);
    for (uint32_t t = 0; t < dt; t++) {
        tile_regs_acquire();
        mul_tiles(DEC_NORM_CB_X, DEC_NORM_CB_X, t, t, 0);
        pack_to(DEC_NORM_CB_SQ);
    }
    cb_wait_front(DEC_NORM_CB_SQ, dt);
    reduce_init<PoolType::SUM, ReduceDim::REDUCE_ROW>(DEC_NORM_CB_SQ, DEC_NORM_CB_SCALER,
                                                      DEC_NORM_CB_RINV);
    tile_regs_acquire();
    for (uint32_t t = 0; t < dt; t++)
        reduce_tile<PoolType::SUM, ReduceDim::REDUCE_ROW>(DEC_NORM_CB_SQ, DEC_NORM_CB_SCALER, t, 0,
                                                          0);
    binop_with_scalar_tile_init();
    add_unary_tile(0, eps);
    rsqrt_tile_init();
    rsqrt_tile(0);
    pack_to(DEC_NORM_CB_RINV);
    reduce_uninit();
    cb_pop_front(DEC_NORM_CB_SQ, dt);

    cb_wait_front(DEC_NORM_CB_RINV, 1);
    cb_wait_front(DEC_NORM_CB_GAMMA, dt);
    for (uint32_t t = 0; t < dt; t++) {
        tile_regs_acquire();
        mul_bcast_cols_init_short(DEC_NORM_CB_X, DEC_NORM_CB_RINV);
        mul_tiles_bcast_cols(DEC_NORM_CB_X, DEC_NORM_CB_RINV, t, 0, 0);
        binary_dest_reuse_tiles_init<EltwiseBinaryType::ELWMUL,
                                     EltwiseBinaryReuseDestType::DEST_TO_SRCA>(DEC_NORM_CB_GAMMA);
        binary_dest_reuse_tiles<EltwiseBinaryType::ELWMUL,
                                EltwiseBinaryReuseDestType::DEST_TO_SRCA>(DEC_NORM_CB_GAMMA, t, 0);
        pack_to(DEC_CB_OUT);
    }
    cb_pop_front(DEC_NORM_CB_RINV, 1);
    cb_pop_front(DEC_NORM_CB_GAMMA, dt);
    cb_pop_front(DEC_NORM_CB_X, dt);
}
