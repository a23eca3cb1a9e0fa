/* The NOC's events in flight complete in (time, issue order) whatever
 * their distance: in the timing wheel's window, beyond it (the heap, then
 * moved into the wheel as the window advances), or already late (due
 * before the wheel's base). Writes of random times to a few words of L1,
 * checked after each sim_noc_process(until) against a plain priority
 * queue: the same writes completed, and every word holds the same value.
 * First, a DRAM read's latency from every core to every bank (dram_latency). */
#include "sim/chip.h"
#include "tf_check.h"

#include <stdlib.h>

#define WORDS  8
#define EVENTS 3000
#define DEST   0x100000u /* user L1 of core (0,0) */

typedef struct {
    uint64_t time, seq;
    uint32_t word, value;
    int done;
} expect;

static uint32_t rng = 12345;
static uint32_t rnd(uint32_t n)
{
    rng = rng * 1103515245u + 12345u;
    return (rng >> 8) % n;
}

/* A 32-byte DRAM read's completion from every core of a 3x4 grid to every
 * bank of a chip with `nbanks` banks (1 and 62, the limits), with the
 * port and the bank idle: one cycle through the port and the bank, then
 * the network's part, 40 cycles, 2 a hop, 150 at DRAM (sim/noc.c), which
 * the issue reads from the core's table (sim_noc_core_init). */
static void dram_latency(int nbanks)
{
    tf_sim_config cfg = {
        .grid_x = 3, .grid_y = 4, .dram_banks = nbanks, .dram_bank_size = 1u << 20, .threads = 1};
    sim_chip *c = (sim_chip *)tf_sim_transport_open(&cfg);
    CHECK_TRUE(c != NULL);
    if (!c) return;
    c->settle_now = 1; /* as a round on one thread issues */
    for (int i = 0; i < c->ncores; i++)
        for (int b = 0; b < nbanks; b++) {
            sim_core_hart *sh = &c->cores[i].harts[0];
            sh->noc[0].port_free = sh->noc[0].reads_done_at = 0;
            c->banks[b].busy_until = 0;
            uint64_t remote = TF_NOC_ADDR(TF_NOC_DRAM_X, (unsigned)b + 1, 64u * (unsigned)b);
            TF_NOC_REGW(sh, 0, TF_NOC_REG_REMOTE_LO) = (uint32_t)remote;
            TF_NOC_REGW(sh, 0, TF_NOC_REG_REMOTE_HI) = (uint32_t)(remote >> 32);
            TF_NOC_REGW(sh, 0, TF_NOC_REG_LOCAL) = DEST;
            TF_NOC_REGW(sh, 0, TF_NOC_REG_LEN) = 32;
            CHECK_EQ_U(sim_noc_issue(sh, 0, TF_NOC_CMD_READ), 0);
            int x = c->cores[i].x + 1, y = c->cores[i].y + 1, hops = x + abs(y - (b + 1));
            CHECK_EQ_U(sh->noc[0].reads_done_at,
                       sim_hart_cycle(&sh->h) + 1 + 40 + 2 * (uint64_t)hops + 150);
        }
    c->base.ops->close(&c->base);
}

int main(void)
{
    dram_latency(1);
    dram_latency(62);
    tf_sim_config cfg = {.grid_x = 1, .grid_y = 1, .threads = 1};
    sim_chip *c = (sim_chip *)tf_sim_transport_open(&cfg);
    CHECK_TRUE(c != NULL);
    if (!c) return 1;
    /* the chip is idle and its thread asleep: drive the NOC from here */
    sim_core_hart *sh = &c->cores[0].harts[0];
    static expect ex[EVENTS];
    uint32_t ref[WORDS] = {0};
    int n = 0;
    uint64_t now = 1000000;
    sim_noc_process(c, now); /* the wheel's base */
    while (n < EVENTS || c->nheap || c->nwheel) {
        /* a batch issued "this round", resolved in issue order */
        int batch = n < EVENTS ? 1 + (int)rnd(40) : 0;
        CHECK_TRUE(sim_noc_reserve(c, batch) == 0);
        for (int b = 0; b < batch && n < EVENTS; b++, n++) {
            uint32_t r = rnd(100), word = rnd(WORDS);
            /* mostly within the window, some beyond it, a few late, many
             * on the same cycle (ties broken by issue order) */
            uint64_t t = r < 5    ? now - rnd(50)
                         : r < 25 ? now + 1024 + rnd(3000)
                         : r < 45 ? now + 300
                                  : now + 1 + rnd(1023);
            uint32_t *data = malloc(4);
            *data = (uint32_t)n + 1;
            sim_noc_event e = {.time = t,
                               .kind = TF_NOC_CMD_WRITE,
                               .issuer = sh,
                               .generation = sh->generation,
                               .data = (uint8_t *)data,
                               .remote =
                                   TF_NOC_ADDR(TF_NOC_CORE_X(0), TF_NOC_CORE_Y(0), DEST + 4 * word),
                               .len = 4,
                               .bank = -1};
            ex[n] = (expect){t, c->seq, word, *data, 0};
            sim_noc_resolve(c, &e);
        }
        uint64_t until = now + rnd(700);
        sim_noc_process(c, until);
        /* the reference: a plain priority queue, as the chip had before
         * the wheel. Each call completes what is due in (time, seq) order;
         * a late write (due before an earlier call's `until`) lands after
         * what that call completed, as it did then */
        int due = 0;
        for (;;) {
            int best = -1;
            for (int i = 0; i < n; i++)
                if (!ex[i].done && ex[i].time <= until &&
                    (best < 0 || ex[i].time < ex[best].time ||
                     (ex[i].time == ex[best].time && ex[i].seq < ex[best].seq)))
                    best = i;
            if (best < 0) break;
            ex[best].done = 1;
            ref[ex[best].word] = ex[best].value;
        }
        for (int i = 0; i < n; i++) due += ex[i].done;
        CHECK_EQ_U(n - (c->nheap + c->nwheel), due);
        for (int w = 0; w < WORDS; w++) {
            uint32_t got;
            memcpy(&got, c->cores[0].l1->data + DEST + 4 * w, 4);
            CHECK_EQ_U(got, ref[w]);
        }
        now = until > now ? until : now;
        if (n >= EVENTS) now += 500; /* drain */
    }
    c->base.ops->close(&c->base);
    return tf_check_report("test_noc_events");
}
