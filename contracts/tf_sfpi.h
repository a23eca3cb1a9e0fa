/* SFPI on the tile engine (docs/chip.md "SFPI"): a compute kernel's own
 * SFPU program, tt-metal's C++ vector interface (sfpi::vFloat, vInt,
 * vUInt, dst_reg, v_if ...), shared by its C++ layer
 * (device/tt-metal/tt_foil/sfpi.hpp) and the engine (sim/tile_sfpi.c).
 *
 * tt-metal compiles SFPI with its own GCC backend into SFPU instructions
 * on eight vector registers (LREGs) of 32 lanes. tt-foil's kernels are
 * built by plain clang, so the C++ layer sends each vector operation to
 * the engine as one TF_TILE_SFPI command on registers it numbers itself:
 * TF_SFPI_NREGS of them, a vector value each (a C++ vFloat, vInt, vUInt or
 * condition holds one from construction to destruction), and the
 * constant registers above them. A register holds 32 lanes of 32 bits:
 * fp32 values, two's complement integers or lane masks (a condition: all
 * ones where true). Every command writes only the enabled lanes (v_if's
 * predication: TF_SFPI_CC_*), as the SFPU does.
 *
 * The command: ARG0 = TF_SFPI_WORD(op, d, a, b), ARG1 = the op's operand
 * (a register in its low byte, a DEST address, an immediate, flags), then
 * CMD = TF_TILE_SFPI. ARG1 is written only by the ops that read it.
 *
 * DEST addresses are the SFPU's (tt-isa-documentation SFPLOAD): rows of
 * 16 values from the start of the math thread's DEST half, a tile 64 rows
 * (its faces' 16 rows one after another), a face 16; dst_reg[n] is address
 * base + 2n, where the LLK wrapper puts base at the face. Lane L of the
 * access at address x is row (x & ~3) + L / 8, column 2 (L % 8) + 1 if
 * bit 1 of x is set, else 2 (L % 8): four rows, even or odd columns. */
#ifndef TF_SFPI_H
#define TF_SFPI_H

#include <stdint.h>

#define TF_SFPI_LANES     32
#define TF_SFPI_TILE_ROWS 64 /* DEST rows a tile (dst_reg units: 32) */
#define TF_SFPI_FACE_ROWS 16
/* The registers the C++ layer allocates (0 .. NREGS-1), and the constant
 * registers after them (tt-metal's vConst* names; LREG8-15 on hardware).
 * The C++ layer sends TF_SFPI_NO_REG for a value it could not allocate: the
 * engine faults (TF_SFPI_ERR_REGS). */
#define TF_SFPI_NREGS  48
#define TF_SFPI_NO_REG 255
/* ... for a value it moved from (std::move, a return): reading it faults */
#define TF_SFPI_MOVED 254
/* X(NAME, register, value bits, writable, tt-metal name) */
// clang-format off
#define TF_SFPI_CONSTS(X)                                                                          \
    X(C0P8373, 48, 0x3f566189u, 0, "vConst0p8373")                                                 \
    X(C0,      49, 0x00000000u, 0, "vConst0")                                                      \
    X(C1,      50, 0x3f800000u, 0, "vConst1")                                                      \
    X(CNEG1,   51, 0xbf800000u, 1, "vConstNeg1")                                                   \
    X(PRGM0,   52, 0x00000000u, 1, "vConstFloatPrgm0 (vConstIntPrgm0)")                            \
    X(PRGM1,   53, 0x00000000u, 1, "vConstFloatPrgm1 (vConstIntPrgm1)")                            \
    X(PRGM2,   54, 0x00000000u, 1, "vConstFloatPrgm2 (vConstIntPrgm2)")                            \
    X(TILEID,  55, 0x00000000u, 0, "vConstTileId (2 x the lane)")
// clang-format on
#define TF_SFPI_CONST_ENUM(name, reg, bits, w, tt) TF_SFPI_##name = reg,
enum tf_sfpi_const { TF_SFPI_CONSTS(TF_SFPI_CONST_ENUM) TF_SFPI_NUM_REGS };
#undef TF_SFPI_CONST_ENUM

/* X(NAME, code, SFPU cycles, what it does): d, a, b are ARG0's registers,
 * c = ARG1's low byte when the op reads a third register. Float ops
 * compute as the SFPU's MAD does: denormal inputs as zero, one rounding to
 * nearest even, a denormal result flushed to a zero of its sign, any NaN
 * made 0x7fc00000. Cycles: the SFPU instructions tt-metal's compiler
 * emits for the operation (tt-isa-documentation: one a cycle). */
// clang-format off
#define TF_SFPI_OPS(X)                                                                             \
    X(LOADI,   1, 1, "d = ARG1 (32 bits); b = 1 an integer, else a float: 2 cycles when not "     \
                     "16 bits (a bf16; an integer sign- or zero-extended)")                       \
    X(MOV,     2, 1, "d = a")                                                                      \
    X(LOAD,    3, 1, "d = the 32 DEST values at address ARG1 (their 32 bits)")                     \
    X(STORE,   4, 1, "the 32 DEST values at address ARG1 = a; b = 1: integers (raw bits), else "   \
                     "floats (a 16-bit DEST truncates them, as the SFPU's store)")                 \
    X(MAD,     5, 1, "d = (a x b) + c, one rounding; ARG1 bit 8: - (a x b), bit 9: - c")           \
    X(FCMP,    6, 2, "d = mask of the test TF_SFPI_CMP_* (ARG1) on t = a - b (a MAD, then the "    \
                     "test); with TF_SFPI_CMP_RAW on a's own bits (a comparison with +-0: b "     \
                     "unused, 1 cycle); > and <= a cycle more")                                   \
    X(ICMP,    7, 1, "d = mask of the test TF_SFPI_CMP_* (ARG1) on t = a - b, wrapping; ==, != "   \
                     "a cycle more, > and <= two")                                                \
    X(AND,     8, 1, "d = a & b")                                                                  \
    X(OR,      9, 1, "d = a | b")                                                                  \
    X(XOR,    10, 1, "d = a ^ b")                                                                  \
    X(NOT,    11, 1, "d = ~a")                                                                     \
    X(IADD,   12, 1, "d = a + b, wrapping")                                                        \
    X(ISUB,   13, 1, "d = a - b, wrapping")                                                        \
    X(SHFT,   14, 1, "d = a shifted by n = b's lanes (bit 1 of ARG1: by ARG1's bits 8-19, "       \
                     "signed): n >= 0 left by n % 32, else right by -n % 32 (ARG1 bit 0: "        \
                     "arithmetic), as SFPSHFT")                                                   \
    X(ABS,    15, 1, "d = |a|: ARG1 0 floats (the sign bit cleared), 1 int32 (INT32_MIN stays)")   \
    X(NEG,    16, 1, "d = a with its sign bit flipped")                                            \
    X(SETSGN, 17, 1, "d = a with b's sign bit")                                                    \
    X(SETEXP, 18, 1, "d = a with its exponent field = b's low 8 bits")                             \
    X(SETMAN, 19, 1, "d = a with its mantissa = b's low 23 bits")                                  \
    X(ADDEXP, 20, 1, "d = a with ARG1 (signed) added to its exponent field (8-bit wrap), but "     \
                     "for an exponent of 255 (SFPDIVP2)")                                         \
    X(EXEXP,  21, 1, "d = a's exponent field - 127; ARG1 1: the field itself")                     \
    X(EXMAN,  22, 1, "d = a's 23 mantissa bits; ARG1 1: with the unit bit (1 << 23)")              \
    X(LZ,     23, 1, "d = a's leading zero bits (32 for 0)")                                       \
    X(CAST,   24, 1, "d = a, a sign-magnitude integer, as fp32 rounded to nearest even (ARG1: the " \
                     "rounding argument, 0)")                                                     \
    X(FP16B,  25, 1, "d = a rounded to bf16 precision, ties away from zero (the low 16 bits "      \
                     "cleared); exponent 0: +0, 255: an infinity of a's sign; ARG1 as CAST's")     \
    X(MINMAX, 26, 2, "a, b = min(a, b), max(a, b) in the SFPU's sign-magnitude order (d unused; "  \
                     "SFPSWAP holds the next cycle)")                                             \
    X(SWAP,   27, 2, "a, b = b, a (d unused)")                                                     \
    X(CC_IF,  28, 1, "v_if, v_elseif's condition, v_block: push the enabled lanes; enable those "  \
                     "of them where a's mask is set (a TF_SFPI_NO_REG: all of them)")            \
    X(CC_ELSE,29, 1, "v_else, v_elseif: enable the pushed lanes not enabled now (SFPCOMPC)")      \
    X(CC_AND, 30, 1, "v_and: enable only the lanes of a's mask too")                             \
    X(CC_POP, 31, 1, "v_endif, v_endblock: back to the pushed lanes (one pop a push)")            \
    X(CONFIG, 32, 1, "constant register d = a's lane 0 in every lane, whatever is enabled "        \
                     "(SFPCONFIG: vConstFloatPrgm0 = x)")                                         \
    X(FN,     33, 0, "d = the named SFPU op ARG1 (TF_SFPI_FN_OK: a TF_SFPU_* code, | "             \
                     "TF_SFPU_APPROX) of a, as its tile op computes each value; cycles: the "      \
                     "tile op's / 32, rounded up (tt-llk's SFPU library functions)")               \
    X(LUT,    34, 1, "d = SFPLUT on a (lut): by |a| < 1, < 2, else the table register b, ARG1's "   \
                     "TF_SFPI_REG6(0), (1) holds two Lut8 coefficients (A bits 8-15, B bits 0-7); " \
                     "d = A |a| + B as a MAD, with a's sign (TF_SFPI_LUT_SIGN: the MAD's own, "    \
                     "lut_sign); 1 cycle: SFPLUT, the MAD sub-unit")                               \
    X(LUT2,   35, 1, "d = SFPLUTFP32 on a (lut2), with a's sign: TF_SFPI_LUT2_MODE(ARG1) "         \
                     "FP16_3: b, REG6(0), (1) two fp16 coefficients each (A bits 16-31, B 0-15), " \
                     "by |a| < 1, < 2, else; FP32_3: A from b, REG6(0), (1), B from (2), (3), "    \
                     "(4); FP16_6 (mode 1 / 2): A pairs b, (0), (1), B pairs (2), (3), (4), "      \
                     "their low half below 0.5, 1.5, 3 (4), high half above; 1 cycle as SFPLUT")  \
    X(LUT2_SIGN, 36, 1, "LUT2 with the MAD's own sign (lut2_sign)")                                \
    X(ARECIP, 37, 1, "d = SFPARECIP of a: ARG1 0 approx_recip (7 mantissa bits), 2 approx_exp "   \
                     "(its table for 2^-6 <= |a| < 2), a's sign kept; 1 cycle: the simple "       \
                     "sub-unit (Blackhole)")                                                      \
    X(STOCHRND, 38, 1, "d = SFPSTOCHRND of a, ARG1's low byte its Mod1 (TF_SFPI_RND_*): fp16a, " \
                     "fp32 to a sign-magnitude int8, uint8, int16, uint16, or an int32 (sign-"     \
                     "magnitude) shifted right by b's low 5 bits (TF_SFPI_RND_IMM: by ARG1 bits " \
                     "16-20) to int8, uint8; to nearest, ties away from zero; ARG1 bits 8-15 "    \
                     "the rounding argument (0; else the ROUND fault); 1 cycle: the round "       \
                     "sub-unit")                                                                  \
    X(TRANSP, 39, 1, "a, b, ARG1's registers c (bits 0-7), e (8-15) = subvec_transp: row r "       \
                     "(lanes 8r .. 8r+7) of the k-th of them = row k of the r-th (d unused; "      \
                     "SFPTRANSP, the simple sub-unit)")                                           \
    X(SHFL,   40, 2, "d = a's lanes moved up by one within each row of 8 (lane L from L - 1): "   \
                     "ARG1 0 the row's last into its first (subvec_shflror1), 1 a 0 there "       \
                     "(subvec_shflshr1); SFPSHFT2: the next cycle takes only an SFPNOP")          \
    X(MUL24,  41, 1, "d = a x b of their low 23 bits: ARG1 0 the product's low 23 bits, 1 its "   \
                     "high ones (fractional_mul; Blackhole's SFPMUL24 with the zero addend, the "  \
                     "MAD sub-unit)")
// clang-format on
#define TF_SFPI_OP_ENUM(name, code, cycles, doc) TF_SFPI_##name = code,
enum tf_sfpi_op { TF_SFPI_OPS(TF_SFPI_OP_ENUM) TF_SFPI_NUM_OPS };
#undef TF_SFPI_OP_ENUM

#define TF_SFPI_WORD(op, d, a, b)                                                                  \
    ((uint32_t)(op) | (uint32_t)(d) << 8 | (uint32_t)(a) << 16 | (uint32_t)(b) << 24)
#define TF_SFPI_OP(w) ((w)&0xffu)
#define TF_SFPI_D(w)  (((w) >> 8) & 0xffu)
#define TF_SFPI_A(w)  (((w) >> 16) & 0xffu)
#define TF_SFPI_B(w)  ((w) >> 24)

/* FN's ops: those of the named SFPU ops without parameters that tt-llk's
 * SFPU library offers SFPI code as functions (_sfpu_reciprocal_,
 * _calculate_exponential_piecewise_, ...: tt_foil/sfpu_params.hpp) */
#define TF_SFPI_FN_OK(op)                                                                          \
    ((op) == TF_SFPU_EXP || (op) == TF_SFPU_EXP2 || (op) == TF_SFPU_LOG ||                         \
     (op) == TF_SFPU_RECIP || (op) == TF_SFPU_SQRT || (op) == TF_SFPU_RSQRT ||                     \
     (op) == TF_SFPU_SIGMOID || (op) == TF_SFPU_TANH)
/* LUT's and LUT2's ARG1: registers (their numbers, 62 TF_SFPI_MOVED, 63
 * TF_SFPI_NO_REG) in 6 bits each, k = 0 .. 4; LUT2's table mode (bits 30-31) */
#define TF_SFPI_REG6(r, k)    ((uint32_t)((r)&63u) << (6 * (k)))
#define TF_SFPI_REG6_AT(x, k) (((x) >> (6 * (k))) & 63u)
#define TF_SFPI_LUT_SIGN      (1u << 30)
#define TF_SFPI_LUT2_MODE(x)  ((x) >> 30)
#define TF_SFPI_LUT2_FP16_3   0u
#define TF_SFPI_LUT2_FP32_3   1u
#define TF_SFPI_LUT2_FP16_6   2u /* (3: its second table, the last split at 4) */
/* ARECIP's ARG1 */
#define TF_SFPI_ARECIP_RECIP 0u
#define TF_SFPI_ARECIP_EXP   2u
/* STOCHRND's ARG1 low byte (tt-isa-documentation's SFPSTOCHRND Mod1) */
#define TF_SFPI_RND_FP16A  0u
#define TF_SFPI_RND_FP16B  1u
#define TF_SFPI_RND_UINT8  2u
#define TF_SFPI_RND_INT8   3u
#define TF_SFPI_RND_I2U8   4u /* int32 to uint8 */
#define TF_SFPI_RND_I2I8   5u /* int32 to int8 */
#define TF_SFPI_RND_UINT16 6u
#define TF_SFPI_RND_INT16  7u
#define TF_SFPI_RND_IMM    (1u << 21)
/* MAD's ARG1 */
#define TF_SFPI_MAD_NEG_AB (1u << 8)
#define TF_SFPI_MAD_NEG_C  (1u << 9)
/* FCMP's and ICMP's tests of t (its 32 bits as an int32, so -0 is
 * negative and not zero, as the SFPU's SFPSETCC) */
#define TF_SFPI_CMP_LT  0 /* t < 0 (the sign bit) */
#define TF_SFPI_CMP_GE  1 /* !(t < 0) */
#define TF_SFPI_CMP_EQ  2 /* t == 0 */
#define TF_SFPI_CMP_NE  3 /* t != 0 */
#define TF_SFPI_CMP_GT  4 /* t >= 0 and t != 0 */
#define TF_SFPI_CMP_LE  5 /* t < 0 or t == 0 */
#define TF_SFPI_CMP_RAW (1u << 8)
/* The depth of v_if's nesting (the SFPU's condition stack: 8; each
 * v_elseif pushes once more, as tt-metal's) */
#define TF_SFPI_CC_DEPTH 8

/* TF_TILE_ERR_SFPI's a: why (the fault's opcode word has the SFPI op in
 * bits 8-15): REGS more vector values live at once than TF_SFPI_NREGS
 * (b: the register number sent); CONST a write to constant register b;
 * ADDR DEST address b x 4 beyond the half's c tiles (c x 64 rows); DEPTH
 * v_if nested deeper than TF_SFPI_CC_DEPTH; NO_IF v_else, v_elseif, v_and
 * or v_endif with no v_if open; ROUND stochastic rounding (a float_to_*
 * or int32_to_float whose rounding argument is not 0); OP no such SFPI op
 * (b: its code); ARG an operand ARG1 the op does not take (b: it); STALE a
 * product (a * b, not yet rounded) used after one of its operands changed
 * or ended (raised by the C++ layer, b: 0). A register number b of
 * TF_SFPI_MOVED in REGS: a value read after it was moved from. */
#define TF_SFPI_ERR_REGS  1
#define TF_SFPI_ERR_CONST 2
#define TF_SFPI_ERR_ADDR  3
#define TF_SFPI_ERR_DEPTH 4
#define TF_SFPI_ERR_NO_IF 5
#define TF_SFPI_ERR_ROUND 6
#define TF_SFPI_ERR_OP    7
#define TF_SFPI_ERR_ARG   8
#define TF_SFPI_ERR_STALE 9

#endif
