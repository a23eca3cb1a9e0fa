// Softmax of one head's scores over the cache's positions (one tile: row 0
// is the token's query against 32 positions): the mask added (positions
// not written yet become -inf), the row max (reduce MAX over rows), x -
// max (sub bcast cols) and exp, the row sum (reduce SUM) and its
// reciprocal in one DEST, then exp times it (mul bcast cols) into CB 16.
// CBs: decode_args.h.
#include "api/compute/bcast.h"
#include "api/compute/compute_kernel_hw_startup.h"
#include "api/compute/eltwise_binary.h"
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/recip.h"
#include "api/compute/reduce.h"
#include "decode_args.h"
#include "tools/profiler/kernel_profiler.hpp"

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
    DeviceZoneScopedN("softmax");
    binary_op_init_common(DEC_SM_CB_IN, DEC_SM_CB_MASK, DEC_SM_CB_X);
    cb_wait_front(DEC_SM_CB_IN, 1);
    cb_wait_front(DEC_SM_CB_MASK, 1);
    cb_wait_front(DEC_SM_CB_SCALER, 1);
    add_tiles_init(DEC_SM_CB_IN, DEC_SM_CB_MASK);
    tile_regs_acquire();
    add_tiles(DEC_SM_CB_IN, DEC_SM_CB_MASK, 0, 0, 0);
    pack_to(DEC_SM_CB_X);
    cb_pop_front(DEC_SM_CB_IN, 1);
    cb_pop_front(DEC_SM_CB_MASK, 1);

    cb_wait_front(DEC_SM_CB_X, 1);
    reduce_init<PoolType::MAX, ReduceDim::REDUCE_ROW>(DEC_SM_CB_X, DEC_SM_CB_SCALER, DEC_SM_CB_MAX);
    tile_regs_acquire();
    reduce_tile<PoolType::MAX, ReduceDim::REDUCE_ROW>(DEC_SM_CB_X, DEC_SM_CB_SCALER, 0, 0, 0);
    pack_to(DEC_SM_CB_MAX);
    reduce_uninit();

    cb_wait_front(DEC_SM_CB_MAX, 1);
    sub_bcast_cols_init_short(DEC_SM_CB_X, DEC_SM_CB_MAX);
    tile_regs_acquire();
    sub_tiles_bcast_cols(DEC_SM_CB_X, DEC_SM_CB_MAX, 0, 0, 0);
    exp_tile_init<false>();
    exp_tile<false>(0);
    pack_to(DEC_SM_CB_EXP);
    cb_pop_front(DEC_SM_CB_X, 1);
    cb_pop_front(DEC_SM_CB_MAX, 1);

    cb_wait_front(DEC_SM_CB_EXP, 1);
    reduce_init<PoolType::SUM, ReduceDim::REDUCE_ROW>(DEC_SM_CB_EXP, DEC_SM_CB_SCALER,
                                                      DEC_SM_CB_RSUM);
    tile_regs_acquire();
    reduce_tile<PoolType::SUM, ReduceDim::REDUCE_ROW>(DEC_SM_CB_EXP, DEC_SM_CB_SCALER, 0, 0, 0);
    recip_tile_init();
    recip_tile(0);
    pack_to(DEC_SM_CB_RSUM);
    reduce_uninit();

    cb_wait_front(DEC_SM_CB_RSUM, 1);
    mul_bcast_cols_init_short(DEC_SM_CB_EXP, DEC_SM_CB_RSUM);
    tile_regs_acquire();
    mul_tiles_bcast_cols(DEC_SM_CB_EXP, DEC_SM_CB_RSUM, 0, 0, 0);
    pack_to(DEC_CB_OUT);
    cb_pop_front(DEC_SM_CB_EXP, 1);
    cb_pop_front(DEC_SM_CB_RSUM, 1);
    cb_pop_front(DEC_SM_CB_SCALER, 1);
}
