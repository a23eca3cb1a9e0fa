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
 * write. Data is copied when the transfer completes. */
#include "chip.h"

#include <stdlib.h>
#include <string.h>

#define TF_NOC_PORT_BYTES_PER_CYCLE 64
#define TF_DRAM_BYTES_PER_CYCLE     32
#define TF_NOC_LATENCY              40
#define TF_NOC_HOP_LATENCY          2
#define TF_NOC_DRAM_LATENCY         150

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

int sim_noc_issue(sim_core_hart *sh, int cmd)
{
    sim_chip *c = sh->core->chip;
    uint64_t remote = ((uint64_t)sh->noc_remote_hi << 32) | sh->noc_remote_lo;
    uint32_t len = sh->noc_len, local = sh->noc_local;
    if (cmd != TF_NOC_CMD_READ && cmd != TF_NOC_CMD_WRITE && cmd != TF_NOC_CMD_ATOMIC_INC)
        return noc_fail(sh, TF_FAULT_DETAIL_NOC_CMD, (uint64_t)(uint32_t)cmd);
    uint32_t bytes = cmd == TF_NOC_CMD_ATOMIC_INC ? 4 : len;
    noc_ep ep;
    uint32_t detail;
    if (noc_resolve(c, remote, bytes, &ep, &detail)) return noc_fail(sh, detail, remote);
    if (cmd == TF_NOC_CMD_ATOMIC_INC) {
        if (!ep.core || (ep.local & 3)) return noc_fail(sh, TF_FAULT_DETAIL_NOC_ATOMIC, remote);
    } else if (len == 0 || local > TF_L1_SIZE || len > TF_L1_SIZE - local) {
        return noc_fail(sh, TF_FAULT_DETAIL_NOC_LOCAL, local);
    }
    /* timing */
    uint64_t t = sim_hart_cycle(&sh->h);
    int ex = TF_NOC_CORE_X(sh->core->x), ey = TF_NOC_CORE_Y(sh->core->y);
    int tx = (int)TF_NOC_X(remote), ty = (int)TF_NOC_Y(remote);
    int hops = abs(ex - tx) + abs(ey - ty);
    uint64_t start = umax(t, sh->port_free);
    sh->port_free = start + (bytes + TF_NOC_PORT_BYTES_PER_CYCLE - 1) / TF_NOC_PORT_BYTES_PER_CYCLE;
    uint64_t end = sh->port_free, lat = TF_NOC_LATENCY + (uint64_t)TF_NOC_HOP_LATENCY * hops;
    if (!ep.core) {
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
        .issuer = sh,
        .generation = sh->generation,
        .local = local,
        .remote = remote,
        .len = len,
    };
    if (ev_push(c, &e)) return noc_fail(sh, TF_FAULT_DETAIL_NOC_CMD, (uint64_t)cmd);
    if (cmd == TF_NOC_CMD_READ) {
        sh->reads_pending++;
        sh->reads_done_at = umax(sh->reads_done_at, e.time);
    } else {
        sh->writes_pending++;
        sh->writes_done_at = umax(sh->writes_done_at, e.time);
    }
    return 0;
}

static void noc_complete(sim_chip *c, const sim_noc_event *e)
{
    sim_core *self = e->issuer->core;
    noc_ep ep;
    uint32_t detail;
    uint32_t bytes = e->kind == TF_NOC_CMD_ATOMIC_INC ? 4 : e->len;
    if (noc_resolve(c, e->remote, bytes, &ep, &detail)) return; /* validated at issue */
    uint8_t buf[4096];
    switch (e->kind) {
    case TF_NOC_CMD_READ:
        for (uint32_t off = 0; off < e->len; off += sizeof buf) {
            uint32_t k = e->len - off < sizeof buf ? e->len - off : (uint32_t)sizeof buf;
            ep_read(c, &ep, off, buf, k);
            sim_core_l1_write(self, e->local + off, buf, k, e->time);
        }
        break;
    case TF_NOC_CMD_WRITE:
        for (uint32_t off = 0; off < e->len; off += sizeof buf) {
            uint32_t k = e->len - off < sizeof buf ? e->len - off : (uint32_t)sizeof buf;
            memcpy(buf, self->l1->data + e->local + off, k);
            ep_write(c, &ep, off, buf, k, e->time);
        }
        break;
    case TF_NOC_CMD_ATOMIC_INC: {
        uint32_t w;
        memcpy(&w, ep.core->l1->data + ep.local, 4);
        w += e->len;
        sim_core_l1_write(ep.core, (uint32_t)ep.local, &w, 4, e->time);
        break;
    }
    }
    sim_core_hart *sh = e->issuer;
    if (sh->generation != e->generation) return; /* the issuer was reset meanwhile */
    if (e->kind == TF_NOC_CMD_READ)
        sh->reads_pending--;
    else
        sh->writes_pending--;
}

void sim_noc_process(sim_chip *c, uint64_t until)
{
    while (c->nevents && c->events[0].time <= until) {
        sim_noc_event e;
        ev_pop(c, &e);
        noc_complete(c, &e);
    }
}
