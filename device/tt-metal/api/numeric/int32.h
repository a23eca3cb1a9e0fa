// tt-metal's api/numeric/int32.h: the int32 counterparts of bfloat16.h's
// helpers for data-movement kernels (an argmax over int32 pages): the
// extreme values and a greater-than. Two's complement orders as signed
// integers do, so int32_greater is a > b.
#pragma once

#include <stdint.h>

inline constexpr int32_t NEG_INF_INT32 = INT32_MIN;
inline constexpr int32_t POS_INF_INT32 = INT32_MAX;
inline constexpr uint32_t INT32_SIGN_MASK = 0x80000000u;

inline bool int32_greater(int32_t a, int32_t b)
{
    return a > b;
}
