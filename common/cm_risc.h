/* Host-side names of the five RISCs, from the shared TF_RISC_LIST table. */
#ifndef TF_RISC_H
#define TF_RISC_H

#include "tf_memmap.h"

/* "BRISC", "NCRISC", "TRISC0".. by RISC id; "?" if out of range. */
static inline const char *cm_risc_name(int r)
{
#define TF_RISC_NAME(id, name, fw, kernel) name,
    static const char *const names[] = {TF_RISC_LIST(TF_RISC_NAME)};
#undef TF_RISC_NAME
    _Static_assert(sizeof names / sizeof *names == TF_NUM_RISCS,
                   "TF_RISC_LIST has TF_NUM_RISCS rows");
    return r >= 0 && r < TF_NUM_RISCS ? names[r] : "?";
}

/* Parse a RISC name (case-insensitive); -1 if unknown. */
int cm_risc_parse(const char *s);

#endif
