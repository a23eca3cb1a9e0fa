/* The NOC command registers the hart stores itself (sim_bus.regs; docs/
 * chip.md, "NOC"), at the core: a byte, half-word or misaligned store into
 * the block faults as the register path always did (what, core, RISC, pc);
 * a plain-register store made while a wait is still to be settled (the
 * retry of a blocked access, here a barrier the NOC overwrote with the
 * store) gives the same register, modeled cycles and wait counters as the
 * same store made after the wait (with the hart's direct path or without:
 * the same values), the wait settled by that store, not by the next
 * register access after a trap; a reset (after a fault) clears the
 * registers a dispatch left set, which persist otherwise. Kernel:
 * tests/kernels/noc_direct.c. */
#include "rt_test.h"
#include "tf_perf.h"

#include <string.h>

static const tf_core core = {1, 0};

static tf_program *prog(tf_device *dev, tf_kernel *k, const uint32_t *args, uint32_t n)
{
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    MUST(tf_program_set_args(p, TF_BRISC, args, n));
    return p;
}

/* Run mode `mode` with results at res: 0 if it ran, -1 if it faulted. */
static int run(tf_device *dev, int mode, tf_buffer *res, tf_perf_core *perf)
{
    char file[64];
    snprintf(file, sizeof file, "noc_direct%d.brisc.elf", mode);
    tf_kernel *k = rt_kernel(dev, file);
    uint32_t a = (uint32_t)tf_buffer_address(res);
    uint32_t args[] = {a, a + 64, a + 68};
    tf_program *p = prog(dev, k, args, 3);
    int rc = tf_dispatch_execute(p);
    if (rc == 0 && perf) MUST(tf_program_counters(p, perf));
    tf_program_destroy(p);
    tf_kernel_free(k);
    return rc;
}

/* the pc as function (file:line) when the build has libdw */
#define SRC(line)                                                                                  \
    (TF_TEST_HAVE_LIBDW ? "in kernel_main (" TF_TEST_SOURCE_DIR                                    \
                          "/tests/kernels/noc_direct.c:" line ")"                                  \
                        : "(no source line")

/* Mode `mode` faults at its store `insn` (the kernel's line `src`) to
 * `addr`: what, where (core, RISC, pc and source line) and why, as the
 * register path said before the hart stored registers itself (the
 * store's own address, TF_FAULT_DETAIL_MMIO). */
static void fault(tf_device *dev, tf_buffer *res, int mode, const char *insn, const char *addr,
                  const char *src)
{
    CHECK_TRUE(run(dev, mode, res, NULL) != 0);
    const char *e = tf_last_error();
    CHECK_CONTAINS(e, "device fault in dispatch");
    CHECK_CONTAINS(e, "on core (1,0) BRISC running kernel 'noc_direct");
    CHECK_CONTAINS(e, "store access fault (mcause 7) at pc 0x0002");
    CHECK_CONTAINS(e, src);
    CHECK_CONTAINS(e, insn);
    char why[160];
    snprintf(why, sizeof why,
             "address %s; %s is not a device register (or was accessed with a size other than 4 "
             "bytes); core (1,0) was reset",
             addr, addr);
    CHECK_CONTAINS(e, why);
}

int main(void)
{
    tf_device *dev = rt_open(2, 1);
    tf_buffer *res = MUST_PTR(tf_buffer_create_l1(dev, core, 128));
    uint32_t out[16];

    /* byte, half-word, misaligned word: the store's address, as before */
    fault(dev, res, 1, "(sb ", "0xffb0010c", SRC("45"));
    fault(dev, res, 2, "(sh ", "0xffb00148", SRC("47"));
    fault(dev, res, 3, "(sw ", "0xffb0010e", SRC("49"));

    /* the store retried after the wait (4) and the same store after it (5) */
    tf_perf_core p4, p5;
    uint32_t o4[3], o5[3];
    MUST(run(dev, 4, res, &p4));
    MUST(tf_buffer_read(res, 0, o4, sizeof o4));
    MUST(run(dev, 5, res, &p5));
    MUST(tf_buffer_read(res, 0, o5, sizeof o5));
    CHECK_EQ_U(o4[0], 0x1234abcd);
    CHECK_EQ_U(o5[0], 0x1234abcd);
    CHECK_EQ_U(o4[2], 0x00732623); /* sw t2, 12(t1): the NOC wrote it over the barrier */
    CHECK_EQ_U(o5[2], 0x02032703); /* lw a4, 32(t1): the barrier, unchanged */
    /* one instruction fewer: the store took the barrier's place */
    CHECK_EQ_U(o4[1] + 1, o5[1]);
    CHECK_EQ_U(o5[1], 54);
    const tf_perf_risc *b4 = &p4.risc[TF_RISC_BRISC], *b5 = &p5.risc[TF_RISC_BRISC];
    /* the wait counted as the barrier's, settled by the store */
    CHECK_EQ_U(b4->wait[TF_PERF_WAIT_NOC_WRITE], b5->wait[TF_PERF_WAIT_NOC_WRITE]);
    CHECK_EQ_U(b4->wait[TF_PERF_WAIT_NOC_WRITE], 40);
    CHECK_EQ_U(b4->wait[TF_PERF_WAIT_TRAP], b5->wait[TF_PERF_WAIT_TRAP]);
    CHECK_EQ_U(b4->wait[TF_PERF_WAIT_OTHER], b5->wait[TF_PERF_WAIT_OTHER]);
    /* every cycle counted once (contracts/tf_perf.h) */
    for (const tf_perf_risc *b = b4; b; b = b == b4 ? b5 : NULL) {
        uint64_t sum = b->instret + b->tile;
        for (int w = 0; w < TF_PERF_NUM_WAITS; w++) sum += b->wait[w];
        CHECK_EQ_U(b->end - b->start, sum);
    }

    /* registers a dispatch left set stay set for the next one ... */
    MUST(run(dev, 6, res, NULL));
    MUST(run(dev, 7, res, NULL));
    MUST(tf_buffer_read(res, 0, out, 40));
    for (uint32_t n = 0; n < 2; n++)
        for (uint32_t i = 0; i < 5; i++) CHECK_EQ_U(out[5 * n + i], 0x5a000000u | n << 8 | i);
    /* ... and a reset clears them */
    fault(dev, res, 8, "(sb ", "0xffb0010c", SRC("122"));
    MUST(run(dev, 7, res, NULL));
    MUST(tf_buffer_read(res, 0, out, 40));
    for (int i = 0; i < 10; i++) CHECK_EQ_U(out[i], 0);

    tf_buffer_free(res);
    tf_device_close(dev);
    return tf_check_report("test_noc_direct");
}
