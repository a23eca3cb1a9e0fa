/* Buffers in DRAM and L1: bump allocators per pool (one per DRAM bank, one
 * per core's L1) with LIFO reclamation, a persistent watermark for
 * long-lived L1 buffers, pool resets, and blocking host copies. Every
 * allocation, free and reset is reported to the host profiler's memory log. */
#include "rt_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Allocation alignment, DRAM and L1 alike: Blackhole's DRAM alignment
 * (TF_DRAM_ALIGNMENT, 64). A NOC read from DRAM must agree with its L1
 * address modulo 64 (tf_memmap.h), so a DRAM page read into the start of
 * any buffer or circular buffer lines up. (tt-metal aligns its circular
 * buffers so, but its plain L1 buffers only to 16: docs/runtime.md.) */
#define TF_BUFFER_ALIGN TF_DRAM_ALIGNMENT

/* size rounded up to TF_BUFFER_ALIGN, or UINT64_MAX where that would wrap
 * (a size near 2^64 once became a 0-byte buffer that every pool took) */
static uint64_t aligned_size(uint64_t size)
{
    if (size > UINT64_MAX - (TF_BUFFER_ALIGN - 1)) return UINT64_MAX;
    return (size + TF_BUFFER_ALIGN - 1) & ~(uint64_t)(TF_BUFFER_ALIGN - 1);
}

void rt_pool_init(rt_pool *p, const char *name, int x, int y, uint64_t base, uint64_t limit)
{
    memset(p, 0, sizeof *p);
    p->name = name;
    p->x = x;
    p->y = y;
    p->base = p->top = p->watermark = base;
    p->limit = limit;
}

/* Memory events: DRAM buffers are keyed by bank and address in one pool.
 * A buffer's pool id is kept with its rt_pool (RT_CORE_POOL_ID), so its
 * events look nothing up: a dispatch-bound program makes a few an op (its
 * CBs' buffers, made and freed with the program). */
static uint32_t event_pool(tf_buffer *b)
{
    rt_pool *p = b->pool;
    return b->persistent ? RT_CORE_POOL_ID(&p->prof_pool[1], "Device L1 persistent", b->dev->number,
                                           p->x, p->y)
                         : RT_CORE_POOL_ID(&p->prof_pool[0], p->name, b->dev->number, p->x, p->y);
}

static uint64_t event_key(const tf_buffer *b)
{
    return b->bank >= 0 ? b->addr | ((uint64_t)b->bank << 40) : b->addr;
}

static void mem_event_alloc(tf_buffer *b)
{
    if (!TF_MEM_RECORDING()) return;
    if (b->parent && b->bank >= 0) /* an interleaved buffer's pages in one bank */
        rt_interleaved_dram_event(b->dev, b->bank, 1, event_key(b), b->size);
    else
        TF_ALLOC_ID(event_pool(b), event_key(b), b->size);
}

static void mem_event_free(tf_buffer *b)
{
    if (!TF_MEM_RECORDING()) return;
    if (b->parent && b->bank >= 0)
        rt_interleaved_dram_event(b->dev, b->bank, 0, event_key(b), 0);
    else
        TF_FREE_ID(event_pool(b), event_key(b));
}

static void pool_unlink(rt_pool *p, tf_buffer *b)
{
    if (b->prev)
        b->prev->next = b->next;
    else
        p->first = b->next;
    if (b->next)
        b->next->prev = b->prev;
    else
        p->last = b->prev;
    b->prev = b->next = NULL;
}

/* Lower `top` past freed buffers at the top of the pool. */
static void pool_reclaim(rt_pool *p)
{
    while (p->last && p->last->state == TF_BUF_FREED) {
        tf_buffer *b = p->last;
        pool_unlink(p, b);
        p->top = b->addr;
        if (p->watermark > p->top) p->watermark = p->top;
        b->pool = NULL;
        cm_handle_free(b); /* its handle was already given back */
    }
    if (!p->last) p->top = p->watermark = p->base;
}

/* b freed by the program (its memory event written): back to its pool
 * now, or held while a launch is in flight (TF_BUF_HELD). */
static void release(tf_buffer *b)
{
    tf_device *dev = b->dev;
    if (dev->launches) {
        b->state = TF_BUF_HELD;
        dev->held++;
        return;
    }
    b->state = TF_BUF_FREED;
    pool_reclaim(b->pool);
}

static void release_held_in(tf_device *dev, rt_pool *p)
{
    int any = 0;
    for (tf_buffer *b = p->first; b; b = b->next)
        if (b->state == TF_BUF_HELD) {
            b->state = TF_BUF_FREED;
            dev->held--;
            any = 1;
        }
    if (any) pool_reclaim(p);
}

int rt_buffer_on_top(const tf_buffer *b)
{
    return b->pool && b->pool->last == b;
}

void rt_buffers_release_held(tf_device *dev)
{
    if (!dev->held || dev->launches) return;
    if (dev->ibuf_stale && rt_ibuf_sync(dev)) cm_warn("%s", tf_last_error());
    dev->ibuf_stale = 0;
    for (int i = 0; i < dev->info.grid_x * dev->info.grid_y && dev->held; i++)
        release_held_in(dev, &dev->cores[i].l1);
    for (int i = 0; i < dev->info.dram_banks && dev->held; i++) release_held_in(dev, &dev->dram[i]);
    CM_ASSERT(dev->held == 0);
}

static const char *pool_label(const rt_pool *p, char *buf, size_t n)
{
    if (p->x < 0)
        snprintf(buf, n, "%s", p->name);
    else
        snprintf(buf, n, "%s (%d,%d)", p->name, p->x, p->y);
    return buf;
}

/* Put b at the top of pool, asize bytes. */
static void place(tf_buffer *b, rt_pool *pool, uint64_t asize)
{
    b->pool = pool;
    b->addr = pool->top;
    b->state = TF_BUF_LIVE;
    pool->top += asize;
    if (b->persistent) pool->watermark = pool->top;
    b->prev = pool->last;
    if (pool->last)
        pool->last->next = b;
    else
        pool->first = b;
    pool->last = b;
}

tf_buffer *rt_buffer_new(tf_device *dev, rt_pool *pool, int bank, uint64_t size, int persistent)
{
    char label[64];
    if (size == 0)
        return cm_err_null("%s: cannot allocate a 0-byte buffer",
                           pool_label(pool, label, sizeof label));
    uint64_t asize = aligned_size(size);
    if (persistent && pool->top != pool->watermark)
        return cm_err_null("%s: persistent L1 buffers must be allocated before transient ones; "
                           "%llu bytes of transient buffers are live (allocate persistent "
                           "buffers first, or after tf_l1_reset)",
                           pool_label(pool, label, sizeof label),
                           (unsigned long long)(pool->top - pool->watermark));
    if (asize > pool->limit - pool->top)
        return cm_err_null("out of %s: requested %llu bytes, %llu bytes left (%llu in use of "
                           "%llu)",
                           pool_label(pool, label, sizeof label), (unsigned long long)size,
                           (unsigned long long)(pool->limit - pool->top),
                           (unsigned long long)(pool->top - pool->base),
                           (unsigned long long)(pool->limit - pool->base));
    tf_buffer *b = calloc(1, sizeof *b);
    if (!b) return cm_err_null("out of host memory");
    if (cm_handle_add(b, CM_H_BUFFER)) {
        cm_handle_free(b);
        return NULL;
    }
    b->dev = dev;
    b->bank = bank;
    b->persistent = persistent;
    b->size = size;
    place(b, pool, asize);
    rt_buffer_link(dev, b);
    mem_event_alloc(b);
    return b;
}

/* Bank `bank` (DRAM, or -1 for an L1 bank) of an interleaved buffer: size
 * bytes at addr (>= the pool's top; the caller checked it fits). */
tf_buffer *rt_buffer_new_slice(tf_buffer *parent, rt_pool *pool, int bank, uint64_t addr,
                               uint64_t size)
{
    CM_ASSERT(addr >= pool->top && size <= pool->limit - addr);
    tf_buffer *b = calloc(1, sizeof *b);
    if (!b) return cm_err_null("out of host memory");
    b->dev = parent->dev;
    b->bank = bank;
    b->size = size;
    b->parent = parent;
    pool->top = addr; /* the gap below stays unused until the pool shrinks past it */
    place(b, pool, aligned_size(size));
    mem_event_alloc(b);
    return b;
}

/* The handle of a buffer made of slices (interleaved.c, sharded.c):
 * registered, live, at addr, of size bytes, with room for nslices slices
 * (none made yet) and not yet in the device's list (rt_buffer_link, once
 * its slices are). NULL: out of host memory. */
tf_buffer *rt_buffer_new_handle(tf_device *dev, uint64_t addr, uint64_t size, int nslices)
{
    tf_buffer *h = calloc(1, sizeof *h);
    if (h) h->slices = calloc((size_t)nslices, sizeof *h->slices);
    if (!h || !h->slices || cm_handle_add(h, CM_H_BUFFER)) {
        if (h) free(h->slices);
        free(h);
        return cm_err_null("out of host memory");
    }
    h->dev = dev;
    h->bank = -1;
    h->state = TF_BUF_LIVE;
    h->addr = addr;
    h->size = size;
    h->nslices = nslices;
    return h;
}

/* Free a handle made by rt_buffer_new_handle, already out of the device's
 * list, and its slices. */
void rt_buffer_free_sliced(tf_buffer *b)
{
    for (int i = 0; i < b->nslices; i++)
        if (b->slices[i]) rt_buffer_free_slice(b->slices[i]);
    free(b->slices);
    cm_handle_free(b); /* (a stale handle must not pass as the next buffer made here) */
}

/* The bytes buffer b has in core's L1 (its shard there, or all of a plain
 * L1 buffer of that core); 0 when it has none there. */
uint64_t rt_buffer_l1_bytes(const tf_buffer *b, tf_core core)
{
    if (b->sharded) {
        for (int i = 0; i < b->nslices; i++) {
            const rt_pool *p = b->slices[i] ? b->slices[i]->pool : NULL;
            if (p && p->x == core.x && p->y == core.y) return b->slices[i]->size;
        }
        return 0;
    }
    if (b->interleaved || b->bank >= 0 || !b->pool) return 0;
    return b->pool->x == core.x && b->pool->y == core.y ? b->size : 0;
}

/* Scatter (write) or gather (read) n bytes at offset off of a buffer made
 * of pages, page by page, each where at() says it is. */
int rt_paged_io(tf_buffer *b, uint64_t off, void *ptr, uint64_t n, int write,
                void (*at)(const tf_buffer *b, uint64_t page, rt_page_at *where))
{
    tf_transport *t = b->dev->tr;
    uint8_t *p = ptr;
    while (n) {
        uint64_t page = off / b->page_size, in = off % b->page_size;
        uint64_t k = b->page_size - in < n ? b->page_size - in : n;
        rt_page_at w;
        at(b, page, &w);
        uint64_t a = w.addr + in;
        int rc = w.bank >= 0 ? (write ? t->ops->write_dram(t, w.bank, a, p, k)
                                      : t->ops->read_dram(t, w.bank, a, p, k))
                 : write     ? t->ops->write_l1(t, w.x, w.y, (uint32_t)a, p, (uint32_t)k)
                             : t->ops->read_l1(t, w.x, w.y, (uint32_t)a, p, (uint32_t)k);
        if (rc) return -1;
        p += k;
        off += k;
        n -= k;
    }
    return 0;
}

/* b into the device's list of handles (what device close releases). */
void rt_buffer_link(tf_device *dev, tf_buffer *b)
{
    b->all_next = dev->buffers;
    if (dev->buffers) dev->buffers->all_prev = b;
    dev->buffers = b;
}

/* Free a slice of an interleaved buffer being freed. */
void rt_buffer_free_slice(tf_buffer *b)
{
    if (b->state == TF_BUF_RELEASED) { /* gone with its pool's reset */
        cm_handle_free(b);
        return;
    }
    mem_event_free(b);
    b->parent = NULL; /* freed before this slice may be reclaimed */
    release(b);
}

static tf_buffer *create_dram(tf_device *dev, uint64_t size)
{
    /* Round-robin over banks with room, starting after the last one used. */
    int nb = dev->info.dram_banks;
    uint64_t asize = aligned_size(size);
    for (int i = 0; i < nb; i++) {
        int bank = (dev->dram_cursor + i) % nb;
        rt_pool *p = &dev->dram[bank];
        if (size && asize <= p->limit - p->top) {
            dev->dram_cursor = (bank + 1) % nb;
            return rt_buffer_new(dev, p, bank, size, 0);
        }
    }
    uint64_t best = 0;
    for (int i = 0; i < nb; i++)
        if (dev->dram[i].limit - dev->dram[i].top > best)
            best = dev->dram[i].limit - dev->dram[i].top;
    if (!size) return cm_err_null("Device DRAM: cannot allocate a 0-byte buffer");
    return cm_err_null("out of Device DRAM: requested %llu bytes, the largest free space in one "
                       "of the %d banks is %llu bytes",
                       (unsigned long long)size, nb, (unsigned long long)best);
}

tf_buffer *tf_buffer_create_dram(tf_device *dev, uint64_t size)
{
    if (!dev) return cm_err_null("tf_buffer_create_dram: NULL device");
    if (cm_handle_check(dev, CM_H_DEVICE, "tf_buffer_create_dram")) return NULL;
    RT_DEV_CALL(dev, "tf_buffer_create_dram", NULL, create_dram(dev, size));
}

static tf_buffer *create_l1(tf_device *dev, tf_core core, uint32_t size, int persistent)
{
    rt_core_state *cs = &dev->cores[rt_dev_core_index(dev, core)];
    return rt_buffer_new(dev, &cs->l1, -1, size, persistent);
}

tf_buffer *tf_buffer_create_l1(tf_device *dev, tf_core core, uint32_t size)
{
    if (rt_dev_check_core(dev, core, 1, "tf_buffer_create_l1")) return NULL;
    RT_DEV_CALL(dev, "tf_buffer_create_l1", NULL, create_l1(dev, core, size, 0));
}

tf_buffer *tf_buffer_create_l1_persistent(tf_device *dev, tf_core core, uint32_t size)
{
    if (rt_dev_check_core(dev, core, 1, "tf_buffer_create_l1_persistent")) return NULL;
    RT_DEV_CALL(dev, "tf_buffer_create_l1_persistent", NULL, create_l1(dev, core, size, 1));
}

static void unlink_handle(tf_buffer *b)
{
    tf_device *dev = b->dev;
    if (b->all_prev)
        b->all_prev->all_next = b->all_next;
    else
        dev->buffers = b->all_next;
    if (b->all_next) b->all_next->all_prev = b->all_prev;
    b->all_prev = b->all_next = NULL;
}

/* Takes b off the handle table and the device's list. 1: b was a plain
 * buffer already gone with its pool's reset (no pool), its handle freed
 * here and nothing left to do. An interleaved buffer, released or not, is
 * left to rt_interleaved_free (its pages are buffers of their own). */
static int detach(tf_buffer *b)
{
    cm_handle_remove(b);
    unlink_handle(b);
    if (b->interleaved || b->sharded || b->state != TF_BUF_RELEASED) return 0;
    cm_handle_free(b);
    return 1;
}

static int buffer_free(tf_buffer *b)
{
    if (detach(b)) return 0;
    if (b->interleaved) {
        rt_interleaved_free(b);
        return 0;
    }
    if (b->sharded) {
        rt_buffer_free_sliced(b);
        return 0;
    }
    mem_event_free(b);
    release(b); /* frees b once nothing live sits above it */
    return 0;
}

/* The frees are one FREE_SET record in the core's pool (a MEM_REPEAT when
 * the set is the one freed last there, as a loop's programs free theirs),
 * which the reader reads as the FREEs one after another: the memory report
 * is the one per-buffer records made. */
void rt_buffer_free_set(tf_buffer *const *bs, unsigned n)
{
    uint32_t ptr[TF_MAX_CBS], pool = 0;
    unsigned k = 0;
    int rec = TF_MEM_RECORDING();
    const rt_pool *one = NULL; /* the live buffers' pool */
    CM_ASSERT(n <= TF_MAX_CBS);
    for (unsigned i = 0; i < n && i < TF_MAX_CBS; i++) {
        tf_buffer *b = bs[i];
        CM_ASSERT(!b->interleaved && b->bank < 0 && !b->persistent);
        if (detach(b)) continue;
        CM_ASSERT(!one || b->pool == one);
        one = b->pool;
        (void)one;
        if (rec) {
            pool = event_pool(b);
            ptr[k++] = (uint32_t)b->addr;
        }
        release(b); /* (may free b) */
    }
    if (k) TF_FREE_SET_ID(ptr, k, pool, TF_STAMP_MEM());
}

int tf_buffer_free(tf_buffer *b)
{
    if (!b) return 0;
    if (cm_handle_check(b, CM_H_BUFFER, "tf_buffer_free")) return -1;
    tf_device *dev = b->dev;
    RT_DEV_CALL(dev, "tf_buffer_free", -1, buffer_free(b));
}

static int l1_reset(tf_device *dev, tf_core core)
{
    rt_core_state *cs = &dev->cores[rt_dev_core_index(dev, core)];
    if (cs->busy)
        return cm_err_set("tf_l1_reset: core (%d,%d) is running an asynchronous launch; wait for "
                          "it first",
                          core.x, core.y);
    rt_pool *p = &cs->l1;
    int interleaved = 0;
    while (p->last && p->last->addr >= p->watermark) {
        tf_buffer *b = p->last;
        pool_unlink(p, b);
        if (b->state == TF_BUF_FREED || b->state == TF_BUF_HELD) {
            dev->held -= b->state == TF_BUF_HELD;
            cm_handle_free(b);
        } else {
            b->state = TF_BUF_RELEASED; /* the handle lives until tf_buffer_free */
            b->pool = NULL;
            if (b->parent) { /* a page of an interleaved buffer (or a shard): all of it goes */
                b->parent->state = TF_BUF_RELEASED;
                interleaved |= b->parent->interleaved;
            }
        }
    }
    p->top = p->watermark;
    pool_reclaim(p); /* persistent buffers freed under transient ones go now too */
    TF_POOL_RESET_CORE("Device L1", dev->number, core.x, core.y);
    return interleaved ? rt_ibuf_sync(dev) : 0;
}

int tf_l1_reset(tf_device *dev, tf_core core)
{
    if (rt_dev_check_core(dev, core, 1, "tf_l1_reset")) return -1;
    RT_DEV_CALL(dev, "tf_l1_reset", -1, l1_reset(dev, core));
}

uint32_t tf_l1_free_bytes(const tf_device *dev, tf_core core)
{
    if (rt_dev_check_core(dev, core, 0, "tf_l1_free_bytes")) return 0;
    const rt_pool *p = &dev->cores[rt_dev_core_index(dev, core)].l1;
    return (uint32_t)(p->limit - p->top);
}

static int check_live(const tf_buffer *b, const char *op, uint64_t off, uint64_t n)
{
    if (cm_handle_check(b, CM_H_BUFFER, op)) return -1;
    if (b->state == TF_BUF_RELEASED)
        return cm_err_set("%s: the buffer was released by tf_l1_reset; allocate it again", op);
    if (b->state != TF_BUF_LIVE) return cm_err_set("%s: the buffer was freed", op);
    if (off > b->size || n > b->size - off)
        return cm_err_set("%s: range [%llu, +%llu) is outside the %llu-byte buffer", op,
                          (unsigned long long)off, (unsigned long long)n,
                          (unsigned long long)b->size);
    return 0;
}

static int buffer_write(tf_buffer *b, uint64_t off, const void *src, uint64_t n)
{
    tf_transport *t = b->dev->tr;
    if (b->interleaved) return rt_interleaved_io(b, off, (void *)src, n, 1);
    if (b->sharded) return rt_sharded_io(b, off, (void *)src, n, 1);
    if (b->bank >= 0) return t->ops->write_dram(t, b->bank, b->addr + off, src, n);
    return t->ops->write_l1(t, b->pool->x, b->pool->y, (uint32_t)(b->addr + off), src, (uint32_t)n);
}

static int buffer_read(tf_buffer *b, uint64_t off, void *dst, uint64_t n)
{
    tf_transport *t = b->dev->tr;
    if (b->interleaved) return rt_interleaved_io(b, off, dst, n, 0);
    if (b->sharded) return rt_sharded_io(b, off, dst, n, 0);
    if (b->bank >= 0) return t->ops->read_dram(t, b->bank, b->addr + off, dst, n);
    return t->ops->read_l1(t, b->pool->x, b->pool->y, (uint32_t)(b->addr + off), dst, (uint32_t)n);
}

int tf_buffer_write(tf_buffer *b, uint64_t off, const void *src, uint64_t n)
{
    if (check_live(b, "tf_buffer_write", off, n)) return -1;
    if (n && !src)
        return cm_err_set("tf_buffer_write: NULL source for %llu bytes", (unsigned long long)n);
    RT_DEV_CALL(b->dev, "tf_buffer_write", -1, buffer_write(b, off, src, n));
}

int tf_buffer_read(tf_buffer *b, uint64_t off, void *dst, uint64_t n)
{
    if (check_live(b, "tf_buffer_read", off, n)) return -1;
    if (n && !dst)
        return cm_err_set("tf_buffer_read: NULL destination for %llu bytes", (unsigned long long)n);
    RT_DEV_CALL(b->dev, "tf_buffer_read", -1, buffer_read(b, off, dst, n));
}

/* 0 and a message when b is not a live handle, or was released by
 * tf_l1_reset (its address may be another buffer's by now) */
static int check_addressable(const tf_buffer *b, const char *op)
{
    if (cm_handle_check(b, CM_H_BUFFER, op)) return -1;
    if (b->state != TF_BUF_LIVE)
        return cm_err_set("%s: the buffer was released by tf_l1_reset (its memory may be another "
                          "buffer's now); allocate it again",
                          op);
    return 0;
}

uint64_t tf_buffer_noc_addr(const tf_buffer *b)
{
    if (check_addressable(b, "tf_buffer_noc_addr")) return 0;
    if (b->interleaved) return rt_interleaved_noc_addr(b);
    if (b->sharded) return rt_sharded_noc_addr(b);
    if (b->bank >= 0) return TF_NOC_ADDR(TF_NOC_DRAM_X, TF_NOC_DRAM_Y(b->bank), b->addr);
    return TF_NOC_ADDR(TF_NOC_CORE_X(b->pool->x), TF_NOC_CORE_Y(b->pool->y), b->addr);
}

uint64_t tf_buffer_address(const tf_buffer *b)
{
    if (check_addressable(b, "tf_buffer_address")) return 0;
    return b->addr;
}

uint64_t tf_buffer_size(const tf_buffer *b)
{
    if (cm_handle_check(b, CM_H_BUFFER, "tf_buffer_size")) return 0;
    return b->size;
}

/* At device close: drop every handle the user did not free. Their bytes
 * stay allocated in the memory log: that is what a leak is. */
void rt_buffer_release_all(tf_device *dev)
{
    while (dev->buffers) {
        tf_buffer *b = dev->buffers;
        cm_handle_remove(b);
        unlink_handle(b);
        if (b->pool && b->state == TF_BUF_LIVE) pool_unlink(b->pool, b);
        for (int i = 0; i < b->nslices; i++) /* slices still in a pool go with it below */
            if (b->slices[i] && !b->slices[i]->pool) cm_handle_free(b->slices[i]);
        free(b->slices);
        cm_handle_free(b);
    }
    for (int i = 0; i < dev->info.grid_x * dev->info.grid_y; i++) {
        rt_pool *p = &dev->cores[i].l1;
        while (p->first) {
            tf_buffer *b = p->first;
            pool_unlink(p, b);
            cm_handle_free(b);
        }
    }
    for (int i = 0; i < dev->info.dram_banks; i++) {
        rt_pool *p = &dev->dram[i];
        while (p->first) {
            tf_buffer *b = p->first;
            pool_unlink(p, b);
            cm_handle_free(b);
        }
    }
}
