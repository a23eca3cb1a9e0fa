// tt-metal's internal/mod_div_lib.h: integer helpers ttnn kernels call
// (bmm_large_block_zm_fused_bias_activation.cpp's mulsi3, interleaved
// address generators' udivsi3_const_divisor). On hardware they exist to
// avoid the RV32 hart's slow divide and to keep the multiplier out of a
// loop; here each is the plain C++ operator, which is exact for every
// uint32_t (tt-metal's magic-number divisions are exact too, so results
// agree), and the compiler picks the instruction sequence, so the modeled
// cycles are this toolchain's.
#ifndef TF_TTM_INTERNAL_MOD_DIV_LIB_H
#define TF_TTM_INTERNAL_MOD_DIV_LIB_H

#include <climits>
#include <cstdint>

inline __attribute__((always_inline)) unsigned int mulsi3(unsigned int a, unsigned int b)
{
    return a * b;
}

// n / d for a divisor known at compile time (the divisors tt-metal has a
// fast_udiv_<d> for, and every other one).
template <uint32_t d>
inline __attribute__((always_inline)) uint32_t udivsi3_const_divisor(uint32_t n)
{
    static_assert(d != 0, "udivsi3_const_divisor: division by zero");
    return n / d;
}

template <uint32_t d>
inline __attribute__((always_inline)) uint32_t umodsi3_const_divisor(uint32_t n)
{
    static_assert(d != 0, "umodsi3_const_divisor: division by zero");
    return n % d;
}

// tt-metal's named fast divisions (fast_udiv_12(n) == n / 12, ...).
#define TF_FAST_UDIV(d)                                                                            \
    inline __attribute__((always_inline)) uint32_t fast_udiv_##d(uint32_t n)                       \
    {                                                                                              \
        return udivsi3_const_divisor<d>(n);                                                        \
    }
TF_FAST_UDIV(7)
TF_FAST_UDIV(12)
TF_FAST_UDIV(20)
TF_FAST_UDIV(48)
TF_FAST_UDIV(56)
TF_FAST_UDIV(63)
TF_FAST_UDIV(70)
TF_FAST_UDIV(72)
TF_FAST_UDIV(80)
TF_FAST_UDIV(94)
TF_FAST_UDIV(108)
TF_FAST_UDIV(110)
TF_FAST_UDIV(117)
TF_FAST_UDIV(120)
TF_FAST_UDIV(124)
TF_FAST_UDIV(126)
TF_FAST_UDIV(130)
TF_FAST_UDIV(140)
#undef TF_FAST_UDIV

#endif
