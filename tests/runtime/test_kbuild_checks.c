/* tf_kernel_build's and tf_kernel_compile's checks of their options, made
 * before anything is compiled: a list with a count but no array (or a NULL
 * in it), a kernel name that would put files outside the cache, a named
 * compile-time arg that is not an identifier and a u32, a profiler setting
 * other than -1/0/1; each says which call. And a long list of compile-time
 * args reaches the kernel whole (it was cut at about 380, silently). */
#include "rt_test.h"
#include "tt_foil/kbuild.h"

#include <string.h>

static char work[256];

static tf_kernel_build_opts opts(const char *src)
{
    tf_kernel_build_opts o;
    tf_kernel_build_opts_init(&o);
    o.source = src;
    o.risc = TF_BRISC;
    return o;
}

static void refused(tf_device *dev, const tf_kernel_build_opts *o, const char *want)
{
    char out[300];
    snprintf(out, sizeof out, "%s/out", work);
    rt_build_refused(dev, o, out, want);
}

int main(void)
{
    snprintf(work, sizeof work, "%s/kbuild_checks.XXXXXX", TF_TEST_WORK);
    if (!mkdtemp(work)) {
        perror(work);
        return 1;
    }
    char cache[300], src[300];
    snprintf(cache, sizeof cache, "%s/cache", work);
    setenv("TT_FOIL_CACHE_DIR", cache, 1);
    snprintf(src, sizeof src, "%s/cta.cpp", work);
    FILE *f = fopen(src, "w");
    CHECK_TRUE(f != NULL);
    fputs("void kernel_main()\n{\n    *(volatile uint32_t *)get_arg_val<uint32_t>(0) =\n"
          "        get_compile_time_arg_val(0) + get_compile_time_arg_val(499);\n}\n",
          f);
    fclose(f);
    tf_device *dev = rt_open(1, 1);

    tf_kernel_build_opts o = opts(src);
    o.num_compile_args = 2;
    refused(dev, &o, "NULL compile_args for 2 of them");
    o = opts(src);
    o.num_named_args = 1;
    refused(dev, &o, "NULL named_args for 1 of them");
    const char *null1[] = {NULL};
    o.named_args = null1;
    refused(dev, &o, "named_args[0] is NULL");
    o = opts(src);
    o.defines = null1;
    o.num_defines = 1;
    refused(dev, &o, "defines[0] is NULL");
    o = opts(src);
    o.num_include_dirs = 3;
    refused(dev, &o, "NULL include_dirs for 3 of them");
    o = opts(src);
    o.name = "../../escape";
    refused(dev, &o, "kernel name '../../escape' is not a plain file name");
    o.name = ".hidden";
    refused(dev, &o, "is not a plain file name");
    o = opts(src);
    o.profiler = 7;
    refused(dev, &o, "profiler 7 is not 0 (off), 1 (on) or -1");
    const char *bad[] = {"x=-1", "x=99999999999", "1x=2", "a-b=3", "x= 4", "x=", "=5", "x"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        o = opts(src);
        o.named_args = &bad[i];
        o.num_named_args = 1;
        char want[128];
        snprintf(want, sizeof want, "named arg '%s' is not name=u32", bad[i]);
        refused(dev, &o, want);
    }
    /* -D and -I take what follows them whole: an empty one would swallow
     * the next flag */
    const char *bad_def[] = {"", "1X", "-I/x", "a b=1"};
    for (size_t i = 0; i < sizeof bad_def / sizeof *bad_def; i++) {
        o = opts(src);
        o.defines = &bad_def[i];
        o.num_defines = 1;
        char want[128];
        snprintf(want, sizeof want, "define '%s' is not NAME, NAME=VALUE or NAME(args)=VALUE",
                 bad_def[i]);
        refused(dev, &o, want);
    }
    const char *empty[] = {"/tmp", ""};
    o = opts(src);
    o.include_dirs = empty;
    o.num_include_dirs = 2;
    refused(dev, &o, "include_dirs[1] is empty");
    o = opts("kernel.txt"); /* (clang would take it as a linker input) */
    refused(dev, &o, "the source is not C (.c) or C++ (.cpp, .cc, .cxx), by its name");
    CHECK_EQ_U(tf_kernel_compile(NULL, "x"), -1);
    CHECK_CONTAINS(tf_last_error(), "tf_kernel_compile: no source file given");

    /* 500 compile-time args, each of ten digits: all of them arrive */
    static uint32_t cta[500];
    for (uint32_t i = 0; i < 500; i++) cta[i] = 4000000000u + i;
    const char *named[] = {"_ok_1=0xffffffff", "b2=017"}, *defs[] = {"F(x)=(x)", "PLAIN"};
    /* a backslash in the source's path or an include folder: clang's
     * dependency list writes it as '/', so the cache could not find the
     * file again; refused before compiling, naming why */
    o = opts("dir\\k.cpp");
    refused(dev, &o,
            "the source path has a backslash, which the compiler's dependency list "
            "cannot name; rename the file or its folder");
    const char *bsdir[] = {"inc", "a\\b"};
    o = opts(src);
    o.include_dirs = bsdir;
    o.num_include_dirs = 2;
    refused(dev, &o, "include_dirs[1] 'a\\b' has a backslash");

    /* a source whose name has a quote (the kernel's name is a C string in
     * its build note), a space, a '#' and a '$' (its dependencies file
     * escapes them: "\\ ", "\\#", "$$"; the '$' one was not read back) */
    char odd[300];
    snprintf(odd, sizeof odd, "%s/c\"t a#b$c.cpp", work);
    CHECK_EQ_U(rename(src, odd), 0);
    o = opts(odd);
    o.compile_args = cta;
    o.num_compile_args = 500;
    o.named_args = named;
    o.num_named_args = 2;
    o.defines = defs;
    o.num_defines = 2;
    tf_kernel *k = MUST_PTR(tf_kernel_build(dev, &o));
    tf_buffer *res = MUST_PTR(tf_buffer_create_l1(dev, (tf_core){0, 0}, 16));
    tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
    uint32_t arg = (uint32_t)tf_buffer_address(res), got = 0;
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    MUST(tf_program_set_args(p, TF_BRISC, &arg, 1));
    MUST(tf_dispatch_execute(p));
    MUST(tf_buffer_read(res, 0, &got, 4));
    CHECK_EQ_U(got, (uint32_t)(4000000000u + 4000000499u));
    MUST(tf_program_destroy(p));
    MUST(tf_buffer_free(res));
    tf_kernel_free(k);
    MUST(tf_device_close(dev));
    return tf_check_report("test_kbuild_checks");
}
