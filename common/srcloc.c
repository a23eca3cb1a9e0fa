/* A device pc as `function (file:line)`, from the DWARF of the ELF that was
 * loaded there (docs/runtime.md, "Errors"): what a fault, a timeout or a
 * post-mortem says about where each RISC was, in the runtime's messages
 * (src/srcloc.c) and tt_foil_sim's (sim/bare.c). elfutils' libdw reads the
 * debug info (it handles an RV32 ELF on any host); a build without libdw
 * gives the bare pc and says why. Only error paths call this, so nothing is
 * cached: each call opens the file, looks one address up and closes it. */
#include "cm_srcloc.h"

#include <stdio.h>
#include <string.h>

#if defined(TT_FOIL_HAVE_LIBDW) && TT_FOIL_HAVE_LIBDW
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

/* The chain of calls the innermost function was inlined in, appended to
 * buf (k bytes long): ", inlined in <caller> (file:line)" per inlined call
 * outwards, so that a wait or a fault deep in the API headers (a timeout
 * in cb_wait_front's register read, a NOC fault five calls under
 * noc_async_read, an SFPI operation's command) still names the kernel's
 * own line. Up to CM_SRCLOC_CALLERS callers are shown; of a longer chain,
 * the innermost CM_SRCLOC_INNER and the calls made from the kernel's own
 * code (outside the kernel API's directories when the caller names them,
 * cm_srcloc_in; else from the compile unit's own file: its lines are what
 * the user wrote), or when it has none the outermost ones, each run of the
 * others left out as ", ... (N more)". When buf is short, the innermost
 * callers give way first, then the kernel's innermost own ones (its
 * outermost line stays). */
enum { CM_SRCLOC_CALLERS = 6, CM_SRCLOC_INNER = 2, CM_SRCLOC_MAX = 64 };

/* The directory a relative file name of the DWARF is relative to (the
 * compile's working directory: a kernel built from a file under it, or
 * from a relative path, has relative names there), and the separator:
 * printed before the name, so every path in a message is absolute. */
static const char *dir_of(const char *file, const char *comp_dir, const char **sep)
{
    int rel = file && file[0] != '/' && comp_dir && comp_dir[0];
    *sep = rel ? "/" : "";
    return rel ? comp_dir : "";
}

typedef struct {
    const char *caller, *file, *dir; /* in the DWARF data: valid until dwarf_end */
    unsigned line;
    int own; /* made from the compile unit's own file */
} cm_srcloc_call;

static int call_text(const cm_srcloc_call *c, char *buf, size_t n)
{
    const char *sep, *dir = dir_of(c->file, c->dir, &sep);
    return snprintf(buf, n, ", inlined in %s (%s%s%s:%u)", c->caller ? c->caller : "?", dir, sep,
                    c->file ? c->file : "?", c->line);
}

/* path as an absolute one: as it is, or joined to dir (the compile's
 * directory, which a relative name of the DWARF is relative to) */
static const char *full_path(const char *path, const char *dir, char *buf, size_t n)
{
    if (path[0] == '/' || !dir) return path;
    snprintf(buf, n, "%s/%s", dir, path);
    return buf;
}

/* path (absolute, or relative to dir) is under one of the directories */
static int under_any(const char *path, const char *dir, const char *const *dirs)
{
    char full[4096];
    path = full_path(path, dir, full, sizeof full);
    for (; *dirs; dirs++) {
        size_t n = strlen(*dirs);
        if (!strncmp(path, *dirs, n) && path[n] == '/') return 1;
    }
    return 0;
}

/* a and b name one file, each absolute or relative to dir */
static int same_file(const char *a, const char *b, const char *dir)
{
    char fa[4096], fb[4096];
    return a && b && !strcmp(full_path(a, dir, fa, sizeof fa), full_path(b, dir, fb, sizeof fb));
}

static int is_function(int tag)
{
    return tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine;
}

/* The code scopes (functions, inlined calls, blocks) holding pc, outermost
 * first, from parent's children down: path[0 .. returned depth). Found by
 * walking the tree (through namespaces, classes and structures, where C++
 * puts a function's definition), as libdw's dwarf_getscopes does not look
 * inside a namespace. */
static int scope_path(Dwarf_Die *parent, Dwarf_Addr pc, Dwarf_Die *path, int depth)
{
    Dwarf_Die child;
    if (depth >= CM_SRCLOC_MAX || dwarf_child(parent, &child) != 0) return depth;
    do {
        int tag = dwarf_tag(&child);
        if ((is_function(tag) || tag == DW_TAG_lexical_block) && dwarf_haspc(&child, pc) == 1) {
            path[depth] = child;
            return scope_path(&child, pc, path, depth + 1);
        }
        if (tag == DW_TAG_namespace || tag == DW_TAG_class_type || tag == DW_TAG_structure_type ||
            tag == DW_TAG_union_type) {
            int d = scope_path(&child, pc, path, depth);
            if (d > depth) return d;
        }
    } while (dwarf_siblingof(&child, &child) == 0);
    return depth;
}

/* Which calls of calls[0 .. m) (innermost first) the message shows. With
 * calls from the kernel's own file (nown of them) in the chain: the
 * innermost `inner` others and the own ones but the innermost `hide_own`
 * (the API's layers between them are what the kernel called, not where);
 * with none: the innermost `inner` and those from `outer` on. */
static void choose_calls(const cm_srcloc_call *calls, int m, int nown, int inner, int hide_own,
                         int outer, char *show)
{
    for (int i = 0, rank = 0; i < m; i++) {
        if (calls[i].own)
            show[i] = rank++ >= hide_own;
        else
            show[i] = i < inner || (!nown && i >= outer);
    }
}

static void inlined_from(const Dwarf_Die *path, int depth, const char *comp_dir,
                         const char *cu_file, const char *const *api_dirs, Dwarf_Files *files,
                         size_t nfiles, char *buf, size_t n, int k)
{
    if (k < 0 || (size_t)k >= n) return;
    cm_srcloc_call calls[CM_SRCLOC_MAX];
    int m = 0;
    for (int i = depth - 1; i >= 0 && m < CM_SRCLOC_MAX; i--) {
        Dwarf_Die *d = (Dwarf_Die *)&path[i];
        if (dwarf_tag(d) != DW_TAG_inlined_subroutine) continue;
        /* where path[i] was inlined: a line of the next function out */
        Dwarf_Attribute a;
        Dwarf_Word fi = 0, line = 0;
        if (!dwarf_attr(d, DW_AT_call_file, &a) || dwarf_formudata(&a, &fi) != 0 ||
            !dwarf_attr(d, DW_AT_call_line, &a) || dwarf_formudata(&a, &line) != 0)
            break;
        cm_srcloc_call *c = &calls[m++];
        c->caller = NULL;
        for (int j = i - 1; j >= 0 && !c->caller; j--)
            if (is_function(dwarf_tag((Dwarf_Die *)&path[j])))
                c->caller = dwarf_diename((Dwarf_Die *)&path[j]);
        c->file = fi < nfiles ? dwarf_filesrc(files, fi, NULL, NULL) : NULL;
        c->dir = comp_dir;
        c->line = (unsigned)line;
        c->own = !c->file                ? 0
                 : api_dirs && *api_dirs ? !under_any(c->file, comp_dir, api_dirs)
                                         : same_file(c->file, cu_file, comp_dir);
    }
    /* shown: as choose_calls says; each run of others left out is one
     * ", ... (N more)" */
    int nown = 0;
    for (int i = 0; i < m; i++) nown += calls[i].own;
    int inner = m < CM_SRCLOC_INNER ? m : CM_SRCLOC_INNER, outer = inner, hide_own = 0;
    if (nown && m <= CM_SRCLOC_CALLERS) inner = m;
    if (m > CM_SRCLOC_CALLERS) outer = m - (CM_SRCLOC_CALLERS - CM_SRCLOC_INNER);
    char show[CM_SRCLOC_MAX], more[48];
    size_t room = n - (size_t)k - 1;
    for (;;) {
        choose_calls(calls, m, nown, inner, hide_own, outer, show);
        size_t need = 0;
        for (int i = 0; i < m; i++) {
            if (show[i])
                need += (size_t)call_text(&calls[i], NULL, 0);
            else if (i == 0 || show[i - 1])
                need += sizeof ", ... (64 more)";
        }
        if (need <= room) break;
        if (inner > 0) /* the innermost callers give way first, the outermost last */
            inner--;
        else if (nown && hide_own < nown - 1)
            hide_own++;
        else if (!nown && outer < m - 1)
            outer++;
        else
            break;
    }
    for (int i = 0; i < m && (size_t)k < n; i++) {
        if (show[i]) {
            k += call_text(&calls[i], buf + k, n - (size_t)k);
        } else if (i == 0 || show[i - 1]) {
            int run = 0;
            while (i + run < m && !show[i + run]) run++;
            snprintf(more, sizeof more, ", ... (%d more)", run);
            k += snprintf(buf + k, n - (size_t)k, "%s", more);
        }
    }
}

int cm_srcloc(const char *elf_path, uint32_t pc, char *buf, size_t n)
{
    return cm_srcloc_in(elf_path, pc, NULL, buf, n);
}

int cm_srcloc_in(const char *elf_path, uint32_t pc, const char *const *api_dirs, char *buf,
                 size_t n)
{
    if (!elf_path) return -1;
    int fd = open(elf_path, O_RDONLY);
    if (fd < 0) return -1;
    Dwarf *dbg = dwarf_begin(fd, DWARF_C_READ);
    int rc = -1;
    if (dbg) {
        /* clang emits no .debug_aranges (what dwarf_addrdie needs): walk the
         * compile units and ask each whether it covers the pc */
        Dwarf_Die cu;
        Dwarf_Off off = 0, next;
        size_t hsize;
        int found = 0;
        while (!found && dwarf_nextcu(dbg, off, &next, &hsize, NULL, NULL, NULL) == 0) {
            if (dwarf_offdie(dbg, off + hsize, &cu) && dwarf_haspc(&cu, pc) == 1) found = 1;
            off = next;
        }
        if (found) {
            const char *file = NULL;
            int line = 0;
            Dwarf_Line *l = dwarf_getsrc_die(&cu, pc);
            if (l) {
                file = dwarf_linesrc(l, NULL, NULL);
                dwarf_lineno(l, &line);
            }
            /* the innermost function: an inlined one if the pc is in one */
            const char *fn = NULL;
            Dwarf_Die path[CM_SRCLOC_MAX];
            int depth = scope_path(&cu, pc, path, 0), in = -1;
            for (int i = depth - 1; i >= 0 && in < 0; i--)
                if (is_function(dwarf_tag(&path[i]))) {
                    fn = dwarf_diename(&path[i]);
                    in = i;
                }
            if (file || fn) {
                int k;
                Dwarf_Attribute a;
                const char *comp_dir = dwarf_formstring(dwarf_attr(&cu, DW_AT_comp_dir, &a));
                /* DWARF's line 0: code of no single line (the compiler's merged
                 * tail of two NOC commands, say), whose row's file is any; the
                 * function's own file says more */
                const char *decl = !line && in >= 0 ? dwarf_decl_file(&path[in]) : NULL;
                if (decl && file) file = decl;
                const char *sep, *dir = dir_of(file, comp_dir, &sep);
                if (file && !line)
                    k = snprintf(buf, n, "%s (%s%s%s, code the compiler merged from several lines)",
                                 fn ? fn : "?", dir, sep, file);
                else if (file)
                    k = snprintf(buf, n, "%s (%s%s%s:%d)", fn ? fn : "?", dir, sep, file, line);
                else
                    k = snprintf(buf, n, "%s", fn);
                Dwarf_Files *files = NULL;
                size_t nfiles = 0;
                if (in >= 0 && dwarf_getsrcfiles(&cu, &files, &nfiles) == 0)
                    inlined_from(path, in + 1, comp_dir, dwarf_diename(&cu), api_dirs, files,
                                 nfiles, buf, n, k);
                rc = 0;
            }
        }
        dwarf_end(dbg);
    }
    close(fd);
    return rc;
}

const char *cm_srcloc_missing(void)
{
    return "no source line: the ELF has no debug info for that pc; build it with -g";
}
#else
int cm_srcloc(const char *elf_path, uint32_t pc, char *buf, size_t n)
{
    return cm_srcloc_in(elf_path, pc, NULL, buf, n);
}

int cm_srcloc_in(const char *elf_path, uint32_t pc, const char *const *api_dirs, char *buf,
                 size_t n)
{
    (void)api_dirs;
    (void)elf_path;
    (void)pc;
    (void)buf;
    (void)n;
    return -1;
}

const char *cm_srcloc_missing(void)
{
    return "no source line: tt-foil was built without libdw (apt-get install libdw-dev, then "
           "reconfigure)";
}
#endif
