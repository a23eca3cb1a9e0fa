/* Metal 2.0 named kernel arguments (docs/kernels.md, "Named arguments"):
 * a data-movement and a compute kernel (tests/ttm/kernels/m2_*.cpp) read
 * named runtime, common runtime and compile-time args with
 * get_arg(args::NAME) and the varargs after them, each value checked; the
 * host sets them by name, by position and mixed; a kernel built by
 * tt_foil_add_kernel with the names (and one with METAL2 alone) runs the
 * same; every refusal: the build's names, a name the kernel does not
 * have (listing those it has), a dispatch missing named args, an
 * argument-names section that is not well formed, and the Metal 2.0
 * pieces tt-foil does not build (TT_KERNEL, the generated bindings); a
 * legacy kernel with an `args` of its own; a changed name rebuilds. */
#include "tt_foil/kbuild.h"
#include "tt_foil/tile.h"
#include "ttm_test.h"

static tf_device *dev;
static char work[256];
static const tf_core core = {1, 0};

static const char *const dm_rta[] = {"out", "nvar"}, *const dm_crta[] = {"base", "ncvar"};
static const char *const dm_cta[] = {"block=0x30"};

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fclose(f)) {
        perror(path);
        exit(1);
    }
}

/* Options for tests/ttm/kernels/<name>.cpp on r with the names given. */
static tf_kernel_build_opts m2_opts(const char *name, tf_risc r, const char *const *rta,
                                    uint32_t nrta, const char *const *crta, uint32_t ncrta,
                                    const char *const *cta, uint32_t ncta)
{
    static char src[512];
    snprintf(src, sizeof src, "%s/tests/ttm/kernels/%s.cpp", TF_TEST_SOURCE_DIR, name);
    tf_kernel_build_opts o;
    tf_kernel_build_opts_init(&o);
    o.source = src;
    o.risc = r;
    o.runtime_arg_names = rta;
    o.num_runtime_arg_names = nrta;
    o.common_runtime_arg_names = crta;
    o.num_common_runtime_arg_names = ncrta;
    o.named_args = cta;
    o.num_named_args = ncta;
    return o;
}

static tf_kernel *m2_dm_kernel(void)
{
    tf_kernel_build_opts o = m2_opts("m2_args", TF_BRISC, dm_rta, 2, dm_crta, 2, dm_cta, 1);
    tf_kernel *k = tf_kernel_build(dev, &o);
    if (!k) fprintf(stderr, "m2_args.cpp: %s\n", tf_last_error());
    return MUST_PTR(k);
}

/* Run p (m2_args.cpp on BRISC, writing to l1) and compare the n words it
 * wrote with want. */
static void dm_expect(tf_program *p, tf_buffer *l1, const uint32_t *want, uint32_t n)
{
    uint32_t got[16];
    MUST(tf_buffer_write(l1, 0, (uint32_t[16]){0}, sizeof got));
    MUST(tf_dispatch_execute(p));
    MUST(tf_buffer_read(l1, 0, got, sizeof got));
    for (uint32_t i = 0; i < n; i++) {
        if (got[i] != want[i]) fprintf(stderr, "word %u: 0x%x, want 0x%x\n", i, got[i], want[i]);
        CHECK_EQ_U(got[i], want[i]);
    }
}

/* ---- a data-movement kernel: by name, by position, mixed ------------------------- */

static void dm_run(tf_kernel *k)
{
    tf_buffer *l1 = MUST_PTR(tf_buffer_create_l1(dev, core, 64));
    uint32_t out = (uint32_t)tf_buffer_address(l1);
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));

    /* by name: the named args in any order, the varargs after them */
    MUST(tf_program_set_named_arg(p, TF_BRISC, "nvar", 3));
    MUST(tf_program_set_named_arg(p, TF_BRISC, "out", out));
    MUST(tf_program_set_varargs(p, TF_BRISC, (uint32_t[]){11, 12, 13}, 3));
    MUST(tf_kernel_set_named_common_arg(k, "ncvar", 2));
    MUST(tf_kernel_set_named_common_arg(k, "base", 0xb0b0));
    MUST(tf_kernel_set_common_varargs(k, (uint32_t[]){21, 22}, 2));
    dm_expect(p, l1, (uint32_t[]){3, 0xb0b0, 0x60, 2, 11, 12, 13, 21, 22}, 9);

    /* by position: the named ones are the first words, the varargs follow */
    MUST(tf_program_set_args(p, TF_BRISC, (uint32_t[]){out, 2, 31, 32}, 4));
    MUST(tf_kernel_set_common_args(k, (uint32_t[]){0xc0c0, 1, 41}, 3));
    dm_expect(p, l1, (uint32_t[]){2, 0xc0c0, 0x60, 1, 31, 32, 41}, 7);

    /* mixed: a name sets its word of the list set by position (the last
     * set wins), and the varargs may be set again without the names */
    MUST(tf_program_set_named_arg(p, TF_BRISC, "nvar", 1));
    MUST(tf_kernel_set_named_common_arg(k, "base", 0xd0d0));
    dm_expect(p, l1, (uint32_t[]){1, 0xd0d0, 0x60, 1, 31, 41}, 6);
    MUST(tf_program_set_varargs(p, TF_BRISC, (uint32_t[]){51}, 1));
    MUST(tf_kernel_set_common_varargs(k, NULL, 0));
    MUST(tf_kernel_set_named_common_arg(k, "ncvar", 0));
    dm_expect(p, l1, (uint32_t[]){1, 0xd0d0, 0x60, 0, 51}, 5);
    tf_program_destroy(p);
    tf_buffer_free(l1);
}

/* A METAL2 kernel without runtime arg names: its varargs start at word 0. */
static void varargs_only(tf_kernel *k)
{
    tf_buffer *l1 = MUST_PTR(tf_buffer_create_l1(dev, core, 16));
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_NCRISC, k));
    MUST(
        tf_program_set_varargs(p, TF_NCRISC, (uint32_t[]){(uint32_t)tf_buffer_address(l1), 77}, 2));
    MUST(tf_dispatch_execute(p));
    uint32_t got[2];
    MUST(tf_buffer_read(l1, 0, got, 8));
    CHECK_EQ_U(got[0], 0x30);
    CHECK_EQ_U(got[1], 77);
    /* it has names (none), so a name is refused listing none */
    CHECK_EQ_U(tf_program_set_named_arg(p, TF_NCRISC, "out", 1), -1);
    CHECK_CONTAINS(tf_last_error(), "has no runtime arg 'out'; its runtime args: none; its common "
                                    "runtime args: none; its named compile-time args: block");
    tf_program_destroy(p);
    tf_buffer_free(l1);
}

/* ---- a compute kernel ------------------------------------------------------------- */

static void compute(void)
{
    static const char *const rta[] = {"first", "second"}, *const crta[] = {"bias"};
    static const char *const cta[] = {"block=7"};
    tf_kernel_build_opts o = m2_opts("m2_compute", TF_COMPUTE, rta, 2, crta, 1, cta, 1);
    o.fp32_dest_acc = 1;
    tf_kernel *cmp = tf_kernel_build(dev, &o);
    if (!cmp) fprintf(stderr, "m2_compute.cpp: %s\n", tf_last_error());
    MUST_PTR(cmp);
    tf_kernel *wr = rt_kernel(dev, "tile_writer16.brisc.elf");
    tf_buffer *dout = MUST_PTR(tf_buffer_create_dram(dev, 6 * 4096));
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_COMPUTE, cmp));
    MUST(tf_program_set_kernel(p, TF_BRISC, wr));
    MUST(tf_program_set_cb(p, 16, 4096, 6));
    uint64_t d = tf_buffer_noc_addr(dout);
    MUST(tf_program_set_args(p, TF_BRISC, (uint32_t[]){lo32(d), hi32(d), 6}, 3));
    /* the three TRISCs at once, as tf_program_set_args with TF_COMPUTE */
    MUST(tf_program_set_named_arg(p, TF_COMPUTE, "second", 6));
    MUST(tf_program_set_named_arg(p, TF_COMPUTE, "first", 5));
    MUST(tf_program_set_varargs(p, TF_COMPUTE, (uint32_t[]){8}, 1));
    MUST(tf_kernel_set_named_common_arg(cmp, "bias", 9));
    MUST(tf_kernel_set_common_varargs(cmp, (uint32_t[]){10}, 1));
    MUST(tf_dispatch_execute(p));
    static float out[6 * 1024], one[1024];
    MUST(tf_buffer_read(dout, 0, out, sizeof out));
    static const float want[6] = {5, 6, 9, 7, 8, 10};
    for (int t = 0; t < 6; t++) {
        MUST(tf_untilize(out + t * 1024, 32, 32, TF_TILE_FORMAT_FP32, one));
        int bad = 0;
        for (int i = 0; i < 1024; i++) bad += one[i] != want[t];
        if (bad) fprintf(stderr, "compute tile %d: %g, want %g\n", t, one[0], want[t]);
        CHECK_EQ_U(bad, 0);
    }
    /* one TRISC alone, as tf_program_set_args with TF_TRISC1 */
    MUST(tf_program_set_named_arg(p, TF_TRISC1, "first", 15));
    MUST(tf_dispatch_execute(p));
    MUST(tf_buffer_read(dout, 0, out, 4096));
    MUST(tf_untilize(out, 32, 32, TF_TILE_FORMAT_FP32, one));
    CHECK_TRUE(one[0] == 15 && one[1023] == 15);
    tf_program_destroy(p);
    tf_buffer_free(dout);
    tf_kernel_free(cmp);
    tf_kernel_free(wr);
}

/* ---- the build's checks of the names ---------------------------------------------- */

static void build_refused(const tf_kernel_build_opts *o, const char *want)
{
    char out[300];
    snprintf(out, sizeof out, "%s/refused", work);
    rt_build_refused(dev, o, out, want);
}

static void build_checks(void)
{
    tf_kernel_build_opts o;
    tf_kernel_build_opts_init(&o);
    CHECK_TRUE(!o.runtime_arg_names && !o.num_runtime_arg_names && !o.common_runtime_arg_names &&
               !o.num_common_runtime_arg_names && !o.metal2);
    static const char *const bad_id[] = {"out", "2nd"}, *const kw[] = {"base", "int"};
    o = m2_opts("m2_args", TF_BRISC, bad_id, 2, NULL, 0, NULL, 0);
    build_refused(&o, "runtime arg name '2nd' (runtime_arg_names[1]) is not a C identifier");
    o = m2_opts("m2_args", TF_BRISC, dm_rta, 2, kw, 2, NULL, 0);
    build_refused(&o, "common runtime arg name 'int' (common_runtime_arg_names[1]) is a C++ "
                      "keyword, which cannot name args::int");
    static const char *const empty[] = {""};
    o = m2_opts("m2_args", TF_BRISC, NULL, 0, empty, 1, NULL, 0);
    build_refused(&o, "common runtime arg name '' (common_runtime_arg_names[0]) is not a C "
                      "identifier");
    static const char *const cta_kw[] = {"class=3"};
    o = m2_opts("m2_args", TF_BRISC, dm_rta, 2, NULL, 0, cta_kw, 1);
    build_refused(&o, "named compile-time arg name 'class' (named_args[0]) is a C++ keyword");
    /* each name once among the three kinds */
    static const char *const again[] = {"out", "nvar", "out"};
    o = m2_opts("m2_args", TF_BRISC, again, 3, NULL, 0, NULL, 0);
    build_refused(&o, "'out' is named twice: as a runtime arg (runtime_arg_names[0]) and as a "
                      "runtime arg (runtime_arg_names[2]); each name once among runtime, common "
                      "runtime and named compile-time args");
    static const char *const both[] = {"base"};
    o = m2_opts("m2_args", TF_BRISC, both, 1, dm_crta, 2, NULL, 0);
    build_refused(&o, "'base' is named twice: as a runtime arg (runtime_arg_names[0]) and as a "
                      "common runtime arg (common_runtime_arg_names[0])");
    static const char *const cta_dup[] = {"block=1", "ncvar=2"};
    o = m2_opts("m2_args", TF_BRISC, dm_rta, 2, dm_crta, 2, cta_dup, 2);
    build_refused(&o, "'ncvar' is named twice: as a common runtime arg "
                      "(common_runtime_arg_names[1]) and as a named compile-time arg "
                      "(named_args[1])");
    /* (a legacy kernel's named compile-time args may repeat, as before) */
    static const char *const twice[] = {"n=1", "n=2"};
    o = m2_opts("m2_args", TF_BRISC, NULL, 0, NULL, 0, twice, 2);
    char nm[300];
    snprintf(nm, sizeof nm, "%s/legacy_ok.cpp", work);
    write_file(nm, "void kernel_main() { (void)get_named_compile_time_arg_val(\"n\"); }\n");
    o.source = nm;
    tf_kernel *k = tf_kernel_build(dev, &o);
    CHECK_TRUE(k != NULL);
    tf_kernel_free(k);
    /* at most 64 of each */
    static char names[65][8];
    static const char *many[65];
    for (int i = 0; i < 65; i++) {
        snprintf(names[i], sizeof names[i], "a%d", i);
        many[i] = names[i];
    }
    o = m2_opts("m2_args", TF_BRISC, many, 65, NULL, 0, NULL, 0);
    build_refused(&o, "65 runtime_arg_names, at most 64 named runtime args a kernel");
    o = m2_opts("m2_args", TF_BRISC, NULL, 0, many, 65, NULL, 0);
    build_refused(&o, "65 common_runtime_arg_names, at most 64 named common runtime args a kernel");
    /* lists: NULL with a count, a NULL in them */
    o = m2_opts("m2_args", TF_BRISC, NULL, 2, NULL, 0, NULL, 0);
    build_refused(&o, "NULL runtime_arg_names for 2 of them");
    static const char *const null1[] = {NULL};
    o = m2_opts("m2_args", TF_BRISC, NULL, 0, null1, 1, NULL, 0);
    build_refused(&o, "common_runtime_arg_names[0] is NULL");
    o = m2_opts("m2_args", TF_BRISC, NULL, 0, NULL, 0, NULL, 0);
    o.metal2 = 2;
    build_refused(&o, "metal2 2 is not 0 or 1");
    /* C++ kernels only */
    o = m2_opts("m2_args", TF_BRISC, NULL, 0, NULL, 0, NULL, 0);
    o.source = TF_TEST_SOURCE_DIR "/tests/kernels/add_two.c";
    o.metal2 = 1;
    build_refused(&o, "runtime_arg_names, common_runtime_arg_names and metal2 are for C++ "
                      "(tt-metal Metal 2.0) kernels");
    o.metal2 = 0;
    o.runtime_arg_names = dm_rta;
    o.num_runtime_arg_names = 1;
    build_refused(&o, "are for C++ (tt-metal Metal 2.0) kernels");
}

/* ---- the host's refusals ------------------------------------------------------------ */

static void host_checks(tf_kernel *k)
{
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    /* no kernel yet: its names say which word a name is */
    CHECK_EQ_U(tf_program_set_named_arg(p, TF_BRISC, "out", 1), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_set_named_arg: the program for core (1,0) has no "
                                    "kernel on BRISC; set it first (tf_program_set_kernel)");
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    CHECK_EQ_U(tf_program_set_named_arg(p, TF_BRISC, "nope", 1), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_set_named_arg: kernel 'm2_args' (");
    CHECK_CONTAINS(tf_last_error(), ") has no runtime arg 'nope'; its runtime args: out, nvar; its "
                                    "common runtime args: base, ncvar; its named compile-time "
                                    "args: block");
    CHECK_EQ_U(tf_program_set_named_arg(p, TF_BRISC, "base", 1), -1);
    CHECK_CONTAINS(tf_last_error(), "'base' is a common runtime arg of kernel 'm2_args' (");
    CHECK_CONTAINS(tf_last_error(), "), not a runtime arg: set it with "
                                    "tf_kernel_set_named_common_arg");
    CHECK_EQ_U(tf_program_set_named_arg(p, TF_BRISC, "block", 1), -1);
    CHECK_CONTAINS(tf_last_error(), "'block' is a named compile-time arg of kernel 'm2_args' (");
    CHECK_CONTAINS(tf_last_error(), "), built in as 0x30: rebuild the kernel to change it");
    CHECK_EQ_U(tf_kernel_set_named_common_arg(k, "nvar", 1), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_kernel_set_named_common_arg: 'nvar' is a runtime arg of "
                                    "kernel 'm2_args' (");
    CHECK_CONTAINS(tf_last_error(), "), not a common runtime arg: set it with "
                                    "tf_program_set_named_arg");
    CHECK_EQ_U(tf_kernel_set_named_common_arg(k, "Base", 1), -1);
    CHECK_CONTAINS(tf_last_error(), "has no common runtime arg 'Base'; its runtime args: out, "
                                    "nvar; its common runtime args: base, ncvar");
    CHECK_EQ_U(tf_program_set_named_arg(p, TF_BRISC, NULL, 1), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_set_named_arg: NULL name");
    CHECK_EQ_U(tf_kernel_set_named_common_arg(k, NULL, 1), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_kernel_set_named_common_arg: NULL name");
    CHECK_EQ_U(tf_program_set_named_arg(p, (tf_risc)9, "out", 1), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_set_named_arg: no RISC 9");
    CHECK_EQ_U(tf_program_set_named_arg(NULL, TF_BRISC, "out", 1), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_set_named_arg");
    CHECK_EQ_U(tf_kernel_set_named_common_arg(NULL, "base", 1), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_kernel_set_named_common_arg");
    /* varargs: past the args that fit, NULL with a count */
    static uint32_t lots[256];
    CHECK_EQ_U(tf_program_set_varargs(p, TF_BRISC, lots, 255), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_set_varargs: 255 varargs after the 2 named runtime "
                                    "args of kernel 'm2_args' on BRISC, at most 256 args fit");
    CHECK_EQ_U(tf_program_set_varargs(p, TF_BRISC, NULL, 1), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_set_varargs: NULL args for 1 varargs");
    CHECK_EQ_U(tf_kernel_set_common_varargs(k, lots, 127), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_kernel_set_common_varargs: 127 common varargs after the 2 "
                                    "named common runtime args of kernel 'm2_args', at most 128 "
                                    "common args fit");
    CHECK_EQ_U(tf_kernel_set_common_varargs(k, NULL, 2), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_kernel_set_common_varargs: NULL args for 2 varargs");
    MUST(tf_program_set_varargs(p, TF_BRISC, lots, 254)); /* (exactly fits) */

    /* a dispatch missing named args is refused before it runs, naming them */
    tf_buffer *l1 = MUST_PTR(tf_buffer_create_l1(dev, core, 64));
    uint32_t out = (uint32_t)tf_buffer_address(l1);
    MUST(tf_program_set_named_arg(p, TF_BRISC, "out", out));
    CHECK_EQ_U(tf_dispatch_execute(p), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_dispatch_execute: kernel 'm2_args' on BRISC (");
    CHECK_CONTAINS(tf_last_error(), ") of the program for core (1,0) was not given its named "
                                    "runtime args nvar; set them (tf_program_set_named_arg) or "
                                    "give its args by position (tf_program_set_args)");
    /* a positional list replaces the whole list: one word covers "out" only */
    MUST(tf_program_set_args(p, TF_BRISC, &out, 1));
    CHECK_EQ_U(tf_dispatch_execute(p), -1);
    CHECK_CONTAINS(tf_last_error(), "was not given its named runtime args nvar;");
    MUST(tf_program_set_args(p, TF_BRISC, NULL, 0));
    CHECK_EQ_U(tf_dispatch_execute(p), -1);
    CHECK_CONTAINS(tf_last_error(), "was not given its named runtime args out, nvar;");
    MUST(tf_program_set_args(p, TF_BRISC, (uint32_t[]){out, 0}, 2));
    /* now the common ones: a fresh kernel has none given */
    tf_kernel *k2 = m2_dm_kernel();
    MUST(tf_program_set_kernel(p, TF_BRISC, k2));
    MUST(tf_kernel_set_named_common_arg(k2, "ncvar", 0));
    CHECK_EQ_U(tf_dispatch_execute_multi(&p, 1), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_dispatch_execute_multi: kernel 'm2_args' on BRISC (");
    CHECK_CONTAINS(tf_last_error(), ") of the program for core (1,0) was not given its "
                                    "named common runtime args base; set them "
                                    "(tf_kernel_set_named_common_arg) or give its common args by "
                                    "position (tf_kernel_set_common_args)");
    MUST(tf_kernel_set_named_common_arg(k2, "base", 5));
    dm_expect(p, l1, (uint32_t[]){0, 5, 0x60, 0}, 4);
    tf_program_destroy(p);
    tf_kernel_free(k2);

    /* a legacy kernel (no names): set by position */
    tf_kernel *legacy = rt_kernel(dev, "counter.brisc.elf");
    p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_BRISC, legacy));
    CHECK_EQ_U(tf_program_set_named_arg(p, TF_BRISC, "n", 1), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_set_named_arg: kernel 'counter' (");
    CHECK_CONTAINS(tf_last_error(), ") has no argument names: it was not built as a Metal 2.0 "
                                    "kernel (runtime_arg_names, common_runtime_arg_names or "
                                    "metal2 of tf_kernel_build_opts; tt_foil_cc --rta, --crta, "
                                    "--metal2; tt_foil_add_kernel RUNTIME_ARG_NAMES, "
                                    "COMMON_RUNTIME_ARG_NAMES, METAL2); set its args by position "
                                    "(tf_program_set_args)");
    CHECK_EQ_U(tf_program_set_varargs(p, TF_BRISC, lots, 1), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_program_set_varargs: kernel 'counter' (");
    CHECK_EQ_U(tf_kernel_set_named_common_arg(legacy, "n", 1), -1);
    CHECK_CONTAINS(tf_last_error(), "set its args by position (tf_kernel_set_common_args)");
    CHECK_EQ_U(tf_kernel_set_common_varargs(legacy, lots, 1), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_kernel_set_common_varargs: kernel 'counter' (");
    tf_program_destroy(p);

    /* another kernel in place of one, its runtime args named otherwise (here
     * none, then out and nvar again): what was given under the old names
     * does not count; the same kernel set again keeps it */
    p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    MUST(tf_program_set_args(p, TF_BRISC, (uint32_t[]){out, 0}, 2));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    if (tf_dispatch_execute(p)) CHECK_TRUE(!strstr(tf_last_error(), "named runtime args"));
    MUST(tf_program_set_kernel(p, TF_BRISC, legacy));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    CHECK_EQ_U(tf_dispatch_execute(p), -1);
    CHECK_CONTAINS(tf_last_error(), "was not given its named runtime args out, nvar;");
    MUST(tf_program_set_named_arg(p, TF_BRISC, "out", out));
    MUST(tf_program_set_named_arg(p, TF_BRISC, "nvar", 0));
    if (tf_dispatch_execute(p)) CHECK_TRUE(!strstr(tf_last_error(), "named runtime args"));
    tf_program_destroy(p);
    tf_kernel_free(legacy);
    tf_buffer_free(l1);
}

/* ---- what does not compile, and what does ------------------------------------------- */

/* source text (a kernel for BRISC) built with the Metal 2.0 names given
 * when m2, else as a legacy kernel: the kernel, or NULL */
static tf_kernel *build_text(const char *file, const char *text, int m2)
{
    char src[300];
    snprintf(src, sizeof src, "%s/%s", work, file);
    write_file(src, text);
    tf_kernel_build_opts o;
    tf_kernel_build_opts_init(&o);
    o.source = src;
    o.risc = TF_BRISC;
    o.metal2 = m2;
    return tf_kernel_build(dev, &o);
}

static void compile_refused(const char *text, int m2, const char *want)
{
    tf_kernel *k = build_text("refused.cpp", text, m2);
    CHECK_TRUE(k == NULL);
    if (k) {
        tf_kernel_free(k);
        return;
    }
    CHECK_CONTAINS(tf_last_error(), want);
}

static void compile_time(void)
{
    /* Metal 2.0's TT_KERNEL entry: the error at the marker */
    compile_refused(
        "#include \"experimental/kernel_args.h\"\ntemplate <uint32_t n>\nTT_KERNEL void "
        "entry(uint32_t a)\n{\n}\n",
        1,
        "refused.cpp:3:1: error: TT_KERNEL is not supported by tt-foil: tt-foil "
        "generates no kernel_main from an entry's parameters; write void "
        "kernel_main() and read each parameter with get_arg(args::name)");
    /* the generated bindings of kernel_bindings_generated.h */
    static const char *const bind[][2] = {
        {"dfb::in", "'dfb' is unavailable: not supported by tt-foil: Metal 2.0's generated "
                    "DataflowBuffer bindings (dfb::name); make the DataflowBuffer from its CB id"},
        {"sem::s", "'sem' is unavailable: not supported by tt-foil: Metal 2.0's generated "
                   "semaphore bindings (sem::name)"},
        {"tensor::t", "'tensor' is unavailable: not supported by tt-foil: Metal 2.0's generated "
                      "tensor bindings (tensor::name)"},
        {"ta::t", "'ta' is unavailable: not supported by tt-foil: Metal 2.0's generated tensor "
                  "bindings (ta::name)"},
        {"scratch::s", "'scratch' is unavailable: not supported by tt-foil: Metal 2.0's "
                       "generated scratchpad bindings (scratch::name); use an L1 buffer"}};
    for (size_t i = 0; i < sizeof bind / sizeof *bind; i++) {
        char text[200];
        snprintf(text, sizeof text,
                 "void kernel_main()\n{\n    uint32_t x = %s;\n    (void)x;\n}\n", bind[i][0]);
        compile_refused(text, 1, bind[i][1]);
        CHECK_CONTAINS(tf_last_error(), "(kernel_bindings_generated.h): tt-foil's host makes no "
                                        "bindings");
    }
    /* args:: and the varargs in a kernel not built as Metal 2.0 */
    static const char *const legacy_use[] = {"get_arg(args::n)", "get_vararg(0)",
                                             "get_common_vararg(1)"};
    for (size_t i = 0; i < 3; i++) {
        char text[200];
        snprintf(text, sizeof text,
                 "#include \"experimental/kernel_args.h\"\nvoid kernel_main()\n{\n    uint32_t x "
                 "= %s;\n    (void)x;\n}\n",
                 legacy_use[i]);
        compile_refused(text, 0,
                        "is unavailable: this kernel was not built as a Metal 2.0 kernel, so it "
                        "has no args:: names and no varargs: give the build its runtime arg names "
                        "(tf_kernel_build_opts.runtime_arg_names, tt_foil_cc --rta, "
                        "tt_foil_add_kernel RUNTIME_ARG_NAMES)");
    }
    /* named args are 4-byte words, as tt-metal's */
    compile_refused(
        "#include \"experimental/kernel_args.h\"\nvoid kernel_main()\n{\n    uint64_t x = "
        "get_arg(experimental::RtaArg<uint64_t>{0});\n    (void)x;\n}\n",
        1, "get_arg(RtaArg<T>): only 4-byte (uint32_t) named args, as in tt-metal");
    compile_refused(
        "#include \"experimental/kernel_args.h\"\nvoid kernel_main()\n{\n    uint16_t x = "
        "get_arg(experimental::CrtaArg<uint16_t>{0});\n    (void)x;\n}\n",
        1, "get_arg(CrtaArg<T>): only 4-byte (uint32_t) named args, as in tt-metal");
    /* a legacy kernel with an `args` of its own builds and runs (args:: is
     * declared for Metal 2.0 kernels only, as tt-metal fences it); built as
     * Metal 2.0 it is a redefinition, as in tt-metal */
    static const char legacy[] =
        "#include \"experimental/kernel_args.h\"\nconstexpr uint32_t args = 0x5a;\nvoid "
        "kernel_main()\n{\n    auto sum = [](uint32_t args) { return args + 1; };\n    *(volatile "
        "uint32_t *)get_arg_val<uint32_t>(0) = sum(args);\n}\n";
    tf_kernel *k = build_text("legacy_args.cpp", legacy, 0);
    if (!k) fprintf(stderr, "legacy_args.cpp: %s\n", tf_last_error());
    CHECK_TRUE(k != NULL);
    if (k) {
        CHECK_EQ_U(ttm_word_written(dev, k, TF_BRISC, core), 0x5b);
        tf_kernel_free(k);
    }
    k = build_text("legacy_args.cpp", legacy, 1);
    CHECK_TRUE(k == NULL);
    CHECK_CONTAINS(tf_last_error(), "legacy_args.cpp:2:20: error: redefinition of 'args' as "
                                    "different kind of symbol");
    /* args named like the namespaces the declarations use (std,
     * experimental): a name before :: is looked up as a namespace or type
     * only, so the later declarations still name the global ones */
    static const char *const ns_names[] = {"std", "experimental", "out"};
    char src[300];
    snprintf(src, sizeof src, "%s/ns_names.cpp", work);
    write_file(src, "#include \"experimental/kernel_args.h\"\nvoid kernel_main()\n{\n    "
                    "*(volatile uint32_t *)get_arg(args::out) = get_arg(args::std) + "
                    "get_arg(args::experimental);\n}\n");
    tf_kernel_build_opts o;
    tf_kernel_build_opts_init(&o);
    o.source = src;
    o.risc = TF_BRISC;
    o.runtime_arg_names = ns_names;
    o.num_runtime_arg_names = 3;
    k = tf_kernel_build(dev, &o);
    if (!k) fprintf(stderr, "ns_names.cpp: %s\n", tf_last_error());
    CHECK_TRUE(k != NULL);
    if (k) {
        tf_buffer *l1 = MUST_PTR(tf_buffer_create_l1(dev, core, 16));
        tf_program *p = MUST_PTR(tf_program_create(dev, core));
        MUST(tf_program_set_kernel(p, TF_BRISC, k));
        MUST(tf_program_set_named_arg(p, TF_BRISC, "std", 0x40));
        MUST(tf_program_set_named_arg(p, TF_BRISC, "experimental", 0x2));
        MUST(tf_program_set_named_arg(p, TF_BRISC, "out", (uint32_t)tf_buffer_address(l1)));
        MUST(tf_dispatch_execute(p));
        uint32_t w = 0;
        MUST(tf_buffer_read(l1, 0, &w, 4));
        CHECK_EQ_U(w, 0x42);
        tf_program_destroy(p);
        tf_buffer_free(l1);
        tf_kernel_free(k);
    }
}

/* ---- a section of names that is not well formed ------------------------------------- */

static void bad_notes(void)
{
    static const char *const want[] = {
        "malformed at byte 0: its text does not end at the section's end (a NUL byte)",
        "malformed at byte 0: a record is not <kind R, C or T><name>=<number> and a newline",
        "malformed at byte 5: runtime arg 'b' is word 2, not 1 (the named ones come in order)",
        "malformed at byte 5: 'a' is named twice",
        "malformed at byte 492: more than 64 named runtime args"};
    for (int mode = 1; mode <= 5; mode++) {
        char def[16], src[300];
        snprintf(def, sizeof def, "MODE=%d", mode);
        snprintf(src, sizeof src, "%s/tests/ttm/kernels/m2_bad_note.cpp", TF_TEST_SOURCE_DIR);
        tf_kernel *k = ttm_build_def(dev, src, TF_BRISC, def, NULL, 0);
        CHECK_TRUE(k == NULL);
        if (k) {
            tf_kernel_free(k);
            continue;
        }
        CHECK_CONTAINS(tf_last_error(), "m2_bad_note.brisc.elf: its .tt_foil_kernel_args section "
                                        "(the names of its args) is ");
        CHECK_CONTAINS(tf_last_error(), want[mode - 1]);
        CHECK_CONTAINS(tf_last_error(), "; rebuild the kernel against this tree");
    }
}

/* ---- a changed name is another kernel (the cache's key) ----------------------------- */

static void cache_key(void)
{
    static const char *const ab[] = {"a", "b"}, *const ac[] = {"a", "c"};
    char src[300];
    snprintf(src, sizeof src, "%s/renamed.cpp", work);
    write_file(src,
               "#include \"experimental/kernel_args.h\"\nvoid kernel_main()\n{\n    *(volatile "
               "uint32_t *)get_arg(args::a) = 1;\n}\n");
    for (int round = 0; round < 2; round++) {
        tf_kernel_build_opts o;
        tf_kernel_build_opts_init(&o);
        o.source = src;
        o.risc = TF_BRISC;
        o.runtime_arg_names = round ? ac : ab;
        o.num_runtime_arg_names = 2;
        tf_kernel *k = MUST_PTR(tf_kernel_build(dev, &o));
        tf_program *p = MUST_PTR(tf_program_create(dev, core));
        MUST(tf_program_set_kernel(p, TF_BRISC, k));
        CHECK_EQ_U(tf_program_set_named_arg(p, TF_BRISC, round ? "c" : "b", 1), 0);
        CHECK_EQ_U(tf_program_set_named_arg(p, TF_BRISC, round ? "b" : "c", 1), -1);
        CHECK_CONTAINS(tf_last_error(),
                       round ? "its runtime args: a, c;" : "its runtime args: a, b;");
        tf_program_destroy(p);
        tf_kernel_free(k);
    }
}

int main(void)
{
    snprintf(work, sizeof work, "%s/metal2.XXXXXX", TF_TEST_WORK);
    if (!mkdtemp(work)) {
        perror(work);
        return 1;
    }
    dev = rt_open(2, 1);
    tf_kernel *k = m2_dm_kernel();
    dm_run(k);
    host_checks(k);
    tf_kernel_free(k);
    /* the same kernel and one with METAL2 alone, built by tt_foil_add_kernel */
    k = rt_kernel(dev, "ttm_m2_args.brisc.elf");
    dm_run(k);
    tf_kernel_free(k);
    k = rt_kernel(dev, "ttm_m2_varargs.ncrisc.elf");
    varargs_only(k);
    tf_kernel_free(k);
    compute();
    build_checks();
    compile_time();
    bad_notes();
    cache_key();
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_metal2");
}
