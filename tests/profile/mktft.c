/* mktft: writes a host-profiler trace (docs/trace-format.md) from a small
 * text description, with exact nanosecond timestamps, so the report tests
 * can use hand-written logs whose every number is known.
 *
 *   mktft IN.txt OUT.tft
 *
 * One directive per line ('#' starts a comment). Names and texts run to
 * the end of the line and understand \n, \t and \\ escapes:
 *   program NAME
 *   thread NUM TID NAME            a thread (number as in events, OS tid)
 *   loc ID LINE FILE NAME          a zone's source location
 *   pool ID NAME                   a memory pool (its full name: "Device L1 (1,0)")
 *   capacity BYTES NAME            a pool's capacity
 *   b THREAD NS LOC                zone begin
 *   e THREAD NS LOC                zone end
 *   t THREAD NS TEXT               zone text
 *   f THREAD NS                    frame mark
 *   burst THREAD NS N PERIOD DUR LOC  N zones of DUR ns at LOC, the first
 *                                  at NS, one every PERIOD ns (long runs)
 *   a THREAD NS POOL PTR SIZE      alloc
 *   x THREAD NS POOL PTR           free
 *   r THREAD NS POOL               pool reset
 *   as THREAD NS POOL PTR SIZE...  allocations at one time (one ALLOC_SET: (PTR, SIZE) pairs)
 *   xs THREAD NS POOL PTR...       frees at one time (one FREE_SET)
 *   perf THREAD NS DISPATCH X Y START END [DRAM [SEM [INSTR]]]  core (X,Y)'s hardware
 *                                  counters of a dispatch, read back at NS:
 *                                  BRISC's window START..END cycles, DRAM bytes
 *                                  read from bank 0 (a version-1 DEVICE_PERF
 *                                  record: a 1x1 grid at 1000 MHz (perfclock), 8 banks of
 *                                  32 bytes a cycle); SEM: BRISC waits for a
 *                                  semaphore SEM of those cycles, and TRISC0
 *                                  runs the same window without a wait (as the
 *                                  firmware does with no compute kernel); INSTR:
 *                                  BRISC retires INSTR instructions
 *   perfclock MHZ                  the chip clock of the perf records after it
 *                                  (1000 unless given)
 *   trailer RECORDS LOST [END]     a trailer chunk (a normal exit); END: the
 *                                  process's exit time, ns (its last
 *                                  calibration point; else 0, none)
 *   garbage N                      N bytes of junk where a chunk would be
 *   cut N                          drop the file's last N bytes at the end
 * and, for damaged and hostile inputs (tests of issue 17):
 *   def KIND ID LINE S0|S1|S2      any definition (strings split at '|')
 *   rawdef KIND ID LINE TEXT       a definition whose bytes are TEXT with no NUL (malformed)
 *   sync HOST_NS CYCLE NS_PER_CYCLE  a device clock sync definition, as text
 *   tsc                            timestamps are TSC ticks (not ns): calibration applies
 *   cal TSC NS                     a calibration point (an empty DEFS chunk carrying it)
 *   flush                          write the definitions and events so far as chunks now
 *   seq N                          number the next chunk N
 *   badlen N                       the next chunk claims N payload bytes (header resealed)
 *   dup                            write the last chunk again
 *   v2                             write format version 2 (48-byte chunk headers)
 * Events go into one EVENTS chunk per thread (per flush), in order of appearance. */
#include "tt_foil/trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_THREADS 256

typedef struct buf {
    unsigned char *p;
    size_t n, cap;
} buf;

static void put(buf *b, const void *d, size_t n)
{
    if (!n) return; /* an empty payload has no bytes (and may have no buffer) */
    if (b->n + n > b->cap) {
        b->cap = (b->n + n) * 2 + 256;
        b->p = realloc(b->p, b->cap);
        if (!b->p) exit(2);
    }
    memcpy(b->p + b->n, d, n);
    b->n += n;
}

static void pad8(buf *b)
{
    static const unsigned char z[8];
    put(b, z, (8 - b->n % 8) % 8);
}

static void word(buf *b, uint64_t w)
{
    put(b, &w, 8);
}

static buf defs, events[MAX_THREADS], out;
static uint32_t thread_num[MAX_THREADS];
static int nthreads;
static uint32_t seq;
static int v2;
static long long badlen = -1;
static uint32_t perf_mhz = 1000; /* perfclock */
static size_t last_chunk, last_chunk_n;

static buf *thread_events(uint32_t num)
{
    for (int i = 0; i < nthreads; i++)
        if (thread_num[i] == num) return &events[i];
    if (nthreads == MAX_THREADS) {
        fprintf(stderr, "mktft: too many threads\n");
        exit(2);
    }
    thread_num[nthreads] = num;
    return &events[nthreads++];
}

/* rest of line with escapes decoded */
static char *unescape(char *s)
{
    char *w = s;
    for (char *r = s; *r; r++) {
        if (*r == '\\' && r[1]) {
            r++;
            *w++ = *r == 'n' ? '\n' : *r == 't' ? '\t' : *r;
        } else {
            *w++ = *r;
        }
    }
    *w = 0;
    return s;
}

static void def(uint32_t kind, uint32_t id, uint32_t line, const char *s0, const char *s1,
                const char *s2)
{
    buf s = {0};
    const char *strs[3] = {s0, s1, s2};
    for (int i = 0; i < 3 && strs[i]; i++) put(&s, strs[i], strlen(strs[i]) + 1);
    tf_trace_def_header h = {kind, id, line, (uint32_t)s.n};
    put(&defs, &h, sizeof h);
    put(&defs, s.p, s.n);
    pad8(&defs);
    free(s.p);
}

static void chunk(uint32_t kind, uint32_t thread, const buf *payload, uint64_t cal_tsc,
                  uint64_t cal_ns)
{
    tf_chunk_header h;
    memset(&h, 0, sizeof h);
    h.magic = TF_CHUNK_MAGIC;
    h.kind = kind;
    h.thread = thread;
    h.payload_bytes = (uint32_t)payload->n;
    h.cal_tsc = cal_tsc;
    h.cal_ns = cal_ns;
    h.seq = seq++;
    tf_trace_seal(&h, payload->p);
    if (badlen >= 0) {
        h.payload_bytes = (uint32_t)badlen;
        h.head_check = tf_trace_head_check(&h);
        badlen = -1;
    }
    last_chunk = out.n;
    put(&out, &h, v2 ? TF_CHUNK_HEADER_V2 : sizeof h);
    put(&out, payload->p, payload->n);
    last_chunk_n = out.n - last_chunk;
}

static buf garbage;

/* Definitions, junk and each thread's events so far, as chunks. */
static void flush(void)
{
    if (defs.n) chunk(TF_CHUNK_DEFS, 0, &defs, 0, 0);
    defs.n = 0;
    if (garbage.n) put(&out, garbage.p, garbage.n);
    garbage.n = 0;
    for (int i = 0; i < nthreads; i++) {
        if (events[i].n) chunk(TF_CHUNK_EVENTS, thread_num[i], &events[i], 0, 0);
        events[i].n = 0;
    }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: mktft IN.txt OUT.tft\n");
        return 2;
    }
    FILE *in = fopen(argv[1], "r");
    if (!in) {
        perror(argv[1]);
        return 2;
    }
    tf_trace_header hdr;
    memset(&hdr, 0, sizeof hdr);
    memcpy(hdr.magic, TF_TRACE_MAGIC, 8);
    hdr.version = TF_TRACE_VERSION;
    hdr.flags = TF_TRACE_FLAG_NS_CLOCK;
    hdr.pid = 4242;
    hdr.header_bytes = sizeof hdr;
    snprintf(hdr.program, sizeof hdr.program, "handwritten");
    buf trailer = {0}, empty = {0};
    size_t cut = 0;
    char line[4096];
    int lineno = 0;
    while (fgets(line, sizeof line, in)) {
        lineno++;
        line[strcspn(line, "\n")] = 0;
        char op[16];
        int n = 0;
        if (line[0] == '#' || sscanf(line, "%15s %n", op, &n) != 1) continue;
        char *rest = line + n;
        unsigned long long a1, a2, a3, a4, a5, a6;
        int k = 0;
        if (!strcmp(op, "program")) {
            snprintf(hdr.program, sizeof hdr.program, "%s", unescape(rest));
        } else if (!strcmp(op, "thread") && sscanf(rest, "%llu %llu %n", &a1, &a2, &k) == 2) {
            def(TF_DEF_THREAD, (uint32_t)a1, (uint32_t)a2, unescape(rest + k), NULL, NULL);
        } else if (!strcmp(op, "loc") && sscanf(rest, "%llu %llu %n", &a1, &a2, &k) == 2) {
            char *file = rest + k, *sp = strchr(file, ' ');
            if (!sp) goto bad;
            *sp = 0;
            def(TF_DEF_LOCATION, (uint32_t)a1, (uint32_t)a2, unescape(sp + 1), "fn", file);
        } else if (!strcmp(op, "pool") && sscanf(rest, "%llu %n", &a1, &k) == 1) {
            def(TF_DEF_POOL, (uint32_t)a1, 0, unescape(rest + k), NULL, NULL);
        } else if (!strcmp(op, "capacity") && sscanf(rest, "%llu %n", &a1, &k) == 1) {
            char num[32];
            snprintf(num, sizeof num, "%llu", a1);
            def(TF_DEF_CAPACITY, 0, 0, unescape(rest + k), num, NULL);
        } else if ((!strcmp(op, "as") || !strcmp(op, "xs")) &&
                   sscanf(rest, "%llu %llu %llu %n", &a1, &a2, &a3, &k) == 3) {
            /* 32-bit items after the pool id and 4 bytes 0 (tf_trace_records.h) */
            /* PTR in hex and SIZE in decimal, as for `a` and `x` */
            uint32_t item[512], n = 0;
            int alloc = op[0] == 'a';
            for (char *r = rest + k; n < 510; n++) {
                if (sscanf(r, "%llx%n", &a4, &k) != 1) break;
                r += k;
                item[n] = (uint32_t)a4;
                if (!alloc) continue;
                if (sscanf(r, "%llu%n", &a5, &k) != 1) goto bad;
                r += k;
                item[++n] = (uint32_t)a5;
            }
            buf *b = thread_events((uint32_t)a1);
            word(b, TF_REC(alloc ? TF_R_ALLOC_SET : TF_R_FREE_SET, TF_MEM_SET_HEAD + 4 * n, a2));
            word(b, a3);
            put(b, item, 4 * n);
            pad8(b);
        } else if (strchr("betfaxr", op[0]) && !op[1] &&
                   sscanf(rest, "%llu %llu %n", &a1, &a2, &k) == 2) {
            buf *b = thread_events((uint32_t)a1);
            char *r = rest + k;
            switch (op[0]) {
            case 'b':
            case 'e':
                if (sscanf(r, "%llu", &a3) != 1) goto bad;
                word(b, TF_REC(op[0] == 'b' ? TF_R_ZONE_BEGIN : TF_R_ZONE_END, a3, a2));
                break;
            case 't': {
                char *s = unescape(r);
                word(b, TF_REC(TF_R_ZONE_TEXT, strlen(s), a2));
                put(b, s, strlen(s));
                pad8(b);
                break;
            }
            case 'f': word(b, TF_REC(TF_R_FRAME, 0, a2)); break;
            case 'a':
                if (sscanf(r, "%llu %llx %llu", &a3, &a4, &a5) != 3) goto bad;
                word(b, TF_REC(TF_R_ALLOC, a3, a2));
                word(b, a4);
                word(b, a5);
                break;
            case 'x':
                if (sscanf(r, "%llu %llx", &a3, &a4) != 2) goto bad;
                word(b, TF_REC(TF_R_FREE, a3, a2));
                word(b, a4);
                break;
            case 'r':
                if (sscanf(r, "%llu", &a3) != 1) goto bad;
                word(b, TF_REC(TF_R_RESET, a3, a2));
                break;
            }
        } else if (!strcmp(op, "burst") && sscanf(rest, "%llu %llu %llu %llu %llu %llu", &a1, &a2,
                                                  &a3, &a4, &a5, &a6) == 6) {
            buf *b = thread_events((uint32_t)a1);
            for (unsigned long long i = 0; i < a3; i++) {
                word(b, TF_REC(TF_R_ZONE_BEGIN, a6, a2 + i * a4));
                word(b, TF_REC(TF_R_ZONE_END, a6, a2 + i * a4 + a5));
            }
        } else if (!strcmp(op, "perf") && sscanf(rest, "%llu %llu %llu %llu %llu %llu %n", &a1, &a2,
                                                 &a3, &a4, &a5, &a6, &k) == 6) {
            unsigned long long end, dram = 0, sem = 0, instr = 0;
            int nf = sscanf(rest + k, "%llu %llu %llu %llu", &end, &dram, &sem, &instr);
            if (nf < 1) goto bad;
            tf_dev_perf h;
            memset(&h, 0, sizeof h);
            h.dispatch = (uint32_t)a3;
            h.x = (uint8_t)a4;
            h.y = (uint8_t)a5;
            h.version = TF_PERF_RECORD_V1;
            h.grid_x = h.grid_y = 1;
            h.dram_banks = 8;
            h.dram_bytes_per_cycle = 32;
            h.clock_mhz = perf_mhz;
            h.host_ns = a2;
            const uint64_t kv[] = {TF_PERF_KEY(TF_PERF_F_valid, TF_PERF_CORE, 0),
                                   nf >= 3 ? 1u | 1u << TF_RISC_TRISC0 : 1u,
                                   TF_PERF_KEY(TF_PERF_F_start, 0, 0), a6,
                                   TF_PERF_KEY(TF_PERF_F_end, 0, 0), end,
                                   TF_PERF_KEY(TF_PERF_F_dram_rd, TF_PERF_CORE, 0), dram,
                                   /* (SEM given: three pairs more) */
                                   TF_PERF_KEY(TF_PERF_F_wait, 0, TF_PERF_WAIT_SEM), sem,
                                   TF_PERF_KEY(TF_PERF_F_start, TF_RISC_TRISC0, 0), a6,
                                   TF_PERF_KEY(TF_PERF_F_end, TF_RISC_TRISC0, 0), end,
                                   /* (INSTR given: one pair more) */
                                   TF_PERF_KEY(TF_PERF_F_instret, 0, 0), instr};
            size_t npairs = nf == 4 ? 8 : nf == 3 ? 7 : 4;
            h.npairs = (uint32_t)npairs;
            buf *b = thread_events((uint32_t)a1);
            word(b, TF_REC(TF_R_DEVICE_PERF, sizeof h + npairs * 2 * sizeof *kv, a2));
            put(b, &h, sizeof h);
            put(b, kv, npairs * 2 * sizeof *kv);
            pad8(b);
        } else if (!strcmp(op, "perfclock") && sscanf(rest, "%llu", &a1) == 1 && a1) {
            perf_mhz = (uint32_t)a1;
        } else if (!strcmp(op, "trailer") && sscanf(rest, "%llu %llu", &a1, &a2) == 2) {
            tf_trace_trailer t;
            unsigned long long end = 0;
            memset(&t, 0, sizeof t);
            t.records = a1;
            t.lost_records = a2;
            if (sscanf(rest, "%llu %llu %llu", &a1, &a2, &end) == 3) t.end_tsc = t.end_ns = end;
            put(&trailer, &t, sizeof t);
        } else if (!strcmp(op, "garbage") && sscanf(rest, "%llu", &a1) == 1) {
            for (unsigned long long i = 0; i < a1; i++) put(&garbage, "\xa5", 1);
        } else if (!strcmp(op, "cut") && sscanf(rest, "%llu", &a1) == 1) {
            cut = a1;
        } else if (!strcmp(op, "def") &&
                   sscanf(rest, "%llu %llu %llu %n", &a1, &a2, &a3, &k) == 3) {
            char *s0 = unescape(rest + k), *s1 = strchr(s0, '|'), *s2 = NULL;
            if (s1) *s1++ = 0, s2 = strchr(s1, '|');
            if (s2) *s2++ = 0;
            def((uint32_t)a1, (uint32_t)a2, (uint32_t)a3, s0, s1 ? s1 : "", s2 ? s2 : "");
        } else if (!strcmp(op, "rawdef") &&
                   sscanf(rest, "%llu %llu %llu %n", &a1, &a2, &a3, &k) == 3) {
            const char *text = unescape(rest + k);
            tf_trace_def_header h = {(uint32_t)a1, (uint32_t)a2, (uint32_t)a3,
                                     (uint32_t)strlen(text)};
            put(&defs, &h, sizeof h);
            put(&defs, text, strlen(text));
            pad8(&defs);
        } else if (!strcmp(op, "sync")) {
            char h[64], c[64], npc[64];
            if (sscanf(rest, "%63s %63s %63s", h, c, npc) != 3) goto bad;
            def(TF_DEF_CLOCK_SYNC, 0, 1, h, c, npc);
        } else if (!strcmp(op, "tsc")) {
            hdr.flags &= ~TF_TRACE_FLAG_NS_CLOCK;
        } else if (!strcmp(op, "cal") && sscanf(rest, "%llu %llu", &a1, &a2) == 2) {
            if (!hdr.start_tsc && !hdr.start_ns) {
                hdr.start_tsc = a1;
                hdr.start_ns = a2;
            } else {
                if (!out.n) put(&out, &hdr, sizeof hdr);
                chunk(TF_CHUNK_DEFS, 0, &empty, a1, a2);
            }
        } else if (!strcmp(op, "flush")) {
            if (!out.n) put(&out, &hdr, sizeof hdr);
            flush();
        } else if (!strcmp(op, "seq") && sscanf(rest, "%llu", &a1) == 1) {
            seq = (uint32_t)a1;
        } else if (!strcmp(op, "badlen") && sscanf(rest, "%llu", &a1) == 1) {
            badlen = (long long)a1;
        } else if (!strcmp(op, "dup")) {
            if (!last_chunk_n) goto bad;
            unsigned char *copy = malloc(last_chunk_n);
            if (!copy) return 2;
            memcpy(copy, out.p + last_chunk, last_chunk_n);
            put(&out, copy, last_chunk_n);
            free(copy);
        } else if (!strcmp(op, "v2")) {
            v2 = 1;
            hdr.version = TF_TRACE_VERSION_V2;
        } else {
bad:
            fprintf(stderr, "%s:%d: cannot parse '%s'\n", argv[1], lineno, line);
            return 2;
        }
    }
    fclose(in);
    if (!out.n) put(&out, &hdr, sizeof hdr);
    memcpy(out.p, &hdr, sizeof hdr); /* tsc, v2 and program may come after a flush */
    flush();
    if (trailer.n) chunk(TF_CHUNK_TRAILER, 0, &trailer, 0, 0);
    size_t n = out.n > cut ? out.n - cut : 0;
    FILE *f = fopen(argv[2], "wb");
    if (!f || fwrite(out.p, 1, n, f) != n || fclose(f)) {
        perror(argv[2]);
        return 2;
    }
    free(out.p);
    free(defs.p);
    free(trailer.p);
    free(garbage.p);
    for (int i = 0; i < nthreads; i++) free(events[i].p);
    return 0;
}
