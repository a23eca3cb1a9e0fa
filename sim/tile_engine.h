/* The tile engine's state and its parts (sim/tile.c: commands and time;
 * tile_format.c: tiles in L1 <-> fp32; tile_math.c: the matrix unit;
 * tile_sfpu.c: the vector unit). Internal to sim/. */
#ifndef SIM_TILE_ENGINE_H
#define SIM_TILE_ENGINE_H

#include "chip.h"
#include "tf_sfpi.h"
#include "tf_tile.h"

#include <stdint.h>
#include <string.h>

typedef float tile_t[TF_TILE_ELEMS]; /* row-major 32 x 32 */

static inline float bits_f(uint32_t w)
{
    float f;
    memcpy(&f, &w, 4);
    return f;
}

static inline uint32_t f_bits(float f)
{
    uint32_t w;
    memcpy(&w, &f, 4);
    return w;
}

/* The SFPU's min and max (SFPSWAP) order fp32 values as sign-magnitude
 * integers (tt-isa-documentation SFPSWAP.md, SFPGT.md): -NaN < -inf < ...
 * < -0 < +0 < ... < +inf < +NaN. A tie keeps the first operand. */
static inline int64_t sim_sm_key(float v)
{
    uint32_t w = f_bits(v);
    return w >> 31 ? -(int64_t)(w & 0x7fffffffu) - 1 : (int64_t)w;
}
static inline float sim_sm_min(float a, float b)
{
    return sim_sm_key(b) < sim_sm_key(a) ? b : a;
}
static inline float sim_sm_max(float a, float b)
{
    return sim_sm_key(b) > sim_sm_key(a) ? b : a;
}

/* A double-banked source register: the unpacker fills bank written % 2,
 * the math unit consumes bank consumed % 2. */
typedef struct src_reg {
    /* (every tile of the engine on a 64-byte boundary: the vector loops'
     * 64-byte loads and stores each within one host cache line) */
    _Alignas(64) tile_t bank[2];
    unsigned exact[2]; /* SIM_SRC_* flags of what the unpack put in the bank */
    uint32_t cols[2];  /* its columns holding a non-zero value (bit c: column c; all: unknown) */
    uint8_t fp16[2]; /* it came from an exponent-A tile, Float16, Fp8_e4m3, Bfp8/4/2 (TF_DF_EXP_A: a
                        16-bit DEST holds halves for it) */
    uint32_t written, consumed;
    uint64_t ready_at[2]; /* when the unpack into the bank finished */
    uint64_t free_at[2];  /* when math finished with it */
    uint8_t integer[2];   /* the unpack's format was an integer one (TF_DF_INTEGER) */
    /* the unpack's data format (unary_bcast: Float32, Int32, UInt32 take
     * its 32-bit path with an fp32 DEST, TF_UBCAST_WIDE; UInt16 its own
     * COL moves) */
    uint8_t df[2];
} src_reg;

/* What the math unit computes with: the kernel's settings. In simple
 * mode (no INIT yet in this run: plain C kernels) DEST is fp32, products
 * are exact fp32 and no op needs an init; the first INIT switches the
 * engine to tt-metal mode for the rest of the run. */
typedef struct sim_tile_cfg {
    int strict;   /* tt-metal mode */
    int fp32_acc; /* fp32 DEST (4 tiles a half); else 16-bit (8) */
    int phases;   /* fidelity phases 1..4; 0: exact products (simple mode) */
} sim_tile_cfg;

/* Welford's statistics (TF_TILE_WELFORD, tile_welford.c): what tt-llk
 * keeps in two SFPU registers between the calls, one running mean and m2
 * a tile column, and the model's bookkeeping of whether they are there. */
enum { WF_NONE, WF_LIVE, WF_CLOBBERED, WF_FINALIZED };
typedef struct sim_welford {
    float mean[TF_TILE_DIM], m2[TF_TILE_DIM]; /* by tile column */
    uint8_t ready; /* welford_init is the last SFPU init (its replay buffer holds the update) */
    uint8_t state; /* WF_*: LIVE from welford_init, clear, restore */
    uint8_t why;   /* CLOBBERED: the SFPU op that ran; FINALIZED: the finalize's sub-op */
    uint8_t rows;  /* an update's rows still to come (ROW commands) */
    uint8_t row;   /* its next row */
    uint8_t slot;  /* its DEST tile */
    int8_t block;  /* the 4-row block its last row was in (-1: none yet) */
    uint8_t taken; /* what took welford_init's set-up: an SFPU op's init (the op),
                      TF_WELFORD_BY_TDEST, 0 none (or no welford_init yet) */
} sim_welford;

/* SFPI (tile_sfpi.c): the vector registers of a kernel's own SFPU
 * program (the C++ layer's values, then the constants) and v_if's lane
 * predication: the enabled lanes, and the stack of those enabled before
 * each push */
typedef struct sim_sfpi {
    uint32_t reg[TF_SFPI_NUM_REGS][TF_SFPI_LANES];
    uint32_t enable;
    uint32_t saved[TF_SFPI_CC_DEPTH];
    uint8_t depth;
    uint8_t ready; /* the constants are set (after a boot or reset: at the first command) */
} sim_sfpi;
/* One command: ARG0's word, ARG1, and for LOAD and STORE the DEST tile the
 * address is in (ARG1 % 64 its rows), whether DEST is 16-bit (narrow) and
 * that tile holds halves (f16) */
typedef struct sim_sfpi_cmd {
    uint32_t word, arg1;
    float *tile;
    int narrow, f16;
} sim_sfpi_cmd;
typedef struct sim_sfpi_fault {
    uint32_t why, b, c; /* TF_SFPI_ERR_* and its details */
} sim_sfpi_fault;
/* 0 with the SFPU cycles it took, or -1 with the fault */
int sim_sfpi_run(sim_sfpi *s, const sim_sfpi_cmd *c, sim_sfpi_fault *f, uint32_t *cycles);
/* a kernel run starts: every lane enabled, no v_if open */
void sim_sfpi_go(sim_sfpi *s);
/* Lane l of an SFPU access at DEST address x: its index in the row-major
 * tile whose rows x's rows are (x % 64) */
int sim_sfpi_lane(uint32_t x, int l);
/* A float the SFPU stores into DEST: an fp32 DEST flushes a denormal, a
 * 16-bit one truncates to bf16 (or to a half in its Float16 mode: f16) */
float sim_sfpi_store(uint32_t w, int narrow, int f16);

struct sim_tile_engine {
    src_reg a, b;
    _Alignas(64) tile_t dest[2 * TF_TILE_DEST_HALF];
    uint8_t dirty[2 * TF_TILE_DEST_HALF]; /* written since release zeroed it */
    /* not dirty, yet not zeros in memory: a release leaves its tiles'
     * values there, zeroed only when an op reads the tile (the next op
     * on a released tile mostly overwrites all of it: a COPY, a matmul) */
    uint8_t stale[2 * TF_TILE_DEST_HALF];
    /* holds no -0 and no NaN: the last op on it was a matmul of two in-range
     * tiles (SIM_SRC_IN_RANGE) onto such a tile, into an fp32 DEST (a sum
     * is -0 only when both terms are, and no NaN arises from finite terms;
     * a 16-bit DEST's rounding could make a -0) */
    uint8_t plain[2 * TF_TILE_DEST_HALF];
    /* what the tile holds: DEST_ZEROS (cleared: either kind), DEST_FLOAT,
     * DEST_INT (integers' bits: tile_sfpu_int.c); a float op on integers
     * or an integer op on floats faults (TF_TILE_ERR_INTEGER) */
    uint8_t kind[2 * TF_TILE_DEST_HALF];
    /* a 16-bit DEST's tile holds halves (Float16 mode), not bf16: the op
     * that wrote it read Float16 sources, or typecast to Float16 (tile.c,
     * dest_mode) */
    uint8_t f16[2 * TF_TILE_DEST_HALF];
    /* the tile is fast tilize's (a COPY with TF_FAST_TILIZE_ARG wrote it):
     * the packer's fast tilize program packs it, and only it */
    uint8_t fast[2 * TF_TILE_DEST_HALF];
    uint32_t committed, released; /* DEST halves handed to pack / given back */
    int math_holds, pack_holds;   /* between acquire..commit, wait..release */
    /* the packer adds DEST to the L1 tile instead of overwriting it
     * (PACK_L1_ACC, tt-metal's pack_reconfig_l1_acc) */
    int pack_l1_acc;
    /* the packer's ReLU (PACK_RELU): its config word, 0 none */
    uint32_t pack_relu;
    /* the packer's program (PACK_MODE): TF_PACK_MODE_*, and for ROWS the
     * rows each PACK_ROWS packs (0 otherwise) */
    uint32_t pack_mode, pack_rows;
    uint64_t commit_at[2], release_at[2];
    sim_tile_cfg cfg;
    uint32_t fpu_init;       /* the last INIT's ARG0 for an FPU class */
    uint32_t sfpu_init;      /* the SFPU op whose init ran last (0: none; SIM_SFPU_INIT_WELFORD) */
    uint32_t sfpu_init_pack; /* ... on the pack thread (SFPU_INIT_PACK) */
    /* cumsum_tile's carry: each column's running sum at row 31 of the last
     * cumsum_tile (fp32, as tt-llk keeps it in SFPU registers between
     * calls), kept while cumsum_state is CUMSUM_KEPT; another SFPU op or
     * init (whose code uses those registers) loses it, cumsum_lost the op */
    float cumsum_carry[TF_TILE_DIM];
    /* isclose's rtol and atol (fp32 bits), read from L1 at its issue */
    uint32_t isclose_tol[2];
    uint8_t cumsum_state, cumsum_lost;
    /* top-k's replay state (tile_topk.c, do_topk): the LLK's global
     * topk_replay_init (0 at a kernel's start, -1 after a local sort, m + 1
     * after a rebuild), and what the SFPU's replay buffer holds for it
     * (TOPK_REC_*; the rebuild's m and k) */
    int32_t topk_replay_init;
    uint8_t topk_rec, topk_rec_m, topk_rec_k;
    sim_welford wf;
    sim_sfpi sfpi;
    /* bumped by every command that does not wait (and by a reset): a
     * command that waited waits again while it is unchanged, since what
     * decides a wait is the engine's state and the waiting hart's own
     * registers (sim_core_still_blocked) */
    uint32_t changes;
};

enum { DEST_ZEROS, DEST_FLOAT, DEST_INT };
/* sim_tile_engine.topk_rec: nothing of top-k's recorded (this kernel run),
 * topk_local_sort's loads and stores, topk_rebuild's sequence, or another
 * SFPU op's init ran since (its recording may be there) */
enum { TOPK_REC_NONE, TOPK_REC_LOCAL, TOPK_REC_REBUILD, TOPK_REC_OTHER };
/* sim_tile_engine.cumsum_state: no cumsum_tile yet (the engine's reset),
 * the carry kept, lost to an SFPU op, lost to an SFPU init (the a of
 * TF_TILE_ERR_CUMSUM_CARRY: 0, -, 1, 2) */
enum { CUMSUM_NONE, CUMSUM_KEPT, CUMSUM_LOST_OP, CUMSUM_LOST_INIT };
/* sfpu_init after welford_init (no SFPU op's init: each needs its own again) */
#define SIM_SFPU_INIT_WELFORD TF_SFPU_NUM_OPS

/* What an unpack knows about the values it wrote, for the matmul's choice
 * of fused multiply-adds (tile_simd.c, products_exact): SIM_SRC_KNOWN set
 * means the other two bits are facts about every value of the tile
 * (otherwise the matmul scans the tiles itself). IN_RANGE: each value is
 * 0 or finite of magnitude in [2^-50, 2^51); BF16: each value's low 16
 * bits are clear. A Float16_b unpack knows both (the range it checks on
 * the 16-bit words as it widens them), so does the block floats' vector
 * unpack (a Bfp4_b weight tile's matmul then skips products_exact's scan
 * of both tiles); other formats report nothing. */
enum { SIM_SRC_KNOWN = 1, SIM_SRC_IN_RANGE = 2, SIM_SRC_BF16 = 4 };
/* IN_RANGE's bounds as fp32 magnitude bits (sign cleared): 2^-50 and 2^51;
 * the low 16 bits of both are 0, so a bf16's top half compares to their
 * top halves. */
#define SIM_EXACT_MAG_LO 0x26800000u
#define SIM_EXACT_MAG_HI 0x59000000u
/* With a matmul's flags: the DEST tile is known to hold no -0 and no NaN
 * (cleared, or left so by a matmul of in-range tiles: sim_tile_engine.plain). */
#define SIM_DEST_PLAIN 8u
/* sim_simd_split's answer when it did the split: DONE, with SCANNED when
 * it also made products_exact's range test on the tile (the AVX2 split:
 * tile_simd.c) and IN_RANGE when every value passed it. */
enum { SIM_SPLIT_DONE = 1, SIM_SPLIT_SCANNED = 2, SIM_SPLIT_IN_RANGE = 4 };
/* With a matmul's flags, from sim_fpu_matmul to sim_simd_matmul: both
 * tiles' splits made the range test (RANGE_SCANNED), and every value
 * passed (RANGE_OK), so a fidelity matmul needs no products_exact scan;
 * DEST_ZERO: DEST is to be cleared and is not yet (the vector kernels
 * start their sums at +0 instead of storing zeros and loading them). */
#define SIM_RANGE_SCANNED 16u
#define SIM_RANGE_OK      32u
#define SIM_DEST_ZERO     64u
/* The flags of tile t, by a scan (the reference of the unpacks' flags),
 * and its columns that hold a value other than +-0 (bit c: column c). */
unsigned sim_tile_src_flags(const float *t);
/* The same flags of n values (a block-float row the vector unpack leaves
 * to the portable decoder). */
unsigned sim_values_flags(const float *t, size_t n);
uint32_t sim_tile_src_cols(const float *t);

/* tile_format.c. A format argument (TF_TILE_FMT(df) or a page size) ->
 * the data format and the tile's bytes; -1 if unsupported. */
int sim_tile_format(uint32_t arg, uint32_t *df, uint32_t *bytes);
uint32_t sim_tile_elem_bytes(uint32_t df); /* 4, 2 or 0 (block floats: tiles only) */
/* returns the SIM_SRC_* flags of the tile it wrote; *cols (cols may be
 * NULL): as sim_tile_src_cols of it when the flags are known, else all */
unsigned sim_tile_unpack(const uint8_t *l1, uint32_t df, float *t, uint32_t *cols);
void sim_tile_pack(const float *t, uint32_t df, uint8_t *l1);
/* 32 rows of 32 values, `stride` values apart (row-major blocks). */
void sim_tile_unpack_rows(const uint8_t *l1, uint32_t df, uint32_t stride, float *t);
void sim_tile_pack_rows(const float *t, uint32_t df, uint32_t stride, uint8_t *l1);
/* The first n of DEST's 64 rows of 16 values (face 0's 16 rows, then
 * face 1's, 2's, 3's) one after another at l1, in format df (one whose
 * values are whole bytes: sim_tile_elem_bytes). */
void sim_tile_pack_dest_rows(const float *t, uint32_t df, uint32_t n, uint8_t *l1);
/* Each value as format df holds it (the typecast). */
void sim_tile_round_to(float *t, uint32_t df);
/* A tile stored into a 16-bit DEST: each value as bf16, rounded to
 * nearest even (the FPU) or truncated (trunc: the SFPU); NaNs stay NaN. */
void sim_tile_dest_bf16(float *t, int trunc);
/* A tile stored into a 16-bit DEST in Float16 mode (tile_format.c says
 * the rules): each value as a half, rounded to nearest even (the FPU) or
 * truncated (the SFPU); below 2^-14 a signed zero. */
void sim_tile_dest_fp16(float *t, int trunc);
float sim_fp16_dest(float v, int trunc); /* one value */

/* tile_math.c: the matrix unit (FPU). */
float sim_fpu_mul(float srca, float srcb, int phases); /* a fidelity-phased product */
/* exact: the SIM_SRC_* flags both in0 and in1 have (0: nothing known);
 * cols: in0's columns that hold a value other than +-0 (bit c: column c;
 * all ones when not known): a fused matmul may leave out the others */
void sim_fpu_matmul(float *d, const float *in0, const float *in1, int transpose, int phases,
                    int cleared, unsigned exact, uint32_t cols);
void sim_fpu_eltwise(float *d, const float *a, const float *b, uint32_t binop, uint32_t bcast,
                     uint32_t reuse, int acc, int phases, int cleared);
void sim_fpu_reduce(float *d, const float *a, const float *scaler, uint32_t pool, uint32_t dim,
                    int phases, int cleared);
void sim_fpu_transpose(float *d, const float *a);
/* in place, bitwise; flags: TF_TDEST_* (TRANSPOSE_DEST's ARG1) */
void sim_fpu_transpose_dest(float *t, uint32_t flags);
/* unary_bcast: d = s broadcast as bcast (TF_BCAST_*), each value moved
 * whole, but COL through src B (b16: not the 32-bit path) of float values,
 * which is the FPU's add of zeros (sim_fpu_eltwise) */
void sim_fpu_unary_bcast(float *d, const float *s, uint32_t bcast, int b16, int integer);

/* tile_sfpu.c: the vector unit. 0, or -1 for an op it does not know
 * (sim_sfpu_run: the unary ops; sim_sfpu_binary: the TF_SFPU_IS_BINARY
 * ones, d[i] = f(x[i], y[i]), d may be x or y; narrow: DEST is 16-bit,
 * for an op that stores a value in DEST on its way (xlogy's ln y; 2:
 * DEST holds halves);
 * sim_sfpu_ternary: the TF_SFPU_IS_TERNARY ones, d[i] = f(x[i], y[i],
 * z[i]) with the op's scalar s (fp32 bits), d may be any of them). */
int sim_sfpu_run(float *d, uint32_t op, int approx, uint32_t p0, uint32_t p1);
/* One value of a unary op without parameters (SFPI's FN: tile_sfpi.c) */
float sim_sfpu_unary1(float x, uint32_t op, int approx);
int sim_sfpu_binary(float *d, const float *x, const float *y, uint32_t op, int narrow);
void sim_sfpu_isclose(float *d, const float *x, const float *y, const uint32_t tol[2],
                      int equal_nan);
int sim_sfpu_ternary(float *d, const float *x, const float *y, const float *z, uint32_t op,
                     uint32_t s);
/* Modeled cycles a tile; in_place: the output is the first source's tile;
 * variant: a family's member (ROUNDING's members differ in cost). */
uint32_t sim_sfpu_cycles(uint32_t op, int approx, int in_place, uint32_t variant);
int sim_sfpu_init_of(uint32_t op); /* the op whose init sets op up; 0: unknown op */
/* tile_sfpu_unary.c: the unary ops from TF_SFPU_CMP_ZERO on, one value
 * (x unchanged for another op); 1 if ARG2/ARG3 (p0, p1) are operands the
 * op knows (a family's member, rdiv's rounding mode), else 0; the modeled
 * cycles of a tile (0 for another op). */
float sim_sfpu_unary_more(float x, uint32_t op, uint32_t p0, uint32_t p1);
int sim_sfpu_args_ok(uint32_t op, uint32_t p0, uint32_t p1);
uint32_t sim_sfpu_cycles_more(uint32_t op, uint32_t p1);

/* tile_sfpu_int.c: integer tiles. The integer ops (TF_SFPU_IS_INT), d[i] =
 * f(x[i], y[i]) on format df's values (d may be x or y); the typecasts
 * with an integer side, in place (-1 for a pair the LLK has no cast for,
 * or two float formats); their modeled cycles (0: two float formats). */
int sim_sfpu_int_binary(float *d, const float *x, const float *y, uint32_t op, uint32_t df);
/* TF_SFPU_IS_INT_UNARY, in place: p0 the scalar, p1 a comparison's member */
int sim_sfpu_int_unary(float *d, uint32_t op, uint32_t p0, uint32_t p1);
int sim_sfpu_typecast_int(float *d, uint32_t in, uint32_t out);
/* tile_sfpu_reduce.c: sfpu_reduce's ops (TF_SFPU_IS_REDUCE) on a tile in
 * place, p1 their ARG3 (the DataFormat, TF_SFPU_REDUCE_ROW_DIM); their
 * modeled cycles */
int sim_sfpu_reduce(float *d, uint32_t op, uint32_t p1);
uint32_t sim_sfpu_reduce_cycles(uint32_t op, uint32_t p1);
uint32_t sim_sfpu_typecast_cycles(uint32_t in, uint32_t out);
/* tile_sfpu_cumsum.c: cumsum_tile on a tile in place, from carry (or +0
 * with first), carry then the tile's row 31 sums; its modeled cycles */
int sim_sfpu_cumsum(float *d, float *carry, int first);
uint32_t sim_sfpu_cumsum_cycles(int first);
/* tile_topk.c: a top-k command's network (sub a TF_TOPK_* sub-op, p its
 * arguments: LOCAL_SORT idir, end_phase, start_phase, end_step,
 * start_step; MERGE m_iter, top_min, k; REBUILD idir, m_iter, k, logk,
 * skip_second) on DEST's tiles 0-3 (values, then indices); 16-bit DEST:
 * narrow, f16 a tile's Float16 mode. 0 with the modeled cycles, or -1 for
 * an address past the four tiles (the checked arguments never give one). */
int sim_topk_run(float *tile[TF_TOPK_NUM_TILES], int narrow, const int f16[TF_TOPK_NUM_TILES],
                 uint32_t sub, const int *p, uint32_t *cycles);
/* tile_welford.c: Welford's statistics. Row `row` of tile t into w's
 * statistics, recip the reciprocal of the row's sample count; the raw
 * layout's save and restore at a group (mean into or from tile m, m2 or
 * the variance v); the finalize's rows. */
void sim_welford_row(sim_welford *w, const float *t, int row, float recip);
void sim_welford_store_raw(const float *vals, float *t, uint32_t group);
void sim_welford_load_raw(float *vals, const float *t, uint32_t group);
void sim_welford_variance(const sim_welford *w, float recip, float *var);
void sim_welford_store_row(const float *vals, float *t);

/* tile_simd.c: the hot loops vectorized for the host (AVX2 when the CPU
 * has it and TT_FOIL_TILE_SIMD is not 0), bit-identical to the portable
 * loops. Each returns 1 if it did the work, 0 if the caller's portable
 * loop must. */
enum { SIMD_PORTABLE, SIMD_AVX2, SIMD_AVX2_FMA, SIMD_AVX512 };
int sim_tile_simd(void); /* the level in use (0: the portable loops) */
/* tests, benchmarks: use `level` (at most the host's best; -1: the best);
 * returns the old level */
int sim_tile_simd_set(int level);
const char *sim_tile_simd_name(int level);
/* hi/lo parts of a tile for the fidelity phases (tile_math.c's part());
 * lo may be NULL; returns 0 or SIM_SPLIT_DONE with the other SIM_SPLIT_
 * bits */
int sim_simd_split(const float *x, float *hi, float *lo, uint32_t hi_mask, uint32_t lo_clear);
/* d += sum over p < n of xs[p] x ys[p], phase-outer, k-inner; xs and ys
 * the fidelity parts of in0 and in1, or (simple mode) in0 and in1
 * themselves */
int sim_simd_matmul(float *d, const float *const *xs, const float *const *ys, int n,
                    const float *in0, const float *in1, int simple, unsigned exact, uint32_t cols);
int sim_simd_eltwise(float *d, const float *a, const float *b, uint32_t binop, uint32_t bcast,
                     uint32_t reuse, int acc, int phases, int cleared);
int sim_simd_sfpu(float *d, uint32_t op, int approx, uint32_t p0);
int sim_simd_sfpu_binary(float *d, const float *x, const float *y, uint32_t op);
/* sim_tile_unpack of Float16_b: 0 (the caller's loop must), or its flags */
unsigned sim_simd_unpack_bf16(const uint8_t *l1, float *t, uint32_t *cols);
/* sim_tile_unpack of a block-float tile of magnitude width mw (7, 3, 1):
 * its flags if done (bitwise as the portable tf_bfp_unpack_row; the flags
 * as sim_tile_src_flags of the result), 0: not here. */
unsigned sim_simd_unpack_bfp(const uint8_t *l1, unsigned mw, float *t);
/* sim_fpu_reduce's SUM/AVG part (after its clear) on a with scaler s: 1 if
 * done (bitwise as the portable loops), 0: not here. */
int sim_simd_reduce_sum(float *d, const float *a, float s, uint32_t dim, int phases);
/* sim_tile_dest_bf16: 1 if done */
int sim_simd_dest_bf16(float *t, int trunc);
/* sim_tile_pack of Float16_b: 1 if done */
int sim_simd_pack_bf16(const float *t, uint8_t *l1);
/* sim_tile_unpack_rows and sim_tile_pack_rows of Float16_b: 1 if done */
int sim_simd_unpack_rows_bf16(const uint8_t *l1, uint32_t stride, float *t);
int sim_simd_pack_rows_bf16(const float *t, uint32_t stride, uint8_t *l1);
/* SFPI's MAD on a command's lanes (tile_sfpi.c): d = (a ^ na) x b + (c ^
 * nc), the SFPU's flushes; 1 if done (bitwise as the portable loop) */
int sim_simd_sfpi_mad(uint32_t *d, const uint32_t *a, uint32_t na, const uint32_t *b,
                      const uint32_t *c, uint32_t nc);

#endif
