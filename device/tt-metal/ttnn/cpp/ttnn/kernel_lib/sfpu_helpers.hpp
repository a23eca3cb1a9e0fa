// ttnn's kernel_lib SFPU chains (compute_kernel_lib::sfpu_pipeline,
// sfpu_chain, sfpu_op and the sfpu_<op> shorthands): tt-foil's own
// implementation over its compute API, with ttnn's names and semantics.
//
// A chain lists elements run in order on DEST slots D0..D7: Load<cb, slot[,
// LoadPolicy]> copies a tile of a CB into a slot, an op struct (Exp<...,
// slot>, MulScalar<slot>{bits}, FillScalar<slot>{v}, ...) runs its SFPU op
// on a slot, DestReuseOp<cb, op, reuse, slot[, LoadPolicy]> runs an FPU
// binary op between a CB tile and the slot. sfpu_pipeline(chain, out, n)
// produces n tiles of CB out:
//   - reconfigure the unpacker to the first Load's CB and/or the packer to
//     out (SfpuDataFormatReconfig), copy_tile_to_dst_init_short(first
//     Load's CB); with SfpuOutputPolicy::Bulk reserve n pages of out; with
//     SfpuInputPolicy::WaitUpfrontNoPop wait for n tiles of each CB the
//     plain Loads read;
//   - per batch (SfpuBatching::Auto: DEST_AUTO_LIMIT / stride tiles, the
//     stride being the chain's highest slot + 1; Disabled: one): acquire
//     DEST; for each tile k of the batch run the chain with every slot
//     offset by k x stride (the first tile of the call runs each element's
//     init then its op; later tiles skip the inits when the chain has one
//     op and no DestReuseOp, as ttnn's); commit, wait; pack slot pack_slot
//     (+ k x stride) of each tile, reserving and pushing a page per tile
//     with PerTile; release;
//   - with Bulk push the n pages at the end.
// A plain Load (LoadPolicy::WaitAndPop, the default) with WaitAndPopPerTile
// waits for one tile, copies tile 0 and pops it; adjacent plain Loads of
// one CB share that tile (one wait, one pop: Load<in, D0>, Load<in, D1> is
// x in both slots). With WaitUpfrontNoPop or NoWaitNoPop a plain Load
// copies tile i of the call and pops nothing. An explicit LoadPolicy
// (WaitNoPop, NoWaitPop, NoWaitNoPop) waits for and/or pops one tile as it
// says and copies tile 0, never merged with its neighbours.
// sfpu_op<in[, policies]>(out, n, op) is sfpu_pipeline(sfpu_chain(Load<in,
// D0>{}, op), out, n). The policies (SfpuBatching, SfpuInputPolicy,
// SfpuOutputPolicy, SfpuDataFormatReconfig) may come in any order:
// ttnn's versions put them in different orders. A chain without Loads is
// also a post-op (binary_op's, copy_tiles'): chain(dst) runs it on the
// slots offset by dst; after one holding a DestReuseOp the helper sets its
// own op up again (tf_klib::clashes_with_fpu_v), as ttnn's.
// SfpuAdd<In0, In1, Out> and its kin (Sub, Mul, Div, Rsub, Pow, Max, Min,
// Eq) run a binary SFPU op between two slots: DEST[Out] = f(DEST[In0],
// DEST[In1]), all three offset as the chain's; Where, Lerp, Addcmul and
// Addcdiv<df, In0, In1, In2, Out> a ternary one. The SFPU ops the tile
// engine does not model (and the other ops between DEST slots: Logsigmoid,
// CopyDest, ...) are compile errors naming them.
// The kernel starts the hardware first (init_sfpu or
// compute_kernel_hw_startup), as ttnn's. docs/kernels.md "5.4".
#pragma once

#include "api/compute/eltwise_binary.h"
#include "ttnn/cpp/ttnn/kernel_lib/common_types.hpp"
#include "ttnn/cpp/ttnn/kernel_lib/dest_helpers.hpp"

namespace compute_kernel_lib
{
using namespace ckernel;

enum class Dst : std::uint32_t { D0 = 0, D1 = 1, D2 = 2, D3 = 3, D4 = 4, D5 = 5, D6 = 6, D7 = 7 };
enum class Approx : bool { Exact = false, Fast = true };
enum class Legacy : bool { Off = false, On = true };

enum class SfpuInputPolicy { WaitAndPopPerTile, WaitUpfrontNoPop, NoWaitNoPop };
enum class LoadPolicy { WaitAndPop, WaitNoPop, NoWaitPop, NoWaitNoPop };
enum class SfpuOutputPolicy { PerTile, Bulk };
enum class SfpuDataFormatReconfig { NONE = 0, INPUT = 1, OUTPUT = 2, INPUT_AND_OUTPUT = 3 };
enum class SfpuBatching { Auto, Disabled };
// DestReuseOp: reconfigure the unpacker to its CB first (Input) or not.
enum class DestReuseReconfig { None, Input };

struct LoadTag {
};
template <typename T> constexpr bool is_load_op_v = std::is_base_of_v<LoadTag, T>;

constexpr std::uint32_t sfpu_slot(Dst d)
{
    return static_cast<std::uint32_t>(d);
}

// ---- element bases ------------------------------------------------------------------
// An op on one slot: Derived has init() and call(slot).
template <typename Derived, Dst Slot> struct UnaryOp {
    static constexpr std::uint32_t dst_idx = sfpu_slot(Slot);
    static constexpr std::uint32_t max_dst = dst_idx;
    ALWI void exec(std::uint32_t offset = 0) const
    {
        static_cast<const Derived *>(this)->call(dst_idx + offset);
    }
    ALWI void apply(std::uint32_t offset = 0) const
    {
        static_cast<const Derived *>(this)->init();
        exec(offset);
    }
};

// An op on two slots into a third: Derived has init() and call(in0, in1, out).
template <typename Derived, Dst In0, Dst In1, Dst Out> struct BinaryOp {
    static constexpr std::uint32_t in0 = sfpu_slot(In0);
    static constexpr std::uint32_t in1 = sfpu_slot(In1);
    static constexpr std::uint32_t out = sfpu_slot(Out);
    static constexpr std::uint32_t max_dst = in0 > in1 ? (in0 > out ? in0 : out)
                                                       : (in1 > out ? in1 : out);
    ALWI void exec(std::uint32_t offset = 0) const
    {
        static_cast<const Derived *>(this)->call(in0 + offset, in1 + offset, out + offset);
    }
    ALWI void apply(std::uint32_t offset = 0) const
    {
        static_cast<const Derived *>(this)->init();
        exec(offset);
    }
};

// An op on three slots into a fourth: Derived has init() and call(in0, in1,
// in2, out).
template <typename Derived, Dst In0, Dst In1, Dst In2, Dst Out> struct TernaryOp {
    static constexpr std::uint32_t in0 = sfpu_slot(In0);
    static constexpr std::uint32_t in1 = sfpu_slot(In1);
    static constexpr std::uint32_t in2 = sfpu_slot(In2);
    static constexpr std::uint32_t out = sfpu_slot(Out);
    static constexpr std::uint32_t max_dst = BinaryOp<Derived, In0, In1, Out>::max_dst > in2
                                                 ? BinaryOp<Derived, In0, In1, Out>::max_dst
                                                 : in2;
    ALWI void exec(std::uint32_t offset = 0) const
    {
        static_cast<const Derived *>(this)->call(in0 + offset, in1 + offset, in2 + offset,
                                                 out + offset);
    }
    ALWI void apply(std::uint32_t offset = 0) const
    {
        static_cast<const Derived *>(this)->init();
        exec(offset);
    }
};

// Copy a tile of CB into DEST[Slot] (see the header comment for Policy).
template <std::uint32_t CB, Dst Slot, LoadPolicy Policy = LoadPolicy::WaitAndPop>
struct Load : LoadTag {
    static constexpr std::uint32_t cb = CB;
    static constexpr std::uint32_t dst_idx = sfpu_slot(Slot);
    static constexpr std::uint32_t max_dst = dst_idx;
    static constexpr LoadPolicy policy = Policy;
    ALWI void init() const
    {
        copy_tile_to_dst_init_short(CB);
    }
};

// FPU binary op between a tile of CB and DEST[Slot], result in DEST[Slot]
// (binary_dest_reuse_tiles): its init runs with each tile, as it replaces
// the copy's unpacker set-up.
template <std::uint32_t CB, EltwiseBinaryType OpType = EltwiseBinaryType::ELWMUL,
          EltwiseBinaryReuseDestType ReuseType = EltwiseBinaryReuseDestType::DEST_TO_SRCA,
          Dst Slot = Dst::D0, LoadPolicy Policy = LoadPolicy::WaitNoPop,
          DestReuseReconfig Reconfig = DestReuseReconfig::None>
struct DestReuseOp {
    static constexpr std::uint32_t cb = CB;
    static constexpr std::uint32_t dst_idx = sfpu_slot(Slot);
    static constexpr std::uint32_t max_dst = dst_idx;
    static constexpr bool clashes_with_fpu = true;
    ALWI void init() const {}
    ALWI void exec(std::uint32_t offset = 0) const
    {
        constexpr bool wait = Policy == LoadPolicy::WaitAndPop || Policy == LoadPolicy::WaitNoPop;
        constexpr bool pop = Policy == LoadPolicy::WaitAndPop || Policy == LoadPolicy::NoWaitPop;
        if constexpr (wait) cb_wait_front(CB, 1);
        if constexpr (Reconfig == DestReuseReconfig::Input) reconfig_data_format_srca(CB);
        binary_dest_reuse_tiles_init<OpType, ReuseType>(CB);
        binary_dest_reuse_tiles<OpType, ReuseType>(CB, 0, dst_idx + offset);
        if constexpr (pop) cb_pop_front(CB, 1);
    }
    ALWI void apply(std::uint32_t offset = 0) const
    {
        exec(offset);
    }
};

// DestReuseOp's multiply: DEST[Slot] x a tile of CB.
template <std::uint32_t CB, Dst Slot = Dst::D0, LoadPolicy Policy = LoadPolicy::WaitNoPop,
          DestReuseReconfig Reconfig = DestReuseReconfig::None>
using DestReuseMul = DestReuseOp<CB, EltwiseBinaryType::ELWMUL,
                                 EltwiseBinaryReuseDestType::DEST_TO_SRCA, Slot, Policy, Reconfig>;

// ---- the SFPU ops the tile engine models ---------------------------------------------
// An op's init() and call(d0) (its op on DEST slot d0), each one statement.
#define TF_KLIB_SFPU_UNARY_METHODS(init_stmt, call_stmt)                                           \
    ALWI void init() const                                                                         \
    {                                                                                              \
        init_stmt;                                                                                 \
    }                                                                                              \
    ALWI void call(std::uint32_t d0) const                                                         \
    {                                                                                              \
        call_stmt;                                                                                 \
    }
// Each runs its tt-metal op (init, then the op on its slot + the offset).
// An op with a parameter takes it at construction (MulScalar<D1>{bits},
// Power<>{exponent}; scalars are fp32 bits, as tt-metal's).
template <Approx approx = Approx::Exact, Approx fast = Approx::Fast, Dst Slot = Dst::D0>
struct Exp : UnaryOp<Exp<approx, fast, Slot>, Slot> {
    ALWI void init() const
    {
        exp_tile_init<static_cast<bool>(approx)>();
    }
    ALWI void call(std::uint32_t d0) const
    {
        exp_tile<static_cast<bool>(approx)>(d0);
    }
};
template <Approx approx = Approx::Exact, Dst Slot = Dst::D0>
struct Log : UnaryOp<Log<approx, Slot>, Slot> {
    ALWI void init() const
    {
        log_tile_init<static_cast<bool>(approx)>();
    }
    ALWI void call(std::uint32_t d0) const
    {
        log_tile<static_cast<bool>(approx)>(d0);
    }
};
template <Approx approx = Approx::Exact, Dst Slot = Dst::D0>
struct Sqrt : UnaryOp<Sqrt<approx, Slot>, Slot> {
    ALWI void init() const
    {
        sqrt_tile_init();
    }
    ALWI void call(std::uint32_t d0) const
    {
        sqrt_tile<static_cast<bool>(approx)>(d0);
    }
};
template <Legacy legacy = Legacy::Off, Approx approx = Approx::Exact, Dst Slot = Dst::D0>
struct Rsqrt : UnaryOp<Rsqrt<legacy, approx, Slot>, Slot> {
    ALWI void init() const
    {
        rsqrt_tile_init<static_cast<bool>(legacy)>();
    }
    ALWI void call(std::uint32_t d0) const
    {
        rsqrt_tile<static_cast<bool>(legacy), static_cast<bool>(approx)>(d0);
    }
};
template <Legacy legacy = Legacy::On, Dst Slot = Dst::D0>
struct Recip : UnaryOp<Recip<legacy, Slot>, Slot> {
    ALWI void init() const
    {
        recip_tile_init<static_cast<bool>(legacy)>();
    }
    ALWI void call(std::uint32_t d0) const
    {
        recip_tile<static_cast<bool>(legacy)>(d0);
    }
};
// The ops without parameters: X(Name, tt-metal's op) runs op_init() then
// op(slot).
// (Lgamma: ttnn's calls lgamma_stirling_tile, an approximation of lgamma;
// here lgamma_tile, the exact value.)
#define TF_KLIB_SFPU_PLAIN_OPS(X)                                                                  \
    X(Abs, abs_tile, abs_tile_init)                                                                \
    X(Neg, negative_tile, negative_tile_init)                                                      \
    X(Square, square_tile, square_tile_init)                                                       \
    X(Exp2, exp2_tile, exp2_tile_init)                                                             \
    X(Silu, silu_tile, silu_tile_init)                                                             \
    X(Relu, relu_tile, relu_tile_init)                                                             \
    X(Sin, sin_tile, sin_tile_init)                                                                \
    X(Cos, cos_tile, cos_tile_init)                                                                \
    X(Tan, tan_tile, tan_tile_init)                                                                \
    X(Asin, asin_tile, asin_tile_init)                                                             \
    X(Acos, acos_tile, acos_tile_init)                                                             \
    X(Atan, atan_tile, atan_tile_init)                                                             \
    X(Sinh, sinh_tile, sinh_tile_init)                                                             \
    X(Cosh, cosh_tile, cosh_tile_init)                                                             \
    X(Asinh, asinh_tile, asinh_tile_init)                                                          \
    X(Acosh, acosh_tile, acosh_tile_init)                                                          \
    X(Atanh, atanh_tile, atanh_tile_init)                                                          \
    X(Cbrt, cbrt_tile, cbrt_tile_init)                                                             \
    X(Sign, sign_tile, sign_tile_init)                                                             \
    X(Signbit, signbit_tile, signbit_tile_init)                                                    \
    X(Hardmish, hardmish_tile, hardmish_tile_init)                                                 \
    X(Hardsigmoid, hardsigmoid_tile, hardsigmoid_tile_init)                                        \
    X(Softsign, softsign_tile, softsign_tile_init)                                                 \
    X(Erfinv, erfinv_tile, erfinv_tile_init)                                                       \
    X(I0, i0_tile, i0_tile_init)                                                                   \
    X(I1, i1_tile, i1_tile_init)                                                                   \
    X(Lgamma, lgamma_tile, lgamma_tile_init)                                                       \
    X(Isinf, isinf_tile, isinf_tile_init)                                                          \
    X(Isposinf, isposinf_tile, isposinf_tile_init)                                                 \
    X(Isneginf, isneginf_tile, isneginf_tile_init)                                                 \
    X(Isnan, isnan_tile, isnan_tile_init)                                                          \
    X(Isfinite, isfinite_tile, isfinite_tile_init)                                                 \
    X(Gtz, gtz_tile, gtz_tile_init)                                                                \
    X(Ltz, ltz_tile, ltz_tile_init)                                                                \
    X(Lez, lez_tile, lez_tile_init)                                                                \
    X(Gez, gez_tile, gez_tile_init)                                                                \
    X(Eqz, eqz_tile, eqz_tile_init)                                                                \
    X(Nez, nez_tile, nez_tile_init)                                                                \
    X(Identity, identity_tile, identity_tile_init)                                                 \
    X(Floor, floor_tile, rounding_op_tile_init)                                                    \
    X(Ceil, ceil_tile, rounding_op_tile_init)                                                      \
    X(Trunc, trunc_tile, rounding_op_tile_init)                                                    \
    X(Frac, frac_tile, rounding_op_tile_init)
#define TF_KLIB_SFPU_PLAIN_OP(Name, op, op_init)                                                   \
    template <Dst Slot = Dst::D0> struct Name : UnaryOp<Name<Slot>, Slot> {                        \
        TF_KLIB_SFPU_UNARY_METHODS(op_init(), op(d0))                                              \
    };
TF_KLIB_SFPU_PLAIN_OPS(TF_KLIB_SFPU_PLAIN_OP)
#undef TF_KLIB_SFPU_PLAIN_OP
#undef TF_KLIB_SFPU_PLAIN_OPS
// The ops whose template argument picks tt-metal's approximation (an Approx,
// or the bool of ttnn's TanhDerivative / GeluDerivative), their inits' too:
// X(Name, op, its default). The exact value either way.
#define TF_KLIB_SFPU_APPROX_OPS(X)                                                                 \
    X(Log1p, log1p_tile, Approx::Exact)                                                            \
    X(Expm1, expm1_tile, Approx::Exact)                                                            \
    X(Erf, erf_tile, Approx::Fast)                                                                 \
    X(TanhDerivative, tanh_derivative_tile, Approx::Exact)                                         \
    X(GeluDerivative, gelu_derivative_tile, Approx::Exact)
#define TF_KLIB_SFPU_APPROX_OP(Name, op, dflt)                                                     \
    template <auto approx = dflt, Dst Slot = Dst::D0>                                              \
    struct Name : UnaryOp<Name<approx, Slot>, Slot> {                                              \
        TF_KLIB_SFPU_UNARY_METHODS(op##_init<static_cast<bool>(approx)>(),                         \
                                   op<static_cast<bool>(approx)>(d0))                              \
    };
TF_KLIB_SFPU_APPROX_OPS(TF_KLIB_SFPU_APPROX_OP)
#undef TF_KLIB_SFPU_APPROX_OP
#undef TF_KLIB_SFPU_APPROX_OPS
// Erfc<approx>: erfc_tile has no template argument (ttnn's struct does).
template <Approx approx = Approx::Fast, Dst Slot = Dst::D0>
struct Erfc : UnaryOp<Erfc<approx, Slot>, Slot> {
    TF_KLIB_SFPU_UNARY_METHODS(erfc_tile_init(), erfc_tile(d0))
};
// The ops with one parameter, fp32 bits unless said (MulScalar<D1>{bits},
// Elu<>{alpha}): X(Name, tt-metal's op, its init, the parameter's name in
// ttnn's struct, its type). The scalar ops share binop_with_scalar_tile_init.
#define TF_KLIB_SFPU_PARAM_OPS(X)                                                                  \
    X(AddScalar, add_unary_tile, binop_with_scalar_tile_init, scalar, std::uint32_t)               \
    X(SubScalar, sub_unary_tile, binop_with_scalar_tile_init, scalar, std::uint32_t)               \
    X(MulScalar, mul_unary_tile, binop_with_scalar_tile_init, scalar, std::uint32_t)               \
    X(DivScalar, div_unary_tile, binop_with_scalar_tile_init, scalar, std::uint32_t)               \
    X(RsubScalar, rsub_unary_tile, binop_with_scalar_tile_init, scalar, std::uint32_t)             \
    X(LogWithBase, log_with_base_tile, log_with_base_tile_init, base_scale, std::uint32_t)         \
    X(Rpow, rpow_tile, rpow_tile_init, base_val, std::uint32_t)                                    \
    X(UnaryEq, unary_eq_tile, unary_eq_tile_init, param0, std::uint32_t)                           \
    X(UnaryNe, unary_ne_tile, unary_ne_tile_init, param0, std::uint32_t)                           \
    X(UnaryGt, unary_gt_tile, unary_gt_tile_init, param0, std::uint32_t)                           \
    X(UnaryGe, unary_ge_tile, unary_ge_tile_init, param0, std::uint32_t)                           \
    X(UnaryLt, unary_lt_tile, unary_lt_tile_init, param0, std::uint32_t)                           \
    X(UnaryLe, unary_le_tile, unary_le_tile_init, param0, std::uint32_t)                           \
    X(Elu, elu_tile, elu_tile_init, alpha, std::uint32_t)                                          \
    X(Softshrink, softshrink_tile, softshrink_tile_init, lambda, std::uint32_t)                    \
    X(Prelu, prelu_tile, prelu_tile_init, weight, std::uint32_t)                                   \
    X(Round, round_tile, rounding_op_tile_init, decimals, std::int32_t)
#define TF_KLIB_SFPU_PARAM_OP(Name, op, op_init, field, type)                                      \
    template <Dst Slot = Dst::D0> struct Name : UnaryOp<Name<Slot>, Slot> {                        \
        type field;                                                                                \
        constexpr Name(type v = {}) : field(v) {}                                                  \
        TF_KLIB_SFPU_UNARY_METHODS(op_init(), op(d0, field))                                       \
    };
TF_KLIB_SFPU_PARAM_OPS(TF_KLIB_SFPU_PARAM_OP)
#undef TF_KLIB_SFPU_PARAM_OP
#undef TF_KLIB_SFPU_PARAM_OPS
// The ops with two (Hardtanh<>{min, max}): X(Name, tt-metal's op, its init,
// the names of the parameters in ttnn's struct). Celu's alpha_recip and
// Fmod's and Remainder's param1 (1 / param0) are tt-metal's for its
// approximation: the exact value needs the first only.
#define TF_KLIB_SFPU_PARAM2_OPS(X)                                                                 \
    X(Hardtanh, hardtanh_tile, hardtanh_tile_init(), param_min, param_max)                         \
    X(Clamp, clamp_tile, clamp_tile_init(), param_min, param_max)                                  \
    X(Threshold, threshold_tile, threshold_tile_init(), threshold, value)                          \
    X(Selu, selu_tile, selu_tile_init(), scale, alpha)                                             \
    X(Celu, celu_tile, celu_tile_init(), alpha, alpha_recip)                                       \
    X(Fmod, fmod_tile, fmod_tile_init(param0, param1), param0, param1)                             \
    X(Remainder, remainder_tile, remainder_tile_init(param0, param1), param0, param1)
#define TF_KLIB_SFPU_PARAM2_OP(Name, op, init_call, f0, f1)                                        \
    template <Dst Slot = Dst::D0> struct Name : UnaryOp<Name<Slot>, Slot> {                        \
        std::uint32_t f0, f1;                                                                      \
        constexpr Name(std::uint32_t a = {}, std::uint32_t b = {}) : f0(a), f1(b) {}               \
        TF_KLIB_SFPU_UNARY_METHODS(init_call, op(d0, f0, f1))                                      \
    };
TF_KLIB_SFPU_PARAM2_OPS(TF_KLIB_SFPU_PARAM2_OP)
#undef TF_KLIB_SFPU_PARAM2_OP
#undef TF_KLIB_SFPU_PARAM2_OPS
// Softplus<>{beta, beta_recip, threshold} (beta_recip: tt-metal's 1 / beta).
template <Dst Slot = Dst::D0> struct Softplus : UnaryOp<Softplus<Slot>, Slot> {
    std::uint32_t beta, beta_recip, threshold;
    constexpr Softplus(std::uint32_t b = {}, std::uint32_t r = {}, std::uint32_t t = {})
        : beta(b), beta_recip(r), threshold(t)
    {
    }
    TF_KLIB_SFPU_UNARY_METHODS(softplus_tile_init(), softplus_tile(d0, beta, beta_recip, threshold))
};
// LogicalNot<DataFormat>: the float formats (logical_not_tile's).
template <DataFormat df = DataFormat::Float16_b, Dst Slot = Dst::D0>
struct LogicalNot : UnaryOp<LogicalNot<df, Slot>, Slot> {
    TF_KLIB_SFPU_UNARY_METHODS(logical_not_tile_init(), logical_not_tile<df>(d0))
};
// Rdiv<RoundingMode>{value}: value / x, rounded as the mode says.
template <RoundingMode rounding_mode = RoundingMode::None, Dst Slot = Dst::D0>
struct Rdiv : UnaryOp<Rdiv<rounding_mode, Slot>, Slot> {
    std::uint32_t value;
    constexpr Rdiv(std::uint32_t v = {}) : value(v) {}
    TF_KLIB_SFPU_UNARY_METHODS(rdiv_tile_init(), rdiv_tile<rounding_mode>(d0, value))
};
#undef TF_KLIB_SFPU_UNARY_METHODS
template <Approx approx = Approx::Exact, Dst Slot = Dst::D0>
struct Sigmoid : UnaryOp<Sigmoid<approx, Slot>, Slot> {
    ALWI void init() const
    {
        sigmoid_tile_init<static_cast<bool>(approx)>();
    }
    ALWI void call(std::uint32_t d0) const
    {
        sigmoid_tile<VectorMode::RC, static_cast<bool>(approx)>(d0);
    }
};
template <Approx approx = Approx::Exact, Dst Slot = Dst::D0>
struct Tanh : UnaryOp<Tanh<approx, Slot>, Slot> {
    ALWI void init() const
    {
        tanh_tile_init<static_cast<bool>(approx)>();
    }
    ALWI void call(std::uint32_t d0) const
    {
        tanh_tile<static_cast<bool>(approx)>(d0);
    }
};
template <Approx approx = Approx::Fast, Dst Slot = Dst::D0>
struct Gelu : UnaryOp<Gelu<approx, Slot>, Slot> {
    ALWI void init() const
    {
        gelu_tile_init<static_cast<bool>(approx)>();
    }
    ALWI void call(std::uint32_t d0) const
    {
        gelu_tile<static_cast<bool>(approx)>(d0);
    }
};
template <std::uint32_t in_dtype, std::uint32_t out_dtype, Dst Slot = Dst::D0>
struct Typecast : UnaryOp<Typecast<in_dtype, out_dtype, Slot>, Slot> {
    ALWI void init() const
    {
        typecast_tile_init<in_dtype, out_dtype>();
    }
    ALWI void call(std::uint32_t d0) const
    {
        typecast_tile<in_dtype, out_dtype>(d0);
    }
};
template <Dst Slot = Dst::D0> struct Power : UnaryOp<Power<Slot>, Slot> {
    std::uint32_t exponent;
    constexpr Power(std::uint32_t v = {}) : exponent(v) {}
    ALWI void init() const
    {
        power_tile_init();
    }
    ALWI void call(std::uint32_t d0) const
    {
        power_tile(d0, exponent);
    }
};
template <Dst Slot = Dst::D0> struct PowerIterative : UnaryOp<PowerIterative<Slot>, Slot> {
    std::uint32_t int_exponent;
    constexpr PowerIterative(std::uint32_t v = {}) : int_exponent(v) {}
    ALWI void init() const
    {
        power_tile_init();
    }
    ALWI void call(std::uint32_t d0) const
    {
        power_tile(d0, int_exponent);
    }
};
template <Dst Slot = Dst::D0> struct FillTile : UnaryOp<FillTile<Slot>, Slot> {
    float fill_val;
    constexpr FillTile(float v = {}) : fill_val(v) {}
    ALWI void init() const
    {
        fill_tile_init();
    }
    ALWI void call(std::uint32_t d0) const
    {
        fill_tile(d0, fill_val);
    }
};
template <Dst Slot = Dst::D0> struct FillTileBitcast : UnaryOp<FillTileBitcast<Slot>, Slot> {
    std::uint32_t param0;
    constexpr FillTileBitcast(std::uint32_t v = {}) : param0(v) {}
    ALWI void init() const
    {
        fill_tile_init();
    }
    ALWI void call(std::uint32_t d0) const
    {
        fill_tile_bitcast(d0, param0);
    }
};
// The binary ops between slots: X(Name, tt-metal's op) runs op_init() then
// op(in0, in1, out).
#define TF_KLIB_SFPU_BINARY_OPS(X)                                                                 \
    X(SfpuAdd, add_binary_tile)                                                                    \
    X(SfpuSub, sub_binary_tile)                                                                    \
    X(SfpuMul, mul_binary_tile)                                                                    \
    X(SfpuDiv, div_binary_tile)                                                                    \
    X(SfpuRsub, rsub_binary_tile)                                                                  \
    X(SfpuPow, power_binary_tile)                                                                  \
    X(SfpuMax, binary_max_tile)                                                                    \
    X(SfpuMin, binary_min_tile)                                                                    \
    X(SfpuEq, eq_binary_tile)
#define TF_KLIB_SFPU_BINARY_OP(Name, op)                                                           \
    template <Dst In0 = Dst::D0, Dst In1 = Dst::D1, Dst Out = Dst::D0>                             \
    struct Name : BinaryOp<Name<In0, In1, Out>, In0, In1, Out> {                                   \
        ALWI void init() const                                                                     \
        {                                                                                          \
            op##_init();                                                                           \
        }                                                                                          \
        ALWI void call(std::uint32_t a, std::uint32_t b, std::uint32_t c) const                    \
        {                                                                                          \
            op(a, b, c);                                                                           \
        }                                                                                          \
    };
TF_KLIB_SFPU_BINARY_OPS(TF_KLIB_SFPU_BINARY_OP)
#undef TF_KLIB_SFPU_BINARY_OP
#undef TF_KLIB_SFPU_BINARY_OPS
// The ternary ops between slots: X(Name, tt-metal's op, takes a value)
// runs op_init() then op<df>(in0, in1, in2, out[, value]): DEST[Out] =
// f(DEST[In0], DEST[In1], DEST[In2]). Addcmul and Addcdiv take their value
// (fp32 bits) at construction (Addcmul<>{bits}).
namespace sfpu_detail
{
template <bool> struct ternary_value {
};
template <> struct ternary_value<true> {
    std::uint32_t value;
    constexpr ternary_value(std::uint32_t v = {}) : value(v) {}
};
} // namespace sfpu_detail
#define TF_KLIB_SFPU_TERNARY_OPS(X)                                                                \
    X(Where, where_tile, false)                                                                    \
    X(Lerp, lerp_tile, false)                                                                      \
    X(Addcmul, addcmul_tile, true)                                                                 \
    X(Addcdiv, addcdiv_tile, true)
#define TF_KLIB_SFPU_TERNARY_OP(Name, op, with_value)                                              \
    template <DataFormat df = DataFormat::Float16_b, Dst In0 = Dst::D0, Dst In1 = Dst::D1,         \
              Dst In2 = Dst::D2, Dst Out = Dst::D0>                                                \
    struct Name : TernaryOp<Name<df, In0, In1, In2, Out>, In0, In1, In2, Out>,                     \
                  sfpu_detail::ternary_value<with_value> {                                         \
        using sfpu_detail::ternary_value<with_value>::ternary_value;                               \
        ALWI void init() const                                                                     \
        {                                                                                          \
            op##_init();                                                                           \
        }                                                                                          \
        ALWI void call(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) const   \
        {                                                                                          \
            if constexpr (with_value)                                                              \
                op<df>(a, b, c, d, this->value);                                                   \
            else                                                                                   \
                op<df>(a, b, c, d);                                                                \
        }                                                                                          \
    };
TF_KLIB_SFPU_TERNARY_OPS(TF_KLIB_SFPU_TERNARY_OP)
#undef TF_KLIB_SFPU_TERNARY_OP
#undef TF_KLIB_SFPU_TERNARY_OPS

// Fill a slot with a value known at run time (FillScalar<D0>{lambda}).
template <Dst Slot = Dst::D0> struct FillScalar : UnaryOp<FillScalar<Slot>, Slot> {
    float value;
    constexpr explicit FillScalar(float v) : value(v) {}
    constexpr FillScalar() : value(0.0f) {}
    ALWI void init() const
    {
        fill_tile_init();
    }
    ALWI void call(std::uint32_t d0) const
    {
        fill_tile(d0, value);
    }
};

// ---- ttnn's op structs tt-foil refuses --------------------------------------------------
// Any use (construction or a template argument list naming a complete
// type) is the compile error, saying why and what to use.
#define TF_KLIB_SFPU_REFUSED(Name, why)                                                            \
    template <auto... A> struct Name {                                                             \
        static_assert(tf_ttm::dependent_false<decltype(A)...>,                                     \
                      "not supported by tt-foil: compute_kernel_lib::" #Name ": " why);            \
        static constexpr std::uint32_t max_dst = 0;                                                \
        template <class... T> constexpr Name(T...) {}                                              \
        ALWI void init() const {}                                                                  \
        ALWI void exec(std::uint32_t = 0) const {}                                                 \
        ALWI void apply(std::uint32_t = 0) const {}                                                \
    };
#define TF_KLIB_SFPU_UNMODELED "an SFPU op the tile engine does not model (docs/kernels.md 5.2)"
#define TF_KLIB_SFPU_TWO_SLOTS                                                                     \
    "this SFPU op between DEST slots is not modeled (SfpuAdd, SfpuSub, SfpuMul, SfpuDiv, "         \
    "SfpuRsub, SfpuPow, SfpuMax, SfpuMin, SfpuEq, Where, Lerp, Addcmul and Addcdiv are; "          \
    "docs/kernels.md 5.4)"
TF_KLIB_SFPU_REFUSED(Xielu, TF_KLIB_SFPU_UNMODELED)
TF_KLIB_SFPU_REFUSED(LgammaStirling, TF_KLIB_SFPU_UNMODELED)
TF_KLIB_SFPU_REFUSED(StochasticRound, TF_KLIB_SFPU_UNMODELED)
TF_KLIB_SFPU_REFUSED(Rsub, "rsub_tile is not modeled: use RsubScalar (rsub_unary_tile)")
TF_KLIB_SFPU_REFUSED(Dropout, TF_KLIB_SFPU_UNMODELED)
TF_KLIB_SFPU_REFUSED(RandTile, TF_KLIB_SFPU_UNMODELED)
TF_KLIB_SFPU_REFUSED(FillTileInt, "integer DEST formats are not modeled")
TF_KLIB_SFPU_REFUSED(Logsigmoid, TF_KLIB_SFPU_TWO_SLOTS)
TF_KLIB_SFPU_REFUSED(LgammaStirlingFloat, TF_KLIB_SFPU_TWO_SLOTS)
TF_KLIB_SFPU_REFUSED(IntAdd, TF_KLIB_SFPU_TWO_SLOTS)
TF_KLIB_SFPU_REFUSED(IntMul, TF_KLIB_SFPU_TWO_SLOTS)
TF_KLIB_SFPU_REFUSED(CopyDest, "its shape in sfpu_helpers is not confirmed: copy_dest_values in "
                               "a BinaryOp of the kernel's own copies one slot to another")
TF_KLIB_SFPU_REFUSED(LgammaAdjusted, TF_KLIB_SFPU_TWO_SLOTS)
// (TF_KLIB_SFPU_REFUSED stays defined: eltwise_chain.hpp refuses with it too)
#undef TF_KLIB_SFPU_UNMODELED
#undef TF_KLIB_SFPU_TWO_SLOTS

// ---- the chain -------------------------------------------------------------------------
namespace sfpu_detail
{
template <class T> struct is_plain_load : std::false_type {
};
template <std::uint32_t CB, Dst S> struct is_plain_load<Load<CB, S, LoadPolicy::WaitAndPop>> {
    static constexpr bool value = true;
    static constexpr std::uint32_t cb = CB;
};
template <class A, class B> constexpr bool same_cb_plain_loads()
{
    if constexpr (is_plain_load<A>::value && is_plain_load<B>::value)
        return is_plain_load<A>::cb == is_plain_load<B>::cb;
    else
        return false;
}

// What the pipeline tells each element of a tile.
struct Ctx {
    SfpuInputPolicy input;
    std::uint32_t tile; // index of the tile in this call
};

// A plain Load's tile index and CB moves (Prev, Next: its neighbours).
template <class Prev, class Next, std::uint32_t CB, Dst S, LoadPolicy P>
ALWI void load(std::uint32_t offset, const Ctx &c)
{
    const std::uint32_t slot = sfpu_slot(S) + offset;
    if constexpr (P == LoadPolicy::WaitAndPop) {
        if (c.input == SfpuInputPolicy::WaitAndPopPerTile) {
            constexpr bool first = !same_cb_plain_loads<Prev, Load<CB, S, P>>();
            constexpr bool last = !same_cb_plain_loads<Load<CB, S, P>, Next>();
            if constexpr (first) cb_wait_front(CB, 1);
            copy_tile(CB, 0, slot);
            if constexpr (last) cb_pop_front(CB, 1);
        } else
            copy_tile(CB, c.tile, slot);
    } else {
        if constexpr (P == LoadPolicy::WaitNoPop) cb_wait_front(CB, 1);
        copy_tile(CB, 0, slot);
        if constexpr (P == LoadPolicy::NoWaitPop) cb_pop_front(CB, 1);
    }
}

template <class Prev, class Next, class E>
ALWI void run_one(const E &e, std::uint32_t offset, bool do_init, const Ctx &c)
{
    if constexpr (is_load_op_v<E>) {
        if (do_init) e.init();
        load<Prev, Next, E::cb, static_cast<Dst>(E::dst_idx), E::policy>(offset, c);
    } else {
        if (do_init) e.init();
        e.exec(offset);
    }
}
} // namespace sfpu_detail

template <typename... Ops> struct SfpuChain;

template <> struct SfpuChain<> {
    using head = void;
    static constexpr std::uint32_t max_dst = 0;
    static constexpr std::uint32_t stride = 1;
    static constexpr std::uint32_t num_compute_ops = 0;
    static constexpr std::uint32_t num_loads = 0;
    static constexpr bool clashes_with_fpu = false;
    static constexpr std::uint32_t first_load_cb = 0;
    template <class Prev> ALWI void run(std::uint32_t, bool, const sfpu_detail::Ctx &) const {}
    template <class Prev = void> ALWI void wait_upfront(std::uint32_t) const {}
};

template <typename First, typename... Rest> struct SfpuChain<First, Rest...> {
    First first;
    SfpuChain<Rest...> rest;

    using head = First;
    static constexpr std::uint32_t max_dst =
        First::max_dst > SfpuChain<Rest...>::max_dst ? First::max_dst : SfpuChain<Rest...>::max_dst;
    static constexpr std::uint32_t stride = max_dst + 1;
    static constexpr std::uint32_t num_loads =
        (is_load_op_v<First> ? 1 : 0) + SfpuChain<Rest...>::num_loads;
    static constexpr std::uint32_t num_compute_ops =
        (is_load_op_v<First> ? 0 : 1) + SfpuChain<Rest...>::num_compute_ops;
    static constexpr bool clashes_with_fpu =
        tf_klib::clashes_with_fpu_v<First> || SfpuChain<Rest...>::clashes_with_fpu;
    static constexpr std::uint32_t first_load_cb = [] {
        if constexpr (is_load_op_v<First>)
            return First::cb;
        else
            return SfpuChain<Rest...>::first_load_cb;
    }();
    static_assert(max_dst < 8, "compute_kernel_lib: a DEST slot is D0..D7");

    constexpr SfpuChain() = default;
    constexpr SfpuChain(First f, Rest... r) : first(f), rest(r...) {}

    // Run every element on the slots offset by `offset` (inits too when
    // do_init); Prev is the element before this one.
    template <class Prev>
    ALWI void run(std::uint32_t offset, bool do_init, const sfpu_detail::Ctx &c) const
    {
        sfpu_detail::run_one<Prev, typename SfpuChain<Rest...>::head>(first, offset, do_init, c);
        rest.template run<First>(offset, do_init, c);
    }
    // WaitUpfrontNoPop: wait for n tiles of each plain Load's CB (once per
    // group of adjacent Loads).
    template <class Prev = void> ALWI void wait_upfront(std::uint32_t n) const
    {
        if constexpr (sfpu_detail::is_plain_load<First>::value &&
                      !sfpu_detail::same_cb_plain_loads<Prev, First>())
            cb_wait_front(First::cb, n);
        rest.template wait_upfront<First>(n);
    }

    // As a post-op (binary_op's): the chain's ops on the slots offset by dst.
    ALWI void operator()(std::uint32_t dst = 0) const
    {
        static_assert(num_loads == 0, "not supported by tt-foil: a compute_kernel_lib::sfpu_chain "
                                      "with a Load as a post-op (use DestReuseOp for a CB tile)");
        run<void>(dst, true, sfpu_detail::Ctx{SfpuInputPolicy::NoWaitNoPop, 0});
    }
    ALWI void apply(std::uint32_t offset = 0) const
    {
        (*this)(offset);
    }
};

namespace sfpu_detail
{
// A CB's plain Loads come in one group of adjacent Loads (ttnn's rule).
template <class... Ops> constexpr bool plain_load_groups_ok()
{
    constexpr bool plain[] = {false, is_plain_load<Ops>::value...};
    constexpr std::uint32_t cbs[] = {0, [] {
                                         if constexpr (is_plain_load<Ops>::value)
                                             return is_plain_load<Ops>::cb;
                                         else
                                             return 0u;
                                     }()...};
    constexpr std::size_t n = sizeof...(Ops) + 1;
    for (std::size_t i = 1; i < n; i++) {
        if (!plain[i] || (plain[i - 1] && cbs[i - 1] == cbs[i])) continue; // not a group's start
        for (std::size_t j = i + 1; j < n; j++)
            if (plain[j] && cbs[j] == cbs[i] && !(plain[j - 1] && cbs[j - 1] == cbs[i]))
                return false;
    }
    return true;
}
} // namespace sfpu_detail

template <typename... Ops> constexpr ALWI SfpuChain<Ops...> sfpu_chain(Ops... ops)
{
    static_assert(sfpu_detail::plain_load_groups_ok<Ops...>(),
                  "compute_kernel_lib::sfpu_chain: the same CB appears in non-adjacent Load "
                  "groups; put a CB's Loads next to each other, or give them LoadPolicy "
                  "WaitNoPop / NoWaitPop");
    return SfpuChain<Ops...>(ops...);
}

// ---- the pipeline ------------------------------------------------------------------------
namespace sfpu_detail
{
template <class T>
constexpr bool is_policy_v =
    std::is_same_v<T, SfpuBatching> || std::is_same_v<T, SfpuInputPolicy> ||
    std::is_same_v<T, SfpuOutputPolicy> || std::is_same_v<T, SfpuDataFormatReconfig>;

// The policy of type E among P (its default when none).
template <class E, E def, auto... P> constexpr E pick()
{
    E r = def;
    ((std::is_same_v<decltype(P), E> ? (void)(r = static_cast<E>(P)) : (void)0), ...);
    return r;
}
template <auto... P> constexpr bool policies_ok()
{
    constexpr std::size_t nb = (std::size_t{std::is_same_v<decltype(P), SfpuBatching>} + ... + 0),
                          ni =
                              (std::size_t{std::is_same_v<decltype(P), SfpuInputPolicy>} + ... + 0),
                          no = (std::size_t{std::is_same_v<decltype(P), SfpuOutputPolicy>} + ... +
                                0),
                          nr = (std::size_t{std::is_same_v<decltype(P), SfpuDataFormatReconfig>} +
                                ... + 0);
    return (is_policy_v<decltype(P)> && ...) && nb <= 1 && ni <= 1 && no <= 1 && nr <= 1;
}
// T, named in a template whose other parameters are Ts (instantiated on use).
template <class T, class... Ts> struct dependent {
    using type = T;
};
} // namespace sfpu_detail

template <auto... P, typename Chain, class OutCb>
ALWI void sfpu_pipeline(Chain chain, OutCb output_cb, std::uint32_t num_tiles,
                        Dst pack_slot = Dst::D0)
{
    static_assert(sfpu_detail::policies_ok<P...>(),
                  "compute_kernel_lib::sfpu_pipeline: the template arguments are at most one "
                  "each of SfpuBatching, SfpuInputPolicy, SfpuOutputPolicy and "
                  "SfpuDataFormatReconfig");
    constexpr SfpuBatching batching = sfpu_detail::pick<SfpuBatching, SfpuBatching::Auto, P...>();
    constexpr SfpuInputPolicy input =
        sfpu_detail::pick<SfpuInputPolicy, SfpuInputPolicy::WaitAndPopPerTile, P...>();
    constexpr SfpuOutputPolicy output =
        sfpu_detail::pick<SfpuOutputPolicy, SfpuOutputPolicy::PerTile, P...>();
    constexpr SfpuDataFormatReconfig reconfig =
        sfpu_detail::pick<SfpuDataFormatReconfig, SfpuDataFormatReconfig::INPUT_AND_OUTPUT, P...>();
    constexpr std::uint32_t stride = Chain::stride;
    static_assert(stride <= DEST_AUTO_LIMIT,
                  "compute_kernel_lib::sfpu_pipeline: the chain's slots exceed DEST "
                  "(DEST_AUTO_LIMIT tiles)");
    constexpr std::uint32_t batch =
        batching == SfpuBatching::Disabled ? 1 : DEST_AUTO_LIMIT / stride;
    constexpr bool reinit = Chain::num_compute_ops > 1 || Chain::clashes_with_fpu;
    const std::uint32_t out = tf_klib::cb_index(output_cb);
    const std::uint32_t ps = sfpu_slot(pack_slot);

    if constexpr (Chain::num_loads > 0 && (reconfig == SfpuDataFormatReconfig::INPUT ||
                                           reconfig == SfpuDataFormatReconfig::INPUT_AND_OUTPUT))
        reconfig_data_format_srca(Chain::first_load_cb);
    if constexpr (reconfig == SfpuDataFormatReconfig::OUTPUT ||
                  reconfig == SfpuDataFormatReconfig::INPUT_AND_OUTPUT)
        pack_reconfig_data_format(out);
    if constexpr (Chain::num_loads > 0) copy_tile_to_dst_init_short(Chain::first_load_cb);
    if constexpr (input == SfpuInputPolicy::WaitUpfrontNoPop) chain.wait_upfront(num_tiles);
    if constexpr (output == SfpuOutputPolicy::Bulk) cb_reserve_back(out, num_tiles);

    for (std::uint32_t i = 0; i < num_tiles; i += batch) {
        const std::uint32_t n = num_tiles - i < batch ? num_tiles - i : batch;
        tile_regs_acquire();
        for (std::uint32_t k = 0; k < n; k++)
            chain.template run<void>(k * stride, reinit || i + k == 0,
                                     sfpu_detail::Ctx{input, i + k});
        tile_regs_commit();
        tile_regs_wait();
        for (std::uint32_t k = 0; k < n; k++) {
            if constexpr (output == SfpuOutputPolicy::PerTile) cb_reserve_back(out, 1);
            pack_tile(ps + k * stride, out);
            if constexpr (output == SfpuOutputPolicy::PerTile) cb_push_back(out, 1);
        }
        tile_regs_release();
    }
    if constexpr (output == SfpuOutputPolicy::Bulk) cb_push_back(out, num_tiles);
}

template <std::uint32_t ICB, auto... P, typename Op, class OutCb>
ALWI void sfpu_op(OutCb output_cb, std::uint32_t num_tiles, Op op)
{
    sfpu_pipeline<P...>(sfpu_chain(Load<ICB, Dst::D0>{}, op), output_cb, num_tiles);
}

// sfpu_<name><ICB[, policies]>(out, n): sfpu_op with the op's defaults.
#define TF_KLIB_SFPU_ALIAS(name, Op)                                                               \
    template <std::uint32_t ICB, auto... P, class OutCb>                                           \
    ALWI void name(OutCb output_cb, std::uint32_t num_tiles)                                       \
    {                                                                                              \
        sfpu_op<ICB, P...>(output_cb, num_tiles,                                                   \
                           typename sfpu_detail::dependent<Op<>, decltype(P)...>::type{});         \
    }
TF_KLIB_SFPU_ALIAS(sfpu_exp, Exp)
TF_KLIB_SFPU_ALIAS(sfpu_log, Log)
TF_KLIB_SFPU_ALIAS(sfpu_log1p, Log1p)
TF_KLIB_SFPU_ALIAS(sfpu_sqrt, Sqrt)
TF_KLIB_SFPU_ALIAS(sfpu_rsqrt, Rsqrt)
TF_KLIB_SFPU_ALIAS(sfpu_recip, Recip)
TF_KLIB_SFPU_ALIAS(sfpu_abs, Abs)
TF_KLIB_SFPU_ALIAS(sfpu_neg, Neg)
TF_KLIB_SFPU_ALIAS(sfpu_square, Square)
TF_KLIB_SFPU_ALIAS(sfpu_sigmoid, Sigmoid)
TF_KLIB_SFPU_ALIAS(sfpu_tanh, Tanh)
TF_KLIB_SFPU_ALIAS(sfpu_gelu, Gelu)
TF_KLIB_SFPU_ALIAS(sfpu_silu, Silu)
TF_KLIB_SFPU_ALIAS(sfpu_relu, Relu)
TF_KLIB_SFPU_ALIAS(sfpu_sin, Sin)
TF_KLIB_SFPU_ALIAS(sfpu_cos, Cos)
TF_KLIB_SFPU_ALIAS(sfpu_tan, Tan)
TF_KLIB_SFPU_ALIAS(sfpu_asin, Asin)
TF_KLIB_SFPU_ALIAS(sfpu_acos, Acos)
TF_KLIB_SFPU_ALIAS(sfpu_atan, Atan)
TF_KLIB_SFPU_ALIAS(sfpu_sinh, Sinh)
TF_KLIB_SFPU_ALIAS(sfpu_cosh, Cosh)
TF_KLIB_SFPU_ALIAS(sfpu_asinh, Asinh)
TF_KLIB_SFPU_ALIAS(sfpu_acosh, Acosh)
TF_KLIB_SFPU_ALIAS(sfpu_atanh, Atanh)
TF_KLIB_SFPU_ALIAS(sfpu_erf, Erf)
TF_KLIB_SFPU_ALIAS(sfpu_erfc, Erfc)
TF_KLIB_SFPU_ALIAS(sfpu_erfinv, Erfinv)
TF_KLIB_SFPU_ALIAS(sfpu_i0, I0)
TF_KLIB_SFPU_ALIAS(sfpu_i1, I1)
TF_KLIB_SFPU_ALIAS(sfpu_lgamma, Lgamma)
TF_KLIB_SFPU_ALIAS(sfpu_isinf, Isinf)
TF_KLIB_SFPU_ALIAS(sfpu_isnan, Isnan)
TF_KLIB_SFPU_ALIAS(sfpu_isfinite, Isfinite)
TF_KLIB_SFPU_ALIAS(sfpu_gtz, Gtz)
TF_KLIB_SFPU_ALIAS(sfpu_ltz, Ltz)
TF_KLIB_SFPU_ALIAS(sfpu_lez, Lez)
TF_KLIB_SFPU_ALIAS(sfpu_gez, Gez)
TF_KLIB_SFPU_ALIAS(sfpu_eqz, Eqz)
TF_KLIB_SFPU_ALIAS(sfpu_nez, Nez)
TF_KLIB_SFPU_ALIAS(sfpu_floor, Floor)
TF_KLIB_SFPU_ALIAS(sfpu_ceil, Ceil)
TF_KLIB_SFPU_ALIAS(sfpu_trunc, Trunc)
TF_KLIB_SFPU_ALIAS(sfpu_frac, Frac)
#undef TF_KLIB_SFPU_ALIAS
} // namespace compute_kernel_lib
