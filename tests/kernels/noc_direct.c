/* The hart's direct stores of NOC command registers (sim_bus.regs: the
 * remote address, local address, length and destination count land in a
 * per-hart block without a call; docs/chip.md, "NOC"), seen from a kernel.
 * -DMODE:
 *   1 sb to NOC 0's LEN, 2 sh to NOC 1's LOCAL, 3 sw to NOC 0's LEN + 2
 *     (misaligned): each faults as the register path always did;
 *   4 a plain store retried after a wait: a NOC write of the encoded
 *     `sw t2, LEN(t1)` over the write barrier the hart then blocks on, so
 *     the retry of the blocked access is that store, made while the wait
 *     is still to be settled (the direct path is off then);
 *   5 the same transfer to a scratch word, then the barrier and the same
 *     store after it (the store unblocked, on the direct path);
 *   both then trap once (an ecall their own handler returns from);
 *   6 set every plain register of both NOCs, 7 read them all back,
 *   8 set them, then fault (the core is reset).
 * Results (words at args[0]): modes 4 and 5: 0 LEN read back, 1 cycles
 * from the command to after the trap, 2 the word at the barrier's place
 * (the store's encoding in mode 4); mode 7: NOC 0's REMOTE_LO, REMOTE_HI,
 * LOCAL, LEN, NUM_DESTS, then NOC 1's.
 * args: 0 results, 1 scratch L1 word (the encoded store's source),
 *       2 a second scratch word (mode 5's destination) */
#include "dataflow_api.h"

#define NOC0 TF_MMIO_NOC_BASE(0)

#if MODE >= 6
static const uint32_t plain_regs[5] = {TF_NOC_REG_REMOTE_LO, TF_NOC_REG_REMOTE_HI, TF_NOC_REG_LOCAL,
                                       TF_NOC_REG_LEN, TF_NOC_REG_NUM_DESTS};

#if MODE != 7
static void set_all(void)
{
    for (uint32_t n = 0; n < 2; n++)
        for (uint32_t i = 0; i < 5; i++)
            dev_reg_write(TF_MMIO_NOC_REG(n, plain_regs[i]), 0x5a000000u | n << 8 | i);
}
#endif
#endif

void kernel_main(void)
{
    volatile uint32_t *res = (volatile uint32_t *)get_arg_val(0);
    (void)res;
#if MODE == 1
    *(volatile uint8_t *)TF_MMIO_NOC_REG(0, TF_NOC_REG_LEN) = 1;
#elif MODE == 2
    *(volatile uint16_t *)TF_MMIO_NOC_REG(1, TF_NOC_REG_LOCAL) = 1;
#elif MODE == 3
    *(volatile uint32_t *)(TF_MMIO_NOC_REG(0, TF_NOC_REG_LEN) + 2) = 1;
#elif MODE == 4 || MODE == 5
    volatile uint32_t *scr = (volatile uint32_t *)get_arg_val(1);
    uint32_t xy = dev_reg_read(TF_MMIO_NOC_XY);
    uint32_t hi = (uint32_t)(TF_NOC_ADDR(xy & 0xff, xy >> 8, 0) >> 32);
    /* sw t2 (x7), TF_NOC_REG_LEN(t1 (x6)): S-type */
    uint32_t imm = TF_NOC_REG_LEN;
    *scr = (imm >> 5) << 25 | 7u << 20 | 6u << 15 | 2u << 12 | (imm & 31) << 7 | 0x23;
    register uint32_t base __asm__("t1") = NOC0;
    register uint32_t val __asm__("t2") = 0x1234abcd;
    uint32_t c0, c1, len, at;
    __asm__ volatile(
#if MODE == 4
        "la   a5, 1f\n" /* the NOC writes the store over the barrier */
#else
        "mv   a5, %[dst]\n"
#endif
        /* the source: the word at scr, moved to scr + the destination's
         * offset in its 16 bytes (a NOC write's two addresses agree
         * modulo 16) */
        "andi a4, a5, 15\n"
        "add  a4, a4, %[scr]\n"
        "lw   t0, 0(%[scr])\n"
        "sw   t0, 0(a4)\n"
        "sw   a5, %[rlo](t1)\n"
        "sw   %[hi], %[rhi](t1)\n"
        "sw   a4, %[loc](t1)\n"
        "li   a4, 4\n"
        "sw   a4, %[len_](t1)\n"
        "li   a4, %[wr]\n"
        "lw   %[c0], %[clk](t1)\n"
        "sw   a4, %[cmd](t1)\n"
        "1: lw a4, %[wbar](t1)\n"
#if MODE == 5
        "sw   t2, %[len_](t1)\n"
#endif
        /* a trap before the next register access: its cycle is the trap's
         * (wait[TRAP]), not the barrier's, so the wait must have been
         * settled by the store (a store that skipped the settling leaves
         * it to the next register access, which would count the trap's
         * cycle as the barrier's too) */
        "la   a5, 2f\n"
        "csrrw a5, mtvec, a5\n"
        "ecall\n"
        "j    3f\n"
        ".balign 4\n"
        "2: csrr a4, mepc\n"
        "addi a4, a4, 4\n"
        "csrw mepc, a4\n"
        "mret\n"
        "3: csrw mtvec, a5\n"
        "lw   %[c1], %[clk](t1)\n"
        "lw   %[len], %[len_](t1)\n"
        "la   a5, 1b\n"
        "lw   %[at], 0(a5)\n"
        : [c0] "=&r"(c0), [c1] "=&r"(c1), [len] "=&r"(len), [at] "=&r"(at)
        : "r"(base), "r"(val), [hi] "r"(hi), [scr] "r"(scr), [dst] "r"(get_arg_val(2)),
          [rlo] "i"(TF_NOC_REG_REMOTE_LO), [rhi] "i"(TF_NOC_REG_REMOTE_HI),
          [loc] "i"(TF_NOC_REG_LOCAL), [len_] "i"(TF_NOC_REG_LEN), [cmd] "i"(TF_NOC_REG_CMD),
          [wbar] "i"(TF_NOC_REG_WRITE_BARRIER), [wr] "i"(TF_NOC_CMD_WRITE),
          [clk] "i"((int32_t)(TF_MMIO_CLOCK_LO - NOC0))
        : "a4", "a5", "t0", "memory");
    res[0] = len;
    res[1] = c1 - c0;
    res[2] = at;
#elif MODE == 6
    set_all();
#elif MODE == 7
    for (uint32_t n = 0; n < 2; n++)
        for (uint32_t i = 0; i < 5; i++)
            res[5 * n + i] = dev_reg_read(TF_MMIO_NOC_REG(n, plain_regs[i]));
#elif MODE == 8
    set_all();
    *(volatile uint8_t *)TF_MMIO_NOC_REG(0, TF_NOC_REG_LEN) = 1;
#else
#error "MODE"
#endif
}
