// tt-metal's SFPU (vector unit) ops on DEST tiles, in place, each after its
// *_init (the tile engine faults otherwise, naming the init): the C compute
// API's ops (device/include/compute_sfpu.h) with tt-metal's template
// parameters. The approximation flags select the engine's approximate forms
// (their error bounds: docs/chip.md "Numerics"). Scalars are fp32 bit
// patterns, as in tt-metal. Included by tt_foil/compute.hpp.
#ifndef TF_TTM_COMPUTE_SFPU_HPP
#define TF_TTM_COMPUTE_SFPU_HPP

#ifndef TF_TTM_COMPUTE_HPP
#error "include a compute API header (api/compute/common.h, compute_kernel_api.h, ...)"
#endif

namespace ckernel
{
// exp: exp_tile<approx>. Template parameters after approx differ between
// tt-metal's versions; the newest is followed: scale_en multiplies x by a
// scale first (an extra SFPU pass here): with approx, the init's `scale`
// template argument (fp32 bits), else exp_tile's `scale` (bf16 bits), as
// tt-metal's exp.h says. InputClamping and iterations are accepted (the
// engine's exp covers every input); so is the init's fast_and_approx of the
// versions that have one (<approx, fast_and_approx, scale>): the op's flags
// decide.
} // namespace ckernel
namespace tf_ttm
{
// The scale of the last exp_tile_init (this TRISC's), for exp_tile<true, true>.
inline std::uint32_t exp_init_scale = 0x3F800000u;
// The init's scale argument in either signature (a bool first is
// fast_and_approx); 1.0 when none is given.
template <auto... rest> struct exp_init_args {
    static constexpr std::uint32_t scale = 0x3F800000u;
};
template <auto first, auto... rest> struct exp_init_args<first, rest...> {
    using T = decltype(first);
    static constexpr std::uint32_t scale = std::is_integral_v<T> && !std::is_same_v<T, bool>
                                               ? static_cast<std::uint32_t>(first)
                                               : exp_init_args<rest...>::scale;
};
// exp_tile's command (and exp_packthread_tile's) on DEST[idst]: cmd's SFPU
// op EXP, approximate or not, over the vector mode's faces; scale_en
// multiplies x by the init's scale (approx) or by `scale` (bf16 bits) in
// the SFPU's registers, when that scale is not 1.0.
template <bool approx, bool scale_en>
ALWI void exp_cmd(std::uint32_t cmd, std::uint32_t idst, vector_mode_arg vector_mode,
                  std::uint16_t scale)
{
    std::uint32_t bits = approx ? exp_init_scale : (std::uint32_t)scale << 16;
    int scaled = scale_en && bits != 0x3F800000u;
    tf_c::dev_sfpu_cmd(cmd, TF_SFPU_EXP | (approx ? TF_SFPU_APPROX : 0u) | vm_bits(vector_mode),
                       idst, scaled ? bits : 0u, scaled ? TF_SFPU_EXP_SCALED : 0u);
}
} // namespace tf_ttm
namespace ckernel
{
template <bool approx = false, auto... rest> ALWI void exp_tile_init()
{
    tf_ttm::exp_init_scale = tf_ttm::exp_init_args<rest...>::scale;
    tf_c::exp_tile_init();
}
template <bool approx = false, bool scale_en = false,
          InputClamping input_clamping = InputClamping::ClampToNegative, int iterations = 8>
ALWI void exp_tile(std::uint32_t idst, tf_ttm::vector_mode_arg vector_mode = VectorMode::RC,
                   std::uint16_t scale = 0x3F80)
{
    static_assert(iterations == 8, "not supported by tt-foil: exp_tile over part of a face "
                                   "(iterations != 8)");
    if (TF_MATH) tf_ttm::exp_cmd<approx, scale_en>(TF_TILE_SFPU, idst, vector_mode, scale);
}
using tf_c::exp2_tile;
using tf_c::exp2_tile_init;

template <bool fast_and_approx = false> ALWI void log_tile_init()
{
    tf_c::log_tile_init();
}
template <bool fast_and_approx = false> ALWI void log_tile(std::uint32_t idst)
{
    if (fast_and_approx)
        tf_c::log_tile_approx(idst);
    else
        tf_c::log_tile(idst);
}

// recip: full accuracy in every mode (legacy_compat has no effect).
template <bool legacy_compat = false> ALWI void recip_tile_init()
{
    tf_c::recip_tile_init();
}
template <bool legacy_compat = false>
ALWI void recip_tile(std::uint32_t idst, tf_ttm::vector_mode_arg vector_mode = VectorMode::RC)
{
    tf_c::dev_sfpu(TF_SFPU_RECIP | tf_ttm::vm_bits(vector_mode), idst, 0, 0);
}

ALWI void sqrt_tile_init()
{
    tf_c::sqrt_tile_init();
}
template <bool FAST_APPROX = false> ALWI void sqrt_tile(std::uint32_t idst)
{
    if (FAST_APPROX)
        tf_c::sqrt_tile_approx(idst);
    else
        tf_c::sqrt_tile(idst);
}

// rsqrt: the newest parameters <legacy_compat, FAST_APPROX> (in 2024's tree
// the first one was fast_and_approx: write rsqrt_tile<false, true> for the
// approximation).
template <bool legacy_compat = false, auto... rest> ALWI void rsqrt_tile_init()
{
    tf_c::rsqrt_tile_init();
}
template <bool legacy_compat = false, bool FAST_APPROX = false,
          bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void rsqrt_tile(std::uint32_t idst)
{
    if (FAST_APPROX)
        tf_c::rsqrt_tile_approx(idst);
    else
        tf_c::rsqrt_tile(idst);
}

using tf_c::relu_max_tile;
using tf_c::relu_max_tile_init;
using tf_c::relu_min_tile;
using tf_c::relu_min_tile_init;
using tf_c::relu_tile;
using tf_c::relu_tile_init;
ALWI void leaky_relu_tile_init()
{
    tf_c::leaky_relu_tile_init();
}
ALWI void leaky_relu_tile(std::uint32_t idst, std::uint32_t slope = 0)
{
    tf_c::leaky_relu_tile(idst, slope);
}

// gelu: fast_and_approx (the default, as tt-metal's) is the tanh form.
template <bool fast_and_approx = true> ALWI void gelu_tile_init()
{
    tf_c::gelu_tile_init();
}
template <bool fast_and_approx = true> ALWI void gelu_tile(std::uint32_t idst)
{
    if (fast_and_approx)
        tf_c::gelu_tile_approx(idst);
    else
        tf_c::gelu_tile_exact(idst);
}
using tf_c::gelu_tanh_tile;
using tf_c::gelu_tanh_tile_init;
using tf_c::silu_tile;
using tf_c::silu_tile_init;

template <bool fast_and_approx = false> ALWI void sigmoid_tile_init()
{
    tf_c::sigmoid_tile_init();
}
// vec_mode: VectorMode (or the int of 2024's tree): the faces it computes.
template <auto vec_mode = VectorMode::RC, bool fast_and_approx = false>
ALWI void sigmoid_tile(std::uint32_t idst)
{
    tf_c::dev_sfpu(TF_SFPU_SIGMOID | (fast_and_approx ? TF_SFPU_APPROX : 0u) |
                       tf_ttm::vm_bits((int)vec_mode),
                   idst, 0, 0);
}

template <bool fast_and_approx = false> ALWI void tanh_tile_init()
{
    tf_c::tanh_tile_init();
}
template <bool fast_and_approx = false> ALWI void tanh_tile(std::uint32_t idst)
{
    if (fast_and_approx)
        tf_c::tanh_tile_approx(idst);
    else
        tf_c::tanh_tile(idst);
}

using tf_c::abs_tile;
using tf_c::abs_tile_init;
using tf_c::negative_tile;
using tf_c::negative_tile_init;
using tf_c::square_tile;
using tf_c::square_tile_init;

// power: x^p for an integer p >= 0, given as an integer (tt-metal before
// 2025) or as the fp32 bits of p (since): a value of 2^23 or more is read as
// fp32 bits. Another exponent faults (an operand the engine does not know).
using tf_c::power_tile_init;
ALWI void power_tile(std::uint32_t idst, std::uint32_t param0)
{
    std::uint32_t n = param0;
    if (param0 >= 0x00800000u) {
        float p = __builtin_bit_cast(float, param0);
        n = p >= 0 && p < 4294967296.0f ? (std::uint32_t)p : 0;
        if (TF_MATH && (float)n != p)
            dev_fault(TF_FAULT_DETAIL_TILE, TF_TILE_SFPU,
                      TF_TILE_FAULT_AUX(TF_TILE_ERR_ARG, param0 >> 24, 0, TF_SFPU_POWER));
    }
    tf_c::power_tile(idst, n);
}
ALWI void power_iterative_tile_init()
{
    tf_c::power_tile_init();
}
using tf_c::power_iterative_tile;

using tf_c::cos_tile;
using tf_c::cos_tile_init;
using tf_c::sin_tile;
using tf_c::sin_tile_init;

using tf_c::fill_tile;
using tf_c::fill_tile_bitcast;
using tf_c::fill_tile_init;

using tf_c::add_unary_tile;
using tf_c::binop_with_scalar_tile_init;
using tf_c::div_unary_tile;
using tf_c::mul_unary_tile;
using tf_c::rsub_unary_tile;
using tf_c::sub_unary_tile;

// Binary ops between DEST tiles (eltwise_binary_sfpu.h, binary_max_min.h):
// DEST[odst] = f(DEST[idst0], DEST[idst1]), each after its own init. Into a
// 16-bit DEST add/sub/rsub truncate, or round to nearest even with
// DstRoundingMode::NearestEven; mul and div round to nearest even (as
// tt-metal's on Wormhole and Blackhole). is_fp32_dest_acc_en picks the
// LLK's path for the DEST width: the engine's DEST is the kernel's, so it
// changes nothing (docs/chip.md "Numerics").
enum class DstRoundingMode : std::uint8_t { Default = 0, NearestEven = 1 };
using tf_c::add_binary_tile_init;
using tf_c::binary_max_tile_init;
using tf_c::binary_min_tile_init;
using tf_c::div_binary_tile_init;
using tf_c::eq_binary_tile_init;
using tf_c::ge_binary_tile_init;
using tf_c::gt_binary_tile_init;
using tf_c::le_binary_tile_init;
using tf_c::lt_binary_tile_init;
using tf_c::mul_binary_tile_init;
using tf_c::ne_binary_tile_init;
using tf_c::power_binary_tile_init;
using tf_c::rsub_binary_tile_init;
using tf_c::sub_binary_tile_init;
#define TF_TTM_SFPU_BINARY_RM(fn)                                                                  \
    template <DstRoundingMode dst_rounding_mode = DstRoundingMode::Default,                        \
              bool is_fp32_dest_acc_en = DST_ACCUM_MODE>                                           \
    ALWI void fn(std::uint32_t idst0, std::uint32_t idst1, std::uint32_t odst)                     \
    {                                                                                              \
        if (dst_rounding_mode == DstRoundingMode::NearestEven)                                     \
            tf_c::fn##_rne(idst0, idst1, odst);                                                    \
        else                                                                                       \
            tf_c::fn(idst0, idst1, odst);                                                          \
    }
TF_TTM_SFPU_BINARY_RM(add_binary_tile)
TF_TTM_SFPU_BINARY_RM(sub_binary_tile)
TF_TTM_SFPU_BINARY_RM(rsub_binary_tile)
#undef TF_TTM_SFPU_BINARY_RM
// (and each op's 2024 form, fn(idst0, idst1): the result into idst0)
#define TF_TTM_SFPU_BINARY(fn)                                                                     \
    template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>                                           \
    ALWI void fn(std::uint32_t idst0, std::uint32_t idst1, std::uint32_t odst)                     \
    {                                                                                              \
        tf_c::fn(idst0, idst1, odst);                                                              \
    }
#define TF_TTM_SFPU_BINARY_2024(fn)                                                                \
    ALWI void fn(std::uint32_t idst0, std::uint32_t idst1)                                         \
    {                                                                                              \
        fn<>(idst0, idst1, idst0);                                                                 \
    }
TF_TTM_SFPU_BINARY_2024(add_binary_tile)
TF_TTM_SFPU_BINARY_2024(sub_binary_tile)
TF_TTM_SFPU_BINARY_2024(rsub_binary_tile)
TF_TTM_SFPU_BINARY(mul_binary_tile)
TF_TTM_SFPU_BINARY(div_binary_tile)
TF_TTM_SFPU_BINARY(power_binary_tile)
TF_TTM_SFPU_BINARY_2024(mul_binary_tile)
TF_TTM_SFPU_BINARY_2024(div_binary_tile)
TF_TTM_SFPU_BINARY_2024(power_binary_tile)
#undef TF_TTM_SFPU_BINARY_2024
// The comparisons (binary_comp.h; eltwise_binary_sfpu.h in the newest
// tree, with the is_fp32_dest_acc_en template parameter, older ones
// without): 1.0f where DEST[idst0] op DEST[idst1] holds, else 0.0f (fp32
// compares: a NaN compares false, so ne gives 1).
TF_TTM_SFPU_BINARY(eq_binary_tile)
TF_TTM_SFPU_BINARY(ne_binary_tile)
TF_TTM_SFPU_BINARY(lt_binary_tile)
TF_TTM_SFPU_BINARY(gt_binary_tile)
TF_TTM_SFPU_BINARY(le_binary_tile)
TF_TTM_SFPU_BINARY(ge_binary_tile)
// max/min: over the faces the vector mode names (SDPA's running max takes
// VectorMode::C: the column of maxima).
#define TF_TTM_SFPU_BINARY_VM(fn, OP)                                                              \
    ALWI void fn(std::uint32_t idst0, std::uint32_t idst1, std::uint32_t odst,                     \
                 tf_ttm::vector_mode_arg vector_mode = VectorMode::RC)                             \
    {                                                                                              \
        tf_c::dev_sfpu_binary((OP) | tf_ttm::vm_bits(vector_mode), idst0, idst1, odst);            \
    }
TF_TTM_SFPU_BINARY_VM(binary_max_tile, TF_SFPU_MAX_BINARY)
TF_TTM_SFPU_BINARY_VM(binary_min_tile, TF_SFPU_MIN_BINARY)
// atan2.h, binary_fmod.h, binary_remainder.h, xlogy.h: atan2(DEST[idst0],
// DEST[idst1]) with idst0 the ordinate (C's atan2(y, x)), fmod (idst0's
// sign), remainder (idst1's sign: x - floor(x / y) y), x ln y. Into a
// 16-bit DEST atan2, fmod and remainder round to nearest even (as
// tt-metal's kernels do), xlogy truncates. div_no_nan_binary_tile
// (eltwise_binary_sfpu.h): x / y, 0 where y is 0; its init is
// div_binary_tile_init, as tt-metal's.
using tf_c::atan2_binary_tile;
using tf_c::atan2_binary_tile_init;
using tf_c::fmod_binary_tile;
using tf_c::fmod_binary_tile_init;
using tf_c::remainder_binary_tile;
using tf_c::remainder_binary_tile_init;
using tf_c::xlogy_binary_tile_init;
TF_TTM_SFPU_BINARY(xlogy_binary_tile)
TF_TTM_SFPU_BINARY(div_no_nan_binary_tile)
#undef TF_TTM_SFPU_BINARY
// copy_dest_values<DataFormat>(idst_in, idst_out): DEST[idst_out] =
// DEST[idst_in]; the untemplated form is deprecated, as in tt-metal (whose
// first form, before 2025, took (idst_out, idst_in): the newest order is
// followed). The format is the values' (Float32, Float16_b or a block
// float: DEST holds them either way).
using tf_c::copy_dest_values_init;
template <DataFormat DATA_FORMAT, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void copy_dest_values(std::uint32_t idst_in, std::uint32_t idst_out)
{
    static_assert(TF_DF_SUPPORTED((std::uint32_t)DATA_FORMAT),
                  "not supported by tt-foil: copy_dest_values of this DataFormat (the tile "
                  "engine's DEST holds Float32, Float16_b and block-float values, no integers)");
    tf_c::copy_dest_values(idst_in, idst_out);
}
[[deprecated("Use copy_dest_values<DataFormat> instead")]] ALWI void
copy_dest_values(std::uint32_t idst_in, std::uint32_t idst_out)
{
    tf_c::copy_dest_values(idst_in, idst_out);
}
// max_tile (compute_kernel_api.h before 2026): DEST[idst0] = max(DEST[idst0],
// DEST[idst0 + 1]), as tt-metal's LLK, which never reads idst1; over the
// faces the vector mode names.
using tf_c::max_tile_init;
ALWI void max_tile(std::uint32_t idst0, std::uint32_t idst1,
                   tf_ttm::vector_mode_arg vector_mode = VectorMode::RC)
{
    (void)idst1;
    tf_c::dev_sfpu(TF_SFPU_MAX_TILE | tf_ttm::vm_bits(vector_mode), idst0, idst0, idst0 + 1);
}
// mask.h: DEST[idst_data] = 0 (mask_tile) or +inf (mask_posinf_tile) where
// the mask's 32 bits are all 0 (a -0 mask does not mask). The mask is
// DEST[idst_data + 1], as tt-metal's LLK reads it (its mask.h: "idst2_mask
// is not used"). data_format: Float16_b (the default), Float16 or Int32
// (integer tiles), as tt-metal's LLK; another faults at run time (tt-metal's
// LLK silently does nothing). mask_posinf_tile takes mask_tile_init.
using tf_c::mask_tile_init;
ALWI void mask_tile(std::uint32_t idst_data, std::uint32_t idst2_mask,
                    DataFormat data_format = DataFormat::Float16_b)
{
    tf_c::mask_tile(idst_data, idst2_mask, (std::uint32_t)data_format);
}
using tf_c::mask_posinf_tile;
// clamped_silu_glu.h (tt-metal's Blackhole only): gate DEST[idst0], up
// DEST[idst1], DeepSeek-V4's limit 10; over the faces the vector mode names.
using tf_c::clamped_silu_glu_tile_init;
TF_TTM_SFPU_BINARY_VM(clamped_silu_glu_tile, TF_SFPU_CLAMPED_SILU_GLU | TF_SFPU_RNE)
#undef TF_TTM_SFPU_BINARY_VM
// sfpu_binary_bcast.h: DEST[idst_data] op= DEST[idst_vec]'s column 0 (on
// every column) or row 0 (on every row). tt-metal's need both DEST tiles
// fp32 (fp32_dest_acc_en): on a 16-bit DEST a compile error (and the
// engine faults). Each dimension's init has four names, one init.
using tf_c::sfpu_add_bcast_col_init;
using tf_c::sfpu_add_bcast_row_init;
using tf_c::sfpu_bcast_col_init;
using tf_c::sfpu_bcast_row_init;
using tf_c::sfpu_mul_bcast_col_init;
using tf_c::sfpu_mul_bcast_row_init;
using tf_c::sfpu_sub_bcast_col_init;
using tf_c::sfpu_sub_bcast_row_init;
#define TF_TTM_SFPU_BCAST(fn)                                                                      \
    template <bool fp32_dest = DST_ACCUM_MODE>                                                     \
    ALWI void fn(std::uint32_t idst_data, std::uint32_t idst_vec)                                  \
    {                                                                                              \
        static_assert(fp32_dest, "not supported by tt-foil: " #fn " on a 16-bit DEST (tt-metal's " \
                                 "needs fp32_dest_acc_en: both DEST tiles hold fp32 values)");     \
        tf_c::fn(idst_data, idst_vec);                                                             \
    }
TF_TTM_SFPU_BCAST(sfpu_add_bcast_col)
TF_TTM_SFPU_BCAST(sfpu_sub_bcast_col)
TF_TTM_SFPU_BCAST(sfpu_mul_bcast_col)
TF_TTM_SFPU_BCAST(sfpu_add_bcast_row)
TF_TTM_SFPU_BCAST(sfpu_sub_bcast_row)
TF_TTM_SFPU_BCAST(sfpu_mul_bcast_row)
#undef TF_TTM_SFPU_BCAST

// Ternary ops (eltwise_unary/where.h, lerp.h, addcmul.h, addcdiv.h, snake_beta.h):
// DEST[odst] = f(DEST[idst0], DEST[idst1], DEST[idst2]), odst any of them.
// data_format is the values' (where: Float32 or Float16_b; lerp and
// addcdiv too; addcmul also Bfp8_b, as tt-metal's static_asserts; integer
// formats are not modeled); is_fp32_dest_acc_en, the newest trees' second
// parameter, picks the LLK's path for the DEST width: here DEST is the
// kernel's, so neither changes a value. Numerics: docs/chip.md.
} // namespace ckernel
namespace tf_ttm
{
template <DataFormat df, bool bfp8_too> constexpr bool ternary_format()
{
    static_assert(df == DataFormat::Float32 || df == DataFormat::Float16_b ||
                      (bfp8_too && df == DataFormat::Bfp8_b),
                  "not supported by tt-foil: this DataFormat for a ternary SFPU op (Float32 and "
                  "Float16_b, and Bfp8_b for addcmul_tile, as tt-metal's; the tile engine has no "
                  "integer DEST formats)");
    return true;
}
} // namespace tf_ttm
namespace ckernel
{
#define TF_TTM_SFPU_TERNARY_INIT(init)                                                             \
    template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE> ALWI void init()                          \
    {                                                                                              \
        tf_c::init();                                                                              \
    }
TF_TTM_SFPU_TERNARY_INIT(where_tile_init)
TF_TTM_SFPU_TERNARY_INIT(lerp_tile_init)
TF_TTM_SFPU_TERNARY_INIT(addcmul_tile_init)
TF_TTM_SFPU_TERNARY_INIT(addcdiv_tile_init)
#undef TF_TTM_SFPU_TERNARY_INIT
template <DataFormat data_format, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void where_tile(std::uint32_t idst0, std::uint32_t idst1, std::uint32_t idst2,
                     std::uint32_t odst)
{
    static_assert(tf_ttm::ternary_format<data_format, false>());
    tf_c::where_tile(idst0, idst1, idst2, odst);
}
template <DataFormat data_format, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void lerp_tile(std::uint32_t idst0, std::uint32_t idst1, std::uint32_t idst2,
                    std::uint32_t odst)
{
    static_assert(tf_ttm::ternary_format<data_format, false>());
    tf_c::lerp_tile(idst0, idst1, idst2, odst);
}
template <DataFormat data_format, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void addcmul_tile(std::uint32_t idst0, std::uint32_t idst1, std::uint32_t idst2,
                       std::uint32_t odst, std::uint32_t value)
{
    static_assert(tf_ttm::ternary_format<data_format, true>());
    tf_c::addcmul_tile(idst0, idst1, idst2, odst, value);
}
template <DataFormat data_format, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void addcdiv_tile(std::uint32_t idst0, std::uint32_t idst1, std::uint32_t idst2,
                       std::uint32_t odst, std::uint32_t value)
{
    static_assert(tf_ttm::ternary_format<data_format, false>());
    tf_c::addcdiv_tile(idst0, idst1, idst2, odst, value);
}
// isclose.h: 1.0 where |x - y| <= atol + rtol |y| (torch.isclose: an
// infinity close only to itself, NaN only to NaN with EQUAL_NAN), else 0.0;
// rtol and atol as fp32 bits.
using tf_c::isclose_binary_tile_init;
template <bool EQUAL_NAN = false>
ALWI void isclose_binary_tile(std::uint32_t idst0, std::uint32_t idst1, std::uint32_t odst,
                              std::uint32_t rtol_bits, std::uint32_t atol_bits)
{
    tf_c::isclose_binary_tile(idst0, idst1, odst, rtol_bits, atol_bits, EQUAL_NAN);
}
// (its other form: the tolerances from the defines ISCLOSE_RTOL_VAL and
// ISCLOSE_ATOL_VAL, 1e-5f and 1e-8f by default, as tt-metal's)
#ifndef ISCLOSE_RTOL_VAL
#define ISCLOSE_RTOL_VAL 1e-5f
#endif
#ifndef ISCLOSE_ATOL_VAL
#define ISCLOSE_ATOL_VAL 1e-8f
#endif
template <bool EQUAL_NAN = false>
ALWI void isclose_binary_tile(std::uint32_t idst0, std::uint32_t idst1, std::uint32_t odst)
{
    tf_c::isclose_binary_tile(
        idst0, idst1, odst, __builtin_bit_cast(std::uint32_t, (float)(ISCLOSE_RTOL_VAL)),
        __builtin_bit_cast(std::uint32_t, (float)(ISCLOSE_ATOL_VAL)), EQUAL_NAN);
}
// eltwise_unary/snake_beta.h: x + sin(alpha x)^2 / beta (Float32, Float16_b).
using tf_c::snake_beta_tile_init;
template <DataFormat data_format>
ALWI void snake_beta_tile(std::uint32_t idst_x, std::uint32_t idst_alpha, std::uint32_t idst_beta,
                          std::uint32_t idst_out)
{
    static_assert(tf_ttm::ternary_format<data_format, false>());
    tf_c::snake_beta_tile(idst_x, idst_alpha, idst_beta, idst_out);
}

// The unary ops from the comparisons on (comp.h, isinf_isnan.h,
// logical_not.h, activations.h, clamp.h, ..., rounding.h, fmod.h,
// remainder.h): each computes the exact value, rounded to fp32 once
// (docs/chip.md "Numerics"); a template argument selecting tt-metal's
// approximation (approx, fast_and_approx, APPROXIMATION_MODE) changes
// nothing. The inits of the comparisons with zero, of those with a scalar,
// of the fp-class predicates and of the rounding ops are each one init of
// their family (any sets up every member, as tt-metal's set the SFPU up
// alike). Scalars are fp32 bits.
#define TF_TTM_SFPU_USE(name)                                                                      \
    using tf_c::name##_tile;                                                                       \
    using tf_c::name##_tile_init;
// clang-format off
#define TF_TTM_SFPU_NAMES(X) \
    X(eqz) \
    X(nez) \
    X(ltz) \
    X(lez) \
    X(gtz) \
    X(gez) \
    X(unary_eq) \
    X(unary_ne) \
    X(unary_lt) \
    X(unary_le) \
    X(unary_gt) \
    X(unary_ge) \
    X(isinf) \
    X(isnan) \
    X(isfinite) \
    X(isposinf) \
    X(isneginf) \
    X(logical_not_unary) \
    X(sign) \
    X(signbit) \
    X(heaviside) \
    X(clamp) \
    X(hardtanh) \
    X(hardsigmoid) \
    X(hardswish) \
    X(threshold) \
    X(unary_max) \
    X(unary_min) \
    X(softshrink) \
    X(hardshrink) \
    X(elu) \
    X(selu) \
    X(prelu) \
    X(identity) \
    X(erfc) \
    X(erfinv) \
    X(softplus) \
    X(tan) \
    X(asin) \
    X(acos) \
    X(atan) \
    X(sinh) \
    X(cosh) \
    X(asinh) \
    X(acosh) \
    X(atanh) \
    X(softsign) \
    X(tanhshrink) \
    X(i0) \
    X(i1) \
    X(cbrt) \
    X(swish) \
    X(hardmish) \
    X(lgamma) \
    X(digamma) \
    X(fmod) \
    X(remainder) \
    X(frac)
// clang-format on
TF_TTM_SFPU_NAMES(TF_TTM_SFPU_USE)
#undef TF_TTM_SFPU_NAMES
#undef TF_TTM_SFPU_USE
using tf_c::ceil_tile;
using tf_c::floor_tile;
using tf_c::logical_not_tile_init;
using tf_c::logit_tile_init;
using tf_c::rdiv_tile_init;
using tf_c::round_tile; // (idst, int32 decimals)
using tf_c::rounding_op_tile_init;
using tf_c::rpow_tile_init;
using tf_c::trunc_tile;

// An op whose first template parameter picks tt-metal's approximation (its
// init's too): the exact value either way. The parameters after it (some
// trees' is_fp32_dest_acc_en, <fast_and_approx, DST_ACCUM_MODE>) pick the
// LLK's path for the DEST width: the engine's DEST is the kernel's.
#define TF_TTM_SFPU_APPROX(name, dflt)                                                             \
    template <bool fast_and_approx = dflt, auto... rest> ALWI void name##_tile_init()              \
    {                                                                                              \
        tf_c::name##_tile_init();                                                                  \
    }                                                                                              \
    template <bool fast_and_approx = dflt, auto... rest> ALWI void name##_tile(std::uint32_t idst) \
    {                                                                                              \
        tf_c::name##_tile(idst);                                                                   \
    }
TF_TTM_SFPU_APPROX(expm1, false)
TF_TTM_SFPU_APPROX(log1p, false)
TF_TTM_SFPU_APPROX(erf, true)
TF_TTM_SFPU_APPROX(mish, false) // (mish_tile<APPROXIMATION_MODE>: the newest has no default)
TF_TTM_SFPU_APPROX(tanh_derivative, false)
TF_TTM_SFPU_APPROX(gelu_derivative, false)
#undef TF_TTM_SFPU_APPROX
template <bool fast_and_approx = false, auto... rest> ALWI void log_with_base_tile_init()
{
    tf_c::log_with_base_tile_init();
}
// base_scale: the fp32 bits of 1 / ln(base) (0x3fb8aa3b for log2)
template <bool fast_and_approx = false, auto... rest>
ALWI void log_with_base_tile(std::uint32_t idst, std::uint32_t base_scale)
{
    tf_c::log_with_base_tile(idst, base_scale);
}
// logit_tile's template parameter is fast_and_approx in the 2025 tree and
// is_fp32_dest_acc_en (which asserts a 16-bit DEST) in the newest: the exact
// logit in either DEST width here.
template <bool flag = false> ALWI void logit_tile(std::uint32_t idst)
{
    tf_c::logit_tile(idst);
}
// celu: alpha_recip (tt-metal's precomputed 1/alpha) is not needed for the
// exact value; is_fp32_dest_acc_en changes nothing (DEST is the kernel's).
template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void celu_tile(std::uint32_t idst, std::uint32_t alpha, std::uint32_t alpha_recip)
{
    tf_c::celu_tile(idst, alpha, alpha_recip);
}
using tf_c::celu_tile_init;
// logical_not_tile<DataFormat>: DEST holding floats (Float32, Float16_b,
// Float16, Bfp8_b, Bfp4_b, Bfp2_b); the integer formats are not modeled.
template <auto DATA_FORMAT> ALWI void logical_not_tile(std::uint32_t idst)
{
    static_assert(TF_DF_SUPPORTED((std::uint32_t)DATA_FORMAT),
                  "not supported by tt-foil: logical_not_tile of this data format (the tile engine "
                  "has Float32, Float16, Float16_b and the block floats; integer DEST formats are "
                  "not modeled)");
    tf_c::logical_not_tile(idst);
}
// tt-llk's rounding of rdiv_tile's quotient.
enum class RoundingMode : std::uint8_t { None = 0, Trunc = 1, Floor = 2 };
// rdiv_tile<mode>(i, v): v / x, truncated or floored as mode says, over
// the faces the vector mode names.
template <RoundingMode rounding_mode = RoundingMode::None>
ALWI void rdiv_tile(std::uint32_t idst, std::uint32_t value,
                    tf_ttm::vector_mode_arg vector_mode = VectorMode::RC)
{
    std::uint32_t k = rounding_mode == RoundingMode::Trunc   ? TF_SFPU_RDIV_TRUNC
                      : rounding_mode == RoundingMode::Floor ? TF_SFPU_RDIV_FLOOR
                                                             : TF_SFPU_RDIV_NONE;
    tf_c::dev_sfpu(TF_SFPU_RDIV | tf_ttm::vm_bits(vector_mode), idst, value, k);
}
// rpow_tile(i, base): base^x, over the faces the vector mode names.
ALWI void rpow_tile(std::uint32_t idst, std::uint32_t base_val,
                    tf_ttm::vector_mode_arg vector_mode = VectorMode::RC)
{
    tf_c::dev_sfpu(TF_SFPU_RPOW | tf_ttm::vm_bits(vector_mode), idst, base_val, 0);
}

// typecast_tile<IN, OUT>: DataFormat values (or DataFormat); DEST then holds
// the values format OUT can represent (Float32, Float16, Float16_b, Bfp8_b,
// Bfp4_b, Bfp2_b, Fp8_e4m3, the exponent-A Bfp8, Bfp4, Bfp2; to an
// exponent-A format a 16-bit DEST holds halves after it), or the
// integers of Int32, UInt32, UInt16, UInt8 (tt-llk's conversions: docs/chip.md
// "Integer tiles"; integer tiles need FP32_DEST_ACC ON). The
// newest tree's third parameter, is_fp32_dest_acc_en (default
// DST_ACCUM_MODE), picks the LLK's path for the DEST width; here the
// engine's DEST is the kernel's (FP32_DEST_ACC), so it changes nothing. The
// newer init takes the formats too.
using tf_c::typecast_tile_init;
template <auto IN_DTYPE, auto OUT_DTYPE, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void typecast_tile_init()
{
    tf_c::typecast_tile_init();
}
template <auto IN_DTYPE, auto OUT_DTYPE, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void typecast_tile(std::uint32_t idst)
{
    static_assert(TF_TYPECAST_OK((std::uint32_t)IN_DTYPE, (std::uint32_t)OUT_DTYPE),
                  "not supported by tt-foil: typecast_tile between these formats (the tile engine "
                  "has Float32 (0), Float16 (1), Float16_b (5), Bfp8_b (6), Bfp4_b (7), "
                  "Bfp2_b (15), Int32 (8), UInt16 (9), UInt32 (24), UInt8 (30), Fp8_e4m3 (26) "
                  "and the exponent-A Bfp8 (2), Bfp4 (3), Bfp2 (11); it casts between any two "
                  "but Int32 and UInt32; not Lf8 (10), Int8 (14))");
    tf_c::dev_sfpu(TF_SFPU_TYPECAST, idst, (std::uint32_t)IN_DTYPE, (std::uint32_t)OUT_DTYPE);
}

// Integer ops between DEST tiles (add_int_sfpu.h, sub_int_sfpu.h,
// mul_int_sfpu.h, binary_bitwise_sfpu.h, binary_shift.h, binary_max_min.h):
// DEST[odst] = f(DEST[idst0], DEST[idst1]) on integers of the template's
// DataFormat (Int32, UInt32, UInt16), wrapping modulo 2^32 (UInt16: 2^16);
// the tiles must hold integers (copy_tile of an integer CB, typecast_tile to
// an integer format), else the engine faults naming the op. Numerics, shift
// amounts outside 0..31 and cycles: docs/chip.md "Integer tiles".
} // namespace ckernel
namespace tf_ttm
{
template <DataFormat df> constexpr std::uint32_t int_format()
{
    static_assert(df == DataFormat::Int32 || df == DataFormat::UInt32 || df == DataFormat::UInt16,
                  "this integer SFPU op takes DataFormat::Int32, UInt32 or UInt16");
    return (std::uint32_t)df;
}
} // namespace tf_ttm
namespace ckernel
{
#define TF_TTM_SFPU_INT(fn)                                                                        \
    template <DataFormat data_format, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>                   \
    ALWI void fn(std::uint32_t idst0, std::uint32_t idst1, std::uint32_t odst)                     \
    {                                                                                              \
        tf_c::fn(tf_ttm::int_format<data_format>(), idst0, idst1, odst);                           \
    }
TF_TTM_SFPU_INT(add_int_tile)
TF_TTM_SFPU_INT(sub_int_tile)
TF_TTM_SFPU_INT(rsub_int_tile)
TF_TTM_SFPU_INT(mul_int_tile)
TF_TTM_SFPU_INT(bitwise_and_binary_tile)
TF_TTM_SFPU_INT(bitwise_or_binary_tile)
TF_TTM_SFPU_INT(bitwise_xor_binary_tile)
TF_TTM_SFPU_INT(binary_left_shift_tile)
TF_TTM_SFPU_INT(binary_right_shift_tile)
TF_TTM_SFPU_INT(binary_logical_right_shift_tile)
#undef TF_TTM_SFPU_INT
using tf_c::add_int_tile_init;
using tf_c::binary_bitwise_tile_init;
using tf_c::binary_shift_tile_init;
using tf_c::rsub_int_tile_init;
using tf_c::sub_int_tile_init;
// mul_int_tile_init: untemplated (tt-metal's), or with the DataFormat (some
// trees template it); the same init either way.
using tf_c::mul_int_tile_init;
template <DataFormat data_format> ALWI void mul_int_tile_init()
{
    (void)tf_ttm::int_format<data_format>();
    tf_c::mul_int_tile_init();
}
// add_int32_tile (compute_kernel_api/add_int32_sfpu.h, 2024): Int32 add into
// idst0 (the older two-argument form) or into odst; add_int32_tile_init is
// add_int_tile_init's set-up.
ALWI void add_int32_tile_init()
{
    tf_c::add_int_tile_init();
}
ALWI void add_int32_tile(std::uint32_t idst0, std::uint32_t idst1)
{
    tf_c::add_int_tile(TF_DF_INT32, idst0, idst1, idst0);
}
ALWI void add_int32_tile(std::uint32_t idst0, std::uint32_t idst1, std::uint32_t odst)
{
    tf_c::add_int_tile(TF_DF_INT32, idst0, idst1, odst);
}
// binary_max/min_int32/uint32_tile: the newest tree's is_fp32_dest_acc_en
// template parameter changes nothing (integer tiles need an fp32 DEST).
#define TF_TTM_SFPU_MAXMIN_INT(fn)                                                                 \
    template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>                                           \
    ALWI void fn(std::uint32_t idst0, std::uint32_t idst1, std::uint32_t odst)                     \
    {                                                                                              \
        tf_c::fn(idst0, idst1, odst);                                                              \
    }
TF_TTM_SFPU_MAXMIN_INT(binary_max_int32_tile)
TF_TTM_SFPU_MAXMIN_INT(binary_min_int32_tile)
TF_TTM_SFPU_MAXMIN_INT(binary_max_uint32_tile)
TF_TTM_SFPU_MAXMIN_INT(binary_min_uint32_tile)
#undef TF_TTM_SFPU_MAXMIN_INT
// The int32 divisions (div_int32_sfpu.h, div_int32_floor.h, binary_fmod.h,
// binary_remainder.h), each after its own init: div_int32_tile leaves an
// fp32 quotient in DEST[odst] (a float tile: an integer op on it faults),
// the others int32s (floor, trunc; fmod x's sign, remainder y's). The
// newest tree's is_fp32_dest_acc_en changes nothing (integer tiles need an
// fp32 DEST). Division by zero and INT32_MIN / -1: docs/chip.md "Integer
// tiles".
#define TF_TTM_SFPU_DIV_INT(fn)                                                                    \
    template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>                                           \
    ALWI void fn(std::uint32_t idst0, std::uint32_t idst1, std::uint32_t odst)                     \
    {                                                                                              \
        tf_c::fn(idst0, idst1, odst);                                                              \
    }
TF_TTM_SFPU_DIV_INT(div_int32_tile)
TF_TTM_SFPU_DIV_INT(div_int32_floor_tile)
TF_TTM_SFPU_DIV_INT(div_int32_trunc_tile)
TF_TTM_SFPU_DIV_INT(fmod_int32_tile)
TF_TTM_SFPU_DIV_INT(remainder_int32_tile)
#undef TF_TTM_SFPU_DIV_INT
using tf_c::div_int32_floor_tile_init;
using tf_c::div_int32_tile_init;
using tf_c::div_int32_trunc_tile_init;
using tf_c::fmod_int32_tile_init;
using tf_c::remainder_int32_tile_init;
// The unary integer ops (eltwise_unary/bitwise_and.h, bitwise_or.h,
// bitwise_xor.h, bitwise_not.h, left_shift.h, right_shift.h): in place on a
// tile of integers, the scalar an integer; right_shift_tile is arithmetic
// (Int32), as tt-llk's calculate_right_shift.
using tf_c::binary_max_int32_tile_init;
using tf_c::binary_max_uint32_tile_init;
using tf_c::binary_min_int32_tile_init;
using tf_c::binary_min_uint32_tile_init;
using tf_c::bitwise_and_tile;
using tf_c::bitwise_and_tile_init;
using tf_c::bitwise_not_tile;
using tf_c::bitwise_not_tile_init;
using tf_c::bitwise_or_tile;
using tf_c::bitwise_or_tile_init;
using tf_c::bitwise_xor_tile;
using tf_c::bitwise_xor_tile_init;
using tf_c::left_shift_tile;
using tf_c::left_shift_tile_init;
using tf_c::right_shift_tile;
using tf_c::right_shift_tile_init;
// The integer comparisons (binary_comp.h): DEST[odst] = 1 or 0 (integers)
// where x < y, x > y, x <= y, x >= y, as the DataFormat's integers (Int32
// signed; UInt32, UInt16 unsigned), each init of its own, templated as
// tt-metal's.
#define TF_TTM_SFPU_CMP_INT(name)                                                                  \
    template <DataFormat data_format, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>                   \
    ALWI void name##_int_tile(std::uint32_t idst0, std::uint32_t idst1, std::uint32_t odst)        \
    {                                                                                              \
        tf_c::name##_int_tile(tf_ttm::int_format<data_format>(), idst0, idst1, odst);              \
    }                                                                                              \
    template <DataFormat data_format, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>                   \
    ALWI void name##_int_tile_init()                                                               \
    {                                                                                              \
        (void)tf_ttm::int_format<data_format>();                                                   \
        tf_c::name##_int_tile_init();                                                              \
    }
TF_TTM_SFPU_CMP_INT(lt)
TF_TTM_SFPU_CMP_INT(gt)
TF_TTM_SFPU_CMP_INT(le)
TF_TTM_SFPU_CMP_INT(ge)
#undef TF_TTM_SFPU_CMP_INT
// The comparisons of integers with zero and with an int32 scalar
// (eltwise_unary/comp.h's *_int32, *_uint16, *_uint32 forms): in place, the
// integers 1 or 0, after the float forms' inits (gtz_tile_init,
// unary_gt_tile_init, ...) as tt-metal's; then the float ops' integer forms
// (relu.h, activations.h, negative.h, binop_with_scalar.h, rsub.h,
// logical_not_noti.h, identity.h, clamp.h), most after the float op's init
// too. The newest tree's is_fp32_dest_acc_en changes nothing (integer
// tiles need an fp32 DEST). Numerics: docs/chip.md "Integer tiles".
#define TF_TTM_SFPU_CMPZ_INT(fn)                                                                   \
    template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE> ALWI void fn(std::uint32_t idst)          \
    {                                                                                              \
        tf_c::fn(idst);                                                                            \
    }
#define TF_TTM_SFPU_CMPS_INT(fn)                                                                   \
    template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>                                           \
    ALWI void fn(std::uint32_t idst, std::uint32_t param0)                                         \
    {                                                                                              \
        tf_c::fn(idst, param0);                                                                    \
    }
TF_TTM_SFPU_CMPZ_INT(eqz_tile_int32)
TF_TTM_SFPU_CMPZ_INT(nez_tile_int32)
TF_TTM_SFPU_CMPZ_INT(ltz_tile_int32)
TF_TTM_SFPU_CMPZ_INT(lez_tile_int32)
TF_TTM_SFPU_CMPZ_INT(gtz_tile_int32)
TF_TTM_SFPU_CMPZ_INT(gez_tile_int32)
TF_TTM_SFPU_CMPZ_INT(eqz_tile_uint32)
TF_TTM_SFPU_CMPZ_INT(nez_tile_uint32)
TF_TTM_SFPU_CMPZ_INT(eqz_tile_uint16)
TF_TTM_SFPU_CMPZ_INT(nez_tile_uint16)
TF_TTM_SFPU_CMPS_INT(unary_eq_tile_int32)
TF_TTM_SFPU_CMPS_INT(unary_ne_tile_int32)
TF_TTM_SFPU_CMPS_INT(unary_lt_tile_int32)
TF_TTM_SFPU_CMPS_INT(unary_le_tile_int32)
TF_TTM_SFPU_CMPS_INT(unary_gt_tile_int32)
TF_TTM_SFPU_CMPS_INT(unary_ge_tile_int32)
TF_TTM_SFPU_CMPZ_INT(relu_tile_int32)
TF_TTM_SFPU_CMPZ_INT(abs_tile_int32)
TF_TTM_SFPU_CMPZ_INT(negative_tile_int32)
TF_TTM_SFPU_CMPZ_INT(logical_not_unary_tile_int32)
TF_TTM_SFPU_CMPZ_INT(logical_not_unary_tile_uint32)
TF_TTM_SFPU_CMPZ_INT(logical_not_unary_tile_uint16)
TF_TTM_SFPU_CMPZ_INT(identity_tile_uint32)
TF_TTM_SFPU_CMPS_INT(relu_max_tile_uint32)
TF_TTM_SFPU_CMPS_INT(relu_max_tile_uint16)
TF_TTM_SFPU_CMPS_INT(relu_min_tile_uint32)
TF_TTM_SFPU_CMPS_INT(relu_min_tile_uint16)
// relu_max_tile_int32's param0 is fp32 bits (tt-llk truncates that float to
// int32), relu_min_tile_int32's an int32, as tt-llk reads them.
TF_TTM_SFPU_CMPS_INT(relu_max_tile_int32)
TF_TTM_SFPU_CMPS_INT(relu_min_tile_int32)
TF_TTM_SFPU_CMPZ_INT(signbit_tile_int32)
TF_TTM_SFPU_CMPS_INT(unary_max_int32_tile)
TF_TTM_SFPU_CMPS_INT(unary_min_int32_tile)
TF_TTM_SFPU_CMPS_INT(unary_max_uint32_tile)
TF_TTM_SFPU_CMPS_INT(unary_min_uint32_tile)
TF_TTM_SFPU_CMPS_INT(add_unary_tile_int32)
TF_TTM_SFPU_CMPS_INT(sub_unary_tile_int32)
TF_TTM_SFPU_CMPS_INT(rsub_unary_int32_tile)
#undef TF_TTM_SFPU_CMPZ_INT
#undef TF_TTM_SFPU_CMPS_INT
#define TF_TTM_SFPU_INT_INIT(fn)                                                                   \
    template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE> ALWI void fn()                            \
    {                                                                                              \
        tf_c::fn();                                                                                \
    }
TF_TTM_SFPU_INT_INIT(unary_max_int32_tile_init)
TF_TTM_SFPU_INT_INIT(unary_min_int32_tile_init)
TF_TTM_SFPU_INT_INIT(unary_max_uint32_tile_init)
TF_TTM_SFPU_INT_INIT(unary_min_uint32_tile_init)
TF_TTM_SFPU_INT_INIT(rsub_unary_int32_tile_init)
TF_TTM_SFPU_INT_INIT(signbit_tile_int32_init)
#undef TF_TTM_SFPU_INT_INIT
// fill_tile_int<DataFormat>(i, v), after fill_tile_init: v everywhere (its
// low 16 bits for UInt16); the tile then holds integers.
template <DataFormat DATA_FORMAT = DataFormat::Int32>
ALWI void fill_tile_int(std::uint32_t idst, std::uint32_t param0)
{
    tf_c::dev_fill_tile_int(tf_ttm::int_format<DATA_FORMAT>(), idst, param0);
}
// The int32 sums within a DEST tile (api/compute/eltwise_unary/sfpu_int_sum.h),
// after sfpu_sum_int_init: the column sum (rows 0-3 of the top faces), the
// row sum (the even columns of the left faces), sfpu_add_int: DEST[idst] +=
// DEST[idst + 1] whatever dst_offset, as tt-llk's add_int reads the next
// tile (docs/chip.md "Integer tiles"). The newest tree's two-index forms
// (idst_in, idst_out) are refused: where they write is not modeled.
using tf_c::sfpu_sum_int_col;
using tf_c::sfpu_sum_int_init;
using tf_c::sfpu_sum_int_row;
TF_UNSUPPORTED("sfpu_sum_int_col/row with an input and an output index (the split form): "
               "use the one-index form")
void sfpu_sum_int_col(std::uint32_t, std::uint32_t);
TF_UNSUPPORTED("sfpu_sum_int_col/row with an input and an output index (the split form): "
               "use the one-index form")
void sfpu_sum_int_row(std::uint32_t, std::uint32_t);
ALWI void sfpu_add_int(std::uint32_t idst, std::uint32_t dst_offset = 2,
                       std::int32_t iterations = 8)
{
    (void)iterations;
    tf_c::sfpu_add_int(idst, dst_offset);
}
TF_UNSUPPORTED("sfpu_add_int with an input and an output index (the split form): use "
               "sfpu_add_int(idst, dst_offset)")
void sfpu_add_int(std::uint32_t, std::uint32_t, std::uint32_t, std::int32_t);
// gcd_tile, lcm_tile (api/compute/gcd.h, lcm.h), each after its own init:
// the gcd / lcm of the int32 magnitudes into DEST[odst]; the older two-index
// forms write DEST[idst0]. lcm_tile faults on a magnitude of 2^15 or more
// (tt-llk's ckernel_sfpu_lcm.h assumes less).
template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE> ALWI void gcd_tile_init()
{
    tf_c::gcd_tile_init();
}
template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void gcd_tile(std::uint32_t idst0, std::uint32_t idst1, std::uint32_t odst)
{
    tf_c::gcd_tile(idst0, idst1, odst);
}
template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void gcd_tile(std::uint32_t idst0, std::uint32_t idst1)
{
    tf_c::gcd_tile(idst0, idst1, idst0);
}
template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE> ALWI void lcm_tile_init()
{
    tf_c::lcm_tile_init();
}
template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void lcm_tile(std::uint32_t idst0, std::uint32_t idst1, std::uint32_t odst)
{
    tf_c::lcm_tile(idst0, idst1, odst);
}
template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void lcm_tile(std::uint32_t idst0, std::uint32_t idst1)
{
    tf_c::lcm_tile(idst0, idst1, idst0);
}
// clamp_tile_int32(i, min, max): min(max(x, min), max) as int32 (min > max
// gives max), after clamp_tile_init.
ALWI void clamp_tile_int32(std::uint32_t idst, std::uint32_t param0, std::uint32_t param1)
{
    tf_c::clamp_tile_int32(idst, param0, param1);
}
} // namespace ckernel
namespace tf_ttm
{
// sfpu_reduce's op: one a PoolType, float (Float32, Float16_b) or integer
// (Int32, UInt32, UInt16). tt-metal's own compile-time checks are repeated
// (in our words) before tt-foil's.
template <PoolType pool_type, DataFormat format> constexpr std::uint32_t sfpu_reduce_op()
{
    static_assert(format == DataFormat::Float32 || format == DataFormat::Float16_b ||
                      format == DataFormat::Int32 || format == DataFormat::UInt32 ||
                      format == DataFormat::UInt16,
                  "sfpu_reduce takes DataFormat::Float32, Float16_b, Int32, UInt32 or UInt16 "
                  "(tt-metal's rule)");
    static_assert(pool_type == PoolType::SUM || pool_type == PoolType::AVG ||
                      pool_type == PoolType::MAX || pool_type == PoolType::MIN,
                  "sfpu_reduce takes PoolType::SUM, AVG, MAX or MIN (tt-metal's rule)");
    constexpr bool is_int = TF_DF_INT_OP((std::uint32_t)format); // the engine's test
    constexpr std::uint32_t k = pool_type == PoolType::SUM   ? 0
                                : pool_type == PoolType::AVG ? 1
                                : pool_type == PoolType::MAX ? 2
                                                             : 3;
    return (is_int ? TF_SFPU_REDUCE_SUM_INT : TF_SFPU_REDUCE_SUM) + k;
}
} // namespace tf_ttm
namespace ckernel
{
// sfpu_reduce (api/compute/sfpu_reduce.h; compute_kernel_api.h in older
// trees), after sfpu_reduce_init of the same PoolType and kind (float or
// integer: the engine checks that, not the exact integer format): each
// column of DEST[idst] reduced into row 0 (REDUCE_COL), the other rows
// kept; SUM in a fixed order, AVG the sum x 1/32 (integers: / 32), MAX
// and MIN in the SFPU's order (docs/chip.md "SFPU reductions"). REDUCE_ROW
// (the newest tree's, SUM, MAX and MIN): each row of the tile into its
// column 0, the other columns kept. One tile: a ct_dim or rt_dim other
// than 1 faults naming them (tt-metal: REDUCE_COL is of one tile;
// REDUCE_ROW's blocks of tiles are not modeled). is_fp32_dest_acc_en (the
// newest tree's) changes nothing: the engine knows its DEST's width.
template <PoolType pool_type, DataFormat format, bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void sfpu_reduce_init()
{
    tf_c::dev_sfpu_init(tf_ttm::sfpu_reduce_op<pool_type, format>());
}
template <PoolType pool_type, DataFormat format, ReduceDim reduce_dim = ReduceDim::REDUCE_COL,
          bool is_fp32_dest_acc_en = DST_ACCUM_MODE>
ALWI void sfpu_reduce(std::uint32_t idst, std::uint32_t ct_dim = 1, std::uint32_t rt_dim = 1)
{
    static_assert(reduce_dim == ReduceDim::REDUCE_COL ||
                      (reduce_dim == ReduceDim::REDUCE_ROW &&
                       (pool_type == PoolType::SUM || pool_type == PoolType::MAX ||
                        pool_type == PoolType::MIN)),
                  "sfpu_reduce: REDUCE_COL takes every PoolType, REDUCE_ROW only SUM, MAX and "
                  "MIN (tt-metal's rule)");
    constexpr std::uint32_t op = tf_ttm::sfpu_reduce_op<pool_type, format>();
    constexpr std::uint32_t row = reduce_dim == ReduceDim::REDUCE_ROW ? TF_SFPU_REDUCE_ROW_DIM : 0;
    tf_c::dev_sfpu(op, idst, TF_SFPU_REDUCE_TILES(ct_dim, rt_dim), (std::uint32_t)format | row);
}
// cumsum_tile (api/compute/cumsum.h): the running sum down each column of
// DEST[idst], in place, in fp32 (docs/chip.md "SFPU cumulative sum"):
// row r := carry + rows 0..r. first = false continues from the last
// cumsum_tile's row 31 (tt-llk keeps it in SFPU registers between calls),
// so tiles given top to bottom sum down a whole column of tiles; first =
// true starts from +0. Any other SFPU op or init between a column's calls
// faults at the next first = false (the carry's registers are not kept
// for it), as does first = false with no cumsum_tile before. Float tiles
// only (an integer tile faults); either DEST width.
ALWI void cumsum_tile_init()
{
    tf_c::dev_sfpu_init(TF_SFPU_CUMSUM);
}
ALWI void cumsum_tile(std::uint32_t idst, bool first = true)
{
    tf_c::dev_sfpu(TF_SFPU_CUMSUM, idst, 0, first ? TF_SFPU_CUMSUM_FIRST : 0);
}

// Top-k (api/compute/topk.h; docs/chip.md "Top-k"): tt-llk's bitonic
// network on the SFPU, run as its instructions run (ties and partly sorted
// columns come out as the hardware leaves them). The values are in DEST
// tiles 0 and 1 (64 values down each column: tile 0's column, then tile
// 1's), their indices in tiles 2 and 3, carried along by every exchange.
// idst must be 0 (tt-llk's passes after the first address DEST from tile 0
// whatever idst: another faults). topk_local_sort sorts runs of 2^(phase+1)
// values in alternating directions (idir 0 decreasing, 1 increasing);
// topk_merge puts the larger (top_min: smaller) of each pair of k-runs
// 2^m_iter runs apart into the first; topk_rebuild sorts the k-runs
// 2^(m_iter+1) apart again, alternating. k is 4, 8, 16, 32 or 64, logk its
// log2; other values fault. The comparator-stable, fused-key and
// rank-stamped forms (newer tt-metal's template flags) are not modeled: a
// kernel selecting them does not compile.
enum class TopkTieOrder : std::uint8_t { Unset, Ascending, Descending };
constexpr TopkTieOrder topk_tie_order_from_global_direction(bool descending)
{
    return descending ? TopkTieOrder::Descending : TopkTieOrder::Ascending;
}
} // namespace ckernel
namespace tf_ttm
{
template <bool stable_sort, bool fused, bool rank_stamped> constexpr void topk_plain()
{
    static_assert(!stable_sort, "topk with stable_sort = true (the comparator-stable network) is "
                                "not modeled by tt-foil: use the default network");
    static_assert(!fused, "topk with fused = true (packed value-index keys) is not modeled by "
                          "tt-foil: use the default network with index tiles");
    static_assert(!rank_stamped, "topk with rank_stamped = true is not modeled by tt-foil: use "
                                 "the default network with index tiles");
}
// an int argument as one byte of the command (a negative one as 255: the
// engine faults naming it)
constexpr std::uint32_t topk_byte(int v)
{
    return TF_TOPK_BYTE(v);
}
} // namespace tf_ttm
namespace ckernel
{
// A UInt16 tile in an fp32 DEST moved to the half the packer reads (the
// newest tree's SFPSTORE mode 9 before the pack): DEST holds the index as
// an integer here and the pack takes its low 16 bits, so there is nothing
// to move (docs/chip.md "Integer tiles").
ALWI void topk_finalize_uint16_indices(std::uint32_t idst)
{
    (void)idst;
}
ALWI void topk_uint16_prepare_value_tile_for_pack(std::uint32_t idst)
{
    (void)idst;
}
ALWI void topk_uint16_move_dest_tile_to_pack_half(std::uint32_t idst)
{
    (void)idst;
}
#define TF_TOPK_KEYS_WHY                                                                           \
    "top-k's packed value-index keys, rank tags and the comparator-stable network's -0 folding "   \
    "(newer tt-metal) are not modeled by tt-foil: the default network with index tiles is"
TF_UNSUPPORTED_FN(topk_fuse_tile, TF_TOPK_KEYS_WHY);
TF_UNSUPPORTED_FN(topk_defuse_tile, TF_TOPK_KEYS_WHY);
TF_UNSUPPORTED_FN(topk_stamp_local_positions, TF_TOPK_KEYS_WHY);
TF_UNSUPPORTED_FN(topk_stamp_tile_rank_range, TF_TOPK_KEYS_WHY);
TF_UNSUPPORTED_FN(topk_strip_rank_tags, TF_TOPK_KEYS_WHY);
TF_UNSUPPORTED_FN(topk_canonicalize_negzero_values, TF_TOPK_KEYS_WHY);
#undef TF_TOPK_KEYS_WHY
template <bool fused = false, bool rank_stamped = false, std::uint32_t tag_bits = 16>
ALWI void topk_tile_init()
{
    tf_ttm::topk_plain<false, fused, rank_stamped>();
    (void)tag_bits;
    tf_c::dev_sfpu_init(TF_SFPU_TOPK);
}
template <bool stable_sort = false, bool is_fp32_dest_acc_en = DST_ACCUM_MODE, bool fused = false,
          bool rank_stamped = false, TopkTieOrder tie_order = TopkTieOrder::Unset>
ALWI void topk_local_sort(std::uint32_t idst, int idir, int i_end_phase, int i_start_phase = 0,
                          int i_end_step = 0, int i_start_step = 0)
{
    tf_ttm::topk_plain<stable_sort, fused, rank_stamped>();
    using tf_ttm::topk_byte;
    tf_c::dev_topk(TF_TOPK_LOCAL_SORT, idst,
                   topk_byte(idir) | topk_byte(i_end_phase) << 8 | topk_byte(i_start_phase) << 16,
                   topk_byte(i_end_step) | topk_byte(i_start_step) << 8);
}
template <bool idir = false, bool stable_sort = false, bool is_fp32_dest_acc_en = DST_ACCUM_MODE,
          bool fused = false, bool rank_stamped = false,
          TopkTieOrder tie_order = TopkTieOrder::Unset, std::uint32_t tag_bits = 16>
ALWI void topk_merge(std::uint32_t idst, int m_iter, int k)
{
    tf_ttm::topk_plain<stable_sort, fused, rank_stamped>();
    tf_c::dev_topk(TF_TOPK_MERGE, idst, tf_ttm::topk_byte(m_iter) | (idir ? 1u << 8 : 0u),
                   k < 0 ? 0xffffffffu : (std::uint32_t)k);
}
template <bool stable_sort = false, bool is_fp32_dest_acc_en = DST_ACCUM_MODE, bool fused = false,
          bool rank_stamped = false, TopkTieOrder tie_order = TopkTieOrder::Unset>
ALWI void topk_rebuild(std::uint32_t idst, bool idir, int m_iter, int k, int logk, int skip_second)
{
    tf_ttm::topk_plain<stable_sort, fused, rank_stamped>();
    using tf_ttm::topk_byte;
    tf_c::dev_topk(TF_TOPK_REBUILD, idst,
                   (idir ? 1u : 0u) | topk_byte(m_iter) << 8 | topk_byte(logk) << 16 |
                       topk_byte(skip_second) << 24,
                   k < 0 ? 0xffffffffu : (std::uint32_t)k);
}

// SFPU ops on the pack thread (api/compute/eltwise_unary/*.h's *_tile_pack
// and *_tile_init_pack): the math thread's op of the same name, on
// DEST[idst] of the half the packer holds, after tile_regs_wait (or the
// raw wait ttnn's matmul uses, tt_foil/tensix_raw.hpp), with the pack
// thread's own init (docs/chip.md, "SFPU on the pack thread"). ttnn's
// matmul applies its fused activation this way (bmm_fused_activation.hpp).
ALWI void silu_tile_init_pack()
{
    tf_c::dev_sfpu_init_pack(TF_SFPU_SILU);
}
template <bool is_fp32_dest_acc_en = DST_ACCUM_MODE> ALWI void silu_tile_pack(std::uint32_t idst)
{
    tf_c::dev_sfpu_pack(TF_SFPU_SILU, idst, 0, 0);
}
template <bool fast_and_approx = false> ALWI void tanh_tile_init_pack()
{
    tf_c::dev_sfpu_init_pack(TF_SFPU_TANH);
}
template <bool fast_and_approx = false> ALWI void tanh_tile_pack(std::uint32_t idst)
{
    tf_c::dev_sfpu_pack(TF_SFPU_TANH | (fast_and_approx ? TF_SFPU_APPROX : 0u), idst, 0, 0);
}
template <bool fast_and_approx = true> ALWI void gelu_tile_init_pack()
{
    tf_c::dev_sfpu_init_pack(TF_SFPU_GELU);
}
template <bool fast_and_approx = true> ALWI void gelu_tile_pack(std::uint32_t idst)
{
    tf_c::dev_sfpu_pack(TF_SFPU_GELU | (fast_and_approx ? TF_SFPU_APPROX : 0u), idst, 0, 0);
}
ALWI void gelu_tanh_tile_init_pack()
{
    tf_c::dev_sfpu_init_pack(TF_SFPU_GELU_TANH);
}
ALWI void gelu_tanh_tile_pack(std::uint32_t idst)
{
    tf_c::dev_sfpu_pack(TF_SFPU_GELU_TANH, idst, 0, 0);
}
ALWI void relu_max_tile_init_pack()
{
    tf_c::dev_sfpu_init_pack(TF_SFPU_RELU_MAX);
}
ALWI void relu_max_tile_pack(std::uint32_t idst, std::uint32_t upper_limit)
{
    tf_c::dev_sfpu_pack(TF_SFPU_RELU_MAX, idst, upper_limit, 0);
}
template <bool fast_and_approx = false> ALWI void sigmoid_tile_init_pack()
{
    tf_c::dev_sfpu_init_pack(TF_SFPU_SIGMOID);
}
template <auto vec_mode = VectorMode::RC, bool fast_and_approx = false>
ALWI void sigmoid_tile_pack(std::uint32_t idst)
{
    tf_c::dev_sfpu_pack(TF_SFPU_SIGMOID | (fast_and_approx ? TF_SFPU_APPROX : 0u) |
                            tf_ttm::vm_bits((int)vec_mode),
                        idst, 0, 0);
}
ALWI void hardsigmoid_tile_init_pack()
{
    tf_c::dev_sfpu_init_pack(TF_SFPU_HARDSIGMOID);
}
ALWI void hardsigmoid_tile_pack(std::uint32_t idst)
{
    tf_c::dev_sfpu_pack(TF_SFPU_HARDSIGMOID, idst, 0, 0);
}
ALWI void hardtanh_tile_init_pack()
{
    tf_c::dev_sfpu_init_pack(TF_SFPU_HARDTANH);
}
ALWI void hardtanh_tile_pack(std::uint32_t idst, std::uint32_t param0, std::uint32_t param1)
{
    tf_c::dev_sfpu_pack(TF_SFPU_HARDTANH, idst, param0, param1);
}
ALWI void selu_tile_init_pack()
{
    tf_c::dev_sfpu_init_pack(TF_SFPU_SELU);
}
ALWI void selu_tile_pack(std::uint32_t idst, std::uint32_t param0, std::uint32_t param1)
{
    tf_c::dev_sfpu_pack(TF_SFPU_SELU, idst, param0, param1);
}
ALWI void softplus_tile_init_pack()
{
    tf_c::dev_sfpu_init_pack(TF_SFPU_SOFTPLUS);
}
// exp on the pack thread: exp_tile's template parameters and arguments (the
// init's scale, scale_en's pass), on the pack TRISC; the init's scale is
// this TRISC's (tt-metal's exp_packthread_tile_init).
template <bool approx = false, auto... rest> ALWI void exp_packthread_tile_init()
{
    if (TF_PACKER) tf_ttm::exp_init_scale = tf_ttm::exp_init_args<rest...>::scale;
    tf_c::dev_sfpu_init_pack(TF_SFPU_EXP);
}
template <bool approx = false, bool scale_en = false,
          InputClamping input_clamping = InputClamping::ClampToNegative, int iterations = 8,
          auto... rest>
ALWI void exp_packthread_tile(std::uint32_t idst,
                              tf_ttm::vector_mode_arg vector_mode = VectorMode::RC,
                              std::uint16_t scale = 0x3F80)
{
    static_assert(iterations == 8, "not supported by tt-foil: exp_packthread_tile over part of a "
                                   "face (iterations != 8)");
    if (TF_PACKER) tf_ttm::exp_cmd<approx, scale_en>(TF_TILE_SFPU_PACK, idst, vector_mode, scale);
}
// beta_reciprocal: tt-metal's precomputed 1/beta; the exact value needs beta only
ALWI void softplus_tile_pack(std::uint32_t idst, std::uint32_t beta, std::uint32_t beta_reciprocal,
                             std::uint32_t threshold)
{
    (void)beta_reciprocal;
    tf_c::dev_sfpu_pack(TF_SFPU_SOFTPLUS, idst, beta, threshold);
}
} // namespace ckernel

#endif
