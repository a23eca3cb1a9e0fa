/* RISC names (the table itself is TF_RISC_LIST in tf_memmap.h). */
#include "cm_risc.h"

#include <string.h>
#include <strings.h>

int cm_risc_parse(const char *s)
{
    for (int r = 0; r < TF_NUM_RISCS; r++) /* the usual spelling first: it is cheaper */
        if (!strcmp(s, cm_risc_name(r))) return r;
    for (int r = 0; r < TF_NUM_RISCS; r++)
        if (!strcasecmp(s, cm_risc_name(r))) return r;
    return -1;
}
