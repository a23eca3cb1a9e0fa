// tt-metal's unary SFPU ops, one tile each, as ttnn's eltwise_sfpu kernel
// runs them (copy a tile of CB 0 to DEST[0], the op's init and the op on
// it, pack to CB 16), with the op and its parameters per tile from the run-
// time args: 0 the number of tiles, then per tile its case (U_*,
// sfpu_unary_cases.h) and two parameters (fp32 bits, or round's decimals).
// test_ttm_sfpu_unary.c has each case's expected values.
#include <cstdint>

#include "api/compute/compute_kernel_api.h"
#include "api/compute/eltwise_unary/activations.h"
#include "api/compute/eltwise_unary/comp.h"
#include "api/compute/eltwise_unary/rounding.h"
#include "api/compute/eltwise_unary/trigonometry.h"
#include "copy_one.h"
#include "sfpu_unary_cases.h"

// The case's init and op on DEST[0]; a and b: its parameters.
static void run(uint32_t c, uint32_t a, uint32_t b)
{
    switch (c) {
    case U_EQZ:
        eqz_tile_init();
        eqz_tile(0);
        break;
    case U_NEZ:
        nez_tile_init();
        nez_tile(0);
        break;
    case U_LTZ:
        ltz_tile_init();
        ltz_tile(0);
        break;
    case U_LEZ:
        lez_tile_init();
        lez_tile(0);
        break;
    case U_GTZ:
        gtz_tile_init();
        gtz_tile(0);
        break;
    case U_GEZ:
        gez_tile_init();
        gez_tile(0);
        break;
    case U_UNARY_EQ:
        unary_eq_tile_init();
        unary_eq_tile(0, a);
        break;
    case U_UNARY_NE:
        unary_ne_tile_init();
        unary_ne_tile(0, a);
        break;
    case U_UNARY_LT:
        unary_lt_tile_init();
        unary_lt_tile(0, a);
        break;
    case U_UNARY_LE:
        unary_le_tile_init();
        unary_le_tile(0, a);
        break;
    case U_UNARY_GT:
        unary_gt_tile_init();
        unary_gt_tile(0, a);
        break;
    case U_UNARY_GE:
        unary_ge_tile_init();
        unary_ge_tile(0, a);
        break;
    case U_ISINF:
        isinf_tile_init();
        isinf_tile(0);
        break;
    case U_ISNAN:
        isnan_tile_init();
        isnan_tile(0);
        break;
    case U_ISFINITE:
        isfinite_tile_init();
        isfinite_tile(0);
        break;
    case U_ISPOSINF:
        isposinf_tile_init();
        isposinf_tile(0);
        break;
    case U_ISNEGINF:
        isneginf_tile_init();
        isneginf_tile(0);
        break;
    case U_LOGICAL_NOT:
        logical_not_tile_init();
        logical_not_tile<DataFormat::Float16_b>(0);
        break;
    case U_LOGICAL_NOT_UNARY:
        logical_not_unary_tile_init();
        logical_not_unary_tile(0);
        break;
    case U_SIGN:
        sign_tile_init();
        sign_tile(0);
        break;
    case U_SIGNBIT:
        signbit_tile_init();
        signbit_tile(0);
        break;
    case U_HEAVISIDE:
        heaviside_tile_init();
        heaviside_tile(0, a);
        break;
    case U_CLAMP:
        clamp_tile_init();
        clamp_tile(0, a, b);
        break;
    case U_HARDTANH:
        hardtanh_tile_init();
        hardtanh_tile(0, a, b);
        break;
    case U_HARDSIGMOID:
        hardsigmoid_tile_init();
        hardsigmoid_tile(0);
        break;
    case U_HARDSWISH:
        hardswish_tile_init();
        hardswish_tile(0);
        break;
    case U_THRESHOLD:
        threshold_tile_init();
        threshold_tile(0, a, b);
        break;
    case U_UNARY_MAX:
        unary_max_tile_init();
        unary_max_tile(0, a);
        break;
    case U_UNARY_MIN:
        unary_min_tile_init();
        unary_min_tile(0, a);
        break;
    case U_SOFTSHRINK:
        softshrink_tile_init();
        softshrink_tile(0, a);
        break;
    case U_HARDSHRINK:
        hardshrink_tile_init();
        hardshrink_tile(0, a);
        break;
    case U_ELU:
        elu_tile_init();
        elu_tile(0, a);
        break;
    case U_SELU:
        selu_tile_init();
        selu_tile(0, a, b);
        break;
    case U_CELU:
        celu_tile_init();
        celu_tile(0, a, b);
        break; // b: 1 / alpha
    case U_PRELU:
        prelu_tile_init();
        prelu_tile(0, a);
        break;
    case U_IDENTITY:
        identity_tile_init();
        identity_tile(0);
        break;
    case U_EXPM1:
        expm1_tile_init<true>();
        expm1_tile<true>(0);
        break;
    case U_LOG1P:
        log1p_tile_init();
        log1p_tile(0);
        break;
    case U_LOG_WITH_BASE:
        log_with_base_tile_init();
        log_with_base_tile(0, a);
        break;
    case U_ERF:
        erf_tile_init();
        erf_tile(0);
        break;
    case U_ERFC:
        erfc_tile_init();
        erfc_tile(0);
        break;
    case U_ERFINV:
        erfinv_tile_init();
        erfinv_tile(0);
        break;
    case U_SOFTPLUS: // beta, 1 / beta, threshold 20 (ttnn's default)
        softplus_tile_init();
        softplus_tile(0, a, b, 0x41a00000u);
        break;
    case U_TAN:
        tan_tile_init();
        tan_tile(0);
        break;
    case U_ASIN:
        asin_tile_init();
        asin_tile(0);
        break;
    case U_ACOS:
        acos_tile_init();
        acos_tile(0);
        break;
    case U_ATAN:
        atan_tile_init();
        atan_tile(0);
        break;
    case U_SINH:
        sinh_tile_init();
        sinh_tile(0);
        break;
    case U_COSH:
        cosh_tile_init();
        cosh_tile(0);
        break;
    case U_ASINH:
        asinh_tile_init();
        asinh_tile(0);
        break;
    case U_ACOSH:
        acosh_tile_init();
        acosh_tile(0);
        break;
    case U_ATANH:
        atanh_tile_init();
        atanh_tile(0);
        break;
    case U_MISH:
        mish_tile_init<APPROX>();
        mish_tile<APPROX>(0);
        break;
    case U_SOFTSIGN:
        softsign_tile_init();
        softsign_tile(0);
        break;
    case U_TANHSHRINK:
        tanhshrink_tile_init();
        tanhshrink_tile(0);
        break;
    case U_TANH_DERIVATIVE:
        tanh_derivative_tile_init();
        tanh_derivative_tile(0);
        break;
    case U_GELU_DERIVATIVE:
        gelu_derivative_tile_init<true>();
        gelu_derivative_tile<true>(0);
        break;
    case U_I0:
        i0_tile_init();
        i0_tile(0);
        break;
    case U_I1:
        i1_tile_init();
        i1_tile(0);
        break;
    case U_CBRT:
        cbrt_tile_init();
        cbrt_tile(0);
        break;
    case U_RDIV:
        rdiv_tile_init();
        rdiv_tile(0, a);
        break;
    case U_RDIV_TRUNC:
        rdiv_tile_init();
        rdiv_tile<RoundingMode::Trunc>(0, a);
        break;
    case U_RDIV_FLOOR:
        rdiv_tile_init();
        rdiv_tile<RoundingMode::Floor>(0, a, VectorMode::RC);
        break;
    case U_RPOW:
        rpow_tile_init();
        rpow_tile(0, a);
        break;
    case U_LOGIT:
        logit_tile_init();
        logit_tile(0);
        break;
    case U_SWISH:
        swish_tile_init();
        swish_tile(0);
        break;
    case U_HARDMISH:
        hardmish_tile_init();
        hardmish_tile(0);
        break;
    case U_LGAMMA:
        lgamma_tile_init();
        lgamma_tile(0);
        break;
    case U_DIGAMMA:
        digamma_tile_init();
        digamma_tile(0);
        break;
    case U_FLOOR:
        rounding_op_tile_init();
        floor_tile(0);
        break;
    case U_CEIL:
        rounding_op_tile_init();
        ceil_tile(0);
        break;
    case U_TRUNC:
        rounding_op_tile_init();
        trunc_tile(0);
        break;
    case U_ROUND:
    case U_ROUND_2:
    case U_ROUND_M1:
        rounding_op_tile_init();
        round_tile(0, (int32_t)a);
        break;
    case U_FRAC:
        frac_tile_init();
        frac_tile(0);
        break; // (the 2026 tree's own init)
    case U_FMOD:
        fmod_tile_init(a, b);
        fmod_tile(0, a, b);
        break; // b: 1 / a
    case U_REMAINDER:
        remainder_tile_init(a, b);
        remainder_tile(0, a, b);
        break;
    }
}

void kernel_main()
{
    constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
    uint32_t n = get_arg_val<uint32_t>(0);
    init_sfpu(cb_in, cb_out);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t c = get_arg_val<uint32_t>(1 + 3 * i), a = get_arg_val<uint32_t>(2 + 3 * i),
                 b = get_arg_val<uint32_t>(3 + 3 * i);
        cb_wait_front(cb_in, 1);
        cb_reserve_back(cb_out, 1);
        copy_one_tile(cb_in, cb_out, [&] { run(c, a, b); });
        cb_pop_front(cb_in, 1);
        cb_push_back(cb_out, 1);
    }
}
