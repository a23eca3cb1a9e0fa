/* The hart through its C API: exact, repeatable instruction and cycle
 * counts, cycle limits that resume seamlessly, decode-cache coherence with
 * outside writes, decoded images kept across outside writes
 * (sim_mem.keep_images), device callbacks (stall cycles, BLOCK and retry),
 * wfi, faults without a handler, double traps, the watched word, and
 * compiled blocks whose own words are rewritten as they run. */
#include "sim/hart.h"
#include "sim/jit.h"
#include "rv32_enc.h"
#include "tf_check.h"

#include <stdlib.h>
#include <string.h>

#define ADDI(rd, rs, imm)  I(0x13, rd, 0, rs, imm)
#define LW(rd, rs, imm)    I(0x03, rd, 2, rs, imm)
#define SW(rs1, rs2, imm)  S(2, rs1, rs2, imm)
#define BNE(a, b, off)     B(1, a, b, off)
#define LUI(rd, imm20)     (((uint32_t)(imm20) << 12) | ((uint32_t)(rd) << 7) | 0x37)
#define CSRRW(rd, csr, rs) I(0x73, rd, 1, rs, csr)
#define CSRR(rd, csr)      I(0x73, rd, 2, 0, csr)
#define CSRRC(rd, csr, rs) I(0x73, rd, 3, rs, csr)
#define CSRWI(csr, uimm)   I(0x73, 0, 5, uimm, csr)
static uint32_t JAL(int rd, int32_t off)
{
    uint32_t u = (uint32_t)off;
    return (((u >> 20) & 1) << 31) | (((u >> 1) & 0x3ff) << 21) | (((u >> 11) & 1) << 20) |
           (((u >> 12) & 0xff) << 12) | ((uint32_t)rd << 7) | 0x6f;
}
#define ECALL         0x00000073u
#define WFI           0x10500073u
#define MRET          0x30200073u
#define CSRW(csr, rs) I(0x73, 0, 1, rs, csr)
#define CSR_MEPC      0x341

#define BASE 0x1000u

static void put(sim_mem *m, uint32_t addr, const uint32_t *code, int n)
{
    sim_mem_write(m, addr, code, (uint32_t)n * 4);
}

/* Load code at BASE and run it from there to its stop. */
static int run_code(sim_mem *m, sim_hart *h, const uint32_t *code, int n)
{
    put(m, BASE, code, n);
    sim_hart_reset(h, m, BASE, 0);
    return sim_hart_run(h, UINT64_MAX);
}

/* a0 counts to a1 = limit in a two-instruction loop, then ecall. */
static void load_loop(sim_mem *m, int32_t limit)
{
    uint32_t code[] = {ADDI(10, 0, 0), ADDI(11, 0, limit), ADDI(10, 10, 1), BNE(10, 11, -4), ECALL};
    put(m, BASE, code, 5);
}

static uint32_t mmio_last_store, mmio_blocks;
static int mmio_load(void *ctx, sim_hart *h, uint32_t addr, int size, uint32_t *val)
{
    (void)ctx;
    if (addr == 0xffb00000u && size == 4) {
        *val = 0x1234;
        h->cyc_extra += 10; /* a 10-cycle device access */
        return TF_BUS_OK;
    }
    if (addr == 0xffb00004u) {
        if (mmio_blocks++ == 0) return TF_BUS_BLOCK; /* not ready the first time */
        *val = 77;
        return TF_BUS_OK;
    }
    return TF_BUS_FAULT;
}
static int mmio_store(void *ctx, sim_hart *h, uint32_t addr, int size, uint32_t val)
{
    (void)ctx;
    (void)h;
    if (addr == 0xffb00008u && size == 4) {
        mmio_last_store = val;
        return TF_BUS_OK;
    }
    return TF_BUS_FAULT;
}

/* sim_bus.call: the word and value of each call, and what to return */
static uint32_t call_k, call_val, call_n;
static int call_rc;
static int reg_call(void *ctx, sim_hart *h, uint32_t k, uint32_t val)
{
    (void)ctx;
    (void)h;
    call_k = k;
    call_val = val;
    call_n++;
    return call_rc;
}

/* Run from BASE to the ecall; x10 and the instructions retired. */
static uint32_t run_ecall(sim_mem *m, sim_hart *h, uint64_t *instret)
{
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_ECALL);
    *instret = h->instret;
    return h->x[10];
}

/* A: x10 = 1 + 2 * 100 in a loop of fused runs (its head, word 2, a
 * compiled-block entry): 7 words into a */
static void prog_a(uint32_t *a)
{
    const uint32_t w[] = {ADDI(10, 0, 1),
                          ADDI(11, 0, 100),
                          ADDI(10, 10, 1),
                          ADDI(10, 10, 1),
                          ADDI(11, 11, -1),
                          BNE(11, 0, -12),
                          ECALL};
    memcpy(a, w, sizeof w);
}

/* Decoded images kept across outside writes: program A, then B over it,
 * then A again gets its slots back (the first word's handler is there
 * before it runs) and runs as decoded afresh; a guest store into the
 * restored code still takes effect (its page holds code again); a run
 * whose head is in the image's last words but reads past it, where a word
 * changed meanwhile, decodes again; other bytes get nothing back; the
 * least recently used image goes when more are kept. */
static void kept_images(void)
{
    sim_mem *m = sim_mem_new(BASE, 0x10000);
    sim_hart *h = calloc(1, sizeof *h);
    m->keep_images = 2;
    uint64_t n1, n2;
    uint32_t a[7];
    prog_a(a);
    uint32_t b[] = {ADDI(10, 0, 5),  ADDI(10, 10, 5), ADDI(10, 10, 5),
                    ADDI(10, 10, 5), ADDI(10, 10, 5), ADDI(10, 10, 5),
                    ADDI(10, 10, 5), ADDI(10, 10, 5), ECALL};
    put(m, BASE, a, 7);
    CHECK_EQ_U(run_ecall(m, h, &n1), 201);
    put(m, BASE, b, 9);
    CHECK_EQ_U(run_ecall(m, h, &n2), 40);
    CHECK_EQ_U(m->dimg_hits, 0);
    put(m, BASE, a, 7); /* A's slots come back: its first word is decoded */
    CHECK_EQ_U(m->dimg_hits, 1);
    CHECK_TRUE(m->slots[0].h != 0);
    CHECK_EQ_U(run_ecall(m, h, &n2), 201);
    CHECK_EQ_U(n2, n1);
    /* and B's, longer than A: all 9 words (its last two were kept with it
     * when A replaced its first 7) */
    put(m, BASE, b, 9);
    CHECK_EQ_U(m->dimg_hits, 2);
    CHECK_EQ_U((uint32_t)m->slots[7].imm, 5);
    CHECK_EQ_U(run_ecall(m, h, &n2), 40);

    /* a guest store into restored code: A's loop adds 3 instead of 1 */
    put(m, BASE, a, 7);
    uint32_t patch = ADDI(10, 10, 3);
    uint32_t st[] = {LUI(5, (BASE + 0x2000) >> 12), LW(6, 5, 0), LUI(7, BASE >> 12), SW(7, 6, 8),
                     ECALL};
    sim_mem_write(m, BASE + 0x2000, &patch, 4);
    put(m, BASE + 0x1000, st, 5);
    sim_hart_reset(h, m, BASE + 0x1000, 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_ECALL);
    CHECK_EQ_U(run_ecall(m, h, &n2), 1 + 4 * 100);

    /* a run from the image's last words into a word past it: C is two
     * addi, then (outside C) an addi and an ecall; with the word past C
     * made an ecall while B was there, C again gives 2, not 3 */
    uint32_t c[] = {ADDI(10, 0, 1), ADDI(10, 10, 1)}, tail[] = {ADDI(10, 10, 1), ECALL};
    put(m, BASE + 8, tail, 2);
    put(m, BASE, c, 2);
    CHECK_EQ_U(run_ecall(m, h, &n2), 3);
    put(m, BASE, b, 2);
    uint32_t ecall = ECALL;
    sim_mem_write(m, BASE + 8, &ecall, 4);
    uint64_t hits = m->dimg_hits;
    put(m, BASE, c, 2);
    CHECK_EQ_U(m->dimg_hits, hits + 1);
    CHECK_EQ_U(run_ecall(m, h, &n2), 2);

    /* other bytes: nothing back; the least recently used goes */
    uint32_t d[] = {ADDI(10, 0, 7), ECALL};
    hits = m->dimg_hits;
    put(m, BASE, d, 2);
    CHECK_EQ_U(m->dimg_hits, hits);
    CHECK_EQ_U(run_ecall(m, h, &n2), 7);
    CHECK_TRUE(m->ndimgs <= 2);
    sim_mem_free(m);
    free(h);
}

/* A kernel whose decoded words lie past a gap of words it never runs (a
 * branch over them) gets all of them back when it is written again over a
 * shorter one (the image kept is the whole of the last write at that
 * address, not only its words up to the gap); the same kernel with a word
 * past the gap changed gets nothing back for it and runs the new code. */
static void kept_past_gap(void)
{
    sim_mem *m = sim_mem_new(BASE, 0x10000);
    sim_hart *h = calloc(1, sizeof *h);
    m->keep_images = 2;
    /* x10 = 1, then over 8 words never run (past any run's look ahead) to
     * x10 += 2, four x10 += 0 (the last words' handlers decode again after
     * a restore) and the ecall */
    uint32_t g[16] = {ADDI(10, 0, 1), B(0, 0, 0, 36)};
    for (int i = 2; i < 10; i++) g[i] = ADDI(10, 10, 100);
    g[10] = ADDI(10, 10, 2);
    for (int i = 11; i < 15; i++) g[i] = ADDI(10, 10, 0);
    g[15] = ECALL;
    uint32_t s[] = {ADDI(10, 0, 5), ECALL};
    uint64_t n1, n2;
    /* (the ranges remembered are those of writes over code) */
    put(m, BASE, s, 2);
    CHECK_EQ_U(run_ecall(m, h, &n2), 5);
    put(m, BASE, g, 16);
    CHECK_EQ_U(run_ecall(m, h, &n1), 3);
    CHECK_EQ_U(m->slots[5].h, 0); /* the gap: never decoded */
    put(m, BASE, s, 2);
    CHECK_EQ_U(run_ecall(m, h, &n2), 5);
    uint64_t hits = m->dimg_hits;
    put(m, BASE, g, 16);
    CHECK_EQ_U(m->dimg_hits, hits + 1);
    CHECK_TRUE(m->slots[10].h != 0); /* past the gap: back without a decode */
    CHECK_EQ_U(run_ecall(m, h, &n2), 3);
    CHECK_EQ_U(n2, n1);
    /* the word past the gap changed: the new code runs */
    put(m, BASE, s, 2);
    CHECK_EQ_U(run_ecall(m, h, &n2), 5);
    g[10] = ADDI(10, 10, 40);
    put(m, BASE, g, 16);
    CHECK_EQ_U(m->slots[10].h, 0);
    CHECK_EQ_U(run_ecall(m, h, &n2), 41);
    CHECK_EQ_U(n2, n1);
    sim_mem_free(m);
    free(h);
}

/* A block entry kept in an image (sim/jit.h, sim_jit_keep) comes back as
 * an entry without decoding: A's loop head, which never compiles here
 * (threshold 1000), is an entry again as soon as A is written back over
 * B, and A runs as before. */
static void kept_entries(void)
{
    sim_mem *m = sim_mem_new(BASE, 0x10000);
    sim_hart *h = calloc(1, sizeof *h);
    m->keep_images = 2;
    m->jit_threshold = 1000;
    uint32_t a[7];
    prog_a(a);
    uint32_t b[] = {ADDI(10, 0, 5), ECALL};
    uint64_t n1, n2;
    put(m, BASE, a, 7);
    CHECK_EQ_U(run_ecall(m, h, &n1), 201);
    if (m->jit) { /* (no compiler on this host: nothing to keep) */
        CHECK_EQ_U(m->slots[2].h, m->jit->h_jit);
        put(m, BASE, b, 2);
        CHECK_EQ_U(run_ecall(m, h, &n2), 5);
        put(m, BASE, a, 7);
        CHECK_EQ_U(m->slots[2].h, m->jit->h_jit);
        CHECK_EQ_U(run_ecall(m, h, &n2), 201);
        CHECK_EQ_U(n2, n1);
    }
    sim_mem_free(m);
    free(h);
}

/* Compiled blocks kept with their image (sim_jit_keep's list of entries):
 * K's loop (words 2-33, one block, compiled at its first entry) written
 * back over B gets its entry and block back without compiling again; K
 * with one word inside the block changed runs the new code (its block is
 * compiled anew, the kept one being for other words); K as it was gets
 * its first block back again. The same sums and instret each time. */
static void kept_blocks(void)
{
    sim_mem *m = sim_mem_new(BASE, 0x10000);
    sim_hart *h = calloc(1, sizeof *h);
    m->keep_images = 3; /* K, B and K changed */
    m->jit_threshold = 1;
    uint32_t k[35] = {ADDI(10, 0, 0), ADDI(5, 0, 100)};
    for (int i = 2; i < 32; i++) k[i] = ADDI(10, 10, 1); /* loop: 30 x (x10 += 1) */
    k[32] = ADDI(5, 5, -1);
    k[33] = BNE(5, 0, -4 * 31);
    k[34] = ECALL;
    uint32_t b[] = {ADDI(10, 0, 5), ECALL};
    uint64_t n1, n2, compiled = 0, revived = 0;
    put(m, BASE, k, 35);
    CHECK_EQ_U(run_ecall(m, h, &n1), 3000);
    int jit = m->jit != NULL; /* (no compiler on this host: the sums only) */
    if (jit) {
        compiled = m->jit->compiled;
        CHECK_TRUE(compiled >= 1);
    }
    put(m, BASE, b, 2);
    CHECK_EQ_U(run_ecall(m, h, &n2), 5);
    if (jit) revived = m->jit->revived;
    put(m, BASE, k, 35); /* unchanged: its block comes back (as it is restored) */
    if (jit) CHECK_EQ_U(m->slots[2].h, m->jit->h_jit);
    CHECK_EQ_U(run_ecall(m, h, &n2), 3000);
    CHECK_EQ_U(n2, n1);
    if (jit) {
        CHECK_EQ_U(m->jit->compiled, compiled);
        CHECK_TRUE(m->jit->revived > revived);
    }
    /* one word inside the block changed: the new code runs */
    put(m, BASE, b, 2);
    CHECK_EQ_U(run_ecall(m, h, &n2), 5);
    k[20] = ADDI(10, 10, 5);
    put(m, BASE, k, 35);
    CHECK_EQ_U(run_ecall(m, h, &n2), 29 * 100 + 5 * 100);
    CHECK_EQ_U(n2, n1);
    if (jit) CHECK_EQ_U(m->jit->compiled, compiled + 1);
    /* and back: the first block again, not compiled a third time */
    k[20] = ADDI(10, 10, 1);
    if (jit) revived = m->jit->revived;
    put(m, BASE, k, 35);
    if (jit) {
        CHECK_EQ_U(m->slots[2].h, m->jit->h_jit);
        CHECK_TRUE(m->jit->revived > revived);
    }
    CHECK_EQ_U(run_ecall(m, h, &n2), 3000);
    CHECK_EQ_U(n2, n1);
    if (jit) CHECK_EQ_U(m->jit->compiled, compiled + 1);
    sim_mem_free(m);
    free(h);
}

/* The table of the last code writes' ranges (sim_mem.dimg_wr_*) after its
 * round-robin counter has passed 2^31 writes at new addresses: it still
 * holds the last TF_DIMG_WRITES writes (the counter wrapped as a signed
 * int before: negative indices, stores into the fields before the table),
 * and the kept images still come back. */
static void kept_writes_wrap(void)
{
    sim_mem *m = sim_mem_new(BASE, 0x10000);
    sim_hart *h = calloc(1, sizeof *h);
    m->keep_images = 2;
    uint32_t a[7], b[] = {ADDI(10, 0, 5), ECALL}, nop = ADDI(0, 0, 0);
    uint64_t n1, n2;
    prog_a(a);
    put(m, BASE, a, 7);
    CHECK_EQ_U(run_ecall(m, h, &n1), 201);
    m->dimg_wr_next = 0x7fffffff;
    for (uint32_t i = 0; i < 2 * TF_DIMG_WRITES; i++)
        sim_mem_write(m, BASE + 0x100 + 8 * i, &nop, 4);
    for (uint32_t i = TF_DIMG_WRITES; i < 2 * TF_DIMG_WRITES; i++) {
        int found = 0;
        for (int k = 0; k < TF_DIMG_WRITES; k++)
            found += m->dimg_wr_off[k] == 0x100 + 8 * i && m->dimg_wr_end[k] == 0x104 + 8 * i;
        CHECK_EQ_U(found, 1);
    }
    put(m, BASE, b, 2);
    CHECK_EQ_U(run_ecall(m, h, &n2), 5);
    uint64_t hits = m->dimg_hits;
    put(m, BASE, a, 7);
    CHECK_EQ_U(m->dimg_hits, hits + 1);
    CHECK_EQ_U(run_ecall(m, h, &n2), 201);
    CHECK_EQ_U(n2, n1);
    sim_mem_free(m);
    free(h);
}

/* A fresh memory of 64 KiB holding `code` at BASE, blocks compiled at
 * their `threshold`th entry (0: never), and a hart reset to run it; the
 * compiled-against-interpreted tests below run each program both ways. */
static sim_hart *fresh(sim_mem **mp, const uint32_t *code, int n, int threshold)
{
    sim_mem *m = *mp = sim_mem_new(BASE, 0x10000);
    sim_hart *h = calloc(1, sizeof *h);
    m->jit_threshold = threshold;
    put(m, BASE, code, n);
    sim_hart_reset(h, m, BASE, 0);
    return h;
}

/* What each way's run of a program counted (jit 0: interpreted, 1:
 * compiled), kept as its hart and memory are freed; BOTH_ALIKE checks the
 * two ways retired `n` instructions in the same cycles (a macro: a failure
 * names the test's line). */
typedef struct both_ways {
    uint64_t instret[2], cycles[2];
} both_ways;

static void both_keep(both_ways *b, int jit, sim_hart *h, sim_mem *m)
{
    b->instret[jit] = h->instret;
    b->cycles[jit] = sim_hart_cycle(h);
    free(h);
    sim_mem_free(m);
}

#define BOTH_ALIKE(b, n)                                                                           \
    do {                                                                                           \
        CHECK_EQ_U((b).instret[1], (b).instret[0]);                                                \
        CHECK_EQ_U((b).instret[0], (uint64_t)(n));                                                 \
        CHECK_EQ_U((b).cycles[1], (b).cycles[0]);                                                  \
    } while (0)

/* Self-modifying code inside a compiled block (sim/jit.h): a loop whose
 * body stores over one of its own later words each pass, alternating
 * between "add 100" and "add 1" (x6 and x7 swapped by three xors), so
 * that word changes under the running block every pass. Compiled at the
 * first entry (jit_threshold 1) or never (0): the same sums, instret and
 * cycles, and where there is a compiler, both versions of the block
 * compiled and then taken back by their words. */
static void compiled_smc(void)
{
#define XOR(rd, a, b)                                                                              \
    ((0x4u << 12) | ((uint32_t)(b) << 20) | ((uint32_t)(a) << 15) | ((uint32_t)(rd) << 7) | 0x33)
    const uint32_t add100 = ADDI(1, 1, 100), add1 = ADDI(1, 1, 1); /* low 12 bits 0x093 */
    uint32_t code[] = {LUI(8, BASE >> 12), ADDI(5, 0, 6),      LUI(6, add100 >> 12),
                       ADDI(6, 6, 0x093),  LUI(7, add1 >> 12), ADDI(7, 7, 0x093),
                       ADDI(2, 2, 1), /* loop: word 6 */
                       SW(8, 6, 4 * 11),   XOR(6, 6, 7),       XOR(7, 7, 6),
                       XOR(6, 6, 7),       ADDI(1, 1, 1), /* word 11: rewritten before it runs */
                       ADDI(5, 5, -1),     BNE(5, 0, -4 * 7),  ECALL};
#undef XOR
    both_ways b;
    for (int jit = 0; jit < 2; jit++) {
        sim_mem *m;
        sim_hart *h = fresh(&m, code, (int)(sizeof code / sizeof code[0]), jit);
        CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_ECALL);
        CHECK_EQ_U(h->x[1], 3 * 100 + 3 * 1);
        CHECK_EQ_U(h->x[2], 6);
#if defined(__x86_64__) && defined(__linux__)
        if (jit) {
            CHECK_TRUE(m->jit != NULL && m->jit->compiled >= 2);
            CHECK_TRUE(m->jit->revived >= 1);
        }
#endif
        both_keep(&b, jit, h, m);
    }
    BOTH_ALIKE(b, 6 + 6 * 8);
}

/* Compiled blocks chained (sim/jit.c, emit_chain): a loop of four short
 * blocks, A (the loop's head) calling F, F returning to R (a jalr's
 * chain) and R jumping to B, which branches back to A. Once they are
 * proven each one's exit goes straight on into the next: the entries from
 * the interpreter stay a few hundred for 4000 block runs, and no block is
 * given up as too short. The loop rewrites R's first word at pass 250,
 * A's at pass 500 and a word inside F at pass 750: a chained exit must
 * not go on into a block whose words changed. Compiled at the first entry
 * (jit_threshold 1) or never (0): the same sums, instret and cycles. */
static void chained_blocks(void)
{
    /* (the new words' low 12 bits are below 0x800: lui + addi make them) */
    const uint32_t add7 = ADDI(10, 10, 7), add5 = ADDI(14, 14, 5), add3 = ADDI(12, 12, 3);
    uint32_t code[39] = {
        ADDI(5, 0, 1000),         LUI(8, BASE >> 12),         LUI(6, add7 >> 12),
        ADDI(6, 6, add7 & 0xfff), LUI(7, add5 >> 12),         ADDI(7, 7, add5 & 0xfff),
        LUI(16, add3 >> 12),      ADDI(16, 16, add3 & 0xfff), ADDI(9, 0, 500),
        ADDI(13, 0, 250),         ADDI(15, 0, 750),           ADDI(0, 0, 0),
        ADDI(10, 10, 1),       /* 12, A: the loop's head */
        JAL(1, 4 * (20 - 13)), /* 13: call F */
        ADDI(12, 12, 1),       /* 14, R: the call returns here */
        JAL(0, 4 * (30 - 15)), /* 15: on to B */
    };
    code[20] = ADDI(11, 11, 1); /* F */
    code[21] = ADDI(14, 14, 2);
    code[22] = I(0x67, 0, 0, 1, 0); /* ret (jalr x0, 0(x1)) */
    code[30] = ADDI(5, 5, -1);      /* B */
    code[31] = BNE(5, 9, 8);
    code[32] = SW(8, 6, 4 * 12); /* A's first word */
    code[33] = BNE(5, 13, 8);
    code[34] = SW(8, 7, 4 * 21); /* F's second word */
    code[35] = BNE(5, 15, 8);
    code[36] = SW(8, 16, 4 * 14); /* R's first word */
    code[37] = BNE(5, 0, 4 * (12 - 37));
    code[38] = ECALL;
    both_ways b;
    for (int jit = 0; jit < 2; jit++) {
        sim_mem *m;
        sim_hart *h = fresh(&m, code, 39, jit);
        CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_ECALL);
        CHECK_EQ_U(h->x[10], 500 * 1 + 500 * 7);
        CHECK_EQ_U(h->x[11], 1000);
        CHECK_EQ_U(h->x[12], 250 * 1 + 750 * 3);
        CHECK_EQ_U(h->x[14], 750 * 2 + 250 * 5);
#if defined(__x86_64__) && defined(__linux__)
        if (jit) {
            CHECK_TRUE(m->jit != NULL && m->jit->compiled >= 7); /* A, F, R twice; B */
            CHECK_EQ_U(m->jit->slow, 0);
            CHECK_TRUE(m->jit->entries < 1000);
        }
#endif
        both_keep(&b, jit, h, m);
    }
    BOTH_ALIKE(b, 12 + 1000 * 12 + 3);
}

/* A block entry whose first word is a store to a device register (the
 * loop's head here, a jump's target decoded as an entry before the store
 * first ran): it stays an entry, and its block is compiled, when the
 * store is found to go to a register (its interpreter handler becomes
 * L_SW_REGS behind the entry; it replaced the entry before, so such a
 * loop, a data-movement kernel's NOC command, stayed interpreted). */
static void register_store_entry(void)
{
    uint32_t code[] = {LUI(5, 0xffb00), ADDI(6, 0, 0),  ADDI(8, 0, 200), JAL(0, 4),
                       SW(5, 6, 0x104), /* 4: the loop's head */
                       ADDI(6, 6, 1),   ADDI(8, 8, -1), BNE(8, 0, -12),  ECALL};
    both_ways b;
    for (int jit = 0; jit < 2; jit++) {
        sim_mem *m;
        sim_hart *h = fresh(&m, code, 9, jit ? 8 : 0);
        uint32_t regs[32] = {0};
        h->bus.regs_base = 0xffb00100u;
        h->bus.regs = regs;
        h->bus.regs_plain = 1u << 1;
        CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_ECALL);
        CHECK_EQ_U(regs[1], 199);
#if defined(__x86_64__) && defined(__linux__)
        if (jit) {
            CHECK_TRUE(m->jit != NULL && m->jit->compiled >= 1);
            CHECK_EQ_U(m->slots[4].h, m->jit->h_jit);
        }
#endif
        both_keep(&b, jit, h, m);
    }
    BOTH_ALIKE(b, 4 + 200 * 4);
}

/* The same with the block records moving under L_SW (a reviewer's case):
 * E, an entry before it first ran, is a device-register store whose
 * three next words L_SW decodes to see whether the four stores run at
 * once; the third of them is a branch to a new target, whose record may
 * be the one that makes the records' array grow (realloc). The entry's
 * handler was changed through a pointer into the array taken before
 * that (a write to freed memory, which ASan reports). P branches before
 * E make P records first: P over a range puts the growth there. */
static void register_store_entry_records(void)
{
    static uint32_t code[0x4000];
    for (int p = 240; p <= 320; p++) {
        int k = 0;
        code[k++] = LUI(16, 0xffb00);
        code[k++] = ADDI(17, 0, 7);
        for (int i = 0; i < p; i++, k++) code[k] = BNE(0, 0, 4 * (2000 + i - k)); /* not taken */
        code[k] = B(0, 0, 0, 4), k++; /* beq x0, x0, +4: E is a target */
        code[k++] = SW(16, 17, 0);    /* E */
        code[k++] = SW(16, 17, 4);
        code[k++] = SW(16, 17, 8);
        code[k] = BNE(0, 0, 4 * (3000 - k)), k++; /* not taken: a new target */
        code[k++] = ECALL;
        both_ways b;
        for (int jit = 0; jit < 2; jit++) {
            sim_mem *m;
            sim_hart *h = fresh(&m, code, k, jit ? 8 : 0);
            uint32_t regs[32] = {0};
            h->bus.regs_base = 0xffb00000u;
            h->bus.regs = regs;
            h->bus.regs_plain = 7;
            CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_ECALL);
            CHECK_TRUE(regs[0] == 7 && regs[1] == 7 && regs[2] == 7);
            both_keep(&b, jit, h, m);
        }
        BOTH_ALIKE(b, 2 + p + 5);
    }
}

/* A block proven only because its exits went on to another compiled
 * block (the trial's credit) is timed again once proven, and goes back
 * to the interpreter when that block was given up: A (two words) jumps
 * to B, whose one word is followed by a CSR read (not compiled: B leaves
 * at it every time, too short, and is given up at the end of its trial,
 * right after A is proven on B's credit). A, entered from the
 * interpreter's branch every pass and running two words, is then given
 * up too. The same sums and instret compiled and not. */
static void probe_gives_up(void)
{
    uint32_t code[15] = {ADDI(5, 0, 300), ADDI(10, 10, 1), /* 1, A */
                         JAL(0, 4 * (10 - 2))};
    code[10] = ADDI(11, 11, 1); /* B */
    code[11] = CSRR(12, 0x340); /* mscratch: a word not compiled */
    code[12] = ADDI(5, 5, -1);
    code[13] = BNE(5, 0, 4 * (1 - 13));
    code[14] = ECALL;
    both_ways b;
    for (int jit = 0; jit < 2; jit++) {
        sim_mem *m;
        sim_hart *h = fresh(&m, code, 15, jit);
        CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_ECALL);
        CHECK_EQ_U(h->x[10], 300);
        CHECK_EQ_U(h->x[11], 300);
#if defined(__x86_64__) && defined(__linux__)
        if (jit) {
            CHECK_TRUE(m->jit != NULL && m->jit->compiled >= 2);
            CHECK_EQ_U(m->jit->slow, 2);
            CHECK_TRUE(m->slots[1].h != m->jit->h_jit);
        }
#endif
        both_keep(&b, jit, h, m);
    }
    BOTH_ALIKE(b, 1 + 300 * 6);
}

int main(void)
{
    sim_mem *m = sim_mem_new(BASE, 0x10000);
    sim_hart *h = calloc(1, sizeof *h);

    /* exact counts: 2 + 2*1000 instructions retire before the ecall */
    load_loop(m, 1000);
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_ECALL);
    CHECK_EQ_U(h->x[10], 1000);
    CHECK_EQ_U(h->instret, 2002);
    CHECK_EQ_U(sim_hart_cycle(h), 2002);
    CHECK_EQ_U(h->pc, BASE + 16);

    /* the same run again gives the same counts */
    sim_hart_reset(h, m, BASE, 0);
    sim_hart_run(h, UINT64_MAX);
    CHECK_EQ_U(sim_hart_cycle(h), 2002);

    /* a cycle limit stops at the first taken branch at or after it; runs
     * resume where they stopped and end with the same totals */
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, 101), TF_STOP_LIMIT);
    CHECK_TRUE(sim_hart_cycle(h) >= 101 && sim_hart_cycle(h) <= 102);
    int stops = 0;
    uint64_t lim = 101;
    int rc;
    while ((rc = sim_hart_run(h, lim += 97)) == TF_STOP_LIMIT) stops++;
    CHECK_EQ_U(rc, TF_STOP_ECALL);
    CHECK_TRUE(stops > 10);
    CHECK_EQ_U(h->x[10], 1000);
    CHECK_EQ_U(sim_hart_cycle(h), 2002);

    /* an outside write replaces already-decoded code */
    load_loop(m, 500);
    sim_hart_reset(h, m, BASE, 0);
    sim_hart_run(h, UINT64_MAX);
    CHECK_EQ_U(h->x[10], 500);
    CHECK_EQ_U(sim_hart_cycle(h), 1002);

    /* devices: a stalling load, a store, a load that blocks once */
    h->bus = (sim_bus){.load = mmio_load, .store = mmio_store};
    uint32_t dev[] = {LUI(5, 0xffb00), LW(6, 5, 0), LW(7, 5, 4), SW(5, 6, 8), ECALL};
    put(m, BASE, dev, 5);
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_BLOCK);
    CHECK_EQ_U(h->pc, BASE + 8); /* at the blocked load */
    CHECK_EQ_U(h->x[6], 0x1234);
    CHECK_EQ_U(sim_hart_cycle(h), 2 + 10);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_ECALL);
    CHECK_EQ_U(h->x[7], 77);
    CHECK_EQ_U(mmio_last_store, 0x1234);
    CHECK_EQ_U(h->instret, 4);
    CHECK_EQ_U(sim_hart_cycle(h), 4 + 10);
    /* fused pairs (sim/hart_fuse.h): a device load as the second half of
     * addi+lw blocks with the addi retired and pc at the load; as the first
     * half of lw+addi it stalls and the addi still runs; xori is never a
     * pair's first half, so the pairs are exactly these two */
    mmio_blocks = 0;
    uint32_t fz[] = {LUI(5, 0xffb00), I(0x13, 9, 4, 0, 0), ADDI(8, 0, 5), LW(7, 5, 4),
                     LW(6, 5, 0),     ADDI(6, 6, 1),       ECALL};
    put(m, BASE, fz, 7);
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_BLOCK);
    CHECK_EQ_U(h->pc, BASE + 12);
    CHECK_EQ_U(h->instret, 3);
    CHECK_EQ_U(h->x[8], 5);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_ECALL);
    CHECK_EQ_U(h->x[7], 77);
    CHECK_EQ_U(h->x[6], 0x1235);
    CHECK_EQ_U(h->instret, 6);
    CHECK_EQ_U(sim_hart_cycle(h), 6 + 10);
    /* an outside write to the second half of a decoded pair replaces it */
    uint32_t pr[] = {ADDI(10, 0, 1), ADDI(11, 0, 2), ECALL}, nw = ADDI(11, 0, 9);
    put(m, BASE, pr, 3);
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_ECALL);
    CHECK_EQ_U(h->x[11], 2);
    /* code_epoch counts writes that reach code: a data page's does not */
    uint32_t epoch = m->code_epoch, zero = 0;
    sim_mem_write(m, BASE + 0x8000, &zero, 4);
    CHECK_EQ_U(m->code_epoch, epoch);
    sim_mem_write(m, BASE + 4, &nw, 4);
    CHECK_EQ_U(m->code_epoch, epoch + 1);
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_ECALL);
    CHECK_EQ_U(h->x[11], 9);
    CHECK_EQ_U(h->instret, 2);

    /* a register block the hart stores to itself (sim_bus.regs): a word
     * store to a plain word lands there without the bus (also from a fused
     * sw+sw), any other store goes to the bus (which faults on these) */
    uint32_t regs[32] = {0};
    h->bus.regs_base = 0xffb00100u;
    h->bus.regs = regs;
    h->bus.regs_plain = 1u << 1 | 1u << 17;
    mmio_last_store = 0;
    uint32_t rb[] = {LUI(5, 0xffb00), ADDI(6, 0, 7), SW(5, 6, 0x104), SW(5, 6, 0x144),
                     SW(5, 6, 8),     ADDI(6, 0, 9), SW(5, 6, 0x108), ECALL};
    put(m, BASE, rb, 8);
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_FAULT);
    CHECK_EQ_U(regs[1], 7);
    CHECK_EQ_U(regs[17], 7);
    CHECK_EQ_U(regs[2], 0);
    CHECK_EQ_U(mmio_last_store, 7);
    CHECK_EQ_U(h->fault_cause, TF_CAUSE_STORE_ACCESS);
    CHECK_EQ_U(h->fault_tval, 0xffb00108u);
    CHECK_EQ_U(h->instret, 6);
    /* a sw that stored to a register runs from its register path the
     * next time (L_SW_REGS): to the register again, then to memory */
    uint32_t rq[] = {LUI(5, 0xffb00), ADDI(6, 0, 7), ADDI(7, 0, 3),
                     SW(5, 6, 0x104), ADDI(6, 6, 1), ADDI(7, 7, -1),
                     ADDI(9, 7, -1),  BNE(9, 0, 8),  LUI(5, (BASE + 0x8000) >> 12),
                     BNE(7, 0, -24),  ECALL};
    regs[1] = 0;
    CHECK_EQ_U(run_code(m, h, rq, 11), TF_STOP_ECALL);
    CHECK_EQ_U(regs[1], 8);
    CHECK_EQ_U(*(uint32_t *)(m->data + 0x8104), 9);
    CHECK_EQ_U(h->instret, 3 + 3 * 6 + 1);
    /* four sw in a row to plain registers run at once from the second
     * time (L_SW_REGS4), exactly as one by one; with a register among
     * them that is not plain, one by one (the third faults, two retired) */
    uint32_t r4[] = {LUI(5, 0xffb00),
                     ADDI(6, 0, 1),
                     ADDI(8, 0, 2),
                     SW(5, 6, 0x104),
                     SW(5, 6, 0x144),
                     SW(5, 6, 0x104),
                     SW(5, 6, 0x144),
                     ADDI(6, 6, 1),
                     ADDI(8, 8, -1),
                     BNE(8, 0, -24),
                     ECALL};
    CHECK_EQ_U(run_code(m, h, r4, 11), TF_STOP_ECALL);
    CHECK_EQ_U(regs[1], 2);
    CHECK_EQ_U(regs[17], 2);
    CHECK_EQ_U(h->instret, 3 + 2 * 7);
    const uint32_t i0 = (BASE - m->base) / 4;
    const int32_t regs4_h = m->slots[i0 + 3].h; /* the four stores' handler */
    /* a run holding a register store as a later step (addi+sw+sw here)
     * ends before it once the store went to a register: its head decodes
     * again (as the lone addi it is in r1, a jump's target), the four
     * stores run at once */
    uint32_t r1[] = {LUI(5, 0xffb00), ADDI(6, 0, 1), JAL(0, 4), ADDI(6, 6, 1), ECALL};
    CHECK_EQ_U(run_code(m, h, r1, 5), TF_STOP_ECALL);
    const int32_t lone_h = m->slots[i0 + 3].h;
    /* r4 with its loop's addi before the four stores (addi+sw+sw is a
     * run), three passes */
    uint32_t r5[11];
    memcpy(r5, r4, sizeof r5);
    r5[2] = ADDI(8, 0, 3);
    r5[3] = ADDI(6, 6, 1);
    memcpy(&r5[4], &r4[3], 4 * sizeof *r4);
    CHECK_EQ_U(run_code(m, h, r5, 11), TF_STOP_ECALL);
    CHECK_EQ_U(regs[1], 4);
    CHECK_EQ_U(regs[17], 4);
    CHECK_EQ_U(h->instret, 3 + 3 * 7);
    CHECK_EQ_U(m->slots[i0 + 3].h, lone_h);
    CHECK_EQ_U(m->slots[i0 + 4].h, regs4_h);
    /* r4 again, its third store's base (x9) moving to a register
     * that is not plain (0x108) on the second pass */
    uint32_t r4b[11];
    memcpy(r4b, r4, sizeof r4b);
    r4b[1] = ADDI(9, 5, 0);
    r4b[5] = SW(9, 6, 0x104);
    r4b[7] = ADDI(9, 9, 4);
    CHECK_EQ_U(run_code(m, h, r4b, 11), TF_STOP_FAULT);
    CHECK_EQ_U(h->fault_tval, 0xffb00108u);
    CHECK_EQ_U(h->fault_pc, BASE + 5 * 4);
    CHECK_EQ_U(h->instret, 3 + 7 + 2);
    regs[1] = 7;
    /* a word of regs_call: the call gets the word's index and the value,
     * and its result counts as the store's (OK, BLOCK: pc stays at the
     * store, FAULT: a store access fault at the register) */
    h->bus.regs_call = 1u << 4;
    h->bus.call = reg_call;
    call_rc = TF_BUS_BLOCK;
    uint32_t rc3[] = {LUI(5, 0xffb00), ADDI(6, 0, 3), SW(5, 6, 0x110), ECALL};
    put(m, BASE, rc3, 4);
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_BLOCK);
    CHECK_EQ_U(h->pc, BASE + 8);
    CHECK_EQ_U(h->instret, 2);
    CHECK_EQ_U(call_n, 1);
    CHECK_EQ_U(call_k, 4);
    CHECK_EQ_U(call_val, 3);
    call_rc = TF_BUS_OK;
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_ECALL);
    CHECK_EQ_U(call_n, 2);
    CHECK_EQ_U(h->instret, 3);
    call_rc = TF_BUS_FAULT;
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_FAULT);
    CHECK_EQ_U(h->fault_cause, TF_CAUSE_STORE_ACCESS);
    CHECK_EQ_U(h->fault_tval, 0xffb00110u);
    CHECK_EQ_U(h->fault_pc, BASE + 8);
    h->bus.regs_call = 0;
    h->bus.call = NULL;
    h->bus.regs_plain = 0; /* off: the bus sees the plain word's store too */
    uint32_t rb0[] = {LUI(5, 0xffb00), ADDI(6, 0, 5), SW(5, 6, 0x104), ECALL};
    put(m, BASE, rb0, 4);
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_FAULT);
    CHECK_EQ_U(h->fault_tval, 0xffb00104u);
    CHECK_EQ_U(regs[1], 7);
    h->bus.regs = NULL;

    /* an address no device claims is a load access fault (no handler) */
    uint32_t bad[] = {LUI(5, 0xffb01), LW(6, 5, 0)};
    put(m, BASE, bad, 2);
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_FAULT);
    CHECK_EQ_U(h->fault_cause, TF_CAUSE_LOAD_ACCESS);
    CHECK_EQ_U(h->fault_pc, BASE + 4);
    CHECK_EQ_U(h->fault_tval, 0xffb01000u);
    CHECK_EQ_U(h->fault_insn, LW(6, 5, 0));

    /* wfi stops with pc after it */
    uint32_t w[] = {ADDI(10, 0, 3), WFI, ADDI(10, 10, 1), ECALL};
    put(m, BASE, w, 4);
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_WFI);
    CHECK_EQ_U(h->pc, BASE + 8);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_ECALL);
    CHECK_EQ_U(h->x[10], 4);

    /* illegal instruction with no handler */
    uint32_t ill[] = {ADDI(10, 0, 1), 0xffffffffu};
    put(m, BASE, ill, 2);
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_FAULT);
    CHECK_EQ_U(h->fault_cause, TF_CAUSE_ILLEGAL);
    CHECK_EQ_U(h->fault_pc, BASE + 4);
    CHECK_EQ_U(h->fault_insn, 0xffffffffu);

    /* running off the end of memory is an instruction access fault */
    uint32_t nops[] = {ADDI(0, 0, 0), ADDI(0, 0, 0)};
    put(m, BASE + 0x10000 - 8, nops, 2);
    sim_hart_reset(h, m, BASE + 0x10000 - 8, 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_FAULT);
    CHECK_EQ_U(h->fault_cause, TF_CAUSE_FETCH_ACCESS);
    CHECK_EQ_U(h->fault_pc, BASE + 0x10000);

    /* double traps: a handler that traps again. The base ISA nests (the
     * hart loops through the broken handler until the cycle limit); with
     * halt_on_double_trap the second trap stops the hart at the handler,
     * mcause still the first trap's */
    uint32_t dt[] = {ECALL};
    uint32_t broken[] = {0xffffffffu};
    put(m, BASE, dt, 1);
    put(m, BASE + 0x100, broken, 1);
    sim_hart_reset(h, m, BASE, 0);
    h->mtvec = BASE + 0x100;
    CHECK_EQ_U(sim_hart_run(h, 1000), TF_STOP_LIMIT);
    sim_hart_reset(h, m, BASE, 0);
    h->mtvec = BASE + 0x100;
    h->halt_on_double_trap = 1;
    CHECK_EQ_U(sim_hart_run(h, 1000), TF_STOP_FAULT);
    CHECK_EQ_U(h->fault_cause, TF_CAUSE_ILLEGAL);
    CHECK_EQ_U(h->fault_pc, BASE + 0x100);
    CHECK_EQ_U(h->mcause, TF_CAUSE_ECALL_M);
    CHECK_EQ_U(h->mepc, BASE);
    /* mret ends the handler: the next trap is a first trap again */
    uint32_t two[] = {ECALL, ECALL, WFI};
    uint32_t skip[] = {ADDI(10, 10, 1), CSRR(5, CSR_MEPC), ADDI(5, 5, 4), CSRW(CSR_MEPC, 5), MRET};
    put(m, BASE, two, 3);
    put(m, BASE + 0x100, skip, 5);
    sim_hart_reset(h, m, BASE, 0);
    h->mtvec = BASE + 0x100;
    h->halt_on_double_trap = 1;
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_WFI);
    CHECK_EQ_U(h->x[10], 2);

    /* the watched word stops the hart after the store */
    sim_mem_set_watch(m, BASE + 0x400);
    uint32_t wt[] = {LUI(5, 0x1), ADDI(6, 0, 9), SW(5, 0, 0x400), SW(5, 6, 0x400), ECALL};
    put(m, BASE, wt, 5);
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_WATCH); /* zero store does not stop */
    CHECK_EQ_U(h->pc, BASE + 16);
    CHECK_EQ_U(h->instret, 4);

    /* jal to a misaligned target traps at the jal without writing rd; a
     * jal out of memory writes rd and faults at the target's fetch */
    uint32_t jm[] = {ADDI(1, 0, 0), JAL(1, 6)}; /* target BASE+10 */
    put(m, BASE, jm, 2);
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_FAULT);
    CHECK_EQ_U(h->fault_cause, TF_CAUSE_FETCH_MISALIGNED);
    CHECK_EQ_U(h->fault_pc, BASE + 4);
    CHECK_EQ_U(h->fault_tval, BASE + 10);
    CHECK_EQ_U(h->x[1], 0);
    uint32_t jo[] = {ADDI(1, 0, 0), JAL(1, -0x800)}; /* target BASE+4-0x800: below memory */
    put(m, BASE, jo, 2);
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_FAULT);
    CHECK_EQ_U(h->fault_cause, TF_CAUSE_FETCH_ACCESS);
    CHECK_EQ_U(h->fault_pc, BASE + 4 - 0x800);
    CHECK_EQ_U(h->x[1], BASE + 8);

    /* writes to mcycle/minstret move what software reads, never the
     * modeled time: a cycle limit still stops the run */
    uint32_t cw[] = {ADDI(0, 0, 0),  ADDI(0, 0, 0),   CSRWI(0xb00, 0),    CSRR(5, 0xb00),
                     CSRR(6, 0xc01), LUI(7, 0x80000), CSRRW(0, 0xb02, 7), CSRR(8, 0xb02),
                     CSRR(9, 0xb82), ADDI(10, 10, 1), BNE(0, 10, -4)};
    put(m, BASE, cw, 11);
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, 5000), TF_STOP_LIMIT);
    CHECK_TRUE(sim_hart_cycle(h) >= 5000 && sim_hart_cycle(h) <= 5001);
    CHECK_EQ_U(h->x[5], 0);                           /* the write takes the increment's place */
    CHECK_EQ_U(h->x[6], 4);                           /* time is the modeled clock */
    CHECK_EQ_U(h->x[8], 0x80000000u);                 /* likewise for minstret */
    CHECK_EQ_U(h->x[9], 0);                           /* no carry into minstreth */
    CHECK_EQ_U(sim_hart_run(h, 6000), TF_STOP_LIMIT); /* resumes, stops again */
    CHECK_TRUE(sim_hart_cycle(h) >= 6000 && sim_hart_cycle(h) <= 6001);
    /* a half write keeps the other half as it was before the increment */
    uint32_t hw[] = {ADDI(5, 0, -1), CSRRW(0, 0xb00, 5), CSRWI(0xb80, 5),
                     CSRR(6, 0xb00), CSRR(7, 0xb80),     ECALL};
    put(m, BASE, hw, 6);
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_ECALL);
    CHECK_EQ_U(h->x[6], 0xffffffffu); /* mcycle was 0xffffffff when mcycleh was written */
    CHECK_EQ_U(h->x[7], 6);           /* 0x5_ffffffff + 1 by the next instruction */

    /* csrr (csrrs rd, csr, x0) of a counter runs inside the loop (the
     * device profiler's marker reads cycleh and cycle); csrrc rd, csr, x0
     * reads the same CSR through the generic path. Each pair reads
     * consecutive values, after a 10-cycle device stall, an mcycle write
     * and with high halves that are not zero. */
    uint32_t fp[] = {LUI(5, 0xffb00),
                     LW(6, 5, 0), /* 10 stall cycles */
                     ADDI(7, 0, 100),
                     CSRRW(0, 0xb00, 7), /* mcycle = 100 */
                     CSRR(10, 0xc00),
                     CSRRC(11, 0xc00, 0),
                     CSRR(12, 0xb00),
                     CSRRC(13, 0xb00, 0),
                     CSRR(14, 0xc01),
                     CSRRC(15, 0xc01, 0),
                     CSRR(16, 0xc02),
                     CSRRC(17, 0xc02, 0),
                     CSRR(18, 0xb02),
                     CSRRC(19, 0xb02, 0),
                     CSRWI(0xb80, 5),
                     CSRR(20, 0xc80),
                     CSRRC(21, 0xb80, 0),
                     CSRR(22, 0xc81),
                     CSRRC(23, 0xc81, 0),
                     CSRR(24, 0xc82),
                     CSRRC(25, 0xb82, 0),
                     CSRR(0, 0xc00),
                     ECALL};
    put(m, BASE, fp, (int)(sizeof fp / 4));
    sim_hart_reset(h, m, BASE, 0);
    h->cyc_extra = 3ull << 32; /* as if the hart had stalled 2^33 + 2^32 cycles */
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_ECALL);
    CHECK_EQ_U(h->x[10], 100); /* the write takes the increment's place */
    CHECK_EQ_U(h->x[11], 101);
    CHECK_EQ_U(h->x[12], 102);
    CHECK_EQ_U(h->x[13], 103);
    CHECK_EQ_U(h->x[14], 8 + 10); /* time: instret 8, 10 stall cycles, mcycle's write aside */
    CHECK_EQ_U(h->x[15], 9 + 10);
    CHECK_EQ_U(h->x[16], 10); /* instret */
    CHECK_EQ_U(h->x[17], 11);
    CHECK_EQ_U(h->x[18], 12);
    CHECK_EQ_U(h->x[19], 13);
    CHECK_EQ_U(h->x[20], 5); /* cycleh as written */
    CHECK_EQ_U(h->x[21], 5);
    CHECK_EQ_U(h->x[22], 3); /* timeh: the stalls' high half */
    CHECK_EQ_U(h->x[23], 3);
    CHECK_EQ_U(h->x[24], 0); /* instreth */
    CHECK_EQ_U(h->x[25], 0);
    CHECK_EQ_U(h->x[0], 0);     /* csrr to x0 writes nothing */
    CHECK_EQ_U(h->instret, 22); /* the ecall does not retire */
    /* a cycle limit stops right after a counter read, as it does after
     * any CSR instruction, and the run resumes there */
    uint32_t fl[] = {ADDI(11, 0, 0), ADDI(12, 0, 0),  CSRR(10, 0xc00),
                     ADDI(11, 0, 1), CSRR(13, 0xc00), ECALL};
    put(m, BASE, fl, 6);
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, 3), TF_STOP_LIMIT);
    CHECK_EQ_U(h->pc, BASE + 12);
    CHECK_EQ_U(h->instret, 3);
    CHECK_EQ_U(h->x[10], 2);
    CHECK_EQ_U(h->x[11], 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_ECALL);
    CHECK_EQ_U(h->x[11], 1);
    CHECK_EQ_U(h->x[13], 4);

    /* PMP: 16 entries of WARL storage (reserved bits read 0, R=0 W=1 is
     * refused, a locked entry ignores writes); no trigger module */
    uint32_t pmp[] = {LUI(5, 0x12345),
                      CSRRW(0, 0x3b1, 5),
                      CSRR(6, 0x3b1),
                      ADDI(7, 0, 0x62),
                      CSRRW(0, 0x3a0, 7),
                      CSRR(8, 0x3a0),
                      ADDI(7, 0, 0x9f),
                      CSRRW(0, 0x3a0, 7),
                      CSRRW(0, 0x3b0, 5),
                      CSRWI(0x3a0, 0),
                      CSRR(9, 0x3a0),
                      CSRR(11, 0x3b0),
                      CSRWI(0x7a0, 1),
                      CSRR(12, 0x7a0),
                      CSRR(13, 0x7a1),
                      CSRR(14, 0x3c0),
                      ECALL};
    put(m, BASE, pmp, 17);
    sim_hart_reset(h, m, BASE, 0);
    CHECK_EQ_U(sim_hart_run(h, UINT64_MAX), TF_STOP_ECALL);
    CHECK_EQ_U(h->x[6], 0x12345000u);
    CHECK_EQ_U(h->x[8], 0);    /* 0x62: bits 5-6 reserved, R=0 W=1 refused */
    CHECK_EQ_U(h->x[9], 0x9f); /* locked: the write of 0 was ignored */
    CHECK_EQ_U(h->x[11], 0);   /* pmpaddr0 was locked before it was written */
    CHECK_EQ_U(h->x[12], 0);
    CHECK_EQ_U(h->x[13], 0);
    CHECK_EQ_U(h->x[14], 0); /* pmpaddr16: not implemented, reads 0 */

    free(h);
    sim_mem_free(m);
    kept_images();
    kept_entries();
    kept_blocks();
    kept_past_gap();
    kept_writes_wrap();
    compiled_smc();
    chained_blocks();
    register_store_entry();
    register_store_entry_records();
    probe_gives_up();
    return tf_check_report("test_hart");
}
