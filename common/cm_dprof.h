/* Decoding one RISC's device-profiler markers (contracts/tf_profiler.h),
 * the one implementation the runtime (after each dispatch, src/devprof.c)
 * and the trace readers (tt_foil_profile, the tests: DEVICE_BLOCK records)
 * share. Pairing STARTs and ENDs is cm_pair.h's. */
#ifndef CM_DPROF_H
#define CM_DPROF_H

#include <stdint.h>

/* One decoded marker. */
typedef struct cm_dprof_marker {
    uint32_t type;  /* TF_DPROF_START .. TF_DPROF_VALIDATE */
    uint32_t zid;   /* zone id (anchor number) */
    uint64_t cycle; /* unwrapped to 64 bits */
    uint64_t value; /* SUM: total cycles; DATA: the value; EVENT: the id; VALIDATE: the condition */
    uint32_t count; /* SUM: scope exits */
} cm_dprof_marker;

/* What decoding a buffer found besides its markers. */
typedef struct cm_dprof_stats {
    uint64_t bad;       /* invalid words, cut-short payloads, unknown packet types */
    uint64_t discarded; /* markers dropped by DeviceValidateProfiler(false) */
} cm_dprof_stats;

/* Decode `nwords` words of one RISC's buffer, `ref` its GO cycle (44-bit
 * stamps are unwrapped near it), `invalid` its control vector's VALIDATE
 * header (nonzero: only that marker is kept). Calls `fn` per marker in
 * order; a nonzero return stops and is returned. */
int cm_dprof_decode(const uint32_t *words, uint32_t nwords, uint64_t ref, uint32_t invalid,
                    int (*fn)(void *ctx, const cm_dprof_marker *m), void *ctx,
                    cm_dprof_stats *stats);

/* The spec's 16-bit ZONE_HASH: FNV-1a of "name,file,line,KERNEL_PROFILER",
 * folded low16 ^ high16. */
uint16_t cm_dprof_hash(const char *name, const char *file, uint32_t line);

#endif
