/* Tile layout helpers (tt_foil/tile.h): the host side of the layout the
 * simulator's tile engine (sim/tile_format.c) reads and writes, and the
 * runtime's message for a tile-engine fault. */
#include "common/cm_err.h"
#include "tf_tile_layout.h"
#include "rt_internal.h"
#include "tf_sfpi.h"
#include "tf_tile.h"
#include "tt_foil/tile.h"

#include <stdio.h>
#include <string.h>

uint32_t tf_tile_bytes(tf_tile_format f)
{
    switch (f) {
    case TF_TILE_FORMAT_BF16: return TF_TILE_BF16;
    case TF_TILE_FORMAT_BFP8_B: return TF_TILE_BFP8;
    case TF_TILE_FORMAT_BFP4_B: return TF_TILE_BFP4;
    case TF_TILE_FORMAT_BFP2_B: return TF_TILE_BFP2;
    case TF_TILE_FORMAT_FP16: return TF_TILE_BF16; /* (the same bytes) */
    case TF_TILE_FORMAT_FP32: return TF_TILE_FP32;
    case TF_TILE_FORMAT_FP8_E4M3: return TF_TILE_FP8;
    case TF_TILE_FORMAT_BFP8: return TF_TILE_BFP8;
    case TF_TILE_FORMAT_BFP4: return TF_TILE_BFP4;
    case TF_TILE_FORMAT_BFP2: return TF_TILE_BFP2;
    }
    return 0; /* (as tf_data_format_tile_size: not a format) */
}

uint32_t tf_tile_count(uint32_t n)
{
    return n / TF_TILE_DIM + (n % TF_TILE_DIM != 0); /* (n + 31 wraps near UINT32_MAX) */
}

size_t tf_tiled_bytes(uint32_t rows, uint32_t cols, tf_tile_format f)
{
    return (size_t)tf_tile_count(rows) * tf_tile_count(cols) * tf_tile_bytes(f);
}

uint16_t tf_bf16_from_f32(float v)
{
    return tf_bf16_round(v);
}

float tf_f32_from_bf16(uint16_t v)
{
    return tf_bf16_widen(v);
}

static int check(const char *fn, const void *a, const void *b, uint32_t rows, uint32_t cols,
                 tf_tile_format f)
{
    if (!a || !b) return cm_err_set("%s: NULL buffer", fn);
    if (!rows || !cols) return cm_err_set("%s: a %ux%u matrix is empty", fn, rows, cols);
    if (!tf_tile_bytes(f))
        return cm_err_set("%s: unknown tile format %d (TF_TILE_FORMAT_BF16, _FP32, _BFP8_B, "
                          "_BFP4_B, _BFP2_B or _FP16), or _FP8_E4M3, _BFP8, _BFP4, _BFP2",
                          fn, (int)f);
    return 0;
}

/* The magnitude bits of a block float (tf_bfp_encode); 0 for the others. */
static unsigned bfp_bits(tf_tile_format f)
{
    return f == TF_TILE_FORMAT_BFP8_B   ? TF_DF_BFP_BITS(TF_DF_BFP8_B)
           : f == TF_TILE_FORMAT_BFP4_B ? TF_DF_BFP_BITS(TF_DF_BFP4_B)
           : f == TF_TILE_FORMAT_BFP2_B ? TF_DF_BFP_BITS(TF_DF_BFP2_B)
                                        : 0;
}

/* The same for the exponent-A block floats (tf_bfpa_pack_row). */
static unsigned bfpa_bits(tf_tile_format f)
{
    return f == TF_TILE_FORMAT_BFP8   ? TF_DF_BFPA_BITS(TF_DF_BFP8)
           : f == TF_TILE_FORMAT_BFP4 ? TF_DF_BFPA_BITS(TF_DF_BFP4)
           : f == TF_TILE_FORMAT_BFP2 ? TF_DF_BFPA_BITS(TF_DF_BFP2)
                                      : 0;
}

/* The matrix's values as one tile (row-major 32 x 32, zero padding). */
static void gather(const float *src, uint32_t rows, uint32_t cols, uint32_t tr, uint32_t tc,
                   float *t)
{
    for (uint32_t r = 0; r < TF_TILE_DIM; r++)
        for (uint32_t c = 0; c < TF_TILE_DIM; c++) {
            uint64_t gr = (uint64_t)tr * TF_TILE_DIM + r, gc = (uint64_t)tc * TF_TILE_DIM + c;
            t[r * TF_TILE_DIM + c] = gr < rows && gc < cols ? src[gr * cols + gc] : 0;
        }
}

/* One tile of format f from a row-major 32 x 32, and back (the element
 * order and the block floats' blocks as sim/tile_format.c). */
static void encode_tile(const float *t, tf_tile_format f, uint8_t *out)
{
    unsigned mw = bfp_bits(f), mwa = bfpa_bits(f);
    for (uint32_t r = 0; r < TF_TILE_DIM; r++)
        for (uint32_t c = 0; c < TF_TILE_DIM; c += 16) {
            uint32_t i = tf_tile_elem(r, c);
            const float *row = t + r * TF_TILE_DIM + c;
            if (mw) {
                tf_bfp_pack_row(row, mw, i, out);
                continue;
            }
            if (mwa) {
                tf_bfpa_pack_row(row, mwa, i, out);
                continue;
            }
            for (int k = 0; k < 16; k++) {
                if (f == TF_TILE_FORMAT_FP8_E4M3) {
                    out[i + k] = tf_fp8_round(row[k]);
                } else if (f == TF_TILE_FORMAT_BF16 || f == TF_TILE_FORMAT_FP16) {
                    uint16_t h =
                        f == TF_TILE_FORMAT_BF16 ? tf_bf16_round(row[k]) : tf_fp16_round(row[k]);
                    memcpy(out + 2 * (i + k), &h, 2);
                } else {
                    memcpy(out + 4 * (i + k), &row[k], 4);
                }
            }
        }
}

static void decode_tile(const uint8_t *in, tf_tile_format f, float *t)
{
    unsigned mw = bfp_bits(f), mwa = bfpa_bits(f);
    for (uint32_t r = 0; r < TF_TILE_DIM; r++)
        for (uint32_t c = 0; c < TF_TILE_DIM; c++) {
            uint32_t i = tf_tile_elem(r, c);
            float *v = &t[r * TF_TILE_DIM + c];
            if (mw) {
                if (c % 16 == 0) tf_bfp_unpack_row(in, mw, i, v);
            } else if (mwa) {
                if (c % 16 == 0) tf_bfpa_unpack_row(in, mwa, i, v);
            } else if (f == TF_TILE_FORMAT_FP8_E4M3) {
                *v = tf_fp8_widen(in[i]);
            } else if (f == TF_TILE_FORMAT_BF16 || f == TF_TILE_FORMAT_FP16) {
                uint16_t h;
                memcpy(&h, in + 2 * i, 2);
                *v = f == TF_TILE_FORMAT_BF16 ? tf_bf16_widen(h) : tf_fp16_widen(h);
            } else {
                memcpy(v, in + 4 * i, 4);
            }
        }
}

int tf_tilize(const float *src, uint32_t rows, uint32_t cols, tf_tile_format f, void *dst)
{
    if (check("tf_tilize", src, dst, rows, cols, f)) return -1;
    uint8_t *out = dst;
    uint32_t tpr = tf_tile_count(cols), tpc = tf_tile_count(rows), tb = tf_tile_bytes(f);
    float t[TF_TILE_DIM * TF_TILE_DIM];
    for (uint32_t tr = 0; tr < tpc; tr++)
        for (uint32_t tc = 0; tc < tpr; tc++) {
            gather(src, rows, cols, tr, tc, t);
            encode_tile(t, f, out + ((size_t)tr * tpr + tc) * tb);
        }
    return 0;
}

int tf_untilize(const void *src, uint32_t rows, uint32_t cols, tf_tile_format f, float *dst)
{
    if (check("tf_untilize", src, dst, rows, cols, f)) return -1;
    const uint8_t *in = src;
    uint32_t tpr = tf_tile_count(cols), tpc = tf_tile_count(rows), tb = tf_tile_bytes(f);
    float t[TF_TILE_DIM * TF_TILE_DIM];
    for (uint32_t tr = 0; tr < tpc; tr++)
        for (uint32_t tc = 0; tc < tpr; tc++) {
            decode_tile(in + ((size_t)tr * tpr + tc) * tb, f, t);
            for (uint32_t r = 0; r < TF_TILE_DIM; r++)
                for (uint32_t c = 0; c < TF_TILE_DIM; c++) {
                    uint64_t gr = (uint64_t)tr * TF_TILE_DIM + r,
                             gc = (uint64_t)tc * TF_TILE_DIM + c;
                    if (gr < rows && gc < cols) dst[gr * cols + gc] = t[r * TF_TILE_DIM + c];
                }
        }
    return 0;
}

/* ---- the runtime's message for a tile-engine fault ----------------------------------- */

/* A packer fault's format (255: a page size) and CB (255: none) */
static void pack_fault_names(uint32_t a, uint32_t b, char fmt[48], char cb[24])
{
    if (a != 255)
        snprintf(fmt, 48, "data format %s", rt_data_format_name(a));
    else
        snprintf(fmt, 48, "a page size");
    if (b != 255)
        snprintf(cb, 24, "CB %u", b);
    else
        snprintf(cb, 24, "a CB");
}

/* names[i] of a table of n, "?" where it names none (an SFPI program where
 * an SFPU op is named: TF_SFPU_BY_SFPI) */
static const char *named(const char *const *names, uint32_t n, uint32_t i)
{
    if (n == TF_SFPU_NUM_OPS && i == TF_SFPU_BY_SFPI) return "(a kernel's SFPI code)";
    return i < n && names[i] ? names[i] : "?";
}

/* TF_TILE_ERR_TOPK's message: a the TF_TOPK_ERR_* reason, b the value */
static void topk_fault(uint32_t a, uint32_t b, char *what, size_t n)
{
    const char *more = b == 255 ? " (or more, or negative)" : "";
    switch (a) {
    case TF_TOPK_ERR_IDST:
        snprintf(what, n,
                 "idst %u: tt-llk's top-k works on DEST tiles 0-3 (values 0 and 1, indices 2 and "
                 "3) whatever idst, its passes after the first setting DEST's address from tile "
                 "0 (set_dst_write_addr), so another idst mixes tiles (not modeled): load the "
                 "tiles at 0-3 and pass 0, as ttnn's topk does",
                 b);
        break;
    case TF_TOPK_ERR_DIR:
        snprintf(what, n, "the direction %u%s: idir is 0 (decreasing) or 1 (increasing)", b, more);
        break;
    case TF_TOPK_ERR_PHASE:
        snprintf(what, n,
                 "i_end_phase %u%s: a column's 64 values sort in phases 0-5 (log2(K) - 1 sorts "
                 "runs of K)",
                 b, more);
        break;
    case TF_TOPK_ERR_PHASE_ORDER:
        snprintf(what, n, "i_start_phase %u%s is beyond i_end_phase: no phase would run", b, more);
        break;
    case TF_TOPK_ERR_STEP:
        snprintf(what, n,
                 "a step of %u%s: i_start_step and i_end_step are 0-6 (steps 5 and 6 compare "
                 "values 16 and 32 apart)",
                 b, more);
        break;
    case TF_TOPK_ERR_K:
        snprintf(what, n,
                 "k %u%s: the LLK takes k = 4, 8, 16, 32 or 64 (a power of two: k = 2 makes its "
                 "merge loop compare nothing and never end)",
                 b, b == 255 ? " or more" : "");
        break;
    case TF_TOPK_ERR_LOGK:
        snprintf(what, n,
                 "logk %u%s is not log2(k): the LLK picks its network by logk and its distances by "
                 "k",
                 b, more);
        break;
    case TF_TOPK_ERR_M_ITER:
        snprintf(what, n, "m_iter %u%s: tt-metal's range is 0-9", b, more);
        break;
    case TF_TOPK_ERR_REPLAY:
        snprintf(what, n,
                 "it would replay the SFPU's replay buffer, holding %s: tt-llk records there only "
                 "as its topk_replay_init says (a local sort in phase 0, a rebuild when m_iter "
                 "changes), so the hardware would run other instructions (not modeled): start a "
                 "local sort at phase 0 after a rebuild or another SFPU init",
                 b == TF_TOPK_REPLAY_REBUILD     ? "topk_rebuild's sequence"
                 : b == TF_TOPK_REPLAY_OTHER     ? "what another SFPU op's init recorded"
                 : b == TF_TOPK_REPLAY_REBUILD_K ? "topk_rebuild's for another k"
                                                 : "nothing of top-k's in this kernel run");
        break;
    default: snprintf(what, n, "skip_second %u%s: it is 0 or 1", b, more); break;
    }
}

/* TF_TILE_ERR_SFPI's message: a the TF_SFPI_ERR_* reason, b and c its
 * details */
static void sfpi_fault(uint32_t a, uint32_t b, uint32_t c, char *what, size_t n)
{
#define CONST_NAME(name, reg, bits, w, tt) [reg] = tt,
    static const char *const consts[TF_SFPI_NUM_REGS] = {TF_SFPI_CONSTS(CONST_NAME)};
#undef CONST_NAME
    switch (a) {
    case TF_SFPI_ERR_REGS:
        if (b == TF_SFPI_MOVED)
            snprintf(what, n,
                     "it reads a value after it was moved from (std::move, or a value passed on "
                     "as a temporary): copy it instead");
        else if (b == TF_SFPI_NO_REG)
            snprintf(what, n,
                     "more than %d SFPI vector values (vFloat, vInt, vUInt, conditions) are live "
                     "at once: declare fewer, or end their scopes sooner",
                     TF_SFPI_NREGS);
        else
            snprintf(what, n, "there is no SFPI register %u (the C++ layer numbers 0-%d)", b,
                     TF_SFPI_NUM_REGS - 1);
        break;
    case TF_SFPI_ERR_CONST:
        snprintf(what, n,
                 "it writes %s, a constant (only vConstNeg1 and the vConst*Prgm* are "
                 "programmable)",
                 named(consts, TF_SFPI_NUM_REGS, b));
        break;
    case TF_SFPI_ERR_ADDR:
        snprintf(what, n,
                 "dst_reg's DEST address (row %u%s of the math thread's half) is beyond its "
                 "%u tiles of %d rows: the face loop's base (the tile index given to the "
                 "*_sfpu_params_ call) plus the kernel's dst_reg index and dst_reg++ steps "
                 "(32 units a tile) must stay inside",
                 b * 4, b == 255 ? " or more" : "", c, TF_SFPI_TILE_ROWS);
        break;
    case TF_SFPI_ERR_DEPTH:
        snprintf(what, n, "v_if nested more than %d deep (the SFPU's condition stack)",
                 TF_SFPI_CC_DEPTH);
        break;
    case TF_SFPI_ERR_NO_IF:
        snprintf(what, n, "v_else, v_elseif, v_and or v_endif with no v_if (or v_block) open");
        break;
    case TF_SFPI_ERR_ROUND:
        snprintf(what, n,
                 "rounding argument %u%s: only 0 (to nearest) is modeled (the float_to_* and "
                 "int32_to_float default, 1, is stochastic rounding): pass 0",
                 b, b == 255 ? " or more" : "");
        break;
    case TF_SFPI_ERR_ARG:
        snprintf(what, n, "operand %u%s is not one this operation takes", b,
                 b == 255 ? " or more" : "");
        break;
    case TF_SFPI_ERR_STALE:
        snprintf(what, n,
                 "a product (a * b, which SFPI rounds where it is used, fused into an add "
                 "after it) was used after one of its operands changed or ended, as `auto p = a "
                 "* b;` then `a = ...` does: keep it in a vFloat (vFloat p = a * b)");
        break;
    default: snprintf(what, n, "there is no SFPI operation %u", b); break;
    }
}

/* What the last SFPU init was, as the engine keeps it (TF_SFPU_NUM_OPS:
 * welford_init, which is no op's) */
static const char *last_sfpu_init(const char *const *sfpu, uint32_t b)
{
    return b == 0                 ? "none"
           : b == TF_SFPU_NUM_OPS ? "welford_init"
                                  : named(sfpu, TF_SFPU_NUM_OPS, b);
}

/* TF_TILE_ERR_WELFORD's message: a the TF_WELFORD_ERR_* reason, b and c
 * its details (255: 255 or more) */
static void welford_fault(uint32_t a, uint32_t b, uint32_t c, const char *const *sfpu,
                          const char *const *wf_fn, char *what, size_t n)
{
    const char *more = b == 255 ? " or more" : "";
    switch (a) {
    case TF_WELFORD_ERR_NO_INIT:
        if (b == TF_WELFORD_BY_TDEST)
            snprintf(what, n,
                     "transpose_wh_dest_init_short ran after welford_init: tt-llk's records into "
                     "the replay buffer slots that hold the update's instructions (and resets "
                     "the address mode its loads use): call "
                     "welford_init<WelfordInitMode::PreserveStats>() again, which keeps the "
                     "statistics");
        else
            snprintf(what, n,
                     "welford_init must be the last SFPU init before an update (it records the "
                     "update's instructions; the last SFPU init was %s): call welford_init "
                     "again (welford_init<WelfordInitMode::PreserveStats>() keeps the "
                     "statistics)",
                     last_sfpu_init(sfpu, b));
        break;
    case TF_WELFORD_ERR_NO_STATS:
        snprintf(what, n,
                 "there are no statistics in the SFPU yet: call welford_init (or welford_clear, "
                 "or welford_restore_state) first");
        break;
    case TF_WELFORD_ERR_CLOBBERED:
        snprintf(what, n,
                 "the statistics are gone: the SFPU op %s ran since, in the SFPU registers "
                 "that hold them; welford_save_state before it and welford_restore_state after "
                 "keep them",
                 named(sfpu, TF_SFPU_NUM_OPS, b));
        break;
    case TF_WELFORD_ERR_FINALIZED:
        snprintf(what, n,
                 "the statistics ended at %s (it overwrites the SFPU registers that held them): "
                 "welford_clear or welford_init starts new ones, welford_save_state before the "
                 "finalize keeps them",
                 b <= TF_WELFORD_FINALIZE_FACE && wf_fn[b] ? wf_fn[b] : "a finalize");
        break;
    case TF_WELFORD_ERR_LUT:
        snprintf(what, n,
                 "it reads reciprocal_lut[%u%s], beyond the LUT's %u%s entries (an update of n "
                 "rows reads start_idx .. start_idx + n - 1, a finalize scale_idx)",
                 b, more, c, c == 255 ? " or more" : "");
        break;
    case TF_WELFORD_ERR_ROWS:
        snprintf(what, n,
                 "start_row %u%s + num_rows %u%s is beyond the tile's 32 rows (tt-metal: "
                 "start_row + num_rows <= 32)",
                 b, more, c, c == 255 ? " or more" : "");
        break;
    case TF_WELFORD_ERR_GROUP:
        snprintf(what, n,
                 "group_id %u%s: the raw layout has 16 groups of 4 DEST rows a tile (0-15); "
                 "a larger one would reach the next tile",
                 b, more);
        break;
    default:
        snprintf(what, n,
                 "the update's rows came out of order (tt-foil's compute API sends them: use "
                 "welford_update or welford_update_rows)");
        break;
    }
}

void rt_tile_fault_describe(uint32_t op, uint32_t aux, char *buf, size_t n)
{
#define OP_NAME(name, code, role, doc) [code] = #name,
    static const char *const ops[TF_TILE_NUM_OPS] = {TF_TILE_OPS(OP_NAME)};
#undef OP_NAME
#define SFPU_NAME(name, code, init, doc) [code] = #name,
    static const char *const sfpu[TF_SFPU_NUM_OPS] = {TF_SFPU_OPS(SFPU_NAME)};
#undef SFPU_NAME
#define INIT_FN(name, code, fn) [code] = fn,
    static const char *const inits[TF_TILE_NUM_INITS] = {TF_TILE_INITS(INIT_FN)};
#undef INIT_FN
    /* a Welford command's fault has its sub-op in bits 8-15 of the opcode word */
    static const char *const wf_fn[] = {
        [TF_WELFORD_CLEAR] = "welford_clear",
        [TF_WELFORD_UPDATE] = "welford_update",
        [TF_WELFORD_ROW] = "welford_update",
        [TF_WELFORD_SAVE] = "welford_save_state",
        [TF_WELFORD_RESTORE] = "welford_restore_state",
        [TF_WELFORD_FINALIZE_ROW] = "welford_finalize_to_row",
        [TF_WELFORD_FINALIZE_FACE] = "welford_finalize_to_face",
    };
    uint32_t sub = op >> 8;
    op &= 0xff;
#define SFPI_NAME(name, code, cycles, doc) [code] = #name,
    static const char *const sfpi[TF_SFPI_NUM_OPS] = {TF_SFPI_OPS(SFPI_NAME)};
#undef SFPI_NAME
    static const char *const topk_fn[] = {
        [TF_TOPK_LOCAL_SORT] = "topk_local_sort",
        [TF_TOPK_MERGE] = "topk_merge",
        [TF_TOPK_REBUILD] = "topk_rebuild",
    };
    const char *wn = op == TF_TILE_WELFORD && sub && sub <= TF_WELFORD_FINALIZE_FACE ? wf_fn[sub]
                     : op == TF_TILE_SFPI && sub && sub < TF_SFPI_NUM_OPS            ? sfpi[sub]
                     : op == TF_TILE_TOPK && sub && sub <= TF_TOPK_REBUILD           ? topk_fn[sub]
                                                                                     : NULL;
    uint32_t why = aux & 0xff, a = (aux >> 8) & 0xff, b = (aux >> 16) & 0xff, c = aux >> 24;
    char opname[64], what[448];
    const char *on = op < TF_TILE_NUM_OPS ? ops[op] : NULL;
    const char *sn = wn ? wn : c && c < TF_SFPU_NUM_OPS ? sfpu[c] : NULL;
    if (on && sn)
        snprintf(opname, sizeof opname, "%s %s", on, sn);
    else if (on)
        snprintf(opname, sizeof opname, "%s", on);
    else
        snprintf(opname, sizeof opname, "opcode %u", op);
    switch (why) {
    case TF_TILE_ERR_OPCODE: snprintf(what, sizeof what, "there is no such operation"); break;
    case TF_TILE_ERR_ROLE:
        snprintf(what, sizeof what,
                 "it was issued by the wrong TRISC (unpack runs on TRISC0, math on TRISC1, pack "
                 "on TRISC2: use the compute API)");
        break;
    case TF_TILE_ERR_FORMAT:
        if (op == TF_TILE_PACK_ROWS && a != 255)
            snprintf(what, sizeof what,
                     "data format %u (%s) has no rows of its own: pack_rows writes rows of 16 "
                     "whole-byte values (Float32, Float16_b, Float16, Fp8_e4m3, Int32, UInt32, "
                     "UInt16, UInt8), and a block float's values share an exponent kept apart "
                     "from them",
                     a, rt_data_format_name(a));
        else if (a == 255)
            snprintf(what, sizeof what,
                     "the circular buffer's page size is not a tile's: bf16 2048, fp32 4096, "
                     "Bfp8_b 1088, Bfp4_b 576 or Bfp2_b 320 (or set its data format: "
                     "tf_program_set_cb_format)");
        else
            snprintf(what, sizeof what,
                     "data format %u is not supported here (Float32 0, Float16 1, Float16_b 5, "
                     "Bfp8_b 6, Bfp4_b 7, Bfp2_b 15, Bfp8 2, Bfp4 3, Bfp2 11, Fp8_e4m3 26; "
                     "Int32 8, UInt16 9, UInt32 24, UInt8 30; not Lf8 10, Int8 14; row-major "
                     "blocks: Float32, Float16, Float16_b and the integers, Fp8_e4m3 too)",
                     a);
        break;
    case TF_TILE_ERR_ADDRESS:
        snprintf(what, sizeof what, "%s",
                 op == TF_TILE_SFPU && c == TF_SFPU_ISCLOSE
                     ? "its two tolerance words (ARG3, an L1 address: isclose_binary_tile puts "
                       "them on the TRISC's stack) are misaligned or past L1's end"
                     : "the tile is outside user L1 or misaligned");
        break;
    case TF_TILE_ERR_DEST:
        snprintf(what, sizeof what,
                 "the DEST index %u is beyond the %u tiles of a half (8 with a 16-bit DEST, 4 "
                 "with fp32_dest_acc_en; a block's ct x rt counts)",
                 a, b);
        break;
    case TF_TILE_ERR_PROTO:
        if (a == TF_TILE_PROTO_REACQUIRE)
            snprintf(what, sizeof what,
                     "tile_regs_acquire again before tile_regs_commit: math holds a DEST half "
                     "already (commit it, or use the tiles it holds)");
        else if (a == TF_TILE_PROTO_REWAIT)
            snprintf(what, sizeof what,
                     "tile_regs_wait again before tile_regs_release: the packer holds a DEST "
                     "half already (release it first)");
        else if (op == TF_TILE_SFPU_PACK)
            snprintf(what, sizeof what,
                     "an SFPU op on the pack thread (*_tile_pack) works on the DEST half the "
                     "packer holds: it must run between tile_regs_wait (or ttnn's TTI_SEMWAIT on "
                     "MATH_PACK) and tile_regs_release");
        else
            snprintf(what, sizeof what, "%s must run between %s (call it first)",
                     a == TF_TILE_PROTO_NO_WAIT ? "pack" : "math",
                     a == TF_TILE_PROTO_NO_WAIT ? "tile_regs_wait and tile_regs_release"
                                                : "tile_regs_acquire and tile_regs_commit");
        break;
    case TF_TILE_ERR_HOST:
        snprintf(what, sizeof what, "the simulator ran out of host memory");
        break;
    case TF_TILE_ERR_INIT:
        snprintf(what, sizeof what,
                 "used without its init: call %s first (the math unit is set up by %s)",
                 named(inits, TF_TILE_NUM_INITS, a), named(inits, TF_TILE_NUM_INITS, b));
        break;
    case TF_TILE_ERR_SFPU_INIT: {
        int pack = op == TF_TILE_SFPU_PACK; /* (the pack thread's init is its own) */
        snprintf(what, sizeof what,
                 "used without its init: call the %s init%s first (the last SFPU init%s was %s)",
                 named(sfpu, TF_SFPU_NUM_OPS, a),
                 pack ? " on the pack thread (its *_tile_init_pack)" : "",
                 pack ? " on the pack thread" : "", last_sfpu_init(sfpu, b));
        break;
    }
    case TF_TILE_ERR_ARG:
        if (c == TF_SFPU_MASK)
            snprintf(what, sizeof what,
                     "data format %u (%s) is not one of mask_tile's (Float16_b 5, Float16 1, "
                     "Int32 8: tt-metal's LLK does nothing for another)",
                     a, rt_data_format_name(a));
        else if (c && c < TF_SFPU_NUM_OPS && TF_SFPU_IS_REDUCE(c))
            snprintf(what, sizeof what,
                     "data format %u (%s) is not one this sfpu_reduce op takes (the float ones: "
                     "Float32 0, Float16_b 5; the _INT ones: Int32 8, UInt32 24, UInt16 9), or "
                     "REDUCE_ROW with AVG",
                     a, rt_data_format_name(a & 0xff));
        else if (c && c < TF_SFPU_NUM_OPS && TF_SFPU_IS_INT(c)) /* (their one operand check) */
            snprintf(what, sizeof what,
                     "data format %u (%s) is not one the integer ops take (Int32 8, UInt32 24, "
                     "UInt16 9; a UInt8 tile is copied, packed and cast only)",
                     a, rt_data_format_name(a));
        else
            snprintf(what, sizeof what, "operand code %u is not one the engine knows", a);
        break;
    case TF_TILE_ERR_PART:
        if (!a && !b)
            snprintf(what, sizeof what,
                     "a transpose within each 16 x 16 face is not modeled (a whole-tile "
                     "transpose is: transpose = 1 alone)");
        else
            snprintf(what, sizeof what,
                     "faces of %u rows, %u of them: only whole 32 x 32 tiles (4 faces of 16 "
                     "rows) are modeled",
                     a, b);
        break;
    case TF_TILE_ERR_FP32:
        if (a == 1)
            snprintf(what, sizeof what,
                     "exponent-A data (Float16, Fp8_e4m3, Bfp8/4/2) and bf16-exponent data "
                     "(Float16_b, Float32, Bfp8_b/4_b/2_b) meet in one op on a 16-bit DEST, which "
                     "holds one 16-bit format at a "
                     "time (tt-metal: all inputs must have the same exponent format): pack and "
                     "unpack through a CB of one format, typecast_tile, or set fp32_dest_acc_en");
        else
            snprintf(
                what, sizeof what,
                "it needs an fp32 DEST (fp32_dest_acc_en), as tt-metal's does: the kernel's is "
                "16-bit");
        break;
    case TF_TILE_ERR_INTEGER: {
        char fmt[48] = "";
        if (b != 255) snprintf(fmt, sizeof fmt, " (data format %s)", rt_data_format_name(b));
        if (a == 1)
            snprintf(what, sizeof what,
                     "it takes float values but is given integers%s: integer tiles (Int32, "
                     "UInt32, UInt16, UInt8) take copy_tile, pack_tile to an integer format, "
                     "typecast_tile and the integer SFPU ops (typecast_tile them to a float "
                     "format first)",
                     fmt);
        else
            snprintf(what, sizeof what,
                     "it takes integer values but is given floats%s: typecast_tile them to an "
                     "integer format first (or unpack an Int32, UInt32, UInt16 or UInt8 circular "
                     "buffer)",
                     fmt);
        break;
    }
    case TF_TILE_ERR_RANGE:
        snprintf(what, sizeof what,
                 "DEST[%u] holds a value of magnitude 2^15 or more: tt-llk's lcm_tile assumes "
                 "magnitudes below 2^15 (a 15-step gcd and a 16 x 16-bit product, "
                 "ckernel_sfpu_lcm.h), so larger ones are not modeled",
                 a);
        break;
    case TF_TILE_ERR_L1_ACC: {
        char fmt[48], cb[24];
        pack_fault_names(a, b, fmt, cb);
        if (op == TF_TILE_PACK_UNTILIZE || op == TF_TILE_PACK_ROWS)
            snprintf(what, sizeof what,
                     "packer L1 accumulation (pack_reconfig_l1_acc(1)) into %s's row-major "
                     "rows (%s) is not modeled: turn it off (pack_reconfig_l1_acc(0)) first",
                     cb, fmt);
        else
            snprintf(what, sizeof what,
                     "packer L1 accumulation (pack_reconfig_l1_acc(1)) into %s, of %s, is not "
                     "modeled: only Float32 and Float16_b tiles (the formats ttnn accumulates "
                     "in L1; docs/chip.md \"Packer L1 accumulation\")",
                     cb, fmt);
        break;
    }
    case TF_TILE_ERR_PACK_RELU: {
        char fmt[48], cb[24];
        pack_fault_names(a, b, fmt, cb);
        if (op == TF_TILE_PACK_RELU)
            snprintf(what, sizeof what,
                     "the ReLU threshold (bits 16-31 of pack_relu_config's word, bf16) has its "
                     "sign bit set: tt-isa-documentation Packers/ReLU.md calls a threshold <= -0 "
                     "undefined");
        else
            snprintf(what, sizeof what,
                     "the packer's ReLU (pack_relu_config) into %s, of %s, is not modeled: only "
                     "Float32 and Float16_b tiles (docs/chip.md \"Packer ReLU\"; relu_tile "
                     "before the pack computes the same values)",
                     cb, fmt);
        break;
    }
    case TF_TILE_ERR_REDUCE_BLOCK:
        snprintf(what, sizeof what,
                 "ct_dim %u and rt_dim %u: sfpu_reduce is modeled on one tile, ct_dim = "
                 "rt_dim = 1 (a column reduction (REDUCE_COL) is of one tile, tt-metal says so; "
                 "a row reduction (REDUCE_ROW) of a block of tiles is not modeled; 255 stands "
                 "for 255 or more)",
                 a, b);
        break;
    case TF_TILE_ERR_BLOCK_MAX_ROW:
        if (a == 1)
            snprintf(what, sizeof what,
                     "reduce_block_max_row's respect_trigger = true (the unpacker would wait on "
                     "a Tensix semaphore the kernel's packer posts; semaphores between a compute "
                     "kernel's TRISCs are not modeled): pass false");
        else
            snprintf(what, sizeof what,
                     "reduce_block_max_row_init_runtime was given a block of 0 tiles (or no "
                     "init ran): a block has at least one");
        break;
    case TF_TILE_ERR_CUMSUM_CARRY: {
        const char *lost = named(sfpu, TF_SFPU_NUM_OPS, b);
        if (a == 0)
            snprintf(what, sizeof what,
                     "first = false, but no cumsum_tile ran before it in this kernel run: there "
                     "is no carry (the previous tile's last row, kept in SFPU registers) to "
                     "continue from; a column's first tile takes first = true");
        else
            snprintf(what, sizeof what,
                     "first = false, but %sSFPU op %s ran after the last cumsum_tile: the carry "
                     "(the previous tile's last row, which tt-llk keeps in SFPU registers "
                     "LREG4-7 between calls) may be overwritten by its code, which is not "
                     "modeled: run other SFPU ops and inits before a column's first "
                     "cumsum_tile or after its last",
                     a == 2 ? "the init of " : "", lost);
        break;
    }
    case TF_TILE_ERR_DEST_WIDTH:
        snprintf(what, sizeof what,
                 "transpose_wh_dest with is_32bit = %s on %s DEST: tt-llk moves DEST through "
                 "source register B 16 bits a value at a time (a 32-bit value as two halves "
                 "when is_32bit is set), so the other width's values come out cut or mixed (not "
                 "modeled): pass "
                 "is_32bit = fp32_dest_acc_en (tt-metal's kernels pass DST_ACCUM_MODE)",
                 a ? "true" : "false", b ? "an fp32" : "a 16-bit");
        break;
    case TF_TILE_ERR_UBCAST_PATH:
        snprintf(what, sizeof what,
                 "unary_bcast on a tile that takes %s, after an init for a CB whose tiles take "
                 "%s: tt-metal picks the path by the CB's format (Float32, Int32, UInt32 with "
                 "fp32_dest_acc_en: unpacked whole into DEST; any other through source register "
                 "B) and its init sets the unpacker and math unit up for that one, so the tile "
                 "would come out wrong (not modeled): call reconfigure_unary_bcast (or "
                 "unary_bcast_init) with this CB first",
                 a ? "the 32-bit path" : "the source-B path",
                 b ? "the 32-bit path" : "the source-B path");
        break;
    case TF_TILE_ERR_LAYOUT_RULE:
        if (a == TF_LAYOUT_ROWS_COUNT)
            snprintf(what, sizeof what,
                     "pack_rows_init(%u%s): num_rows is 1 to 64 (rows of 16 values: a tile "
                     "holds 64; tt-llk's _llk_pack_rows_init_ asserts it)",
                     b, b == 255 ? " or more" : "");
        else if (a == TF_LAYOUT_ROWS_NO_INIT)
            snprintf(what, sizeof what,
                     "pack_rows without pack_rows_init: call pack_rows_init(num_rows) first (it "
                     "sets the packer's row program and how many rows each pack_rows writes)");
        else if (a == TF_LAYOUT_ROWS_MODE)
            snprintf(what, sizeof what,
                     "a tile pack while the packer runs pack_rows_init(%u)'s row program: call "
                     "pack_rows_uninit first (tt-llk's row program would pack rows here)",
                     b);
        else if (a == TF_LAYOUT_FAST_WIDTH)
            snprintf(what, sizeof what,
                     "fast_tilize_init with full_dim %s: fast tilize takes 2 to 255 tiles a row "
                     "(tt-metal's can_use_fast_tilize: below 256; 1 is tilize_init's)",
                     b ? "1" : "0, or 256 or more");
        else if (a == TF_LAYOUT_FAST_IN)
            snprintf(what, sizeof what,
                     "fast tilize of data format %u (%s): it reads Float32 or Float16_b rows "
                     "(tt-metal's can_use_fast_tilize; tt-llk's unpacker gives source A bf16): "
                     "use tilize_init and tilize_block",
                     b, rt_data_format_name(b));
        else if (a == TF_LAYOUT_FAST_OUT)
            snprintf(what, sizeof what,
                     "fast tilize into data format %u (%s): its packer reads DEST 16 bits a value "
                     "(tt-llk's fast tilize keeps bf16 there), so it writes Float16_b or a _b "
                     "block float (Bfp8_b, Bfp4_b, Bfp2_b); a Float32 CB would get bf16 values "
                     "and an integer one garbage (tt-metal's can_use_fast_tilize refuses them): "
                     "use tilize_init and tilize_block",
                     b, rt_data_format_name(b));
        else if (a == TF_LAYOUT_FAST_L1_ACC)
            snprintf(what, sizeof what,
                     "fast tilize with packer L1 accumulation (pack_reconfig_l1_acc(1)) is not "
                     "modeled (tt-metal's tilize never accumulates): turn it off "
                     "(pack_reconfig_l1_acc(0)) first");
        else
            snprintf(what, sizeof what,
                     "a pack while the packer runs fast_tilize_init's program (it packs "
                     "fast_tilize_block's tiles only): call fast_tilize_uninit first");
        break;
    case TF_TILE_ERR_WELFORD: welford_fault(a, b, c, sfpu, wf_fn, what, sizeof what); break;
    case TF_TILE_ERR_SFPI: sfpi_fault(a, b, c, what, sizeof what); break;
    case TF_TILE_ERR_TOPK: topk_fault(a, b, what, sizeof what); break;
    case TF_TILE_ERR_VECTOR_MODE:
        if (a == 1)
            snprintf(what, sizeof what,
                     "a vector mode other than RC: the op's result crosses the tile's faces "
                     "(a column or row reduction, a running sum, a broadcast) or its LLK walks "
                     "faces of its own (sfpu_sum_int_col/row), so a walk over some faces does "
                     "not apply; give VectorMode::RC");
        else
            snprintf(what, sizeof what,
                     "over part of the tile (a vector mode other than RC) into a DEST tile whose "
                     "other faces hold %s, where the op writes %s: a DEST tile holds one kind of "
                     "value here; write the op's output to a tile of its own kind (or a released "
                     "one)",
                     b == 1   ? "integers"
                     : b == 2 ? "floats"
                              : "floats in the other 16-bit format",
                     b == 1   ? "floats"
                     : b == 2 ? "integers"
                              : "floats in this one");
        break;
    default: snprintf(what, sizeof what, "unknown reason"); break;
    }
    snprintf(buf, n, "; tile engine %s: %s", opname, what);
}
