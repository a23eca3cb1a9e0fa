/* START/END pairing (cm_pair.h). */
#include "cm_pair.h"

#include <stdlib.h>

int cm_pair_start(cm_pairer *p, uint64_t key, uint64_t start)
{
    if (p->n == p->cap) {
        size_t cap = p->cap ? 2 * p->cap : 16;
        cm_pair_open *no = realloc(p->open, cap * sizeof *no);
        if (!no) return -1;
        p->open = no;
        p->cap = cap;
    }
    p->open[p->n++] = (cm_pair_open){key, start};
    return 0;
}

int cm_pair_end(cm_pairer *p, uint64_t key, uint64_t *start, uint32_t *depth)
{
    if (!p->n || p->open[p->n - 1].key != key) {
        p->unmatched++;
        return 0;
    }
    p->n--;
    *start = p->open[p->n].start;
    *depth = (uint32_t)p->n;
    return 1;
}

void cm_pair_reset(cm_pairer *p)
{
    p->unmatched += p->n;
    p->n = 0;
}

void cm_pair_free(cm_pairer *p)
{
    free(p->open);
    *p = (cm_pairer){0};
}
