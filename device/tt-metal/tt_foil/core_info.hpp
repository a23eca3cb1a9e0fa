// What a kernel of any RISC asks about its core and its circular buffers,
// shared by the data-movement API (api/dataflow/dataflow_api.h) and the
// compute API (tt_foil/compute.hpp), as tt-metal gives them to both:
// get_tile_size, get_tile_hw, get_tile_num_faces and get_dataformat come
// from tt-metal's dataflow_api.h (and the compute build's generated
// descriptors, chlkc_descriptors.h: unpack_tile_size, unpack_src_format);
// get_absolute_logical_x/y and get_relative_logical_x/y from its
// api/compute/common.h and dataflow_api.h (my_logical_x_, my_relative_x_,
// set by the firmware).
#ifndef TF_TTM_CORE_INFO_HPP
#define TF_TTM_CORE_INFO_HPP

#include "tt_foil/base.hpp"
#include "tt_foil/data_format.hpp"

// A CB's page size: its tile's bytes (tiles are 32x32 here, as tt-metal's
// unpack_tile_size for a whole tile).
FORCE_INLINE std::uint32_t get_tile_size(std::int32_t cb)
{
    return dev_cb_page_size((std::uint32_t)cb);
}
constexpr inline std::uint32_t get_tile_hw(std::int32_t)
{
    return 32 * 32;
}
constexpr inline std::uint32_t get_tile_num_faces(std::int32_t)
{
    return 4;
}
// The format the host gave the CB (tf_program_set_cb_format), Invalid when
// it gave a page size alone (tf_program_set_cb).
FORCE_INLINE DataFormat get_dataformat(std::int32_t cb)
{
    return (DataFormat)dev_cb_data_format((std::uint32_t)cb);
}

// The core's logical coordinates (tf_core). Relative = absolute: there are
// no sub-devices here, so every grid starts at (0, 0).
FORCE_INLINE std::uint8_t get_absolute_logical_x()
{
    return (std::uint8_t)(dev_reg_read(TF_MMIO_CORE_XY) & 0xff);
}
FORCE_INLINE std::uint8_t get_absolute_logical_y()
{
    return (std::uint8_t)(dev_reg_read(TF_MMIO_CORE_XY) >> 8);
}
FORCE_INLINE std::uint8_t get_relative_logical_x()
{
    return get_absolute_logical_x();
}
FORCE_INLINE std::uint8_t get_relative_logical_y()
{
    return get_absolute_logical_y();
}

#endif
