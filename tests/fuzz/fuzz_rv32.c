/* The RV32 decoder, disassembler and hart under hostile input. Input:
 * word 0 configures the run (bits 0-1: mtvec mode 0 none, 1 a handler at
 * the start of memory that skips the faulting instruction, 2 vectored;
 * bit 2: start in user mode via mret; bits 8-17: the cycle limit's step,
 * 0 for the whole budget at once), the rest is code at BASE. Every
 * word is decoded and disassembled, then the program runs on a hart with
 * a cycle budget: the run must stop (libFuzzer's -timeout catches a host
 * hang, whatever the guest writes to its CSRs) and never touch host memory
 * outside the guest's (ASan). It runs twice, interpreted and with every
 * block compiled at its first entry and proven at its first (so chained
 * to the blocks it exits to, sim/jit.c emit_chain): the two must agree on the
 * stop, pc, instret, cycles, registers, trap CSRs and memory, and on what
 * reached the hart's device register window (sim_bus), laid out as the
 * chip's NOC blocks at 0xffb00100 so the data-movement kernels among the
 * seeds store to it: plain words, quiet calls (the command words, as the
 * chip's NOC commands) and calls that stall, block, fault or write code. */
#include "common/cm_rv32.h"
#include "fuzz.h"
#include "sim/hart.h"

#include <stdlib.h>
#include <string.h>

#define BASE   0x10000u
#define MEM    0x10000u
#define BUDGET 20000u

/* The device register window: two 16-word blocks (the chip's NOC layout,
 * TF_MMIO_NOC_BASE): words 0-3 plain, word 4 a quiet call (a command),
 * word 5 a call that stalls the hart; the same at 16-21. */
#define WIN_BASE  0xffb00100u
#define WIN_PLAIN 0x000f000fu
#define WIN_QUIET 0x00100010u
#define WIN_CALL  (WIN_QUIET | 0x00200020u)

typedef struct dev {
    uint32_t regs[32];
    uint64_t hash;  /* every call and bus access, in order */
    uint64_t calls; /* calls made */
    sim_mem *m;
} dev;

static void mix(dev *d, uint64_t v)
{
    d->hash = (d->hash ^ v) * 0x100000001b3ull;
}

/* What a call does is the stored value's to say (so that an input
 * chooses it): a call that is not quiet stalls the hart 3 + (val & 15)
 * cycles, and writes a code word over itself when bits 16-23 are 0x17;
 * any call blocks when bits 8-15 are 0x5b and it is one of every seven
 * (the retry gets through; a block stops after a pass or more of its
 * loop), faults at 0xa7, and turns words 0 and 16 plain or not
 * at 0x33 (as the chip's go while a RISC waits: a quiet call may change
 * the masks). */
static int dcall(void *ctx, sim_hart *h, uint32_t k, uint32_t val)
{
    dev *d = ctx;
    mix(d, (uint64_t)k << 32 | val);
    mix(d, h->instret);
    d->calls++;
    if (!(WIN_QUIET >> k & 1)) {
        h->cyc_extra += 3 + (val & 15);
        if ((val >> 16 & 0xff) == 0x17) {
            uint32_t off = 0x100 + 4 * (uint32_t)(val % 64), w;
            memcpy(&w, d->m->data + off, 4);
            sim_mem_write(d->m, BASE + off, &w, 4);
        }
    }
    switch (val >> 8 & 0xff) {
    case 0x33: h->bus.regs_plain ^= 0x00010001u; return TF_BUS_OK;
    case 0x5b: return d->calls % 7 == 3 ? TF_BUS_BLOCK : TF_BUS_OK;
    case 0xa7: return TF_BUS_FAULT;
    default: return TF_BUS_OK;
    }
}

static int dstore(void *ctx, sim_hart *h, uint32_t addr, int size, uint32_t val)
{
    dev *d = ctx;
    mix(d, (uint64_t)addr << 32 | val);
    mix(d, (uint64_t)size << 32 | (uint32_t)h->instret);
    if (addr - WIN_BASE < 128 && size == 4 && !(addr & 3)) d->regs[(addr - WIN_BASE) / 4] = val;
    return addr - 0xffb00000u < 0x1000u ? TF_BUS_OK : TF_BUS_FAULT;
}

static int dload(void *ctx, sim_hart *h, uint32_t addr, int size, uint32_t *val)
{
    dev *d = ctx;
    mix(d, (uint64_t)addr << 32 | (uint32_t)size);
    mix(d, h->instret);
    if (addr - 0xffb00000u >= 0x1000u) return TF_BUS_FAULT;
    *val = addr - WIN_BASE < 128 && !(addr & 3) ? d->regs[(addr - WIN_BASE) / 4] : addr ^ 0x5a5a;
    if (size < 4) *val &= size == 1 ? 0xffu : 0xffffu;
    return TF_BUS_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4) return 0;
    uint32_t cfg;
    memcpy(&cfg, data, 4);
    const uint8_t *code = data + 4;
    size_t ncode = size - 4;
    if (ncode > MEM - 0x100) ncode = MEM - 0x100;
    char dis[128];
    for (size_t i = 0; i + 4 <= ncode; i += 4) {
        uint32_t w;
        memcpy(&w, code + i, 4);
        cm_slot s;
        (void)cm_rv32_decode(w, BASE + 0x100 + (uint32_t)i, &s);
        cm_rv32_disasm(w, BASE + 0x100 + (uint32_t)i, dis, sizeof dis);
    }
    /* the same run interpreted and with every block compiled at its first
     * entry (sim/jit.h): every result must be the same */
    sim_mem *m[2];
    sim_hart *h[2];
    int rc[2];
    static dev d[2];
    for (int v = 0; v < 2; v++) {
        m[v] = sim_mem_new(BASE, MEM);
        h[v] = calloc(1, sizeof *h[v]);
        if (!m[v] || !h[v]) abort();
        m[v]->jit_threshold = v;
        m[v]->jit_trial = 1; /* proven at once: exits chained into other blocks */
        /* handler at BASE: mepc += 4; mret */
        static const uint32_t handler[] = {0x34102573u, 0x00450513u, 0x34151073u, 0x30200073u};
        sim_mem_write(m[v], BASE, handler, sizeof handler);
        sim_mem_write(m[v], BASE + 0x100, code, (uint32_t)ncode);
        sim_hart_reset(h[v], m[v], BASE + 0x100, 0);
        memset(&d[v], 0, sizeof d[v]);
        d[v].m = m[v];
        h[v]->bus = (sim_bus){.load = dload,
                              .store = dstore,
                              .ctx = &d[v],
                              .regs_base = WIN_BASE,
                              .regs_plain = WIN_PLAIN,
                              .regs = d[v].regs,
                              .regs_call = WIN_CALL,
                              .regs_call_quiet = WIN_QUIET,
                              .call = dcall};
        if (cfg & 3) h[v]->mtvec = BASE | ((cfg & 3) == 2 ? 1u : 0u);
        if (cfg & 4) h[v]->priv = 0;
    }
    /* the two side by side, compared at every stop: the budget at once, or
     * (bits 8-17 of word 0) in steps of that many cycles, so that runs
     * stop at their limit all along the program (a later run could hide
     * a stop made in the wrong place) */
    uint64_t step = cfg >> 8 & 0x3ff, limit = step ? step : BUDGET;
    for (int rounds = 0; rounds < 512; rounds++) {
        for (int v = 0; v < 2; v++) rc[v] = sim_hart_run(h[v], limit);
        if (rc[0] != rc[1] || h[0]->pc != h[1]->pc || h[0]->instret != h[1]->instret ||
            sim_hart_cycle(h[0]) != sim_hart_cycle(h[1]) || memcmp(h[0]->x, h[1]->x, 32 * 4) ||
            h[0]->mcause != h[1]->mcause || h[0]->mepc != h[1]->mepc || d[0].hash != d[1].hash ||
            memcmp(d[0].regs, d[1].regs, sizeof d[0].regs) ||
            h[0]->bus.regs_plain != h[1]->bus.regs_plain)
            abort(); /* compiled blocks differ from the interpreter */
        if (rc[0] == TF_STOP_FAULT || rc[0] == TF_STOP_ECALL) break;
        if (rc[0] == TF_STOP_WFI || rc[0] == TF_STOP_WATCH) break;
        if (rc[0] == TF_STOP_LIMIT && sim_hart_cycle(h[0]) >= limit) {
            if (limit >= BUDGET) break;
            limit += step;
        }
        /* TF_STOP_BLOCK: the access again, as the chip retries it */
    }
    if (memcmp(m[0]->data, m[1]->data, MEM)) abort();
    for (int v = 0; v < 2; v++) {
        free(h[v]);
        sim_mem_free(m[v]);
    }
    return 0;
}
