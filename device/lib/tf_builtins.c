/* Freestanding support routines that clang may call from RV32 code:
 * mem* for struct copies and 64-bit division/modulo for rv32im. Built with
 * -fno-builtin so the loops below are not turned back into calls. */
#include <stddef.h>
#include <stdint.h>

void *memcpy(void *dst, const void *src, size_t n)
{
    uint8_t *d = dst;
    const uint8_t *s = src;
    if ((((uintptr_t)d | (uintptr_t)s) & 3) == 0) {
        for (; n >= 4; n -= 4, d += 4, s += 4) *(uint32_t *)d = *(const uint32_t *)s;
    }
    while (n--) *d++ = *s++;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
    uint8_t *d = dst;
    const uint8_t *s = src;
    if (d <= s || d >= s + n) return memcpy(dst, src, n);
    while (n--) d[n] = s[n];
    return dst;
}

void *memset(void *dst, int c, size_t n)
{
    uint8_t *d = dst;
    uint32_t w = (uint8_t)c * 0x01010101u;
    while (n && ((uintptr_t)d & 3)) *d++ = (uint8_t)c, n--;
    for (; n >= 4; n -= 4, d += 4) *(uint32_t *)d = w;
    while (n--) *d++ = (uint8_t)c;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const uint8_t *p = a, *q = b;
    for (; n; n--, p++, q++)
        if (*p != *q) return *p < *q ? -1 : 1;
    return 0;
}

size_t strlen(const char *s)
{
    size_t n = 0;
    while (s[n]) n++;
    return n;
}

/* Unsigned 64-bit division by shift and subtract. */
static uint64_t udivmod64(uint64_t n, uint64_t d, uint64_t *rem)
{
    if (d == 0) { /* as RISC-V divu: quotient all ones, remainder n */
        *rem = n;
        return ~0ull;
    }
    if ((d >> 32) == 0 && (n >> 32) == 0) {
        *rem = (uint32_t)n % (uint32_t)d;
        return (uint32_t)n / (uint32_t)d;
    }
    uint64_t q = 0, r = 0;
    for (int i = 63; i >= 0; i--) {
        r = (r << 1) | ((n >> i) & 1);
        if (r >= d) {
            r -= d;
            q |= 1ull << i;
        }
    }
    *rem = r;
    return q;
}

uint64_t __udivdi3(uint64_t n, uint64_t d)
{
    uint64_t r;
    return udivmod64(n, d, &r);
}

uint64_t __umoddi3(uint64_t n, uint64_t d)
{
    uint64_t r;
    udivmod64(n, d, &r);
    return r;
}

int64_t __divdi3(int64_t n, int64_t d)
{
    int neg = (n < 0) != (d < 0);
    uint64_t r, q = udivmod64(n < 0 ? 0 - (uint64_t)n : (uint64_t)n,
                              d < 0 ? 0 - (uint64_t)d : (uint64_t)d, &r);
    return neg ? (int64_t)(0 - q) : (int64_t)q;
}

int64_t __moddi3(int64_t n, int64_t d)
{
    uint64_t r;
    udivmod64(n < 0 ? 0 - (uint64_t)n : (uint64_t)n, d < 0 ? 0 - (uint64_t)d : (uint64_t)d, &r);
    return n < 0 ? (int64_t)(0 - r) : (int64_t)r;
}

/* double to float (rv32 without the D extension: a double given to DPRINT
 * or DEVICE_PRINT prints as the float it rounds to), IEEE 754's rounding
 * to nearest even: too large gives inf, too small a subnormal or zero, a
 * NaN stays a quiet NaN keeping its payload's top bits. */
float __truncdfsf2(double a)
{
    union {
        double d;
        uint64_t u;
    } in = {a};
    union {
        uint32_t u;
        float f;
    } out;
    const uint32_t sign = (uint32_t)(in.u >> 32) & 0x80000000u;
    const int e = (int)(in.u >> 52 & 0x7ff);
    const uint64_t m = in.u & 0xfffffffffffffull;
    if (e == 0x7ff) {
        out.u = sign | 0x7f800000u | (m ? 0x400000u | (uint32_t)(m >> 29) : 0);
        return out.f;
    }
    const int fe = e - 1023 + 127; /* the float's biased exponent */
    if (fe >= 0xff) {
        out.u = sign | 0x7f800000u;
        return out.f;
    }
    /* the significand (with its leading one) shifted down to the float's:
     * 29 bits dropped for a normal result, more for a subnormal one */
    const uint64_t sig = e ? m | 1ull << 52 : 0;
    const int shift = fe > 0 ? 29 : 30 - fe;
    uint32_t q = 0;
    if (shift < 64) {
        const uint64_t rem = sig & ((1ull << shift) - 1), half = 1ull << (shift - 1);
        q = (uint32_t)(sig >> shift);
        if (rem > half || (rem == half && (q & 1))) q++;
    }
    /* (a normal result's leading one is the exponent's low bit: add the
     * rest; a rounding carry moves into the exponent, up to inf) */
    out.u = sign + (fe > 0 ? ((uint32_t)(fe - 1) << 23) + q : q);
    return out.f;
}
