/* The NOC: asynchronous reads, writes and atomic increments between a core's
 * L1 and DRAM or another core's L1, completing as timed events; and DRAM
 * banks stored in lazily allocated 1 MiB chunks.
 *
 * Cost model (docs/chip.md): a transfer of B bytes issued at cycle t leaves
 * the issuing RISC's NOC port at max(t, port free) and occupies it for
 * ceil(B / 64) cycles; a DRAM access also occupies its bank for ceil(B / 32)
 * cycles (in issue order); the data lands and the transfer completes
 * TF_NOC_LATENCY + TF_NOC_HOP_LATENCY * hops (+ TF_NOC_DRAM_LATENCY for
 * DRAM) cycles after the last of those. An atomic increment is a 4-byte
 * write. Data is copied when the transfer completes (a write's source is
 * copied earlier if its issuer flushes: writes_flushed). Each RISC has
 * one such port per NOC; NOC 1 costs as NOC 0. A multicast is injected
 * once and completes when its farthest destination is reached plus one
 * cycle per destination (the acks). */
#include "chip.h"

#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(sim_noc_event) == 64, "a NOC event is one cache line");
/* (DRAM banks are at most 62, tf_sim_transport_open: their ids fit its int8_t) */

#define TF_NOC_LATENCY          40
#define TF_NOC_HOP_LATENCY      2
#define TF_NOC_DRAM_LATENCY     150
#define TF_NOC_MCAST_ACK_CYCLES 1

/* A copy that may overlap. Most transfers are a few dozen bytes (the
 * CNN's readers fetch 32-byte rows): up to 64 bytes they are loaded whole,
 * then stored, in a few moves the compiler inlines, instead of a library
 * call that costs more than the copy. */
static inline void copy_bytes(uint8_t *d, const uint8_t *s, uint64_t n)
{
    if (n >= 16 && n <= 32) { /* two 16-byte pieces, overlapping when n < 32 */
        uint8_t a[16], b[16];
        memcpy(a, s, 16);
        memcpy(b, s + n - 16, 16);
        memcpy(d, a, 16);
        memcpy(d + n - 16, b, 16);
    } else if (n > 32 && n <= 64) {
        uint8_t a[32], b[32];
        memcpy(a, s, 32);
        memcpy(b, s + n - 32, 32);
        memcpy(d, a, 32);
        memcpy(d + n - 32, b, 32);
    } else {
        memmove(d, s, n);
    }
}

/* ---- DRAM ------------------------------------------------------------------ */

/* The chunk idx of a bank, made (zeroed) when it has none and `create`:
 * NULL out of host memory. Made by a compare-and-swap: the issuers of NOC
 * writes, on several host threads in a round, make chunks (dram_reserve). */
static uint8_t *dram_chunk(sim_chip *c, int bank, uint64_t idx, int create)
{
    uint8_t **slot = &c->banks[bank].chunks[idx];
    uint8_t *ch = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (ch || !create) return ch;
    uint8_t *made = calloc(1, TF_DRAM_CHUNK);
    if (made &&
        !__atomic_compare_exchange_n(slot, &ch, made, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        free(made); /* another thread's came first: ch */
        return ch;
    }
    return made;
}

static __attribute__((noinline)) int dram_reserve_slow(sim_chip *c, int bank, uint64_t addr,
                                                       uint32_t n)
{
    for (uint64_t i = addr / TF_DRAM_CHUNK; i <= (addr + n - 1) / TF_DRAM_CHUNK; i++)
        if (!dram_chunk(c, bank, i, 1)) return -1;
    return 0;
}

/* The chunks under the n bytes (at least 1, within the bank) at addr made:
 * a NOC write to DRAM gets them at issue, so that it faults there when
 * host memory runs out rather than being lost when it lands (ep_put). */
static inline int dram_reserve(sim_chip *c, int bank, uint64_t addr, uint32_t n)
{
    uint8_t **ch = c->banks[bank].chunks;
    uint64_t a = addr / TF_DRAM_CHUNK, b = (addr + n - 1) / TF_DRAM_CHUNK;
    if (b - a <= 1 && __atomic_load_n(&ch[a], __ATOMIC_RELAXED) &&
        __atomic_load_n(&ch[b], __ATOMIC_RELAXED))
        return 0; /* (most: made by an earlier write) */
    return dram_reserve_slow(c, bank, addr, n);
}

/* The part of a DRAM read that lies in one chunk (both readers below). */
static inline void chunk_get(sim_chip *c, int bank, uint64_t addr, uint8_t *dst, uint64_t k)
{
    const uint8_t *ch = c->banks[bank].chunks[addr / TF_DRAM_CHUNK];
    if (ch)
        copy_bytes(dst, ch + addr % TF_DRAM_CHUNK, k);
    else
        memset(dst, 0, k); /* never written: reads as zero */
}

int sim_dram_read(sim_chip *c, int bank, uint64_t addr, void *dst, uint64_t n)
{
    uint8_t *d = dst;
    while (n) {
        uint64_t off = addr % TF_DRAM_CHUNK;
        uint64_t k = TF_DRAM_CHUNK - off < n ? TF_DRAM_CHUNK - off : n;
        chunk_get(c, bank, addr, d, k);
        d += k;
        addr += k;
        n -= k;
    }
    return 0;
}

/* sim_dram_read of a NOC transfer (at most an L1's size, validated at
 * issue), inline when it lies in one chunk: most do. Written as an early
 * return, the one-chunk copy stays the fall-through: the machine code of
 * the completion path is the one it had when this body was a copy of
 * sim_dram_read's (bench_cnn --images 40 --threads 1, alternated, min of
 * 3: 2.76 ms CPU an inference before, 2.72 after). */
static inline void dram_get(sim_chip *c, int bank, uint64_t addr, uint8_t *dst, uint32_t n)
{
    if (addr % TF_DRAM_CHUNK + n > TF_DRAM_CHUNK) {
        sim_dram_read(c, bank, addr, dst, n);
        return;
    }
    chunk_get(c, bank, addr, dst, n);
}

int sim_dram_write(sim_chip *c, int bank, uint64_t addr, const void *src, uint64_t n)
{
    const uint8_t *s = src;
    while (n) {
        uint64_t idx = addr / TF_DRAM_CHUNK, off = addr % TF_DRAM_CHUNK;
        uint64_t k = TF_DRAM_CHUNK - off < n ? TF_DRAM_CHUNK - off : n;
        uint8_t *ch = dram_chunk(c, bank, idx, 1);
        if (!ch) return -1;
        copy_bytes(ch + off, s, k);
        s += k;
        addr += k;
        n -= k;
    }
    return 0;
}

void sim_dram_free(sim_chip *c)
{
    for (int b = 0; b < c->nbanks && c->banks; b++) {
        /* (a bank whose chunk table could not be had has none) */
        for (uint64_t i = 0; c->banks[b].chunks && i < c->banks[b].nchunks; i++)
            free(c->banks[b].chunks[i]);
        free(c->banks[b].chunks);
    }
}

/* ---- endpoints --------------------------------------------------------------- */

typedef struct noc_ep {
    sim_core *core; /* NULL for DRAM */
    int bank;
    uint64_t local;
} noc_ep;

/* n bytes into a core's L1 in one copy: the source may be that same L1,
 * overlapping (a core writing to itself). */
static void l1_put(sim_core *core, uint32_t addr, const void *src, uint32_t n, uint64_t time)
{
    copy_bytes(core->l1->data + addr, src, n);
    sim_mem_invalidate(core->l1, addr, n);
    if (addr < TF_L1_MAILBOX + TF_L1_MAILBOX_SIZE) sim_core_wake(core, time);
    sim_core_note_store(core, addr, n, time);
}

/* The core at a NOC address validated at issue (not DRAM's). */
static sim_core *noc_core(sim_chip *c, uint64_t na)
{
    return &c->cores[(int)(TF_NOC_Y(na) - 1) * c->gx + (int)(TF_NOC_X(na) - 1)];
}

/* One bulk copy from a transfer's source to an endpoint. */
static void ep_put(sim_chip *c, const noc_ep *ep, const uint8_t *src, uint32_t n, uint64_t time)
{
    uint64_t off = ep->local % TF_DRAM_CHUNK;
    uint8_t *ch;
    if (ep->core)
        l1_put(ep->core, (uint32_t)ep->local, src, n, time);
    else if (off + n <= TF_DRAM_CHUNK &&
             (ch = c->banks[ep->bank].chunks[ep->local / TF_DRAM_CHUNK]))
        copy_bytes(ch + off, src, n); /* in one chunk, allocated already */
    else
        sim_dram_write(c, ep->bank, ep->local, src, n);
}

/* ---- events in flight: a timing wheel, and a heap beyond it --------------------- */

/* Completion order is (time, seq). An event due within TF_NOC_WHEEL cycles
 * of the wheel's base (the first cycle not yet processed) sits in the
 * wheel slot of its cycle, in a FIFO list: events enter it in seq order,
 * so a slot's list is in completion order and processing costs O(1) per
 * event. Later events (and any due before the base, which a RISC far
 * behind the round could issue) wait in a heap of 24-byte keys; when the
 * base moves, those now within the window move to their slots first, so
 * they precede the later-issued events of the same cycle. */
typedef struct sim_noc_key {
    uint64_t time, seq;
    uint32_t slot;
} sim_noc_key;

#define TF_NOC_WHEEL      1024u
#define TF_NOC_WHEEL_NONE UINT32_MAX

static int key_less(const sim_noc_key *a, const sim_noc_key *b)
{
    return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

static void heap_push(sim_chip *c, uint32_t slot)
{
    const sim_noc_event *e = &c->events[slot];
    sim_noc_key k = {e->time, e->seq, slot}, *h = c->heap;
    int i = c->nheap++;
    while (i > 0) {
        int p = (i - 1) / 2;
        if (!key_less(&k, &h[p])) break;
        h[i] = h[p];
        i = p;
    }
    h[i] = k;
}

static uint32_t heap_pop(sim_chip *c)
{
    sim_noc_key *h = c->heap, last = h[--c->nheap];
    uint32_t slot = h[0].slot;
    int i = 0, n = c->nheap;
    for (;;) {
        int l = 2 * i + 1, m = l;
        if (l >= n) break;
        if (l + 1 < n && key_less(&h[l + 1], &h[l])) m = l + 1;
        if (!key_less(&h[m], &last)) break;
        h[i] = h[m];
        i = m;
    }
    if (n) h[i] = last;
    return slot;
}

static inline void wheel_append_at(sim_chip *c, uint32_t slot, uint64_t time)
{
    uint32_t w = (uint32_t)(time % TF_NOC_WHEEL);
    c->events[slot].next = TF_NOC_WHEEL_NONE;
    if (c->wheel_tail[w] == TF_NOC_WHEEL_NONE)
        c->wheel_head[w] = slot;
    else
        c->events[c->wheel_tail[w]].next = slot;
    c->wheel_tail[w] = slot;
    c->wheel_bits[w / 64] |= 1ull << (w % 64);
    c->nwheel++;
}

static inline void wheel_append(sim_chip *c, uint32_t slot)
{
    wheel_append_at(c, slot, c->events[slot].time);
}

/* The pool's event at `slot`, due at `time`, complete but for its place:
 * into the wheel or the heap. */
static inline __attribute__((always_inline)) void ev_place_at(sim_chip *c, uint32_t slot,
                                                              uint64_t time)
{
    if (time - c->wheel_base < TF_NOC_WHEEL && time >= c->wheel_base)
        wheel_append_at(c, slot, time);
    else
        heap_push(c, slot);
}

static inline void ev_place(sim_chip *c, uint32_t slot)
{
    ev_place_at(c, slot, c->events[slot].time);
}

/* The first cycle >= base with a wheel slot in use (the wheel not empty). */
static uint64_t wheel_first(const sim_chip *c)
{
    uint32_t w0 = (uint32_t)(c->wheel_base % TF_NOC_WHEEL);
    for (uint32_t d = 0; d < TF_NOC_WHEEL;) {
        uint32_t w = (w0 + d) % TF_NOC_WHEEL;
        uint64_t bits = c->wheel_bits[w / 64] >> (w % 64);
        if (bits) return c->wheel_base + d + (uint32_t)__builtin_ctzll(bits);
        d += 64 - w % 64;
    }
    return UINT64_MAX; /* not reached while nwheel > 0 */
}

uint64_t sim_noc_next_event(const sim_chip *c)
{
    uint64_t t = c->nheap ? c->heap[0].time : UINT64_MAX;
    if (c->nwheel && t >= c->wheel_base) {
        uint64_t w = wheel_first(c);
        if (w < t) t = w;
    }
    return t;
}

/* ---- issue and completion -------------------------------------------------------- */

static int noc_fail(sim_core_hart *sh, uint32_t detail, uint64_t aux)
{
    sh->fault_detail = detail;
    sh->fault_aux = aux;
    return -1;
}

static uint64_t umax(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

static unsigned udist(unsigned a, unsigned b)
{
    return a > b ? a - b : b - a;
}

/* The network's part of a unicast from `core` to NOC coordinates (x, y):
 * a fixed latency and a hop's for each step of the Manhattan distance,
 * plus DRAM's own at the DRAM column. */
static uint32_t noc_latency(const sim_core *core, unsigned x, unsigned y)
{
    unsigned ex = TF_NOC_CORE_X(core->x), ey = TF_NOC_CORE_Y(core->y);
    uint32_t lat = TF_NOC_LATENCY + TF_NOC_HOP_LATENCY * (udist(ex, x) + udist(ey, y));
    return x == TF_NOC_DRAM_X ? lat + TF_NOC_DRAM_LATENCY : lat;
}

void sim_noc_core_init(sim_core *core)
{
    for (int b = 0; b < core->chip->nbanks && b < TF_MAX_DRAM_BANKS; b++)
        core->dram_lat[b] = noc_latency(core, TF_NOC_DRAM_X, (unsigned)b + 1);
}

/* the kinds to a rectangle, the atomic kinds, the kinds with data */
static int is_mcast(int kind)
{
    return kind == TF_NOC_CMD_WRITE_MCAST || kind == TF_NOC_CMD_WRITE_MCAST_SRC ||
           kind == TF_NOC_CMD_ATOMIC_INC_MCAST;
}

static int is_atomic(int kind)
{
    return kind == TF_NOC_CMD_ATOMIC_INC || kind == TF_NOC_CMD_ATOMIC_INC_MCAST;
}

static int is_write(int kind)
{
    return kind == TF_NOC_CMD_WRITE || kind == TF_NOC_CMD_WRITE_MCAST ||
           kind == TF_NOC_CMD_WRITE_MCAST_SRC;
}

/* A multicast rectangle in NOC coordinates, corners in either order. */
typedef struct noc_rect {
    unsigned x0, y0, x1, y1;
} noc_rect;

static noc_rect mcast_rect(uint64_t na)
{
    unsigned xs = TF_NOC_MCAST_XS(na), ys = TF_NOC_MCAST_YS(na);
    unsigned xe = TF_NOC_X(na), ye = TF_NOC_Y(na);
    noc_rect r = {xs < xe ? xs : xe, ys < ye ? ys : ye, xs > xe ? xs : xe, ys > ye ? ys : ye};
    return r;
}

/* Cores a multicast from (ex, ey) writes: the rectangle without the
 * sender, or with it for loopback. */
static uint32_t mcast_dests(const noc_rect *r, unsigned ex, unsigned ey, int loopback)
{
    uint32_t n = (r->x1 - r->x0 + 1) * (r->y1 - r->y0 + 1);
    int inside = ex >= r->x0 && ex <= r->x1 && ey >= r->y0 && ey <= r->y1;
    if (inside && !loopback) n--;
    if (!inside && loopback) n++;
    return n;
}

/* Validate a multicast: the rectangle is all Tensix cores, the range fits
 * L1 (an atomic's word: 4 bytes), num_dests is the number of cores it
 * writes. */
static int mcast_check(sim_core_hart *sh, int noc, int cmd, uint64_t remote, uint32_t len,
                       noc_rect *r, uint32_t *dests)
{
    sim_chip *c = sh->core->chip;
    *r = mcast_rect(remote);
    if (r->x0 < 1 || r->y0 < 1 || (int)r->x1 > c->gx || (int)r->y1 > c->gy)
        return noc_fail(sh, TF_FAULT_DETAIL_NOC_MCAST, remote);
    uint64_t local = TF_NOC_LOCAL(remote);
    if (is_atomic(cmd)) len = 4;
    if (local > TF_L1_SIZE || len > TF_L1_SIZE - local)
        return noc_fail(sh, TF_FAULT_DETAIL_NOC_RANGE, remote);
    unsigned ex = TF_NOC_CORE_X(sh->core->x), ey = TF_NOC_CORE_Y(sh->core->y);
    *dests = mcast_dests(r, ex, ey, cmd == TF_NOC_CMD_WRITE_MCAST_SRC);
    uint32_t num_dests = TF_NOC_REGW(sh, noc, TF_NOC_REG_NUM_DESTS);
    if (*dests == 0 || *dests != num_dests || *dests > 0xffff)
        return noc_fail(sh, TF_FAULT_DETAIL_NOC_MCAST_DESTS,
                        (uint64_t)TF_MCAST_RECT(TF_NOC_MCAST_XS(remote), TF_NOC_MCAST_YS(remote),
                                                TF_NOC_X(remote), TF_NOC_Y(remote)) |
                            ((uint64_t)((num_dests & 0xffff) << 16 | (*dests & 0xffff)) << 32));
    return 0;
}

/* A transfer's bank time and completion time, and its issuer's completion
 * times: `port_end` is when it has left the port, `start` when it entered
 * it, `lat` the network's part. In hart order, then issue order (the
 * order one thread would have issued them in). */
static inline uint64_t settle_time(sim_chip *c, sim_noc_if *ni, int kind, int bank, int trid,
                                   int counted, uint32_t bytes, uint64_t start, uint64_t port_end,
                                   uint32_t lat)
{
    uint64_t end = port_end;
    if (bank >= 0) {
        sim_dram_bank *b = &c->banks[bank];
        uint64_t bstart = umax(start, b->busy_until);
        b->busy_until = bstart + (bytes + TF_DRAM_BYTES_PER_CYCLE - 1) / TF_DRAM_BYTES_PER_CYCLE;
        end = umax(end, b->busy_until);
    }
    uint64_t time = end + lat;
    if (kind == TF_NOC_CMD_READ) {
        ni->reads_done_at = umax(ni->reads_done_at, time);
        if (counted) ni->trid_done_at[trid] = umax(ni->trid_done_at[trid], time);
    } else if (is_atomic(kind)) {
        ni->atomics_done_at = umax(ni->atomics_done_at, time);
    } else {
        ni->writes_done_at = umax(ni->writes_done_at, time);
        if (counted) ni->wtrid_done_at[trid] = umax(ni->wtrid_done_at[trid], time);
    }
    return time;
}

/* A transfer issued this round gets its timing and place in the
 * completion order: the pool's event at `slot`, whose `time` is its
 * port's end so far. */
static void settle(sim_chip *c, uint32_t slot)
{
    sim_noc_event *e = &c->events[slot];
    sim_core_hart *sh = e->issuer;
    uint32_t bytes = is_atomic(e->kind) ? 4 : e->len;
    /* start and lat are read: seq and next take their place */
    sim_noc_if *ni = &sh->noc[e->noc];
    /* an id cleared since its issue no longer waits for it */
    e->time = settle_time(c, ni, e->kind, e->bank, e->trid, e->epoch == ni->trid_epoch[e->trid],
                          bytes, e->start, e->time, e->lat);
    e->seq = c->seq++;
    e->live = 1;
    ev_place(c, slot);
    if (sh->state == TF_HS_WAIT_UNTIL && sh->wait_done) sh->wake_at = *sh->wait_done;
}

/* A command register word, read alone. The guest has just stored each
 * word by itself (sw); a wider host load over two of them (the compiler
 * merged LOCAL and LEN into one 8-byte load) cannot take its value from
 * the two pending stores and waits for them to reach the cache: on AMD
 * Zen 4 that stall was 13% of this function in bench_cnn. */
static inline uint32_t noc_reg(const sim_core_hart *sh, int noc, uint32_t reg)
{
    return *(const volatile uint32_t *)&TF_NOC_REGW(sh, noc, reg);
}

/* The event of a transfer that passed its checks, with its port time
 * (`start`, the port's end in ni->port_free) and network latency `lat`:
 * settled at once on one thread (its bank time and place in the
 * completion order), else queued for the round's end. */
static inline __attribute__((always_inline)) int post(sim_chip *c, sim_core_hart *sh, int noc,
                                                      int cmd, uint64_t remote, uint32_t local,
                                                      uint32_t len, uint32_t bytes, int bank,
                                                      uint64_t start, uint32_t lat, uint32_t dests)
{
    sim_noc_if *ni = &sh->noc[noc];
    /* The DRAM bank is shared by every core: its part of the timing, and
     * the event's place in the completion order, are settled at the round's
     * end in hart order (sim_noc_resolve), whichever host thread ran the
     * issuer (on one thread, at once: settle). Nothing the issuer can
     * see this round depends on them: a barrier it reaches blocks it until
     * a later round anyway. */
    sim_noc_event *ev;
    uint32_t slot = 0;
    uint64_t time = 0;
    int at_issue = c->settle_now;
    /* the transfer's transaction id: a read's, a write's (an atomic's is 0) */
    uint32_t tr = noc_reg(sh, noc, TF_NOC_REG_TRID);
    int trid = cmd == TF_NOC_CMD_READ ? (int)(tr & TF_NOC_MAX_TRID)
               : is_atomic(cmd)       ? 0
                                      : (int)(tr >> TF_NOC_TRID_WRITE_SHIFT &
                                        TF_NOC_MAX_TRID); /* settled here, placed below */
    if (at_issue) {
        /* One thread issues in hart order (a round run serially): the
         * transfer takes its bank time and place now, straight into the
         * pool, as the round's end would have (settle), in the same order.
         * Its issuer runs, so no barrier of its waits for it yet. */
        if (!c->nfree && sim_noc_reserve(c, 1))
            return noc_fail(sh, TF_FAULT_DETAIL_HOST_MEMORY, remote);
        slot = c->free_slots[--c->nfree];
        ev = &c->events[slot];
        time = settle_time(c, ni, cmd, bank, trid, 1, bytes, start, ni->port_free, lat);
        ev->time = time;
        ev->seq = c->seq++;
        ev->live = 1;
    } else {
        sim_worker *w = sh->core->worker;
        if (w->nissued == w->cap_issued) {
            int cap = w->cap_issued ? 2 * w->cap_issued : 64;
            sim_noc_event *ne = realloc(w->issued, (size_t)cap * sizeof *ne);
            if (!ne) return noc_fail(sh, TF_FAULT_DETAIL_HOST_MEMORY, remote);
            w->issued = ne;
            w->cap_issued = cap;
        }
        ev = &w->issued[w->nissued++];
        /* the round's end settles it (sim_noc_resolve) */
        ev->time = ni->port_free;
        ev->start = start;
        ev->lat = lat;
        ev->live = 0;
    }
    /* field by field: a compound literal zeroes the whole event first
     * (a rep stos, then stores over it), a cost per transfer */
    ev->kind = (uint8_t)cmd;
    ev->noc = (uint8_t)noc;
    ev->issuer = sh;
    ev->generation = sh->generation;
    ev->data = NULL;
    ev->local = local;
    ev->remote = remote;
    ev->len = len;
    ev->bank = (int8_t)bank;
    if (at_issue) ev_place_at(c, slot, time);
    ev->trid = (uint8_t)trid;
    ev->epoch = ni->trid_epoch[trid];
    if (cmd == TF_NOC_CMD_READ) {
        ni->reads_pending++;
        ni->trid_pending[trid]++;
    } else if (is_atomic(cmd)) {
        ni->atomics_pending++;
    } else {
        ni->writes_pending++;
        ni->writes_sent_at = umax(ni->writes_sent_at, ni->port_free);
        ni->wtrid_pending[trid]++;
        ni->wtrid_sent_at[trid] = umax(ni->wtrid_sent_at[trid], ni->port_free);
    }
    sim_perf_noc(sh, noc, cmd, bytes, dests, bank);
    return 0;
}

/* The port time of a transfer of `bytes` issued now through NOC noc's
 * port: when it enters it (the port's end moves on). */
static inline uint64_t port_start(sim_core_hart *sh, int noc, uint32_t bytes)
{
    sim_noc_if *ni = &sh->noc[noc];
    uint64_t start = umax(sim_hart_cycle(&sh->h), ni->port_free);
    ni->port_free = start + (bytes + TF_NOC_PORT_BYTES_PER_CYCLE - 1) / TF_NOC_PORT_BYTES_PER_CYCLE;
    return start;
}

/* A multicast write or atomic increment (out of line: the unicast path
 * below stays short): one injection (an atomic's 4 bytes), then the
 * farthest corner and an ack per destination. */
static __attribute__((noinline)) int issue_mcast(sim_core_hart *sh, int noc, int cmd,
                                                 uint64_t remote, uint32_t len, uint32_t local)
{
    noc_rect rect;
    uint32_t dests, bytes = len;
    if (mcast_check(sh, noc, cmd, remote, len, &rect, &dests)) return -1;
    if (is_atomic(cmd)) {
        /* (a word in a region of the firmware or the runtime, which no
         * semaphore is in: most often a semaphore's id where its address
         * belongs, get_noc_addr(x, y, id), which would change GO/DONE or a
         * fault record of the target core silently; mcast_check kept the
         * address in L1) */
        if ((TF_NOC_LOCAL(remote) & 3) || tf_l1_guard_region((uint32_t)TF_NOC_LOCAL(remote)))
            return noc_fail(sh, TF_FAULT_DETAIL_NOC_ATOMIC, remote);
        bytes = 4;
    } else {
        if (len == 0) return noc_fail(sh, TF_FAULT_DETAIL_NOC_ZERO_LEN, remote);
        if (local > TF_L1_SIZE || len > TF_L1_SIZE - local)
            return noc_fail(sh, TF_FAULT_DETAIL_NOC_LOCAL, local);
        if ((TF_NOC_LOCAL(remote) ^ local) & (TF_NOC_ALIGN(0, 0) - 1)) /* a write to L1s */
            return noc_fail(sh, TF_FAULT_DETAIL_NOC_ALIGN_MCAST,
                            TF_NOC_LOCAL(remote) << 32 | local);
    }
    unsigned ex = TF_NOC_CORE_X(sh->core->x), ey = TF_NOC_CORE_Y(sh->core->y);
    unsigned hops = (unsigned)(umax(udist(ex, rect.x0), udist(ex, rect.x1)) +
                               umax(udist(ey, rect.y0), udist(ey, rect.y1)));
    uint64_t start = port_start(sh, noc, bytes);
    /* the sender collects one ack per core */
    uint32_t lat = TF_NOC_LATENCY + TF_NOC_HOP_LATENCY * hops + dests * TF_NOC_MCAST_ACK_CYCLES;
    return post(sh->core->chip, sh, noc, cmd, remote, local, len, bytes, -1, start, lat, dests);
}

/* A unicast of kind `cmd` (a constant where it is inlined: each kind gets
 * its own copy, without the others' branches in the timing, the event and
 * the counters): the endpoint (coordinates that name a core or a DRAM
 * bank, a range inside it), then the local range, the port and the
 * network. */
static inline __attribute__((always_inline)) int issue_unicast(sim_chip *c, sim_core_hart *sh,
                                                               int noc, int cmd, uint64_t remote,
                                                               uint32_t len, uint32_t local)
{
    uint32_t bytes = cmd == TF_NOC_CMD_ATOMIC_INC ? 4 : len;
    unsigned x = TF_NOC_X(remote), y = TF_NOC_Y(remote);
    uint64_t rl = TF_NOC_LOCAL(remote), limit;
    int bank = -1;
    if (x == TF_NOC_DRAM_X && y - 1 < (unsigned)c->nbanks) {
        bank = (int)y - 1;
        limit = c->bank_size;
    } else if (x - 1 < (unsigned)c->gx && y - 1 < (unsigned)c->gy) {
        limit = TF_L1_SIZE;
    } else {
        return noc_fail(sh, TF_FAULT_DETAIL_NOC_BAD_XY, remote);
    }
    if (rl > limit || bytes > limit - rl) return noc_fail(sh, TF_FAULT_DETAIL_NOC_RANGE, remote);
    if (cmd == TF_NOC_CMD_ATOMIC_INC) {
        if (bank >= 0 || (rl & 3) || tf_l1_guard_region((uint32_t)rl)) /* (as issue_mcast's) */
            return noc_fail(sh, TF_FAULT_DETAIL_NOC_ATOMIC, remote);
    } else if (len == 0 || local > TF_L1_SIZE || len > TF_L1_SIZE - local) {
        /* (a size of 0 is its own mistake: "outside L1" named a local
         * address well inside it) */
        return noc_fail(sh, len ? TF_FAULT_DETAIL_NOC_LOCAL : TF_FAULT_DETAIL_NOC_ZERO_LEN,
                        len ? local : remote);
    }
    /* alignment (tf_memmap.h): a constant mask in each inlined copy but
     * the read's, which depends on the target */
    if (cmd != TF_NOC_CMD_ATOMIC_INC) {
        if (((uint32_t)rl ^ local) & (TF_NOC_ALIGN(cmd == TF_NOC_CMD_READ, bank >= 0) - 1))
            return noc_fail(sh,
                            cmd == TF_NOC_CMD_READ ? TF_FAULT_DETAIL_NOC_ALIGN_READ
                                                   : TF_FAULT_DETAIL_NOC_ALIGN_WRITE,
                            TF_NOC_ALIGN_AUX(local, remote));
    }
    if (cmd == TF_NOC_CMD_WRITE && bank >= 0 && dram_reserve(c, bank, rl, len))
        return noc_fail(sh, TF_FAULT_DETAIL_HOST_MEMORY, remote);
    /* timing: one injection through this NOC's port, then the network */
    uint64_t start = port_start(sh, noc, bytes);
    uint32_t lat = bank >= 0 ? sh->core->dram_lat[bank] : noc_latency(sh->core, x, y);
    return post(c, sh, noc, cmd, remote, local, len, bytes, bank, start, lat, 1);
}

static inline __attribute__((always_inline)) int noc_issue(sim_core_hart *sh, int noc, int cmd)
{
    sim_chip *c = sh->core->chip;
    uint64_t remote = ((uint64_t)noc_reg(sh, noc, TF_NOC_REG_REMOTE_HI) << 32) |
                      noc_reg(sh, noc, TF_NOC_REG_REMOTE_LO);
    uint32_t len = noc_reg(sh, noc, TF_NOC_REG_LEN), local = noc_reg(sh, noc, TF_NOC_REG_LOCAL);
    if (__builtin_expect(cmd == TF_NOC_CMD_READ, 1)) /* most transfers: the readers' */
        return issue_unicast(c, sh, noc, TF_NOC_CMD_READ, remote, len, local);
    switch (cmd) {
    case TF_NOC_CMD_WRITE: return issue_unicast(c, sh, noc, TF_NOC_CMD_WRITE, remote, len, local);
    case TF_NOC_CMD_ATOMIC_INC:
        return issue_unicast(c, sh, noc, TF_NOC_CMD_ATOMIC_INC, remote, len, local);
    }
    if (is_mcast(cmd)) return issue_mcast(sh, noc, cmd, remote, len, local);
    return noc_fail(sh, TF_FAULT_DETAIL_NOC_CMD, (uint64_t)(uint32_t)cmd);
}

int sim_noc_issue(sim_core_hart *sh, int noc, int cmd)
{
    return noc_issue(sh, noc, cmd);
}

/* A word store to a NOC command register (sim_bus.regs_call: word k of
 * the register blocks), as core.c's register store would do it; here so
 * that the issue is inlined into the hart's call (every transfer comes
 * this way). */
int sim_noc_cmd_store(void *ctx, sim_hart *h, uint32_t k, uint32_t val)
{
    sim_core_hart *sh = h->user;
    (void)ctx;
    if (sh->perf.blocked) sim_perf_settle(sh); /* the access that waited, retried */
    return noc_issue(sh, (int)(k / (TF_NOC_REG_SIZE / 4)), (int)val) ? TF_BUS_FAULT : TF_BUS_OK;
}

/* Room in the event heap for `more` events (before sim_noc_resolve). */
int sim_noc_reserve(sim_chip *c, int more)
{
    int live = c->cap_events - c->nfree;
    if (live + more <= c->cap_events) return 0;
    int cap = c->cap_events ? c->cap_events : 256;
    while (cap < live + more) cap *= 2;
    sim_noc_event *ne = realloc(c->events, (size_t)cap * sizeof *ne);
    if (!ne) return -1;
    c->events = ne;
    sim_noc_key *nk = realloc(c->heap, (size_t)cap * sizeof *nk);
    if (!nk) return -1;
    c->heap = nk;
    uint32_t *nf = realloc(c->free_slots, (size_t)cap * sizeof *nf);
    if (!nf) return -1;
    c->free_slots = nf;
    for (int i = cap - 1; i >= c->cap_events; i--) {
        nf[c->nfree++] = (uint32_t)i;
        ne[i].live = 0;
        ne[i].data = NULL;
    }
    c->cap_events = cap;
    return 0;
}

/* With several threads, the round's end settles what each issued
 * (after sim_noc_reserve): the event moves into the pool first. */
void sim_noc_resolve(sim_chip *c, sim_noc_event *e)
{
    uint32_t slot = c->free_slots[--c->nfree];
    c->events[slot] = *e;
    settle(c, slot);
}

/* A transfer issued this round that the round's end could not take in
 * (sim_noc_reserve out of host memory): it never lands. Its issue's
 * counts are taken back, so no barrier waits for it, and, when `fault`
 * (its issuer's first such transfer), the issuer faults with
 * TF_FAULT_DETAIL_HOST_MEMORY as it would have at the issue on one
 * thread (post): at its pc now, as if the NOC command's store
 * had faulted. */
void sim_noc_lost(sim_noc_event *e, int fault)
{
    sim_core_hart *sh = e->issuer;
    free(e->data);
    e->data = NULL;
    if (sh->generation != e->generation) return; /* the issuer was reset meanwhile */
    sim_noc_if *ni = &sh->noc[e->noc];
    int same = e->epoch == ni->trid_epoch[e->trid];
    if (e->kind == TF_NOC_CMD_READ) {
        ni->reads_pending--;
        if (same) ni->trid_pending[e->trid]--;
    } else if (is_atomic(e->kind)) {
        ni->atomics_pending--;
    } else {
        ni->writes_pending--;
        if (same) ni->wtrid_pending[e->trid]--;
    }
    if (fault)
        sim_core_fault_now(sh, TF_CAUSE_STORE_ACCESS, TF_MMIO_NOC_REG(e->noc, TF_NOC_REG_CMD),
                           TF_FAULT_DETAIL_HOST_MEMORY, e->remote);
}

/* Clear the counts of the transaction ids whose bits are set in mask (a
 * store to TRID_BARRIER: tt-metal's NOC_CLEAR_OUTSTANDING_REQ_CNT, bits
 * 0..15; higher bits name no id), this RISC's. Both the read and the write
 * id of that number restart from nothing: their barriers and tests no
 * longer wait for the transfers already issued with it, which still land
 * as issued (the global barriers still wait for them). When the writes
 * leave the core is kept (the NIU counts outgoing writes apart): a flush of
 * the id still waits until they have, so that their sources stay as they
 * were. An id with transfers still counted takes a new epoch, so that
 * those leave its new count alone. */
void sim_noc_trid_clear(sim_core_hart *sh, int noc, uint32_t mask)
{
    sim_noc_if *ni = &sh->noc[noc];
    for (int t = 0; t <= TF_NOC_MAX_TRID; t++) {
        if (!(mask >> t & 1u)) continue;
        if (ni->trid_pending[t] || ni->wtrid_pending[t])
            ni->trid_epoch[t] = (ni->trid_epoch[t] + 1) % TF_NOC_EPOCHS;
        ni->trid_pending[t] = ni->wtrid_pending[t] = 0;
        ni->trid_done_at[t] = ni->wtrid_done_at[t] = 0;
    }
}

/* The issuer flushes its writes on one NOC: from now on it may reuse their
 * sources, so each write still in flight takes a copy of its data. Out of
 * host memory for one, -1 with the RISC's fault detail set: the write
 * would read its source when it lands, after the kernel may have changed
 * it. */
static int snapshot(sim_core_hart *sh, int noc, sim_noc_event *ev, int n, int pool)
{
    for (int i = 0; i < n; i++) {
        sim_noc_event *e = &ev[i];
        if ((pool && !e->live) || e->issuer != sh || e->noc != noc || e->data ||
            e->generation != sh->generation || !is_write(e->kind))
            continue;
        e->data = malloc(e->len);
        if (!e->data) return noc_fail(sh, TF_FAULT_DETAIL_HOST_MEMORY, e->remote);
        memcpy(e->data, sh->core->l1->data + e->local, e->len);
    }
    return 0;
}

int sim_noc_snapshot_writes(sim_core_hart *sh, int noc)
{
    sim_chip *c = sh->core->chip;
    sim_worker *w = sh->core->worker;
    if (snapshot(sh, noc, c->events, c->cap_events, 1)) return -1; /* issued in earlier rounds */
    return snapshot(sh, noc, w->issued, w->nissued, 0);            /* this round */
}

/* Of the n events at ev (the pool's live ones when `pool`), those sh's
 * core issued that touch its L1 range inflight_addr/len: reads landing
 * there, or (writes) writes and multicasts whose source there is not
 * copied yet (neither landed nor flushed). (A parallel round's other
 * workers leave the pool alone and their own issued events are other
 * cores': a foreign event is passed over on its issuer's core alone,
 * before any field its worker may write.) */
static uint32_t inflight(const sim_core_hart *sh, const sim_noc_event *ev, int n, int pool,
                         int writes)
{
    uint32_t a = sh->inflight_addr, len = sh->inflight_len, count = 0;
    for (int i = 0; i < n; i++) {
        const sim_noc_event *e = &ev[i];
        if ((pool && !e->live) || e->issuer->core != sh->core ||
            e->generation != e->issuer->generation)
            continue;
        if (writes ? !is_write(e->kind) || e->data : e->kind != TF_NOC_CMD_READ) continue;
        if (e->local < a + len && a < e->local + e->len) count++;
    }
    return count;
}

/* TF_MMIO_INFLIGHT_READS / _WRITES: this core's transfers in flight over
 * the range the hart gave, issued in earlier rounds (the pool) or in this
 * one (its worker's list). Whether an event is still there at a hart's
 * question is the same on any number of threads (rounds fall alike, and
 * an event issued this round is counted wherever it waits to be settled),
 * so the answer is too. */
uint32_t sim_noc_inflight(const sim_core_hart *sh, int writes)
{
    const sim_chip *c = sh->core->chip;
    const sim_worker *w = sh->core->worker;
    return inflight(sh, c->events, c->cap_events, 1, writes) +
           inflight(sh, w->issued, w->nissued, 0, writes);
}

/* Copy a write's data (its snapshot, else the issuer's L1 now) to ep. */
static void write_to(sim_chip *c, const sim_noc_event *e, const noc_ep *ep)
{
    ep_put(c, ep, e->data ? e->data : e->issuer->core->l1->data + e->local, e->len, e->time);
}

/* An atomic increment of the L1 word at ep by incr, landing at time. */
static void atomic_add(const noc_ep *ep, uint32_t incr, uint64_t time)
{
    uint32_t w;
    memcpy(&w, ep->core->l1->data + ep->local, 4);
    w += incr;
    sim_core_l1_write(ep->core, (uint32_t)ep->local, &w, 4, time);
}

/* A write, an atomic or a multicast lands (complete_slot lands a read). */
static __attribute__((noinline)) void noc_complete(sim_chip *c, const sim_noc_event *e)
{
    sim_core *self = e->issuer->core;
    noc_ep ep;
    if (is_mcast(e->kind)) {
        /* every destination, in core order; the data lands everywhere when
         * the multicast completes */
        noc_rect r = mcast_rect(e->remote);
        unsigned ex = TF_NOC_CORE_X(self->x), ey = TF_NOC_CORE_Y(self->y);
        for (unsigned y = r.y0; y <= r.y1; y++)
            for (unsigned x = r.x0; x <= r.x1; x++) {
                if (x == ex && y == ey && e->kind != TF_NOC_CMD_WRITE_MCAST_SRC) continue;
                ep = (noc_ep){&c->cores[(int)(y - 1) * c->gx + (int)(x - 1)], -1,
                              TF_NOC_LOCAL(e->remote)};
                if (e->kind == TF_NOC_CMD_ATOMIC_INC_MCAST)
                    atomic_add(&ep, e->len, e->time);
                else
                    write_to(c, e, &ep);
            }
        if (e->kind == TF_NOC_CMD_WRITE_MCAST_SRC &&
            !(ex >= r.x0 && ex <= r.x1 && ey >= r.y0 && ey <= r.y1)) {
            ep = (noc_ep){self, -1, TF_NOC_LOCAL(e->remote)};
            write_to(c, e, &ep);
        }
    } else {
        /* resolved and validated at issue */
        ep = (noc_ep){e->bank >= 0 ? NULL : noc_core(c, e->remote), e->bank,
                      TF_NOC_LOCAL(e->remote)};
        switch (e->kind) {
        case TF_NOC_CMD_WRITE: write_to(c, e, &ep); break;
        case TF_NOC_CMD_ATOMIC_INC: atomic_add(&ep, e->len, e->time); break;
        }
    }
    sim_core_hart *sh = e->issuer;
    if (sh->generation != e->generation) return; /* the issuer was reset meanwhile */
    sim_noc_if *ni = &sh->noc[e->noc];
    if (is_atomic(e->kind)) {
        ni->atomics_pending--;
    } else {
        ni->writes_pending--;
        if (e->epoch == ni->trid_epoch[e->trid]) ni->wtrid_pending[e->trid]--;
    }
}

/* Complete the pool's event at `slot` and free it. A read (most
 * transfers: the readers' rows) lands here, inline: straight into the
 * issuer's L1 from DRAM or a core's L1. */
static inline __attribute__((always_inline)) void complete_slot(sim_chip *c, uint32_t slot)
{
    sim_noc_event *e = &c->events[slot];
    if (__builtin_expect(e->kind == TF_NOC_CMD_READ, 1)) {
        sim_core_hart *sh = e->issuer;
        sim_core *self = sh->core;
        uint8_t *dst = self->l1->data + e->local;
        uint64_t rl = TF_NOC_LOCAL(e->remote);
        if (e->bank >= 0)
            dram_get(c, e->bank, rl, dst, e->len);
        else
            copy_bytes(dst, noc_core(c, e->remote)->l1->data + rl, e->len);
        sim_mem_invalidate_in(self->l1, e->local - self->l1->base, e->len); /* checked at issue */
        if (e->local < TF_L1_MAILBOX + TF_L1_MAILBOX_SIZE) sim_core_wake(self, e->time);
        if (sh->generation == e->generation) {
            sim_noc_if *ni = &sh->noc[e->noc];
            ni->reads_pending--;
            if (e->epoch == ni->trid_epoch[e->trid]) ni->trid_pending[e->trid]--;
        }
    } else {
        noc_complete(c, e);
        if (e->data) {
            free(e->data);
            e->data = NULL;
        }
    }
    e->live = 0;
    c->free_slots[c->nfree++] = slot;
}

/* Complete every event due by `until`, in (time, seq) order. */
void sim_noc_process(sim_chip *c, uint64_t until)
{
    /* due before the wheel's base: they come first */
    while (c->nheap && c->heap[0].time < c->wheel_base && c->heap[0].time <= until)
        complete_slot(c, heap_pop(c));
    if (until < c->wheel_base) return;
    /* the wheel's slots up to `until` (at most one turn: a slot holds one
     * cycle), in cycle order from the base, a word of the bitmap at a time:
     * its slots in range are taken off at once, then each one's FIFO
     * completed (completions add no event). Most slots hold one event, so
     * what a slot costs beside its event is what an event costs: a bit
     * found and cleared in a register, not a bitmap word loaded, shifted
     * and stored again per slot. */
    uint64_t span = until - c->wheel_base < TF_NOC_WHEEL ? until - c->wheel_base : TF_NOC_WHEEL - 1;
    uint32_t w0 = (uint32_t)(c->wheel_base % TF_NOC_WHEEL);
    for (uint64_t d = 0; d <= span && c->nwheel;) {
        uint32_t w = (uint32_t)((w0 + d) % TF_NOC_WHEEL), b0 = w % 64;
        uint64_t *word = &c->wheel_bits[w / 64];
        uint64_t m = *word >> b0;
        if (!m) { /* an empty stretch (an idle chip's): on to the next word */
            d += 64 - b0;
            continue;
        }
        uint64_t n = 64 - b0; /* slots of this word from w on, those in range */
        if (n > span - d + 1) n = span - d + 1;
        if (n < 64) m &= (1ull << n) - 1;
        *word &= ~(m << b0);
        for (; m; m &= m - 1) {
            uint32_t ws = w + (uint32_t)__builtin_ctzll(m);
            uint32_t s = c->wheel_head[ws];
            c->wheel_head[ws] = c->wheel_tail[ws] = TF_NOC_WHEEL_NONE;
            do {
                uint32_t next = c->events[s].next;
                c->nwheel--;
                complete_slot(c, s);
                s = next;
            } while (s != TF_NOC_WHEEL_NONE);
        }
        d += n;
    }
    /* the wheel is empty up to `until`: what the heap holds in between is
     * due now too (beyond one turn of the wheel) */
    while (c->nheap && c->heap[0].time <= until) complete_slot(c, heap_pop(c));
    c->wheel_base = until + 1;
    /* the window moved: events now inside it go to their slots, in order */
    while (c->nheap && c->heap[0].time - c->wheel_base < TF_NOC_WHEEL) wheel_append(c, heap_pop(c));
}

void sim_noc_free_events(sim_chip *c)
{
    for (int i = 0; i < c->cap_events; i++)
        if (c->events[i].live) free(c->events[i].data);
    c->nheap = c->nwheel = 0;
}

void sim_noc_init_events(sim_chip *c)
{
    for (uint32_t w = 0; w < TF_NOC_WHEEL; w++)
        c->wheel_head[w] = c->wheel_tail[w] = TF_NOC_WHEEL_NONE;
}
