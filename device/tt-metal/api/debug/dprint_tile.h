// DPRINT << TileSlice(...): tt-metal's print of a numpy-style slice of a
// tile in a circular buffer (api/debug/dprint_tile.h; docs: "Kernel Debug
// Print", tt-metalium/tools/kernel_print). The constructor samples the
// values then (so a TileSlice taken between cb_wait_front and cb_pop_front
// prints what the CB held there, as tt-metal's); printing it writes them
// as tt-metal's print server lays them out: the values of a row separated
// by one space, a line per row unless endl_rows is false, each float as
// DPRINT << float prints it (SETPRECISION/FIXED apply) and each integer
// as DPRINT << int does (HEX/OCT apply). An ENDL() right after a slice
// that ended its last row (or printed why it has no values) adds no empty
// line, as tt-metal's print server.
//
// Which tile: tile tile_idx counted in pages from the CB's pointer, as
// tt-metal's:
//   BRISC, NCRISC: TileSlice(cb, tile_idx, range, cb_type, ptr_type,
//     endl_rows = true, print_untilized = true); ptr_type TSLICE_RD_PTR
//     (the front, after cb_wait_front) or TSLICE_WR_PTR (the back, after
//     cb_reserve_back), by default RD on BRISC and WR on NCRISC; cb_type
//     (TSLICE_INPUT_CB / TSLICE_OUTPUT_CB) is taken and changes nothing
//     here: a CB has one format (tf_program_set_cb_format);
//   TRISC0 (unpack): the front; TRISC2 (pack): the back; TileSlice(cb,
//     tile_idx, range, endl_rows = true, print_untilized = true);
//   TRISC1 (math) has no CB pointer: it prints tt-metal's warning.
// print_untilized: the tile is stored tilized (four 16x16 faces, every
// tile a kernel unpacks or packs) and (h, w) is its row and column; false
// reads the tile's memory as 32 row-major rows.
//
// The values per slice are tt-metal's: TileSlice<MAX_BYTES> keeps
// MAX_BYTES bytes of samples (TSLICE = TileSlice<64>: 32 bf16, 16 fp32 or
// int32, 64 one-byte values; a block-float value takes 2, its exponent
// and code); a larger slice prints what fits and then
// "<TileSlice data truncated due to exceeding max count (N)>".
//
// Formats: Float32, Float16_b, Bfp8_b, Bfp4_b, Int32, UInt32, UInt16,
// Int8, UInt8 as tt-metal's, and Float16, Bfp2_b and Fp8_e4m3 besides
// (decoded by the chip's codec, contracts/tf_tile_layout.h). Instead of
// values a line says why there are none: a CB with no format
// (tf_program_set_cb sets a page size alone) or another format, a tile
// outside the CB's memory (tt-metal's "BAD TILE POINTER", which checks
// L1 only), a range with a step of 0 or past the tile (tt-metal reads out
// of the tile or loops forever), a CB the program gives no memory, a CB
// id past the last.
#ifndef TF_TTM_DPRINT_TILE_H
#define TF_TTM_DPRINT_TILE_H

#include "tt_foil/base.hpp"
#include "tt_foil/data_format.hpp"

#include "tt_foil/dprint_stream.hpp"
#include "tf_tile.h"
#include "tf_tile_layout.h"

// Which pointer of the CB (BRISC and NCRISC), and whether the CB is an
// input or an output of the compute kernel (taken, the same here).
using dprint_tslice_ptr_t = bool;
#define TSLICE_RD_PTR true
#define TSLICE_WR_PTR false
using dprint_tslice_cb_t = bool;
#define TSLICE_INPUT_CB  true
#define TSLICE_OUTPUT_CB false

namespace tf_ttm
{
// A slice bound: tt-metal's are uint8_t, which a braced initializer from
// an int variable narrows (an error in clang, a warning in GCC, which
// tt-metal builds with: its older examples write `.h0 = r`). This takes
// any integer as GCC's build would.
struct slice_bound {
    std::uint8_t v;
    template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
    constexpr slice_bound(T x) : v((std::uint8_t)x)
    {
    }
    constexpr operator std::uint32_t() const
    {
        return v;
    }
};
} // namespace tf_ttm

// numpy's [h0:h1:hs, w0:w1:ws] of a 32x32 tile.
struct SliceRange {
    tf_ttm::slice_bound h0, h1, hs, w0, w1, ws;
    // [0:32:16, 0:32:16], [0:32:8, 0:32:8], [0:32:4, 0:32:4]
    static constexpr SliceRange hw0_32_16()
    {
        return {0, 32, 16, 0, 32, 16};
    }
    static constexpr SliceRange hw0_32_8()
    {
        return {0, 32, 8, 0, 32, 8};
    }
    static constexpr SliceRange hw0_32_4()
    {
        return {0, 32, 4, 0, 32, 4};
    }
    // row 0; column 0; column 1; the 4x4 corner
    static constexpr SliceRange h0_w0_32()
    {
        return {0, 1, 1, 0, 32, 1};
    }
    static constexpr SliceRange h0_32_w0()
    {
        return {0, 32, 1, 0, 1, 1};
    }
    static constexpr SliceRange h0_32_w1()
    {
        return {0, 32, 1, 1, 2, 1};
    }
    static constexpr SliceRange hw041()
    {
        return {0, 4, 1, 0, 4, 1};
    }
};

namespace tf_ttm
{
// Why a slice has no values (tslice_status::ok: it has).
enum class tslice_status : std::uint8_t {
    ok,
    math,
    bad_cb,
    no_cb,
    no_format,
    format,
    bad_ptr,
    bad_range
};

// Bytes a sample takes (a block float's: its exponent and its code), 0 for
// a format not printed.
constexpr std::uint32_t tslice_sample_bytes(std::uint32_t df)
{
    switch ((DataFormat)df) {
    case DataFormat::Float32:
    case DataFormat::Int32:
    case DataFormat::UInt32: return 4;
    case DataFormat::Float16:
    case DataFormat::Float16_b:
    case DataFormat::UInt16:
    case DataFormat::Bfp8_b:
    case DataFormat::Bfp4_b:
    case DataFormat::Bfp2_b: return 2;
    case DataFormat::Int8:
    case DataFormat::UInt8:
    case DataFormat::Fp8_e4m3: return 1;
    default: return 0;
    }
}

// A block float's magnitude bits (0: not a block float).
constexpr std::uint32_t tslice_bfp_bits(std::uint32_t df)
{
    return df == (std::uint32_t)DataFormat::Bfp8_b   ? 7
           : df == (std::uint32_t)DataFormat::Bfp4_b ? 3
           : df == (std::uint32_t)DataFormat::Bfp2_b ? 1
                                                     : 0;
}

inline const char *format_name(std::uint32_t df)
{
    switch (df) {
#define TF_TTM_DF(name, value, bytes)                                                              \
    case value: return #name;
        TF_DATA_FORMATS(TF_TTM_DF)
#undef TF_TTM_DF
    default: return "Invalid";
    }
}

// The sampled values and what printing them needs.
struct tslice_samples {
    SliceRange range;
    std::uint32_t ptr;     // the tile's L1 address (bad_ptr: the one refused)
    std::int32_t tile_idx; // (for the messages)
    std::uint16_t count;
    std::uint8_t cb, format, endl_rows;
    tslice_status status;
};

// Sample the slice of tile tile_idx from ptr, the CB's pointer on this
// RISC, into data (cap bytes).
__attribute__((noinline)) inline void tslice_sample(tslice_samples &s, std::uint8_t *data,
                                                    std::uint32_t cap, std::uint32_t ptr,
                                                    int tile_idx, bool untilized)
{
    s.count = 0;
    s.tile_idx = tile_idx;
    if (s.cb >= TF_MAX_CBS) {
        s.status = tslice_status::bad_cb;
        return;
    }
    if (!TF_CB_CONFIG(s.cb).size) {
        s.status = tslice_status::no_cb;
        return;
    }
    const std::uint32_t df = dev_cb_data_format(s.cb);
    s.format = (std::uint8_t)df;
    if (df == TF_DATA_FORMAT_INVALID) {
        s.status = tslice_status::no_format;
        return;
    }
    const std::uint32_t sample = tslice_sample_bytes(df), mw = tslice_bfp_bits(df);
    if (!sample) {
        s.status = tslice_status::format;
        return;
    }
    const SliceRange &r = s.range;
    if (!r.hs || !r.ws || r.h1 > TF_TILE_DIM || r.w1 > TF_TILE_DIM) {
        s.status = tslice_status::bad_range;
        return;
    }
    // The tile must lie in the CB's memory (a CB with none: size 0).
    const std::uint32_t tile = format_tile_bytes(df), base = TF_CB_CONFIG(s.cb).addr,
                        size = TF_CB_CONFIG(s.cb).size;
    s.ptr = ptr + (std::uint32_t)tile_idx * tile;
    if (s.ptr - base >= size || size - (s.ptr - base) < tile) {
        s.status = tslice_status::bad_ptr;
        return;
    }
    const volatile std::uint8_t *t = (const volatile std::uint8_t *)(std::uintptr_t)s.ptr;
    std::uint32_t n = 0;
    for (std::uint32_t h = r.h0; h < r.h1; h += r.hs)
        for (std::uint32_t w = r.w0; w < r.w1; w += r.ws) {
            if ((n + 1) * sample > cap) goto full;
            const std::uint32_t i = untilized ? tf_tile_elem(h, w) : h * TF_TILE_DIM + w;
            std::uint8_t *d = data + n * sample;
            if (mw) {
                // the exponent of i's block of 16, then i's code
                const std::uint32_t bits = mw + 1, per = 8 / bits;
                d[0] = t[i / 16];
                d[1] = (std::uint8_t)(t[64 + i / per] >> (i % per * bits) & ((1u << bits) - 1));
            } else {
                for (std::uint32_t b = 0; b < sample; b++) d[b] = t[i * sample + b];
            }
            n++;
        }
full:
    s.count = (std::uint16_t)n;
    s.status = tslice_status::ok;
}

// A value of format df (not a block float) from its bits w, as a print
// shows it: a float, or an integer (signed: its bits sign-extended).
struct sample_value {
    enum class kind : std::uint8_t { floating, signed_int, unsigned_int } k;
    float f;
    std::uint32_t bits;
};
inline sample_value sample_of(std::uint32_t df, std::uint32_t w)
{
    using K = sample_value::kind;
    switch ((DataFormat)df) {
    case DataFormat::Float32: return {K::floating, __builtin_bit_cast(float, w), 0};
    case DataFormat::Float16_b: return {K::floating, tf_bf16_widen((std::uint16_t)w), 0};
    case DataFormat::Float16: return {K::floating, tf_fp16_widen((std::uint16_t)w), 0};
    case DataFormat::Fp8_e4m3: return {K::floating, tf_fp8_widen((std::uint8_t)w), 0};
    case DataFormat::Int32: return {K::signed_int, 0, w};
    case DataFormat::Int8: return {K::signed_int, 0, (std::uint32_t)(std::int32_t)(std::int8_t)w};
    default: return {K::unsigned_int, 0, w}; // UInt32, UInt16, UInt8
    }
}

// Print sample k (little-endian bytes at d).
inline void tslice_value(DebugPrinter &p, std::uint32_t df, const std::uint8_t *d)
{
    if (const std::uint32_t mw = tslice_bfp_bits(df)) {
        p << tf_bfp_decode(d[0], d[1], mw);
        return;
    }
    std::uint32_t w = 0;
    for (std::uint32_t b = tslice_sample_bytes(df); b--;) w = w << 8 | d[b];
    const sample_value v = sample_of(df, w);
    switch (v.k) {
    case sample_value::kind::floating: p << v.f; break;
    case sample_value::kind::signed_int: p << (std::int32_t)v.bits; break;
    case sample_value::kind::unsigned_int: p << v.bits; break;
    }
}

__attribute__((noinline)) inline void tslice_print(const tslice_samples &s,
                                                   const std::uint8_t *data)
{
    static const char bad_cb[] = "Tried printing CB %u: no such CB (ids 0-%u)\n";
    static const char no_cb[] =
        "Tried printing CBIndex::c_%u: the program gives this CB no memory\n";
    static const char no_format[] =
        "Tried printing CBIndex::c_%u: Unsupported data format (Invalid: the CB has a page size "
        "and no format; give it one, tf_program_set_cb_format)\n";
    static const char format[] = "Tried printing CBIndex::c_%u: Unsupported data format (%s)\n";
    static const char bad_ptr[] = "Tried printing CBIndex::c_%u: BAD TILE POINTER (ptr=0x%x: tile "
                                  "%d is not inside the CB's %u bytes at 0x%x)\n";
    static const char bad_range[] = "Tried printing CBIndex::c_%u: BAD SLICE RANGE [%u:%u:%u, "
                                    "%u:%u:%u] (steps of 1 or more, ends at most 32)\n";
    const SliceRange &r = s.range;
    switch (s.status) {
    case tslice_status::ok: break;
    case tslice_status::math:
        dprint_emit("Warning: MATH core does not support TileSlice printing, omitting print...\n");
        break;
    case tslice_status::bad_cb: dprint_emitn(bad_cb, s.cb, TF_MAX_CBS - 1); break;
    case tslice_status::no_cb: dprint_emit(no_cb, s.cb); break;
    case tslice_status::no_format: dprint_emit(no_format, s.cb); break;
    case tslice_status::format:
        dprint_emitn(format, s.cb, (std::uint32_t)(std::uintptr_t)format_name(s.format));
        break;
    case tslice_status::bad_ptr:
        dprint_emitn(bad_ptr, s.cb, s.ptr, s.tile_idx, TF_CB_CONFIG(s.cb).size,
                     TF_CB_CONFIG(s.cb).addr);
        break;
    case tslice_status::bad_range:
        dprint_emitn(bad_range, s.cb, r.h0, r.h1, r.hs, r.w0, r.w1, r.ws);
        break;
    }
    if (s.status != tslice_status::ok) {
        dprint_st.after_rows = 1; // (each message ends its line, as a slice's rows)
        return;
    }
    DebugPrinter p;
    const std::uint32_t sample = tslice_sample_bytes(s.format);
    std::uint32_t k = 0;
    for (std::uint32_t h = r.h0; h < r.h1; h += r.hs) {
        bool cut = false;
        for (std::uint32_t w = r.w0; w < r.w1; w += r.ws) {
            if (k >= s.count) {
                cut = true;
                break;
            }
            tslice_value(p, s.format, data + k * sample);
            if (w + r.ws < r.w1) p << ' ';
            k++;
        }
        if (cut) {
            dprint_emit("<TileSlice data truncated due to exceeding max count (%u)>\n", s.count);
            dprint_st.after_rows = 1;
            return;
        }
        if (s.endl_rows) {
            dprint_emit("\n");
            dprint_st.after_rows = 1;
        }
    }
}
} // namespace tf_ttm

template <int MAX_BYTES = 64> struct TileSlice {
    static_assert(MAX_BYTES >= 4 && MAX_BYTES <= 1024, "TileSlice<MAX_BYTES>: 4 to 1024 bytes");
    tf_ttm::tslice_samples s;
    std::uint8_t data[MAX_BYTES];

#if defined(COMPILE_FOR_BRISC) || defined(COMPILE_FOR_NCRISC)
#if defined(COMPILE_FOR_BRISC)
#define TF_TSLICE_PTR_DEFAULT TSLICE_RD_PTR
#else
#define TF_TSLICE_PTR_DEFAULT TSLICE_WR_PTR
#endif
    TileSlice(std::uint8_t cb, int tile_idx, const SliceRange &range, dprint_tslice_cb_t cb_type,
              dprint_tslice_ptr_t ptr_type = TF_TSLICE_PTR_DEFAULT, bool endl_rows = true,
              bool print_untilized = true)
        : s{range, 0, 0, 0, cb, 0, endl_rows, tf_ttm::tslice_status::ok}
    {
        (void)cb_type;
        const std::uint32_t ptr =
            cb < TF_MAX_CBS
                ? (ptr_type == TSLICE_RD_PTR ? TF_CB_LOCAL(cb).rd_ptr : TF_CB_LOCAL(cb).wr_ptr)
                : 0;
        tf_ttm::tslice_sample(s, data, MAX_BYTES, ptr, tile_idx, print_untilized);
    }
#undef TF_TSLICE_PTR_DEFAULT
#else
    TileSlice(std::uint8_t cb, int tile_idx, const SliceRange &range, bool endl_rows = true,
              bool print_untilized = true)
        : s{range, 0, 0, 0, cb, 0, endl_rows, tf_ttm::tslice_status::ok}
    {
#if defined(UCK_CHLKC_MATH)
        (void)tile_idx, (void)print_untilized;
        s.status = tf_ttm::tslice_status::math;
#else
#if defined(UCK_CHLKC_UNPACK)
        const std::uint32_t ptr = cb < TF_MAX_CBS ? TF_CB_LOCAL(cb).rd_ptr : 0;
#else
        const std::uint32_t ptr = cb < TF_MAX_CBS ? TF_CB_LOCAL(cb).wr_ptr : 0;
#endif
        tf_ttm::tslice_sample(s, data, MAX_BYTES, ptr, tile_idx, print_untilized);
#endif
    }
#endif
};

using TSLICE = TileSlice<64>;

namespace tf_ttm
{
template <int N> FORCE_INLINE DebugPrinter &operator<<(DebugPrinter &p, const TileSlice<N> &t)
{
    tslice_print(t.s, t.data);
    return p;
}
template <int N> FORCE_INLINE DebugPrinter &&operator<<(DebugPrinter &&p, const TileSlice<N> &t)
{
    tslice_print(t.s, t.data);
    return static_cast<DebugPrinter &&>(p);
}
} // namespace tf_ttm

#endif
