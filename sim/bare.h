/* A bare RV32 ELF on one hart with RAM around its segments and Linux-style
 * ecalls emulated (write, exit, exit_group, clock_gettime64) while no trap
 * handler is installed; the `tohost` convention ends runs. Shared by
 * tt_foil_sim and the simulator benchmark. */
#ifndef TF_BARE_H
#define TF_BARE_H

#include "hart.h"

typedef struct sim_bare {
    char *prog;
    sim_mem *mem;
    sim_hart hart;
    /* the guest's writes to fd 1 and 2 that failed on the host (the guest
     * got the error; whether it noticed is its business, the tool says
     * so): bytes lost, and the first errno */
    uint64_t lost[3];
    int lost_errno[3];
} sim_bare;

/* How a run ended. */
enum sim_bare_end {
    TF_BARE_EXIT,        /* the guest called exit: *status = code */
    TF_BARE_TOHOST_PASS, /* tohost = 1 */
    TF_BARE_TOHOST_FAIL, /* tohost = v: *status = v >> 1 (test number) */
    TF_BARE_FAULT,       /* exception with no handler (message set) */
    TF_BARE_BAD_ECALL,   /* unsupported ecall with no handler (message set) */
    TF_BARE_LIMIT,       /* max_cycles reached (message set) */
    TF_BARE_INTERRUPTED, /* *interrupt became non-zero (message set) */
};

/* Load `path` into RAM starting at its lowest segment (4 KiB aligned) of
 * `memsize` bytes; NULL + message if the ELF is bad or does not fit. */
sim_bare *sim_bare_load(const char *path, uint64_t memsize);

/* Run until the program ends; returns a sim_bare_end. The run looks at
 * *interrupt (if not NULL; a signal handler sets it to the signal) every
 * TF_BARE_SLICE cycles and stops when it is non-zero, saying where. */
int sim_bare_run(sim_bare *b, uint64_t max_cycles, int *status, volatile int *interrupt);
#define TF_BARE_SLICE (1ull << 24) /* cycles: some 10-20 ms of the host */

void sim_bare_free(sim_bare *b);

#endif
