/* Output for the report writers: a buffered file writer without stdio's
 * per-call cost (reports hold millions of rows), numbers and timestamps,
 * CSV fields (RFC 4180) and JSON strings (RFC 8259), and the human units
 * of the terminal summary. */
#include "pf.h"
#include "common/cm_err.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PF_OUT_BUF (1u << 20)

/* The temporary files being written (report writers run on three
 * threads): what a signal removes. A slot is taken, and its file made,
 * under the lock; the signal's thread takes the lock too, so it sees every
 * file made and none is made after (pf_tmp_stopped). */
#define PF_OUT_SLOTS 32
static char pf_tmp_name[PF_OUT_SLOTS][4300];
static volatile sig_atomic_t pf_tmp_used[PF_OUT_SLOTS];
static pthread_mutex_t pf_tmp_lock = PTHREAD_MUTEX_INITIALIZER;
static int pf_tmp_stopped; /* under the lock: a signal is ending the tool */

static void failed(pf_logs *l, const char *rel)
{
    pthread_mutex_lock(&l->lock);
    if (l->nfailed < (int)(sizeof l->failed / sizeof *l->failed))
        snprintf(l->failed[l->nfailed++], sizeof l->failed[0], "%s", rel);
    pthread_mutex_unlock(&l->lock);
}

int pf_out_failed(const pf_logs *l, const char *rel)
{
    for (int i = 0; i < l->nfailed; i++)
        if (!strcmp(l->failed[i], rel)) return 1;
    return 0;
}

/* ---- stopped by a signal ---------------------------------------------------------------- */

static sigset_t pf_stop_set; /* SIGINT, SIGTERM, SIGHUP */
static char pf_stop_dir[4200];

static void put_str(const char *s)
{
    size_t n = strlen(s);
    while (n) {
        ssize_t w = write(2, s, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return;
        s += w;
        n -= (size_t)w;
    }
}

/* Remove every temporary file, say so and what to do, and die of `sig`.
 * Async-signal-safe (also the handler's when no thread could take the
 * signals); the caller holds the lock, or is a handler. */
static void stop_by(int sig)
{
    for (int i = 0; i < PF_OUT_SLOTS; i++)
        if (pf_tmp_used[i]) unlink(pf_tmp_name[i]);
    put_str(PF_TOOL ": interrupted by ");
    put_str(sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "SIGHUP");
    put_str(" while making the reports (none was left half written); the logs are kept in ");
    put_str(pf_stop_dir);
    put_str("/" PF_LOGS ": run '" PF_TOOL " report ");
    put_str(pf_stop_dir);
    put_str("' to write the reports\n");
    signal(sig, SIG_DFL);
    sigset_t one;
    sigemptyset(&one);
    sigaddset(&one, sig);
    pthread_sigmask(SIG_UNBLOCK, &one, NULL);
    raise(sig);
    _exit(128 + sig); /* (not reached) */
}

/* Wait for one of the stop signals (blocked) and die of it. */
static void take_stop(void)
{
    int sig = 0;
    while (sigwait(&pf_stop_set, &sig)) {
    }
    pthread_mutex_lock(&pf_tmp_lock); /* held to the end: no file is made after */
    pf_tmp_stopped = 1;
    stop_by(sig);
}

static void *stop_thread(void *arg)
{
    (void)arg;
    take_stop();
    return NULL;
}

static void stop_handler(int sig)
{
    stop_by(sig);
}

void pf_out_guard_signals(const char *dir)
{
    snprintf(pf_stop_dir, sizeof pf_stop_dir, "%s", dir);
    sigemptyset(&pf_stop_set);
    sigaddset(&pf_stop_set, SIGINT);
    sigaddset(&pf_stop_set, SIGTERM);
    sigaddset(&pf_stop_set, SIGHUP);
    /* a handler, not the default or SIG_IGN (inherited from a shell's
     * background job): either would keep sigwait from seeing the signal */
    struct sigaction sa = {.sa_handler = stop_handler};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    /* blocked for every thread but the one that waits for them (they may
     * be blocked already, one pending: tt_foil_profile's main) */
    pthread_sigmask(SIG_BLOCK, &pf_stop_set, NULL);
    /* one already pending (it came while the caller had them blocked) is
     * taken here, before any report: left to the thread below, it raced
     * the first report's writer, which a busy machine let finish first */
    sigset_t p;
    sigpending(&p);
    for (int s = 1; s < NSIG; s++)
        if (sigismember(&pf_stop_set, s) == 1 && sigismember(&p, s) == 1) take_stop();
    pthread_t th;
    if (pthread_create(&th, NULL, stop_thread, NULL)) {
        pthread_sigmask(SIG_UNBLOCK, &pf_stop_set, NULL); /* the handler, then, on any thread */
        return;
    }
    pthread_detach(th);
}

/* Whether the test-only variable `id` names output file rel (is part of
 * its name): TT_FOIL_PROFILE_FAIL_WRITE, writes to it fail as on a full
 * disk; TT_FOIL_PROFILE_PAUSE_WRITE, the writer that has just made its
 * temporary stops there for good (a test signals the tool). */
static int injected(enum tf_env_id id, const char *rel)
{
    const char *v = getenv(tf_env_name(id));
    return v && *v && strstr(rel, v);
}

pf_out *pf_out_open(pf_logs *l, const char *rel)
{
    char p[4200];
    snprintf(p, sizeof p, "%s/%s", l->dir, rel);
    pf_out *o = calloc(1, sizeof *o);
    char *buf = malloc(PF_OUT_BUF);
    int slot = -1, fd = -1;
    if (o && buf) {
        pthread_mutex_lock(&pf_tmp_lock);
        for (int i = 0; i < PF_OUT_SLOTS && slot < 0; i++)
            if (!pf_tmp_used[i]) slot = i;
        if (pf_tmp_stopped) { /* (this thread was not stopped yet: it soon is) */
            slot = -1;
            errno = EINTR;
        } else if (slot >= 0) {
            snprintf(pf_tmp_name[slot], sizeof pf_tmp_name[slot], "%s.tmp.%ld", p, (long)getpid());
            fd = open(pf_tmp_name[slot], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
            if (fd >= 0) pf_tmp_used[slot] = 1;
        } else {
            errno = EMFILE;
        }
        pthread_mutex_unlock(&pf_tmp_lock);
        if (fd >= 0 && injected(TF_ENV_PROFILE_PAUSE_WRITE, rel))
            for (;;) pause();
    }
    if (fd < 0) {
        pf_note(l, PF_WRITE_ERROR, "cannot write %s: %s", p,
                o && buf ? strerror(errno) : "out of memory");
        failed(l, rel);
        free(o);
        free(buf);
        return NULL;
    }
    *o = (pf_out){
        slot, fd,  buf, 0, PF_OUT_BUF, injected(TF_ENV_PROFILE_FAIL_WRITE, rel) ? ENOSPC : 0,
        l,    rel, 0,   0, NULL};
    return o;
}

static void write_all(pf_out *o, const char *s, size_t n)
{
    while (n && !o->err) {
        ssize_t w = write(o->fd, s, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            o->err = w < 0 ? errno : ENOSPC;
            break;
        }
        s += w;
        n -= (size_t)w;
        o->written += (uint64_t)w;
    }
}

/* In memory (fd < 0) the buffer grows instead. */
static void grow(pf_out *o, size_t need)
{
    size_t cap = o->cap ? o->cap : 64;
    while (cap < need) cap *= 2;
    char *nb = cap > o->cap ? realloc(o->buf, cap) : o->buf;
    if (!nb) {
        o->err = ENOMEM;
        o->n = 0; /* keep going, writing nothing */
        return;
    }
    o->buf = nb;
    o->cap = cap;
}

/* Writing on a thread of its own (pf_out_async): the writer fills one
 * buffer while the thread writes the other, so the kernel's copy into the
 * page cache (most of the cost of a large file) overlaps with the work
 * that makes the rows. */
typedef struct pf_async {
    pthread_t th;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    char *spare; /* the buffer the writer may take next (NULL while in use) */
    char *job;   /* being written (NULL: idle) */
    size_t njob;
    int stop;
} pf_async;

static void *async_main(void *arg)
{
    pf_out *o = arg;
    pf_async *a = o->async;
    pthread_mutex_lock(&a->mu);
    for (;;) {
        while (!a->job && !a->stop) pthread_cond_wait(&a->cv, &a->mu);
        if (!a->job) break;
        char *b = a->job;
        size_t n = a->njob;
        pthread_mutex_unlock(&a->mu);
        write_all(o, b, n);
        pthread_mutex_lock(&a->mu);
        a->spare = b;
        a->job = NULL;
        pthread_cond_broadcast(&a->cv);
    }
    pthread_mutex_unlock(&a->mu);
    return NULL;
}

/* Until the thread is idle: then o->err and o->written are the writer's
 * to read again. */
static void async_wait(pf_out *o)
{
    pf_async *a = o->async;
    if (!a) return;
    pthread_mutex_lock(&a->mu);
    while (a->job) pthread_cond_wait(&a->cv, &a->mu);
    pthread_mutex_unlock(&a->mu);
}

int pf_out_async(pf_out *o)
{
    if (!o || o->fd < 0 || o->async) return -1;
    pf_async *a = calloc(1, sizeof *a);
    if (!a || !(a->spare = malloc(o->cap))) {
        free(a);
        return -1;
    }
    pthread_mutex_init(&a->mu, NULL);
    pthread_cond_init(&a->cv, NULL);
    o->async = a;
    if (pthread_create(&a->th, NULL, async_main, o)) {
        o->async = NULL;
        pthread_mutex_destroy(&a->mu);
        pthread_cond_destroy(&a->cv);
        free(a->spare);
        free(a);
        return -1;
    }
    return 0;
}

static void async_end(pf_out *o)
{
    pf_async *a = o->async;
    if (!a) return;
    pthread_mutex_lock(&a->mu);
    a->stop = 1;
    pthread_cond_broadcast(&a->cv);
    pthread_mutex_unlock(&a->mu);
    pthread_join(a->th, NULL);
    pthread_mutex_destroy(&a->mu);
    pthread_cond_destroy(&a->cv);
    free(a->spare);
    free(a);
    o->async = NULL;
}

void pf_out_flush(pf_out *o)
{
    if (o->fd < 0) {
        grow(o, o->n + 64);
        return;
    }
    pf_async *a = o->async;
    if (a && o->n) { /* hand the buffer over, take the other */
        pthread_mutex_lock(&a->mu);
        while (a->job) pthread_cond_wait(&a->cv, &a->mu);
        char *full = o->buf;
        o->buf = a->spare;
        a->spare = NULL;
        a->job = full;
        a->njob = o->n;
        pthread_cond_broadcast(&a->cv);
        pthread_mutex_unlock(&a->mu);
        o->n = 0;
        return;
    }
    write_all(o, o->buf, o->n);
    o->n = 0;
}

pf_out *pf_out_mem(void)
{
    pf_out *o = calloc(1, sizeof *o);
    char *buf = malloc(256);
    if (!o || !buf) {
        free(o);
        free(buf);
        return NULL;
    }
    *o = (pf_out){-1, -1, buf, 0, 256, 0, NULL, NULL, 0, 0, NULL};
    return o;
}

pf_loc_text *pf_loc_text_build(const tf_trace *t, void (*build)(pf_out *o, const tf_tr_loc *loc))
{
    pf_loc_text *lt = calloc(t->nlocs ? t->nlocs : 1, sizeof *lt);
    for (uint32_t i = 0; lt && i < t->nlocs; i++) {
        pf_out *o = pf_out_mem();
        if (o) build(o, &t->locs[i]);
        if (!o || !(lt[i].s = pf_out_take(o, &lt[i].n))) {
            pf_loc_text_free(lt, i);
            return NULL;
        }
    }
    return lt;
}

void pf_loc_text_free(pf_loc_text *lt, uint32_t n)
{
    for (uint32_t i = 0; lt && i < n; i++) free(lt[i].s);
    free(lt);
}

char *pf_out_take(pf_out *o, size_t *len)
{
    pf_putc(o, 0);
    char *s = o->err ? NULL : o->buf;
    if (len) *len = s ? o->n - 1 : 0;
    if (!s) free(o->buf);
    free(o);
    return s;
}

/* A text log of .logs/ (it gets an end record). */
static int text_log(const char *rel)
{
    size_t n = strlen(rel), k = strlen(PF_LOGS "/");
    return n > k + 4 && !strncmp(rel, PF_LOGS "/", k) && !strcmp(rel + n - 4, ".csv");
}

int pf_out_close(pf_out *o)
{
    if (!o) return -1;
    pf_out_flush(o);
    async_wait(o);
    async_end(o);
    if (close(o->fd) && !o->err) o->err = errno;
    char final[4200];
    snprintf(final, sizeof final, "%s/%s", o->l->dir, o->rel);
    const char *tmp = pf_tmp_name[o->slot];
    if (!o->err && rename(tmp, final)) o->err = errno;
    int err = o->err;
    if (err) {
        unlink(tmp);
        unlink(final); /* no stale copy of an earlier run either */
        pf_note(o->l, PF_WRITE_ERROR, "error writing %s: %s; it was not written", final,
                strerror(err));
        failed(o->l, o->rel);
    }
    pthread_mutex_lock(&pf_tmp_lock);
    pf_tmp_used[o->slot] = 0;
    pthread_mutex_unlock(&pf_tmp_lock);
    if (text_log(o->rel)) {
        /* after the log is in place: an end record vouches for a whole file */
        char end[300];
        snprintf(end, sizeof end, "%s%s", o->rel, CM_CSV_END_SUFFIX);
        if (err) {
            char p[4400];
            snprintf(p, sizeof p, "%s/%s", o->l->dir, end);
            unlink(p);
        } else {
            pf_out *e = pf_out_open(o->l, end);
            if (e) {
                char text[96];
                pf_putn(e, text, cm_csv_end_format(text, sizeof text, o->rows, o->written));
                pf_out_close(e);
            }
        }
    }
    free(o->buf);
    free(o);
    return err ? -1 : 0;
}

void pf_putn_slow(pf_out *o, const char *s, size_t n)
{
    if (o->fd < 0) {
        grow(o, o->n + n);
        if (o->n + n <= o->cap) memcpy(o->buf + o->n, s, n), o->n += n;
        return;
    }
    pf_out_flush(o);
    if (n > o->cap) {
        async_wait(o);
        write_all(o, s, n);
        return;
    }
    memcpy(o->buf, s, n);
    o->n = n;
}

void pf_printf(pf_out *o, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof tmp) {
        pf_putn(o, tmp, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) return;
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    pf_putn(o, big, (size_t)n);
    free(big);
}

void pf_put_u64(pf_out *o, uint64_t v)
{
    if (o->n + CM_FMT_U64_ROOM > o->cap) pf_out_flush(o);
    o->n += cm_fmt_u64(o->buf + o->n, v);
}

void pf_put_hex(pf_out *o, uint64_t v)
{
    if (o->n + 18 > o->cap) pf_out_flush(o);
    o->n += cm_fmt_hex(o->buf + o->n, v);
}

void pf_put_us(pf_out *o, uint64_t ns)
{
    pf_put_u64(o, ns / 1000);
    unsigned r = (unsigned)(ns % 1000);
    char frac[4] = {'.', (char)('0' + r / 100), (char)('0' + r / 10 % 10), (char)('0' + r % 10)};
    pf_putn(o, frac, 4);
}

/* RFC 4180 section 2: a field with a comma, a quote or a line break is
 * quoted, and its quotes doubled. */
void pf_put_csv(pf_out *o, const char *s)
{
    if (!s) return;
    size_t n = strlen(s);
    if (!memchr(s, '"', n) && !memchr(s, ',', n) && !memchr(s, '\n', n) && !memchr(s, '\r', n)) {
        pf_putn(o, s, n);
        return;
    }
    pf_putc(o, '"');
    for (const char *q; (q = strchr(s, '"')); s = q + 1) {
        pf_putn(o, s, (size_t)(q - s + 1));
        pf_putc(o, '"');
    }
    pf_puts(o, s);
    pf_putc(o, '"');
}

void pf_put_header(pf_out *o, const tf_csv_schema *s)
{
    for (int c = 0; c < s->ncols; c++) {
        if (c) pf_putc(o, ',');
        pf_puts(o, s->cols[c].name);
    }
    pf_putc(o, '\n');
}

void pf_put_cols(pf_out *o, const tf_csv_schema *s, int first, int last, const cm_csv_value *v)
{
    for (int c = first; c <= last; c++) {
        if (c) pf_putc(o, ',');
        const cm_csv_value *x = &v[c];
        CM_ASSERT(x->set); /* the writer fills in every column of the table */
        if (x->empty) continue;
        switch (s->cols[c].kind) {
        case TF_CSV_U: pf_put_u64(o, x->u); break;
        case TF_CSV_H: pf_put_hex(o, x->u); break;
        case TF_CSV_S: pf_put_csv(o, x->s ? x->s : ""); break;
        default: {
            char buf[64];
            pf_putn(o, buf, cm_csv_format(buf, sizeof buf, s->cols[c].kind, x));
        }
        }
    }
    if (last == s->ncols - 1) {
        pf_putc(o, '\n');
        o->rows++;
    }
}

/* RFC 8259 section 7: quote, backslash and control characters escaped;
 * "</" written as "<\/" so that the string can sit inside an HTML
 * <script>; bytes >= 0x80 pass through. */
void pf_put_json(pf_out *o, const char *s)
{
    pf_putc(o, '"');
    pf_put_json_chars(o, s);
    pf_putc(o, '"');
}

/* JSON string characters, also safe inside an HTML <script> block: every
 * '<' is \u003c (a zone text "<!--<script>" once left the HTML report
 * without its data), and bytes that are not UTF-8 are U+FFFD (JSON is
 * UTF-8: a Latin-1 zone name once made the trace unreadable). */
void pf_put_json_chars(pf_out *o, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    const char *run = s;
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\' && c != '<') continue;
        if (c >= 0x80) {
            uint32_t cp;
            int n = pf_utf8_at((const unsigned char *)s, &cp);
            if (n) {
                s += n - 1;
                continue;
            }
        }
        pf_putn(o, run, (size_t)(s - run));
        run = s + 1;
        switch (c) {
        case '"': pf_putn(o, "\\\"", 2); break;
        case '\\': pf_putn(o, "\\\\", 2); break;
        case '<': pf_putn(o, "\\u003c", 6); break;
        case '\n': pf_putn(o, "\\n", 2); break;
        case '\t': pf_putn(o, "\\t", 2); break;
        case '\r': pf_putn(o, "\\r", 2); break;
        default: {
            if (c >= 0x80) { /* not UTF-8 */
                pf_putn(o, "\\ufffd", 6);
                break;
            }
            char e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            pf_putn(o, e, 6);
        }
        }
    }
    if (s) pf_putn(o, run, (size_t)(s - run));
}

/* ---- the terminal ------------------------------------------------------------------------ */

const char *pf_human_ns(char *buf, size_t n, uint64_t ns)
{
    if (ns < 10000)
        snprintf(buf, n, "%llu ns", (unsigned long long)ns);
    else if (ns < 10000000)
        snprintf(buf, n, "%.1f us", (double)ns / 1e3);
    else if (ns < 10000000000ull)
        snprintf(buf, n, "%.1f ms", (double)ns / 1e6);
    else
        snprintf(buf, n, "%.2f s", (double)ns / 1e9);
    return buf;
}

const char *pf_human_bytes(char *buf, size_t n, uint64_t b)
{
    if (b < 10240)
        snprintf(buf, n, "%llu B", (unsigned long long)b);
    else if (b < 10ull << 20)
        snprintf(buf, n, "%.1f KiB", (double)b / 1024);
    else if (b < 10ull << 30)
        snprintf(buf, n, "%.1f MiB", (double)b / (1 << 20));
    else
        snprintf(buf, n, "%.2f GiB", (double)b / (1ull << 30));
    return buf;
}

const char *pf_term(char *buf, size_t n, const char *s)
{
    return pf_term_rest(buf, n, s, NULL);
}

const char *pf_term_rest(char *buf, size_t n, const char *s, size_t *rest)
{
    size_t k = 0;
    const unsigned char *q = (const unsigned char *)s;
    for (; q && *q && k + 4 < n;) {
        uint32_t cp;
        int len;
        if (*q >= 0x20 && *q < 0x7f) {
            buf[k++] = (char)*q++;
        } else if (*q < 0x80) {
            buf[k++] = '\\';
            buf[k++] = *q == '\n' ? 'n' : *q == '\t' ? 't' : '?';
            q++;
        } else if ((len = pf_utf8_at(q, &cp)) != 0 && cp >= 0xa0) {
            memcpy(buf + k, q, (size_t)len); /* (a whole character: k + 4 < n) */
            k += (size_t)len;
            q += len;
        } else if (len) { /* a C1 control (U+0080..U+009F, CSI among them) */
            buf[k++] = '\\';
            buf[k++] = '?';
            q += len;
        } else { /* not UTF-8 (a lone 0x9b is CSI to an 8-bit terminal): '?', as the tables */
            buf[k++] = '?';
            q++;
        }
    }
    buf[k] = 0;
    if (rest) *rest = q ? strlen((const char *)q) : 0;
    return buf;
}

size_t pf_utf8_head(const char *s, size_t n)
{
    while (n && ((unsigned char)s[n] & 0xc0) == 0x80) n--;
    return n;
}

int pf_utf8_at(const unsigned char *q, uint32_t *cp)
{
    unsigned c = q[0], n = c >= 0xf0 && c <= 0xf4  ? 4
                           : c >= 0xe0             ? 3
                           : c >= 0xc2 && c < 0xe0 ? 2
                                                   : 0;
    if (!n || (n == 3 && c > 0xef)) return 0;
    uint32_t v = c & (0x7f >> n);
    for (unsigned i = 1; i < n; i++) {
        if ((q[i] & 0xc0) != 0x80) return 0;
        v = v << 6 | (q[i] & 0x3f);
    }
    if ((n == 3 && v < 0x800) || (n == 4 && (v < 0x10000 || v > 0x10ffff)) ||
        (v >= 0xd800 && v <= 0xdfff))
        return 0;
    *cp = v;
    return (int)n;
}

/* Terminal columns a code point takes: combining marks none, East Asian
 * wide and fullwidth forms and emoji two (Unicode's EastAsianWidth W/F
 * blocks, the common ranges), the rest one. */
static unsigned cp_columns(uint32_t v)
{
    if ((v >= 0x300 && v <= 0x36f) || (v >= 0x200b && v <= 0x200f) || (v >= 0xfe00 && v <= 0xfe0f))
        return 0;
    if ((v >= 0x1100 && v <= 0x115f) || (v >= 0x2e80 && v <= 0xa4cf && v != 0x303f) ||
        (v >= 0xac00 && v <= 0xd7a3) || (v >= 0xf900 && v <= 0xfaff) ||
        (v >= 0xfe30 && v <= 0xfe4f) || (v >= 0xff00 && v <= 0xff60) ||
        (v >= 0xffe0 && v <= 0xffe6) || (v >= 0x1f300 && v <= 0x1f64f) ||
        (v >= 0x1f680 && v <= 0x1f6ff) || (v >= 0x1f900 && v <= 0x1f9ff) ||
        (v >= 0x1fa70 && v <= 0x1faff) || (v >= 0x20000 && v <= 0x3fffd))
        return 2;
    return 1;
}

/* pf_term_cell, padded or not; cells: the columns it takes (else NULL);
 * buf NULL: the cells only */
static const char *term_fit(char *buf, size_t n, const char *s, unsigned width, int pad,
                            unsigned *cells)
{
    size_t k = 0;
    unsigned col = 0;
    for (const unsigned char *q = (const unsigned char *)s; q && *q;) {
        char one[4];
        unsigned len = 1, w = 1, adv = 1; /* bytes out, columns, bytes in */
        uint32_t cp;
        if (*q >= 0x20 && *q < 0x7f) {
            one[0] = (char)*q;
        } else if (*q < 0x20 || *q == 0x7f) {
            one[0] = '\\';
            one[1] = *q == '\n' ? 'n' : *q == '\t' ? 't' : '?';
            len = w = 2;
        } else if ((adv = (unsigned)pf_utf8_at(q, &cp)) != 0 && cp >= 0xa0) {
            memcpy(one, q, adv);
            len = adv;
            w = cp_columns(cp);
        } else if (adv) { /* a C1 control (U+0080..U+009F, CSI among them), as pf_term */
            one[0] = '\\';
            one[1] = '?';
            len = w = 2;
        } else { /* not UTF-8: '?' a byte (the JSON's U+FFFD) */
            one[0] = '?';
            adv = 1;
        }
        if (col + w > width || (buf && k + len + 1 > n)) break;
        if (buf) memcpy(buf + k, one, len);
        k += len;
        col += w;
        q += adv;
    }
    if (cells) *cells = col;
    if (!buf) return NULL; /* (the cells only) */
    for (; pad && col < width && k + 1 < n; col++) buf[k++] = ' ';
    buf[k] = 0;
    return buf;
}

const char *pf_term_cell(char *buf, size_t n, const char *s, unsigned width)
{
    return term_fit(buf, n, s, width, 1, NULL);
}

const char *pf_term_fit(char *buf, size_t n, const char *s, unsigned width, unsigned *cells)
{
    return term_fit(buf, n, s, width, 0, cells);
}
