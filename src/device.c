/* Opening and closing a device: the transport (the built-in simulator by
 * default), firmware found in the build or installed tree (paths.c), and booting cores: firmware
 * into each RISC's region, reset released, wait for every RISC's INIT. */
#include "common/cm_env.h"
#include "rt_internal.h"
#include "tf_env.h"

#include <ctype.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef TT_FOIL_BUILD_FIRMWARE_DIR
#define TT_FOIL_BUILD_FIRMWARE_DIR "device/firmware"
#endif

/* What `tt_foil_profile --check PROGRAM` looks for in a binary (the
 * replacement of the spec's `ldd ... | grep tracy`): this program has the
 * tt-foil runtime, and its default firmware (whose build note says whether
 * the device profiler is in) is here. */
__attribute__((used)) static const char rt_marker[] =
    TF_CHECK_MARKER_FIRMWARE TT_FOIL_BUILD_FIRMWARE_DIR;

#define TF_DEFAULT_TIMEOUT_MS 60000u
#define TF_BOOT_TIMEOUT_MS    10000u

uint64_t rt_dev_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

void tf_device_config_init(tf_device_config *cfg)
{
    if (!cfg) {
        cm_err_set("tf_device_config_init: cfg is NULL (pass the config to fill)");
        return;
    }
    memset(cfg, 0, sizeof *cfg);
}

int rt_dev_core_index(const tf_device *dev, tf_core core)
{
    return core.y * dev->info.grid_x + core.x;
}

int rt_dev_check_core(const tf_device *dev, tf_core core, int need_booted, const char *op)
{
    if (!dev) return cm_err_set("%s: NULL device", op ? op : "the core's device");
    /* (a closed device's memory is gone: not read) */
    if (op && cm_handle_check(dev, CM_H_DEVICE, op)) return -1;
    if (core.x < 0 || core.y < 0 || core.x >= dev->info.grid_x || core.y >= dev->info.grid_y)
        return cm_err_set("no such core (%d,%d): the grid is %dx%d (x 0..%d, y 0..%d)", core.x,
                          core.y, dev->info.grid_x, dev->info.grid_y, dev->info.grid_x - 1,
                          dev->info.grid_y - 1);
    if (need_booted && !dev->cores[rt_dev_core_index(dev, core)].booted)
        return cm_err_set("core (%d,%d) was not booted (tf_device_config.boot_cores)", core.x,
                          core.y);
    return 0;
}

void tf_device_info(const tf_device *dev, tf_chip_info *info)
{
    if (!info) {
        cm_err_set("tf_device_info: info is NULL (pass the tf_chip_info to fill)");
        return;
    }
    if (cm_handle_check(dev, CM_H_DEVICE, "tf_device_info")) {
        memset(info, 0, sizeof *info); /* (a grid of 0 x 0: nothing to loop over) */
        return;
    }
    *info = dev->info;
}

static int counters_read(tf_device *dev, tf_device_counters *out)
{
    if (dev->launches) /* (read mid-run, the figures would depend on when) */
        return cm_err_set("tf_device_counters_read: asynchronous dispatch %u is running; the "
                          "counters are read with the chip idle: call tf_launch_wait first",
                          dev->launches->id);
    if (!dev->tr->ops->counters)
        return cm_err_set("tf_device_counters_read: the %s keeps no counters", dev->info.name);
    return dev->tr->ops->counters(dev->tr, &out->instructions, &out->rounds);
}

int tf_device_counters_read(tf_device *dev, tf_device_counters *out)
{
    if (cm_handle_check(dev, CM_H_DEVICE, "tf_device_counters_read")) return -1;
    if (!out) return cm_err_set("tf_device_counters_read: NULL out");
    RT_DEV_CALL(dev, "tf_device_counters_read", -1, counters_read(dev, out));
}

int tf_core_noc_xy(const tf_device *dev, tf_core core, uint32_t *noc_x, uint32_t *noc_y)
{
    if (rt_dev_check_core(dev, core, 0, "tf_core_noc_xy")) return -1;
    if (!noc_x || !noc_y) return cm_err_set("tf_core_noc_xy: NULL noc_x or noc_y");
    *noc_x = TF_NOC_CORE_X((uint32_t)core.x);
    *noc_y = TF_NOC_CORE_Y((uint32_t)core.y);
    return 0;
}

static int load_firmware(tf_device *dev, const char *dir)
{
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        TF_ZONE_N("TF_firmware_load");
        char file[32], path[4096];
        snprintf(file, sizeof file, "%s.elf", cm_risc_name(r));
        for (char *c = file; *c; c++) *c = (char)tolower((unsigned char)*c);
        snprintf(path, sizeof path, "%s/%s", dir, file);
        TF_ZONE_TEXT(file, strlen(file));
        if (rt_image_load(&dev->fw[r], path, TF_BUILD_FIRMWARE, r)) {
            cm_err_prefix("firmware for %s: ", cm_risc_name(r));
            return cm_err_append(
                "; build the 'firmware' target (cmake --build <build>) or point "
                "TT_FOIL_FIRMWARE_DIR at a directory with brisc.elf .. trisc2.elf");
        }
    }
    for (int r = 1; r < TF_NUM_RISCS; r++)
        if (dev->fw[r].note.profiler != dev->fw[0].note.profiler)
            return cm_err_set("firmware in %s disagrees on the device profiler (%s: %s, %s: %s); "
                              "rebuild the 'firmware' target",
                              dir, cm_risc_name(0), dev->fw[0].note.profiler ? "on" : "off",
                              cm_risc_name(r), dev->fw[r].note.profiler ? "on" : "off");
    return 0;
}

/* Put firmware on every RISC of a core and wait for all five INITs. Also
 * how a core is recovered after a fault or a timeout. */
int rt_dev_boot_core(tf_device *dev, tf_core core)
{
    TF_ZONE_N("TF_device/core_boot");
    tf_transport *t = dev->tr;
    const tf_transport_ops *o = t->ops;
    rt_core_state *cs = &dev->cores[rt_dev_core_index(dev, core)];
    cs->booted = 0;
    const uint32_t all = (1u << TF_NUM_RISCS) - 1;
    if (o->set_reset(t, core.x, core.y, all, 1)) return -1;
    for (int r = 0; r < TF_NUM_RISCS; r++)
        if (o->write_l1(t, core.x, core.y, dev->fw[r].base, dev->fw[r].bytes, dev->fw[r].size))
            return -1;
    tf_mailbox mb;
    memset(&mb, 0, sizeof mb);
    mb.boot_mask = all;
    if (o->write_l1(t, core.x, core.y, TF_L1_MAILBOX, &mb, sizeof mb)) return -1;
    /* L1 is not zero at power-on on hardware; a kernel may have written
     * here. The RISC mailboxes start empty (their registers' reset). */
    static const uint8_t zeros[TF_L1_MEM_ZEROS_SIZE];
    _Static_assert(TF_L1_RISC_MBOX_SIZE <= sizeof zeros, "one buffer of zeros");
    if (o->write_l1(t, core.x, core.y, TF_L1_MEM_ZEROS, zeros, sizeof zeros) ||
        o->write_l1(t, core.x, core.y, TF_L1_RISC_MBOX, zeros, TF_L1_RISC_MBOX_SIZE))
        return -1;
    if (o->set_reset(t, core.x, core.y, all, 0) || rt_start_waited(t)) return -1;
    uint64_t deadline = rt_dev_now_ns() + dev->boot_timeout_ns;
    for (;;) {
        if (rt_read_mailbox(dev, core, &mb)) return -1;
        int ready = 1;
        for (int r = 0; r < TF_NUM_RISCS; r++) {
            if (mb.fault[r].magic == TF_FAULT_MAGIC)
                return cm_err_set("firmware on core (%d,%d) %s faulted while booting: %s (mcause "
                                  "%u) at pc 0x%08x, address 0x%08x (%s)",
                                  core.x, core.y, cm_risc_name(r),
                                  cm_rv32_cause_name(mb.fault[r].cause), mb.fault[r].cause,
                                  mb.fault[r].pc, mb.fault[r].tval, dev->fw[r].path);
            if (mb.risc[r].state != TF_RISC_INIT) ready = 0;
        }
        if (ready) break;
        uint32_t halted = 0;
        if (o->halted && !o->halted(t, core.x, core.y, &halted) && halted) {
            int r = __builtin_ctz(halted);
            uint32_t pc = 0;
            o->read_pc(t, core.x, core.y, r, &pc);
            return cm_err_set("firmware on core (%d,%d) %s stopped while booting at pc 0x%08x: it "
                              "trapped before installing its trap handler or inside it, so it "
                              "wrote no fault record (%s)",
                              core.x, core.y, cm_risc_name(r), pc, dev->fw[r].path);
        }
        uint64_t now = rt_dev_now_ns();
        if (now >= deadline) {
            char why[512];
            size_t n = 0;
            for (int r = 0; r < TF_NUM_RISCS && n < sizeof why; r++) {
                uint32_t pc = 0;
                o->read_pc(t, core.x, core.y, r, &pc);
                if (mb.risc[r].state != TF_RISC_INIT)
                    n += (size_t)snprintf(why + n, sizeof why - n, "%s%s at pc 0x%08x",
                                          n ? ", " : "", cm_risc_name(r), pc);
            }
            return cm_err_set("firmware on core (%d,%d) did not reach INIT within %llu ms: %s",
                              core.x, core.y, (unsigned long long)(dev->boot_timeout_ns / 1000000u),
                              why);
        }
        o->wait(t, deadline - now < 50000000ull ? deadline - now : 50000000ull);
    }
    cs->booted = 1;
    return rt_banks_write_core(dev, core); /* after a reboot: its bank tables again */
}

/* TT_FOIL_DISPATCH_TIMEOUT_MS, read as every count is (common/cm_env.h):
 * milliseconds from 1, or `all` for as long as a count goes (INT_MAX ms,
 * about 24 days); anything else is the default, with a warning. */
static uint32_t dispatch_timeout_env(void)
{
    return (uint32_t)cm_env_count(TF_ENV_DISPATCH_TIMEOUT_MS, INT_MAX, (int)TF_DEFAULT_TIMEOUT_MS,
                                  "60000 ms");
}

/* The numbers of the devices open (tf_device.number): used[n - 1] is 1
 * while device n is. Numbers are taken and given back under the lock, as
 * threads open and close devices of their own at once. */
static pthread_mutex_t rt_numbers_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned char *rt_numbers_used;
static size_t rt_numbers_cap;

/* The lowest number from 1 not taken; 0 if out of memory. */
static uint32_t number_take(void)
{
    uint32_t n = 0;
    pthread_mutex_lock(&rt_numbers_lock);
    size_t i = 0;
    while (i < rt_numbers_cap && rt_numbers_used[i]) i++;
    if (i == rt_numbers_cap) {
        size_t cap = rt_numbers_cap ? 2 * rt_numbers_cap : 8;
        unsigned char *nu = realloc(rt_numbers_used, cap);
        if (nu) {
            memset(nu + rt_numbers_cap, 0, cap - rt_numbers_cap);
            rt_numbers_used = nu;
            rt_numbers_cap = cap;
        }
    }
    if (i < rt_numbers_cap) {
        rt_numbers_used[i] = 1;
        n = (uint32_t)i + 1;
    }
    pthread_mutex_unlock(&rt_numbers_lock);
    return n;
}

static void number_give_back(uint32_t n)
{
    if (!n) return;
    pthread_mutex_lock(&rt_numbers_lock);
    rt_numbers_used[n - 1] = 0;
    pthread_mutex_unlock(&rt_numbers_lock);
}

uint32_t rt_dev_number(const tf_device *dev)
{
    return dev->number;
}

static void device_free(tf_device *dev)
{
    if (!dev) return;
    rt_devprof_close(dev);
    if (dev->cores && dev->dram) rt_buffer_release_all(dev); /* (none without both) */
    for (int r = 0; r < TF_NUM_RISCS; r++) rt_image_free(&dev->fw[r]);
    rt_kcache_free(dev);
    if (dev->tr) dev->tr->ops->close(dev->tr);
    for (int i = 0; dev->cores && i < dev->info.grid_x * dev->info.grid_y; i++)
        free(dev->cores[i].perf_last);
    free(dev->cores);
    free(dev->dram);
    free(dev->l1_bank_core);
    number_give_back(dev->number); /* (last: nothing of it is recorded after) */
    cm_handle_free(dev);           /* (not reused at once: a stale handle stays "not live") */
}

tf_device *tf_device_open(const tf_device_config *cfg_in)
{
    TF_ZONE_N("TF_device_open");
    tf_device_config cfg;
    if (cfg_in)
        cfg = *cfg_in;
    else
        tf_device_config_init(&cfg);
    if (cfg.transport && cfg.sim) {
        cfg.transport->ops->close(
            cfg.transport); /* the device owns it from here, as on any failure */
        return cm_err_null("tf_device_open: tf_device_config.sim configures the built-in "
                           "simulator; it cannot apply to the transport given (set one of "
                           "transport and sim)");
    }
    tf_device *dev = calloc(1, sizeof *dev);
    if (!dev || !(dev->number = number_take())) {
        if (cfg.transport) cfg.transport->ops->close(cfg.transport); /* as on any failure */
        free(dev);
        return cm_err_null("out of host memory");
    }
    if (cfg.transport) {
        dev->tr = cfg.transport;
    } else {
        dev->tr = tf_sim_transport_open(cfg.sim);
        if (!dev->tr) {
            number_give_back(dev->number);
            free(dev);
            return NULL;
        }
    }
    dev->tr->ops->info(dev->tr, &dev->info);
    int ncores = dev->info.grid_x * dev->info.grid_y;
    dev->cores = calloc((size_t)ncores, sizeof *dev->cores);
    dev->dram = calloc((size_t)dev->info.dram_banks, sizeof *dev->dram);
    if (!dev->cores || !dev->dram) {
        device_free(dev);
        return cm_err_null("out of host memory");
    }
    for (int i = 0; i < ncores; i++)
        rt_pool_init(&dev->cores[i].l1, "Device L1", i % dev->info.grid_x, i / dev->info.grid_x,
                     TF_L1_USER_BASE, TF_L1_USER_END);
    for (int b = 0; b < dev->info.dram_banks; b++)
        rt_pool_init(&dev->dram[b], "Device DRAM", -1, -1, 0, dev->info.dram_bank_size);
    uint32_t tmo = cfg.dispatch_timeout_ms ? cfg.dispatch_timeout_ms : dispatch_timeout_env();
    dev->timeout_ns = (uint64_t)tmo * 1000000ull;
    dev->boot_timeout_ns =
        (uint64_t)(cfg.boot_timeout_ms ? cfg.boot_timeout_ms : TF_BOOT_TIMEOUT_MS) * 1000000ull;
    const char *dir = cfg.firmware_dir;
    char fwdir[PATH_MAX + 32];
    if (!dir || !*dir) dir = rt_default_firmware_dir(fwdir, sizeof fwdir);
    if (load_firmware(dev, dir)) goto fail;
    if (rt_devprof_open(dev)) goto fail;
    TF_POOL_CAPACITY("Device DRAM", dev->number,
                     dev->info.dram_bank_size * (uint64_t)dev->info.dram_banks);
    TF_POOL_CAPACITY("Device L1", dev->number, TF_L1_USER_END - TF_L1_USER_BASE);
    TF_POOL_CAPACITY("Device L1 persistent", dev->number, TF_L1_USER_END - TF_L1_USER_BASE);
    TF_POOL_CAPACITY("Kernel config L1", dev->number,
                     TF_L1_KCONFIG_SIZE + TF_NUM_RISCS * (uint64_t)TF_L1_KERNEL_SIZE);
    if (cfg.num_boot_cores < 0 || (!cfg.boot_cores && cfg.num_boot_cores)) {
        cm_err_set("tf_device_config: num_boot_cores %d with boot_cores %s (boot_cores NULL and "
                   "num_boot_cores 0 boot every core; else num_boot_cores counts boot_cores)",
                   cfg.num_boot_cores, cfg.boot_cores ? "set" : "NULL");
        goto fail;
    }
    if (cfg.boot_cores) {
        for (int i = 0; i < cfg.num_boot_cores; i++) {
            if (rt_dev_check_core(dev, cfg.boot_cores[i], 0, NULL)) {
                cm_err_prefix("tf_device_config.boot_cores[%d]: ", i);
                goto fail;
            }
            if (rt_dev_boot_core(dev, cfg.boot_cores[i])) goto fail;
        }
    } else {
        for (int i = 0; i < ncores; i++) {
            tf_core c = {i % dev->info.grid_x, i / dev->info.grid_x};
            if (rt_dev_boot_core(dev, c)) goto fail;
        }
    }
    if (rt_banks_init(dev)) goto fail;
    if (cm_handle_add(dev, CM_H_DEVICE)) goto fail;
    return dev;
fail:
    device_free(dev);
    return NULL;
}

/* This thread's marker: its address tells the threads apart. */
static __thread char rt_thread_mark;

int rt_dev_enter(tf_device *dev, const char *op)
{
    /* One compare-and-swap takes the device, so two threads arriving
     * together cannot both get in: they once could (a load, then a store),
     * and their depth counts mixed, leaving the device held for good by a
     * thread that had left. A nested call of the holder goes on. */
    const void *mine = &rt_thread_mark, *in = NULL;
    if (__atomic_compare_exchange_n(&dev->in_thread, &in, mine, 0, __ATOMIC_ACQUIRE,
                                    __ATOMIC_RELAXED)) {
        __atomic_store_n(&dev->in_op, op, __ATOMIC_RELAXED);
    } else if (in != mine) {
        const char *inside = __atomic_load_n(&dev->in_op, __ATOMIC_RELAXED);
        return cm_err_set("%s: another thread is inside %s on this device; a tf_device is used "
                          "from one thread at a time (serialize the calls, or open a device per "
                          "thread)",
                          op, inside ? inside : "a call");
    }
    dev->in_depth++; /* (the holder's alone) */
    return 0;
}

void rt_dev_leave(tf_device *dev)
{
    if (--dev->in_depth == 0) __atomic_store_n(&dev->in_thread, NULL, __ATOMIC_RELEASE);
}

int tf_device_close(tf_device *dev)
{
    if (!dev) return 0;
    if (cm_handle_check(dev, CM_H_DEVICE, "tf_device_close") ||
        rt_dev_enter(dev, "tf_device_close"))
        return -1;
    TF_ZONE_N("TF_device_close");
    int nfailed = 0;
    char first[2048] = "";
    while (dev->launches) { /* oldest first (the list is newest first) */
        tf_launch *l = dev->launches;
        while (l->next) l = l->next;
        if (tf_launch_wait(l) && !nfailed++) snprintf(first, sizeof first, "%s", tf_last_error());
    }
    int rc = nfailed ? -1 : 0;
    rt_dev_leave(dev);
    cm_handle_remove(dev);
    device_free(dev);
    if (nfailed == 1) cm_err_set("tf_device_close: an unfinished launch failed: %s", first);
    if (nfailed > 1)
        cm_err_set("tf_device_close: %d unfinished launches failed (the device is closed all the "
                   "same); the first: %s",
                   nfailed, first);
    return rc;
}
