// sfpu_reduce in a tt-metal-style compute kernel (test_ttm_sfpu_reduce.c):
// CB 0's tile (format DF, a build define) to DEST[0], the reduction of
// runtime argument 0's PoolType (0 SUM, 1 AVG, 2 MAX, 3 MIN) on it, along
// runtime argument 2's dimension (0 REDUCE_COL, 1 REDUCE_ROW: not AVG),
// DEST[0] packed to CB 16. Runtime argument 1 picks a mistake the engine faults on:
// 0 none, 1 the init of another PoolType, 2 ct_dim = 2, 3 rt_dim = 300,
// 4 the integer (float) init before a float (integer) reduction, 5 the
// other kind's init and reduction (a float reduction of an integer tile, or
// the reverse).
#include <cstdint>

#include "api/compute/compute_kernel_api.h"
#include "api/compute/sfpu_reduce.h"

namespace
{
constexpr auto df = static_cast<DataFormat>(DF);
constexpr bool int_df =
    df == DataFormat::Int32 || df == DataFormat::UInt32 || df == DataFormat::UInt16;
// a format of the other kind, for mistake 4
constexpr auto other_df = int_df ? DataFormat::Float32 : DataFormat::Int32;

template <PoolType pool> void reduce(uint32_t mistake, uint32_t row)
{
    if (mistake == 1)
        sfpu_reduce_init<pool == PoolType::SUM ? PoolType::MAX : PoolType::SUM, df>();
    else if (mistake == 4 || mistake == 5)
        sfpu_reduce_init<pool, other_df>();
    else
        sfpu_reduce_init<pool, df>();
    if constexpr (pool != PoolType::AVG) {
        if (row) {
            if (mistake == 2)
                sfpu_reduce<pool, df, ReduceDim::REDUCE_ROW>(0, 2, 1);
            else
                sfpu_reduce<pool, df, ReduceDim::REDUCE_ROW>(0);
            return;
        }
    }
    if (mistake == 2)
        sfpu_reduce<pool, df>(0, 2, 1);
    else if (mistake == 3)
        sfpu_reduce<pool, df, ReduceDim::REDUCE_COL>(0, 1, 300);
    else if (mistake == 5)
        sfpu_reduce<pool, other_df>(0);
    else
        sfpu_reduce<pool, df, ReduceDim::REDUCE_COL>(0);
}
} // namespace

void kernel_main()
{
    constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
    const uint32_t pool = get_arg_val<uint32_t>(0), mistake = get_arg_val<uint32_t>(1);
    const uint32_t row = get_arg_val<uint32_t>(2);
    init_sfpu(cb_in, cb_out);
    cb_wait_front(cb_in, 1);
    cb_reserve_back(cb_out, 1);
    tile_regs_acquire();
    copy_tile_init(cb_in);
    copy_tile(cb_in, 0, 0);
    switch (pool) {
    case 0: reduce<PoolType::SUM>(mistake, row); break;
    case 1: reduce<PoolType::AVG>(mistake, row); break;
    case 2: reduce<PoolType::MAX>(mistake, row); break;
    default: reduce<PoolType::MIN>(mistake, row); break;
    }
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, cb_out);
    tile_regs_release();
    cb_push_back(cb_out, 1);
    cb_pop_front(cb_in, 1);
}
