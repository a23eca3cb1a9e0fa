/* DPRINT(fmt, ...): printf-style debug output from device code, up to eight
 * arguments; the host formats it and prints it on stderr prefixed with the
 * core and RISC: "[core (1,0) NCRISC] x = 3". Conversions: %d %i %u %x %X
 * %c %p %s (a string in L1) %f %e %g (floats), with flags, width and
 * precision. Costs a few register writes; formatting is done by the host. */
#ifndef TF_DEBUG_PRINT_H
#define TF_DEBUG_PRINT_H

#include "tf_device.h"

TF_ALWAYS_INLINE uint32_t dev_dp_f32(float f)
{
    union {
        float f;
        uint32_t u;
    } v = {f};
    return v.u;
}

TF_ALWAYS_INLINE uint32_t dev_dp_f64(double d)
{
    return dev_dp_f32((float)d);
}

TF_ALWAYS_INLINE uint32_t dev_dp_str(const char *s)
{
    return (uint32_t)(uintptr_t)s;
}

TF_ALWAYS_INLINE uint32_t dev_dp_u32(uint32_t v)
{
    return v;
}

/* Print format f, its arguments written. A format or string built on the
 * stack must be in L1 before the port reads it: the port's address is an
 * integer to the compiler, so the barrier gets the pointer, where it may
 * read what it points at (without it, clang dropped a local format's
 * stores as dead). */
TF_ALWAYS_INLINE void dev_dp_go(const char *f)
{
    __asm__ volatile("" ::"r"(f) : "memory");
    dev_reg_write(TF_MMIO_DPRINT_FMT, (uint32_t)(uintptr_t)f);
}

/* Each argument as one 32-bit word: floats by their bits, strings by their
 * L1 address, integers as they are (cast other pointers to uintptr_t). */
#define TF_DP_ARG(x)                                                                               \
    _Generic((x), float: dev_dp_f32, double: dev_dp_f64, char *: dev_dp_str,                         \
             const char *: dev_dp_str, default: dev_dp_u32)(x)
#define TF_DP_SET(i, x) dev_reg_write(TF_MMIO_DPRINT_ARG + 4 * (i), TF_DP_ARG(x))
#define TF_DP_GO(f)     dev_dp_go(f)

#define TF_DP_1(f)          TF_DP_GO(f)
#define TF_DP_2(f, a)       (TF_DP_SET(0, a), TF_DP_GO(f))
#define TF_DP_3(f, a, b)    (TF_DP_SET(0, a), TF_DP_SET(1, b), TF_DP_GO(f))
#define TF_DP_4(f, a, b, c) (TF_DP_SET(0, a), TF_DP_SET(1, b), TF_DP_SET(2, c), TF_DP_GO(f))
#define TF_DP_5(f, a, b, c, d)                                                                     \
    (TF_DP_SET(0, a), TF_DP_SET(1, b), TF_DP_SET(2, c), TF_DP_SET(3, d), TF_DP_GO(f))
#define TF_DP_6(f, a, b, c, d, e)                                                                  \
    (TF_DP_SET(0, a), TF_DP_SET(1, b), TF_DP_SET(2, c), TF_DP_SET(3, d), TF_DP_SET(4, e),          \
     TF_DP_GO(f))
#define TF_DP_7(f, a, b, c, d, e, g)                                                               \
    (TF_DP_SET(0, a), TF_DP_SET(1, b), TF_DP_SET(2, c), TF_DP_SET(3, d), TF_DP_SET(4, e),          \
     TF_DP_SET(5, g), TF_DP_GO(f))
#define TF_DP_8(f, a, b, c, d, e, g, h)                                                            \
    (TF_DP_SET(0, a), TF_DP_SET(1, b), TF_DP_SET(2, c), TF_DP_SET(3, d), TF_DP_SET(4, e),          \
     TF_DP_SET(5, g), TF_DP_SET(6, h), TF_DP_GO(f))
#define TF_DP_9(f, a, b, c, d, e, g, h, i)                                                         \
    (TF_DP_SET(0, a), TF_DP_SET(1, b), TF_DP_SET(2, c), TF_DP_SET(3, d), TF_DP_SET(4, e),          \
     TF_DP_SET(5, g), TF_DP_SET(6, h), TF_DP_SET(7, i), TF_DP_GO(f))
#define TF_DP_N(_1, _2, _3, _4, _5, _6, _7, _8, _9, N, ...) N
#define TF_DP_CAT2(a, b)                                    a##b
#define TF_DP_CAT(a, b)                                     TF_DP_CAT2(a, b)
#define DPRINT(...)                                                                                \
    TF_DP_CAT(TF_DP_, TF_DP_N(__VA_ARGS__, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0))(__VA_ARGS__)

#endif
