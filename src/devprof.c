/* Device profiler, host side (devprof.h). After each dispatch the runtime
 * reads the profiler region of the core (control vector + one 512-word
 * buffer per RISC) through the transport, decodes every marker, resolves
 * its zone id against the image that ran on that RISC (firmware ids below
 * 0x8000, kernel ids above), pairs STARTs and ENDs, and writes them out.
 * Reading costs the device nothing: the chip is idle on that core. */
#include "devprof.h"
#include "rt_internal.h"
#include "cm_csv.h"
#include "tf_env.h"
#include "tf_profiler.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint16_t rt_devprof_hash(const char *name, const char *file, uint32_t line)
{
    char buf[2200];
    snprintf(buf, sizeof buf, "%s,%s,%u,KERNEL_PROFILER", name, file, line);
    uint32_t h = 2166136261u;
    for (const char *p = buf; *p; p++) h = (h ^ (uint8_t)*p) * 16777619u;
    return (uint16_t)((h & 0xffff) ^ (h >> 16));
}

void rt_devprof_free_zones(rt_image *img)
{
    for (uint32_t i = 0; i < img->nzones; i++) {
        free(img->zones[i].name);
        free(img->zones[i].file);
    }
    free(img->zones);
    img->zones = NULL;
    img->nzones = 0;
}

int rt_devprof_parse_zones(rt_image *img, const cm_elf *e, int kernel)
{
    uint32_t size = 0;
    const uint8_t *sec = cm_elf_section(e, ".tt_foil_zones", &size);
    if (!sec) return 0; /* no zones (or built without the profiler) */
    uint32_t off = 0;
    while (off + sizeof(tf_zone_meta) <= size) {
        tf_zone_meta m;
        memcpy(&m, sec + off, sizeof m);
        if (m.size < sizeof m + 2 || m.size > size - off || (m.anchor & 0xfff) ||
            m.anchor < TF_ZONE_ID_BASE)
            return cm_err_set("%s: malformed zone metadata at offset %u of .tt_foil_zones "
                              "(rebuild it)",
                              e->path, off);
        const char *text = (const char *)(sec + off + sizeof m);
        size_t tlen = m.size - sizeof m;
        const char *name = text, *nul = memchr(text, 0, tlen);
        const char *file = nul ? nul + 1 : NULL;
        if (!file || !memchr(file, 0, tlen - (size_t)(file - text)))
            return cm_err_set("%s: malformed zone metadata at offset %u: name and file are not "
                              "terminated",
                              e->path, off);
        uint32_t id = (m.anchor - TF_ZONE_ID_BASE) >> 12;
        if (id > 0xffff || (kernel != 0) != (id >= TF_ZONE_ID_KERNEL))
            return cm_err_set("%s: zone '%s' has id 0x%x, outside the %s range; the image was "
                              "linked with the wrong linker script",
                              e->path, name, id, kernel ? "kernel" : "firmware");
        rt_zone_info *nz = realloc(img->zones, (size_t)(img->nzones + 1) * sizeof *nz);
        if (!nz) return cm_err_set("out of host memory");
        img->zones = nz;
        rt_zone_info *z = &nz[img->nzones];
        memset(z, 0, sizeof *z);
        z->id = id;
        z->line = m.line;
        z->name = strdup(name);
        z->file = strdup(file);
        img->nzones++;
        if (!z->name || !z->file) return cm_err_set("out of host memory");
        z->hash = rt_devprof_hash(z->name, z->file, z->line);
        off += (m.size + 3) & ~3u;
    }
    return 0;
}

static const rt_zone_info *find_zone(const rt_image *img, uint32_t id)
{
    if (!img) return NULL;
    for (uint32_t i = 0; i < img->nzones; i++)
        if (img->zones[i].id == id) return &img->zones[i];
    return NULL;
}

/* "OFF" disables, unset means the spec's default file name. */
static void path_from_env(char *out, size_t n, enum tf_env_id env)
{
    const char *v = getenv(tf_env_name(env));
    if (!v) v = tf_env_default(env);
    snprintf(out, n, "%s", tf_env_is_off(v) ? "" : v);
}

/* Bytes of the profiler region read back after each dispatch: the control
 * vector and every RISC's marker buffer. */
#define RT_DEVPROF_REGION (TF_DPROF_CTL_SIZE + TF_NUM_RISCS * TF_DPROF_WORDS * 4)

int rt_devprof_open(tf_device *dev)
{
    rt_devprof *d = &dev->prof;
    memset(d, 0, sizeof *d);
    d->enabled = dev->fw[0].note.profiler != 0;
    if (!d->enabled) return 0;
    d->region = malloc(RT_DEVPROF_REGION);
    d->ntracks = dev->info.grid_x * dev->info.grid_y * TF_NUM_RISCS;
    d->tracks = calloc(d->ntracks ? (size_t)d->ntracks : 1, sizeof *d->tracks);
    if (!d->region || !d->tracks) {
        rt_devprof_close(dev);
        return cm_err_set("out of host memory (device profiler readback buffers)");
    }
    path_from_env(d->csv_path, sizeof d->csv_path, TF_ENV_DEVICE_ZONES_CSV);
    path_from_env(d->sync_path, sizeof d->sync_path, TF_ENV_DEVICE_CLOCK_SYNC);
    if (d->csv_path[0]) {
        d->csv = fopen(d->csv_path, "w");
        if (!d->csv)
            cm_warn("device profiler: cannot write %s: %s; device zones are still read back but "
                    "not written",
                    d->csv_path, strerror(errno));
        else
            cm_csv_write_header(d->csv, &tf_csv_device_zones);
    }
    return 0;
}

void rt_devprof_close(tf_device *dev)
{
    rt_devprof *d = &dev->prof;
    if (d->csv) {
        if (ferror(d->csv) | fclose(d->csv))
            cm_warn("device profiler: error writing %s: %s", d->csv_path,
                    errno ? strerror(errno) : "write error");
        d->csv = NULL;
    }
    free(d->region);
    free(d->tracks);
    cm_pair_free(&d->pair);
    d->region = NULL;
    d->tracks = NULL;
}

/* The host trace's track of (core, RISC): "device core (x,y)", "BRISC". */
__attribute__((unused)) static uint32_t track_of(tf_device *dev, tf_core c, int r)
{
    rt_devprof *d = &dev->prof;
    int i = rt_dev_core_index(dev, c) * TF_NUM_RISCS + r;
    if (i < 0 || i >= d->ntracks) return 0;
    if (!d->tracks[i]) {
        char group[48];
        snprintf(group, sizeof group, "device core (%d,%d)", c.x, c.y);
        d->tracks[i] = TF_TRACK_ID(group, cm_risc_name(r));
        (void)group;
    }
    return d->tracks[i];
}

/* Device cycle -> host monotonic ns. On the simulator the device clock is
 * the host clock: exact. Elsewhere, anchored on this dispatch. */
static uint64_t cycle_to_ns(const tf_device *dev, uint64_t cycle, uint64_t go_cycle,
                            uint64_t doorbell_ns)
{
    double ns_per_cycle = 1000.0 / (double)dev->info.clock_mhz;
    if (dev->info.clock_is_host) return (uint64_t)((double)cycle * ns_per_cycle);
    return doorbell_ns + (uint64_t)((double)(int64_t)(cycle - go_cycle) * ns_per_cycle);
}

static void write_sync(tf_device *dev, tf_program *p)
{
    rt_devprof *d = &dev->prof;
    d->sync_written = 1;
    if (!d->sync_path[0]) return;
    tf_transport *t = dev->tr;
    uint64_t h0 = rt_dev_now_ns(), cyc = 0;
    if (t->ops->read_clock(t, p->core.x, p->core.y, &cyc)) {
        cm_warn("device profiler: cannot read the clock of core (%d,%d): %s; %s not written",
                p->core.x, p->core.y, tf_last_error(), d->sync_path);
        return;
    }
    uint64_t h1 = rt_dev_now_ns(), host = h0 + (h1 - h0) / 2;
    if (dev->info.clock_is_host) host = cyc; /* the same clock: exact */
    FILE *f = fopen(d->sync_path, "w");
    if (!f) {
        cm_warn("device profiler: cannot write %s: %s", d->sync_path, strerror(errno));
        return;
    }
    cm_csv_value v[TF_SYNC_NCOLS] = {{0}};
    v[TF_SYNC_host_ns_first] = CM_CSV_U(host);
    v[TF_SYNC_cycle_first] = CM_CSV_U(cyc);
    v[TF_SYNC_ns_per_cycle] = CM_CSV_F(1000.0 / dev->info.clock_mhz);
    v[TF_SYNC_device_clock] =
        CM_CSV_S(tf_csv_device_clock[dev->info.clock_is_host ? TF_CLOCK_host_monotonic
                                                             : TF_CLOCK_free_running]);
    cm_csv_write_header(f, &tf_csv_clock_sync);
    cm_csv_write_row(f, &tf_csv_clock_sync, v);
    if (ferror(f) | fclose(f))
        cm_warn("device profiler: error writing %s: %s", d->sync_path,
                errno ? strerror(errno) : "write error");
}

/* One row of the device zones CSV (z NULL: a zone id the image does not
 * know, shown as id:0x...; zid UINT32_MAX: no zone at all). value and
 * count are written when has_value (SUM, DATA, EVENT, VALIDATE). */
static void csv_row(FILE *f, uint32_t id, uint64_t host_ns, tf_core c, int r, int packet,
                    const rt_zone_info *z, uint32_t zid, uint64_t cycle, const char *kernel,
                    uint32_t dropped, int has_value, uint64_t value, uint32_t count)
{
    char hash[16] = "";
    if (z)
        snprintf(hash, sizeof hash, "0x%04x", z->hash);
    else if (zid != UINT32_MAX)
        snprintf(hash, sizeof hash, "id:0x%04x", zid);
    cm_csv_value v[TF_DZ_NCOLS] = {{0}};
    v[TF_DZ_dispatch_idx] = CM_CSV_U(id);
    v[TF_DZ_host_ns] = CM_CSV_U(host_ns);
    v[TF_DZ_core_x] = CM_CSV_U((uint64_t)c.x);
    v[TF_DZ_core_y] = CM_CSV_U((uint64_t)c.y);
    v[TF_DZ_risc] = CM_CSV_S(cm_risc_name(r));
    v[TF_DZ_packet_type] = CM_CSV_S(tf_csv_packet_type[packet]);
    v[TF_DZ_zone_hash] = CM_CSV_S(hash);
    v[TF_DZ_cycle] = CM_CSV_U(cycle);
    v[TF_DZ_zone_name] = CM_CSV_S(z ? z->name : "");
    v[TF_DZ_src_file] = CM_CSV_S(z ? z->file : "");
    v[TF_DZ_src_line] = z ? CM_CSV_U(z->line) : CM_CSV_EMPTY;
    v[TF_DZ_kernel] = CM_CSV_S(kernel);
    v[TF_DZ_dropped] = CM_CSV_U(dropped);
    v[TF_DZ_value] = has_value ? CM_CSV_U(value) : CM_CSV_EMPTY;
    v[TF_DZ_count] = has_value ? CM_CSV_U(count) : CM_CSV_EMPTY;
    cm_csv_write_row(f, &tf_csv_device_zones, v);
}

/* The CSV's packet_type of each marker type TF_DPROF_* (the marker types
 * without a pair are the kernel_profiler.hpp entries that are not zones). */
static const int packet_of_type[8] = {TF_PACKET_START,
                                      TF_PACKET_END,
                                      TF_PACKET_SUM,
                                      TF_PACKET_DATA,
                                      TF_PACKET_EVENT,
                                      TF_PACKET_VALIDATE,
                                      -1,
                                      -1};
static const tf_device_zone_kind kind_of_type[8] = {TF_DZ_ZONE, TF_DZ_ZONE,  TF_DZ_SUM,
                                                    TF_DZ_DATA, TF_DZ_EVENT, TF_DZ_VALIDATE};

/* A device-profile entry of call site z (NULL: unresolved id zid). */
static tf_device_zone make_zone(const tf_device *dev, const rt_zone_info *z, uint32_t zid, int r,
                                uint32_t depth, uint64_t start, uint64_t end, uint64_t ref,
                                uint64_t doorbell_ns)
{
    return (tf_device_zone){
        .name = z ? z->name : "?",
        .file = z ? z->file : "?",
        .line = z ? z->line : 0,
        .hash = z ? z->hash : 0,
        .id = zid,
        .risc = r,
        .depth = depth,
        .start_cycle = start,
        .end_cycle = end,
        .start_ns = cycle_to_ns(dev, start, ref, doorbell_ns),
        .end_ns = cycle_to_ns(dev, end, ref, doorbell_ns),
        .kind = TF_DZ_ZONE,
    };
}

/* Rebuild a 64-bit cycle from 44 bits, near `ref`. */
static uint64_t unwrap44(uint64_t v44, uint64_t ref)
{
    const uint64_t span = 1ull << 44;
    uint64_t full = (ref & ~(span - 1)) | v44;
    if (full > ref + span / 2 && full >= span)
        full -= span;
    else if (full + span / 2 < ref)
        full += span;
    return full;
}

static int push_zone(tf_program *p, const tf_device_zone *z)
{
    if (p->ndz == p->cap_dz) {
        size_t cap = p->cap_dz ? 2 * p->cap_dz : 64;
        tf_device_zone *nz = realloc(p->dz, cap * sizeof *nz);
        if (!nz) return -1;
        p->dz = nz;
        p->cap_dz = cap;
    }
    p->dz[p->ndz++] = *z;
    return 0;
}

int rt_devprof_collect(tf_program *p, uint32_t id, uint64_t doorbell_ns)
{
    tf_device *dev = p->dev;
    rt_devprof *d = &dev->prof;
    if (!d->enabled) return 0;
    TF_ZONE_N("TF_dispatch/profiler_readback");
    uint8_t *region = d->region; /* per device: devices may run on different threads */
    tf_transport *t = dev->tr;
    if (t->ops->read_l1(t, p->core.x, p->core.y, TF_L1_PROFILER, region, RT_DEVPROF_REGION))
        return -1;
    uint64_t host_ns = rt_dev_now_ns();
    if (!d->sync_written) write_sync(dev, p);
    tf_dprof_ctl ctl;
    memcpy(&ctl, region, sizeof ctl);
    p->ndz = 0;
    p->dz_unmatched = 0;
    p->dz_dispatch = id;
    memset(p->dz_dropped, 0, sizeof p->dz_dropped);
    memset(p->dz_discarded, 0, sizeof p->dz_discarded);
    if (ctl.magic != TF_DPROF_MAGIC) {
        cm_warn("device profiler: core (%d,%d) has no profiler control vector after dispatch %u "
                "(firmware without the profiler?)",
                p->core.x, p->core.y, id);
        return 0;
    }
    cm_pairer *pair = &d->pair;
    pair->unmatched = 0;
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        const tf_dprof_risc_ctl *c = &ctl.risc[r];
        if (c->dispatch_id != id) continue; /* not booted, or did not see this GO */
        uint32_t base = TF_DPROF_BUF(r), used = c->cur - base;
        if (c->cur < base || used > TF_DPROF_WORDS * 4 || (used & 7)) {
            cm_warn("device profiler: core (%d,%d) %s: corrupt marker pointer 0x%08x after "
                    "dispatch %u; its markers were skipped",
                    p->core.x, p->core.y, cm_risc_name(r), c->cur, id);
            continue;
        }
        const uint32_t *m = (const uint32_t *)(region + (base - TF_L1_PROFILER));
        const rt_image *kimg = p->img[r];
        const char *kname = kimg ? kimg->note.name : "firmware";
        uint64_t ref = p->last.go_cycle[r], prev = ref;
        /* DeviceValidateProfiler(false): drop this RISC's markers but the
         * VALIDATE that says so. */
        uint32_t discard = c->invalid, nmarkers = 0;
        for (uint32_t off = 0; off + TF_DPROF_MARKER_BYTES <= used;) {
            uint32_t w0 = m[off / 4], w1 = m[off / 4 + 1];
            if (!(w0 & TF_DPROF_VALID)) {
                pair->unmatched++;
                off += TF_DPROF_MARKER_BYTES;
                continue;
            }
            uint32_t zid = TF_DPROF_ZONE_ID(w0), type = TF_DPROF_TYPE(w0);
            uint32_t size = TF_DPROF_SIZE(type);
            if (off + size > used) {
                pair->unmatched++; /* a payload marker cut short */
                break;
            }
            uint32_t p2 = size > 8 ? m[off / 4 + 2] : 0, p3 = size > 8 ? m[off / 4 + 3] : 0;
            off += size;
            uint64_t cyc = unwrap44(((uint64_t)TF_DPROF_CYCLE_HI(w0) << 32) | w1, ref);
            /* cycleh was read before cycle: if cycle wrapped in between, the
             * high part is one short, and the stamp goes back by 2^32 */
            if (cyc < prev && cyc + (1ull << 32) >= prev) cyc += 1ull << 32;
            prev = cyc;
            if (discard && w0 - TF_DPROF_CYCLE_HI(w0) != discard) {
                nmarkers++;
                continue;
            }
            if (packet_of_type[type & 7] < 0) {
                pair->unmatched++; /* a packet type this build does not know */
                continue;
            }
            const rt_zone_info *z = find_zone(zid < TF_ZONE_ID_KERNEL ? &dev->fw[r] : kimg, zid);
            const char *who = zid < TF_ZONE_ID_KERNEL ? "firmware" : kname;
            int payload = type > TF_DPROF_END;
            uint64_t value = 0;
            uint32_t count = 0;
            if (type == TF_DPROF_SUM) {
                value = ((uint64_t)(p3 & 0xfff) << 32) | p2;
                count = p3 >> 12;
            } else if (payload) {
                value = ((uint64_t)p3 << 32) | p2;
            }
            if (d->csv)
                csv_row(d->csv, id, host_ns, p->core, r, packet_of_type[type], z, zid, cyc, who, 0,
                        payload, value, count);
            uint64_t start_cyc;
            uint32_t depth;
            if (payload) {
                tf_device_zone dz =
                    make_zone(dev, z, zid, r, (uint32_t)pair->n, cyc, cyc, ref, doorbell_ns);
                dz.kind = kind_of_type[type];
                dz.value = value;
                dz.count = count;
                if (push_zone(p, &dz)) return cm_err_set("out of host memory");
            } else if (type == TF_DPROF_START) {
                if (cm_pair_start(pair, zid, cyc)) return cm_err_set("out of host memory");
            } else if (cm_pair_end(pair, zid, &start_cyc, &depth)) {
                tf_device_zone dz =
                    make_zone(dev, z, zid, r, depth, start_cyc, cyc, ref, doorbell_ns);
                if (push_zone(p, &dz)) return cm_err_set("out of host memory");
                if (z)
                    TF_DEVZONE((rt_zone_info *)z, dz.start_ns, dz.end_ns,
                               track_of(dev, p->core, r));
            }
        }
        if (discard) {
            p->dz_discarded[r] = nmarkers;
            pair->n = 0; /* its STARTs were discarded too */
            cm_warn("device profiler: dispatch %u core (%d,%d) %s: %u markers discarded by "
                    "DeviceValidateProfiler(false)",
                    id, p->core.x, p->core.y, cm_risc_name(r), nmarkers);
        }
        cm_pair_reset(pair); /* STARTs without END */
        p->dz_dropped[r] = c->dropped;
        if (c->dropped) {
            d->dropped_total += c->dropped;
            if (d->csv)
                csv_row(d->csv, id, host_ns, p->core, r, TF_PACKET_DROPPED, NULL, UINT32_MAX, 0,
                        kname, c->dropped, 0, 0, 0);
            cm_warn("device profiler: dispatch %u core (%d,%d) %s: %u zones dropped (a RISC's "
                    "buffer holds %d markers); record fewer zones per dispatch",
                    id, p->core.x, p->core.y, cm_risc_name(r), c->dropped, TF_DPROF_WORDS / 2);
        }
    }
    p->dz_unmatched = (uint32_t)pair->unmatched;
    d->unmatched_total += p->dz_unmatched;
    if (p->dz_unmatched)
        cm_warn("device profiler: dispatch %u core (%d,%d): %u markers without their pair "
                "(DeviceZoneBegin/End used out of order?)",
                id, p->core.x, p->core.y, p->dz_unmatched);
    return 0;
}
