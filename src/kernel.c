/* Kernels and programs: load pre-compiled kernel ELFs (checked against the
 * RISC they were built for, their region, the device ABI and the firmware's
 * profiler setting), and describe what runs on one core in one dispatch. */
#include "rt_internal.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Firmware and kernels must agree on the device profiler: a mismatched
 * kernel would write (or not write) markers the firmware does not expect. */
static int check_profiler_match(const tf_device *dev, const rt_image *img)
{
    const tf_build_note *fw = &dev->fw[img->risc].note, *k = &img->note;
    if (fw->profiler == k->profiler && fw->profiler_bitmask == k->profiler_bitmask) return 0;
    return cm_err_set("%s: kernel '%s' was built with the device profiler %s (bitmask %u) but the "
                      "firmware with it %s (bitmask %u); rebuild both with the same "
                      "-DTT_FOIL_DEVICE_PROFILER=%s (cmake --build rebuilds exactly what changed)",
                      img->path, k->name, k->profiler ? "on" : "off", k->profiler_bitmask,
                      fw->profiler ? "on" : "off", fw->profiler_bitmask,
                      fw->profiler ? "ON" : "OFF");
}

static void kernel_release(tf_kernel *k);

static tf_kernel *kernel_load(tf_device *dev, const char *path)
{
    tf_kernel *k = calloc(1, sizeof *k);
    if (!k) return cm_err_null("out of host memory");
    k->dev = dev;
    size_t len = strlen(path);
    const char *suffix = ".compute";
    if (len > strlen(suffix) && !strcmp(path + len - strlen(suffix), suffix)) {
        /* NAME.compute: the three TRISC variants NAME.trisc0/1/2.elf */
        k->risc = TF_COMPUTE;
        k->nimg = 3;
        for (int i = 0; i < 3; i++) {
            char p[4096];
            snprintf(p, sizeof p, "%.*s.trisc%d.elf", (int)(len - strlen(suffix)), path, i);
            if (rt_kcache_load(dev, &k->img[i], p, TF_RISC_TRISC0 + i)) goto fail;
        }
    } else {
        k->nimg = 1;
        if (rt_kcache_load(dev, &k->img[0], path, -1)) goto fail;
        k->risc = (tf_risc)k->img[0].risc;
    }
    for (int i = 0; i < k->nimg; i++)
        if (check_profiler_match(dev, &k->img[i])) goto fail;
    k->name = strdup(k->img[0].note.name[0] ? k->img[0].note.name : path);
    if (!k->name) {
        cm_err_set("out of host memory");
        goto fail;
    }
    if (cm_handle_add(k, CM_H_KERNEL)) goto fail;
    return k;
fail:
    kernel_release(k);
    return NULL;
}

tf_kernel *tf_kernel_load(tf_device *dev, const char *path)
{
    return rt_kernel_load_as(dev, path, path);
}

tf_kernel *rt_kernel_load_as(tf_device *dev, const char *path, const char *text)
{
    TF_ZONE_N("TF_kernel_load");
    if (cm_handle_check(dev, CM_H_DEVICE, "tf_kernel_load")) return NULL;
    if (!path) return cm_err_null("tf_kernel_load: NULL path");
    if (!*path) return cm_err_null("tf_kernel_load: empty path (give a kernel ELF's path)");
    TF_ZONE_TEXT(text, strlen(text));
    (void)text; /* (the zone compiled out) */
    RT_DEV_CALL(dev, "tf_kernel_load", NULL, kernel_load(dev, path));
}

void tf_kernel_free(tf_kernel *k)
{
    if (!k) return;
    if (cm_handle_check(k, CM_H_KERNEL, "tf_kernel_free")) goto refused;
    /* (a kernel may outlive its device) */
    tf_device *dev = cm_handle_live(k->dev, CM_H_DEVICE) ? k->dev : NULL;
    if (dev && rt_dev_enter(dev, "tf_kernel_free")) goto refused;
    if (rt_kernel_check_idle(k, "tf_kernel_free")) {
        if (dev) rt_dev_leave(dev);
        goto refused;
    }
    cm_handle_remove(k);
    kernel_release(k);
    if (dev) rt_dev_leave(dev);
    return;
refused:
    cm_warn("%s; nothing was freed", tf_last_error());
}

static void kernel_release(tf_kernel *k)
{
    if (!k) return;
    for (int i = 0; i < k->nimg; i++) rt_image_free(&k->img[i]);
    free(k->name);
    cm_handle_free(k);
}

const char *tf_kernel_name(const tf_kernel *k)
{
    if (cm_handle_check(k, CM_H_KERNEL, "tf_kernel_name")) return NULL;
    return k->name;
}

tf_risc tf_kernel_risc(const tf_kernel *k)
{
    if (cm_handle_check(k, CM_H_KERNEL, "tf_kernel_risc")) return (tf_risc)-1;
    return k->risc;
}

int tf_kernel_set_common_args(tf_kernel *k, const uint32_t *args, uint32_t n)
{
    if (cm_handle_check(k, CM_H_KERNEL, "tf_kernel_set_common_args") ||
        rt_kernel_check_idle(k, "tf_kernel_set_common_args"))
        return -1;
    /* (not refused while another thread is inside a call: the args are
     * the kernel's own, copied into L1 at the next dispatch's setup, which
     * a running launch has done) */
    if (n > TF_MAX_COMMON_ARGS)
        return cm_err_set("tf_kernel_set_common_args: %u common arguments for kernel '%s', at most "
                          "%d fit",
                          n, k->name, TF_MAX_COMMON_ARGS);
    if (n && !args) return cm_err_set("tf_kernel_set_common_args: NULL args");
    if (n) memcpy(k->common_args, args, n * sizeof *args);
    k->ncommon = n;
    k->common_given = rt_kargs_first(n); /* (the named ones among them: kargs.c) */
    return 0;
}

/* ---- programs ------------------------------------------------------------------ */

tf_program *tf_program_create(tf_device *dev, tf_core core)
{
    if (cm_handle_check(dev, CM_H_DEVICE, "tf_program_create")) return NULL;
    if (rt_dev_check_core(dev, core, 1, NULL)) return NULL; /* (dev checked above) */
    /* (not refused while another thread is inside a call: a program is
     * host memory until its dispatch) */
    tf_program *p = malloc(sizeof *p);
    if (!p) return cm_err_null("out of host memory");
    memset(p, 0, offsetof(tf_program, args)); /* args: see rt_internal.h */
    if (cm_handle_add(p, CM_H_PROGRAM)) {
        free(p);
        return NULL;
    }
    p->dev = dev;
    p->core = core;
    for (int i = 0; i < TF_MAX_CBS; i++) p->cb_format[i] = TF_DATA_FORMAT_INVALID;
    return p;
}

static int program_destroy(tf_program *p)
{
    cm_handle_remove(p);
    int rc = 0;
    tf_launch *l = p->dev->cores[rt_dev_core_index(p->dev, p->core)].busy;
    if (l)
        for (size_t i = 0; i < l->n; i++)
            if (l->progs[i] == p) {
                rc = tf_launch_wait(l);
                break;
            }
    tf_buffer *cbs[TF_MAX_CBS]; /* the CBs set hold a buffer, the rest NULL */
    unsigned n = 0;
    for (uint32_t m = p->cb_mask; m; m &= m - 1) /* (NULL: its re-creation ran out of memory) */
        if (p->cb_buf[__builtin_ctz(m)]) cbs[n++] = p->cb_buf[__builtin_ctz(m)];
    rt_buffer_free_set(cbs, n);
    free(p->dz);
    free(p->dzraw.region);
    cm_handle_free(p); /* (not reused at once: destroying it again stays an error) */
    return rc;
}

int tf_program_destroy(tf_program *p)
{
    if (!p) return 0;
    if (cm_handle_check(p, CM_H_PROGRAM, "tf_program_destroy")) return -1;
    tf_device *dev = p->dev;
    if (!cm_handle_live(dev, CM_H_DEVICE)) { /* the device was closed first: its buffers are gone */
        cm_handle_remove(p);
        free(p->dz);
        free(p->dzraw.region);
        cm_handle_free(p);
        return 0;
    }
    RT_DEV_CALL(dev, "tf_program_destroy", -1, program_destroy(p));
}

static const char *risc_arg_name(tf_risc r)
{
    return r == TF_COMPUTE ? "COMPUTE" : cm_risc_name((int)r);
}

/* The kernels' names, comma-separated, cut where the label ends (copied,
 * not printed: a program's kernels are set per op) */
static void update_label(tf_program *p)
{
    p->label[0] = 0;
    size_t n = 0;
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        if (!p->kernel[r] || (r > TF_RISC_TRISC0 && p->kernel[r] == p->kernel[r - 1])) continue;
        size_t sep = n ? 1 : 0, want = sep + strlen(p->kernel[r]->name);
        size_t cap = sizeof p->label - n, put = want < cap ? want : cap - 1;
        char *o = p->label + n;
        if (sep && put) o[0] = ',';
        if (put > sep) memcpy(o + sep, p->kernel[r]->name, put - sep);
        o[put] = 0;
        if (want >= cap) break;
        n += want;
    }
}

int tf_program_set_kernel(tf_program *p, tf_risc r, tf_kernel *k)
{
    if (cm_handle_check(p, CM_H_PROGRAM, "tf_program_set_kernel") ||
        rt_program_check_idle(p, "tf_program_set_kernel"))
        return -1;
    if (k && cm_handle_check(k, CM_H_KERNEL, "tf_program_set_kernel")) return -1;
    if (k && k->dev != p->dev)
        return cm_err_set("tf_program_set_kernel: kernel '%s' was loaded on another device than "
                          "the program's; load it with tf_kernel_load on this device",
                          k->name);
    if ((int)r < 0 || r > TF_COMPUTE)
        return cm_err_set("tf_program_set_kernel: no RISC %d", (int)r);
    if (!k) return cm_err_set("tf_program_set_kernel: NULL kernel");
    if (k->risc != r) {
        const char *b = k->risc == TF_COMPUTE ? "compute" : cm_risc_name((int)k->risc);
        return cm_err_set("kernel '%s' (%s) was built for %s and cannot run on %s; build it for "
                          "%s with tt_foil_add_kernel(%s RISC %s ...)",
                          k->name, k->img[0].path, b, risc_arg_name(r), risc_arg_name(r), k->name,
                          r == TF_COMPUTE ? "compute" : cm_risc_name((int)r));
    }
    int lo, hi;
    rt_risc_span(r, &lo, &hi);
    for (int i = lo; i <= hi; i++) {
        /* another kernel in place of one, its runtime args named otherwise:
         * the words given for the old one's names are not the new one's
         * (its named args must be given again; the words stay) */
        if (p->img[i] && !rt_kargs_same_rtas(p->img[i], &k->img[i - lo])) p->named_given[i] = 0;
        p->kernel[i] = k;
        p->img[i] = &k->img[i - lo];
    }
    update_label(p);
    return 0;
}

int tf_program_set_args(tf_program *p, tf_risc r, const uint32_t *args, uint32_t n)
{
    /* (while its launch runs too: the args are in L1 already, these are
     * the next dispatch's) */
    if (cm_handle_check(p, CM_H_PROGRAM, "tf_program_set_args")) return -1;
    if (n && !args) return cm_err_set("tf_program_set_args: NULL args for %u arguments", n);
    if ((int)r < 0 || r > TF_COMPUTE) return cm_err_set("tf_program_set_args: no RISC %d", (int)r);
    if (n > TF_MAX_ARGS)
        return cm_err_set("tf_program_set_args: %u arguments for %s, at most %d fit", n,
                          risc_arg_name(r), TF_MAX_ARGS);
    int lo, hi;
    rt_risc_span(r, &lo, &hi);
    for (int i = lo; i <= hi; i++) {
        if (n) memcpy(p->args[i], args, n * sizeof *args);
        p->nargs[i] = n;
        p->named_given[i] = rt_kargs_first(n); /* (the named ones among them: kargs.c) */
    }
    return 0;
}

/* The CBs on cb's memory take its new configuration and format. */
static void follow(tf_program *p, uint32_t cb)
{
    for (uint32_t m = p->cb_mask; m; m &= m - 1) {
        uint32_t a = (uint32_t)__builtin_ctz(m);
        if (p->cb_alias_of[a] == cb + 1) {
            p->cb[a] = p->cb[cb];
            p->cb_format[a] = p->cb_format[cb];
        }
    }
}

int tf_program_set_cb(tf_program *p, uint32_t cb, uint32_t page_size, uint32_t num_pages)
{
    if (cm_handle_check(p, CM_H_PROGRAM, "tf_program_set_cb") ||
        rt_program_check_idle(p, "tf_program_set_cb"))
        return -1;
    if (cb >= TF_MAX_CBS)
        return cm_err_set("tf_program_set_cb: circular buffer %u does not exist (0..%d)", cb,
                          TF_MAX_CBS - 1);
    if (!page_size || !num_pages)
        return cm_err_set("tf_program_set_cb: circular buffer %u needs a page size and a page "
                          "count (got %u x %u)",
                          cb, num_pages, page_size);
    uint64_t size = (uint64_t)page_size * num_pages;
    if (size > TF_L1_SIZE)
        return cm_err_set("tf_program_set_cb: circular buffer %u of %u x %u bytes is larger than "
                          "L1",
                          cb, num_pages, page_size);
    if (rt_program_check_device(p, "tf_program_set_cb")) return -1;
    /* The CB set before stays if the new one cannot be had: a CB on top
     * of the pool is given back first (the new one may reuse its bytes;
     * should it still not fit, the old size fits again: at the same place,
     * or lower if freed buffers under it went with it), one under other
     * buffers only once the new one is allocated. */
    tf_buffer *old = p->cb_buf[cb], *b; /* (NULL on another's memory: that stays its) */
    uint32_t old_size = old ? p->cb[cb].size : 0;
    int top = old && rt_buffer_on_top(old);
    if (top) tf_buffer_free(old);
    b = tf_buffer_create_l1(p->dev, p->core, (uint32_t)size);
    if (!b) {
        char why[1024];
        snprintf(why, sizeof why, "%s", tf_last_error());
        if (top) {
            p->cb_buf[cb] = tf_buffer_create_l1(p->dev, p->core, old_size);
            CM_ASSERT(p->cb_buf[cb] != NULL); /* (it fitted before) */
            if (p->cb_buf[cb]) p->cb[cb].addr = (uint32_t)p->cb_buf[cb]->addr;
            follow(p, cb);
        }
        return cm_err_set("circular buffer %u on core (%d,%d): %s%s", cb, p->core.x, p->core.y, why,
                          old || p->cb_alias_of[cb] || p->cb_user[cb]
                              ? " (its configuration before is kept)"
                              : "");
    }
    if (old && !top) tf_buffer_free(old);
    p->cb_buf[cb] = b;
    p->cb_user[cb] = NULL;
    p->cb_alias_of[cb] = 0; /* (its own memory now) */
    p->cb[cb] = (tf_cb_config){(uint32_t)b->addr, (uint32_t)size, page_size, num_pages};
    p->cb_format[cb] = TF_DATA_FORMAT_INVALID;
    p->cb_mask |= 1u << cb;
    follow(p, cb);
    return 0;
}

/* fmt's tile size, the page of a CB of that format; 0 and the message
 * (as fn) if fmt is not a format. */
static uint32_t format_page(const char *fn, uint32_t cb, tf_data_format fmt)
{
    uint32_t tile = tf_data_format_tile_size(fmt);
    if (!tile)
        cm_err_set("%s: circular buffer %u: %d is not a data format (tf_data_format)", fn, cb,
                   (int)fmt);
    return tile;
}

int tf_program_set_cb_format(tf_program *p, uint32_t cb, tf_data_format fmt, uint32_t num_pages)
{
    if (cm_handle_check(p, CM_H_PROGRAM, "tf_program_set_cb_format") ||
        rt_program_check_idle(p, "tf_program_set_cb_format"))
        return -1;
    uint32_t tile = format_page("tf_program_set_cb_format", cb, fmt);
    if (!tile) return -1;
    if (tf_program_set_cb(p, cb, tile, num_pages)) return -1;
    p->cb_format[cb] = (uint32_t)fmt;
    follow(p, cb);
    return 0;
}

int tf_program_set_cb_alias(tf_program *p, uint32_t cb, uint32_t of)
{
    if (cm_handle_check(p, CM_H_PROGRAM, "tf_program_set_cb_alias") ||
        rt_program_check_idle(p, "tf_program_set_cb_alias"))
        return -1;
    if (cb >= TF_MAX_CBS || of >= TF_MAX_CBS)
        return cm_err_set("tf_program_set_cb_alias: circular buffer %u does not exist (0..%d)",
                          cb >= TF_MAX_CBS ? cb : of, TF_MAX_CBS - 1);
    of = rt_cb_owner(p, of); /* its memory's */
    if (cb == of)
        return cm_err_set("tf_program_set_cb_alias: circular buffer %u cannot share its own "
                          "memory",
                          cb);
    if (!(p->cb_mask >> of & 1))
        return cm_err_set("tf_program_set_cb_alias: circular buffer %u is not set: set it first "
                          "(tf_program_set_cb or tf_program_set_cb_format), then the CBs that "
                          "share its memory",
                          of);
    for (uint32_t m = p->cb_mask; m; m &= m - 1)
        if (p->cb_alias_of[__builtin_ctz(m)] == cb + 1)
            return cm_err_set("tf_program_set_cb_alias: circular buffer %d shares the memory of "
                              "circular buffer %u, which cannot then share another's (set %d on "
                              "%u's memory first)",
                              __builtin_ctz(m), cb, __builtin_ctz(m), of);
    if (rt_program_check_device(p, "tf_program_set_cb_alias")) return -1;
    if (p->cb_buf[cb]) { /* its own memory goes back to the pool */
        tf_buffer_free(p->cb_buf[cb]);
        p->cb_buf[cb] = NULL;
    }
    p->cb_alias_of[cb] = (uint8_t)(of + 1);
    p->cb_user[cb] = NULL;
    p->cb_mask |= 1u << cb;
    follow(p, of); /* (cb takes of's configuration and format) */
    return 0;
}

/* (tf_program_set_cb_buffer and _format, as fn) */
static int cb_on_buffer(tf_program *p, uint32_t cb, tf_buffer *buf, uint32_t page_size,
                        uint32_t fmt, const char *fn)
{
    if (cm_handle_check(p, CM_H_PROGRAM, fn) || rt_program_check_idle(p, fn)) return -1;
    if (cb >= TF_MAX_CBS)
        return cm_err_set("%s: circular buffer %u does not exist (0..%d)", fn, cb, TF_MAX_CBS - 1);
    if (!cm_handle_live(buf, CM_H_BUFFER) || buf->state != TF_BUF_LIVE)
        return cm_err_set("%s: circular buffer %u: %s is not a live buffer (freed, released by "
                          "tf_l1_reset, or never created)",
                          fn, cb, buf ? "the buffer" : "NULL");
    if (buf->dev != p->dev)
        return cm_err_set("%s: circular buffer %u: the buffer is on another device", fn, cb);
    uint64_t size = rt_buffer_l1_bytes(buf, p->core); /* (a shard's: its shard on this core) */
    if (buf->sharded && buf->is_dram) {
        return cm_err_set("%s: circular buffer %u: the sharded buffer is in DRAM banks; a "
                          "circular buffer is in its core's L1 (read the shard into one with "
                          "noc_async_read)",
                          fn, cb);
    } else if (buf->sharded) {
        if (!size)
            return cm_err_set("%s: circular buffer %u: the sharded buffer has no shard on core "
                              "(%d,%d), the program's (tf_buffer_shard_core says where they are)",
                              fn, cb, p->core.x, p->core.y);
    } else if (buf->bank >= 0 || buf->interleaved || !buf->pool || buf->pool->x < 0)
        return cm_err_set("%s: circular buffer %u: the buffer is %s; a circular buffer can be on "
                          "an L1 buffer of its program's core only (tf_buffer_create_l1)",
                          fn, cb,
                          buf->interleaved ? (buf->is_dram ? "interleaved over DRAM"
                                                           : "interleaved over the cores' L1")
                                           : "in DRAM");
    else if (buf->pool->x != p->core.x || buf->pool->y != p->core.y)
        return cm_err_set("%s: circular buffer %u: the buffer is in L1 of core (%d,%d), the "
                          "program runs on core (%d,%d); a circular buffer is in its own core's "
                          "L1",
                          fn, cb, buf->pool->x, buf->pool->y, p->core.x, p->core.y);
    if (!page_size || size % page_size)
        return cm_err_set("%s: circular buffer %u: a page of %u bytes does not divide the "
                          "%s's %llu bytes; make the buffer a whole number of pages",
                          fn, cb, page_size, buf->sharded ? "shard" : "buffer",
                          (unsigned long long)size);
    if (buf->sharded && page_size % buf->stride)
        return cm_err_set("%s: circular buffer %u: a page of %u bytes is not a whole number of the "
                          "shard's pages, %u bytes apart (its %u-byte pages rounded up to 16); "
                          "give the CB pages of %u bytes or a multiple",
                          fn, cb, page_size, buf->stride, buf->page_size, buf->stride);
    if (rt_program_check_device(p, fn)) return -1;
    if (p->cb_buf[cb]) { /* its own memory goes back to the pool */
        tf_buffer_free(p->cb_buf[cb]);
        p->cb_buf[cb] = NULL;
    }
    p->cb_user[cb] = buf;
    p->cb_alias_of[cb] = 0;
    p->cb[cb] = (tf_cb_config){(uint32_t)buf->addr, (uint32_t)size, page_size,
                               (uint32_t)(size / page_size)};
    p->cb_format[cb] = fmt;
    p->cb_mask |= 1u << cb;
    follow(p, cb);
    return 0;
}

int tf_program_set_cb_buffer(tf_program *p, uint32_t cb, tf_buffer *buf, uint32_t page_size)
{
    return cb_on_buffer(p, cb, buf, page_size, TF_DATA_FORMAT_INVALID, "tf_program_set_cb_buffer");
}

int tf_program_set_cb_buffer_format(tf_program *p, uint32_t cb, tf_buffer *buf, tf_data_format fmt)
{
    uint32_t tile = format_page("tf_program_set_cb_buffer_format", cb, fmt);
    if (!tile) return -1;
    return cb_on_buffer(p, cb, buf, tile, (uint32_t)fmt, "tf_program_set_cb_buffer_format");
}

int tf_program_set_semaphore(tf_program *p, uint32_t id, uint32_t value)
{
    if (cm_handle_check(p, CM_H_PROGRAM, "tf_program_set_semaphore")) return -1; /* (as args) */
    if (id >= TF_MAX_SEMAPHORES)
        return cm_err_set("tf_program_set_semaphore: semaphore %u does not exist (0..%d)", id,
                          TF_MAX_SEMAPHORES - 1);
    p->sem[id][0] = value;
    return 0;
}

int tf_program_device_profile(const tf_program *p, tf_device_profile *out)
{
    if (cm_handle_check(p, CM_H_PROGRAM, "tf_program_device_profile") ||
        rt_program_check_device(p, "tf_program_device_profile"))
        return -1;
    if (!out) return cm_err_set("tf_program_device_profile: NULL out");
    if (!p->dev->prof.enabled)
        return cm_err_set("no device profile: the firmware was built without the device "
                          "profiler (configure with -DTT_FOIL_DEVICE_PROFILER=ON)");
    if (!p->has_dz)
        return cm_err_set("the program on core (%d,%d) has not completed a dispatch yet", p->core.x,
                          p->core.y);
    /* the zones are decoded on first request (the dispatch path only copies
     * the markers): the program's cache, not its state */
    if (rt_devprof_decode((tf_program *)p)) return -1;
    out->dispatch_id = p->dz_dispatch;
    out->zones = p->dz;
    out->nzones = p->ndz;
    memcpy(out->dropped, p->dz_dropped, sizeof out->dropped);
    out->unmatched = p->dz_unmatched;
    memcpy(out->discarded, p->dz_discarded, sizeof out->discarded);
    return 0;
}

int tf_program_last_run(const tf_program *p, tf_run_stats *out)
{
    if (cm_handle_check(p, CM_H_PROGRAM, "tf_program_last_run")) return -1;
    if (!out) return cm_err_set("tf_program_last_run: NULL out");
    if (!p->has_last)
        return cm_err_set("the program on core (%d,%d) has not completed a dispatch yet", p->core.x,
                          p->core.y);
    *out = p->last;
    return 0;
}
