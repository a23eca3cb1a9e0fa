/* The cases of test_ttm_sfpu_unary.c, shared by the test (its inputs,
 * parameters and expected values) and tests/ttm/kernels/sfpu_unary.cpp
 * (the tt-metal call each one makes): X(NAME), in the order of their
 * numbers. */
#ifndef TF_TEST_SFPU_UNARY_CASES_H
#define TF_TEST_SFPU_UNARY_CASES_H

// clang-format off
#define SFPU_UNARY_CASES(X)                                                                        \
    X(EQZ) X(NEZ) X(LTZ) X(LEZ) X(GTZ) X(GEZ)                                                      \
    X(UNARY_EQ) X(UNARY_NE) X(UNARY_LT) X(UNARY_LE) X(UNARY_GT) X(UNARY_GE)                        \
    X(ISINF) X(ISNAN) X(ISFINITE) X(ISPOSINF) X(ISNEGINF) X(LOGICAL_NOT) X(LOGICAL_NOT_UNARY)      \
    X(SIGN) X(SIGNBIT) X(HEAVISIDE)                                                                \
    X(CLAMP) X(HARDTANH) X(HARDSIGMOID) X(HARDSWISH) X(THRESHOLD) X(UNARY_MAX) X(UNARY_MIN)        \
    X(SOFTSHRINK) X(HARDSHRINK) X(ELU) X(SELU) X(CELU) X(PRELU) X(IDENTITY)                        \
    X(EXPM1) X(LOG1P) X(LOG_WITH_BASE) X(ERF) X(ERFC) X(ERFINV) X(SOFTPLUS)                        \
    X(TAN) X(ASIN) X(ACOS) X(ATAN) X(SINH) X(COSH) X(ASINH) X(ACOSH) X(ATANH)                      \
    X(MISH) X(SOFTSIGN) X(TANHSHRINK) X(TANH_DERIVATIVE) X(GELU_DERIVATIVE) X(I0) X(I1) X(CBRT)    \
    X(RDIV) X(RDIV_TRUNC) X(RDIV_FLOOR) X(RPOW) X(LOGIT) X(SWISH) X(HARDMISH) X(LGAMMA) X(DIGAMMA) \
    X(FLOOR) X(CEIL) X(TRUNC) X(ROUND) X(ROUND_2) X(ROUND_M1) X(FRAC) X(FMOD) X(REMAINDER)
// clang-format on
#define SFPU_UNARY_CASE_ENUM(name) U_##name,
enum { SFPU_UNARY_CASES(SFPU_UNARY_CASE_ENUM) U_NUM_CASES };
#undef SFPU_UNARY_CASE_ENUM

#endif
