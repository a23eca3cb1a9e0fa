/* Sharded buffers, tt-metal's HEIGHT_SHARDED, WIDTH_SHARDED and
 * BLOCK_SHARDED layouts (a ShardSpecBuffer: a tensor of pages cut into
 * shards, one shard a core of a rectangle, the same L1 address on each).
 * ttnn keeps decode's activations so, and its sharded ops read their shard
 * as a circular buffer in place (tf_program_set_cb_buffer; src/kernel.c).
 * With in_dram the shards are in DRAM banks instead, one a bank, the same
 * address in each: ttnn's DRAM-sharded weights, which decode's matmuls
 * stream from the bank next to each core (tt-metal names the banks as a
 * DRAM grid of (bank, 0); so do start and end here, and the accessor's
 * bank words, as tt-metal's TensorAccessor reads a DRAM bank's x as its
 * bank id).
 *
 * The tensor is pages_h x pages_w pages, page p at row p / pages_w and
 * column p % pages_w (the host's byte offsets in tf_buffer_write/read are
 * in that order, as tt-metal's EnqueueWriteBuffer of a sharded buffer).
 * Shard (i, j) holds rows i*shard_h.. and columns j*shard_w.., its pages
 * row by row (a shard at the tensor's edge keeps its whole size: the pages
 * past the edge are unused). Shard k = i * shard columns + j (HEIGHT: i,
 * WIDTH: j) is on the k-th core of the rectangle, counting along its rows
 * (down its columns with col_major), whatever the layout, as tt-metal
 * (its buffer page mapping: shard k on core k of the grid's cores in the
 * orientation's order; so BLOCK's shard grid lands on the rectangle as
 * rows only when the rectangle is as wide). Each holding core gets one
 * slice (a buffer in its L1 pool: the memory report sees it there); cores
 * of the rectangle holding no shard get none. */
#include "rt_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const layout_name[] = {"HEIGHT", "WIDTH", "BLOCK"};

static uint64_t ceil_div(uint64_t a, uint64_t b)
{
    return (a + b - 1) / b;
}

/* Shards down the tensor's rows and across its columns. */
static void shard_grid(const tf_shard_spec *s, uint32_t *rows, uint32_t *cols)
{
    *rows = (uint32_t)ceil_div(s->pages_h, s->shard_h);
    *cols = (uint32_t)ceil_div(s->pages_w, s->shard_w);
}

/* The rectangle's cores, and its k-th in the orientation's order: shard
 * k's (k = i * shard columns + j). */
static uint32_t grid_cores(const tf_shard_spec *s)
{
    return (uint32_t)(s->end.x - s->start.x + 1) * (uint32_t)(s->end.y - s->start.y + 1);
}
static tf_core core_k(const tf_shard_spec *s, uint32_t k)
{
    uint32_t w = (uint32_t)(s->end.x - s->start.x + 1), h = (uint32_t)(s->end.y - s->start.y + 1);
    return s->col_major ? (tf_core){s->start.x + (int)(k / h), s->start.y + (int)(k % h)}
                        : (tf_core){s->start.x + (int)(k % w), s->start.y + (int)(k / w)};
}

/* start..end of a DRAM-sharded tensor: banks on the DRAM grid's one row */
static int check_banks(const tf_device *dev, const tf_shard_spec *s)
{
    int nb = dev->info.dram_banks;
    if (s->start.y || s->end.y || s->start.x < 0 || s->end.x >= nb || s->end.x < s->start.x)
        return cm_err_set("tf_buffer_create_sharded: DRAM banks (%d,%d)..(%d,%d): DRAM-sharded "
                          "tensors name banks as (bank, 0), bank 0..%d, start.x <= end.x",
                          s->start.x, s->start.y, s->end.x, s->end.y, nb - 1);
    return 0;
}

static int check_spec(const tf_device *dev, const tf_shard_spec *s)
{
    if (!s) return cm_err_set("tf_buffer_create_sharded: NULL shard spec");
    if (s->in_dram != 0 && s->in_dram != 1)
        return cm_err_set("tf_buffer_create_sharded: in_dram is %d; 0 (L1 of cores) or 1 (DRAM "
                          "banks)",
                          s->in_dram);
    if ((unsigned)s->layout > TF_SHARD_BLOCK)
        return cm_err_set("tf_buffer_create_sharded: layout %d is none of TF_SHARD_HEIGHT, "
                          "TF_SHARD_WIDTH, TF_SHARD_BLOCK",
                          (int)s->layout);
    if (!s->page_size || !s->pages_h || !s->pages_w || !s->shard_h || !s->shard_w)
        return cm_err_set("tf_buffer_create_sharded: the page size (%u), the tensor's pages "
                          "(%u x %u) and the shard's (%u x %u) must all be non-zero",
                          s->page_size, s->pages_h, s->pages_w, s->shard_h, s->shard_w);
    if (s->shard_h > s->pages_h || s->shard_w > s->pages_w)
        return cm_err_set("tf_buffer_create_sharded: a shard of %u x %u pages is larger than the "
                          "tensor's %u x %u",
                          s->shard_h, s->shard_w, s->pages_h, s->pages_w);
    if (s->layout == TF_SHARD_HEIGHT && s->shard_w != s->pages_w)
        return cm_err_set("tf_buffer_create_sharded: HEIGHT sharding: a shard is the tensor's "
                          "whole width (%u pages), not %u",
                          s->pages_w, s->shard_w);
    if (s->layout == TF_SHARD_WIDTH && s->shard_h != s->pages_h)
        return cm_err_set("tf_buffer_create_sharded: WIDTH sharding: a shard is the tensor's "
                          "whole height (%u pages), not %u",
                          s->pages_h, s->shard_h);
    if ((uint64_t)s->pages_h * s->pages_w > TF_SHARDED_MAX_PAGES)
        return cm_err_set("tf_buffer_create_sharded: %u x %u pages; at most %u (page ids are 32 "
                          "bits on the device: use larger pages)",
                          s->pages_h, s->pages_w, TF_SHARDED_MAX_PAGES);
    if (s->in_dram) {
        if (check_banks(dev, s)) return -1;
    } else if (rt_dev_check_core(dev, s->start, 0, NULL) ||
               rt_dev_check_core(dev, s->end, 0, NULL)) {
        return cm_err_prefix("tf_buffer_create_sharded: the cores (%d,%d)..(%d,%d): ", s->start.x,
                             s->start.y, s->end.x, s->end.y);
    } else if (s->end.x < s->start.x || s->end.y < s->start.y) {
        return cm_err_set("tf_buffer_create_sharded: the cores (%d,%d)..(%d,%d) are no rectangle "
                          "(end below start)",
                          s->start.x, s->start.y, s->end.x, s->end.y);
    } else {
        for (int y = s->start.y; y <= s->end.y; y++)
            for (int x = s->start.x; x <= s->end.x; x++)
                if (rt_dev_check_core(dev, (tf_core){x, y}, 1, NULL))
                    return cm_err_prefix("tf_buffer_create_sharded: the cores (%d,%d)..(%d,%d): ",
                                         s->start.x, s->start.y, s->end.x, s->end.y);
    }
    uint64_t n = ceil_div(s->pages_h, s->shard_h) * ceil_div(s->pages_w, s->shard_w);
    if (n > grid_cores(s))
        return cm_err_set("tf_buffer_create_sharded: %s sharding: %llu shards and %u %s in "
                          "(%d,%d)..(%d,%d); make the shards larger or the %s bigger",
                          layout_name[s->layout], (unsigned long long)n, grid_cores(s),
                          s->in_dram ? "DRAM banks" : "cores", s->start.x, s->start.y, s->end.x,
                          s->end.y, s->in_dram ? "bank range" : "rectangle");
    return 0;
}

static uint64_t align_up(uint64_t v, uint64_t a)
{
    return (v + a - 1) / a * a;
}

/* The pool shard k is in: its core's L1, or its DRAM bank. */
static rt_pool *shard_pool(tf_device *dev, const tf_shard_spec *s, uint32_t k)
{
    tf_core c = core_k(s, k);
    return s->in_dram ? &dev->dram[c.x] : &dev->cores[rt_dev_core_index(dev, c)].l1;
}

static tf_buffer *create_sharded(tf_device *dev, const tf_shard_spec *s)
{
    if (check_spec(dev, s)) return NULL;
    uint32_t rows, cols;
    shard_grid(s, &rows, &cols);
    uint64_t stride = align_up(s->page_size, s->in_dram ? TF_DRAM_ALIGNMENT : TF_L1_ALIGNMENT),
             bytes = stride * s->shard_h * s->shard_w, nshards = (uint64_t)rows * cols;
    uint64_t room = s->in_dram ? dev->info.dram_bank_size : TF_L1_SIZE;
    if (bytes > room)
        return cm_err_null("tf_buffer_create_sharded: a shard of %u x %u pages of %u bytes "
                           "(%llu bytes) is larger than a %s",
                           s->shard_h, s->shard_w, s->page_size, (unsigned long long)bytes,
                           s->in_dram ? "DRAM bank" : "core's L1");
    /* one address for every holding core or bank: above each one's top */
    uint64_t addr = 0;
    for (uint32_t k = 0; k < nshards; k++) {
        const rt_pool *p = shard_pool(dev, s, k);
        if (p->top > addr) addr = p->top;
    }
    addr = align_up(addr, TF_DRAM_ALIGNMENT); /* (as every allocation: src/buffer.c) */
    for (uint32_t k = 0; k < nshards; k++) {
        tf_core c = core_k(s, k);
        const rt_pool *p = shard_pool(dev, s, k);
        if (addr > p->limit || bytes > p->limit - addr) {
            char where[48];
            if (s->in_dram)
                snprintf(where, sizeof where, "Device DRAM bank %d", c.x);
            else
                snprintf(where, sizeof where, "Device L1 (%d,%d)", c.x, c.y);
            return cm_err_null("out of %s: a sharded buffer's shards of %llu bytes need that "
                               "much at 0x%llx in each of their %llu %s; %llu bytes are free "
                               "there",
                               where, (unsigned long long)bytes, (unsigned long long)addr,
                               (unsigned long long)nshards, s->in_dram ? "banks" : "cores",
                               (unsigned long long)(p->limit > addr ? p->limit - addr : 0));
        }
    }
    tf_buffer *h = rt_buffer_new_handle(dev, addr, (uint64_t)s->page_size * s->pages_h * s->pages_w,
                                        (int)nshards);
    if (!h) return NULL;
    h->sharded = 1;
    h->is_dram = s->in_dram;
    h->shard = *s;
    h->page_size = s->page_size;
    h->stride = (uint32_t)stride;
    h->num_pages = (uint64_t)s->pages_h * s->pages_w;
    for (uint32_t k = 0; k < nshards; k++) {
        int bank = s->in_dram ? core_k(s, k).x : -1;
        if (bank >= 0) rt_dram_bank_capacity(dev, bank);
        h->slices[k] = rt_buffer_new_slice(h, shard_pool(dev, s, k), bank, addr, bytes);
        if (!h->slices[k]) {
            cm_handle_remove(h);
            rt_buffer_free_sliced(h);
            return NULL;
        }
    }
    rt_buffer_link(dev, h);
    return h;
}

tf_buffer *tf_buffer_create_sharded(tf_device *dev, const tf_shard_spec *spec)
{
    if (!dev) return cm_err_null("tf_buffer_create_sharded: NULL device");
    if (cm_handle_check(dev, CM_H_DEVICE, "tf_buffer_create_sharded")) return NULL;
    RT_DEV_CALL(dev, "tf_buffer_create_sharded", NULL, create_sharded(dev, spec));
}

/* Page `page` of sharded b: its shard's core, its place in the shard. */
static void sh_page_at(const tf_buffer *b, uint64_t page, rt_page_at *w)
{
    const tf_shard_spec *s = &b->shard;
    uint32_t rows, cols, in;
    shard_grid(s, &rows, &cols);
    uint32_t k = tf_sharded_place((uint32_t)page, s->pages_w, s->shard_h, s->shard_w, cols, &in);
    const tf_buffer *slice = b->slices[k];
    w->bank = slice->bank; /* (-1 in L1) */
    w->x = slice->pool->x;
    w->y = slice->pool->y;
    w->addr = b->addr + (uint64_t)in * b->stride;
}

int rt_sharded_io(tf_buffer *b, uint64_t off, void *ptr, uint64_t n, int write)
{
    return rt_paged_io(b, off, ptr, n, write, sh_page_at);
}

uint64_t rt_sharded_noc_addr(const tf_buffer *b)
{
    const rt_pool *p = b->slices[0]->pool;
    if (b->is_dram) return TF_NOC_ADDR(TF_NOC_DRAM_X, TF_NOC_DRAM_Y(b->slices[0]->bank), b->addr);
    return TF_NOC_ADDR(TF_NOC_CORE_X(p->x), TF_NOC_CORE_Y(p->y), b->addr);
}

/* tf_buffer_accessor_args of a sharded buffer (checked live by the
 * caller): the words api/tensor/tensor_accessor_args.h reads, written once
 * in contracts/tf_banks.h (TF_SHARDED_ARGS). */
int rt_sharded_accessor_args(const tf_buffer *b, uint32_t *words, uint32_t max_words)
{
    const tf_shard_spec *s = &b->shard;
    uint32_t banks = grid_cores(s), need = TF_SHARDED_ARGS_FIXED + banks;
    if (max_words < need)
        return cm_err_set("tf_buffer_accessor_args: the words of this sharded buffer are %u (%u "
                          "and one a %s), room for %u",
                          need, TF_SHARDED_ARGS_FIXED,
                          b->is_dram ? "DRAM bank of its range" : "core of its rectangle",
                          max_words);
    if (!words) return cm_err_set("tf_buffer_accessor_args: NULL words");
    words[TF_SHARDED_ARG_CONFIG] = TF_ACCESSOR_SHARDED | (b->is_dram ? TF_ACCESSOR_IS_DRAM : 0);
    words[TF_SHARDED_ARG_PAGE] = b->stride;
    words[TF_SHARDED_ARG_PAGES_H] = s->pages_h;
    words[TF_SHARDED_ARG_PAGES_W] = s->pages_w;
    words[TF_SHARDED_ARG_SHARD_H] = s->shard_h;
    words[TF_SHARDED_ARG_SHARD_W] = s->shard_w;
    words[TF_SHARDED_ARG_NUM_BANKS] = banks;
    for (uint32_t k = 0; k < banks; k++) {
        tf_core c = core_k(s, k); /* (a DRAM bank's: (bank, 0)) */
        words[TF_SHARDED_ARGS_FIXED + k] =
            b->is_dram
                ? TF_SHARDED_BANK_XY((uint32_t)c.x, 0u)
                : TF_SHARDED_BANK_XY(TF_NOC_CORE_X((uint32_t)c.x), TF_NOC_CORE_Y((uint32_t)c.y));
    }
    return (int)need;
}

uint32_t tf_buffer_num_shards(const tf_buffer *b)
{
    if (cm_handle_check(b, CM_H_BUFFER, "tf_buffer_num_shards")) return 0;
    return b->sharded && b->state == TF_BUF_LIVE ? (uint32_t)b->nslices : 0;
}

int tf_buffer_shard_core(const tf_buffer *b, uint32_t shard, tf_core *core)
{
    if (cm_handle_check(b, CM_H_BUFFER, "tf_buffer_shard_core")) return -1;
    if (!b->sharded)
        return cm_err_set("tf_buffer_shard_core: the buffer is not sharded "
                          "(tf_buffer_create_sharded)");
    if (b->state != TF_BUF_LIVE)
        return cm_err_set("tf_buffer_shard_core: the buffer %s", b->state == TF_BUF_RELEASED
                                                                     ? "was released by tf_l1_reset"
                                                                     : "was freed");
    if (shard >= (uint32_t)b->nslices)
        return cm_err_set("tf_buffer_shard_core: shard %u of %d (0..%d)", shard, b->nslices,
                          b->nslices - 1);
    if (!core) return cm_err_set("tf_buffer_shard_core: NULL core");
    *core = core_k(&b->shard, shard);
    return 0;
}
