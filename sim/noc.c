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

#define TF_NOC_LATENCY          40
#define TF_NOC_HOP_LATENCY      2
#define TF_NOC_DRAM_LATENCY     150
#define TF_NOC_MCAST_ACK_CYCLES 1

/* ---- DRAM ------------------------------------------------------------------ */

static uint8_t *dram_chunk(sim_chip *c, int bank, uint64_t idx, int create)
{
    sim_dram_bank *b = &c->banks[bank];
    if (!b->chunks[idx] && create) b->chunks[idx] = calloc(1, TF_DRAM_CHUNK);
    return b->chunks[idx];
}

int sim_dram_read(sim_chip *c, int bank, uint64_t addr, void *dst, uint64_t n)
{
    uint8_t *d = dst;
    while (n) {
        uint64_t idx = addr / TF_DRAM_CHUNK, off = addr % TF_DRAM_CHUNK;
        uint64_t k = TF_DRAM_CHUNK - off < n ? TF_DRAM_CHUNK - off : n;
        uint8_t *ch = dram_chunk(c, bank, idx, 0);
        if (ch)
            memcpy(d, ch + off, k);
        else
            memset(d, 0, k); /* never written: reads as zero */
        d += k;
        addr += k;
        n -= k;
    }
    return 0;
}

int sim_dram_write(sim_chip *c, int bank, uint64_t addr, const void *src, uint64_t n)
{
    const uint8_t *s = src;
    while (n) {
        uint64_t idx = addr / TF_DRAM_CHUNK, off = addr % TF_DRAM_CHUNK;
        uint64_t k = TF_DRAM_CHUNK - off < n ? TF_DRAM_CHUNK - off : n;
        uint8_t *ch = dram_chunk(c, bank, idx, 1);
        if (!ch) return -1;
        memcpy(ch + off, s, k);
        s += k;
        addr += k;
        n -= k;
    }
    return 0;
}

void sim_dram_free(sim_chip *c)
{
    for (int b = 0; b < c->nbanks && c->banks; b++) {
        for (uint64_t i = 0; i < c->banks[b].nchunks; i++) free(c->banks[b].chunks[i]);
        free(c->banks[b].chunks);
    }
}

/* ---- endpoints --------------------------------------------------------------- */

typedef struct noc_ep {
    sim_core *core; /* NULL for DRAM */
    int bank;
    uint64_t local;
} noc_ep;

/* Resolve a NOC address for a transfer of n bytes; -1 with a fault detail. */
static int noc_resolve(sim_chip *c, uint64_t na, uint64_t n, noc_ep *ep, uint32_t *detail)
{
    unsigned x = TF_NOC_X(na), y = TF_NOC_Y(na);
    ep->local = TF_NOC_LOCAL(na);
    ep->core = NULL;
    ep->bank = -1;
    uint64_t limit;
    if (x == TF_NOC_DRAM_X && y >= 1 && (int)y - 1 < c->nbanks) {
        ep->bank = (int)y - 1;
        limit = c->bank_size;
    } else if (x >= 1 && (int)x - 1 < c->gx && y >= 1 && (int)y - 1 < c->gy) {
        ep->core = &c->cores[(int)(y - 1) * c->gx + (int)(x - 1)];
        limit = TF_L1_SIZE;
    } else {
        *detail = TF_FAULT_DETAIL_NOC_BAD_XY;
        return -1;
    }
    if (ep->local > limit || n > limit - ep->local) {
        *detail = TF_FAULT_DETAIL_NOC_RANGE;
        return -1;
    }
    return 0;
}

static void ep_read(sim_chip *c, const noc_ep *ep, uint64_t off, void *dst, uint64_t n)
{
    if (ep->core)
        memcpy(dst, ep->core->l1->data + ep->local + off, n);
    else
        sim_dram_read(c, ep->bank, ep->local + off, dst, n);
}

static void ep_write(sim_chip *c, const noc_ep *ep, uint64_t off, const void *src, uint64_t n,
                     uint64_t time)
{
    if (ep->core)
        sim_core_l1_write(ep->core, (uint32_t)(ep->local + off), src, (uint32_t)n, time);
    else
        sim_dram_write(c, ep->bank, ep->local + off, src, n);
}

/* ---- event heap on (time, seq) ------------------------------------------------ */

static int ev_less(const sim_noc_event *a, const sim_noc_event *b)
{
    return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

static int ev_push(sim_chip *c, const sim_noc_event *e)
{
    if (c->nevents == c->cap_events) {
        int cap = c->cap_events ? c->cap_events * 2 : 256;
        sim_noc_event *ne = realloc(c->events, (size_t)cap * sizeof *ne);
        if (!ne) return -1;
        c->events = ne;
        c->cap_events = cap;
    }
    int i = c->nevents++;
    c->events[i] = *e;
    while (i > 0) {
        int p = (i - 1) / 2;
        if (!ev_less(&c->events[i], &c->events[p])) break;
        sim_noc_event t = c->events[i];
        c->events[i] = c->events[p];
        c->events[p] = t;
        i = p;
    }
    return 0;
}

static void ev_pop(sim_chip *c, sim_noc_event *out)
{
    *out = c->events[0];
    c->events[0] = c->events[--c->nevents];
    int i = 0;
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < c->nevents && ev_less(&c->events[l], &c->events[m])) m = l;
        if (r < c->nevents && ev_less(&c->events[r], &c->events[m])) m = r;
        if (m == i) break;
        sim_noc_event t = c->events[i];
        c->events[i] = c->events[m];
        c->events[m] = t;
        i = m;
    }
}

uint64_t sim_noc_next_event(const sim_chip *c)
{
    return c->nevents ? c->events[0].time : UINT64_MAX;
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

static int is_mcast(int kind)
{
    return kind == TF_NOC_CMD_WRITE_MCAST || kind == TF_NOC_CMD_WRITE_MCAST_SRC;
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
 * L1, num_dests is the number of cores it writes. */
static int mcast_check(sim_core_hart *sh, sim_noc_if *ni, int cmd, uint64_t remote, uint32_t len,
                       noc_rect *r, uint32_t *dests)
{
    sim_chip *c = sh->core->chip;
    *r = mcast_rect(remote);
    if (r->x0 < 1 || r->y0 < 1 || (int)r->x1 > c->gx || (int)r->y1 > c->gy)
        return noc_fail(sh, TF_FAULT_DETAIL_NOC_MCAST, remote);
    uint64_t local = TF_NOC_LOCAL(remote);
    if (local > TF_L1_SIZE || len > TF_L1_SIZE - local)
        return noc_fail(sh, TF_FAULT_DETAIL_NOC_RANGE, remote);
    unsigned ex = TF_NOC_CORE_X(sh->core->x), ey = TF_NOC_CORE_Y(sh->core->y);
    *dests = mcast_dests(r, ex, ey, cmd == TF_NOC_CMD_WRITE_MCAST_SRC);
    if (*dests == 0 || *dests != ni->num_dests || *dests > 0xffff)
        return noc_fail(sh, TF_FAULT_DETAIL_NOC_MCAST_DESTS,
                        (uint64_t)TF_MCAST_RECT(TF_NOC_MCAST_XS(remote), TF_NOC_MCAST_YS(remote),
                                                TF_NOC_X(remote), TF_NOC_Y(remote)) |
                            ((uint64_t)((ni->num_dests & 0xffff) << 16 | (*dests & 0xffff)) << 32));
    return 0;
}

int sim_noc_issue(sim_core_hart *sh, int noc, int cmd)
{
    sim_chip *c = sh->core->chip;
    sim_noc_if *ni = &sh->noc[noc];
    uint64_t remote = ((uint64_t)ni->remote_hi << 32) | ni->remote_lo;
    uint32_t len = ni->len, local = ni->local;
    if (cmd < TF_NOC_CMD_READ || cmd > TF_NOC_CMD_WRITE_MCAST_SRC)
        return noc_fail(sh, TF_FAULT_DETAIL_NOC_CMD, (uint64_t)(uint32_t)cmd);
    uint32_t bytes = cmd == TF_NOC_CMD_ATOMIC_INC ? 4 : len;
    noc_ep ep = {0};
    noc_rect rect = {0};
    uint32_t detail, dests = 1;
    if (is_mcast(cmd)) {
        if (mcast_check(sh, ni, cmd, remote, len, &rect, &dests)) return -1;
    } else if (noc_resolve(c, remote, bytes, &ep, &detail)) {
        return noc_fail(sh, detail, remote);
    }
    if (cmd == TF_NOC_CMD_ATOMIC_INC) {
        if (!ep.core || (ep.local & 3)) return noc_fail(sh, TF_FAULT_DETAIL_NOC_ATOMIC, remote);
    } else if (len == 0 || local > TF_L1_SIZE || len > TF_L1_SIZE - local) {
        return noc_fail(sh, TF_FAULT_DETAIL_NOC_LOCAL, local);
    }
    /* timing: one injection through this NOC's port, then the network */
    uint64_t t = sim_hart_cycle(&sh->h);
    unsigned ex = TF_NOC_CORE_X(sh->core->x), ey = TF_NOC_CORE_Y(sh->core->y);
    unsigned hops;
    if (is_mcast(cmd)) /* to the farthest destination: a corner */
        hops = umax(udist(ex, rect.x0), udist(ex, rect.x1)) +
               umax(udist(ey, rect.y0), udist(ey, rect.y1));
    else
        hops = udist(ex, TF_NOC_X(remote)) + udist(ey, TF_NOC_Y(remote));
    uint64_t start = umax(t, ni->port_free);
    ni->port_free = start + (bytes + TF_NOC_PORT_BYTES_PER_CYCLE - 1) / TF_NOC_PORT_BYTES_PER_CYCLE;
    uint64_t end = ni->port_free, lat = TF_NOC_LATENCY + (uint64_t)TF_NOC_HOP_LATENCY * hops;
    if (is_mcast(cmd)) {
        lat += dests * TF_NOC_MCAST_ACK_CYCLES; /* the sender collects one ack per core */
    } else if (!ep.core) {
        sim_dram_bank *b = &c->banks[ep.bank];
        uint64_t bstart = umax(start, b->busy_until);
        b->busy_until = bstart + (bytes + TF_DRAM_BYTES_PER_CYCLE - 1) / TF_DRAM_BYTES_PER_CYCLE;
        end = umax(end, b->busy_until);
        lat += TF_NOC_DRAM_LATENCY;
    }
    sim_noc_event e = {
        .time = end + lat,
        .seq = c->seq++,
        .kind = cmd,
        .noc = noc,
        .issuer = sh,
        .generation = sh->generation,
        .local = local,
        .remote = remote,
        .len = len,
    };
    if (ev_push(c, &e)) return noc_fail(sh, TF_FAULT_DETAIL_NOC_CMD, (uint64_t)cmd);
    if (cmd == TF_NOC_CMD_READ) {
        ni->reads_pending++;
        ni->reads_done_at = umax(ni->reads_done_at, e.time);
    } else if (cmd == TF_NOC_CMD_ATOMIC_INC) {
        ni->atomics_pending++;
        ni->atomics_done_at = umax(ni->atomics_done_at, e.time);
    } else {
        ni->writes_pending++;
        ni->writes_done_at = umax(ni->writes_done_at, e.time);
        ni->writes_sent_at = umax(ni->writes_sent_at, ni->port_free);
    }
    sim_perf_noc(sh, noc, cmd, bytes, dests, is_mcast(cmd) || ep.core ? -1 : ep.bank);
    return 0;
}

/* The issuer flushes its writes on one NOC: from now on it may reuse their
 * sources, so each write still in flight takes a copy of its data. */
void sim_noc_snapshot_writes(sim_core_hart *sh, int noc)
{
    sim_chip *c = sh->core->chip;
    for (int i = 0; i < c->nevents; i++) {
        sim_noc_event *e = &c->events[i];
        if (e->issuer != sh || e->noc != noc || e->data || e->generation != sh->generation ||
            (e->kind != TF_NOC_CMD_WRITE && !is_mcast(e->kind)))
            continue;
        e->data = malloc(e->len);
        if (e->data) memcpy(e->data, sh->core->l1->data + e->local, e->len);
        /* out of host memory: the write reads its source when it lands */
    }
}

/* Copy a write's data (its snapshot, else the issuer's L1 now) to ep. */
static void write_to(sim_chip *c, const sim_noc_event *e, const noc_ep *ep)
{
    sim_core *self = e->issuer->core;
    uint8_t buf[4096];
    for (uint32_t off = 0; off < e->len; off += sizeof buf) {
        uint32_t k = e->len - off < sizeof buf ? e->len - off : (uint32_t)sizeof buf;
        memcpy(buf, (e->data ? e->data : self->l1->data + e->local) + off, k);
        ep_write(c, ep, off, buf, k, e->time);
    }
}

static void noc_complete(sim_chip *c, const sim_noc_event *e)
{
    sim_core *self = e->issuer->core;
    noc_ep ep;
    uint32_t detail;
    uint32_t bytes = e->kind == TF_NOC_CMD_ATOMIC_INC ? 4 : e->len;
    if (is_mcast(e->kind)) {
        /* every destination, in core order; the data lands everywhere when
         * the multicast completes */
        noc_rect r = mcast_rect(e->remote);
        unsigned ex = TF_NOC_CORE_X(self->x), ey = TF_NOC_CORE_Y(self->y);
        for (unsigned y = r.y0; y <= r.y1; y++)
            for (unsigned x = r.x0; x <= r.x1; x++) {
                if (x == ex && y == ey && e->kind == TF_NOC_CMD_WRITE_MCAST) continue;
                ep = (noc_ep){&c->cores[(int)(y - 1) * c->gx + (int)(x - 1)], -1,
                              TF_NOC_LOCAL(e->remote)};
                write_to(c, e, &ep);
            }
        if (e->kind == TF_NOC_CMD_WRITE_MCAST_SRC &&
            !(ex >= r.x0 && ex <= r.x1 && ey >= r.y0 && ey <= r.y1)) {
            ep = (noc_ep){self, -1, TF_NOC_LOCAL(e->remote)};
            write_to(c, e, &ep);
        }
    } else if (noc_resolve(c, e->remote, bytes, &ep, &detail)) {
        return; /* validated at issue */
    } else {
        uint8_t buf[4096];
        switch (e->kind) {
        case TF_NOC_CMD_READ:
            for (uint32_t off = 0; off < e->len; off += sizeof buf) {
                uint32_t k = e->len - off < sizeof buf ? e->len - off : (uint32_t)sizeof buf;
                ep_read(c, &ep, off, buf, k);
                sim_core_l1_write(self, e->local + off, buf, k, e->time);
            }
            break;
        case TF_NOC_CMD_WRITE: write_to(c, e, &ep); break;
        case TF_NOC_CMD_ATOMIC_INC: {
            uint32_t w;
            memcpy(&w, ep.core->l1->data + ep.local, 4);
            w += e->len;
            sim_core_l1_write(ep.core, (uint32_t)ep.local, &w, 4, e->time);
            break;
        }
        }
    }
    sim_core_hart *sh = e->issuer;
    if (sh->generation != e->generation) return; /* the issuer was reset meanwhile */
    sim_noc_if *ni = &sh->noc[e->noc];
    if (e->kind == TF_NOC_CMD_READ)
        ni->reads_pending--;
    else if (e->kind == TF_NOC_CMD_ATOMIC_INC)
        ni->atomics_pending--;
    else
        ni->writes_pending--;
}

void sim_noc_process(sim_chip *c, uint64_t until)
{
    while (c->nevents && c->events[0].time <= until) {
        sim_noc_event e;
        ev_pop(c, &e);
        noc_complete(c, &e);
        free(e.data);
    }
}

void sim_noc_free_events(sim_chip *c)
{
    for (int i = 0; i < c->nevents; i++) free(c->events[i].data);
    c->nevents = 0;
}
