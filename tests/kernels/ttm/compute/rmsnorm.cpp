// RMSNorm over rows of Wt tiles, y = x / sqrt(mean(x^2) + eps), in
// tt-metal's older C++ style (compute_kernel_api.h, namespace NAMESPACE {
// void MAIN }, acquire_dst/release_dst) with the protocol of
// tests/kernels/rmsnorm_compute.c: x^2 (mul_tiles) into CB 3, the mean
// (reduce SUM over rows, 1/W scaler) into CB 4, + eps (add bcast scalar)
// and rsqrt in one DEST into CB 5, then x times it (mul bcast cols).
// CBs: 0 x, 1 scaler 1/W, 2 eps tile ([0][0]), 3 x^2, 4 mean, 5 rsqrt,
// 16 out. args: 0 rows, 1 Wt.
#include "compute_kernel_api.h"
#include "compute_kernel_api/bcast.h"
#include "compute_kernel_api/eltwise_binary.h"
#include "compute_kernel_api/eltwise_unary/rsqrt.h"
#include "compute_kernel_api/reduce.h"

namespace NAMESPACE
{
void pack_one(uint32_t cb)
{
    cb_reserve_back(cb, 1);
    pack_tile(0, cb);
    cb_push_back(cb, 1);
}

void MAIN
{
    uint32_t rows = get_arg_val<uint32_t>(0), wt = get_arg_val<uint32_t>(1);
    binary_op_init_common(tt::CB::c_in0, tt::CB::c_in0, tt::CB::c_in3);
    cb_wait_front(tt::CB::c_in1, 1);
    cb_wait_front(tt::CB::c_in2, 1);
    for (uint32_t r = 0; r < rows; r++) {
        cb_wait_front(tt::CB::c_in0, wt);
        mul_tiles_init(tt::CB::c_in0, tt::CB::c_in0);
        for (uint32_t n = 0; n < wt; n++) {
            acquire_dst();
            mul_tiles(tt::CB::c_in0, tt::CB::c_in0, n, n, 0);
            pack_one(tt::CB::c_in3);
            release_dst();
        }
        cb_wait_front(tt::CB::c_in3, wt);
        reduce_init_delta<false, PoolType::SUM, ReduceDim::REDUCE_ROW>(tt::CB::c_in4, tt::CB::c_in3,
                                                                       tt::CB::c_in1);
        acquire_dst();
        for (uint32_t n = 0; n < wt; n++)
            reduce_tile(PoolType::SUM, ReduceDim::REDUCE_ROW, tt::CB::c_in3, tt::CB::c_in1, n, 0,
                        0);
        pack_one(tt::CB::c_in4);
        release_dst();
        reduce_revert_delta(tt::CB::c_in4);
        cb_pop_front(tt::CB::c_in3, wt);
        cb_wait_front(tt::CB::c_in4, 1);
        add_bcast_scalar_init_short(tt::CB::c_in4, tt::CB::c_in2);
        acquire_dst();
        add_tiles_bcast_scalar(tt::CB::c_in4, tt::CB::c_in2, 0, 0, 0);
        rsqrt_tile_init();
        rsqrt_tile(0);
        pack_one(tt::CB::c_in5);
        release_dst();
        cb_pop_front(tt::CB::c_in4, 1);
        cb_wait_front(tt::CB::c_in5, 1);
        mul_bcast_cols_init_short(tt::CB::c_in0, tt::CB::c_in5);
        for (uint32_t n = 0; n < wt; n++) {
            acquire_dst();
            mul_tiles_bcast_cols(tt::CB::c_in0, tt::CB::c_in5, n, 0, 0);
            pack_one(tt::CB::c_out0);
            release_dst();
        }
        cb_pop_front(tt::CB::c_in5, 1);
        cb_pop_front(tt::CB::c_in0, wt);
    }
}
} // namespace NAMESPACE
