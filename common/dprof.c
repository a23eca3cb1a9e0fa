/* Device-profiler marker decoding (cm_dprof.h). */
#include "cm_dprof.h"
#include "tf_profiler.h"

#include <stdio.h>
#include <string.h>

uint16_t cm_dprof_hash(const char *name, const char *file, uint32_t line)
{
    char buf[2200];
    snprintf(buf, sizeof buf, "%s,%s,%u,KERNEL_PROFILER", name, file, line);
    uint32_t h = 2166136261u;
    for (const char *p = buf; *p; p++) h = (h ^ (uint8_t)*p) * 16777619u;
    return (uint16_t)((h & 0xffff) ^ (h >> 16));
}

/* Rebuild a 64-bit cycle from 44 bits, near `ref`. */
static uint64_t unwrap44(uint64_t v44, uint64_t ref)
{
    const uint64_t span = 1ull << 44;
    uint64_t full = (ref & ~(span - 1)) | v44;
    if (full > ref + span / 2 && full >= span)
        full -= span;
    else if (full + span / 2 < ref)
        full += span;
    return full;
}

int cm_dprof_decode(const uint32_t *m, uint32_t nwords, uint64_t ref, uint32_t invalid,
                    int (*fn)(void *ctx, const cm_dprof_marker *mk), void *ctx,
                    cm_dprof_stats *stats)
{
    uint64_t prev = ref;
    uint32_t used = nwords * 4u;
    for (uint32_t off = 0; off + TF_DPROF_MARKER_BYTES <= used;) {
        uint32_t w0 = m[off / 4], w1 = m[off / 4 + 1];
        if (!(w0 & TF_DPROF_VALID)) {
            stats->bad++;
            off += TF_DPROF_MARKER_BYTES;
            continue;
        }
        uint32_t type = TF_DPROF_TYPE(w0), size = TF_DPROF_SIZE(type);
        if (off + size > used) {
            stats->bad++; /* a payload marker cut short */
            break;
        }
        uint32_t p2 = size > 8 ? m[off / 4 + 2] : 0, p3 = size > 8 ? m[off / 4 + 3] : 0;
        off += size;
        uint64_t cyc = unwrap44(((uint64_t)TF_DPROF_CYCLE_HI(w0) << 32) | w1, ref);
        /* cycleh was read before cycle: if cycle wrapped in between, the
         * high part is one short, and the stamp goes back by 2^32 */
        if (cyc < prev && cyc + (1ull << 32) >= prev) cyc += 1ull << 32;
        prev = cyc;
        if (invalid && w0 - TF_DPROF_CYCLE_HI(w0) != invalid) {
            stats->discarded++;
            continue;
        }
        if (type > TF_DPROF_VALIDATE) {
            stats->bad++; /* a packet type this build does not know */
            continue;
        }
        cm_dprof_marker mk = {type, TF_DPROF_ZONE_ID(w0), cyc, 0, 0};
        if (type == TF_DPROF_SUM) {
            mk.value = ((uint64_t)(p3 & 0xfff) << 32) | p2;
            mk.count = p3 >> 12;
        } else if (type > TF_DPROF_END) {
            mk.value = ((uint64_t)p3 << 32) | p2;
        }
        int rc = fn(ctx, &mk);
        if (rc) return rc;
    }
    return 0;
}
