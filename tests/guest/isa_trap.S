/* Traps: ecall/ebreak/illegal/access faults/misaligned jump targets with
 * mcause, mepc and mtval; mret and mstatus stacking; user mode with its
 * privilege checks; a vectored software interrupt; FP disabled by FS. */
#include "tf_test.h"
TEST_BEGIN
    INSTALL_TRAP
    /* ecall from M */
1:  ecall
    LOAD_TRAP
    CHECK(1, a2, 11)
    la t1, 1b
    CHECKR(2, a3, t1)
    CHECK(3, a4, 0)
    CHECK(4, a5, 1)
    /* inside the handler: MIE cleared, MPIE = old MIE (0), MPP = M */
    li t0, 0x1880
    and a6, a6, t0
    CHECK(5, a6, 0x1800)
    /* ebreak: mtval = pc */
2:  ebreak
    LOAD_TRAP
    CHECK(10, a2, 3)
    la t1, 2b
    CHECKR(11, a3, t1)
    CHECKR(12, a4, t1)
    /* illegal instructions: mtval = the instruction word */
3:  .word 0xffffffff
    LOAD_TRAP
    CHECK(20, a2, 2)
    CHECK(21, a4, 0xffffffff)
4:  .word 0x00000000          /* compressed encodings are not implemented */
    LOAD_TRAP
    CHECK(22, a2, 2)
    la t1, 4b
    CHECKR(23, a3, t1)
    /* load / store access faults outside RAM: mtval = address */
    li t0, 0x100
    lw a0, 0(t0)
    LOAD_TRAP
    CHECK(30, a2, 5)
    CHECK(31, a4, 0x100)
    li t0, 0x200
    sw a0, 4(t0)
    LOAD_TRAP
    CHECK(32, a2, 7)
    CHECK(33, a4, 0x204)
    li t0, 0xfffffffe          /* far above RAM */
    lh a0, 0(t0)
    LOAD_TRAP
    CHECK(34, a2, 5)
    /* misaligned jump target: trap on the jump, rd unchanged */
    la s2, 5f
    addi s2, s2, 2
    li ra, 77
6:  jalr ra, 0(s2)
    LOAD_TRAP
    CHECK(40, a2, 0)
    la t1, 6b
    CHECKR(41, a3, t1)
    CHECKR(42, a4, s2)
    CHECK(43, ra, 77)
    j 7f
5:  nop
    nop
7:
    /* jump outside memory: the fetch faults at the target */
    TRAP_RESUME_AT(8f)
    li t0, 0x40
    jalr ra, 0(t0)
8:  LOAD_TRAP
    CHECK(44, a2, 1)
    CHECK(45, a3, 0x40)
    CHECK(46, a4, 0x40)
    /* mret restores MIE from MPIE and drops to MPP */
    csrsi mstatus, 8           /* MIE = 1 (no interrupt enabled in mie) */
    ecall
    LOAD_TRAP
    li t0, 0x1888
    and a6, a6, t0
    CHECK(50, a6, 0x1880)      /* MIE 0, MPIE 1, MPP M */
    csrr a0, mstatus
    and a0, a0, t0
    CHECK(51, a0, 0x0088)      /* back: MIE 1, MPIE 1, MPP U */
    csrci mstatus, 8

    /* user mode: ecall cause 8, machine CSRs and wfi are illegal */
    li t0, 0x1800
    csrc mstatus, t0           /* MPP = U */
    la t0, 9f
    csrw mepc, t0
    mret
9:  ecall
    LOAD_TRAP
    CHECK(60, a2, 8)
    csrr a0, mstatus
    LOAD_TRAP
    CHECK(61, a2, 2)
    csrr a0, cycle             /* mcounteren.CY = 0 */
    LOAD_TRAP
    CHECK(62, a2, 2)
    wfi
    LOAD_TRAP
    CHECK(63, a2, 2)
    mret                       /* mret is machine-only */
    LOAD_TRAP
    CHECK(64, a2, 2)
    CHECK(65, a4, 0x30200073)
    TRAP_TO_M
    ecall                      /* back to machine mode */
    csrr a0, mstatus           /* would trap if still in U */
    LOAD_TRAP
    CHECK(66, a2, 8)
    /* with mcounteren.CY set, user mode may read cycle */
    csrwi mcounteren, 1
    li t0, 0x1800
    csrc mstatus, t0
    la t0, 10f
    csrw mepc, t0
    mret
10: csrr a0, cycle
    LOAD_TRAP
    CHECK(67, a5, 16)          /* no new trap since the ecall back */
    TRAP_TO_M
    ecall

    /* vectored software interrupt: mcause 0x80000003 via base + 12 */
    la t0, vectors
    ori t0, t0, 1
    csrw mtvec, t0
    csrsi mie, 8               /* MSIE */
    csrsi mstatus, 8           /* MIE */
    TRAP_RESUME_AT(11f)
    csrsi mip, 8               /* raise MSIP: taken right after this */
    j tf_fail
11: LOAD_TRAP
    CHECK(70, a2, 0x80000003)
    la t1, 11b - 4
    CHECKR(71, a3, t1)         /* mepc = the instruction after csrsi */
    la t0, vec_hits
    lw a0, 0(t0)
    CHECK(72, a0, 1)
    csrr a0, mip
    CHECK(73, a0, 0)
    csrci mstatus, 8
    csrci mie, 8
    INSTALL_TRAP

    /* FP disabled (FS = Off): FP instructions and fcsr are illegal */
    li t0, 0x6000
    csrc mstatus, t0
12: fadd.s f0, f1, f2
    LOAD_TRAP
    CHECK(80, a2, 2)
    la t1, 12b
    lw t2, 0(t1)
    CHECKR(81, a4, t2)
    csrr a0, fflags
    LOAD_TRAP
    CHECK(82, a2, 2)
    li t0, 0x2000
    csrs mstatus, t0
    fadd.s f0, f1, f2          /* works again and marks FS dirty */
    csrr a0, mstatus
    li t0, 0x80006000
    and a0, a0, t0
    CHECK(83, a0, 0x80006000)
    /* a static reserved rounding mode is illegal; so is dyn with frm >= 5 */
13: .word 0x0020d053           /* fadd.s f0, f1, f2 with rm = 5 */
    LOAD_TRAP
    CHECK(84, a2, 2)
    csrwi frm, 5
    fadd.s f0, f1, f2, dyn
    LOAD_TRAP
    CHECK(85, a2, 2)
    csrwi frm, 0
    /* wfi in machine mode with nothing pending returns */
    wfi
    j tf_pass

    TRAP_HANDLER
    .balign 64
vectors:
    j tf_trap_entry            /* exceptions */
    j tf_fail
    j tf_fail
    j vec_msi                  /* cause 3: machine software interrupt */
vec_msi:
    csrw mscratch, t0
    la t0, vec_hits
    lw t1, 0(t0)
    addi t1, t1, 1
    sw t1, 0(t0)
    csrr t0, mscratch
    j tf_trap_entry
    .data
vec_hits: .word 0
    .text
TEST_END
