// DPRINT << ... << ENDL(); as tt-metal's stream-style debug print, on the
// debug-print port the C API's DPRINT(fmt, ...) uses: each item is printed
// as it comes (numbers formatted here on the device, floats by the host),
// and the host prints a line per ENDL() or "\n", prefixed with the core and
// RISC. Manipulators behave as std::ostream's: HEX()/OCT()/DEC() and
// SETPRECISION()/FIXED()/DEFAULTFLOAT() stay until changed, SETW() applies
// to the next item only (right-aligned, space-filled); no "0x" prefix. As
// tt-metal's print server: a negative number in HEX()/OCT() is its two's
// complement (int8_t and int32_t in 32 bits, int16_t in 16, int64_t in 64),
// and a uint8_t is a number in every base (a char is a character).
// Defining FORCE_DPRINT_OFF compiles the prints out. The kernel APIs
// (dataflow_api.h, the compute API) include this stream alone, so every
// kernel can DPRINT; api/debug/dprint.h adds TileSlice and DEVICE_PRINT /
// DPRINT(fmt, args...), as tt-metal's (whose kernels include it to print):
// their templates cost each kernel's build time, so only kernels that
// include it pay for them.
#ifndef TF_TTM_DPRINT_STREAM_HPP
#define TF_TTM_DPRINT_STREAM_HPP

#include "tt_foil/base.hpp"

#include "debug_print.h" // (its DPRINT(fmt, ...) is the C API's)
#undef DPRINT

struct ENDL {
};
struct HEX {
};
struct OCT {
};
struct DEC {
};
struct FIXED {
};
struct DEFAULTFLOAT {
};
struct SETW {
    char w;
    constexpr explicit SETW(char w_) : w(w_) {}
};
struct SETPRECISION {
    char p;
    constexpr explicit SETPRECISION(char p_) : p(p_) {}
};
struct BF16 {
    std::uint16_t val;
    constexpr explicit BF16(std::uint16_t v) : val(v) {}
};
struct F32 {
    float val;
    constexpr explicit F32(float v) : val(v) {}
};
struct U32 {
    std::uint32_t val;
    constexpr explicit U32(std::uint32_t v) : val(v) {}
};

namespace tf_ttm
{
struct dprint_state {
    std::uint8_t base = 10, width = 0, fixed = 0;
    std::int8_t precision = -1;
    // the last item was a TileSlice that ended its line (an ENDL() then
    // adds none, as tt-metal's print server)
    std::uint8_t after_rows = 0;
};
inline dprint_state dprint_st; // per RISC: each RISC runs its own image
// A conversion and a number formatted at run time. Globals, not locals: the
// print port reads them from L1 by address, which the compiler cannot see.
inline char dprint_fmt[16];
inline char dprint_num[24];

FORCE_INLINE void dprint_emit(const char *fmt, std::uint32_t a0 = 0)
{
    dev_reg_write(TF_MMIO_DPRINT_ARG, a0);
    dev_dp_go(fmt); // (the C API's: a format built on the stack reaches L1 first)
    dprint_st.after_rows = 0;
}

// Emit fmt with a0 and then more words as its arguments (up to the port's
// TF_DPRINT_MAX_ARGS).
template <class... W> FORCE_INLINE void dprint_emitn(const char *fmt, std::uint32_t a0, W... more)
{
    static_assert(sizeof...(W) < TF_DPRINT_MAX_ARGS, "the print port takes 8 argument words");
    std::uint32_t i = 1;
    (dev_reg_write(TF_MMIO_DPRINT_ARG + 4 * i++, (std::uint32_t)more), ...);
    dprint_emit(fmt, a0);
}

// Append a printf width (when not 0, up to 255) and a precision (when not
// negative, up to 99) to a '%' conversion being built at f; returns the end.
inline char *dprint_width_precision(char *f, unsigned w, int precision)
{
    if (w >= 100) *f++ = (char)('0' + w / 100);
    if (w >= 10) *f++ = (char)('0' + w / 10 % 10);
    if (w) *f++ = (char)('0' + w % 10);
    if (precision >= 0) {
        *f++ = '.';
        if (precision >= 10) *f++ = (char)('0' + precision / 10);
        *f++ = (char)('0' + precision % 10);
    }
    return f;
}

// Append the pending width (then cleared) and an optional precision to a
// '%' conversion being built in f; returns the end.
inline char *dprint_spec(char *f, int precision)
{
    *f++ = '%';
    const unsigned w = dprint_st.width;
    dprint_st.width = 0;
    return dprint_width_precision(f, w, precision);
}

// mag's digits in base (2 to 16; upper: A-F), written back from end (a
// NUL first); returns where they start.
inline char *dprint_digits(char *end, std::uint64_t mag, std::uint32_t base, bool upper = false)
{
    const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    char *p = end;
    *--p = 0;
    if (mag >> 32) {
        do *--p = digits[mag % base], mag /= base;
        while (mag);
    } else { // (32-bit division: no call into the 64-bit builtins)
        std::uint32_t v = (std::uint32_t)mag;
        do *--p = digits[v % base], v /= base;
        while (v);
    }
    return p;
}

inline void dprint_str(const char *s)
{
    if (!dprint_st.width) {
        dprint_emit("%s", (std::uint32_t)(std::uintptr_t)s);
        return;
    }
    char *e = dprint_spec(dprint_fmt, -1);
    e[0] = 's', e[1] = 0;
    dprint_emit(dprint_fmt, (std::uint32_t)(std::uintptr_t)s);
}

inline void dprint_int(std::uint64_t mag, bool neg)
{
    char *p = dprint_digits(dprint_num + sizeof dprint_num, mag, dprint_st.base);
    if (neg) *--p = '-';
    dprint_str(p);
}

inline void dprint_float(float v)
{
    char *e = dprint_spec(dprint_fmt, dprint_st.precision);
    e[0] = dprint_st.fixed ? 'f' : 'g', e[1] = 0;
    dprint_emit(dprint_fmt, __builtin_bit_cast(std::uint32_t, v));
}

struct DebugPrinter {
    FORCE_INLINE DebugPrinter &operator<<(const char *s)
    {
        dprint_str(s);
        return *this;
    }
    FORCE_INLINE DebugPrinter &operator<<(char c)
    {
        if (dprint_st.width) {
            char s[2] = {c, 0};
            dprint_str(s);
        } else {
            dprint_emit("%c", (std::uint8_t)c);
        }
        return *this;
    }
    template <class T, std::enable_if_t<std::is_integral_v<T> || std::is_enum_v<T>, int> = 0>
    FORCE_INLINE DebugPrinter &operator<<(T v)
    {
        if constexpr (std::is_enum_v<T>) {
            return *this << static_cast<std::underlying_type_t<T>>(v);
        } else if constexpr (std::is_signed_v<T>) {
            std::int64_t s = v;
            if (s < 0 && dprint_st.base != 10) {
                // In hex and octal std::ostream prints a negative number as
                // its two's complement in its type's width; tt-metal's
                // server widens an int8_t to int first (so 32 bits).
                using U =
                    std::conditional_t<sizeof(T) == 1, std::uint32_t, std::make_unsigned_t<T>>;
                dprint_int((U)v, false);
            } else {
                dprint_int(s < 0 ? 0 - (std::uint64_t)s : (std::uint64_t)s, s < 0);
            }
        } else {
            dprint_int((std::uint64_t)v, false);
        }
        return *this;
    }
    FORCE_INLINE DebugPrinter &operator<<(float v)
    {
        dprint_float(v);
        return *this;
    }
    FORCE_INLINE DebugPrinter &operator<<(double v)
    {
        dprint_float((float)v);
        return *this;
    }
    // Other pointers print as their 32-bit address.
    template <class T> FORCE_INLINE DebugPrinter &operator<<(T *p)
    {
        return *this << (std::uint32_t)(std::uintptr_t)p;
    }
    FORCE_INLINE DebugPrinter &operator<<(char *s)
    {
        return *this << (const char *)s;
    }
    FORCE_INLINE DebugPrinter &operator<<(ENDL)
    {
        if (dprint_st.after_rows)
            dprint_st.after_rows = 0;
        else
            dprint_emit("\n");
        return *this;
    }
    FORCE_INLINE DebugPrinter &operator<<(HEX)
    {
        dprint_st.base = 16;
        return *this;
    }
    FORCE_INLINE DebugPrinter &operator<<(OCT)
    {
        dprint_st.base = 8;
        return *this;
    }
    FORCE_INLINE DebugPrinter &operator<<(DEC)
    {
        dprint_st.base = 10;
        return *this;
    }
    FORCE_INLINE DebugPrinter &operator<<(SETW w)
    {
        dprint_st.width = (std::uint8_t)(w.w < 0 ? 0 : w.w);
        return *this;
    }
    FORCE_INLINE DebugPrinter &operator<<(SETPRECISION p)
    {
        dprint_st.precision = (std::int8_t)(p.p > 20 ? 20 : p.p);
        return *this;
    }
    FORCE_INLINE DebugPrinter &operator<<(FIXED)
    {
        dprint_st.fixed = 1;
        return *this;
    }
    FORCE_INLINE DebugPrinter &operator<<(DEFAULTFLOAT)
    {
        dprint_st.fixed = 0;
        return *this;
    }
    FORCE_INLINE DebugPrinter &operator<<(F32 v)
    {
        return *this << v.val;
    }
    FORCE_INLINE DebugPrinter &operator<<(U32 v)
    {
        return *this << v.val;
    }
    FORCE_INLINE DebugPrinter &operator<<(BF16 v)
    {
        return *this << __builtin_bit_cast(float, (std::uint32_t)v.val << 16);
    }
};
} // namespace tf_ttm

using tf_ttm::DebugPrinter;

// DPRINT is the stream (DPRINT << ... << ENDL(), tt-metal's form until
// 2026) and, where a parenthesis follows it, 2026's alias of DEVICE_PRINT
// (DPRINT("x = {}\n", x), api/debug/device_print.h): an object and a
// function-like macro of one name, as tt-metal's (the preprocessor expands
// the macro only before a "("). With FORCE_DPRINT_OFF, DPRINT is a
// statement never run (neither form evaluates its operands, as tt-metal's
// old `if (0)` stream): an object-like macro, the if-else shape keeping a
// following `else` with the user's `if`.
#if defined(FORCE_DPRINT_OFF)
namespace tf_ttm
{
struct null_printer {
    template <class T> FORCE_INLINE null_printer &operator<<(const T &)
    {
        return *this;
    }
    template <class... T> FORCE_INLINE void operator()(const T &...) {}
};
} // namespace tf_ttm
#define DPRINT                                                                                     \
    if (1) {                                                                                       \
    } else                                                                                         \
        tf_ttm::null_printer()
#else
inline tf_ttm::DebugPrinter DPRINT;
#endif

// Per-processor forms: the TRISC ones expand on their TRISC only; DATA0 and
// DATA1 on the data-movement RISC using NOC 0 / NOC 1 (keyed on noc_index,
// as tt-metal).
#if defined(UCK_CHLKC_UNPACK)
#define DPRINT_UNPACK(x) x
#else
#define DPRINT_UNPACK(x)
#endif
#if defined(UCK_CHLKC_MATH)
#define DPRINT_MATH(x) x
#else
#define DPRINT_MATH(x)
#endif
#if defined(UCK_CHLKC_PACK)
#define DPRINT_PACK(x) x
#else
#define DPRINT_PACK(x)
#endif
#if defined(COMPILE_FOR_BRISC) || defined(COMPILE_FOR_NCRISC)
#define DPRINT_DATA0(x)                                                                            \
    if (noc_index == 0) {                                                                          \
        x;                                                                                         \
    }
#define DPRINT_DATA1(x)                                                                            \
    if (noc_index == 1) {                                                                          \
        x;                                                                                         \
    }
#else
#define DPRINT_DATA0(x)
#define DPRINT_DATA1(x)
#endif

// Arrays of words are not provided.
TF_UNSUPPORTED_FN(U32_ARRAY, "U32_ARRAY: print the words in a loop");
TF_UNSUPPORTED_FN(TYPED_U32_ARRAY, "TYPED_U32_ARRAY: print the words in a loop");

#endif
