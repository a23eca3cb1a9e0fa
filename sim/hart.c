/* The RV32IMF interpreter: decode once into cm_slot, then run handlers by
 * direct threading (computed goto on label offsets). Traps, CSRs and device
 * accesses leave the hot loop through small out-of-line helpers.
 *
 * Cycle model (docs/simulator.md): every instruction costs one cycle; device
 * handlers add stall cycles; a trap costs one cycle and retires nothing. */
#include "hart.h"
#include "f32.h"
#include "hart_fuse.h"
#include "jit.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define LIKELY(x)   __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

/* ---- memory ---------------------------------------------------------- */

static void *sim_lazy_alloc(size_t n)
{
    void *p =
        mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

sim_mem *sim_mem_new(uint32_t base, uint32_t size)
{
    sim_mem *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    size = (size + 0xfffu) & ~0xfffu;
    m->base = base;
    m->size = size;
    m->data = sim_lazy_alloc(size);
    m->slots = sim_lazy_alloc(((size_t)size / 4 + 1) * sizeof(cm_slot));
    m->pageflags = calloc((size >> TF_PAGE_SHIFT) + 1, 1);
    m->jit_threshold = sim_jit_default_threshold();
    if (!m->data || !m->slots || !m->pageflags) {
        sim_mem_free(m);
        return NULL;
    }
    return m;
}

/* A decoded image (sim_mem.keep_images): the bytes of the decoded words
 * of a range an outside write replaced, and their slots. */
typedef struct sim_dimg {
    uint32_t off, n;
    uint8_t *bytes;
    cm_slot *slots; /* n / 4 */
    /* its compiled-block entries (sim_jit_keep), nkept of them; -1: kept
     * without a compiler */
    sim_jit_kept *kept;
    int32_t nkept;
    uint32_t capkept;
    uint64_t used; /* sim_mem.dimg_clock when last saved or restored */
} sim_dimg;

/* The largest range kept (kernel images are a few KiB; an image costs
 * five times its bytes with its slots, so a core's L1 keeps at most
 * keep_images x 80 KiB). */
#define TF_DIMG_MAX_BYTES (16u << 10)

static void dimg_drop(sim_dimg *d)
{
    free(d->bytes);
    free(d->slots);
    free(d->kept);
    d->bytes = NULL;
    d->slots = NULL;
    d->kept = NULL;
    d->capkept = 0;
}

void sim_mem_free(sim_mem *m)
{
    if (!m) return;
    sim_jit_free(m);
    for (int i = 0; i < m->ndimgs; i++) dimg_drop(&m->dimgs[i]);
    free(m->dimgs);
    if (m->data) munmap(m->data, m->size);
    if (m->slots) munmap(m->slots, ((size_t)m->size / 4 + 1) * sizeof(cm_slot));
    free(m->pageflags);
    free(m);
}

/* What a write over the words [w0, w1) forgets of their decoding, but
 * the slots [k0, k1) inside them, which the caller puts back from a kept
 * image (k0 == k1: none). */
static void forget_code(sim_mem *m, uint32_t w0, uint32_t w1, uint32_t k0, uint32_t k1)
{
    m->code_epoch++;
    memset(&m->slots[w0], 0, (size_t)(k0 - w0) * sizeof(cm_slot));
    memset(&m->slots[k1], 0, (size_t)(w1 - k1) * sizeof(cm_slot));
    /* The slots just before may hold fused runs (sim/hart_fuse.h) that
     * execute the range's first word: they decode again. Only their
     * handlers go: their fields still describe their own (unchanged)
     * words, which a run starting before them may read. */
    for (uint32_t k = 1; k < TF_FUSE_MAX && k <= w0; k++) m->slots[w0 - k].h = 0;
    /* so may compiled blocks entered further back (sim/jit.h) */
    if (m->jit) sim_jit_invalidate(m, w0);
}

/* sim_mem_invalidate's part past its inline look at the range's end
 * pages: off and n lie within m. */
void sim_mem_invalidate_code(sim_mem *m, uint32_t off, uint32_t n)
{
    uint32_t first = off >> TF_PAGE_SHIFT, last = (off + n - 1) >> TF_PAGE_SHIFT;
    int any = 0;
    for (uint32_t p = first; p <= last; p++) any |= m->pageflags[p] & TF_PAGE_CODE;
    if (!any) return;
    forget_code(m, off >> 2, ((off + n - 1) >> 2) + 1, off >> 2, off >> 2);
}

/* The kept image of [off, off + n) whose bytes are `bytes`, or NULL. */
static sim_dimg *dimg_find(sim_mem *m, uint32_t off, uint32_t n, const uint8_t *bytes)
{
    for (int i = 0; i < m->ndimgs; i++) {
        sim_dimg *d = &m->dimgs[i];
        if (d->off == off && d->n == n && !memcmp(d->bytes, bytes, n)) return d;
    }
    return NULL;
}

/* The span of the kept images, which a write must reach to get slots
 * back (most of a runtime's writes are arguments and buffers, elsewhere). */
static void dimg_span(sim_mem *m)
{
    uint32_t lo = UINT32_MAX, hi = 0;
    for (int i = 0; i < m->ndimgs; i++) {
        if (m->dimgs[i].off < lo) lo = m->dimgs[i].off;
        if (m->dimgs[i].off + m->dimgs[i].n > hi) hi = m->dimgs[i].off + m->dimgs[i].n;
    }
    m->dimg_lo = m->ndimgs ? lo : 0;
    m->dimg_hi = m->ndimgs ? hi : 0;
}

/* Whether a slot was decoded (a handler, or the fields of a later word
 * of a run: every field of a never-decoded slot is zero). */
static int slot_used(const cm_slot *s)
{
    return s->h || s->aux || s->imm || s->rd || s->rs1 || s->rs2 || s->rs3;
}

/* Keep the decoded slots of [off, off + n) before a write replaces them
 * (the range holds code). Out of host memory: nothing is kept. */
static void dimg_save(sim_mem *m, uint32_t off, uint32_t n)
{
    /* the decoded words' extent: the image a write replaces is rarely the
     * write's own range (a longer kernel over a shorter one), and the
     * same image must keep the same range to be found again */
    uint32_t w0 = off >> 2, w1 = (off + n) >> 2, end = w1;
    /* the last write at this address: its code may go on past a word it
     * never decoded (a branch over a word, a function never called), and
     * the image written again gets back only what its image kept */
    for (int i = 0; i < TF_DIMG_WRITES; i++)
        if (m->dimg_wr_off[i] == off && m->dimg_wr_end[i] > off + n &&
            m->dimg_wr_end[i] - off <= TF_DIMG_MAX_BYTES)
            w1 = m->dimg_wr_end[i] >> 2;
    while (w0 < w1 && !slot_used(&m->slots[w0])) w0++;
    while (w1 > w0 && !slot_used(&m->slots[w1 - 1])) w1--;
    if (w0 == w1) return;
    /* the code it replaces may go on past the write (a shorter kernel
     * over a longer one): its decoded words there are part of its image,
     * so that the longer one written again gets them all back (the CNN's
     * conv_writer after head_writer: 41 words that decoded again at every
     * load) */
    if (w1 == end)
        while (w1 < m->size / 4 && (w1 - w0) * 4 < TF_DIMG_MAX_BYTES && slot_used(&m->slots[w1]))
            w1++;
    off = w0 << 2;
    n = (w1 - w0) << 2;
    sim_dimg *d = dimg_find(m, off, n, m->data + off);
    if (!d) {
        if (!m->dimgs && !(m->dimgs = calloc((size_t)m->keep_images, sizeof *m->dimgs))) return;
        /* a kept image inside this one, with these bytes, is part of it
         * (the same words decode the same): it goes */
        for (int k = 0; k < m->ndimgs;) {
            sim_dimg *o = &m->dimgs[k];
            if (o->off >= off && o->off + o->n <= off + n &&
                !memcmp(o->bytes, m->data + o->off, o->n)) {
                dimg_drop(o);
                *o = m->dimgs[--m->ndimgs];
            } else {
                k++;
            }
        }
        int i = m->ndimgs;
        if (i == m->keep_images) { /* full: the least recently used goes */
            i = 0;
            for (int k = 1; k < m->ndimgs; k++)
                if (m->dimgs[k].used < m->dimgs[i].used) i = k;
            dimg_drop(&m->dimgs[i]);
            m->dimgs[i] = m->dimgs[--m->ndimgs]; /* (the last one fills its place) */
            i = m->ndimgs;
        }
        d = &m->dimgs[i];
        d->bytes = malloc(n);
        d->slots = malloc((size_t)n / 4 * sizeof(cm_slot));
        d->kept = NULL; /* (the slot may hold a copy of a moved image's fields) */
        d->capkept = 0;
        d->nkept = -1;
        if (!d->bytes || !d->slots) {
            dimg_drop(d);
            dimg_span(m);
            return;
        }
        m->ndimgs++;
        d->off = off;
        d->n = n;
        memcpy(d->bytes, m->data + off, n);
    }
    memcpy(d->slots, &m->slots[off >> 2], (size_t)n / 4 * sizeof(cm_slot));
    /* its entries as the slots just copied have them (an image kept
     * before the compiler was set up gets its list now) */
    if (m->jit && (d->nkept = sim_jit_keep(m, off >> 2, n / 4, &d->kept, &d->capkept)) < 0) {
        dimg_drop(d); /* out of host memory: not kept */
        *d = m->dimgs[--m->ndimgs];
        dimg_span(m);
        return;
    }
    d->used = ++m->dimg_clock;
    dimg_span(m);
}

/* For a write of the bytes src to [off, off + n): the kept image whose
 * slots come back after it, or NULL, and in [*pa, *pb) the part of the
 * range they come back for. A kept image covers the range another write
 * replaced, which is rarely this one's exactly (a kernel written over a
 * longer one keeps its tail), so what comes back is the part of the range
 * a kept image shares with it, when the bytes there are the same (the
 * longest such part, the newest of equals). Found before the write lands,
 * so that the write's invalidation clears only the slots that do not come
 * back. */
static sim_dimg *dimg_best(sim_mem *m, uint32_t off, uint32_t n, const uint8_t *src, uint32_t *pa,
                           uint32_t *pb)
{
    sim_dimg *best = NULL;
    uint32_t ba = 0, bb = 0;
    for (int i = 0; i < m->ndimgs; i++) {
        sim_dimg *d = &m->dimgs[i];
        uint32_t a = d->off > off ? d->off : off;
        uint32_t b = d->off + d->n < off + n ? d->off + d->n : off + n;
        if (b <= a || b - a < bb - ba || (b - a == bb - ba && best && d->used < best->used))
            continue;
        if (memcmp(d->bytes + (a - d->off), src + (a - off), b - a)) continue;
        best = d;
        ba = a;
        bb = b;
    }
    *pa = ba;
    *pb = bb;
    return best;
}

/* The write of [off, off + n) has landed (its pages hold code): its
 * decoded words are forgotten (forget_code, as sim_mem_invalidate_code
 * forgets them) except [ba, bb), whose slots come back from the kept image `best`
 * instead of being cleared first (the same slots in the end: clearing
 * them only to copy them back cost about 2% of a decode token's host
 * instructions). The runs that start in the part's last words may read
 * words past it, which may differ from what they were: those decode
 * again, as after an invalidation. Its pages are flagged as holding code
 * (they were when it was kept: the flags stay), so the next store to them
 * invalidates as it should. */
static void dimg_restore(sim_mem *m, uint32_t off, uint32_t n, sim_dimg *best, uint32_t ba,
                         uint32_t bb)
{
    uint32_t w0 = ba >> 2, nw = (bb - ba) / 4;
    forget_code(m, off >> 2, (off + n) >> 2, w0, w0 + nw);
    memcpy(&m->slots[w0], &best->slots[(ba - best->off) / 4], (size_t)nw * sizeof(cm_slot));
    for (uint32_t k = 1; k < TF_FUSE_MAX && k <= nw; k++) m->slots[w0 + nw - k].h = 0;
    if (m->jit) sim_jit_restored(m, w0, nw, best->kept, best->nkept);
    for (uint32_t p = ba >> TF_PAGE_SHIFT; p <= (bb - 1) >> TF_PAGE_SHIFT; p++)
        m->pageflags[p] |= TF_PAGE_CODE;
    m->code_epoch++;
    best->used = ++m->dimg_clock;
    m->dimg_hits++;
}

void sim_mem_write(sim_mem *m, uint32_t addr, const void *src, uint32_t n)
{
    uint32_t off = addr - m->base;
    /* pages that never held code: nothing decoded to forget, nor to get
     * back (a kept image's pages held code, and the flag stays) */
    int code = 0;
    for (uint32_t p = off >> TF_PAGE_SHIFT; n && p <= (off + n - 1) >> TF_PAGE_SHIFT; p++)
        code |= m->pageflags[p];
    if (!(code & TF_PAGE_CODE)) {
        memcpy(m->data + off, src, n);
        return;
    }
    /* whole words only: a slot decodes a word, all of it in the range */
    int keep = m->keep_images > 0 && !(off & 3) && !(n & 3) && n <= TF_DIMG_MAX_BYTES;
    sim_dimg *best = NULL;
    uint32_t ba = 0, bb = 0;
    if (keep) {
        dimg_save(m, off, n);
        int i = 0;
        while (i < TF_DIMG_WRITES && (m->dimg_wr_off[i] != off || !m->dimg_wr_end[i])) i++;
        if (i == TF_DIMG_WRITES) i = (int)(m->dimg_wr_next++ % TF_DIMG_WRITES);
        m->dimg_wr_off[i] = off;
        m->dimg_wr_end[i] = off + n;
        if (off < m->dimg_hi && off + n > m->dimg_lo) best = dimg_best(m, off, n, src, &ba, &bb);
    }
    memcpy(m->data + off, src, n);
    if (best)
        dimg_restore(m, off, n, best, ba, bb);
    else
        sim_mem_invalidate_code(m, off, n);
}

void sim_mem_fill(sim_mem *m, uint32_t addr, int byte, uint32_t n)
{
    memset(m->data + (addr - m->base), byte, n);
    sim_mem_invalidate(m, addr, n);
}

void sim_mem_set_watch(sim_mem *m, uint32_t addr)
{
    m->watch_addr = addr & ~3u;
    m->has_watch = 1;
    m->pageflags[(m->watch_addr - m->base) >> TF_PAGE_SHIFT] |= TF_PAGE_WATCH;
}

static void flag_pages(sim_mem *m, uint32_t addr, uint32_t n, uint8_t flag)
{
    uint32_t first = (addr - m->base) >> TF_PAGE_SHIFT;
    uint32_t last = (addr - m->base + n - 1) >> TF_PAGE_SHIFT;
    for (uint32_t p = first; p <= last; p++) m->pageflags[p] |= flag;
}

void sim_mem_hook_pages(sim_mem *m, uint32_t addr, uint32_t n)
{
    flag_pages(m, addr, n, TF_PAGE_HOOK);
}

void sim_mem_guard_pages(sim_mem *m, uint32_t addr, uint32_t n, int by_pc)
{
    flag_pages(m, addr, n, by_pc ? TF_PAGE_GUARD_PC : TF_PAGE_GUARD);
}

/* ---- traps and CSRs ---------------------------------------------------- */

static int sim_hart_fetchable(const sim_hart *h, uint32_t pc)
{
    return !(pc & 3) && pc - h->mem->base < h->mem->size;
}

/* Whether a trap can enter a handler: mtvec == 0 means no handler was
 * installed (documented convention); a handler we could not fetch would
 * trap forever, so it counts as none; so does a double trap when the
 * owner asked for it (halt_on_double_trap). */
static int sim_hart_has_handler(const sim_hart *h)
{
    if (h->mtvec == 0 || !sim_hart_fetchable(h, h->mtvec & ~3u)) return 0;
    return !(h->halt_on_double_trap && h->in_trap);
}

static void sim_hart_enter_trap(sim_hart *h, uint32_t cause, uint32_t tval, uint32_t epc)
{
    uint32_t ms = h->mstatus;
    ms = (ms & ~TF_MSTATUS_MPIE) | ((ms & TF_MSTATUS_MIE) ? TF_MSTATUS_MPIE : 0);
    ms &= ~TF_MSTATUS_MIE;
    ms = (ms & ~TF_MSTATUS_MPP) | (h->priv << 11);
    h->mstatus = ms;
    h->mepc = epc;
    h->mcause = cause;
    h->mtval = tval;
    h->priv = 3;
    h->in_trap = 1;
    uint32_t base = h->mtvec & ~3u;
    if ((cause & 0x80000000u) && (h->mtvec & 1)) base += 4 * (cause & 0x7fffffffu);
    h->pc = base;
    h->cyc_extra += 1; /* the trapping instruction's cycle; it does not retire */
    h->trap_cycles += 1;
}

int sim_hart_exception(sim_hart *h, uint32_t cause, uint32_t tval)
{
    h->fault_cause = cause;
    h->fault_pc = h->pc;
    h->fault_tval = tval;
    h->fault_insn = 0;
    if (sim_hart_fetchable(h, h->pc))
        memcpy(&h->fault_insn, h->mem->data + (h->pc - h->mem->base), 4);
    if (!sim_hart_has_handler(h)) return -1;
    sim_hart_enter_trap(h, cause, tval, h->pc);
    return 0;
}

int sim_hart_check_interrupt(sim_hart *h)
{
    uint32_t pend = h->mie & h->mip;
    if (!pend || (h->priv == 3 && !(h->mstatus & TF_MSTATUS_MIE))) return 0;
    uint32_t code = (pend & TF_MIP_MEIP) ? 11 : (pend & TF_MIP_MSIP) ? 3 : 7;
    h->fault_cause = 0x80000000u | code;
    h->fault_pc = h->pc;
    h->fault_tval = 0;
    h->fault_insn = 0;
    if (!sim_hart_has_handler(h)) return -1;
    sim_hart_enter_trap(h, 0x80000000u | code, 0, h->pc);
    h->cyc_extra -= 1; /* an interrupt does not waste an instruction's cycle */
    h->trap_cycles -= 1;
    return 0;
}

int sim_hart_mret(sim_hart *h)
{
    if (h->priv != 3) return sim_hart_exception(h, TF_CAUSE_ILLEGAL, 0x30200073u);
    uint32_t ms = h->mstatus;
    h->priv = (ms & TF_MSTATUS_MPP) >> 11;
    ms = (ms & ~TF_MSTATUS_MIE) | ((ms & TF_MSTATUS_MPIE) ? TF_MSTATUS_MIE : 0);
    ms |= TF_MSTATUS_MPIE;
    ms &= ~TF_MSTATUS_MPP; /* least privileged mode: U */
    if (h->priv != 3) ms &= ~TF_MSTATUS_MPRV;
    h->mstatus = ms;
    h->pc = h->mepc;
    h->in_trap = 0;
    h->instret++;
    return sim_hart_check_interrupt(h);
}

enum { CSR_OK, CSR_ILLEGAL };

#define MISA_RV32IMFU ((1u << 30) | (1u << 5) | (1u << 8) | (1u << 12) | (1u << 20))

static uint32_t fs_field(const sim_hart *h)
{
    return (h->mstatus & TF_MSTATUS_FS) >> 13;
}

/* Read a CSR; CSR_ILLEGAL if it does not exist or may not be read here. */
static int csr_read(sim_hart *h, uint32_t csr, uint32_t *v)
{
    uint64_t cyc = sim_hart_cycle(h) + h->mcycle_off, ins = h->instret + h->minstret_off;
    /* user counters, gated by mcounteren: 0xc00-0xc1f and their high
     * halves 0xc80-0xc9f (0xc20-0xc7f are not allocated: illegal) */
    if ((csr & ~0x9fu) == 0xc00) {
        uint32_t idx = csr & 0x1f;
        if (h->priv < 3 && !(h->mcounteren & (1u << idx))) return CSR_ILLEGAL;
        int hi = csr >= 0xc80;
        switch (idx) {
        case 0: *v = hi ? (uint32_t)(cyc >> 32) : (uint32_t)cyc; return CSR_OK;
        case 1: { /* time: the modeled clock, whatever was written to mcycle */
            uint64_t t = sim_hart_cycle(h);
            *v = hi ? (uint32_t)(t >> 32) : (uint32_t)t;
            return CSR_OK;
        }
        case 2: *v = hi ? (uint32_t)(ins >> 32) : (uint32_t)ins; return CSR_OK;
        default: *v = 0; return CSR_OK; /* hpmcounter3..31: hardwired to zero, as allowed */
        }
    }
    if (csr >= 0x001 && csr <= 0x003) {
        if (fs_field(h) == 0) return CSR_ILLEGAL;
        *v = csr == 1 ? h->fflags : csr == 2 ? h->frm : (h->frm << 5) | h->fflags;
        return CSR_OK;
    }
    if (h->priv < 3) return CSR_ILLEGAL; /* everything below is machine level */
    switch (csr) {
    case 0xf11:
    case 0xf12:
    case 0xf13:
    case 0xf15: *v = 0; return CSR_OK;
    case 0xf14: *v = h->hartid; return CSR_OK;
    case 0x300: *v = h->mstatus | (fs_field(h) == 3 ? TF_MSTATUS_SD : 0); return CSR_OK;
    case 0x301: *v = MISA_RV32IMFU; return CSR_OK;
    case 0x304: *v = h->mie; return CSR_OK;
    case 0x305: *v = h->mtvec; return CSR_OK;
    case 0x306: *v = h->mcounteren; return CSR_OK;
    case 0x310: *v = 0; return CSR_OK; /* mstatush: little-endian, nothing else */
    case 0x320: *v = 0; return CSR_OK; /* mcountinhibit: hardwired 0 */
    case 0x340: *v = h->mscratch; return CSR_OK;
    case 0x341: *v = h->mepc; return CSR_OK;
    case 0x342: *v = h->mcause; return CSR_OK;
    case 0x343: *v = h->mtval; return CSR_OK;
    case 0x344: *v = h->mip; return CSR_OK;
    case 0xb00: *v = (uint32_t)cyc; return CSR_OK;
    case 0xb80: *v = (uint32_t)(cyc >> 32); return CSR_OK;
    case 0xb02: *v = (uint32_t)ins; return CSR_OK;
    case 0xb82: *v = (uint32_t)(ins >> 32); return CSR_OK;
    }
    if (csr >= 0x3a0 && csr <= 0x3a3) { /* pmpcfg0-3: four entries' bytes each */
        uint32_t i = (csr - 0x3a0) * 4;
        *v = (uint32_t)h->pmpcfg[i] | (uint32_t)h->pmpcfg[i + 1] << 8 |
             (uint32_t)h->pmpcfg[i + 2] << 16 | (uint32_t)h->pmpcfg[i + 3] << 24;
        return CSR_OK;
    }
    if (csr >= 0x3b0 && csr <= 0x3bf) {
        *v = h->pmpaddr[csr - 0x3b0];
        return CSR_OK;
    }
    if ((csr >= 0xb03 && csr <= 0xb1f) || (csr >= 0xb83 && csr <= 0xb9f) ||
        (csr >= 0x323 && csr <= 0x33f) || (csr >= 0x3a4 && csr <= 0x3ef) ||
        (csr >= 0x7a0 && csr <= 0x7a3)) {
        /* hpm counters/events, PMP entries 16-63: absent (WARL), read 0;
         * tselect/tdata1-3: no trigger module (tselect reads 0 whatever is
         * written, which is how software finds there are none) */
        *v = 0;
        return CSR_OK;
    }
    return CSR_ILLEGAL;
}

/* Write a CSR already known readable and writable here. */
static void csr_write(sim_hart *h, uint32_t csr, uint32_t v)
{
    switch (csr) {
    case 0x001: h->fflags = v & 0x1f; break;
    case 0x002: h->frm = v & 7; break;
    case 0x003:
        h->fflags = v & 0x1f;
        h->frm = (v >> 5) & 7;
        break;
    case 0x300: {
        uint32_t keep =
            TF_MSTATUS_MIE | TF_MSTATUS_MPIE | TF_MSTATUS_FS | TF_MSTATUS_MPRV | TF_MSTATUS_TW;
        uint32_t mpp = ((v & TF_MSTATUS_MPP) == TF_MSTATUS_MPP) ? TF_MSTATUS_MPP : 0;
        h->mstatus = (v & keep) | mpp;
        return; /* FS written explicitly: do not mark dirty below */
    }
    case 0x304: h->mie = v & (TF_MIP_MSIP | TF_MIP_MTIP | TF_MIP_MEIP); break;
    case 0x305: h->mtvec = v & ~2u; break; /* modes 0 (direct) and 1 (vectored) */
    case 0x306: h->mcounteren = v & 7; break;
    case 0x340: h->mscratch = v; break;
    case 0x341: h->mepc = v & ~3u; break;
    case 0x342: h->mcause = v; break;
    case 0x343: h->mtval = v; break;
    case 0x344: h->mip = (h->mip & ~TF_MIP_MSIP) | (v & TF_MIP_MSIP); break;
    case 0xb00:
    case 0xb80: {
        /* Privileged spec 3.1.10: the write takes the place of this
         * instruction's increment, so the next instruction reads exactly
         * the written half with the other half as it was. */
        uint64_t now = sim_hart_cycle(h), c = now + h->mcycle_off;
        c = csr == 0xb00 ? (c & ~0xffffffffull) | v : (c & 0xffffffffull) | ((uint64_t)v << 32);
        h->mcycle_off = c - (now + 1);
        break;
    }
    case 0xb02:
    case 0xb82: {
        uint64_t now = h->instret, i = now + h->minstret_off;
        i = csr == 0xb02 ? (i & ~0xffffffffull) | v : (i & 0xffffffffull) | ((uint64_t)v << 32);
        h->minstret_off = i - (now + 1);
        break;
    }
    case 0x3a0:
    case 0x3a1:
    case 0x3a2:
    case 0x3a3:
        for (uint32_t k = 0; k < 4; k++) {
            uint32_t i = (csr - 0x3a0) * 4 + k;
            uint8_t b = (uint8_t)(v >> (8 * k)) & 0x9f;   /* bits 5-6 are reserved (zero) */
            if ((b & 3) == 2) b &= (uint8_t)~2u;          /* R=0 W=1 is reserved: keep W=0 */
            if (!(h->pmpcfg[i] & 0x80)) h->pmpcfg[i] = b; /* a locked entry keeps its value */
        }
        break;
    default:
        if (csr >= 0x3b0 && csr <= 0x3bf) {
            uint32_t i = csr - 0x3b0;
            if (!(h->pmpcfg[i] & 0x80)) h->pmpaddr[i] = v;
        }
        break; /* the rest: read-only-zero WARL registers (hpm*, mstatush, misa, triggers) */
    }
    if (csr <= 0x003) h->mstatus |= TF_MSTATUS_FS; /* FP state is now dirty */
}

int sim_hart_csr(sim_hart *h, uint32_t w)
{
    uint32_t csr = w >> 20, f3 = (w >> 12) & 7, rs1 = (w >> 15) & 31, rd = (w >> 7) & 31;
    uint32_t src = (f3 & 4) ? rs1 : h->x[rs1];
    int writes = (f3 & 3) == 1 || rs1 != 0; /* csrrw always; csrrs/c only with a source */
    int reads = (f3 & 3) != 1 || rd != 0;   /* csrrw with rd=x0 does not read */
    uint32_t old = 0;
    if (csr_read(h, csr, &old) != CSR_OK) return sim_hart_exception(h, TF_CAUSE_ILLEGAL, w);
    if (writes && (csr >> 10) == 3) return sim_hart_exception(h, TF_CAUSE_ILLEGAL, w);
    (void)reads;
    if (writes) {
        uint32_t nv = (f3 & 3) == 1 ? src : (f3 & 3) == 2 ? old | src : old & ~src;
        csr_write(h, csr, nv);
    }
    if (rd) h->x[rd] = old;
    h->instret++;
    h->pc += 4;
    if (writes && (csr == 0x300 || csr == 0x304 || csr == 0x344))
        return sim_hart_check_interrupt(h);
    return 0;
}

void sim_hart_reset(sim_hart *h, sim_mem *mem, uint32_t entry, uint32_t hartid)
{
    sim_bus bus = h->bus;
    void *user = h->user;
    memset(h, 0, sizeof *h);
    h->bus = bus;
    h->user = user;
    h->mem = mem;
    h->pc = entry;
    h->priv = 3;
    h->hartid = hartid;
    h->mstatus = 1u << 13; /* FS = Initial: the F extension is usable at reset */
}

/* ---- slow paths out of the hot loop ------------------------------------- */

enum { SL_OK, SL_TRAP, SL_BLOCK, SL_STOP, SL_WATCH };

/* What a device's result makes of the access (SL_*). */
static int bus_result(sim_hart *h, int r, uint32_t cause, uint32_t addr)
{
    if (r == TF_BUS_OK) return SL_OK;
    if (r == TF_BUS_BLOCK) return SL_BLOCK;
    return sim_hart_exception(h, cause, addr) ? SL_STOP : SL_TRAP;
}

static __attribute__((noinline)) int load_slow(sim_hart *h, uint32_t addr, int sz, uint32_t *v)
{
    sim_mem *m = h->mem;
    uint32_t off = addr - m->base;
    if (off < m->size && m->size - off >= (uint32_t)sz) { /* unreachable from fast paths */
        *v = 0;
        memcpy(v, m->data + off, (size_t)sz);
        return SL_OK;
    }
    int r = h->bus.load ? h->bus.load(h->bus.ctx, h, addr, sz, v) : TF_BUS_FAULT;
    return bus_result(h, r, TF_CAUSE_LOAD_ACCESS, addr);
}

/* A store its page's store_guard refused: a store access fault. */
static __attribute__((noinline, cold)) int store_refused(sim_hart *h, uint32_t addr)
{
    return bus_result(h, TF_BUS_FAULT, TF_CAUSE_STORE_ACCESS, addr);
}

/* A store the fast paths left (flagged pages, devices). */
static __attribute__((noinline)) int store_slow(sim_hart *h, uint32_t addr, int sz, uint32_t v)
{
    sim_mem *m = h->mem;
    uint32_t off = addr - m->base;
    if (off < m->size && m->size - off >= (uint32_t)sz) {
        /* the page flags read once for all (a dispatch's firmware makes
         * two dozen such stores to the mailbox page, which holds no code) */
        uint8_t f0 = m->pageflags[off >> TF_PAGE_SHIFT],
                f = f0 | m->pageflags[(off + (uint32_t)sz - 1) >> TF_PAGE_SHIFT];
        /* a guarded page: asked here, the store then made below. A page
         * guarded by pc (a chip core's mailbox) asks only for untrusted
         * code: the firmware's mailbox stores, two dozen a dispatch, skip
         * the call (which cost them half as much again as the store) */
        if (__builtin_expect((f & (TF_PAGE_GUARD | TF_PAGE_GUARD_PC)) != 0, 0) &&
            ((f & TF_PAGE_GUARD) || h->pc - m->trusted_pc >= m->trusted_bytes) && m->store_guard &&
            m->store_guard(m->hook_ctx, h, addr, (uint32_t)sz, v) != TF_BUS_OK)
            return store_refused(h, addr);
        /* each size a store of its own (a memcpy of a size known only at
         * run time was a library call: a third of this function's
         * instructions on a dispatch-bound loop, whose firmware's mailbox
         * stores all come this way) */
        uint8_t *p = m->data + off;
        if (sz == 4) {
            memcpy(p, &v, 4);
        } else if (sz == 2) {
            uint16_t v16 = (uint16_t)v;
            memcpy(p, &v16, 2);
        } else {
            *p = (uint8_t)v;
        }
        if (f & TF_PAGE_CODE) sim_mem_invalidate_in(m, off, (uint32_t)sz);
        if ((f0 & TF_PAGE_HOOK) && m->store_hook) m->store_hook(m->hook_ctx, h, addr, (uint32_t)sz);
        if (m->has_watch && addr < m->watch_addr + 4 && m->watch_addr < addr + (uint32_t)sz) {
            uint32_t w;
            memcpy(&w, m->data + (m->watch_addr - m->base), 4);
            if (w) return SL_WATCH;
        }
        return SL_OK;
    }
    int r = h->bus.store ? h->bus.store(h->bus.ctx, h, addr, sz, v) : TF_BUS_FAULT;
    return bus_result(h, r, TF_CAUSE_STORE_ACCESS, addr);
}

uint32_t sim_hart_jit_store_result(sim_jit_io *io, int r, uint32_t slot, uint32_t k)
{
    sim_hart *h = io->h; /* pc and instret are the store's (the block's SYNC) */
    io->sl = bus_result(h, r, TF_CAUSE_STORE_ACCESS, h->bus.regs_base + 4 * k);
    return (slot << 2) | TF_JIT_SLOW;
}

/* A jal or taken branch whose target is misaligned or outside memory. */
static __attribute__((noinline)) int far_jump(sim_hart *h, uint32_t w)
{
    uint32_t a = h->x[(w >> 15) & 31], b = h->x[(w >> 20) & 31];
    uint32_t target;
    if ((w & 0x7f) == 0x6f) {
        cm_slot s;
        cm_rv32_decode(w, h->pc, &s);
        target = h->pc + (uint32_t)s.imm;
    } else {
        cm_slot s;
        int op = cm_rv32_decode(w, h->pc, &s);
        int taken = 0;
        switch (op) {
        case TF_OP_BEQ: taken = a == b; break;
        case TF_OP_BNE: taken = a != b; break;
        case TF_OP_BLT: taken = (int32_t)a < (int32_t)b; break;
        case TF_OP_BGE: taken = (int32_t)a >= (int32_t)b; break;
        case TF_OP_BLTU: taken = a < b; break;
        case TF_OP_BGEU: taken = a >= b; break;
        }
        if (!taken) {
            h->instret++;
            h->pc += 4;
            return SL_TRAP; /* "resume at h->pc" */
        }
        target = h->pc + (uint32_t)s.imm;
    }
    if (target & 3)
        return sim_hart_exception(h, TF_CAUSE_FETCH_MISALIGNED, target) ? SL_STOP : SL_TRAP;
    if ((w & 0x7f) == 0x6f) {
        uint32_t rd = (w >> 7) & 31;
        if (rd) h->x[rd] = h->pc + 4;
    }
    h->instret++;
    h->pc = target; /* the fetch there faults when we resume */
    return SL_TRAP;
}

/* ---- the interpreter ----------------------------------------------------- */

static inline uint32_t ld32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}
static inline uint16_t ld16(const uint8_t *p)
{
    uint16_t v;
    memcpy(&v, p, 2);
    return v;
}
static inline void st32(uint8_t *p, uint32_t v)
{
    memcpy(p, &v, 4);
}
static inline void st16(uint8_t *p, uint16_t v)
{
    memcpy(p, &v, 2);
}

/* Decode the word at offset off into slot s (fields only, not s->h):
 * branch and jal targets become slot deltas, or FAR_JUMP when the target is
 * misaligned or outside memory. Marks the page as holding code. */
static int decode_word(sim_mem *m, cm_slot *s, uint32_t off)
{
    uint32_t pc = m->base + off;
    int op = cm_rv32_decode(ld32(m->data + off), pc, s);
    uint32_t target = 0; /* the jump's slot */
    if (op == TF_OP_JAL || (op >= TF_OP_BEQ && op <= TF_OP_BGEU)) {
        uint32_t t = pc + (uint32_t)s->imm, toff = t - m->base;
        if ((t & 3) || toff >= m->size) {
            op = TF_OP_FAR_JUMP;
        } else {
            s->imm = (int32_t)(toff >> 2) - (int32_t)(off >> 2);
            target = toff >> 2;
        }
    }
    /* blocks start where it lands and where a call returns */
    if (m->jit) sim_jit_note_jumps(m, off >> 2, op, s->rd, target);
    m->pageflags[off >> TF_PAGE_SHIFT] |= TF_PAGE_CODE;
    return op;
}

/* Whether the three words after slot ip (in memory) are sw, their slots
 * decoded: fields filled, a handler only if they had one (a slot never
 * decoded has a zero raw word, which no sw is). */
static int sw_follow3(sim_mem *m, cm_slot *ip)
{
    uint32_t i = (uint32_t)(ip - m->slots);
    if (i + 4 > m->size / 4) return 0;
    for (uint32_t k = 1; k < 4; k++) {
        if (!ip[k].aux) decode_word(m, &ip[k], (i + k) << 2);
        if ((ip[k].aux & 0x707fu) != 0x2023u) return 0;
    }
    return 1;
}

int sim_hart_run(sim_hart *h, uint64_t cycle_limit)
{
    static const int tab[TF_FU_END] = {
#define TF_OP_OFFSET(name, str) [TF_OP_##name] = &&L_##name - &&L_DECODE,
        TF_RV32_OPS(TF_OP_OFFSET)
#undef TF_OP_OFFSET
#define TF_FU_OFF_(id, m, lab) [id + (m)] = &&lab - &&L_DECODE,
/* A variant without a handler (FU_PICK) takes its base variant's. */
#define TF_FU_OFF2_(a, b, m)                                                                       \
    TF_FU_OFF_(TF_FU_##a##_##b, m, FU_PICK(m, FU_MM_##b)(L_FU_##a##_##b##_##m, L_FU_##a##_##b##_0))
#define TF_FU_OFFSET2(a, b, k) TF_FU_OFF2_(a, b, 0) TF_FU_OFF2_(a, b, 1) TF_FU_OFF2_(a, b, 2)
#define TF_FU_OFF3_(a, b, c, m2, m3)                                                               \
    TF_FU_OFF_(TF_FU_##a##_##b##_##c, 3 * m2 + m3,                                                 \
               FU_PICK(m2, FU_MM_##b)(FU_PICK(m3, FU_MM_##c)(L_FU_##a##_##b##_##c##_##m2##m3,      \
                                                             L_FU_##a##_##b##_##c##_00),           \
                                      L_FU_##a##_##b##_##c##_00))
#define TF_FU_OFF3M_(a, b, c, m2)                                                                  \
    TF_FU_OFF3_(a, b, c, m2, 0) TF_FU_OFF3_(a, b, c, m2, 1) TF_FU_OFF3_(a, b, c, m2, 2)
#define TF_FU_OFFSET3(a, b, c, k)                                                                  \
    TF_FU_OFF3M_(a, b, c, 0) TF_FU_OFF3M_(a, b, c, 1) TF_FU_OFF3M_(a, b, c, 2)
#define TF_FU_OFF4_(a, b, c, d, m2, m3, m4)                                                        \
    TF_FU_OFF_(TF_FU_##a##_##b##_##c##_##d, 9 * m2 + 3 * m3 + m4,                                  \
               FU_PICK(m2, FU_MM_##b)(                                                             \
                   FU_PICK(m3, FU_MM_##c)(                                                         \
                       FU_PICK(m4, FU_MM_##d)(L_FU_##a##_##b##_##c##_##d##_##m2##m3##m4,           \
                                              L_FU_##a##_##b##_##c##_##d##_000),                   \
                       L_FU_##a##_##b##_##c##_##d##_000),                                          \
                   L_FU_##a##_##b##_##c##_##d##_000))
#define TF_FU_OFF4M3_(a, b, c, d, m2, m3)                                                          \
    TF_FU_OFF4_(a, b, c, d, m2, m3, 0)                                                             \
    TF_FU_OFF4_(a, b, c, d, m2, m3, 1) TF_FU_OFF4_(a, b, c, d, m2, m3, 2)
#define TF_FU_OFF4M_(a, b, c, d, m2)                                                               \
    TF_FU_OFF4M3_(a, b, c, d, m2, 0)                                                               \
    TF_FU_OFF4M3_(a, b, c, d, m2, 1) TF_FU_OFF4M3_(a, b, c, d, m2, 2)
#define TF_FU_OFFSET4(a, b, c, d, k)                                                               \
    TF_FU_OFF4M_(a, b, c, d, 0) TF_FU_OFF4M_(a, b, c, d, 1) TF_FU_OFF4M_(a, b, c, d, 2)
#define TF_FU_OFFSET1(a, k)                                                                        \
    TF_FU_OFF_(TF_FU1_##a, 0, L_FU1_##a##_0)                                                       \
    TF_FU_OFF_(TF_FU1_##a, 1, L_FU1_##a##_1)                                                       \
    TF_FU_OFF_(TF_FU1_##a, 2, L_FU1_##a##_2)                                                       \
    TF_FU_OFF_(TF_FU1_##a, 3, L_FU1_##a##_3)
            TF_FUSE2(TF_FU_OFFSET2) TF_FUSE3(TF_FU_OFFSET3) TF_FUSE4(TF_FU_OFFSET4)
                TF_FUSE1(TF_FU_OFFSET1)
#undef TF_FU_OFF_
#undef TF_FU_OFF2_
#undef TF_FU_OFF3_
#undef TF_FU_OFF3M_
#undef TF_FU_OFF4_
#undef TF_FU_OFF4M3_
#undef TF_FU_OFF4M_
#undef TF_FU_OFFSET2
#undef TF_FU_OFFSET3
#undef TF_FU_OFFSET4
#undef TF_FU_OFFSET1
    };
    sim_mem *const M = h->mem;
    if (UNLIKELY(!M->jit) && M->jit_threshold > 0 && !M->no_fuse &&
        !sim_jit_new(M, (int32_t)(&&L_JIT - &&L_DECODE)))
        M->jit_threshold = 0; /* no compiler here: the interpreter alone */
    cm_slot *const slots = M->slots;
    uint8_t *const mem = M->data;
    const uint8_t *const pf = M->pageflags;
    const uint32_t base = M->base, size = M->size;
    const uint32_t szw = size - 4, szh = size - 2;
    uint32_t *const x = h->x;
    uint32_t *const f = h->f;
    cm_slot *ip;
    uint64_t n, lim;
    int rc, sl;
    uint32_t val, addr;

#define DISPATCH() goto *(&&L_DECODE + ip->h)
/* The handlers of a sw found to store to device registers (L_SW): macros,
 * not locals, so each use is an immediate (locals of this function cost
 * the hot handlers a register). */
#define H_SW_REGS  ((int32_t)(&&L_SW_REGS - &&L_DECODE))
#define H_SW_REGS4 ((int32_t)(&&L_SW_REGS4 - &&L_DECODE))
#define H_JIT      ((int32_t)(&&L_JIT - &&L_DECODE))
/* Slot s (index i)'s interpreter handler: its own, or a block entry's
 * (the one L_JIT runs until the block is compiled). */
#define INTERP_H(s, i) ((s)->h == H_JIT ? sim_jit_rec_at(M->jit, (i))->orig_h : (s)->h)
#define NEXT                                                                                       \
    do {                                                                                           \
        ++n;                                                                                       \
        ++ip;                                                                                      \
        DISPATCH();                                                                                \
    } while (0)
#define SYNC()                                                                                     \
    do {                                                                                           \
        h->instret = n;                                                                            \
        h->pc = base + ((uint32_t)(ip - slots) << 2);                                              \
    } while (0)
/* The instret at which the cycle reaches cycle_limit (n now if it has). */
#define RELIMIT() (lim = n + h->cyc_extra < cycle_limit ? cycle_limit - h->cyc_extra : n)
#define JUMP_TO(p)                                                                                 \
    do {                                                                                           \
        ++n;                                                                                       \
        ip = (p);                                                                                  \
        if (UNLIKELY(n >= lim)) goto out_limit;                                                    \
        DISPATCH();                                                                                \
    } while (0)
#define RD  x[ip->rd]
#define RS1 x[ip->rs1]
#define RS2 x[ip->rs2]
#define IMM ((uint32_t)ip->imm)
#define BRANCH(cond)                                                                               \
    do {                                                                                           \
        if (cond) JUMP_TO(ip + ip->imm);                                                           \
        NEXT;                                                                                      \
    } while (0)
/* Finish a slow access: sl from load_slow/store_slow. */
#define SLOW_DONE(on_ok)                                                                           \
    do {                                                                                           \
        if (LIKELY(sl == SL_OK)) {                                                                 \
            on_ok;                                                                                 \
            RELIMIT();                                                                             \
            NEXT;                                                                                  \
        }                                                                                          \
        goto slow_result;                                                                          \
    } while (0)
#define LOAD_SLOW(sz, on_ok)                                                                       \
    do {                                                                                           \
        SYNC();                                                                                    \
        sl = load_slow(h, addr, sz, &val);                                                         \
        SLOW_DONE(on_ok);                                                                          \
    } while (0)
#define STORE_SLOW(sz, v)                                                                          \
    do {                                                                                           \
        SYNC();                                                                                    \
        sl = store_slow(h, addr, sz, v);                                                           \
        SLOW_DONE((void)0);                                                                        \
    } while (0)
#define FPCHK()                                                                                    \
    do {                                                                                           \
        if (UNLIKELY(!(h->mstatus & TF_MSTATUS_FS))) goto illegal;                                 \
    } while (0)
#define FRM(var)                                                                                   \
    int var = ip->imm;                                                                             \
    if (var == 7) var = (int)h->frm;                                                               \
    if (UNLIKELY(var > 4)) goto illegal
#define FDONE(fl)                                                                                  \
    do {                                                                                           \
        h->fflags |= (fl);                                                                         \
        h->mstatus |= TF_MSTATUS_FS;                                                               \
        NEXT;                                                                                      \
    } while (0)
#define FOP2(fn)                                                                                   \
    do {                                                                                           \
        FPCHK();                                                                                   \
        FRM(rm);                                                                                   \
        unsigned fl = 0;                                                                           \
        f[ip->rd] = fn(f[ip->rs1], f[ip->rs2], rm, &fl);                                           \
        FDONE(fl);                                                                                 \
    } while (0)

resume:
    n = h->instret;
    RELIMIT();
    if (n >= lim) {
        rc = TF_STOP_LIMIT;
        goto out;
    }
    {
        uint32_t off = h->pc - base;
        if (UNLIKELY(off >= size || (h->pc & 3))) {
            uint32_t cause = (h->pc & 3) ? TF_CAUSE_FETCH_MISALIGNED : TF_CAUSE_FETCH_ACCESS;
            if (sim_hart_exception(h, cause, h->pc)) {
                rc = TF_STOP_FAULT;
                goto out;
            }
            goto resume;
        }
        ip = slots + (off >> 2);
    }
    DISPATCH();

L_DECODE : {
    uint32_t off = (uint32_t)(ip - slots) << 2;
    if (UNLIKELY(off >= size)) { /* ran off the end of memory */
        SYNC();
        goto resume;
    }
    int op = decode_word(M, ip, off), fu = 0;
    if (!M->no_fuse && sim_fuse_first(op) && off + 4 < size) {
        /* A run with the next words: decode each into its own slot (the
         * fused handler reads its fields there) or, when it is already
         * decoded, only learn its op. A slot decoded here keeps h == 0: a
         * jump to it (a loop's first word is often the second of a run
         * before the loop) decodes it again as the head of its own run. */
        int nop[TF_FUSE_MAX] = {op, -1, -1, -1};
        cm_slot tmp[TF_FUSE_MAX];
        const cm_slot *fs[TF_FUSE_MAX] = {ip, 0, 0, 0};
        for (int k = 1; k < TF_FUSE_MAX && off + 4u * k < size; k++) {
            cm_slot *nx = ip + k;
            /* a sw found to store to device registers (L_SW below) runs
             * from its own register path (behind a block's entry too),
             * not as a run's step: the run ends before it */
            int32_t nh = INTERP_H(nx, (uint32_t)(nx - slots));
            if (nh == H_SW_REGS || nh == H_SW_REGS4) break;
            fs[k] = nx->h ? &tmp[k] : nx;
            nop[k] = decode_word(M, (cm_slot *)fs[k], off + 4u * k);
            if (k == 1 && !sim_fuse_first2(op, nop[1])) break; /* no longer run starts so */
            if (k == 2 && !sim_fuse_first3(op, nop[1], nop[2])) break;
        }
        fu = sim_fuse_run(op, nop[1], nop[2], nop[3]);
        if (fu) { /* the variant of the run's chaining modes (hart_fuse.h) */
            int len = fu >= TF_FU_TRIPLES_END_ ? 4 : fu >= TF_FU_PAIRS_END_ ? 3 : 2, scale = 1;
            for (int k = len - 1; k >= 1; k--, scale *= TF_FU_MODES)
                fu += scale * sim_fuse_mode(nop[k - 1], fs[k - 1], nop[k], fs[k]);
        }
    }
    if (!fu && !M->no_fuse && (fu = sim_fuse_single(op)) != 0) fu += (int)((off >> 2) % TF_FU_REPL);
    int32_t hh = tab[fu ? fu : op];
    if (M->jit && M->jit->ent[off >> 2]) hh = sim_jit_on_decode(M, off >> 2, hh); /* an entry */
    ip->h = hh;
    DISPATCH();
}
L_JIT : { /* a block entry (sim/jit.h): its compiled code once it is hot */
    sim_jit_ret r = sim_jit_run(h, (uint32_t)(ip - slots), n, lim, cycle_limit);
    if (UNLIKELY(r.code & TF_JIT_NOT_YET)) goto *(&&L_DECODE + (int32_t)(uint32_t)r.code);
    n = r.n;
    RELIMIT(); /* its device calls may have stalled the hart (cyc_extra) */
    ip = slots + ((uint32_t)r.code >> 2);
    if (LIKELY((r.code & 3) == TF_JIT_GO)) DISPATCH();
    if ((r.code & 3) == TF_JIT_SLOW) { /* a device call made by the block */
        sl = (int)(r.code >> 32);
        SLOW_DONE((void)0);
    }
    if (r.code & TF_JIT_LIMIT) goto out_limit;
    /* TF_JIT_INTERP: the word's own handler (another entry's: the one it had) */
    int32_t hi = ip->h;
    if (hi == H_JIT) hi = sim_jit_rec_at(M->jit, (uint32_t)(ip - slots))->orig_h;
    goto *(&&L_DECODE + hi);
}
L_FETCH_FAULT:
    SYNC();
    goto resume;
L_ILLEGAL:
illegal:
    SYNC();
    if (sim_hart_exception(h, TF_CAUSE_ILLEGAL, ip->aux)) {
        rc = TF_STOP_FAULT;
        goto out;
    }
    goto resume;
L_FAR_JUMP:
    SYNC();
    /* the slot's aux holds the link value (pc + 4) for JAL: decode the word */
    sl = far_jump(h, ld32(mem + (h->pc - base)));
    goto slow_result;
L_NOP:
L_FENCE:
L_FENCE_I: /* the decode cache is kept coherent on every store */
    NEXT;
L_LUI:
L_AUIPC:
    RD = IMM;
    NEXT;
L_JAL:
    RD = ip->aux;
    JUMP_TO(ip + ip->imm);
L_JALR : {
    uint32_t t = (RS1 + IMM) & ~1u, toff = t - base;
    if (UNLIKELY((t & 3) || toff >= size)) {
        SYNC();
        if (t & 3) {
            if (sim_hart_exception(h, TF_CAUSE_FETCH_MISALIGNED, t)) {
                rc = TF_STOP_FAULT;
                goto out;
            }
            goto resume;
        }
        RD = ip->aux;
        h->instret = n + 1;
        h->pc = t;
        goto resume; /* faults on fetch at t */
    }
    RD = ip->aux;
    JUMP_TO(slots + (toff >> 2));
}
L_BEQ:
    BRANCH(RS1 == RS2);
L_BNE:
    BRANCH(RS1 != RS2);
L_BLT:
    BRANCH((int32_t)RS1 < (int32_t)RS2);
L_BGE:
    BRANCH((int32_t)RS1 >= (int32_t)RS2);
L_BLTU:
    BRANCH(RS1 < RS2);
L_BGEU:
    BRANCH(RS1 >= RS2);
L_LB:
    addr = RS1 + IMM;
    if (LIKELY(addr - base < size)) {
        RD = (uint32_t)(int32_t)(int8_t)mem[addr - base];
        NEXT;
    }
    LOAD_SLOW(1, RD = (uint32_t)(int32_t)(int8_t)val);
L_LBU:
    addr = RS1 + IMM;
    if (LIKELY(addr - base < size)) {
        RD = mem[addr - base];
        NEXT;
    }
    LOAD_SLOW(1, RD = val & 0xff);
L_LH:
    addr = RS1 + IMM;
    if (LIKELY(addr - base <= szh)) {
        RD = (uint32_t)(int32_t)(int16_t)ld16(mem + (addr - base));
        NEXT;
    }
    LOAD_SLOW(2, RD = (uint32_t)(int32_t)(int16_t)val);
L_LHU:
    addr = RS1 + IMM;
    if (LIKELY(addr - base <= szh)) {
        RD = ld16(mem + (addr - base));
        NEXT;
    }
    LOAD_SLOW(2, RD = val & 0xffff);
L_LW:
    addr = RS1 + IMM;
    if (LIKELY(addr - base <= szw)) {
        RD = ld32(mem + (addr - base));
        NEXT;
    }
    LOAD_SLOW(4, RD = val);
L_SB:
    addr = RS1 + IMM;
    if (LIKELY(addr - base < size) && LIKELY(!pf[(addr - base) >> TF_PAGE_SHIFT])) {
        mem[addr - base] = (uint8_t)RS2;
        NEXT;
    }
    STORE_SLOW(1, RS2 & 0xff);
L_SH:
    addr = RS1 + IMM;
    if (LIKELY(addr - base <= szh) &&
        LIKELY(!(pf[(addr - base) >> TF_PAGE_SHIFT] | pf[(addr - base + 1) >> TF_PAGE_SHIFT]))) {
        st16(mem + (addr - base), (uint16_t)RS2);
        NEXT;
    }
    STORE_SLOW(2, RS2 & 0xffff);
L_SW:
    addr = RS1 + IMM;
sw_mem:
    if (LIKELY(addr - base <= szw) &&
        LIKELY(!(pf[(addr - base) >> TF_PAGE_SHIFT] | pf[(addr - base + 3) >> TF_PAGE_SHIFT]))) {
        st32(mem + (addr - base), RS2);
        NEXT;
    }
    if (addr - h->bus.regs_base < TF_BUS_REGS_BYTES) {
        /* A store to sim_bus.regs: this word's next run starts at its
         * register path (L_SW_REGS), past the plain handler's (or its
         * fused run's) memory check, which a device register never
         * passes. The same instruction either way: a NOC command's five
         * register stores are most of a data-movement kernel's inner
         * loop. (Not in the no_fuse reference, which keeps every word's
         * own handler.) */
        uint32_t i = (uint32_t)(ip - slots);
        int32_t now_h = INTERP_H(ip, i);
        if (!M->no_fuse && now_h != H_SW_REGS && now_h != H_SW_REGS4) {
            /* followed by three more decoded sw (the command's other
             * registers): the four at once, L_SW_REGS4. A write to one of
             * the three resets this slot's handler with theirs (the
             * invalidation resets the TF_FUSE_MAX - 1 slots before it). */
            int32_t regs_h = sw_follow3(M, ip) ? H_SW_REGS4 : H_SW_REGS;
            /* A compiled block's entry stays one: its interpreter handler,
             * for the entries before it is compiled, is the one changed,
             * looked up after sw_follow3 (decoding the words after, it may
             * add block records, which moves them, or make this slot an
             * entry) */
            if (ip->h == H_JIT)
                sim_jit_rec_at(M->jit, i)->orig_h = regs_h;
            else
                ip->h = regs_h;
            /* A run that holds this sw as a later step would hand it over
             * here every time, and the stores after it one by one: the
             * slots before it decode again, their runs ending before it
             * (L_DECODE). Once: from now on the slot keeps H_SW_REGS or
             * H_SW_REGS4. */
            for (uint32_t k = 1; k < TF_FUSE_MAX && k <= i; k++) {
                cm_slot *pv = ip - k;
                if (pv->h != H_SW_REGS && pv->h != H_SW_REGS4) pv->h = 0;
            }
        }
        goto sw_regs;
    }
    if (addr - base > szw && !(addr & 3)) { /* outside memory: the bus's */
        uint32_t k2 = addr - h->bus.regs2_base;
        if (k2 < TF_BUS_REGS_BYTES && (h->bus.regs2_plain >> (k2 >> 2) & 1)) {
            h->bus.regs2[k2 >> 2] = RS2;
            NEXT;
        }
        if (h->bus.call_far) {
            SYNC();
            sl = bus_result(h, h->bus.call_far(h->bus.ctx, h, (addr - h->bus.regs_base) >> 2, RS2),
                            TF_CAUSE_STORE_ACCESS, addr);
            SLOW_DONE((void)0);
        }
    }
    STORE_SLOW(4, RS2);
L_SW_REGS4 : { /* four sw to plain words of sim_bus.regs, as the four in turn */
    const uint32_t rb = h->bus.regs_base, pl = h->bus.regs_plain;
    const uint32_t k0 = RS1 + IMM - rb, k1 = x[ip[1].rs1] + (uint32_t)ip[1].imm - rb,
                   k2 = x[ip[2].rs1] + (uint32_t)ip[2].imm - rb,
                   k3 = x[ip[3].rs1] + (uint32_t)ip[3].imm - rb;
    if (LIKELY(((k0 | k1 | k2 | k3) & ~(TF_BUS_REGS_BYTES - 4u)) == 0 &&
               !(((1u << (k0 >> 2)) | (1u << (k1 >> 2)) | (1u << (k2 >> 2)) | (1u << (k3 >> 2))) &
                 ~pl))) {
        uint32_t *const rg = h->bus.regs;
        rg[k0 >> 2] = RS2;
        rg[k1 >> 2] = x[ip[1].rs2];
        rg[k2 >> 2] = x[ip[2].rs2];
        rg[k3 >> 2] = x[ip[3].rs2];
        n += 4;
        ip += 4;
        DISPATCH();
    }
    goto L_SW_REGS; /* one at a time */
}
L_SW_REGS:
    addr = RS1 + IMM;
    if (UNLIKELY(addr - h->bus.regs_base >= TF_BUS_REGS_BYTES)) goto sw_mem;
sw_regs : { /* a device register of sim_bus.regs: a plain one without a call */
    uint32_t k = addr - h->bus.regs_base;
    if (LIKELY(!(k & 3))) {
        if (LIKELY(h->bus.regs_plain >> (k >> 2) & 1)) {
            h->bus.regs[k >> 2] = RS2;
            NEXT;
        }
        if (h->bus.regs_call >> (k >> 2) & 1) {
            SYNC();
            sl =
                bus_result(h, h->bus.call(h->bus.ctx, h, k >> 2, RS2), TF_CAUSE_STORE_ACCESS, addr);
            SLOW_DONE((void)0);
        }
    }
    STORE_SLOW(4, RS2);
}
L_ADDI:
    RD = RS1 + IMM;
    NEXT;
L_SLTI:
    RD = (int32_t)RS1 < ip->imm;
    NEXT;
L_SLTIU:
    RD = RS1 < IMM;
    NEXT;
L_XORI:
    RD = RS1 ^ IMM;
    NEXT;
L_ORI:
    RD = RS1 | IMM;
    NEXT;
L_ANDI:
    RD = RS1 & IMM;
    NEXT;
L_SLLI:
    RD = RS1 << ip->imm;
    NEXT;
L_SRLI:
    RD = RS1 >> ip->imm;
    NEXT;
L_SRAI:
    RD = (uint32_t)((int32_t)RS1 >> ip->imm);
    NEXT;
L_ADD:
    RD = RS1 + RS2;
    NEXT;
L_SUB:
    RD = RS1 - RS2;
    NEXT;
L_SLL:
    RD = RS1 << (RS2 & 31);
    NEXT;
L_SLT:
    RD = (int32_t)RS1 < (int32_t)RS2;
    NEXT;
L_SLTU:
    RD = RS1 < RS2;
    NEXT;
L_XOR:
    RD = RS1 ^ RS2;
    NEXT;
L_SRL:
    RD = RS1 >> (RS2 & 31);
    NEXT;
L_SRA:
    RD = (uint32_t)((int32_t)RS1 >> (RS2 & 31));
    NEXT;
L_OR:
    RD = RS1 | RS2;
    NEXT;
L_AND:
    RD = RS1 & RS2;
    NEXT;
L_MUL:
    RD = RS1 * RS2;
    NEXT;
L_MULH:
    RD = (uint32_t)((uint64_t)((int64_t)(int32_t)RS1 * (int64_t)(int32_t)RS2) >> 32);
    NEXT;
L_MULHSU:
    RD = (uint32_t)((uint64_t)((int64_t)(int32_t)RS1 * (int64_t)(uint64_t)RS2) >> 32);
    NEXT;
L_MULHU:
    RD = (uint32_t)(((uint64_t)RS1 * RS2) >> 32);
    NEXT;
L_DIV : {
    int32_t a = (int32_t)RS1, b = (int32_t)RS2;
    RD = b == 0 ? 0xffffffffu : (a == INT32_MIN && b == -1) ? (uint32_t)a : (uint32_t)(a / b);
    NEXT;
}
L_DIVU : {
    uint32_t a = RS1, b = RS2;
    RD = b == 0 ? 0xffffffffu : a / b;
    NEXT;
}
L_REM : {
    int32_t a = (int32_t)RS1, b = (int32_t)RS2;
    RD = b == 0 ? (uint32_t)a : (a == INT32_MIN && b == -1) ? 0 : (uint32_t)(a % b);
    NEXT;
}
L_REMU : {
    uint32_t a = RS1, b = RS2;
    RD = b == 0 ? a : a % b;
    NEXT;
}
L_ECALL:
    SYNC();
    if (sim_hart_exception(h, h->priv == 3 ? TF_CAUSE_ECALL_M : TF_CAUSE_ECALL_U, 0)) {
        rc = TF_STOP_ECALL;
        goto out;
    }
    goto resume;
L_EBREAK:
    SYNC();
    if (sim_hart_exception(h, TF_CAUSE_BREAKPOINT, h->pc)) {
        rc = TF_STOP_FAULT;
        goto out;
    }
    goto resume;
L_MRET:
    SYNC();
    if (sim_hart_mret(h)) {
        rc = TF_STOP_FAULT;
        goto out;
    }
    goto resume;
L_WFI:
    if (h->priv != 3) goto illegal; /* bounded time limit of zero in U-mode */
    ++n;
    ++ip;
    if (h->mie & h->mip) DISPATCH(); /* something is pending: wfi is a nop */
    SYNC();
    rc = TF_STOP_WFI;
    goto out;
L_CSRRS:
    /* csrr (csrrs rd, csr, x0) of a counter stays in the loop: a device
     * zone reads cycleh and cycle at START and at END, and the generic
     * path (SYNC, sim_hart_csr, resume) cost more than the rest of the
     * marker. The value is csr_read's, computed the same way at this
     * instruction: instret is n (this one not yet retired), cyc_extra is
     * current (every stall added so far already moved lim through
     * RELIMIT). The limit check afterwards is resume's: the run stops
     * after this instruction exactly as it did through the generic path.
     * Anything else (a write, another CSR, an illegal access) goes there. */
    if (LIKELY(ip->rs1 == 0)) {
        uint32_t csr = (uint32_t)ip->imm, c = csr & ~0x80u; /* the low half's number */
        uint64_t v;
        if (c == 0xc00 || c == 0xb00)
            v = n + h->cyc_extra + h->mcycle_off;
        else if (c == 0xc01) /* time: the modeled clock, whatever was written to mcycle */
            v = n + h->cyc_extra;
        else if (c == 0xc02 || c == 0xb02)
            v = n + h->minstret_off;
        else
            goto csr_generic;
        if (UNLIKELY(h->priv < 3) && (c < 0xc00 || !(h->mcounteren & (1u << (c & 0x1f)))))
            goto csr_generic; /* machine counter, or user counter not enabled: illegal */
        if (ip->rd)           /* a CSR slot keeps rd 0 (no sink): x0 stays zero */
            RD = (csr & 0x80u) ? (uint32_t)(v >> 32) : (uint32_t)v;
        JUMP_TO(ip + 1);
    }
    goto csr_generic;
L_CSRRW:
L_CSRRC:
L_CSRRWI:
L_CSRRSI:
L_CSRRCI:
csr_generic:
    SYNC();
    if (sim_hart_csr(h, ip->aux)) {
        rc = TF_STOP_FAULT;
        goto out;
    }
    goto resume;
L_FLW:
    FPCHK();
    addr = RS1 + IMM;
    h->mstatus |= TF_MSTATUS_FS; /* an f register written: Dirty, as every FP op (FDONE) */
    if (LIKELY(addr - base <= szw)) {
        f[ip->rd] = ld32(mem + (addr - base));
        NEXT;
    }
    LOAD_SLOW(4, f[ip->rd] = val);
L_FSW:
    FPCHK();
    addr = RS1 + IMM;
    if (LIKELY(addr - base <= szw) &&
        LIKELY(!(pf[(addr - base) >> TF_PAGE_SHIFT] | pf[(addr - base + 3) >> TF_PAGE_SHIFT]))) {
        st32(mem + (addr - base), f[ip->rs2]);
        NEXT;
    }
    STORE_SLOW(4, f[ip->rs2]);
L_FMADD_S:
L_FMSUB_S:
L_FNMSUB_S:
L_FNMADD_S : {
    FPCHK();
    FRM(rm);
    unsigned fl = 0, opc = (ip->aux >> 2) & 3; /* 0 madd, 1 msub, 2 nmsub, 3 nmadd */
    uint32_t a = f[ip->rs1], b = f[ip->rs2], c = f[ip->rs3];
    if (opc & 2) a ^= 0x80000000u;              /* negate the product */
    if (opc == 1 || opc == 3) c ^= 0x80000000u; /* subtract the addend */
    f[ip->rd] = sim_f32_fma(a, b, c, rm, &fl);
    FDONE(fl);
}
L_FADD_S:
    FOP2(sim_f32_add);
L_FSUB_S:
    FOP2(sim_f32_sub);
L_FMUL_S:
    FOP2(sim_f32_mul);
L_FDIV_S:
    FOP2(sim_f32_div);
L_FSQRT_S : {
    FPCHK();
    FRM(rm);
    unsigned fl = 0;
    f[ip->rd] = sim_f32_sqrt(f[ip->rs1], rm, &fl);
    FDONE(fl);
}
L_FSGNJ_S:
    FPCHK();
    f[ip->rd] = (f[ip->rs1] & 0x7fffffffu) | (f[ip->rs2] & 0x80000000u);
    FDONE(0);
L_FSGNJN_S:
    FPCHK();
    f[ip->rd] = (f[ip->rs1] & 0x7fffffffu) | (~f[ip->rs2] & 0x80000000u);
    FDONE(0);
L_FSGNJX_S:
    FPCHK();
    f[ip->rd] = f[ip->rs1] ^ (f[ip->rs2] & 0x80000000u);
    FDONE(0);
L_FMIN_S : {
    FPCHK();
    unsigned fl = 0;
    f[ip->rd] = sim_f32_min(f[ip->rs1], f[ip->rs2], &fl);
    FDONE(fl);
}
L_FMAX_S : {
    FPCHK();
    unsigned fl = 0;
    f[ip->rd] = sim_f32_max(f[ip->rs1], f[ip->rs2], &fl);
    FDONE(fl);
}
L_FCVT_W_S : {
    FPCHK();
    FRM(rm);
    unsigned fl = 0;
    RD = (uint32_t)sim_f32_to_i32(f[ip->rs1], rm, &fl);
    FDONE(fl);
}
L_FCVT_WU_S : {
    FPCHK();
    FRM(rm);
    unsigned fl = 0;
    RD = sim_f32_to_u32(f[ip->rs1], rm, &fl);
    FDONE(fl);
}
L_FMV_X_W:
    FPCHK();
    RD = f[ip->rs1];
    NEXT;
L_FEQ_S : {
    FPCHK();
    unsigned fl = 0;
    RD = (uint32_t)sim_f32_eq(f[ip->rs1], f[ip->rs2], &fl);
    FDONE(fl);
}
L_FLT_S : {
    FPCHK();
    unsigned fl = 0;
    RD = (uint32_t)sim_f32_lt(f[ip->rs1], f[ip->rs2], &fl);
    FDONE(fl);
}
L_FLE_S : {
    FPCHK();
    unsigned fl = 0;
    RD = (uint32_t)sim_f32_le(f[ip->rs1], f[ip->rs2], &fl);
    FDONE(fl);
}
L_FCLASS_S:
    FPCHK();
    RD = sim_f32_classify(f[ip->rs1]);
    NEXT;
L_FCVT_S_W : {
    FPCHK();
    FRM(rm);
    unsigned fl = 0;
    f[ip->rd] = sim_f32_from_i32((int32_t)RS1, rm, &fl);
    FDONE(fl);
}
L_FCVT_S_WU : {
    FPCHK();
    FRM(rm);
    unsigned fl = 0;
    f[ip->rd] = sim_f32_from_u32(RS1, rm, &fl);
    FDONE(fl);
}
L_FMV_W_X:
    FPCHK();
    f[ip->rd] = RS1;
    FDONE(0);

    /* ---- fused runs (sim/hart_fuse.h): two or three in one dispatch ---- */
    /* One handler per run and chaining modes (hart_fuse.h): m2, m3 are
     * the modes of the second and third steps (FA/FB read t_ or x[]). */
#define FU_STEP(a, m)                                                                              \
    E_##a(ip, goto L_##a, FA(ip, m), FB(ip, m));                                                   \
    ++n;                                                                                           \
    ++ip
#define FU_LAST_SEQ(a, m)                                                                          \
    E_##a(ip, goto L_##a, FA(ip, m), FB(ip, m));                                                   \
    NEXT
#define FU_LAST_BRANCH(a, m) BRANCH(C_##a(FA(ip, m), FB(ip, m)))
/* A run's last jal or jalr jumps from its own handler, not through the
 * plain one: each run's indirect host jump then sees its own targets (a
 * call site's run always the callee, a return's run the return sites),
 * which the host's branch predictor tells apart; one shared jump would
 * mix every call and return. A jalr target that the plain handler must
 * look at (misaligned or outside memory) goes there, with x[] as the
 * plain path has it. */
#define FU_LAST_JUMP(a, m) FU_JUMP_##a(m)
#define FU_JUMP_JAL(m)                                                                             \
    do {                                                                                           \
        RD = ip->aux;                                                                              \
        JUMP_TO(ip + ip->imm);                                                                     \
    } while (0)
#define FU_JUMP_JALR(m)                                                                            \
    do {                                                                                           \
        uint32_t tg_ = (FA(ip, m) + IMM) & ~1u, toff_ = tg_ - base;                                \
        if (UNLIKELY((tg_ & 3) || toff_ >= size)) goto L_JALR;                                     \
        RD = ip->aux;                                                                              \
        JUMP_TO(slots + (toff_ >> 2));                                                             \
    } while (0)
/* Handlers only for the variants whose modes their ops can have. */
#define FU_H2_(a, b, k, m)                                                                         \
    L_FU_##a##_##b##_##m:                                                                          \
    {                                                                                              \
        uint32_t t_ = 0;                                                                           \
        FU_STEP(a, 0);                                                                             \
        FU_LAST_##k(b, m);                                                                         \
    }
#define FU_V2_(a, b, k, m)   FU_PICK(m, FU_MM_##b)(FU_H2_, FU_NOTHING_)(a, b, k, m)
#define FU_HANDLER2(a, b, k) FU_V2_(a, b, k, 0) FU_V2_(a, b, k, 1) FU_V2_(a, b, k, 2)
#define FU_H3_(a, b, c, k, m2, m3)                                                                 \
    L_FU_##a##_##b##_##c##_##m2##m3:                                                               \
    {                                                                                              \
        uint32_t t_ = 0;                                                                           \
        FU_STEP(a, 0);                                                                             \
        FU_STEP(b, m2);                                                                            \
        FU_LAST_##k(c, m3);                                                                        \
    }
#define FU_V3_(a, b, c, k, m2, m3)                                                                 \
    FU_PICK(m2, FU_MM_##b)                                                                         \
    (FU_PICK(m3, FU_MM_##c)(FU_H3_, FU_NOTHING_), FU_NOTHING_)(a, b, c, k, m2, m3)
#define FU_H3M_(a, b, c, k, m2)                                                                    \
    FU_V3_(a, b, c, k, m2, 0) FU_V3_(a, b, c, k, m2, 1) FU_V3_(a, b, c, k, m2, 2)
#define FU_HANDLER3(a, b, c, k) FU_H3M_(a, b, c, k, 0) FU_H3M_(a, b, c, k, 1) FU_H3M_(a, b, c, k, 2)
#define FU_H4_(a, b, c, d, k, m2, m3, m4)                                                          \
    L_FU_##a##_##b##_##c##_##d##_##m2##m3##m4:                                                     \
    {                                                                                              \
        uint32_t t_ = 0;                                                                           \
        FU_STEP(a, 0);                                                                             \
        FU_STEP(b, m2);                                                                            \
        FU_STEP(c, m3);                                                                            \
        FU_LAST_##k(d, m4);                                                                        \
    }
#define FU_V4_(a, b, c, d, k, m2, m3, m4)                                                          \
    FU_PICK(m2, FU_MM_##b)                                                                         \
    (FU_PICK(m3, FU_MM_##c)(FU_PICK(m4, FU_MM_##d)(FU_H4_, FU_NOTHING_), FU_NOTHING_),             \
     FU_NOTHING_)(a, b, c, d, k, m2, m3, m4)
#define FU_H4M3_(a, b, c, d, k, m2, m3)                                                            \
    FU_V4_(a, b, c, d, k, m2, m3, 0)                                                               \
    FU_V4_(a, b, c, d, k, m2, m3, 1) FU_V4_(a, b, c, d, k, m2, m3, 2)
#define FU_H4M2_(a, b, c, d, k, m2)                                                                \
    FU_H4M3_(a, b, c, d, k, m2, 0)                                                                 \
    FU_H4M3_(a, b, c, d, k, m2, 1) FU_H4M3_(a, b, c, d, k, m2, 2)
#define FU_HANDLER4(a, b, c, d, k)                                                                 \
    FU_H4M2_(a, b, c, d, k, 0) FU_H4M2_(a, b, c, d, k, 1) FU_H4M2_(a, b, c, d, k, 2)
    TF_FUSE2(FU_HANDLER2)
    TF_FUSE3(FU_HANDLER3)
    TF_FUSE4(FU_HANDLER4)
#define FU_S_BRANCH(a, r) L_FU1_##a##_##r : BRANCH(C_##a(RS1, RS2));
#define FU_S_JUMP(a, r)                                                                            \
    L_FU1_##a##_##r:                                                                               \
    {                                                                                              \
        uint32_t t_ = 0;                                                                           \
        (void)t_;                                                                                  \
        FU_JUMP_##a(0);                                                                            \
    }
#define FU_S_SEQ(a, r)                                                                             \
    L_FU1_##a##_##r:                                                                               \
    {                                                                                              \
        uint32_t t_ = 0;                                                                           \
        FU_LAST_SEQ(a, 0);                                                                         \
    }
    _Static_assert(TF_FU_REPL == 4, "write out TF_FU_REPL copies here and in the table");
#define FU_HANDLER1(a, k) FU_S_##k(a, 0) FU_S_##k(a, 1) FU_S_##k(a, 2) FU_S_##k(a, 3)
    TF_FUSE1(FU_HANDLER1)
#undef FU_HANDLER1
#undef FU_S_BRANCH
#undef FU_S_JUMP
#undef FU_S_SEQ
#undef FU_V2_
#undef FU_V3_
#undef FU_V4_
#undef FU_H4_
#undef FU_H4M3_
#undef FU_H4M2_
#undef FU_HANDLER4
#undef FU_STEP
#undef FU_LAST_SEQ
#undef FU_LAST_BRANCH
#undef FU_LAST_JUMP
#undef FU_JUMP_JAL
#undef FU_JUMP_JALR
#undef FU_H2_
#undef FU_H3_
#undef FU_H3M_
#undef FU_HANDLER2
#undef FU_HANDLER3

slow_result:
    switch (sl) {
    case SL_TRAP: goto resume;
    case SL_BLOCK: rc = TF_STOP_BLOCK; goto out; /* pc still at the access */
    case SL_WATCH:
        ++n;
        ++ip;
        SYNC();
        rc = TF_STOP_WATCH;
        goto out;
    default: rc = TF_STOP_FAULT; goto out;
    }
out_limit:
    SYNC();
    rc = TF_STOP_LIMIT;
out:
    return rc;
#undef DISPATCH
#undef H_SW_REGS
#undef H_SW_REGS4
#undef H_JIT
#undef NEXT
#undef SYNC
}
