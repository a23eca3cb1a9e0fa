// tt-metal's tt-metalium/constants.hpp, which kernels include for the shape
// of a tile (moreh's moreh_common.hpp, many ttnn readers and writers): a
// 32 x 32 tile of four 16 x 16 faces, as tt-foil's (docs/chip.md), and the
// bytes of a Bfp8_b and a Bfp4_b tile, their datums and 64 bytes of shared
// exponents (contracts/tf_formats.h has the same sizes).
#pragma once

#include <cstdint>

namespace tt::constants
{
using std::uint32_t;
constexpr uint32_t TILE_HEIGHT = 32;
constexpr uint32_t TILE_WIDTH = 32;
constexpr uint32_t TILE_HW = TILE_HEIGHT * TILE_WIDTH;
constexpr uint32_t FACE_HEIGHT = 16;
constexpr uint32_t FACE_WIDTH = 16;
constexpr uint32_t FACE_HW = FACE_HEIGHT * FACE_WIDTH;
constexpr uint32_t BFLOAT8_B_TILE_HW = TILE_HW + 64;
constexpr uint32_t BFLOAT4_B_TILE_HW = TILE_HW / 2 + 64;
} // namespace tt::constants
