// ttnn's kernel_lib reduce scaler tiles for data-movement kernels
// (dataflow_kernel_lib::prepare_reduce_scaler and
// calculate_and_prepare_reduce_scaler): tt-foil's own implementation over
// its data-movement API, with ttnn's names and semantics. Each reserves one
// page of the CB, zeroes it (l1_helpers' zero_tile), writes the scaler and
// pushes the page:
//   - the reduces compute_kernel_lib::reduce runs as a matmul (SUM/AVG
//     along rows, reduce_uses_matmul) take it in column 0 of the tile;
//   - the others (and all with compute_uses_reduce_tile) in row 0 of each
//     of the four faces.
// calculate_and_prepare_reduce_scaler's value: 1 for SUM and MAX; 1/N for
// AVG along rows or columns; 1/sqrt(N) for AVG of a whole tile (the reduce
// applies it twice). N = reduce_factor.
// The CB's format is Float16_b or Float32 (read at run time: by its
// DataFormat, or by its page size when the host gave it none); another
// faults, as does a partly valid tile (valid elements < 32 along a row or
// column reduce): the tile engine scales by the scaler's first value, so
// the zeroed lanes would not mask the padding (TF_FAULT_DETAIL_UNMODELED,
// the message says what to do). docs/kernels.md "5.4".
#pragma once

#include "api/dataflow/dataflow_api.h"
#include "llk_defs.h"
#include "tt-metalium/constants.hpp"
#include "ttnn/cpp/ttnn/kernel_lib/cb_helpers_dataflow.hpp"
#include "ttnn/cpp/ttnn/kernel_lib/l1_helpers.hpp"
#include "ttnn/cpp/ttnn/kernel_lib/reduce_helpers_common.hpp"

namespace dataflow_kernel_lib
{
using ckernel::PoolType;
using ckernel::ReduceDim;

// The reduce factor of SUM and MAX (their scaler is 1).
constexpr std::uint32_t SUM_AND_MAX_REDUCE_FACTOR = 1;

namespace detail
{
// Element (r, c) of a 32 x 32 tile: its index in face order.
FORCE_INLINE std::uint32_t tile_elem(std::uint32_t r, std::uint32_t c)
{
    return ((r / 16) * 2 + c / 16) * 256 + (r % 16) * 16 + c % 16;
}
// Writes value's bits to element e of the tile at addr (fp32: 4 bytes;
// bfloat16: the upper half of its fp32 bits).
FORCE_INLINE void put_elem(std::uint32_t addr, bool fp32, std::uint32_t e, std::uint32_t bits)
{
    if (fp32)
        addr_to_l1_ptr(addr)[e] = bits;
    else
        reinterpret_cast<volatile tt_l1_ptr std::uint16_t *>(addr)[e] = (std::uint16_t)(bits >> 16);
}
// sqrt(n) rounded to float, at compile time (Newton's steps in double; a
// kernel links no libm).
constexpr float const_sqrt(std::uint32_t n)
{
    double x = n > 1 ? (double)n / 2 : (double)n;
    for (int i = 0; i < 64 && n > 1; i++) x = (x + (double)n / x) / 2;
    return (float)x;
}
} // namespace detail

template <std::uint32_t cb_id, PoolType pool_type, ReduceDim reduce_dim,
          bool compute_uses_reduce_tile = false>
FORCE_INLINE void
prepare_reduce_scaler(float scaler_f,
                      std::uint32_t valid_reduce_dim_elements_in_tile = tt::constants::TILE_WIDTH)
{
    static_assert(cb_id < TF_MAX_CBS, "prepare_reduce_scaler: a CB id is below 32");
    const std::uint32_t df = (std::uint32_t)get_dataformat(cb_id);
    const std::uint32_t page = get_tile_size(cb_id);
    bool fp32 = false;
    if (df == (std::uint32_t)DataFormat::Float32 ||
        (df == (std::uint32_t)DataFormat::Invalid && page == 4096))
        fp32 = true;
    else if (df == (std::uint32_t)DataFormat::Float16_b ||
             (df == (std::uint32_t)DataFormat::Invalid && page == 2048))
        fp32 = false;
    else
        dev_fault(TF_FAULT_DETAIL_UNMODELED, TF_UNMODELED_REDUCE_SCALER_FORMAT, 0);
    if (reduce_dim != ReduceDim::REDUCE_SCALAR &&
        valid_reduce_dim_elements_in_tile < tt::constants::TILE_WIDTH)
        dev_fault(TF_FAULT_DETAIL_UNMODELED, TF_UNMODELED_PARTIAL_REDUCE_SCALER, 0);

    constexpr bool col0 = !compute_uses_reduce_tile && reduce_uses_matmul<pool_type, reduce_dim>();
    const std::uint32_t bits = __builtin_bit_cast(std::uint32_t, scaler_f);

    cb_reserve_back(cb_id, 1);
    const std::uint32_t addr = get_write_ptr(cb_id);
    zero_tile<cb_id>(addr);
    for (std::uint32_t i = 0; i < 32; i++) {
        if constexpr (col0)
            detail::put_elem(addr, fp32, detail::tile_elem(i, 0), bits);
        else {
            detail::put_elem(addr, fp32, detail::tile_elem(0, i), bits);
            detail::put_elem(addr, fp32, detail::tile_elem(16, i), bits);
        }
    }
    cb_push_back(cb_id, 1);
}

template <std::uint32_t cb_id, PoolType pool_type, ReduceDim reduce_dim,
          std::uint32_t reduce_factor = SUM_AND_MAX_REDUCE_FACTOR,
          bool compute_uses_reduce_tile = false>
FORCE_INLINE void calculate_and_prepare_reduce_scaler(
    std::uint32_t valid_reduce_dim_elements_in_tile = tt::constants::TILE_WIDTH)
{
    float scaler = 1.0f;
    if constexpr (pool_type == PoolType::AVG) {
        static_assert(reduce_factor > 0, "calculate_and_prepare_reduce_scaler: AVG's "
                                         "reduce_factor (the N it averages) is above 0");
        if constexpr (reduce_dim == ReduceDim::REDUCE_SCALAR) {
            constexpr float root = detail::const_sqrt(reduce_factor);
            scaler = 1.0f / root;
        } else
            scaler = 1.0f / (float)reduce_factor;
    }
    prepare_reduce_scaler<cb_id, pool_type, reduce_dim, compute_uses_reduce_tile>(
        scaler, valid_reduce_dim_elements_in_tile);
}
} // namespace dataflow_kernel_lib
