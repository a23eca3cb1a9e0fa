/* Decoded images kept across writes (sim_mem.keep_images) against a memory
 * that keeps none: two memories, one keeping images and one decoding every
 * replaced word afresh, see the same random sequence of kernel loads at a
 * few addresses (shared prefixes, different lengths, a gap never run, loops
 * compiled into blocks, one word different, a page boundary inside a
 * kernel), partial overwrites (by the host through sim_mem_write, aligned
 * and not, of equal bytes too; by a NOC-style copy and invalidation; by a
 * guest's sw, sh and sb from a patching hart), self-modifying kernels
 * (inside a compiled block, at a kernel's last three words where fused runs
 * read ahead) and runs from kernel starts or random words, stopped at
 * random cycle limits and resumed after the writes. After every step the
 * stop reasons, pcs, registers, retired instructions, cycles, fault
 * records, device register windows and the whole memory must be the same:
 * a stale slot or compiled block restored from an image would run old
 * code. Several configurations: few images (eviction) or many, blocks
 * compiled at the first entry, at the default threshold or never, fused
 * runs or not; a third memory that compiles nothing tells the compiler's
 * differences from the images'. Deterministic (a fixed seed); for a longer
 * search: test_hart_kept STEPS SEED. */
#include "sim/hart.h"
#include "sim/jit.h"
#include "rv32_enc.h"
#include "tf_check.h"

#include <stdlib.h>
#include <string.h>

#define BASE  0x1000u
#define SIZE  0x10000u
#define DATA  0x8000u /* offset of the data area */
#define PATCH 0x6000u /* offset of the patching hart's code */
#define PARGS 0x9000u /* offset of its arguments: address, value, width */
#define CODE  0x1400u /* code offsets tried as entries: [0, CODE) */

static uint32_t rng_state = 0x2545f491u;
static uint32_t rnd(uint32_t n)
{
    return rv_rnd(&rng_state, n);
}

#define ADDI(rd, rs, imm) I(0x13, rd, 0, rs, imm)
#define XOR(rd, a, b)     R(0, b, a, 4, rd)
#define ADD(rd, a, b)     R(0, b, a, 0, rd)
#define LW(rd, rs, imm)   I(0x03, rd, 2, rs, imm)
#define SW(rs1, rs2, imm) S(2, rs1, rs2, imm)
#define BNE(a, b, off)    B(1, a, b, off)
#define LUI(rd, imm20)    (((uint32_t)(imm20) << 12) | ((uint32_t)(rd) << 7) | 0x37)
#define AUIPC(rd)         ((uint32_t)(rd) << 7 | 0x17)
#define JALR(rd, rs, imm) I(0x67, rd, 0, rs, imm)
#define ECALL             0x00000073u

/* x = the 32-bit constant v (lui + addi) */
static void li(uint32_t *w, int *k, uint32_t rd, uint32_t v)
{
    uint32_t lo = v & 0xfffu, hi = (v >> 12) + (lo >> 11);
    w[(*k)++] = LUI(rd, hi & 0xfffffu);
    w[(*k)++] = ADDI(rd, rd, (int32_t)(lo << 20) >> 20);
}

#define NKERN 12
#define KMAX  64
static uint32_t kern[NKERN][KMAX];
static int klen[NKERN];

/* The kernels: position independent (auipc for their own words). */
static void make_kernels(void)
{
    int k;
    uint32_t *w;
    /* 0: a loop of fused runs reading and writing the data area */
    w = kern[0];
    k = 0;
    w[k++] = AUIPC(8);
    w[k++] = LUI(9, (BASE + DATA) >> 12);
    w[k++] = ADDI(5, 0, 40);
    w[k++] = ADDI(10, 0, 0);
    w[k++] = ADDI(10, 10, 1); /* loop: word 4 */
    w[k++] = LW(6, 9, 0);
    w[k++] = ADD(10, 10, 6);
    w[k++] = SW(9, 10, 4);
    w[k++] = ADDI(6, 6, 3);
    w[k++] = SW(9, 6, 0);
    w[k++] = ADDI(5, 5, -1);
    w[k++] = BNE(5, 0, -28);
    w[k++] = ECALL;
    klen[0] = k;
    /* 1: the same but one word in the loop */
    memcpy(kern[1], kern[0], sizeof kern[0]);
    kern[1][8] = ADDI(6, 6, 5);
    klen[1] = klen[0];
    /* 2: 0's first 12 words, then a longer tail */
    memcpy(kern[2], kern[0], sizeof kern[0]);
    w = kern[2];
    k = 12;
    for (int i = 0; i < 10; i++) w[k++] = ADDI(11, 11, i + 1);
    w[k++] = XOR(12, 11, 10);
    w[k++] = ECALL;
    klen[2] = k;
    /* 3: a gap of 9 words never run (a jump over them) */
    w = kern[3];
    k = 0;
    w[k++] = AUIPC(8);
    w[k++] = ADDI(10, 0, 1);
    w[k++] = J(0, 4 * 10);
    for (int i = 0; i < 9; i++) w[k++] = i & 1 ? 0 : ADDI(10, 10, 100);
    w[k++] = ADDI(10, 10, 2); /* word 12 */
    for (int i = 0; i < 4; i++) w[k++] = ADDI(10, 10, i);
    w[k++] = ECALL;
    klen[3] = k;
    /* 4: a long loop body, one compiled block */
    w = kern[4];
    k = 0;
    w[k++] = ADDI(5, 0, 25);
    w[k++] = ADDI(10, 0, 0);
    for (int i = 0; i < 40; i++) {
        switch (i % 4) {
        case 0: w[k++] = ADDI(10, 10, i); break;
        case 1: w[k++] = XOR(11, 11, 10); break;
        case 2: w[k++] = I(0x13, 12, 1, 10, 1); break; /* slli */
        default: w[k++] = ADD(13, 13, 12); break;
        }
    }
    w[k++] = ADDI(5, 5, -1);
    w[k++] = BNE(5, 0, -4 * 41);
    w[k++] = ECALL;
    klen[4] = k;
    /* 5: 4 with one word of the block different */
    memcpy(kern[5], kern[4], sizeof kern[4]);
    kern[5][23] = ADDI(10, 10, 1000);
    klen[5] = klen[4];
    /* 6: a loop that rewrites its own word 11 every pass (alternating
     * "x1 += 100" and "x1 += 1": x6 and x7 swapped by three xors) */
    w = kern[6];
    k = 0;
    w[k++] = AUIPC(8);
    w[k++] = ADDI(5, 0, 12);
    li(w, &k, 6, ADDI(1, 1, 100));
    li(w, &k, 7, ADDI(1, 1, 1));
    w[k++] = ADDI(2, 2, 1); /* loop: word 6 */
    w[k++] = SW(8, 6, 4 * 11);
    w[k++] = XOR(6, 6, 7);
    w[k++] = XOR(7, 7, 6);
    w[k++] = XOR(6, 6, 7);
    w[k++] = ADDI(1, 1, 1); /* word 11: rewritten before it runs */
    w[k++] = ADDI(5, 5, -1);
    w[k++] = BNE(5, 0, -4 * 7);
    w[k++] = ECALL;
    klen[6] = k;
    /* 7: a loop that rewrites one of its last three words (word 14; a
     * fused run from word 12 reads it) */
    w = kern[7];
    k = 0;
    w[k++] = AUIPC(8);
    w[k++] = ADDI(5, 0, 9);
    li(w, &k, 6, ADDI(10, 10, 7));
    li(w, &k, 7, ADDI(10, 10, 1));
    w[k++] = SW(8, 6, 4 * 14); /* loop: word 6 */
    w[k++] = XOR(6, 6, 7);
    w[k++] = XOR(7, 7, 6);
    w[k++] = XOR(6, 6, 7);
    w[k++] = ADDI(10, 10, 1);
    w[k++] = ADDI(5, 5, -1);
    w[k++] = ADDI(11, 11, 2);
    w[k++] = ADDI(12, 12, 3);
    w[k++] = ADDI(10, 10, 1); /* word 14 */
    w[k++] = BNE(5, 0, -4 * 9);
    w[k++] = ECALL;
    klen[7] = k;
    /* 8: two words and no ecall: runs on into what follows */
    kern[8][0] = ADDI(10, 0, 1);
    kern[8][1] = ADDI(10, 10, 1);
    klen[8] = 2;
    /* 9: calls and returns */
    w = kern[9];
    k = 0;
    w[k++] = ADDI(10, 0, 0);
    w[k++] = ADDI(5, 0, 20);
    w[k++] = J(1, 16); /* loop: word 2, calls word 6 */
    w[k++] = ADDI(5, 5, -1);
    w[k++] = BNE(5, 0, -8);
    w[k++] = ECALL;
    w[k++] = ADDI(10, 10, 3);
    w[k++] = XOR(11, 11, 10);
    w[k++] = JALR(0, 1, 0);
    klen[9] = k;
    /* 10: device register stores, four in a row (quickened to L_SW_REGS4) */
    w = kern[10];
    k = 0;
    w[k++] = LUI(16, 0xffb00);
    w[k++] = ADDI(5, 0, 30);
    w[k++] = ADDI(10, 10, 1); /* loop: word 2 */
    w[k++] = SW(16, 10, 0);
    w[k++] = SW(16, 5, 4);
    w[k++] = SW(16, 10, 8);
    w[k++] = SW(16, 5, 12);
    w[k++] = ADDI(5, 5, -1);
    w[k++] = BNE(5, 0, -24);
    w[k++] = ECALL;
    klen[10] = k;
    /* 11: 7 with its rewritten word's store one word later (its last
     * word but one) and a different loop count */
    memcpy(kern[11], kern[7], sizeof kern[7]);
    kern[11][1] = ADDI(5, 0, 7);
    kern[11][6] = SW(8, 6, 4 * 15);
    kern[11][15] = ADDI(10, 10, 1);
    kern[11][16] = BNE(5, 0, -4 * 10);
    kern[11][17] = ECALL;
    klen[11] = 18;
}

/* Kernel load addresses (offsets): the common one, ones overlapping it,
 * ones across a page boundary. */
static const uint32_t bases[] = {0x0, 0x0, 0x0, 0x8, 0x40, 0xfd0, 0xffc, 0x1000, 0x100};
#define NBASES ((int)(sizeof bases / sizeof bases[0]))

/* Single words written over code: other instructions, an ecall, an
 * illegal word, a branch back. */
static uint32_t pool_word(void)
{
    switch (rnd(6)) {
    case 0: return ADDI(10, 10, (int32_t)rnd(64));
    case 1: return ECALL;
    case 2: return 0;
    case 3: return BNE(5, 0, -4 * (int32_t)(1 + rnd(6)));
    case 4: return XOR(11, 11, 10);
    default: {
        int k = (int)rnd(NKERN);
        return kern[k][rnd((uint32_t)klen[k])];
    }
    }
}

typedef struct side side;
struct side {
    sim_mem *m;
    sim_hart h, p; /* the hart under test, the patching hart */
    uint32_t regs[32];
    uint32_t ncall;
    int rc;
};

static int st_store(void *ctx, sim_hart *h, uint32_t addr, int size, uint32_t val)
{
    (void)ctx;
    (void)h;
    (void)addr;
    (void)size;
    (void)val;
    return TF_BUS_FAULT;
}
static int st_load(void *ctx, sim_hart *h, uint32_t addr, int size, uint32_t *val)
{
    (void)ctx;
    (void)h;
    (void)size;
    *val = addr;
    return TF_BUS_OK;
}

/* sim_bus.call (words 0 and 3 of the window: kernel 10's first and fourth
 * stores): now and then a write over code from inside the run, as a NOC
 * transfer the store issues can land in the issuing core's own L1: a
 * kernel or part of one at a base, often over the running kernel itself,
 * or the words right after the store, often a kernel's words there (an
 * image's bytes back under the running code) */
static int st_call(void *ctx, sim_hart *h, uint32_t k, uint32_t val)
{
    side *s = ctx;
    h->cyc_extra += 3;
    s->regs[k] = val;
    uint32_t c = ++s->ncall;
    int kk = (int)(c / 3 % NKERN);
    if (c % 3 == 0) {
        uint32_t a = c % 5 ? 0 : c % (uint32_t)klen[kk];
        sim_mem_write(h->mem, BASE + bases[c / 7 % NBASES] + 4 * a, &kern[kk][a],
                      4 * ((uint32_t)klen[kk] - a));
    } else if (c % 3 == 1 && h->pc - BASE + 16 < CODE) {
        uint32_t at = h->pc - BASE + 4, i = at / 4 % 24, nw = 1 + c / 5 % 3;
        if (i + nw > (uint32_t)klen[kk]) i = 0;
        sim_mem_write(h->mem, BASE + at, &kern[kk][i], 4 * nw);
    }
    return c % 11 ? TF_BUS_OK : TF_BUS_BLOCK;
}

static void side_init(side *s, int keep, int jit, int no_fuse)
{
    memset(s, 0, sizeof *s);
    s->m = sim_mem_new(BASE, SIZE);
    s->m->keep_images = keep;
    s->m->jit_threshold = jit;
    s->m->no_fuse = no_fuse;
    /* the patcher: store the word at PARGS+4 (sw, sh or sb by PARGS+8) to
     * the address at PARGS */
    uint32_t p[] = {LUI(9, (BASE + PARGS) >> 12),
                    LW(5, 9, 0),
                    LW(6, 9, 4),
                    LW(7, 9, 8),
                    B(0, 7, 0, 20), /* beq x7, x0: the sw */
                    ADDI(7, 7, -1),
                    B(0, 7, 0, 20), /* the sh */
                    S(0, 5, 6, 0),  /* sb */
                    ECALL,
                    SW(5, 6, 0),
                    ECALL,
                    S(1, 5, 6, 0), /* sh */
                    ECALL};
    sim_mem_write(s->m, BASE + PATCH, p, sizeof p);
    sim_hart_reset(&s->h, s->m, BASE, 0);
    s->h.bus = (sim_bus){.load = st_load,
                         .store = st_store,
                         .regs_base = 0xffb00000u,
                         .regs = s->regs,
                         .regs_plain = ~9u,
                         .regs_call = 9u,
                         .call = st_call,
                         .ctx = s};
    s->rc = TF_STOP_ECALL;
}

static int same_hart(const sim_hart *a, const sim_hart *b)
{
    int same = a->pc == b->pc && a->instret == b->instret &&
               sim_hart_cycle(a) == sim_hart_cycle(b) && a->fault_cause == b->fault_cause &&
               a->fault_pc == b->fault_pc && a->fault_tval == b->fault_tval &&
               a->fault_insn == b->fault_insn && a->mcause == b->mcause && a->mepc == b->mepc;
    for (int r = 0; r < 32; r++) same &= a->x[r] == b->x[r];
    return same;
}

/* One step on a side, from the step's random choices in c[]. */
static void step(side *s, const uint32_t *c, const uint8_t *bytes, uint32_t nbytes)
{
    sim_mem *m = s->m;
    switch (c[0]) {
    case 0: /* a host write (a kernel, part of one, a word, equal bytes) */
        sim_mem_write(m, BASE + c[1], bytes, nbytes);
        break;
    case 1: /* a NOC-style write: the bytes, then the invalidation */
        memcpy(m->data + c[1], bytes, nbytes);
        sim_mem_invalidate(m, BASE + c[1], nbytes);
        break;
    case 2: { /* a guest store: the patching hart */
        uint32_t args[3] = {BASE + c[1], c[2], c[3]};
        sim_mem_write(m, BASE + PARGS, args, sizeof args);
        sim_hart_reset(&s->p, m, BASE + PATCH, 1);
        s->p.bus = s->h.bus;
        int rc = sim_hart_run(&s->p, 1000);
        CHECK_EQ_U(rc, TF_STOP_ECALL);
        uint32_t n = 4u >> c[3], w = 0; /* it landed */
        memcpy(&w, m->data + c[1], n);
        CHECK_EQ_U(w, n == 4 ? c[2] : c[2] & ((1u << 8 * n) - 1));
        break;
    }
    case 5: /* a fill, or a write too long to be kept, over all the code */
        if (c[2])
            sim_mem_fill(m, BASE + c[1], (int)c[3], nbytes);
        else
            sim_mem_write(m, BASE + c[1], bytes, nbytes);
        break;
    case 3: /* a run from an entry */
        sim_hart_reset(&s->h, m, BASE + c[1], 0);
        s->rc = sim_hart_run(&s->h, c[2]);
        break;
    default: /* the last run resumed (when it stopped at its limit) */
        if (s->rc == TF_STOP_LIMIT || s->rc == TF_STOP_BLOCK)
            s->rc = sim_hart_run(&s->h, sim_hart_cycle(&s->h) + c[2]);
        break;
    }
}

/* The configuration's steps on both sides; 1 if they stayed the same. */
/* What the steps did, over every configuration (the keeping side's). */
static struct {
    uint64_t hits, revived, calls, stops[TF_STOP_WATCH + 1];
} stats;

static int run_config(int keep, int jit, int no_fuse, int steps)
{
    side *sd = calloc(3, sizeof *sd);
    side_init(&sd[0], keep, jit, no_fuse);
    side_init(&sd[1], 0, jit, no_fuse);
    side_init(&sd[2], 0, 0, no_fuse);
    static uint8_t bytes[(16u << 10) + 512];
    int ok = 1;
    for (int t = 0; t < steps && ok; t++) {
        uint32_t c[4] = {0, 0, 0, 0}, nbytes = 0;
        uint32_t r = rnd(100);
        if (r < 30) { /* a whole kernel at a base, by the host */
            int k = (int)rnd(NKERN);
            c[1] = bases[rnd(NBASES)];
            nbytes = 4 * (uint32_t)klen[k];
            memcpy(bytes, kern[k], nbytes);
        } else if (r < 42) { /* part of a kernel, where it would be */
            int k = (int)rnd(NKERN);
            uint32_t a = rnd((uint32_t)klen[k]), b = a + 1 + rnd((uint32_t)klen[k] - a);
            c[0] = rnd(4) ? 0 : 1;
            c[1] = bases[rnd(NBASES)] + 4 * a;
            nbytes = 4 * (b - a);
            memcpy(bytes, &kern[k][a], nbytes);
        } else if (r < 48) { /* one word, by the host or the NOC */
            uint32_t w = pool_word();
            c[0] = rnd(3) ? 0 : 1;
            c[1] = bases[rnd(NBASES)] + 4 * rnd(24);
            nbytes = 4;
            memcpy(bytes, &w, 4);
        } else if (r < 52) { /* equal bytes, sometimes unaligned */
            c[1] = rnd(CODE - 64) & (rnd(4) ? ~3u : ~0u);
            nbytes = 4 + rnd(60);
            if (rnd(2)) nbytes &= ~3u;
            memcpy(bytes, sd[0].m->data + c[1], nbytes);
        } else if (r < 55) { /* other bytes, unaligned */
            c[1] = 1 + 4 * rnd(CODE / 4 - 16);
            nbytes = 1 + rnd(10);
            for (uint32_t i = 0; i < nbytes; i++) bytes[i] = (uint8_t)rnd(256);
        } else if (r < 63) { /* a guest store over code: sw, sh or sb */
            c[0] = 2;
            c[3] = rnd(3); /* the width: 4, 2 or 1 bytes */
            c[1] = bases[rnd(NBASES)] + 4 * rnd(24);
            if (c[3] == 1) c[1] += 2 * rnd(2);
            if (c[3] == 2) c[1] += rnd(4);
            c[2] = rnd(2) ? pool_word() : rnd(0xffffffffu);
        } else if (r < 64) { /* all the code at once: filled, or a long write */
            c[0] = 5;
            c[2] = rnd(2);
            c[3] = rnd(2) ? 0 : 0x13; /* zeros (illegal) or addi x0, x0, 0 bytes */
            nbytes = c[2] ? 4 * (1 + rnd(CODE / 4)) : (16u << 10) + 4 * (1 + rnd(64));
            c[1] = c[2] ? 4 * rnd(CODE / 4 - nbytes / 4 + 1) : 0;
            if (!c[2]) memcpy(bytes, sd[0].m->data, nbytes);
            for (uint32_t i = 0; !c[2] && i < 8; i++) bytes[rnd(CODE)] = (uint8_t)rnd(256);
        } else if (r < 85) { /* a run from a kernel's start or any word */
            c[0] = 3;
            c[1] = rnd(3) ? bases[rnd(NBASES)] : 4 * rnd(CODE / 4);
            c[2] = 1 + rnd(rnd(4) ? 3000 : 200);
        } else {
            c[0] = 4;
            c[2] = 1 + rnd(rnd(2) ? 2000 : 100);
        }
        for (int v = 0; v < 3; v++) step(&sd[v], c, bytes, nbytes);
        if (c[0] == 3 || c[0] == 4) stats.stops[sd[0].rc]++;
        /* side 1 (nothing kept) is the reference; side 2 also compiles
         * nothing, so that a difference there is the compiler's */
        for (int v = 1; v < 3 && ok; v++) {
            const side *a = &sd[0], *b = &sd[v];
            if (a->rc == b->rc && same_hart(&a->h, &b->h) && same_hart(&a->p, &b->p) &&
                !memcmp(a->regs, b->regs, sizeof a->regs) && a->ncall == b->ncall &&
                !memcmp(a->m->data, b->m->data, SIZE))
                continue;
            fprintf(stderr,
                    "test_hart_kept: keep %d jit %d no_fuse %d: step %d (kind %u at 0x%x, %u "
                    "bytes) differs from side %d: rc %d/%d pc 0x%x/0x%x instret %llu/%llu cycle "
                    "%llu/%llu x10 %u/%u\n",
                    keep, jit, no_fuse, t, c[0], c[1], nbytes, v, a->rc, b->rc, a->h.pc, b->h.pc,
                    (unsigned long long)a->h.instret, (unsigned long long)b->h.instret,
                    (unsigned long long)sim_hart_cycle(&a->h),
                    (unsigned long long)sim_hart_cycle(&b->h), a->h.x[10], b->h.x[10]);
            ok = 0;
        }
    }
    stats.hits += sd[0].m->dimg_hits;
    stats.calls += sd[0].ncall;
    CHECK_EQ_U(sd[1].m->dimg_hits, 0);
    if (sd[0].m->jit) stats.revived += sd[0].m->jit->revived;
    for (int v = 0; v < 3; v++) sim_mem_free(sd[v].m);
    free(sd);
    return ok;
}

int main(int argc, char **argv)
{
    int nsteps = argc > 1 ? atoi(argv[1]) : 6000;
    if (argc > 2) rng_state = (uint32_t)strtoul(argv[2], NULL, 0);
    make_kernels();
    static const int cfg[][3] = {
        /* keep, jit threshold, no_fuse */
        {16, 1, 0}, {3, 1, 0}, {2, 8, 0}, {16, 0, 0}, {5, 2, 1}, {80, 1, 0},
    };
    for (int i = 0; i < (int)(sizeof cfg / sizeof cfg[0]); i++)
        CHECK_TRUE(run_config(cfg[i][0], cfg[i][1], cfg[i][2], nsteps));
    /* the images came back often, and compiled blocks with them; calls
     * wrote code from inside runs; runs stopped at their limits, at
     * ecalls and at faults (the illegal words written over code) */
    CHECK_TRUE(stats.hits > 1000);
#if defined(__x86_64__) && defined(__linux__)
    if (sim_jit_default_threshold()) CHECK_TRUE(stats.revived > 100);
#endif
    CHECK_TRUE(stats.calls > 100);
    CHECK_TRUE(stats.stops[TF_STOP_LIMIT] > 100);
    CHECK_TRUE(stats.stops[TF_STOP_ECALL] > 100);
    CHECK_TRUE(stats.stops[TF_STOP_FAULT] > 100);
    CHECK_TRUE(stats.stops[TF_STOP_BLOCK] > 10);
    fprintf(stderr,
            "test_hart_kept: %llu images restored, %llu blocks revived, %llu calls; runs "
            "stopped at limits %llu, ecalls %llu, faults %llu, blocked %llu\n",
            (unsigned long long)stats.hits, (unsigned long long)stats.revived,
            (unsigned long long)stats.calls, (unsigned long long)stats.stops[TF_STOP_LIMIT],
            (unsigned long long)stats.stops[TF_STOP_ECALL],
            (unsigned long long)stats.stops[TF_STOP_FAULT],
            (unsigned long long)stats.stops[TF_STOP_BLOCK]);
    return tf_check_report("test_hart_kept");
}
