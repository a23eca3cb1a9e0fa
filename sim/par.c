/* Whether a round runs on the simulator's worker threads or all on the
 * scheduler thread (chip.c's run_round asks, round_end tells). */
#include "par.h"

/* A model says when parallel rounds can pay (docs/chip.md, "Scheduling,
 * time and determinism"): the lighter worker's instructions (the part a
 * second CPU takes off the first) must cover the hand-offs, TF_PAR_BASE
 * instructions' worth, and what its NOC transfers cost more across CPUs,
 * TF_PAR_PER_XFER each (a transfer is issued on one CPU, settled and
 * completed on the other). Measured on this 2-core machine: bench_dense's
 * zones around work (about 2,000 instructions a worker and round, no
 * transfers) run 1.4x faster on two threads, with about 0.57 us of
 * hand-offs a round (640 instructions' worth; the base leaves a margin);
 * the CNN's rounds (1,000 to 4,000 instructions a worker, 30 to 200
 * transfers) run 1.5x slower, about 50 ns (55 instructions) more a
 * transfer. The model reads running averages of the last rounds, not the
 * round itself: a switch moves the cores' data to the other CPU's cache,
 * which takes about 100 rounds to pay back.
 *
 * Timing then keeps it honest: on a machine busy with other work a
 * parallel round waits for its slower thread's CPU. Of the rounds the
 * model calls worth it, the host time an instruction is measured over
 * windows of TF_PAR_WINDOW rounds (long: one round in a few hundred takes
 * a wake-up or a preemption, 20 us to 1 ms), after the first TF_PAR_WARM
 * rounds of a spell:
 *   TF_PAR_LEARN    the first window runs serially, for the serial figure;
 *   TF_PAR_ON       then parallel, as long as each window costs at least 5%
 *                   less an instruction than the serial figure (a parallel
 *                   round takes two CPUs);
 *   TF_PAR_HOLDING  else serially for `hold` rounds, the serial figure kept
 *                   fresh: TF_PAR_HOLD at first, twice as many each time
 *                   parallel lost again (to TF_PAR_HOLD_MAX, about 4 s of
 *                   rounds), then TF_PAR_ON again.
 * Measured with a CPU-bound process beside bench_dense: serial 1.42 ms a
 * dispatch, forced parallel 2.41, this choice 1.66 (its tries). */
int sim_par_worth_it(const sim_par *p)
{
    return p->work >= 16 * TF_PAR_BASE + TF_PAR_PER_XFER * p->xfers;
}

static void enter(sim_par *p, int state)
{
    p->state = state;
    p->rounds = p->wn = 0;
    p->ns = p->instr = 0;
}

int sim_par_choose(sim_par *p)
{
    if (p->wn >= TF_PAR_WINDOW) {
        int64_t psi = p->instr ? (int64_t)(p->ns * 1000 / p->instr) : 0;
        p->wn = 0;
        p->ns = p->instr = 0;
        if (p->state != TF_PAR_ON) {
            p->serial_psi = psi;
            if (p->state == TF_PAR_LEARN) enter(p, TF_PAR_ON);
        } else if ((p->parallel_psi = psi) * 20 > p->serial_psi * 19) { /* not 5% better */
            p->hold = !p->hold                    ? TF_PAR_HOLD
                      : p->hold < TF_PAR_HOLD_MAX ? 2 * p->hold
                                                  : TF_PAR_HOLD_MAX;
            enter(p, TF_PAR_HOLDING);
        } else {
            p->hold = 0; /* it pays: a later loss holds it back the least */
        }
    }
    if (p->state == TF_PAR_HOLDING && p->rounds >= p->hold) enter(p, TF_PAR_ON);
    return p->state == TF_PAR_ON;
}

void sim_par_learn(sim_par *p, uint64_t least, uint64_t all, uint64_t xfers, uint64_t ns,
                   int judged)
{
    p->work += (16 * (int64_t)least - p->work) / 8;
    p->xfers += (16 * (int64_t)xfers - p->xfers) / 8;
    if (!judged || ++p->rounds <= TF_PAR_WARM) return;
    p->ns += ns;
    p->instr += all;
    p->wn++;
}
