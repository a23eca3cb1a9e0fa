/* Minimal assertion helpers for host unit tests: each failed check prints
 * file:line and the values, and the test exits 1 at the end. */
#ifndef TF_CHECK_H
#define TF_CHECK_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int tf_check_failures;
static int tf_check_count;

#define CHECK_TRUE(cond)                                                                           \
    do {                                                                                           \
        tf_check_count++;                                                                          \
        if (!(cond)) {                                                                             \
            tf_check_failures++;                                                                   \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
        }                                                                                          \
    } while (0)

#define CHECK_EQ_U(a, b)                                                                           \
    do {                                                                                           \
        uint64_t a_ = (uint64_t)(a), b_ = (uint64_t)(b);                                           \
        tf_check_count++;                                                                          \
        if (a_ != b_) {                                                                            \
            tf_check_failures++;                                                                   \
            fprintf(stderr, "%s:%d: %s == %s failed: 0x%" PRIx64 " != 0x%" PRIx64 "\n", __FILE__,  \
                    __LINE__, #a, #b, a_, b_);                                                     \
        }                                                                                          \
    } while (0)

/* The string s contains the substring sub. */
#define CHECK_CONTAINS(s, sub)                                                                     \
    do {                                                                                           \
        const char *s_ = (s), *sub_ = (sub);                                                       \
        tf_check_count++;                                                                          \
        if (!s_ || !strstr(s_, sub_)) {                                                            \
            tf_check_failures++;                                                                   \
            fprintf(stderr, "%s:%d: expected \"%s\" in \"%s\"\n", __FILE__, __LINE__, sub_,        \
                    s_ ? s_ : "(null)");                                                           \
        }                                                                                          \
    } while (0)

/* A test's random numbers: xorshift64 from a fixed seed, so each run of a
 * test sees the same sequence (one per test program). */
static inline uint32_t tf_check_rand(void)
{
    static uint64_t s = 0x9e3779b97f4a7c15ull;
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return (uint32_t)(s >> 16);
}

/* A float's bits and back (the tests' independent references work on
 * the bits). */
static inline uint32_t tf_check_bits(float v)
{
    uint32_t u;
    memcpy(&u, &v, 4);
    return u;
}

static inline float tf_check_float(uint32_t u)
{
    float v;
    memcpy(&v, &u, 4);
    return v;
}

static inline int tf_check_report(const char *name)
{
    if (tf_check_failures) {
        fprintf(stderr, "%s: %d of %d checks failed\n", name, tf_check_failures, tf_check_count);
        return 1;
    }
    printf("%s: %d checks passed\n", name, tf_check_count);
    return 0;
}

#endif
