/* The chip's hardware counters, host side (contracts/tf_perf.h). After
 * each dispatch, when the host profiler records a trace, the runtime reads
 * each core's counters through the transport's optional perf_counters and
 * writes them as DEVICE_PERF records (the non-zero counters as varints;
 * the chip's modeled peaks in a DEVICE_CHIP definition, once per chip):
 * tt_foil_profile's ops report is made from them. With the profiler off nothing is read, nor with
 * TT_FOIL_PERF_COUNTERS=OFF or 0 (contracts/tf_env.h; read at the first
 * dispatch). Reading costs the chip no modeled time: the core is done. */
#include "common/cm_env.h"
#include "rt_internal.h"
#include "rt_nz.h"
#include "tf_env.h"
#include "tf_perf.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static int read_counters(const tf_program *p, tf_perf_core *out)
{
    tf_transport *t = p->dev->tr;
    if (!t->ops->perf_counters)
        return cm_err_set("the transport (%s) has no hardware counters",
                          p->dev->info.name ? p->dev->info.name : "?");
    return t->ops->perf_counters(t, p->core.x, p->core.y, out);
}

int tf_program_counters(const tf_program *p, tf_perf_core *out)
{
    if (cm_handle_check(p, CM_H_PROGRAM, "tf_program_counters") ||
        rt_program_check_device(p, "tf_program_counters"))
        return -1;
    if (!out) return cm_err_set("tf_program_counters: out is NULL");
    if (!p->has_last)
        return cm_err_set("tf_program_counters: the program on core (%d,%d) has not completed a "
                          "dispatch yet",
                          p->core.x, p->core.y);
    return read_counters(p, out);
}

_Static_assert(sizeof(tf_perf_core) % 8 == 0, "tf_perf_core is words");

/* Whether each word of a tf_perf_core is a counter of the contract's field
 * table (the words a record carries) and whether it is a window stamp: bit
 * i % 64 of [i / 64] is word i. The dispatch path records the non-zero
 * words after every dispatch, gathered from the transport's copy by
 * rt_nz.h. Bitmaps of TF_PERF_NZ_WORDS words (contracts/tf_perf.h). */
static uint64_t rt_perf_has[TF_PERF_NZ_WORDS];
static uint64_t rt_perf_stamp[TF_PERF_NZ_WORDS]; /* tf_perf_stamp_word */
static pthread_once_t rt_perf_once = PTHREAD_ONCE_INIT;
static int rt_perf_off; /* TT_FOIL_PERF_COUNTERS=OFF: read once per process */

static void perf_init(void)
{
    static tf_perf_core probe; /* only its addresses are taken */
    tf_perf_core *cc = &probe;
#define RT_PERF_HAS_ONE(f, scope, count)                                                           \
    for (int r = 0; r < TF_PERF_RISCS_##scope; r++)                                                \
        for (int i = 0; i < (int)(count); i++) {                                                   \
            size_t w = (size_t)(&TF_PERF_AT_##scope(cc, f, r, i) - (uint64_t *)cc);                \
            rt_perf_has[w / 64] |= 1ull << (w % 64);                                               \
        }
    TF_PERF_FIELDS(RT_PERF_HAS_ONE)
#undef RT_PERF_HAS_ONE
    for (unsigned w = 0; w < TF_PERF_WORDS; w++)
        rt_perf_stamp[w / 64] |= (uint64_t)tf_perf_stamp_word(w) << (w % 64);
    /* a switch (common/cm_env.h): 0/OFF/off, not collected; anything but
     * the switch's spellings is ON, with a warning */
    rt_perf_off = !cm_env_switch(TF_ENV_PERF_COUNTERS, 1, "ON: collected");
}

/* The DEVICE_CHIP definition id of the chip's figures and the device's
 * number in the process: interned by them (a device has its own, so its
 * ops are told from another's: per-device op-to-op gaps), defined in the
 * trace on first use. The last one is kept per thread: a dispatch builds
 * and compares 12 words. */
_Static_assert(sizeof(((tf_chip_info *)0)->matmul_cycles) == 5 * sizeof(uint32_t),
               "five fidelities of matmul cycles");
typedef struct rt_chip_key {
    uint32_t clock_mhz, fig[TF_PERF_CHIP_FIGURES], device;
} rt_chip_key;
static pthread_mutex_t rt_chip_lock = PTHREAD_MUTEX_INITIALIZER;
static rt_chip_key *rt_chips; /* id i + 1 is rt_chips[i] */
static uint32_t rt_nchips;
static __thread rt_chip_key rt_last_chip;
static __thread uint32_t rt_last_chip_id;

static uint32_t chip_id(const tf_chip_info *ci, uint32_t device)
{
    rt_chip_key k = {ci->clock_mhz,
                     {(uint32_t)(uint8_t)ci->grid_x, (uint32_t)(uint8_t)ci->grid_y,
                      (uint32_t)(uint8_t)ci->dram_banks, ci->dram_bytes_per_cycle,
                      ci->noc_bytes_per_cycle},
                     device};
    for (int i = 0; i < 5; i++) k.fig[5 + i] = ci->matmul_cycles[i];
    if (rt_last_chip_id && !memcmp(&rt_last_chip, &k, sizeof k)) return rt_last_chip_id;
    pthread_mutex_lock(&rt_chip_lock);
    uint32_t id = 0;
    for (uint32_t i = 0; i < rt_nchips && !id; i++)
        if (!memcmp(&rt_chips[i], &k, sizeof k)) id = i + 1;
    if (!id) {
        rt_chip_key *n = realloc(rt_chips, (rt_nchips + 1) * sizeof *n);
        if (n) {
            rt_chips = n;
            char figs[(TF_PERF_CHIP_FIGURES + 1) * 11 + 1];
            size_t o = 0;
            for (int i = 0; i < TF_PERF_CHIP_FIGURES; i++)
                o += (size_t)snprintf(figs + o, sizeof figs - o, "%s%u", i ? " " : "", k.fig[i]);
            snprintf(figs + o, sizeof figs - o, " %u", k.device);
            /* kept only once defined: after a failed write the next
             * dispatch defines the figures again, as the same id */
            if (!TF_DEV_DEF(TF_DEF_DEVICE_CHIP, rt_nchips + 1, k.clock_mhz, figs, NULL, NULL)) {
                rt_chips[rt_nchips++] = k;
                id = rt_nchips;
            }
        }
    }
    pthread_mutex_unlock(&rt_chip_lock);
    if (id) {
        rt_last_chip = k;
        rt_last_chip_id = id;
    }
    return id; /* 0 (out of memory, or not written): the reader reads the counters without the
                * peaks */
}

enum { RT_PERF_REC_BYTES = TF_TEXT_MAX, RT_PERF_PAIR_MAX = 2 + 10 }; /* index step, value */

/* Part h->part of a DEVICE_PERF record of at most `cap` bytes begun in
 * place (*rec): its header, the chip's id and the base cycle; returns
 * where its words go, NULL when the trace is off. */
static uint8_t *perf_part(const tf_dev_perf2 *h, uint32_t chip, uint64_t base, uint64_t now,
                          uint8_t **rec, size_t cap)
{
    if (!(*rec = TF_DEV_BYTES_BEGIN_AT(TF_R_DEVICE_PERF, cap, now))) return NULL;
    memcpy(*rec, h, sizeof *h);
    return tf_trace_put_varint(tf_trace_put_varint(*rec + sizeof *h, chip), base);
}

/* Set bits of m. (Not __builtin_popcountll: without -mpopcnt, which a
 * portable build leaves out, that is a call into libgcc.) */
static inline unsigned bits_set(uint64_t m)
{
    m -= (m >> 1) & 0x5555555555555555ull;
    m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
    m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (unsigned)((m * 0x0101010101010101ull) >> 56);
}

/* The base of a record of the non-zero words (nz, vals): the earliest
 * window start (they all open at the GO), 0 when there is none. Read where
 * the RISCs' starts are (words in increasing order: each one's place among
 * the set bits counted on from the one before), not found by a walk of
 * every word. */
static uint64_t perf_base(const uint64_t *nz, const uint64_t *vals)
{
    enum {
        R0 = offsetof(tf_perf_core, risc) / 8,
        RW = sizeof(tf_perf_risc) / 8,
        START = offsetof(tf_perf_risc, start) / 8
    };
    uint64_t base = UINT64_MAX;
    size_t k = 0, below = 0; /* the set bits of nz[0 .. k - 1] */
    for (size_t r = 0; r < TF_NUM_RISCS; r++) {
        size_t w = R0 + r * RW + START;
        for (; k < w / 64; k++) below += bits_set(nz[k]);
        uint64_t bit = 1ull << (w % 64);
        if (!(nz[k] & bit)) continue;
        uint64_t v = vals[below + bits_set(nz[k] & (bit - 1))];
        if (v && v < base) base = v;
    }
    return base == UINT64_MAX ? 0 : base;
}

/* The last version-2 records this thread wrote for each core, by slot
 * (perf_slot): a repeat (version 3) names a record the reader finds among
 * the last TF_PERF_REPEAT_REFS of its core, chip and thread, so a record
 * the device keeps for the core (rt_perf_kept) may be repeated only while
 * it is among those of this thread's slot (a dispatch id names one record
 * of a device: that thread wrote it). Cores that share a slot, and a core
 * of another device, take turns: a repeat less, never a wrong one. */
enum { RT_PERF_SLOTS = 64 };
typedef struct rt_perf_slot {
    const tf_device *dev;
    uint32_t chip;
    uint32_t dispatch[TF_PERF_REPEAT_REFS]; /* the last ones, n of them, the oldest at next */
    uint8_t x, y, used, n, next;
} rt_perf_slot;
static __thread rt_perf_slot rt_perf_slots[RT_PERF_SLOTS];

static rt_perf_slot *perf_slot(uint8_t x, uint8_t y)
{
    return &rt_perf_slots[(x ^ (unsigned)y * 5u) % RT_PERF_SLOTS];
}

static int slot_holds(const rt_perf_slot *s, uint32_t dispatch)
{
    for (unsigned i = 0; i < s->n; i++)
        if (s->dispatch[i] == dispatch) return 1;
    return 0;
}

/* Whether the counters (nz, n words vals) are those of c: the same words,
 * the same values, window stamps the same relative to the base. The words
 * being the same, the stamps are at the same places, and relative to the
 * base they are the same when they all moved by one delta (the base, the
 * earliest of them, moved by it too): the stamps moved back by it in
 * place and one memcmp of every word, without finding the base
 * (perf_base) first; moved forward again when they differ (vals is read
 * again: the next record, the encoding), not when they are the same (a
 * repeat is written, vals read no more). The caller has passed over a
 * record of another word count (a core's last records are mostly other
 * kernels'), so c->n == n. *base: the counters' base. */
static int perf_same(const rt_perf_last *c, const uint64_t *nz, uint64_t *vals, uint32_t n,
                     uint64_t *base)
{
    CM_ASSERT(c->n == n);
    uint64_t diff = 0;
    for (size_t k = 0; k < TF_PERF_NZ_WORDS; k++) diff |= c->nz[k] ^ nz[k];
    if (diff) return 0;
    uint64_t delta = 0;
    if (c->stamps) {
        unsigned j0 = (unsigned)__builtin_ctzll(c->stamps);
        delta = vals[j0] - c->vals[j0];
        if (delta && !c->base) return 0; /* stamps without a base are absolute */
    }
    if (!delta) {
        if (memcmp(vals, c->vals, n * sizeof *vals)) return 0;
        *base = c->base;
        return 1;
    }
    for (uint64_t m = c->stamps; m; m &= m - 1) vals[__builtin_ctzll(m)] -= delta;
    if (!memcmp(vals, c->vals, n * sizeof *vals)) {
        *base = c->base + delta; /* (vals' stamps stay moved: a repeat needs them no more) */
        return 1;
    }
    for (uint64_t m = c->stamps; m; m &= m - 1) vals[__builtin_ctzll(m)] += delta;
    return 0;
}

/* A version-3 record: the counters of p's core are those of dispatch
 * c->dispatch's record, stamps moved to `base`. */
static void perf_repeat(const rt_perf_last *c, tf_dev_perf2 *h, uint32_t chip, uint64_t base,
                        uint64_t now)
{
    enum { CAP = sizeof(tf_dev_perf2) + 3 * 10 };
    uint8_t *rec, *o;
    h->version = TF_PERF_RECORD_REPEAT;
    if (!(o = perf_part(h, chip, base, now, &rec, CAP))) return;
    o = tf_trace_put_varint(o, c->dispatch);
    TF_DEV_BYTES_END((size_t)(o - rec));
}

/* DEVICE_PERF records (contracts/tf_perf.h) of the non-zero counter words
 * `nz` (bitmap) with values `vals` (in order) of p's core, made in the
 * trace's buffer in place. When they are those of one of the core's last
 * records in full (a dispatch-bound loop's repeated kernels, a network's
 * layers taking turns on a core), a repeat (version 3) of it: a dozen
 * bytes, and no encoding. Otherwise version 2:
 * header `h`, the chip's id, the base cycle, then a (word index step,
 * value) varint pair per word, window stamps relative to the base; parts
 * 0, 1, .. when a record of TF_TEXT_MAX bytes is full, and one record
 * without words when every counter is zero. A dispatch-bound core's two
 * dozen words take ~66 bytes instead of version 1's ~440. */
static void perf_records(tf_program *p, const uint64_t *nz, uint64_t *vals, uint32_t nvals,
                         tf_dev_perf2 *h, uint32_t chip, uint64_t now)
{
    rt_core_state *cs = &p->dev->cores[rt_dev_core_index(p->dev, p->core)];
    if (!cs->perf_last) cs->perf_last = calloc(1, sizeof *cs->perf_last);
    rt_perf_kept *kept = cs->perf_last; /* NULL (out of memory): no repeats */
    rt_perf_slot *s = perf_slot(h->x, h->y);
    if (!(s->used && s->dev == p->dev && s->chip == chip && s->x == h->x && s->y == h->y))
        *s = (rt_perf_slot){.dev = p->dev, .chip = chip, .x = h->x, .y = h->y, .used = 1};
    uint64_t base;
    for (int i = 0; kept && i < TF_PERF_REPEAT_REFS; i++) {
        const rt_perf_last *k = &kept->rec[i];
        if (k->ok && k->n == nvals && slot_holds(s, k->dispatch) &&
            perf_same(k, nz, vals, nvals, &base)) {
            perf_repeat(k, h, chip, base, now);
            return;
        }
    }
    base = perf_base(nz, vals);
    uint8_t *rec, *o;
    if (!(o = perf_part(h, chip, base, now, &rec, RT_PERF_REC_BYTES))) return;
    uint8_t *full = rec + RT_PERF_REC_BYTES - RT_PERF_PAIR_MAX; /* past it, a pair may not fit */
    size_t prev = (size_t)-1;                                   /* the previous word's index */
    const uint64_t *v = vals;
    uint64_t stamps = 0; /* bit j: vals[j] is a window stamp */
    for (size_t k = 0; k < TF_PERF_NZ_WORDS; k++)
        for (uint64_t m = nz[k]; m; m &= m - 1, v++) {
            unsigned b = (unsigned)__builtin_ctzll(m);
            if (!(rt_perf_has[k] >> b & 1)) continue; /* a word no counter names */
            if (o > full) {                           /* full: the next part */
                TF_DEV_BYTES_END((size_t)(o - rec));
                h->part++;
                if (!(o = perf_part(h, chip, base, now, &rec, RT_PERF_REC_BYTES))) return;
                full = rec + RT_PERF_REC_BYTES - RT_PERF_PAIR_MAX;
                prev = (size_t)-1;
            }
            size_t i = 64 * k + b;
            uint64_t x = *v;
            if (rt_perf_stamp[k] >> b & 1) {
                x = tf_trace_zigzag((int64_t)(x - base));
                size_t j = (size_t)(v - vals);
                stamps |= j < 64 ? 1ull << j : 0;
            }
            o = tf_trace_put_varint(tf_trace_put_varint(o, i - prev), x);
            prev = i;
        }
    TF_DEV_BYTES_END((size_t)(o - rec));
    /* one of the core's last records in full, now (the oldest goes): kept
     * for a repeat when in one part and small (the reader takes a record
     * of parts as not one) */
    s->dispatch[s->next] = h->dispatch;
    s->next = (uint8_t)((s->next + 1) % TF_PERF_REPEAT_REFS);
    if (s->n < TF_PERF_REPEAT_REFS) s->n++;
    size_t n = (size_t)(v - vals);
    if (!kept) return;
    rt_perf_last *c = &kept->rec[kept->next];
    kept->next = (kept->next + 1) % TF_PERF_REPEAT_REFS;
    c->ok = h->part == 0 && n <= RT_PERF_REPEAT_WORDS;
    if (!c->ok) return;
    c->dispatch = h->dispatch; /* (its chip is the device's: chip) */
    c->n = (uint32_t)n;
    c->base = base;
    c->stamps = stamps;
    memcpy(c->nz, nz, sizeof c->nz);
    memcpy(c->vals, vals, n * sizeof *vals);
}

_Static_assert(RT_NZ_BITS(TF_PERF_WORDS) == TF_PERF_NZ_WORDS,
               "rt_nz_gather's bitmap of the counters is TF_PERF_NZ_WORDS words");

/* The non-zero counter words of p's core: from the transport when it can
 * tell them (perf_counters_sparse: the simulator knows which words a
 * dispatch wrote), else gathered from a copy of the struct (perf_counters,
 * what a hardware transport gives). Returns how many (vals' length), -1
 * if they could not be read. */
static int read_nz(const tf_program *p, uint64_t *nz, uint64_t *vals)
{
    tf_transport *t = p->dev->tr;
    if (t->ops->perf_counters_sparse) {
        int n = t->ops->perf_counters_sparse(t, p->core.x, p->core.y, nz, vals);
        if (n >= 0) return n;
        return cm_err_set("the transport (%s) could not read them",
                          p->dev->info.name ? p->dev->info.name : "?");
    }
    tf_perf_core c;
    if (read_counters(p, &c)) return -1;
    return (int)rt_nz_gather((const uint64_t *)(const void *)&c, TF_PERF_WORDS, nz, vals);
}

/* The counters of p's core after dispatch `id`, in the trace (zone
 * TF_dispatch/counters_readback around the readback), stamped `now`. */
static void perf_record(tf_program *p, uint32_t id, uint64_t now)
{
    uint64_t nz[TF_PERF_NZ_WORDS], vals[TF_PERF_WORDS];
    int n = read_nz(p, nz, vals);
    if (n < 0) {
        cm_warn("hardware counters of core (%d,%d) after dispatch %u: %s", p->core.x, p->core.y, id,
                tf_last_error());
        return;
    }
    tf_dev_perf2 h = {
        .dispatch = id,
        .x = (uint8_t)p->core.x,
        .y = (uint8_t)p->core.y,
        .version = TF_PERF_RECORD_VERSION,
    };
    perf_records(p, nz, vals, (uint32_t)n, &h, chip_id(&p->dev->info, p->dev->number), now);
}

void rt_perf_record(tf_program *p, uint32_t id, uint64_t *now)
{
    if (!TF_DEV_TRACING() || !p->dev->tr->ops->perf_counters) return;
    pthread_once(&rt_perf_once, perf_init);
    if (rt_perf_off) return;
    /* where the work before it ended; TF_DEV_STAMP, not TF_STAMP: the
     * record needs the time also where the host's zones are compiled out */
    uint64_t t0 = *now ? *now : TF_DEV_STAMP();
    uint32_t z = RT_ZS_BEGIN("TF_dispatch/counters_readback", t0);
    RT_ZS_FLUSH(); /* the zone events so far, before the record */
    rt_devprof_sync(p->dev, p);
    perf_record(p, id, t0); /* the record: the readback's start */
    *now = TF_STAMP();
    RT_ZS_END(z, *now);
}
