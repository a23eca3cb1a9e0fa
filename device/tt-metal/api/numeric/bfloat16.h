// tt-metal's api/numeric/bfloat16.h: scalar bfloat16 helpers for
// data-movement kernels (ttnn's argmax reader compares page values with
// them), on the raw 16 bits.
#pragma once

#include <stdint.h>

inline constexpr uint16_t NEG_INF_BFLOAT16 = 0xFF80;
inline constexpr uint16_t POS_INF_BFLOAT16 = 0x7F80;
inline constexpr uint16_t NAN_BFLOAT16 = 0x7FFF;
inline constexpr uint16_t BFLOAT16_SIGN_MASK = 0x8000;

// a > b as sign and magnitude, tt-metal's integer comparison: no NaN
// handling, and +0 counts as greater than -0 (as tt-metal's)
inline bool bfloat16_greater(uint16_t a, uint16_t b)
{
    if ((a ^ b) & BFLOAT16_SIGN_MASK) return !(a & BFLOAT16_SIGN_MASK);
    return (a & BFLOAT16_SIGN_MASK) ? a < b : a > b;
}
