/* Sorting for the analyses: millions of zones and memory events are put
 * in time order, and percentiles taken, in linear time. */
#include "pf.h"

#include <stdlib.h>
#include <string.h>

#define DIGIT_BITS 11
#define DIGITS     (1u << DIGIT_BITS)

int pf_sort_by_key(uint64_t *key, uint32_t *idx, size_t n)
{
    if (n < 2) return 0;
    uint64_t all_or = 0, all_and = ~0ull;
    for (size_t i = 0; i < n; i++) {
        all_or |= key[i];
        all_and &= key[i];
    }
    uint64_t *k2 = malloc(n * sizeof *k2);
    uint32_t *i2 = malloc(n * sizeof *i2);
    size_t *count = malloc(DIGITS * sizeof *count);
    if (!k2 || !i2 || !count) {
        free(k2);
        free(i2);
        free(count);
        return -1;
    }
    uint64_t *ks = key, *kd = k2;
    uint32_t *is = idx, *id = i2;
    /* LSD radix: one stable counting pass per digit in which keys differ */
    for (unsigned shift = 0; shift < 64; shift += DIGIT_BITS) {
        uint64_t mask = (uint64_t)(DIGITS - 1) << shift;
        if (!((all_or ^ all_and) & mask)) continue;
        memset(count, 0, DIGITS * sizeof *count);
        for (size_t i = 0; i < n; i++) count[(ks[i] >> shift) & (DIGITS - 1)]++;
        size_t sum = 0;
        for (unsigned d = 0; d < DIGITS; d++) {
            size_t c = count[d];
            count[d] = sum;
            sum += c;
        }
        for (size_t i = 0; i < n; i++) {
            size_t at = count[(ks[i] >> shift) & (DIGITS - 1)]++;
            kd[at] = ks[i];
            id[at] = is[i];
        }
        uint64_t *tk = ks;
        ks = kd;
        kd = tk;
        uint32_t *ti = is;
        is = id;
        id = ti;
    }
    if (ks != key) {
        memcpy(key, ks, n * sizeof *key);
        memcpy(idx, is, n * sizeof *idx);
    }
    free(k2);
    free(i2);
    free(count);
    return 0;
}

/* Quickselect with a median-of-three pivot and a three-way partition
 * (durations repeat a lot: equal values are set aside at once). */
uint64_t pf_select(uint64_t *v, size_t n, size_t k)
{
    size_t lo = 0, hi = n; /* k is in [lo, hi) */
    while (hi - lo > 1) {
        uint64_t a = v[lo], b = v[lo + (hi - lo) / 2], c = v[hi - 1];
        uint64_t p = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
        size_t lt = lo, i = lo, gt = hi; /* [lo,lt) < p, [lt,i) == p, [gt,hi) > p */
        while (i < gt) {
            uint64_t x = v[i];
            if (x < p) {
                v[i++] = v[lt];
                v[lt++] = x;
            } else if (x > p) {
                v[i] = v[--gt];
                v[gt] = x;
            } else {
                i++;
            }
        }
        if (k < lt)
            hi = lt;
        else if (k >= gt)
            lo = gt;
        else
            return p;
    }
    return v[k];
}

uint64_t pf_percentile(uint64_t *v, size_t n, unsigned pct)
{
    if (!n) return 0;
    size_t rank = (n * pct + 99) / 100; /* nearest rank: ceil(n * pct / 100) */
    return pf_select(v, n, rank ? rank - 1 : 0);
}

static int cmp_zone_start(const void *x, const void *y, void *ctx)
{
    const tf_tr_zone *z = ctx;
    uint32_t i = *(const uint32_t *)x, j = *(const uint32_t *)y;
    if (z[i].start_ns != z[j].start_ns) return z[i].start_ns < z[j].start_ns ? -1 : 1;
    if (z[i].depth != z[j].depth) return z[i].depth < z[j].depth ? -1 : 1;
    return (i > j) - (i < j);
}

int pf_zones_by_thread(const tf_trace *t, uint32_t **order, size_t **first)
{
    size_t nt = t->nthreads;
    size_t *f = calloc(nt + 1, sizeof *f);
    uint32_t *o = malloc((t->nzones ? t->nzones : 1) * sizeof *o);
    if (!f || !o) {
        free(f);
        free(o);
        return -1;
    }
    /* by thread (a counting sort: a thread's zones keep the trace's order,
     * which is mostly by start already: each thread's checked, sorted only
     * if it is not) */
    for (size_t i = 0; i < t->nzones; i++) f[t->zones[i].thread + 1]++;
    for (size_t i = 0; i < nt; i++) f[i + 1] += f[i];
    for (size_t i = 0; i < t->nzones; i++) o[f[t->zones[i].thread]++] = (uint32_t)i;
    for (size_t i = nt; i > 0; i--) f[i] = f[i - 1]; /* (each f[i] moved to its end) */
    f[0] = 0;
    for (size_t i = 0; i < nt; i++)
        for (size_t k = f[i] + 1; k < f[i + 1]; k++)
            if (cmp_zone_start(&o[k - 1], &o[k], t->zones) > 0) {
                qsort_r(o + f[i], f[i + 1] - f[i], sizeof *o, cmp_zone_start, t->zones);
                break;
            }
    *order = o;
    *first = f;
    return 0;
}
