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

/* The chain of calls the function `in` (the pc's innermost) was inlined
 * in, appended to buf (k bytes long): ", inlined in <caller> (file:line)"
 * per inlined call outwards, so that a wait or a fault deep in the API
 * headers (a timeout in cb_wait_front's register read, a NOC fault five
 * calls under noc_async_read) still names the kernel's own line. Up to
 * CM_SRCLOC_CALLERS callers are shown; of a longer chain the innermost
 * CM_SRCLOC_INNER, ", ... (N more)" and the outermost ones, and when buf
 * is short, middle callers give way before the outermost (the kernel's
 * line). (The nesting comes from dwarf_getscopes_die on that DIE:
 * dwarf_getscopes's own list jumps from it to the CU.) */
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
} cm_srcloc_call;

static int call_text(const cm_srcloc_call *c, char *buf, size_t n)
{
    const char *sep, *dir = dir_of(c->file, c->dir, &sep);
    return snprintf(buf, n, ", inlined in %s (%s%s%s:%u)", c->caller ? c->caller : "?", dir, sep,
                    c->file ? c->file : "?", c->line);
}

static void inlined_from(Dwarf *dbg, Dwarf_Die *cu, const char *comp_dir, Dwarf_Die *scope,
                         char *buf, size_t n, int k)
{
    Dwarf_Files *files = NULL;
    size_t nfiles = 0;
    Dwarf_Die in, *chain = NULL;
    if (k < 0 || (size_t)k >= n || dwarf_getsrcfiles(cu, &files, &nfiles) != 0 ||
        !dwarf_offdie(dbg, dwarf_dieoffset(scope), &in))
        return;
    cm_srcloc_call calls[CM_SRCLOC_MAX];
    int nc = dwarf_getscopes_die(&in, &chain), m = 0;
    for (int i = 0; i < nc && m < CM_SRCLOC_MAX; i++) {
        if (dwarf_tag(&chain[i]) != DW_TAG_inlined_subroutine) continue;
        /* where chain[i] was inlined: a line of the next function out */
        Dwarf_Attribute a;
        Dwarf_Word fi = 0, line = 0;
        if (!dwarf_attr(&chain[i], DW_AT_call_file, &a) || dwarf_formudata(&a, &fi) != 0 ||
            !dwarf_attr(&chain[i], DW_AT_call_line, &a) || dwarf_formudata(&a, &line) != 0)
            break;
        cm_srcloc_call *c = &calls[m++];
        c->caller = NULL;
        for (int j = i + 1; j < nc && !c->caller; j++) {
            int tag = dwarf_tag(&chain[j]);
            if (tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine)
                c->caller = dwarf_diename(&chain[j]);
        }
        c->file = fi < nfiles ? dwarf_filesrc(files, fi, NULL, NULL) : NULL;
        c->dir = comp_dir;
        c->line = (unsigned)line;
    }
    free(chain);
    /* shown: callers [0, inner) and [outer, m); those between are one
     * ", ... (N more)" */
    int inner = m < CM_SRCLOC_INNER ? m : CM_SRCLOC_INNER, outer = inner;
    if (m > CM_SRCLOC_CALLERS) outer = m - (CM_SRCLOC_CALLERS - CM_SRCLOC_INNER);
    char more[48];
    size_t room = n - (size_t)k - 1;
    for (;;) {
        size_t need = 0;
        for (int i = 0; i < m; i++)
            if (i < inner || i >= outer) need += (size_t)call_text(&calls[i], NULL, 0);
        snprintf(more, sizeof more, ", ... (%d more)", outer - inner);
        if (outer > inner) need += strlen(more);
        if (need <= room) break;
        if (inner > 0) /* the innermost callers give way first, the outermost last */
            inner--;
        else if (outer < m - 1)
            outer++;
        else
            break;
    }
    for (int i = 0; i < m && (size_t)k < n; i++) {
        if (i == inner && outer > inner) k += snprintf(buf + k, n - (size_t)k, "%s", more);
        if ((i < inner || i >= outer) && (size_t)k < n)
            k += call_text(&calls[i], buf + k, n - (size_t)k);
    }
}

int cm_srcloc(const char *elf_path, uint32_t pc, char *buf, size_t n)
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
            Dwarf_Die *scopes = NULL;
            int ns = dwarf_getscopes(&cu, pc, &scopes), in = -1;
            for (int i = 0; i < ns && !fn; i++) {
                int tag = dwarf_tag(&scopes[i]);
                if (tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine) {
                    fn = dwarf_diename(&scopes[i]);
                    in = i;
                }
            }
            if (file || fn) {
                int k;
                Dwarf_Attribute a;
                const char *comp_dir = dwarf_formstring(dwarf_attr(&cu, DW_AT_comp_dir, &a));
                /* DWARF's line 0: code of no single line (the compiler's merged
                 * tail of two NOC commands, say), whose row's file is any; the
                 * function's own file says more */
                const char *decl = !line && in >= 0 ? dwarf_decl_file(&scopes[in]) : NULL;
                if (decl && file) file = decl;
                const char *sep, *dir = dir_of(file, comp_dir, &sep);
                if (file && !line)
                    k = snprintf(buf, n, "%s (%s%s%s, code the compiler merged from several lines)",
                                 fn ? fn : "?", dir, sep, file);
                else if (file)
                    k = snprintf(buf, n, "%s (%s%s%s:%d)", fn ? fn : "?", dir, sep, file, line);
                else
                    k = snprintf(buf, n, "%s", fn);
                if (in >= 0) inlined_from(dbg, &cu, comp_dir, &scopes[in], buf, n, k);
                rc = 0;
            }
            free(scopes);
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
