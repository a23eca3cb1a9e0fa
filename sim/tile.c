/* The tile engine of a Tensix core (tf_tile.h, docs/chip.md "Tile
 * engine"): two double-banked source registers filled by the unpacker
 * (TRISC0), a destination register file of 2 x 8 tiles that the math unit
 * (TRISC1) computes into and the packer (TRISC2) drains. This file: the
 * commands, the hand-overs and time; the numerics are in tile_format.c,
 * tile_math.c and tile_sfpu.c.
 *
 * Time: an operation runs when its inputs are there, and keeps its TRISC
 * busy for its modeled cycles (docs/chip.md "Modeled cost"). Each
 * hand-over records when it happened in modeled time; a TRISC that waits
 * resumes no earlier than that, so the three stages overlap exactly as
 * far as the data lets them, and every run gives the same cycles. */
#include "tile_engine.h"
#include "tf_tile_layout.h"

#include <stdlib.h>
#include <string.h>

/* Unpack and pack move 64 bytes per cycle (an estimate: no public
 * per-tile figure; a bf16 tile in 32 cycles, fp32 in 64, Bfp8_b in 17,
 * Bfp4_b in 9, Bfp2_b in 5). */
#define TILE_BYTES_PER_CYCLE 64
/* fast tilize's pack of a tile (docs/chip.md "Fast tilize"): an estimate */
#define FAST_TILIZE_PACK_CYCLES 16

#define OP_ROLE(name, code, role, doc) [code] = role + 1,
static const uint8_t op_role[TF_TILE_NUM_OPS] = {TF_TILE_OPS(OP_ROLE)}; /* role + 1, 0: none */
#undef OP_ROLE

static sim_tile_engine *engine(sim_core *core)
{
    if (!core->tile) {
        /* 64-byte aligned (its tiles: tile_engine.h); the size is a
         * multiple of the alignment, as aligned_alloc asks */
        core->tile = aligned_alloc(_Alignof(sim_tile_engine), sizeof *core->tile);
        if (core->tile) memset(core->tile, 0, sizeof *core->tile);
    }
    return core->tile;
}

void sim_tile_reset(sim_core *core)
{
    if (!core->tile) return;
    uint32_t changes = core->tile->changes; /* a sibling's wait sees the reset as a change */
    memset(core->tile, 0, sizeof *core->tile);
    core->tile->changes = changes + 1;
}

/* The engine's other state stays from run to run, as the hardware's
 * configuration does (an init of the last run still counts); the carry
 * cumsum_tile keeps in SFPU registers is the kernel's own: a run's first
 * cumsum_tile with first = false faults rather than continue an earlier
 * run's column (tt-metal's cumsum kernels start each column with first =
 * true; the firmware and other kernels between runs are not modeled). */
void sim_tile_go(sim_core *core)
{
    if (!core->tile) return;
    core->tile->cumsum_state = CUMSUM_NONE;
    /* top-k's global starts at 0 in each kernel (its initializer); what
     * the replay buffer holds from before is not known */
    core->tile->topk_replay_init = 0;
    core->tile->topk_rec = TOPK_REC_NONE;
    /* no statistics and no welford_init yet: a kernel's updates need its
     * own (tt-metal's kernels call welford_init in each) */
    memset(&core->tile->wf, 0, sizeof core->tile->wf);
    if (core->tile->sfpu_init == SIM_SFPU_INIT_WELFORD) core->tile->sfpu_init = 0;
    sim_sfpi_go(&core->tile->sfpi);
}

void sim_tile_free(sim_core *core)
{
    free(core->tile);
    core->tile = NULL;
}

/* ---- commands ------------------------------------------------------------------- */

static int fault(sim_core_hart *sh, int op, uint32_t why)
{
    sh->fault_detail = TF_FAULT_DETAIL_TILE;
    sh->fault_aux = (uint64_t)why << 32 | (uint32_t)op;
    return TF_BUS_FAULT;
}

/* The caller waits: the scheduler re-issues the command every round,
 * without moving the TRISC's clock (run_at does, to the exact time). */
static int wait(sim_core_hart *sh, int cause)
{
    sim_perf_block(sh, cause, 0);
    sh->state = TF_HS_WAIT_TILE;
    sh->tile_epoch = sh->core->tile->changes;
    return TF_BUS_BLOCK;
}

/* Resume no earlier than `t` (a wait for `cause`), then keep `unit` busy
 * for `cycles` (TF_PERF_UNIT_*; the counters: sim/perf.c). */
static void run_at(sim_core_hart *sh, uint64_t t, uint32_t cycles, int cause, int unit)
{
    sim_hart *h = &sh->h;
    uint64_t now = sim_hart_cycle(h);
    if (now < t) {
        h->cyc_extra += t - now;
        sim_perf_wait(sh, cause, t - now);
    }
    h->cyc_extra += cycles;
    sim_core *core = sh->core;
    core->perf.unit_busy[unit] += cycles;
    core->perf_tile = 1; /* (the counters' marks: sim/chip.h) */
    if (sh->perf.open) core->perf.risc[sh->risc].tile += cycles;
}

static int fault_aux(sim_core_hart *sh, int op, uint32_t why, uint32_t a, uint32_t b, uint32_t c)
{
    return fault(sh, op, TF_TILE_FAULT_AUX(why, a, b, c));
}

/* A count in a fault's byte: 255 from 255 on. */
static uint32_t byte_of(uint32_t v)
{
    return v > 255 ? 255 : v;
}

/* A format argument a fault names: the data format (known: sim_tile_format
 * read it), a row-major one's, or 255. */
static uint32_t fmt_named(int known, uint32_t df, uint32_t fmt)
{
    return known ? df : fmt & 0x80000000u ? fmt & 0xff : 255;
}

/* L1 address addr of `bytes` bytes: a word-aligned span in user L1. */
static int span_ok(uint32_t addr, uint64_t bytes)
{
    return !(addr & 3) && addr >= TF_L1_USER_BASE && addr <= TF_L1_SIZE &&
           bytes <= (uint64_t)TF_L1_SIZE - addr;
}

/* A tile's L1 address and format argument: its data format and bytes. */
static int tile_arg(sim_core_hart *sh, int op, uint32_t addr, uint32_t fmt, uint32_t *df,
                    uint32_t *bytes)
{
    if (sim_tile_format(fmt, df, bytes))
        return fault_aux(sh, op, TF_TILE_ERR_FORMAT, fmt_named(0, 0, fmt), 0, 0);
    if (!span_ok(addr, *bytes)) return fault(sh, op, TF_TILE_ERR_ADDRESS);
    return TF_BUS_OK;
}

/* A row-major tile (32 rows `stride` values apart) at addr: Float32 or
 * Float16_b only (a block float has no row-major form). */
static int rows_arg(sim_core_hart *sh, int op, uint32_t addr, uint32_t fmt, uint32_t stride,
                    uint32_t *df, uint32_t *bytes)
{
    uint32_t tile_bytes;
    if (sim_tile_format(fmt, df, &tile_bytes) || !sim_tile_elem_bytes(*df))
        return fault_aux(sh, op, TF_TILE_ERR_FORMAT, fmt_named(0, 0, fmt), 0, 0);
    uint32_t es = sim_tile_elem_bytes(*df);
    uint64_t span = ((uint64_t)(TF_TILE_DIM - 1) * stride + TF_TILE_DIM) * es;
    if (stride < TF_TILE_DIM || !span_ok(addr, span)) return fault(sh, op, TF_TILE_ERR_ADDRESS);
    *bytes = TF_TILE_ELEMS * es;
    return TF_BUS_OK;
}

static int do_unpack(sim_core_hart *sh, sim_tile_engine *e, int op)
{
    int want_a = op != TF_TILE_UNPACK_B, want_b = op == TF_TILE_UNPACK_B || op == TF_TILE_UNPACK_AB;
    uint32_t addr_a = sh->tile_args[0], fmt_a = sh->tile_args[1];
    uint32_t addr_b = op == TF_TILE_UNPACK_AB ? sh->tile_args[2] : sh->tile_args[0];
    uint32_t fmt_b = op == TF_TILE_UNPACK_AB ? sh->tile_args[3] : sh->tile_args[1];
    uint32_t df_a = 0, df_b = 0, bytes_a = 0, bytes_b = 0;
    if (op == TF_TILE_UNPACK_TILIZE) {
        if (rows_arg(sh, op, addr_a, fmt_a, sh->tile_args[2], &df_a, &bytes_a)) return TF_BUS_FAULT;
    } else if (want_a && tile_arg(sh, op, addr_a, fmt_a, &df_a, &bytes_a)) {
        return TF_BUS_FAULT;
    }
    if (want_b && tile_arg(sh, op, addr_b, fmt_b, &df_b, &bytes_b)) return TF_BUS_FAULT;
    /* both banks full: wait until math frees one */
    if ((want_a && e->a.written - e->a.consumed == 2) ||
        (want_b && e->b.written - e->b.consumed == 2))
        return wait(sh, TF_PERF_WAIT_TILE_SRC);
    uint64_t t = 0;
    const uint8_t *l1 = sh->core->l1->data;
    if (want_a) {
        int k = e->a.written & 1;
        if (e->a.free_at[k] > t) t = e->a.free_at[k];
        if (op == TF_TILE_UNPACK_TILIZE) {
            sim_tile_unpack_rows(l1 + addr_a, df_a, sh->tile_args[2], e->a.bank[k]);
            e->a.integer[k] = TF_DF_INTEGER(df_a);
            e->a.exact[k] = 0; /* nothing known: a matmul scans it */
            e->a.cols[k] = 0xffffffffu;
        } else {
            e->a.exact[k] = sim_tile_unpack(l1 + addr_a, df_a, e->a.bank[k], &e->a.cols[k]);
            e->a.integer[k] = TF_DF_INTEGER(df_a);
        }
        e->a.fp16[k] = TF_DF_EXP_A(df_a);
        e->a.df[k] = (uint8_t)df_a;
    }
    if (want_b) {
        int k = e->b.written & 1;
        if (e->b.free_at[k] > t) t = e->b.free_at[k];
        e->b.exact[k] = sim_tile_unpack(l1 + addr_b, df_b, e->b.bank[k], &e->b.cols[k]);
        e->b.fp16[k] = TF_DF_EXP_A(df_b);
        e->b.integer[k] = TF_DF_INTEGER(df_b);
        e->b.df[k] = (uint8_t)df_b;
    }
    run_at(sh, t, (bytes_a + bytes_b) / TILE_BYTES_PER_CYCLE, TF_PERF_WAIT_TILE_SRC,
           TF_PERF_UNIT_UNPACK);
    uint64_t done = sim_hart_cycle(&sh->h);
    if (want_a) e->a.ready_at[e->a.written++ & 1] = done;
    if (want_b) e->b.ready_at[e->b.written++ & 1] = done;
    return TF_BUS_OK;
}

/* ---- math ------------------------------------------------------------------------ */

/* DEST tiles a kernel may use: 8 a half (16-bit DEST, and simple mode's
 * fp32 DEST of issue 7), 4 with fp32_dest_acc_en (docs/chip.md). */
static uint32_t dest_capacity(const sim_tile_engine *e)
{
    return e->cfg.strict && e->cfg.fp32_acc ? TF_TILE_DEST_HALF_FP32 : TF_TILE_DEST_HALF;
}

/* DEST holds 16-bit values (tt-metal mode without fp32_dest_acc_en). */
static int dest_16bit(const sim_tile_engine *e)
{
    return e->cfg.strict && !e->cfg.fp32_acc;
}

/* A value stored into DEST: a 16-bit DEST holds bf16, or halves in its
 * Float16 mode (f16: dest_mode), rounded to nearest even by the FPU and
 * truncated by the SFPU (tt-metal's default; `sfpu` 0 also for an SFPU op
 * that rounds, TF_SFPU_RNE). */
static void dest_store(const sim_tile_engine *e, float *d, int sfpu, int f16)
{
    if (!dest_16bit(e)) return;
    if (f16)
        sim_tile_dest_fp16(d, sfpu);
    else
        sim_tile_dest_bf16(d, sfpu);
}

#define INIT_CLASS(name, code, fn) [code] = 1,
static const uint8_t init_class[TF_TILE_NUM_INITS] = {TF_TILE_INITS(INIT_CLASS)}; /* 0: no class */
#undef INIT_CLASS

/* An SFPU init of op sop, on either thread: its code may use the
 * registers cumsum_tile's carry is in (cumsum_tile_init only records its
 * adds for replay). */
static void sfpu_init_done(sim_tile_engine *e, uint32_t sop)
{
    if (sop != TF_SFPU_CUMSUM && e->cumsum_state == CUMSUM_KEPT) {
        e->cumsum_state = CUMSUM_LOST_INIT;
        e->cumsum_lost = (uint8_t)sop;
    }
}

/* SFPU code ran (the op sop, or TF_SFPU_BY_SFPI: a kernel's SFPI code): it
 * uses the registers cumsum_tile's carry and Welford's statistics are
 * kept in (a cumsum_tile then keeps its own carry: its caller sets it) */
static void sfpu_regs_used(sim_tile_engine *e, uint32_t sop)
{
    if (e->cumsum_state != CUMSUM_NONE) {
        e->cumsum_state = CUMSUM_LOST_OP;
        e->cumsum_lost = (uint8_t)sop;
    }
    if (e->wf.state == WF_LIVE) {
        e->wf.state = WF_CLOBBERED;
        e->wf.why = (uint8_t)sop;
    }
}

static int do_init(sim_core_hart *sh, sim_tile_engine *e, int op)
{
    uint32_t arg = sh->tile_args[0], cfg = sh->tile_args[1];
    uint32_t cls = arg & 0xff, p1 = (arg >> 8) & 0xff, p2 = (arg >> 16) & 0xff;
    uint32_t fid = TF_TILE_CFG_FIDELITY_OF(cfg);
    if (cls >= TF_TILE_NUM_INITS || !init_class[cls])
        return fault_aux(sh, op, TF_TILE_ERR_ARG, cls, 0, 0);
    /* fast tilize's width: 1 is tilize's (the C API sends tilize_init) */
    if (cls == TF_TILE_INIT_FAST_TILIZE && p1 < 2)
        return fault_aux(sh, op, TF_TILE_ERR_LAYOUT_RULE, TF_LAYOUT_FAST_WIDTH, p1, 0);
    if (fid != TF_FIDELITY_LOFI && (fid < TF_FIDELITY_HIFI2 || fid > TF_FIDELITY_HIFI4))
        return fault_aux(sh, op, TF_TILE_ERR_ARG, fid, 0, 0);
    if ((cls == TF_TILE_INIT_SFPU && !sim_sfpu_init_of(p1)) ||
        (cls == TF_TILE_INIT_WELFORD && p1 > 1))
        return fault_aux(sh, op, TF_TILE_ERR_ARG, p1, 0, 0);
    e->cfg.strict = 1;
    e->cfg.fp32_acc = (cfg & TF_TILE_CFG_FP32_ACC) != 0;
    e->cfg.phases = fid == TF_FIDELITY_LOFI ? 1 : (int)fid;
    /* a block matmul's ct x rt output tiles must fit the DEST half */
    if (cls == TF_TILE_INIT_MATMUL && p2 > dest_capacity(e))
        return fault_aux(sh, op, TF_TILE_ERR_DEST, p2, dest_capacity(e), 0);
    /* another SFPU op's init may record into the replay buffer top-k's
     * calls replay */
    if ((cls == TF_TILE_INIT_SFPU && p1 != TF_SFPU_TOPK) || cls == TF_TILE_INIT_WELFORD)
        e->topk_rec = TOPK_REC_OTHER;
    if (cls == TF_TILE_INIT_SFPU) {
        e->sfpu_init = p1;
        sfpu_init_done(e, p1);
        if (e->wf.ready) e->wf.taken = (uint8_t)p1; /* its own set-up replaces welford_init's */
        e->wf.ready = 0;
    } else if (cls == TF_TILE_INIT_WELFORD) {
        /* an SFPU init (the FPU's stays); p1 1: PreserveStats, the
         * statistics kept as they are */
        e->sfpu_init = SIM_SFPU_INIT_WELFORD;
        e->wf.ready = 1;
        e->wf.taken = 0;
        if (!p1) {
            memset(e->wf.mean, 0, sizeof e->wf.mean);
            memset(e->wf.m2, 0, sizeof e->wf.m2);
            e->wf.state = WF_LIVE;
        }
    } else {
        e->fpu_init = arg;
        /* tt-llk's transpose_dest init records replay slots 16-31, which
         * hold welford_init's update for two of the four input registers,
         * and sets ADDR_MOD_3, which its loads use */
        if (cls == TF_TILE_INIT_TRANSPOSE_DEST && e->wf.ready) {
            e->wf.ready = 0;
            e->wf.taken = TF_WELFORD_BY_TDEST;
        }
    }
    run_at(sh, 0, 8, 0, TF_PERF_UNIT_FPU);
    return TF_BUS_OK;
}

/* A math operation, decoded: what it computes and what it reads. */
typedef struct math_op {
    int kind; /* a TF_TILE_* opcode: COPY, ELTWISE, MATMUL, BIAS, REDUCE, REDUCE_COLS/ROWS,
                 TRANSPOSE, SFPU, TRANSPOSE_DEST, UNARY_BCAST */
    uint32_t binop, bcast, reuse, pool, dim, sfpu, approx, rne;
    uint32_t tdest;   /* TRANSPOSE_DEST: its TF_TDEST_* flags */
    uint32_t path32;  /* UNARY_BCAST: TF_UBCAST_32BIT when its tile takes the 32-bit path */
    int u16;          /* UNARY_BCAST: of a UInt16 tile */
    uint32_t variant; /* SFPU: ARG3 (a family's member: ROUNDING's cost) */
    uint32_t fast;    /* COPY: its TF_FAST_TILIZE_ARG (fast tilize), else 0 */
    uint32_t layout;  /* COPY: TF_COPY_TILIZE or TF_COPY_UNTILIZE (that op's copy), else 0 */
    int uses;         /* source registers: bit 0 A, bit 1 B */
    int in_place;     /* a ternary SFPU op writes its first source's tile */
    uint32_t faces;   /* SFPU: the faces it computes (TF_SFPU_VM_FACES), else 0xf */
} math_op;

static int decode(sim_core_hart *sh, int op, math_op *m)
{
    uint32_t arg = sh->tile_args[1];
    memset(m, 0, sizeof *m);
    m->kind = op;
    m->uses = 3;
    m->faces = 0xf;
    switch (op) {
    case TF_TILE_COPY:
        m->uses = 1;
        m->fast = arg & TF_FAST_TILIZE_FLAG ? arg : 0;
        m->layout = m->fast ? 0 : arg & (TF_COPY_TILIZE | TF_COPY_UNTILIZE);
        if (m->fast && (TF_FAST_TILIZE_U(arg) < 2 || TF_FAST_TILIZE_U(arg) > 4 ||
                        TF_FAST_TILIZE_K(arg) >= TF_FAST_TILIZE_U(arg)))
            return fault_aux(sh, op, TF_TILE_ERR_ARG, TF_FAST_TILIZE_U(arg), 0, 0);
        break;
    case TF_TILE_TRANSPOSE:
    case TF_TILE_REDUCE_COLS:
    case TF_TILE_REDUCE_ROWS: m->uses = 1; break;
    case TF_TILE_BIAS: m->uses = 2; break;
    case TF_TILE_TRANSPOSE_DEST: /* DEST alone: no source register */
        m->uses = 0;
        m->tdest = arg;
        if (!TF_TDEST_FLAGS_OK(arg)) return fault_aux(sh, op, TF_TILE_ERR_ARG, arg, 0, 0);
        break;
    case TF_TILE_UNARY_BCAST: /* NONE copies src A; a broadcast reads src B, as tt-llk's */
        m->bcast = arg;
        if (arg > TF_BCAST_SCALAR) return fault_aux(sh, op, TF_TILE_ERR_ARG, arg, 0, 0);
        m->uses = arg == TF_BCAST_NONE ? 1 : 2;
        break;
    case TF_TILE_ADD:
    case TF_TILE_SUB:
    case TF_TILE_MUL:
        m->kind = TF_TILE_ELTWISE;
        m->binop = (uint32_t)(op - TF_TILE_ADD);
        break;
    case TF_TILE_ADD_BCAST:
        m->kind = TF_TILE_ELTWISE;
        m->bcast = TF_BCAST_ROW;
        break;
    case TF_TILE_ELTWISE:
        m->binop = arg & 0xf;
        m->bcast = (arg >> 4) & 0xf;
        m->reuse = (arg >> 8) & 0xf;
        if (m->binop > TF_BINOP_MUL) return fault_aux(sh, op, TF_TILE_ERR_ARG, m->binop, 0, 0);
        if (m->bcast > TF_BCAST_SCALAR) return fault_aux(sh, op, TF_TILE_ERR_ARG, m->bcast, 0, 0);
        if (m->reuse > TF_REUSE_DEST_TO_SRCB || (m->reuse && m->bcast))
            return fault_aux(sh, op, TF_TILE_ERR_ARG, m->reuse, 0, 0);
        m->uses = m->reuse == TF_REUSE_DEST_TO_SRCA ? 2 : m->reuse ? 1 : 3;
        break;
    case TF_TILE_REDUCE:
        m->pool = arg & 0xf;
        m->dim = (arg >> 4) & 0xf;
        if (m->pool > TF_POOL_MAX) return fault_aux(sh, op, TF_TILE_ERR_ARG, m->pool, 0, 0);
        if (m->dim > TF_REDUCE_SCALAR) return fault_aux(sh, op, TF_TILE_ERR_ARG, m->dim, 0, 0);
        break;
    case TF_TILE_RELU:
    case TF_TILE_SFPU:
    case TF_TILE_SFPU_PACK: /* (the same ops, on the pack thread: math_in) */
        m->kind = TF_TILE_SFPU;
        m->sfpu = op == TF_TILE_RELU ? TF_SFPU_RELU : arg & 0xff;
        m->approx = op != TF_TILE_RELU && (arg & TF_SFPU_APPROX);
        m->rne = op != TF_TILE_RELU && (arg & TF_SFPU_RNE);
        if (!sim_sfpu_init_of(m->sfpu)) return fault_aux(sh, op, TF_TILE_ERR_ARG, m->sfpu, 0, 0);
        m->faces = op == TF_TILE_RELU ? 0xf : TF_SFPU_VM_FACES(TF_SFPU_VM_OF(arg));
        /* (ops whose values cross faces, or whose LLK walks fixed faces:
         * the walk of a vector mode does not apply) */
        if (m->faces != 0xf && (TF_SFPU_IS_REDUCE(m->sfpu) || m->sfpu == TF_SFPU_CUMSUM ||
                                TF_SFPU_IS_BCAST(m->sfpu) || m->sfpu == TF_SFPU_SUM_INT_COL ||
                                m->sfpu == TF_SFPU_SUM_INT_ROW || m->sfpu == TF_SFPU_TOPK))
            return fault_aux(sh, op, TF_TILE_ERR_VECTOR_MODE, 1, 0, m->sfpu);
        /* sfpu_reduce's ct_dim and rt_dim: one tile */
        if (TF_SFPU_IS_REDUCE(m->sfpu) && sh->tile_args[2] != TF_SFPU_REDUCE_ONE_TILE) {
            uint32_t ct = sh->tile_args[2] & 0xffffu, rt = sh->tile_args[2] >> 16;
            return fault_aux(sh, op, TF_TILE_ERR_REDUCE_BLOCK, byte_of(ct), byte_of(rt), m->sfpu);
        }
        /* a unary op's ARG3 naming no member of its family (or rdiv's mode,
         * or a DataFormat sfpu_reduce's op does not take) */
        if (!TF_SFPU_IS_BINARY(m->sfpu) &&
            !sim_sfpu_args_ok(m->sfpu, sh->tile_args[2], sh->tile_args[3]))
            return fault_aux(sh, op, TF_TILE_ERR_ARG, sh->tile_args[3], 0, m->sfpu);
        /* an integer op's format, a typecast's pair (ARG2 to ARG3) */
        if (TF_SFPU_IS_INT(m->sfpu) && !TF_DF_INT_OP(TF_SFPU_DF_OF(arg)))
            return fault_aux(sh, op, TF_TILE_ERR_ARG, TF_SFPU_DF_OF(arg), 0, m->sfpu);
        /* mask_tile's format: one its LLK has a variant for */
        if (m->sfpu == TF_SFPU_MASK && !TF_SFPU_MASK_DF_OK(TF_SFPU_DF_OF(arg)))
            return fault_aux(sh, op, TF_TILE_ERR_ARG, TF_SFPU_DF_OF(arg), 0, m->sfpu);
        if (m->sfpu == TF_SFPU_TYPECAST && !TF_TYPECAST_OK(sh->tile_args[2], sh->tile_args[3]))
            return fault_aux(sh, op, TF_TILE_ERR_ARG,
                             TF_DF_INTEGER(sh->tile_args[2]) ? sh->tile_args[3] : sh->tile_args[2],
                             0, m->sfpu);
        m->variant = m->sfpu == TF_SFPU_TYPECAST
                         ? (sh->tile_args[3] & 0xff) | (sh->tile_args[2] & 0xff) << 8
                         : sh->tile_args[3];
        m->uses = 0;
        m->in_place = TF_SFPU_IS_TERNARY(m->sfpu) &&
                      sh->tile_args[0] == TF_SFPU_DEST3_OF(sh->tile_args[2], 0);
        break;
    }
    return TF_BUS_OK;
}

/* tt-metal mode: the op's init must be the one set up (docs/chip.md,
 * "Inits"). BIAS and the scaled REDUCE_COLS/ROWS are tt-foil's own, with
 * no init. */
static int check_init(sim_core_hart *sh, const sim_tile_engine *e, int op, const math_op *m)
{
    if (!e->cfg.strict) return TF_BUS_OK;
    if (m->kind == TF_TILE_SFPU) { /* (the pack thread's own init for its ops) */
        uint32_t want = (uint32_t)sim_sfpu_init_of(m->sfpu),
                 have = op == TF_TILE_SFPU_PACK ? e->sfpu_init_pack : e->sfpu_init;
        if (have != want)
            return fault_aux(sh, op, TF_TILE_ERR_SFPU_INIT, want, have,
                             op != TF_TILE_RELU ? m->sfpu : 0);
        return TF_BUS_OK;
    }
    uint32_t cls = e->fpu_init & 0xff, p1 = (e->fpu_init >> 8) & 0xff;
    uint32_t p2 = (e->fpu_init >> 16) & 0xff, p3 = (e->fpu_init >> 24) & 0xf;
    uint32_t want;
    int ok;
    switch (m->kind) {
    case TF_TILE_COPY: /* fast tilize's: its init, for this block width */
        if (m->fast) {
            want = TF_TILE_INIT_FAST_TILIZE;
            ok = cls == want && p1 == TF_FAST_TILIZE_BLOCK(m->fast);
            break;
        }
        /* tilize_block's and untilize_block's copies need their own init
         * (a copy init leaves the unpacker reading tiles); a plain
         * copy_tile takes any of the three */
        if (m->layout) {
            want = m->layout == TF_COPY_TILIZE ? TF_TILE_INIT_TILIZE : TF_TILE_INIT_UNTILIZE;
            ok = cls == want;
            break;
        }
        want = TF_TILE_INIT_COPY;
        ok = cls == TF_TILE_INIT_COPY || cls == TF_TILE_INIT_TILIZE || cls == TF_TILE_INIT_UNTILIZE;
        break;
    case TF_TILE_TRANSPOSE:
        want = TF_TILE_INIT_TRANSPOSE;
        ok = cls == want;
        break;
    case TF_TILE_ELTWISE:
        want = TF_TILE_INIT_BINARY;
        ok = cls == want && p2 == m->bcast && p3 == m->reuse &&
             (p1 == m->binop || (p1 == TF_BINOP_ANY && m->bcast == TF_BCAST_NONE));
        break;
    case TF_TILE_MATMUL:
        want = TF_TILE_INIT_MATMUL;
        ok = cls == want;
        break;
    case TF_TILE_REDUCE:
        want = TF_TILE_INIT_REDUCE;
        ok = cls == want && p1 == m->pool && p2 == m->dim;
        break;
    case TF_TILE_TRANSPOSE_DEST: /* its init programs the math unit for these flags */
        want = TF_TILE_INIT_TRANSPOSE_DEST;
        ok = cls == want && p1 == m->tdest;
        break;
    case TF_TILE_UNARY_BCAST: /* its init programs the unpacker and math for the broadcast */
        want = TF_TILE_INIT_UNARY_BCAST;
        ok = cls == want && p1 == m->bcast;
        break;
    default: return TF_BUS_OK;
    }
    return ok ? TF_BUS_OK : fault_aux(sh, op, TF_TILE_ERR_INIT, want, cls, 0);
}

/* transpose_wh_dest's cycles (docs/chip.md, "Modeled cost"), an estimate
 * (no public figure): one a math-unit instruction of tt-llk's Blackhole
 * sequence (llk_math_transpose_dest.h). 16-bit: per face 4 moves of 4 rows
 * from DEST to source B, the transpose, 4 moves back (face 1 parked in
 * source A, face 2 written to face 1's place), then 2 moves of 8 rows of
 * face 1 into face 2's place: 4 x 9 + 2. 32-bit: each value as two 16-bit
 * halves, the whole sequence twice, and the faces' rows moved again: 80
 * (tt-llk's versions count 72 to 82). Both modes. */
#define TDEST_CYCLES_16 38
#define TDEST_CYCLES_32 80
static uint32_t tdest_cycles(uint32_t flags)
{
    return flags & TF_TDEST_32BIT ? TDEST_CYCLES_32 : TDEST_CYCLES_16;
}

/* unary_bcast's cycles (docs/chip.md, "Modeled cost"), an estimate (no
 * public figure): one a math-unit data instruction of tt-llk's Blackhole
 * sequence (llk_math_eltwise_unary_datacopy.h; its configuration writes
 * and counter resets not counted). Through src B: 8, as copy_tile's, for
 * each type: ROW's and SCALAR's MOVB2D broadcast 8 rows an instruction
 * (4 faces x 2, 1 x 8), COL's ELWADD adds 8 rows (2 passes x 2 faces x
 * 2), NONE is the copy's 8 MOVA2D; a UInt16 tile's COL is MOVB2D of 4
 * rows (tt-llk keeps UInt16 from the FPU's add): 16. The 32-bit path:
 * the tile is unpacked straight into DEST, then 4 ZEROACCs (a face each)
 * and the broadcast of each value's high and low halves through src B:
 * ROW 2 x (2 MOVD2B + 8 MOVB2D), SCALAR 2 x (1 + 8), COL 2 face pairs x
 * 2 halves x (4 + 8). */
static uint32_t ubcast_cycles(const math_op *m)
{
    static const uint8_t wide[] = {[TF_BCAST_NONE] = 4,
                                   [TF_BCAST_COL] = 4 + 48,
                                   [TF_BCAST_ROW] = 4 + 20,
                                   [TF_BCAST_SCALAR] = 4 + 18};
    if (m->path32) return wide[m->bcast];
    return m->bcast == TF_BCAST_COL && m->u16 ? 16 : 8;
}

/* fast tilize's math (docs/chip.md "Fast tilize"), an estimate (no public
 * figure): one cycle a move of tt-llk's Blackhole sequence, 32 a chunk
 * whatever its width (4 source-register loads of 8 tensor rows, each
 * moved 8 rows at a time: the source keeps 4 tiles' places for 2 or 3),
 * shared among the chunk's tiles, its first taking what does not divide
 * (3 tiles: 12, 10, 10). */
#define FAST_TILIZE_MATH_CYCLES 32
static uint32_t fast_tilize_math_cycles(uint32_t arg)
{
    uint32_t u = TF_FAST_TILIZE_U(arg);
    return FAST_TILIZE_MATH_CYCLES / u + (TF_FAST_TILIZE_K(arg) ? 0 : FAST_TILIZE_MATH_CYCLES % u);
}

static uint32_t math_cycles_tile(const sim_tile_engine *e, const math_op *m);

/* Modeled cycles of a math op: an SFPU op over part of a tile (a vector
 * mode) the faces' share of the whole tile's, rounded up. */
static uint32_t math_cycles(const sim_tile_engine *e, const math_op *m)
{
    uint32_t c = math_cycles_tile(e, m);
    if (m->faces == 0xf) return c;
    uint32_t n = (uint32_t)__builtin_popcount(m->faces);
    return (c * n + 3) / 4;
}

/* Modeled cycles of a math op on a whole tile (docs/chip.md, "Modeled
 * cost"). Simple mode keeps issue 7's figures; tt-metal mode uses the
 * published FPU rates (tech_reports/matrix_engine: 8x16 elementwise, 16x16
 * reduce, 8x16x16 matmul per cycle, x fidelity phases for multiplies). */
static uint32_t math_cycles_tile(const sim_tile_engine *e, const math_op *m)
{
    uint32_t ph = e->cfg.phases ? (uint32_t)e->cfg.phases : 4;
    if (m->fast) return fast_tilize_math_cycles(m->fast);
    if (!e->cfg.strict) {
        switch (m->kind) {
        case TF_TILE_MATMUL: return sim_tile_matmul_cycles(0);
        case TF_TILE_REDUCE:
        case TF_TILE_REDUCE_COLS:
        case TF_TILE_REDUCE_ROWS: return 32;
        case TF_TILE_SFPU:
            return m->sfpu == TF_SFPU_RELU
                       ? 32
                       : sim_sfpu_cycles(m->sfpu, m->approx, m->in_place, m->variant);
        case TF_TILE_TRANSPOSE_DEST: return tdest_cycles(m->tdest);
        case TF_TILE_UNARY_BCAST: return ubcast_cycles(m);
        default: return 16;
        }
    }
    switch (m->kind) {
    case TF_TILE_MATMUL: return sim_tile_matmul_cycles((int)ph);
    case TF_TILE_ELTWISE: return (m->binop == TF_BINOP_MUL ? 8 * ph : 8) + (m->reuse ? 8 : 0);
    case TF_TILE_REDUCE: return m->pool == TF_POOL_MAX ? 4 : 4 * ph;
    case TF_TILE_REDUCE_COLS:
    case TF_TILE_REDUCE_ROWS: return 4;
    case TF_TILE_SFPU: return sim_sfpu_cycles(m->sfpu, m->approx, m->in_place, m->variant);
    case TF_TILE_TRANSPOSE_DEST: return tdest_cycles(m->tdest);
    case TF_TILE_UNARY_BCAST: return ubcast_cycles(m);
    default: return 8; /* COPY, TRANSPOSE, BIAS: one pass at the elementwise rate */
    }
}

/* A matmul tile op's cycles: 16 per fidelity phase (tt-metal mode), 64 in
 * simple mode (issue 7's figure, HiFi4's cost). Also the chip's modeled
 * FPU peak (tf_chip_info.matmul_cycles). */
#define TILE_MATMUL_CYCLES_PER_PHASE 16
#define TILE_MATMUL_CYCLES_SIMPLE    64
uint32_t sim_tile_matmul_cycles(int phases)
{
    return phases ? TILE_MATMUL_CYCLES_PER_PHASE * (uint32_t)phases : TILE_MATMUL_CYCLES_SIMPLE;
}

/* The op's FLOPs by kind (contracts/tf_perf.h) and the fidelity it ran at. */
static void count_flops(sim_core *core, const sim_tile_engine *e, const math_op *m)
{
    static const uint64_t per_tile[] = {
#define FLOPS_OF(name, label, flops) flops,
        TF_PERF_FLOP_KINDS(FLOPS_OF)
#undef FLOPS_OF
    };
    int k;
    switch (m->kind) {
    case TF_TILE_MATMUL: k = TF_PERF_FLOP_MATMUL; break;
    case TF_TILE_ELTWISE: k = TF_PERF_FLOP_ELTWISE; break;
    case TF_TILE_REDUCE: k = TF_PERF_FLOP_REDUCE; break;
    case TF_TILE_BIAS:
    case TF_TILE_REDUCE_COLS:
    case TF_TILE_REDUCE_ROWS: k = TF_PERF_FLOP_BIAS; break;
    case TF_TILE_SFPU: k = TF_PERF_FLOP_SFPU; break;
    default: return; /* COPY, TRANSPOSE, TRANSPOSE_DEST, UNARY_BCAST: data movement */
    }
    /* (an SFPU op over part of a tile: its faces' share) */
    core->perf.flops[k] += per_tile[k] * (uint64_t)__builtin_popcount(m->faces) / 4;
    core->perf.tiles[k]++;
    core->perf_tile = 1;
    if (m->kind != TF_TILE_SFPU) core->perf.fidelity = (uint64_t)e->cfg.phases;
}

/* bias_add_tile: DEST += B's row 0 on every row, one add an element (a
 * row at a time, so the compiler vectorizes it: the same adds). */
static void bias_add(float *restrict d, const float *restrict b)
{
    for (int r = 0; r < TF_TILE_DIM; r++)
        for (int k = 0; k < TF_TILE_DIM; k++) d[r * TF_TILE_DIM + k] += b[k];
}

static void compute_tile(sim_tile_engine *e, const math_op *m, float *d, uint8_t *dirty,
                         uint8_t *plain, const float *a, const float *b, const float *c,
                         unsigned exact, uint32_t cols, const uint32_t *args, int integer, int f16);

/* Face f's 16 x 16 values of a tile, from src to dst (row-major tiles). */
static void copy_face(float *dst, const float *src, int f)
{
    int r0 = (f >> 1) * 16, c0 = (f & 1) * 16;
    for (int r = r0; r < r0 + 16; r++)
        memcpy(dst + r * TF_TILE_DIM + c0, src + r * TF_TILE_DIM + c0, 16 * sizeof *dst);
}

/* One math op into DEST tile d. An SFPU op over part of the tile computes
 * the whole tile (its ops are elementwise) and puts back the faces it
 * leaves, as they were. */
static void compute(sim_tile_engine *e, const math_op *m, float *d, uint8_t *dirty, uint8_t *plain,
                    const float *a, const float *b, const float *c, unsigned exact, uint32_t cols,
                    const uint32_t *args, int integer, int f16)
{
    if (m->faces == 0xf) {
        compute_tile(e, m, d, dirty, plain, a, b, c, exact, cols, args, integer, f16);
        return;
    }
    tile_t keep;
    memcpy(keep, d, sizeof keep);
    compute_tile(e, m, d, dirty, plain, a, b, c, exact, cols, args, integer, f16);
    for (int f = 0; f < 4; f++)
        if (!(m->faces >> f & 1)) copy_face(d, keep, f);
}

static void compute_tile(sim_tile_engine *e, const math_op *m, float *d, uint8_t *dirty,
                         uint8_t *plain, const float *a, const float *b, const float *c,
                         unsigned exact, uint32_t cols, const uint32_t *args, int integer, int f16)
{
    int was_plain = !*dirty || *plain;
    *plain = 0;
    int ph = e->cfg.phases, cleared = !*dirty;
    uint32_t acc = (e->fpu_init >> 28) & 1;
    float scale;
    memcpy(&scale, &args[1], 4);
    switch (m->kind) {
    case TF_TILE_COPY:
        memcpy(d, a, sizeof(tile_t));
        /* fast tilize: bf16 whatever the DEST (tt-llk's unpacker narrows
         * Float32 on its way to source A, nearest even in our model) */
        if (m->fast) sim_tile_dest_bf16(d, 0);
        break;
    case TF_TILE_TRANSPOSE: sim_fpu_transpose(d, a); break;
    case TF_TILE_UNARY_BCAST:
        sim_fpu_unary_bcast(d, m->bcast == TF_BCAST_NONE ? a : b, m->bcast, !m->path32, integer);
        break;
    case TF_TILE_TRANSPOSE_DEST: /* moves values only: DEST's format as it was, no -0 or NaN made */
        sim_fpu_transpose_dest(d, m->tdest);
        *plain = was_plain;
        *dirty = 1;
        return;
    case TF_TILE_ELTWISE:
        sim_fpu_eltwise(d, a, b, m->binop, m->bcast, m->reuse, e->cfg.strict && acc, ph, cleared);
        break;
    case TF_TILE_MATMUL:
        sim_fpu_matmul(d, a, b, e->cfg.strict && ((e->fpu_init >> 8) & 1), ph, cleared,
                       exact | (was_plain ? SIM_DEST_PLAIN : 0), cols);
        *plain =
            was_plain &&
            (exact & (SIM_SRC_KNOWN | SIM_SRC_IN_RANGE)) == (SIM_SRC_KNOWN | SIM_SRC_IN_RANGE) &&
            (!e->cfg.strict || e->cfg.fp32_acc);
        break;
    case TF_TILE_BIAS: bias_add(d, b); break;
    case TF_TILE_REDUCE: sim_fpu_reduce(d, a, b, m->pool, m->dim, ph, cleared); break;
    case TF_TILE_REDUCE_COLS:
        for (int c = 0; c < TF_TILE_DIM; c++) {
            float s = 0;
            for (int r = 0; r < TF_TILE_DIM; r++) s += a[r * TF_TILE_DIM + c];
            d[c] += scale * s;
        }
        break;
    case TF_TILE_REDUCE_ROWS:
        for (int r = 0; r < TF_TILE_DIM; r++) {
            float s = 0;
            for (int c = 0; c < TF_TILE_DIM; c++) s += a[r * TF_TILE_DIM + c];
            d[r * TF_TILE_DIM] += scale * s;
        }
        break;
    case TF_TILE_SFPU: /* a, b (and c): the DEST tiles a binary (ternary) op reads */
        if (m->sfpu == TF_SFPU_ISCLOSE)
            sim_sfpu_isclose(d, a, b, e->isclose_tol, (args[1] & TF_SFPU_APPROX) != 0);
        else if (TF_SFPU_IS_TERNARY(m->sfpu))
            sim_sfpu_ternary(d, a, b, c, m->sfpu, args[3]);
        else if (TF_SFPU_IS_INT(m->sfpu))
            sim_sfpu_int_binary(d, a, b, m->sfpu, TF_SFPU_DF_OF(args[1]));
        else if (TF_SFPU_IS_BINARY(m->sfpu))
            sim_sfpu_binary(d, a, b, m->sfpu, dest_16bit(e) ? 1 + f16 : 0);
        else if (m->sfpu == TF_SFPU_CUMSUM) /* (the carry: fp32, before DEST's store) */
            sim_sfpu_cumsum(d, e->cumsum_carry, (args[3] & TF_SFPU_CUMSUM_FIRST) != 0);
        else
            sim_sfpu_run(d, m->sfpu, (int)m->approx, args[2], args[3]);
        break;
    }
    if (!integer) dest_store(e, d, m->kind == TF_TILE_SFPU && !m->rne, f16);
    *dirty = 1;
}

/* A released DEST tile read again: its zeros (a release leaves it stale
 * rather than zeroing it, for the ops that overwrite it whole). */
static void dest_fresh(sim_tile_engine *e, int slot)
{
    if (!e->stale[slot]) return;
    memset(e->dest[slot], 0, sizeof(tile_t));
    e->stale[slot] = 0;
}

/* ---- integer and float values (docs/chip.md "Integer tiles") ------------------------ */

/* What an op reads must be of the kind it computes on: COPY moves either
 * (the bank's kind); the other FPU ops compute on floats; the integer SFPU
 * ops on integers; a typecast on its input format's kind; the other SFPU
 * ops on floats. Returns the kind of the result, or -1 for a mismatch
 * (fault_kind says which). */
static int src_kind_ok(int kind, int want_int)
{
    return kind == DEST_ZEROS || (kind == DEST_INT) == want_int;
}

/* mask_tile with DataFormat::Int32: integer tiles (tt-llk's calculate_int_mask) */
static int mask_int(const math_op *m, const uint32_t *args)
{
    return m->kind == TF_TILE_SFPU && m->sfpu == TF_SFPU_MASK &&
           TF_SFPU_DF_OF(args[1]) == TF_DF_INT32;
}

/* A move's (COPY, UNARY_BCAST) source holds integers: src B's bank for a
 * broadcast, src A's otherwise. */
static int moved_integer(const sim_tile_engine *e, const math_op *m, int ka)
{
    return m->uses == 2 ? e->b.integer[e->b.consumed & 1] : e->a.integer[ka];
}

/* A UInt16 tile copied or transposed from src A: a 16-bit DEST holds it
 * (16 bits a value, as on hardware; ttnn's topk moves its index tiles so),
 * for moves and packs only: an integer op on it there still faults. */
static int u16_move(const sim_tile_engine *e, const math_op *m, int ka)
{
    return (m->kind == TF_TILE_COPY || m->kind == TF_TILE_TRANSPOSE) && m->uses != 2 &&
           e->a.df[ka] == TF_DF_UINT16;
}

static int result_kind(const sim_tile_engine *e, const math_op *m, int ka, const uint32_t *args,
                       int half)
{
    int slot = half * TF_TILE_DEST_HALF + (int)args[0];
    if (m->kind == TF_TILE_TRANSPOSE_DEST) return e->kind[slot]; /* moves floats or integers */
    /* either kind, moved (transpose_wh_tile too: the unpacker transposes,
     * the math unit copies, as ttnn's topk does its UInt16 index tiles) */
    if (m->kind == TF_TILE_COPY || m->kind == TF_TILE_UNARY_BCAST || m->kind == TF_TILE_TRANSPOSE) {
        int integer = moved_integer(e, m, ka);
        if (integer && dest_16bit(e) && !u16_move(e, m, ka)) return -1;
        return integer ? DEST_INT : DEST_FLOAT;
    }
    if (m->kind != TF_TILE_SFPU) {
        /* the FPU: float sources; the ops that add into DEST read it too */
        int kb = (int)(e->b.consumed & 1);
        if (((m->uses & 1) && e->a.integer[ka]) || ((m->uses & 2) && e->b.integer[kb])) return -1;
        if (e->kind[slot] == DEST_INT && m->kind != TF_TILE_TRANSPOSE &&
            !(m->kind == TF_TILE_ELTWISE && !m->reuse && !((e->fpu_init >> 28) & 1)))
            return -1;
        return DEST_FLOAT;
    }
    int any_int = TF_SFPU_IS_INT(m->sfpu) || TF_SFPU_IS_INT_UNARY(m->sfpu) || mask_int(m, args);
    int want_int = any_int || (m->sfpu == TF_SFPU_TYPECAST && TF_DF_INTEGER(args[2]));
    int out_int = (any_int && !TF_SFPU_INT_TO_FLOAT(m->sfpu)) ||
                  (m->sfpu == TF_SFPU_TYPECAST && TF_DF_INTEGER(args[3]));
    if ((want_int || out_int) && dest_16bit(e)) return -1;
    /* fill_tile_int reads nothing: any tile becomes one of integers */
    if (m->sfpu == TF_SFPU_FILL_INT || m->sfpu == TF_SFPU_FILL_UINT16) return DEST_INT;
    if (TF_SFPU_IS_TERNARY(m->sfpu)) {
        for (int k = 0; k < 3; k++)
            if (!src_kind_ok(e->kind[half * TF_TILE_DEST_HALF + (int)TF_SFPU_DEST3_OF(args[2], k)],
                             0))
                return -1;
    } else if (TF_SFPU_IS_BINARY(m->sfpu)) {
        if (!src_kind_ok(e->kind[half * TF_TILE_DEST_HALF + (int)args[2]], want_int) ||
            !src_kind_ok(e->kind[half * TF_TILE_DEST_HALF + (int)args[3]], want_int))
            return -1;
    } else if (!src_kind_ok(e->kind[slot], want_int)) {
        return -1;
    }
    return out_int ? DEST_INT : DEST_FLOAT;
}

/* The fault of a mismatch result_kind found: an integer value on a 16-bit
 * DEST (TF_TILE_ERR_FP32), else TF_TILE_ERR_INTEGER with a = 1 (integers
 * where the op takes floats) or 2 (floats where it takes integers), b the
 * op's integer format when it has one (255 otherwise). */
static int fault_kind(sim_core_hart *sh, const sim_tile_engine *e, int op, const math_op *m, int ka)
{
    uint32_t c = m->kind == TF_TILE_SFPU ? m->sfpu : 0;
    const uint32_t *args = sh->tile_args;
    int sfpu_int = m->kind == TF_TILE_SFPU && TF_SFPU_IS_INT(m->sfpu);
    int unary_int = (m->kind == TF_TILE_SFPU && TF_SFPU_IS_INT_UNARY(m->sfpu)) || mask_int(m, args);
    int cast_in = m->kind == TF_TILE_SFPU && m->sfpu == TF_SFPU_TYPECAST && TF_DF_INTEGER(args[2]);
    int cast_out = m->kind == TF_TILE_SFPU && m->sfpu == TF_SFPU_TYPECAST && TF_DF_INTEGER(args[3]);
    int copy_int = (m->kind == TF_TILE_COPY || m->kind == TF_TILE_UNARY_BCAST ||
                    m->kind == TF_TILE_TRANSPOSE) &&
                   moved_integer(e, m, ka) && !u16_move(e, m, ka);
    if (dest_16bit(e) && (copy_int || sfpu_int || unary_int || cast_in || cast_out))
        return fault_aux(sh, op, TF_TILE_ERR_FP32, 0, 0, c);
    if (m->kind != TF_TILE_SFPU) return fault_aux(sh, op, TF_TILE_ERR_INTEGER, 1, 255, 0);
    uint32_t df = sfpu_int || m->sfpu == TF_SFPU_MASK ? TF_SFPU_DF_OF(args[1])
                  : m->sfpu == TF_SFPU_TYPECAST       ? args[2] & 0xff
                                                      : 255;
    return fault_aux(sh, op, TF_TILE_ERR_INTEGER, sfpu_int || unary_int || cast_in ? 2 : 1, df, c);
}

/* A pack takes the kind its format holds: an integer tile into an integer
 * format, a float tile into a float one (zeros into either). */
static int pack_kind_check(sim_core_hart *sh, const sim_tile_engine *e, int op, int slot,
                           uint32_t fmt)
{
    uint32_t df, bytes;
    if (sim_tile_format(fmt, &df, &bytes)) return TF_BUS_OK; /* tile_arg's fault */
    int kind = e->kind[slot];
    if (kind == DEST_ZEROS || (kind == DEST_INT) == (TF_DF_INTEGER(df) != 0)) return TF_BUS_OK;
    return fault_aux(sh, op, TF_TILE_ERR_INTEGER, kind == DEST_INT ? 1 : 2, df, 0);
}

/* The 16-bit format of the last unpack into src A (0 before any): what an
 * op that reads nothing of its own stores in a 16-bit DEST. */
static int last_unpack_f16(const sim_tile_engine *e)
{
    return e->a.written ? e->a.fp16[(e->a.written - 1) & 1] : 0;
}

/* Which 16-bit format a 16-bit DEST holds for an op: 1 halves (Float16
 * mode), 0 bf16, -1 both met (refused). tt-llk's math configure takes
 * DEST's 16-bit format from the source registers' exponent width
 * (llk_math_hw_configure / _llk_math_srcAB_hw_configure_, documented in
 * tt-llk's Quasar llk_math_common: Float16 or Float16_b by the input
 * format's exponent width), and tt-metal's unpacker keeps a Float16
 * CB Float16 in them (jit_build/data_format.cpp,
 * get_single_unpack_dst_format); the inputs of one op must share an
 * exponent width (data_format.cpp, check_consistent_format_across_buffers:
 * "All input data-formats must have the same exponent format"), and a DEST
 * tile read again must hold the format the op computes in. An op's
 * sources: its source registers (an exponent-A unpack, TF_DF_EXP_A:
 * Float16, Fp8_e4m3, Bfp8/4/2, halves, as the unpacker gives FP16 for
 * them, tt-isa-documentation Unpackers/FormatConversion.md; any other
 * float: bf16's exponent), the DEST tiles it reads (as their op left
 * them); a typecast's result is its output format (exponent A: halves,
 * any other float format: bf16). An op with none of these (an SFPU op on a
 * zeros tile: fill_tile) takes the format of the last unpack into SrcA
 * (what the hardware's configure last set). */
static int dest_mode(const sim_tile_engine *e, const math_op *m, int ka, int kb,
                     const uint32_t *args, int slot)
{
    int base = slot / TF_TILE_DEST_HALF * TF_TILE_DEST_HALF, seen = 0; /* bit 0 bf16, 1 halves */
    if (m->kind == TF_TILE_SFPU && m->sfpu == TF_SFPU_TYPECAST) return TF_DF_EXP_A(args[3]);
    if ((m->uses & 1) && !e->a.integer[ka]) seen |= e->a.fp16[ka] ? 2 : 1;
    if ((m->uses & 2) && !e->b.integer[kb]) seen |= e->b.fp16[kb] ? 2 : 1;
    int reads[3], n = 0;
    if (m->kind == TF_TILE_SFPU && TF_SFPU_IS_TERNARY(m->sfpu)) {
        for (int k = 0; k < 3; k++) reads[n++] = base + (int)TF_SFPU_DEST3_OF(args[2], k);
    } else if (m->kind == TF_TILE_SFPU && TF_SFPU_IS_BINARY(m->sfpu)) {
        reads[n++] = base + (int)args[2];
        reads[n++] = base + (int)args[3];
    } else if (m->kind == TF_TILE_SFPU ||
               (m->kind != TF_TILE_COPY && m->kind != TF_TILE_TRANSPOSE &&
                m->kind != TF_TILE_UNARY_BCAST &&
                !(m->kind == TF_TILE_ELTWISE && !m->reuse && !((e->fpu_init >> 28) & 1)))) {
        reads[n++] = slot; /* the ops that add into DEST, an SFPU op in place */
    }
    for (int k = 0; k < n; k++)
        if (e->kind[reads[k]] == DEST_FLOAT) seen |= e->f16[reads[k]] ? 2 : 1;
    if (seen == 3) return -1;
    if (seen) return seen == 2;
    return last_unpack_f16(e);
}

static int math_in(sim_core_hart *sh, sim_tile_engine *e, int op, int half);
/* ---- Welford's statistics (TF_TILE_WELFORD; tile_welford.c) ------------------------ */

/* Modeled cycles (docs/chip.md "Modeled cost"), an estimate: one an SFPU
 * instruction of tt-llk's Blackhole sequence (ckernel_sfpu_welfords.h).
 * A row: the reciprocal's 2 SFPLOADIs and the 6 replayed MADs and move; a
 * block of 4 rows, once an update reaches it: SFPTRANSP, 4 SFPLOADs,
 * SFPTRANSP (a whole tile: 8 x (6 + 4 x 8) = 304). clear, save, restore:
 * 2 (two SFPLOADIs, SFPSTOREs, SFPLOADs). finalize_to_row: 2 SFPLOADIs, a
 * move, 3 SFPLOADIs, the MAD, 3 SFPLOADIs, SFPTRANSP, 8 SFPSTOREs: 19;
 * finalize_to_face: 2, the MAD, 2 SFPSTOREs: 5. */
#define WF_ROW_CYCLES   8
#define WF_BLOCK_CYCLES 6
#define WF_PAIR_CYCLES  2
#define WF_FIN_ROW      19
#define WF_FIN_FACE     5

/* The statistics' fault, if they are not there (a: why, b: what ended them). */
static int wf_stats(sim_core_hart *sh, const sim_welford *w, int fop)
{
    switch (w->state) {
    case WF_LIVE: return TF_BUS_OK;
    case WF_CLOBBERED:
        return fault_aux(sh, fop, TF_TILE_ERR_WELFORD, TF_WELFORD_ERR_CLOBBERED, w->why, 0);
    case WF_FINALIZED:
        return fault_aux(sh, fop, TF_TILE_ERR_WELFORD, TF_WELFORD_ERR_FINALIZED, w->why, 0);
    default: return fault_aux(sh, fop, TF_TILE_ERR_WELFORD, TF_WELFORD_ERR_NO_STATS, 0, 0);
    }
}

/* A DEST tile the SFPU stores statistics into: its zeros if released, its
 * 16-bit format (a 16-bit DEST: as the tile holds, or the last unpack's,
 * dest_mode's rule for an op that reads nothing). */
static int wf_target(sim_tile_engine *e, int slot)
{
    dest_fresh(e, slot);
    if (e->kind[slot] == DEST_FLOAT) return e->f16[slot];
    return last_unpack_f16(e);
}

/* The tile written: SFPSTORE's truncation into a 16-bit DEST. */
static void wf_written(sim_tile_engine *e, int slot, int f16)
{
    dest_store(e, e->dest[slot], 1, f16);
    e->kind[slot] = DEST_FLOAT;
    e->f16[slot] = (uint8_t)f16;
    e->dirty[slot] = 1;
    e->plain[slot] = 0;
}

/* DEST tile `slot` written by the SFPU (a kernel's SFPI store, top-k's
 * network): what it holds now, to be packed as any tile. */
static void sfpu_wrote(sim_tile_engine *e, int slot, uint8_t kind, uint8_t f16)
{
    e->kind[slot] = kind;
    e->f16[slot] = f16;
    e->dirty[slot] = 1;
    e->plain[slot] = e->fast[slot] = 0;
}

static int do_welford(sim_core_hart *sh, sim_tile_engine *e, int op)
{
    const uint32_t *args = sh->tile_args;
    uint32_t sub = args[0] & 0xff, idx = (args[0] >> 8) & 0xff, group = (args[0] >> 16) & 0xff;
    int fop = op | (int)(byte_of(sub) << 8); /* the fault names the sub-op */
    sim_welford *w = &e->wf;
    if (sub < TF_WELFORD_CLEAR || sub > TF_WELFORD_FINALIZE_FACE)
        return fault_aux(sh, op, TF_TILE_ERR_ARG, sub, 0, 0);
    /* an update's rows come one after another (compute_api.h sends them) */
    if ((sub == TF_WELFORD_ROW) != (w->rows != 0))
        return fault_aux(sh, fop, TF_TILE_ERR_WELFORD, TF_WELFORD_ERR_SEQ, 0, 0);
    if (sub == TF_WELFORD_CLEAR) { /* registers only: no DEST, any time */
        memset(w->mean, 0, sizeof w->mean);
        memset(w->m2, 0, sizeof w->m2);
        w->state = WF_LIVE;
        run_at(sh, 0, WF_PAIR_CYCLES, 0, TF_PERF_UNIT_SFPU);
        return TF_BUS_OK;
    }
    if (!e->math_holds)
        return fault_aux(sh, fop, TF_TILE_ERR_PROTO, TF_TILE_PROTO_NO_ACQUIRE, 0, 0);
    if (sub == TF_WELFORD_ROW) {
        uint32_t cycles = WF_ROW_CYCLES;
        if (w->block != w->row / 4) { /* the LLK loads the block's 4 rows as it reaches it */
            cycles += WF_BLOCK_CYCLES;
            w->block = (int8_t)(w->row / 4);
        }
        sim_welford_row(w, e->dest[w->slot], w->row, bits_f(args[1]));
        w->row++;
        w->rows--;
        run_at(sh, 0, cycles, 0, TF_PERF_UNIT_SFPU);
        return TF_BUS_OK;
    }
    /* the tiles: DEST[idx], and DEST[idx + 1] for the m2 or variance */
    uint32_t cap = dest_capacity(e), last = sub == TF_WELFORD_UPDATE ? idx : idx + 1;
    if (last >= cap) return fault_aux(sh, fop, TF_TILE_ERR_DEST, last, cap, 0);
    int half = (int)(e->committed & 1), slot = half * TF_TILE_DEST_HALF + (int)idx;
    int raw =
        sub == TF_WELFORD_SAVE || sub == TF_WELFORD_RESTORE || sub == TF_WELFORD_FINALIZE_FACE;
    if (raw && group >= TF_WELFORD_GROUPS)
        return fault_aux(sh, fop, TF_TILE_ERR_WELFORD, TF_WELFORD_ERR_GROUP, group, 0);
    /* a tile of integers read or written as floats */
    for (uint32_t k = idx; k <= last; k++)
        if (e->kind[half * TF_TILE_DEST_HALF + (int)k] == DEST_INT)
            return fault_aux(sh, fop, TF_TILE_ERR_INTEGER, 1, 255, 0);
    if (sub == TF_WELFORD_RESTORE) { /* loads: the statistics from DEST */
        dest_fresh(e, slot);
        dest_fresh(e, slot + 1);
        sim_welford_load_raw(w->mean, e->dest[slot], group);
        sim_welford_load_raw(w->m2, e->dest[slot + 1], group);
        w->state = WF_LIVE;
        run_at(sh, 0, WF_PAIR_CYCLES, 0, TF_PERF_UNIT_SFPU);
        return TF_BUS_OK;
    }
    if (sub == TF_WELFORD_UPDATE) {
        uint32_t start_row = args[2] & 0xff, num_rows = args[2] >> 8;
        /* the update is replayed from what welford_init recorded */
        if (!w->ready)
            return fault_aux(sh, fop, TF_TILE_ERR_WELFORD, TF_WELFORD_ERR_NO_INIT, w->taken, 0);
        if (wf_stats(sh, w, fop)) return TF_BUS_FAULT;
        if (start_row + num_rows > TF_TILE_DIM)
            return fault_aux(sh, fop, TF_TILE_ERR_WELFORD, TF_WELFORD_ERR_ROWS, start_row,
                             byte_of(num_rows));
        /* the rows read reciprocal_lut[start_idx .. start_idx + num_rows - 1] */
        if (args[3] && num_rows && (uint64_t)args[1] + num_rows > args[3])
            return fault_aux(sh, fop, TF_TILE_ERR_WELFORD, TF_WELFORD_ERR_LUT,
                             byte_of(args[1] < args[3] ? args[3] : args[1]), byte_of(args[3]));
        dest_fresh(e, slot);
        w->slot = (uint8_t)slot;
        w->row = (uint8_t)start_row;
        w->rows = (uint8_t)num_rows;
        w->block = -1;
        return TF_BUS_OK; /* the cycles come with the rows */
    }
    /* SAVE, FINALIZE_ROW, FINALIZE_FACE: the statistics into DEST */
    if (wf_stats(sh, w, fop)) return TF_BUS_FAULT;
    if (sub != TF_WELFORD_SAVE && args[3] && args[2] >= args[3])
        return fault_aux(sh, fop, TF_TILE_ERR_WELFORD, TF_WELFORD_ERR_LUT, byte_of(args[2]),
                         byte_of(args[3]));
    int fm = wf_target(e, slot), fv = wf_target(e, slot + 1);
    uint32_t cycles = WF_PAIR_CYCLES;
    if (sub == TF_WELFORD_SAVE) {
        sim_welford_store_raw(w->mean, e->dest[slot], group);
        sim_welford_store_raw(w->m2, e->dest[slot + 1], group);
    } else {
        float var[TF_TILE_DIM];
        sim_welford_variance(w, bits_f(args[1]), var);
        if (sub == TF_WELFORD_FINALIZE_ROW) {
            sim_welford_store_row(w->mean, e->dest[slot]);
            sim_welford_store_row(var, e->dest[slot + 1]);
            cycles = WF_FIN_ROW;
        } else {
            sim_welford_store_raw(w->mean, e->dest[slot], group);
            sim_welford_store_raw(var, e->dest[slot + 1], group);
            cycles = WF_FIN_FACE;
        }
        /* the LLK overwrote the m2 register (and finalize_to_row the mean) */
        w->state = WF_FINALIZED;
        w->why = (uint8_t)sub;
    }
    wf_written(e, slot, fm);
    wf_written(e, slot + 1, fv);
    run_at(sh, 0, cycles, 0, TF_PERF_UNIT_SFPU);
    return TF_BUS_OK;
}

/* One SFPI command (tile_sfpi.c computes): its DEST tile when it loads or
 * stores, which must be in the math thread's half (between acquire and
 * commit; the other commands use registers alone, as an op's init that
 * programs a constant before the loop does); the SFPU registers it uses
 * are the ones tt-llk's ops keep cumsum's carry and Welford's statistics
 * in. A fault's opcode word has the SFPI op in bits 8-15. */
static int do_sfpi(sim_core_hart *sh, sim_tile_engine *e, int op)
{
    sim_sfpi_cmd c = {.word = sh->tile_args[0], .arg1 = sh->tile_args[1]};
    uint32_t sop = TF_SFPI_OP(c.word), cycles = 0;
    int fop = op | (int)(sop & 0xff) << 8, slot = -1;
    if (sop == TF_SFPI_LOAD || sop == TF_SFPI_STORE) {
        if (!e->math_holds)
            return fault_aux(sh, fop, TF_TILE_ERR_PROTO, TF_TILE_PROTO_NO_ACQUIRE, 0, 0);
        int half = (int)(e->committed & 1);
        uint32_t cap = dest_capacity(e), tile = c.arg1 / TF_SFPI_TILE_ROWS;
        if (tile >= cap)
            return fault_aux(sh, fop, TF_TILE_ERR_SFPI, TF_SFPI_ERR_ADDR, byte_of(c.arg1 / 4), cap);
        slot = half * TF_TILE_DEST_HALF + (int)tile;
        dest_fresh(e, slot);
        c.tile = e->dest[slot];
        c.narrow = dest_16bit(e);
        c.f16 = e->f16[slot];
    }
    sim_sfpi_fault f;
    if (sim_sfpi_run(&e->sfpi, &c, &f, &cycles))
        return fault_aux(sh, fop, TF_TILE_ERR_SFPI, f.why, byte_of(f.b), byte_of(f.c));
    if (sop == TF_SFPI_STORE) {
        /* the counters: a value the program stores into DEST is one SFPU
         * "flop", as a named SFPU op's 1024 a tile (one vector op per
         * value, whatever it computed) */
        sh->core->perf.flops[TF_PERF_FLOP_SFPU] += (uint64_t)__builtin_popcount(e->sfpi.enable);
        int integer = TF_SFPI_B(c.word) == 1;
        sfpu_wrote(e, slot, integer ? DEST_INT : DEST_FLOAT, integer ? 0 : e->f16[slot]);
    }
    sfpu_regs_used(e, TF_SFPU_BY_SFPI);
    run_at(sh, 0, cycles, 0, TF_PERF_UNIT_SFPU);
    return TF_BUS_OK;
}

/* A top-k command (tile_topk.c runs the LLK's network): the four tiles
 * from DEST[0] (values 0-1, indices 2-3) of the math thread's half, after
 * topk_tile_init; the arguments the LLK takes (checked here: an odd one
 * faults, TF_TILE_ERR_TOPK). A fault's opcode word has the sub-op in bits
 * 8-15. */
static int topk_arg_fault(sim_core_hart *sh, int fop, uint32_t why, uint32_t v, uint32_t sub)
{
    return fault_aux(sh, fop, TF_TILE_ERR_TOPK, why, byte_of(v), sub);
}

static int do_topk(sim_core_hart *sh, sim_tile_engine *e, int op)
{
    const uint32_t *args = sh->tile_args;
    uint32_t sub = TF_TOPK_SUB_OF(args[0]), idst = TF_TOPK_IDST_OF(args[0]);
    int fop = op | (int)sub << 8;
    if (sub < TF_TOPK_LOCAL_SORT || sub > TF_TOPK_REBUILD)
        return fault_aux(sh, op, TF_TILE_ERR_ARG, sub, 0, 0);
    if (!e->math_holds)
        return fault_aux(sh, fop, TF_TILE_ERR_PROTO, TF_TILE_PROTO_NO_ACQUIRE, 0, 0);
    uint32_t cap = dest_capacity(e);
    if (idst >= cap) return fault_aux(sh, fop, TF_TILE_ERR_DEST, idst, cap, TF_SFPU_TOPK);
    if (idst != 0) return topk_arg_fault(sh, fop, TF_TOPK_ERR_IDST, idst, sub);
    if (e->sfpu_init != TF_SFPU_TOPK)
        return fault_aux(sh, fop, TF_TILE_ERR_SFPU_INIT, TF_SFPU_TOPK, e->sfpu_init, TF_SFPU_TOPK);
    uint32_t a1 = args[1], a2 = args[2];
    int p[5];
    uint32_t b0 = a1 & 0xff, b1 = (a1 >> 8) & 0xff, b2 = (a1 >> 16) & 0xff, b3 = a1 >> 24;
    if (sub == TF_TOPK_LOCAL_SORT) {
        uint32_t es = a2 & 0xff, ss = (a2 >> 8) & 0xff;
        if (b0 > 1) return topk_arg_fault(sh, fop, TF_TOPK_ERR_DIR, b0, sub);
        if (b1 > 5) return topk_arg_fault(sh, fop, TF_TOPK_ERR_PHASE, b1, sub);
        if (b2 > b1) return topk_arg_fault(sh, fop, TF_TOPK_ERR_PHASE_ORDER, b2, sub);
        if (es > 6 || ss > 6)
            return topk_arg_fault(sh, fop, TF_TOPK_ERR_STEP, es > 6 ? es : ss, sub);
        p[0] = (int)b0, p[1] = (int)b1, p[2] = (int)b2, p[3] = (int)es, p[4] = (int)ss;
    } else {
        uint32_t k = a2, m = sub == TF_TOPK_MERGE ? b0 : b1;
        if (k < 4 || k > 64 || (k & (k - 1))) return topk_arg_fault(sh, fop, TF_TOPK_ERR_K, k, sub);
        if (m > 9) return topk_arg_fault(sh, fop, TF_TOPK_ERR_M_ITER, m, sub);
        if (sub == TF_TOPK_MERGE) {
            p[0] = (int)m, p[1] = b1 != 0, p[2] = (int)k;
        } else {
            if (b0 > 1) return topk_arg_fault(sh, fop, TF_TOPK_ERR_DIR, b0, sub);
            if ((1u << (b2 & 31)) != k || b2 > 6)
                return topk_arg_fault(sh, fop, TF_TOPK_ERR_LOGK, b2, sub);
            if (b3 > 1) return topk_arg_fault(sh, fop, TF_TOPK_ERR_SKIP, b3, sub);
            p[0] = (int)b0, p[1] = (int)m, p[2] = (int)k, p[3] = (int)b2, p[4] = (int)b3;
        }
    }
    /* the replay buffer: tt-llk records into it only when its global
     * topk_replay_init says the buffer does not hold the call's sequence
     * (a local sort: in phase 0 when it is 0 or more; a rebuild: when it is
     * not m_iter + 1), and replays it otherwise; a replay of what the call
     * did not record (another call's or op's, or nothing) faults rather
     * than guess what the hardware would run */
    uint32_t replay = 0xff;
    if (sub == TF_TOPK_LOCAL_SORT) {
        int records = e->topk_replay_init >= 0 && p[2] == 0;
        if (!records && e->topk_rec != TOPK_REC_LOCAL)
            replay = e->topk_rec == TOPK_REC_REBUILD ? TF_TOPK_REPLAY_REBUILD
                     : e->topk_rec == TOPK_REC_OTHER ? TF_TOPK_REPLAY_OTHER
                                                     : TF_TOPK_REPLAY_NOTHING;
    } else if (sub == TF_TOPK_REBUILD && e->topk_replay_init == p[1] + 1) {
        if (e->topk_rec != TOPK_REC_REBUILD)
            replay = e->topk_rec == TOPK_REC_OTHER ? TF_TOPK_REPLAY_OTHER : TF_TOPK_REPLAY_NOTHING;
        else if (e->topk_rec_k != p[2])
            replay = TF_TOPK_REPLAY_REBUILD_K;
    }
    if (replay != 0xff) return topk_arg_fault(sh, fop, TF_TOPK_ERR_REPLAY, replay, sub);
    int half = (int)(e->committed & 1), slot = half * TF_TILE_DEST_HALF;
    /* the values must be floats (the indices move as bits, either kind) */
    for (int k = 0; k < 2; k++)
        if (e->kind[slot + k] == DEST_INT)
            return fault_aux(sh, fop, TF_TILE_ERR_INTEGER, 1, 255, 0);
    float *t[TF_TOPK_NUM_TILES];
    int f16[TF_TOPK_NUM_TILES];
    for (int k = 0; k < TF_TOPK_NUM_TILES; k++) {
        dest_fresh(e, slot + k);
        t[k] = e->dest[slot + k];
        f16[k] = e->f16[slot + k];
    }
    uint32_t cycles = 0;
    if (sim_topk_run(t, dest_16bit(e), f16, sub, p, &cycles))
        return fault_aux(sh, fop, TF_TILE_ERR_ARG, 255, 0, TF_SFPU_TOPK);
    /* values move between the two value tiles, indices between the two
     * index tiles: each pair holds one kind after */
    for (int k = 0; k < TF_TOPK_NUM_TILES; k += 2) {
        int s0 = slot + k, s1 = s0 + 1;
        uint8_t kind = e->kind[s0] == DEST_INT || e->kind[s1] == DEST_INT       ? DEST_INT
                       : e->kind[s0] == DEST_FLOAT || e->kind[s1] == DEST_FLOAT ? DEST_FLOAT
                                                                                : DEST_ZEROS;
        uint8_t h = (uint8_t)(kind == DEST_FLOAT && (e->f16[s0] || e->f16[s1]));
        sfpu_wrote(e, s0, kind, h);
        sfpu_wrote(e, s1, kind, h);
    }
    if (sub == TF_TOPK_LOCAL_SORT) {
        e->topk_rec = TOPK_REC_LOCAL;
        e->topk_replay_init = -1;
    } else if (sub == TF_TOPK_REBUILD) {
        e->topk_rec = TOPK_REC_REBUILD;
        e->topk_rec_m = (uint8_t)p[1];
        e->topk_rec_k = (uint8_t)p[2];
        e->topk_replay_init = p[1] + 1;
    }
    sfpu_regs_used(e, TF_SFPU_TOPK);
    run_at(sh, 0, cycles, 0, TF_PERF_UNIT_SFPU);
    return TF_BUS_OK;
}

static int do_math(sim_core_hart *sh, sim_tile_engine *e, int op)
{
    if (op == TF_TILE_INIT) return do_init(sh, e, op);
    if (op == TF_TILE_SFPI) return do_sfpi(sh, e, op);
    if (op == TF_TILE_WELFORD) return do_welford(sh, e, op);
    if (op == TF_TILE_TOPK) return do_topk(sh, e, op);
    if (op == TF_TILE_ACQUIRE) {
        if (e->math_holds)
            return fault_aux(sh, op, TF_TILE_ERR_PROTO, TF_TILE_PROTO_REACQUIRE, 0, 0);
        if (e->committed - e->released == 2) return wait(sh, TF_PERF_WAIT_TILE_DEST);
        run_at(sh, e->committed >= 2 ? e->release_at[e->committed & 1] : 0, 1,
               TF_PERF_WAIT_TILE_DEST, TF_PERF_UNIT_FPU);
        e->math_holds = 1;
        return TF_BUS_OK;
    }
    if (!e->math_holds) return fault_aux(sh, op, TF_TILE_ERR_PROTO, TF_TILE_PROTO_NO_ACQUIRE, 0, 0);
    int half = (int)(e->committed & 1);
    if (op == TF_TILE_COMMIT) {
        run_at(sh, 0, 1, 0, TF_PERF_UNIT_FPU);
        e->commit_at[half] = sim_hart_cycle(&sh->h);
        e->committed++;
        e->math_holds = 0;
        return TF_BUS_OK;
    }
    return math_in(sh, e, op, half);
}

/* A math op into DEST[ARG0] of `half`: the math unit's (do_math), or, for
 * SFPU_PACK, the half the packer holds (do_pack): tt-metal's *_tile_pack
 * run the same SFPU code on the pack thread, on the packer's half. */
static int math_in(sim_core_hart *sh, sim_tile_engine *e, int op, int half)
{
    math_op m;
    if (decode(sh, op, &m)) return TF_BUS_FAULT;
    uint32_t dst = sh->tile_args[0], cap = dest_capacity(e);
    if (dst >= cap)
        return fault_aux(sh, op, TF_TILE_ERR_DEST, dst, cap,
                         op == TF_TILE_SFPU || op == TF_TILE_SFPU_PACK ? m.sfpu : 0);
    /* an SFPU op's DEST sources: DEST[ARG2] and DEST[ARG3] of the half
     * (binary), or the three indices in ARG2 (ternary) */
    uint32_t src[3];
    int nsrc = 0;
    if (m.kind == TF_TILE_SFPU && TF_SFPU_IS_BINARY(m.sfpu)) {
        src[0] = sh->tile_args[2];
        src[1] = sh->tile_args[3];
        nsrc = 2;
    } else if (m.kind == TF_TILE_SFPU && TF_SFPU_IS_TERNARY(m.sfpu)) {
        for (int k = 0; k < 3; k++) src[k] = TF_SFPU_DEST3_OF(sh->tile_args[2], k);
        nsrc = 3;
    }
    for (int k = 0; k < nsrc; k++)
        if (src[k] >= cap) return fault_aux(sh, op, TF_TILE_ERR_DEST, src[k], cap, m.sfpu);
    if (m.kind == TF_TILE_SFPU && TF_SFPU_IS_BCAST(m.sfpu) && dest_16bit(e))
        return fault_aux(sh, op, TF_TILE_ERR_FP32, 0, 0, m.sfpu);
    if (m.kind == TF_TILE_SFPU && m.sfpu == TF_SFPU_ISCLOSE) {
        /* its two tolerances: the fp32 words the kernel put at L1 ARG3 */
        uint32_t at = sh->tile_args[3];
        if ((at & 3) || at > TF_L1_SIZE - 8)
            return fault_aux(sh, op, TF_TILE_ERR_ADDRESS, 0, 0, TF_SFPU_ISCLOSE);
        memcpy(e->isclose_tol, sh->core->l1->data + at, sizeof e->isclose_tol);
    }
    if (check_init(sh, e, op, &m)) return TF_BUS_FAULT;
    /* is_32bit must be the kernel's DEST width (simple mode: an fp32 DEST
     * of its own, either width moved whole) */
    if (m.kind == TF_TILE_TRANSPOSE_DEST && e->cfg.strict &&
        !(m.tdest & TF_TDEST_32BIT) != !e->cfg.fp32_acc)
        return fault_aux(sh, op, TF_TILE_ERR_DEST_WIDTH, m.tdest & TF_TDEST_32BIT,
                         e->cfg.fp32_acc != 0, 0);
    int u = m.uses;
    if (((u & 1) && e->a.written == e->a.consumed) || ((u & 2) && e->b.written == e->b.consumed))
        return wait(sh, TF_PERF_WAIT_TILE_SRC);
    uint64_t t = 0;
    int ka = e->a.consumed & 1, kb = e->b.consumed & 1;
    /* unary_bcast's path: its tile's (a 32-bit one into an fp32 DEST goes
     * whole), which must be the one its init set the unpacker and math up
     * for (tt-metal mode) */
    if (m.kind == TF_TILE_UNARY_BCAST) {
        uint32_t df = u == 2 ? e->b.df[kb] : e->a.df[ka];
        m.path32 = !dest_16bit(e) && TF_UBCAST_WIDE(df) ? TF_UBCAST_32BIT : 0;
        m.u16 = df == TF_DF_UINT16;
        uint32_t init32 = (e->fpu_init >> 16) & TF_UBCAST_32BIT;
        if (e->cfg.strict && m.path32 != init32)
            return fault_aux(sh, op, TF_TILE_ERR_UBCAST_PATH, m.path32, init32, 0);
    }
    if ((u & 1) && e->a.ready_at[ka] > t) t = e->a.ready_at[ka];
    if ((u & 2) && e->b.ready_at[kb] > t) t = e->b.ready_at[kb];
    /* fast tilize reads Float32 or Float16_b rows (tt-metal's
     * can_use_fast_tilize; tt-llk's unpacker gives source A bf16) */
    if (m.fast && e->a.df[ka] != TF_DF_FLOAT32 && e->a.df[ka] != TF_DF_FLOAT16_B)
        return fault_aux(sh, op, TF_TILE_ERR_LAYOUT_RULE, TF_LAYOUT_FAST_IN, e->a.df[ka], 0);
    int slot = half * TF_TILE_DEST_HALF + (int)dst;
    const float *in[3] = {e->a.bank[ka], e->b.bank[kb], NULL};
    for (int k = 0; k < nsrc; k++) { /* an SFPU op between DEST tiles: its sources as they stand */
        int sk = half * TF_TILE_DEST_HALF + (int)src[k];
        dest_fresh(e, sk);
        in[k] = e->dest[sk];
    }
    /* released: zeros (dest_fresh), unless the op writes every value
     * without reading DEST (COPY, TRANSPOSE; a matmul on a cleared tile
     * zeroes it itself) */
    if (m.kind == TF_TILE_COPY || m.kind == TF_TILE_TRANSPOSE || m.kind == TF_TILE_MATMUL ||
        m.kind == TF_TILE_UNARY_BCAST)
        e->stale[slot] = 0;
    else
        dest_fresh(e, slot);
    int kind = result_kind(e, &m, ka, sh->tile_args, half);
    if (kind < 0) return fault_kind(sh, e, op, &m, ka);
    /* lcm_tile's LLK handles magnitudes below 2^15 only (ckernel_sfpu_lcm.h) */
    if (m.kind == TF_TILE_SFPU && m.sfpu == TF_SFPU_LCM_INT)
        for (int k = 0; k < 2; k++)
            for (int i = 0; i < TF_TILE_ELEMS; i++) {
                uint32_t w = f_bits(in[k][i]);
                if ((w >> 31 ? 0u - w : w) >= 0x8000u)
                    return fault_aux(sh, op, TF_TILE_ERR_RANGE, src[k], 0, m.sfpu);
            }
    /* (a transpose in DEST keeps the tile's 16-bit format) */
    int f16 = m.kind == TF_TILE_TRANSPOSE_DEST      ? e->f16[slot]
              : dest_16bit(e) && kind == DEST_FLOAT ? dest_mode(e, &m, ka, kb, sh->tile_args, slot)
                                                    : 0;
    if (f16 < 0) return fault_aux(sh, op, TF_TILE_ERR_FP32, 1, 0, m.sfpu);
    /* cumsum_tile continuing a column (first = false) needs the carry the
     * last cumsum_tile left in the SFPU's registers; any other SFPU op
     * since may have overwritten them (its code allocates LREG0-7 freely),
     * so the engine faults rather than guess */
    if (m.kind == TF_TILE_SFPU && m.sfpu == TF_SFPU_CUMSUM &&
        !(sh->tile_args[3] & TF_SFPU_CUMSUM_FIRST) && e->cumsum_state != CUMSUM_KEPT)
        return fault_aux(sh, op, TF_TILE_ERR_CUMSUM_CARRY,
                         e->cumsum_state == CUMSUM_NONE ? 0 : e->cumsum_state - 1u, e->cumsum_lost,
                         m.sfpu);
    /* an SFPU op over part of the tile leaves the rest: which must hold
     * the kind of values it writes (a tile holds one kind) */
    if (m.faces != 0xf && e->kind[slot] != DEST_ZEROS &&
        (e->kind[slot] != kind || (kind == DEST_FLOAT && e->f16[slot] != f16)))
        return fault_aux(sh, op, TF_TILE_ERR_VECTOR_MODE, 2,
                         e->kind[slot] == DEST_INT ? 1
                         : kind == DEST_INT        ? 2
                                                   : 3,
                         m.sfpu);
    compute(e, &m, e->dest[slot], &e->dirty[slot], &e->plain[slot], in[0], in[1], in[2],
            e->a.exact[ka] & e->b.exact[kb], e->a.cols[ka], sh->tile_args, kind == DEST_INT, f16);
    e->kind[slot] = (uint8_t)kind;
    e->f16[slot] = (uint8_t)f16;
    /* the carry: kept by cumsum_tile, lost to any other SFPU op (the
     * fault names the last such op, rather than an init before it) */
    if (m.kind == TF_TILE_SFPU) {
        sfpu_regs_used(e, m.sfpu);
        if (m.sfpu == TF_SFPU_CUMSUM) e->cumsum_state = CUMSUM_KEPT;
    }
    e->fast[slot] = m.fast != 0;
    run_at(sh, t, math_cycles(e, &m), TF_PERF_WAIT_TILE_SRC,
           m.kind == TF_TILE_SFPU ? TF_PERF_UNIT_SFPU : TF_PERF_UNIT_FPU);
    count_flops(sh->core, e, &m);
    uint64_t done = sim_hart_cycle(&sh->h);
    if (u & 1) e->a.free_at[e->a.consumed++ & 1] = done;
    if (u & 2) e->b.free_at[e->b.consumed++ & 1] = done;
    return TF_BUS_OK;
}

/* ---- pack ------------------------------------------------------------------------ */

/* The CB whose pages hold L1 address addr (the host's configuration in
 * L1, TF_L1_CB_CONFIG), for a fault's message; 255: none. */
static uint32_t cb_of_addr(const uint8_t *l1, uint32_t addr)
{
    for (uint32_t cb = 0; cb < TF_MAX_CBS; cb++) {
        tf_cb_config c;
        memcpy(&c, l1 + TF_L1_CB_CONFIG + cb * sizeof c, sizeof c);
        if (c.size && addr >= c.addr && addr - c.addr < c.size) return cb;
    }
    return 255;
}

/* A pack with L1 accumulation (PACK_L1_ACC on): the L1 tile at l1 plus
 * DEST's tile t, into sum (which the ordinary pack then writes). Float32:
 * the fp32 sum, rounded once (IEEE's nearest even). Float16_b: DEST's
 * value as the pack converts it (to bf16, nearest even), added to the
 * tile's bf16 value and the sum rounded to bf16 once (the fp32 sum of two
 * bf16 values is exact, or off by less than a bf16's half ulp, so the
 * pack's rounding of it is the single rounding). Our model: the public
 * sources say the packer computes L1 += datum (tt-isa-documentation
 * Packers/README.md) but not in which precision (docs/chip.md). */
static void l1_acc_sum(const uint8_t *l1, uint32_t df, const float *t, float *sum)
{
    sim_tile_unpack(l1, df, sum, NULL);
    if (df == TF_DF_FLOAT32)
        for (int i = 0; i < TF_TILE_ELEMS; i++) sum[i] += t[i];
    else
        for (int i = 0; i < TF_TILE_ELEMS; i++) sum[i] += tf_bf16_widen(tf_bf16_round(t[i]));
}

/* The packer's ReLU (PACK_RELU) on DEST's tile t into r, for a pack to df
 * (Float32 or Float16_b), as tt-isa-documentation Packers/ReLU.md's model:
 * on the value the early format conversion leaves (Float16_b: rounded to
 * bf16, nearest even, as the pack converts it), MIN_THRESHOLD x <= T ? 0 :
 * x, MAX_THRESHOLD x <= 0 ? 0 : x > T ? T : x (T the threshold's bf16
 * bits; IEEE's compares: -0 gives 0, a NaN passes). */
static void pack_relu(const float *t, uint32_t df, uint32_t cfg, float *r)
{
    float th = bits_f(TF_PACK_RELU_THRESHOLD(cfg));
    int max = TF_PACK_RELU_MODE(cfg) == TF_PACK_RELU_MAX;
    for (int i = 0; i < TF_TILE_ELEMS; i++) {
        float v = df == TF_DF_FLOAT16_B ? tf_bf16_widen(tf_bf16_round(t[i])) : t[i];
        r[i] = max ? (v <= 0 ? 0.0f : v > th ? th : v) : v <= th ? 0.0f : v;
    }
}

static int do_pack(sim_core_hart *sh, sim_tile_engine *e, int op)
{
    int half = (int)(e->released & 1);
    if (op == TF_TILE_PACK_L1_ACC) {            /* a packer configuration write: any time */
        e->pack_l1_acc = sh->tile_args[0] != 0; /* (tt-llk: any non-zero enables it) */
        run_at(sh, 0, 1, 0, TF_PERF_UNIT_PACK);
        return TF_BUS_OK;
    }
    if (op == TF_TILE_PACK_RELU) { /* likewise */
        uint32_t cfg = sh->tile_args[0];
        if (TF_PACK_RELU_MODE(cfg) && (cfg >> 31)) /* a threshold <= -0: undefined */
            return fault_aux(sh, op, TF_TILE_ERR_PACK_RELU, 255, 255, 0);
        e->pack_relu = TF_PACK_RELU_MODE(cfg) ? cfg : 0;
        run_at(sh, 0, 1, 0, TF_PERF_UNIT_PACK);
        return TF_BUS_OK;
    }
    if (op == TF_TILE_SFPU_INIT_PACK) { /* the pack thread's SFPU init: any time */
        uint32_t sop = sh->tile_args[0];
        if (!sim_sfpu_init_of(sop)) return fault_aux(sh, op, TF_TILE_ERR_ARG, sop, 0, 0);
        e->cfg.strict = 1;
        e->sfpu_init_pack = sop;
        sfpu_init_done(e, sop);
        run_at(sh, 0, 8, 0, TF_PERF_UNIT_PACK); /* (an init counts on its thread's unit) */
        return TF_BUS_OK;
    }
    if (op == TF_TILE_PACK_MODE) { /* likewise (tt-llk's inits program the packer alone) */
        uint32_t n = sh->tile_args[0], mode = sh->tile_args[1];
        if (mode > TF_PACK_MODE_FAST_TILIZE)
            return fault_aux(sh, op, TF_TILE_ERR_ARG, byte_of(mode), 0, 0);
        if (mode == TF_PACK_MODE_ROWS && (n < 1 || n > TF_PACK_ROWS_MAX))
            return fault_aux(sh, op, TF_TILE_ERR_LAYOUT_RULE, TF_LAYOUT_ROWS_COUNT, byte_of(n), 0);
        e->pack_mode = mode;
        e->pack_rows = mode == TF_PACK_MODE_ROWS ? n : 0;
        run_at(sh, 0, 1, 0, TF_PERF_UNIT_PACK);
        return TF_BUS_OK;
    }
    if (op == TF_TILE_WAIT) {
        if (e->pack_holds) return fault_aux(sh, op, TF_TILE_ERR_PROTO, TF_TILE_PROTO_REWAIT, 0, 0);
        if (e->committed == e->released) return wait(sh, TF_PERF_WAIT_TILE_DEST);
        run_at(sh, e->commit_at[half], 1, TF_PERF_WAIT_TILE_DEST, TF_PERF_UNIT_PACK);
        e->pack_holds = 1;
        return TF_BUS_OK;
    }
    if (!e->pack_holds) return fault_aux(sh, op, TF_TILE_ERR_PROTO, TF_TILE_PROTO_NO_WAIT, 0, 0);
    if (op == TF_TILE_SFPU_PACK) return math_in(sh, e, op, half);
    if (op == TF_TILE_RELEASE) {
        /* the half zeroed: only its written tiles (a tile not dirty holds
         * zeros already, as the engine's reset leaves it, or is stale),
         * not 32 KiB a release for the one or two a kernel uses; and
         * those only when read again (stale: the CNN demo's next op on a
         * released tile is a COPY or a matmul, which write all of it) */
        for (int i = half * TF_TILE_DEST_HALF; i < (half + 1) * TF_TILE_DEST_HALF; i++)
            if (e->dirty[i]) {
                e->stale[i] = 1;
                e->dirty[i] = 0;
            }
        memset(&e->plain[half * TF_TILE_DEST_HALF], 0, TF_TILE_DEST_HALF);
        memset(&e->kind[half * TF_TILE_DEST_HALF], DEST_ZEROS, TF_TILE_DEST_HALF);
        memset(&e->f16[half * TF_TILE_DEST_HALF], 0, TF_TILE_DEST_HALF);
        memset(&e->fast[half * TF_TILE_DEST_HALF], 0, TF_TILE_DEST_HALF);
        run_at(sh, 0, 1, 0, TF_PERF_UNIT_PACK);
        e->release_at[half] = sim_hart_cycle(&sh->h);
        e->released++;
        e->pack_holds = 0;
        return TF_BUS_OK;
    }
    /* pack_rows_init replaces the packer's program (tt-llk: its MOP, address
     * modes and X counter) until pack_rows_uninit: a row pack needs it, a
     * tile pack (pack_tile, untilize's rows) would run it instead */
    int rows = e->pack_mode == TF_PACK_MODE_ROWS;
    if ((op == TF_TILE_PACK_ROWS) != rows)
        return fault_aux(sh, op, TF_TILE_ERR_LAYOUT_RULE,
                         rows ? TF_LAYOUT_ROWS_MODE : TF_LAYOUT_ROWS_NO_INIT, e->pack_rows, 0);
    uint32_t dst = sh->tile_args[0], addr = sh->tile_args[1], fmt = sh->tile_args[2];
    uint32_t df, bytes, cap = dest_capacity(e);
    if (dst >= cap) return fault_aux(sh, op, TF_TILE_ERR_DEST, dst, cap, 0);
    int slot = half * TF_TILE_DEST_HALF + (int)dst;
    /* fast_tilize_init's program packs fast tilize's DEST tiles (tt-llk:
     * strided reads of its DEST layout), nothing else; into Float16_b or a
     * _b block float (it reads DEST 16 bits a value: a Float32 tile would
     * get bf16 values, an integer one garbage; tt-metal's
     * can_use_fast_tilize refuses them) */
    int fast = e->pack_mode == TF_PACK_MODE_FAST_TILIZE;
    if (fast) {
        if (op != TF_TILE_PACK || !e->fast[slot])
            return fault_aux(sh, op, TF_TILE_ERR_LAYOUT_RULE, TF_LAYOUT_FAST_MODE, 0, 0);
        if (!sim_tile_format(fmt, &df, &bytes) && df != TF_DF_FLOAT16_B && !TF_DF_BFP_BITS(df))
            return fault_aux(sh, op, TF_TILE_ERR_LAYOUT_RULE, TF_LAYOUT_FAST_OUT, df, 0);
        if (e->pack_l1_acc) /* (tt-metal's tilize never accumulates) */
            return fault_aux(sh, op, TF_TILE_ERR_LAYOUT_RULE, TF_LAYOUT_FAST_L1_ACC, 0, 0);
    }
    dest_fresh(e, slot); /* a released tile packed: its zeros */
    const float *t = e->dest[slot];
    uint8_t *l1 = sh->core->l1->data;
    if (pack_kind_check(sh, e, op, slot, fmt)) return TF_BUS_FAULT;
    /* accumulating: into Float32 and Float16_b tiles only; the ReLU: into
     * Float32 and Float16_b tiles or rows only (a format the engine has no
     * tile of at all faults below, as without them) */
    tile_t relu;
    if (e->pack_l1_acc || e->pack_relu) {
        int known = !sim_tile_format(fmt, &df, &bytes); /* (a row-major one too) */
        int modeled = known && (df == TF_DF_FLOAT32 || df == TF_DF_FLOAT16_B);
        if (e->pack_l1_acc &&
            (op == TF_TILE_PACK_UNTILIZE || op == TF_TILE_PACK_ROWS || (known && !modeled)))
            return fault_aux(sh, op, TF_TILE_ERR_L1_ACC, fmt_named(known, df, fmt),
                             cb_of_addr(l1, addr), 0);
        if (e->pack_relu && known) {
            if (!modeled)
                return fault_aux(sh, op, TF_TILE_ERR_PACK_RELU, df, cb_of_addr(l1, addr), 0);
            pack_relu(t, df, e->pack_relu, relu);
            t = relu;
        }
    }
    if (op == TF_TILE_PACK_ROWS) { /* n rows of 16 values: whole bytes each (no block float) */
        uint32_t es;
        int bad = sim_tile_format(fmt, &df, &bytes); /* (a block float: its format named) */
        if (bad || !(es = sim_tile_elem_bytes(df)))
            return fault_aux(sh, op, TF_TILE_ERR_FORMAT, fmt_named(!bad, df, fmt), 0, 0);
        bytes = e->pack_rows * TF_TILE_FACE * es;
        if (!span_ok(addr, bytes)) return fault(sh, op, TF_TILE_ERR_ADDRESS);
        sim_tile_pack_dest_rows(t, df, e->pack_rows, l1 + addr);
        sim_mem_invalidate(sh->core->l1, addr, bytes);
    } else if (op == TF_TILE_PACK_UNTILIZE) {
        uint32_t stride = sh->tile_args[3];
        if (rows_arg(sh, op, addr, fmt, stride, &df, &bytes)) return TF_BUS_FAULT;
        sim_tile_pack_rows(t, df, stride, l1 + addr);
        sim_mem_invalidate(sh->core->l1, addr,
                           ((TF_TILE_DIM - 1) * stride + TF_TILE_DIM) * sim_tile_elem_bytes(df));
    } else {
        if (tile_arg(sh, op, addr, fmt, &df, &bytes)) return TF_BUS_FAULT;
        tile_t sum; /* (the L1 tile plus DEST's when accumulating) */
        if (e->pack_l1_acc) {
            l1_acc_sum(l1 + addr, df, t, sum);
            t = sum;
        }
        sim_tile_pack(t, df, l1 + addr);
        sim_mem_invalidate(sh->core->l1, addr, bytes);
    }
    /* accumulating, the packer reads the L1 tile as well as writing it; a
     * part of a cycle (pack_rows of a row or a few) is a cycle (every tile
     * is a whole number of them); fast tilize's pack, an estimate: one
     * cycle a packer instruction of tt-llk's (4 rows of a face each, 16 a
     * tile) */
    run_at(sh, 0,
           fast ? FAST_TILIZE_PACK_CYCLES
                : ((e->pack_l1_acc ? 2 : 1) * bytes + TILE_BYTES_PER_CYCLE - 1) /
                      TILE_BYTES_PER_CYCLE,
           0, TF_PERF_UNIT_PACK);
    return TF_BUS_OK;
}

int sim_tile_command(sim_core_hart *sh, uint32_t op)
{
    if (op == 0 || op >= TF_TILE_NUM_OPS || !op_role[op])
        return fault(sh, (int)op, TF_TILE_ERR_OPCODE);
    int role = op_role[op] - 1;
    if (sh->risc != TF_RISC_TRISC0 + role) return fault(sh, (int)op, TF_TILE_ERR_ROLE);
    sim_tile_engine *e = engine(sh->core);
    if (!e) return fault(sh, (int)op, TF_TILE_ERR_HOST);
    int rc;
    switch (role) {
    case TF_TILE_ROLE_UNPACK: rc = do_unpack(sh, e, (int)op); break;
    case TF_TILE_ROLE_MATH: rc = do_math(sh, e, (int)op); break;
    default: rc = do_pack(sh, e, (int)op); break;
    }
    if (rc != TF_BUS_BLOCK) e->changes++;
    return rc;
}
