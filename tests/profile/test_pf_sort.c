/* tt_foil_profile's sorting (tools/profile/sort.c) against qsort on
 * random keys: ascending, stable, with many duplicates and wide keys;
 * and selection / nearest-rank percentiles against a sorted copy. */
#include "tools/profile/pf.h"
#include "tests/unit/tf_check.h"

#include <stdlib.h>

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

int main(void)
{
    static const uint64_t masks[] = {0x7, 0xffff, 0xffffffffffull, ~0ull};
    for (size_t m = 0; m < sizeof masks / sizeof *masks; m++) {
        size_t n = 100003;
        uint64_t *key = malloc(n * sizeof *key), *ref = malloc(n * sizeof *ref);
        uint32_t *idx = malloc(n * sizeof *idx);
        for (size_t i = 0; i < n; i++) {
            key[i] = ref[i] = next() & masks[m];
            idx[i] = (uint32_t)i;
        }
        uint64_t *orig = malloc(n * sizeof *orig);
        memcpy(orig, key, n * sizeof *key);
        CHECK_EQ_U(pf_sort_by_key(key, idx, n), 0);
        qsort(ref, n, sizeof *ref, cmp_u64);
        size_t bad = 0, unstable = 0, wrong_idx = 0;
        for (size_t i = 0; i < n; i++) {
            bad += key[i] != ref[i];
            wrong_idx += orig[idx[i]] != key[i];
            if (i && key[i] == key[i - 1] && idx[i] < idx[i - 1]) unstable++;
        }
        CHECK_EQ_U(bad, 0);
        CHECK_EQ_U(wrong_idx, 0);
        CHECK_EQ_U(unstable, 0);
        /* selection: every 1000th rank, and the percentiles */
        for (size_t k = 0; k < n; k += 997) {
            memcpy(key, orig, n * sizeof *key);
            CHECK_EQ_U(pf_select(key, n, k), ref[k]);
        }
        memcpy(key, orig, n * sizeof *key);
        CHECK_EQ_U(pf_percentile(key, n, 50), ref[(n * 50 + 99) / 100 - 1]);
        memcpy(key, orig, n * sizeof *key);
        CHECK_EQ_U(pf_percentile(key, n, 99), ref[(n * 99 + 99) / 100 - 1]);
        free(key);
        free(ref);
        free(idx);
        free(orig);
    }
    /* nearest rank on tiny inputs: {5} -> 5; {1,2} -> median 1, p99 2 */
    uint64_t one[] = {5}, two[] = {2, 1};
    CHECK_EQ_U(pf_percentile(one, 1, 50), 5);
    CHECK_EQ_U(pf_percentile(two, 2, 50), 1);
    CHECK_EQ_U(pf_percentile(two, 2, 99), 2);
    CHECK_EQ_U(pf_percentile(two, 0, 50), 0);
    uint64_t k1 = 3;
    uint32_t i1 = 0;
    CHECK_EQ_U(pf_sort_by_key(&k1, &i1, 1), 0);
    return tf_check_report("test_pf_sort");
}
