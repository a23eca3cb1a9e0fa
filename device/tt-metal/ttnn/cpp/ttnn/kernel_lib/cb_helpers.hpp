// ttnn's kernel_lib CB queries (tt-foil's implementation): tile sizes by
// format and a CB's page count, from the CB settings a compute kernel reads
// (get_local_cb_interface: 16-byte units).
#pragma once

#include "ttnn/cpp/ttnn/kernel_lib/common_types.hpp"

namespace compute_kernel_lib
{
ALWI constexpr std::uint32_t get_full_tile_size_impl(DataFormat format)
{
    return tf_ttm::format_tile_bytes((std::uint32_t)format);
}
template <DataFormat format> ALWI constexpr std::uint32_t get_full_tile_size()
{
    static_assert(get_full_tile_size_impl(format) != 0, "get_full_tile_size: not a tile format");
    return get_full_tile_size_impl(format);
}
ALWI std::uint32_t get_full_tile_size(DataFormat format)
{
    return get_full_tile_size_impl(format);
}
ALWI std::uint32_t get_cb_num_pages(std::uint32_t cb_id)
{
    std::uint32_t size = get_local_cb_interface(cb_id).fifo_size;
    std::uint32_t page = get_local_cb_interface(cb_id).fifo_page_size;
    return page ? size / page : 0;
}
ALWI constexpr bool is_block_float_format(std::uint32_t format)
{
    return format == (std::uint32_t)DataFormat::Bfp8 ||
           format == (std::uint32_t)DataFormat::Bfp8_b ||
           format == (std::uint32_t)DataFormat::Bfp4 ||
           format == (std::uint32_t)DataFormat::Bfp4_b ||
           format == (std::uint32_t)DataFormat::Bfp2 || format == (std::uint32_t)DataFormat::Bfp2_b;
}
ALWI bool is_valid_cb_tile_page_size(std::uint32_t cb_id, DataFormat format)
{
    std::uint32_t page = get_local_cb_interface(cb_id).fifo_page_size;
    return (page << 4) == get_full_tile_size(format);
}
template <DataFormat format> ALWI bool is_valid_cb_tile_page_size(std::uint32_t cb_id)
{
    return is_valid_cb_tile_page_size(cb_id, format);
}
} // namespace compute_kernel_lib
