/* The host profiler's recorder: per-thread append-only buffers streamed to
 * TT_FOIL_TRACE (zones, zone text, frame marks, device zones) and
 * TT_FOIL_MEM_LOG (memory events) in the format of tf_trace_format.h.
 *
 * Each thread has one buffer per stream (64 KiB). When it is full the
 * thread packs it itself (tf_trace_pack_more, AVX-512 or AVX2 where the CPU
 * has it) while it is still in the CPU's first-level cache, onto the end
 * of a packing area (a quarter of the bytes for zones), and goes on in the
 * same buffer at once; a full area (256 KiB) goes to the writer thread as
 * one chunk. The writer only writes (one writev per chunk) and gives the
 * packing area back; a thread has two, and waits only if both are still
 * being written. So the packing, which made the
 * writer's share of a recorded zone large and cache-cold (issue 15: a zone
 * cost 1.44x two timer reads when the writer shared the thread's CPU, 1.12x
 * when it did not), is done where the records are hot, and the I/O, which
 * may block, stays off the recording thread. Memory stays bounded (a buffer
 * and two packing areas per thread and stream) and nothing is dropped: a
 * slow disk slows the program down instead. At exit, at
 * thread exit and on a fatal signal everything recorded is written. A write
 * that fails is counted (records lost), reported once on stderr and in the
 * trailer, and the program carries on. */
#define _GNU_SOURCE
#include "common/cm_err.h"
#include "common/cm_file.h"
#include "pack.h"
#include "tf_build_note.h"
#include "tf_env.h"
#include "tf_trace_format.h"
#include "tt_foil/prof_record.h"
#include "tt_foil/trace.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

/* A thread's buffer is 64 KiB: small enough to stay in the CPU's first
 * cache level while the thread fills it and packs it (packing a 1 MiB
 * buffer, as before, read it back from the second level or beyond: 0.6 ns
 * a record against 0.35). Each full buffer is packed onto the end of a
 * packing area, one chunk of the file, which goes to the writer when less
 * than a buffer's worst case is left after TF_AREA_FILL bytes: a busy
 * thread hands the writer 256 KiB (about 64k zones) at a time, the hand-off
 * (a lock, maybe a wake-up) as rare as with 1 MiB buffers. An area older
 * than TF_AREA_AGE_NS goes at the next full buffer, full or not: a thread
 * that records slowly has its records written buffer by buffer, as
 * before. Nothing sends an area on a timer, so a SIGKILL loses the buffer
 * and the area: for a busy thread about 2 ms of packed records, for one
 * that recorded a burst and went idle the whole burst, up to a full area
 * (tests/cli/test_postmortem.sh kills a run 200 dispatches in and
 * reads its zones back). A buffer's (and
 * a packing area's) capacity (words) is stored in the word before its
 * data; an area only gets the pages the packed records touch. */
#define TF_BUF_WORDS   8192u
#define TF_AREA_FILL   (256u * 1024u)
#define TF_AREA_BYTES  (TF_AREA_FILL + TF_TRACE_PACK_BOUND(TF_BUF_WORDS))
#define TF_AREA_WORDS  ((uint32_t)(TF_AREA_BYTES / 8))
#define TF_AREA_AGE_NS 2000000ull
_Static_assert(TF_AREA_BYTES <= TF_CHUNK_MAX_PAYLOAD, "an area is a chunk the reader takes");

static uint64_t *buf_alloc(uint32_t words)
{
    uint64_t *b = malloc(((size_t)words + 1) * sizeof *b);
    if (!b) return NULL;
    b[0] = words;
    return b + 1;
}

static uint32_t buf_cap(const uint64_t *data)
{
    return (uint32_t)data[-1];
}

static void buf_free(uint64_t *data)
{
    if (data) free(data - 1);
}

/* tf_prof_put writes a header and at most three payload words. */
#define TF_REC_FITS_PUT(name, code, words, arg, payload)                                           \
    _Static_assert((words) == TF_REC_TEXT || (words) <= 3, #name " fits tf_prof_put");
TF_TRACE_RECORDS(TF_REC_FITS_PUT)
#undef TF_REC_FITS_PUT

static uint64_t tf_prof_placeholder[1];

/* A thread's recorder state beside its fast path's (tf_prof_t, public
 * because the inline recording functions use it): the start of each
 * stream's buffer, the packing areas, the thread's number. */
typedef struct tf_thread {
    tf_prof_tls *tls; /* the thread's tf_prof_t (set when it registers) */
    uint64_t *start[TF_PROF_NSTREAMS];
    uint64_t *area[TF_PROF_NSTREAMS];   /* the packing area being filled (NULL: none) */
    uint64_t *spare[TF_PROF_NSTREAMS];  /* free packing areas; */
    uint64_t *spare2[TF_PROF_NSTREAMS]; /* NULL while the writer has one */
    uint64_t area_prev[TF_PROF_NSTREAMS];
    uint64_t area_fill[TF_PROF_NSTREAMS]; /* packed into `area`: TF_FILL(records, bytes) */
    uint64_t area_ns[TF_PROF_NSTREAMS];   /* when the chunk started (monotonic ns) */
    uint32_t number;                      /* recorder's thread number, 0 until registered */
    struct tf_thread *next;
} tf_thread;

static __thread tf_thread tf_rec_t __attribute__((tls_model("initial-exec")));

__thread tf_prof_tls tf_prof_t __attribute__((tls_model("initial-exec"))) = {
    .pos = {tf_prof_placeholder, tf_prof_placeholder},
    .end = {tf_prof_placeholder, tf_prof_placeholder},
};
int tf_prof_on[TF_PROF_NSTREAMS];
int tf_prof_ns_clock;

/* What `tt_foil_profile --check PROGRAM` looks for: the host profiler is in. */
__attribute__((used)) static const char tf_prof_marker[] = TF_CHECK_MARKER_HOST;

uint64_t tf_prof_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

typedef struct tf_stream {
    const char *what; /* "trace", "memory log" */
    char path[1024];
    int fd;               /* -1: could not be opened, every record is lost */
    pthread_mutex_t lock; /* file writes and seq */
    uint32_t seq;
    atomic_int closed;
    atomic_uint_fast64_t records, lost_records, lost_chunks, truncated_texts, late_records;
    int error;       /* first errno */
    int fifo_unread; /* its path is a FIFO that no process opened for reading */
    int reported;
    int fail_next;  /* the next chunk is lost as on a full disk (TT_FOIL_TRACE_FAIL_DEF) */
    off_t prealloc; /* the file's blocks are allocated up to here (-1: not done) */
} tf_stream;

/* A packed buffer waiting for the writer. */
typedef struct tf_pending {
    int stream;
    uint32_t thread;
    uint64_t tsc_base;
    uint64_t *buf; /* a packing area */
    uint32_t words;
    uint64_t records;
    tf_thread *owner; /* gets the area back; NULL: the writer frees it */
    struct tf_pending *next;
} tf_pending;

static tf_stream tf_streams[TF_PROF_NSTREAMS];
static pthread_mutex_t tf_reg_lock = PTHREAD_MUTEX_INITIALIZER;
static tf_thread *tf_threads; /* registered threads (under tf_reg_lock) */
static uint32_t tf_next_thread = 1;
static uint32_t tf_next_loc = 1, tf_next_name = 1;
static pthread_key_t tf_thread_key;
static int tf_initialized;

/* the writer: a FIFO of pending buffers */
static pthread_mutex_t tf_wq_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t tf_wq_cv = PTHREAD_COND_INITIALIZER;   /* work for the writer */
static pthread_cond_t tf_done_cv = PTHREAD_COND_INITIALIZER; /* a buffer came back */
static tf_pending *tf_wq_head, *tf_wq_tail;
static int tf_writer_busy, tf_writer_stop, tf_writer_running;
/* Waking a sleeping thread costs the waker a system call (an IPI in a VM),
 * so nobody signals a thread that is not asleep, and busy threads get
 * larger buffers (fewer hand-offs). */
static int tf_writer_sleeping, tf_spare_waiters, tf_writer_started;
static atomic_int tf_crashing;
/* The thread the fatal signal's handler runs on, and what it calls there
 * first (tf_prof_set_crash_hook). */
static tf_thread *tf_crash_thread;
static void (*_Atomic tf_crash_hook)(void);
static pthread_t tf_writer;

/* Records made after a stream closed go here and are counted as late. */
static __thread uint64_t tf_late_scratch[8 + TF_TEXT_MAX / 8];

static uint64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* A calibration point: the monotonic clock bracketed by two timestamp
 * reads. If the thread was interrupted in between (the bracket is wide),
 * there is no point: *tsc = *ns = 0. */
static void calibration_point(uint64_t *tsc, uint64_t *ns)
{
    for (int tries = 0; tries < 3; tries++) {
        uint64_t a = tf_prof_now(), n = mono_ns(), b = tf_prof_now();
        if (tf_prof_ns_clock) {
            *tsc = *ns = n;
            return;
        }
        if (b - a < 20000) { /* a few microseconds at most */
            *tsc = a + (b - a) / 2;
            *ns = n;
            return;
        }
    }
    *tsc = *ns = 0;
}

/* ---- writing chunks ------------------------------------------------------------- */

/* How long the recorder waits, at start-up, for a process to open a FIFO
 * named as a log for reading: a reader started just after the program
 * still gets the whole log, and a FIFO nobody reads no longer stops the
 * program before main for ever (open(2) of a FIFO for writing blocks until
 * it has a reader). */
#define TF_FIFO_WAIT_MS 2000

/* Count a loss of `records` records in `chunks` writes; the first failure
 * of a stream prints one line. */
static void stream_failed(tf_stream *st, int err, uint64_t records, uint64_t chunks)
{
    atomic_fetch_add(&st->lost_records, records);
    atomic_fetch_add(&st->lost_chunks, chunks);
    if (!st->error) st->error = err;
    if (!st->reported) {
        st->reported = 1;
        char msg[1400];
        int n = st->fifo_unread
                    ? snprintf(msg, sizeof msg,
                               "tt-foil profiler: the %s %s is a FIFO that no process opened for "
                               "reading within %d ms; start its reader first. The program "
                               "continues and lost records are counted\n",
                               st->what, st->path, TF_FIFO_WAIT_MS)
                    : snprintf(msg, sizeof msg,
                               "tt-foil profiler: cannot write the %s %s: %s; the program "
                               "continues and lost records are counted\n",
                               st->what, st->path, strerror(err));
        if (n > 0) {
            ssize_t w = write(2, msg, (size_t)(n < (int)sizeof msg ? n : (int)sizeof msg - 1));
            (void)w;
        }
    }
}

/* Records in a buffer (multi-word records count once). */
static uint64_t count_records(const uint64_t *p, const uint64_t *end)
{
    uint64_t n = 0;
    for (; p < end; n++) p += tf_rec_words(*p);
    return n;
}

/* A buffered write that extends a file makes the file system reserve its
 * blocks page by page: on ext4 here about 1.5 us a 4 KiB page, two fifths
 * of what recording a dispatch-bound run cost (issue 15: its CPU time to
 * /dev/null, to tmpfs and to ext4 measured side by side). So the blocks
 * ahead of the writes are allocated TF_PREALLOC bytes at a time
 * (fallocate, the file's size unchanged: a reader sees only what was
 * written), and what is left past the end is given back when the stream
 * closes (prealloc_release). Where the file system cannot (a FIFO, a full
 * disk, one without fallocate) it is not tried again and the writes go
 * as before. */
#define TF_PREALLOC ((off_t)8 << 20)

static void prealloc(tf_stream *st, off_t end)
{
    if (st->prealloc < 0 || end <= st->prealloc) return;
    off_t to = (end + TF_PREALLOC) & ~(TF_PREALLOC - 1);
    st->prealloc =
        fallocate(st->fd, FALLOC_FL_KEEP_SIZE, st->prealloc, to - st->prealloc) ? -1 : to;
}

static void prealloc_release(tf_stream *st)
{
    off_t end = st->prealloc > 0 ? lseek(st->fd, 0, SEEK_CUR) : -1;
    if (end >= 0 && end < st->prealloc) (void)ftruncate(st->fd, end);
}

/* Write one chunk (caller holds st->lock, or is a dying signal handler).
 * `words` 64-bit words of payload. 0 when written, -1 when lost (counted). */
static int write_chunk(tf_stream *st, uint32_t kind, uint32_t thread, uint64_t tsc_base,
                       const uint64_t *payload, uint32_t words, uint64_t records)
{
    tf_chunk_header h = {
        .magic = TF_CHUNK_MAGIC,
        .kind = kind,
        .thread = thread,
        .payload_bytes = words * 8u,
        .tsc_base = tsc_base,
        .seq = st->seq++, /* a failed write leaves a gap: the reader counts it */
    };
    calibration_point(&h.cal_tsc, &h.cal_ns);
    tf_trace_seal(&h, payload);
    if (st->fd < 0 || st->fail_next) {
        stream_failed(st, st->fail_next ? ENOSPC : st->error ? st->error : EBADF, records, 1);
        st->fail_next = 0;
        return -1;
    }
    off_t before = lseek(st->fd, 0, SEEK_CUR);
    struct iovec iov[2] = {{&h, sizeof h}, {(void *)payload, (size_t)words * 8u}};
    size_t want = sizeof h + (size_t)words * 8u;
    if (before >= 0) prealloc(st, before + (off_t)want);
    ssize_t w = writev(st->fd, iov, 2);
    if (w == (ssize_t)want) {
        atomic_fetch_add(&st->records, records);
        return 0;
    }
    int err = w < 0 ? errno : ENOSPC;
    /* a partial chunk would make the rest unreadable: cut it off */
    if (w > 0 && before >= 0 && ftruncate(st->fd, before) == 0) lseek(st->fd, before, SEEK_SET);
    stream_failed(st, err, records, 1);
    return -1;
}

/* Write a thread's records as one chunk: raw (count them), or already
 * packed (kind TF_CHUNK_PACKED, `records` given). */
static void write_events(int s, uint32_t kind, uint32_t thread, uint64_t tsc_base,
                         const uint64_t *buf, uint32_t words, uint64_t records, int locked)
{
    tf_stream *st = &tf_streams[s];
    uint64_t recs = kind == TF_CHUNK_PACKED ? records : count_records(buf, buf + words);
    if (atomic_load(&st->closed)) { /* a thread still recording after exit() */
        atomic_fetch_add(&st->late_records, recs);
        return;
    }
    if (!locked) pthread_mutex_lock(&st->lock);
    write_chunk(st, kind, thread, tsc_base, buf, words, recs);
    if (!locked) pthread_mutex_unlock(&st->lock);
}

/* Give a packing area back to its thread (caller holds tf_wq_lock). */
static void give_back(tf_thread *owner, int s, uint64_t *area)
{
    if (owner && !owner->spare[s])
        owner->spare[s] = area;
    else if (owner && !owner->spare2[s])
        owner->spare2[s] = area;
    else
        buf_free(area);
}

/* ---- the writer thread ---------------------------------------------------------------- */

static void *writer_main(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&tf_wq_lock);
    for (;;) {
        while (!tf_wq_head && !tf_writer_stop) {
            tf_writer_sleeping = 1;
            pthread_cond_wait(&tf_wq_cv, &tf_wq_lock);
            tf_writer_sleeping = 0;
        }
        if (!tf_wq_head || atomic_load(&tf_crashing)) break;
        tf_pending *p = tf_wq_head;
        tf_wq_head = p->next;
        if (!tf_wq_head) tf_wq_tail = NULL;
        tf_writer_busy = 1;
        pthread_mutex_unlock(&tf_wq_lock);
        write_events(p->stream, TF_CHUNK_PACKED, p->thread, p->tsc_base, p->buf, p->words,
                     p->records, 0);
        pthread_mutex_lock(&tf_wq_lock);
        tf_writer_busy = 0;
        give_back(p->owner, p->stream, p->buf);
        free(p);
        if (tf_spare_waiters) pthread_cond_broadcast(&tf_done_cv);
    }
    tf_writer_busy = 0;
    tf_writer_running = 0; /* from now on threads write for themselves */
    pthread_cond_broadcast(&tf_done_cv);
    pthread_mutex_unlock(&tf_wq_lock);
    return NULL;
}

/* Queue the packed `buf` for writing (caller holds tf_wq_lock). */
static int enqueue(int s, tf_thread *r, uint64_t *buf, uint32_t words, uint64_t records)
{
    tf_pending *p = malloc(sizeof *p);
    if (!p) return -1;
    *p = (tf_pending){s, r->number, r->tls->base[s], buf, words, records, r, NULL};
    if (tf_wq_tail)
        tf_wq_tail->next = p;
    else
        tf_wq_head = p;
    tf_wq_tail = p;
    if (tf_writer_sleeping) pthread_cond_signal(&tf_wq_cv);
    return 0;
}

/* Wait on tf_done_cv (caller holds tf_wq_lock) for the writer to return a
 * buffer or finish its queue. */
static void wait_done(void)
{
    tf_spare_waiters++;
    pthread_cond_wait(&tf_done_cv, &tf_wq_lock);
    tf_spare_waiters--;
}

/* A free packing area of stream s, waiting while the writer has both;
 * NULL if none could be had (out of memory). */
static uint64_t *take_area(tf_thread *r, int s)
{
    pthread_mutex_lock(&tf_wq_lock);
    while (tf_writer_running && !r->spare[s] && !r->spare2[s]) wait_done();
    uint64_t **slot = r->spare[s] ? &r->spare[s] : &r->spare2[s];
    uint64_t *area = *slot;
    *slot = NULL;
    pthread_mutex_unlock(&tf_wq_lock);
    return area ? area : buf_alloc(TF_AREA_WORDS);
}

/* What an area holds, one word: its records and its bytes, so that a copy
 * made at exit or in a fatal signal's handler (write_in_hand, on another
 * thread or on this one) never pairs the count of one packing with the
 * bytes of another. The thread stores it (release) after the bytes it
 * counts; a reader loads it (acquire) and finds those bytes written. */
#define TF_FILL(records, bytes) ((uint64_t)(records) << 32 | (uint32_t)(bytes))
#define TF_FILL_BYTES(fill)     ((uint32_t)(fill))
#define TF_FILL_RECORDS(fill)   ((fill) >> 32)
_Static_assert(TF_AREA_BYTES < (1ull << 32), "an area's bytes and records fit 32 bits each");

/* Pack the records of stream s's buffer onto the end of its packing area
 * (taking one if it has none) and empty the buffer. Both hold deltas from
 * r->tls->base[s]: the area is one chunk. */
static void pack_buffer(tf_thread *r, int s)
{
    uint32_t words = (uint32_t)(r->tls->pos[s] - r->start[s]);
    if (!words) return;
    if (!r->area[s]) {
        /* (its fill is 0 already: send_area cleared it before the area
         * left, so a reader never sees a new area with an old fill) */
        r->area_prev[s] = 0;
        __atomic_store_n(&r->area[s], take_area(r, s), __ATOMIC_RELEASE);
    }
    /* emptied first: a fatal signal arriving now must not write these
     * records a second time (write_in_hand) */
    r->tls->pos[s] = r->start[s];
    if (!r->area[s]) { /* out of memory for an area: written raw, here */
        write_events(s, TF_CHUNK_EVENTS, r->number, r->tls->base[s], r->start[s], words, 0, 0);
        return;
    }
    uint64_t fill = r->area_fill[s], records = 0;
    uint32_t bytes = TF_FILL_BYTES(fill);
    bytes += (uint32_t)tf_trace_pack_more(r->start[s], words, (uint8_t *)r->area[s] + bytes,
                                          &r->area_prev[s], &records);
    CM_ASSERT(bytes <= TF_AREA_BYTES);
    __atomic_store_n(&r->area_fill[s], TF_FILL(TF_FILL_RECORDS(fill) + records, bytes),
                     __ATOMIC_RELEASE);
}

/* Hand stream s's packing area (its records packed, the buffer empty) to
 * the writer as one chunk, zero-padded to 8 bytes; written here if there
 * is no writer. */
static void send_area(tf_thread *r, int s)
{
    uint64_t *area = r->area[s];
    if (!area) return;
    uint8_t *b = (uint8_t *)area;
    uint64_t fill = r->area_fill[s], records = TF_FILL_RECORDS(fill);
    uint32_t bytes = TF_FILL_BYTES(fill);
    while (bytes & 7) b[bytes++] = 0;
    /* the fill first, then the area: a copy that still finds the area
     * finds its fill, or none (write_in_hand) */
    __atomic_store_n(&r->area_fill[s], 0, __ATOMIC_RELEASE);
    __atomic_store_n(&r->area[s], NULL, __ATOMIC_RELEASE);
    pthread_mutex_lock(&tf_wq_lock);
    int queued = !bytes || (tf_writer_running && enqueue(s, r, area, bytes / 8, records) == 0);
    if (!bytes) give_back(r, s, area);
    pthread_mutex_unlock(&tf_wq_lock);
    if (!queued) { /* no writer (it failed to start, or memory): write here */
        write_events(s, TF_CHUNK_PACKED, r->number, r->tls->base[s], area, bytes / 8, records, 0);
        pthread_mutex_lock(&tf_wq_lock);
        give_back(r, s, area);
        pthread_mutex_unlock(&tf_wq_lock);
    }
}

/* Everything stream s's thread holds to the writer: the buffer packed,
 * the area sent (flush, thread exit). */
static void hand_off(tf_thread *r, int s)
{
    pack_buffer(r, s);
    send_area(r, s);
}

/* Wait until the writer has written everything queued. */
static void drain(void)
{
    pthread_mutex_lock(&tf_wq_lock);
    while (tf_writer_running && (tf_wq_head || tf_writer_busy)) wait_done();
    pthread_mutex_unlock(&tf_wq_lock);
}

/* ---- definitions ----------------------------------------------------------------------- */

/* TT_FOIL_TRACE_FAIL_DEF (test only): the kind of definition whose first
 * write is lost as on a full disk; 0: none (read when the trace opens). */
static uint32_t tf_fail_def_kind;

/* A definition chunk, written at once (definitions are rare): 0, or -1
 * when lost (counted). */
static int write_def(int s, uint32_t kind, uint32_t id, uint32_t line, const char *a, const char *b,
                     const char *c)
{
    tf_stream *st = &tf_streams[s];
    if (!tf_prof_on[s]) return -1;
    const char *strs[TF_DEF_MAX_STRINGS] = {a ? a : "", b ? b : "", c ? c : ""};
    uint64_t buf[sizeof(tf_trace_def_header) / 8 + (TF_DEF_MAX_STRINGS * 1001 + 7) / 8];
    memset(buf, 0, sizeof buf);
    char *text = (char *)buf + sizeof(tf_trace_def_header);
    size_t off = 0;
    for (int i = 0; i < TF_DEF_MAX_STRINGS; i++) {
        size_t k = strlen(strs[i]);
        if (k <= 1000) {
            memcpy(text + off, strs[i], k);
            off += k + 1;
            continue;
        }
        /* longer: its first bytes (not in the middle of a UTF-8
         * character), then how much was cut, which every report shows:
         * never silently (two names alike for 1000 bytes once merged) */
        size_t c = 1000 - 32;
        while (c && ((unsigned char)strs[i][c] & 0xc0) == 0x80) c--;
        memcpy(text + off, strs[i], c);
        int w = snprintf(text + off + c, 1001 - c, "... (+%zu bytes cut)", k - c);
        off += c + (size_t)(w > 0 ? w : 0) + 1;
    }
    tf_trace_def_header h = {kind, id, line, (uint32_t)off};
    memcpy(buf, &h, sizeof h);
    uint32_t words = (uint32_t)((sizeof h + off + 7) / 8);
    pthread_mutex_lock(&st->lock);
    if (s == TF_PROF_TRACE && kind && kind == tf_fail_def_kind) {
        tf_fail_def_kind = 0; /* (once) */
        st->fail_next = 1;
    }
    int rc = write_chunk(st, TF_CHUNK_DEFS, 0, 0, buf, words, 0);
    pthread_mutex_unlock(&st->lock);
    return rc;
}

/* A NULL name from a program's macro (TT_FOIL_ALLOC(NULL, ...)): recorded
 * under a name that says so, with a warning, never a crash (each call site
 * registers its name once). */
static const char *name_or_null(const char *name, const char *macro)
{
    if (name) return name;
    cm_warn("%s: the name is NULL; recorded as \"(NULL)\" (name it with a string)", macro);
    return "(NULL)";
}

uint32_t tf_prof_loc_id(tf_prof_loc *loc, const char *func)
{
    pthread_mutex_lock(&tf_reg_lock);
    uint32_t id = loc->id;
    if (!id && tf_next_loc <= TF_REC_MAX_ARG) {
        id = tf_next_loc++;
        loc->function = func;
        write_def(TF_PROF_TRACE, TF_DEF_LOCATION, id, loc->line,
                  name_or_null(loc->name, "TT_FOIL_ZONE"), func, loc->file);
        __atomic_store_n(&loc->id, id, __ATOMIC_RELAXED);
    }
    pthread_mutex_unlock(&tf_reg_lock);
    return id;
}

/* Names are interned by their text: every call site naming "Device L1"
 * gets the same id. (Registration is rare: a linear table is enough.) */
static char **tf_names;
static uint32_t tf_nnames;

uint32_t tf_prof_name_id(tf_prof_name *n)
{
    pthread_mutex_lock(&tf_reg_lock);
    uint32_t id = n->id;
    const char *name = id ? n->name : name_or_null(n->name, "TT_FOIL_ALLOC/FREE/POOL_RESET");
    for (uint32_t i = 0; !id && i < tf_nnames; i++)
        if (!strcmp(tf_names[i], name)) id = i + 1;
    if (!id && tf_next_name <= TF_REC_MAX_ARG) {
        char **nn = realloc(tf_names, (size_t)(tf_nnames + 1) * sizeof *nn);
        char *copy = strdup(name);
        if (nn && copy) {
            tf_names = nn;
            tf_names[tf_nnames++] = copy;
            id = tf_next_name++;
            write_def(TF_PROF_MEM, TF_DEF_POOL, id, 0, name, NULL, NULL);
        } else {
            if (nn) tf_names = nn;
            free(copy);
        }
    }
    if (id) __atomic_store_n(&n->id, id, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&tf_reg_lock);
    return id;
}

uint32_t tf_prof_pool_id(const char *pool)
{
    tf_prof_name n = {pool, 0};
    return tf_prof_name_id(&n);
}

void tf_prof_pool_capacity(const char *pool, uint64_t bytes)
{
    char num[32];
    snprintf(num, sizeof num, "%llu", (unsigned long long)bytes);
    if (tf_prof_on[TF_PROF_MEM])
        write_def(TF_PROF_MEM, TF_DEF_CAPACITY, 0, 0, name_or_null(pool, "TT_FOIL_POOL_CAPACITY"),
                  num, NULL);
}

/* ---- threads ------------------------------------------------------------------------------ */

static void thread_define(tf_thread *r, const char *name)
{
    pid_t tid = (pid_t)syscall(SYS_gettid);
    char dflt[32];
    if (!name) {
        if (tid == getpid())
            name = "main";
        else {
            snprintf(dflt, sizeof dflt, "thread %u", r->number);
            name = dflt;
        }
    }
    for (int s = 0; s < TF_PROF_NSTREAMS; s++)
        write_def(s, TF_DEF_THREAD, r->number, (uint32_t)tid, name, NULL, NULL);
}

static void thread_register(tf_thread *r)
{
    pthread_mutex_lock(&tf_reg_lock);
    r->tls = &tf_prof_t;
    r->number = tf_next_thread++;
    r->next = tf_threads;
    tf_threads = r;
    pthread_mutex_unlock(&tf_reg_lock);
    pthread_setspecific(tf_thread_key, r);
    thread_define(r, NULL);
}

/* A thread ends: write what it recorded, give its buffers up. */
static void thread_exit(void *arg)
{
    tf_thread *r = arg;
    pthread_mutex_lock(&tf_reg_lock);
    for (tf_thread **pp = &tf_threads; *pp; pp = &(*pp)->next)
        if (*pp == r) {
            *pp = r->next;
            break;
        }
    pthread_mutex_unlock(&tf_reg_lock);
    for (int s = 0; s < TF_PROF_NSTREAMS; s++) {
        if (!r->start[s]) continue;
        if (!atomic_load(&tf_streams[s].closed)) hand_off(r, s);
        /* both areas back (one may still be in hand if the stream closed):
         * the writer names this thread */
        pthread_mutex_lock(&tf_wq_lock);
        while (tf_writer_running &&
               (r->area[s] != NULL) + (r->spare[s] != NULL) + (r->spare2[s] != NULL) < 2)
            wait_done();
        buf_free(r->start[s]);
        buf_free(r->area[s]); /* (still here only if the stream closed) */
        buf_free(r->spare[s]);
        buf_free(r->spare2[s]);
        r->start[s] = r->area[s] = r->spare[s] = r->spare2[s] = NULL;
        pthread_mutex_unlock(&tf_wq_lock);
        r->tls->pos[s] = r->tls->end[s] = tf_prof_placeholder;
    }
}

void tf_prof_thread_name(const char *name)
{
    if (!tf_prof_on[0] && !tf_prof_on[1]) return;
    tf_thread *r = &tf_rec_t;
    if (!r->number) thread_register(r);
    thread_define(r, name);
}

static void write_thread_in_hand(int s, tf_thread *r);

/* Park a thread's stream on the scratch area: the record being made goes
 * there and is forgotten, and every later one comes back here. */
static uint64_t *park(tf_prof_tls *t, int s, uint64_t now)
{
    t->pos[s] = t->end[s] = tf_late_scratch;
    t->base[s] = now;
    return tf_late_scratch;
}

uint64_t *tf_prof_reserve(int s, unsigned words, uint64_t now)
{
    tf_prof_tls *t = &tf_prof_t;
    tf_thread *r = &tf_rec_t;
    tf_stream *st = &tf_streams[s];
    _Static_assert(1 + TF_TEXT_MAX / 8 < TF_BUF_WORDS, "a record fits an empty buffer");
    (void)words; /* every record fits an empty buffer */
    if (atomic_load(&st->closed) || !tf_prof_on[s]) {
        atomic_fetch_add(&st->late_records, 1);
        return park(t, s, now);
    }
    if (__builtin_expect(atomic_load(&tf_crashing), 0)) {
        /* in the crash hook (on_fatal_signal: what is queued is written,
         * what threads hold is not yet): room made by writing what this
         * thread holds, in order, without a lock or malloc. Another
         * thread, or one with no buffer: the record is late. */
        if (r != tf_crash_thread || !r->start[s]) {
            atomic_fetch_add(&st->late_records, 1);
            return park(t, s, now);
        }
        write_thread_in_hand(s, r);
        __atomic_store_n(&r->area_fill[s], 0, __ATOMIC_RELEASE);
        t->pos[s] = r->start[s];
        t->end[s] = r->start[s] + TF_BUF_WORDS;
        t->base[s] = now;
        return t->pos[s];
    }
    if (!r->number) thread_register(r);
    if (!r->start[s]) {
        r->start[s] = buf_alloc(TF_BUF_WORDS);
        uint64_t *a = buf_alloc(TF_AREA_WORDS), *b = buf_alloc(TF_AREA_WORDS);
        pthread_mutex_lock(&tf_wq_lock); /* the writer gives areas back under it */
        r->spare[s] = a;
        r->spare2[s] = b;
        pthread_mutex_unlock(&tf_wq_lock);
        if (!r->start[s] || !a || !b) {
            buf_free(r->start[s]);
            buf_free(a);
            buf_free(b);
            r->start[s] = r->spare[s] = r->spare2[s] = NULL;
            stream_failed(st, ENOMEM, 1, 0);
            return park(t, s, now);
        }
        t->pos[s] = r->start[s];
        t->end[s] = r->start[s] + TF_BUF_WORDS;
        t->base[s] = now;
        r->area_ns[s] = mono_ns();
        return t->pos[s];
    }
    pack_buffer(r, s);
    /* a new chunk when the area is full or old, or `now` is too far from
     * the base for a delta (or before it: another CPU's clock) */
    uint64_t ns = mono_ns();
    if (now - t->base[s] > TF_REC_MAX_DELTA ||
        (r->area[s] &&
         (TF_AREA_BYTES - TF_FILL_BYTES(r->area_fill[s]) < TF_TRACE_PACK_BOUND(TF_BUF_WORDS) ||
          ns - r->area_ns[s] > TF_AREA_AGE_NS))) {
        send_area(r, s);
        t->base[s] = now;
        r->area_ns[s] = ns;
    }
    return t->pos[s];
}

uint32_t tf_prof_zone_begin_ns(uint32_t id)
{
    tf_prof_put_at(TF_PROF_TRACE, 1 + TF_RW_ZONE_BEGIN, TF_R_ZONE_BEGIN, id, tf_prof_now(), 0, 0,
                   0);
    tf_prof_t.depth++;
    return id ? id | TF_PROF_TOKEN_NS : 0; /* (0: out of ids, as on the TSC) */
}

void tf_prof_zone_end_ns(uint32_t token)
{
    tf_prof_zone_end_at(token, tf_prof_now()); /* (which drops TF_PROF_TOKEN_NS) */
}

void tf_prof_text_slow(const char *text, size_t len)
{
    static int said; /* (once: a text is recorded on every pass of its line) */
    if (!text && !__atomic_exchange_n(&said, 1, __ATOMIC_RELAXED))
        cm_warn("TT_FOIL_ZONE_TEXT: the text is NULL; recorded as \"(NULL)\" (pass a string)");
    if (!text) text = "(NULL)", len = 6;
    tf_prof_bytes(TF_R_ZONE_TEXT, text, len, NULL, 0);
}

void tf_prof_bytes(uint32_t type, const void *head, size_t hlen, const void *data, size_t dlen)
{
    tf_prof_stream_bytes(TF_PROF_TRACE, type, head, hlen, data, dlen);
}

/* Room for a record of `words` words at time `now` in this thread's buffer
 * of stream s (tf_prof_put's test, for the records built here). */
static inline uint64_t *slot(tf_prof_tls *t, int s, unsigned words, uint64_t now)
{
    uint64_t *p = t->pos[s];
    if (t->end[s] - p < (ptrdiff_t)words || ((now - t->base[s]) >> 40))
        p = tf_prof_reserve(s, words, now);
    return p;
}

void tf_prof_stream_bytes(int s, uint32_t type, const void *head, size_t hlen, const void *data,
                          size_t dlen)
{
    if (!tf_prof_on[s]) return;
    tf_prof_stream_bytes_at(s, tf_prof_now(), type, head, hlen, data, dlen);
}

void tf_prof_text_at(const char *text, size_t len, uint64_t now)
{
    if (!tf_prof_on[TF_PROF_TRACE]) return; /* (no zone open: the reader counts it) */
    tf_prof_stream_bytes_at(TF_PROF_TRACE, now, TF_R_ZONE_TEXT, text, len, NULL, 0);
}

void tf_prof_stream_bytes_at(int s, uint64_t now, uint32_t type, const void *head, size_t hlen,
                             const void *data, size_t dlen)
{
    if (!tf_prof_on[s]) return;
    tf_stream *st = &tf_streams[s];
    if (hlen + dlen > TF_TEXT_MAX) {
        atomic_fetch_add(&st->truncated_texts, 1);
        if (hlen > TF_TEXT_MAX) hlen = TF_TEXT_MAX;
        dlen = TF_TEXT_MAX - hlen;
    }
    size_t len = hlen + dlen;
    unsigned words = 1 + (unsigned)((len + 7) / 8);
    tf_prof_tls *t = &tf_prof_t;
    uint64_t *p = slot(t, s, words, now);
    p[0] = TF_REC(type, (uint32_t)len, now - t->base[s]);
    if (words > 1) p[words - 1] = 0; /* the padding of the last word (none without bytes) */
    memcpy(p + 1, head, hlen);
    if (dlen) memcpy((char *)(p + 1) + hlen, data, dlen);
    t->pos[s] = p + words;
}

void *tf_prof_bytes_begin_at(int s, uint64_t now, uint32_t type, size_t cap)
{
    if (!tf_prof_on[s]) return NULL;
    if (cap > TF_TEXT_MAX) cap = TF_TEXT_MAX; /* (callers stay within it) */
    unsigned words = 1 + (unsigned)((cap + 7) / 8);
    tf_prof_tls *t = &tf_prof_t;
    uint64_t *p = slot(t, s, words, now);
    p[0] = TF_REC(type, 0, now - t->base[s]); /* the length comes with the end */
    return p + 1;
}

void tf_prof_bytes_end(int s, size_t len)
{
    tf_prof_tls *t = &tf_prof_t;
    uint64_t *p = t->pos[s];
    unsigned words = 1 + (unsigned)((len + 7) / 8);
    p[0] |= (uint64_t)len << TF_REC_ARG_SHIFT;
    if (len & 7) memset((char *)(p + 1) + len, 0, 8 - (len & 7)); /* the last word's padding */
    t->pos[s] = p + words;
}

int tf_prof_trace_def(uint32_t kind, uint32_t id, uint32_t line, const char *a, const char *b,
                      const char *c)
{
    return write_def(TF_PROF_TRACE, kind, id, line, a, b, c);
}

/* Interned pairs of strings and a line: zone names (name, file, line)
 * and tracks (group, name). Registration is rare: a linear table. */
typedef struct tf_pair {
    char *a, *b;
    uint32_t line;
} tf_pair;

typedef struct tf_pairs {
    tf_pair *v;
    uint32_t n;
} tf_pairs;

static tf_pairs tf_zone_names, tf_tracks;

/* The id of (a, b, line) in `set`, defined as `kind` on first use. */
static uint32_t pair_id(tf_pairs *set, uint32_t kind, const char *a, const char *b, uint32_t line)
{
    if (!tf_prof_on[TF_PROF_TRACE]) return 0;
    pthread_mutex_lock(&tf_reg_lock);
    uint32_t id = 0;
    for (uint32_t i = 0; i < set->n && !id; i++)
        if (set->v[i].line == line && !strcmp(set->v[i].a, a) && !strcmp(set->v[i].b, b))
            id = i + 1;
    if (!id && set->n < TF_REC_MAX_ARG) {
        tf_pair *nv = realloc(set->v, (size_t)(set->n + 1) * sizeof *nv);
        char *ca = strdup(a), *cb = strdup(b);
        if (nv) set->v = nv;
        if (nv && ca && cb) {
            set->v[set->n++] = (tf_pair){ca, cb, line};
            id = set->n;
            write_def(TF_PROF_TRACE, kind, id, line, a, b, NULL);
        } else {
            free(ca);
            free(cb);
        }
    }
    pthread_mutex_unlock(&tf_reg_lock);
    return id;
}

uint32_t tf_prof_zone_name_id(const char *name, const char *file, uint32_t line)
{
    return pair_id(&tf_zone_names, TF_DEF_ZONE_NAME, name, file, line);
}

uint32_t tf_prof_track_id(const char *group, const char *name)
{
    return pair_id(&tf_tracks, TF_DEF_TRACK, group, name, 0);
}

void tf_prof_track_zone(uint32_t track, uint32_t name_id, uint64_t start_ns, uint64_t end_ns)
{
    if (!tf_prof_on[TF_PROF_TRACE]) return;
    tf_prof_put(TF_PROF_TRACE, 1 + TF_RW_TRACK_ZONE, TF_R_TRACK_ZONE, name_id, track, start_ns,
                end_ns);
}

/* ---- start and stop ---------------------------------------------------------------------- */

void tf_prof_flush(void)
{
    tf_thread *r = &tf_rec_t;
    for (int s = 0; s < TF_PROF_NSTREAMS; s++)
        if (r->start[s] && !atomic_load(&tf_streams[s].closed)) hand_off(r, s);
    drain();
}

static void write_trailer(tf_stream *st)
{
    tf_trace_trailer tr = {
        .records = atomic_load(&st->records),
        .lost_records = atomic_load(&st->lost_records),
        .lost_chunks = atomic_load(&st->lost_chunks),
        .truncated_texts = atomic_load(&st->truncated_texts),
        .late_records = atomic_load(&st->late_records),
    };
    calibration_point(&tr.end_tsc, &tr.end_ns);
    write_chunk(st, TF_CHUNK_TRAILER, 0, 0, (const uint64_t *)&tr, sizeof tr / 8, 0);
}

static void report_losses(tf_stream *st)
{
    uint64_t lost = atomic_load(&st->lost_records), trunc = atomic_load(&st->truncated_texts);
    uint64_t late = atomic_load(&st->late_records);
    if (lost)
        fprintf(stderr, "tt-foil profiler: %llu of %llu records of the %s %s were lost (%s)\n",
                (unsigned long long)lost, (unsigned long long)(lost + atomic_load(&st->records)),
                st->what, st->path,
                st->fifo_unread ? "no process opened the FIFO for reading"
                                : strerror(st->error ? st->error : EIO));
    if (trunc)
        fprintf(stderr, "tt-foil profiler: %llu zone texts longer than %d bytes were truncated\n",
                (unsigned long long)trunc, TF_TEXT_MAX);
    if (late)
        fprintf(stderr,
                "tt-foil profiler: %llu records made after the %s was closed were not written\n",
                (unsigned long long)late, st->what);
}

/* Write what thread r holds in stream s: its packing area, then its
 * current buffer (takes no lock: the callers hold the stream's, or are the
 * crash handler). An area is copied and padded here: its thread may still
 * be packing onto its end (no malloc: this runs in the crash handler too).
 * The copy holds a whole area and its padding: a full one, caught between
 * its last packing and send_area, is written like any other. Its records
 * and bytes are one word (TF_FILL) that the thread stores (release) after
 * the bytes it counts; it is loaded between two loads of the area, and an
 * area that did not change in between is the one it counts (the thread
 * stores a new area before its first fill). */
static void write_thread_in_hand(int s, tf_thread *r)
{
    static uint64_t copy[TF_AREA_WORDS + 1];
    tf_prof_tls *t = r->tls;
    uint64_t *area = NULL, fill = 0;
    for (int tries = 0; tries < 3; tries++) {
        area = __atomic_load_n(&r->area[s], __ATOMIC_ACQUIRE);
        fill = __atomic_load_n(&r->area_fill[s], __ATOMIC_ACQUIRE);
        if (__atomic_load_n(&r->area[s], __ATOMIC_ACQUIRE) == area) break;
        area = NULL; /* sent while we looked: again */
    }
    uint32_t bytes = TF_FILL_BYTES(fill);
    if (area && bytes) {
        CM_ASSERT(bytes <= TF_AREA_BYTES);
        memcpy(copy, area, bytes);
        memset((uint8_t *)copy + bytes, 0, 8);
        write_events(s, TF_CHUNK_PACKED, r->number, t->base[s], copy, (bytes + 7) / 8,
                     TF_FILL_RECORDS(fill), 1);
    }
    uint64_t *start = r->start[s], *pos = t->pos[s];
    if (start && pos > start && pos <= start + buf_cap(start))
        write_events(s, TF_CHUNK_EVENTS, r->number, t->base[s], start, (uint32_t)(pos - start), 0,
                     1);
}

/* Write what every thread holds in stream s. */
static void write_in_hand(int s)
{
    for (tf_thread *r = tf_threads; r; r = r->next) write_thread_in_hand(s, r);
}

/* At exit: everything queued, then what each thread has in hand (copied
 * without disturbing threads that may still run), then the trailer. */
static void close_streams(void)
{
    drain();
    pthread_mutex_lock(&tf_reg_lock);
    for (int s = 0; s < TF_PROF_NSTREAMS; s++) {
        tf_stream *st = &tf_streams[s];
        if (!tf_prof_on[s] || atomic_load(&st->closed)) continue;
        pthread_mutex_lock(&st->lock);
        write_in_hand(s);
        atomic_store(&st->closed, 1);
        write_trailer(st);
        if (st->fd >= 0) {
            prealloc_release(st);
            close(st->fd);
        }
        st->fd = -1;
        pthread_mutex_unlock(&st->lock);
        report_losses(st);
    }
    pthread_mutex_unlock(&tf_reg_lock);
    pthread_mutex_lock(&tf_wq_lock);
    tf_writer_stop = 1;
    pthread_cond_broadcast(&tf_wq_cv);
    int started = tf_writer_started;
    pthread_mutex_unlock(&tf_wq_lock);
    if (started) pthread_join(tf_writer, NULL);
}

/* Fatal signal: stop the writer after its current chunk, write what is
 * queued and what every thread has in hand, then die of the signal. No
 * locks, no malloc. */
static void on_fatal_signal(int sig)
{
    tf_crash_thread = &tf_rec_t;
    atomic_store(&tf_crashing, 1);
    for (int i = 0; i < 1000 && __atomic_load_n(&tf_writer_busy, __ATOMIC_RELAXED); i++)
        usleep(1000);
    for (int s = 0; s < TF_PROF_NSTREAMS; s++)
        if (tf_prof_on[s] && !atomic_load(&tf_streams[s].closed))
            for (tf_pending *p = tf_wq_head; p; p = p->next)
                if (p->stream == s)
                    write_events(s, TF_CHUNK_PACKED, p->thread, p->tsc_base, p->buf, p->words,
                                 p->records, 1);
    /* then what the crashing thread's caller holds outside the recorder
     * (the runtime's zone run), recorded after all it queued */
    void (*hook)(void) = atomic_load(&tf_crash_hook);
    if (hook) hook();
    for (int s = 0; s < TF_PROF_NSTREAMS; s++) {
        tf_stream *st = &tf_streams[s];
        if (!tf_prof_on[s] || atomic_load(&st->closed)) continue;
        write_in_hand(s);
        atomic_store(&st->closed, 1);
        write_trailer(st);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

void tf_prof_set_crash_hook(void (*hook)(void))
{
    atomic_store(&tf_crash_hook, hook);
}

/* Every signal whose default action ends the process (but SIGKILL and
 * SIGSTOP, which cannot be caught, and the real-time ones): a program that
 * dies of SIGPIPE (its output piped into `head`), of an alarm() it set, of
 * a CPU or file size limit or of SIGUSR1 loses its trace like one that
 * crashes unless the handler writes it. */
static void install_signal_handlers(void)
{
    static const int sigs[] = {SIGSEGV, SIGBUS,    SIGILL,  SIGFPE,  SIGABRT, SIGTERM, SIGINT,
                               SIGHUP,  SIGQUIT,   SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU,
                               SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS,  SIGTRAP};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction old;
        if (sigaction(sigs[i], NULL, &old) || old.sa_handler != SIG_DFL) continue;
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_fatal_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESETHAND;
        sigaction(sigs[i], &sa, NULL);
    }
}

static int have_invariant_tsc(void)
{
#ifdef TF_PROF_HAVE_TSC
    const char *force = getenv(tf_env_name(TF_ENV_PROF_CLOCK));
    if (force && !strcmp(force, "monotonic")) return 0;
    if (force && *force) /* (it was ignored without a word) */
        fprintf(stderr,
                "tt-foil profiler: %s=\"%s\" is not a value it takes (`monotonic`, or unset for "
                "the TSC); using the TSC\n",
                tf_env_name(TF_ENV_PROF_CLOCK), force);
    unsigned a, b, c, d;
    __asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0x80000000u), "c"(0));
    if (a < 0x80000007u) return 0;
    __asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0x80000007u), "c"(0));
    return (d >> 8) & 1;
#else
    return 0;
#endif
}

/* The file name: the variable's value with every "%p" replaced by the
 * process id, so that every process of a capture (a script running several
 * programs, children started in the background) writes its own file, and
 * every "%%" by one '%' (a folder named "100%pure" is "100%%pure" there:
 * tt_foil_profile writes it so). Any other '%' stays as it is. */
static void expand_path(char *out, size_t n, const char *pattern)
{
    size_t k = 0;
    for (const char *p = pattern; *p && k + 1 < n; p++) {
        if (p[0] == '%' && p[1] == 'p') {
            int w = snprintf(out + k, n - k, "%ld", (long)getpid());
            k = w > 0 && (size_t)w < n - k ? k + (size_t)w : n - 1;
            p++;
        } else if (p[0] == '%' && p[1] == '%') {
            out[k++] = '%';
            p++;
        } else {
            out[k++] = *p;
        }
    }
    out[k] = 0;
}

/* A FIFO opened for writing once a reader has it open, within
 * TF_FIFO_WAIT_MS; -1 with errno ENXIO when none did. */
static int open_fifo(const char *path)
{
    for (int waited = 0;; waited += 10) {
        int fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd >= 0) {
            (void)cm_file_set_blocking(fd); /* the writer blocks */
            return fd;
        }
        if (errno != ENXIO || waited >= TF_FIFO_WAIT_MS) return -1;
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
}

/* A new file (a new inode) at `path`, never the old one truncated: a
 * report still reading the previous capture's file keeps reading it whole
 * (the reader would otherwise see it shrink under it). The header is
 * written under a temporary name in the same directory, then renamed over
 * the path, so the path names the old file or the new one with its header,
 * never nothing or an empty file. A path that is not a regular file (a
 * device, a FIFO, a symbolic link), a temporary name that does not fit or
 * cannot be created: the path itself, as before (a FIFO once it has a
 * reader: open_fifo). Returns the fd, -1 with errno; *tmp holds the name
 * to rename, or is empty; *fifo says whether the path is a FIFO. */
static int create_fresh(const char *path, char *tmp, size_t n, int *fifo)
{
    struct stat sb;
    tmp[0] = 0;
    int exists = lstat(path, &sb) == 0;
    *fifo = exists && S_ISFIFO(sb.st_mode);
    if (*fifo) return open_fifo(path);
    if (exists && !S_ISREG(sb.st_mode))
        return open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    int w = snprintf(tmp, n, "%s.%ld.tmp", path, (long)getpid()), fd = -1;
    if (w > 0 && (size_t)w < n) {
        (void)unlink(tmp); /* a stale one of an earlier process with this pid */
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    }
    if (fd >= 0) return fd;
    tmp[0] = 0;
    return open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
}

static void open_stream(int s, enum tf_env_id env, const char *what)
{
    tf_stream *st = &tf_streams[s];
    if (s == TF_PROF_TRACE) {
        const char *f = getenv(tf_env_name(TF_ENV_TRACE_FAIL_DEF));
        tf_fail_def_kind = f ? (uint32_t)strtoul(f, NULL, 10) : 0;
    }
    st->what = what;
    st->fd = -1;
    pthread_mutex_init(&st->lock, NULL);
    const char *path = getenv(tf_env_name(env));
    if (tf_env_is_off(path)) return;
    expand_path(st->path, sizeof st->path, path);
    tf_prof_on[s] = tf_prof_ns_clock ? TF_PROF_ON_NS : TF_PROF_ON_TSC;
    char tmp[sizeof st->path + 32];
    int fifo;
    st->fd = create_fresh(st->path, tmp, sizeof tmp, &fifo);
    st->prealloc = fifo ? -1 : 0;
    if (st->fd < 0) {
        int err = errno;
        st->fifo_unread = fifo && err == ENXIO; /* (open_fifo's wait ran out) */
        stream_failed(st, err, 0, 0);           /* every record will count as lost */
        return;
    }
    tf_trace_header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, TF_TRACE_MAGIC, 8);
    h.version = TF_TRACE_VERSION;
    h.flags = tf_prof_ns_clock ? TF_TRACE_FLAG_NS_CLOCK : 0;
    h.pid = (uint32_t)getpid();
    h.header_bytes = sizeof h;
    calibration_point(&h.start_tsc, &h.start_ns);
    extern char *program_invocation_short_name;
    snprintf(h.program, sizeof h.program, "%s", program_invocation_short_name);
    errno = 0;
    if (write(st->fd, &h, sizeof h) != (ssize_t)sizeof h)
        stream_failed(st, errno ? errno : ENOSPC, 0, 1);
    if (tmp[0] && rename(tmp, st->path)) { /* the file would have no name: record nothing */
        int err = errno;
        (void)unlink(tmp);
        close(st->fd);
        st->fd = -1;
        stream_failed(st, err, 0, 0);
    }
}

/* fork(): the child must not write into its parent's files (its buffers
 * hold copies of the parent's records, and the writer thread did not
 * survive the fork). Every lock is held across the fork so the child finds
 * them consistent; the child then stops recording: what it records would
 * have nowhere to go. A program the child execs starts afresh and records
 * into its own file (TT_FOIL_TRACE with %p). */
static void atfork_prepare(void)
{
    pthread_mutex_lock(&tf_reg_lock);
    for (int s = 0; s < TF_PROF_NSTREAMS; s++) pthread_mutex_lock(&tf_streams[s].lock);
    pthread_mutex_lock(&tf_wq_lock);
}

static void atfork_parent(void)
{
    pthread_mutex_unlock(&tf_wq_lock);
    for (int s = TF_PROF_NSTREAMS; s-- > 0;) pthread_mutex_unlock(&tf_streams[s].lock);
    pthread_mutex_unlock(&tf_reg_lock);
}

static void atfork_child(void)
{
    for (int s = 0; s < TF_PROF_NSTREAMS; s++) {
        tf_stream *st = &tf_streams[s];
        atomic_store(&st->closed, 1);
        tf_prof_on[s] = 0;
        if (st->fd >= 0) close(st->fd);
        st->fd = -1;
    }
    tf_wq_head = tf_wq_tail = NULL; /* the parent writes them */
    tf_writer_running = tf_writer_started = tf_writer_busy = tf_writer_sleeping = 0;
    tf_spare_waiters = 0;
    atfork_parent();
}

__attribute__((constructor)) static void tf_prof_init(void)
{
    if (tf_initialized) return;
    tf_initialized = 1;
    tf_prof_ns_clock = !have_invariant_tsc();
    pthread_key_create(&tf_thread_key, thread_exit);
    open_stream(TF_PROF_TRACE, TF_ENV_TRACE, "trace");
    open_stream(TF_PROF_MEM, TF_ENV_MEM_LOG, "memory log");
    if (!tf_prof_on[0] && !tf_prof_on[1]) return;
    /* The writer must not take the program's signals. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    tf_writer_started = tf_writer_running =
        pthread_create(&tf_writer, NULL, writer_main, NULL) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    atexit(close_streams);
    pthread_atfork(atfork_prepare, atfork_parent, atfork_child);
    install_signal_handlers();
}
