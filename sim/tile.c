/* The tile engine of a Tensix core (tf_tile.h, docs/chip.md "Tile
 * engine"): two double-banked source registers filled by the unpacker
 * (TRISC0), a destination register file of 2 x 8 tiles that the math unit
 * (TRISC1) computes into and the packer (TRISC2) drains, all in fp32.
 *
 * Time: an operation runs when its inputs are there, and keeps its TRISC
 * busy for its modeled cycles (the table below). Each hand-over records
 * when it happened in modeled time; a TRISC that waits resumes no earlier
 * than that, so the three stages overlap exactly as far as the data lets
 * them, and every run gives the same cycles. */
#include "chip.h"
#include "tf_tile.h"
#include "cm_tile_layout.h"

#include <stdlib.h>
#include <string.h>

/* Modeled cycles per operation. Unpack and pack move 64 bytes per cycle
 * (a bf16 tile in 32 cycles, fp32 in 64); the matrix unit does a 32x32x32
 * multiply-accumulate in 64 cycles (512 MACs per cycle), an elementwise
 * op or a copy in 16, a reduction in 32; relu runs on the vector unit in
 * 32. Hand-overs (acquire, commit, wait, release) cost 1. */
#define TILE_BYTES_PER_CYCLE 64
static const uint32_t math_cycles[TF_TILE_NUM_OPS] = {
    [TF_TILE_COPY] = 16, [TF_TILE_ADD] = 16,         [TF_TILE_SUB] = 16,
    [TF_TILE_MUL] = 16,  [TF_TILE_MATMUL] = 64,      [TF_TILE_ADD_BCAST] = 16,
    [TF_TILE_BIAS] = 16, [TF_TILE_REDUCE_COLS] = 32, [TF_TILE_REDUCE_ROWS] = 32,
    [TF_TILE_RELU] = 32,
};

#define OP_ROLE(name, code, role, doc) [code] = role + 1,
static const uint8_t op_role[TF_TILE_NUM_OPS] = {TF_TILE_OPS(OP_ROLE)}; /* role + 1, 0: none */
#undef OP_ROLE

typedef float tile_t[TF_TILE_ELEMS]; /* row-major 32 x 32 */

/* A double-banked source register: the unpacker fills bank written % 2,
 * the math unit consumes bank consumed % 2. */
typedef struct src_reg {
    tile_t bank[2];
    uint32_t written, consumed;
    uint64_t ready_at[2]; /* when the unpack into the bank finished */
    uint64_t free_at[2];  /* when math finished with it */
} src_reg;

struct sim_tile_engine {
    src_reg a, b;
    tile_t dest[2 * TF_TILE_DEST_HALF];
    uint32_t committed, released; /* DEST halves handed to pack / given back */
    int math_holds, pack_holds;   /* between acquire..commit, wait..release */
    uint64_t commit_at[2], release_at[2];
};

static sim_tile_engine *engine(sim_core *core)
{
    if (!core->tile) core->tile = calloc(1, sizeof *core->tile);
    return core->tile;
}

void sim_tile_reset(sim_core *core)
{
    if (core->tile) memset(core->tile, 0, sizeof *core->tile);
}

void sim_tile_free(sim_core *core)
{
    free(core->tile);
    core->tile = NULL;
}

/* ---- formats: faces in L1, row-major inside the engine ----------------------- */

/* Face rows are 16 values contiguous in both layouts: row r of face f
 * (f = 2 * (tile row / 16) + tile column / 16) sits at tile_elem(r, 16c). */
static void unpack(const uint8_t *l1, int bf16, float *t)
{
    for (uint32_t r = 0; r < TF_TILE_DIM; r++)
        for (uint32_t c = 0; c < TF_TILE_DIM; c += 16) {
            uint32_t i = cm_tile_elem(r, c);
            float *row = t + r * TF_TILE_DIM + c;
            if (bf16) {
                uint16_t v[16];
                memcpy(v, l1 + 2 * i, sizeof v);
                for (int k = 0; k < 16; k++) row[k] = cm_bf16_widen(v[k]);
            } else {
                memcpy(row, l1 + 4 * i, 16 * sizeof(float));
            }
        }
}

static void pack(const float *t, int bf16, uint8_t *l1)
{
    for (uint32_t r = 0; r < TF_TILE_DIM; r++)
        for (uint32_t c = 0; c < TF_TILE_DIM; c += 16) {
            uint32_t i = cm_tile_elem(r, c);
            const float *row = t + r * TF_TILE_DIM + c;
            if (bf16) {
                uint16_t v[16];
                for (int k = 0; k < 16; k++) v[k] = cm_bf16_round(row[k]);
                memcpy(l1 + 2 * i, v, sizeof v);
            } else {
                memcpy(l1 + 4 * i, row, 16 * sizeof(float));
            }
        }
}

/* ---- the math ------------------------------------------------------------------- */

static void matmul(float *restrict d, const float *restrict a, const float *restrict b)
{
    for (int i = 0; i < TF_TILE_DIM; i++) {
        float *row = d + i * TF_TILE_DIM;
        for (int k = 0; k < TF_TILE_DIM; k++) {
            float x = a[i * TF_TILE_DIM + k];
            const float *bk = b + k * TF_TILE_DIM;
            for (int j = 0; j < TF_TILE_DIM; j++) row[j] += x * bk[j];
        }
    }
}

static void math(int op, float *restrict d, const float *restrict a, const float *restrict b,
                 float scale)
{
    int n = TF_TILE_ELEMS;
    switch (op) {
    case TF_TILE_COPY: memcpy(d, a, sizeof(tile_t)); break;
    case TF_TILE_ADD:
        for (int i = 0; i < n; i++) d[i] = a[i] + b[i];
        break;
    case TF_TILE_SUB:
        for (int i = 0; i < n; i++) d[i] = a[i] - b[i];
        break;
    case TF_TILE_MUL:
        for (int i = 0; i < n; i++) d[i] = a[i] * b[i];
        break;
    case TF_TILE_MATMUL: matmul(d, a, b); break;
    case TF_TILE_ADD_BCAST:
        for (int i = 0; i < n; i++) d[i] = a[i] + b[i % TF_TILE_DIM];
        break;
    case TF_TILE_BIAS:
        for (int i = 0; i < n; i++) d[i] += b[i % TF_TILE_DIM];
        break;
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
    case TF_TILE_RELU:
        for (int i = 0; i < n; i++) d[i] = d[i] > 0 ? d[i] : 0; /* -0 and NaN become 0 */
        break;
    }
}

/* Which source registers an operation consumes: bit 0 A, bit 1 B. */
static int uses(int op)
{
    switch (op) {
    case TF_TILE_COPY:
    case TF_TILE_REDUCE_COLS:
    case TF_TILE_REDUCE_ROWS: return 1;
    case TF_TILE_BIAS: return 2;
    case TF_TILE_RELU: return 0;
    default: return 3;
    }
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
static int wait(sim_core_hart *sh)
{
    sh->state = TF_HS_WAIT_TILE;
    return TF_BUS_BLOCK;
}

/* Resume no earlier than `t`, then be busy for `cycles`. */
static void run_at(sim_core_hart *sh, uint64_t t, uint32_t cycles)
{
    sim_hart *h = &sh->h;
    uint64_t now = sim_hart_cycle(h);
    if (now < t) h->cyc_extra += t - now;
    h->cyc_extra += cycles;
}

/* A tile's L1 address and format (from the page size). */
static int tile_arg(sim_core_hart *sh, int op, uint32_t addr, uint32_t page, int *bf16)
{
    if (page != TF_TILE_BF16 && page != TF_TILE_FP32) return fault(sh, op, TF_TILE_ERR_FORMAT);
    if ((addr & 3) || addr < TF_L1_USER_BASE || addr > TF_L1_SIZE - page)
        return fault(sh, op, TF_TILE_ERR_ADDRESS);
    *bf16 = page == TF_TILE_BF16;
    return TF_BUS_OK;
}

static int do_unpack(sim_core_hart *sh, sim_tile_engine *e, int op)
{
    int want_a = op != TF_TILE_UNPACK_B, want_b = op != TF_TILE_UNPACK_A;
    uint32_t addr_a = sh->tile_args[0], page_a = sh->tile_args[1];
    uint32_t addr_b = op == TF_TILE_UNPACK_AB ? sh->tile_args[2] : sh->tile_args[0];
    uint32_t page_b = op == TF_TILE_UNPACK_AB ? sh->tile_args[3] : sh->tile_args[1];
    int bf_a = 0, bf_b = 0;
    if (want_a && tile_arg(sh, op, addr_a, page_a, &bf_a)) return TF_BUS_FAULT;
    if (want_b && tile_arg(sh, op, addr_b, page_b, &bf_b)) return TF_BUS_FAULT;
    /* both banks full: wait until math frees one */
    if ((want_a && e->a.written - e->a.consumed == 2) ||
        (want_b && e->b.written - e->b.consumed == 2))
        return wait(sh);
    uint64_t t = 0;
    uint32_t bytes = 0;
    const uint8_t *l1 = sh->core->l1->data;
    if (want_a) {
        int k = e->a.written & 1;
        if (e->a.free_at[k] > t) t = e->a.free_at[k];
        unpack(l1 + addr_a, bf_a, e->a.bank[k]);
        bytes += page_a;
    }
    if (want_b) {
        int k = e->b.written & 1;
        if (e->b.free_at[k] > t) t = e->b.free_at[k];
        unpack(l1 + addr_b, bf_b, e->b.bank[k]);
        bytes += page_b;
    }
    run_at(sh, t, bytes / TILE_BYTES_PER_CYCLE);
    uint64_t done = sim_hart_cycle(&sh->h);
    if (want_a) e->a.ready_at[e->a.written++ & 1] = done;
    if (want_b) e->b.ready_at[e->b.written++ & 1] = done;
    return TF_BUS_OK;
}

static int do_math(sim_core_hart *sh, sim_tile_engine *e, int op)
{
    if (op == TF_TILE_ACQUIRE) {
        if (e->math_holds) return fault(sh, op, TF_TILE_ERR_PROTO);
        if (e->committed - e->released == 2) return wait(sh);
        run_at(sh, e->committed >= 2 ? e->release_at[e->committed & 1] : 0, 1);
        e->math_holds = 1;
        return TF_BUS_OK;
    }
    if (!e->math_holds) return fault(sh, op, TF_TILE_ERR_PROTO);
    int half = (int)(e->committed & 1);
    if (op == TF_TILE_COMMIT) {
        run_at(sh, 0, 1);
        e->commit_at[half] = sim_hart_cycle(&sh->h);
        e->committed++;
        e->math_holds = 0;
        return TF_BUS_OK;
    }
    uint32_t dst = sh->tile_args[0];
    if (dst >= TF_TILE_DEST_HALF) return fault(sh, op, TF_TILE_ERR_DEST);
    int u = uses(op);
    if (((u & 1) && e->a.written == e->a.consumed) || ((u & 2) && e->b.written == e->b.consumed))
        return wait(sh);
    uint64_t t = 0;
    int ka = e->a.consumed & 1, kb = e->b.consumed & 1;
    if ((u & 1) && e->a.ready_at[ka] > t) t = e->a.ready_at[ka];
    if ((u & 2) && e->b.ready_at[kb] > t) t = e->b.ready_at[kb];
    float scale;
    memcpy(&scale, &sh->tile_args[1], 4);
    math(op, e->dest[half * TF_TILE_DEST_HALF + dst], e->a.bank[ka], e->b.bank[kb], scale);
    run_at(sh, t, math_cycles[op]);
    uint64_t done = sim_hart_cycle(&sh->h);
    if (u & 1) e->a.free_at[e->a.consumed++ & 1] = done;
    if (u & 2) e->b.free_at[e->b.consumed++ & 1] = done;
    return TF_BUS_OK;
}

static int do_pack(sim_core_hart *sh, sim_tile_engine *e, int op)
{
    int half = (int)(e->released & 1);
    if (op == TF_TILE_WAIT) {
        if (e->pack_holds) return fault(sh, op, TF_TILE_ERR_PROTO);
        if (e->committed == e->released) return wait(sh);
        run_at(sh, e->commit_at[half], 1);
        e->pack_holds = 1;
        return TF_BUS_OK;
    }
    if (!e->pack_holds) return fault(sh, op, TF_TILE_ERR_PROTO);
    if (op == TF_TILE_RELEASE) {
        memset(e->dest[half * TF_TILE_DEST_HALF], 0, TF_TILE_DEST_HALF * sizeof(tile_t));
        run_at(sh, 0, 1);
        e->release_at[half] = sim_hart_cycle(&sh->h);
        e->released++;
        e->pack_holds = 0;
        return TF_BUS_OK;
    }
    uint32_t dst = sh->tile_args[0], addr = sh->tile_args[1], page = sh->tile_args[2];
    int bf16;
    if (dst >= TF_TILE_DEST_HALF) return fault(sh, op, TF_TILE_ERR_DEST);
    if (tile_arg(sh, op, addr, page, &bf16)) return TF_BUS_FAULT;
    pack(e->dest[half * TF_TILE_DEST_HALF + dst], bf16, sh->core->l1->data + addr);
    sim_mem_invalidate(sh->core->l1, addr, page);
    run_at(sh, 0, page / TILE_BYTES_PER_CYCLE);
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
    switch (role) {
    case TF_TILE_ROLE_UNPACK: return do_unpack(sh, e, (int)op);
    case TF_TILE_ROLE_MATH: return do_math(sh, e, (int)op);
    default: return do_pack(sh, e, (int)op);
    }
}
