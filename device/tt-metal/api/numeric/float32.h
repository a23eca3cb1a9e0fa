// tt-metal's api/numeric/float32.h: scalar float32 helpers for
// data-movement kernels, on the raw 32 bits.
#pragma once

#include <stdint.h>

inline constexpr uint32_t NEG_INF_FLOAT32 = 0xFF800000u;
inline constexpr uint32_t POS_INF_FLOAT32 = 0x7F800000u;
inline constexpr uint32_t NAN_FLOAT32 = 0x7FFFFFFFu;
inline constexpr uint32_t FLOAT32_SIGN_MASK = 0x80000000u;
inline constexpr uint32_t FLOAT32_EXPONENT_MASK = 0x7F800000u;
inline constexpr uint32_t FLOAT32_MANTISSA_MASK = 0x007FFFFFu;
inline constexpr uint32_t FLOAT32_MAGNITUDE_MASK = 0x7FFFFFFFu;

// a > b as IEEE-754 says (a NaN is greater than nothing and nothing is
// greater than it; +0 and -0 are equal), on the bits
inline bool float32_greater(uint32_t a, uint32_t b)
{
    const auto nan = [](uint32_t x) {
        return (x & FLOAT32_EXPONENT_MASK) == FLOAT32_EXPONENT_MASK && (x & FLOAT32_MANTISSA_MASK);
    };
    if (nan(a) || nan(b)) return false;
    if (!((a | b) & FLOAT32_MAGNITUDE_MASK)) return false;
    if ((a ^ b) & FLOAT32_SIGN_MASK) return !(a & FLOAT32_SIGN_MASK);
    return (a & FLOAT32_SIGN_MASK) ? a < b : a > b;
}
