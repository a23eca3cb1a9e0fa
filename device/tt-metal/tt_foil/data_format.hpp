// tt-metal's DataFormat (tt_backend_api_types), from the one table of
// formats (contracts/tf_formats.h); data-movement and compute kernels.
#ifndef TF_TTM_DATA_FORMAT_HPP
#define TF_TTM_DATA_FORMAT_HPP

#include "tt_foil/base.hpp"

// clang-format off
enum class DataFormat : std::uint8_t {
#define TF_TTM_DF(name, value, bytes) name = value,
    TF_DATA_FORMATS(TF_TTM_DF)
#undef TF_TTM_DF
    Invalid = 0xff,
};
// clang-format on

namespace tf_ttm
{
// Bytes of one 32 x 32 tile of format f, 0 for a value that is no format
// (contracts/tf_formats.h). A constant expression where f is.
constexpr std::uint32_t format_tile_bytes(std::uint32_t f)
{
    switch (f) {
#define TF_TTM_DF(name, value, bytes)                                                              \
    case value: return bytes;
        TF_DATA_FORMATS(TF_TTM_DF)
#undef TF_TTM_DF
    default: return 0;
    }
}
} // namespace tf_ttm

#endif
