/* Hot blocks of guest code compiled to host code (x86-64 hosts): the
 * interpreter's companion, internal to sim/hart.c. docs/simulator.md,
 * "Compiled blocks".
 *
 * A block starts where a jump lands (a branch, jal or call return site:
 * the interpreter notes them as it decodes) and runs straight-line guest
 * code, its branches included, to its first jal or jalr, the first word
 * it does not compile, or TF_JIT_MAX_WORDS words. It keeps every rule of
 * the interpreter it stands in for: one cycle an instruction, the run's
 * cycle limit checked at every taken jump and nowhere else, a sw to the
 * device register window made as the interpreter makes it (a plain word
 * stored, a register with a call called, the limit recomputed after it),
 * an aligned sw outside memory and the window too (a plain word of
 * sim_bus.regs2 stored, else sim_bus.call_far called, as a register with a
 * call), and anything else but a plain access to the hart's own memory (a store
 * to a page holding code, a hooked or watched word or a guarded one
 * (TF_PAGE_GUARD, TF_PAGE_GUARD_PC: sim/hart.h), another access
 * outside memory, a call that does not answer OK) handed back to the
 * interpreter at that instruction, which runs or finishes it exactly as
 * it would have. Its entry slot's handler is the
 * interpreter's L_JIT, which counts the entries until the block is hot,
 * then compiles it and enters it; until then (and if it does not compile)
 * L_JIT runs the handler the slot had (sim_jit_rec.orig_h).
 *
 * Code stays coherent as the decode cache does: a write to a block's
 * words resets its entry slot's handler (sim_jit_invalidate), and the
 * slot, decoded again, gets the block back only when its words are the
 * same as those it was compiled from (a kernel loaded again over another
 * one: each keeps its blocks). */
#ifndef TF_JIT_H
#define TF_JIT_H

#include "hart.h"

#include <stdint.h>

#define TF_JIT_MAX_WORDS 64 /* the longest block */
#define TF_JIT_CHAIN     4  /* blocks kept for one entry slot (different code there) */
#define TF_JIT_HOT       8  /* entries before a block is compiled (sim_mem.jit_threshold) */
/* A block's first TF_JIT_TRIAL entries are timed in guest instructions:
 * unless they ran TF_JIT_MIN_RUN an entry on average, the entry goes back
 * to the interpreter (entering and leaving compiled code costs about as
 * much as interpreting that many words, and a block cut short every few
 * words, as a tile-engine kernel's by its bus accesses, runs faster
 * interpreted). */
#define TF_JIT_TRIAL   64
#define TF_JIT_MIN_RUN 24
#define TF_PAGE_JIT    0x08u /* sim_mem.pageflags: a compiled block starts in this page */

/* What the compiled code reads and gives back: the state the interpreter
 * keeps in its locals. */
typedef struct sim_jit_io {
    uint32_t *x;          /* the hart's registers */
    uint8_t *data;        /* sim_mem.data */
    const uint8_t *pf;    /* sim_mem.pageflags */
    uint64_t n, lim;      /* instret in and out; the run's instret limit (RELIMIT) */
    const sim_bus *bus;   /* the hart's device register window (sim_bus.regs) */
    sim_hart *h;          /* for the device calls */
    uint64_t cycle_limit; /* the run's: the limit again after a call */
    int sl;               /* TF_JIT_SLOW: what the call made of the access (hart.c's SL_*) */
} sim_jit_io;

/* Exit codes of compiled code: a byte offset into memory (the slot to go
 * on at, times 4) | one of these. */
enum {
    TF_JIT_GO = 0,     /* dispatch the slot (n: after the jump or the last word) */
    TF_JIT_LIMIT = 1,  /* a taken jump reached the limit: stop with pc at the slot */
    TF_JIT_INTERP = 2, /* run the slot's instruction through the interpreter */
    TF_JIT_SLOW = 3,   /* the slot's access was made (a device call): the interpreter
                        * finishes it as its slow path does (sim_jit_ret.code >> 32: its SL_*) */
};
/* A compiled sw to word k of the device register window (a register with
 * a call, sim_bus.regs_call) at slot `slot` whose call gave `r`, not
 * TF_BUS_OK: what the interpreter's L_SW_REGS makes of it (an exception
 * taken, or the hart blocked) into io->sl; returns the exit code
 * (TF_JIT_SLOW). hart.c. */
uint32_t sim_hart_jit_store_result(sim_jit_io *io, int r, uint32_t slot, uint32_t k);

typedef struct sim_jit_rec {
    const void *code;      /* compiled code, NULL while counting (or never) */
    const uint32_t *words; /* the guest words it was compiled from (len of them) */
    int32_t orig_h;        /* the slot's interpreter handler */
    uint32_t count;        /* entries while not compiled */
    uint32_t next;         /* another block for the same slot (its id + 1), 0: none */
    uint16_t len;          /* guest words the code covers */
    uint8_t never;         /* its first word does not compile */
    uint8_t slow;          /* its trial ran too few words an entry: interpreted */
    uint32_t trial;        /* entries timed so far (up to sim_jit.trial) */
    uint32_t credited;     /* of those, entries that went on to a block (sim_jit_trial) */
    uint32_t probe;        /* entries timed once proven, when credited (up to sim_jit.trial) */
    uint64_t probe_words;  /* guest instructions those entries ran, chained blocks' too */
    uint64_t trial_words;  /* guest instructions those entries ran */
} sim_jit_rec;

/* The compiled entries entered last, by slot (direct-mapped): L_JIT finds
 * a hot loop's code here without the two cache misses of ent[] and recs[]. */
#define TF_JIT_HOT_SLOTS 256
typedef struct sim_jit_hot {
    uint32_t slot;    /* slot + 1, 0: empty */
    uint32_t probing; /* its entries are timed (sim_jit_rec.probe) */
    const void *code;
} sim_jit_hot;
/* Slot s's place in the table (emit_chain_to computes it too). Its low
 * bits: mixed with those above bit 12 (a core's five kernels lie 0x3000
 * words apart), the CNN demo took 3% longer (bench_cnn, 16 runs paired). */
static inline uint32_t sim_jit_hot_index(uint32_t s)
{
    return s % TF_JIT_HOT_SLOTS;
}

typedef struct sim_jit {
    sim_jit_hot hot[TF_JIT_HOT_SLOTS]; /* dropped where on_decode changes an entry */
    uint32_t *ent; /* per slot: its first block's id + 1, 0: not a block entry */
    /* a bit a slot, set where ent[] is (never cleared, as ent[] is not):
     * the entries of a range found without reading its every slot */
    uint64_t *entmap;
    sim_jit_rec *recs;
    uint32_t nrecs, caprecs;
    uint8_t *code; /* one mapping: the entry trampoline, then the blocks */
    size_t code_used, code_cap;
    uint32_t (*enter)(const void *code, sim_jit_io *io);
    uint8_t *exit; /* the trampoline's way back, where every exit jumps */
    int32_t h_jit; /* L_JIT's handler offset in the interpreter */
    uint32_t threshold;
    uint32_t trial; /* entries a block's trial and probe time (sim_mem.jit_trial or TF_JIT_TRIAL) */
    int full;       /* the code mapping is full: no more compiling */
    uint64_t compiled, compiled_words, revived, slow, proven;
    uint64_t entries; /* compiled code entered from the interpreter (not block to block) */
    uint64_t dev_runs, dev_calls; /* device-register store runs compiled as guessed; with a call */
    uint64_t dev_quiet;           /* of those, a quiet call (sim_bus.regs_call_quiet) */
} sim_jit;

/* The threshold of a memory (sim_mem_new gives it, a bare hart's and a
 * chip core's L1 alike): TF_JIT_HOT, or 0 where there is no compiler (not
 * an x86-64 host) or TT_FOIL_SIM_JIT is OFF. */
int sim_jit_default_threshold(void);

/* Set up m->jit (NULL when the host has no compiler or mapping fails;
 * the interpreter then runs alone). h_jit: L_JIT's handler offset. */
sim_jit *sim_jit_new(sim_mem *m, int32_t h_jit);
void sim_jit_free(sim_mem *m);

/* A jump can land on slot t (decode time): it becomes a block entry. */
void sim_jit_note_target(sim_mem *m, uint32_t t);

/* The entries word s (decoded as op, its rd) makes: where its jump lands
 * (t, a branch's or a jal's slot within memory), and after a call (a jal
 * or jalr with a link) the word after it, where the call returns. The
 * interpreter's decoder and the compiler (for words the decoder never
 * saw) both note them so. */
static inline void sim_jit_note_jumps(sim_mem *m, uint32_t s, int op, unsigned rd, uint32_t t)
{
    if (op == TF_OP_JAL || (op >= TF_OP_BEQ && op <= TF_OP_BGEU)) sim_jit_note_target(m, t);
    if ((op == TF_OP_JAL || op == TF_OP_JALR) && rd != 32) sim_jit_note_target(m, s + 1);
}

/* Slot s, a block entry, was decoded (again) and gets handler h: the
 * handler to install (L_JIT), with a kept block whose words are the
 * memory's again. */
int32_t sim_jit_on_decode(sim_mem *m, uint32_t s, int32_t h);

/* What L_JIT does next: code's top bit set: run the interpreter handler
 * in its low half (the block is not compiled, or not yet); else an exit
 * code (TF_JIT_*, with TF_JIT_SLOW the access's result above bit 32) and
 * the instret after the block. Two registers, so that the interpreter's
 * instret stays in one (its address is never taken). */
#define TF_JIT_NOT_YET (1ull << 63)
typedef struct sim_jit_ret {
    uint64_t code, n;
} sim_jit_ret;

/* Slot s's block, entered with instret n, the run's limit lim and its
 * cycle_limit (the interpreter's L_JIT, kept out of its function: its
 * locals are the hot handlers' registers). */
sim_jit_ret sim_jit_run(sim_hart *h, uint32_t s, uint64_t n, uint64_t lim, uint64_t cycle_limit);

/* One timed entry of slot s's block r: it ran `ran` guest instructions
 * and left by `exit` (its exit code: an exit to a compiled block counts
 * TF_JIT_MIN_RUN words more, as chained it runs on into it). At the end
 * of the trial a block too short for its entry cost gives the slot its
 * interpreter handler back. */
void sim_jit_trial(sim_mem *m, uint32_t s, sim_jit_rec *r, uint64_t ran, uint32_t exit);

/* Compile slot s's block: 0 when compiled, -1 when it does not (never,
 * or no room). */
int sim_jit_compile(sim_mem *m, uint32_t s, const sim_hart *h);

/* The words from slot w0 on changed (or a sw among them became a device
 * register store): blocks entered before w0 that run into it decode their
 * entry again. Slots from w0 on are the caller's (sim_mem_invalidate_code
 * clears them). */
void sim_jit_invalidate(sim_mem *m, uint32_t w0);

/* A kept image's compiled-block entry (sim_jit_keep): slot s was an
 * L_JIT entry whose first record had interpreter handler orig_h. */
typedef struct sim_jit_kept {
    uint32_t s;
    int32_t orig_h;
} sim_jit_kept;

/* Slots [w0, w0 + nw) are being kept in an image: *list (*cap of room,
 * grown with realloc) gets, in slot order, those that are block entries
 * (L_JIT) with their interpreter handlers. Found from the entry bitmap
 * (sim_jit.entmap), so the cost goes with the entries, not the words (a
 * decode token keeps a few images a dispatch). Returns how many, or -1
 * out of host memory. */
int32_t sim_jit_keep(const sim_mem *m, uint32_t w0, uint32_t nw, sim_jit_kept **list,
                     uint32_t *cap);
/* Slots [w0, w0 + nw) came back from a kept image (kept: the nkept
 * entries sim_jit_keep gave it, nkept < 0: it was kept without a
 * compiler, its slots unknown): an L_JIT entry is one again as its
 * decoding would make it (sim_jit_on_decode with the handler it had: a
 * block kept for its words comes back, else it counts its entries anew),
 * without decoding; without the list every slot is looked at, and one
 * that is an L_JIT entry decodes again unless a compiled block of these
 * words covers its run. Slots of the list outside [w0, w0 + nw), or no
 * longer L_JIT (the caller cleared them), are left alone. */
void sim_jit_restored(sim_mem *m, uint32_t w0, uint32_t nw, const sim_jit_kept *kept,
                      int32_t nkept);

static inline sim_jit_rec *sim_jit_rec_at(const sim_jit *j, uint32_t s)
{
    return &j->recs[j->ent[s] - 1];
}

#endif
