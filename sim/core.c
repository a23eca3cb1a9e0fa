/* A Tensix core: 1.5 MiB of L1 shared by five harts, and the registers each
 * hart sees at TF_MMIO_BASE (wall clock, NOC commands, L1-word waits, debug
 * print, fault detail). A fault of the core's own (a bad NOC address, an
 * unmapped register, a tile-engine misuse) sets the fault-detail registers
 * and raises an access fault in the hart, whose firmware trap handler
 * writes the fault record; stores to the mailbox wake the core's sleeping
 * harts. */
#include "chip.h"
#include "common/cm_err.h"
#include "common/cm_risc.h"
#include "tf_tile.h"
#include "tile_engine.h"

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sim_core_hart *core_hart(sim_hart *h)
{
    return (sim_core_hart *)h->user;
}

static int reg_fault(sim_core_hart *sh, uint32_t addr)
{
    int in_regs = addr - TF_MMIO_BASE < TF_MMIO_SIZE;
    sh->fault_detail = in_regs ? TF_FAULT_DETAIL_MMIO : TF_FAULT_DETAIL_NONE;
    sh->fault_aux = addr;
    return TF_BUS_FAULT;
}

static uint32_t l1_word(const sim_core *core, uint32_t addr)
{
    uint32_t w;
    memcpy(&w, core->l1->data + addr, 4);
    return w;
}

/* ---- debug print ---------------------------------------------------------- */

/* A RISC's printed text goes out a line at a time, `[core (x,y) RISC] `
 * in front: the line is kept (its prefix's room, SIM_DPRINT_HEAD bytes,
 * ahead of it) until its newline, or until the RISC stores its status
 * (done with the dispatch, or faulted: the text of a kernel that printed
 * no newline is not lost), is reset, or the chip closes. A line grows to
 * SIM_DPRINT_LINE_MAX characters; a longer one goes on on a second
 * prefixed line (tt-metal's print server has no limit; 64 KiB of one line
 * is past any use). One printf field is at most a line: a longer one
 * prints its text and says its length (dprint_field: a width of 10^9 must
 * take neither the host's memory nor its time). A hart keeps its buffer, grown
 * to its longest line, until the chip closes: at most 64 KiB a RISC. */
#define SIM_DPRINT_HEAD     32
#define SIM_DPRINT_LINE_MAX 65536
/* a format or a string argument read from L1: longer ones are cut, and
 * the line says so */
#define SIM_DPRINT_TEXT_MAX 4096

/* The line's prefix, `[core (x,y) RISC] `, into head (SIM_DPRINT_HEAD + 3
 * bytes): its length. */
static int dprint_head(const sim_core_hart *sh, char *head)
{
    int h = snprintf(head, SIM_DPRINT_HEAD + 1, "[core (%d,%d) %s] ", sh->core->x, sh->core->y,
                     cm_risc_name(sh->risc));
    CM_ASSERT(h > 0 && h <= SIM_DPRINT_HEAD); /* (coordinates under 1000) */
    return h > SIM_DPRINT_HEAD ? SIM_DPRINT_HEAD : h;
}

static void dprint_flush(sim_core_hart *sh)
{
    char head[SIM_DPRINT_HEAD + 3];
    int h = dprint_head(sh, head);
    if (!sh->line) { /* an empty line: nothing was kept */
        head[h] = '\n';
        sim_chip_dprint(sh, head, h + 1);
        return;
    }
    char *start = sh->line + SIM_DPRINT_HEAD - h;
    memcpy(start, head, (size_t)h);
    sh->line[SIM_DPRINT_HEAD + sh->line_len] = '\n'; /* (dprint_room kept its byte) */
    sim_chip_dprint(sh, start, h + sh->line_len + 1);
    sh->line_len = 0;
}

/* Room for one more character and the newline after it: 0 at
 * SIM_DPRINT_LINE_MAX or out of host memory. */
static int dprint_room(sim_core_hart *sh)
{
    if (sh->line_len >= SIM_DPRINT_LINE_MAX) return 0;
    if (SIM_DPRINT_HEAD + sh->line_len + 2 <= sh->line_cap) return 1;
    int cap = sh->line_cap ? 2 * sh->line_cap : 256;
    if (cap > SIM_DPRINT_HEAD + SIM_DPRINT_LINE_MAX + 1)
        cap = SIM_DPRINT_HEAD + SIM_DPRINT_LINE_MAX + 1;
    char *p = realloc(sh->line, (size_t)cap);
    if (!p) return 0;
    sh->line = p;
    sh->line_cap = cap;
    return 1;
}

static void dprint_putc(sim_core_hart *sh, char ch)
{
    if (ch == '\n') {
        dprint_flush(sh);
        return;
    }
    if (!dprint_room(sh)) {
        if (sh->line_len) dprint_flush(sh); /* SIM_DPRINT_LINE_MAX: on a second line */
        if (!dprint_room(sh)) {             /* out of host memory: the character alone */
            char one[SIM_DPRINT_HEAD + 3];
            int h = dprint_head(sh, one);
            one[h] = ch, one[h + 1] = '\n';
            sim_chip_dprint(sh, one, h + 2);
            return;
        }
    }
    sh->line[SIM_DPRINT_HEAD + sh->line_len++] = ch;
}

/* The line a RISC left without its newline, printed (see above). */
static void dprint_end(sim_core_hart *sh)
{
    if (sh->line_len) dprint_flush(sh);
}

static void dprint_puts(sim_core_hart *sh, const char *s)
{
    while (*s) dprint_putc(sh, *s++);
}

/* Copy a NUL-terminated string out of L1 (bounded); 1 when it goes on
 * past cap - 1 bytes (the caller says it was cut). */
static int l1_string(const sim_core *core, uint32_t addr, char *out, size_t cap)
{
    size_t n = 0;
    while (n + 1 < cap && addr + n < TF_L1_SIZE && core->l1->data[addr + n]) {
        out[n] = (char)core->l1->data[addr + n];
        n++;
    }
    out[n] = 0;
    if (addr >= TF_L1_SIZE) snprintf(out, cap, "<bad string address 0x%08x>", addr);
    return addr + n < TF_L1_SIZE && core->l1->data[addr + n] != 0;
}

/* A float as {fmt} prints "{}" of it (DEVICE_PRINT): the fewest
 * significant digits that read back as the same float, in fixed notation
 * for decimal exponents -4 to 6 (1000000, 0.0001) and d.ddde+XX beyond
 * ({fmt}'s exp_upper for a float is digits10 + 1 = 7); "nan", "inf". */
static void shortest_float(float f, char *out, size_t cap)
{
    const char *sign = signbit(f) ? "-" : "";
    if (isnan(f) || isinf(f) || f == 0) {
        snprintf(out, cap, "%s%s", sign, isnan(f) ? "nan" : isinf(f) ? "inf" : "0");
        return;
    }
    /* the fewest digits p + 1 that read back: the correctly rounded ones,
     * or a neighbour of them (at a power of two the float's rounding
     * interval reaches twice as far up as down, so a neighbour may read
     * back where they do not); the closest to f of those that do */
    const float a = fabsf(f);
    char d[24] = "";
    int nd = 0, x = 0;
    for (int p = 0; p < 9 && !nd; p++) {
        char e[40];
        snprintf(e, sizeof e, "%.*e", p, (double)a);
        unsigned long long m = 0, best = 0;
        const char *q = e;
        for (; *q && *q != 'e'; q++)
            if (*q != '.') m = m * 10 + (unsigned long long)(*q - '0');
        const int ex = atoi(q + 1) - p; /* e is m x 10^ex */
        double best_dist = INFINITY;
        for (int k = -1; k <= 1; k++) {
            const unsigned long long c = m + (unsigned long long)k;
            char t[48];
            snprintf(t, sizeof t, "%llue%d", c, ex);
            if (!c || strtof(t, NULL) != a) continue;
            const double dist = fabs(strtod(t, NULL) - (double)a);
            if (dist < best_dist) best_dist = dist, best = c;
        }
        if (best) {
            nd = snprintf(d, sizeof d, "%llu", best);
            x = ex + nd - 1;
        }
    }
    while (nd > 1 && d[nd - 1] == '0') nd--;
    d[nd] = 0;
    if (x < -4 || x >= 7) {
        snprintf(out, cap, "%s%c%s%.*se%c%02d", sign, d[0], nd > 1 ? "." : "", nd - 1, d + 1,
                 x < 0 ? '-' : '+', abs(x));
        return;
    }
    /* fixed: the digits with the point after digit x (zeros added before
     * or after them) */
    char b[40];
    size_t n = 0;
    if (x < 0) {
        b[n++] = '0', b[n++] = '.';
        for (int i = -1; i > x; i--) b[n++] = '0';
    }
    for (int i = 0; i < nd || i <= x; i++) {
        if (i == x + 1 && x >= 0) b[n++] = '.';
        b[n++] = i < nd ? d[i] : '0';
    }
    b[n] = 0;
    snprintf(out, cap, "%s%s", sign, b);
}

/* One conversion of the runtime's own (a note, a pointer) into the line:
 * short, bounded. */
static void dprint_f(sim_core_hart *sh, const char *spec, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, spec);
    vsnprintf(buf, sizeof buf, spec, ap);
    va_end(ap);
    dprint_puts(sh, buf);
}

/* A kernel's printf field: % flags width .precision conversion. A field
 * is at most a line (SIM_DPRINT_LINE_MAX); one its width or precision
 * makes longer prints its text without the width, with the precision cut
 * to what shows (DP_PREC_INT digits for an integer, DP_PREC_FLOAT for a
 * float: every digit a float has, 2^-149 has 149 after the point), then
 * `<field cut: N bytes>`, N the field's length. N is computed, not
 * formatted: the host's printf formats a field to count it (5 s for a
 * width of 2^31 here) and a float's precision makes it allocate. */
#define DP_HUGE       1000000000000000000ull /* 10^18: numbers past it are DP_HUGE + 1 */
#define DP_PREC_INT   16
#define DP_PREC_FLOAT 160
typedef struct dp_field {
    char flags[8];
    uint64_t width, prec;
    int has_prec;
} dp_field;

static uint64_t dp_number(const char **p)
{
    uint64_t v = 0;
    for (; **p >= '0' && **p <= '9'; (*p)++) {
        v = v * 10 + (uint64_t)(**p - '0'); /* (at most 10^19 + 19: no overflow) */
        if (v > DP_HUGE) v = DP_HUGE + 1;
    }
    return v;
}

/* 0 when spec is one printf defines: flags, width, precision, then the
 * conversion */
static int dp_parse(const char *spec, dp_field *f)
{
    const char *p = spec + 1;
    size_t n = 0;
    memset(f, 0, sizeof *f);
    for (; *p && strchr("-+ #0", *p); p++)
        if (!strchr(f->flags, *p)) f->flags[n++] = *p; /* (five at most) */
    f->width = dp_number(&p);
    if (*p == '.') {
        p++;
        f->has_prec = 1;
        f->prec = dp_number(&p);
    }
    return p[0] && !p[1] ? 0 : -1;
}

/* snprintf of the conversion conv of v (%s: the string s) */
static int dp_format(char *out, size_t cap, const char *spec, char conv, uint32_t v, const char *s)
{
    float f;
    memcpy(&f, &v, 4);
    switch (conv) {
    case 'd':
    case 'i': return snprintf(out, cap, spec, (int32_t)v);
    case 'u':
    case 'x':
    case 'X':
    case 'c': return snprintf(out, cap, spec, v);
    case 's': return snprintf(out, cap, spec, s);
    default: return snprintf(out, cap, spec, (double)f); /* f F e E g G a A */
    }
}

/* text at most a line long, into the line (n: its length) */
static void dp_put(sim_core_hart *sh, const char *spec, char conv, uint32_t v, const char *s, int n)
{
    char buf[256], *big = n < (int)sizeof buf ? NULL : malloc((size_t)n + 1);
    if (!big && n >= (int)sizeof buf) { /* out of host memory: its first characters */
        dp_format(buf, sizeof buf, spec, conv, v, s);
        dprint_puts(sh, buf);
        dprint_f(sh, "<field cut: %d bytes, out of host memory>", n);
        return;
    }
    dp_format(big ? big : buf, big ? (size_t)n + 1 : sizeof buf, spec, conv, v, s);
    dprint_puts(sh, big ? big : buf);
    free(big);
}

static void dp_cut(sim_core_hart *sh, uint64_t n)
{
    if (n > DP_HUGE)
        dprint_f(sh, "<field cut: over 10^18 bytes>");
    else
        dprint_f(sh, "<field cut: %llu bytes>", (unsigned long long)n);
}

static void dprint_field(sim_core_hart *sh, const char *spec, char conv, uint32_t v, const char *s)
{
    dp_field f;
    if (dp_parse(spec, &f)) { /* e.g. %1-2d: not a printf field */
        dprint_f(sh, "<field not printed: %.40s>", spec);
        return;
    }
    /* the text without the width, the precision cut to what shows; how
     * much longer the precision makes it */
    float x;
    memcpy(&x, &v, 4);
    int is_int = strchr("diuxX", conv) != NULL, is_float = strchr("fFeEgGaA", conv) != NULL;
    uint64_t cap = is_int ? DP_PREC_INT : is_float ? DP_PREC_FLOAT : SIM_DPRINT_TEXT_MAX, extra = 0;
    char short_spec[32], fit_spec[64];
    int k = snprintf(short_spec, sizeof short_spec, "%%%s", f.flags);
    if (f.has_prec && conv != 'c')
        k += snprintf(short_spec + k, sizeof short_spec - (size_t)k, ".%llu",
                      (unsigned long long)(f.prec < cap ? f.prec : cap));
    snprintf(short_spec + k, sizeof short_spec - (size_t)k, "%c", conv);
    /* past the cut an integer's precision adds leading zeros, a float's
     * trailing ones (%g's only with #: it drops them); inf and nan have
     * no digits */
    if (f.has_prec && f.prec > cap && (is_int || (is_float && isfinite(x))) &&
        !((conv == 'g' || conv == 'G') && !strchr(f.flags, '#')))
        extra = f.prec - cap;
    int len = dp_format(NULL, 0, short_spec, conv, v, s);
    if (len < 0) { /* (not with these conversions) */
        dprint_f(sh, "<field not printed: %.40s>", spec);
        return;
    }
    uint64_t text = (uint64_t)len + extra, n = f.width > text ? f.width : text;
    if (n <= SIM_DPRINT_LINE_MAX) {
        /* the field whole: with the cut precision when that prints the
         * same text (%g's zeros dropped; inf), the host's printf taking
         * time in proportion to the precision */
        if (!extra && f.has_prec && f.prec > cap) {
            char w[24] = "";
            if (f.width) snprintf(w, sizeof w, "%llu", (unsigned long long)f.width);
            snprintf(fit_spec, sizeof fit_spec, "%%%s%s%s", f.flags, w,
                     short_spec + 1 + strlen(f.flags));
            spec = fit_spec;
        }
        dp_put(sh, spec, conv, v, s, (int)n);
        return;
    }
    dp_put(sh, short_spec, conv, v, s, len);
    dp_cut(sh, n);
}

/* n copies of c, or the characters of s */
static void put_run(sim_core_hart *sh, char c, const char *s, long n)
{
    for (long i = 0; i < n; i++) dprint_putc(sh, s ? s[i] : c);
}

/* %r (the port's own): shortest_float padded by printf's flags and width
 * ('-' left, '0' zeros after the sign, '+' or ' ' before a positive); a
 * field longer than a line, as dprint_field's: the number, then the cut
 * said. */
static void shortest_field(sim_core_hart *sh, const char *spec, float f)
{
    dp_field d;
    if (dp_parse(spec, &d)) {
        dprint_f(sh, "<field not printed: %.40s>", spec);
        return;
    }
    int left = strchr(d.flags, '-') != NULL, zero = strchr(d.flags, '0') != NULL;
    char plus = strchr(d.flags, '+') ? '+' : strchr(d.flags, ' ') ? ' ' : 0, num[48];
    num[0] = 0;
    if (plus && !signbit(f)) num[0] = plus, num[1] = 0;
    shortest_float(f, num + strlen(num), sizeof num - 2);
    long len = (long)strlen(num);
    if (d.width > SIM_DPRINT_LINE_MAX) {
        dprint_puts(sh, num);
        dp_cut(sh, d.width);
        return;
    }
    long pad = (long)d.width > len ? (long)d.width - len : 0;
    /* right-aligned with zeros: the sign, then the zeros, then the digits */
    long sign = !left && zero && isfinite(f) && (num[0] == '-' || num[0] == '+' || num[0] == ' ');
    put_run(sh, 0, num, sign);
    if (!left) put_run(sh, zero && isfinite(f) ? '0' : ' ', NULL, pad);
    put_run(sh, 0, num + sign, len - sign);
    if (left) put_run(sh, ' ', NULL, pad);
}

/* Format with the host's printf, one conversion at a time: %d %i %u %x %X
 * %c %s (an L1 address) %f %F %e %E %g %G %a %A (float bits) %p %%, with
 * flags, width and precision; and %r, a float's shortest form
 * (shortest_field). */
static void dprint(sim_core_hart *sh, uint32_t fmt_addr)
{
    char fmt[SIM_DPRINT_TEXT_MAX];
    if (fmt_addr >= TF_L1_SIZE) {
        dprint_f(sh, "<bad format address 0x%08x>\n", fmt_addr);
        return;
    }
    const int fmt_cut = l1_string(sh->core, fmt_addr, fmt, sizeof fmt);
    int arg = 0;
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') {
            dprint_putc(sh, *p);
            continue;
        }
        char spec[32];
        size_t k = 0;
        spec[k++] = '%';
        p++;
        int long_spec = 0; /* characters past spec's room: not printed as a field */
        for (; *p && strchr("-+ #0123456789.", *p); p++) {
            if (k < sizeof spec - 3)
                spec[k++] = *p;
            else
                long_spec = 1;
        }
        while (*p == 'l' || *p == 'h') p++; /* all arguments are 32-bit */
        if (!*p) break;
        char conv = *p;
        uint32_t v = arg < TF_DPRINT_MAX_ARGS ? sh->dprint_args[arg] : 0;
        if (conv != '%') arg++;
        if (long_spec && conv != '%') { /* its argument is taken: the next ones stay in place */
            dprint_f(sh, "<field not printed: %.*s...%c, a spec of over %d characters>", (int)k,
                     spec, conv, (int)(sizeof spec - 4));
            continue;
        }
        spec[k++] = conv;
        spec[k] = 0;
        switch (conv) {
        case 'd':
        case 'i':
        case 'u':
        case 'x':
        case 'X':
        case 'c':
        case 'f':
        case 'F':
        case 'e':
        case 'E':
        case 'g':
        case 'G':
        case 'a':
        case 'A': dprint_field(sh, spec, conv, v, NULL); break; /* a float by its bits */
        case 'p': dprint_f(sh, "0x%08x", v); break;
        case 's': {
            char s[SIM_DPRINT_TEXT_MAX];
            const int cut = l1_string(sh->core, v, s, sizeof s);
            dprint_field(sh, spec, conv, v, s);
            if (cut) dprint_f(sh, "<string cut: longer than %zu bytes>", sizeof s - 1);
            break;
        }
        case 'r': { /* (its width: the field's, as printf's; DEVICE_PRINT's at most 255) */
            float f;
            memcpy(&f, &v, 4);
            shortest_field(sh, spec, f);
            break;
        }
        case '%': dprint_putc(sh, '%'); break;
        default: dprint_f(sh, "<%%%c?>", conv); break;
        }
    }
    if (fmt_cut) dprint_f(sh, "<format cut: longer than %zu bytes>", sizeof fmt - 1);
}

/* ---- registers ----------------------------------------------------------- */

/* Wait until `*at` (a NOC completion time) unless nothing is pending. A
 * barrier returns once nothing is pending AND its modeled time has come:
 * the completions may have been applied at a round boundary ahead of this
 * hart's own clock, and a barrier must not see them early (the result would
 * depend on where rounds fall, e.g. on a build's code size). A transfer
 * issued this round has its time only at the round's end, which updates
 * wake_at from `at` (sim_noc_resolve). */
static int noc_wait(sim_core_hart *sh, uint32_t pending, const uint64_t *at, uint32_t *val,
                    int cause)
{
    if (!pending && sim_hart_cycle(&sh->h) >= *at) {
        *val = 0;
        return TF_BUS_OK;
    }
    sim_perf_block(sh, cause, 0);
    sh->state = TF_HS_WAIT_UNTIL;
    sh->wake_at = *at;
    sh->wait_done = at;
    return TF_BUS_BLOCK;
}

/* Wait until sent_at (modeled time, as noc_wait's), when the writes it
 * covers have left this core (their port's time: known at issue); any of
 * them still pending has its source copied now, as it may change from
 * now on: also when they left before the flush came and it returns at
 * once (a write lands with its source as it is when it lands, unless
 * copied: a flush that did not wait copied nothing, and a 16-byte write
 * landed with what the kernel stored after its flush). */
static int flush_wait(sim_core_hart *sh, int noc, uint32_t pending, uint64_t sent_at, uint32_t *val)
{
    if (pending && sim_noc_snapshot_writes(sh, noc)) return TF_BUS_FAULT; /* (detail set) */
    if (sim_hart_cycle(&sh->h) >= sent_at) {
        *val = 0;
        return TF_BUS_OK;
    }
    sim_perf_block(sh, TF_PERF_WAIT_NOC_FLUSH, 0);
    sh->state = TF_HS_WAIT_UNTIL;
    sh->wake_at = sent_at;
    sh->wait_done = NULL;
    return TF_BUS_BLOCK;
}

/* TRID_BARRIER: wait for the transfers of one transaction id (the kind and
 * id in TRID_WAIT), or (TF_NOC_TRID_QUERY) say whether that wait would end
 * now, without waiting: 0 yes, 1 no (modeled time, as the wait). */
static int trid_barrier(sim_core_hart *sh, int noc, uint32_t *val)
{
    sim_noc_if *ni = &sh->noc[noc];
    uint32_t w = TF_NOC_REGW(sh, noc, TF_NOC_REG_TRID_WAIT), t = w & TF_NOC_MAX_TRID,
             kind = w >> TF_NOC_TRID_KIND_SHIFT & 3u;
    uint64_t now = sim_hart_cycle(&sh->h);
    uint32_t pending = kind == TF_NOC_TRID_READS    ? ni->trid_pending[t]
                       : kind == TF_NOC_TRID_WRITES ? ni->wtrid_pending[t]
                                                    : 0;
    const uint64_t *at = kind == TF_NOC_TRID_READS    ? &ni->trid_done_at[t]
                         : kind == TF_NOC_TRID_WRITES ? &ni->wtrid_done_at[t]
                                                      : &ni->wtrid_sent_at[t];
    if (w & TF_NOC_TRID_QUERY) {
        *val = pending || now < *at;
        return TF_BUS_OK;
    }
    if (kind == TF_NOC_TRID_FLUSHED) return flush_wait(sh, noc, ni->wtrid_pending[t], *at, val);
    return noc_wait(sh, pending, at, val,
                    kind == TF_NOC_TRID_READS ? TF_PERF_WAIT_NOC_READ : TF_PERF_WAIT_NOC_WRITE);
}

/* A load from NOC noc's register block (offset reg). */
static int noc_reg_load(sim_core_hart *sh, int noc, uint32_t reg, uint32_t *val)
{
    sim_noc_if *ni = &sh->noc[noc];
    switch (reg) {
    case TF_NOC_REG_REMOTE_LO:
    case TF_NOC_REG_REMOTE_HI:
    case TF_NOC_REG_LOCAL:
    case TF_NOC_REG_LEN:
    case TF_NOC_REG_NUM_DESTS:
    case TF_NOC_REG_TRID:
    case TF_NOC_REG_TRID_WAIT: *val = TF_NOC_REGW(sh, noc, reg); return TF_BUS_OK;
    case TF_NOC_REG_TRID_BARRIER: return trid_barrier(sh, noc, val);
    case TF_NOC_REG_READS_PENDING: *val = ni->reads_pending; return TF_BUS_OK;
    case TF_NOC_REG_WRITES_PENDING: *val = ni->writes_pending; return TF_BUS_OK;
    case TF_NOC_REG_ATOMICS_PENDING: *val = ni->atomics_pending; return TF_BUS_OK;
    case TF_NOC_REG_READ_BARRIER:
        return noc_wait(sh, ni->reads_pending, &ni->reads_done_at, val, TF_PERF_WAIT_NOC_READ);
    case TF_NOC_REG_WRITE_BARRIER:
        return noc_wait(sh, ni->writes_pending, &ni->writes_done_at, val, TF_PERF_WAIT_NOC_WRITE);
    case TF_NOC_REG_ATOMIC_BARRIER:
        return noc_wait(sh, ni->atomics_pending, &ni->atomics_done_at, val,
                        TF_PERF_WAIT_NOC_ATOMIC);
    case TF_NOC_REG_WRITES_FLUSHED:
        return flush_wait(sh, noc, ni->writes_pending, ni->writes_sent_at, val);
    }
    return reg_fault(sh, TF_MMIO_NOC_REG(noc, reg));
}

/* A store to NOC noc's register block: the hart stores the plain ones
 * itself (TF_NOC_REGS_PLAIN) but while a wait is to be settled, and a
 * store of another size comes here. */
static int noc_reg_store(sim_core_hart *sh, int noc, uint32_t reg, uint32_t val)
{
    switch (reg) {
    case TF_NOC_REG_REMOTE_LO:
    case TF_NOC_REG_REMOTE_HI:
    case TF_NOC_REG_LOCAL:
    case TF_NOC_REG_LEN:
    case TF_NOC_REG_NUM_DESTS:
    case TF_NOC_REG_TRID:
    case TF_NOC_REG_TRID_WAIT: TF_NOC_REGW(sh, noc, reg) = val; return TF_BUS_OK;
    case TF_NOC_REG_CMD: return sim_noc_issue(sh, noc, (int)val) ? TF_BUS_FAULT : TF_BUS_OK;
    case TF_NOC_REG_TRID_BARRIER: sim_noc_trid_clear(sh, noc, val); return TF_BUS_OK;
    }
    return reg_fault(sh, TF_MMIO_NOC_REG(noc, reg));
}

/* The clock's word at addr (TF_MMIO_CLOCK_LO or _HI): reading LO latches
 * HI. */
static inline uint32_t clock_word(sim_core_hart *sh, uint32_t addr)
{
    if (addr == TF_MMIO_CLOCK_LO) {
        uint64_t t = sim_hart_cycle(&sh->h);
        sh->clock_hi_latch = (uint32_t)(t >> 32);
        return (uint32_t)t;
    }
    return sh->clock_hi_latch;
}

/* A register load (core_load), after the access that waited, if any, is
 * settled. */
static __attribute__((noinline)) int core_load_regs(sim_core *core, sim_core_hart *sh,
                                                    uint32_t addr, int size, uint32_t *val)
{
    if (sh->perf.blocked) sim_perf_settle(sh); /* the access that waited, retried */
    if (size != 4 || (addr & 3)) return reg_fault(sh, addr);
    switch (addr) {
    case TF_MMIO_CLOCK_LO:
    case TF_MMIO_CLOCK_HI: *val = clock_word(sh, addr); return TF_BUS_OK;
    case TF_MMIO_CORE_XY: *val = ((uint32_t)core->y << 8) | (uint32_t)core->x; return TF_BUS_OK;
    case TF_MMIO_NOC_XY:
        *val = ((uint32_t)TF_NOC_CORE_Y(core->y) << 8) | (uint32_t)TF_NOC_CORE_X(core->x);
        return TF_BUS_OK;
    case TF_MMIO_WAIT_ADDR: *val = sh->wait_addr; return TF_BUS_OK;
    case TF_MMIO_WAIT_REF: *val = sh->wait_ref; return TF_BUS_OK;
    case TF_MMIO_FAULT_DETAIL: *val = sh->fault_detail; return TF_BUS_OK;
    case TF_MMIO_FAULT_AUX_LO: *val = (uint32_t)sh->fault_aux; return TF_BUS_OK;
    case TF_MMIO_FAULT_AUX_HI: *val = (uint32_t)(sh->fault_aux >> 32); return TF_BUS_OK;
    case TF_MMIO_INFLIGHT_READS:
    case TF_MMIO_INFLIGHT_WRITES:
        *val = sim_noc_inflight(sh, addr == TF_MMIO_INFLIGHT_WRITES);
        return TF_BUS_OK;
    case TF_MMIO_WAIT_GE:
    case TF_MMIO_WAIT_EQ:
    case TF_MMIO_WAIT_GEU: {
        if (sh->wait_addr > TF_L1_SIZE - 4 || (sh->wait_addr & 3)) {
            sh->fault_detail = TF_FAULT_DETAIL_WAIT_ADDR;
            sh->fault_aux = sh->wait_addr;
            return TF_BUS_FAULT;
        }
        uint32_t w = l1_word(core, sh->wait_addr);
        int kind = addr == TF_MMIO_WAIT_GE   ? TF_WAIT_KIND_GE
                   : addr == TF_MMIO_WAIT_EQ ? TF_WAIT_KIND_EQ
                                             : TF_WAIT_KIND_GEU;
        if (sim_core_wait_done(kind, w, sh->wait_ref)) {
            *val = w;
            return TF_BUS_OK;
        }
        int cb, cause = sim_perf_l1_cause(sh->wait_addr, &cb);
        sim_perf_block(sh, cause, cb);
        sh->state = TF_HS_WAIT;
        sh->wait_since = sim_hart_cycle(&sh->h);
        sh->wait_met_at = 0;
        sh->wait_kind = kind;
        return TF_BUS_BLOCK;
    }
    }
    if (addr - TF_MMIO_NOC_BASE(0) < TF_NUM_NOCS * TF_NOC_REG_SIZE)
        return noc_reg_load(sh, (int)((addr - TF_MMIO_NOC_BASE(0)) / TF_NOC_REG_SIZE),
                            (addr - TF_MMIO_NOC_BASE(0)) % TF_NOC_REG_SIZE, val);
    if (addr >= TF_MMIO_DPRINT_ARG && addr < TF_MMIO_DPRINT_ARG + 4 * TF_DPRINT_MAX_ARGS) {
        *val = sh->dprint_args[(addr - TF_MMIO_DPRINT_ARG) / 4];
        return TF_BUS_OK;
    }
    if (addr >= TF_MMIO_TILE_ARG0 && addr <= TF_MMIO_TILE_ARG3) {
        *val = sh->tile_args[(addr - TF_MMIO_TILE_ARG0) / 4];
        return TF_BUS_OK;
    }
    return reg_fault(sh, addr);
}

_Static_assert(TF_MMIO_CLOCK_HI == TF_MMIO_CLOCK_LO + 4, "the clock's two words (core_load)");

/* A register load. A word of the clock with no wait to settle is answered
 * here, in a function small enough to need no saved registers, the rest
 * in core_load_regs: every RISC's firmware reads the clock at each
 * dispatch's start and end (20 loads a dispatch), and the full switch's
 * entry and exit were most of their cost. */
static int core_load(void *ctx, sim_hart *h, uint32_t addr, int size, uint32_t *val)
{
    sim_core_hart *sh = core_hart(h);
    if (addr - TF_MMIO_CLOCK_LO < 8 && size == 4 && !(addr & 3) && !sh->perf.blocked) {
        *val = clock_word(sh, addr);
        return TF_BUS_OK;
    }
    return core_load_regs(ctx, sh, addr, size, val);
}

/* The register words the hart stores itself are the blocks of both NOCs,
 * from TF_MMIO_NOC_BASE(0) on. */
_Static_assert(TF_NUM_NOCS *TF_NOC_REG_SIZE <= TF_BUS_REGS_BYTES &&
                   sizeof(((sim_core_hart *)0)->noc_regs) == TF_NUM_NOCS * TF_NOC_REG_SIZE &&
                   TF_MMIO_NOC_BASE(1) == TF_MMIO_NOC_BASE(0) + TF_NOC_REG_SIZE,
               "NOC register blocks stored by the hart (sim_bus.regs)");

static int core_store(void *ctx, sim_hart *h, uint32_t addr, int size, uint32_t val)
{
    sim_core_hart *sh = core_hart(h);
    (void)ctx;
    /* (The hart stores a NOC command's plain registers itself and calls
     * sim_noc_cmd_store (noc.c) for the command word: sim_bus.regs. Of those word
     * stores only the plain ones made while a wait is to be settled come
     * here, to noc_reg_store.) */
    if (sh->perf.blocked) sim_perf_settle(sh); /* the access that waited, retried */
    if (size != 4 || (addr & 3)) return reg_fault(sh, addr);
    switch (addr) {
    case TF_MMIO_WAIT_ADDR: sh->wait_addr = val; return TF_BUS_OK;
    case TF_MMIO_WAIT_REF: sh->wait_ref = val; return TF_BUS_OK;
    case TF_MMIO_DPRINT_FMT: dprint(sh, val); return TF_BUS_OK;
    case TF_MMIO_TILE_CMD: return sim_tile_command(sh, val);
    case TF_MMIO_FAULT_DETAIL: sh->fault_detail = val; return TF_BUS_OK;
    case TF_MMIO_FAULT_AUX_LO:
        sh->fault_aux = (sh->fault_aux & ~0xffffffffull) | val;
        return TF_BUS_OK;
    case TF_MMIO_FAULT_AUX_HI:
        sh->fault_aux = (sh->fault_aux & 0xffffffffull) | (uint64_t)val << 32;
        return TF_BUS_OK;
    case TF_MMIO_INFLIGHT_ADDR: sh->inflight_addr = val; return TF_BUS_OK;
    case TF_MMIO_INFLIGHT_LEN: sh->inflight_len = val; return TF_BUS_OK;
    }
    if (addr - TF_MMIO_NOC_BASE(0) < TF_NUM_NOCS * TF_NOC_REG_SIZE)
        return noc_reg_store(sh, (int)((addr - TF_MMIO_NOC_BASE(0)) / TF_NOC_REG_SIZE),
                             (addr - TF_MMIO_NOC_BASE(0)) % TF_NOC_REG_SIZE, val);
    if (addr >= TF_MMIO_TILE_ARG0 && addr <= TF_MMIO_TILE_ARG3) {
        sh->tile_args[(addr - TF_MMIO_TILE_ARG0) / 4] = val;
        return TF_BUS_OK;
    }
    if (addr >= TF_MMIO_DPRINT_ARG && addr < TF_MMIO_DPRINT_ARG + 4 * TF_DPRINT_MAX_ARGS) {
        sh->dprint_args[(addr - TF_MMIO_DPRINT_ARG) / 4] = val;
        return TF_BUS_OK;
    }
    return reg_fault(sh, addr);
}

/* sim_bus.call_far: a word store outside memory and the NOC window, word
 * k past the window's base, as core_store makes it. A compute kernel's
 * tile-engine command (about 8,000 an inference of the CNN demo) is
 * decided first. */
static int core_store_far(void *ctx, sim_hart *h, uint32_t k, uint32_t val)
{
    sim_core_hart *sh = core_hart(h);
    uint32_t addr = TF_MMIO_NOC_BASE(0) + 4 * k;
    /* (the arguments the hart stores itself: sim_bus.regs2; a blocked
     * hart's come to core_store, which settles the wait first) */
    if (addr == TF_MMIO_TILE_CMD && !sh->perf.blocked) return sim_tile_command(sh, val);
    return core_store(ctx, h, addr, 4, val);
}

/* ---- blocked accesses, retried -------------------------------------------- */

/* The instruction word at the hart's pc (where a blocked access leaves
 * it: sim_hart_run's TF_STOP_BLOCK), or 0 where there is none. */
static uint32_t insn_at_pc(const sim_core_hart *sh)
{
    const sim_mem *m = sh->h.mem;
    uint32_t off = sh->h.pc - m->base, w;
    if (off > m->size - 4) return 0;
    memcpy(&w, m->data + off, 4);
    return w;
}

void sim_core_note_block(sim_core_hart *sh)
{
    sh->block_insn = insn_at_pc(sh);
    sh->block_epoch = sh->h.mem->code_epoch;
}

/* The instruction word at pc is still block_insn: unchanged if no write
 * has reached a page holding code since it was read (the page of pc holds
 * code: the hart ran it), which spares a read of L1 that is rarely in the
 * host's cache any more. */
static int same_insn(sim_core_hart *sh)
{
    if (!sh->block_insn) return 0;
    if (sh->block_epoch == sh->h.mem->code_epoch) return 1;
    if (insn_at_pc(sh) != sh->block_insn) return 0;
    sh->block_epoch = sh->h.mem->code_epoch;
    return 1;
}

/* A hart in TF_HS_WAIT or TF_HS_WAIT_TILE whose round has come: 1 if
 * retrying its access would block it again, having done to it what that
 * retry does (settle the wait's cycles in the counters, block again with
 * the same cause); 0 if the access must be retried by the interpreter.
 * The retry would run the same instruction (its word is unchanged; the
 * registers it reads are the hart's own, and only it writes them): an L1
 * word wait decides on that word, and a tile command on the engine's
 * state, which only a command that does not wait, or a reset, changes
 * (sim_tile_engine.changes). This replaces the interpreter's round trip
 * for the many rounds a RISC spends waiting on its neighbours; what the
 * retry returns and changes is the same, so no modeled cycle moves. The
 * caller has moved the clock as for the retry and checked that the hart
 * is behind the round's end. */
int sim_core_still_blocked(sim_core_hart *sh)
{
    const sim_core *core = sh->core;
    if (!same_insn(sh)) return 0;
    int cause, cb = 0;
    if (sh->state == TF_HS_WAIT) {
        uint32_t w = l1_word(core, sh->wait_addr); /* in range: it blocked, not faulted */
        if (sim_core_wait_done(sh->wait_kind, w, sh->wait_ref)) return 0;
        cause = sim_perf_l1_cause(sh->wait_addr, &cb);
    } else {
        if (!core->tile || core->tile->changes != sh->tile_epoch) return 0;
        cause = sh->perf.cause;
    }
    /* the same wait goes on: its cycles are counted when it ends (the
     * retried access, or a change of what it waits for settles it) */
    if (sh->perf.blocked && sh->perf.cause == cause && sh->perf.cb == cb) return 1;
    if (sh->perf.blocked) sim_perf_settle(sh);
    sim_perf_block(sh, cause, cb);
    return 1;
}

/* ---- mailbox, wake-ups, faults, reset ------------------------------------ */

static void hart_advance(sim_hart *h, uint64_t t)
{
    uint64_t c = sim_hart_cycle(h);
    if (c < t) h->cyc_extra += t - c;
}

/* Every write to the mailbox page comes through here (a hart's store,
 * the NOC, the host): the host's copy is stale until the round's end
 * (chip.c). The flags are the core's worker's own, or the scheduler's
 * between rounds; the chip's is only ever set during a round. */
void sim_core_mailbox_written(sim_core *core)
{
    if (core->mb_dirty) return;
    core->mb_dirty = 1;
    __atomic_store_n(&core->chip->mb_dirty, 1, __ATOMIC_RELAXED);
}

void sim_core_wake(sim_core *core, uint64_t time)
{
    sim_core_mailbox_written(core);
#ifdef TT_FOIL_ASSERTS
    for (int r = 0; r < TF_NUM_RISCS; r++) /* the mask says who sleeps */
        CM_ASSERT((core->wfi >> r & 1) == (core->harts[r].state == TF_HS_WFI));
#endif
    for (unsigned m = core->wfi; m; m &= m - 1) { /* in RISC order */
        sim_core_hart *sh = &core->harts[__builtin_ctz(m)];
        sh->state = TF_HS_RUN;
        uint64_t slept = sh->h.cyc_extra;
        hart_advance(&sh->h, time);
        sim_perf_wait(sh, TF_PERF_WAIT_IDLE, sh->h.cyc_extra - slept);
        sim_chip_set_active(core->chip, sh, 1);
    }
    core->wfi = 0;
}

/* A store of n bytes at addr landed at `time` on core: a RISC of it
 * waiting on an L1 word there (TF_HS_WAIT) that the store meets resumes
 * at that time (chip.c, worker_round), not at the next round's start:
 * a hand-off through a CB's counters or a semaphore costs the modeled
 * cycles it takes, whatever the round length. */
void sim_core_note_store(sim_core *core, uint32_t addr, uint32_t n, uint64_t time)
{
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        sim_core_hart *w = &core->harts[r];
        if (w->state != TF_HS_WAIT || w->wait_met_at || w->wait_addr >= addr + n ||
            addr >= w->wait_addr + 4)
            continue;
        if (sim_core_wait_done(w->wait_kind, l1_word(core, w->wait_addr), w->wait_ref))
            w->wait_met_at = time > w->wait_since ? time : w->wait_since;
    }
}

/* A hart's store landed in a hooked page: in the mailbox, wake the core
 * (the host hears of it at the round's end: publish_mailboxes); past it
 * (the RISC mailboxes, the CB counters and semaphores' page), what waits
 * on it. */
static void mailbox_hook(void *ctx, sim_hart *h, uint32_t addr, uint32_t n)
{
    sim_core *core = ctx;
    if (addr >= TF_L1_MAILBOX + TF_L1_MAILBOX_SIZE) {
        sim_core_note_store(core, addr, n, sim_hart_cycle(h));
        return;
    }
    sim_core_hart *sh = core_hart(h);
    uint32_t status = TF_L1_MAILBOX + (uint32_t)(offsetof(tf_mailbox, risc) +
                                                 (size_t)sh->risc * sizeof(tf_risc_status)),
             done = status + (uint32_t)offsetof(tf_risc_status, done_id);
    if (addr <= done && done < addr + n) sim_perf_done(sh); /* its window ends */
    if (addr < status + sizeof(tf_risc_status) && status < addr + n)
        dprint_end(sh); /* done or faulted: its unfinished line */
#ifndef TT_FOIL_ASSERTS /* (which check the mask against the harts at every wake) */
    if (!core->wfi) {   /* no one asleep (most of the firmware's status stores) */
        sim_core_mailbox_written(core);
        return;
    }
#endif
    sim_core_wake(core, sim_hart_cycle(h));
}

/* A hart's store to a guarded page (sim_mem.store_guard), before it lands:
 * a fault if a byte of it is in a stack's guard (the lowest
 * TF_L1_STACK_GUARD bytes of a RISC's stack, tf_memmap.h: its stack grew
 * past its end, or a pointer went astray), or, when the store's pc is a
 * kernel's (outside the firmware images), in a region of the firmware or
 * the runtime that no kernel writes (TF_L1_GUARD_LIST); else it lands (a
 * deep stack's stores above the guard in that page, a kernel's stores
 * next to a region in its page). Only these pages come here, the
 * regions' only for stores by code other than the firmware (the memory's
 * trusted code, TF_PAGE_GUARD_PC: the firmware's mailbox stores do not
 * call here), and nothing else stores to them in the common case: the
 * check costs the other stores nothing. */
static int l1_guard(void *ctx, sim_hart *h, uint32_t addr, uint32_t n, uint32_t v)
{
    (void)ctx;
    uint32_t last = addr + n - 1;
    int kernel = h->pc - h->mem->trusted_pc >= h->mem->trusted_bytes;
    for (uint32_t b = addr; b <= last; b++) {
        uint32_t s = b - TF_L1_STACK_BASE, g = 0;
        if (s < TF_NUM_RISCS * TF_L1_STACK_SIZE && s % TF_L1_STACK_SIZE < TF_L1_STACK_GUARD) {
            sim_core_hart *sh = core_hart(h);
            sh->fault_detail = TF_FAULT_DETAIL_STACK;
            sh->fault_aux = (uint64_t)(s / TF_L1_STACK_SIZE) << 32 | addr;
            return TF_BUS_FAULT;
        }
        if (kernel && (g = tf_l1_guard_region(b))) {
            sim_core_hart *sh = core_hart(h);
            /* a frame that skipped the guard below its stack (the first
             * store of a large local array) */
            uint32_t sp = h->x[2];
            int below = sp < (uint32_t)(TF_L1_STACK_TOP(sh->risc) - TF_L1_STACK_SIZE) && addr >= sp;
            sh->fault_detail = TF_FAULT_DETAIL_KERNEL_STORE;
            sh->fault_aux = (uint64_t)TF_L1_GUARD_AUX(g, n, (uint32_t)below) << 32 |
                            (n == 4 ? v : v & ((1u << (8 * n)) - 1));
            return TF_BUS_FAULT;
        }
    }
    return TF_BUS_OK;
}

void sim_core_l1_write(sim_core *core, uint32_t addr, const void *src, uint32_t n, uint64_t time)
{
    /* The runtime writes every dispatch's kernel images and arguments,
     * most often the bytes already there: writing them again would only
     * throw away their decoded instructions (which would decode the same).
     * The mailbox is written in any case: its writes wake harts. */
    if (addr >= TF_L1_MAILBOX + TF_L1_MAILBOX_SIZE && !memcmp(core->l1->data + addr, src, n))
        return;
    sim_mem_write(core->l1, addr, src, n);
    if (addr < TF_L1_MAILBOX + TF_L1_MAILBOX_SIZE) sim_core_wake(core, time);
    sim_core_note_store(core, addr, n, time);
    uint32_t go = TF_L1_MAILBOX + (uint32_t)offsetof(tf_mailbox, go.signal);
    if (addr <= go && go + 4 <= addr + n && l1_word(core, go) == TF_GO_RUN) {
        sim_perf_go(core); /* the counters' window opens */
        sim_tile_go(core);
    }
}

/* The chip stops a hart that trapped with no handler to run: before its
 * firmware installed one, or inside the handler itself (a double trap,
 * sim_hart.halt_on_double_trap). No fault record can follow; the host
 * learns of it through the transport's `halted` (docs/chip.md, "Faults"). */
void sim_core_halt(sim_core_hart *sh)
{
    sh->state = TF_HS_HALT;
    sh->core->wfi &= (uint8_t) ~(1u << sh->risc);
    sim_chip_set_active(sh->core->chip, sh, 0);
    sim_chip_progress(sh->core->chip);
}

/* Fault RISC sh between two of its instructions, from outside them: a
 * trap at its pc with `cause` and `tval`, its fault detail and aux as the
 * instruction's own fault would have set them. A RISC that waits (an L1
 * word, the tile engine, NOC completions) or sleeps stops doing so: its
 * handler runs next (none: it halts, sim_core_halt). Only between rounds
 * (the round's end: sim_noc_lost). */
void sim_core_fault_now(sim_core_hart *sh, uint32_t cause, uint32_t tval, uint32_t detail,
                        uint64_t aux)
{
    if (sh->state == TF_HS_RESET || sh->state == TF_HS_HALT) return;
    if (sh->state == TF_HS_WFI) sh->core->wfi &= (uint8_t) ~(1u << sh->risc);
    sh->state = TF_HS_RUN;
    sh->wait_done = NULL;
    if (sh->perf.blocked) sim_perf_settle(sh); /* the wait so far counted, as a retry's */
    sh->fault_detail = detail;
    sh->fault_aux = aux;
    if (sim_hart_exception(&sh->h, cause, tval)) {
        sim_core_halt(sh);
        return;
    }
    sim_chip_set_active(sh->core->chip, sh, 1);
    sim_chip_progress(sh->core->chip);
}

void sim_core_reset_hart(sim_core_hart *sh, uint64_t time)
{
    sh->generation++;
    sim_hart_reset(&sh->h, sh->core->l1, TF_L1_FW(sh->risc), (uint32_t)sh->risc);
    sh->h.halt_on_double_trap = 1;
    sh->h.cyc_extra = time;
    memset(sh->noc, 0, sizeof sh->noc);
    memset(sh->noc_regs, 0, sizeof sh->noc_regs);
    sh->h.bus.regs_plain = TF_NOC_REGS_PLAIN; /* perf.blocked is 0 */
    sh->h.bus.regs2_plain = TF_TILE_REGS_PLAIN;
    sh->wait_done = NULL;
    sh->wait_addr = sh->wait_ref = 0;
    sh->fault_detail = TF_FAULT_DETAIL_NONE;
    sh->fault_aux = 0;
    sh->perf.open = sh->perf.blocked = 0;
    memset(sh->tile_args, 0, sizeof sh->tile_args);
    if (sh->risc >= TF_RISC_TRISC0) sim_tile_reset(sh->core); /* its TRISCs start over */
    dprint_end(sh);                                           /* (of a kernel stopped mid-line) */
    sh->state = TF_HS_RUN;
    sh->core->wfi &= (uint8_t) ~(1u << sh->risc);
    sim_chip_set_active(sh->core->chip, sh, 1);
}

int sim_core_init(sim_chip *c, sim_core *core, int x, int y)
{
    core->chip = c;
    core->x = x;
    core->y = y;
    sim_noc_core_init(core);
    core->l1 = sim_mem_new(0, TF_L1_SIZE);
    if (!core->l1) return -1;
    /* decoded kernels kept across kernel switches: several per RISC (an
     * op's kernels, then the next op's, then the first op's again; a
     * transformer decode's ops cycle through more than 4 a RISC, which
     * least-recently-used eviction then threw out just before their use) */
    core->l1->keep_images = 16 * TF_NUM_RISCS;
    core->l1->store_hook = mailbox_hook;
    core->l1->hook_ctx = core;
    sim_mem_hook_pages(core->l1, TF_L1_MAILBOX, TF_L1_MAILBOX_SIZE);
    /* the CB counters and semaphores: what RISCs wait on */
    sim_mem_hook_pages(core->l1, TF_L1_CB_SHARED,
                       TF_L1_SEMAPHORES + TF_MAX_SEMAPHORES * TF_SEMAPHORE_STRIDE -
                           TF_L1_CB_SHARED);
    core->l1->store_guard = l1_guard;
    for (int r = 0; r < TF_NUM_RISCS; r++)
        sim_mem_guard_pages(core->l1, TF_L1_STACK_TOP(r) - TF_L1_STACK_SIZE, TF_L1_STACK_GUARD, 0);
    /* the regions kernels never write: asked for stores by code outside
     * the firmware images (l1_guard's `kernel`) */
    core->l1->trusted_pc = TF_L1_FW_BASE;
    core->l1->trusted_bytes = TF_NUM_RISCS * TF_L1_FW_SIZE;
#define SIM_GUARD_PAGES(name, num, first, bytes, what, holds)                                      \
    sim_mem_guard_pages(core->l1, first, bytes, 1);
    TF_L1_GUARD_LIST(SIM_GUARD_PAGES)
#undef SIM_GUARD_PAGES
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        sim_core_hart *sh = &core->harts[r];
        sh->core = core;
        sh->risc = r;
        sh->h.user = sh;
        sh->h.bus = (sim_bus){.load = core_load,
                              .store = core_store,
                              .ctx = core,
                              .regs_base = TF_MMIO_NOC_BASE(0),
                              .regs_plain = TF_NOC_REGS_PLAIN,
                              .regs = &sh->noc_regs[0][0],
                              .regs_call = TF_NOC_REGS_CALL,
                              /* an issue only queues its transfer */
                              .regs_call_quiet = TF_NOC_REGS_CALL,
                              .call = sim_noc_cmd_store,
                              .call_far = core_store_far,
                              .regs2_base = TF_MMIO_TILE_ARG0,
                              .regs2_plain = TF_TILE_REGS_PLAIN,
                              .regs2 = sh->tile_args};
        sim_hart_reset(&sh->h, core->l1, TF_L1_FW(r), (uint32_t)r);
        sh->h.halt_on_double_trap = 1;
        sh->state = TF_HS_RESET;
    }
    core->wfi = 0;
    return 0;
}

void sim_core_free(sim_core *core)
{
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        sim_core_hart *sh = &core->harts[r];
        if (sh->core) dprint_end(sh); /* (a core sim_core_init did not reach has none) */
        free(sh->line);
        sh->line = NULL;
        sh->line_len = sh->line_cap = 0;
    }
    sim_tile_free(core);
    sim_mem_free(core->l1);
    core->l1 = NULL;
}
