/* Metal 2.0 named kernel arguments on the host (docs/kernels.md, "Named
 * arguments"): the names a kernel built as Metal 2.0 carries
 * (contracts/tf_named_args.h), checked when its image is read; setting
 * args by name and the varargs after them, beside the positional calls
 * (kernel.c), all of them words of the same arrays; and the dispatch's
 * refusal of a kernel whose named args were not all given. */
#include "rt_internal.h"
#include "tf_named_args.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(TF_MAX_NAMED_ARGS <= 64, "which named args were given is a 64-bit mask");
_Static_assert(TF_MAX_NAMED_ARGS <= TF_MAX_ARGS && TF_MAX_NAMED_ARGS <= TF_MAX_COMMON_ARGS,
               "the named args fit the args");

/* One record of the names: kind (TF_KARG_*[0]), name, number (text). */
typedef struct kargs_rec {
    char kind;
    const char *name, *num;
    size_t len, numlen;
} kargs_rec;

/* The record at *p (a checked text: rt_kargs_read), *p moved past it;
 * 0 at the end. */
static int kargs_next(const char **p, kargs_rec *r)
{
    const char *s = *p;
    if (!*s) return 0;
    r->kind = *s++;
    r->name = s;
    r->len = strcspn(s, "=");
    r->num = s + r->len + 1;
    r->numlen = strcspn(r->num, "\n");
    *p = r->num + r->numlen + 1;
    return 1;
}

/* Check text (n bytes, the last NUL) as records and count the named
 * runtime and common runtime args: NULL, or what is wrong (at *at). */
static const char *kargs_parse(const char *text, uint32_t n, uint32_t *nrta, uint32_t *ncrta,
                               uint32_t *at, char *why, size_t cap)
{
    *nrta = *ncrta = 0;
    if (!n || text[n - 1] || strlen(text) != n - 1) {
        *at = 0;
        return "its text does not end at the section's end (a NUL byte)";
    }
    const char *p = text;
    while (*p) {
        *at = (uint32_t)(p - text);
        const char kind = *p++, *name = p;
        size_t len = 0;
        while (isalnum((unsigned char)name[len]) || name[len] == '_') len++;
        const char *num = name + len + 1;
        char *end = NULL;
        errno = 0;
        unsigned long long v =
            name[len] == '=' && isdigit((unsigned char)*num) ? strtoull(num, &end, 0) : 0;
        if ((kind != TF_KARG_RTA[0] && kind != TF_KARG_CRTA[0] && kind != TF_KARG_CTA[0]) || !len ||
            isdigit((unsigned char)*name) || !end || *end != '\n' || errno || v > 0xffffffffull)
            return "a record is not <kind R, C or T><name>=<number> and a newline";
        uint32_t *count = kind == TF_KARG_RTA[0] ? nrta : kind == TF_KARG_CRTA[0] ? ncrta : NULL;
        if (count && v != *count) {
            snprintf(why, cap, "%s '%.*s' is word %llu, not %u (the named ones come in order)",
                     kind == TF_KARG_RTA[0] ? "runtime arg" : "common runtime arg", (int)len, name,
                     v, *count);
            return why;
        }
        if (count && ++*count > TF_MAX_NAMED_ARGS) {
            snprintf(why, cap, "more than %d named %s args", TF_MAX_NAMED_ARGS,
                     kind == TF_KARG_RTA[0] ? "runtime" : "common runtime");
            return why;
        }
        kargs_rec r;
        for (const char *q = text; q < p - 1 && kargs_next(&q, &r);)
            if (r.len == len && !memcmp(r.name, name, len)) {
                snprintf(why, cap, "'%.*s' is named twice", (int)len, name);
                return why;
            }
        p = end + 1;
    }
    return NULL;
}

int rt_kargs_read(rt_image *img, const cm_elf *e)
{
    uint32_t n = 0, at = 0;
    const char *text = (const char *)cm_elf_section(e, TF_KERNEL_ARGS_SECTION, &n);
    if (!text) return 0; /* not a Metal 2.0 kernel */
    char why[160];
    const char *bad = kargs_parse(text, n, &img->nrta, &img->ncrta, &at, why, sizeof why);
    if (bad)
        return cm_err_set("%s: its %s section (the names of its args) is malformed at byte %u: "
                          "%s; rebuild the kernel against this tree",
                          e->path, TF_KERNEL_ARGS_SECTION, at, bad);
    if (!(img->kargs = strdup(text))) return cm_err_set("%s: out of host memory", e->path);
    return 0;
}

/* name's record in img: 1 (*r filled), or 0 */
static int kargs_find(const rt_image *img, const char *name, kargs_rec *r)
{
    size_t len = strlen(name);
    for (const char *p = img->kargs; kargs_next(&p, r);)
        if (r->len == len && !memcmp(r->name, name, len)) return 1;
    return 0;
}

/* The names of img's args of `kind` ("a, b", or "none"); with `mask`,
 * only the named runtime (or common) args whose bit in it is set. */
static const char *kargs_list(const rt_image *img, char kind, const uint64_t *mask, char *buf,
                              size_t cap)
{
    size_t n = 0;
    buf[0] = 0;
    kargs_rec r;
    uint32_t i = 0;
    for (const char *p = img->kargs; kargs_next(&p, &r);) {
        if (r.kind != kind) continue;
        if (!mask || (*mask >> i & 1)) {
            int k = snprintf(buf + n, cap - n, "%s%.*s", n ? ", " : "", (int)r.len, r.name);
            if (k < 0 || (size_t)k >= cap - n) { /* cut: say so */
                snprintf(buf + (cap > 6 ? cap - 6 : 0), cap > 6 ? 6 : cap, ", ...");
                return buf;
            }
            n += (size_t)k;
        }
        i++;
    }
    return n ? buf : "none";
}

static const char *risc_label(tf_risc r)
{
    return r == TF_COMPUTE ? "COMPUTE" : cm_risc_name((int)r);
}

/* The error for `name`, which img (kernel kn) does not have as the kind
 * `want` (TF_KARG_RTA or TF_KARG_CRTA): what it is instead, or every name
 * it has. */
static int kargs_not(const char *op, const char *kn, const rt_image *img, const char *name,
                     char want)
{
    kargs_rec r;
    const char *one = want == TF_KARG_RTA[0] ? "runtime arg" : "common runtime arg";
    if (kargs_find(img, name, &r) && r.kind == TF_KARG_CTA[0])
        return cm_err_set("%s: '%s' is a named compile-time arg of kernel '%s' (%s), built in as "
                          "%.*s: rebuild the kernel to change it",
                          op, name, kn, img->path, (int)r.numlen, r.num);
    if (kargs_find(img, name, &r))
        return cm_err_set("%s: '%s' is a %s of kernel '%s' (%s), not a %s: set it with %s", op,
                          name, r.kind == TF_KARG_RTA[0] ? "runtime arg" : "common runtime arg", kn,
                          img->path, one,
                          r.kind == TF_KARG_RTA[0] ? "tf_program_set_named_arg"
                                                   : "tf_kernel_set_named_common_arg");
    char a[512], b[512], c[512];
    return cm_err_set("%s: kernel '%s' (%s) has no %s '%s'; its runtime args: %s; its common "
                      "runtime args: %s; its named compile-time args: %s",
                      op, kn, img->path, one, name, kargs_list(img, TF_KARG_RTA[0], NULL, a, 512),
                      kargs_list(img, TF_KARG_CRTA[0], NULL, b, 512),
                      kargs_list(img, TF_KARG_CTA[0], NULL, c, 512));
}

/* img (kernel kn) was built as Metal 2.0: 0, else -1 saying how to set
 * its args instead. */
static int kargs_metal2(const char *op, const char *kn, const rt_image *img, const char *positional)
{
    if (img->kargs) return 0;
    return cm_err_set("%s: kernel '%s' (%s) has no argument names: it was not built as a Metal "
                      "2.0 kernel (runtime_arg_names, common_runtime_arg_names or metal2 of "
                      "tf_kernel_build_opts; tt_foil_cc --rta, --crta, --metal2; "
                      "tt_foil_add_kernel RUNTIME_ARG_NAMES, COMMON_RUNTIME_ARG_NAMES, METAL2); "
                      "set its args by position (%s)",
                      op, kn, img->path, positional);
}

/* The RISCs [*lo, *hi] that r names in p, each with a Metal 2.0 kernel:
 * 0, or -1 with the message. */
static int kargs_riscs(const tf_program *p, tf_risc r, const char *op, int *lo, int *hi)
{
    if ((int)r < 0 || r > TF_COMPUTE) return cm_err_set("%s: no RISC %d", op, (int)r);
    rt_risc_span(r, lo, hi);
    for (int i = *lo; i <= *hi; i++) {
        if (!p->img[i])
            return cm_err_set("%s: the program for core (%d,%d) has no kernel on %s; set it "
                              "first (tf_program_set_kernel): its names say which word an arg is",
                              op, p->core.x, p->core.y, cm_risc_name(i));
        if (kargs_metal2(op, p->kernel[i]->name, p->img[i], "tf_program_set_args")) return -1;
    }
    return 0;
}

int tf_program_set_named_arg(tf_program *p, tf_risc r, const char *name, uint32_t value)
{
    const char *op = "tf_program_set_named_arg";
    /* (while its launch runs too, as tf_program_set_args: the next
     * dispatch's) */
    if (cm_handle_check(p, CM_H_PROGRAM, op)) return -1;
    if (!name) return cm_err_set("%s: NULL name (give the name of one of the kernel's args)", op);
    int lo, hi;
    if (kargs_riscs(p, r, op, &lo, &hi)) return -1;
    uint32_t word[TF_NUM_RISCS];
    for (int i = lo; i <= hi; i++) { /* (all found first: nothing set on an error) */
        kargs_rec rec;
        if (!kargs_find(p->img[i], name, &rec) || rec.kind != TF_KARG_RTA[0])
            return kargs_not(op, p->kernel[i]->name, p->img[i], name, TF_KARG_RTA[0]);
        word[i] = (uint32_t)strtoul(rec.num, NULL, 0);
    }
    for (int i = lo; i <= hi; i++) {
        p->args[i][word[i]] = value;
        p->named_given[i] |= 1ull << word[i];
        if (p->nargs[i] <= word[i]) p->nargs[i] = word[i] + 1;
    }
    return 0;
}

int tf_program_set_varargs(tf_program *p, tf_risc r, const uint32_t *args, uint32_t n)
{
    const char *op = "tf_program_set_varargs";
    if (cm_handle_check(p, CM_H_PROGRAM, op)) return -1;
    if (n && !args) return cm_err_set("%s: NULL args for %u varargs", op, n);
    int lo, hi;
    if (kargs_riscs(p, r, op, &lo, &hi)) return -1;
    for (int i = lo; i <= hi; i++)
        if (p->img[i]->nrta + (uint64_t)n > TF_MAX_ARGS)
            return cm_err_set("%s: %u varargs after the %u named runtime args of kernel '%s' on "
                              "%s, at most %d args fit",
                              op, n, p->img[i]->nrta, p->kernel[i]->name, risc_label(r),
                              TF_MAX_ARGS);
    for (int i = lo; i <= hi; i++) {
        uint32_t at = p->img[i]->nrta;
        if (n) memcpy(p->args[i] + at, args, n * sizeof *args);
        p->nargs[i] = at + n;
    }
    return 0;
}

/* The common args of k, a Metal 2.0 kernel, are open to op: 0, or -1. */
static int kargs_kernel(tf_kernel *k, const char *op)
{
    if (cm_handle_check(k, CM_H_KERNEL, op) || rt_kernel_check_idle(k, op)) return -1;
    return kargs_metal2(op, k->name, &k->img[0], "tf_kernel_set_common_args");
}

int tf_kernel_set_named_common_arg(tf_kernel *k, const char *name, uint32_t value)
{
    const char *op = "tf_kernel_set_named_common_arg";
    if (kargs_kernel(k, op)) return -1;
    if (!name) return cm_err_set("%s: NULL name (give the name of one of the kernel's args)", op);
    kargs_rec rec;
    if (!kargs_find(&k->img[0], name, &rec) || rec.kind != TF_KARG_CRTA[0])
        return kargs_not(op, k->name, &k->img[0], name, TF_KARG_CRTA[0]);
    uint32_t w = (uint32_t)strtoul(rec.num, NULL, 0);
    k->common_args[w] = value;
    k->common_given |= 1ull << w;
    if (k->ncommon <= w) k->ncommon = w + 1;
    return 0;
}

int tf_kernel_set_common_varargs(tf_kernel *k, const uint32_t *args, uint32_t n)
{
    const char *op = "tf_kernel_set_common_varargs";
    if (kargs_kernel(k, op)) return -1;
    if (n && !args) return cm_err_set("%s: NULL args for %u varargs", op, n);
    uint32_t at = k->img[0].ncrta;
    if (at + (uint64_t)n > TF_MAX_COMMON_ARGS)
        return cm_err_set("%s: %u common varargs after the %u named common runtime args of "
                          "kernel '%s', at most %d common args fit",
                          op, n, at, k->name, TF_MAX_COMMON_ARGS);
    if (n) memcpy(k->common_args + at, args, n * sizeof *args);
    k->ncommon = at + n;
    return 0;
}

int rt_kargs_same_rtas(const rt_image *a, const rt_image *b)
{
    const char *pa = a && a->kargs ? a->kargs : "", *pb = b && b->kargs ? b->kargs : "";
    kargs_rec ra, rb;
    for (;;) { /* the runtime arg records of each, in order */
        int ha, hb;
        while ((ha = kargs_next(&pa, &ra)) && ra.kind != TF_KARG_RTA[0]) {
        }
        while ((hb = kargs_next(&pb, &rb)) && rb.kind != TF_KARG_RTA[0]) {
        }
        if (!ha || !hb) return ha == hb;
        if (ra.len != rb.len || memcmp(ra.name, rb.name, ra.len)) return 0;
    }
}

int rt_kargs_check_given(const tf_program *p, const char *op)
{
    char names[1024];
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        const rt_image *img = p->img[r];
        if (!img || !img->nrta) continue;
        uint64_t miss = rt_kargs_first(img->nrta) & ~p->named_given[r];
        if (miss)
            return cm_err_set(
                "%s: kernel '%s' on %s (%s) of the program for core (%d,%d) was not given its "
                "named runtime args %s; set them (tf_program_set_named_arg) or give its args by "
                "position (tf_program_set_args)",
                op, p->kernel[r]->name, cm_risc_name(r), img->path, p->core.x, p->core.y,
                kargs_list(img, TF_KARG_RTA[0], &miss, names, sizeof names));
    }
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        const tf_kernel *k = p->kernel[r];
        if (!k || (r > TF_RISC_TRISC0 && k == p->kernel[r - 1]) || !k->img[0].ncrta) continue;
        uint64_t miss = rt_kargs_first(k->img[0].ncrta) & ~k->common_given;
        if (miss)
            return cm_err_set("%s: kernel '%s' on %s (%s) of the program for core (%d,%d) was not "
                              "given its named common runtime args %s; set them "
                              "(tf_kernel_set_named_common_arg) or give its common args by "
                              "position (tf_kernel_set_common_args)",
                              op, k->name, risc_label(k->risc), k->img[0].path, p->core.x,
                              p->core.y,
                              kargs_list(&k->img[0], TF_KARG_CRTA[0], &miss, names, sizeof names));
    }
    return 0;
}
