// reduce_init<PoolType, ReduceDim> / reduce_tile / reduce_uninit in
// tt-metal's C++ API (the protocol of tests/kernels/ops_reduce.c): n tiles
// of CB 0, scaled by CB 1's scaler tile, accumulate into DEST[0] -> one tile
// of CB 16. args: 0 n, 1 pool (0 SUM, 1 AVG, 2 MAX), 2 dim (0 ROW, 1 COL, 2
// SCALAR), 3 recip_tile on the result (softmax's 1/sum in the same DEST),
// 4 the oldest tree's reduce_tile(PoolType, ReduceDim, ...) form.
#include "api/compute/eltwise_unary/recip.h"
#include "api/compute/reduce.h"

template <PoolType pool, ReduceDim dim> void reduce(uint32_t n, bool runtime_form)
{
    reduce_init<pool, dim>(tt::CBIndex::c_0, tt::CBIndex::c_1, tt::CBIndex::c_16);
    for (uint32_t i = 0; i < n; i++) {
        if (runtime_form)
            reduce_tile(pool, dim, tt::CBIndex::c_0, tt::CBIndex::c_1, i, 0, 0);
        else
            reduce_tile<pool, dim>(tt::CBIndex::c_0, tt::CBIndex::c_1, i, 0, 0);
    }
    reduce_uninit();
}

template <PoolType pool> void pick_dim(uint32_t dim, uint32_t n, bool runtime_form)
{
    if (dim == 0) reduce<pool, ReduceDim::REDUCE_ROW>(n, runtime_form);
    if (dim == 1) reduce<pool, ReduceDim::REDUCE_COL>(n, runtime_form);
    if (dim == 2) reduce<pool, ReduceDim::REDUCE_SCALAR>(n, runtime_form);
}

void kernel_main()
{
    uint32_t n = get_arg_val<uint32_t>(0), pool = get_arg_val<uint32_t>(1);
    uint32_t dim = get_arg_val<uint32_t>(2), recip = get_arg_val<uint32_t>(3);
    bool runtime_form = get_arg_val<uint32_t>(4) != 0;
    compute_kernel_hw_startup(tt::CBIndex::c_0, tt::CBIndex::c_1, tt::CBIndex::c_16);
    cb_wait_front(tt::CBIndex::c_0, n);
    cb_wait_front(tt::CBIndex::c_1, 1);
    tile_regs_acquire();
    if (pool == 0) pick_dim<PoolType::SUM>(dim, n, runtime_form);
    if (pool == 1) pick_dim<PoolType::AVG>(dim, n, runtime_form);
    if (pool == 2) pick_dim<PoolType::MAX>(dim, n, runtime_form);
    if (recip) {
        recip_tile_init();
        recip_tile(0);
    }
    tile_regs_commit();
    cb_pop_front(tt::CBIndex::c_0, n);
    cb_pop_front(tt::CBIndex::c_1, 1);
    cb_reserve_back(tt::CBIndex::c_16, 1);
    tile_regs_wait();
    pack_tile(0, tt::CBIndex::c_16);
    tile_regs_release();
    cb_push_back(tt::CBIndex::c_16, 1);
}
