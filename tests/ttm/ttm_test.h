/* Helpers for the tt-metal-style kernel tests: capture the debug print of a
 * dispatch (the simulator prints on stderr), run one program. */
#ifndef TF_TTM_TEST_H
#define TF_TTM_TEST_H

#include "tests/runtime/rt_test.h"
#include "tt_foil/kbuild.h"

#include <string.h>
#include <unistd.h>

/* Run p with stderr captured into out (NUL-terminated). */
static inline void ttm_run_captured(tf_program *p, char *out, size_t cap)
{
    int rc;
    char *text = rt_dispatch_captured(&p, 1, &rc);
    if (rc) {
        fprintf(stderr, "dispatch failed: %s\n", tf_last_error());
        exit(1);
    }
    snprintf(out, cap, "%s", text);
    free(text);
}

/* Kernel src for RISC r built now (tf_kernel_build) with compile-time args
 * ct[0..n) and the define def (none when NULL); NULL when it does not
 * build (tf_last_error says why). */
static inline tf_kernel *ttm_build_def(tf_device *dev, const char *src, tf_risc r, const char *def,
                                       const uint32_t *ct, uint32_t n)
{
    tf_kernel_build_opts o;
    tf_kernel_build_opts_init(&o);
    o.source = src;
    o.risc = r;
    o.compile_args = ct;
    o.num_compile_args = n;
    const char *defs[] = {def}; /* one -D, when given */
    o.defines = defs;
    o.num_defines = def ? 1 : 0;
    return tf_kernel_build(dev, &o);
}

static inline tf_kernel *ttm_build(tf_device *dev, const char *src, tf_risc r, const uint32_t *ct,
                                   uint32_t n)
{
    return ttm_build_def(dev, src, r, NULL, ct, n);
}

/* tests/ttm/kernels/<name>.cpp built for r with define `def` (or none) and
 * the compile-time args; a build that fails ends the test, saying why. */
static inline tf_kernel *ttm_kernel(tf_device *dev, const char *name, tf_risc r, const char *def,
                                    const uint32_t *ct, uint32_t n)
{
    char src[512];
    snprintf(src, sizeof src, "%s/tests/ttm/kernels/%s.cpp", TF_TEST_SOURCE_DIR, name);
    tf_kernel *k = ttm_build_def(dev, src, r, def, ct, n);
    if (!k) {
        fprintf(stderr, "%s: %s\n", src, tf_last_error());
        exit(1);
    }
    return k;
}

/* err names the kernel's source line `where` ("welford.cpp:42"), as the
 * runtime does with libdw; a tree built without libdw says it has none. */
#define TTM_CHECK_LINE(err, where)                                                                 \
    do {                                                                                           \
        if (TF_TEST_HAVE_LIBDW)                                                                    \
            CHECK_CONTAINS(err, where);                                                            \
        else                                                                                       \
            CHECK_CONTAINS(err, "(no source line: tt-foil was built without libdw");               \
    } while (0)

/* err names line `line` (found: > 1) of tests/ttm/kernels/<kernel> */
#define TTM_CHECK_KERNEL_LINE(err, kernel, line)                                                   \
    do {                                                                                           \
        char w_[320];                                                                              \
        CHECK_TRUE((line) > 1);                                                                    \
        snprintf(w_, sizeof w_, "tests/ttm/kernels/%s:%d)", (kernel), (int)(line));                \
        TTM_CHECK_LINE(err, w_);                                                                   \
    } while (0)

/* The line of tests/ttm/kernels/<kernel> that ends in "// <- <mark>" (0:
 * none), so that a test names a fault's line without counting it. */
static inline int ttm_marked_line(const char *kernel, const char *mark)
{
    char path[512], line[512], tail[80];
    snprintf(path, sizeof path, "%s/tests/ttm/kernels/%s", TF_TEST_SOURCE_DIR, kernel);
    snprintf(tail, sizeof tail, "// <- %s\n", mark);
    FILE *f = MUST_PTR(fopen(path, "r"));
    int n = 0, at = 0;
    size_t tl = strlen(tail);
    while (!at && fgets(line, sizeof line, f)) {
        n++;
        size_t len = strlen(line);
        if (len >= tl && !strcmp(line + len - tl, tail)) at = n;
    }
    fclose(f);
    return at;
}

/* The line of tests/ttm/kernels/<kernel> marked "// <- MODE=<mode>" (the
 * fault the kernel built with that MODE makes) */
static inline int ttm_mode_line(const char *kernel, int mode)
{
    char mark[24];
    snprintf(mark, sizeof mark, "MODE=%d", mode);
    return ttm_marked_line(kernel, mark);
}

/* tests/ttm/kernels/<name>.cpp as a compute kernel with the n defines, an
 * fp32 DEST or a 16-bit one; a failed build ends the test, saying why. */
static inline tf_kernel *ttm_compute(tf_device *dev, const char *name, const char *const *defs,
                                     uint32_t n, int fp32_dest)
{
    char src[512];
    snprintf(src, sizeof src, "%s/tests/ttm/kernels/%s.cpp", TF_TEST_SOURCE_DIR, name);
    tf_kernel_build_opts o;
    tf_kernel_build_opts_init(&o);
    o.source = src;
    o.risc = TF_COMPUTE;
    o.defines = defs;
    o.num_defines = n;
    o.fp32_dest_acc = fp32_dest;
    tf_kernel *k = tf_kernel_build(dev, &o);
    if (!k) {
        fprintf(stderr, "%s (%s): %s\n", src, n ? defs[0] : "", tf_last_error());
        exit(1);
    }
    return k;
}

/* ... with an fp32 DEST (exact fp32 values through it). */
static inline tf_kernel *ttm_compute_fp32(tf_device *dev, const char *name, const char *const *defs,
                                          uint32_t n)
{
    return ttm_compute(dev, name, defs, n, 1);
}

/* The compute tests' program on core: rd on NCRISC (NULL: the
 * cb_loader reader), cmp on the compute RISCs (NULL: none), tile_writer16
 * on BRISC (CB 16 out to DRAM). ttm_trio_free destroys the program, then
 * frees the three kernels. */
typedef struct ttm_trio {
    tf_program *p;
    tf_kernel *rd, *cmp, *wr;
} ttm_trio;

static inline ttm_trio ttm_trio_create(tf_device *dev, tf_core core, tf_kernel *rd, tf_kernel *cmp)
{
    ttm_trio t = {MUST_PTR(tf_program_create(dev, core)),
                  rd ? rd : rt_kernel(dev, "cb_loader.ncrisc.elf"), cmp,
                  rt_kernel(dev, "tile_writer16.brisc.elf")};
    MUST(tf_program_set_kernel(t.p, TF_NCRISC, t.rd));
    if (cmp) MUST(tf_program_set_kernel(t.p, TF_COMPUTE, cmp));
    MUST(tf_program_set_kernel(t.p, TF_BRISC, t.wr));
    return t;
}

static inline void ttm_trio_free(ttm_trio *t)
{
    tf_program_destroy(t->p);
    tf_kernel_free(t->rd);
    tf_kernel_free(t->wr);
    if (t->cmp) tf_kernel_free(t->cmp);
}

/* The trio's dispatch: the cb_loader reads nin tiles from din into CB 0,
 * tile_writer16 writes nout pages of CB 16 to dout, the compute kernel
 * gets the n args cargs (none when n is 0). 0, or the failure with its
 * message in err. */
static inline int ttm_trio_run(ttm_trio *t, tf_buffer *din, uint32_t nin, tf_buffer *dout,
                               uint32_t nout, const uint32_t *cargs, uint32_t n, char *err,
                               size_t errcap)
{
    uint64_t a = tf_buffer_noc_addr(din), b = tf_buffer_noc_addr(dout);
    uint32_t ra[] = {1, 0, lo32(a), hi32(a), nin}, wa[] = {lo32(b), hi32(b), nout};
    MUST(tf_program_set_args(t->p, TF_NCRISC, ra, 5));
    MUST(tf_program_set_args(t->p, TF_BRISC, wa, 3));
    if (n) MUST(tf_program_set_args(t->p, TF_COMPUTE, cargs, n));
    int rc = tf_dispatch_execute(t->p);
    if (rc) snprintf(err, errcap, "%s", tf_last_error());
    return rc;
}

/* The first of the n floats of out whose bits differ from want's, -1 when
 * none does; what (a kernel and its mode) and the two values printed. */
static inline int ttm_first_diff(const char *what, const float *out, const float *want, int n)
{
    for (int i = 0; i < n; i++)
        if (memcmp(&out[i], &want[i], sizeof(float)) != 0) {
            fprintf(stderr, "%s: value %d is %g, not %g\n", what, i, (double)out[i],
                    (double)want[i]);
            return i;
        }
    return -1;
}

/* Compute kernel cmp (fp32 tiles) on core (0, 0) between the cb_loader
 * and tile_writer16: CB 0 gets the nin tiles of in (already tilized,
 * nin pages), CB 1 one page, CB 16 out_pages; nout pages of CB 16 come
 * back into out; the compute args are cargs (n of them). 0, or the
 * failure with its message in err. */
static inline int ttm_run_fp32_tiles(tf_device *dev, tf_kernel *cmp, const float *in, uint32_t nin,
                                     float *out, uint32_t nout, uint32_t out_pages,
                                     const uint32_t *cargs, uint32_t n, char *err, size_t errcap)
{
    enum { TILE_BYTES = 4096 };
    ttm_trio t = ttm_trio_create(dev, (tf_core){0, 0}, NULL, cmp);
    tf_buffer *din = MUST_PTR(tf_buffer_create_dram(dev, (size_t)TILE_BYTES * nin));
    MUST(tf_buffer_write(din, 0, in, (size_t)TILE_BYTES * nin));
    MUST(tf_program_set_cb(t.p, 0, TILE_BYTES, nin));
    MUST(tf_program_set_cb(t.p, 1, TILE_BYTES, 1));
    tf_buffer *dout = MUST_PTR(tf_buffer_create_dram(dev, (size_t)TILE_BYTES * nout));
    MUST(tf_program_set_cb(t.p, 16, TILE_BYTES, out_pages));
    int rc = ttm_trio_run(&t, din, nin, dout, nout, cargs, n, err, errcap);
    if (!rc) MUST(tf_buffer_read(dout, 0, out, (size_t)TILE_BYTES * nout));
    ttm_trio_free(&t);
    tf_buffer_free(din);
    tf_buffer_free(dout);
    return rc;
}

/* The kernel_lib tests' input tile t, element (r, c): a quarter in
 * [-4, 4), each tile different. */
static inline float ttm_x_val(int t, int r, int c)
{
    return (float)(((r * 7 + c * 3 + t * 5) % 32) - 16) * 0.25f;
}

/* kernel's MODE=mode run: its failure (rc, err) said, or its n output
 * values compared with want bit for bit. */
static inline void ttm_check_mode(const char *kernel, int mode, int rc, const char *err,
                                  const float *out, const float *want, int n)
{
    char what[64];
    snprintf(what, sizeof what, "%s MODE=%d", kernel, mode);
    if (rc) {
        fprintf(stderr, "%s: %s\n", what, err);
        CHECK_TRUE(0);
        return;
    }
    CHECK_TRUE(ttm_first_diff(what, out, want, n) < 0);
}

/* tests/ttm/kernels/<name>.cpp built as a compute kernel with -DMODE=mode
 * fails, and the message has msg in it (a refused form's compile error). */
static inline void ttm_refused(tf_device *dev, const char *name, int mode, const char *msg)
{
    char src[512], def[24];
    snprintf(src, sizeof src, "%s/tests/ttm/kernels/%s.cpp", TF_TEST_SOURCE_DIR, name);
    snprintf(def, sizeof def, "MODE=%d", mode);
    tf_kernel *k = ttm_build_def(dev, src, TF_COMPUTE, def, NULL, 0);
    CHECK_TRUE(k == NULL);
    if (k) {
        tf_kernel_free(k);
        return;
    }
    CHECK_CONTAINS(tf_last_error(), msg);
}

/* Kernel k run alone on RISC r of core, its runtime args the address of a
 * 16-byte L1 buffer there and 0: the word it wrote at that address. */
static inline uint32_t ttm_word_written(tf_device *dev, tf_kernel *k, tf_risc r, tf_core core)
{
    tf_buffer *l1 = MUST_PTR(tf_buffer_create_l1(dev, core, 16));
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, r, k));
    uint32_t a[] = {(uint32_t)tf_buffer_address(l1), 0}, w = 0;
    MUST(tf_program_set_args(p, r, a, 2));
    MUST(tf_dispatch_execute(p));
    MUST(tf_buffer_read(l1, 0, &w, 4));
    tf_program_destroy(p);
    tf_buffer_free(l1);
    return w;
}

/* The compute tests of SFPU ops: cmp (a compute kernel) on core (0, 0)
 * with the cb_loader reader filling CB 0 with in_tiles tiles of format f
 * from in (in_tiles x 32 rows of 32 values, row-major) and tile_writer16
 * writing out_tiles pages of CB 16 back into out (the same shape), CB 0
 * and CB 16 two pages each; cargs (n of them): the compute kernel's
 * args. Returns 0 with the dispatch's counters in pc (pc may be NULL),
 * or the failure with its message in err. Frees cmp. */
static inline int ttm_run_tiles(tf_device *dev, tf_kernel *cmp, tf_tile_format f, const float *in,
                                uint32_t in_tiles, float *out, uint32_t out_tiles,
                                const uint32_t *cargs, uint32_t n, struct tf_perf_core *pc,
                                char *err, size_t errcap)
{
    uint32_t page = tf_tile_bytes(f);
    tf_buffer *din = rt_dram_tiles(dev, in, 32 * in_tiles, 32, f);
    tf_buffer *dout = MUST_PTR(tf_buffer_create_dram(dev, (size_t)page * out_tiles));
    ttm_trio t = ttm_trio_create(dev, (tf_core){0, 0}, NULL, cmp);
    MUST(tf_program_set_cb(t.p, 0, page, 2));
    MUST(tf_program_set_cb(t.p, 16, page, 2));
    int rc = ttm_trio_run(&t, din, in_tiles, dout, out_tiles, cargs, n, err, errcap);
    if (!rc) {
        rt_read_tiles(dout, 32 * out_tiles, 32, f, out);
        if (pc) MUST(tf_program_counters(t.p, pc));
    }
    ttm_trio_free(&t);
    tf_buffer_free(din);
    tf_buffer_free(dout);
    return rc;
}

/* A 16-bit DEST's stores (fp32 bits: tf_check.h's tf_check_bits): truncated (the SFPU's
 * default) or rounded to nearest even (NaN stays NaN either way); the same
 * value, bit for bit, or both NaNs. */
static inline float ttm_bf16_trunc(float v)
{
    uint32_t w = tf_check_bits(v);
    return tf_check_float(v != v ? (w | 0x00400000u) & 0xffff0000u : w & 0xffff0000u);
}
static inline float ttm_bf16_rne(float v)
{
    if (v != v) return v;
    uint32_t w = tf_check_bits(v);
    return tf_check_float((w + 0x7fffu + ((w >> 16) & 1)) & 0xffff0000u);
}
static inline int ttm_same(float a, float b)
{
    return tf_check_bits(a) == tf_check_bits(b) || (a != a && b != b);
}

/* tf_buffer_create_sharded refuses spec s with a message containing msg */
static inline void ttm_shard_refused(tf_device *dev, tf_shard_spec s, const char *msg)
{
    tf_buffer *b = tf_buffer_create_sharded(dev, &s);
    CHECK_TRUE(b == NULL);
    if (b) {
        tf_buffer_free(b);
        return;
    }
    CHECK_CONTAINS(tf_last_error(), msg);
}

static inline uint32_t noc_x_of(uint64_t noc_addr)
{
    return (uint32_t)(noc_addr >> 36) & 0x3f;
}
static inline uint32_t noc_y_of(uint64_t noc_addr)
{
    return (uint32_t)(noc_addr >> 42) & 0x3f;
}
static inline uint32_t noc_local_of(uint64_t noc_addr)
{
    return (uint32_t)noc_addr;
}

/* loopback_dram_copy.cpp (CTA 0 = 2048) over `pages` pages on `core`: the
 * destination equals the source. */
static inline void ttm_check_loopback(tf_device *dev, tf_kernel *k, tf_core core, uint32_t pages)
{
    enum { PAGE = 2048 };
    size_t words = (size_t)PAGE * pages / 4;
    uint32_t *in = MUST_PTR(malloc(words * 4)), *out = MUST_PTR(calloc(words, 4));
    for (size_t i = 0; i < words; i++) in[i] = (uint32_t)(i * 2654435761u) ^ pages;
    tf_buffer *src = MUST_PTR(tf_buffer_create_dram(dev, words * 4));
    tf_buffer *dst = MUST_PTR(tf_buffer_create_dram(dev, words * 4));
    tf_buffer *l1 = MUST_PTR(tf_buffer_create_l1(dev, core, PAGE));
    MUST(tf_buffer_write(src, 0, in, words * 4));
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    uint64_t s = tf_buffer_noc_addr(src), d = tf_buffer_noc_addr(dst);
    uint32_t args[] = {(uint32_t)tf_buffer_address(l1), lo32(s), hi32(s), lo32(d), hi32(d), pages};
    MUST(tf_program_set_args(p, TF_BRISC, args, 6));
    MUST(tf_dispatch_execute(p));
    MUST(tf_buffer_read(dst, 0, out, words * 4));
    CHECK_TRUE(memcmp(in, out, words * 4) == 0);
    tf_program_destroy(p);
    tf_buffer_free(src);
    tf_buffer_free(dst);
    tf_buffer_free(l1);
    free(in);
    free(out);
}

/* add_2_integers_in_riscv.cpp on `core` with a and b in DRAM: the sum comes
 * back and the DPRINT line is in the captured output. */
static inline void ttm_check_add2(tf_device *dev, tf_kernel *k, tf_core core, uint32_t a,
                                  uint32_t b)
{
    tf_buffer *buf[3];
    uint32_t v[2] = {a, b};
    for (int i = 0; i < 3; i++) buf[i] = MUST_PTR(tf_buffer_create_dram(dev, 4));
    MUST(tf_buffer_write(buf[0], 0, &v[0], 4));
    MUST(tf_buffer_write(buf[1], 0, &v[1], 4));
    /* a word each, 64 bytes apart: a DRAM read's L1 address agrees with
     * the DRAM address (each buffer's start) modulo 64 */
    tf_buffer *l1 = MUST_PTR(tf_buffer_create_l1(dev, core, 192));
    uint32_t args[12];
    for (int i = 0; i < 3; i++) {
        uint64_t n = tf_buffer_noc_addr(buf[i]);
        args[3 * i] = noc_x_of(n);
        args[3 * i + 1] = noc_y_of(n);
        args[3 * i + 2] = noc_local_of(n);
        args[9 + i] = (uint32_t)tf_buffer_address(l1) + 64 * (uint32_t)i;
    }
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    MUST(tf_program_set_args(p, TF_BRISC, args, 12));
    char text[2048], want[128];
    ttm_run_captured(p, text, sizeof text);
    snprintf(want, sizeof want, "[core (%d,%d) BRISC] Adding integers: %u + %u\n", core.x, core.y,
             a, b);
    CHECK_CONTAINS(text, want);
    uint32_t sum = 0;
    MUST(tf_buffer_read(buf[2], 0, &sum, 4));
    CHECK_EQ_U(sum, a + b);
    tf_program_destroy(p);
    for (int i = 0; i < 3; i++) tf_buffer_free(buf[i]);
    tf_buffer_free(l1);
}

#endif
