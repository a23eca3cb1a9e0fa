/* Device profiler, host side (devprof.h). After each dispatch the runtime
 * reads the profiler region of the core (the control vector, then the
 * words each RISC used of its 512-word buffer) through the transport and
 *   - copies each RISC's marker words as they are into the host trace (one
 *     DEVICE_BLOCK record per RISC and dispatch: no text is formatted on
 *     the dispatch path; tt_foil_profile decodes them);
 *   - decodes them (common/cm_dprof.h), resolves each zone id against the
 *     image that ran on that RISC (firmware ids below 0x8000, kernel ids
 *     above) and pairs STARTs and ENDs for tf_program_device_profile();
 *   - writes the raw CSV only if the user asked for it
 *     (TT_FOIL_DEVICE_ZONES_CSV).
 * After a timeout, a fault or an interrupt it does the same before the
 * cores are reset (rt_devprof_postmortem), and zones still open are kept as
 * open. Reading costs the device nothing: the chip is idle on that core. */
#include "devprof.h"
#include "rt_internal.h"
#include "common/cm_csv.h"
#include "common/cm_dprof.h"
#include "tf_env.h"
#include "tf_profiler.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

uint16_t rt_devprof_hash(const char *name, const char *file, uint32_t line)
{
    return cm_dprof_hash(name, file, line);
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

static int zone_cmp(const void *a, const void *b)
{
    const rt_zone_info *x = a, *y = b;
    return (x->id > y->id) - (x->id < y->id);
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
    /* (an empty .tt_foil_zones leaves zones NULL, which qsort must not get) */
    if (img->nzones > 1)
        qsort(img->zones, img->nzones, sizeof *img->zones, zone_cmp); /* find_zone bisects */
    return 0;
}

static const rt_zone_info *find_zone(const rt_image *img, uint32_t id)
{
    if (!img) return NULL;
    uint32_t lo = 0, hi = img->nzones;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (img->zones[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < img->nzones && img->zones[lo].id == id ? &img->zones[lo] : NULL;
}

/* Only what the user asked for: unset, empty or OFF writes nothing (the
 * spec's default of a file in the current directory is not kept: a
 * program would litter every directory it runs in; tt_foil_profile derives
 * the file from the trace). */
static void path_from_env(char *out, size_t n, enum tf_env_id env)
{
    const char *v = getenv(tf_env_name(env));
    snprintf(out, n, "%s", tf_env_is_off(v) ? "" : v);
}

/* Bytes of the profiler region: the control vector and every RISC's marker
 * buffer (the readback buffer's size; what is read is the control vector
 * and the used words). */
#define RT_DEVPROF_REGION (TF_DPROF_CTL_SIZE + TF_NUM_RISCS * TF_DPROF_WORDS * 4)

int rt_devprof_open(tf_device *dev)
{
    rt_devprof *d = &dev->prof;
    memset(d, 0, sizeof *d);
    d->enabled = dev->fw[0].note.profiler != 0;
    if (!d->enabled) return 0;
    path_from_env(d->csv_path, sizeof d->csv_path, TF_ENV_DEVICE_ZONES_CSV);
    path_from_env(d->sync_path, sizeof d->sync_path, TF_ENV_DEVICE_CLOCK_SYNC);
    char end[1100];
    snprintf(end, sizeof end, "%s%s", d->sync_path, CM_CSV_END_SUFFIX);
    if (d->sync_path[0]) remove(end); /* an earlier run's would vouch for this one's file */
    snprintf(end, sizeof end, "%s%s", d->csv_path, CM_CSV_END_SUFFIX);
    if (d->csv_path[0]) {
        remove(end);
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
        /* a whole file gets its end record (rows and bytes): one cut at a
         * row boundary (killed, full disk) is then told from it */
        long bytes = fflush(d->csv) ? -1 : ftell(d->csv);
        if (ferror(d->csv) | fclose(d->csv) || bytes < 0)
            cm_warn("device profiler: error writing %s: %s", d->csv_path,
                    errno ? strerror(errno) : "write error");
        else if (cm_csv_end_write(d->csv_path, d->csv_rows, (uint64_t)bytes))
            cm_warn("device profiler: cannot write %s%s: %s", d->csv_path, CM_CSV_END_SUFFIX,
                    strerror(errno));
        d->csv = NULL;
    }
    cm_pair_free(&d->pair);
}

/* Trace image numbers by zone table: the loads of one kernel (loaded again
 * for every program, as tt-metal's hosts build theirs: the CNN demo loads
 * fifteen an inference) share the number the first of them got, so its
 * zones are defined in the trace once, not at every load, and the 65535
 * numbers count zone tables, not loads (they ran out after 65535 loads, and
 * a long run's later device zones had no names). Keyed by what the
 * definitions say: the image's name and its zones (id, line, name, file),
 * compared in full (about 20 ns a zone at each load's first dispatch);
 * two files with the same table share definitions that would be the same.
 * Process-wide, as the trace is. */
typedef struct trace_img {
    uint64_t hash;
    char *key; /* the name, then each zone's id and line (4 bytes each), name and file */
    size_t len;
    uint32_t n;
    int defined; /* its definitions written (a write lost: again at the next use) */
} trace_img;
static pthread_mutex_t trace_img_lock = PTHREAD_MUTEX_INITIALIZER;
static trace_img *trace_imgs;
static uint32_t *trace_img_slot; /* open addressing: index + 1, 0 empty */
static uint32_t ntrace_imgs, trace_img_slots;

/* The key of (name, img's zones) into *out (malloc'd; its length), or -1:
 * plain bytes (no formatting: it is made at every load's first dispatch). */
static int trace_img_key(const rt_image *img, const char *name, char **out, size_t *len)
{
    size_t n = strlen(name) + 1;
    for (uint32_t i = 0; i < img->nzones; i++)
        n += 8 + strlen(img->zones[i].name) + 1 + strlen(img->zones[i].file) + 1;
    char *k = malloc(n), *o = k;
    if (!k) return -1;
#define TRACE_IMG_PUT(p, bytes) (memcpy(o, (p), (bytes)), o += (bytes))
    TRACE_IMG_PUT(name, strlen(name) + 1);
    for (uint32_t i = 0; i < img->nzones; i++) {
        const rt_zone_info *z = &img->zones[i];
        TRACE_IMG_PUT(&z->id, 4);
        TRACE_IMG_PUT(&z->line, 4);
        TRACE_IMG_PUT(z->name, strlen(z->name) + 1);
        TRACE_IMG_PUT(z->file, strlen(z->file) + 1);
    }
#undef TRACE_IMG_PUT
    *out = k;
    *len = n;
    return 0;
}

static uint64_t trace_img_hash(const char *k, size_t len)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < len; i++) h = (h ^ (uint8_t)k[i]) * 1099511628211ull;
    return h;
}

/* The slot of key k (hash h): its entry's, or the empty one it would take
 * (trace_img_lock held, the table not full). */
static uint32_t *trace_img_find(uint64_t h, const char *k, size_t len)
{
    uint32_t mask = trace_img_slots - 1, i = (uint32_t)(h ^ h >> 32) & mask;
    for (;; i = (i + 1) & mask) {
        uint32_t e = trace_img_slot[i];
        if (!e) return &trace_img_slot[i];
        const trace_img *t = &trace_imgs[e - 1];
        if (t->hash == h && t->len == len && !memcmp(t->key, k, len)) return &trace_img_slot[i];
    }
}

/* Room for one more entry, the table at most half full: 0, or -1 (out of
 * memory: the image numbers itself) */
static int trace_img_room(void)
{
    if (2 * (ntrace_imgs + 1) <= trace_img_slots) return 0;
    uint32_t slots = trace_img_slots ? 2 * trace_img_slots : 64;
    trace_img *v = realloc(trace_imgs, (size_t)slots / 2 * sizeof *v);
    uint32_t *sl = v ? calloc(slots, sizeof *sl) : NULL;
    if (v) trace_imgs = v;
    if (!sl) return -1;
    free(trace_img_slot);
    trace_img_slot = sl;
    trace_img_slots = slots;
    for (uint32_t k = 0; k < ntrace_imgs; k++) {
        const trace_img *t = &trace_imgs[k];
        *trace_img_find(t->hash, t->key, t->len) = k + 1;
    }
    return 0;
}

/* Define img's zones as image n; 1 when every definition was written. */
static int define_zones(const rt_image *img, uint32_t n, const char *name)
{
    int written = 1;
    for (uint32_t i = 0; i < img->nzones; i++) {
        const rt_zone_info *z = &img->zones[i];
        written &=
            TF_DEV_DEF(TF_DEF_DEVICE_ZONE, n << 16 | z->id, z->line, z->name, z->file, name) == 0;
    }
    return written;
}

/* The image's number in the host trace, its zones defined there on first
 * use of its zone table (DEVICE_ZONE: image << 16 | zone id); 0 when the
 * trace is off or the process has used up 65535 numbers (said once on
 * stderr; tt_foil_profile notes the zones without names). A definition
 * lost (a full disk, for a while) is written again, under the same
 * number, at the table's next use: the reader takes the definitions of
 * the whole file, so the blocks before it get their names too. */
static uint32_t trace_image(rt_image *img, const char *name)
{
    if (!img || !TF_DEV_TRACING()) return 0;
    if (img->trace_image) return img->trace_image;
    static uint32_t next;
    static int used_up; /* said once */
    char *key = NULL;
    size_t len = 0;
    int keyed = !trace_img_key(img, name, &key, &len);
    uint64_t h = keyed ? trace_img_hash(key, len) : 0;
    uint32_t n = 0;
    int defined = 0;
    pthread_mutex_lock(&trace_img_lock);
    uint32_t *slot = keyed && !trace_img_room() ? trace_img_find(h, key, len) : NULL;
    if (slot && *slot) {
        trace_img *t = &trace_imgs[*slot - 1];
        n = t->n;
        if (!t->defined) t->defined = define_zones(img, n, name);
        defined = t->defined;
    } else if (next < 0xffff) {
        n = ++next;
        defined = define_zones(img, n, name);
        if (slot) {
            trace_imgs[ntrace_imgs] = (trace_img){h, key, len, n, defined};
            key = NULL; /* the entry's now */
            *slot = ++ntrace_imgs;
        }
    } else if (!used_up) {
        used_up = 1;
        cm_warn("the trace's 65535 device zone table numbers are used up (as many distinct "
                "kernels' zone tables): zones of kernels traced from now on (the first: %s) have "
                "no names in the reports",
                name ? name : "?");
    }
    pthread_mutex_unlock(&trace_img_lock);
    free(key);
    /* kept while defined; without an entry (out of memory) as before */
    if (defined || !slot) img->trace_image = n;
    return n;
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
    if (!d->sync_path[0] && !TF_DEV_TRACING()) return;
    tf_transport *t = dev->tr;
    uint64_t h0 = rt_dev_now_ns(), cyc = 0;
    if (t->ops->read_clock(t, p->core.x, p->core.y, &cyc)) {
        cm_warn("device profiler: cannot read the clock of core (%d,%d): %s; %s not written",
                p->core.x, p->core.y, tf_last_error(), d->sync_path);
        return;
    }
    uint64_t h1 = rt_dev_now_ns(), host = h0 + (h1 - h0) / 2;
    if (dev->info.clock_is_host) host = cyc; /* the same clock: exact */
    if (TF_DEV_TRACING()) {
        char hs[24], cs[24], ns[32];
        snprintf(hs, sizeof hs, "%llu", (unsigned long long)host);
        snprintf(cs, sizeof cs, "%llu", (unsigned long long)cyc);
        snprintf(ns, sizeof ns, "%.6f", 1000.0 / dev->info.clock_mhz);
        (void)TF_DEV_DEF(TF_DEF_CLOCK_SYNC, 0, dev->info.clock_is_host != 0, hs, cs, ns);
    }
    if (!d->sync_path[0]) return;
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
    long bytes = fflush(f) ? -1 : ftell(f);
    if (ferror(f) | fclose(f) || bytes < 0)
        cm_warn("device profiler: error writing %s: %s", d->sync_path,
                errno ? strerror(errno) : "write error");
    else if (cm_csv_end_write(d->sync_path, 1, (uint64_t)bytes))
        cm_warn("device profiler: cannot write %s%s: %s", d->sync_path, CM_CSV_END_SUFFIX,
                strerror(errno));
}

void rt_devprof_sync(tf_device *dev, tf_program *p)
{
    if (!dev->prof.sync_written) write_sync(dev, p);
}

/* One row of the device zones CSV (z NULL: a zone id the image does not
 * know, shown as id:0x...; zid UINT32_MAX: no zone at all). value and
 * count are written when has_value (SUM, DATA, EVENT, VALIDATE). */
static void csv_row(FILE *f, uint32_t dev, uint32_t id, uint64_t host_ns, tf_core c, int r,
                    int packet, const rt_zone_info *z, uint32_t zid, uint64_t cycle,
                    const char *kernel, uint32_t dropped, int has_value, uint64_t value,
                    uint32_t count)
{
    char hash[16] = "";
    if (z) /* "0x%04x" of 16 bits, without snprintf: a row per marker */
        for (int i = 0; i < 6; i++)
            hash[i] = i < 2 ? "0x"[i] : "0123456789abcdef"[z->hash >> (4 * (5 - i)) & 15];
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
    v[TF_DZ_device] = CM_CSV_U(dev);
    v[TF_DZ_pid] = CM_CSV_U((uint64_t)getpid());
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

/* Decoding one RISC's markers into p's device profile (and CSV rows). */
typedef struct decode_ctx {
    tf_program *p;
    int r;
    uint32_t id;
    uint64_t host_ns, ref, doorbell_ns;
    const rt_image *kimg;
    const char *kname;
    int oom;
} decode_ctx;

static int on_marker(void *arg, const cm_dprof_marker *mk)
{
    decode_ctx *x = arg;
    tf_program *p = x->p;
    tf_device *dev = p->dev;
    rt_devprof *d = &dev->prof;
    int r = x->r;
    uint32_t zid = mk->zid, type = mk->type;
    const rt_zone_info *z = find_zone(zid < TF_ZONE_ID_KERNEL ? &dev->fw[r] : x->kimg, zid);
    int payload = type > TF_DPROF_END;
    if (d->csv && (__atomic_fetch_add(&d->csv_rows, 1, __ATOMIC_RELAXED), 1))
        csv_row(d->csv, p->dev->number, x->id, x->host_ns, p->core, r, packet_of_type[type], z, zid,
                mk->cycle, zid < TF_ZONE_ID_KERNEL ? "firmware" : x->kname, 0, payload, mk->value,
                mk->count);
    uint64_t start_cyc;
    uint32_t depth;
    if (payload) {
        tf_device_zone dz = make_zone(dev, z, zid, r, (uint32_t)d->pair.n, mk->cycle, mk->cycle,
                                      x->ref, x->doorbell_ns);
        dz.kind = kind_of_type[type];
        dz.value = mk->value;
        dz.count = mk->count;
        if (push_zone(p, &dz)) return x->oom = 1;
    } else if (type == TF_DPROF_START) {
        if (cm_pair_start(&d->pair, zid, mk->cycle)) return x->oom = 1;
    } else if (cm_pair_end(&d->pair, zid, &start_cyc, &depth)) {
        tf_device_zone dz =
            make_zone(dev, z, zid, r, depth, start_cyc, mk->cycle, x->ref, x->doorbell_ns);
        if (push_zone(p, &dz)) return x->oom = 1;
    }
    return 0;
}

/* The zones still open on RISC r when it was stopped: kept, marked open,
 * ending at stop_cycle (outermost first, as they were opened). */
static int keep_open(decode_ctx *x, uint64_t stop_cycle)
{
    tf_program *p = x->p;
    tf_device *dev = p->dev;
    cm_pairer *pair = &dev->prof.pair;
    for (size_t i = 0; i < pair->n; i++) {
        uint32_t zid = (uint32_t)pair->open[i].key;
        const rt_zone_info *z = find_zone(zid < TF_ZONE_ID_KERNEL ? &dev->fw[x->r] : x->kimg, zid);
        tf_device_zone dz = make_zone(dev, z, zid, x->r, (uint32_t)i, pair->open[i].start,
                                      stop_cycle, x->ref, x->doorbell_ns);
        dz.open = 1;
        if (push_zone(p, &dz)) return -1;
    }
    pair->n = 0;
    return 0;
}

/* One aggregated warning per dispatch (not one line per RISC): the zones
 * dropped on every core of it (the control vectors' counts: known without
 * decoding). */
static void note_dispatch(rt_devprof *d, uint32_t id, tf_core c, int r, uint32_t dropped)
{
    if (d->pend_id != id) {
        memset(&d->pend, 0, sizeof d->pend);
        d->pend_id = id;
    }
    if (dropped && !d->pend.dropped) d->pend.first_core = c, d->pend.first_risc = r;
    if (dropped) d->pend.riscs++;
    d->pend.dropped += dropped;
}

void rt_devprof_end_dispatch(tf_device *dev, uint32_t id)
{
    rt_devprof *d = &dev->prof;
    if (!d->enabled || d->pend_id != id) return;
    RT_ZS_FLUSH(); /* (a warning's handler may record) */
    if (d->pend.dropped)
        cm_warn(
            "device profiler: dispatch %u: %llu zones dropped on %u RISC%s (first: core (%d,%d) "
            "%s; a RISC's buffer holds %d markers, so which zones were lost is not known: "
            "their STARTs were never written); record fewer zones per dispatch",
            id, (unsigned long long)d->pend.dropped, d->pend.riscs, d->pend.riscs == 1 ? "" : "s",
            d->pend.first_core.x, d->pend.first_core.y, cm_risc_name(d->pend.first_risc),
            TF_DPROF_WORDS / 2);
    memset(&d->pend, 0, sizeof d->pend);
    d->pend_id = 0;
}

/* The kernel image whose zones RISC r's markers name, NULL if its kernel
 * was freed since the dispatch. */
static const rt_image *raw_kimg(const rt_dz_raw *w, int r)
{
    if (w->kernel[r] && !cm_handle_live(w->kernel[r], CM_H_KERNEL)) return NULL;
    return w->kimg[r];
}

int rt_devprof_decode(tf_program *p)
{
    rt_dz_raw *w = &p->dzraw;
    if (w->decoded) return 0;
    tf_device *dev = p->dev;
    rt_devprof *d = &dev->prof;
    cm_pairer *pair = &d->pair;
    const tf_dprof_ctl *ctl = (const tf_dprof_ctl *)w->region;
    uint64_t unmatched = 0, discarded = 0;
    p->ndz = 0;
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        if (!(w->have & (1u << r))) continue;
        const uint32_t *m = (const uint32_t *)(w->region + (TF_DPROF_BUF(r) - TF_L1_PROFILER));
        const rt_image *kimg = raw_kimg(w, r);
        const char *kname = kimg ? kimg->note.name : "firmware";
        decode_ctx x = {p, r, w->id, w->host_ns, w->ref[r], w->doorbell_ns, kimg, kname, 0};
        cm_dprof_stats st = {0, 0};
        pair->unmatched = 0;
        cm_dprof_decode(m, w->nwords[r], w->ref[r], w->invalid[r], on_marker, &x, &st);
        if (x.oom) return cm_err_set("out of host memory");
        if (w->invalid[r]) {
            p->dz_discarded[r] = (uint32_t)st.discarded;
            pair->n = 0; /* its STARTs were discarded too */
        }
        if (w->reason != TF_DEVB_DONE && keep_open(&x, w->stop[r]))
            return cm_err_set("out of host memory");
        cm_pair_reset(pair); /* STARTs without END */
        unmatched += st.bad + pair->unmatched;
        discarded += st.discarded;
        uint32_t dropped = ctl->risc[r].dropped;
        if (dropped && d->csv && (__atomic_fetch_add(&d->csv_rows, 1, __ATOMIC_RELAXED), 1))
            csv_row(d->csv, p->dev->number, w->id, w->host_ns, p->core, r, TF_PACKET_DROPPED, NULL,
                    UINT32_MAX, 0, kname, dropped, 0, 0, 0);
    }
    p->dz_unmatched = (uint32_t)unmatched;
    d->unmatched_total += unmatched;
    w->decoded = 1;
    /* said by whoever decodes the markers: here, and tt_foil_profile from
     * the trace (the dispatch path only copies them) */
    if (discarded)
        cm_warn("device profiler: dispatch %u on core (%d,%d): %llu markers discarded by "
                "DeviceValidateProfiler(false)",
                w->id, p->core.x, p->core.y, (unsigned long long)discarded);
    if (unmatched)
        cm_warn("device profiler: dispatch %u on core (%d,%d): %llu markers without their pair "
                "(DeviceZoneBegin/End used out of order?)",
                w->id, p->core.x, p->core.y, (unsigned long long)unmatched);
    return 0;
}

/* Read p's profiler region back after dispatch `id` and record it: `ref`
 * are the RISCs' GO cycles; reason TF_DEVB_DONE after DONE, else the
 * RISCs were stopped (post-mortem: zones still open are kept as open,
 * ending at stop[r], or where stop[r] is 0 or NULL at the core's clock now).
 * The control vector is read first, then each RISC's used words into the
 * program's buffer, and they go into the trace as they are: no per-marker
 * work.
 * Zones (and what was discarded or unpaired) are made only when asked for
 * (rt_devprof_decode), or at once when the raw CSV is written. */
static int readback(tf_program *p, uint32_t id, uint64_t doorbell_ns, const uint64_t *ref,
                    const uint64_t *stop, int reason)
{
    tf_device *dev = p->dev;
    rt_devprof *d = &dev->prof;
    rt_dz_raw *w = &p->dzraw;
    if (!w->region && !(w->region = malloc(RT_DEVPROF_REGION)))
        return cm_err_set("out of host memory (device profiler readback buffer)");
    uint8_t *region = w->region;
    tf_transport *t = dev->tr;
    w->decoded = 1; /* nothing to decode until it is read */
    w->have = 0;
    /* the control vector, then only the words each RISC wrote (a kernel
     * writes a few markers of its 512 words a RISC: issue 15) */
    int rc = t->ops->read_l1(t, p->core.x, p->core.y, TF_L1_PROFILER, region,
                             (uint32_t)sizeof(tf_dprof_ctl));
    const tf_dprof_ctl *rctl = (const tf_dprof_ctl *)(void *)region;
    for (int r = 0; !rc && rctl->magic == TF_DPROF_MAGIC && r < TF_NUM_RISCS; r++) {
        const tf_dprof_risc_ctl *c = &rctl->risc[r];
        uint32_t base = TF_DPROF_BUF(r), used = c->cur - base;
        if (c->dispatch_id != id || c->cur < base || used > TF_DPROF_WORDS * 4 || (used & 7) ||
            !used)
            continue; /* nothing to read (what is wrong with it is said below) */
        rc = t->ops->read_l1(t, p->core.x, p->core.y, base, region + (base - TF_L1_PROFILER), used);
    }
    if (rc) {
        p->ndz = 0;
        p->has_dz = 0; /* not an older dispatch's zones either */
        return -1;
    }
    uint64_t host_ns = rt_dev_now_ns(), stop_cycle = 0;
    if (reason != TF_DEVB_DONE && t->ops->read_clock(t, p->core.x, p->core.y, &stop_cycle))
        stop_cycle = 0;
    rt_devprof_sync(dev, p);
    tf_dprof_ctl ctl;
    memcpy(&ctl, region, sizeof ctl);
    p->ndz = 0;
    p->dz_unmatched = 0;
    p->dz_dispatch = id;
    p->has_dz = 1;
    memset(p->dz_dropped, 0, sizeof p->dz_dropped);
    memset(p->dz_discarded, 0, sizeof p->dz_discarded);
    if (ctl.magic != TF_DPROF_MAGIC) {
        cm_warn("device profiler: core (%d,%d) has no profiler control vector after dispatch %u "
                "(firmware without the profiler?)",
                p->core.x, p->core.y, id);
        return 0;
    }
    w->id = id;
    w->reason = reason;
    w->host_ns = host_ns;
    w->doorbell_ns = doorbell_ns;
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
        rt_image *kimg = (rt_image *)p->img[r];
        w->have |= 1u << r;
        w->nwords[r] = used / 4;
        w->invalid[r] = c->invalid;
        w->ref[r] = ref[r];
        w->stop[r] = stop && stop[r] ? stop[r] : stop_cycle;
        w->kimg[r] = kimg;
        w->kernel[r] = p->kernel[r];
        if (TF_DEV_TRACING()) {
            tf_dev_block b = {
                .dispatch = id,
                .x = (uint8_t)p->core.x,
                .y = (uint8_t)p->core.y,
                .risc = (uint8_t)r,
                .reason = (uint8_t)reason,
                .fw_image = trace_image(&dev->fw[r], "firmware"),
                .kernel_image = trace_image(kimg, kimg ? kimg->note.name : "firmware"),
                .dropped = c->dropped,
                .invalid = c->invalid,
                .nwords = used / 4,
                .device = dev->number,
                .ref_cycle = ref[r],
                .stop_cycle = w->stop[r],
                .host_ns = host_ns,
            };
            TF_DEV_BYTES(TF_R_DEVICE_BLOCK, &b, sizeof b, m, used);
        }
        p->dz_dropped[r] = c->dropped;
        d->dropped_total += c->dropped;
        note_dispatch(d, id, p->core, r, c->dropped);
    }
    w->decoded = !w->have;
    return d->csv ? rt_devprof_decode(p) : 0; /* the CSV's rows are written as they come */
}

int rt_devprof_collect(tf_program *p, uint32_t id, uint64_t doorbell_ns, uint64_t *now)
{
    if (!p->dev->prof.enabled) return 0;
    /* it follows the counters' zone when there is one (*now: its end) */
    uint32_t z = RT_ZS_BEGIN("TF_dispatch/profiler_readback", *now ? *now : TF_STAMP());
    RT_ZS_FLUSH(); /* the dispatch's zone events so far, before the device's records */
    int rc = readback(p, id, doorbell_ns, p->last.go_cycle, NULL, TF_DEVB_DONE);
    *now = TF_STAMP();
    RT_ZS_END(z, *now);
    return rc;
}

int rt_devprof_postmortem(tf_program *p, uint32_t id, uint64_t doorbell_ns, const tf_mailbox *mb,
                          int reason)
{
    if (!p->dev->prof.enabled) return 0;
    RT_ZS_FLUSH();
    TF_ZONE_N("TF_dispatch/profiler_readback");
    /* The GO cycles the markers' 44-bit stamps are unwrapped near (and
     * which they follow: cm_dprof_decode): the mailbox's, unless a kernel
     * overwrote them (zeroed, or not in the 2^43 cycles before now: once,
     * every report's time moved by 2^44 ns); then the core's clock now,
     * back by the host time since the doorbell and a millisecond more (the
     * GO landed after the doorbell, so before every marker). */
    uint64_t ref[TF_NUM_RISCS], now = 0, before = 0;
    tf_transport *t = p->dev->tr;
    if (!t->ops->read_clock(t, p->core.x, p->core.y, &now)) {
        uint64_t host = rt_dev_now_ns(),
                 mhz = p->dev->info.clock_mhz ? p->dev->info.clock_mhz : 1000;
        uint64_t back = ((host > doorbell_ns ? host - doorbell_ns : 0) + 1000000) * mhz / 1000;
        before = now > back ? now - back : 0;
    }
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        ref[r] = ((uint64_t)mb->risc[r].go_cycle_hi << 32) | mb->risc[r].go_cycle_lo;
        if (now && (!ref[r] || ref[r] > now || now - ref[r] >= 1ull << 43)) ref[r] = before;
    }
    /* Where each RISC's open zones end: where it stopped, a moment of the
     * device's own and so the same in every run, rather than when the host
     * came to read it back (a host-timed moment: hundreds of thousands of
     * cycles after a fault on a loaded machine). A RISC that trapped
     * stopped at its trap (its handler's clock, written with the fault
     * record); on a chip that stopped by itself (a deadlock, or the RISCs
     * a fault left waiting: dispatch.c waits a moment for that) each RISC
     * at its own clock then; a RISC still running (a timeout, a signal,
     * work of its own after a fault) at the readback (0 here: the core's
     * clock then). A moment outside the dispatch (a kernel overwrote the
     * mailbox) is not believed. */
    uint64_t stop[TF_NUM_RISCS] = {0};
    tf_risc_wait waits[TF_NUM_RISCS];
    int stopped = (reason == TF_DEVB_STALL || reason == TF_DEVB_FAULT) && t->ops->stalled &&
                  t->ops->stalled(t, p->core.x, p->core.y, waits) == 1;
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        if (mb->fault[r].magic == TF_FAULT_MAGIC && mb->risc[r].state == TF_RISC_FAULT)
            stop[r] = ((uint64_t)mb->risc[r].done_cycle_hi << 32) | mb->risc[r].done_cycle_lo;
        else if (stopped)
            stop[r] = waits[r].cycle;
        if (stop[r] < ref[r] || (now && stop[r] > now)) stop[r] = 0;
    }
    int rc = readback(p, id, doorbell_ns, ref, stop, reason);
    if (p->dev->prof.csv) fflush(p->dev->prof.csv); /* the process may be about to die */
    return rc;
}

void rt_devprof_pc(tf_program *p, uint32_t id, int r, uint32_t pc, int reason, const char *text)
{
    if (!p->dev->prof.enabled || !TF_DEV_TRACING()) return;
    RT_ZS_FLUSH();
    tf_dev_pc h = {id, (uint8_t)p->core.x, (uint8_t)p->core.y, (uint8_t)r, (uint8_t)reason, pc, 0};
    TF_DEV_BYTES(TF_R_DEVICE_PC, &h, sizeof h, text, strlen(text));
}
