/* A dispatch that cannot finish: the chip stopped with every RISC still
 * running waiting for something no RISC, transfer or timer on it will do
 * (the transport's optional `stalled`). The classic kernel bug behind it
 * is a circular buffer whose producer and consumer disagree (a consumer
 * waiting for more pages than are ever pushed, a CB the program never
 * configured, a reserve of more pages than the CB holds) or a semaphore
 * no one sets. On hardware it hangs until the timeout; here it is found
 * when the chip stops and said in the kernel's terms: each waiting RISC's
 * line (function, file:line, the inline chain) and what it waits for,
 * with the CB's counts read back from L1. */
#include "rt_internal.h"

#include <stdio.h>
#include <string.h>

/* The word at L1 `addr` of p's core (0 if it cannot be read: the message
 * is all that uses it). */
static uint32_t l1_word(const tf_program *p, uint32_t addr)
{
    tf_transport *t = p->dev->tr;
    uint32_t v = 0;
    if (t->ops->read_l1(t, p->core.x, p->core.y, addr, &v, 4)) v = 0;
    return v;
}

static const char *const rt_wait_doc[] = {
#define RT_WAIT_DOC(name, label, doc) doc,
    TF_PERF_WAITS(RT_WAIT_DOC)
#undef RT_WAIT_DOC
};

static const char *plural(uint32_t n)
{
    return n == 1 ? "" : "s";
}

/* A wait on CB cb's front or back by RISC r (what TF_PERF_WAIT_CB_*). */
static void describe_cb(const tf_program *p, int r, const tf_risc_wait *w, int cb, char *buf,
                        size_t n)
{
    if (!(p->cb_mask >> cb & 1)) {
        snprintf(buf, n,
                 "waits in %s on CB %d, which this program does not configure (give it one "
                 "with tf_program_set_cb, or CreateCircularBuffer in tt-metal)",
                 w->what == TF_PERF_WAIT_CB_FRONT ? "cb_wait_front" : "cb_reserve_back", cb);
        return;
    }
    const tf_cb_config *c = &p->cb[cb];
    uint32_t shared = TF_L1_CB_SHARED + (uint32_t)cb * sizeof(tf_cb_shared);
    uint32_t local = TF_L1_CB_LOCAL(r) + (uint32_t)cb * sizeof(tf_cb_local);
    uint32_t received = l1_word(p, shared + offsetof(tf_cb_shared, received));
    uint32_t acked = l1_word(p, shared + offsetof(tf_cb_shared, acked));
    char holds[96];
    snprintf(holds, sizeof holds, "%u page%s of %u B", c->num_pages, plural(c->num_pages),
             c->page_size);
    if (w->what == TF_PERF_WAIT_CB_FRONT) {
        /* cb_wait_front(cb, k): received >= own acked + k */
        uint32_t own = l1_word(p, local + offsetof(tf_cb_local, acked));
        uint32_t want = w->ref - own, have = received - own;
        snprintf(buf, n,
                 "waits in cb_wait_front for %u page%s at the front of CB %d, which has %u (%u "
                 "pushed, %u popped; it holds %s)%s",
                 want, plural(want), cb, have, received, acked, holds,
                 want > c->num_pages ? ": more than it holds, so never" : "");
        return;
    }
    /* cb_reserve_back(cb, k): acked >= own received + k - num_pages */
    uint32_t own = l1_word(p, local + offsetof(tf_cb_local, received));
    uint32_t want = w->ref + c->num_pages - own, used = own - acked;
    uint32_t free_pages = used > c->num_pages ? 0 : c->num_pages - used;
    snprintf(buf, n,
             "waits in cb_reserve_back for %u free page%s at the back of CB %d, which has %u "
             "(%u pushed, %u popped; it holds %s)%s",
             want, plural(want), cb, free_pages, own, acked, holds,
             want > c->num_pages ? ": more than it holds, so never" : "");
}

/* A wait on a RISC mailbox's counter (device/include/risc_mailbox.h): a
 * mailbox_read of an empty one waits on `written`, a mailbox_write to a
 * full one on `read`. */
static void describe_mbox(const tf_program *p, const tf_risc_wait *w, char *buf, size_t n)
{
    uint32_t off = w->addr - TF_L1_RISC_MBOX, m = off / (uint32_t)sizeof(tf_risc_fifo);
    uint32_t fifo = TF_L1_RISC_MBOX + m * (uint32_t)sizeof(tf_risc_fifo);
    const char *from = cm_risc_name(TF_RISC_OF_MBOX((int)(m / TF_RISC_MBOXES))),
               *to = cm_risc_name(TF_RISC_OF_MBOX((int)(m % TF_RISC_MBOXES)));
    uint32_t written = l1_word(p, fifo + offsetof(tf_risc_fifo, written)),
             read = l1_word(p, fifo + offsetof(tf_risc_fifo, read));
    if (off % sizeof(tf_risc_fifo) == offsetof(tf_risc_fifo, written))
        snprintf(buf, n,
                 "waits in mailbox_read for a value from %s, whose mailbox to %s is empty (%u "
                 "values written, %u read): %s writes fewer values than are read",
                 from, to, written, read, from);
    else
        snprintf(buf, n,
                 "waits in mailbox_write for room in its mailbox to %s, which holds %u values %s "
                 "has not read (%u written, %u read; it holds %u): %s reads fewer values than "
                 "are written",
                 to, written - read, to, written, read, TF_RISC_MBOX_DEPTH, to);
}

/* What RISC r of p's core, at pc, waits for, from the chip's answer w. */
static void describe_wait(const tf_program *p, int r, uint32_t pc, const tf_risc_wait *w, char *buf,
                          size_t n)
{
    int cb = (int)((w->addr - TF_L1_CB_SHARED) / sizeof(tf_cb_shared));
    switch (w->what) {
    case TF_PERF_WAIT_CB_FRONT:
    case TF_PERF_WAIT_CB_BACK: describe_cb(p, r, w, cb, buf, n); return;
    case TF_PERF_WAIT_SEM:
    case TF_PERF_WAIT_L1_WORD: {
        if (w->what == TF_PERF_WAIT_L1_WORD && w->addr - TF_L1_RISC_MBOX < TF_L1_RISC_MBOX_SIZE) {
            describe_mbox(p, w, buf, n);
            return;
        }
        char what[48];
        if (w->what == TF_PERF_WAIT_SEM)
            snprintf(what, sizeof what, "semaphore %u (L1 0x%x)",
                     (w->addr - TF_L1_SEMAPHORES) / TF_SEMAPHORE_STRIDE, w->addr);
        else
            snprintf(what, sizeof what, "the L1 word at 0x%x", w->addr);
        snprintf(buf, n, "waits for %s to be %s %u (it is %u)", what,
                 w->eq == TF_WAIT_KIND_EQ ? "==" : ">=", w->ref, l1_word(p, w->addr));
        return;
    }
    case TF_PERF_WAIT_IDLE:
        if (r == TF_RISC_BRISC && rt_image_at(p, r, pc) == &p->dev->fw[r]) /* collecting */
            snprintf(buf, n, "asleep: its firmware waits for the other RISCs to finish");
        else
            snprintf(buf, n, "asleep in wfi");
        return;
    case TF_PERF_WAIT_TILE_SRC:
    case TF_PERF_WAIT_TILE_DEST: {
        /* the three TRISCs' hand-offs, by who waits (tile.c) */
        static const char *const role[2][3] = {
            {"a free source register bank (math, TRISC1, has not taken the last operands)",
             "an unpacked operand (unpack, TRISC0, has not given one)", NULL},
            {NULL, "a free DEST half (tile_regs_acquire: pack, TRISC2, has not released one)",
             "a committed DEST half (tile_regs_wait: math, TRISC1, has not committed one)"}};
        int t = r - TF_RISC_TRISC0;
        const char *why = t >= 0 && t < 3 ? role[w->what == TF_PERF_WAIT_TILE_DEST][t] : NULL;
        snprintf(buf, n, "waits in the tile engine for %s", why ? why : rt_wait_doc[w->what]);
        return;
    }
    default:
        if (w->what >= 0 && w->what < TF_PERF_NUM_WAITS)
            snprintf(buf, n, "waits in the tile engine for %s", rt_wait_doc[w->what]);
        else
            snprintf(buf, n, "not waiting (state unknown)");
        return;
    }
}

int rt_stall_wait_text(const tf_program *p, int r, char *buf, size_t n)
{
    tf_transport *t = p->dev->tr;
    tf_risc_wait waits[TF_NUM_RISCS];
    uint32_t pc = 0;
    if (!t->ops->stalled || t->ops->stalled(t, p->core.x, p->core.y, waits) != 1 ||
        waits[r].what < 0 || t->ops->read_pc(t, p->core.x, p->core.y, r, &pc))
        return -1;
    describe_wait(p, r, pc, &waits[r], buf, n);
    return 0;
}

/* Appends to buf (at *len) each RISC of p's core that has not finished
 * dispatch id, where it is and what it waits for; returns how many. */
static int describe_core(const tf_program *p, uint32_t id, const tf_mailbox *mb,
                         const tf_risc_wait *waits, char *buf, size_t cap, size_t *len)
{
    tf_transport *t = p->dev->tr;
    int listed = 0;
    for (int r = 0; r < TF_NUM_RISCS && *len < cap; r++) {
        if (!(mb->boot_mask & (1u << r)) || mb->risc[r].done_id == id) continue;
        uint32_t pc = 0;
        t->ops->read_pc(t, p->core.x, p->core.y, r, &pc);
        char where[1024], wait[512], who[512];
        rt_describe_code(p, r, pc, who, sizeof who);
        rt_srcloc_describe(p, r, pc, where, sizeof where);
        describe_wait(p, r, pc, &waits[r], wait, sizeof wait);
        int w = snprintf(buf + *len, cap - *len, "%s%s at pc 0x%08x%s in %s %s", listed ? "; " : "",
                         cm_risc_name(r), pc, where, who, wait);
        *len = w < 0 || (size_t)w >= cap - *len ? cap - 1 : *len + (size_t)w;
        listed++;
    }
    return listed;
}

int rt_report_stall(tf_program *const *progs, size_t n, size_t i, const int *done, uint32_t id,
                    uint64_t waited_ns)
{
    tf_program *p = progs[i];
    tf_transport *t = p->dev->tr;
    tf_risc_wait waits[TF_NUM_RISCS];
    tf_mailbox mb;
    if (!t->ops->stalled || t->ops->stalled(t, p->core.x, p->core.y, waits) != 1) return 0;
    /* the mailbox as of the stop (the caller's copy may be older) */
    /* (a fault since: the caller's next read says it) */
    if (rt_read_mailbox(p->dev, p->core, &mb) || rt_mb_done(&mb, id) || rt_mb_faulted(&mb))
        return 0;
    /* the list leaves room in the message (TF_ERR_MAX, 4096 bytes) for its
     * head and for the note of the cores reset that recover() appends: a
     * core is listed whole or counted, never cut off unsaid */
    char list[3000], head[sizeof list], same[160] = "";
    size_t len = 0, first = 0, nsame = 0, slen = 0, more_same = 0;
    describe_core(p, id, &mb, waits, head, sizeof head, &first);
    /* this core's own, cut (and said so) where it leaves no room for the rest */
    len = first < sizeof list - 240 ? first : sizeof list - 240;
    memcpy(list, head, len);
    if (len < first) len += (size_t)snprintf(list + len, sizeof list - len, " ... (cut)");
    list[len] = 0;
    /* the dispatch's other cores that have not finished: a deadlock across
     * cores (a semaphore one sets for another) shows on each of them; a
     * core stopped just as this one (the same RISCs at the same pcs,
     * waiting for the same) is named, not described again */
    size_t others = 0;
    for (size_t j = 0; j < n; j++) {
        tf_program *q = progs[j];
        if (j == i || (done && done[j]) || rt_read_mailbox(q->dev, q->core, &mb) ||
            rt_mb_done(&mb, id) || t->ops->stalled(t, q->core.x, q->core.y, waits) != 1)
            continue;
        char one[sizeof list];
        size_t ol = 0;
        if (!describe_core(q, id, &mb, waits, one, sizeof one, &ol)) continue; /* nothing listed */
        if (ol == first && !memcmp(one, head, ol)) {
            int w = snprintf(same + slen, sizeof same - slen, "%s(%d,%d)", nsame ? ", " : "",
                             q->core.x, q->core.y);
            if (w > 0 && (size_t)w < sizeof same - slen) {
                slen += (size_t)w;
                nsame++;
            } else {
                same[slen] = 0;
                more_same++;
            }
            continue;
        }
        int w = snprintf(list + len, sizeof list - len, "; and on core (%d,%d): %s", q->core.x,
                         q->core.y, one);
        /* (room for the cores named alike and the count below) */
        if (w < 0 || len + (size_t)w + sizeof same + 96 >= sizeof list) {
            list[len] = 0;
            others++;
            continue;
        }
        len += (size_t)w;
    }
    if (nsame && more_same)
        snprintf(list + len, sizeof list - len, "; the same on cores %s and %zu more", same,
                 more_same);
    else if (nsame)
        snprintf(list + len, sizeof list - len, "; the same on core%s %s", nsame > 1 ? "s" : "",
                 same);
    len += strlen(list + len);
    if (others)
        snprintf(list + len, sizeof list - len, "; ... (+%zu more core%s not described)", others,
                 others > 1 ? "s" : "");
    return cm_err_set("dispatch %u of '%s' on core (%d,%d) cannot finish: every RISC still "
                      "running waits for something no RISC, transfer or timer on the chip will "
                      "do (a deadlock, found %llu ms after the doorbell instead of at the %llu ms "
                      "timeout): %s",
                      id, p->label, p->core.x, p->core.y,
                      (unsigned long long)(waited_ns / 1000000u),
                      (unsigned long long)(p->dev->timeout_ns / 1000000u), list);
}
