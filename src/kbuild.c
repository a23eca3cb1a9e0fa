/* Kernels from source at run time (tt_foil/kbuild.h), in a build or an
 * installed tree (device paths resolved when run: paths.c): the compile and
 * link commands of tt_foil_add_kernel (generated/tf_kbuild_config.h is
 * written from the CMake variables that define them), run side by side
 * (src/jobs.c), and a content-addressed cache of the ELFs. Three steps
 * are done more cheaply, the loaded bytes and the build note the same:
 * the note is force-included into the kernel's own translation unit
 * instead of compiled alone (a long name shortened to fit it:
 * kb_note_name), tf_builtins.c is compiled once for every kernel (kb_builtins_find), and the link
 * runs ld.lld with the command the clang driver would give it (tf_kb_lld_argv), not the driver
 * (only the debug sections and symbol table differ).
 *
 * Cache layout under $TT_FOIL_CACHE_DIR (default ~/.cache/tt-foil/kernels):
 *   <key>.deps        the files the last compile with this key read, one per
 *                     line (the compiler's -MD output)
 *   <key>-<deps>/     the ELFs: <name>.<risc>.elf
 *   builtins-<key>.deps, builtins-<key>-<deps>/tf_builtins.o
 *                     the builtins' object, the same way (kb_builtins_find)
 *   tmp-*             a build under way (renamed into one of the above)
 * <key> hashes the compiler (path and version), every command-line word and
 * the source's contents; <deps> hashes the contents of every file in
 * <key>.deps. A lookup re-hashes those files and checks the directory: no
 * compiler runs on a hit. Directories and the deps file appear by rename,
 * so a reader never sees a partial entry; two processes racing on one entry
 * both succeed and one copy stays. */
#include "rt_internal.h"
#include "tf_env.h"
#include "tf_kbuild_config.h"
#include "tf_named_args.h"
#include "tt_foil/kbuild.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* snprintf for paths and flags; a truncated result is cut short, which the
 * later open or compile reports by its name. */
__attribute__((format(printf, 3, 4))) static void kb_fmt(char *out, size_t cap, const char *fmt,
                                                         ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out, cap, fmt, ap);
    va_end(ap);
}

void tf_kernel_build_opts_init(tf_kernel_build_opts *o)
{
    if (!o) {
        cm_err_set("tf_kernel_build_opts_init: o is NULL (pass the options to fill)");
        return;
    }
    memset(o, 0, sizeof *o);
    o->noc = -1;
    o->profiler = -1;
    o->math_fidelity = o->fp32_dest_acc = o->math_approx = -1;
}

/* ---- argument vectors --------------------------------------------------------- */

typedef struct kb_argv {
    char **v;
    size_t n, cap;
    int oom;
} kb_argv;

static void kb_push(kb_argv *a, const char *s)
{
    if (a->oom) return;
    if (a->n + 2 > a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 64;
        char **nv = realloc(a->v, cap * sizeof *nv);
        if (!nv) {
            a->oom = 1;
            return;
        }
        a->v = nv;
        a->cap = cap;
    }
    if (!(a->v[a->n] = strdup(s))) {
        a->oom = 1;
        return;
    }
    a->v[++a->n] = NULL;
}

static void kb_pushf(kb_argv *a, const char *fmt, const char *s)
{
    char buf[4200];
    kb_fmt(buf, sizeof buf, fmt, s);
    kb_push(a, buf);
}

/* A flag of any length, built piece by piece (the arg lists). */
typedef struct kb_str {
    char *s;
    size_t n, cap;
    int oom;
} kb_str;

__attribute__((format(printf, 2, 3))) static void kb_cat(kb_str *b, const char *fmt, ...)
{
    while (!b->oom) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? b->cap - b->n : 0, fmt, ap);
        va_end(ap);
        if (k >= 0 && b->s && (size_t)k < b->cap - b->n) {
            b->n += (size_t)k;
            return;
        }
        size_t cap = 2 * b->cap + (k > 0 ? (size_t)k : 0) + 64;
        char *ns = k < 0 ? NULL : realloc(b->s, cap);
        if (!ns) {
            b->oom = 1;
            break;
        }
        b->s = ns;
        b->cap = cap;
    }
}

/* Push b's text as one word, and free it. */
static void kb_push_str(kb_argv *a, kb_str *b)
{
    if (b->oom)
        a->oom = 1;
    else
        kb_push(a, b->s);
    free(b->s);
    memset(b, 0, sizeof *b);
}

/* A word of the generated table with its roots filled in: {tf-src} and
 * {tf-bin} are share/tt_foil in an installed tree (paths.c), else the
 * build's source and binary directories. User input is never expanded. */
static const char *kb_expand(const char *s, char *out, size_t cap)
{
    if (!strchr(s, '{')) return s;
    const char *share = rt_install_share_dir();
    const char *src = share ? share : TF_KB_SOURCE_ROOT, *bin = share ? share : TF_KB_BINARY_ROOT;
    size_t n = 0;
    while (*s && n + 1 < cap) {
        const char *root = !strncmp(s, "{tf-src}", 8)   ? src
                           : !strncmp(s, "{tf-bin}", 8) ? bin
                                                        : NULL;
        if (root) {
            size_t k = strlen(root);
            if (k > cap - 1 - n) k = cap - 1 - n;
            memcpy(out + n, root, k);
            n += k;
            s += 8;
        } else {
            out[n++] = *s++;
        }
    }
    out[n] = 0;
    return out;
}

/* The kernel API's directories (messages tell its headers from the
 * kernel's own code by them: rt_srcloc_describe): the device tree and the
 * contracts, in this build's source tree or the installed share/tt_foil. */
static char kb_api[2][4200];
static const char *kb_api_list[3];
static pthread_once_t kb_api_once = PTHREAD_ONCE_INIT;
static void kb_api_find(void)
{
    kb_api_list[0] = kb_expand("{tf-src}/device", kb_api[0], sizeof kb_api[0]);
    kb_api_list[1] = kb_expand("{tf-src}/contracts", kb_api[1], sizeof kb_api[1]);
}
const char *const *rt_kbuild_api_dirs(void)
{
    pthread_once(&kb_api_once, kb_api_find);
    return kb_api_list;
}

static void kb_push_table(kb_argv *a, const char *s)
{
    char buf[4200];
    kb_push(a, kb_expand(s, buf, sizeof buf));
}

static void kb_push_list(kb_argv *a, const char *const *l)
{
    for (; *l; l++) kb_push_table(a, *l);
}

static void kb_free(kb_argv *a)
{
    for (size_t i = 0; i < a->n; i++) free(a->v[i]);
    free(a->v);
    memset(a, 0, sizeof *a);
}

/* ---- hashing (two FNV-1a 64 lanes: 128 bits) ------------------------------------ */

typedef struct kb_hash {
    uint64_t a, b;
} kb_hash;

static void kb_hash_init(kb_hash *h)
{
    h->a = 14695981039346656037ull;
    h->b = 0x84222325cbf29ce4ull;
}

static void kb_hash_bytes(kb_hash *h, const void *p, size_t n)
{
    const uint8_t *s = p;
    for (size_t i = 0; i < n; i++) {
        h->a = (h->a ^ s[i]) * 1099511628211ull;
        h->b = (h->b ^ s[i]) * 0x100000001b3ull + 0x9e37u;
    }
}

static void kb_hash_str(kb_hash *h, const char *s)
{
    kb_hash_bytes(h, s, strlen(s) + 1);
}

/* Hash a file's contents; -1 if it cannot be read. */
static int kb_hash_file(kb_hash *h, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) kb_hash_bytes(h, buf, n);
    int err = ferror(f);
    fclose(f);
    return err ? -1 : 0;
}

static void kb_hash_hex(const kb_hash *h, char out[33])
{
    kb_fmt(out, 33, "%016llx%016llx", (unsigned long long)h->a, (unsigned long long)h->b);
}

/* ---- running the compiler ------------------------------------------------------ */

static const char *kb_cc(int cxx)
{
    const char *e = getenv(tf_env_name(TF_ENV_KERNEL_CC));
    if (e && *e) return e;
    return cxx ? TF_KB_CLANGXX : TF_KB_CLANG;
}

/* Whether TT_FOIL_KERNEL_CC replaces the build's compiler: then its driver
 * links, and each kernel compiles its own builtins. */
static int kb_cc_replaced(void)
{
    const char *e = getenv(tf_env_name(TF_ENV_KERNEL_CC));
    return e && *e;
}

static int kb_is_cxx(const char *src)
{
    const char *dot = strrchr(src, '.');
    return dot && (!strcmp(dot, ".cpp") || !strcmp(dot, ".cc") || !strcmp(dot, ".cxx"));
}

static int kb_is_c(const char *src)
{
    const char *dot = strrchr(src, '.');
    return dot && !strcmp(dot, ".c");
}

/* Read at most cap-1 bytes of a file (the diagnostics). */
static void kb_slurp(const char *path, char *out, size_t cap)
{
    out[0] = 0;
    FILE *f = fopen(path, "r");
    if (!f) return;
    size_t n = fread(out, 1, cap - 1, f);
    out[n] = 0;
    fclose(f);
}

/* tt-llk's own names that a tt-metal kernel may call below the compute API
 * (an `llk_*` function under MATH((...)), a raw `TTI_*` instruction): the
 * compute API here models the calls above them, and only the few listed in
 * docs/kernels.md are provided; the others reach clang undeclared. Each
 * such name in the diagnostics (`undeclared identifier 'llk_...'`, `no
 * member named 'llk_...'`) gets a line after them saying so, at most 8
 * names (the count of the rest said), instead of clang's bare
 * "undeclared" or a "did you mean" that points elsewhere. */
static void kb_llk_hints(const char *out, char *hint, size_t cap)
{
    static const char *const keys[] = {"undeclared identifier '", "no member named '"};
    char seen[8][64];
    int n = 0, more = 0;
    size_t k = 0;
    hint[0] = 0;
    for (size_t j = 0; j < sizeof keys / sizeof *keys; j++)
        for (const char *q = strstr(out, keys[j]); q; q = strstr(q + 1, keys[j])) {
            const char *name = q + strlen(keys[j]);
            size_t len = strcspn(name, "'");
            int llk = !strncmp(name, "llk_", 4) || !strncmp(name, "_llk_", 5);
            int tti = !strncmp(name, "TTI_", 4) || !strncmp(name, "TT_OP_", 6);
            if ((!llk && !tti) || !name[len] || len >= sizeof seen[0]) continue;
            int dup = 0;
            for (int i = 0; i < n && !dup; i++)
                dup = strlen(seen[i]) == len && !strncmp(seen[i], name, len);
            if (dup) continue;
            if (n == 8) {
                more++;
                continue;
            }
            memcpy(seen[n], name, len);
            seen[n++][len] = 0;
            if (k + 1 < cap)
                k += (size_t)snprintf(
                    hint + k, cap - k,
                    "not supported by tt-foil: '%.*s' is %s, below tt-metal's compute API; "
                    "tt-foil models the compute API's calls (api/compute/*.h) and provides only "
                    "the few tt-llk names docs/kernels.md lists: call the compute API instead\n",
                    (int)len, name,
                    llk ? "a tt-llk (LLK) function"
                        : "a raw Tensix instruction (tt-llk's ckernel_ops.h)");
        }
    if (more && k + 1 < cap)
        snprintf(hint + k, cap - k, "(and %d more tt-llk names, not supported likewise)\n", more);
}

/* A tool run's outcome (its output in diag) as kb_run reports it: 0 if it
 * exited 0. On failure the message holds the tool's output; on success
 * what it printed (its warnings) goes to the warning handler, once for the
 * same text in a row (the variants of a compute kernel warn alike). */
static int kb_result(const char *tool, int spawn_err, int wait_err, int st, const char *diag,
                     const char *what)
{
    if (spawn_err)
        return cm_err_set("%s: cannot run %s: %s%s", what, tool, strerror(spawn_err),
                          spawn_err == ENOMEM ? "" : " (set TT_FOIL_KERNEL_CC or install clang)");
    if (wait_err) return cm_err_set("%s: waitpid: %s", what, strerror(wait_err));
    static __thread char out[16384], last[16384];
    kb_slurp(diag, out, sizeof out);
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
        if (out[0] && strcmp(out, last)) {
            cm_warn("%s: the compiler warned (the kernel was built):\n%s", what, out);
            memcpy(last, out, sizeof last);
        }
        return 0;
    }
    if (WIFSIGNALED(st))
        return cm_err_set("%s: %s was killed by signal %d\n%s", what, tool, WTERMSIG(st), out);
    char hint[2048];
    kb_llk_hints(out, hint, sizeof hint);
    return cm_err_set("%s: compile failed (%s exited %d):\n%s%s", what, tool, WEXITSTATUS(st), out,
                      hint);
}

/* Run argv with stdout and stderr into diag, and wait: kb_result. */
static int kb_run(char *const *argv, const char *diag, const char *what)
{
    rt_job j = {.argv = argv, .out = diag};
    rt_jobs_run(&j, 1, 1);
    return kb_result(argv[0], j.spawn_err, j.wait_err, j.status, diag, what);
}

/* ---- the commands ----------------------------------------------------------------- */

static const char *const kb_risc_names[5] = {"brisc", "ncrisc", "trisc0", "trisc1", "trisc2"};

/* A list of n strings: NULL only when empty, and no NULL in it. */
static int kb_check_list(const char *op, const char *src, const char *what, const char *const *v,
                         uint32_t n)
{
    if (n && !v) return cm_err_set("%s(%s): NULL %s for %u of them", op, src, what, n);
    for (uint32_t i = 0; i < n; i++)
        if (!v[i]) return cm_err_set("%s(%s): %s[%u] is NULL", op, src, what, i);
    return 0;
}

/* The length of the C identifier s starts with (0: none). */
static size_t kb_ident(const char *s)
{
    if (!(isalpha((unsigned char)s[0]) || s[0] == '_')) return 0;
    size_t n = 1;
    while (isalnum((unsigned char)s[n]) || s[n] == '_') n++;
    return n;
}

/* "name=value": a C identifier and a u32 (decimal, 0x hex or 0 octal) */
static int kb_named_ok(const char *a)
{
    size_t n = kb_ident(a);
    const char *eq = a + n;
    if (!n || *eq != '=') return 0;
    if (!isdigit((unsigned char)eq[1])) return 0; /* (strtoul takes "-1" and spaces) */
    char *end;
    errno = 0;
    unsigned long long v = strtoull(eq + 1, &end, 0);
    return !*end && !errno && v <= 0xffffffffull;
}

/* "NAME", "NAME=VALUE" or "NAME(args)=VALUE", NAME a C identifier (what
 * -D takes whole: an empty one would swallow the next flag) */
static int kb_define_ok(const char *d)
{
    size_t n = kb_ident(d);
    return n && (!d[n] || d[n] == '=' || d[n] == '(');
}

/* A kernel name is a file name in the cache (NAME.RISC.elf): no directory
 * part, not hidden, printable. */
static int kb_name_ok(const char *n)
{
    if (!*n || *n == '.') return 0;
    for (const char *c = n; *c; c++)
        if (*c == '/' || *c == '\\' || (unsigned char)*c < 0x20 || *c == 0x7f) return 0;
    return 1;
}

/* Whether the kernel is built as Metal 2.0 (its args:: names declared). */
static int kb_metal2(const tf_kernel_build_opts *o)
{
    return o->metal2 == 1 || o->num_runtime_arg_names || o->num_common_runtime_arg_names;
}

/* The name part of a named compile-time arg "name=value", its length. */
static size_t kb_named_len(const char *a)
{
    return strcspn(a, "=");
}

/* The names of a Metal 2.0 kernel's args (contracts/tf_named_args.h):
 * identifiers, no keyword, each once among runtime, common runtime and
 * named compile-time args, at most TF_MAX_NAMED_ARGS of each runtime
 * kind; C++ kernels only. */
static int kb_check_names(const tf_kernel_build_opts *o, const char *op)
{
    const char *s = o->source;
    if (o->metal2 != 0 && o->metal2 != 1)
        return cm_err_set("%s(%s): metal2 %d is not 0 or 1", op, s, o->metal2);
    if (!kb_metal2(o)) return 0;
    if (!kb_is_cxx(s))
        return cm_err_set("%s(%s): runtime_arg_names, common_runtime_arg_names and metal2 are for "
                          "C++ (tt-metal Metal 2.0) kernels, which read them as "
                          "get_arg(args::NAME); a C kernel reads its args by position",
                          op, s);
    static const char *const kw[] = {
#define KB_KEYWORD(k) #k,
        TF_CXX_KEYWORDS(KB_KEYWORD)
#undef KB_KEYWORD
    };
    const char *const *lists[3] = {o->runtime_arg_names, o->common_runtime_arg_names,
                                   o->named_args};
    const uint32_t counts[3] = {o->num_runtime_arg_names, o->num_common_runtime_arg_names,
                                o->num_named_args};
    static const char *const what[3] = {"runtime arg", "common runtime arg",
                                        "named compile-time arg"};
    static const char *const field[3] = {"runtime_arg_names", "common_runtime_arg_names",
                                         "named_args"};
    for (int l = 0; l < 2; l++)
        if (counts[l] > TF_MAX_NAMED_ARGS)
            return cm_err_set("%s(%s): %u %s, at most %d named %ss a kernel", op, s, counts[l],
                              field[l], TF_MAX_NAMED_ARGS, what[l]);
    for (int l = 0; l < 3; l++)
        for (uint32_t i = 0; i < counts[l]; i++) {
            const char *n = lists[l][i];
            size_t len = l == 2 ? kb_named_len(n) : strlen(n);
            if (l < 2 && (!len || kb_ident(n) != len))
                return cm_err_set("%s(%s): %s name '%s' (%s[%u]) is not a C identifier "
                                  "(letters, digits and '_', not starting with a digit)",
                                  op, s, what[l], n, field[l], i);
            for (size_t k = 0; k < sizeof kw / sizeof *kw; k++)
                if (strlen(kw[k]) == len && !strncmp(kw[k], n, len))
                    return cm_err_set("%s(%s): %s name '%.*s' (%s[%u]) is a C++ keyword, which "
                                      "cannot name args::%.*s; rename it",
                                      op, s, what[l], (int)len, n, field[l], i, (int)len, n);
            /* each name once: against the ones before it, in this list and the lists before */
            for (int m = 0; m <= l; m++)
                for (uint32_t j = 0; j < (m == l ? i : counts[m]); j++) {
                    const char *t = lists[m][j];
                    size_t tlen = m == 2 ? kb_named_len(t) : strlen(t);
                    if (tlen == len && !strncmp(t, n, len))
                        return cm_err_set("%s(%s): '%.*s' is named twice: as a %s (%s[%u]) and "
                                          "as a %s (%s[%u]); each name once among runtime, "
                                          "common runtime and named compile-time args",
                                          op, s, (int)len, n, what[m], field[m], j, what[l],
                                          field[l], i);
                }
        }
    return 0;
}

static int kb_check(const tf_kernel_build_opts *o, const char *op)
{
    if (!o || !o->source) return cm_err_set("%s: no source file given", op);
    const char *s = o->source;
    if (o->num_compile_args && !o->compile_args)
        return cm_err_set("%s(%s): NULL compile_args for %u of them", op, s, o->num_compile_args);
    if (kb_check_list(op, s, "named_args", o->named_args, o->num_named_args) ||
        kb_check_list(op, s, "defines", o->defines, o->num_defines) ||
        kb_check_list(op, s, "include_dirs", o->include_dirs, o->num_include_dirs) ||
        kb_check_list(op, s, "runtime_arg_names", o->runtime_arg_names, o->num_runtime_arg_names) ||
        kb_check_list(op, s, "common_runtime_arg_names", o->common_runtime_arg_names,
                      o->num_common_runtime_arg_names))
        return -1;
    /* clang's dependency list writes a path's backslashes as '/': the
     * cache could not find the file again (tf_kernel_build would fail after
     * compiling, tf_kernel_compile's make rule would be wrong) */
    if (strchr(s, '\\'))
        return cm_err_set("%s(%s): the source path has a backslash, which the compiler's "
                          "dependency list cannot name; rename the file or its folder",
                          op, s);
    for (uint32_t i = 0; i < o->num_include_dirs; i++)
        if (strchr(o->include_dirs[i], '\\'))
            return cm_err_set("%s(%s): include_dirs[%u] '%s' has a backslash, which the "
                              "compiler's dependency list cannot name; rename the folder",
                              op, s, i, o->include_dirs[i]);
    if (o->name && *o->name && !kb_name_ok(o->name))
        return cm_err_set("%s(%s): kernel name '%s' is not a plain file name (no '/', not "
                          "starting with '.'): it names the kernel's files in the cache",
                          op, s, o->name);
    if (o->profiler < -1 || o->profiler > 1)
        return cm_err_set("%s(%s): profiler %d is not 0 (off), 1 (on) or -1 (the build's "
                          "TT_FOIL_DEVICE_PROFILER)",
                          op, s, o->profiler);
    if ((int)o->risc < TF_BRISC || o->risc > TF_COMPUTE)
        return cm_err_set("tf_kernel_build(%s): risc %d is not TF_BRISC..TF_TRISC2 or TF_COMPUTE",
                          o->source, (int)o->risc);
    if (o->noc < -1 || o->noc > 1)
        return cm_err_set("tf_kernel_build(%s): noc must be 0, 1 or -1 (the RISC's default)",
                          o->source);
    int mf = o->math_fidelity;
    if (mf != -1 && mf != TF_MATH_LOFI && mf != TF_MATH_HIFI2 && mf != TF_MATH_HIFI3 &&
        mf != TF_MATH_HIFI4)
        return cm_err_set("tf_kernel_build(%s): math_fidelity %d is not a tf_math_fidelity "
                          "(TF_MATH_LOFI 0, HIFI2 2, HIFI3 3, HIFI4 4) or -1",
                          o->source, mf);
    if (o->fp32_dest_acc < -1 || o->fp32_dest_acc > 1 || o->math_approx < -1 || o->math_approx > 1)
        return cm_err_set("tf_kernel_build(%s): fp32_dest_acc and math_approx are 0, 1 or -1",
                          o->source);
    if (o->risc != TF_COMPUTE && (mf != -1 || o->fp32_dest_acc != -1 || o->math_approx != -1))
        return cm_err_set("tf_kernel_build(%s): math_fidelity, fp32_dest_acc and math_approx "
                          "are settings of compute kernels (risc TF_COMPUTE)",
                          o->source);
    for (uint32_t i = 0; i < o->num_named_args; i++)
        if (!kb_named_ok(o->named_args[i]))
            return cm_err_set("%s(%s): named arg '%s' is not name=u32 (a C identifier, then a "
                              "value 0..4294967295)",
                              op, o->source, o->named_args[i]);
    for (uint32_t i = 0; i < o->num_defines; i++)
        if (!kb_define_ok(o->defines[i]))
            return cm_err_set("%s(%s): define '%s' is not NAME, NAME=VALUE or "
                              "NAME(args)=VALUE (NAME a C identifier)",
                              op, s, o->defines[i]);
    for (uint32_t i = 0; i < o->num_include_dirs; i++)
        if (!*o->include_dirs[i])
            return cm_err_set("%s(%s): include_dirs[%u] is empty (a directory to search)", op, s,
                              i);
    if (!kb_is_cxx(s) && !kb_is_c(s))
        return cm_err_set("%s(%s): the source is not C (.c) or C++ (.cpp, .cc, .cxx), by its "
                          "name; rename it",
                          op, s);
    if (o->num_cb_formats && !o->cb_formats)
        return cm_err_set("%s(%s): NULL cb_formats for %u of them", op, s, o->num_cb_formats);
    if (o->num_cb_formats > TF_MAX_CBS)
        return cm_err_set("%s(%s): %u cb_formats, but there are %u circular buffers (0..%u)", op, s,
                          o->num_cb_formats, (unsigned)TF_MAX_CBS, (unsigned)TF_MAX_CBS - 1);
    if (o->num_cb_formats && !kb_is_cxx(s))
        return cm_err_set("%s(%s): cb_formats are for C++ (tt-metal) kernels, whose "
                          "get_tile_size and get_dataformat they make constants; a C kernel "
                          "reads its CBs at run time",
                          op, s);
    for (uint32_t i = 0; i < o->num_cb_formats; i++)
        if (o->cb_formats[i] != -1 && !tf_data_format_tile_size((tf_data_format)o->cb_formats[i]))
            return cm_err_set("%s(%s): cb_formats[%u] is %d, not a tf_data_format (or -1: not "
                              "given)",
                              op, s, i, o->cb_formats[i]);
    if (kb_check_names(o, op)) return -1;
    if (access(o->source, R_OK))
        return cm_err_set("tf_kernel_build: cannot read %s: %s", o->source, strerror(errno));
    struct stat sb;
    if (!stat(o->source, &sb) && !S_ISREG(sb.st_mode))
        return cm_err_set("tf_kernel_build: %s is %s, not a source file", o->source,
                          S_ISDIR(sb.st_mode) ? "a directory" : "not a regular file");
    return 0;
}

/* A failed tool run's likely cause that its own output may not name (a
 * linker that crashed on a full disk, a compiler that printed nothing):
 * a full filesystem under one of the folders written. Appended to the
 * message. */
static void kb_explain_disk(const char *const *dirs, int n)
{
    for (int i = 0; i < n; i++) {
        struct statvfs v;
        if (!dirs[i] || statvfs(dirs[i], &v)) continue;
        /* (a filesystem that reports no sizes, some FUSE and network ones,
         * has f_blocks 0: not taken for full) */
        if ((v.f_blocks && v.f_bavail == 0) || (v.f_files && v.f_favail == 0))
            cm_err_append(" (the filesystem of %s is full: No space left on device; free space "
                          "there%s)",
                          dirs[i], i ? "" : " or set TT_FOIL_CACHE_DIR / TMPDIR elsewhere");
    }
}

/* The kernel name: o->name, else the source's base name without extension. */
static void kb_name(const tf_kernel_build_opts *o, char *out, size_t cap)
{
    if (o->name && *o->name) {
        kb_fmt(out, cap, "%s", o->name);
        return;
    }
    const char *b = strrchr(o->source, '/');
    b = b ? b + 1 : o->source;
    kb_fmt(out, cap, "%s", b);
    char *dot = strrchr(out, '.');
    if (dot && dot != out) *dot = 0;
}

/* The kernel's name as its build note holds it (out, n bytes with the
 * NUL: the note's 64): whole when it fits, else its start and its end
 * around "..", cut between UTF-8 characters (ttnn has kernels of 68
 * characters: writer_tiled_out_1d_mcast_sender_conv_weights_tiled_...). */
static void kb_note_name(const char *name, char *out, size_t n)
{
    size_t len = strlen(name);
    if (len < n) {
        memcpy(out, name, len + 1);
        return;
    }
    size_t head = (n - 3) / 2, tail = n - 3 - head;
    while (head && ((unsigned char)name[head] & 0xc0) == 0x80) head--;
    size_t from = len - tail;
    while (from < len && ((unsigned char)name[from] & 0xc0) == 0x80) from++;
    memcpy(out, name, head);
    memcpy(out + head, "..", 2);
    memcpy(out + head + 2, name + from, len - from + 1);
}

/* The compile command of `src` for variant r (role: compute role or -1),
 * without -MD/-c/-o. Mirrors tf_rv32_program + tf_device_image +
 * tt_foil_add_kernel. `note`: the build note's source, force-included, or
 * NULL. */
static void kb_compile_cmd(kb_argv *a, const tf_kernel_build_opts *o, const char *name, int r,
                           int role, const char *src, const char *note)
{
    int cxx = kb_is_cxx(src), profiler = o->profiler < 0 ? TF_KB_PROFILER_DEFAULT : o->profiler;
    char buf[4200];
    kb_push(a, kb_cc(cxx));
    kb_push_list(a, tf_kb_cflags);
    if (note) { /* first: only the command line's defines reach it, as on its own */
        kb_push(a, "-include");
        kb_push(a, note);
    }
    if (cxx) {
        kb_push_list(a, tf_kb_cxxflags);
        if (r <= TF_RISC_NCRISC) kb_push_list(a, tf_kb_dm_cxxflags);
    }
    kb_fmt(buf, sizeof buf, "-DTF_RISC=%d", r);
    kb_push(a, buf);
    kb_push(a, "-DTF_BUILD_KIND=2");
    /* the name as a C string literal: '"' and '\\' escaped (a source file
     * may be called anything), shortened to fit the note (kb_note_name) */
    char short_name[sizeof(((tf_build_note *)0)->name)];
    kb_note_name(name, short_name, sizeof short_name);
    size_t n = (size_t)snprintf(buf, sizeof buf, "-DTF_BUILD_NAME=\"");
    for (const char *c = short_name; *c && n + 4 < sizeof buf; c++) {
        if (*c == '"' || *c == '\\') buf[n++] = '\\';
        buf[n++] = *c;
    }
    buf[n++] = '"';
    buf[n] = 0;
    kb_push(a, buf);
    if (profiler)
        for (const char *const *d = tf_kb_profiler_on; *d; d++) kb_pushf(a, "-D%s", *d);
    for (const char *const *d = tf_kb_risc_defines[r]; *d; d++) kb_pushf(a, "-D%s", *d);
    kb_fmt(buf, sizeof buf, "-DNOC_INDEX=%d", o->noc < 0 ? tf_kb_default_noc[r] : o->noc);
    kb_push(a, buf);
    /* the arg lists, as long as they are */
    if (o->num_compile_args) {
        kb_str d = {0};
        kb_cat(&d, "-DKERNEL_COMPILE_TIME_ARGS=");
        for (uint32_t i = 0; i < o->num_compile_args; i++)
            kb_cat(&d, "%s%u", i ? "," : "", o->compile_args[i]);
        kb_push_str(a, &d);
    }
    if (o->num_cb_formats) { /* a DataFormat per CB, 255 (Invalid) where not given */
        kb_str d = {0};
        kb_cat(&d, "-DTF_CB_FORMATS=");
        for (uint32_t i = 0; i < TF_MAX_CBS; i++) {
            int f = i < o->num_cb_formats ? o->cb_formats[i] : -1;
            kb_cat(&d, "%s%d", i ? "," : "", f < 0 ? (int)TF_DATA_FORMAT_INVALID : f);
        }
        kb_push_str(a, &d);
    }
    if (o->num_named_args) {
        kb_str d = {0};
        kb_cat(&d, "-DKERNEL_COMPILE_TIME_ARG_MAP=");
        for (uint32_t i = 0; i < o->num_named_args; i++)
            kb_cat(&d, "{\"%.*s\",%s},", (int)kb_named_len(o->named_args[i]), o->named_args[i],
                   o->named_args[i] + kb_named_len(o->named_args[i]) + 1);
        kb_push_str(a, &d);
    }
    if (kb_metal2(o)) {
        /* the names, as tt_foil/metal2_args.hpp takes them (and
         * tt_foil_add_kernel writes them): TF_M2_RTA(name,i) for runtime
         * arg word i, TF_M2_CRTA(name,i), TF_M2_CTA(name,value); empty
         * for a Metal 2.0 kernel without names */
        kb_str d = {0};
        kb_cat(&d, "-DTF_M2_ARGS=");
        for (uint32_t i = 0; i < o->num_runtime_arg_names; i++)
            kb_cat(&d, "TF_M2_RTA(%s,%u)", o->runtime_arg_names[i], i);
        for (uint32_t i = 0; i < o->num_common_runtime_arg_names; i++)
            kb_cat(&d, "TF_M2_CRTA(%s,%u)", o->common_runtime_arg_names[i], i);
        for (uint32_t i = 0; i < o->num_named_args; i++)
            kb_cat(&d, "TF_M2_CTA(%.*s,%s)", (int)kb_named_len(o->named_args[i]), o->named_args[i],
                   o->named_args[i] + kb_named_len(o->named_args[i]) + 1);
        kb_push_str(a, &d);
    }
    if (role >= 0) {
        kb_fmt(buf, sizeof buf, "-DTF_COMPUTE_ROLE=%d", role);
        kb_push(a, buf);
    }
    /* the compute settings, as tt_foil_add_kernel's MATH_FIDELITY etc. */
    const char *const fid[5] = {"LOFI", NULL, "HIFI2", "HIFI3", "HIFI4"};
    if (o->math_fidelity >= 0)
        kb_pushf(a, "-DTF_MATH_FIDELITY=TF_FIDELITY_%s", fid[o->math_fidelity]);
    if (o->fp32_dest_acc >= 0)
        kb_push(a, o->fp32_dest_acc ? "-DTF_FP32_DEST_ACC=1" : "-DTF_FP32_DEST_ACC=0");
    if (o->math_approx >= 0)
        kb_push(a, o->math_approx ? "-DTF_MATH_APPROX=1" : "-DTF_MATH_APPROX=0");
    for (uint32_t i = 0; i < o->num_defines; i++) kb_pushf(a, "-D%s", o->defines[i]);
    if (cxx)
        for (const char *const *d = tf_kb_cxx_includes; *d; d++) {
            kb_fmt(buf, sizeof buf, "-I%s", *d);
            kb_push_table(a, buf);
        }
    for (uint32_t i = 0; i < o->num_include_dirs; i++) kb_pushf(a, "-I%s", o->include_dirs[i]);
    for (const char *const *d = tf_kb_includes; *d; d++) {
        kb_fmt(buf, sizeof buf, "-I%s", *d);
        kb_push_table(a, buf);
    }
}

/* Dependencies from a -MD file, appended (one path per line) to deps. */
static void kb_read_deps(const char *dfile, kb_argv *deps)
{
    FILE *f = fopen(dfile, "r");
    if (!f) return;
    char word[4096];
    size_t n = 0;
    int c, target = 1;
    /* make's quoting, as clang writes it: backslash-newline continues the
     * line, "\\ " and "\\#" are a space and a '#' in a path, "$$" is '$';
     * any other backslash is itself (clang writes a path's own backslashes
     * as '/': kb_check refuses such paths) */
    while ((c = fgetc(f)) != EOF) {
        if (c == '\\') {
            int d = fgetc(f);
            if (d == '\n') continue;
            if (d != ' ' && d != '#') {
                if (d != EOF) ungetc(d, f);
                d = '\\';
            }
            if (n < sizeof word - 1) word[n++] = (char)d;
            continue;
        }
        if (c == '$') {
            int d = fgetc(f);
            if (d != '$' && d != EOF) ungetc(d, f);
        }
        if (c == ' ' || c == '\n' || c == '\t') {
            if (n) {
                word[n] = 0;
                if (target && word[n - 1] == ':')
                    target = 0;
                else if (!target)
                    kb_push(deps, word);
                n = 0;
            }
            continue;
        }
        if (n < sizeof word - 1) word[n++] = (char)c;
    }
    if (n && !target) {
        word[n] = 0;
        kb_push(deps, word);
    }
    fclose(f);
}

/* ---- tf_builtins.c, once per compiler and flags ---------------------------------- */

/* The builtins (mem*, 64-bit division) read no define and no header of the
 * kernel's: one object serves every kernel built with the same compiler
 * and flags. With the build's own compiler it is kept in the kernel cache
 * as a kernel's ELFs are, under builtins-<key>.deps and
 * builtins-<key>-<deps>/tf_builtins.o (<key>: the compiler, its version and
 * the command; <deps>: the files it read), so a kernel's build reuses it;
 * with TT_FOIL_KERNEL_CC (a wrapper, a test) each kernel compiles its
 * own, as the rest of the kernel. */
static void kb_builtins_cmd(kb_argv *a)
{
    char buf[4200];
    kb_push(a, kb_cc(0));
    kb_push_list(a, tf_kb_cflags);
    for (const char *const *d = tf_kb_includes; *d; d++) {
        kb_fmt(buf, sizeof buf, "-I%s", *d);
        kb_push_table(a, buf);
    }
}

static int kb_deps_hash(const char *deps_file, char out[33], char *gone, size_t ngone);

/* Where the builtins live in `cache`: base (<cache>/builtins-<key>) and, if
 * a complete entry is there now, its object in obj (1); 0: build it. */
static int kb_builtins_find(const char *cache, const char *src, char *base, size_t nbase, char *obj,
                            size_t nobj)
{
    kb_argv a = {0};
    kb_builtins_cmd(&a);
    kb_push(&a, src);
    if (a.oom) {
        kb_free(&a);
        return -1;
    }
    kb_hash h;
    kb_hash_init(&h);
    kb_hash_str(&h, "tt-foil kbuild builtins 1");
    kb_hash_str(&h, TF_KB_COMPILER_VERSION);
    for (size_t i = 0; i < a.n; i++) kb_hash_str(&h, a.v[i]);
    kb_free(&a);
    char key[33], dh[33], deps_file[4300];
    kb_hash_hex(&h, key);
    kb_fmt(base, nbase, "%s/builtins-%s", cache, key);
    kb_fmt(deps_file, sizeof deps_file, "%s.deps", base);
    if (kb_deps_hash(deps_file, dh, NULL, 0)) return 0;
    kb_fmt(obj, nobj, "%s-%s/tf_builtins.o", base, dh);
    if (access(obj, R_OK)) return 0;
    char entry[4400];
    kb_fmt(entry, sizeof entry, "%s-%s", base, dh);
    rt_kb_touch(entry);            /* used: the cache's bound keeps it */
    return access(obj, R_OK) == 0; /* (still there once marked: a removal reads its time again) */
}

/* The lines of a deps file, appended to deps. */
static void kb_read_lines(const char *path, kb_argv *deps)
{
    FILE *f = fopen(path, "r");
    char line[4200];
    while (f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (line[0]) kb_push(deps, line);
    }
    if (f) fclose(f);
}

/* Publish the builtins compiled into tmp (tf_builtins.o and its .d) as the
 * entry of base, by rename as kernels are (base NULL: the compile failed,
 * nothing to keep); tmp is gone after. */
static void kb_builtins_publish(const char *tmp, const char *base)
{
    char obj[4300], dfile[4300], list[4300], diag[4300], entry[4400], keep[4400], dh[33];
    kb_fmt(obj, sizeof obj, "%s/tf_builtins.o", tmp);
    kb_fmt(dfile, sizeof dfile, "%s/tf_builtins.o.d", tmp);
    kb_fmt(list, sizeof list, "%s/deps", tmp);
    kb_fmt(diag, sizeof diag, "%s/diag.txt", tmp);
    kb_argv deps = {0};
    kb_read_deps(dfile, &deps);
    FILE *f = !base || access(obj, R_OK) ? NULL : fopen(list, "w"); /* (or none written) */
    for (size_t i = 0; f && i < deps.n; i++) fprintf(f, "%s\n", deps.v[i]);
    int ok = f && !deps.oom && deps.n;
    if (f && fclose(f)) ok = 0;
    kb_free(&deps);
    unlink(dfile);
    unlink(diag);
    if (ok && !kb_deps_hash(list, dh, NULL, 0)) {
        kb_fmt(entry, sizeof entry, "%s-%s", base, dh);
        kb_fmt(keep, sizeof keep, "%s.deps.tmp%d", base, (int)getpid());
        if (rename(list, keep)) unlink(list);
        int first = !rename(tmp, entry);
        /* the deps file either way: another process was first, or the
         * entry stayed when its deps file went (the cache's bound) */
        kb_fmt(list, sizeof list, "%s.deps", base);
        if (rename(keep, list)) unlink(keep);
        if (first) return;
        rt_kb_touch(entry); /* (used now: the bound keeps it) */
        kb_fmt(list, sizeof list, "%s/deps", tmp);
    }
    unlink(list);
    unlink(obj);
    rmdir(tmp);
}

/* ---- the build -------------------------------------------------------------------- */

enum { KB_COMPILE, KB_LINK };

/* One kernel's build: its compiles and links as jobs (src/jobs.c), in the
 * order a sequential build runs them, which is the order their results
 * are read in. */
typedef struct kb_build {
    rt_job jobs[RT_JOBS_MAX];
    kb_argv argv[RT_JOBS_MAX], driver[RT_JOBS_MAX]; /* driver: a direct link's fallback */
    int kind[RT_JOBS_MAX], risc[RT_JOBS_MAX];
    char diag[RT_JOBS_MAX][4300], dfile[RT_JOBS_MAX][4300], tmp[5][4400], elf[5][4300];
    int n;
} kb_build;

/* The direct link's command (tf_kb_lld_argv) for these objects, or an
 * empty one: TT_FOIL_KERNEL_CC replaces the compiler (whose driver then
 * links), or the build found no linker command to take. */
static void kb_lld_cmd(kb_argv *a, const char *script, char obj[][4200], int nobj, const char *out)
{
    if (kb_cc_replaced() || !tf_kb_lld_argv[0]) return;
    for (const char *const *w = tf_kb_lld_argv; *w; w++) {
        if (!strcmp(*w, "{script}"))
            kb_push_table(a, script);
        else if (!strcmp(*w, "{out}"))
            kb_push(a, out);
        else if (!strcmp(*w, "{objects}"))
            for (int s = 0; s < nobj; s++) kb_push(a, obj[s]);
        else
            kb_push(a, *w);
    }
}

/* Build every variant of the kernel into <out_prefix>.<risc>.elf (each by
 * a temporary name renamed into place), its scratch files in dir,
 * collecting the files read into deps (if given). The compiles and links
 * run side by side (rt_jobs_width at a time); the first failure in the
 * sequential order (kernel, note, builtins, link, then the next RISC) is
 * the one reported, with what the tool printed, and the warnings of the
 * steps before it, as a sequential build reports them. The builtins come
 * from `cache` when it is given (kb_builtins_find). */
/* `#pragma GCC unroll 0` (tt-llk's Blackhole SFPU functions write it: GCC
 * unrolls nothing, as with 1) is an error in clang 14 ("invalid value '0';
 * must be positive"). A C++ kernel whose build failed so is built again
 * through its text with the includes inlined (-E -frewrite-includes: the
 * macros stay unexpanded, so diagnostics inside them read as usual, and the
 * line markers keep the kernel's files and lines), each such pragma made
 * `unroll 1` there (however it is spaced; a _Pragma in a macro is not
 * rewritten, and fails as before). cmake/tf_rv32_cxx.sh does the same for
 * tt_foil_add_kernel. */
static int kb_unroll0(const char *msg)
{
    return msg && strstr(msg, "invalid value '0'; must be positive");
}

/* `line` is `#pragma GCC unroll 0` with any blanks: the offset of its 0. */
static size_t kb_unroll0_at(const char *line)
{
    static const char *const words[] = {"#", "pragma", "GCC", "unroll", "0"};
    const char *t = line;
    for (size_t w = 0; w < 5; w++) {
        const char *s = t;
        while (*t == ' ' || *t == '\t') t++;
        if (w >= 2 && t == s) return 0; /* (words after "pragma" need a blank before) */
        size_t k = strlen(words[w]);
        if (strncmp(t, words[w], k)) return 0;
        if (w == 4) {
            const char *e = t + 1;
            while (*e == ' ' || *e == '\t' || *e == '\r') e++;
            return *e == '\n' || !*e ? (size_t)(t - line) : 0;
        }
        t += k;
    }
    return 0;
}

/* The text at path with each `#pragma GCC unroll 0` line made `... unroll
 * 1`, in place. */
static int kb_unroll0_fix(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return cm_err_set("%s: %s", path, strerror(errno));
    char tmp[4400], line[8192];
    kb_fmt(tmp, sizeof tmp, "%s.fix", path);
    FILE *g = fopen(tmp, "wb");
    if (!g) {
        fclose(f);
        return cm_err_set("%s: %s", tmp, strerror(errno));
    }
    while (fgets(line, sizeof line, f)) {
        size_t at = kb_unroll0_at(line);
        if (at) line[at] = '1';
        fputs(line, g);
    }
    int bad = ferror(f) || ferror(g);
    fclose(f);
    if (fclose(g) || bad || rename(tmp, path)) {
        unlink(tmp);
        return cm_err_set("%s: cannot rewrite the kernel's text", path);
    }
    return 0;
}

static int kb_build_once(const tf_kernel_build_opts *o, const char *name, const char *dir,
                         const char *out_prefix, kb_argv *deps, const char *cache, int pp);

/* The sources this process has built through their rewritten text: the
 * next build of one (a program building variants of a kernel, a test its
 * modes) goes there directly instead of failing first; the rewrite builds
 * any kernel's code, messages and lines as the plain compile would (and
 * its ELF, but for the line table's MD5 checksums), so a source since
 * edited loses nothing. */
static pthread_mutex_t kb_pp_lock = PTHREAD_MUTEX_INITIALIZER;
static char kb_pp_seen[16][256];
static unsigned kb_pp_next;

static int kb_pp_known(const char *source, int add)
{
    int hit = 0;
    if (strlen(source) >= sizeof kb_pp_seen[0]) return 0;
    pthread_mutex_lock(&kb_pp_lock);
    for (size_t i = 0; i < 16 && !hit; i++) hit = !strcmp(kb_pp_seen[i], source);
    if (add && !hit) snprintf(kb_pp_seen[kb_pp_next++ % 16], sizeof kb_pp_seen[0], "%s", source);
    pthread_mutex_unlock(&kb_pp_lock);
    return hit;
}

static int kb_build_into(const tf_kernel_build_opts *o, const char *name, const char *dir,
                         const char *out_prefix, kb_argv *deps, const char *cache)
{
    if (kb_is_cxx(o->source) && kb_pp_known(o->source, 0))
        return kb_build_once(o, name, dir, out_prefix, deps, cache, 1);
    int rc = kb_build_once(o, name, dir, out_prefix, deps, cache, 0);
    if (rc && kb_is_cxx(o->source) && kb_unroll0(tf_last_error())) {
        kb_pp_known(o->source, 1);
        if (deps) { /* (what the failed build read) */
            kb_free(deps);
            memset(deps, 0, sizeof *deps);
        }
        rc = kb_build_once(o, name, dir, out_prefix, deps, cache, 1);
    }
    return rc;
}

static int kb_build_once(const tf_kernel_build_opts *o, const char *name, const char *dir,
                         const char *out_prefix, kb_argv *deps, const char *cache, int pp)
{
    int first, last;
    rt_risc_span(o->risc, &first, &last);
    char note_c[4200], builtins_c[4200], bbase[4300], bobj[4400], btmp[4400] = "";
    const char *note = kb_expand(TF_KB_BUILD_NOTE_C, note_c, sizeof note_c),
               *builtins = kb_expand(TF_KB_BUILTINS_C, builtins_c, sizeof builtins_c),
               *inl = note; /* (always into the kernel's own unit) */
    kb_build *b = calloc(1, sizeof *b);
    if (!b) return cm_err_set("out of host memory");
    int bhave = 0;
    if (cache && !kb_cc_replaced()) {
        bhave = kb_builtins_find(cache, builtins, bbase, sizeof bbase, bobj, sizeof bobj);
        if (bhave < 0) {
            free(b);
            return cm_err_set("out of host memory");
        }
        if (!bhave) { /* compiled into the cache, published after */
            kb_fmt(btmp, sizeof btmp, "%s/tmp-builtins-XXXXXX", cache);
            if (!mkdtemp(btmp)) btmp[0] = 0; /* then with the kernel, as without a cache */
        }
    }
    int bjob = -1, oom = 0, pre_rc = 0;
    for (int r = first; r <= last && !pre_rc; r++) {
        int role = o->risc == TF_COMPUTE ? r - TF_RISC_TRISC0 : -1, kjob = -1, njob = -1;
        char obj[3][4200];
        int nobj = 0;
        for (int s = 0; s < 3; s++) {
            if (s == 1) continue; /* (the note: in the kernel's unit) */
            if (s == 2 && bhave) {
                kb_fmt(obj[nobj++], sizeof obj[0], "%s", bobj);
                continue;
            }
            if (s == 2 && r > first) { /* the first RISC's, shared */
                kb_fmt(obj[nobj++], sizeof obj[0], "%s", b->argv[bjob].v[b->argv[bjob].n - 1]);
                continue;
            }
            int j = b->n++;
            kb_argv *a = &b->argv[j];
            if (s == 2 && btmp[0]) {
                kb_fmt(obj[nobj], sizeof obj[0], "%s/tf_builtins.o", btmp);
                kb_fmt(b->diag[j], sizeof b->diag[j], "%s/diag.txt", btmp);
            } else {
                kb_fmt(obj[nobj], sizeof obj[0], "%s/%s.%d.o", dir, kb_risc_names[r], s);
                kb_fmt(b->diag[j], sizeof b->diag[j], "%s/%s.%d.txt", dir, kb_risc_names[r], s);
            }
            kb_fmt(b->dfile[j], sizeof b->dfile[j], "%s.d", obj[nobj]);
            if (s == 2) {
                kb_builtins_cmd(a);
            } else { /* (the rewritten text has the note in it already) */
                kb_compile_cmd(a, o, name, r, role, o->source, pp ? NULL : inl);
            }
            if (pp && s == 0) { /* (kb_build_into) */
                /* the text under the source's own file name (the ELF's FILE
                 * symbol) in a folder of the RISC's, and the compile unit
                 * named by the source (-main-file-name): the ELF is the one
                 * the plain compile of the same code would make */
                char ii[4300];
                const char *base = strrchr(o->source, '/');
                kb_fmt(ii, sizeof ii, "%s/%s.pp", dir, kb_risc_names[r]);
                if (mkdir(ii, 0700) && errno != EEXIST) {
                    pre_rc = cm_err_set("%s: %s", ii, strerror(errno));
                    break;
                }
                kb_fmt(ii, sizeof ii, "%s/%s.pp/%s", dir, kb_risc_names[r],
                       base ? base + 1 : o->source);
                kb_argv e = {0};
                kb_compile_cmd(&e, o, name, r, role, o->source, inl);
                kb_push(&e, "-E");
                kb_push(&e, "-frewrite-includes");
                kb_push(&e, "-MD");
                kb_push(&e, "-MF");
                kb_push(&e, b->dfile[j]);
                kb_push(&e, o->source);
                kb_push(&e, "-o");
                kb_push(&e, ii);
                int prc =
                    e.oom ? cm_err_set("out of host memory") : kb_run(e.v, b->diag[j], o->source);
                kb_free(&e);
                if (!prc) prc = kb_unroll0_fix(ii);
                if (prc) {
                    pre_rc = -1;
                    break;
                }
                kb_push(a, "-Xclang");
                kb_push(a, "-main-file-name");
                kb_push(a, "-Xclang");
                kb_push(a, o->source);
                kb_push(a, "-x");
                kb_push(a, "c++");
                kb_push(a, "-c");
                kb_push(a, ii);
            } else {
                kb_push(a, "-MD");
                kb_push(a, "-MF");
                kb_push(a, b->dfile[j]);
                kb_push(a, "-c");
                kb_push(a, s == 0 ? o->source : s == 1 ? note : builtins);
            }
            kb_push(a, "-o");
            kb_push(a, obj[nobj++]);
            b->kind[j] = KB_COMPILE;
            b->risc[j] = r;
            *(s == 0 ? &kjob : s == 1 ? &njob : &bjob) = j;
        }
        if (pre_rc) break;
        /* the link, after this RISC's compiles */
        int j = b->n++;
        kb_fmt(b->elf[r], sizeof b->elf[r], "%s.%s.elf", out_prefix, kb_risc_names[r]);
        kb_fmt(b->tmp[r], sizeof b->tmp[r], "%s.tmp%d", b->elf[r], (int)getpid());
        kb_fmt(b->diag[j], sizeof b->diag[j], "%s/%s.3.txt", dir, kb_risc_names[r]);
        char script[4200];
        kb_fmt(script, sizeof script, "%s/kernel_%s.ld", TF_KB_LD_DIR, kb_risc_names[r]);
        kb_argv *l = &b->driver[j];
        kb_push(l, kb_cc(0));
        kb_push_list(l, tf_kb_cflags);
        char ld[4300];
        kb_fmt(ld, sizeof ld, "--ld-path=%s", TF_KB_LLD);
        kb_push(l, ld);
        kb_push_list(l, tf_kb_ldflags);
        kb_fmt(ld, sizeof ld, "-Wl,-T,%s", script);
        kb_push_table(l, ld);
        for (int s = 0; s < nobj; s++) kb_push(l, obj[s]);
        kb_push(l, "-o");
        kb_push(l, b->tmp[r]);
        kb_lld_cmd(&b->argv[j], script, obj, nobj, b->tmp[r]);
        if (!b->argv[j].n) { /* the driver's, as the only one */
            b->argv[j] = *l;
            memset(l, 0, sizeof *l);
        }
        b->kind[j] = KB_LINK;
        b->risc[j] = r;
        if (kjob >= 0) b->jobs[j].deps[b->jobs[j].ndeps++] = kjob;
        if (njob >= 0) b->jobs[j].deps[b->jobs[j].ndeps++] = njob;
        if (bjob >= 0) b->jobs[j].deps[b->jobs[j].ndeps++] = bjob;
    }
    for (int j = 0; j < b->n; j++) {
        oom |= b->argv[j].oom || b->driver[j].oom;
        b->jobs[j].argv = b->argv[j].v;
        b->jobs[j].out = b->diag[j];
    }
    int rc = 0, done = -1;
    if (oom) {
        rc = cm_err_set("out of host memory");
    } else if (pre_rc) {
        rc = -1; /* (the preprocessing's message) */
    } else {
        rt_jobs_run(b->jobs, b->n, rt_jobs_width());
        /* the results in order, as a sequential build met them */
        for (int j = 0; j < b->n && !rc; j++) {
            rt_job *jb = &b->jobs[j];
            int r = b->risc[j];
            if (jb->state != RT_JOB_DONE) { /* (not reached: a failure before it stops first) */
                rc = cm_err_set("%s: the build stopped before step %d", o->source, j);
                break;
            }
            if (b->kind[j] == KB_COMPILE) {
                rc = kb_result(jb->argv[0], jb->spawn_err, jb->wait_err, jb->status, b->diag[j],
                               o->source);
                if (rc) {
                    const char *where[] = {j == bjob && btmp[0] ? btmp : dir};
                    kb_explain_disk(where, 1);
                } else if (deps) {
                    kb_read_deps(b->dfile[j], deps);
                }
                continue;
            }
            /* a direct link that failed runs again through the driver: its
             * message is the driver's, as always */
            if (!rt_job_ok(jb) && b->driver[j].n) {
                unlink(b->tmp[r]);
                rc = kb_run(b->driver[j].v, b->diag[j], o->source);
            } else {
                rc = kb_result(jb->argv[0], jb->spawn_err, jb->wait_err, jb->status, b->diag[j],
                               o->source);
            }
            if (rc) {
                char edir[4300];
                kb_fmt(edir, sizeof edir, "%s", b->elf[r]);
                char *slash = strrchr(edir, '/');
                if (slash) *slash = 0;
                const char *where[] = {dir, slash ? edir : "."};
                kb_explain_disk(where, 2);
                break;
            }
            if (access(b->tmp[r], F_OK)) {
                rc = cm_err_set("%s: the compiler (%s) exited 0 but linked no ELF (%s): is it a "
                                "compiler? (TT_FOIL_KERNEL_CC replaces it)",
                                o->source, kb_cc(0), b->elf[r]);
                break;
            }
            done = r;
        }
    }
    /* the ELFs into place once every RISC's link succeeded: a build that
     * fails replaces none of them (a compute kernel's TRISC1 link failing
     * left a new trisc0 ELF beside the old trisc1 and trisc2: a set that
     * loads as one kernel) */
    for (int r = first; !rc && r <= done; r++)
        if (rename(b->tmp[r], b->elf[r]))
            rc = cm_err_set("%s: cannot rename %s to %s: %s", o->source, b->tmp[r], b->elf[r],
                            strerror(errno));
    /* what a failure left: the temporary ELFs */
    for (int r = first; r <= last; r++)
        if (b->tmp[r][0]) unlink(b->tmp[r]);
    if (btmp[0]) kb_builtins_publish(btmp, bjob >= 0 && rt_job_ok(&b->jobs[bjob]) ? bbase : NULL);
    if (!rc && deps && bhave) { /* the shared object's files are this kernel's too */
        char list[4400];
        kb_fmt(list, sizeof list, "%s.deps", bbase);
        kb_read_lines(list, deps);
    }
    for (int j = 0; j < b->n; j++) {
        kb_free(&b->argv[j]);
        kb_free(&b->driver[j]);
    }
    free(b);
    return rc ? -1 : 0;
}

/* Remove the scratch files of a build in dir (diagnostics, objects and
 * their dependency files); with the ELFs under prefix and the directory
 * itself when `all`. */
static void kb_clean(const char *dir, const char *prefix, int all)
{
    char p[4500];
    for (int r = 0; r < 5; r++) {
        for (int s = 0; s < 4; s++) {
            kb_fmt(p, sizeof p, "%s/%s.%d.txt", dir, kb_risc_names[r], s);
            unlink(p);
            if (s == 3) continue;
            kb_fmt(p, sizeof p, "%s/%s.%d.o", dir, kb_risc_names[r], s);
            unlink(p);
            kb_fmt(p, sizeof p, "%s/%s.%d.o.d", dir, kb_risc_names[r], s);
            unlink(p);
        }
        /* (kb_build_into's text with the includes inlined, and its rewrite) */
        kb_fmt(p, sizeof p, "%s/%s.pp", dir, kb_risc_names[r]);
        (void)rt_kb_rmdir(AT_FDCWD, p);
        if (all && prefix) {
            kb_fmt(p, sizeof p, "%s.%s.elf", prefix, kb_risc_names[r]);
            unlink(p);
        }
    }
    if (all) rmdir(dir);
}

static int kb_cache_path(char *out, size_t cap);

int tf_kernel_compile(const tf_kernel_build_opts *o, const char *out)
{
    if (kb_check(o, "tf_kernel_compile")) return -1;
    if (!out || !*out) return cm_err_set("tf_kernel_compile(%s): no output name", o->source);
    /* where the ELFs go, checked before compiling (it once came out as the
     * linker's "compile failed", naming its temporary file) */
    char odir[4200];
    kb_fmt(odir, sizeof odir, "%s", out);
    char *slash = strrchr(odir, '/');
    if (slash) slash == odir ? (void)(slash[1] = 0) : (void)(*slash = 0);
    const char *od = slash ? odir : ".";
    struct stat sb;
    if (stat(od, &sb) || !S_ISDIR(sb.st_mode) || access(od, W_OK))
        return cm_err_set("tf_kernel_compile(%s): cannot write the output %s.*.elf: its folder "
                          "%s: %s; create it or choose another output name",
                          o->source, out, od,
                          stat(od, &sb)          ? strerror(errno)
                          : !S_ISDIR(sb.st_mode) ? "not a directory"
                                                 : "not writable");
    int first, last;
    rt_risc_span(o->risc, &first, &last);
    for (int r = first; r <= last; r++) {
        char elf[4300];
        kb_fmt(elf, sizeof elf, "%s.%s.elf", out, kb_risc_names[r]);
        if (!stat(elf, &sb) && S_ISDIR(sb.st_mode))
            return cm_err_set("tf_kernel_compile(%s): the output %s is a directory; remove it or "
                              "choose another output name",
                              o->source, elf);
    }
    char name[256], dir[4200];
    kb_name(o, name, sizeof name);
    const char *t = getenv("TMPDIR");
    kb_fmt(dir, sizeof dir, "%s/tt_foil_cc.XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(dir)) return cm_err_set("tf_kernel_compile: mkdtemp %s: %s", dir, strerror(errno));
    /* the builtins from the kernel cache when there is one */
    char cache[4096];
    int rc =
        kb_build_into(o, name, dir, out, NULL, kb_cache_path(cache, sizeof cache) ? NULL : cache);
    kb_clean(dir, NULL, 1);
    return rc;
}

/* ---- the cache ------------------------------------------------------------------ */

static int kb_mkdirs(const char *path)
{
    char p[4200];
    kb_fmt(p, sizeof p, "%s", path);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/') continue;
        *s = 0;
        if (mkdir(p, 0755) && errno != EEXIST) return -1;
        *s = '/';
    }
    return mkdir(p, 0755) && errno != EEXIST ? -1 : 0;
}

/* The cache directory, created: 0; -1 no place for it (neither variable
 * set), -2 it cannot be created (errno). */
static int kb_cache_path(char *out, size_t cap)
{
    const char *e = getenv(tf_env_name(TF_ENV_CACHE_DIR));
    if (e && *e) {
        kb_fmt(out, cap, "%s", e);
    } else {
        const char *home = getenv("HOME");
        if (!home || !*home) return -1;
        kb_fmt(out, cap, "%s/.cache/tt-foil/kernels", home);
    }
    return kb_mkdirs(out) ? -2 : 0;
}

static int kb_cache_dir(char *out, size_t cap)
{
    int rc = kb_cache_path(out, cap);
    if (rc == -1)
        return cm_err_set("tf_kernel_build: neither TT_FOIL_CACHE_DIR nor HOME is set: set "
                          "TT_FOIL_CACHE_DIR to a directory for compiled kernels");
    if (rc)
        return cm_err_set("tf_kernel_build: cannot create the kernel cache %s: %s (set "
                          "TT_FOIL_CACHE_DIR)",
                          out, strerror(errno));
    return 0;
}

/* The key: compiler, version, every command word, the source's contents. */
static int kb_key(const tf_kernel_build_opts *o, const char *name, char out[33])
{
    kb_hash h;
    kb_hash_init(&h);
    kb_hash_str(&h, "tt-foil kbuild 2"); /* 2: the note in the kernel's unit, ld.lld direct */
    kb_hash_str(&h, TF_KB_COMPILER_VERSION);
    kb_hash_str(&h, TF_KB_LLD);
    for (const char *const *l = tf_kb_lld_argv; *l; l++) kb_hash_str(&h, *l);
    char note_c[4200];
    const char *inl = kb_expand(TF_KB_BUILD_NOTE_C, note_c, sizeof note_c);
    kb_hash_str(&h, o->risc == TF_COMPUTE ? "compute" : kb_risc_names[o->risc]);
    /* the whole name: the entry's files are named after it, and the
     * command holds only the note's shortened form (kb_note_name) */
    kb_hash_str(&h, name);
    int first, last;
    rt_risc_span(o->risc, &first, &last);
    for (int r = first; r <= last; r++) {
        kb_argv a = {0};
        kb_compile_cmd(&a, o, name, r, o->risc == TF_COMPUTE ? r - TF_RISC_TRISC0 : -1, o->source,
                       inl);
        if (a.oom) return cm_err_set("out of host memory");
        for (size_t i = 0; i < a.n; i++) kb_hash_str(&h, a.v[i]);
        kb_free(&a);
    }
    for (const char *const *l = tf_kb_ldflags; *l; l++) kb_hash_str(&h, *l);
    kb_hash_str(&h, o->source);
    if (kb_hash_file(&h, o->source))
        return cm_err_set("tf_kernel_build: cannot read %s: %s", o->source, strerror(errno));
    kb_hash_hex(&h, out);
    return 0;
}

/* Hash of the contents of every file listed in deps_file; -1 if any is
 * gone (its name in `gone`, if given). */
static int kb_deps_hash(const char *deps_file, char out[33], char *gone, size_t ngone)
{
    FILE *f = fopen(deps_file, "r");
    if (!f) return -1;
    kb_hash h;
    kb_hash_init(&h);
    char line[4200];
    int rc = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (!line[0]) continue;
        kb_hash_str(&h, line);
        if (kb_hash_file(&h, line)) {
            if (gone) kb_fmt(gone, ngone, "%s", line);
            rc = -1;
            break;
        }
    }
    fclose(f);
    kb_hash_hex(&h, out);
    return rc;
}

static int kb_have(const char *entry, const char *name, const tf_kernel_build_opts *o)
{
    char p[4400];
    const char *r = o->risc == TF_COMPUTE ? "trisc2" : kb_risc_names[o->risc];
    kb_fmt(p, sizeof p, "%s/%s.%s.elf", entry, name, r);
    return access(p, R_OK) == 0;
}

tf_kernel *tf_kernel_build(tf_device *dev, const tf_kernel_build_opts *o)
{
    TF_ZONE_N("TF_kernel_compile");
    if (!dev) return cm_err_null("tf_kernel_build: no device");
    if (kb_check(o, "tf_kernel_build")) return NULL;
    char name[256], cache[4096], key[33], dh[33], deps_file[4200], entry[4300], tmpdir[4300];
    kb_name(o, name, sizeof name);
    if (kb_cache_dir(cache, sizeof cache) || kb_key(o, name, key)) return NULL;
    kb_fmt(deps_file, sizeof deps_file, "%s/%s.deps", cache, key);
    int tries = 0;
again:;
    int hit = kb_deps_hash(deps_file, dh, NULL, 0) == 0;
    if (hit) {
        kb_fmt(entry, sizeof entry, "%s/%s-%s", cache, key, dh);
        hit = kb_have(entry, name, o);
    }
    TF_ZONE_TEXT(hit ? "hit" : "miss", hit ? 3 : 4);
    if (hit) rt_kb_touch(entry); /* used: the cache's bound keeps it */
    if (!hit) {
        kb_fmt(tmpdir, sizeof tmpdir, "%s/tmp-%s-XXXXXX", cache, key);
        if (!mkdtemp(tmpdir))
            return cm_err_null("tf_kernel_build: mkdtemp in %s: %s", cache, strerror(errno));
        char prefix[4400];
        kb_fmt(prefix, sizeof prefix, "%s/%s", tmpdir, name);
        kb_argv deps = {0};
        if (kb_build_into(o, name, tmpdir, prefix, &deps, cache)) {
            kb_free(&deps);
            kb_clean(tmpdir, prefix, 1);
            return NULL;
        }
        /* the deps file, then the entry named by their contents now */
        char tmpdeps[4400];
        kb_fmt(tmpdeps, sizeof tmpdeps, "%s/deps", tmpdir);
        FILE *f = fopen(tmpdeps, "w");
        for (size_t i = 0; f && i < deps.n; i++) fprintf(f, "%s\n", deps.v[i]);
        int werr = !f || deps.oom || fclose(f);
        kb_free(&deps);
        char gone[4200] = "";
        if (werr || kb_deps_hash(tmpdeps, dh, gone, sizeof gone)) {
            int err = errno;
            unlink(tmpdeps);
            kb_clean(tmpdir, prefix, 1);
            if (gone[0])
                return cm_err_null("tf_kernel_build(%s): cannot record its dependencies in %s: "
                                   "'%s', which the compiler listed as read, cannot be read (%s)",
                                   o->source, cache, gone, strerror(err));
            return cm_err_null("tf_kernel_build(%s): cannot record its dependencies in %s: %s",
                               o->source, cache, strerror(err ? err : EIO));
        }
        kb_fmt(entry, sizeof entry, "%s/%s-%s", cache, key, dh);
        /* scratch files out, ELFs stay; then publish */
        char keep[4500];
        kb_fmt(keep, sizeof keep, "%s.tmp%d", deps_file, (int)getpid()); /* <key>.deps.tmp<pid> */
        if (rename(tmpdeps, keep)) unlink(tmpdeps);
        kb_clean(tmpdir, prefix, 0);
        if (rename(tmpdir, entry)) { /* another process was first, or an earlier build */
            kb_clean(tmpdir, prefix, 1);
            rt_kb_touch(entry); /* (used now: the bound keeps it) */
        }
        if (rename(keep, deps_file)) unlink(keep);
        rt_kb_prune_maybe(cache); /* (src/kbprune.c: at most every few minutes) */
    }
    char path[4500];
    if (o->risc == TF_COMPUTE)
        kb_fmt(path, sizeof path, "%s/%s.compute", entry, name);
    else
        kb_fmt(path, sizeof path, "%s/%s.%s.elf", entry, name, kb_risc_names[o->risc]);
    /* The load's zone text names the source and what was built of it, not
     * the cache path: that holds the source's hash, so a profile before
     * an edit and one after would name the same kernel two ways (compare
     * set them apart as "gone" and "new"; the phases named them so). */
    char text[4500];
    kb_fmt(text, sizeof text, "%s (%s.%s, tf_kernel_build)", o->source, name,
           o->risc == TF_COMPUTE ? "compute" : kb_risc_names[o->risc]);
    tf_kernel *k = rt_kernel_load_as(dev, path, text);
    /* an entry another process's bound removed before the load (after its
     * lookup, or after this build found it published already): a miss
     * after all (it went whole: by rename). A few times at most. */
    if (!k && access(entry, F_OK) && errno == ENOENT && ++tries < 3) goto again;
    return k;
}
