/* The non-zero 64-bit words of an array, gathered in one pass: a bitmap
 * (bit i % 64 of bits[i / 64] is word i) and the values of those words in
 * order. The hardware counters' record (contracts/tf_perf.h) is made of
 * it: a core's 643 counter words hold a few dozen that are not zero, and
 * src/perf.c gathers them from the transport's copy once, then encodes
 * only those (issue 15).
 *
 * 16 words (two cache lines) at a time: with AVX2 (chosen at run time)
 * four loads and a test skip a zero group, and a non-zero one gives its
 * bits by compares, not by a branch per word (which mispredicts all the
 * time); 8 at a time with ORs otherwise. */
#ifndef RT_NZ_H
#define RT_NZ_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Words of the bitmap for n words. */
#define RT_NZ_BITS(n) (((n) + 63) / 64)

static inline size_t rt_nz_gather_c(const uint64_t *w, size_t n, uint64_t *bits, uint64_t *vals)
{
    size_t k = 0;
    memset(bits, 0, RT_NZ_BITS(n) * sizeof *bits);
    for (size_t g = 0; g < n; g += 8) {
        size_t e = g + 8 < n ? g + 8 : n;
        uint64_t any = 0;
        for (size_t i = g; i < e; i++) any |= w[i];
        if (!any) continue;
        for (size_t i = g; i < e; i++) {
            uint64_t v = w[i];
            bits[i / 64] |= (uint64_t)(v != 0) << (i % 64);
            vals[k] = v; /* kept only when not zero */
            k += v != 0;
        }
    }
    return k;
}

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#include <immintrin.h>
#define RT_NZ_HAVE_AVX2 1
__attribute__((target("avx2"))) static inline size_t
rt_nz_gather_avx2(const uint64_t *w, size_t n, uint64_t *bits, uint64_t *vals)
{
    const __m256i zero = _mm256_setzero_si256();
    size_t g = 0, k = 0;
    memset(bits, 0, RT_NZ_BITS(n) * sizeof *bits);
    for (; g + 16 <= n; g += 16) {
        const __m256i *v = (const __m256i *)(const void *)(w + g);
        __m256i a = _mm256_loadu_si256(v), b = _mm256_loadu_si256(v + 1);
        __m256i c = _mm256_loadu_si256(v + 2), d = _mm256_loadu_si256(v + 3);
        __m256i any = _mm256_or_si256(_mm256_or_si256(a, b), _mm256_or_si256(c, d));
        if (_mm256_testz_si256(any, any)) continue;
#define RT_NZ_ZEROS(x)                                                                             \
    ((unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64((x), zero))))
        unsigned z =
            RT_NZ_ZEROS(a) | RT_NZ_ZEROS(b) << 4 | RT_NZ_ZEROS(c) << 8 | RT_NZ_ZEROS(d) << 12;
#undef RT_NZ_ZEROS
        uint64_t m = ~z & 0xffffu;
        bits[g / 64] |= m << (g % 64); /* a group lies in one bitmap word */
        for (; m; m &= m - 1) vals[k++] = w[g + (size_t)__builtin_ctzll(m)];
    }
    for (; g < n; g++) {
        uint64_t x = w[g];
        bits[g / 64] |= (uint64_t)(x != 0) << (g % 64);
        vals[k] = x;
        k += x != 0;
    }
    return k;
}
#endif

/* The non-zero words of w[0..n): their bitmap in bits (RT_NZ_BITS(n)
 * words), their values in order in vals (room for n); returns how many. */
static inline size_t rt_nz_gather(const uint64_t *w, size_t n, uint64_t *bits, uint64_t *vals)
{
#ifdef RT_NZ_HAVE_AVX2
    /* (a load and a test of the CPU model the compiler's runtime fills in at start-up) */
    if (__builtin_cpu_supports("avx2")) return rt_nz_gather_avx2(w, n, bits, vals);
#endif
    return rt_nz_gather_c(w, n, bits, vals);
}

#endif
