/* Whether the simulator's rounds run on its worker threads or all on the
 * scheduler thread (sim/par.c): a model of a round's cost, checked by
 * timing. The chip feeds it each round's figures; it never sees a result,
 * so the choice changes only the host time. */
#ifndef TF_SIM_PAR_H
#define TF_SIM_PAR_H

#include <stdint.h>

/* The model's constants (sim/par.c says where they come from). */
#define TF_PAR_BASE     1024       /* instructions that pay for a round's hand-offs */
#define TF_PAR_PER_XFER 64         /* instructions a NOC transfer costs more across CPUs */
#define TF_PAR_WARM     128u       /* rounds of a spell not timed (caches moving) */
#define TF_PAR_WINDOW   1024u      /* rounds timed, then judged */
#define TF_PAR_HOLD     16384u     /* serial rounds after parallel first lost */
#define TF_PAR_HOLD_MAX (1u << 20) /* ... doubling each time it lost again, to this */

enum { TF_PAR_LEARN, TF_PAR_ON, TF_PAR_HOLDING };

typedef struct sim_par {
    /* running averages (x16) of a round's lighter worker's instructions
     * and of its NOC transfers */
    int64_t work, xfers;
    /* host ps an instruction of the rounds the model calls worth it, the
     * last window each way */
    int64_t serial_psi, parallel_psi;
    int state;
    uint32_t rounds;    /* timed-or-warming rounds in the state */
    uint32_t hold;      /* TF_PAR_HOLDING's length (0: parallel last paid) */
    uint32_t wn;        /* the window so far: its rounds, */
    uint64_t ns, instr; /* host ns and instructions */
} sim_par;

/* Whether the last rounds make parallel rounds worth trying. */
int sim_par_worth_it(const sim_par *p);
/* The way a round the model calls worth it runs: 1 parallel, 0 serial
 * (after the verdict on a window that just ended). */
int sim_par_choose(sim_par *p);
/* A round's end: its lighter worker's instructions, all its workers',
 * its NOC transfers; if it was `judged` (run the way sim_par_choose said),
 * its host ns. */
void sim_par_learn(sim_par *p, uint64_t least, uint64_t all, uint64_t xfers, uint64_t ns,
                   int judged);

#endif
