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

// tt-metal's get_tile_size and get_dataformat are constexpr (its build
// generates the program's CB formats into the kernel). tt-foil builds a
// kernel before its program's CBs exist, so it knows them at compile time
// only when the build is given them (tf_kernel_build_opts.cb_formats,
// tt_foil_cc --cb-formats: TF_CB_FORMATS, a DataFormat per CB id, Invalid
// for one not given). Then, in a constant expression (`constexpr uint32_t
// b = get_tile_size(cb);`), they are that format's; the kernel carries the
// formats in its `.tt_foil_cb_formats` section and the runtime refuses a
// dispatch whose program gives such a CB another format or page size.
// Otherwise (or for a CB not given) they call a function never defined
// whose name says why, so the compiler's note names the reason. At run
// time they read the CB, as tt-metal's values would be. (Templates: a
// compiler may refuse a plain constexpr function that is never a
// constant; a template's body it does not judge.)
std::uint32_t tt_foil_get_tile_size_is_known_only_at_run_time_drop_constexpr(std::int32_t cb);
DataFormat tt_foil_get_dataformat_is_known_only_at_run_time_drop_constexpr(std::int32_t cb);
std::uint32_t tt_foil_get_tile_size_of_a_cb_whose_format_the_build_was_not_given(std::int32_t cb);
DataFormat tt_foil_get_dataformat_of_a_cb_whose_format_the_build_was_not_given(std::int32_t cb);
#ifdef TF_CB_FORMATS
namespace tf_ttm
{
inline constexpr std::uint8_t cb_formats_built[TF_MAX_CBS] = {TF_CB_FORMATS};
// (read by the runtime from the ELF, never loaded: device/ld/image.ld.in)
__attribute__((section(".tt_foil_cb_formats"),
               used)) inline const std::uint8_t cb_formats_note[TF_MAX_CBS] = {TF_CB_FORMATS};
} // namespace tf_ttm
#endif

// A CB's page size: its tile's bytes (tiles are 32x32 here, as tt-metal's
// unpack_tile_size for a whole tile).
template <class tf_none_ = void> FORCE_INLINE constexpr std::uint32_t get_tile_size(std::int32_t cb)
{
    if (__builtin_is_constant_evaluated()) {
#ifdef TF_CB_FORMATS
        if ((std::uint32_t)cb < TF_MAX_CBS &&
            tf_ttm::format_tile_bytes(tf_ttm::cb_formats_built[cb]))
            return tf_ttm::format_tile_bytes(tf_ttm::cb_formats_built[cb]);
        return tt_foil_get_tile_size_of_a_cb_whose_format_the_build_was_not_given(cb);
#else
        return tt_foil_get_tile_size_is_known_only_at_run_time_drop_constexpr(cb);
#endif
    }
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
template <class tf_none_ = void> FORCE_INLINE constexpr DataFormat get_dataformat(std::int32_t cb)
{
    if (__builtin_is_constant_evaluated()) {
#ifdef TF_CB_FORMATS
        if ((std::uint32_t)cb < TF_MAX_CBS &&
            tf_ttm::format_tile_bytes(tf_ttm::cb_formats_built[cb]))
            return (DataFormat)tf_ttm::cb_formats_built[cb];
        return tt_foil_get_dataformat_of_a_cb_whose_format_the_build_was_not_given(cb);
#else
        return tt_foil_get_dataformat_is_known_only_at_run_time_drop_constexpr(cb);
#endif
    }
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
