/* Fused instruction runs (sim/hart_fuse.h) against the plain interpreter:
 * random programs built from the fused ops (ALU, loads and stores of every
 * width, branches, jumps, a loop, and stores that copy instruction words
 * over the program itself) run on two harts, one decoding fused runs and
 * one decoding every word alone (sim_mem.no_fuse). They are stopped at the
 * same random cycle limits; at every stop the stop reason, pc, instruction
 * and cycle counts, registers and fault reports must be identical, and at
 * the end the whole memory. Some stores go to a device register window
 * (sim_bus.regs at 0xffb00000, x16: plain words, call words, words the bus
 * takes, misaligned ones; four in a row as a NOC command's) and some loads
 * of every width go to the bus there, whose store and call answer OK,
 * BLOCK or FAULT by a running hash of what they saw:
 * the window's words and that history must be the same too. Some go
 * outside the window: to a second block of plain words (sim_bus.regs2)
 * and to sim_bus.call_far, as the chip's tile-engine words. That covers
 * the quickened register stores (L_SW_REGS, L_SW_REGS4) and the runs that
 * end before them, which the no_fuse reference never makes, and in
 * compiled blocks (sim/jit.h) the register stores and calls made straight
 * from the block: as guessed from the registers at compile time, and
 * (sim_mem.jit_no_guess, every other program) the general way. */
#include "sim/hart.h"
#include "sim/hart_fuse.h"
#include "sim/jit.h"
#include "rv32_enc.h"
#include "tf_check.h"

#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define BASE  0x1000u
#define SIZE  0x10000u
#define DATA  0x8000u /* offset of the data area (x9) */
#define NBODY 96

static uint32_t rng_state = 12345;
static uint32_t rnd(uint32_t n)
{
    return rv_rnd(&rng_state, n);
}

/* Destinations: x1-x7 and x10-x12, sometimes x0 (x8 = program base, x9 =
 * data base, x13-x14 = instruction words to copy, x15 = loop counter: only
 * their own instructions write them). Sources: any of x0-x15, and often
 * the last destination chosen, so that runs read the previous step's
 * result through rs1 or rs2 (the chained variants, sim_fuse_mode). */
static uint32_t last_dst;
static uint32_t dst(void)
{
    static const uint8_t r[] = {0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 1, 2, 3, 4, 5};
    return last_dst = r[rnd(sizeof r)];
}
static uint32_t src(void)
{
    return rnd(3) == 0 ? last_dst : rnd(16);
}

/* One random instruction at word index i of the body (n words long). */
static uint32_t gen(int i, int n)
{
    static const uint32_t alu_f3[] = {0, 1, 3, 4, 5, 6, 7}; /* add sll sltu xor srl or and */
    switch (rnd(16)) {
    case 0:
    case 1: return I(0x13, dst(), 0, src(), (int32_t)rnd(4096) - 2048); /* addi */
    case 2: { /* slli, srli, andi, ori, xori */
        uint32_t f3 = (uint32_t[]){1, 5, 7, 6, 4}[rnd(5)];
        int32_t imm = (f3 == 1 || f3 == 5) ? (int32_t)rnd(32) : (int32_t)rnd(4096) - 2048;
        return I(0x13, dst(), f3, src(), imm);
    }
    case 3: return (rnd(2) ? 0x37u : 0x17u) | (dst() << 7) | (rnd(1u << 20) << 12); /* lui, auipc */
    case 4:
    case 5: {
        uint32_t f3 = alu_f3[rnd(7)];
        return R(f3 == 0 && rnd(2) ? 0x20 : 0, src(), src(), f3, dst()); /* also sub */
    }
    case 6: /* mul, and sometimes mulh, mulhsu, mulhu, div, divu, rem, remu */
        return R(1, src(), src(), rnd(3) ? 0 : rnd(8), dst());
    case 7:
    case 8: { /* lw, lhu, lbu, lb, lh from the data area, or the bus (x16: bload) */
        uint32_t f3 = (uint32_t[]){2, 5, 4, 0, 1}[rnd(5)];
        if (rnd(4) == 0) return I(0x03, dst(), f3, 16, (int32_t)rnd(256));
        return I(0x03, dst(), f3, 9, (int32_t)rnd(2048));
    }
    case 9:
    case 10:
        if (rnd(2)) return S(2, 16, src(), (int32_t)(4 * rnd(32) + (rnd(16) ? 0 : 2)));
        return S((uint32_t[]){2, 1, 0}[rnd(3)], 9, src(), (int32_t)rnd(2048)); /* sw sh sb */
    case 11:
    case 12: { /* a forward branch within the body */
        int room = n - 1 - i;
        if (room < 1) return I(0x13, dst(), 0, src(), 1);
        int32_t off = 4 * (1 + (int32_t)rnd((uint32_t)(room < 5 ? room : 5)));
        return B((uint32_t[]){0, 1, 4, 5, 6, 7}[rnd(6)], src(), src(), off);
    }
    case 13: { /* jal forward, sometimes linking */
        int room = n - 1 - i;
        if (room < 1) return I(0x13, dst(), 0, src(), 2);
        return J(rnd(2) ? 0 : dst(), 4 * (1 + (int32_t)rnd((uint32_t)(room < 4 ? room : 4))));
    }
    case 14: /* load a word of the program (an instruction) */
        return I(0x03, 13 + rnd(2), 2, 8, (int32_t)(4 * rnd(NBODY + 7)));
    default: /* store x13 or x14 over a word of the body: self-modifying code */
        return S(2, 8, 13 + rnd(2), (int32_t)(4 * (6 + rnd(NBODY))));
    }
}

/* The fused runs (sim/hart_fuse.h) as op lists: {length, ops...}. */
static const int fuse_runs[][5] = {
#define RUN2(a, b, k)       {2, TF_OP_##a, TF_OP_##b, 0, 0},
#define RUN3(a, b, c, k)    {3, TF_OP_##a, TF_OP_##b, TF_OP_##c, 0},
#define RUN4(a, b, c, d, k) {4, TF_OP_##a, TF_OP_##b, TF_OP_##c, TF_OP_##d},
    TF_FUSE2(RUN2) TF_FUSE3(RUN3) TF_FUSE4(RUN4)
#undef RUN2
#undef RUN3
#undef RUN4
};

/* One instruction of op at body word i (n words), step k of a run whose
 * previous word is prev (patched when the step uses its result as an
 * address: an addi or add before a load, store or jalr is made to point
 * into the data area or the body, so chained addresses stay valid). */
static uint32_t gen_op(int op, int i, int n, int k, uint32_t *prev, int pop)
{
    int room = n - i; /* forward targets: up to the loop's tail */
    uint32_t rd = dst(), a = src(), b = src();
    int chain = k > 0 && rnd(2);
    switch (op) {
    case TF_OP_LUI: return 0x37u | (rd << 7) | (rnd(1u << 20) << 12);
    case TF_OP_AUIPC: return 0x17u | (rd << 7) | (rnd(2) ? 0 : rnd(1u << 20) << 12);
    case TF_OP_ADDI: return I(0x13, rd, 0, a, (int32_t)rnd(4096) - 2048);
    case TF_OP_SLTI: return I(0x13, rd, 2, a, (int32_t)rnd(4096) - 2048);
    case TF_OP_SLTIU: return I(0x13, rd, 3, a, (int32_t)rnd(4096) - 2048);
    case TF_OP_XORI: return I(0x13, rd, 4, a, (int32_t)rnd(4096) - 2048);
    case TF_OP_ORI: return I(0x13, rd, 6, a, (int32_t)rnd(4096) - 2048);
    case TF_OP_ANDI: return I(0x13, rd, 7, a, (int32_t)rnd(4096) - 2048);
    case TF_OP_SLLI: return I(0x13, rd, 1, a, (int32_t)rnd(32));
    case TF_OP_SRLI: return I(0x13, rd, 5, a, (int32_t)rnd(32));
    case TF_OP_SRAI: return I(0x13, rd, 5, a, 0x400 | (int32_t)rnd(32));
    case TF_OP_ADD: return R(0, b, a, 0, rd);
    case TF_OP_SUB: return R(0x20, b, a, 0, rd);
    case TF_OP_SLL: return R(0, b, a, 1, rd);
    case TF_OP_SLT: return R(0, b, a, 2, rd);
    case TF_OP_SLTU: return R(0, b, a, 3, rd);
    case TF_OP_XOR: return R(0, b, a, 4, rd);
    case TF_OP_SRL: return R(0, b, a, 5, rd);
    case TF_OP_OR: return R(0, b, a, 6, rd);
    case TF_OP_AND: return R(0, b, a, 7, rd);
    case TF_OP_MUL: return R(1, b, a, 0, rd);
    case TF_OP_DIVU: return R(1, b, a, 5, rd);
    case TF_OP_REMU: return R(1, b, a, 7, rd);
    case TF_OP_BEQ:
    case TF_OP_BNE:
    case TF_OP_BLT:
    case TF_OP_BGE:
    case TF_OP_BLTU:
    case TF_OP_BGEU: {
        static const uint32_t f3[] = {0, 1, 4, 5, 6, 7};
        return B(f3[op - TF_OP_BEQ], a, b, 4 * (1 + (int32_t)rnd((uint32_t)(room < 5 ? room : 5))));
    }
    case TF_OP_JAL:
        return J(rnd(2) ? 0 : rd, 4 * (1 + (int32_t)rnd((uint32_t)(room < 4 ? room : 4))));
    case TF_OP_JALR: {
        int32_t fwd = 4 * (1 + (int32_t)rnd((uint32_t)(room < 4 ? room : 4)));
        if (pop == TF_OP_AUIPC) { /* auipc r, 0; jalr rd, off(r): off from the auipc */
            uint32_t r = (*prev >> 7) & 31;
            if (r) {
                *prev &= 0xfffu;
                return I(0x67, rd, 0, r, 4 + fwd);
            }
        }
        return I(0x67, rd, 0, 8, 4 * (6 + i) + fwd); /* x8 = the program's base */
    }
    default: break;
    }
    /* loads and stores: the data area through x9, or through the previous
     * step's result made to point into it */
    uint32_t base = 9;
    if (chain && (pop == TF_OP_ADDI || pop == TF_OP_ADD)) {
        base = dst();
        if (base == 0) base = 1;
        *prev = pop == TF_OP_ADDI ? I(0x13, base, 0, 9, (int32_t)rnd(1024))
                                  : (rnd(2) ? R(0, 0, 9, 0, base) : R(0, 9, 0, 0, base));
    }
    int32_t off = (int32_t)rnd(1024);
    switch (op) {
    case TF_OP_LW: return I(0x03, rd, 2, base, off);
    case TF_OP_LHU: return I(0x03, rd, 5, base, off);
    case TF_OP_LBU: return I(0x03, rd, 4, base, off);
    default:
        if (!chain && rnd(2)) return S(2, 16, b, (int32_t)(4 * rnd(32)));
        return S(2, base, b, off); /* sw */
    }
}

static int build(uint32_t *code)
{
    int k = 0;
    code[k++] = 0x37u | (8u << 7) | ((BASE >> 12) << 12);          /* lui x8, base */
    code[k++] = 0x37u | (9u << 7) | (((BASE + DATA) >> 12) << 12); /* lui x9, data */
    code[k++] = I(0x13, 15, 0, 0, 3);                              /* x15 = 3 rounds */
    code[k++] = 0x37u | (16u << 7) | (0xffb00u << 12);
    code[k++] = I(0x03, 13, 2, 8, 4 * 6); /* lw x13, body[0] */
    code[k++] = I(0x03, 14, 2, 8, 4 * 7); /* lw x14, body[1] */
    for (int i = 0; i < NBODY;) {         /* random words, and often a whole fused run */
        int r = (int)rnd(sizeof fuse_runs / sizeof fuse_runs[0]), len = fuse_runs[r][0];
        if (rnd(6) == 0 && i + 5 <= NBODY) {
            /* plain words, then words with a call (4, 12), a plain one
             * (16) and quiet calls (5, 13; 21 is one only now and then) */
            static const int ks[] = {0, 1, 2, 3, 8, 9, 10, 11, 4, 12, 16, 5, 13, 21};
            code[k++] = I(0x13, dst(), 0, src(), (int32_t)rnd(64));
            i++;
            for (int s = 0; s < 4; s++, i++)
                code[k++] = S(2, 16, src(), 4 * ks[rnd(s == 3 ? 14 : 9)]);
        } else if (rnd(16) == 0 && i + 3 <= NBODY) {
            /* words outside the window (as the chip's tile-engine
             * arguments and command): the second block of plain words
             * (sim_bus.regs2 at +512; its other words and those past it,
             * +1024, go to sim_bus.call_far) */
            for (int s = 0; s < 3; s++, i++)
                code[k++] = S(2, 16, src(),
                              rnd(3) ? 512 + 4 * (int32_t)rnd(32) : 1024 + 4 * (int32_t)rnd(16));
        } else if (rnd(4) == 0 && i + len <= NBODY) {
            for (int s = 0; s < len; s++, i++) {
                int pop = s ? fuse_runs[r][s] : -1;
                code[k] = gen_op(fuse_runs[r][s + 1], i, NBODY, s, &code[k - 1], pop);
                k++;
            }
        } else
            code[k++] = gen(i++, NBODY);
    }
    code[k++] = I(0x13, 15, 0, 15, -1);        /* addi x15, x15, -1 */
    code[k++] = B(1, 15, 0, -4 * (NBODY + 1)); /* bnez x15, body */
    code[k++] = 0x00000073u;                   /* ecall */
    return k;
}

static uint32_t regs[2][32], regs2[2][32], ncall[2], nstore[2], nwrote[2];
static int bstore(void *ctx, sim_hart *h, uint32_t addr, int size, uint32_t val)
{
    int v = (int)(intptr_t)ctx;
    (void)h;
    nstore[v] += addr * 7 + (uint32_t)size * 3 + val;
    if (addr - 0xffb00000u < 128 && size == 4 && !(addr & 3))
        regs[v][(addr - 0xffb00000u) / 4] = val ^ 0x55;
    if ((nstore[v] & 15) == 3) return TF_BUS_BLOCK;
    if ((nstore[v] & 63) == 5) return TF_BUS_FAULT;
    return TF_BUS_OK;
}
static int bload(void *ctx, sim_hart *h, uint32_t addr, int size, uint32_t *val)
{
    (void)ctx;
    (void)h;
    (void)size;
    *val = addr;
    return TF_BUS_OK;
}
static int bcall(void *ctx, sim_hart *h, uint32_t k, uint32_t val)
{
    int v = (int)(intptr_t)ctx;
    ncall[v] = ncall[v] * 31 + k + val;
    /* a quiet word's call (k % 8 == 5: sim_bus.regs_call_quiet) leaves
     * the clock alone; the others stall the hart */
    if (k % 8 != 5) h->cyc_extra += k;
    /* now and then a call that writes code (a word of the body over
     * itself: the program stays the same, its decoded and compiled
     * words do not): compiled code leaves after it (sim/jit.c) */
    if (k % 8 != 5 && (ncall[v] & 15) == 6) {
        uint32_t at = BASE + 4 * (6 + (val % NBODY)), w;
        memcpy(&w, h->mem->data + (at - BASE), 4);
        sim_mem_write(h->mem, at, &w, 4);
        nwrote[v]++;
    }
    /* words 0, 8, 16 and 24 stop being plain now and then, and come back
     * (as the chip's are while a RISC waits): the bus takes them then */
    if ((ncall[v] & 31) == 9) h->bus.regs_plain ^= 0x01010101u;
    /* and word 21 stops being a call now and then, its quiet bit staying:
     * a plain bus store then (compiled code must see it) */
    if ((ncall[v] & 63) == 17) h->bus.regs_call ^= 1u << 21;
    /* the second block's words 1, 9, 17 and 25 too (call_far takes them) */
    if ((ncall[v] & 31) == 13) h->bus.regs2_plain ^= 0x02020202u;
    if ((ncall[v] & 7) == 1) return TF_BUS_BLOCK;
    if ((ncall[v] & 127) == 2) return TF_BUS_FAULT;
    return TF_BUS_OK;
}
/* sim_bus.call_far: as a call to word k % 8 (a short stall), its value
 * changed so that the history tells them apart */
static int bfar(void *ctx, sim_hart *h, uint32_t k, uint32_t val)
{
    return bcall(ctx, h, k % 8, val ^ 0x5a5a5a5au);
}
static int same_state(const sim_hart *a, const sim_hart *b)
{
    int same = a->pc == b->pc && a->instret == b->instret && sim_hart_cycle(a) == sim_hart_cycle(b);
    for (int r = 0; r < 32; r++) same &= a->x[r] == b->x[r];
    return same;
}

/* The programs against the reference, the first hart's memory compiling
 * blocks when `jit` (at their first entry, sim/jit.h) or not. */
static void run_programs(int jit, int count)
{
    uint32_t code[NBODY + 9]; /* 6 words before the body, 3 after */
    uint8_t *data = malloc(4096);
    int programs = 0, stops = 0, faults = 0, mismatches = 0;
    uint64_t compiled = 0, revived = 0, proven = 0, dev_runs = 0, dev_calls = 0, dev_quiet = 0;
    nwrote[0] = nwrote[1] = 0;
    for (int t = 0; t < count; t++) {
        int n = build(code);
        for (int i = 0; i < 4096; i++) data[i] = (uint8_t)rnd(256);
        sim_mem *m[2];
        sim_hart *h[2];
        for (int v = 0; v < 2; v++) {
            m[v] = sim_mem_new(BASE, SIZE);
            m[v]->no_fuse = v;
            m[v]->jit_threshold = jit && !v ? 1 + t % 3 : 0; /* compiled at 1 to 3 entries */
            /* proven after 1 to 4 timed entries: blocks chained to one
             * another (sim/jit.c, emit_chain) within these short runs */
            m[v]->jit_trial = 1 + t % 4;
            /* every other program: device stores compiled without the
             * registers' values now (sim/jit.c, dev_run_at), the general path */
            m[v]->jit_no_guess = t % 2;
            sim_mem_write(m[v], BASE, code, (uint32_t)n * 4);
            sim_mem_write(m[v], BASE + DATA, data, 4096);
            h[v] = calloc(1, sizeof *h[v]);
            sim_hart_reset(h[v], m[v], BASE, 0);
            memset(regs[v], 0, sizeof regs[v]);
            memset(regs2[v], 0, sizeof regs2[v]);
            ncall[v] = nstore[v] = 0;
            h[v]->bus = (sim_bus){.load = bload,
                                  .store = bstore,
                                  .ctx = (void *)(intptr_t)v,
                                  .regs_base = 0xffb00000u,
                                  .regs = regs[v],
                                  .regs_plain = 0x0f0f0f0fu,
                                  .regs_call = 0x30303030u,
                                  .regs_call_quiet = 0x20202020u,
                                  .call = bcall,
                                  .call_far = bfar,
                                  .regs2_base = 0xffb00200u,
                                  .regs2_plain = 0x0f0f0f0fu,
                                  .regs2 = regs2[v]};
        }
        uint64_t limit = 0;
        int rc[2] = {TF_STOP_LIMIT, TF_STOP_LIMIT};
        while ((rc[0] == TF_STOP_LIMIT || rc[0] == TF_STOP_BLOCK) && limit < 4000) {
            limit += 1 + rnd(60);
            for (int v = 0; v < 2; v++) rc[v] = sim_hart_run(h[v], limit);
            stops++;
            int same = rc[0] == rc[1] && same_state(h[0], h[1]) &&
                       !memcmp(regs[0], regs[1], sizeof regs[0]) &&
                       !memcmp(regs2[0], regs2[1], sizeof regs2[0]) && ncall[0] == ncall[1] &&
                       nstore[0] == nstore[1];
            if (rc[0] == TF_STOP_FAULT)
                same &= h[0]->fault_cause == h[1]->fault_cause &&
                        h[0]->fault_pc == h[1]->fault_pc && h[0]->fault_tval == h[1]->fault_tval;
            if (!same) {
                if (mismatches++ < 5)
                    fprintf(stderr,
                            "program %d%s: fused and plain differ at limit %llu: rc %d/%d pc "
                            "0x%x/0x%x instret %llu/%llu\n",
                            t, jit ? " (compiled)" : "", (unsigned long long)limit, rc[0], rc[1],
                            h[0]->pc, h[1]->pc, (unsigned long long)h[0]->instret,
                            (unsigned long long)h[1]->instret);
                break;
            }
        }
        faults += rc[0] == TF_STOP_FAULT;
        if (memcmp(m[0]->data, m[1]->data, SIZE) != 0 && mismatches++ < 5)
            fprintf(stderr, "program %d: memory differs\n", t);
        programs++;
        if (m[0]->jit) {
            compiled += m[0]->jit->compiled;
            revived += m[0]->jit->revived;
            proven += m[0]->jit->proven;
            dev_runs += m[0]->jit->dev_runs;
            dev_calls += m[0]->jit->dev_calls;
            dev_quiet += m[0]->jit->dev_quiet;
        }
        for (int v = 0; v < 2; v++) {
            free(h[v]);
            sim_mem_free(m[v]);
        }
    }
    free(data);
    CHECK_EQ_U(mismatches, 0);
    CHECK_TRUE(stops > 10 * programs);                   /* the limits stopped runs often */
    CHECK_TRUE(nwrote[0] > 0 && nwrote[0] == nwrote[1]); /* calls wrote code */
    CHECK_TRUE(faults > 0 && faults < programs);         /* some rewritten programs fault */
#if defined(__x86_64__) && defined(__linux__)
    if (jit) { /* the compiler compiled, and blocks came back after rewrites */
        CHECK_TRUE(compiled > 0);
        CHECK_TRUE(revived > 0);
        CHECK_TRUE(proven > 0);
        CHECK_TRUE(dev_runs > 0 && dev_calls > 0); /* register stores compiled as guessed */
        CHECK_TRUE(dev_quiet > 0 && dev_quiet < dev_calls); /* quiet calls among them */
    }
#endif
    fprintf(
        stderr,
        "test_hart_fuse: %s%d programs, %d stops, %d ended in a fault; %llu blocks compiled, "
        "%llu revived, %llu proven; %llu register store runs compiled as guessed, %llu with a call "
        "(%llu quiet)\n",
        jit ? "compiled blocks: " : "", programs, stops, faults, (unsigned long long)compiled,
        (unsigned long long)revived, (unsigned long long)proven, (unsigned long long)dev_runs,
        (unsigned long long)dev_calls, (unsigned long long)dev_quiet);
}

int main(void)
{
    run_programs(0, 3000);
    run_programs(1, 3000);
    return tf_check_report("test_hart_fuse");
}
