// The oldest reduce inits, with the kind and dimension as arguments (MODE):
// 0 reduce_init<true>(SUM, REDUCE_ROW, ...), 1 reduce_init_short(MAX,
// REDUCE_COL, ...) after binary_op_init_common, 2 reduce_init_delta<false>(SUM,
// REDUCE_SCALAR, ...) after binary_op_init_common; then the oldest
// reduce_tile of CB 0's tile 0 with tile 1 as the scaler (all ones) into DEST
// 0, packed to CB 16.
#include "api/compute/reduce.h"

void kernel_main()
{
    constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
#if MODE == 0
    constexpr PoolType op = PoolType::SUM;
    constexpr ReduceDim dim = ReduceDim::REDUCE_ROW;
    reduce_init<true>(op, dim, in, in, out);
#elif MODE == 1
    constexpr PoolType op = PoolType::MAX;
    constexpr ReduceDim dim = ReduceDim::REDUCE_COL;
    binary_op_init_common(in, in, out);
    reduce_init_short(op, dim, in, in, out);
#else
    constexpr PoolType op = PoolType::SUM;
    constexpr ReduceDim dim = ReduceDim::REDUCE_SCALAR;
    binary_op_init_common(in, in, out);
    reduce_init_delta<false>(op, dim, out, in, in);
#endif
    cb_wait_front(in, 2);
    cb_reserve_back(out, 1);
    tile_regs_acquire();
    reduce_tile(op, dim, in, in, 0, 1, 0);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, out);
    tile_regs_release();
    cb_push_back(out, 1);
    cb_pop_front(in, 2);
    reduce_revert_delta(out);
}
