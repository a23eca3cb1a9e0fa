/* tt_foil_cc: compile a kernel (C or tt-metal-style C++) for a RISC or the
 * compute slot from the command line, with exactly the flags, build note and
 * device-profiler setting tt_foil_add_kernel() uses in this build (the flag
 * table is generated from CMake: tf_kernel_compile, tt_foil/kbuild.h).
 * Exit 0 ok, 1 compile error (diagnostics on stderr), 2 bad usage. */
#include "common/cm_file.h"
#include "tf_formats.h"
#include "tf_memmap.h"
#include "tt_foil/kbuild.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char usage[] =
    "usage: tt_foil_cc --risc RISC [options] -o NAME SOURCE\n"
    "\n"
    "Compile a kernel for tt-foil's chip as tt_foil_add_kernel() does in this build\n"
    "(same compiler, flags, build note and device-profiler setting) and write\n"
    "NAME.<risc>.elf; for --risc compute, NAME.trisc0.elf, NAME.trisc1.elf and\n"
    "NAME.trisc2.elf (load them with tf_kernel_load(dev, \"NAME.compute\")).\n"
    "SOURCE is C (device/include's kernel API) or C++ (.cpp/.cc/.cxx: tt-metal's\n"
    "kernel API, docs/kernels.md).\n"
    "\n"
    "options:\n"
    "  --risc R             brisc, ncrisc, trisc0, trisc1, trisc2 or compute (required)\n"
    "  --define NAME[=VAL]  a preprocessor define (repeatable; also -DNAME[=VAL])\n"
    "  --compile-args A,B   compile-time args: get_compile_time_arg_val(0) == A, ...\n"
    "  --named-arg N=V      a named compile-time arg (get_named_compile_time_arg_val)\n"
    "  -I DIR               an include directory (repeatable)\n"
    "  --noc 0|1            NOC_INDEX (default: 0 on BRISC, 1 on NCRISC)\n"
    "  --name NAME          kernel name in the build note (default: the source's)\n"
    "  --profiler on|off    override the build's TT_FOIL_DEVICE_PROFILER\n"
    "  --math-fidelity F    compute kernels: LoFi, HiFi2, HiFi3 or HiFi4 (default HiFi4)\n"
    "  --fp32-dest-acc on|off  compute kernels: fp32_dest_acc_en (default off)\n"
    "  --math-approx on|off    compute kernels: math_approx_mode (default off)\n"
    "  --cb-formats ID:FMT,..  C++ kernels: the program's CB formats (e.g.\n"
    "                       0:Float16_b,16:Bfp8_b), so that get_tile_size(ID) and\n"
    "                       get_dataformat(ID) are constants; a dispatch whose program\n"
    "                       gives such a CB another format is refused\n"
    "  --rta N[,N..]        C++ kernels: Metal 2.0 named runtime args, in order: runtime\n"
    "                       arg word i is get_arg(args::N) for the i-th name (repeatable:\n"
    "                       the names add up); get_vararg(i) reads the words after them\n"
    "  --crta N[,N..]       the same for common runtime args (get_common_vararg)\n"
    "  --metal2             build as Metal 2.0 without runtime arg names (args:: then\n"
    "                       holds the --named-arg constants; varargs start at word 0).\n"
    "                       Names are C identifiers, not C++ keywords, each once among\n"
    "                       --rta, --crta and --named-arg; at most 64 --rta and 64 --crta\n"
    "  -o NAME              output prefix (required)\n"
    "  --help               this text\n"
    "\n"
    "exit status: 0 ok, 1 compile error (compiler diagnostics on stderr), 2 bad usage\n"
    "environment: TT_FOIL_KERNEL_CC replaces the compiler; TT_FOIL_CACHE_DIR (default\n"
    "  ~/.cache/tt-foil/kernels) keeps the builtins' object, compiled once for every kernel\n";

static int bad(const char *fmt, const char *arg)
{
    fprintf(stderr, "tt_foil_cc: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, " (see tt_foil_cc --help)\n");
    return 2;
}

#define MAXL 256

/* --cb-formats "ID:FMT,..." into fmts[id] (-1 where not given; *n: the
 * highest id given + 1); FMT a DataFormat name (Float16_b, any case) or
 * its number. Repeats add up (as -D and -I do); one CB given two formats
 * is refused. 0, or -1 after saying what is wrong. */
static int cb_formats(const char *v, int *fmts, uint32_t *n)
{
    for (const char *p = v; *p;) {
        char *end;
        errno = 0;
        unsigned long id = strtoul(p, &end, 10);
        if (end == p || errno || *end != ':' || *p == '-' || id >= TF_MAX_CBS) {
            fprintf(stderr,
                    "tt_foil_cc: --cb-formats: '%s' is not a comma-separated list of ID:FORMAT "
                    "with ID a circular buffer 0..%u (see tt_foil_cc --help)\n",
                    v, (unsigned)TF_MAX_CBS - 1);
            return -1;
        }
        const char *f = end + 1, *stop = strchr(f, ',');
        size_t len = stop ? (size_t)(stop - f) : strlen(f);
        int fmt = -1;
#define TF_CC_FORMAT(name, value, bytes)                                                           \
    if (len == sizeof #name - 1 && !strncasecmp(f, #name, len)) fmt = value;
        TF_DATA_FORMATS(TF_CC_FORMAT)
#undef TF_CC_FORMAT
        if (fmt < 0 && len && strspn(f, "0123456789") >= len) { /* a number: a format's? */
            unsigned long x = strtoul(f, NULL, 10);
            if (x <= 0xff && tf_data_format_tile_size((tf_data_format)x)) fmt = (int)x;
        }
        if (fmt < 0) {
            fprintf(stderr,
                    "tt_foil_cc: --cb-formats: '%.*s' (CB %lu) is not a data format:", (int)len, f,
                    id);
#define TF_CC_FORMAT(name, value, bytes) fprintf(stderr, " %s (%d),", #name, value);
            TF_DATA_FORMATS(TF_CC_FORMAT)
#undef TF_CC_FORMAT
            fprintf(stderr, " by name or number (see tt_foil_cc --help)\n");
            return -1;
        }
        if (fmts[id] >= 0 && fmts[id] != fmt) {
            fprintf(stderr,
                    "tt_foil_cc: --cb-formats: CB %lu given two formats (%d and %d); give each CB "
                    "one (see tt_foil_cc --help)\n",
                    id, fmts[id], fmt);
            return -1;
        }
        fmts[id] = fmt;
        if (id + 1 > *n) *n = (uint32_t)id + 1;
        p = stop ? stop + 1 : f + len;
    }
    return 0;
}

/* "a,b,c" appended to list (*n names): the names as given, checked by the
 * library (tf_kernel_compile). -1 if they do not fit. */
static int names(const char *v, const char **list, uint32_t *n)
{
    static char pool[1 << 16]; /* (every name's text, for the rest of the run) */
    static size_t used;
    for (const char *p = v;; p++) {
        size_t len = strcspn(p, ",");
        if (*n == MAXL || used + len + 1 > sizeof pool) return -1;
        memcpy(pool + used, p, len);
        pool[used + len] = 0;
        list[(*n)++] = pool + used;
        used += len + 1;
        p += len;
        if (!*p) return 0;
    }
}

int main(int argc, char **argv)
{
    tf_kernel_build_opts o;
    cm_stdout_checked_at_exit("tt_foil_cc", 1); /* --help */
    tf_kernel_build_opts_init(&o);
    const char *defines[MAXL], *named[MAXL], *incs[MAXL], *out = NULL, *risc = NULL;
    const char *rta[MAXL], *crta[MAXL];
    uint32_t nrta = 0, ncrta = 0;
    static uint32_t cargs[MAXL];
    uint32_t nd = 0, nn = 0, ni = 0, nc = 0, nf = 0;
    int fmts[TF_MAX_CBS];
    for (uint32_t k = 0; k < TF_MAX_CBS; k++) fmts[k] = -1; /* (not given) */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        /* --opt=value, as getopt_long takes it: the option, then its value */
        char opt[64];
        const char *eq = !strncmp(a, "--", 2) ? strchr(a, '=') : NULL;
        int joined = eq && (size_t)(eq - a) < sizeof opt;
        if (joined) {
            memcpy(opt, a, (size_t)(eq - a));
            opt[eq - a] = 0;
            a = opt;
            v = eq + 1;
        }
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            if (joined) return bad("%s takes no value", a);
            fputs(usage, stdout);
            return 0;
        }
        int takes = !strcmp(a, "--risc") || !strcmp(a, "--define") ||
                    !strcmp(a, "--compile-args") || !strcmp(a, "--named-arg") || !strcmp(a, "-I") ||
                    !strcmp(a, "-o") || !strcmp(a, "--noc") || !strcmp(a, "--name") ||
                    !strcmp(a, "--profiler") || !strcmp(a, "--math-fidelity") ||
                    !strcmp(a, "--fp32-dest-acc") || !strcmp(a, "--math-approx") ||
                    !strcmp(a, "--cb-formats") || !strcmp(a, "--rta") || !strcmp(a, "--crta");
        if (takes && !v) return bad("%s needs a value", a);
        if (joined && !takes) return bad("%s takes no value", a);
        if (!strcmp(a, "--risc")) {
            if (risc && strcmp(risc, v)) return bad("--risc given twice ('%s' and another)", v);
            risc = v;
        } else if (!strcmp(a, "--define") || (!strncmp(a, "-D", 2) && a[2])) {
            if (nd == MAXL) return bad("too many defines (at most %s)", "256");
            defines[nd++] = a[1] == 'D' ? a + 2 : v;
        } else if (!strcmp(a, "--compile-args")) {
            for (const char *p = v; *p;) {
                char *end;
                errno = 0;
                unsigned long x = strtoul(p, &end, 0);
                if (end == p || errno || x > 0xffffffffu || (*end && *end != ',') || *p == '-')
                    return bad("--compile-args: '%s' is not a comma-separated list of u32", v);
                if (nc == MAXL) return bad("too many compile-time args (at most %s)", "256");
                cargs[nc++] = (uint32_t)x;
                p = *end ? end + 1 : end;
            }
        } else if (!strcmp(a, "--cb-formats")) {
            if (cb_formats(v, fmts, &nf)) return 2;
        } else if (!strcmp(a, "--rta") || !strcmp(a, "--crta")) {
            if (names(v, a[2] == 'r' ? rta : crta, a[2] == 'r' ? &nrta : &ncrta))
                return bad("too many names (at most %s)", "256");
        } else if (!strcmp(a, "--metal2")) {
            o.metal2 = 1;
        } else if (!strcmp(a, "--named-arg")) {
            if (nn == MAXL) return bad("too many named args (at most %s)", "256");
            named[nn++] = v;
        } else if (!strcmp(a, "-I") || (!strncmp(a, "-I", 2) && a[2])) {
            if (ni == MAXL) return bad("too many include directories (at most %s)", "256");
            incs[ni++] = a[2] ? a + 2 : v;
        } else if (!strcmp(a, "-o")) {
            if (out && strcmp(out, v)) return bad("-o given twice ('%s' and another)", v);
            out = v;
        } else if (!strcmp(a, "--noc")) {
            if (strcmp(v, "0") && strcmp(v, "1")) return bad("--noc: '%s' is not 0 or 1", v);
            o.noc = v[0] - '0';
        } else if (!strcmp(a, "--name")) {
            o.name = v;
        } else if (!strcmp(a, "--profiler")) {
            if (strcmp(v, "on") && strcmp(v, "off"))
                return bad("--profiler: '%s' is not on or off", v);
            o.profiler = !strcmp(v, "on");
        } else if (!strcmp(a, "--math-fidelity")) {
            static const char *const fid[] = {"lofi", "", "hifi2", "hifi3", "hifi4"};
            o.math_fidelity = -2;
            for (int k = 0; k < 5; k++)
                if (*fid[k] && !strcasecmp(v, fid[k])) o.math_fidelity = k;
            if (o.math_fidelity < 0)
                return bad("--math-fidelity: '%s' is not LoFi, HiFi2, HiFi3 or HiFi4", v);
        } else if (!strcmp(a, "--fp32-dest-acc") || !strcmp(a, "--math-approx")) {
            if (strcmp(v, "on") && strcmp(v, "off")) return bad("%s: give on or off", a);
            *(a[2] == 'f' ? &o.fp32_dest_acc : &o.math_approx) = !strcmp(v, "on");
        } else if (a[0] == '-' && a[1]) {
            return bad("unknown option '%s'", a);
        } else {
            if (o.source) return bad("more than one source file ('%s')", a);
            o.source = a;
            continue;
        }
        if (takes && !joined) i++;
    }
    if (!risc) return bad("%s", "--risc is required");
    static const char *const names[] = {"brisc", "ncrisc", "trisc0", "trisc1", "trisc2", "compute"};
    int r = -1;
    for (int k = 0; k < 6; k++)
        if (!strcmp(risc, names[k])) r = k;
    if (r < 0)
        return bad("--risc: '%s' is not brisc, ncrisc, trisc0, trisc1, trisc2 or compute", risc);
    if (!out) return bad("%s", "-o NAME is required");
    if (!o.source) return bad("%s", "no source file");
    o.risc = (tf_risc)r;
    o.defines = defines;
    o.num_defines = nd;
    o.named_args = named;
    o.num_named_args = nn;
    o.include_dirs = incs;
    o.num_include_dirs = ni;
    o.compile_args = cargs;
    o.num_compile_args = nc;
    o.cb_formats = fmts;
    o.num_cb_formats = nf;
    o.runtime_arg_names = rta;
    o.num_runtime_arg_names = nrta;
    o.common_runtime_arg_names = crta;
    o.num_common_runtime_arg_names = ncrta;
    if (tf_kernel_compile(&o, out)) {
        const char *e = tf_last_error();
        /* a usage problem found by the library (bad named arg, unreadable source) */
        int usage_err = strstr(e, "compile failed") == NULL && strstr(e, "killed") == NULL;
        fprintf(stderr, "tt_foil_cc: %s\n", e);
        return usage_err ? 2 : 1;
    }
    return 0;
}
