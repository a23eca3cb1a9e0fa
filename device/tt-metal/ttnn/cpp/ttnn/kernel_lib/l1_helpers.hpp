// ttnn's kernel_lib L1 helpers for data-movement kernels
// (dataflow_kernel_lib::): tt-foil's own implementation over its
// data-movement API, with ttnn's names and semantics. zero_tile<cb>(addr)
// zeroes one of the CB's pages at addr by NOC reads of this core's zeros
// region (MEM_ZEROS_BASE, MEM_ZEROS_SIZE bytes a read) and waits for them;
// prepare_zero_tile<cb>() reserves a page of the CB, zeroes it and pushes
// it. The page is the CB's at run time (tt-metal's is its constexpr tile
// size). docs/kernels.md "5.4".
#pragma once

#include "api/dataflow/dataflow_api.h"
#include "experimental/endpoints.h"

namespace dataflow_kernel_lib
{
// A 16 x 16 face in 32-bit words: bfloat16 (two values a word) and float32.
constexpr std::uint32_t FACE_SIZE_U32 = 128;
constexpr std::uint32_t FACE_SIZE_U32_FP32 = 256;

FORCE_INLINE volatile tt_l1_ptr std::uint32_t *addr_to_l1_ptr(std::uint32_t addr)
{
    return reinterpret_cast<volatile tt_l1_ptr std::uint32_t *>(addr);
}

// This core's address addr as a Device 2.0 unicast endpoint's arguments.
FORCE_INLINE auto local_noc_addr(std::uint32_t addr, std::uint8_t noc_id = noc_index)
{
    using args = ::experimental::noc_traits_t<::experimental::UnicastEndpoint>::src_args_type;
    return args{my_x[noc_id], my_y[noc_id], addr};
}

template <std::uint32_t cb_id> FORCE_INLINE void zero_tile(std::uint32_t write_addr)
{
    const std::uint32_t bytes = get_tile_size(cb_id);
    const std::uint64_t zeros = get_noc_addr(MEM_ZEROS_BASE);
    for (std::uint32_t done = 0; done < bytes; done += MEM_ZEROS_SIZE) {
        const std::uint32_t n = bytes - done < MEM_ZEROS_SIZE ? bytes - done : MEM_ZEROS_SIZE;
        noc_async_read(zeros, write_addr + done, n);
    }
    noc_async_read_barrier();
}

template <std::uint32_t cb_id> FORCE_INLINE void prepare_zero_tile()
{
    cb_reserve_back(cb_id, 1);
    zero_tile<cb_id>(get_write_ptr(cb_id));
    cb_push_back(cb_id, 1);
}
} // namespace dataflow_kernel_lib
