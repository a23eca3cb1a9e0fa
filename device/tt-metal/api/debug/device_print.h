// DEVICE_PRINT(fmt, args...) (and 2026's DPRINT(fmt, args...), its alias:
// api/debug/dprint.h): tt-metal's fmt-style device print. fmt's format
// language, checked at compile time as fmt checks it, printed on the
// debug-print port as DPRINT's (a line per "\n", prefixed with the core
// and RISC):
//   - fields "{}" in order, or numbered "{0}" (not both in one format;
//     numbered ones must use every argument, as tt-metal's), "{{" and "}}"
//     braces; a spec after ':': [[fill]align][sign][#][0][width][.precision]
//     [type], fill one ASCII character, align < > ^, sign + - or space;
//   - integers (and enums): types d (default) b B o x X c; a negative value
//     is its sign and magnitude ({:x} of -255 is -ff), # adds 0b/0B/0/0x/0X,
//     0 pads with zeros after the sign and prefix; right-aligned;
//   - bool: true/false (type s), or an integer type; char: the character
//     (type c), or an integer type; strings (type s; a precision keeps that
//     many characters) and chars are left-aligned;
//   - pointers: 0x and the address in hex (type p; a string with p too);
//   - floats: types e E f F g G a A; without a type, the shortest digits that
//     read back as the same float, fixed for decimal exponents -4 to 6 and
//     with an exponent beyond, as fmt prints a float; with only a precision,
//     g; a double prints as the float it rounds to (a float's threshold);
//   - a TileSlice, a CB interface field and DPRINT's wrappers (BF16, F32,
//     U32): a plain "{}", printed as DPRINT << prints them; tt-metal's
//     CTSTR (a string), bf16_t, bf8_t, bf4_t (floats) and dp_typed_array_t
//     (a plain "{}") below; an enum as its number.
// Widths and precisions count bytes (a UTF-8 character of several bytes
// counts as several). Refused at compile time, each saying why: a field
// fmt would refuse (a spec that does not fit its argument's type, a count
// that is not the argument count, an index past the last argument), and
// what tt-foil does not do: nested "{}" widths, the locale's L, '?', a
// fill that is not ASCII, a width over 255 or a precision over 99, a
// float centred (^), filled with another character than a space, or
// with # and no type (a float is formatted by the host's printf: left or
// right, spaces or zeros); a bool or char in its own presentation takes no
// #.
#ifndef TF_TTM_DEVICE_PRINT_H
#define TF_TTM_DEVICE_PRINT_H

#include "api/debug/dprint_tile.h"
#include "tt_foil/dprint_stream.hpp"

// tt-metal's DEVICE_PRINT argument types: a string literal kept for the
// print (CTSTR: tt-metal keeps it in an ELF section the host reads; here
// it is an L1 string as any other), a bfloat16 value by its 16 bits, a
// block-float value by its shared exponent and its code (bf8_t: Bfp8_b's
// sign and 7 bits, bf4_t: Bfp4_b's sign and 3 bits; or both in one 16-bit
// word, the exponent low), and len words of values of a DataFormat
// (dp_typed_array_t: each value then a space; 16-bit formats two to a
// word, 8-bit ones four, the low ones first).
struct ct_string {
    const char *ptr;
};
#define CTSTR(literal) (ct_string{literal})
struct bf16_t {
    std::uint16_t val;
    bf16_t(std::uint16_t v) : val(v) {}
};
struct bf8_t {
    std::uint8_t exponent, mantissa;
    bf8_t(std::uint16_t v) : exponent((std::uint8_t)v), mantissa((std::uint8_t)(v >> 8)) {}
    bf8_t(std::uint8_t e, std::uint8_t m) : exponent(e), mantissa(m) {}
};
struct bf4_t {
    std::uint8_t exponent, mantissa;
    bf4_t(std::uint16_t v) : exponent((std::uint8_t)v), mantissa((std::uint8_t)(v >> 8)) {}
    bf4_t(std::uint8_t e, std::uint8_t m) : exponent(e), mantissa(m) {}
};
template <std::uint16_t len> struct dp_typed_array_t {
    std::uint32_t *ptr;
    std::uint16_t type;
    dp_typed_array_t(std::uint16_t t, std::uint32_t *p) : ptr(p), type(t) {}
};

namespace tf_ttm
{
template <class T> struct is_typed_array : std::false_type {
};
template <std::uint16_t N> struct is_typed_array<dp_typed_array_t<N>> : std::true_type {
};

// What a field's argument is, for fmt's rules.
enum class dp_class : std::uint8_t {
    integer,  // signed (and an enum of a signed type)
    uinteger, // unsigned
    character,
    boolean,
    floating,
    string,
    pointer,
    other
};

template <class T> constexpr dp_class dp_class_of()
{
    using U = std::remove_cv_t<std::remove_reference_t<T>>;
    using E = std::remove_cv_t<std::remove_extent_t<U>>;
    if constexpr (std::is_same_v<U, bool>)
        return dp_class::boolean;
    else if constexpr (std::is_same_v<U, ct_string>)
        return dp_class::string;
    else if constexpr (std::is_same_v<U, bf16_t> || std::is_same_v<U, bf8_t> ||
                       std::is_same_v<U, bf4_t>)
        return dp_class::floating;
    else if constexpr (std::is_same_v<U, char>)
        return dp_class::character;
    else if constexpr (std::is_enum_v<U>)
        return std::is_signed_v<std::underlying_type_t<U>> ? dp_class::integer : dp_class::uinteger;
    else if constexpr (std::is_integral_v<U>)
        return std::is_signed_v<U> ? dp_class::integer : dp_class::uinteger;
    else if constexpr (std::is_floating_point_v<U>)
        return dp_class::floating;
    else if constexpr (std::is_array_v<U> && std::is_same_v<E, char>)
        return dp_class::string;
    else if constexpr (std::is_pointer_v<U> &&
                       std::is_same_v<std::remove_cv_t<std::remove_pointer_t<U>>, char>)
        return dp_class::string;
    else if constexpr (std::is_pointer_v<U>)
        return dp_class::pointer;
    else
        return dp_class::other;
}

// A field's spec: fmt's mini-language.
struct dp_spec {
    char fill = ' ', align = 0, sign = 0, type = 0;
    bool alt = false, zero = false, given = false;
    std::uint8_t width = 0;
    std::int8_t precision = -1;
};

constexpr bool dp_digit(char c)
{
    return c >= '0' && c <= '9';
}

// Read a field from f (at its '{'): its index (-1: the next argument) and
// spec. Returns the text after its '}', or nullptr for one fmt (or
// tt-foil) cannot read.
constexpr const char *dp_field(const char *f, int &index, dp_spec &s)
{
    f++;
    index = -1;
    if (dp_digit(*f)) {
        index = 0;
        for (; dp_digit(*f); f++) {
            index = index * 10 + (*f - '0');
            if (index > 255) return nullptr;
        }
    }
    if (*f == '}') return f + 1;
    if (*f != ':') return nullptr;
    f++;
    s.given = *f != '}'; // ("{:}" is "{}")
    auto is_align = [](char c) { return c == '<' || c == '>' || c == '^'; };
    if (*f && *f != '{' && *f != '}' && is_align(f[1])) {
        if ((unsigned char)*f >= 0x80) return nullptr; // (one ASCII fill character)
        s.fill = f[0], s.align = f[1], f += 2;
    } else if (is_align(*f)) {
        s.align = *f++;
    }
    if (*f == '+' || *f == '-' || *f == ' ') s.sign = *f++;
    if (*f == '#') s.alt = true, f++;
    if (*f == '0') s.zero = true, f++;
    unsigned w = 0;
    for (; dp_digit(*f); f++)
        if ((w = w * 10 + (unsigned)(*f - '0')) > 255) return nullptr;
    s.width = (std::uint8_t)w;
    if (*f == '.') {
        f++;
        if (!dp_digit(*f)) return nullptr; // (no nested "{}" precision)
        unsigned p = 0;
        for (; dp_digit(*f); f++)
            if ((p = p * 10 + (unsigned)(*f - '0')) > 99) return nullptr;
        s.precision = (std::int8_t)p;
    }
    for (const char *t = "aAbBcdeEfFgGopsxX"; *t; t++)
        if (*f == *t) {
            s.type = *f++;
            break;
        }
    return *f == '}' ? f + 1 : nullptr;
}

// (one copy for the run-time reads of every print's fields)
__attribute__((noinline)) inline const char *dp_field_at_run_time(const char *f, int &index,
                                                                  dp_spec &s)
{
    return dp_field(f, index, s);
}

// Why a format is refused (dp_check).
enum dp_error {
    dp_ok,
    dp_syntax,
    dp_brace,
    dp_mixed,
    dp_index,
    dp_count,
    dp_unused,
    dp_type,
    dp_float_pad,
    dp_other
};

constexpr bool dp_one_of(char c, const char *set)
{
    for (; *set; set++)
        if (c == *set) return true;
    return false;
}

// Whether spec s fits an argument of class c (fmt's rules).
constexpr dp_error dp_fits(dp_class c, const dp_spec &s)
{
    const bool numeric_flags = s.sign || s.alt || s.zero;
    const bool int_type = dp_one_of(s.type, "bBdoxX");
    // (fmt: a sign only for signed numbers)
    switch (c) {
    case dp_class::integer:
    case dp_class::uinteger:
        if (s.type && !dp_one_of(s.type, "bBcdoxX")) return dp_type;
        if (s.precision >= 0 || (s.type == 'c' && numeric_flags)) return dp_type;
        return s.sign && c == dp_class::uinteger ? dp_type : dp_ok;
    case dp_class::character:
    case dp_class::boolean:
        if (int_type) return s.precision >= 0 || s.sign ? dp_type : dp_ok;
        if (s.type && s.type != (c == dp_class::character ? 'c' : 's')) return dp_type;
        return numeric_flags || s.precision >= 0 ? dp_type : dp_ok;
    case dp_class::floating:
        if (s.type && !dp_one_of(s.type, "aAeEfFgG")) return dp_type;
        return s.align == '^' || s.fill != ' ' || (s.alt && !s.type) ? dp_float_pad : dp_ok;
    case dp_class::string:
        if (s.type && s.type != 's' && s.type != 'p') return dp_type;
        return numeric_flags || (s.type == 'p' && s.precision >= 0) ? dp_type : dp_ok;
    case dp_class::pointer:
        if (s.type && s.type != 'p') return dp_type;
        return numeric_flags || s.precision >= 0 ? dp_type : dp_ok;
    case dp_class::other: return s.given ? dp_other : dp_ok;
    }
    return dp_ok;
}

// The format checked against its arguments' types T (dp_ok: printable).
template <class... T> constexpr dp_error dp_check(const char *f)
{
    const dp_class cls[] = {dp_class_of<T>()..., dp_class::other};
    const int n = (int)sizeof...(T);
    int next = 0;
    bool numbered = false, automatic = false;
    std::uint64_t used = 0;
    while (*f) {
        if ((f[0] == '{' && f[1] == '{') || (f[0] == '}' && f[1] == '}')) {
            f += 2;
        } else if (*f == '}') {
            return dp_brace;
        } else if (*f == '{') {
            int index = -1;
            dp_spec s;
            const char *e = dp_field(f, index, s);
            if (!e) return dp_syntax;
            (index < 0 ? automatic : numbered) = true;
            if (numbered && automatic) return dp_mixed;
            const int i = index < 0 ? next++ : index;
            if (i >= n) return index < 0 ? dp_count : dp_index;
            if (i < 64) used |= 1ull << i;
            if (dp_error r = dp_fits(cls[i], s)) return r;
            f = e;
        } else {
            f++;
        }
    }
    if (automatic && next != n) return dp_count;
    if (!automatic && !numbered && n) return dp_count;
    if (numbered && n <= 64 && used != (n == 64 ? ~0ull : (1ull << n) - 1)) return dp_unused;
    return dp_ok;
}

// Emit n copies of c.
__attribute__((noinline)) inline void dp_fill(char c, std::uint32_t n)
{
    char run[33];
    while (n) {
        const std::uint32_t k = n < 32 ? n : 32;
        for (std::uint32_t i = 0; i < k; i++) run[i] = c;
        run[k] = 0;
        dprint_str(run);
        n -= k;
    }
}

// Emit head (a sign and prefix), `zeros` zeros and body as one field of
// `len` characters padded to the spec's width; default alignment def.
__attribute__((noinline)) inline void dp_padded(const dp_spec &s, char def, const char *head,
                                                std::uint32_t zeros, const char *body,
                                                std::uint32_t len, std::int32_t body_max = -1)
{
    const std::uint32_t pad = s.width > len ? s.width - len : 0;
    const char align = s.align ? s.align : def;
    const std::uint32_t left = align == '>' ? pad : align == '^' ? pad / 2 : 0;
    dp_fill(s.fill, left);
    if (*head) dprint_str(head);
    dp_fill('0', zeros);
    if (body_max >= 0) {
        // (a string's first body_max characters: "%.<n>s")
        char c[8] = {'%'};
        char *e = dprint_width_precision(c + 1, 0, body_max);
        e[0] = 's', e[1] = 0;
        dprint_emit(c, (std::uint32_t)(std::uintptr_t)body);
    } else if (*body) {
        dprint_str(body);
    }
    dp_fill(s.fill, pad - left);
}

inline std::uint32_t dp_strlen(const char *s)
{
    std::uint32_t n = 0;
    while (s[n]) n++;
    return n;
}

// An integer as fmt formats it: sign and magnitude, base by type, the
// # prefix, zero padding after them (when no alignment is given).
__attribute__((noinline)) inline void dp_integer(const dp_spec &s, std::uint64_t mag, bool neg)
{
    const char t = s.type ? s.type : 'd';
    const std::uint32_t base = t == 'b' || t == 'B'   ? 2
                               : t == 'o'             ? 8
                               : t == 'x' || t == 'X' ? 16
                                                      : 10;
    char body[66], head[4];
    char *p = dprint_digits(body + sizeof body, mag, base, t == 'X');
    std::uint32_t h = 0;
    if (neg)
        head[h++] = '-';
    else if (s.sign == '+' || s.sign == ' ')
        head[h++] = s.sign;
    if (s.alt && base != 10) {
        if (base == 8) {
            if (mag) head[h++] = '0';
        } else {
            head[h++] = '0';
            head[h++] = t;
        }
    }
    head[h] = 0;
    const std::uint32_t len = h + (std::uint32_t)(body + sizeof body - 1 - p);
    const std::uint32_t zeros = s.zero && !s.align && s.width > len ? s.width - len : 0;
    dp_padded(s, '>', head, zeros, p, len + zeros);
}

__attribute__((noinline)) inline void dp_char(const dp_spec &s, char c)
{
    const char one[2] = {c, 0};
    dp_padded(s, '<', "", 0, one, 1);
}

__attribute__((noinline)) inline void dp_pointer(const dp_spec &s, std::uint32_t a)
{
    char body[9];
    char *p = dprint_digits(body + sizeof body, a, 16);
    dp_padded(s, '>', "0x", 0, p, 2 + (std::uint32_t)(body + sizeof body - 1 - p));
}

// A float: printed by the host's printf with the spec as its flags, 'r'
// (the port's shortest round-trip form, fmt's default) without a type.
__attribute__((noinline)) inline void dp_float(const dp_spec &s, float v)
{
    char c[16], *e = c;
    *e++ = '%';
    if (s.align == '<') *e++ = '-';
    if (s.sign == '+' || s.sign == ' ') *e++ = s.sign;
    if (s.alt) *e++ = '#';
    if (s.zero && !s.align) *e++ = '0';
    e = dprint_width_precision(e, s.width, s.precision);
    *e++ = s.type ? s.type : s.precision >= 0 ? 'g' : 'r';
    *e = 0;
    dprint_emit(c, __builtin_bit_cast(std::uint32_t, v));
}

template <class T> struct dp_array_len;
template <std::uint16_t N> struct dp_array_len<dp_typed_array_t<N>> {
    static constexpr std::uint32_t value = N;
};

// dp_typed_array_t: each value of format df in words[0..len) with the
// field's spec, then a space; a format it cannot read is said.
__attribute__((noinline)) inline void dp_typed_array(const dp_spec &s, std::uint16_t df,
                                                     const std::uint32_t *words, std::uint32_t len)
{
    const std::uint32_t per = tslice_sample_bytes(df) == 4   ? 1
                              : tslice_sample_bytes(df) == 2 ? 2
                              : tslice_sample_bytes(df) == 1 ? 4
                                                             : 0;
    if (!per || tslice_bfp_bits(df)) {
        dprint_emit("<dp_typed_array_t: no values of format %s>",
                    (std::uint32_t)(std::uintptr_t)format_name(df));
        return;
    }
    const std::uint32_t bits = 32 / per;
    for (std::uint32_t i = 0; i < len * per; i++) {
        const std::uint32_t w =
            words[i / per] >> (i % per * bits) & (bits == 32 ? ~0u : (1u << bits) - 1);
        const sample_value v = sample_of(df, w);
        const bool neg = v.k == sample_value::kind::signed_int && (std::int32_t)v.bits < 0;
        if (v.k == sample_value::kind::floating)
            dp_float(s, v.f);
        else
            dp_integer(s, neg ? 0u - v.bits : v.bits, neg);
        dprint_str(" ");
    }
}

// (not inlined: one copy a type, whatever the number of prints)
template <class T> __attribute__((noinline)) void dp_arg(const dp_spec &s, const T &a)
{
    constexpr dp_class c = dp_class_of<T>();
    if constexpr (c == dp_class::integer || c == dp_class::uinteger || c == dp_class::character ||
                  c == dp_class::boolean) {
        if constexpr (c == dp_class::boolean)
            if (!dp_one_of(s.type, "bBdoxX")) {
                const char *w = a ? "true" : "false";
                dp_padded(s, '<', "", 0, w, dp_strlen(w));
                return;
            }
        if constexpr (c == dp_class::character)
            if (!dp_one_of(s.type, "bBdoxX")) return dp_char(s, a);
        if (s.type == 'c') return dp_char(s, (char)a);
        using I =
            std::conditional_t<std::is_enum_v<T>, std::underlying_type<T>, std::common_type<T>>;
        using V = typename I::type;
        const V v = (V)a;
        if constexpr (std::is_signed_v<V>)
            dp_integer(s, v < 0 ? 0 - (std::uint64_t)(std::int64_t)v : (std::uint64_t)v, v < 0);
        else
            dp_integer(s, (std::uint64_t)v, false);
    } else if constexpr (c == dp_class::floating) {
        if constexpr (std::is_same_v<T, bf16_t>)
            dp_float(s, tf_bf16_widen(a.val));
        else if constexpr (std::is_same_v<T, bf8_t> || std::is_same_v<T, bf4_t>)
            dp_float(s, tf_bfp_decode(a.exponent, a.mantissa, std::is_same_v<T, bf8_t> ? 7 : 3));
        else
            dp_float(s, (float)a);
    } else if constexpr (c == dp_class::string) {
        const char *str;
        if constexpr (std::is_same_v<T, ct_string>)
            str = a.ptr;
        else
            str = a;
        if (s.type == 'p') return dp_pointer(s, (std::uint32_t)(std::uintptr_t)str);
        std::uint32_t n = dp_strlen(str);
        if (s.precision >= 0 && (std::uint32_t)s.precision < n) n = (std::uint32_t)s.precision;
        dp_padded(s, '<', "", 0, str, n, s.precision);
    } else if constexpr (c == dp_class::pointer) {
        dp_pointer(s, (std::uint32_t)(std::uintptr_t)a);
    } else if constexpr (is_typed_array<T>::value) {
        dp_typed_array(s, a.type, a.ptr, dp_array_len<T>::value);
    } else {
        DebugPrinter p;
        p << a;
    }
}

// Print fmt's text up to its next field or its end; returns where it
// stopped (at the field's '{').
__attribute__((noinline)) inline const char *dp_text(const char *f)
{
    char seg[33];
    std::uint32_t n = 0;
    for (; *f; f++) {
        if ((f[0] == '{' || f[0] == '}') && f[1] == f[0]) {
            seg[n++] = *f++;
        } else if (f[0] == '{') {
            break;
        } else {
            seg[n++] = *f;
        }
        if (n == sizeof seg - 1) {
            seg[n] = 0;
            dprint_str(seg);
            n = 0;
        }
    }
    seg[n] = 0;
    if (n) dprint_str(seg);
    return f;
}

template <class... A> void device_print(const char *f, const A &...a)
{
    // (a field prints with DPRINT's defaults, whatever DPRINT was set to;
    // DPRINT's settings are kept for it)
    const dprint_state kept = dprint_st;
    dprint_st = dprint_state{};
    int next = 0;
    while (*(f = dp_text(f))) {
        int index = -1;
        dp_spec s;
        f = dp_field_at_run_time(f, index, s); // (checked at compile time)
        const int i = index < 0 ? next++ : index;
        int k = 0;
        ((k++ == i ? dp_arg(s, a) : void()), ...);
    }
    const std::uint8_t after_rows = dprint_st.after_rows;
    dprint_st = kept;
    dprint_st.after_rows = after_rows;
}

template <dp_error E> constexpr void dp_refuse()
{
    static_assert(E != dp_syntax, "DEVICE_PRINT: a field fmt (or tt-foil) cannot read: "
                                  "{[index][:[[fill]align][sign][#][0][width][.precision][type]]}, "
                                  "one ASCII fill character, no nested {} width or precision, "
                                  "no L; width at most 255, precision at most 99");
    static_assert(E != dp_brace, "DEVICE_PRINT: a lone } in the format (write }})");
    static_assert(E != dp_mixed,
                  "DEVICE_PRINT: numbered ({0}) and automatic ({}) fields in one format");
    static_assert(E != dp_index, "DEVICE_PRINT: a field's index is past the last argument");
    static_assert(E != dp_count,
                  "DEVICE_PRINT: the format's {} fields and the arguments differ in number");
    static_assert(E != dp_unused,
                  "DEVICE_PRINT: with numbered fields every argument must be printed (as "
                  "tt-metal's)");
    static_assert(E != dp_type,
                  "DEVICE_PRINT: a field's format spec does not fit its argument, by fmt's rules "
                  "(e.g. {:f} of an integer, {:x} of a float or a string, a precision on an "
                  "integer, a sign on an unsigned, char or bool, # or 0 on a string)");
    static_assert(E != dp_float_pad,
                  "DEVICE_PRINT: tt-foil pads a float's field with spaces or zeros, left or "
                  "right (the host's printf formats it): not centred (^) or with another fill; "
                  "and takes # only with a type ({:#g})");
    static_assert(E != dp_other,
                  "DEVICE_PRINT: this argument (a TileSlice, a CB field, BF16/F32/U32) takes a "
                  "plain {} field");
}
} // namespace tf_ttm

// The check runs on the format literal and the arguments' types, in a
// lambda that sees both (the arguments copied, as tt-metal's: a volatile
// or packed field prints too).
#define TF_DEVICE_PRINT_CALL(fmt, ...)                                                             \
    ([](auto... tf_dp_args) {                                                                      \
        constexpr tf_ttm::dp_error tf_dp_e = tf_ttm::dp_check<decltype(tf_dp_args)...>(fmt);       \
        tf_ttm::dp_refuse<tf_dp_e>();                                                              \
        if constexpr (tf_dp_e == tf_ttm::dp_ok) tf_ttm::device_print(fmt, tf_dp_args...);          \
    }(__VA_ARGS__))

#if defined(FORCE_DPRINT_OFF)
// (checked, its arguments named so a variable only a print uses is still
// used, never run)
#define DEVICE_PRINT(fmt, ...) ((void)(false && (TF_DEVICE_PRINT_CALL(fmt, ##__VA_ARGS__), true)))
#else
#define DEVICE_PRINT(fmt, ...) TF_DEVICE_PRINT_CALL(fmt, ##__VA_ARGS__)
#endif
// 2026's DPRINT(fmt, args...) (the stream DPRINT << ... is dprint.h's;
// with FORCE_DPRINT_OFF dprint.h's DPRINT takes both forms)
#if !defined(FORCE_DPRINT_OFF)
#define DPRINT(...) DEVICE_PRINT(__VA_ARGS__)
#endif
// the per-processor forms, as DPRINT's
#define DEVICE_PRINT_UNPACK(...) DPRINT_UNPACK(DEVICE_PRINT(__VA_ARGS__))
#define DEVICE_PRINT_MATH(...)   DPRINT_MATH(DEVICE_PRINT(__VA_ARGS__))
#define DEVICE_PRINT_PACK(...)   DPRINT_PACK(DEVICE_PRINT(__VA_ARGS__))
#define DEVICE_PRINT_DATA0(...)  DPRINT_DATA0(DEVICE_PRINT(__VA_ARGS__))
#define DEVICE_PRINT_DATA1(...)  DPRINT_DATA1(DEVICE_PRINT(__VA_ARGS__))

#endif
