// The LLK calls that run a kernel's own SFPI function on DEST tiles
// (docs/kernels.md "SFPI"): tt-llk's _llk_math_eltwise_{unary,binary,
// ternary}_sfpu_params_, tt-metal's llk_math_* forms of them and of the
// inits, and the SFPU_*_CALL_NO_TEMPLATE_ARGS macros of its examples.
//
// The function runs once per face the vector mode names (tt-llk: R faces
// 0 and 1, C faces 0 and 2, RC all four, any other once), dst_reg's base at
// the tile (unary; binary and ternary: tile 0, the function takes the
// indices and addresses dst_reg[index * 32 + i]); between faces the face
// counter moves 16 rows on from where the last face started, whatever
// dst_reg++ did inside it (tt-isa-documentation SETRWC).
#pragma once

#include "tt_foil/sfpi.hpp"

enum class SfpuType { unused = 0 };

namespace ckernel
{
using namespace sfpi;

namespace tf_sfpi
{
// tt-metal calls these inside MATH((...)): the math TRISC's (the SFPU is
// the math thread's here)
template <class F> constexpr bool never = false;
template <class F> constexpr bool on_math = TF_COMPUTE_ROLE == TF_TILE_ROLE_MATH || never<F>;

template <class F, class... Args> ALWI void call(F &&f, Args &&...args)
{
    f(args...);
}

template <class Call> ALWI void faces(int mode, std::uint32_t base, Call &&call)
{
    using namespace sfpi::tf;
    dst_base = base;
    dst_rwc = dst_cr = 0;
    auto next = [] {
        dst_cr += TF_SFPI_FACE_ROWS;
        dst_rwc = dst_cr;
    };
    if (mode == (int)VectorMode::R) {
        call(), next(), call();
    } else if (mode == (int)VectorMode::C) {
        call(), next(), next(), call();
    } else if (mode == (int)VectorMode::RC) {
        for (int f = 0; f < 4; f++) call(), next();
    } else {
        call();
    }
    dst_base = dst_rwc = dst_cr = 0;
}
} // namespace tf_sfpi

template <auto tf_approx_ = false, class F, class... Args>
ALWI void _llk_math_eltwise_unary_sfpu_params_(F &&sfpu_func, std::uint32_t dst_index,
                                               tf_ttm::vector_mode_arg vector_mode = VectorMode::RC,
                                               Args &&...args)
{
    static_assert(tf_sfpi::on_math<F>, "an SFPU function runs on the math TRISC: call it inside "
                                       "MATH((...))");
    tf_sfpi::faces(vector_mode.v, dst_index * TF_SFPI_TILE_ROWS, [&] { sfpu_func(args...); });
}
template <auto tf_approx_ = false, class F, class... Args>
ALWI void
_llk_math_eltwise_binary_sfpu_params_(F &&sfpu_func, std::uint32_t dst_index_in0,
                                      std::uint32_t dst_index_in1, std::uint32_t dst_index_out,
                                      tf_ttm::vector_mode_arg vector_mode = VectorMode::RC,
                                      Args &&...args)
{
    static_assert(tf_sfpi::on_math<F>, "an SFPU function runs on the math TRISC: call it inside "
                                       "MATH((...))");
    tf_sfpi::faces(vector_mode.v, 0,
                   [&] { sfpu_func(dst_index_in0, dst_index_in1, dst_index_out, args...); });
}
template <auto tf_approx_ = false, class F, class... Args>
ALWI void _llk_math_eltwise_ternary_sfpu_params_(
    F &&sfpu_func, std::uint32_t dst_index_in0, std::uint32_t dst_index_in1,
    std::uint32_t dst_index_in2, std::uint32_t dst_index_out,
    tf_ttm::vector_mode_arg vector_mode = VectorMode::RC, Args &&...args)
{
    static_assert(tf_sfpi::on_math<F>, "an SFPU function runs on the math TRISC: call it inside "
                                       "MATH((...))");
    tf_sfpi::faces(vector_mode.v, 0, [&] {
        sfpu_func(dst_index_in0, dst_index_in1, dst_index_in2, dst_index_out, args...);
    });
}
// tt-metal's llk_api names of the same
template <auto tf_approx_ = false, class F, class... Args>
ALWI void llk_math_eltwise_unary_sfpu_params(F &&f, std::uint32_t dst_index,
                                             tf_ttm::vector_mode_arg vector_mode = VectorMode::RC,
                                             Args &&...args)
{
    _llk_math_eltwise_unary_sfpu_params_<tf_approx_>(f, dst_index, vector_mode, args...);
}
template <auto tf_approx_ = false, class F, class... Args>
ALWI void llk_math_eltwise_binary_sfpu_params(F &&f, std::uint32_t in0, std::uint32_t in1,
                                              std::uint32_t out,
                                              tf_ttm::vector_mode_arg vector_mode = VectorMode::RC,
                                              Args &&...args)
{
    _llk_math_eltwise_binary_sfpu_params_<tf_approx_>(f, in0, in1, out, vector_mode, args...);
}

// The inits: tt-llk's set the SFPU's address modes and configuration up,
// which the engine's SFPI does not need; the forms with a function run it
// (an op's init programs vConst*Prgm* so).
template <SfpuType tf_sfpu_type_ = SfpuType::unused> ALWI void _llk_math_eltwise_unary_sfpu_init_()
{
}
template <SfpuType tf_sfpu_type_ = SfpuType::unused> ALWI void _llk_math_eltwise_binary_sfpu_init_()
{
}
template <SfpuType tf_sfpu_type_ = SfpuType::unused, auto tf_approx_ = false, class... A>
ALWI void llk_math_eltwise_unary_sfpu_init(A &&...init_and_args)
{
    if constexpr (sizeof...(A) > 0) tf_sfpi::call(init_and_args...);
}
template <SfpuType tf_sfpu_type_ = SfpuType::unused, auto tf_approx_ = false>
ALWI void llk_math_eltwise_binary_sfpu_init()
{
}

namespace sfpu
{
using namespace sfpi;
// tt-llk's ckernel_sfpu_converter.h: a runtime argument's fp32 bits as the
// float they are
struct Converter {
    static float as_float(std::uint32_t v)
    {
        return __builtin_bit_cast(float, v);
    }
};

// tt-llk's SFPU library functions that SFPI code calls (ttnn's SDPA decode:
// its first-column exp and recip): each lane as the engine's named SFPU op
// computes it (docs/chip.md "Numerics"; SFPI's FN command), not tt-llk's
// polynomial, so an approximate form is the named op's approximation and
// the others exact in fp32; the iteration counts and accuracy variants (21f,
// 61f) name tt-llk's ways to the same value.
namespace tf
{
TF_ALWAYS_INLINE vFloat fn(const vFloat &v, std::uint32_t op)
{
    return sfpi::tf::un<vFloat>(TF_SFPI_FN, v, op);
}
} // namespace tf
template <int max_iter = 2> sfpi_inline vFloat _sfpu_reciprocal_(const vFloat in)
{
    return tf::fn(in, TF_SFPU_RECIP);
}
template <int ITERATIONS = 2> sfpi_inline vFloat _reciprocal_compat_(const vFloat in)
{
    return tf::fn(in, TF_SFPU_RECIP);
}
template <bool APPROXIMATION_MODE, bool SCALE_EN, bool SKIP_POSITIVE_CHECK>
sfpi_inline vFloat _calculate_exponential_piecewise_(vFloat in,
                                                     const std::uint16_t exp_base_scale_factor)
{
    if constexpr (SCALE_EN) in = in * s2vFloat16b(exp_base_scale_factor);
    return tf::fn(in, TF_SFPU_EXP | (APPROXIMATION_MODE ? TF_SFPU_APPROX : 0u));
}
template <bool is_fp32_dest_acc_en = false> sfpi_inline vFloat _sfpu_exp_21f_(vFloat val)
{
    return tf::fn(val, TF_SFPU_EXP);
}
sfpi_inline vFloat _sfpu_exp_61f_(vFloat val)
{
    return tf::fn(val, TF_SFPU_EXP);
}
sfpi_inline vFloat _sfpu_exp_(vFloat val)
{
    return tf::fn(val, TF_SFPU_EXP);
}
} // namespace sfpu
} // namespace ckernel

// tt-metal's example macros: the function is ckernel::sfpu's (the sync and
// accumulation modes only size DEST there, which the engine checks itself)
#define SFPU_UNARY_CALL_NO_TEMPLATE_ARGS(SYNC, ACCUM, FN, IDX, MODE, ...)                          \
    ckernel::_llk_math_eltwise_unary_sfpu_params_(::ckernel::sfpu::FN, IDX, MODE, ##__VA_ARGS__)
#define SFPU_BINARY_CALL_NO_TEMPLATE_ARGS(SYNC, ACCUM, FN, IN0, IN1, OUT, MODE, ...)               \
    ckernel::_llk_math_eltwise_binary_sfpu_params_(::ckernel::sfpu::FN, IN0, IN1, OUT, MODE,       \
                                                   ##__VA_ARGS__)
