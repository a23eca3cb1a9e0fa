/* START/END pairing of zone markers, the one implementation the runtime
 * (device markers read back from L1, src/devprof.c) and tt_foil_profile
 * (the device zones CSV) share: markers of one RISC nest, an END closes
 * the innermost open zone if it has the END's key, anything else is
 * counted as unmatched (an END without its START, a START never ended). */
#ifndef CM_PAIR_H
#define CM_PAIR_H

#include "cm_err.h"

#include <stddef.h>
#include <stdint.h>

typedef struct cm_pair_open {
    uint64_t key, start;
} cm_pair_open;

typedef struct cm_pairer {
    cm_pair_open *open; /* the open zones, innermost last */
    size_t n, cap;
    uint64_t unmatched; /* markers without their pair so far */
} cm_pairer;

/* A START with `key` at `start`; -1 if out of memory. */
CM_CHECK int cm_pair_start(cm_pairer *p, uint64_t key, uint64_t start);

/* An END with `key`: 1 and the zone's start and depth (0 at the top) if it
 * closes the innermost open zone, else 0 (counted as unmatched). */
int cm_pair_end(cm_pairer *p, uint64_t key, uint64_t *start, uint32_t *depth);

/* The markers' sequence ends (a dispatch, a file): zones still open are
 * counted as unmatched and forgotten. */
void cm_pair_reset(cm_pairer *p);

void cm_pair_free(cm_pairer *p);

#endif
