// ttnn's kernel_lib data-movement helpers (dataflow_kernel_lib::) as
// ttnn's readers call them. First, as DMODE picks, a reduce scaler tile
// into CB 1 (for the reduce kernel) or a scaler / zero tile into CB 16
// (written out as it is); then, as cb_loader, the groups of the args:
// count, then per group CB, DRAM address lo, hi, tiles.
#include "api/dataflow/dataflow_api.h"
#include "ttnn/cpp/ttnn/kernel_lib/l1_helpers.hpp"
#include "ttnn/cpp/ttnn/kernel_lib/reduce_helpers_dataflow.hpp"

// A page of CB 16 filled with ones' bits (so the helper's zeroing shows).
static void dirty_out_page()
{
    cb_reserve_back(16, 1);
    volatile tt_l1_ptr uint32_t *p = dataflow_kernel_lib::addr_to_l1_ptr(get_write_ptr(16));
    for (uint32_t i = 0; i < get_tile_size(16) / 4; i++) p[i] = 0xffffffffu;
}

void kernel_main()
{
    using namespace dataflow_kernel_lib;
#if DMODE == 0 // row sums' scaler (1, column 0: the matmul layout)
    calculate_and_prepare_reduce_scaler<1, PoolType::SUM, ReduceDim::REDUCE_ROW>();
#elif DMODE == 1 // column maxima's scaler, given (row 0 of each face)
    prepare_reduce_scaler<tt::CBIndex::c_1, PoolType::MAX, ReduceDim::REDUCE_COL>(0.5f);
#elif DMODE == 2 // an average of a whole tile of 16: 1/sqrt(16), row 0 of each face
    dirty_out_page();
    calculate_and_prepare_reduce_scaler<16, PoolType::AVG, ReduceDim::REDUCE_SCALAR, 16>();
#elif DMODE == 3 // an average along rows of 64 as the reduce LLK takes it: 1/64, row 0
    dirty_out_page();
    calculate_and_prepare_reduce_scaler<16, PoolType::AVG, ReduceDim::REDUCE_ROW, 64, true>(
        tt::constants::TILE_WIDTH);
#elif DMODE == 4 // a zero tile (checking local_noc_addr's fields on the way)
    dirty_out_page();
    const auto a = local_noc_addr(get_write_ptr(16));
    if (a.addr == get_write_ptr(16) && a.noc_x == my_x[noc_index] && a.noc_y == my_y[noc_index])
        prepare_zero_tile<16>();
    else
        cb_push_back(16, 1);
#elif DMODE == 5 // a partly valid tile: refused at run time
    calculate_and_prepare_reduce_scaler<16, PoolType::SUM, ReduceDim::REDUCE_ROW>(20);
#elif DMODE == 6 // a scaler into a CB of another format: refused at run time
    prepare_reduce_scaler<16, PoolType::SUM, ReduceDim::REDUCE_COL>(1.0f);
#elif DMODE == 7 // an average of no elements: a compile error
    calculate_and_prepare_reduce_scaler<1, PoolType::AVG, ReduceDim::REDUCE_COL, 0>();
#endif
    const uint32_t groups = get_arg_val<uint32_t>(0);
    for (uint32_t g = 0; g < groups; g++) {
        const uint32_t cb = get_arg_val<uint32_t>(1 + 4 * g), n = get_arg_val<uint32_t>(4 + 4 * g);
        const uint64_t src =
            ((uint64_t)get_arg_val<uint32_t>(3 + 4 * g) << 32) | get_arg_val<uint32_t>(2 + 4 * g);
        const uint32_t page = get_tile_size(cb);
        for (uint32_t i = 0; i < n; i++) {
            cb_reserve_back(cb, 1);
            noc_async_read(src + (uint64_t)i * page, get_write_ptr(cb), page);
            noc_async_read_barrier();
            cb_push_back(cb, 1);
        }
    }
}
