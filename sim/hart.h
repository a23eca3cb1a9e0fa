/* One RV32IMF hart (Zicsr, Zifencei; M and U privilege) with a pre-decoded,
 * direct-threaded interpreter. Internal to the simulator: the chip model and
 * tt_foil_sim build on it; the runtime never sees it. */
#ifndef TF_HART_H
#define TF_HART_H

#include "common/cm_rv32.h"

#include <stddef.h>
#include <stdint.h>

#define TF_PAGE_SHIFT 12
#define TF_PAGE_CODE  0x01u /* some word of the page is decoded: stores invalidate */
#define TF_PAGE_WATCH 0x02u /* the page holds the watched word (tohost) */
#define TF_PAGE_HOOK  0x04u /* stores by harts call sim_mem.store_hook after landing */
#define TF_PAGE_GUARD 0x10u /* stores by harts ask sim_mem.store_guard first (0x08: jit.h) */
/* stores by harts whose pc is not sim_mem's trusted code ask store_guard first */
#define TF_PAGE_GUARD_PC 0x20u

/* Code writes whose ranges sim_mem remembers (one per RISC's kernel region
 * of a core's L1, and a few more). */
#define TF_DIMG_WRITES 8

/* Directly addressed memory (RAM, or a core's L1) and its decode cache.
 * Shared by every hart that executes from it. */
struct sim_hart;
struct sim_dimg;

typedef struct sim_mem {
    uint8_t *data;
    uint32_t base, size; /* size is a multiple of 4 KiB */
    cm_slot *slots;      /* size/4 + 1 entries (the last is the end sentinel) */
    uint8_t *pageflags;  /* size >> 12 entries */
    uint32_t watch_addr; /* word whose non-zero store stops the hart */
    int has_watch;
    /* Decode every word alone (no fused runs, sim/hart_fuse.h): the
     * reference the fused interpreter is tested against. Set before any
     * code is decoded. */
    int no_fuse;
    /* Compiled blocks (sim/jit.h): entries before a block is compiled, 0
     * for none (sim_mem_new sets sim_jit_default_threshold; a caller may
     * change it before any code runs). jit: the compiler's state, made at
     * the first run. */
    int jit_threshold;
    /* Entries a compiled block's trial times (sim/jit.h, TF_JIT_TRIAL
     * when 0): a test makes blocks proven, and chained, within its short
     * programs. Set before any code runs. */
    int jit_trial;
    struct sim_jit *jit;
    /* Compile device-register stores without the registers' values at
     * compile time (sim/jit.c, dev_run_at): the general path, which
     * test_hart_fuse checks on its own this way. */
    int jit_no_guess;
    /* Called after a hart's store lands on a TF_PAGE_HOOK page. */
    void (*store_hook)(void *ctx, struct sim_hart *h, uint32_t addr, uint32_t n);
    /* Asked before a hart's store of the n-byte value v to a TF_PAGE_GUARD
     * page (or a TF_PAGE_GUARD_PC page, by code not trusted below) lands
     * (h->pc is the store's): TF_BUS_OK, or TF_BUS_FAULT (the store does
     * not land: a store access fault). */
    int (*store_guard)(void *ctx, struct sim_hart *h, uint32_t addr, uint32_t n, uint32_t v);
    /* Code whose stores to TF_PAGE_GUARD_PC pages land without asking:
     * pcs in [trusted_pc, trusted_pc + trusted_bytes) (a chip core's
     * firmware, whose mailbox stores every dispatch makes). */
    uint32_t trusted_pc, trusted_bytes;
    void *hook_ctx; /* (both's) */
    /* Writes that reached a page holding code (sim_mem_invalidate_code):
     * while it stays the same, no decoded instruction word has changed. */
    uint32_t code_epoch;
    /* Decoded images kept across outside writes (sim_mem_write): when a
     * write replaces decoded code, the range's bytes and decoded slots are
     * kept (up to keep_images of them, the least recently used going
     * first), and a later write of the same bytes to the same range gets
     * them back instead of decoding again: a runtime that loads one
     * kernel, then another, then the first again into a RISC's kernel
     * region (each op of a tt-metal-style program) decodes each once.
     * 0: none kept. Set before any write. */
    int keep_images;
    struct sim_dimg *dimgs;
    int ndimgs;
    uint32_t dimg_lo, dimg_hi;      /* the kept images' span (lo == hi: none) */
    uint64_t dimg_clock, dimg_hits; /* LRU stamps; writes that got their slots back */
    /* The last few code writes' ranges, by their start (dimg_save): what a
     * write replaces is the whole of the last one at its address, whose
     * decoded words may lie past a gap of words never decoded. */
    uint32_t dimg_wr_off[TF_DIMG_WRITES], dimg_wr_end[TF_DIMG_WRITES];
    uint32_t dimg_wr_next; /* (unsigned: it wraps) */
} sim_mem;

/* Allocate memory + decode cache lazily (untouched pages cost nothing). */
sim_mem *sim_mem_new(uint32_t base, uint32_t size);
void sim_mem_free(sim_mem *m);
/* Write from outside the harts (loader, host, NOC): keeps decode coherent. */
void sim_mem_write(sim_mem *m, uint32_t addr, const void *src, uint32_t n);
void sim_mem_fill(sim_mem *m, uint32_t addr, int byte, uint32_t n);
/* Forget decoded instructions over [addr, addr+n) (within m) that pages
 * flagged TF_PAGE_CODE hold: the range's pages are looked at first, inline
 * (stores and NOC transfers into data pages are the common case), the
 * decode cache only if one of them holds code. */
void sim_mem_invalidate_code(sim_mem *m, uint32_t off, uint32_t n);
/* The same for a range known to lie in m: `off` from its base, n > 0 (a
 * NOC transfer's, checked at its issue). */
static inline void sim_mem_invalidate_in(sim_mem *m, uint32_t off, uint32_t n)
{
    uint32_t first = off >> TF_PAGE_SHIFT, last = (off + n - 1) >> TF_PAGE_SHIFT;
    if (last - first < 2 && !((m->pageflags[first] | m->pageflags[last]) & TF_PAGE_CODE)) return;
    sim_mem_invalidate_code(m, off, n);
}
static inline void sim_mem_invalidate(sim_mem *m, uint32_t addr, uint32_t n)
{
    uint32_t off = addr - m->base;
    if (n == 0 || off >= m->size) return;
    sim_mem_invalidate_in(m, off, n > m->size - off ? m->size - off : n);
}
/* Stop any hart that stores a non-zero value to this word. */
void sim_mem_set_watch(sim_mem *m, uint32_t addr);
/* Route harts' stores to [addr, addr+n) through m->store_hook. */
void sim_mem_hook_pages(sim_mem *m, uint32_t addr, uint32_t n);
/* Route harts' stores to the pages of [addr, addr+n) through
 * m->store_guard first (they take the slow path: pages nothing stores to
 * in the common case); by_pc: only those whose pc is not m's trusted
 * code (TF_PAGE_GUARD_PC). */
void sim_mem_guard_pages(sim_mem *m, uint32_t addr, uint32_t n, int by_pc);

/* Result of an access outside sim_mem (memory-mapped devices). */
enum { TF_BUS_OK = 0, TF_BUS_FAULT = 1, TF_BUS_BLOCK = 2 };

typedef struct sim_bus {
    /* size is 1, 2 or 4; loads return the zero-extended value in *val.
     * BLOCK means "retry this instruction later": the hart stops with
     * TF_STOP_BLOCK and pc still at the access. Handlers may add stall
     * cycles to h->cyc_extra. */
    int (*load)(void *ctx, struct sim_hart *h, uint32_t addr, int size, uint32_t *val);
    int (*store)(void *ctx, struct sim_hart *h, uint32_t addr, int size, uint32_t val);
    void *ctx;
    /* Registers stored without a call: a word store (sw) to regs_base + 4k,
     * k < 32, with bit k of regs_plain set, lands in regs[k] and does
     * nothing else (a register whose store has no side effect, e.g. a NOC
     * command's address and length); with bit k of regs_call set, it calls
     * call(ctx, h, k, value) straight from the interpreter (a result as
     * store's); every other access to the block goes through store/load,
     * which see the same words. regs_plain, regs_call 0: none.
     * regs_call_quiet (its bits outside regs_call mean nothing): words
     * whose call, when it answers OK, neither writes memory nor moves the
     * hart's clock (h->cyc_extra), as a NOC command's issue (it only
     * queues the transfer): compiled code goes on after such a call
     * without looking for written code or taking the cycle limit again
     * (sim/jit.c). */
    uint32_t regs_base, regs_plain;
    uint32_t *regs;
    uint32_t regs_call, regs_call_quiet;
    int (*call)(void *ctx, struct sim_hart *h, uint32_t k, uint32_t val);
    /* NULL, or: an aligned sw outside memory and outside the window is
     * made by call_far(ctx, h, k, value), k = (addr - regs_base) >> 2,
     * which does what store(ctx, h, addr, 4, value) would (the chip's
     * tile-engine and L1-wait registers: a compute kernel stores them
     * every few words), without the slow store path's memory checks. */
    int (*call_far)(void *ctx, struct sim_hart *h, uint32_t k, uint32_t val);
    /* A second block of plain words (the interpreter's, and compiled
     * code's as well, sim/jit.c): a sw outside memory to regs2_base + 4k,
     * k < 32, with bit k of regs2_plain set, lands in regs2[k] and does
     * nothing else (the chip's tile-engine arguments: about 10,000 stores
     * an inference of the CNN demo). 0: none. */
    uint32_t regs2_base, regs2_plain;
    uint32_t *regs2;
} sim_bus;
#define TF_BUS_REGS_BYTES 128u

/* Why sim_hart_run returned. */
enum sim_hart_stop {
    TF_STOP_LIMIT = 0, /* reached the cycle limit */
    TF_STOP_WFI,       /* executed wfi with nothing pending; pc is after it */
    TF_STOP_BLOCK,     /* a device access asked to retry later */
    TF_STOP_ECALL,     /* ecall with no trap handler (mtvec == 0); pc at it */
    TF_STOP_FAULT,     /* exception with no trap handler; see fault_* */
    TF_STOP_WATCH,     /* non-zero store to the watched word; pc after it */
};

#define TF_MSTATUS_MIE  (1u << 3)
#define TF_MSTATUS_MPIE (1u << 7)
#define TF_MSTATUS_MPP  (3u << 11)
#define TF_MSTATUS_FS   (3u << 13)
#define TF_MSTATUS_MPRV (1u << 17)
#define TF_MSTATUS_TW   (1u << 21)
#define TF_MSTATUS_SD   (1u << 31)
#define TF_MIP_MSIP     (1u << 3)
#define TF_MIP_MTIP     (1u << 7)
#define TF_MIP_MEIP     (1u << 11)

typedef struct sim_hart {
    uint32_t x[33]; /* x[32] absorbs writes to x0 */
    uint32_t f[32]; /* binary32 bit patterns */
    uint32_t pc;
    uint64_t instret;     /* retired instructions */
    uint64_t cyc_extra;   /* cycle = instret + cyc_extra (stalls, sleep, traps, start time) */
    uint64_t trap_cycles; /* the part of cyc_extra that trapping instructions took */
    /* What software wrote into mcycle/minstret moves only what it reads
     * back (mcycle = cycle + mcycle_off): the modeled time and the run
     * loop's limit never depend on guest CSR writes. */
    uint64_t mcycle_off, minstret_off;
    uint8_t pmpcfg[16]; /* PMP: 16 entries, WARL storage, not enforced */
    uint32_t pmpaddr[16];
    uint32_t priv; /* 3 = machine, 0 = user */
    uint32_t mstatus, mtvec, mepc, mcause, mtval, mscratch, mie, mip;
    uint32_t mcounteren, mcountinhibit;
    uint32_t fflags, frm;
    uint32_t hartid;
    sim_mem *mem;
    sim_bus bus;
    /* Filled when a run stops with TF_STOP_FAULT (and for every trap taken). */
    uint32_t fault_cause, fault_pc, fault_tval, fault_insn;
    /* Double trap, as the Smdbltrp extension's critical error: with
     * halt_on_double_trap set, a trap taken while in_trap (a trap was taken
     * and no mret has run since) finds no handler, so the run stops with
     * TF_STOP_FAULT instead of re-entering a handler that is itself broken.
     * The chip sets it after every reset; a bare hart (tt_foil_sim) keeps
     * nesting traps as the base ISA does. */
    uint8_t halt_on_double_trap, in_trap;
    void *user; /* owner's pointer */
} sim_hart;

/* Reset a hart: machine mode, pc = entry, registers zero, FS = Initial. */
void sim_hart_reset(sim_hart *h, sim_mem *mem, uint32_t entry, uint32_t hartid);

/* Run until the hart's cycle counter reaches cycle_limit or it stops. */
int sim_hart_run(sim_hart *h, uint64_t cycle_limit);

/* Current cycle count (== modeled time in ns at 1 GHz). */
static inline uint64_t sim_hart_cycle(const sim_hart *h)
{
    return h->instret + h->cyc_extra;
}

/* Take a synchronous exception at h->pc: returns 0 if a handler (mtvec != 0)
 * will run, -1 if there is none or it is a double trap (fault_* filled,
 * caller stops the hart). */
int sim_hart_exception(sim_hart *h, uint32_t cause, uint32_t tval);

/* Execute a Zicsr instruction at h->pc; leaves h->pc at the next pc to run.
 * Returns 0, or -1 if it trapped with no handler. */
int sim_hart_csr(sim_hart *h, uint32_t insn);

/* mret (machine mode only; illegal otherwise). Same return convention. */
int sim_hart_mret(sim_hart *h);

/* Take an enabled pending interrupt if there is one (0 if none or taken). */
int sim_hart_check_interrupt(sim_hart *h);

#endif
