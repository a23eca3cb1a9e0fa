/* The simulator's parallel-or-not choice (sim/par.c), fed rounds of known
 * instructions, transfers and host times: which rounds the model calls
 * worth it, and the states the timing takes it through (the serial window
 * first, parallel while it is 5% better, holds that double while it
 * loses, and reset once it pays). Nothing here is timed: the host times
 * are the test's. */
#include "sim/par.h"
#include "tf_check.h"

/* n rounds of the same figures; `ps` host ps an instruction each way
 * (serial, parallel); returns how many ran in parallel */
static uint32_t rounds(sim_par *p, uint32_t n, uint64_t least, uint64_t xfers, uint64_t serial_ps,
                       uint64_t parallel_ps)
{
    uint32_t par = 0;
    for (uint32_t i = 0; i < n; i++) {
        int judged = sim_par_worth_it(p), on = judged && sim_par_choose(p);
        par += (uint32_t)on;
        uint64_t all = 2 * least;
        sim_par_learn(p, least, all, xfers, all * (on ? parallel_ps : serial_ps) / 1000, judged);
    }
    return par;
}

/* Rounds of 2000 instructions a worker and no transfers (worth it) until
 * the model is in `state` after choosing; how many, *par of them parallel. */
static uint32_t until(sim_par *p, int state, uint64_t serial_ps, uint64_t parallel_ps,
                      uint32_t *par)
{
    uint32_t n = 0;
    *par = 0;
    for (;;) {
        n++;
        int on = sim_par_choose(p);
        *par += (uint32_t)on;
        sim_par_learn(p, 2000, 4000, 0, 4000 * (on ? parallel_ps : serial_ps) / 1000, 1);
        if (p->state == state) return n;
        if (n == 10000000) { /* never there: a bug */
            CHECK_TRUE(!"the state is reached");
            return n;
        }
    }
}

int main(void)
{
    /* the model: averages of the last rounds, the lighter worker's share
     * against the hand-offs and the transfers */
    sim_par p = {0};
    CHECK_TRUE(!sim_par_worth_it(&p));
    rounds(&p, 64, 2000, 0, 900, 600); /* bench_dense's kind of round */
    CHECK_TRUE(sim_par_worth_it(&p));
    sim_par q = {0};
    rounds(&q, 64, 1500, 100, 900, 600); /* the CNN's: worth it only without transfers */
    CHECK_TRUE(!sim_par_worth_it(&q));
    CHECK_EQ_U(q.state, TF_PAR_LEARN);
    CHECK_EQ_U(q.rounds, 0); /* never judged */
    rounds(&q, 64, 1500, 0, 900, 600);
    CHECK_TRUE(sim_par_worth_it(&q));
    sim_par r = {0};
    rounds(&r, 64, TF_PAR_BASE / 2, 0, 900, 600); /* too little work to pay the hand-offs */
    CHECK_TRUE(!sim_par_worth_it(&r));

    /* the timing: a fresh model, rounds worth it from the start (the
     * averages primed). The first window (after the warm rounds) is
     * serial; the round after it is judged and runs parallel */
    sim_par t = {.work = 16 * 4000};
    uint32_t par;
    CHECK_EQ_U(until(&t, TF_PAR_ON, 900, 600, &par), TF_PAR_WARM + TF_PAR_WINDOW + 1);
    CHECK_EQ_U(par, 1);
    CHECK_EQ_U(t.serial_psi, 900);
    /* parallel pays (600 < 900 * 0.95): window after window */
    CHECK_EQ_U(rounds(&t, 3 * TF_PAR_WINDOW, 2000, 0, 900, 600), 3 * TF_PAR_WINDOW);
    CHECK_EQ_U(t.state, TF_PAR_ON);
    CHECK_EQ_U(t.parallel_psi, 600);
    CHECK_EQ_U(t.hold, 0);
    /* the machine gets busy: parallel only 4% better is not enough. The
     * window in progress still pays on average (mostly 600s); the next,
     * all 864s, does not: then serial */
    uint32_t left = TF_PAR_WINDOW - t.wn;
    CHECK_TRUE(left < TF_PAR_WINDOW / 4);
    CHECK_EQ_U(until(&t, TF_PAR_HOLDING, 900, 864, &par), left + TF_PAR_WINDOW + 1);
    CHECK_EQ_U(par, left + TF_PAR_WINDOW);
    CHECK_EQ_U(t.parallel_psi, 864);
    CHECK_EQ_U(t.hold, TF_PAR_HOLD);
    /* held TF_PAR_HOLD rounds, serially, the serial figure refreshed; the
     * last runs parallel again */
    CHECK_EQ_U(until(&t, TF_PAR_ON, 950, 1500, &par), TF_PAR_HOLD);
    CHECK_EQ_U(par, 1);
    CHECK_EQ_U(t.serial_psi, 950);
    /* it loses (1500) after its warm rounds and a window: held twice as long */
    CHECK_EQ_U(until(&t, TF_PAR_HOLDING, 950, 1500, &par), TF_PAR_WARM + TF_PAR_WINDOW);
    CHECK_EQ_U(par, TF_PAR_WARM + TF_PAR_WINDOW - 1);
    CHECK_EQ_U(t.parallel_psi, 1500);
    CHECK_EQ_U(t.hold, 2 * TF_PAR_HOLD);
    CHECK_EQ_U(until(&t, TF_PAR_ON, 950, 600, &par), 2 * TF_PAR_HOLD);
    CHECK_EQ_U(par, 1);
    /* this try pays: parallel stays, and a later loss holds the least */
    CHECK_EQ_U(rounds(&t, TF_PAR_WARM + 2 * TF_PAR_WINDOW, 2000, 0, 950, 600),
               TF_PAR_WARM + 2 * TF_PAR_WINDOW);
    CHECK_EQ_U(t.state, TF_PAR_ON);
    CHECK_EQ_U(t.hold, 0);
    CHECK_EQ_U(t.parallel_psi, 600);
    /* the holds stop doubling at TF_PAR_HOLD_MAX */
    sim_par u = t;
    for (int i = 0; i < 8; i++) {
        until(&u, TF_PAR_HOLDING, 950, 2000, &par);
        CHECK_EQ_U(u.hold, i < 6 ? TF_PAR_HOLD << i : TF_PAR_HOLD_MAX);
        until(&u, TF_PAR_ON, 950, 2000, &par);
    }

    /* rounds not worth it are never judged: they leave the timing alone
     * (once the averages have come down) */
    rounds(&t, 100, 1000, 200, 950, 600);
    CHECK_TRUE(!sim_par_worth_it(&t));
    sim_par v = t;
    rounds(&v, 200, 1000, 200, 950, 600);
    CHECK_TRUE(!sim_par_worth_it(&v));
    CHECK_EQ_U(v.state, t.state);
    CHECK_EQ_U(v.rounds, t.rounds);
    CHECK_EQ_U(v.wn, t.wn);
    CHECK_EQ_U(v.ns, t.ns);
    return tf_check_report("test_sim_par");
}
