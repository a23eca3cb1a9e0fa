// Row softmax, numerically stable, in tt-metal's C++ API (the protocol of
// tests/kernels/softmax_compute.c): per row of Wt tiles, the max (reduce
// MAX over rows), x - max (sub bcast cols), exp, the sum (reduce SUM) and
// its reciprocal in the same DEST, then x times 1/sum (mul bcast cols).
// CBs: 0 input (Wt a row), 1 the reduce scaler (1.0), 2 exps, 3 1/sum, 4
// max, 5 x - max, 16 output. args: 0 rows, 1 Wt. EXP_APPROX: exp_tile<true>.
#include "api/compute/bcast.h"
#include "api/compute/eltwise_binary.h"
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/recip.h"
#include "api/compute/reduce.h"
#include "api/compute/tile_move_copy.h"

#ifdef EXP_APPROX
constexpr bool exp_approx = true;
#else
constexpr bool exp_approx = false;
#endif

constexpr auto cb_in = tt::CBIndex::c_0, cb_scaler = tt::CBIndex::c_1, cb_exps = tt::CBIndex::c_2;
constexpr auto cb_recip = tt::CBIndex::c_3, cb_max = tt::CBIndex::c_4,
               cb_x_m_max = tt::CBIndex::c_5;
constexpr auto cb_out = tt::CBIndex::c_16;

// DEST[0] into a new page of cb (math commits, the packer packs and pushes)
void pack_to(uint32_t cb)
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
    uint32_t rows = get_arg_val<uint32_t>(0), wt = get_arg_val<uint32_t>(1);
    binary_op_init_common(cb_in, cb_scaler, cb_exps);
    cb_wait_front(cb_scaler, 1);
    for (uint32_t r = 0; r < rows; r++) {
        cb_wait_front(cb_in, wt);
        reduce_init<PoolType::MAX, ReduceDim::REDUCE_ROW>(cb_in, cb_scaler, cb_max);
        tile_regs_acquire();
        for (uint32_t n = 0; n < wt; n++)
            reduce_tile<PoolType::MAX, ReduceDim::REDUCE_ROW>(cb_in, cb_scaler, n, 0, 0);
        pack_to(cb_max);
        reduce_uninit();

        cb_wait_front(cb_max, 1);
        sub_bcast_cols_init_short(cb_in, cb_max);
        for (uint32_t n = 0; n < wt; n++) {
            tile_regs_acquire();
            sub_tiles_bcast_cols(cb_in, cb_max, n, 0, 0);
            pack_to(cb_x_m_max);
        }
        cb_pop_front(cb_in, wt);
        cb_pop_front(cb_max, 1);

        cb_wait_front(cb_x_m_max, wt);
        init_sfpu(cb_x_m_max, cb_exps);
        exp_tile_init<exp_approx>();
        for (uint32_t n = 0; n < wt; n++) {
            tile_regs_acquire();
            copy_tile(cb_x_m_max, n, 0);
            exp_tile<exp_approx>(0);
            pack_to(cb_exps);
        }
        cb_pop_front(cb_x_m_max, wt);

        cb_wait_front(cb_exps, wt);
        reduce_init<PoolType::SUM, ReduceDim::REDUCE_ROW>(cb_exps, cb_scaler, cb_recip);
        tile_regs_acquire();
        for (uint32_t n = 0; n < wt; n++)
            reduce_tile<PoolType::SUM, ReduceDim::REDUCE_ROW>(cb_exps, cb_scaler, n, 0, 0);
        recip_tile_init();
        recip_tile(0);
        pack_to(cb_recip);
        reduce_uninit();

        cb_wait_front(cb_recip, 1);
        mul_bcast_cols_init_short(cb_exps, cb_recip);
        for (uint32_t n = 0; n < wt; n++) {
            tile_regs_acquire();
            mul_tiles_bcast_cols(cb_exps, cb_recip, n, 0, 0);
            pack_to(cb_out);
        }
        cb_pop_front(cb_exps, wt);
        cb_pop_front(cb_recip, 1);
    }
}
