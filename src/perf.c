/* The chip's hardware counters, host side (contracts/tf_perf.h). After
 * each dispatch, when the host profiler records a trace, the runtime reads
 * each core's counters through the transport's optional perf_counters and
 * writes them as DEVICE_PERF records (the non-zero counters as key/value
 * pairs, with the chip's modeled peaks): tt_foil_profile's ops report is
 * made from them. With the profiler off nothing is read, nor with
 * TT_FOIL_PERF_COUNTERS=OFF (contracts/tf_env.h; read at the first
 * dispatch). Reading costs the chip no modeled time: the core is done. */
#include "rt_internal.h"
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
    if (cm_handle_check(p, CM_H_PROGRAM, "tf_program_counters")) return -1;
    if (!out) return cm_err_set("tf_program_counters: out is NULL");
    if (!p->has_last)
        return cm_err_set("tf_program_counters: the program on core (%d,%d) has not completed a "
                          "dispatch yet",
                          p->core.x, p->core.y);
    return read_counters(p, out);
}

#define RT_PERF_WORDS (sizeof(tf_perf_core) / 8)
_Static_assert(sizeof(tf_perf_core) % 8 == 0, "tf_perf_core is words");

/* The key (TF_PERF_KEY) of each word of a tf_perf_core, from the contract's
 * field table, and whether it has one: tf_perf_encode's pairs, found by a
 * scan of the words (mostly zero, eight at a time) rather than field by
 * field. The dispatch path records them after every dispatch. */
static uint64_t rt_perf_key[RT_PERF_WORDS];
static uint8_t rt_perf_has[RT_PERF_WORDS];
static pthread_once_t rt_perf_once = PTHREAD_ONCE_INIT;
static int rt_perf_off; /* TT_FOIL_PERF_COUNTERS=OFF: read once per process */

static void perf_init(void)
{
    static tf_perf_core probe; /* only its addresses are taken */
    tf_perf_core *cc = &probe;
#define RT_PERF_KEY_ONE(f, scope, count)                                                           \
    for (int r = 0; r < TF_PERF_RISCS_##scope; r++)                                                \
        for (int i = 0; i < (int)(count); i++) {                                                   \
            size_t w = (size_t)(&TF_PERF_AT_##scope(cc, f, r, i) - (uint64_t *)cc);                \
            rt_perf_key[w] = TF_PERF_KEY(TF_PERF_F_##f, TF_PERF_ID_##scope(r), i);                 \
            rt_perf_has[w] = 1;                                                                    \
        }
    TF_PERF_FIELDS(RT_PERF_KEY_ONE)
#undef RT_PERF_KEY_ONE
    const char *off = getenv(tf_env_name(TF_ENV_PERF_COUNTERS)); /* OFF: not collected */
    rt_perf_off = off && *off && tf_env_is_off(off);
}

static uint32_t perf_emit(const uint64_t *w, size_t i, size_t end, uint64_t *out, uint32_t n,
                          uint32_t cap)
{
    for (; i < end; i++)
        if (w[i] && rt_perf_has[i] && n < cap) {
            out[2 * n] = rt_perf_key[i];
            out[2 * n + 1] = w[i];
            n++;
        }
    return n;
}

/* The pairs of tf_perf_encode (in the struct's order), at most cap. The
 * struct is all uint64_t, read as its words. */
static uint32_t perf_encode(const tf_perf_core *c, uint64_t *out, uint32_t cap)
{
    const uint64_t *w = (const uint64_t *)c;
    uint32_t n = 0;
    size_t i = 0;
    for (; i + 8 <= RT_PERF_WORDS; i += 8) {
        uint64_t any = (w[i] | w[i + 1]) | (w[i + 2] | w[i + 3]) | (w[i + 4] | w[i + 5]) |
                       (w[i + 6] | w[i + 7]);
        if (any) n = perf_emit(w, i, i + 8, out, n, cap);
    }
    return perf_emit(w, i, RT_PERF_WORDS, out, n, cap);
}

void rt_perf_record(tf_program *p, uint32_t id)
{
    if (!TF_DEV_TRACING() || !p->dev->tr->ops->perf_counters) return;
    pthread_once(&rt_perf_once, perf_init);
    if (rt_perf_off) return;
    TF_ZONE_N("TF_dispatch/counters_readback");
    tf_perf_core c;
    if (read_counters(p, &c)) {
        cm_warn("hardware counters of core (%d,%d) after dispatch %u: %s", p->core.x, p->core.y, id,
                tf_last_error());
        return;
    }
    enum { CAP = RT_PERF_WORDS }; /* every field */
    uint64_t pairs[2 * CAP];
    uint32_t n = perf_encode(&c, pairs, CAP);
    const tf_chip_info *ci = &p->dev->info;
    tf_dev_perf h = {
        .dispatch = id,
        .x = (uint8_t)p->core.x,
        .y = (uint8_t)p->core.y,
        .version = TF_PERF_RECORD_VERSION,
        .grid_x = (uint8_t)ci->grid_x,
        .grid_y = (uint8_t)ci->grid_y,
        .dram_banks = (uint8_t)ci->dram_banks,
        .host_ns = rt_dev_now_ns(),
        .clock_mhz = ci->clock_mhz,
        .dram_bytes_per_cycle = ci->dram_bytes_per_cycle,
        .noc_bytes_per_cycle = ci->noc_bytes_per_cycle,
    };
    memcpy(h.matmul_cycles, ci->matmul_cycles, sizeof h.matmul_cycles);
    uint32_t done = 0;
    do { /* at most TF_PERF_RECORD_PAIRS a record: a record holds TF_TEXT_MAX bytes */
        uint32_t k = n - done < TF_PERF_RECORD_PAIRS ? n - done : TF_PERF_RECORD_PAIRS;
        h.npairs = k;
        TF_DEV_BYTES(TF_R_DEVICE_PERF, &h, sizeof h, pairs + 2 * done, (size_t)k * 16);
        h.part++;
        done += k;
    } while (done < n);
}
