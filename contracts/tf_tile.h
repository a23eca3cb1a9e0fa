/* The tile engine of a Tensix core (docs/chip.md, "Tile engine"): the
 * registers the TRISCs drive it through and its operations, shared by the
 * compute kernel API (device/include/compute_api.h), the simulator
 * (sim/tile.c) and the host's tile layout helpers (tt_foil/tile.h).
 *
 * A tile is 32x32 values stored as four 16x16 faces (rows 0-15 x cols
 * 0-15, rows 0-15 x cols 16-31, rows 16-31 x cols 0-15, rows 16-31 x cols
 * 16-31), each face row-major, in Float16_b or Float16 (IEEE half: 2 KiB),
 * Float32 (4 KiB),
 * Bfp8_b (1088 bytes: 64 shared exponents, then 1024 sign+mantissa
 * bytes), Bfp4_b (576: 64, then 512 of 4-bit codes) or Bfp2_b (320: 64,
 * then 256 of 2-bit codes), the exponent-A Bfp8, Bfp4, Bfp2 (the _b
 * layouts with a 5-bit shared exponent) or Fp8_e4m3 (1024). An unpack or
 * pack names its format with TF_TILE_FMT(data format) in its format
 * argument (tt-metal's DataFormat numbers), or gives the page size, which
 * tells Float32, Float16_b and the _b block floats apart (2048 is
 * Float16_b: a Float16 tile needs its format, as the exponent-A and
 * Fp8_e4m3 ones do). The engine computes
 * in fp32; docs/chip.md "Tile engine" has the numerics and the costs.
 * Int32, UInt32 (4 bytes a value) and UInt16 (2) tiles hold integers,
 * named by their format only (docs/chip.md "Integer tiles"). */
#ifndef TF_TILE_H
#define TF_TILE_H

#include <stdint.h>

#define TF_TILE_DIM            32
#define TF_TILE_FACE           16
#define TF_TILE_ELEMS          (TF_TILE_DIM * TF_TILE_DIM)
#define TF_TILE_BF16           (TF_TILE_ELEMS * 2)                  /* page size of a bf16 tile */
#define TF_TILE_FP32           (TF_TILE_ELEMS * 4)                  /* page size of an fp32 tile */
#define TF_TILE_BFP8           (TF_TILE_ELEMS + TF_TILE_ELEMS / 16) /* Bfp8_b: 1088 bytes */
#define TF_TILE_BFP4           (TF_TILE_ELEMS / 2 + TF_TILE_ELEMS / 16) /* Bfp4_b: 576 bytes */
#define TF_TILE_BFP2           (TF_TILE_ELEMS / 4 + TF_TILE_ELEMS / 16) /* Bfp2_b: 320 bytes */
#define TF_TILE_DEST_HALF      8 /* DEST tiles a kernel can use at once (16-bit DEST) */
#define TF_TILE_DEST_HALF_FP32 4 /* ... with fp32_dest_acc_en */

/* Data formats, tt-metal's DataFormat numbers. */
#define TF_DF_FLOAT32   0
#define TF_DF_FLOAT16   1
#define TF_DF_FLOAT16_B 5
#define TF_DF_BFP8_B    6
#define TF_DF_BFP4_B    7
#define TF_DF_BFP2_B    15
#define TF_DF_BFP8      2 /* the exponent-A block floats (5-bit shared exponent) */
#define TF_DF_BFP4      3
#define TF_DF_BFP2      11
#define TF_DF_FP8_E4M3  26 /* 1 byte a value: a tile is 1024 bytes, named by format only */
#define TF_TILE_FP8     TF_TILE_ELEMS
#define TF_DF_SUPPORTED(df)                                                                        \
    ((df) == TF_DF_FLOAT32 || (df) == TF_DF_FLOAT16_B || (df) == TF_DF_BFP8_B ||                   \
     (df) == TF_DF_BFP4_B || (df) == TF_DF_BFP2_B || (df) == TF_DF_FLOAT16 ||                      \
     (df) == TF_DF_FP8_E4M3 || TF_DF_BFPA_BITS(df))
/* The magnitude bits of an exponent-A block float (tf_bfpa_pack_row); 0:
 * not one. By their format only: a page size of 1088, 576 or 320 means
 * the _b form. */
#define TF_DF_BFPA_BITS(df)                                                                        \
    ((df) == TF_DF_BFP8 ? 7u : (df) == TF_DF_BFP4 ? 3u : (df) == TF_DF_BFP2 ? 1u : 0u)
/* The float formats of tt-metal's exponent A (5-bit exponent: not
 * jit_build/data_format.cpp's is_exp_b_format): on a 16-bit DEST the
 * unpacker gives halves for them, as for Float16 (Fp8_e4m3: that file's
 * get_single_pack_src_format packs it from Float16). */
#define TF_DF_EXP_A(df) ((df) == TF_DF_FLOAT16 || (df) == TF_DF_FP8_E4M3 || TF_DF_BFPA_BITS(df))
/* The magnitude bits of a block float's values (tf_bfp_encode); 0: not one. */
#define TF_DF_BFP_BITS(df)                                                                         \
    ((df) == TF_DF_BFP8_B ? 7u : (df) == TF_DF_BFP4_B ? 3u : (df) == TF_DF_BFP2_B ? 1u : 0u)
/* The integer formats: their tiles hold the integers' bits exactly (DEST in
 * 32-bit mode: an fp32 DEST; docs/chip.md "Integer tiles"). Int32 and
 * UInt32 tiles are 4096 bytes, UInt16 2048, UInt8 1024; they have no
 * page-size form (the CB's format names them). A UInt16 or UInt8 value
 * sits in DEST zero-extended; the packer writes a DEST value's low 16 (8)
 * bits to a UInt16 (UInt8) tile. UInt8 tiles are copied, packed and cast
 * only: the integer ops take Int32, UInt32 or UInt16 (TF_DF_INT_OP), as
 * tt-metal's templates do. */
#define TF_DF_INT32       8
#define TF_DF_UINT16      9
#define TF_DF_UINT32      24
#define TF_DF_UINT8       30
#define TF_DF_INT_OP(df)  ((df) == TF_DF_INT32 || (df) == TF_DF_UINT16 || (df) == TF_DF_UINT32)
#define TF_DF_INTEGER(df) (TF_DF_INT_OP(df) || (df) == TF_DF_UINT8)
/* The typecasts the engine has (tt-llk's pairs): between the float
 * formats, a float format and an integer one, UInt16 to or from Int32 or
 * UInt32, and UInt8 to or from Int32, UInt32, UInt16 (not Int32 <->
 * UInt32). A float-to-float cast leaves DEST
 * holding what a pack to the output format would write (tt-metal's
 * typecast_tile runs no SFPU code for its block-float pairs: "handled by
 * unpacker/packer"); the exponent-A block floats are cast as any float
 * format, as Float16 and Fp8_e4m3 are (tt-metal's list names none of the
 * three, docs/chip.md "Exponent-A formats"). */
#define TF_DF_CASTABLE(df) (TF_DF_SUPPORTED(df) || TF_DF_INTEGER(df))
#define TF_TYPECAST_OK(in, out)                                                                    \
    (TF_DF_CASTABLE(in) && TF_DF_CASTABLE(out) &&                                                  \
     !((in) == TF_DF_INT32 && (out) == TF_DF_UINT32) &&                                            \
     !((in) == TF_DF_UINT32 && (out) == TF_DF_INT32))
/* A format argument: this (bit 31 set) names the format; otherwise the
 * argument is a page size (2048 Float16_b, 4096 Float32, 1088 Bfp8_b, 576
 * Bfp4_b, 320 Bfp2_b; Float16 only by its format). */
#define TF_TILE_FMT(df) (0x80000000u | (uint32_t)(df))

/* Math fidelity: tt-metal's MathFidelity values, = fidelity phases (LoFi 1). */
#define TF_FIDELITY_LOFI  0
#define TF_FIDELITY_HIFI2 2
#define TF_FIDELITY_HIFI3 3
#define TF_FIDELITY_HIFI4 4

/* INIT's ARG1: the compute kernel's settings (build defines
 * TF_FP32_DEST_ACC and TF_MATH_FIDELITY; compute_api.h). */
#define TF_TILE_CFG_FP32_ACC       (1u << 0)
#define TF_TILE_CFG_FIDELITY(f)    ((uint32_t)(f) << 4) /* bits 4-7 */
#define TF_TILE_CFG_FIDELITY_OF(c) (((c) >> 4) & 0xf)

/* Operand encodings (tt-metal's enum values). */
#define TF_BINOP_ADD          0
#define TF_BINOP_SUB          1
#define TF_BINOP_MUL          2
#define TF_BINOP_ANY          15 /* binary_op_init_common: add, sub or mul without broadcast */
#define TF_BCAST_NONE         0
#define TF_BCAST_COL          1 /* B's column 0 on every column */
#define TF_BCAST_ROW          2 /* B's row 0 on every row */
#define TF_BCAST_SCALAR       3 /* B[0][0] everywhere */
#define TF_REUSE_NONE         0
#define TF_REUSE_DEST_TO_SRCA 1 /* DEST[i] = DEST[i] op B */
#define TF_REUSE_DEST_TO_SRCB 2 /* DEST[i] = A op DEST[i] */
#define TF_POOL_SUM           0
#define TF_POOL_AVG           1
#define TF_POOL_MAX           2
#define TF_REDUCE_ROW         0 /* over each row: result in column 0 */
#define TF_REDUCE_COL         1 /* over each column: result in row 0 */
#define TF_REDUCE_SCALAR      2 /* over the tile: result in [0][0] */

/* X(NAME, code, tt-metal init): what an INIT sets the math unit up for;
 * an FPU operation in tt-metal mode needs its own (docs/chip.md). */
// clang-format off
#define TF_TILE_INITS(X)                                                                           \
    X(NONE,       0, "compute_kernel_hw_startup")                                                  \
    X(COPY,       1, "copy_tile_init (or unary_op_init_common, init_sfpu)")                        \
    X(TRANSPOSE,  2, "transpose_wh_init")                                                          \
    X(BINARY,     3, "the matching binary init (add_tiles_init, mul_bcast_cols_init_short, ...)")  \
    X(MATMUL,     4, "mm_init (or mm_init_short, mm_block_init)")                                  \
    X(REDUCE,     5, "reduce_init with the same PoolType and ReduceDim")                           \
    X(TILIZE,     6, "tilize_init")                                                                \
    X(UNTILIZE,   7, "untilize_init (or pack_untilize_init)")                                      \
    X(SFPU,       8, "the op's *_tile_init")                                                      \
    X(TRANSPOSE_DEST, 9, "transpose_wh_dest_init_short with the same is_32bit (and transpose_of_faces)") \
    X(UNARY_BCAST, 10, "unary_bcast_init with the same BroadcastType (or reconfigure_unary_bcast)") \
    X(FAST_TILIZE, 11, "fast_tilize_init (or fast_tilize_init_with_dt) with full_dim = the block") \
    X(WELFORD,   12, "welford_init")
// clang-format on
#define TF_TILE_INIT_ENUM(name, code, fn) TF_TILE_INIT_##name = code,
enum tf_tile_init { TF_TILE_INITS(TF_TILE_INIT_ENUM) TF_TILE_NUM_INITS };
#undef TF_TILE_INIT_ENUM
/* INIT's ARG0: the class and up to three parameters (BINARY: binop, bcast,
 * reuse | acc_to_dest << 4; MATMUL: transpose, ct x rt tiles; REDUCE:
 * pool, dim; SFPU: the op whose init it is; TRANSPOSE_DEST: its
 * TF_TDEST_* flags, which the op's must equal; UNARY_BCAST: the
 * BroadcastType, TF_UBCAST_32BIT when its CB takes the 32-bit path;
 * FAST_TILIZE: full_dim, 2 to 255, sent as 0 from 256 on; WELFORD: none, an
 * SFPU init that also zeroes the statistics, TF_TILE_WELFORD below). Codes
 * between the classes name none. */
#define TF_TILE_INIT_ARG(cls, p1, p2, p3)                                                          \
    ((uint32_t)(cls) | (uint32_t)(p1) << 8 | (uint32_t)(p2) << 16 | (uint32_t)(p3) << 24)

/* X(NAME, code, init, doc): the vector unit's (SFPU) operations on a DEST
 * tile, in place. `init` is the op whose *_init sets it up (the scalar
 * binops share one). ARG2/ARG3: parameters (fp32 bits unless said): an op
 * with one takes it in ARG2, one with two in ARG2 and ARG3 (its first and
 * second, in tt-metal's order). A family (CMP_ZERO, CMP_SCALAR, FP_CLASS,
 * ROUNDING) is one op whose members share one init (tt-metal's inits of
 * them set the SFPU up alike) and whose ARG3 picks the member; ROUND's
 * decimals, an int32, in ARG2. A parameter tt-metal passes only for its own
 * approximation (softplus's and celu's 1/beta and 1/alpha, fmod's and
 * remainder's 1/s) is not sent: the engine computes the exact value from
 * the others. An ARG3 that names no member (or no rounding mode of
 * RDIV's) faults (TF_TILE_ERR_ARG). The binary ops (TF_SFPU_IS_BINARY)
 * read two DEST tiles, x = DEST[ARG2] and y = DEST[ARG3], and write
 * DEST[ARG0] (which may be either of them). The ternary ops
 * (TF_SFPU_IS_TERNARY) read three, x, y and z: ARG2 holds their indices a
 * byte each (TF_SFPU_DEST3), ARG3 the op's scalar (fp32 bits: addcmul's and
 * addcdiv's value), and write DEST[ARG0] (which may be any of them). Codes
 * are below TF_SFPU_NUM_OPS (a byte in the fault aux). */
// clang-format off
#define TF_SFPU_OPS(X)                                                                             \
    X(EXP,         1,  1, "exp(x); ARG1 bit 8: approximate; ARG3 TF_SFPU_EXP_SCALED: exp(x s), s ARG2's fp32") \
    X(EXP2,        2,  2, "2^x")                                                                   \
    X(LOG,         3,  3, "ln x; bit 8: approximate")                                              \
    X(RECIP,       4,  4, "1 / x")                                                                 \
    X(SQRT,        5,  5, "sqrt x; bit 8: approximate")                                            \
    X(RSQRT,       6,  6, "1 / sqrt x; bit 8: approximate")                                        \
    X(RELU_MAX,    7,  7, "min(max(x, 0), ARG2)")                                                  \
    X(RELU_MIN,    8,  8, "max(x, ARG2)")                                                          \
    X(LEAKY_RELU,  9,  9, "x < 0 ? ARG2 x : x")                                                    \
    X(GELU,       10, 10, "x Phi(x) (erf); bit 8: the tanh approximation")                         \
    X(GELU_TANH,  11, 11, "the tanh approximation of gelu")                                        \
    X(SILU,       12, 12, "x sigmoid(x)")                                                          \
    X(SIGMOID,    13, 13, "1 / (1 + exp(-x)); bit 8: approximate")                                 \
    X(TANH,       14, 14, "tanh x; bit 8: approximate")                                            \
    X(ABS,        15, 15, "|x|")                                                                   \
    X(NEGATIVE,   16, 16, "-x")                                                                    \
    X(SQUARE,     17, 17, "x * x")                                                                 \
    X(POWER,      18, 18, "x^ARG2, ARG2 an unsigned integer")                                      \
    X(SIN,        19, 19, "sin x (radians)")                                                       \
    X(COS,        20, 20, "cos x")                                                                 \
    X(FILL,       21, 21, "ARG2 everywhere")                                                       \
    X(ADD_SCALAR, 22, 22, "x + ARG2")                                                              \
    X(SUB_SCALAR, 23, 22, "x - ARG2")                                                              \
    X(MUL_SCALAR, 24, 22, "x * ARG2")                                                              \
    X(DIV_SCALAR, 25, 22, "x * ARG2 (tt-metal passes 1/s: div_unary_tile multiplies)")             \
    X(RSUB_SCALAR,26, 22, "ARG2 - x")                                                              \
    X(TYPECAST,   27, 27, "to ARG3's format (ARG2: the input format)")                             \
    X(RELU,       28, 28, "max(x, 0)")                                                             \
    X(ADD_BINARY, 29, 29, "x + y; ARG1 bit 9: round to nearest even into a 16-bit DEST")           \
    X(SUB_BINARY, 30, 30, "x - y; bit 9 as ADD_BINARY")                                            \
    X(MUL_BINARY, 31, 31, "x * y; bit 9 as ADD_BINARY")                                            \
    X(DIV_BINARY, 32, 32, "x / y; bit 9 as ADD_BINARY")                                            \
    X(RSUB_BINARY,33, 33, "y - x; bit 9 as ADD_BINARY")                                            \
    X(POWER_BINARY,34,34, "x^y (any real y)")                                                      \
    X(MAX_BINARY, 35, 35, "x > y ? x : y")                                                         \
    X(MIN_BINARY, 36, 36, "x < y ? x : y")                                                         \
    X(EQ_BINARY,  37, 37, "x == y ? 1 : 0 (a NaN compares false)")                                 \
    X(NE_BINARY,  38, 38, "x != y ? 1 : 0 (a NaN compares true)")                                  \
    X(LT_BINARY,  39, 39, "x < y ? 1 : 0 (a NaN compares false)")                                  \
    X(GT_BINARY,  40, 40, "x > y ? 1 : 0 (a NaN compares false)")                                  \
    X(LE_BINARY,  41, 41, "x <= y ? 1 : 0 (a NaN compares false)")                                 \
    X(GE_BINARY,  42, 42, "x >= y ? 1 : 0 (a NaN compares false)")                                 \
    X(CMP_ZERO,   43, 43, "x op 0 ? 1 : 0, op by ARG3 (TF_SFPU_CMP_*: eqz, nez, ltz, lez, gtz, gez)") \
    X(CMP_SCALAR, 44, 44, "x op ARG2 ? 1 : 0, op by ARG3 (TF_SFPU_CMP_*: unary_eq, ne, lt, le, gt, ge)") \
    X(FP_CLASS,   45, 45, "1 where x is of the class, else 0; ARG3 TF_SFPU_FP_*: inf, nan, finite, +inf, -inf") \
    X(LOGICAL_NOT,46, 46, "x == 0 ? 1 : 0")                                                        \
    X(SIGN,       47, 47, "1, -1 or +0 for x > 0, < 0, +-0")                                        \
    X(SIGNBIT,    48, 48, "x's sign bit as 1 or 0")                                                 \
    X(HEAVISIDE,  49, 49, "x < 0: 0, x > 0: 1, +-0: ARG2")                                          \
    X(CLAMP,      50, 50, "min(max(x, ARG2), ARG3)")                                               \
    X(HARDTANH,   51, 51, "min(max(x, ARG2), ARG3)")                                               \
    X(HARDSIGMOID,52, 52, "min(max(x / 6 + 1/2, 0), 1)")                                           \
    X(HARDSWISH,  53, 53, "x hardsigmoid(x)")                                                      \
    X(THRESHOLD,  54, 54, "x <= ARG2 ? ARG3 : x")                                                  \
    X(UNARY_MAX,  55, 55, "x > ARG2 ? x : ARG2")                                                   \
    X(UNARY_MIN,  56, 56, "x < ARG2 ? x : ARG2")                                                   \
    X(SOFTSHRINK, 57, 57, "x > l ? x - l : x < -l ? x + l : 0, l = ARG2")                          \
    X(HARDSHRINK, 58, 58, "|x| > ARG2 ? x : 0")                                                    \
    X(ELU,        59, 59, "x > 0 ? x : ARG2 (e^x - 1)")                                            \
    X(SELU,       60, 60, "ARG2 (x > 0 ? x : ARG3 (e^x - 1))")                                     \
    X(CELU,       61, 61, "x > 0 ? x : a (e^(x / a) - 1), a = ARG2")                               \
    X(PRELU,      62, 62, "x < 0 ? ARG2 x : x")                                                    \
    X(IDENTITY,   63, 63, "x")                                                                     \
    X(EXPM1,      64, 64, "e^x - 1")                                                               \
    X(LOG1P,      65, 65, "ln(1 + x)")                                                             \
    X(LOG_WITH_BASE,66,66,"ARG2 ln x (ARG2: 1 / ln base)")                                         \
    X(ERF,        67, 67, "erf x")                                                                 \
    X(ERFC,       68, 68, "1 - erf x")                                                             \
    X(ERFINV,     69, 69, "the inverse of erf")                                                    \
    X(SOFTPLUS,   70, 70, "b x < ARG3 ? ln(1 + e^(b x)) / b : x, b = ARG2")                        \
    X(TAN,        71, 71, "tan x")                                                                 \
    X(ASIN,       72, 72, "asin x")                                                                \
    X(ACOS,       73, 73, "acos x")                                                                \
    X(ATAN,       74, 74, "atan x")                                                                \
    X(SINH,       75, 75, "sinh x")                                                                \
    X(COSH,       76, 76, "cosh x")                                                                \
    X(ASINH,      77, 77, "asinh x")                                                               \
    X(ACOSH,      78, 78, "acosh x")                                                               \
    X(ATANH,      79, 79, "atanh x")                                                               \
    X(MISH,       80, 80, "x tanh(ln(1 + e^x))")                                                   \
    X(SOFTSIGN,   81, 81, "x / (1 + |x|)")                                                         \
    X(TANHSHRINK, 82, 82, "x - tanh x")                                                            \
    X(TANH_DERIVATIVE,83,83,"1 - tanh^2 x")                                                        \
    X(GELU_DERIVATIVE,84,84,"Phi(x) + x phi(x) (the erf gelu's derivative)")                       \
    X(I0,         85, 85, "the modified Bessel function I0")                                       \
    X(I1,         86, 86, "the modified Bessel function I1")                                       \
    X(CBRT,       87, 87, "the cube root")                                                         \
    X(RDIV,       88, 88, "ARG2 / x, then ARG3: 0 as it is, 1 truncated, 2 floored")               \
    X(RPOW,       89, 89, "ARG2^x")                                                                \
    X(LOGIT,      90, 90, "ln(x / (1 - x))")                                                       \
    X(SWISH,      91, 91, "x sigmoid(x)")                                                          \
    X(HARDMISH,   92, 92, "x min(max(x + 2.8, 0), 5) / 5")                                         \
    X(LGAMMA,     93, 93, "ln |Gamma(x)|")                                                         \
    X(DIGAMMA,    94, 94, "Gamma'(x) / Gamma(x)")                                                  \
    X(ROUNDING,   95, 95, "ARG3 TF_SFPU_ROUND_*: floor, ceil, trunc, round to ARG2 decimals, frac") \
    X(FMOD,       96, 96, "x - s trunc(x / s), s = ARG2 (C's fmod)")                               \
    X(REMAINDER,  97, 97, "x - s floor(x / s), s = ARG2 (the sign of s)")                          \
    X(ATAN2_BINARY,     100, 100, "atan2(x, y) as C's (x the ordinate); bit 9")                    \
    X(FMOD_BINARY,      101, 101, "fmod(x, y): x - trunc(x / y) y, exact (x's sign); bit 9")       \
    X(REMAINDER_BINARY, 102, 102, "x - floor(x / y) y: fmod, + y where the signs differ; bit 9")   \
    X(XLOGY_BINARY,     103, 103, "x ln y (NaN where y < 0 or NaN); ln y passes through DEST")     \
    X(DIV_NO_NAN_BINARY,104,  32, "y == 0 ? 0 : x / y (div_binary_tile_init's); bit 9")            \
    X(COPY_DEST,        105, 105, "x (copy_dest_values; the API sends ARG3 = ARG2)")               \
    X(MAX_TILE,         106, 106, "x < y ? y : x (max_tile: the API sends ARG3 = ARG2 + 1)")       \
    X(CLAMPED_SILU_GLU, 107, 107, "g sigmoid(g) u, g = min(x, 10), u = y clamped to +-10; bit 9")  \
    X(MASK,             108, 108, "y's 32 bits all 0 ? +0 : x (mask_tile; ARG1 bits 16-23: its DataFormat)") \
    X(MASK_POSINF,      109, 108, "y's 32 bits all 0 ? +inf : x (mask_posinf_tile)")                \
    X(WHERE,            112, 112, "x's bits non-zero ? y : z (so -0 and NaN select y)")            \
    X(LERP,             113, 113, "x + z (y - x): y - x rounded, then one multiply-add; bit 9")    \
    X(ADDCMUL,          114, 114, "x + (ARG3 y) z: ARG3 y rounded, then one multiply-add; bit 9")  \
    X(ADDCDIV,          115, 115, "x + (ARG3 y)(1 / z): both rounded, then one fma; bit 9")         \
    X(SNAKE_BETA,       116, 116, "x + sin(y x)^2 (1 / z): each part rounded, then fma; bit 9")    \
    X(ISCLOSE,          118, 118, "|x - y| <= atol + rtol |y| ? 1 : 0 (z unread), rtol and atol the fp32 words at L1 address ARG3; bit 8: equal_nan") \
    X(TOPK,             117, 117, "top-k (topk_tile_init's op; the TOPK command runs it)")         \
    X(ADD_BCAST_COL,    120, 120, "x + y's column 0 on every column (an fp32 DEST only)")          \
    X(SUB_BCAST_COL,    121, 120, "x - y's column 0 on every column")                              \
    X(MUL_BCAST_COL,    122, 120, "x * y's column 0 on every column")                              \
    X(ADD_BCAST_ROW,    123, 123, "x + y's row 0 on every row (an fp32 DEST only)")                \
    X(SUB_BCAST_ROW,    124, 123, "x - y's row 0 on every row")                                    \
    X(MUL_BCAST_ROW,    125, 123, "x * y's row 0 on every row")                                    \
    X(ADD_INT,          128, 128, "x + y, integers (ARG1 bits 16-23: the DataFormat), wrapping")  \
    X(SUB_INT,          129, 129, "x - y, integers, wrapping")                                     \
    X(RSUB_INT,         130, 130, "y - x, integers, wrapping")                                     \
    X(MUL_INT,          131, 131, "x * y, integers: the low 32 (UInt16: 16) bits of the product")  \
    X(AND_BINARY,       132, 132, "x & y (binary_bitwise_tile_init's)")                            \
    X(OR_BINARY,        133, 132, "x | y")                                                         \
    X(XOR_BINARY,       134, 132, "x ^ y")                                                         \
    X(SHL_BINARY,       135, 135, "x << y; y outside 0..31: 0 (binary_shift_tile_init's)")         \
    X(SHR_BINARY,       136, 135, "x >> y arithmetic; y < 0: 0, y > 31: x's sign (0 or -1)")        \
    X(SHR_LOGICAL_BINARY,137,135, "x >> y logical; y outside 0..31: 0")                            \
    X(MAX_INT32,        138, 138, "max(x, y) as int32")                                            \
    X(MIN_INT32,        139, 139, "min(x, y) as int32")                                            \
    X(MAX_UINT32,       140, 140, "max(x, y) as uint32")                                           \
    X(MIN_UINT32,       141, 141, "min(x, y) as uint32")                                         \
    X(AND_SCALAR,       144, 144, "x & ARG2, integers in place (bitwise_and_tile)")               \
    X(OR_SCALAR,        145, 145, "x | ARG2")                                                      \
    X(XOR_SCALAR,       146, 146, "x ^ ARG2")                                                      \
    X(NOT_INT,          147, 147, "~x")                                                            \
    X(SHL_SCALAR,       148, 148, "x << ARG2; ARG2 > 31: 0")                                       \
    X(SHR_SCALAR,       149, 149, "x >> ARG2 arithmetic (int32); ARG2 > 31: x's sign (0 or -1)") \
    X(CMP_ZERO_INT,     150,  43, "x op 0 ? 1 : 0 as int32 (integers), op by ARG3 (gtz_tile_int32..)") \
    X(CMP_ZERO_UINT16,  151,  43, "x's low 16 bits op 0 ? 1 : 0, unsigned (eqz/nez_tile_uint16)")  \
    X(CMP_SCALAR_INT,   152,  44, "x op ARG2 ? 1 : 0 as int32, op by ARG3 (unary_gt_tile_int32..)") \
    X(LT_INT,           153, 153, "x < y ? 1 : 0 as the DataFormat's integers (lt_int_tile)")       \
    X(GT_INT,           154, 154, "x > y ? 1 : 0")                                                 \
    X(LE_INT,           155, 155, "x <= y ? 1 : 0")                                                \
    X(GE_INT,           156, 156, "x >= y ? 1 : 0")                                                \
    X(RELU_INT,         157,  28, "max(x, 0) as int32 (relu_tile_int32)")                          \
    X(RELU_MAX_UINT,    158,   7, "min(x, ARG2) unsigned (relu_max_tile_uint32)")                  \
    X(RELU_MAX_UINT16,  159,   7, "min(x's low 16 bits, ARG2), 16 bits (relu_max_tile_uint16)")    \
    X(RELU_MIN_UINT,    160,   8, "max(x, ARG2) unsigned (relu_min_tile_uint32)")                  \
    X(RELU_MIN_UINT16,  161,   8, "max(x's low 16 bits, ARG2), 16 bits (relu_min_tile_uint16)")    \
    X(ABS_INT,          162,  15, "|x| as int32; INT32_MIN gives INT32_MAX (abs_tile_int32)")      \
    X(NEG_INT,          163,  16, "-x, wrapping: INT32_MIN stays (negative_tile_int32)")           \
    X(MAX_SCALAR_INT32, 164, 164, "max(x, ARG2) as int32 (unary_max_int32_tile)")                  \
    X(MIN_SCALAR_INT32, 165, 165, "min(x, ARG2) as int32")                                         \
    X(MAX_SCALAR_UINT32,166, 166, "max(x, ARG2) as uint32")                                        \
    X(MIN_SCALAR_UINT32,167, 167, "min(x, ARG2) as uint32")                                        \
    X(ADD_SCALAR_INT,   168,  22, "x + ARG2, wrapping (add_unary_tile_int32)")                     \
    X(SUB_SCALAR_INT,   169,  22, "x - ARG2, wrapping (sub_unary_tile_int32)")                     \
    X(RSUB_SCALAR_INT,  170, 170, "ARG2 - x, wrapping (rsub_unary_int32_tile)")                    \
    X(LOGICAL_NOT_INT,  171,  46, "x == 0 ? 1 : 0, integers (logical_not_unary_tile_int32)")       \
    X(LOGICAL_NOT_UINT16,172, 46, "x's low 16 bits == 0 ? 1 : 0")                                  \
    X(IDENTITY_INT,     173,  63, "x (identity_tile_uint32)")                                      \
    X(CLAMP_INT,        174,  50, "min(max(x, ARG2), ARG3) as int32 (clamp_tile_int32)")         \
    X(FILL_INT,         175,  21, "ARG2's 32 bits everywhere; any tile in, integers out")          \
    X(FILL_UINT16,      176,  21, "ARG2's low 16 bits everywhere (fill_tile_int<UInt16>)")         \
    X(DIV_INT32,        177, 177, "x / y of int32s as fp32 (a FLOAT result); x == y != 0 gives 1") \
    X(DIV_INT32_FLOOR,  178, 178, "floor(x / y), int32; y == 0: 65536, -65537 (x < 0), 65534 (INT32_MIN)") \
    X(DIV_INT32_TRUNC,  179, 179, "trunc(x / y), int32; y == 0: 65536, -65536 (x < 0), 65535 (INT32_MIN)") \
    X(FMOD_INT32,       180, 180, "x - trunc(x / y) y, int32 (x's sign); y == 0: x")                \
    X(REMAINDER_INT32,  181, 181, "x - floor(x / y) y, int32 (y's sign); y == 0: x")               \
    X(RELU_MAX_INT32,   182,   7, "max(0, min(x, t)) as int32, t = ARG2 read as fp32, truncated")  \
    X(RELU_MIN_INT32,   183,   8, "max(x, ARG2) as int32 (relu_min_tile_int32)")                   \
    X(SIGNBIT_INT32,    184, 184, "x's sign bit as the integer 1 or 0 (signbit_tile_int32)")      \
    X(SUM_INT_COL,      185, 185, "rows 0-3 of the top faces: int32 sums of the rows = r mod 4")  \
    X(SUM_INT_ROW,      186, 185, "even columns of the left faces: sums of 4 columns, int32")     \
    X(ADD_INT_NEXT,     187, 185, "x + y, wrapping; y the next DEST tile (sfpu_add_int)")         \
    X(GCD_INT,          188, 188, "gcd(|x|, |y|) of int32s (gcd_tile)")                           \
    X(LCM_INT,          189, 189, "lcm(|x|, |y|) of int32s below 2^15 in magnitude (lcm_tile)")    \
    X(REDUCE_SUM,       190, 190, "row 0 := each column's sum (or column 0 := each row's), fp32 (sfpu_reduce)") \
    X(REDUCE_AVG,       191, 191, "row 0 := each column's sum x 1/32, fp32")                         \
    X(REDUCE_MAX,       192, 192, "row 0 := each column's max (the SFPU's sign-magnitude order)")   \
    X(REDUCE_MIN,       193, 193, "row 0 := each column's min")                                     \
    X(REDUCE_SUM_INT,   194, 194, "row 0 := each column's sum, integers of ARG3's DataFormat, wrapping") \
    X(REDUCE_AVG_INT,   195, 195, "row 0 := each column's sum / 32 (Int32: toward 0, else floored)") \
    X(REDUCE_MAX_INT,   196, 196, "row 0 := each column's max (Int32 signed, UInt32/UInt16 unsigned)") \
    X(REDUCE_MIN_INT,   197, 197, "row 0 := each column's min")                                     \
    X(CUMSUM,           198, 198, "row r := carry + rows 0..r, down each column, fp32 (cumsum_tile; ARG3 TF_SFPU_CUMSUM_FIRST)")
// clang-format on
#define TF_SFPU_OP_ENUM(name, code, init, doc) TF_SFPU_##name = code,
enum tf_sfpu_op { TF_SFPU_OPS(TF_SFPU_OP_ENUM) };
#undef TF_SFPU_OP_ENUM
#define TF_SFPU_APPROX (1u << 8)
/* A 16-bit DEST takes the result rounded to nearest even (else truncated:
 * the SFPU's default store; docs/chip.md "Numerics"). */
#define TF_SFPU_RNE (1u << 9)
/* ARG1 bits 10-11: the faces the op computes, as tt-llk's
 * _llk_math_eltwise_unary_sfpu_params_ walks a tile for its VectorMode:
 * RC all four (0, every op's default), R faces 0 and 1 (rows 0-15), C
 * faces 0 and 2 (columns 0-15), FACE0 face 0 alone (the LLK's branch for
 * any other mode). The output tile's other faces keep their values; the
 * cost is the faces' share of the tile's. */
/* EXP's ARG3: x is first multiplied by ARG2's fp32 scale in the SFPU's
 * registers (exp_tile's scale_en: one fp32 product, no store to DEST
 * between), as tt-llk's exp with scaling */
#define TF_SFPU_EXP_SCALED  1u
#define TF_SFPU_VM_RC       0u
#define TF_SFPU_VM_R        (1u << 10)
#define TF_SFPU_VM_C        (2u << 10)
#define TF_SFPU_VM_FACE0    (3u << 10)
#define TF_SFPU_VM_OF(arg1) (((arg1) >> 10) & 3u)
/* the faces (bit f: face f) of a TF_SFPU_VM_OF value: 0xf, 0x3, 0x5, 0x1 */
#define TF_SFPU_VM_FACES(vm) ((0x153fu >> (4u * (vm))) & 0xfu)
#define TF_SFPU_NUM_OPS      200 /* every code is below: tables index by it */
#define TF_SFPU_IS_BINARY(o)                                                                       \
    (((o) >= TF_SFPU_ADD_BINARY && (o) <= TF_SFPU_GE_BINARY) ||                                    \
     ((o) >= TF_SFPU_ATAN2_BINARY && (o) <= TF_SFPU_MASK_POSINF) || TF_SFPU_IS_BCAST(o) ||         \
     TF_SFPU_IS_INT(o))
/* The integer ops (binary, between DEST tiles holding integers: Int32,
 * UInt32 or UInt16 values; their DataFormat in ARG1 bits 16-23, UInt16's
 * results kept to 16 bits). A float op on an integer tile, or an integer
 * op on a float one, faults (TF_TILE_ERR_INTEGER). */
#define TF_SFPU_IS_INT(o)                                                                          \
    (((o) >= TF_SFPU_ADD_INT && (o) <= TF_SFPU_MIN_UINT32) ||                                      \
     ((o) >= TF_SFPU_LT_INT && (o) <= TF_SFPU_GE_INT) ||                                           \
     ((o) >= TF_SFPU_DIV_INT32 && (o) <= TF_SFPU_REMAINDER_INT32) ||                               \
     ((o) >= TF_SFPU_ADD_INT_NEXT && (o) <= TF_SFPU_LCM_INT))
/* The one integer op whose result is floats: div_int32_tile (tt-llk's
 * ckernel_sfpu_div_int32.h stores an fp32 quotient), so the tile it
 * writes holds floats after it. */
#define TF_SFPU_INT_TO_FLOAT(o) ((o) == TF_SFPU_DIV_INT32)
/* The unary integer ops: in place on a DEST tile holding integers, the
 * scalar (ARG2) an integer. The comparisons (CMP_ZERO_INT,
 * CMP_ZERO_UINT16, CMP_SCALAR_INT) write the integers 1 and 0, their ARG3
 * a TF_SFPU_CMP_* member as CMP_ZERO's and CMP_SCALAR's, whose inits they
 * share (tt-metal's *_int32 forms have no init of their own). The ops
 * from RELU_INT on are the float ops' integer forms, most under the float
 * op's init as tt-metal's (the X table's third column). */
#define TF_SFPU_IS_INT_UNARY(o)                                                                    \
    (((o) >= TF_SFPU_AND_SCALAR && (o) <= TF_SFPU_CMP_SCALAR_INT) ||                               \
     ((o) >= TF_SFPU_RELU_INT && (o) <= TF_SFPU_FILL_UINT16) ||                                    \
     ((o) >= TF_SFPU_RELU_MAX_INT32 && (o) <= TF_SFPU_SUM_INT_ROW) || TF_SFPU_IS_REDUCE_INT(o))
/* sfpu_reduce (tt-metal's api/compute/sfpu_reduce.h): a column reduction
 * of one DEST tile in place, its result in row 0, the other rows kept
 * (docs/chip.md "SFPU reductions"). One op a PoolType (SUM, AVG, MAX, MIN:
 * TF_SFPU_REDUCE_SUM + the pool; tt-metal's init records a sequence of
 * its own for each), float (Float32, Float16_b) or integer (Int32, UInt32,
 * UInt16: the _INT ops, TF_SFPU_IS_INT_UNARY). ARG2: ct_dim | rt_dim << 16
 * (each 1, else the op faults naming them: a column reduction is of one
 * tile, a row reduction of blocks is not modeled); ARG3: the DataFormat,
 * | TF_SFPU_REDUCE_ROW_DIM for a row reduction (SUM, MAX, MIN: each row
 * into its column 0). */
#define TF_SFPU_IS_REDUCE(o)     ((o) >= TF_SFPU_REDUCE_SUM && (o) <= TF_SFPU_REDUCE_MIN_INT)
#define TF_SFPU_IS_REDUCE_INT(o) ((o) >= TF_SFPU_REDUCE_SUM_INT && (o) <= TF_SFPU_REDUCE_MIN_INT)
#define TF_SFPU_REDUCE_TILES(ct, rt)                                                               \
    (((ct) > 0xffffu ? 0xffffu : (uint32_t)(ct)) | ((rt) > 0xffffu ? 0xffffu : (uint32_t)(rt))     \
                                                       << 16)
#define TF_SFPU_REDUCE_ONE_TILE TF_SFPU_REDUCE_TILES(1, 1)
#define TF_SFPU_REDUCE_ROW_DIM  (1u << 8)
/* cumsum_tile (tt-metal's api/compute/cumsum.h): a running sum down the
 * columns of one DEST tile in place, in fp32, row r := the carry + rows
 * 0..r. The carry is the previous cumsum_tile's row 31 (tt-llk keeps it in
 * SFPU registers between calls), or +0 when ARG3's TF_SFPU_CUMSUM_FIRST is
 * set; without it and with no carry kept (no cumsum_tile before, or
 * another SFPU op or init since) the op faults (TF_TILE_ERR_CUMSUM_CARRY;
 * docs/chip.md "SFPU cumulative sum"). ARG2: 0. */
#define TF_SFPU_CUMSUM_FIRST 1u
#define TF_SFPU_DF(df)       ((uint32_t)(df) << 16)
#define TF_SFPU_DF_OF(arg1)  (((arg1) >> 16) & 0xffu)
/* The SFPU broadcasts between DEST tiles: DEST[ARG0] = x op y's column 0
 * or row 0, in place (ARG0 = ARG2); an fp32 DEST only. */
#define TF_SFPU_IS_BCAST(o) ((o) >= TF_SFPU_ADD_BCAST_COL && (o) <= TF_SFPU_MUL_BCAST_ROW)
#define TF_SFPU_IS_TERNARY(o)                                                                      \
    (((o) >= TF_SFPU_WHERE && (o) <= TF_SFPU_SNAKE_BETA) || (o) == TF_SFPU_ISCLOSE)
/* mask_tile's formats (tt-metal's llk_math_eltwise_unary_sfpu_mask takes
 * Float16_b and Float16 to calculate_mask, Int32 to calculate_int_mask and
 * does nothing for another; the engine faults on another, TF_TILE_ERR_ARG).
 * Both variants test the mask word against 0 and write a zero word, so the
 * format changes no value: it says which kind of values the tiles hold. */
#define TF_SFPU_MASK_DF_OK(df)                                                                     \
    ((df) == TF_DF_FLOAT16_B || (df) == TF_DF_FLOAT16 || (df) == TF_DF_INT32)
/* A ternary op's ARG2: DEST indices x, y, z a byte each (the compute API
 * sends an index above 255 as 255, which is beyond any half: it faults). */
#define TF_SFPU_DEST3(x, y, z) ((uint32_t)(x) | (uint32_t)(y) << 8 | (uint32_t)(z) << 16)
#define TF_SFPU_DEST3_OF(w, k) (((w) >> (8 * (k))) & 0xffu)
/* The members of the families (ARG3). CMP_ZERO and CMP_SCALAR compare x
 * with 0 or ARG2 in fp32 (-0 == 0; a NaN compares false, so NE gives 1). */
#define TF_SFPU_CMP_EQ      0
#define TF_SFPU_CMP_NE      1
#define TF_SFPU_CMP_LT      2
#define TF_SFPU_CMP_LE      3
#define TF_SFPU_CMP_GT      4
#define TF_SFPU_CMP_GE      5
#define TF_SFPU_FP_INF      0 /* isinf */
#define TF_SFPU_FP_NAN      1 /* isnan */
#define TF_SFPU_FP_FINITE   2 /* isfinite */
#define TF_SFPU_FP_POSINF   3 /* isposinf */
#define TF_SFPU_FP_NEGINF   4 /* isneginf */
#define TF_SFPU_ROUND_FLOOR 0
#define TF_SFPU_ROUND_CEIL  1
#define TF_SFPU_ROUND_TRUNC 2
#define TF_SFPU_ROUND_ROUND 3 /* to ARG2 decimals (an int32) */
#define TF_SFPU_ROUND_FRAC  4 /* x - trunc(x) */
/* RDIV's ARG3: tt-metal's RoundingMode values */
#define TF_SFPU_RDIV_NONE  0
#define TF_SFPU_RDIV_TRUNC 1
#define TF_SFPU_RDIV_FLOOR 2

/* Registers (per TRISC): fill the arguments, then write an opcode to CMD.
 * A command that must wait (for a source register, for DEST) holds the
 * TRISC until it can run; then the TRISC is busy for the op's cycles. */
#define TF_MMIO_TILE_ARG0 0xffb00300
#define TF_MMIO_TILE_ARG1 0xffb00304
#define TF_MMIO_TILE_ARG2 0xffb00308
#define TF_MMIO_TILE_ARG3 0xffb0030c
#define TF_MMIO_TILE_CMD  0xffb00310

/* Who may issue an operation: the TRISC of that role. */
#define TF_TILE_ROLE_UNPACK 0 /* TRISC0 */
#define TF_TILE_ROLE_MATH   1 /* TRISC1 */
#define TF_TILE_ROLE_PACK   2 /* TRISC2 */

/* X(NAME, opcode, role, arguments): every operation, in opcode order.
 * "src A/B" are the two double-banked source registers the unpacker fills
 * and the math unit consumes; DEST holds 2 x 8 tiles, one half owned by
 * math (between acquire and commit) and one by pack (wait to release). */
// clang-format off
#define TF_TILE_OPS(X)                                                                                  \
    X(UNPACK_A,   1, TF_TILE_ROLE_UNPACK, "ARG0 L1 address, ARG1 page size: a tile into src A")              \
    X(UNPACK_B,   2, TF_TILE_ROLE_UNPACK, "ARG0 L1 address, ARG1 page size: a tile into src B")              \
    X(UNPACK_AB,  3, TF_TILE_ROLE_UNPACK, "ARG0/1 into src A, ARG2/3 into src B")                            \
    X(ACQUIRE,    4, TF_TILE_ROLE_MATH,   "wait for a free DEST half")                                       \
    X(COMMIT,     5, TF_TILE_ROLE_MATH,   "hand the DEST half to pack")                                      \
    X(COPY,       6, TF_TILE_ROLE_MATH,   "DEST[ARG0] = A; ARG1 0, TF_COPY_TILIZE/UNTILIZE or fast tilize's TF_FAST_TILIZE_ARG") \
    X(ADD,        7, TF_TILE_ROLE_MATH,   "DEST[ARG0] = A + B")                                              \
    X(SUB,        8, TF_TILE_ROLE_MATH,   "DEST[ARG0] = A - B")                                              \
    X(MUL,        9, TF_TILE_ROLE_MATH,   "DEST[ARG0] = A * B (elementwise)")                                \
    X(MATMUL,    10, TF_TILE_ROLE_MATH,   "DEST[ARG0] += A x B")                                             \
    X(ADD_BCAST, 11, TF_TILE_ROLE_MATH,   "DEST[ARG0] = A + row 0 of B on every row")                        \
    X(BIAS,      12, TF_TILE_ROLE_MATH,   "DEST[ARG0] += row 0 of B on every row")                           \
    X(REDUCE_COLS, 13, TF_TILE_ROLE_MATH, "DEST[ARG0] row 0 += ARG1 (fp32 bits) x column sums of A")         \
    X(REDUCE_ROWS, 14, TF_TILE_ROLE_MATH, "DEST[ARG0] column 0 += ARG1 (fp32 bits) x row sums of A")         \
    X(RELU,      15, TF_TILE_ROLE_MATH,   "DEST[ARG0] = max(DEST[ARG0], 0)")                                 \
    X(WAIT,      16, TF_TILE_ROLE_PACK,   "wait for a committed DEST half")                                  \
    X(RELEASE,   17, TF_TILE_ROLE_PACK,   "give the DEST half back (cleared to zero)")                       \
    X(PACK,      18, TF_TILE_ROLE_PACK,   "DEST[ARG0] to L1 address ARG1, format ARG2")                     \
    X(UNPACK_TILIZE, 19, TF_TILE_ROLE_UNPACK, "src A = the 32x32 tile at ARG0 of a row-major block, format ARG1, rows ARG2 values apart") \
    X(INIT,      20, TF_TILE_ROLE_MATH,   "set up for an op class (ARG0), kernel settings ARG1")             \
    X(ELTWISE,   21, TF_TILE_ROLE_MATH,   "DEST[ARG0] = A op B; ARG1 binop | bcast << 4 | reuse << 8")       \
    X(REDUCE,    22, TF_TILE_ROLE_MATH,   "DEST[ARG0] (+)= reduce(A x scaler B); ARG1 pool | dim << 4")      \
    X(TRANSPOSE, 23, TF_TILE_ROLE_MATH,   "DEST[ARG0] = A transposed")                                       \
    X(SFPU,      24, TF_TILE_ROLE_MATH,   "DEST[ARG0] = f(DEST[ARG0]), f(DEST[ARG2], DEST[ARG3]) or f of ARG2's three; ARG1 TF_SFPU_* | flags") \
    X(PACK_UNTILIZE, 25, TF_TILE_ROLE_PACK, "DEST[ARG0] as 32 rows at ARG1, format ARG2, ARG3 values apart") \
    X(PACK_L1_ACC, 26, TF_TILE_ROLE_PACK, "ARG0 1: the next PACKs add DEST to the L1 tile (Float32, Float16_b); 0: they overwrite it") \
    X(PACK_RELU,   27, TF_TILE_ROLE_PACK, "ARG0: the packer's ReLU for the next PACKs (tt-llk's config: TF_PACK_RELU_*)") \
    X(TRANSPOSE_DEST, 28, TF_TILE_ROLE_MATH, "DEST[ARG0] transposed in place, every bit kept; ARG1 TF_TDEST_* flags") \
    X(UNARY_BCAST, 29, TF_TILE_ROLE_MATH, "DEST[ARG0] = the source tile broadcast as ARG1 (TF_BCAST_*): NONE src A, else src B") \
    X(PACK_MODE,   30, TF_TILE_ROLE_PACK, "the packer's program, ARG1 a TF_PACK_MODE_*: tiles; rows, ARG0 of them (1-64) at each PACK_ROWS; fast tilize") \
    X(PACK_ROWS,   31, TF_TILE_ROLE_PACK, "DEST[ARG0]'s first PACK_MODE rows (16 values each, DEST's face order) to L1 ARG1, format ARG2") \
    X(WELFORD,   32, TF_TILE_ROLE_MATH,   "Welford's statistics in the SFPU: ARG0 TF_WELFORD_ARG(sub-op, DEST index, group), ARG1-3 its operands") \
    X(SFPU_PACK, 34, TF_TILE_ROLE_PACK, "SFPU's op on DEST[ARG0] of the half the packer holds (tt-metal's *_tile_pack); ARG1-3 as SFPU's") \
    X(SFPU_INIT_PACK, 35, TF_TILE_ROLE_PACK, "the pack thread's SFPU init (tt-metal's *_tile_init_pack): ARG0 the op") \
    X(SFPI,      36, TF_TILE_ROLE_MATH,   "one SFPI vector operation (a kernel's own SFPU program): ARG0 TF_SFPI_WORD, ARG1 its operand (tf_sfpi.h)") \
    X(TOPK,      37, TF_TILE_ROLE_MATH,   "top-k's SFPU network on DEST[ARG0 >> 8 ..+3]: ARG0 TF_TOPK_ARG(sub-op, idst), ARG1-2 its operands (TF_TOPK_*)")
// clang-format on

/* TOPK (tt-metal's api/compute/topk.h; tt-llk's Blackhole
 * ckernel_sfpu_topk.h; docs/chip.md "Top-k"): the LLK's bitonic
 * compare-exchange network on the value tiles DEST[idst], DEST[idst + 1]
 * (64 values down each of the 32 columns) carrying the index tiles
 * DEST[idst + 2], DEST[idst + 3] along (the SFPU's index tracking), after
 * topk_tile_init (SFPU init TF_SFPU_TOPK). ARG0: TF_TOPK_ARG(sub-op, idst).
 * LOCAL_SORT: ARG1 idir | end_phase << 8 | start_phase << 16, ARG2
 * end_step | start_step << 8. MERGE: ARG1 m_iter | top_min << 8, ARG2 k.
 * REBUILD: ARG1 idir | m_iter << 8 | logk << 16 | skip_second << 24, ARG2
 * k. Each byte an int clamped to 0..255 (TF_TOPK_BYTE: a negative one is
 * 255), so a bad one faults (TF_TILE_ERR_TOPK). */
#define TF_TOPK_LOCAL_SORT     1
#define TF_TOPK_MERGE          2
#define TF_TOPK_REBUILD        3
#define TF_TOPK_BYTE(v)        ((v) < 0 || (v) > 255 ? 255u : (uint32_t)(v))
#define TF_TOPK_ARG(sub, idst) ((uint32_t)(sub) | ((idst) > 0xffu ? 0xffu : (uint32_t)(idst)) << 8)
#define TF_TOPK_SUB_OF(arg0)   ((arg0)&0xffu)
#define TF_TOPK_IDST_OF(arg0)  (((arg0) >> 8) & 0xffu)
#define TF_TOPK_NUM_TILES      4 /* the values' two tiles and the indices' two */
/* TF_TILE_ERR_TOPK's a (b: the value, c: the sub-op): IDST idst is not 0
 * (tt-llk's passes after the first address DEST from tile 0 whatever
 * idst); DIR idir not 0 or 1; PHASE end_phase beyond 5; PHASE_ORDER
 * start_phase beyond end_phase; STEP a step beyond 6; K k not 4, 8, 16,
 * 32 or 64 (255: 255 or more); LOGK logk not log2(k); M_ITER m_iter beyond
 * 9; SKIP skip_second not 0 or 1 */
#define TF_TOPK_ERR_IDST        1
#define TF_TOPK_ERR_DIR         2
#define TF_TOPK_ERR_PHASE       3
#define TF_TOPK_ERR_PHASE_ORDER 4
#define TF_TOPK_ERR_STEP        5
#define TF_TOPK_ERR_K           6
#define TF_TOPK_ERR_LOGK        7
#define TF_TOPK_ERR_M_ITER      8
#define TF_TOPK_ERR_SKIP        9
/* the call would replay the SFPU's replay buffer without recording it
 * (tt-llk records its loads and stores in a local sort's phase 0 and its
 * sequence in a rebuild when topk_replay_init says so): b what the buffer
 * holds, TF_TOPK_REPLAY_* */
#define TF_TOPK_ERR_REPLAY       10
#define TF_TOPK_REPLAY_NOTHING   0 /* nothing of top-k's in this kernel run */
#define TF_TOPK_REPLAY_REBUILD   1 /* topk_rebuild's sequence */
#define TF_TOPK_REPLAY_OTHER     2 /* another SFPU op's init ran since */
#define TF_TOPK_REPLAY_REBUILD_K 3 /* topk_rebuild's for another k */

/* PACK_ROWS (tt-metal's pack_rows, api/compute/pack.h; tt-llk's
 * llk_pack_rows.h): DEST holds a tile as 64 rows of 16 values, face 0's
 * 16 rows, then face 1's, 2's and 3's (the order a tile has in L1), and
 * the packer writes the first n of them one after another from ARG1, n
 * set by PACK_MODE (pack_rows_init(n), 1 to 64, ARG1 TF_PACK_MODE_ROWS).
 * Between that and pack_rows_uninit (TF_PACK_MODE_TILES) the packer runs
 * the row program: PACK_ROWS needs it, PACK and PACK_UNTILIZE fault
 * inside it (TF_TILE_ERR_LAYOUT_RULE). Formats with a value of whole bytes
 * (Float32, Float16_b, Float16, Fp8_e4m3, the integers); a block float
 * has no rows (TF_TILE_ERR_FORMAT). */
#define TF_PACK_ROWS_MAX 64
/* PACK_MODE's ARG1: the packer's program (tt-llk's packer macro-op and
 * address modes), set by an init and back to tiles at its uninit */
#define TF_PACK_MODE_TILES       0 /* pack_tile's (the default; the uninits) */
#define TF_PACK_MODE_ROWS        1 /* pack_rows_init's */
#define TF_PACK_MODE_FAST_TILIZE 2 /* fast_tilize_init's */

/* fast_tilize_block (tt-metal's tilize.h; tt-llk's Blackhole fast tilize:
 * docs/chip.md "Fast tilize"): a row of `block` tiles (2 to 255) in chunks
 * of u = 2 to 4 tiles (4s, then 2 and 3 for 5 left, 2, 3 or 4: tt-metal's
 * split), each chunk through one DEST section: UNPACK_TILIZE, then COPY
 * with ARG1 = TF_FAST_TILIZE_ARG(u, k, block) into DEST[k] for its k-th
 * tile (the values narrowed to bf16, as tt-llk's path holds them whatever
 * the DEST width; the math needs fast_tilize_init's init with full_dim =
 * block; Float32 or Float16_b input), then PACK in the packer's
 * TF_PACK_MODE_FAST_TILIZE (Float16_b or a _b block float output). A
 * block above 255 is sent as 0 (it matches no init). */
#define TF_FAST_TILIZE_FLAG (1u << 31)
/* COPY's ARG1 for the copies of tilize_block (TILIZE) and of
 * untilize_block and pack_untilize_block (UNTILIZE): the math unit must
 * be set up by tilize_init (untilize_init, pack_untilize_init), not by
 * any copy init. tt-llk's tilize and untilize inits program the unpacker
 * for row-major input and the untilizing copy; after a plain copy init
 * the hardware gives wrong tiles, so the engine faults instead of
 * accepting any copy init for them. */
#define TF_COPY_TILIZE   (1u << 30)
#define TF_COPY_UNTILIZE (1u << 29)
#define TF_FAST_TILIZE_ARG(u, k, block)                                                            \
    (TF_FAST_TILIZE_FLAG | (uint32_t)(u) | (uint32_t)(k) << 4 |                                    \
     (uint32_t)((block) > 255 ? 0 : (block)) << 8)
#define TF_FAST_TILIZE_U(w)     ((w)&0xfu)
#define TF_FAST_TILIZE_K(w)     (((w) >> 4) & 0xfu)
#define TF_FAST_TILIZE_BLOCK(w) (((w) >> 8) & 0xffu)

/* TRANSPOSE_DEST's flags (tt-metal's transpose_wh_dest template
 * arguments): 32BIT, is_32bit: DEST holds 32-bit values (fp32_dest_acc_en),
 * each moved whole; without it, 16-bit ones (a 16-bit DEST). The flag must
 * match the kernel's DEST (else TF_TILE_ERR_DEST_WIDTH): tt-llk moves
 * DEST through source register B 16 bits a value at a time (a 32-bit
 * value as two halves), so the other width's values would come out cut or
 * mixed. WITHIN_FACES (transpose_of_faces
 * false; with 32BIT only, as tt-llk's): each 16 x 16 face transposed where
 * it is, faces 1 and 2 not swapped. */
#define TF_TDEST_32BIT        1u
#define TF_TDEST_WITHIN_FACES 2u
#define TF_TDEST_FLAGS_OK(f)  (((f) & ~3u) == 0 && ((f) != TF_TDEST_WITHIN_FACES))

/* UNARY_BCAST (tt-metal's unary_bcast<BroadcastType>, api/compute/bcast.h):
 * DEST[ARG0] = the tile with ARG1's broadcast (TF_BCAST_NONE a plain copy,
 * ROW its row 0 on every row, COL its column 0 on every column, SCALAR its
 * [0][0] everywhere). The unpack before it fills src B (NONE: src A), as
 * tt-llk's llk_unpack_A with a broadcast does. tt-metal picks the path by
 * the CB's unpacked format: Float32, Int32, UInt32 into an fp32 DEST go
 * whole into DEST and are broadcast there by 16-bit halves (every bit
 * kept: TF_UBCAST_32BIT); any other tile goes through src B, where COL is
 * the FPU's add of a zeroed src A (so a -0 in column 0 comes out +0). The
 * init records its CB's path (INIT's p2); an op on a tile of the other
 * path faults (TF_TILE_ERR_UBCAST_PATH): the unpacker and math unit were
 * set up for the other one (reconfigure_unary_bcast sets them up again). */
#define TF_UBCAST_32BIT    1u
#define TF_UBCAST_WIDE(df) ((df) == TF_DF_FLOAT32 || (df) == TF_DF_INT32 || (df) == TF_DF_UINT32)
/* WELFORD (tt-metal's api/compute/welford.h; tt-llk's Blackhole
 * ckernel_sfpu_welfords.h; docs/chip.md "Welford's statistics"): the
 * SFPU keeps one running mean and one running m2 (the sum of squared
 * differences from the mean) a tile column, in two of its registers, from
 * welford_init (INIT class WELFORD) on, between the commands. ARG0: the
 * sub-op (bits 0-7), a DEST index (8-15), a group (16-23). The sub-ops:
 * CLEAR: mean = m2 = 0. UPDATE: starts an update by rows of DEST[idx]:
 * ARG1 start_idx (the sample number of the first row), ARG2 start_row |
 * num_rows << 8, ARG3 the LUT's size (0: no LUT); ROW, num_rows times,
 * ARG1 the reciprocal 1 / (n + 1) of the row's sample number n (fp32
 * bits, the kernel's LUT entry or its own division, as tt-llk's TRISC
 * code loads it): one row into the statistics, each column's value into
 * its column's. SAVE and RESTORE: the statistics to or from DEST[idx]
 * (mean) and DEST[idx + 1] (m2) in tt-llk's "raw" layout at the group.
 * FINALIZE_ROW: mean and variance (m2 x ARG1, the reciprocal, fp32 bits;
 * ARG2 scale_idx, ARG3 the LUT's size) into row 0 of DEST[idx] and
 * DEST[idx + 1], rows 1-3 zeroed; FINALIZE_FACE: the same values in the
 * raw layout at the group. A finalize ends the statistics. */
#define TF_WELFORD_CLEAR         1
#define TF_WELFORD_UPDATE        2
#define TF_WELFORD_ROW           3
#define TF_WELFORD_SAVE          4
#define TF_WELFORD_RESTORE       5
#define TF_WELFORD_FINALIZE_ROW  6
#define TF_WELFORD_FINALIZE_FACE 7
#define TF_WELFORD_ARG(sub, idx, group)                                                            \
    ((uint32_t)(sub) | ((idx) > 0xffu ? 0xffu : (uint32_t)(idx)) << 8 |                            \
     ((group) > 0xffu ? 0xffu : (uint32_t)(group)) << 16)
#define TF_WELFORD_GROUPS 16 /* the raw layout's groups: 4 DEST rows each, 64 a tile */

#define TF_TILE_OP_ENUM(name, code, role, doc) TF_TILE_##name = code,
enum tf_tile_op { TF_TILE_OPS(TF_TILE_OP_ENUM) TF_TILE_NUM_OPS };
#undef TF_TILE_OP_ENUM

/* Why a tile command faulted (fault record detail TF_FAULT_DETAIL_TILE,
 * aux_lo = the opcode, aux_hi = TF_TILE_FAULT_AUX(one of these, a, b, c):
 * DEST a = the index, b = the capacity; INIT a = the class the op needs,
 * b = the class set up; SFPU_INIT a = the op whose init the SFPU op
 * needs, b = the op whose init ran last (0 none); FORMAT a = the format
 * code (255: a page size); ARG a = the bad operand value; PART a = the
 * face rows, b = the faces, or both 0 for a transpose within faces; FP32
 * none; SFPU ops put their op in c). */
#define TF_TILE_FAULT_AUX(why, a, b, c)                                                            \
    ((uint32_t)(why) | (uint32_t)((a)&0xff) << 8 | (uint32_t)((b)&0xff) << 16 |                    \
     (uint32_t)((c)&0xff) << 24)
#define TF_TILE_ERR_OPCODE    1  /* no such operation */
#define TF_TILE_ERR_ROLE      2  /* issued by the wrong TRISC */
#define TF_TILE_ERR_FORMAT    3  /* not a supported tile format (or page size) */
#define TF_TILE_ERR_ADDRESS   4  /* the tile is outside user L1, or misaligned */
#define TF_TILE_ERR_DEST      5  /* DEST index beyond the half's capacity */
#define TF_TILE_ERR_PROTO     6  /* math outside acquire/commit, pack outside wait/release */
#define TF_TILE_ERR_HOST      7  /* the simulator ran out of host memory */
#define TF_TILE_ERR_INIT      8  /* an FPU op without its init (tt-metal mode) */
#define TF_TILE_ERR_SFPU_INIT 9  /* an SFPU op without its init (tt-metal mode) */
#define TF_TILE_ERR_ARG       10 /* an operand code the engine does not know */
#define TF_TILE_ERR_PART      11 /* part of a tile: faces of other sizes or counts */
#define TF_TILE_ERR_FP32      12 /* an op that needs an fp32 DEST on a 16-bit one */
/* integer values where the op takes floats (a = 1) or float values where
 * it takes integers (a = 2); b: the format involved (255: not known) */
#define TF_TILE_ERR_INTEGER 13
/* an input value outside what the op's LLK handles (lcm_tile: a magnitude
 * of 2^15 or more); c: the op, a: the DEST index holding it */
#define TF_TILE_ERR_RANGE 14
/* a pack with L1 accumulation on (PACK_L1_ACC) into a format it is not
 * modeled for (or a PACK_UNTILIZE with it on); a: the format (255: a page
 * size), b: the CB whose pages hold the address (255: none) */
#define TF_TILE_ERR_L1_ACC 15
/* the packer's ReLU (PACK_RELU): a pack with it on into a format it is not
 * modeled for (a: the format, 255: a page size; b: the CB, as L1_ACC's),
 * or, at PACK_RELU, a threshold whose sign bit is set (a = b = 255) */
#define TF_TILE_ERR_PACK_RELU 16
/* TRANSPOSE_DEST whose is_32bit (a) is not the kernel's DEST width (b: 1
 * fp32 DEST, 0 16-bit) */
#define TF_TILE_ERR_DEST_WIDTH 17
/* sfpu_reduce given a block of tiles (a: ct_dim, b: rt_dim, each shown
 * as 255 from 255 on; c: the op): a column reduction is of one tile */
#define TF_TILE_ERR_REDUCE_BLOCK 18
/* cumsum_tile with first = false and no carry kept (c: the op): a = 0 no
 * cumsum_tile ran before in this kernel run; a = 1 (2) the SFPU op (the
 * init of the SFPU op) b ran after the last cumsum_tile, its code using
 * the SFPU registers the carry lives in */
#define TF_TILE_ERR_CUMSUM_CARRY 21
/* UNARY_BCAST on a tile of the other path than its init's CB (a: 1 the
 * tile takes the 32-bit path, TF_UBCAST_32BIT, 0 src B; b: the init's) */
#define TF_TILE_ERR_UBCAST_PATH 19
/* a layout op (pack_rows, fast_tilize) used against its rules: a, which
 * rule (TF_LAYOUT_*); b, the count or format involved (255 from 255 on) */
#define TF_TILE_ERR_LAYOUT_RULE 20
#define TF_LAYOUT_ROWS_COUNT    1 /* pack_rows_init(b): b is not 1 to 64 */
#define TF_LAYOUT_ROWS_NO_INIT  2 /* pack_rows without pack_rows_init */
#define TF_LAYOUT_ROWS_MODE     3 /* a tile pack after pack_rows_init(b), no uninit */
#define TF_LAYOUT_FAST_WIDTH    4 /* fast_tilize_init's full_dim: 0 or 256 or more */
#define TF_LAYOUT_FAST_IN       5 /* fast tilize of input format b */
#define TF_LAYOUT_FAST_OUT      6 /* fast tilize into output format b */
#define TF_LAYOUT_FAST_MODE     7 /* another pack between fast_tilize_init and its uninit */
#define TF_LAYOUT_FAST_L1_ACC   8 /* fast tilize's pack with L1 accumulation on */
/* a Welford command (TF_TILE_WELFORD) used wrongly; a: TF_WELFORD_ERR_*,
 * b and c: its details (each 255 from 255 on); the fault's opcode word has
 * the sub-op in bits 8-15 */
#define TF_TILE_ERR_WELFORD 22
/* TF_TILE_ERR_WELFORD's a: NO_INIT an update without welford_init's
 * set-up (b: the SFPU op whose init ran since, TF_WELFORD_BY_TDEST
 * transpose_wh_dest's init, 0 no welford_init); NO_STATS
 * no statistics yet (no welford_init, welford_clear or restore);
 * CLOBBERED the SFPU op b ran since, in the statistics' registers;
 * FINALIZED a finalize (b: its sub-op) ended them; LUT a read of
 * reciprocal_lut[b] of a c-entry LUT; ROWS start_row b + num_rows c > 32;
 * GROUP group_id b >= TF_WELFORD_GROUPS; SEQ a ROW without an UPDATE, or
 * another command amid an update's rows. */
#define TF_WELFORD_ERR_NO_INIT   1
#define TF_WELFORD_ERR_NO_STATS  2
#define TF_WELFORD_ERR_CLOBBERED 3
#define TF_WELFORD_ERR_FINALIZED 4
#define TF_WELFORD_ERR_LUT       5
#define TF_WELFORD_ERR_ROWS      6
#define TF_WELFORD_ERR_GROUP     7
#define TF_WELFORD_ERR_SEQ       8
#define TF_WELFORD_BY_TDEST      255
/* reduce_block_max_row's run-time form (raised by the C++ layer, c: the
 * op): a = 1 respect_trigger (a Tensix semaphore the kernel's packer
 * posts; not modeled), a = 2 a block of 0 tiles */
#define TF_TILE_ERR_BLOCK_MAX_ROW 23
/* an SFPI command (TF_TILE_SFPI, tf_sfpi.h) used wrongly; a: TF_SFPI_ERR_*,
 * b and c its details; the fault's opcode word has the SFPI op in bits
 * 8-15 */
#define TF_TILE_ERR_SFPI 24
/* a top-k command (TF_TILE_TOPK) with a bad argument: a TF_TOPK_ERR_*,
 * b the value (255 from 255 on), c the sub-op; the fault's opcode word
 * has the sub-op in bits 8-15 */
#define TF_TILE_ERR_TOPK 25
/* an SFPU op over part of a tile (a vector mode other than RC, TF_SFPU_VM_*)
 * that the engine refuses; c: the op. a = 1: the op's result crosses faces
 * (sfpu_reduce, cumsum_tile, the broadcasts) or its LLK walks fixed faces
 * (sfpu_sum_int_col/row), so a vector mode's walk does not apply; a = 2:
 * the output tile's faces it leaves hold values of another kind than it
 * writes (b: 1 integers, 2 floats, 3 floats in the other 16-bit format),
 * and a tile holds one kind */
#define TF_TILE_ERR_VECTOR_MODE 26
/* The SFPU "op" an SFPI program is in the faults that name the last SFPU
 * op (cumsum's carry, Welford's statistics): not one of TF_SFPU_OPS */
#define TF_SFPU_BY_SFPI 199
/* PACK_RELU's ARG0, tt-llk's _llk_pack_relu_config_ word: bits 0-3 the
 * mode (0 none, 3 MAX_THRESHOLD, any other MIN_THRESHOLD: tt-llk maps
 * ZERO_RELU, 1, to MIN_THRESHOLD with the threshold given), bits 16-31
 * the threshold's bf16 bits */
#define TF_PACK_RELU_MODE(cfg)      ((cfg)&0xfu)
#define TF_PACK_RELU_MAX            3u
#define TF_PACK_RELU_THRESHOLD(cfg) ((cfg)&0xffff0000u) /* as fp32 bits */
/* TF_TILE_ERR_PROTO's a: which hand-over rule was broken */
#define TF_TILE_PROTO_REACQUIRE  1 /* tile_regs_acquire while math holds a half */
#define TF_TILE_PROTO_NO_ACQUIRE 2 /* math or commit while it holds none */
#define TF_TILE_PROTO_REWAIT     3 /* tile_regs_wait while the packer holds a half */
#define TF_TILE_PROTO_NO_WAIT    4 /* pack or release while it holds none */

#endif
