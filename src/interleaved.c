/* Interleaved buffers, tt-metal's default layout: pages round-robin over
 * the DRAM banks or over the booted cores' L1, at the same address in
 * every bank. The runtime keeps two tables in every booted core's L1
 * (contracts/tf_banks.h): the bank tables (which NOC endpoint holds each
 * bank), written at boot, and the live interleaved buffers, rewritten on
 * every change, against which kernels check page ids. Memory events: a
 * buffer's pages in each DRAM bank go to pool "Device DRAM bank <b>", its
 * pages in a core's L1 to that core's "Device L1 (x,y)" pool. */
#include "rt_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(TF_BUFFER_L1 == 1 && TF_BUFFER_DRAM == 0, "tf_buffer_type");
#define TF_FORMAT_CHECK(name, value, bytes)                                                        \
    _Static_assert(TF_DATA_FORMAT_##name == (value), "tf_data_format matches tf_formats.h");
TF_DATA_FORMATS(TF_FORMAT_CHECK)
#undef TF_FORMAT_CHECK

uint32_t tf_data_format_tile_size(tf_data_format f)
{
    switch ((int)f) {
#define TF_FORMAT_SIZE(name, value, bytes)                                                         \
    case value: return bytes;
        TF_DATA_FORMATS(TF_FORMAT_SIZE)
#undef TF_FORMAT_SIZE
    }
    return 0;
}

const char *rt_data_format_name(uint32_t f)
{
    switch ((int)f) {
#define TF_FORMAT_NAME(name, value, bytes)                                                         \
    case value: return #name;
        TF_DATA_FORMATS(TF_FORMAT_NAME)
#undef TF_FORMAT_NAME
    }
    return "an unknown format";
}

/* ---- memory events: one pool per DRAM bank ------------------------------------ */

/* A bank's pool name, one string per bank (the profiler caches a pool's
 * id by its string's address, device and core). */
/* clang-format off */
#define RT_DRAM_BANKS(X)                                                                           \
    X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)         \
    X(16) X(17) X(18) X(19) X(20) X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28) X(29) X(30)     \
    X(31) X(32) X(33) X(34) X(35) X(36) X(37) X(38) X(39) X(40) X(41) X(42) X(43) X(44) X(45)     \
    X(46) X(47) X(48) X(49) X(50) X(51) X(52) X(53) X(54) X(55) X(56) X(57) X(58) X(59) X(60)     \
    X(61)
/* clang-format on */
#define RT_BANK_NAME(b) "Device DRAM bank " #b,
static const char *const rt_bank_pool[] = {RT_DRAM_BANKS(RT_BANK_NAME)};
#undef RT_BANK_NAME
#define RT_NBANK_POOLS ((int)(sizeof rt_bank_pool / sizeof *rt_bank_pool))

void rt_interleaved_dram_event(const tf_device *dev, int bank, int alloc, uint64_t key,
                               uint64_t size)
{
    (void)dev;
    (void)key;
    (void)size;
    if (bank < 0 || bank >= RT_NBANK_POOLS) {
        CM_ASSERT(!"DRAM bank beyond the simulator's 62");
        return;
    }
    if (alloc)
        TF_ALLOC_CORE(key, size, rt_bank_pool[bank], dev->number, -1, -1);
    else
        TF_FREE_CORE(key, rt_bank_pool[bank], dev->number, -1, -1);
}

/* Declare a bank's pool capacity once, when it first holds pages. */
void rt_dram_bank_capacity(tf_device *dev, int bank)
{
    if (dev->dram_bank_capacity_said & (1ull << bank)) return;
    dev->dram_bank_capacity_said |= 1ull << bank;
    if (bank < RT_NBANK_POOLS)
        TF_POOL_CAPACITY(rt_bank_pool[bank], dev->number, dev->info.dram_bank_size);
}

/* ---- bank tables -------------------------------------------------------------- */

static int put_l1(tf_device *dev, int core, uint32_t addr, const void *src, uint32_t n)
{
    int x = core % dev->info.grid_x, y = core / dev->info.grid_x;
    return dev->tr->ops->write_l1(dev->tr, x, y, addr, src, n);
}

static void bank_table(const tf_device *dev, tf_bank_table *t)
{
    memset(t, 0, sizeof *t);
    t->num_dram_banks = (uint32_t)dev->info.dram_banks;
    t->num_l1_banks = (uint32_t)dev->n_l1_banks;
    t->dram_alignment = TF_DRAM_ALIGNMENT;
    t->l1_alignment = TF_L1_ALIGNMENT;
    for (int noc = 0; noc < TF_NUM_NOCS; noc++) { /* both NOCs: the same coordinates */
        for (int b = 0; b < dev->info.dram_banks; b++)
            t->dram_xy[noc][b] = TF_BANK_XY(TF_NOC_DRAM_X, TF_NOC_DRAM_Y(b));
        for (int b = 0; b < dev->n_l1_banks; b++) {
            int c = dev->l1_bank_core[b];
            t->l1_xy[noc][b] = TF_BANK_XY(TF_NOC_CORE_X(c % dev->info.grid_x),
                                          TF_NOC_CORE_Y(c / dev->info.grid_x));
        }
    }
    /* offsets stay 0: every bank's addresses start at 0 */
}

/* The live interleaved buffers as the device's hash table. */
static void ibuf_table(const tf_device *dev, tf_ibuf *t)
{
    memset(t, 0, TF_IBUF_SLOTS * sizeof *t);
    for (const tf_buffer *b = dev->buffers; b; b = b->all_next) {
        if (!b->interleaved || b->state != TF_BUF_LIVE) continue;
        uint32_t slot = tf_ibuf_slot((uint32_t)b->addr, (uint32_t)b->is_dram);
        while (t[slot].pages) slot = (slot + 1) & (TF_IBUF_SLOTS - 1);
        t[slot].addr = (uint32_t)b->addr;
        t[slot].pages = TF_IBUF_USED | (b->is_dram ? TF_IBUF_DRAM : 0) | (uint32_t)b->num_pages;
    }
}

static int write_tables(tf_device *dev, int core)
{
    tf_bank_table bt;
    tf_ibuf it[TF_IBUF_SLOTS];
    bank_table(dev, &bt);
    ibuf_table(dev, it);
    if (put_l1(dev, core, TF_L1_BANK_TABLE, &bt, sizeof bt) ||
        put_l1(dev, core, TF_L1_IBUF_TABLE, it, sizeof it))
        return cm_err_prefix("writing the bank tables: ");
    return 0;
}

/* After boot: the L1 banks are the booted cores in core order (at most
 * TF_MAX_L1_BANKS); write the tables into each. */
int rt_banks_init(tf_device *dev)
{
    int ncores = dev->info.grid_x * dev->info.grid_y;
    dev->l1_bank_core = calloc((size_t)ncores, sizeof *dev->l1_bank_core);
    if (!dev->l1_bank_core) return cm_err_set("out of host memory");
    dev->n_l1_banks = 0;
    for (int i = 0; i < ncores && dev->n_l1_banks < TF_MAX_L1_BANKS; i++)
        if (dev->cores[i].booted) dev->l1_bank_core[dev->n_l1_banks++] = i;
    for (int i = 0; i < ncores; i++)
        if (dev->cores[i].booted && write_tables(dev, i)) return -1;
    dev->banks_ready = 1;
    return 0;
}

/* A core was rebooted: its tables again. */
int rt_banks_write_core(tf_device *dev, tf_core core)
{
    if (!dev->banks_ready) return 0;
    return write_tables(dev, rt_dev_core_index(dev, core));
}

/* The set of live interleaved buffers changed: rewrite its table on every
 * booted core. */
int rt_ibuf_sync(tf_device *dev)
{
    if (!dev->banks_ready) return 0;
    tf_ibuf it[TF_IBUF_SLOTS];
    ibuf_table(dev, it);
    for (int i = 0; i < dev->info.grid_x * dev->info.grid_y; i++)
        if (dev->cores[i].booted && put_l1(dev, i, TF_L1_IBUF_TABLE, it, sizeof it))
            return cm_err_prefix("updating the interleaved-buffer table: ");
    return 0;
}

/* ---- buffers ---------------------------------------------------------------- */

static rt_pool *bank_pool(tf_device *dev, int is_dram, int bank)
{
    return is_dram ? &dev->dram[bank] : &dev->cores[dev->l1_bank_core[bank]].l1;
}

static uint64_t align_up(uint64_t v, uint64_t a)
{
    return (v + a - 1) / a * a;
}

static tf_buffer *create_interleaved(tf_device *dev, tf_buffer_type type, uint64_t size,
                                     uint32_t page_size)
{
    if (type != TF_BUFFER_DRAM && type != TF_BUFFER_L1)
        return cm_err_null("tf_buffer_create_interleaved: buffer type %d is neither "
                           "TF_BUFFER_DRAM nor TF_BUFFER_L1",
                           (int)type);
    int is_dram = type == TF_BUFFER_DRAM;
    const char *what = is_dram ? "DRAM" : "L1";
    if (!page_size || !size || size % page_size)
        return cm_err_null("tf_buffer_create_interleaved: %s buffer of %llu bytes in pages of %u: "
                           "the size must be a non-zero multiple of the page size",
                           what, (unsigned long long)size, page_size);
    uint64_t pages = size / page_size;
    if (pages > TF_IBUF_MAX_PAGES)
        return cm_err_null("tf_buffer_create_interleaved: %llu pages; at most %u (use larger "
                           "pages)",
                           (unsigned long long)pages, TF_IBUF_MAX_PAGES);
    int nbanks = is_dram ? dev->info.dram_banks : dev->n_l1_banks;
    if (!nbanks) return cm_err_null("tf_buffer_create_interleaved: no booted core holds L1 banks");
    int live = 0;
    for (const tf_buffer *b = dev->buffers; b; b = b->all_next)
        live += b->interleaved && b->state == TF_BUF_LIVE;
    if (live >= TF_IBUF_MAX_LIVE)
        return cm_err_null("tf_buffer_create_interleaved: %d interleaved buffers are live, the "
                           "most the page-id table in L1 holds; free one first",
                           live);
    /* (in 64 bits: a page size near 2^32 once aligned to a stride of 0) */
    uint64_t stride = align_up(page_size, is_dram ? TF_DRAM_ALIGNMENT : TF_L1_ALIGNMENT);
    if (stride > UINT32_MAX)
        return cm_err_null("tf_buffer_create_interleaved: %s pages of %u bytes: larger than a "
                           "bank (use smaller pages)",
                           what, page_size);
    /* one address for every bank: above each bank's top */
    uint64_t addr = 0, per_bank = (pages + (uint64_t)nbanks - 1) / (uint64_t)nbanks;
    for (int b = 0; b < nbanks && (uint64_t)b < pages; b++) {
        uint64_t top = bank_pool(dev, is_dram, b)->top;
        if (top > addr) addr = top;
    }
    addr = align_up(addr, TF_DRAM_ALIGNMENT); /* (as every allocation: src/buffer.c) */
    for (int b = 0; b < nbanks && (uint64_t)b < pages; b++) {
        rt_pool *p = bank_pool(dev, is_dram, b);
        uint64_t bytes =
            (pages / (uint64_t)nbanks + ((uint64_t)b < pages % (uint64_t)nbanks)) * stride;
        if (addr > p->limit || bytes > p->limit - addr) {
            char where[48];
            if (is_dram)
                snprintf(where, sizeof where, "Device DRAM bank %d", b);
            else
                snprintf(where, sizeof where, "Device L1 (%d,%d)", p->x, p->y);
            return cm_err_null("out of %s: an interleaved buffer of %llu pages of %u bytes needs "
                               "%llu bytes at 0x%llx in each of %d banks (up to %llu pages per "
                               "bank); %llu bytes are free there",
                               where, (unsigned long long)pages, page_size,
                               (unsigned long long)bytes, (unsigned long long)addr, nbanks,
                               (unsigned long long)per_bank,
                               (unsigned long long)(p->limit > addr ? p->limit - addr : 0));
        }
    }
    tf_buffer *h = rt_buffer_new_handle(dev, addr, size, nbanks);
    if (!h) return NULL;
    h->interleaved = 1;
    h->is_dram = is_dram;
    h->page_size = page_size;
    h->stride = (uint32_t)stride;
    h->num_pages = pages;
    for (int b = 0; b < nbanks && (uint64_t)b < pages; b++) {
        uint64_t bytes =
            (pages / (uint64_t)nbanks + ((uint64_t)b < pages % (uint64_t)nbanks)) * stride;
        if (is_dram) rt_dram_bank_capacity(dev, b);
        h->slices[b] =
            rt_buffer_new_slice(h, bank_pool(dev, is_dram, b), is_dram ? b : -1, addr, bytes);
        if (!h->slices[b]) {
            cm_handle_remove(h);
            rt_interleaved_free(h);
            return NULL;
        }
    }
    rt_buffer_link(dev, h);
    if (rt_ibuf_sync(dev)) {
        char why[1024];
        snprintf(why, sizeof why, "%s", tf_last_error());
        tf_buffer_free(h);
        return cm_err_null("%s", why);
    }
    return h;
}

tf_buffer *tf_buffer_create_interleaved(tf_device *dev, tf_buffer_type type, uint64_t size,
                                        uint32_t page_size)
{
    if (!dev) return cm_err_null("tf_buffer_create_interleaved: NULL device");
    if (cm_handle_check(dev, CM_H_DEVICE, "tf_buffer_create_interleaved")) return NULL;
    RT_DEV_CALL(dev, "tf_buffer_create_interleaved", NULL,
                create_interleaved(dev, type, size, page_size));
}

/* The handle is already out of the device's list. */
void rt_interleaved_free(tf_buffer *b)
{
    int was_live = b->state == TF_BUF_LIVE;
    tf_device *dev = b->dev;
    rt_buffer_free_sliced(b);
    /* while a launch is in flight its kernels may still use the buffer,
     * whose memory is held (TF_BUF_HELD): the table loses it with that */
    if (was_live && dev->launches)
        dev->ibuf_stale = 1;
    else if (was_live && rt_ibuf_sync(dev))
        cm_warn("%s", tf_last_error());
}

/* Page `page` of interleaved b: bank page % banks, the page / banks-th
 * there. */
static void il_page_at(const tf_buffer *b, uint64_t page, rt_page_at *w)
{
    uint64_t nb = (uint64_t)b->nslices;
    int bank = (int)(page % nb);
    w->addr = b->addr + page / nb * b->stride;
    if (b->is_dram) {
        w->bank = bank;
        w->x = w->y = -1;
    } else {
        int c = b->dev->l1_bank_core[bank];
        w->bank = -1;
        w->x = c % b->dev->info.grid_x;
        w->y = c / b->dev->info.grid_x;
    }
}

/* Scatter (write) or gather (read) n bytes at offset off, page by page. */
int rt_interleaved_io(tf_buffer *b, uint64_t off, void *ptr, uint64_t n, int write)
{
    return rt_paged_io(b, off, ptr, n, write, il_page_at);
}

uint64_t rt_interleaved_noc_addr(const tf_buffer *b)
{
    if (b->is_dram) return TF_NOC_ADDR(TF_NOC_DRAM_X, TF_NOC_DRAM_Y(0), b->addr);
    int c = b->dev->l1_bank_core[0];
    return TF_NOC_ADDR(TF_NOC_CORE_X(c % b->dev->info.grid_x),
                       TF_NOC_CORE_Y(c / b->dev->info.grid_x), b->addr);
}

uint32_t tf_buffer_page_size(const tf_buffer *b)
{
    if (cm_handle_check(b, CM_H_BUFFER, "tf_buffer_page_size")) return 0;
    return (b->interleaved || b->sharded) && b->state == TF_BUF_LIVE ? b->page_size : 0;
}

uint64_t tf_buffer_num_pages(const tf_buffer *b)
{
    if (cm_handle_check(b, CM_H_BUFFER, "tf_buffer_num_pages")) return 0;
    return (b->interleaved || b->sharded) && b->state == TF_BUF_LIVE ? b->num_pages : 0;
}

int tf_buffer_accessor_args(const tf_buffer *b, uint32_t *words, uint32_t max_words)
{
    if (cm_handle_check(b, CM_H_BUFFER, "tf_buffer_accessor_args")) return -1;
    if (!b->interleaved && !b->sharded)
        return cm_err_set("tf_buffer_accessor_args: the buffer is neither interleaved nor sharded; "
                          "create it with tf_buffer_create_interleaved or "
                          "tf_buffer_create_sharded");
    if (b->state == TF_BUF_RELEASED)
        return cm_err_set("tf_buffer_accessor_args: the buffer was released by tf_l1_reset; "
                          "allocate it again");
    if (b->state != TF_BUF_LIVE) return cm_err_set("tf_buffer_accessor_args: the buffer is gone");
    if (b->sharded) return rt_sharded_accessor_args(b, words, max_words);
    if (max_words < 2)
        return cm_err_set("tf_buffer_accessor_args: the words of an interleaved buffer are 2, "
                          "room for %u",
                          max_words);
    if (!words) return cm_err_set("tf_buffer_accessor_args: NULL words");
    words[0] = b->is_dram ? TF_ACCESSOR_IS_DRAM : 0;
    words[1] = b->stride;
    return 2;
}
