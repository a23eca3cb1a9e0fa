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

#endif
