/* Slow dispatch, in the spec's four stages per core:
 *   send_reset  GO := RESET, clear the fault records
 *   setup       kernel images, runtime args, CB config, semaphores, launch message
 *   fire_go     GO := RUN with a new dispatch id
 *   wait_done   ring the doorbell, then poll the mailbox until BRISC writes DONE
 * Several programs: every GO is fired before any DONE is awaited. A fault
 * or a timeout is reported with where it happened, and the cores involved
 * are rebooted so the device stays usable. */
#include "common/cm_csv.h"
#include "rt_internal.h"
#include "tf_tile.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TF_POLL_NS 50000000ull /* longest single wait between mailbox reads */
/* a dispatch waited for this long has the thread's records written out
 * (docs/profiling.md, "Crashes": a kill then loses nothing before it) */
#define RT_WAIT_FLUSH_NS 1000000000ull

static int put(tf_program *p, uint32_t addr, const void *src, uint32_t n)
{
    tf_transport *t = p->dev->tr;
    return t->ops->write_l1(t, p->core.x, p->core.y, addr, src, n);
}

static rt_core_state *core_state(tf_program *p)
{
    return &p->dev->cores[rt_dev_core_index(p->dev, p->core)];
}

/* The kernel configuration written into L1 at setup, as memory events in
 * pool "Kernel config L1 (x,y)": allocated at setup, freed when done. The
 * set is one record each way (ALLOC_SET, FREE_SET), which the reader
 * expands into one event per item: a dispatch costs two timestamps, not
 * one per item (issue 15). The set allocated is kept with the program and
 * freed as it was (a set of its own at the free would be built again, and
 * could differ from the allocation's if the program had changed since);
 * the pool's id is kept with the core. */
static void kconfig_events(tf_program *p, int alloc, uint64_t now)
{
    if (!TF_MEM_RECORDING()) return;
    uint32_t *item = p->kcfg, n = 0;
    if (alloc) {
#define KCFG(addr, size) (item[2 * n] = (uint32_t)(addr), item[2 * n + 1] = (uint32_t)(size), n++)
        for (int r = 0; r < TF_NUM_RISCS; r++) {
            if (p->img[r]) KCFG(p->img[r]->base, p->img[r]->size);
            if (p->nargs[r]) KCFG(TF_L1_RTA(r), p->nargs[r] * 4u);
            if (p->kernel[r] && p->kernel[r]->ncommon)
                KCFG(TF_L1_CRTA(r), p->kernel[r]->ncommon * 4u);
        }
        if (p->cb_mask) KCFG(TF_L1_CB_CONFIG, 2u * TF_MAX_CBS * (uint32_t)sizeof(tf_cb_config));
        KCFG(TF_L1_SEMAPHORES, TF_MAX_SEMAPHORES * TF_SEMAPHORE_STRIDE);
#undef KCFG
        CM_ASSERT(n <= RT_KCFG_MAX);
        p->nkcfg = n;
    } else if (!(n = p->nkcfg)) {
        return; /* nothing allocated */
    }
    uint32_t pool = RT_CORE_POOL_ID(&core_state(p)->kcfg_pool, "Kernel config L1", p->dev->number,
                                    p->core.x, p->core.y);
    if (!now) now = TF_STAMP_MEM(); /* the trace is off */
    if (alloc) {
        TF_ALLOC_SET_ID(item, n, pool, now);
    } else {
        uint32_t ptr[RT_KCFG_MAX];
        for (unsigned i = 0; i < n; i++) ptr[i] = item[2 * i]; /* the pointers alone */
        p->nkcfg = 0;
        TF_FREE_SET_ID(ptr, n, pool, now);
    }
}

/* A kernel built with CB formats (its get_tile_size / get_dataformat of
 * those CBs are constants: contracts/tf_build_note.h) runs only in a
 * program that gives each of those CBs that format: a page of another
 * size would be misread from the first page on. */
static int cb_formats_check(const tf_program *p, const char *op)
{
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        const rt_image *img = p->img[r];
        if (!img || !img->has_cb_formats) continue;
        for (uint32_t c = 0; c < TF_MAX_CBS; c++) {
            uint32_t want = img->cb_formats[c];
            if (want == TF_DATA_FORMAT_INVALID) continue;
            uint32_t tile = tf_data_format_tile_size((tf_data_format)want);
            int set = (p->cb_mask >> c & 1) != 0;
            uint32_t have = set ? p->cb_format[c] : TF_DATA_FORMAT_INVALID;
            if (set && have == want && p->cb[c].page_size == tile) continue;
            char gives[96];
            if (!set)
                snprintf(gives, sizeof gives, "does not set CB %u", c);
            else if (have == TF_DATA_FORMAT_INVALID)
                snprintf(gives, sizeof gives, "gives CB %u %u-byte pages and no format", c,
                         p->cb[c].page_size);
            else
                snprintf(gives, sizeof gives, "gives CB %u %s", c, rt_data_format_name(have));
            return cm_err_set("%s: kernel '%s' on %s (%s) was built with CB %u as %s "
                              "(its get_tile_size(%u) is the constant %u), but the program for "
                              "core (%d,%d) %s; set the CB so (tf_program_set_cb_format) or "
                              "build the kernel with the program's formats",
                              op, img->note.name, cm_risc_name(r), img->path, c,
                              rt_data_format_name(want), c, tile, p->core.x, p->core.y, gives);
        }
    }
    return 0;
}

static int validate(tf_program *const *progs, size_t n, const char *op)
{
    if (!progs || n == 0) return cm_err_set("%s: no programs", op);
    for (size_t i = 0; i < n; i++)
        if (cm_handle_check(progs[i], CM_H_PROGRAM, op)) return cm_err_append(" (program %zu)", i);
    tf_device *dev = progs[0]->dev;
    if (cm_handle_check(dev, CM_H_DEVICE, op))
        return cm_err_append(" (the programs' device was closed)");
    for (size_t i = 0; i < n; i++) {
        tf_program *p = progs[i];
        for (int r = 0; r < TF_NUM_RISCS; r++)
            if (p->kernel[r] && !cm_handle_live(p->kernel[r], CM_H_KERNEL))
                return cm_err_set("%s: the kernel set on %s of the program for core (%d,%d) was "
                                  "freed (tf_kernel_free); set a live one (tf_program_set_kernel)",
                                  op, cm_risc_name(r), p->core.x, p->core.y);
        if (p->dev != dev) return cm_err_set("%s: programs belong to different devices", op);
        if (rt_dev_check_core(dev, p->core, 1, NULL)) return cm_err_prefix("%s: ", op);
        int any = 0;
        for (int r = 0; r < TF_NUM_RISCS; r++) any |= p->img[r] != NULL;
        if (!any)
            return cm_err_set("%s: the program for core (%d,%d) has no kernel "
                              "(tf_program_set_kernel)",
                              op, p->core.x, p->core.y);
        for (uint32_t m = p->cb_mask; m; m &= m - 1) {
            int c = __builtin_ctz(m);
            uint32_t o = rt_cb_owner(p, (uint32_t)c);
            const tf_buffer *u = p->cb_user[o];
            if (u && (!cm_handle_live(u, CM_H_BUFFER) || u->state != TF_BUF_LIVE ||
                      u->addr != p->cb[o].addr || rt_buffer_l1_bytes(u, p->core) != p->cb[o].size))
                return cm_err_set("%s: circular buffer %d of the program on core (%d,%d) is on a "
                                  "buffer that was freed (tf_buffer_free) or released "
                                  "(tf_l1_reset); put it on a live one "
                                  "(tf_program_set_cb_buffer)",
                                  op, c, p->core.x, p->core.y);
            const tf_buffer *b = u ? u : p->cb_buf[o];
            if (!b || b->state != TF_BUF_LIVE)
                return cm_err_set("%s: circular buffer %d of the program on core (%d,%d) was "
                                  "released by tf_l1_reset; set it again (tf_program_set_cb)",
                                  op, c, p->core.x, p->core.y);
        }
        if (cb_formats_check(p, op) || rt_kargs_check_given(p, op)) return -1;
        rt_core_state *cs = core_state(p);
        if (cs->busy)
            return cm_err_set("%s: core (%d,%d) is still running an asynchronous launch "
                              "(dispatch %u); wait for it first (tf_launch_wait)",
                              op, p->core.x, p->core.y, cs->busy->id);
        for (size_t j = 0; j < i; j++)
            if (progs[j] == p)
                return cm_err_set("%s: program %zu is program %zu again (the same program twice); "
                                  "give each core's program once",
                                  op, i, j);
            else if (progs[j]->core.x == p->core.x && progs[j]->core.y == p->core.y)
                return cm_err_set("%s: programs %zu and %zu both target core (%d,%d); one "
                                  "dispatch runs one program per core",
                                  op, j, i, p->core.x, p->core.y);
    }
    return 0;
}

static int send_reset(tf_program *p)
{
    tf_go_msg go = {TF_GO_RESET, 0};
    tf_fault_record none[TF_NUM_RISCS];
    memset(none, 0, sizeof none);
    if (put(p, TF_L1_MAILBOX, &go, sizeof go)) return -1;
    return put(p, TF_L1_MAILBOX + (uint32_t)offsetof(tf_mailbox, fault), none, sizeof none);
}

/* The kernel configuration's writes, in order: one transport call where
 * the transport takes a batch (write_l1_batch), else one each. */
#define SETUP_MAX (3 * TF_NUM_RISCS + 6)
typedef struct setup_writes {
    tf_l1_write w[SETUP_MAX];
    int n;
} setup_writes;

static void add(setup_writes *s, uint32_t addr, const void *src, uint32_t n)
{
    CM_ASSERT(s->n < SETUP_MAX);
    s->w[s->n++] = (tf_l1_write){addr, n, src};
}

static int setup(tf_program *p, uint32_t id)
{
    tf_launch_msg lm;
    tf_arg_count counts[TF_NUM_RISCS];
    tf_cb_shared zero[TF_MAX_CBS];
    setup_writes s = {.n = 0};
    memset(&lm, 0, sizeof lm);
    memset(counts, 0, sizeof counts);
    lm.dispatch_id = id;
    lm.cb_mask = p->cb_mask;
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        const rt_image *img = p->img[r];
        if (!img) continue;
        add(&s, img->base, img->bytes, img->size);
        lm.enables |= 1u << r;
        lm.kernel_entry[r] = img->entry;
        if (p->nargs[r]) add(&s, TF_L1_RTA(r), p->args[r], p->nargs[r] * 4u);
        const tf_kernel *k = p->kernel[r];
        if (k->ncommon) add(&s, TF_L1_CRTA(r), k->common_args, k->ncommon * 4u);
        counts[r] = (tf_arg_count){p->nargs[r], k->ncommon};
    }
    add(&s, TF_L1_ARG_COUNT, counts, sizeof counts);
    if (p->cb_mask) {
        memset(zero, 0, sizeof zero);
        add(&s, TF_L1_CB_CONFIG, p->cb, sizeof p->cb);
        add(&s, TF_L1_CB_SHARED, zero, sizeof zero);
        add(&s, TF_L1_CB_FORMAT, p->cb_format, sizeof p->cb_format);
    }
    add(&s, TF_L1_SEMAPHORES, p->sem, sizeof p->sem);
    add(&s, TF_L1_MAILBOX + (uint32_t)offsetof(tf_mailbox, launch), &lm, sizeof lm);
    tf_transport *t = p->dev->tr;
    if (t->ops->write_l1_batch) return t->ops->write_l1_batch(t, p->core.x, p->core.y, s.w, s.n);
    for (int i = 0; i < s.n; i++)
        if (put(p, s.w[i].addr, s.w[i].src, s.w[i].n)) return -1;
    return 0;
}

static int fire_go(tf_program *p, uint32_t id)
{
    tf_go_msg go = {TF_GO_RUN, id};
    return put(p, TF_L1_MAILBOX, &go, sizeof go);
}

/* The spec's stage zones. One follows another: a zone begins at *now, the
 * time the one before it ended, and its end's time stamp, read once, goes
 * back in *now for the next (issue 15: a timer read per boundary, not two).
 * Their events are held and written together (RT_ZS_*, rt_prof.h): each
 * public entry point flushes them before it returns, and before anything
 * that records something else. */
static int stage_send_reset(tf_program *p, uint64_t *now)
{
    uint32_t z = RT_ZS_BEGIN("TF_dispatch/send_reset", *now);
    int rc = send_reset(p);
    *now = TF_STAMP();
    RT_ZS_END(z, *now);
    return rc;
}

static int stage_setup(tf_program *p, uint32_t id, uint64_t *now)
{
    uint32_t z = RT_ZS_BEGIN("TF_dispatch/setup", *now);
    RT_ZS_TEXT(p->label, strlen(p->label), *now);
    int rc = setup(p, id);
    *now = TF_STAMP();
    if (!rc) kconfig_events(p, 1, *now); /* written: allocated, at the zone's end */
    RT_ZS_END(z, *now);
    return rc;
}

static int stage_fire_go(tf_program *p, uint32_t id, uint64_t *now)
{
    uint32_t z = RT_ZS_BEGIN("TF_dispatch/fire_go", *now);
    int rc = fire_go(p, id);
    *now = TF_STAMP();
    RT_ZS_END(z, *now);
    return rc;
}

/* Who was running at pc on RISC r of program p. */
void rt_describe_code(const tf_program *p, int r, uint32_t pc, char *buf, size_t n)
{
    const rt_image *img = rt_image_at(p, r, pc);
    if (!img)
        snprintf(buf, n, "code outside any loaded image");
    else if (img == p->img[r])
        snprintf(buf, n, "kernel '%s' (%s)", img->note.name, img->path);
    else
        snprintf(buf, n, "firmware (%s)", img->path);
}

/* TF_L1_GUARD_* region `region`: what it is ("the mailbox"; NULL for
 * none), and its first byte, size and what it holds. */
static const char *guard_info(uint32_t region, uint32_t *first, uint32_t *size, const char **holds)
{
#define RT_GUARD_INFO(name, num, lo, sz, what_, holds_)                                            \
    if (region == num) {                                                                           \
        *first = lo;                                                                               \
        *size = sz;                                                                                \
        *holds = holds_;                                                                           \
        return what_;                                                                              \
    }
    TF_L1_GUARD_LIST(RT_GUARD_INFO)
#undef RT_GUARD_INFO
    return NULL;
}

/* Detail TF_FAULT_DETAIL_KERNEL_STORE of RISC risc: what the kernel
 * stored, the region it reached (TF_L1_GUARD_LIST; a RISC's image for the
 * firmware's) and what to do, as "; ...". */
static void describe_kernel_store(const tf_fault_record *f, int risc, char *buf, size_t n)
{
    uint32_t region = TF_L1_GUARD_AUX_REGION(f->aux_hi), bytes = TF_L1_GUARD_AUX_BYTES(f->aux_hi);
    uint32_t first = 0, size = 0;
    const char *holds = NULL, *what = guard_info(region, &first, &size, &holds);
    if (!what) {
        snprintf(buf, n,
                 "; a kernel's store into L1 region %u, which this runtime does not know (firmware "
                 "built against other headers?)",
                 region);
        return;
    }
    char name[64], why[512];
    /* whose firmware image: that of the store's first byte in the region
     * (a misaligned store may start below it) */
    uint32_t r = ((f->tval > first ? f->tval : first) - first) / TF_L1_FW_SIZE;
    if (region == TF_L1_GUARD_FIRMWARE && r < TF_NUM_RISCS) {
        first = TF_L1_FW(r);
        size = TF_L1_FW_SIZE;
        snprintf(name, sizeof name, "%s's %s", cm_risc_name((int)r), what);
    } else {
        snprintf(name, sizeof name, "%s", what);
    }
    uint32_t bottom = TF_L1_STACK_TOP(risc) - TF_L1_STACK_SIZE;
    if (TF_L1_GUARD_AUX_SP_BELOW(f->aux_hi))
        snprintf(
            why, sizeof why,
            "its stack pointer is below the bottom of its stack (L1 0x%x): the stack "
            "overflowed its %u KiB, a frame larger than the guard skipping it (put large local "
            "arrays in an L1 buffer or a CB, or shorten the call chain)",
            bottom, (TF_L1_STACK_SIZE - TF_L1_STACK_GUARD) / 1024u);
    else
        snprintf(why, sizeof why,
                 "the address is wrong (a runtime arg, an offset past a buffer's end, a stale "
                 "pointer?); kernels store into L1 buffers and CBs, runtime args, semaphores, "
                 "their own image and stack and the profiler's buffers (docs/kernels.md)");
    snprintf(buf, n,
             "; the kernel's %u-byte store of 0x%0*x reaches %s (%s; L1 0x%x..0x%x), which "
             "kernels never write (the firmware and the host own it): %s. On hardware the store "
             "would land, and the dispatch hang or fault later",
             bytes, bytes >= 1 && bytes <= 4 ? (int)bytes * 2 : 8, f->aux_lo, name, holds, first,
             first + size - 1, why);
}

/* Whether NOC (x, y) is a Tensix core of the grid (tf_core (x - 1, y - 1)). */
static int noc_is_core(unsigned x, unsigned y, int grid_x, int grid_y)
{
    return x >= 1 && y >= 1 && x <= (unsigned)grid_x && y <= (unsigned)grid_y;
}

/* What NOC (x, y) is, as the host names it: "core (1,0)" (tf_core: NOC x
 * - 1, y - 1), "DRAM bank 2", or "" when neither (the message then has
 * the NOC's numbers alone). */
static const char *noc_node(char *buf, size_t n, unsigned x, unsigned y, int grid_x, int grid_y)
{
    if (noc_is_core(x, y, grid_x, grid_y))
        snprintf(buf, n, ", core (%u,%u)", x - 1, y - 1);
    else if (x == TF_NOC_DRAM_X && y >= TF_NOC_DRAM_Y(0))
        snprintf(buf, n, ", DRAM bank %u", y - TF_NOC_DRAM_Y(0));
    else
        buf[0] = 0;
    return buf;
}

/* A multicast rectangle's cores as the host names them: ": cores
 * (0,0)-(2,1)", or "" when a corner is no core. */
static const char *mcast_cores(char *buf, size_t n, unsigned x0, unsigned y0, unsigned x1,
                               unsigned y1, int grid_x, int grid_y)
{
    if (noc_is_core(x0, y0, grid_x, grid_y) && noc_is_core(x1, y1, grid_x, grid_y))
        snprintf(buf, n, ": cores (%u,%u)-(%u,%u)", x0 - 1, y0 - 1, x1 - 1, y1 - 1);
    else
        buf[0] = 0;
    return buf;
}

/* The fault detail of RISC risc's record f, as "; ..." (or ""). */
static void describe_detail(const tf_fault_record *f, int risc, int grid_x, int grid_y, char *buf,
                            size_t n)
{
    uint64_t aux = ((uint64_t)f->aux_hi << 32) | f->aux_lo;
    unsigned x = TF_NOC_X(aux), y = TF_NOC_Y(aux);
    unsigned long long local = (unsigned long long)TF_NOC_LOCAL(aux);
    char node[48], cores[80];
    switch (f->detail) {
    case TF_FAULT_DETAIL_NOC_BAD_XY:
        snprintf(buf, n,
                 "; NOC address 0x%012llx names x=%u y=%u, which is neither a Tensix core "
                 "nor a DRAM bank",
                 (unsigned long long)aux, x, y);
        break;
    case TF_FAULT_DETAIL_NOC_RANGE:
        snprintf(buf, n,
                 "; NOC address 0x%012llx (x=%u y=%u%s, local 0x%llx): the transfer runs "
                 "past the end of that memory",
                 (unsigned long long)aux, x, y, noc_node(node, sizeof node, x, y, grid_x, grid_y),
                 local);
        break;
    case TF_FAULT_DETAIL_NOC_LOCAL:
        snprintf(buf, n, "; local L1 address 0x%08llx (and length) is outside L1",
                 (unsigned long long)aux);
        break;
    case TF_FAULT_DETAIL_NOC_ZERO_LEN:
        snprintf(buf, n,
                 "; a NOC transfer of 0 bytes (to or from 0x%012llx, x=%u y=%u%s): its size is "
                 "0 (tt-metal's watcher: zero length transaction)",
                 (unsigned long long)aux, x, y, noc_node(node, sizeof node, x, y, grid_x, grid_y));
        break;
    case TF_FAULT_DETAIL_WAIT_ADDR:
        snprintf(buf, n,
                 "; a wait (noc_semaphore_wait, cb_wait_front, ...) on L1 0x%08llx, which is "
                 "not a 4-byte aligned word in L1",
                 (unsigned long long)aux);
        break;
    case TF_FAULT_DETAIL_NOC_ATOMIC: {
        /* (a word of the firmware's or the runtime's L1: the mailbox, the
         * zeros, the firmware, the bank tables; the mailbox's first words
         * are where a semaphore id given as an address lands) */
        uint32_t l = (uint32_t)local, first, size;
        const char *region = NULL, *holds;
        if (x != TF_NOC_DRAM_X && local < TF_L1_SIZE && !(l & 3))
            region = guard_info(tf_l1_guard_region(l), &first, &size, &holds);
        if (region)
            snprintf(buf, n,
                     "; NOC atomic at 0x%012llx targets L1 0x%x of NOC x=%u y=%u%s, in %s, "
                     "which holds no semaphore (the firmware and the runtime own it): is a "
                     "semaphore's id given where its address belongs? (get_noc_addr(x, y, "
                     "get_semaphore(id)))",
                     (unsigned long long)aux, l, x, y,
                     noc_node(node, sizeof node, x, y, grid_x, grid_y), region);
        else
            snprintf(buf, n,
                     "; NOC atomic at 0x%012llx must target a 4-byte aligned word in a "
                     "core's L1",
                     (unsigned long long)aux);
        break;
    }
    case TF_FAULT_DETAIL_NOC_CMD: snprintf(buf, n, "; unknown NOC command %u", f->aux_lo); break;
    case TF_FAULT_DETAIL_HOST_MEMORY:
        snprintf(buf, n,
                 "; the simulator ran out of host memory for a NOC transfer this RISC issued to "
                 "or from 0x%012llx (x=%u y=%u), at this instruction or, with several simulator "
                 "threads, before it (the fault is taken where the RISC was when the simulator "
                 "found out): it did not land. Free host memory and run it again",
                 (unsigned long long)aux, x, y);
        break;
    case TF_FAULT_DETAIL_NOC_MCAST:
        snprintf(buf, n,
                 "; multicast rectangle (%u,%u)-(%u,%u) (NOC coordinates, address 0x%016llx) "
                 "is not all Tensix cores: cores are at x 1..%d, y 1..%d (cores (0,0)-(%d,%d): "
                 "NOC x and y are a core's plus 1, tf_core_noc_xy)",
                 TF_NOC_MCAST_XS(aux), TF_NOC_MCAST_YS(aux), x, y, (unsigned long long)aux, grid_x,
                 grid_y, grid_x - 1, grid_y - 1);
        break;
    case TF_FAULT_DETAIL_NOC_MCAST_DESTS: {
        uint32_t r = f->aux_lo, given = f->aux_hi >> 16, reach = f->aux_hi & 0xffff;
        unsigned x0 = r & 63, y0 = (r >> 6) & 63, x1 = (r >> 12) & 63, y1 = (r >> 18) & 63;
        snprintf(buf, n,
                 "; multicast to rectangle (%u,%u)-(%u,%u) (NOC coordinates%s) with num_dests "
                 "%u, but it writes %u core%s (the rectangle without the sender; with it for "
                 "loopback_src)",
                 x0, y0, x1, y1, mcast_cores(cores, sizeof cores, x0, y0, x1, y1, grid_x, grid_y),
                 given, reach, reach == 1 ? "" : "s");
        break;
    }
    case TF_FAULT_DETAIL_MMIO:
        snprintf(buf, n,
                 "; 0x%08x is not a device register (or was accessed with a size other "
                 "than 4 bytes)",
                 f->aux_lo);
        break;
    case TF_FAULT_DETAIL_TILE: rt_tile_fault_describe(f->aux_lo, f->aux_hi, buf, n); break;
    case TF_FAULT_DETAIL_STACK: {
        uint32_t r = f->aux_hi < TF_NUM_RISCS ? f->aux_hi : 0;
        uint32_t lo = TF_L1_STACK_TOP(r) - TF_L1_STACK_SIZE, hi = lo + TF_L1_STACK_GUARD - 1;
        if ((int)r == risc)
            snprintf(buf, n,
                     "; 0x%08x is in the guard at the bottom of its stack (L1 0x%x..0x%x): the "
                     "stack overflowed its %u KiB (put large local arrays in an L1 buffer or a "
                     "CB, or shorten the call chain)",
                     f->aux_lo, lo, hi, (TF_L1_STACK_SIZE - TF_L1_STACK_GUARD) / 1024u);
        else
            snprintf(buf, n,
                     "; 0x%08x is in the guard at the bottom of %s's stack (L1 0x%x..0x%x): a "
                     "pointer into that stack went past its end",
                     f->aux_lo, cm_risc_name((int)r), lo, hi);
        break;
    }
    case TF_FAULT_DETAIL_KERNEL_STORE: describe_kernel_store(f, risc, buf, n); break;
    default: buf[0] = 0; break;
    }
}

/* Whether p's core finished dispatch id cleanly: DONE and no fault record
 * (a failure elsewhere in the dispatch ended the wait before p's turn
 * came). A core whose RISC faulted reports DONE too, and is reset. */
static int finished(tf_program *p, uint32_t id)
{
    tf_mailbox mb;
    return id && !rt_read_mailbox(p->dev, p->core, &mb) && rt_mb_done(&mb, id) &&
           !rt_mb_faulted(&mb);
}

/* Reboot cores after a failure; appends to the current message, once for
 * all of them: "; cores (0,0), (1,0) were reset" (each core once), and
 * per core that could not be rebooted why. Cores that finished dispatch
 * id cleanly are left as they are. */
static void recover(tf_program *const *progs, size_t n, const int *skip, uint32_t id)
{
    RT_ZS_FLUSH(); /* booting records zones of its own */
    /* the kernel configurations set up for the dispatch are gone with it
     * (a rebooted core's too): freed in the memory log, or it reported
     * them as leaks at exit (a program that finished was freed already) */
    for (size_t i = 0; i < n; i++) kconfig_events(progs[i], 0, 0);
    char saved[4096], failed[1536] = "", cores[1024] = "";
    snprintf(saved, sizeof saved, "%s", tf_last_error());
    size_t nreset = 0, nf = 0, nc = 0, left_out = 0;
    for (size_t i = 0; i < n; i++) {
        if (skip && skip[i]) continue;
        tf_program *p = progs[i];
        if (finished(p, id)) continue; /* done, though not waited for: nothing to reset */
        size_t j = 0;                  /* a core of several programs is rebooted once */
        while (j < i && ((skip && skip[j]) || progs[j]->core.x != p->core.x ||
                         progs[j]->core.y != p->core.y))
            j++;
        if (j < i) continue;
        if (rt_dev_boot_core(p->dev, p->core)) {
            int w =
                snprintf(failed + nf, sizeof failed - nf, "; rebooting core (%d,%d) failed too: %s",
                         p->core.x, p->core.y, tf_last_error());
            nf = w < 0 || (size_t)w >= sizeof failed - nf ? sizeof failed - 1 : nf + (size_t)w;
            continue;
        }
        int w = snprintf(cores + nc, sizeof cores - nc, "%s(%d,%d)", nreset ? ", " : "", p->core.x,
                         p->core.y);
        if (w < 0 || (size_t)w >= sizeof cores - nc - 16) /* room for "... (+N more)" */
            left_out++;
        else
            nc += (size_t)w;
        nreset++;
    }
    if (left_out) snprintf(cores + nc, sizeof cores - nc, ", ... (+%zu more)", left_out);
    if (!nreset)
        cm_err_set("%s%s", saved, failed);
    else
        cm_err_set("%s%s; %s %s %s reset", saved, failed, nreset > 1 ? "cores" : "core", cores,
                   nreset > 1 ? "were" : "was");
}

/* A fault a check raised before any bad access was made (the kernel API
 * found the mistake, or the NOC refused a command): no instruction or
 * address to show; what it found, into buf; 0 when f is not one. */
static int kernel_check(const tf_program *p, const tf_fault_record *f, char *buf, size_t n)
{
    uint32_t last = f->aux_hi ? f->aux_hi - 1 : 0;
    switch (f->detail) {
    case TF_FAULT_DETAIL_NOC_ALIGN_READ:
    case TF_FAULT_DETAIL_NOC_ALIGN_WRITE:
    case TF_FAULT_DETAIL_NOC_ALIGN_MCAST: {
        uint64_t aux = ((uint64_t)f->aux_hi << 32) | f->aux_lo;
        int rd = f->detail == TF_FAULT_DETAIL_NOC_ALIGN_READ;
        int mcast = f->detail == TF_FAULT_DETAIL_NOC_ALIGN_MCAST;
        int dram = !mcast && TF_NOC_ALIGN_AUX_DRAM(aux);
        uint32_t l1 = mcast ? f->aux_lo : TF_NOC_ALIGN_AUX_L1(aux);
        unsigned long long ra = mcast ? f->aux_hi : TF_NOC_ALIGN_AUX_LOCAL(aux);
        unsigned align = TF_NOC_ALIGN(rd, dram);
        char where[64];
        if (mcast)
            snprintf(where, sizeof where, "the L1 of its rectangle's cores");
        else if (dram)
            snprintf(where, sizeof where, "DRAM bank %u", TF_NOC_ALIGN_AUX_BANK(aux));
        else
            snprintf(where, sizeof where, "core (%u,%u)'s L1", TF_NOC_ALIGN_AUX_X(aux) - 1,
                     TF_NOC_ALIGN_AUX_Y(aux) - 1);
        snprintf(buf, n,
                 "a NOC %s L1 0x%08x %s %s at 0x%08llx: the two addresses differ modulo %u "
                 "(0x%x against 0x%llx), and the NOC moves data in %u-byte aligned pieces "
                 "without shifting it (Blackhole's rule for a %s %s; tt-metal's watcher: "
                 "invalid address alignment in NOC transaction); make them agree modulo %u "
                 "(tt-foil allocates every buffer and circular buffer %u-byte aligned)",
                 mcast ? "multicast write from"
                 : rd  ? "read into"
                       : "write from",
                 l1, rd ? "from" : "to", where, ra, align, l1 % align, ra % align, align,
                 mcast ? "multicast"
                 : rd  ? "read from"
                       : "write to",
                 mcast  ? "write"
                 : dram ? "DRAM"
                        : "L1",
                 align, TF_DRAM_ALIGNMENT);
        return 1;
    }
    case TF_FAULT_DETAIL_UNMODELED: {
#define RT_UNMODELED_CASE(name, num, what, instead)                                                \
    case num:                                                                                      \
        snprintf(buf, n, "not supported by tt-foil at run time: %s; %s", what, instead);           \
        break;
        switch (f->aux_lo) {
            TF_UNMODELED_LIST(RT_UNMODELED_CASE)
        default:
            snprintf(buf, n,
                     "a tt-metal feature tt-foil does not model (number %u, unknown to "
                     "this runtime: a kernel built against other headers?)",
                     f->aux_lo);
        }
#undef RT_UNMODELED_CASE
        return 1;
    }
    case TF_FAULT_DETAIL_NOC_STATE: {
        /* (Device 2.0's Noc::async_read_with_state calls the read ones) */
        static const char *const call[][2] = {
            {"?", "?"},
            {"noc_async_read_one_packet_with_state",
             "noc_async_read_one_packet_set_state (or Noc::set_async_read_state)"},
            {"noc_async_read_with_state",
             "noc_async_read_set_state (or noc_async_read_one_packet_set_state, "
             "Noc::set_async_read_state)"},
            {"noc_async_write_one_packet_with_state",
             "noc_async_write_one_packet_set_state (or Noc::set_async_write_state)"},
            {"Noc::async_write_with_state",
             "Noc::set_async_write_state (or noc_async_write_one_packet_set_state)"},
            {"noc_async_read_tile_dram_sharded_with_state",
             "noc_async_read_tile_dram_sharded_set_state (or "
             "noc_async_read_one_packet_set_state)"},
            {"noc_async_write_one_packet_with_trid_with_state",
             "noc_async_write_one_packet_with_trid_set_state (or "
             "noc_async_write_one_packet_set_state)"}};
        unsigned w = f->aux_hi < 7 ? f->aux_hi : 0;
        snprintf(buf, n,
                 "%s on NOC %u before any %s on that NOC: the transfer takes the far end%s "
                 "from that state, which nothing set (on tt-metal, whatever the command buffer "
                 "held); call the set_state first, once per NOC before the with_state calls",
                 call[w][0], f->aux_lo, call[w][1],
                 w == TF_NOC_STATE_READ_ONE_PACKET || w == TF_NOC_STATE_WRITE_ONE_PACKET ||
                         w == TF_NOC_STATE_READ_DRAM_SHARDED
                     ? " and the size"
                     : "");
        return 1;
    }
    case TF_FAULT_DETAIL_PAGE_RANGE:
        snprintf(buf, n, "page %u out of range of an interleaved buffer of %u pages (ids 0..%u)",
                 f->aux_lo, f->aux_hi, last);
        return 1;
    case TF_FAULT_DETAIL_SHARD_RANGE: {
        uint32_t count = f->aux_hi & ~TF_SHARD_RANGE_SHARD;
        const char *what = f->aux_hi & TF_SHARD_RANGE_SHARD ? "shard" : "page";
        snprintf(buf, n, "%s %u out of range of a sharded tensor of %u %ss (ids 0..%u)", what,
                 f->aux_lo, count, what, count ? count - 1 : 0);
        return 1;
    }
    case TF_FAULT_DETAIL_BANK_RANGE: {
        uint32_t count = f->aux_hi & ~TF_BANK_RANGE_L1;
        snprintf(buf, n,
                 "%s bank %u: the device has %u (ids 0..%u); a bank id comes from the host "
                 "(pass the bank as an argument: tf_buffer_shard_core gives a DRAM-sharded "
                 "buffer's)",
                 f->aux_hi & TF_BANK_RANGE_L1 ? "L1" : "DRAM", f->aux_lo, count,
                 count ? count - 1 : 0);
        return 1;
    }
    case TF_FAULT_DETAIL_NOC_TRID: {
        static const char *const whose[] = {
            "a read with", "a write with", "noc_async_read_barrier_with_trid of",
            "noc_async_write_barrier_with_trid of", "noc_async_write_flushed_with_trid of"};
        snprintf(buf, n, "%s transaction id %u: ids are 0..%u (Blackhole's NOC_MAX_TRANSACTION_ID)",
                 whose[f->aux_hi < 5 ? f->aux_hi : 0], f->aux_lo, TF_NOC_MAX_TRID);
        return 1;
    }
    case TF_FAULT_DETAIL_ASSERT:
        snprintf(buf, n,
                 "ASSERT at line %u failed: its condition is false (tt-metal's watcher assert, "
                 "checked in a kernel built with WATCHER_ENABLED)",
                 f->aux_lo);
        return 1;
    case TF_FAULT_DETAIL_CB_ID:
        snprintf(buf, n, "there is no CB %u (circular buffers 0..%u)", f->aux_lo, last);
        return 1;
    case TF_FAULT_DETAIL_ARG_RANGE: {
        int common = (f->aux_hi & TF_ARG_RANGE_COMMON) != 0;
        uint32_t count = f->aux_hi & ~TF_ARG_RANGE_COMMON;
        char have[48] = "no";
        if (count) snprintf(have, sizeof have, "%u (0..%u)", count, count - 1);
        snprintf(buf, n,
                 "%s(%u): the host gave this %s %s %sruntime args; give it every arg it reads "
                 "(%s) (tt-metal's watcher check, in a kernel built with WATCHER_ENABLED; "
                 "without it the word read is whatever L1 holds there: 0, or an arg of a "
                 "previous dispatch)",
                 common ? "get_common_arg_val" : "get_arg_val", f->aux_lo,
                 common ? "kernel" : "RISC", have, common ? "common " : "",
                 common ? "tf_kernel_set_common_args" : "tf_program_set_args");
        return 1;
    }
    case TF_FAULT_DETAIL_SEMAPHORE_ID:
        snprintf(buf, n,
                 "get_semaphore(%u): there is no semaphore %u (ids 0..%u, set with "
                 "tf_program_set_semaphore; the kernel takes the id, not the semaphore's L1 "
                 "address)",
                 f->aux_lo, f->aux_lo, last);
        return 1;
    case TF_FAULT_DETAIL_CB_WRAP: {
        uint32_t cb = f->aux_lo & 0x7f, pages = f->aux_lo >> 8, at = f->aux_hi >> 16,
                 k = f->aux_hi & 0xffff;
        int pop = (f->aux_lo & 0x80) != 0;
        snprintf(buf, n,
                 "%s of %u page%s at page %u of CB %u, which holds %u: the pages run past the "
                 "CB's end (the pages %s in one trip round a CB must add up to its size, as in "
                 "tt-metal)",
                 pop ? "cb_pop_front" : "cb_push_back", k, k == 1 ? "" : "s", at, cb, pages,
                 pop ? "popped" : "pushed");
        return 1;
    }
    case TF_FAULT_DETAIL_CB_INFLIGHT: {
        uint32_t cb = f->aux_lo & 0x7f, k = f->aux_lo >> 8,
                 count = TF_CB_INFLIGHT_AUX_COUNT(f->aux_hi), at = TF_CB_INFLIGHT_AUX_L1(f->aux_hi);
        int pop = (f->aux_lo & 0x80) != 0;
        const char *them = k == 1 ? "it" : "them";
        snprintf(buf, n,
                 "%s of %u page%s of CB %u (L1 0x%x, %u B) with NOC %s %s %s still in flight "
                 "(%u%s): the %s may %s %s before %s (a race on hardware, passing or failing "
                 "with timing); wait for the %ss first: %s before %s (checked in a kernel built "
                 "with WATCHER_ENABLED)",
                 pop ? "cb_pop_front" : "cb_push_back", k, k == 1 ? "" : "s", cb, at,
                 cb < TF_MAX_CBS ? k * p->cb[cb].page_size : 0, pop ? "writes" : "reads",
                 pop ? "from" : "into", them, count, count >= 2047 ? " or more" : "",
                 pop ? "producer" : "consumer", pop ? "refill" : "take", them,
                 pop ? "the writes have read it" : "the data lands", pop ? "write" : "read",
                 pop ? "noc_async_writes_flushed() (or noc_async_write_barrier())"
                     : "noc_async_read_barrier() (noc_async_read_barrier_with_trid for reads "
                       "with a transaction id)",
                 pop ? "cb_pop_front" : "cb_push_back");
        return 1;
    }
    case TF_FAULT_DETAIL_CB_COUNT: {
        uint32_t cb = f->aux_lo & 0x7f, front = f->aux_hi >> 16, k = f->aux_hi & 0xffff;
        uint32_t pages = cb < TF_MAX_CBS ? p->cb[cb].num_pages : 0;
        if (f->aux_lo & 0x80)
            snprintf(buf, n,
                     "cb_pop_front of %u page%s of CB %u, which has %u at its front (it holds "
                     "%u): it pops pages not yet pushed, which the kernel read before they were "
                     "written; call cb_wait_front(%u, %u) before reading them (checked in a "
                     "kernel built with WATCHER_ENABLED)",
                     k, k == 1 ? "" : "s", cb, front, pages, cb, k);
        else
            snprintf(buf, n,
                     "cb_push_back of %u page%s to CB %u, which has %u of its %u pages at its "
                     "front, not yet popped: the push publishes pages no cb_reserve_back made "
                     "free, so they overwrote pages the consumer had not read; call "
                     "cb_reserve_back(%u, %u) before writing them (checked in a kernel built "
                     "with WATCHER_ENABLED)",
                     k, k == 1 ? "" : "s", cb, front, pages, cb, k);
        return 1;
    }
    case TF_FAULT_DETAIL_RISC_MBOX:
        snprintf(buf, n,
                 "mailbox_%s(%u): there is no mailbox %u (0 BRISC, 1 TRISC0 unpack, 2 TRISC1 "
                 "math, 3 TRISC2 pack: ckernel::ThreadId; NCRISC has none)",
                 f->aux_hi ? "read" : "write", f->aux_lo, f->aux_lo);
        return 1;
    case TF_FAULT_DETAIL_CB_PTR: {
        uint32_t cb = f->aux_lo & 0x7f, a = f->aux_hi;
        int wr = (f->aux_lo & 0x80) != 0;
        const tf_cb_config *c = cb < TF_MAX_CBS ? &p->cb[cb] : NULL;
        char range[96] = "which this program does not configure";
        if (c && (p->cb_mask >> cb & 1))
            snprintf(range, sizeof range, "L1 0x%x..0x%x", c->addr, c->addr + c->size - 1);
        snprintf(buf, n,
                 "get_local_cb_interface(%u).%s = 0x%x (L1 0x%x, in 16-byte units) is outside "
                 "CB %u (%s): the %s would %s memory that is not the CB's; give it an address "
                 "inside the CB (another CB's pointer only when both CBs share that memory)",
                 cb, wr ? "fifo_wr_ptr" : "fifo_rd_ptr", a >> 4, a, cb, range,
                 wr ? "packer" : "unpacker", wr ? "write" : "read");
        return 1;
    }
    }
    return 0;
}

/* What a fault record says after the cause and where: the instruction
 * (unless its fetch is what faulted), the address (for causes that have
 * one) and the detail, into buf. */
static void fault_facts(tf_program *p, int r, const tf_fault_record *f, char *buf, size_t n)
{
    char insn[96] = "", addr[32] = "", detail[1024];
    describe_detail(f, r, p->dev->info.grid_x, p->dev->info.grid_y, detail, sizeof detail);
    if (f->cause != TF_CAUSE_FETCH_ACCESS && f->cause != TF_CAUSE_FETCH_MISALIGNED) {
        char dis[64];
        cm_rv32_disasm(f->insn, f->pc, dis, sizeof dis);
        snprintf(insn, sizeof insn, ", insn 0x%08x (%s)", f->insn, dis);
    }
    if (cm_rv32_cause_has_address(f->cause))
        snprintf(addr, sizeof addr, ", address 0x%08x", f->tval);
    snprintf(buf, n, "%s%s%s", insn, addr, detail);
}

/* Why RISC r's fault record f was written, without where (the pc and the
 * kernel's line, which the caller says): what a check found, or the
 * cause and fault_facts, into buf. */
static void fault_reason(tf_program *p, int r, const tf_fault_record *f, char *buf, size_t n)
{
    if (kernel_check(p, f, buf, n)) return;
    char facts[1200];
    fault_facts(p, r, f, facts, sizeof facts);
    snprintf(buf, n, "%s (mcause %u)%s", cm_rv32_cause_name(f->cause), f->cause, facts);
}

static int report_fault(tf_program *p, uint32_t id, const tf_mailbox *mb)
{
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        const tf_fault_record *f = &mb->fault[r];
        if (f->magic != TF_FAULT_MAGIC) continue;
        char who[512], where[1024];
        rt_describe_code(p, r, f->pc, who, sizeof who);
        rt_srcloc_describe(p, r, f->pc, where, sizeof where);
        char check[768];
        if (kernel_check(p, f, check, sizeof check))
            return cm_err_set("device fault in dispatch %u on core (%d,%d) %s running %s (pc "
                              "0x%08x%s): %s",
                              id, p->core.x, p->core.y, cm_risc_name(r), who, f->pc, where, check);
        char facts[1200];
        fault_facts(p, r, f, facts, sizeof facts);
        return cm_err_set("device fault in dispatch %u on core (%d,%d) %s running %s: %s (mcause "
                          "%u) at pc 0x%08x%s%s",
                          id, p->core.x, p->core.y, cm_risc_name(r), who,
                          cm_rv32_cause_name(f->cause), f->cause, f->pc, where, facts);
    }
    return 0;
}

/* RISCs the chip stopped without a fault record (a trap inside the
 * firmware's trap handler): the transport's optional `halted`. */
static int report_halted(tf_program *p, uint32_t id)
{
    tf_transport *t = p->dev->tr;
    uint32_t mask = 0;
    if (!t->ops->halted || t->ops->halted(t, p->core.x, p->core.y, &mask) || !mask) return 0;
    int r = __builtin_ctz(mask);
    uint32_t pc = 0;
    t->ops->read_pc(t, p->core.x, p->core.y, r, &pc);
    char who[512];
    rt_describe_code(p, r, pc, who, sizeof who);
    return cm_err_set("device fault in dispatch %u on core (%d,%d) %s: it trapped again while "
                      "handling a trap, at pc 0x%08x in %s, so no fault record was written "
                      "(did a kernel overwrite the firmware or mtvec?)",
                      id, p->core.x, p->core.y, cm_risc_name(r), pc, who);
}

static int report_timeout(tf_program *p, uint32_t id, const tf_mailbox *mb, uint64_t waited_ns)
{
    tf_transport *t = p->dev->tr;
    char list[4096];
    size_t len = 0;
    for (int r = 0; r < TF_NUM_RISCS && len < sizeof list; r++) {
        if (!(mb->boot_mask & (1u << r)) || mb->risc[r].done_id == id) continue;
        uint32_t pc = 0;
        t->ops->read_pc(t, p->core.x, p->core.y, r, &pc);
        char who[512], where[1024];
        rt_describe_code(p, r, pc, who, sizeof who);
        rt_srcloc_describe(p, r, pc, where, sizeof where);
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s at pc 0x%08x%s in %s",
                                len ? ", " : "", cm_risc_name(r), pc, where, who);
    }
    if (!len) /* every RISC the mailbox names is done, yet no DONE: the mailbox is not ours */
        return cm_err_set("dispatch %u of '%s' on core (%d,%d) timed out after %llu ms, though "
                          "its mailbox lists no RISC as still running (boot mask 0x%x, GO signal "
                          "0x%x, dispatch id %u): the mailbox (L1 0x%x..0x%x) looks overwritten; "
                          "does a kernel write into that range of this core with a NOC write "
                          "(from any core) or, on hardware, a store (the simulator faults a "
                          "kernel's store there)?",
                          id, p->label, p->core.x, p->core.y,
                          (unsigned long long)(waited_ns / 1000000u), mb->boot_mask, mb->go.signal,
                          mb->go.dispatch_id, TF_L1_MAILBOX,
                          TF_L1_MAILBOX + TF_L1_MAILBOX_SIZE - 1);
    /* a GO message that is not the one the host wrote (nor BRISC's DONE of
     * it): something wrote into the mailbox, and the firmware waits for
     * what will never come; a longer timeout would not help */
    if ((mb->go.signal != TF_GO_RUN && mb->go.signal != TF_GO_DONE) || mb->go.dispatch_id != id)
        return cm_err_set("dispatch %u of '%s' on core (%d,%d) timed out after %llu ms; not done: "
                          "%s; its mailbox's GO message is signal 0x%x for dispatch %u, not the "
                          "host's (0x%x for %u): the mailbox (L1 0x%x..0x%x) looks overwritten; "
                          "does a kernel write into that range of this core with a NOC write "
                          "(from any core) or, on hardware, a store (the simulator faults a "
                          "kernel's store there)?",
                          id, p->label, p->core.x, p->core.y,
                          (unsigned long long)(waited_ns / 1000000u), list, mb->go.signal,
                          mb->go.dispatch_id, TF_GO_RUN, id, TF_L1_MAILBOX,
                          TF_L1_MAILBOX + TF_L1_MAILBOX_SIZE - 1);
    return cm_err_set("dispatch %u of '%s' on core (%d,%d) timed out after %llu ms; not done: %s "
                      "(raise tf_device_config.dispatch_timeout_ms or "
                      "TT_FOIL_DISPATCH_TIMEOUT_MS if it is just slow)",
                      id, p->label, p->core.x, p->core.y,
                      (unsigned long long)(waited_ns / 1000000u), list);
}

/* What the RISCs of p that did not finish dispatch `id` were doing: each
 * one's pc as function (file:line), in the trace (DEVICE_PC). A faulting
 * RISC's pc is its fault record's (read_pc gives the trap handler's), and
 * its text says why it faulted (the report's diagnostics have only this
 * text); on a chip that has stopped (a deadlock, or the other RISCs left
 * waiting after a fault) the text ends with what the RISC waits for. */
static void record_pcs(tf_program *p, uint32_t id, const tf_mailbox *mb, int reason)
{
    tf_transport *t = p->dev->tr;
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        if (!(mb->boot_mask & (1u << r)) || mb->risc[r].done_id == id) continue;
        uint32_t pc = 0;
        int faulted = mb->fault[r].magic == TF_FAULT_MAGIC;
        if (faulted)
            pc = mb->fault[r].pc;
        else if (t->ops->read_pc(t, p->core.x, p->core.y, r, &pc))
            continue;
        char who[512], where[1024], wait[1280] = "", text[3072];
        rt_describe_code(p, r, pc, who, sizeof who);
        rt_srcloc_describe(p, r, pc, where, sizeof where);
        if (faulted) { /* why, for the report's diagnostics */
            memcpy(wait, " faulted: ", 10);
            fault_reason(p, r, &mb->fault[r], wait + 10, sizeof wait - 10);
        } else if ((reason == TF_DEVB_STALL || reason == TF_DEVB_FAULT) &&
                   !rt_stall_wait_text(p, r, wait + 1, sizeof wait - 1)) {
            wait[0] = ' '; /* what it waited for, for the report's diagnostics */
        }
        snprintf(text, sizeof text, "%s%s%s", who, where, wait);
        rt_devprof_pc(p, id, r, pc, reason, text);
    }
}

/* How long a fault's post-mortem waits for the chip to stop by itself. */
#define RT_FAULT_SETTLE_NS 100000000ull

/* After a fault the RISCs that did not fault mostly wait, within a few
 * rounds, for what the faulted one will never do (its pages, its
 * semaphore): the chip then stops by itself, and the post-mortem reads
 * where each of them stopped (a moment of the device's own, the same in
 * every run) and what it waits for, not wherever the host found them. Wait
 * for that a short while (RT_FAULT_SETTLE_NS), and only while a RISC of a
 * core that did not finish is still at dispatch `id` without having
 * faulted (the mailbox says); RISCs still running then (work of their own)
 * are read as they are. */
static void settle_after_fault(tf_program *const *progs, size_t n, const int *done, uint32_t id)
{
    tf_transport *t = progs[0]->dev->tr;
    if (!t->ops->stalled) return;
    uint64_t end = rt_dev_now_ns() + RT_FAULT_SETTLE_NS;
    for (;;) {
        int settled = 1;
        for (size_t i = 0; i < n && settled; i++) {
            tf_program *p = progs[i];
            tf_mailbox mb;
            tf_risc_wait waits[TF_NUM_RISCS];
            if ((done && done[i]) || rt_read_mailbox(p->dev, p->core, &mb)) continue;
            int running = 0;
            for (int r = 0; r < TF_NUM_RISCS; r++)
                running |= (mb.boot_mask >> r & 1) && mb.risc[r].done_id != id &&
                           mb.risc[r].state != TF_RISC_FAULT;
            if (running && t->ops->stalled(t, p->core.x, p->core.y, waits) != 1) settled = 0;
        }
        uint64_t now = rt_dev_now_ns();
        if (settled || now >= end) return;
        t->ops->wait(t, end - now);
    }
}

/* Dispatch `id` failed (reason: TF_DEVB_TIMEOUT, _FAULT, _INTERRUPT, _STALL): before
 * any core is reset, read back the device profile of every program that
 * had not finished (zones still open are kept as open) and where each of
 * its RISCs stood. Keeps the current error message. */
static void postmortem(tf_program *const *progs, size_t n, const int *done, uint32_t id,
                       uint64_t doorbell_ns, int reason)
{
    tf_device *dev = progs[0]->dev;
    RT_ZS_FLUSH(); /* the device profile's records follow, or the signal's end of the process */
    if (!dev->prof.enabled) return;
    char saved[4096];
    snprintf(saved, sizeof saved, "%s", tf_last_error());
    if (reason == TF_DEVB_FAULT) settle_after_fault(progs, n, done, id);
    for (size_t i = 0; i < n; i++) {
        if (done && done[i]) continue;
        tf_program *p = progs[i];
        tf_mailbox mb;
        if (rt_read_mailbox(p->dev, p->core, &mb)) continue;
        int finished = rt_mb_done(&mb, id);
        if (!finished) record_pcs(p, id, &mb, reason);
        if (rt_devprof_postmortem(p, id, doorbell_ns, &mb, finished ? TF_DEVB_DONE : reason))
            cm_warn("device profiler: core (%d,%d): its markers could not be read back after "
                    "dispatch %u: %s",
                    p->core.x, p->core.y, id, tf_last_error());
    }
    rt_devprof_end_dispatch(dev, id);
    TF_DEV_FLUSH();
    cm_err_set("%s", saved);
}

/* SIGINT and SIGTERM while the host waits on the chip: the handler only
 * sets a flag (async-signal-safe); the wait loop sees it within one poll,
 * reads the device profile back (post-mortem), flushes the trace, puts the
 * previous handler back and raises the signal again, so the program dies
 * of it as it would have (or its own handler runs, after which the
 * dispatch fails with a message saying it was interrupted). Installed at
 * a thread's first wait and left in place, over the default action or a
 * handler, not over SIG_IGN (a program that ignores the signal keeps
 * ignoring it): while no thread waits (counted), the handler puts the
 * previous one back and raises the signal again, which is then handled as
 * if ours had never been there. Installing and removing it around every
 * wait took six sigaction calls a dispatch, about 1.9 us here, a sixth of
 * a dispatch-bound iteration. A handler the program installs after its
 * first dispatch replaces ours for good: that signal then reaches it at
 * once, without the post-mortem. Per signal, rt_sig_state: 0 to be
 * looked at, 1 ours is installed, 2 left alone (ignored). */
static volatile sig_atomic_t rt_interrupted;
static pthread_mutex_t rt_sig_lock = PTHREAD_MUTEX_INITIALIZER;
static int rt_sig_waiters; /* atomic: read by the handler */
static const int rt_sigs[2] = {SIGINT, SIGTERM};
static struct sigaction rt_sig_old[2];
static int rt_sig_state[2]; /* atomic: written by the handler */

/* Our handler off signal sig: the previous one back (async-signal-safe). */
static void sig_restore(int sig)
{
    for (int i = 0; i < 2; i++) {
        if (rt_sigs[i] != sig || __atomic_load_n(&rt_sig_state[i], __ATOMIC_ACQUIRE) != 1) continue;
        sigaction(rt_sigs[i], &rt_sig_old[i], NULL);
        __atomic_store_n(&rt_sig_state[i], 0, __ATOMIC_RELEASE);
    }
}

static void on_interrupt(int sig)
{
    if (__atomic_load_n(&rt_sig_waiters, __ATOMIC_ACQUIRE)) {
        rt_interrupted = sig;
        return;
    }
    /* no thread waits: the signal is the program's own business (blocked
     * while this runs, it arrives again once this returns) */
    sig_restore(sig);
    raise(sig);
}

/* A thread starts waiting: counted, and the handlers installed where they
 * are not yet. */
static void guard_wait_begin(void)
{
    __atomic_fetch_add(&rt_sig_waiters, 1, __ATOMIC_ACQ_REL);
    if (__atomic_load_n(&rt_sig_state[0], __ATOMIC_ACQUIRE) &&
        __atomic_load_n(&rt_sig_state[1], __ATOMIC_ACQUIRE))
        return; /* in place (or left alone): no system call */
    pthread_mutex_lock(&rt_sig_lock);
    for (int i = 0; i < 2; i++) {
        if (__atomic_load_n(&rt_sig_state[i], __ATOMIC_ACQUIRE)) continue;
        struct sigaction sa, old;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_interrupt;
        sigemptyset(&sa.sa_mask);
        if (sigaction(rt_sigs[i], NULL, &old)) continue;
        if (!(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_IGN) {
            __atomic_store_n(&rt_sig_state[i], 2, __ATOMIC_RELEASE);
            continue;
        }
        rt_sig_old[i] = old; /* before ours can run */
        if (sigaction(rt_sigs[i], &sa, NULL) == 0)
            __atomic_store_n(&rt_sig_state[i], 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&rt_sig_lock);
}

/* It stops: from now on (if no other thread waits) a signal is passed on. */
static void guard_wait_end(void)
{
    __atomic_fetch_sub(&rt_sig_waiters, 1, __ATOMIC_RELEASE);
}

/* The signal caught while waiting: what its previous handler does (the
 * recorder's writes the trace, the default ends the process). */
static void reraise(int sig)
{
    pthread_mutex_lock(&rt_sig_lock);
    sig_restore(sig);
    rt_interrupted = 0;
    pthread_mutex_unlock(&rt_sig_lock);
    raise(sig);
}

/* The dispatch finished on p's core: statistics, memory events, the
 * counters, the device profile, each beginning where the one before
 * ended; *now: when the last of them ended. */
static int finish(tf_program *p, uint32_t id, const tf_mailbox *mb, uint64_t doorbell_ns,
                  uint64_t *now)
{
    tf_run_stats *s = &p->last;
    memset(s, 0, sizeof *s);
    s->dispatch_id = id;
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        s->go_cycle[r] = ((uint64_t)mb->risc[r].go_cycle_hi << 32) | mb->risc[r].go_cycle_lo;
        s->done_cycle[r] = ((uint64_t)mb->risc[r].done_cycle_hi << 32) | mb->risc[r].done_cycle_lo;
    }
    s->cycles = s->done_cycle[TF_RISC_BRISC] - s->go_cycle[TF_RISC_BRISC];
    p->has_last = 1;
    *now = TF_STAMP();
    kconfig_events(p, 0, *now);
    rt_perf_record(p, id, now);
    return rt_devprof_collect(p, id, doorbell_ns, now);
}

/* A wait's failure (the message set): the device profile read back for
 * `reason`, the cores that did not finish rebooted; -1. */
static int wait_failed(tf_program *const *progs, size_t n, const int *done, uint32_t id,
                       uint64_t doorbell_ns, int reason)
{
    postmortem(progs, n, done, id, doorbell_ns, reason);
    recover(progs, n, done, id);
    return -1;
}

/* A fault on another core of the dispatch, whose own wait has not come
 * (p may be waiting for it: a fault there once came out as p's timeout, a
 * minute later), or a RISC of p's core the chip stopped without a record:
 * 1 and the message. */
static int fault_elsewhere(tf_program *const *progs, size_t n, size_t i, uint32_t id,
                           const int *done)
{
    for (size_t j = 0; j < n; j++) { /* (one program a core: validate) */
        tf_mailbox other;
        if (j == i || done[j] || rt_read_mailbox(progs[j]->dev, progs[j]->core, &other)) continue;
        if (report_fault(progs[j], id, &other)) return 1;
    }
    return report_halted(progs[i], id) != 0;
}

/* Wait for program i of a dispatch; on failure reboot the cores that did
 * not finish. `done` marks finished programs. If *doorbell_ns is 0 the
 * doorbell has not been rung yet: ring it here, inside the wait_done zone,
 * so that the dispatch's device activity lies inside it. */
static int wait_body(tf_program *const *progs, size_t n, size_t i, uint32_t id, int *done,
                     uint64_t *doorbell_ns, uint64_t *now)
{
    tf_program *p = progs[i];
    tf_transport *t = p->dev->tr;
    if (!*doorbell_ns) {
        *doorbell_ns = rt_dev_now_ns();
        if (rt_start_waited(t)) return -1; /* (waited for next, here) */
    }
    /* the timeout counts from the doorbell, for every program of the
     * dispatch alike (each wait once restarted it: a launch waited for late,
     * or the 4th of 4, took up to 4 timeouts to fail) */
    uint64_t start = *doorbell_ns, deadline = start + p->dev->timeout_ns;
    /* (set at the first poll that finds p not done: a dispatch-bound
     * program's wait mostly finds it done at once, and a clock read, 20-30
     * ns here, is about 1% of such a core's dispatch) */
    uint64_t halt_check = 0, flush_at = start + RT_WAIT_FLUSH_NS;
    tf_mailbox mb;
    int waited = 0;
    for (;;) {
        if (rt_read_mailbox(p->dev, p->core, &mb)) return -1;
        if (report_fault(p, id, &mb))
            return wait_failed(progs, n, done, id, *doorbell_ns, TF_DEVB_FAULT);
        if (rt_mb_done(&mb, id)) break;
        uint64_t now = rt_dev_now_ns();
        if (rt_interrupted) {
            int sig = rt_interrupted;
            cm_err_set("dispatch %u of '%s' on core (%d,%d) was interrupted by signal %d (%s) "
                       "while waiting for it",
                       id, p->label, p->core.x, p->core.y, sig, strsignal(sig));
            postmortem(progs, n, done, id, *doorbell_ns, TF_DEVB_INTERRUPT);
            char saved[4096];
            snprintf(saved, sizeof saved, "%s", tf_last_error());
            reraise(sig); /* returns only if the program handles the signal itself */
            cm_err_set("%s", saved);
            recover(progs, n, done, id);
            return -1;
        }
        if (!halt_check) {
            halt_check = now + TF_POLL_NS;
        } else if (now >= halt_check) { /* a RISC stopped without a record: at most once a poll */
            halt_check = now + TF_POLL_NS;
            if (fault_elsewhere(progs, n, i, id, done))
                return wait_failed(progs, n, done, id, *doorbell_ns, TF_DEVB_FAULT);
        }
        /* the chip stopped with p's RISCs waiting for what nothing on it
         * will do: a deadlock, said now, not at the timeout (unless a fault
         * elsewhere in the dispatch, the likelier cause, is said instead);
         * asked once the chip has had a wait to run in (or the time is up:
         * a launch waited for late) */
        if ((waited || now >= deadline) && rt_report_stall(progs, n, i, done, id, now - start))
            return wait_failed(progs, n, done, id, *doorbell_ns,
                               fault_elsewhere(progs, n, i, id, done) ? TF_DEVB_FAULT
                                                                      : TF_DEVB_STALL);
        if (now >= deadline) {
            report_timeout(p, id, &mb, now - start);
            return wait_failed(progs, n, done, id, *doorbell_ns, TF_DEVB_TIMEOUT);
        }
        if (now >= flush_at) {
            /* a long wait (a hang on its way to the timeout, a slow
             * kernel): what this thread recorded so far is written now,
             * and every second after (the chip's rounds may record on this
             * thread meanwhile), so a kill (a CI job's timeout) loses at
             * most a second of it */
            flush_at = now + RT_WAIT_FLUSH_NS;
            RT_ZS_FLUSH();
            TF_DEV_FLUSH();
        }
        t->ops->wait(t, deadline - now < TF_POLL_NS ? deadline - now : TF_POLL_NS);
        waited = 1;
    }
    done[i] = 1;
    return finish(p, id, &mb, *doorbell_ns, now);
}

/* The wait_done zone of program i, from *now (the zone before it ended
 * then) to the end of the last zone inside it when that is the last thing
 * it does (the counters', the device profile's), which *now then holds. */
static int wait_one(tf_program *const *progs, size_t n, size_t i, uint32_t id, int *done,
                    uint64_t *doorbell_ns, uint64_t *now)
{
    tf_program *p = progs[i];
    uint32_t z = RT_ZS_BEGIN("TF_dispatch/wait_done", *now);
    RT_ZS_TEXT(p->label, strlen(p->label), *now);
    uint64_t inner = 0;
    int rc = wait_body(progs, n, i, id, done, doorbell_ns, &inner);
    *now = inner && !rc ? inner : TF_STAMP();
    RT_ZS_END(z, *now);
    return rc;
}

/* Dispatch ids are the process's, not a device's: the profiler's reports
 * key dispatches by process and id, and a program that closed a device
 * and opened another (or has two open) once had two dispatch 1s, merged
 * into one in every device report. (Skips 0, the mailbox's "none".) */
static uint32_t rt_dispatch_ids;

static uint32_t next_id(tf_device *dev)
{
    (void)dev;
    uint32_t id = __atomic_add_fetch(&rt_dispatch_ids, 1, __ATOMIC_RELAXED);
    return id ? id : __atomic_add_fetch(&rt_dispatch_ids, 1, __ATOMIC_RELAXED);
}

/* send_reset, setup and fire_go for every program, in that order; the
 * first zone begins at *now, which holds the last one's end on return. */
static int launch(tf_program *const *progs, size_t n, uint32_t id, uint64_t *now)
{
    for (size_t i = 0; i < n; i++)
        if (stage_send_reset(progs[i], now)) return -1;
    for (size_t i = 0; i < n; i++)
        if (stage_setup(progs[i], id, now)) return -1;
    for (size_t i = 0; i < n; i++)
        if (stage_fire_go(progs[i], id, now)) return -1;
    return 0;
}

/* Wait for every program; rings the doorbell first if *doorbell_ns is 0.
 * Each wait_done zone begins where the one before it ended; the first
 * once the signals are guarded (not where fire_go ended: that is the
 * dispatch's own time). done: n zeroed flags, had before the launch (out
 * of host memory here would leave the programs running unwaited). */
static int wait_all(tf_program *const *progs, size_t n, uint32_t id, uint64_t *doorbell_ns,
                    int *done)
{
    int rc = 0;
    guard_wait_begin();
    uint64_t now = TF_STAMP();
    for (size_t i = 0; i < n && !rc; i++) rc = wait_one(progs, n, i, id, done, doorbell_ns, &now);
    guard_wait_end();
    if (!rc) rt_devprof_end_dispatch(progs[0]->dev, id);
    return rc;
}

/* The end of a dispatch's outer zone and (once it ran) its frame mark, at
 * one time. */
static int dispatch_end(uint32_t zone, int rc, int frame)
{
    uint64_t now = TF_STAMP();
    RT_ZS_END(zone, now);
    if (frame) RT_ZS_FRAME(now);
    RT_ZS_FLUSH();
    return rc;
}

int tf_dispatch_execute(tf_program *p)
{
    uint64_t now = TF_STAMP();
    uint32_t z = RT_ZS_BEGIN("TF_dispatch_execute", now);
    if (validate(&p, 1, "tf_dispatch_execute") || rt_dev_enter(p->dev, "tf_dispatch_execute"))
        return dispatch_end(z, -1, 0);
    RT_ZS_TEXT(p->label, strlen(p->label), now);
    uint32_t id = next_id(p->dev);
    uint64_t doorbell = 0;
    int done = 0;
    now = TF_STAMP();
    int rc = launch(&p, 1, id, &now) || wait_all(&p, 1, id, &doorbell, &done) ? -1 : 0;
    rt_dev_leave(p->dev);
    return dispatch_end(z, rc, 1);
}

/* Zone text for several programs: "k1,k2 | k3 x15 | ...": each distinct
 * label once, in order of first appearance, with its count when it
 * repeats; what does not fit is cut at a word boundary and counted
 * ("... (+N more)"). */
static void multi_label(tf_program *const *progs, size_t n, char *buf, size_t cap)
{
    enum { MORE = 24 }; /* room for " ... (+N more)" */
    size_t len = 0, distinct = 0, shown = 0;
    int cut = 0;
    buf[0] = 0;
    for (size_t i = 0; i < n; i++) {
        const char *label = progs[i]->label;
        size_t j = 0, count = 0;
        while (j < i && strcmp(progs[j]->label, label)) j++;
        if (j < i) continue; /* counted with its first */
        distinct++;
        if (cut) continue;
        for (j = i; j < n; j++) count += !strcmp(progs[j]->label, label);
        /* "label" or "label xN", copied (no snprintf: every dispatch
         * makes it) */
        char piece[200];
        size_t pl = strlen(label);
        /* (a label is < 160) room for " x" and the count's whole words */
        if (pl > sizeof piece - 3 - CM_FMT_U64_ROOM) pl = sizeof piece - 3 - CM_FMT_U64_ROOM;
        memcpy(piece, label, pl);
        if (count > 1) {
            piece[pl++] = ' ';
            piece[pl++] = 'x';
            pl += cm_fmt_u64(piece + pl, count);
        }
        piece[pl] = 0;
        size_t sep = shown ? 3 : 0;
        if (len + sep + pl + MORE < cap) {
            memcpy(buf + len, " | ", sep);
            memcpy(buf + len + sep, piece, pl + 1);
            len += sep + pl;
            shown++;
            continue;
        }
        cut = 1;
        if (shown || cap <= MORE + 1) continue;
        /* the first label alone is too long: the words of it that fit */
        size_t k = cap - MORE - 1;
        while (k > 0 && piece[k] != ',' && piece[k] != ' ') k--;
        if (!k) k = cap - MORE - 1;
        memcpy(buf, piece, k);
        buf[len = k] = 0;
        shown = 1;
    }
    if (cut) {
        if (shown < distinct)
            snprintf(buf + len, cap - len, " ... (+%zu more)", distinct - shown);
        else
            snprintf(buf + len, cap - len, " ...");
    }
}

int tf_dispatch_execute_multi(tf_program *const *progs, size_t n)
{
    uint64_t now = TF_STAMP();
    uint32_t z = RT_ZS_BEGIN("TF_dispatch_execute_multi", now);
    if (validate(progs, n, "tf_dispatch_execute_multi") ||
        rt_dev_enter(progs[0]->dev, "tf_dispatch_execute_multi"))
        return dispatch_end(z, -1, 0);
    if (z) { /* the zone's text, only when it is recorded */
        char label[512];
        multi_label(progs, n, label, sizeof label);
        RT_ZS_TEXT(label, strlen(label), now);
    }
    int *done = calloc(n, sizeof *done);
    if (!done) {
        cm_err_set("out of host memory");
        rt_dev_leave(progs[0]->dev);
        return dispatch_end(z, -1, 0);
    }
    uint32_t id = next_id(progs[0]->dev);
    uint64_t doorbell = 0;
    now = TF_STAMP();
    int rc = launch(progs, n, id, &now) || wait_all(progs, n, id, &doorbell, done) ? -1 : 0;
    free(done);
    rt_dev_leave(progs[0]->dev);
    return dispatch_end(z, rc, 1);
}

static tf_launch *launch_async(tf_program *const *progs, size_t n);

tf_launch *tf_dispatch_launch_async(tf_program *const *progs, size_t n)
{
    TF_ZONE_N("TF_dispatch_launch_async");
    if (validate(progs, n, "tf_dispatch_launch_async") ||
        rt_dev_enter(progs[0]->dev, "tf_dispatch_launch_async"))
        return NULL;
    tf_launch *l = launch_async(progs, n);
    rt_dev_leave(progs[0]->dev);
    return l;
}

static tf_launch *launch_async(tf_program *const *progs, size_t n)
{
    char label[512];
    multi_label(progs, n, label, sizeof label);
    TF_ZONE_TEXT(label, strlen(label));
    (void)label;
    tf_device *dev = progs[0]->dev;
    tf_launch *l = calloc(1, sizeof *l);
    if (l) l->progs = malloc(n * sizeof *l->progs);
    if (l) l->done = calloc(n, sizeof *l->done);
    if (!l || !l->progs || !l->done) {
        if (l) free(l->progs);
        free(l);
        return cm_err_null("out of host memory");
    }
    memcpy(l->progs, progs, n * sizeof *progs);
    l->n = n;
    l->dev = dev;
    l->id = next_id(dev);
    l->doorbell_ns = rt_dev_now_ns();
    uint64_t now = TF_STAMP();
    int failed = launch(progs, n, l->id, &now);
    RT_ZS_FLUSH(); /* (before this function's zone ends) */
    if (failed || dev->tr->ops->start(dev->tr)) {
        recover(progs, n, NULL, 0);
        free(l->progs);
        free(l->done);
        free(l);
        return NULL;
    }
    if (cm_handle_add(l, CM_H_LAUNCH)) {
        /* the launch is running: wait for it rather than lose it */
        char msg[1024];
        snprintf(msg, sizeof msg, "%s", tf_last_error());
        wait_all(progs, n, l->id, &l->doorbell_ns, l->done);
        RT_ZS_FLUSH();
        free(l->progs);
        free(l->done);
        free(l);
        return cm_err_null("tf_dispatch_launch_async: %s", msg);
    }
    for (size_t i = 0; i < n; i++) core_state(progs[i])->busy = l;
    l->next = dev->launches;
    dev->launches = l;
    return l;
}

int tf_launch_wait(tf_launch *l)
{
    if (cm_handle_check(l, CM_H_LAUNCH, "tf_launch_wait") || rt_dev_enter(l->dev, "tf_launch_wait"))
        return -1;
    cm_handle_remove(l);
    tf_device *dev = l->dev;
    for (tf_launch **pp = &dev->launches; *pp; pp = &(*pp)->next)
        if (*pp == l) {
            *pp = l->next;
            break;
        }
    for (size_t i = 0; i < l->n; i++) core_state(l->progs[i])->busy = NULL;
    int rc = wait_all(l->progs, l->n, l->id, &l->doorbell_ns, l->done);
    RT_ZS_FLUSH();
    TF_FRAME_MARK();
    rt_buffers_release_held(dev); /* (when this was the last launch in flight) */
    rt_dev_leave(dev);
    free(l->progs);
    free(l->done);
    cm_handle_free(l);
    return rc;
}

/* ---- what a running launch holds --------------------------------------------------- */

int rt_program_check_idle(const tf_program *p, const char *op)
{
    if (!cm_handle_live(p->dev, CM_H_DEVICE)) return 0; /* closed: nothing runs */
    const tf_launch *l = p->dev->cores[rt_dev_core_index(p->dev, p->core)].busy;
    for (size_t i = 0; l && i < l->n; i++)
        if (l->progs[i] == p)
            return cm_err_set("%s: the program for core (%d,%d) is running in asynchronous "
                              "dispatch %u; call tf_launch_wait first",
                              op, p->core.x, p->core.y, l->id);
    return 0;
}

int rt_program_check_device(const tf_program *p, const char *op)
{
    if (cm_handle_live(p->dev, CM_H_DEVICE)) return 0;
    return cm_err_set("%s: the device of the program for core (%d,%d) was closed "
                      "(tf_device_close); what was read back before is gone with it",
                      op, p->core.x, p->core.y);
}

int rt_kernel_check_idle(const tf_kernel *k, const char *op)
{
    if (!cm_handle_live(k->dev, CM_H_DEVICE)) return 0; /* closed: nothing runs */
    for (const tf_launch *l = k->dev->launches; l; l = l->next)
        for (size_t i = 0; i < l->n; i++)
            for (int r = 0; r < TF_NUM_RISCS; r++)
                if (l->progs[i]->kernel[r] == k)
                    return cm_err_set("%s: kernel '%s' is running in asynchronous dispatch %u "
                                      "(core (%d,%d)); call tf_launch_wait first",
                                      op, k->name, l->id, l->progs[i]->core.x, l->progs[i]->core.y);
    return 0;
}
