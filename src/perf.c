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
 * branch-free scan of the words (perf_nonzero) rather than field by
 * field. The dispatch path records them after every dispatch. */
static uint64_t rt_perf_key[RT_PERF_WORDS];
static uint64_t rt_perf_has[(RT_PERF_WORDS + 63) / 64]; /* bit per word */
static pthread_once_t rt_perf_once = PTHREAD_ONCE_INIT;
static int rt_perf_off; /* TT_FOIL_PERF_COUNTERS=OFF: read once per process */

/* The words of w that are not zero and have a key, as a bitmap: bit i %
 * 64 of bits[i / 64] is word i. The scan of the struct (643 words, a few
 * dozen not zero) is most of a readback's host time. 16 words (two cache
 * lines) at a time: with AVX2 (chosen at run time) four loads and a test
 * skip a zero group, and a non-zero one gives its bits by compares, not by
 * a branch per word (which mispredicts all the time); 8 at a time with
 * ORs otherwise. Measured on one core: ~50 ns for AVX2, ~90 ns portable,
 * after a 30 ns copy of the struct. */
#define RT_PERF_BITS ((RT_PERF_WORDS + 63) / 64)

static void perf_nonzero_c(const uint64_t *w, uint64_t *bits)
{
    memset(bits, 0, RT_PERF_BITS * sizeof *bits);
    for (size_t g = 0; g < RT_PERF_WORDS; g += 8) {
        size_t e = g + 8 < RT_PERF_WORDS ? g + 8 : RT_PERF_WORDS;
        uint64_t any = 0;
        for (size_t i = g; i < e; i++) any |= w[i];
        if (any)
            for (size_t i = g; i < e; i++) bits[i / 64] |= (uint64_t)(w[i] != 0) << (i % 64);
    }
}

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#include <immintrin.h>
__attribute__((target("avx2"))) static void perf_nonzero_avx2(const uint64_t *w, uint64_t *bits)
{
    const __m256i zero = _mm256_setzero_si256();
    memset(bits, 0, RT_PERF_BITS * sizeof *bits);
    size_t g = 0;
    for (; g + 16 <= RT_PERF_WORDS; g += 16) { /* a group lies in one bitmap word */
        const __m256i *v = (const __m256i *)(const void *)(w + g);
        __m256i a = _mm256_loadu_si256(v), b = _mm256_loadu_si256(v + 1);
        __m256i c = _mm256_loadu_si256(v + 2), d = _mm256_loadu_si256(v + 3);
        __m256i any = _mm256_or_si256(_mm256_or_si256(a, b), _mm256_or_si256(c, d));
        if (_mm256_testz_si256(any, any)) continue;
#define RT_PERF_ZEROS(x)                                                                           \
    ((unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64((x), zero))))
        unsigned z = RT_PERF_ZEROS(a) | RT_PERF_ZEROS(b) << 4 | RT_PERF_ZEROS(c) << 8 |
                     RT_PERF_ZEROS(d) << 12;
#undef RT_PERF_ZEROS
        bits[g / 64] |= (uint64_t)(~z & 0xffffu) << (g % 64);
    }
    for (; g < RT_PERF_WORDS; g++) bits[g / 64] |= (uint64_t)(w[g] != 0) << (g % 64);
}
#define RT_PERF_HAVE_AVX2 1
static int rt_perf_avx2;
#endif

static void perf_init(void)
{
    static tf_perf_core probe; /* only its addresses are taken */
    tf_perf_core *cc = &probe;
#define RT_PERF_KEY_ONE(f, scope, count)                                                           \
    for (int r = 0; r < TF_PERF_RISCS_##scope; r++)                                                \
        for (int i = 0; i < (int)(count); i++) {                                                   \
            size_t w = (size_t)(&TF_PERF_AT_##scope(cc, f, r, i) - (uint64_t *)cc);                \
            rt_perf_key[w] = TF_PERF_KEY(TF_PERF_F_##f, TF_PERF_ID_##scope(r), i);                 \
            rt_perf_has[w / 64] |= 1ull << (w % 64);                                               \
        }
    TF_PERF_FIELDS(RT_PERF_KEY_ONE)
#undef RT_PERF_KEY_ONE
#ifdef RT_PERF_HAVE_AVX2
    rt_perf_avx2 = __builtin_cpu_supports("avx2");
#endif
    const char *off = getenv(tf_env_name(TF_ENV_PERF_COUNTERS)); /* OFF: not collected */
    rt_perf_off = off && *off && tf_env_is_off(off);
}

/* DEVICE_PERF records of core counters `w`, made in the trace's buffer in
 * place: header `h`, then the pairs of tf_perf_encode (in the struct's
 * order) found by a scan of the words (mostly zero, eight at a time), at
 * most TF_PERF_RECORD_PAIRS a record (a record holds TF_TEXT_MAX bytes):
 * parts 0, 1, .. as needed, and one record without pairs when every
 * counter is zero. */
enum { RT_PERF_REC_BYTES = sizeof(tf_dev_perf) + TF_PERF_RECORD_PAIRS * 16 };
_Static_assert(RT_PERF_REC_BYTES <= TF_TEXT_MAX, "a DEVICE_PERF record fits a byte record");
_Static_assert(sizeof(tf_dev_perf) % 8 == 0, "the pairs are 8-byte aligned");

static void perf_records(const uint64_t *w, tf_dev_perf *h)
{
    uint8_t *rec = TF_DEV_BYTES_BEGIN(TF_R_DEVICE_PERF, RT_PERF_REC_BYTES);
    if (!rec) return;
    uint64_t *out = (uint64_t *)(void *)(rec + sizeof *h);
    uint32_t n = 0;
    uint64_t bits[RT_PERF_BITS];
#ifdef RT_PERF_HAVE_AVX2
    if (rt_perf_avx2)
        perf_nonzero_avx2(w, bits);
    else
#endif
        perf_nonzero_c(w, bits);
    for (size_t k = 0; k < RT_PERF_BITS; k++)
        for (uint64_t m = bits[k] & rt_perf_has[k]; m; m &= m - 1) {
            size_t i = 64 * k + (size_t)__builtin_ctzll(m);
            if (n == TF_PERF_RECORD_PAIRS) { /* this part is full: the next */
                h->npairs = n;
                memcpy(rec, h, sizeof *h);
                TF_DEV_BYTES_END(RT_PERF_REC_BYTES);
                h->part++;
                if (!(rec = TF_DEV_BYTES_BEGIN(TF_R_DEVICE_PERF, RT_PERF_REC_BYTES))) return;
                out = (uint64_t *)(void *)(rec + sizeof *h);
                n = 0;
            }
            out[2 * n] = rt_perf_key[i];
            out[2 * n + 1] = w[i];
            n++;
        }
    h->npairs = n;
    memcpy(rec, h, sizeof *h);
    TF_DEV_BYTES_END(sizeof *h + (size_t)n * 16);
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
    perf_records((const uint64_t *)&c, &h);
}
