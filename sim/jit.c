/* Compiled blocks (sim/jit.h): the block table, its coherence with the
 * decode cache, and the x86-64 code generator.
 *
 * The generated code keeps the guest registers in sim_hart.x (addressed
 * from rbx), the block's six most used ones in host registers between its
 * entry and its exits, and instret in r14 as "instret at the block's
 * first word": word k of the block runs with instret r14 + k, so only
 * jumps and exits touch it. Host registers while a block runs:
 *   rbx  guest registers     rsi  memory bytes       rdi  page flags
 *   r14  instret - position  r15  the instret limit  r12  sim_jit_io
 *   rbp, r8-r11, r13  cached guest registers         eax, ecx, edx scratch
 * The entry trampoline (first in the code mapping) saves the callee-saved
 * ones, loads rbx, rsi, rdi, r14 and r15 from sim_jit_io and jumps to the
 * block; every exit writes the cached registers back and jumps to its
 * epilogue with the exit code in eax, which stores instret. The stack
 * stays 16-byte aligned for the device calls blocks make (8 bytes of
 * room at [rsp]: the code epoch and a register word across a call). */
#include "jit.h"

#include "hart_fuse.h"

#include "common/cm_env.h"
#include "common/cm_err.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#if defined(__x86_64__) && defined(__linux__)
#define TF_JIT_X86 1
#endif

#define JIT_CODE_BYTES (8u << 20) /* per memory, reserved lazily */
/* Host bytes a guest word can take, its stubs included: a sw with its
 * device-register paths, a branch with its exit and chain. test_hart_fuse's
 * random blocks reach 737 a word on average, and a reviewer's block of 64
 * sw to call registers 1105 (640 was exceeded before the chain stubs: a
 * block could write past the room it was given, and past the code area's
 * end when that room was its last); sim_jit_compile asserts it in the
 * builds with assertions (Debug, sanitizers). */
#define JIT_WORST 1536u

int sim_jit_default_threshold(void)
{
#ifdef TF_JIT_X86
    return cm_env_switch(TF_ENV_SIM_JIT, 1, "hot blocks compiled") ? TF_JIT_HOT : 0;
#else
    return 0;
#endif
}

/* ---- the block table ---------------------------------------------------- */

static uint32_t rec_new(sim_jit *j)
{
    if (j->nrecs == j->caprecs) {
        uint32_t cap = j->caprecs ? 2 * j->caprecs : 256;
        sim_jit_rec *r = realloc(j->recs, (size_t)cap * sizeof *r);
        if (!r) return 0;
        j->recs = r;
        j->caprecs = cap;
    }
    memset(&j->recs[j->nrecs], 0, sizeof j->recs[0]);
    return ++j->nrecs;
}

void sim_jit_note_target(sim_mem *m, uint32_t t)
{
    sim_jit *j = m->jit;
    if (t >= m->size / 4 || j->ent[t]) return;
    uint32_t id = rec_new(j);
    if (!id) return;
    j->ent[t] = id;
    j->entmap[t / 64] |= 1ull << (t % 64);
    sim_jit_rec *r = &j->recs[id - 1];
    r->orig_h = m->slots[t].h;
    /* decoded already (a loop's head, before the branch back to it): it
     * is an entry from now on; else its decoding makes it one */
    if (m->slots[t].h) m->slots[t].h = j->h_jit;
}

/* Record `id` (after `prev` in slot s's chain, 0: it is first) to the
 * front: L_JIT runs the first. */
static void rec_to_front(sim_jit *j, uint32_t s, uint32_t id, uint32_t prev)
{
    if (!prev) return;
    j->recs[prev - 1].next = j->recs[id - 1].next;
    j->recs[id - 1].next = j->ent[s];
    j->ent[s] = id;
}

/* A compiled block of slot s, at least min_len words long, whose words
 * are the memory's now: moved to the front of its chain, or NULL. */
static sim_jit_rec *rec_revive(sim_mem *m, uint32_t s, uint32_t min_len)
{
    sim_jit *j = m->jit;
    uint32_t prev = 0;
    for (uint32_t id = j->ent[s]; id; prev = id, id = j->recs[id - 1].next) {
        sim_jit_rec *r = &j->recs[id - 1];
        if (!r->code || r->len < min_len || (size_t)s * 4 + (size_t)r->len * 4 > m->size ||
            memcmp(r->words, m->data + (size_t)s * 4, (size_t)r->len * 4))
            continue;
        rec_to_front(j, s, id, prev);
        j->revived++;
        return r;
    }
    return NULL;
}

/* Slot s goes back to its interpreter handler for good (its block does
 * not compile, has no room, or is too short for its entry cost). */
static void rec_retire(sim_mem *m, uint32_t s, sim_jit_rec *r)
{
    if (m->slots[s].h == m->jit->h_jit) m->slots[s].h = r->orig_h;
}

int32_t sim_jit_on_decode(sim_mem *m, uint32_t s, int32_t h)
{
    sim_jit *j = m->jit;
    j->hot[sim_jit_hot_index(s)].slot = 0; /* its first block may change */
    sim_jit_rec *kept = rec_revive(m, s, 1);
    if (kept) {
        kept->orig_h = h;
        return kept->slow ? h : j->h_jit; /* (too short: interpreted) */
    }
    /* a record not compiled (counting, or never) is used again */
    uint32_t prev = 0, spare = 0, spare_prev = 0;
    for (uint32_t id = j->ent[s]; id && !spare; prev = id, id = j->recs[id - 1].next)
        if (!j->recs[id - 1].code) {
            spare = id;
            spare_prev = prev;
        }
    if (spare) {
        rec_to_front(j, s, spare, spare_prev);
    } else { /* a new one in front; the chain keeps TF_JIT_CHAIN */
        uint32_t first = j->ent[s];
        uint32_t id = rec_new(j);
        if (!id) return h;
        j->recs[id - 1].next = first;
        j->ent[s] = spare = id;
        uint32_t k = 1;
        for (uint32_t c = id; c; c = j->recs[c - 1].next, k++)
            if (k == TF_JIT_CHAIN) j->recs[c - 1].next = 0; /* (its code stays mapped, unused) */
    }
    sim_jit_rec *r = &j->recs[spare - 1];
    r->orig_h = h;
    r->count = 0;
    r->never = 0;
    r->slow = 0;
    r->trial = 0;
    r->trial_words = 0;
    r->credited = 0;
    r->probe = 0;
    r->probe_words = 0;
    return j->h_jit;
}

/* Whether `words` guest instructions over a trial's entries pay for
 * entering compiled code: TF_JIT_MIN_RUN an entry on average. */
static int ran_enough(const sim_jit *j, uint64_t words)
{
    return words >= (uint64_t)j->trial * TF_JIT_MIN_RUN;
}

/* Slot s's block r, timed too short, back to the interpreter for good. */
static void give_up(sim_mem *m, uint32_t s, sim_jit_rec *r)
{
    r->slow = 1;
    rec_retire(m, s, r);
    m->jit->slow++;
}

/* One entry of a block proven by its trial's credit (the entries that
 * went on to other blocks, counted TF_JIT_MIN_RUN words more, though those
 * blocks were not proven yet): it ran `ran` guest instructions, its
 * chained blocks' included. Unless its first TF_JIT_TRIAL entries from
 * the interpreter once proven ran TF_JIT_MIN_RUN an entry on average (it
 * goes on into the blocks it exits to, or is rarely entered from the
 * interpreter), it goes back to the interpreter: a tile-engine kernel's
 * short block exits to blocks that are then given up themselves. The
 * count is the block's own: its place in the table (hc) is taken back
 * every time its kernel's image is written again. */
static void probe(sim_mem *m, uint32_t s, sim_jit_hot *hc, uint64_t ran)
{
    sim_jit_rec *r = sim_jit_rec_at(m->jit, s);
    r->probe_words += ran;
    if (++r->probe < m->jit->trial) return;
    hc->probing = 0;
    if (ran_enough(m->jit, r->probe_words)) return;
    give_up(m, s, r);
    hc->slot = 0;
}

sim_jit_ret sim_jit_run(sim_hart *h, uint32_t s, uint64_t n, uint64_t lim, uint64_t cycle_limit)
{
    sim_mem *m = h->mem;
    sim_jit *j = m->jit;
    sim_jit_hot *hc = &j->hot[sim_jit_hot_index(s)];
    sim_jit_rec *tr = NULL; /* the block, while its entries are timed */
    const void *code = hc->code;
    if (__builtin_expect(hc->slot != s + 1, 0)) {
        tr = sim_jit_rec_at(j, s);
        if (!tr->code && (tr->never || ++tr->count < j->threshold || sim_jit_compile(m, s, h)))
            return (sim_jit_ret){TF_JIT_NOT_YET | (uint32_t)tr->orig_h, n};
        tr = sim_jit_rec_at(j, s); /* (compiling adds records: they may have moved) */
        code = tr->code;
        if (tr->trial >= j->trial) { /* proven: found here from now on */
            /* timed again when its trial counted on going on to other
             * blocks (sim_jit_trial): whether it does */
            *hc = (sim_jit_hot){
                .slot = s + 1, .probing = tr->credited && tr->probe < j->trial, .code = code};
            tr = NULL;
        }
    }
    sim_jit_io io = {h->x, m->data, m->pageflags, n, lim, &h->bus, h, cycle_limit, 0};
    j->entries++;
    uint32_t e = j->enter(code, &io);
    if (tr)
        sim_jit_trial(m, s, tr, io.n - n, e);
    else if (__builtin_expect(hc->probing, 0))
        probe(m, s, hc, io.n - n);
    return (sim_jit_ret){e | (uint64_t)(uint32_t)io.sl << 32, io.n};
}

/* Whether an entry that left the block by `exit` went to a block that
 * may be proven (compiled, not given up; one still counting to its
 * compile may never be, as a target the block itself reaches): once it is,
 * that exit goes on into it (emit_chain) without the way out and back in
 * that makes a short block slower than interpreting it. */
static int exits_to_block(const sim_mem *m, uint32_t exit)
{
    const sim_jit *j = m->jit;
    uint32_t t = exit >> 2;
    if ((exit & 3) != TF_JIT_GO || t >= m->size / 4 || !j->ent[t] || m->slots[t].h != j->h_jit)
        return 0;
    const sim_jit_rec *r = sim_jit_rec_at(j, t);
    return r->code && !r->slow;
}

void sim_jit_trial(sim_mem *m, uint32_t s, sim_jit_rec *r, uint64_t ran, uint32_t exit)
{
    /* an entry that went on to a block counts TF_JIT_MIN_RUN words more:
     * the next block's (once proven, it runs on into it), so a loop of
     * short blocks chained to one another is proven block by block, each
     * one's trial made while the others are not proven yet */
    int on = exits_to_block(m, exit);
    r->trial_words += ran + (on ? TF_JIT_MIN_RUN : 0);
    r->credited += (uint32_t)on;
    if (++r->trial < m->jit->trial) return;
    if (ran_enough(m->jit, r->trial_words))
        m->jit->proven++;
    else
        give_up(m, s, r);
}

void sim_jit_invalidate(sim_mem *m, uint32_t w0)
{
    sim_jit *j = m->jit;
    uint32_t lo = w0 >= TF_JIT_MAX_WORDS - 1 ? w0 - (TF_JIT_MAX_WORDS - 1) : 0;
    if (lo >= w0) return;
    if (!((m->pageflags[(lo * 4) >> TF_PAGE_SHIFT] |
           m->pageflags[((w0 - 1) * 4) >> TF_PAGE_SHIFT]) &
          TF_PAGE_JIT))
        return;
    for (uint32_t s = lo; s < w0; s++) {
        if (!j->ent[s] || m->slots[s].h != j->h_jit) continue;
        const sim_jit_rec *r = sim_jit_rec_at(j, s);
        if (r->code && s + r->len > w0) m->slots[s].h = 0; /* decodes again */
    }
}

int32_t sim_jit_keep(const sim_mem *m, uint32_t w0, uint32_t nw, sim_jit_kept **list, uint32_t *cap)
{
    const sim_jit *j = m->jit;
    uint32_t k = 0, w1 = w0 + nw;
    for (uint32_t q = w0 / 64; nw && q <= (w1 - 1) / 64; q++) {
        uint64_t bits = j->entmap[q];
        if (q == w0 / 64) bits &= ~0ull << (w0 % 64);
        if (q == (w1 - 1) / 64 && w1 % 64) bits &= ~(~0ull << (w1 % 64));
        for (; bits; bits &= bits - 1) {
            uint32_t s = q * 64 + (uint32_t)__builtin_ctzll(bits);
            if (m->slots[s].h != j->h_jit) continue; /* not decoded, or interpreted */
            if (k == *cap) {
                uint32_t c = *cap ? 2 * *cap : 64;
                sim_jit_kept *l = realloc(*list, (size_t)c * sizeof *l);
                if (!l) return -1;
                *list = l;
                *cap = c;
            }
            /* the first record: its last decoding's */
            (*list)[k++] = (sim_jit_kept){s, sim_jit_rec_at(j, s)->orig_h};
        }
    }
    return (int32_t)k;
}

/* Slot s, an L_JIT entry come back from a kept image with interpreter
 * handler orig (0: not known): an entry again (or its interpreter
 * handler, or decoded again). */
static void restored_one(sim_mem *m, uint32_t s, int32_t orig)
{
    sim_jit *j = m->jit;
    j->hot[sim_jit_hot_index(s)].slot = 0;
    if (orig) { /* as decoding it gives that handler back */
        m->slots[s].h = sim_jit_on_decode(m, s, orig);
        return;
    }
    /* A block of these words that covers the slot's own run (its
     * interpreter handler reads at most TF_FUSE_MAX words, all the
     * block's): the slot is its entry again, as it was, without
     * decoding it again. Else it decodes again (h 0). */
    sim_jit_rec *r = rec_revive(m, s, TF_FUSE_MAX);
    m->slots[s].h = !r ? 0 : r->slow ? r->orig_h : j->h_jit;
}

void sim_jit_restored(sim_mem *m, uint32_t w0, uint32_t nw, const sim_jit_kept *kept, int32_t nkept)
{
    int32_t h_jit = m->jit->h_jit;
    if (nkept < 0) { /* kept before there was a compiler: every slot */
        for (uint32_t s = w0; s < w0 + nw; s++)
            if (m->slots[s].h == h_jit) restored_one(m, s, 0);
        return;
    }
    /* The slots came back from the image whose entries these are: a slot
     * that is L_JIT now was one in the image, so it is on the list. */
    for (int32_t i = 0; i < nkept; i++) {
        uint32_t s = kept[i].s;
        if (s - w0 < nw && m->slots[s].h == h_jit) restored_one(m, s, kept[i].orig_h);
    }
}

/* ---- x86-64 code -------------------------------------------------------- */

#ifdef TF_JIT_X86

enum { RAX, RCX, RDX, RBX };

typedef struct emit {
    uint8_t *p;
    const int8_t *hr; /* per guest register: the host register holding it, or -1 */
} emit;

/* Host registers that hold guest registers through a block (the block's
 * most used ones): rbp, r8-r11, r13. */
static const int8_t cache_regs[] = {5, 8, 9, 10, 11, 13};
#define JIT_CACHED ((int)sizeof cache_regs)

static void b1(emit *e, uint8_t v)
{
    *e->p++ = v;
}
/* n bytes of fixed code */
static void bytes(emit *e, const void *code, size_t n)
{
    memcpy(e->p, code, n);
    e->p += n;
}
static void b4(emit *e, uint32_t v)
{
    bytes(e, &v, 4);
}

/* ModRM for [rbx + 4 * r] with register field `reg` (r: a guest register, 0..32) */
static void m_reg(emit *e, int reg, unsigned r)
{
    unsigned d = 4 * r;
    if (d < 128) {
        b1(e, (uint8_t)(0x40 | (reg << 3) | RBX));
        b1(e, (uint8_t)d);
    } else {
        b1(e, (uint8_t)(0x80 | (reg << 3) | RBX));
        b4(e, d);
    }
}

/* <opcode> reg, guest register r: r's host register when it has one,
 * else x[r] in memory (w64: REX.W) */
static void op_rm(emit *e, int w64, uint8_t o1, int o2, int reg, unsigned r)
{
    int h = e->hr ? e->hr[r] : -1;
    uint8_t rex = (uint8_t)((w64 ? 8 : 0) | (reg >= 8 ? 4 : 0) | (h >= 8 ? 1 : 0));
    if (rex) b1(e, 0x40 | rex);
    b1(e, o1);
    if (o2 >= 0) b1(e, (uint8_t)o2);
    if (h >= 0)
        b1(e, (uint8_t)(0xc0 | ((reg & 7) << 3) | (h & 7)));
    else
        m_reg(e, reg & 7, r);
}
/* mov host32, x[r] */
static void ld(emit *e, int reg, unsigned r)
{
    op_rm(e, 0, 0x8b, -1, reg, r);
}
/* mov x[r], host32 */
static void st(emit *e, unsigned r, int reg)
{
    op_rm(e, 0, 0x89, -1, reg, r);
}
/* mov dword x[r], imm32 */
static void st_imm(emit *e, unsigned r, uint32_t v)
{
    op_rm(e, 0, 0xc7, -1, 0, r);
    b4(e, v);
}
/* Which of the cached registers cache_moves move: those in host
 * registers a call may clobber (r8-r11), those it keeps (rbp, r13). */
enum { CACHE_CALLER = 1, CACHE_CALLEE = 2, CACHE_ALL = 3 };

/* The cached registers of `which` to memory, or from it. */
static void cache_moves(emit *e, int to_mem, int which)
{
    if (!e->hr) return;
    for (unsigned r = 1; r < 32; r++) {
        int h = e->hr[r];
        if (h < 0 || !(which & (h >= 8 && h <= 11 ? CACHE_CALLER : CACHE_CALLEE))) continue;
        if (h >= 8) b1(e, 0x44); /* REX.R */
        b1(e, to_mem ? 0x89 : 0x8b);
        m_reg(e, h & 7, r);
    }
}
/* All the cached registers to memory (every exit), or from it (entry). */
static void cache_move(emit *e, int to_mem)
{
    cache_moves(e, to_mem, CACHE_ALL);
}
/* <op> eax, imm32 (81 /ext) */
static void alu_imm(emit *e, int ext, uint32_t v)
{
    b1(e, 0x81);
    b1(e, (uint8_t)(0xc0 | (ext << 3) | RAX));
    b4(e, v);
}
/* <op> host32, imm32 (81 /ext) on any host register */
static void alu_imm_to(emit *e, int ext, int reg, uint32_t v)
{
    if (reg >= 8) b1(e, 0x41);
    b1(e, 0x81);
    b1(e, (uint8_t)(0xc0 | (ext << 3) | (reg & 7)));
    b4(e, v);
}
/* Where an op that writes x[rd] from x[rs1] (and x[rs2]: rs2 < 0, none)
 * computes: in rd's own host register when it has one and x[rs2] is not
 * it (x[rs1] moved there first, unless it is rd), saving the moves
 * through eax; else in eax (dst_end stores it). */
static int dst_begin(emit *e, unsigned rd, unsigned rs1, int rs2)
{
    int hd = e->hr ? e->hr[rd] : -1;
    if (hd < 0 || (rs2 >= 0 && (unsigned)rs2 == rd && rd != rs1)) {
        op_rm(e, 0, 0x8b, -1, RAX, rs1);
        return RAX;
    }
    if (rd != rs1) op_rm(e, 0, 0x8b, -1, hd, rs1); /* mov hd, x[rs1] */
    return hd;
}
static void dst_end(emit *e, unsigned rd, int reg)
{
    if (reg == RAX) op_rm(e, 0, 0x89, -1, RAX, rd); /* mov x[rd], eax */
}
/* <op> eax, x[r] (opcode: 03 add, 0b or, 23 and, 2b sub, 33 xor, 3b cmp) */
static void alu_reg(emit *e, uint8_t opc, unsigned r)
{
    op_rm(e, 0, opc, -1, RAX, r);
}
/* lea r14, [r14 + d] */
static void add_n(emit *e, int32_t d)
{
    if (!d) return;
    b1(e, 0x4d);
    b1(e, 0x8d);
    b1(e, 0xb6);
    b4(e, (uint32_t)d);
}
/* cmp r14, r15 */
static void cmp_lim(emit *e)
{
    b1(e, 0x4d);
    b1(e, 0x39);
    b1(e, 0xfe);
}
/* mov eax, imm32 */
static void mov_eax(emit *e, uint32_t v)
{
    b1(e, 0xb8);
    b4(e, v);
}
/* jcc rel32 (cc: the second opcode byte, 0x80 | cond), its rel32's position */
static uint8_t *jcc(emit *e, uint8_t cc)
{
    b1(e, 0x0f);
    b1(e, cc);
    uint8_t *at = e->p;
    b4(e, 0);
    return at;
}
static uint8_t *jmp(emit *e)
{
    b1(e, 0xe9);
    uint8_t *at = e->p;
    b4(e, 0);
    return at;
}
static void patch(uint8_t *at, const uint8_t *to)
{
    int32_t rel = (int32_t)(to - (at + 4));
    memcpy(at, &rel, 4);
}

enum {
    CC_E = 0x84,
    CC_NE = 0x85,
    CC_B = 0x82,
    CC_AE = 0x83,
    CC_A = 0x87,
    CC_L = 0x8c,
    CC_GE = 0x8d
};

/* The trampoline: uint32_t enter(const void *code, sim_jit_io *io). */
static uint8_t *emit_trampoline(emit *e, uint8_t **exit)
{
    uint8_t *start = e->p;
    static const uint8_t pro[] = {
        0x53,                         /* push rbx */
        0x55,                         /* push rbp */
        0x41, 0x54,                   /* push r12 */
        0x41, 0x55,                   /* push r13 */
        0x41, 0x56,                   /* push r14 */
        0x41, 0x57,                   /* push r15 */
        0x48, 0x83, 0xec, 0x08,       /* sub rsp, 8: calls from blocks see it 16-aligned */
        0x49, 0x89, 0xf4,             /* mov r12, rsi */
        0x49, 0x8b, 0x1c, 0x24,       /* mov rbx, [r12] */
        0x49, 0x8b, 0x74, 0x24, 0x08, /* mov rsi, [r12 + 8] */
        0x48, 0x89, 0xf8,             /* mov rax, rdi */
        0x49, 0x8b, 0x7c, 0x24, 0x10, /* mov rdi, [r12 + 16] */
        0x4d, 0x8b, 0x74, 0x24, 0x18, /* mov r14, [r12 + 24] */
        0x4d, 0x8b, 0x7c, 0x24, 0x20, /* mov r15, [r12 + 32] */
        0xff, 0xe0,                   /* jmp rax */
    };
    static const uint8_t epi[] = {
        0x4d, 0x89, 0x74, 0x24, 0x18, /* mov [r12 + 24], r14 */
        0x48, 0x83, 0xc4, 0x08,       /* add rsp, 8 */
        0x41, 0x5f,                   /* pop r15 */
        0x41, 0x5e,                   /* pop r14 */
        0x41, 0x5d,                   /* pop r13 */
        0x41, 0x5c,                   /* pop r12 */
        0x5d,                         /* pop rbp */
        0x5b,                         /* pop rbx */
        0xc3,                         /* ret */
    };
    _Static_assert(offsetof(sim_jit_io, x) == 0 && offsetof(sim_jit_io, data) == 8 &&
                       offsetof(sim_jit_io, pf) == 16 && offsetof(sim_jit_io, n) == 24 &&
                       offsetof(sim_jit_io, lim) == 32,
                   "the trampoline's offsets");
    bytes(e, pro, sizeof pro);
    *exit = e->p;
    bytes(e, epi, sizeof epi);
    return start;
}

/* A jump out of line, patched when the block's body is done. */
typedef struct fix {
    uint8_t *at;     /* rel32 to patch */
    uint8_t kind;    /* FX_* */
    uint8_t rs2;     /* FX_REGS: the register stored */
    uint16_t k;      /* the word's position */
    uint32_t target; /* slot */
    uint8_t *back;   /* FX_REGS: where the block goes on */
} fix;
/* to the interpreter at the word; a taken branch; a sw outside memory:
 * a plain device register (sim_bus.regs_plain), else the interpreter */
enum { FX_INTERP, FX_TAKEN, FX_REGS };

typedef struct gen {
    emit e;
    sim_mem *m;
    const sim_hart *h; /* the hart it is compiled for: its registers and window now */
    uint8_t *exit;
    uint32_t s0, len;
    uint8_t *pos[TF_JIT_MAX_WORDS + 1];
    fix fx[2 * TF_JIT_MAX_WORDS];
    int nfx;
} gen;

static fix *fix_add(gen *g, uint8_t *at, int kind, unsigned k, uint32_t target)
{
    fix *f = &g->fx[g->nfx++];
    *f = (fix){.at = at, .kind = (uint8_t)kind, .k = (uint16_t)k, .target = target};
    return f;
}

/* eax = off = x[rs1] + imm - base; out of line (kind: FX_INTERP or
 * FX_REGS) at word k when off > max */
static fix *addr_check(gen *g, unsigned k, unsigned rs1, int32_t imm, uint32_t max, int kind)
{
    emit *e = &g->e;
    ld(e, RAX, rs1);
    alu_imm(e, 0, (uint32_t)imm - g->m->base);
    b1(e, 0x3d); /* cmp eax, imm32 */
    b4(e, max);
    return fix_add(g, jcc(e, CC_A), kind, k, g->s0 + k);
}

/* Out of the block to the interpreter at word k, registers written back. */
static void exit_interp(gen *g, unsigned k)
{
    cache_move(&g->e, 1);
    add_n(&g->e, (int32_t)k);
    mov_eax(&g->e, ((g->s0 + k) << 2) | TF_JIT_INTERP);
    patch(jmp(&g->e), g->exit);
}

/* 64-bit <op> reg, [base + d] with a 32-bit displacement (base: rax, rdx;
 * reg < 8), REX.W: 0x8b mov, 0x89 mov into memory, 0x8d lea */
static void op_d32(emit *e, uint8_t opc, int reg, int base, uint32_t d)
{
    b1(e, 0x48);
    b1(e, opc);
    b1(e, (uint8_t)(0x80 | (reg << 3) | base));
    b4(e, d);
}

/* mov reg32, the register word: idx, or (idx < 0) the one kept at [rsp + 4] */
static void word_arg(emit *e, int reg, int idx)
{
    if (idx < 0) {
        b1(e, 0x8b); /* mov reg, [rsp + 4] */
        b1(e, (uint8_t)(0x44 | (reg << 3)));
        b1(e, 0x24);
        b1(e, 0x04);
    } else {
        b1(e, (uint8_t)(0xb8 + reg)); /* mov reg, idx */
        b4(e, (uint32_t)idx);
    }
}

/* The call of a sw to a device register with a call at word k (its word
 * idx of the window, or idx < 0: in ecx), as the interpreter's L_SW_REGS
 * makes it: the cached registers the call may clobber to memory (r8-r11;
 * rbp and r13 it keeps), the hart's instret and pc (SYNC),
 * sim_bus.call(ctx, h, idx, x[rs2]); on TF_BUS_OK and no code written,
 * the limit again (RELIMIT, into r15), those registers back and on into
 * the block at `back` (NULL: the jump is returned, to be patched); else
 * out, every cached register in memory: the interpreter finishes the
 * access (TF_JIT_SLOW, sim_hart_jit_store_result), or goes on after it
 * (code was written: its words may be this block's). A `quiet` call
 * (sim_bus.regs_call_quiet: idx is one, checked by the caller) writes no
 * memory and leaves the clock alone when it answers OK: no code to look
 * for, and the limit is what it was (RELIMIT would give r15 its value
 * again, or n where it is already past: the next taken jump stops the
 * block either way). */
static uint8_t *emit_store_call(gen *g, unsigned k, unsigned rs2, int idx, int quiet,
                                const uint8_t *back, uint8_t fn_at)
{
    emit *e = &g->e;
    _Static_assert(offsetof(sim_jit_io, h) == 48 && offsetof(sim_jit_io, cycle_limit) == 56,
                   "io->h, io->cycle_limit");
    _Static_assert(offsetof(sim_bus, ctx) < 128 && offsetof(sim_bus, call) < 128 &&
                       offsetof(sim_bus, call_far) < 128,
                   "sim_bus fields at 8-bit displacements");
    uint32_t slot = g->s0 + k;
    if (idx < 0) {
        b1(e, 0x89); /* mov [rsp + 4], ecx: the word, kept across what follows */
        b1(e, 0x4c);
        b1(e, 0x24);
        b1(e, 0x04);
    }
    cache_moves(e, 1, CACHE_CALLER);
    static const uint8_t get_h[] = {0x49, 0x8b, 0x44, 0x24, 0x30}; /* mov rax, [r12 + 48] */
    bytes(e, get_h, sizeof get_h);
    static const uint8_t lea_n[] = {0x49, 0x8d, 0x96}; /* lea rdx, [r14 + k] */
    bytes(e, lea_n, sizeof lea_n);
    b4(e, k);
    op_d32(e, 0x89, RDX, RAX, (uint32_t)offsetof(sim_hart, instret)); /* SYNC: instret, */
    b1(e, 0xc7); /* mov dword [rax + pc], the word's address */
    b1(e, 0x80);
    b4(e, (uint32_t)offsetof(sim_hart, pc));
    b4(e, g->m->base + 4 * slot);
    static const uint8_t args[] = {
        0x48, 0x89, 0xc6,             /* mov rsi, rax: h */
        0x49, 0x8b, 0x44, 0x24, 0x28, /* mov rax, [r12 + 40]: the bus */
    };
    bytes(e, args, sizeof args);
    b1(e, 0x48); /* mov rdi, [rax + ctx] */
    b1(e, 0x8b);
    b1(e, 0x78);
    b1(e, (uint8_t)offsetof(sim_bus, ctx));
    word_arg(e, RDX, idx);
    ld(e, RCX, rs2);
    uint64_t ep = (uint64_t)(uintptr_t)&g->m->code_epoch;
    if (!quiet) {
        static const uint8_t epoch_at[] = {0x49, 0xb8}; /* mov r8, &code_epoch (r8: written back) */
        bytes(e, epoch_at, sizeof epoch_at);
        bytes(e, &ep, 8);
        static const uint8_t keep[] = {
            0x45, 0x8b, 0x00,       /* mov r8d, [r8] */
            0x44, 0x89, 0x04, 0x24, /* mov [rsp], r8d: the epoch now */
        };
        bytes(e, keep, sizeof keep);
    }
    b1(e, 0xff); /* call [rax + fn_at]: call, or call_far */
    b1(e, 0x50);
    b1(e, fn_at);
    b1(e, 0x85); /* test eax, eax */
    b1(e, 0xc0);
    uint8_t *failed = jcc(e, CC_NE), *wrote = NULL;
    if (!quiet) {
        b1(e, 0x48); /* mov rdx, &code_epoch */
        b1(e, 0xba);
        bytes(e, &ep, 8);
        static const uint8_t cmp_epoch[] = {
            0x8b, 0x12,       /* mov edx, [rdx] */
            0x3b, 0x14, 0x24, /* cmp edx, [rsp] */
        };
        bytes(e, cmp_epoch, sizeof cmp_epoch);
        wrote = jcc(e, CC_NE);
        /* RELIMIT: r15 = n + cyc_extra < cycle_limit ? cycle_limit - cyc_extra : n */
        bytes(e, get_h, sizeof get_h);
        op_d32(e, 0x8b, RDX, RAX, (uint32_t)offsetof(sim_hart, cyc_extra));
        static const uint8_t lea_nc[] = {0x49, 0x8d, 0x8e}; /* lea rcx, [r14 + k] */
        bytes(e, lea_nc, sizeof lea_nc);
        b4(e, k);
        static const uint8_t relimit[] = {
            0x4d, 0x8b, 0x7c, 0x24, 0x38, /* mov r15, [r12 + 56] */
            0x48, 0x8d, 0x04, 0x11,       /* lea rax, [rcx + rdx] */
            0x4c, 0x39, 0xf8,             /* cmp rax, r15 */
            0x73, 0x05,                   /* jae +5 */
            0x49, 0x29, 0xd7,             /* sub r15, rdx */
            0xeb, 0x03,                   /* jmp +3 */
            0x49, 0x89, 0xcf,             /* mov r15, rcx */
        };
        bytes(e, relimit, sizeof relimit);
    }
    static const uint8_t mem_pf[] = {
        0x49, 0x8b, 0x74, 0x24, 0x08, /* mov rsi, [r12 + 8] */
        0x49, 0x8b, 0x7c, 0x24, 0x10, /* mov rdi, [r12 + 16] */
    };
    bytes(e, mem_pf, sizeof mem_pf);
    cache_moves(e, 0, CACHE_CALLER);
    uint8_t *on = jmp(e);
    if (back) patch(on, back);
    /* out, the registers in memory (those the call kept, too): what the
     * result makes of the access */
    patch(failed, e->p);
    cache_moves(e, 1, CACHE_CALLEE);
    static const uint8_t res[] = {
        0x4c, 0x89, 0xe7, /* mov rdi, r12 */
        0x89, 0xc6,       /* mov esi, eax: the result */
    };
    bytes(e, res, sizeof res);
    b1(e, 0xba); /* mov edx, slot */
    b4(e, slot);
    word_arg(e, RCX, idx);
    b1(e, 0x48); /* mov rax, imm64 */
    b1(e, 0xb8);
    uint64_t fn = (uint64_t)(uintptr_t)&sim_hart_jit_store_result;
    bytes(e, &fn, 8);
    b1(e, 0xff); /* call rax */
    b1(e, 0xd0);
    if (wrote) {
        uint8_t *out = jmp(e);
        patch(wrote, e->p); /* code written: the interpreter goes on after the store */
        cache_moves(e, 1, CACHE_CALLEE);
        mov_eax(e, (slot << 2) | TF_JIT_SLOW);
        patch(out, e->p);
    }
    add_n(e, (int32_t)k);
    patch(jmp(e), g->exit);
    return back ? NULL : on;
}

/* mov rdx, io->bus (its offsets: emit_regs_store's asserts) */
static void load_bus(emit *e)
{
    static const uint8_t bus[] = {0x49, 0x8b, 0x54, 0x24, 0x28}; /* mov rdx, [r12 + 40] */
    bytes(e, bus, sizeof bus);
}

/* Out (the jump returned) when bit ecx of the sim_bus mask at `field`
 * (rdx: the bus) is clear; rdx is the mask after it. */
static uint8_t *mask_bit_clear(emit *e, uint8_t field)
{
    b1(e, 0x8b); /* mov edx, [rdx + field] */
    b1(e, 0x52);
    b1(e, field);
    b1(e, 0x0f); /* bt edx, ecx */
    b1(e, 0xa3);
    b1(e, 0xca);
    return jcc(e, CC_AE);
}

/* A plain word's store (rax: its byte offset in the block whose words
 * sim_bus field `words` points at): the register's value there, then back
 * into the block. */
static void plain_word_store(gen *g, const fix *f, uint8_t words)
{
    emit *e = &g->e;
    load_bus(e);
    b1(e, 0x48); /* mov rdx, [rdx + words] */
    b1(e, 0x8b);
    b1(e, 0x52);
    b1(e, words);
    ld(e, RCX, f->rs2);
    b1(e, 0x89); /* mov [rdx + rax], ecx */
    b1(e, 0x0c);
    b1(e, 0x02);
    patch(jmp(e), f->back);
}

/* A sw whose address (eax: its offset from memory's base) is not in
 * memory: to a plain word of the hart's device register window as the
 * interpreter's L_SW_REGS stores it (sim_bus.regs_plain is read here, at
 * the store: the chip changes it while a RISC waits), then back into the
 * block; to a register with a call, emit_store_call; anything else (the
 * bus) the interpreter does at word k. */
static void emit_regs_store(gen *g, const fix *f)
{
    emit *e = &g->e;
    _Static_assert(offsetof(sim_jit_io, bus) == 40, "io->bus");
    _Static_assert(offsetof(sim_bus, regs_base) < 128 && offsetof(sim_bus, regs_plain) < 128 &&
                       offsetof(sim_bus, regs) < 128 && offsetof(sim_bus, regs_call) < 128 &&
                       offsetof(sim_bus, regs2_base) < 128 &&
                       offsetof(sim_bus, regs2_plain) < 128 && offsetof(sim_bus, regs2) < 128,
                   "sim_bus fields at 8-bit displacements");
    load_bus(e);
    b1(e, 0x05); /* add eax, base: the address */
    b4(e, g->m->base);
    b1(e, 0x2b); /* sub eax, [rdx + regs_base]: k */
    b1(e, 0x42);
    b1(e, (uint8_t)offsetof(sim_bus, regs_base));
    b1(e, 0x83); /* cmp eax, TF_BUS_REGS_BYTES - 4 */
    b1(e, 0xf8);
    b1(e, (uint8_t)(TF_BUS_REGS_BYTES - 4));
    uint8_t *out1 = jcc(e, CC_A);
    b1(e, 0xa8); /* test al, 3 */
    b1(e, 0x03);
    uint8_t *out2 = jcc(e, CC_NE);
    static const uint8_t idx[] = {0x89, 0xc1, 0xc1, 0xe9, 0x02}; /* mov ecx, eax; shr ecx, 2 */
    bytes(e, idx, sizeof idx);
    uint8_t *out3 = mask_bit_clear(e, (uint8_t)offsetof(sim_bus, regs_plain));
    plain_word_store(g, f, (uint8_t)offsetof(sim_bus, regs));
    /* a register with a call (a NOC command, a tile-engine command):
     * made here as the interpreter makes it, and the block goes on after it */
    patch(out3, e->p);
    load_bus(e);
    uint8_t *out4 = mask_bit_clear(e, (uint8_t)offsetof(sim_bus, regs_call));
    emit_store_call(g, f->k, f->rs2, -1, 0, f->back, (uint8_t)offsetof(sim_bus, call));
    /* outside the window (rdx: the bus), as the interpreter's L_SW makes
     * an aligned word there: a plain word of the second block straight
     * into sim_bus.regs2, else sim_bus.call_far (the chip's tile-engine
     * arguments and command: a compute kernel stores them every few words,
     * and its blocks would leave there) */
    patch(out1, e->p);
    b1(e, 0x03); /* add eax, [rdx + regs_base]: the address */
    b1(e, 0x42);
    b1(e, (uint8_t)offsetof(sim_bus, regs_base));
    b1(e, 0xa8); /* test al, 3 */
    b1(e, 0x03);
    uint8_t *out5 = jcc(e, CC_NE);
    b1(e, 0x2b); /* sub eax, [rdx + regs2_base]: k2 */
    b1(e, 0x42);
    b1(e, (uint8_t)offsetof(sim_bus, regs2_base));
    b1(e, 0x83); /* cmp eax, TF_BUS_REGS_BYTES - 4 */
    b1(e, 0xf8);
    b1(e, (uint8_t)(TF_BUS_REGS_BYTES - 4));
    uint8_t *far1 = jcc(e, CC_A);
    bytes(e, idx, sizeof idx);
    uint8_t *far2 = mask_bit_clear(e, (uint8_t)offsetof(sim_bus, regs2_plain));
    plain_word_store(g, f, (uint8_t)offsetof(sim_bus, regs2));
    patch(far2, e->p);
    load_bus(e);
    patch(far1, e->p);
    b1(e, 0x03); /* add eax, [rdx + regs2_base]: the address again */
    b1(e, 0x42);
    b1(e, (uint8_t)offsetof(sim_bus, regs2_base));
    b1(e, 0x2b); /* sub eax, [rdx + regs_base] */
    b1(e, 0x42);
    b1(e, (uint8_t)offsetof(sim_bus, regs_base));
    b1(e, 0x48); /* cmp qword [rdx + call_far], 0 */
    b1(e, 0x83);
    b1(e, 0x7a);
    b1(e, (uint8_t)offsetof(sim_bus, call_far));
    b1(e, 0x00);
    uint8_t *out6 = jcc(e, CC_E);
    bytes(e, idx, sizeof idx); /* ecx: k = (address - regs_base) >> 2 */
    emit_store_call(g, f->k, f->rs2, -1, 0, f->back, (uint8_t)offsetof(sim_bus, call_far));
    patch(out2, e->p);
    patch(out4, e->p);
    patch(out5, e->p);
    patch(out6, e->p);
    exit_interp(g, f->k);
}

/* The page flags of off and off + last (eax: off) all zero, else the
 * interpreter at word k. */
static void page_check(gen *g, unsigned k, unsigned last)
{
    emit *e = &g->e;
    static const uint8_t first[] = {
        0x89, 0xc1,       /* mov ecx, eax */
        0xc1, 0xe9, 0x0c, /* shr ecx, 12 */
        0x8a, 0x14, 0x0f, /* mov dl, [rdi + rcx] */
    };
    bytes(e, first, sizeof first);
    if (last) {
        static const uint8_t more[] = {
            0xc1, 0xe9, 0x0c, /* shr ecx, 12 */
            0x0a, 0x14, 0x0f, /* or dl, [rdi + rcx] */
        };
        b1(e, 0x8d); /* lea ecx, [rax + last] */
        b1(e, 0x48);
        b1(e, (uint8_t)last);
        bytes(e, more, sizeof more);
    } else {
        b1(e, 0x84); /* test dl, dl */
        b1(e, 0xd2);
    }
    fix_add(g, jcc(e, CC_NE), FX_INTERP, k, g->s0 + k);
}

/* The guest ops a block compiles. */
static int compiles(int op)
{
    switch (op) {
    case TF_OP_LUI:
    case TF_OP_AUIPC:
    case TF_OP_JAL:
    case TF_OP_JALR:
    case TF_OP_BEQ:
    case TF_OP_BNE:
    case TF_OP_BLT:
    case TF_OP_BGE:
    case TF_OP_BLTU:
    case TF_OP_BGEU:
    case TF_OP_LB:
    case TF_OP_LH:
    case TF_OP_LW:
    case TF_OP_LBU:
    case TF_OP_LHU:
    case TF_OP_SB:
    case TF_OP_SH:
    case TF_OP_SW:
    case TF_OP_ADDI:
    case TF_OP_SLTI:
    case TF_OP_SLTIU:
    case TF_OP_XORI:
    case TF_OP_ORI:
    case TF_OP_ANDI:
    case TF_OP_SLLI:
    case TF_OP_SRLI:
    case TF_OP_SRAI:
    case TF_OP_ADD:
    case TF_OP_SUB:
    case TF_OP_SLL:
    case TF_OP_SLT:
    case TF_OP_SLTU:
    case TF_OP_XOR:
    case TF_OP_SRL:
    case TF_OP_SRA:
    case TF_OP_OR:
    case TF_OP_AND:
    case TF_OP_MUL:
    case TF_OP_MULH:
    case TF_OP_MULHSU:
    case TF_OP_MULHU:
    case TF_OP_DIV:
    case TF_OP_DIVU:
    case TF_OP_REM:
    case TF_OP_REMU:
    case TF_OP_NOP:
    case TF_OP_FENCE:
    case TF_OP_FENCE_I: return 1;
    default: return 0;
    }
}

/* x[rd] = x[rs1] < (imm, or x[b]), signed or not */
static void set_less(emit *e, unsigned rd, unsigned rs1, int is_imm, uint32_t b, int sgn)
{
    b1(e, 0x31); /* xor edx, edx */
    b1(e, 0xd2);
    ld(e, RAX, rs1);
    if (is_imm)
        alu_imm(e, 7, b); /* cmp eax, imm */
    else
        alu_reg(e, 0x3b, b); /* cmp eax, x[b] */
    b1(e, 0x0f);
    b1(e, sgn ? 0x9c : 0x92); /* setl / setb dl */
    b1(e, 0xc2);
    st(e, rd, RDX);
}

/* x[rd] = x[rs1] shifted (modrm: 0xe0 shl, 0xe8 shr, 0xf8 sar) by an
 * immediate or by x[b] (the host masks cl to 5 bits, as RISC-V does) */
static void shift(emit *e, unsigned rd, unsigned rs1, uint8_t modrm, int by_reg, uint32_t b)
{
    if (by_reg) ld(e, RCX, b); /* first: rd's register may be x[b]'s */
    int d = dst_begin(e, rd, rs1, -1);
    if (d >= 8) b1(e, 0x41);
    b1(e, by_reg ? 0xd3 : 0xc1); /* <shift> d, cl / imm8 */
    b1(e, (uint8_t)(modrm | (d & 7)));
    if (!by_reg) b1(e, (uint8_t)(b & 31));
    dst_end(e, rd, d);
}

/* A run of sw from word k on that store, by the registers' values now,
 * to device register words: their base register, its value now, and per
 * store the word (idx) it hits. Consecutive sw with one base register,
 * plain words (sim_bus.regs_plain), then at most one word with a call
 * (regs_call), which ends it. Returns the run's length, 0: none. */
typedef struct dev_run {
    unsigned rs1, n, call; /* call: the last store is a register with a call */
    unsigned quiet;        /* and a quiet one (sim_bus.regs_call_quiet) */
    uint32_t val, base;    /* x[rs1] and the window's base now */
    uint8_t idx[TF_JIT_MAX_WORDS];
} dev_run;

static unsigned dev_run_at(const gen *g, unsigned k, const int *ops, const cm_slot *sl, dev_run *d)
{
    const sim_bus *b = &g->h->bus;
    if (g->m->jit_no_guess || !b->regs || ops[k] != TF_OP_SW) return 0;
    d->rs1 = sl[k].rs1;
    d->val = g->h->x[d->rs1];
    d->base = b->regs_base;
    d->n = d->call = d->quiet = 0;
    for (unsigned j = k; j < g->len && ops[j] == TF_OP_SW && sl[j].rs1 == d->rs1; j++) {
        uint32_t off = d->val + (uint32_t)sl[j].imm - d->base;
        if (off > TF_BUS_REGS_BYTES - 4 || (off & 3)) break;
        uint32_t bit = 1u << (off >> 2);
        if (!(b->regs_plain & bit) && !(b->regs_call & bit)) break;
        d->idx[d->n++] = (uint8_t)(off >> 2);
        if (!(b->regs_plain & bit)) {
            d->call = 1;
            d->quiet = (b->regs_call & b->regs_call_quiet & bit) != 0;
            break;
        }
    }
    return d->n;
}

/* mov [rdx + d], x[r] (d < 128) */
static void st_rdx(emit *e, uint32_t d, unsigned r)
{
    int h = e->hr ? e->hr[r] : -1;
    if (!r) {
        b1(e, 0xc7); /* mov dword [rdx + d], 0 */
        b1(e, 0x42);
        b1(e, (uint8_t)d);
        b4(e, 0);
        return;
    }
    if (h < 0) {
        ld(e, RCX, r);
        h = RCX;
    }
    if (h >= 8) b1(e, 0x44);
    b1(e, 0x89);
    b1(e, (uint8_t)(0x42 | ((h & 7) << 3)));
    b1(e, (uint8_t)d);
}

/* The run d at word k as the values now say: the window's base and the
 * base register the same as now, the plain words plain still and the
 * call's word still one with a call, a quiet one quiet still (quiet
 * calls are calls: sim_bus) (else on at `fail`, the run's words
 * compiled one by one, the interpreter's way); then the stores straight
 * to sim_bus.regs and the call. Returns where the code after the run is
 * to be patched in (the jumps to it: *after, *after_call). */
static void emit_dev_run(gen *g, unsigned k, const dev_run *d, const cm_slot *sl, uint8_t **after,
                         uint8_t **after_call)
{
    emit *e = &g->e;
    uint8_t *fail[4];
    int nf = 0;
    load_bus(e);
    b1(e, 0x81); /* cmp dword [rdx + regs_base], base */
    b1(e, 0x7a);
    b1(e, (uint8_t)offsetof(sim_bus, regs_base));
    b4(e, d->base);
    fail[nf++] = jcc(e, CC_NE);
    op_rm(e, 0, 0x81, -1, 7, d->rs1); /* cmp x[rs1], val */
    b4(e, d->val);
    fail[nf++] = jcc(e, CC_NE);
    uint32_t plain = 0;
    for (unsigned j = 0; j + d->call < d->n; j++) plain |= 1u << d->idx[j];
    uint32_t want = plain | (d->call ? 1u << d->idx[d->n - 1] : 0);
    /* the plain ones plain, the call's word not plain: regs_plain & want == plain */
    b1(e, 0x8b); /* mov ecx, [rdx + regs_plain] */
    b1(e, 0x4a);
    b1(e, (uint8_t)offsetof(sim_bus, regs_plain));
    b1(e, 0x81); /* and ecx, want */
    b1(e, 0xe1);
    b4(e, want);
    b1(e, 0x81); /* cmp ecx, plain */
    b1(e, 0xf9);
    b4(e, plain);
    fail[nf++] = jcc(e, CC_NE);
    if (d->call) {
        /* the word's bit in regs_call (and, compiled quiet, in regs_call_quiet
         * too: a quiet bit outside regs_call is no call, as the interpreter
         * sees it) */
        _Static_assert(offsetof(sim_bus, regs_call_quiet) < 128, "an 8-bit displacement");
        b1(e, 0x8b); /* mov ecx, [rdx + regs_call] */
        b1(e, 0x4a);
        b1(e, (uint8_t)offsetof(sim_bus, regs_call));
        if (d->quiet) {
            b1(e, 0x23); /* and ecx, [rdx + regs_call_quiet] */
            b1(e, 0x4a);
            b1(e, (uint8_t)offsetof(sim_bus, regs_call_quiet));
        }
        b1(e, 0xf7); /* test ecx, bit */
        b1(e, 0xc1);
        b4(e, 1u << d->idx[d->n - 1]);
        fail[nf++] = jcc(e, CC_E);
    }
    if (plain) {
        b1(e, 0x48); /* mov rdx, [rdx + regs] */
        b1(e, 0x8b);
        b1(e, 0x52);
        b1(e, (uint8_t)offsetof(sim_bus, regs));
        for (unsigned j = 0; j + d->call < d->n; j++) st_rdx(e, 4u * d->idx[j], sl[k + j].rs2);
    }
    *after_call = NULL;
    if (d->call) {
        unsigned kc = k + d->n - 1;
        *after_call = emit_store_call(g, kc, sl[kc].rs2, d->idx[d->n - 1], d->quiet, NULL,
                                      (uint8_t)offsetof(sim_bus, call));
        *after = NULL;
    } else {
        *after = jmp(e);
    }
    for (int i = 0; i < nf; i++) patch(fail[i], e->p);
}

/* On from an exit to slot t (registers written back, r14 at t's first
 * word, within the limit, eax = t << 2) straight into t's compiled block
 * when it is proven (TF_JIT_TRIAL entries: in the hot table) and the slot
 * is still its entry (a write into the block, or one the interpreter
 * decodes again, changes slots[t].h first): the checks L_JIT makes before
 * it enters it, without going out through the trampoline and back in
 * (which costs about as much as interpreting TF_JIT_MIN_RUN words). Else
 * out to the interpreter's dispatch with eax as it is. Mixwork's loops of
 * calls and short blocks: 2300 -> 3450 guest MIPS (docs/simulator.md). */
static void emit_chain(gen *g, uint32_t t)
{
    emit *e = &g->e;
    sim_jit *j = g->m->jit;
    _Static_assert(offsetof(cm_slot, h) == 0 && offsetof(sim_jit_hot, slot) == 0 &&
                       offsetof(sim_jit_hot, code) == 8,
                   "the chain's loads");
    uint64_t at = (uint64_t)(uintptr_t)&g->m->slots[t].h;
    b1(e, 0x48); /* mov rdx, &slots[t].h */
    b1(e, 0xba);
    bytes(e, &at, 8);
    b1(e, 0x81); /* cmp dword [rdx], h_jit */
    b1(e, 0x3a);
    b4(e, (uint32_t)j->h_jit);
    patch(jcc(e, CC_NE), g->exit);
    at = (uint64_t)(uintptr_t)&j->hot[sim_jit_hot_index(t)];
    b1(e, 0x48); /* mov rdx, &hot[sim_jit_hot_index(t)] */
    b1(e, 0xba);
    bytes(e, &at, 8);
    b1(e, 0x81); /* cmp dword [rdx], t + 1 */
    b1(e, 0x3a);
    b4(e, t + 1);
    patch(jcc(e, CC_NE), g->exit);
    b1(e, 0xff); /* jmp [rdx + 8]: its code */
    b1(e, 0x62);
    b1(e, 0x08);
}

/* emit_chain to the slot whose offset is in eax (a jalr's target, within
 * memory: rax is that 32-bit offset, zero-extended), the same checks. */
static void emit_chain_to(gen *g)
{
    emit *e = &g->e;
    sim_jit *j = g->m->jit;
    _Static_assert(sizeof(cm_slot) == 16 && sizeof(sim_jit_hot) == 16 && TF_JIT_HOT_SLOTS == 256,
                   "the chain's scaled indexes: slot s at 4 x its offset, its hot entry at 16 x "
                   "sim_jit_hot_index(s), s % 256");
    uint64_t at = (uint64_t)(uintptr_t)g->m->slots;
    b1(e, 0x48); /* mov rcx, slots */
    b1(e, 0xb9);
    bytes(e, &at, 8);
    static const uint8_t cmp_h[] = {0x81, 0x3c, 0x81}; /* cmp dword [rcx + 4 rax], h_jit */
    bytes(e, cmp_h, sizeof cmp_h);
    b4(e, (uint32_t)j->h_jit);
    patch(jcc(e, CC_NE), g->exit);
    static const uint8_t idx[] = {
        0x89, 0xc2,                         /* mov edx, eax */
        0x81, 0xe2, 0xfc, 0x03, 0x00, 0x00, /* and edx, 0x3fc: 4 sim_jit_hot_index(s) */
        0xc1, 0xe2, 0x02,                   /* shl edx, 2 */
    };
    bytes(e, idx, sizeof idx);
    at = (uint64_t)(uintptr_t)j->hot;
    b1(e, 0x48); /* mov rcx, hot */
    b1(e, 0xb9);
    bytes(e, &at, 8);
    static const uint8_t hit[] = {
        0x48, 0x01, 0xca, /* add rdx, rcx: its hot entry */
        0x89, 0xc1,       /* mov ecx, eax */
        0xc1, 0xe9, 0x02, /* shr ecx, 2 */
        0xff, 0xc1,       /* inc ecx: s + 1 */
        0x39, 0x0a,       /* cmp [rdx], ecx */
    };
    bytes(e, hit, sizeof hit);
    patch(jcc(e, CC_NE), g->exit);
    b1(e, 0xff); /* jmp [rdx + 8]: its code */
    b1(e, 0x62);
    b1(e, 0x08);
}

/* Out of the block to the slot whose offset is the exit code in eax
 * (slot t's, or with t TF_JIT_SLOT_IN_EAX a jalr's computed one), the
 * registers written back and r14 at that slot's first word: on into its
 * block (emit_chain, emit_chain_to) while the limit is not reached, else
 * out with TF_JIT_LIMIT. */
#define TF_JIT_SLOT_IN_EAX UINT32_MAX
static void emit_leave(gen *g, uint32_t t)
{
    emit *e = &g->e;
    cmp_lim(e);
    uint8_t *lim = jcc(e, CC_AE);
    if (t == TF_JIT_SLOT_IN_EAX)
        emit_chain_to(g);
    else
        emit_chain(g, t);
    patch(lim, e->p);
    b1(e, 0x83); /* or eax, 1 */
    b1(e, 0xc8);
    b1(e, TF_JIT_LIMIT);
    patch(jmp(e), g->exit);
}

/* A taken jump from word k to slot t: instret + 1, then the limit, then
 * on inside the block or out to the next block (emit_leave). */
static void emit_taken(gen *g, unsigned k, uint32_t t)
{
    emit *e = &g->e;
    add_n(e, (int32_t)k + 1);
    if (t >= g->s0 && t < g->s0 + g->len) {
        cmp_lim(e);
        uint8_t *lim = jcc(e, CC_AE);
        add_n(e, -(int32_t)(t - g->s0));
        patch(jmp(e), g->pos[t - g->s0]);
        patch(lim, e->p);
        cache_move(e, 1);
        mov_eax(e, (t << 2) | TF_JIT_LIMIT);
        patch(jmp(e), g->exit);
        return;
    }
    cache_move(e, 1);
    mov_eax(e, t << 2);
    emit_leave(g, t);
}

/* Word k (slot s0 + k, decoded as sl/op). Returns 1 when the block ends
 * after it. */
static int emit_word(gen *g, unsigned k, int op, const cm_slot *sl, uint32_t t)
{
    emit *e = &g->e;
    const sim_mem *m = g->m;
    unsigned rd = sl->rd, rs1 = sl->rs1, rs2 = sl->rs2;
    uint32_t imm = (uint32_t)sl->imm;
    switch (op) {
    case TF_OP_NOP:
    case TF_OP_FENCE:
    case TF_OP_FENCE_I: return 0;
    case TF_OP_LUI:
    case TF_OP_AUIPC: st_imm(e, rd, imm); return 0;
    case TF_OP_ADDI:
    case TF_OP_XORI:
    case TF_OP_ORI:
    case TF_OP_ANDI: {
        int x = op == TF_OP_ADDI ? 0 : op == TF_OP_XORI ? 6 : op == TF_OP_ORI ? 1 : 4;
        int d = dst_begin(e, rd, rs1, -1);
        alu_imm_to(e, x, d, imm);
        dst_end(e, rd, d);
        return 0;
    }
    case TF_OP_SLTI:
    case TF_OP_SLTIU: set_less(e, rd, rs1, 1, imm, op == TF_OP_SLTI); return 0;
    case TF_OP_SLLI:
    case TF_OP_SRLI:
    case TF_OP_SRAI:
        shift(e, rd, rs1, op == TF_OP_SLLI ? 0xe0 : op == TF_OP_SRLI ? 0xe8 : 0xf8, 0, imm);
        return 0;
    case TF_OP_ADD:
    case TF_OP_SUB:
    case TF_OP_XOR:
    case TF_OP_OR:
    case TF_OP_AND: {
        int d = dst_begin(e, rd, rs1, (int)rs2);
        op_rm(e, 0,
              op == TF_OP_ADD   ? 0x03
              : op == TF_OP_SUB ? 0x2b
              : op == TF_OP_XOR ? 0x33
              : op == TF_OP_OR  ? 0x0b
                                : 0x23,
              -1, d, rs2); /* <op> d, x[rs2] */
        dst_end(e, rd, d);
        return 0;
    }
    case TF_OP_SLT:
    case TF_OP_SLTU: set_less(e, rd, rs1, 0, rs2, op == TF_OP_SLT); return 0;
    case TF_OP_SLL:
    case TF_OP_SRL:
    case TF_OP_SRA:
        shift(e, rd, rs1, op == TF_OP_SLL ? 0xe0 : op == TF_OP_SRL ? 0xe8 : 0xf8, 1, rs2);
        return 0;
    case TF_OP_MUL: {
        int d = dst_begin(e, rd, rs1, (int)rs2);
        op_rm(e, 0, 0x0f, 0xaf, d, rs2); /* imul d, x[rs2] */
        dst_end(e, rd, d);
        return 0;
    }
    case TF_OP_MULH:
    case TF_OP_MULHSU:
    case TF_OP_MULHU:
        /* 64-bit products of the sign- or zero-extended operands (exact:
         * below 2^63 in magnitude), high half */
        if (op == TF_OP_MULHU) {
            ld(e, RAX, rs1);
        } else {
            op_rm(e, 1, 0x63, -1, RAX, rs1); /* movsxd rax, x[rs1] */
        }
        if (op == TF_OP_MULH) {
            op_rm(e, 1, 0x63, -1, RCX, rs2); /* movsxd rcx, x[rs2] */
        } else {
            ld(e, RCX, rs2);
        }
        b1(e, 0x48); /* imul rax, rcx */
        b1(e, 0x0f);
        b1(e, 0xaf);
        b1(e, 0xc1);
        b1(e, 0x48); /* shr rax, 32 */
        b1(e, 0xc1);
        b1(e, 0xe8);
        b1(e, 32);
        st(e, rd, RAX);
        return 0;
    case TF_OP_DIV:
    case TF_OP_DIVU:
    case TF_OP_REM:
    case TF_OP_REMU: {
        /* RISC-V's results where the host's divide would trap: x / 0 is
         * all ones and x % 0 is x; INT_MIN / -1 is INT_MIN, % is 0 */
        int rem = op == TF_OP_REM || op == TF_OP_REMU, sgn = op == TF_OP_DIV || op == TF_OP_REM;
        ld(e, RAX, rs1);
        ld(e, RCX, rs2);
        b1(e, 0x85); /* test ecx, ecx */
        b1(e, 0xc9);
        b1(e, 0x74); /* jz zero */
        uint8_t *jz = e->p++;
        uint8_t *jov = NULL;
        if (sgn) {
            b1(e, 0x83); /* cmp ecx, -1 */
            b1(e, 0xf9);
            b1(e, 0xff);
            b1(e, 0x75); /* jne go */
            uint8_t *jne = e->p++;
            b1(e, 0x3d); /* cmp eax, INT_MIN */
            b4(e, 0x80000000u);
            b1(e, 0x74); /* je overflow */
            jov = e->p++;
            *jne = (uint8_t)(e->p - (jne + 1));
            b1(e, 0x99); /* cdq */
            b1(e, 0xf7); /* idiv ecx */
            b1(e, 0xf9);
        } else {
            b1(e, 0x31); /* xor edx, edx */
            b1(e, 0xd2);
            b1(e, 0xf7); /* div ecx */
            b1(e, 0xf1);
        }
        if (rem) {
            b1(e, 0x89); /* mov eax, edx */
            b1(e, 0xd0);
        }
        b1(e, 0xeb); /* jmp done */
        uint8_t *jd = e->p++;
        *jz = (uint8_t)(e->p - (jz + 1));
        if (!rem) {      /* x / 0: all ones; x % 0: x (still in eax) */
            b1(e, 0x83); /* or eax, -1 */
            b1(e, 0xc8);
            b1(e, 0xff);
        }
        if (jov) {
            b1(e, 0xeb); /* jmp done */
            uint8_t *jd2 = e->p++;
            *jov = (uint8_t)(e->p - (jov + 1));
            if (rem) {       /* INT_MIN % -1 = 0; INT_MIN / -1 = INT_MIN (in eax) */
                b1(e, 0x31); /* xor eax, eax */
                b1(e, 0xc0);
            }
            *jd2 = (uint8_t)(e->p - (jd2 + 1));
        }
        *jd = (uint8_t)(e->p - (jd + 1));
        st(e, rd, RAX);
        return 0;
    }
    case TF_OP_LB:
    case TF_OP_LBU:
    case TF_OP_LH:
    case TF_OP_LHU:
    case TF_OP_LW: {
        uint32_t max = op == TF_OP_LW                      ? m->size - 4
                       : op == TF_OP_LH || op == TF_OP_LHU ? m->size - 2
                                                           : m->size - 1;
        addr_check(g, k, rs1, (int32_t)imm, max, FX_INTERP);
        /* ecx = [rsi + rax], extended as the op says */
        if (op == TF_OP_LW) {
            b1(e, 0x8b);
        } else {
            b1(e, 0x0f);
            b1(e, op == TF_OP_LB ? 0xbe : op == TF_OP_LBU ? 0xb6 : op == TF_OP_LH ? 0xbf : 0xb7);
        }
        b1(e, 0x0c);
        b1(e, 0x06);
        st(e, rd, RCX);
        return 0;
    }
    case TF_OP_SB:
    case TF_OP_SH:
    case TF_OP_SW: {
        unsigned last = op == TF_OP_SW ? 3 : op == TF_OP_SH ? 1 : 0;
        fix *f = addr_check(g, k, rs1, (int32_t)imm, m->size - 1 - last,
                            op == TF_OP_SW ? FX_REGS : FX_INTERP);
        page_check(g, k, last);
        ld(e, RCX, rs2);
        if (op == TF_OP_SH) b1(e, 0x66);
        b1(e, op == TF_OP_SB ? 0x88 : 0x89); /* mov [rsi + rax], cl/cx/ecx */
        b1(e, 0x0c);
        b1(e, 0x06);
        f->rs2 = (uint8_t)rs2;
        f->back = e->p;
        return 0;
    }
    case TF_OP_BEQ:
    case TF_OP_BNE:
    case TF_OP_BLT:
    case TF_OP_BGE:
    case TF_OP_BLTU:
    case TF_OP_BGEU: {
        static const uint8_t cc[] = {CC_E, CC_NE, CC_L, CC_GE, CC_B, CC_AE};
        ld(e, RAX, rs1);
        alu_reg(e, 0x3b, rs2);
        fix_add(g, jcc(e, cc[op - TF_OP_BEQ]), FX_TAKEN, k, t);
        return 0;
    }
    case TF_OP_JAL:
        st_imm(e, rd, sl->aux);
        emit_taken(g, k, t);
        return 1;
    case TF_OP_JALR: {
        ld(e, RAX, rs1);
        alu_imm(e, 0, imm);
        static const uint8_t chk[] = {
            0x83, 0xe0, 0xfe, /* and eax, ~1 */
            0xa8, 0x03,       /* test al, 3 */
        };
        bytes(e, chk, sizeof chk);
        fix_add(g, jcc(e, CC_NE), FX_INTERP, k, g->s0 + k);
        b1(e, 0x2d); /* sub eax, base: the target's offset */
        b4(e, m->base);
        b1(e, 0x3d); /* cmp eax, size */
        b4(e, m->size);
        fix_add(g, jcc(e, CC_AE), FX_INTERP, k, g->s0 + k);
        st_imm(e, rd, sl->aux);
        cache_move(e, 1);
        add_n(e, (int32_t)k + 1);
        emit_leave(g, TF_JIT_SLOT_IN_EAX); /* the offset is the exit code (slot << 2) */
        return 1;
    }
    }
    return -1; /* not reached: compiles() */
}

int sim_jit_compile(sim_mem *m, uint32_t s0, const sim_hart *h)
{
    sim_jit *j = m->jit;
    sim_jit_rec *r = sim_jit_rec_at(j, s0);
    if (r->never) return -1;
    if (j->full) { /* no room */
        r->never = 1;
        rec_retire(m, s0, r);
        return -1;
    }
    /* the words: up to the first that ends it, does not compile, or lies
     * in a page the interpreter never ran (data after the code) */
    int ops[TF_JIT_MAX_WORDS];
    cm_slot sl[TF_JIT_MAX_WORDS];
    uint32_t tg[TF_JIT_MAX_WORDS];
    uint32_t len = 0, nslots = m->size / 4;
    int ends = 0;
    while (len < TF_JIT_MAX_WORDS && s0 + len < nslots && !ends) {
        uint32_t s = s0 + len, off = s * 4, w;
        if (!(m->pageflags[off >> TF_PAGE_SHIFT] & TF_PAGE_CODE)) break;
        memcpy(&w, m->data + off, 4);
        int op = cm_rv32_decode(w, m->base + off, &sl[len]);
        if (!compiles(op)) break;
        if (op == TF_OP_JAL || (op >= TF_OP_BEQ && op <= TF_OP_BGEU)) {
            uint32_t t = m->base + off + (uint32_t)sl[len].imm;
            if ((t & 3) || t - m->base >= m->size) break; /* the interpreter's far jump */
            tg[len] = (t - m->base) >> 2;
        }
        ends = op == TF_OP_JAL || op == TF_OP_JALR;
        ops[len++] = op;
    }
    if (!len) {
        r->never = 1;
        rec_retire(m, s0, r);
        return -1;
    }
    size_t need = (size_t)len * JIT_WORST + 256 + (size_t)len * 4; /* + entry and end */
    if (j->code_used + need > j->code_cap) {
        j->full = 1;
        return -1;
    }
    gen g = {
        .e = {.p = j->code + j->code_used}, .m = m, .h = h, .exit = j->exit, .s0 = s0, .len = len};
    /* the most used guest registers (two uses or more) live in host
     * registers from the block's start to its exits */
    int8_t hr[33];
    {
        unsigned uses[33] = {0};
        for (uint32_t k = 0; k < len; k++) {
            uses[sl[k].rd]++;
            uses[sl[k].rs1]++;
            uses[sl[k].rs2]++;
        }
        uses[0] = uses[32] = 0; /* x0 reads zero; x32 takes writes to it */
        memset(hr, -1, sizeof hr);
        for (int c = 0; c < JIT_CACHED; c++) {
            unsigned best = 0;
            for (unsigned r = 1; r < 32; r++)
                if (hr[r] < 0 && uses[r] > uses[best]) best = r;
            if (uses[best] < 2) break;
            hr[best] = cache_regs[c];
        }
    }
    g.e.hr = hr;
    uint8_t *start = g.e.p;
    cache_move(&g.e, 0);
    uint8_t *run_end[2] = {NULL, NULL}; /* jumps to the word after a device run */
    uint32_t run_to = 0;
    for (uint32_t k = 0; k < len; k++) {
        if (k == run_to) {
            for (int i = 0; i < 2; i++)
                if (run_end[i]) patch(run_end[i], g.e.p);
            run_end[0] = run_end[1] = NULL;
        }
        g.pos[k] = g.e.p;
        dev_run d;
        if (k >= run_to && dev_run_at(&g, k, ops, sl, &d)) {
            emit_dev_run(&g, k, &d, sl, &run_end[0], &run_end[1]);
            run_to = k + d.n;
            j->dev_runs++;
            j->dev_calls += d.call;
            j->dev_quiet += d.quiet;
        }
        emit_word(&g, k, ops[k], &sl[k], tg[k]);
    }
    for (int i = 0; i < 2; i++)
        if (run_end[i]) patch(run_end[i], g.e.p);
    g.pos[len] = g.e.p;
    if (!ends) { /* on at the next word: through the interpreter when it does not compile */
        uint32_t s = s0 + len;
        int interp = s < nslots && len < TF_JIT_MAX_WORDS;
        cache_move(&g.e, 1);
        add_n(&g.e, (int32_t)len);
        mov_eax(&g.e, (s << 2) | (interp ? TF_JIT_INTERP : TF_JIT_GO));
        patch(jmp(&g.e), g.exit);
    }
    for (int i = 0; i < g.nfx; i++) {
        fix *f = &g.fx[i];
        patch(f->at, g.e.p);
        if (f->kind == FX_TAKEN)
            emit_taken(&g, f->k, f->target);
        else if (f->kind == FX_REGS)
            emit_regs_store(&g, f);
        else
            exit_interp(&g, f->k);
    }
    CM_ASSERT((size_t)(g.e.p - start) + 3 + (size_t)len * 4 <= need); /* (JIT_WORST) */
    /* the words it was compiled from, after its code */
    uint8_t *words = (uint8_t *)(((uintptr_t)g.e.p + 3) & ~(uintptr_t)3);
    memcpy(words, m->data + (size_t)s0 * 4, (size_t)len * 4);
    j->code_used = (size_t)(words + (size_t)len * 4 - j->code);
    j->code_used = (j->code_used + 15) & ~(size_t)15;
    r->code = start;
    r->words = (const uint32_t *)(void *)words;
    r->len = (uint16_t)len;
    for (uint32_t p = (s0 * 4) >> TF_PAGE_SHIFT; p <= ((s0 + len - 1) * 4) >> TF_PAGE_SHIFT; p++)
        m->pageflags[p] |= TF_PAGE_JIT;
    j->compiled++;
    j->compiled_words += len;
    /* Its jump targets and call returns are entries, as the interpreter's
     * decoding makes them: a block compiled at its first entry holds words
     * the interpreter never decoded, and a block's exit goes on only into
     * an entry's block (emit_chain). (Records may move: r is not used
     * after this.) */
    for (uint32_t k = 0; k < len; k++) sim_jit_note_jumps(m, s0 + k, ops[k], sl[k].rd, tg[k]);
    return 0;
}

sim_jit *sim_jit_new(sim_mem *m, int32_t h_jit)
{
    sim_jit *j = calloc(1, sizeof *j);
    if (!j) return NULL;
    size_t nent = (size_t)m->size / 4 + 1;
    j->ent = mmap(NULL, nent * 4, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    j->entmap = calloc(nent / 64 + 1, sizeof *j->entmap);
    j->code = mmap(NULL, JIT_CODE_BYTES, PROT_READ | PROT_WRITE | PROT_EXEC,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (j->ent == MAP_FAILED || j->code == MAP_FAILED || !j->entmap) {
        free(j->entmap);
        if (j->ent != MAP_FAILED) munmap(j->ent, nent * 4);
        if (j->code != MAP_FAILED) munmap(j->code, JIT_CODE_BYTES);
        free(j);
        return NULL;
    }
    j->code_cap = JIT_CODE_BYTES;
    emit e = {j->code, NULL};
    j->enter = (uint32_t(*)(const void *, sim_jit_io *))(void *)emit_trampoline(&e, &j->exit);
    j->code_used = (size_t)((e.p - j->code + 15) & ~15);
    j->h_jit = h_jit;
    j->threshold = m->jit_threshold > 0 ? (uint32_t)m->jit_threshold : TF_JIT_HOT;
    j->trial = m->jit_trial > 0 ? (uint32_t)m->jit_trial : TF_JIT_TRIAL;
    m->jit = j;
    return j;
}

void sim_jit_free(sim_mem *m)
{
    sim_jit *j = m->jit;
    if (!j) return;
    munmap(j->ent, ((size_t)m->size / 4 + 1) * 4);
    free(j->entmap);
    munmap(j->code, JIT_CODE_BYTES);
    free(j->recs);
    free(j);
    m->jit = NULL;
}

#else /* no compiler for this host: the interpreter runs alone */

int sim_jit_compile(sim_mem *m, uint32_t s, const sim_hart *h)
{
    (void)m;
    (void)h;
    (void)s;
    return -1;
}

sim_jit *sim_jit_new(sim_mem *m, int32_t h_jit)
{
    (void)m;
    (void)h_jit;
    return NULL;
}

void sim_jit_free(sim_mem *m)
{
    (void)m;
}

#endif
