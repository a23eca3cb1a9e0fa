/* Zicsr: read/modify/write forms, machine information registers, counters
 * (cycle == time at 1 GHz, one cycle per instruction), counter writes,
 * PMP registers ignored, unimplemented and read-only CSRs trapping. */
#include "tf_test.h"
TEST_BEGIN
    INSTALL_TRAP
    csrr a0, misa
    CHECK(1, a0, 0x40101120)             /* RV32 I M F U */
    csrr a0, mhartid
    CHECK(2, a0, 0)
    csrr a0, mvendorid
    CHECK(3, a0, 0)

    /* csrrw / csrrs / csrrc and immediate forms */
    li t0, 0x12345678
    csrw mscratch, t0
    li t1, 0xff
    csrrw a0, mscratch, t1
    CHECK(10, a0, 0x12345678)
    li t1, 0xf00
    csrrs a0, mscratch, t1
    CHECK(11, a0, 0xff)
    csrr a0, mscratch
    CHECK(12, a0, 0xfff)
    li t1, 0x0f0
    csrrc a0, mscratch, t1
    csrr a0, mscratch
    CHECK(13, a0, 0xf0f)
    csrrwi a0, mscratch, 5
    CHECK(14, a0, 0xf0f)
    csrrsi a0, mscratch, 8
    csrr a0, mscratch
    CHECK(15, a0, 13)
    csrrci a0, mscratch, 1
    csrr a0, mscratch
    CHECK(16, a0, 12)

    /* counters: one cycle per instruction, time follows cycle */
    csrr a0, instret
    nop
    nop
    csrr a1, instret
    sub a1, a1, a0
    CHECK(20, a1, 3)
    csrr a0, cycle
    nop
    csrr a1, cycle
    sub a1, a1, a0
    CHECK(21, a1, 2)
    csrr a0, time
    csrr a1, cycle
    sub a1, a1, a0
    CHECK(22, a1, 1)
    csrr a0, cycleh
    CHECK(23, a0, 0)
    /* writes to mcycle / minstret are what the next instruction reads */
    li t0, 1000
    csrw mcycle, t0
    csrr a0, mcycle
    CHECK(24, a0, 1000)
    li t0, 500
    csrw minstret, t0
    csrr a0, minstret
    CHECK(25, a0, 500)
    li t0, 7
    csrw mcycleh, t0
    csrr a0, cycleh
    CHECK(26, a0, 7)
    csrw mcycleh, zero

    /* PMP: 16 entries of WARL storage (not enforced); reserved bits read 0 */
    li t0, 0x7f
    csrw pmpcfg0, t0
    csrr a0, pmpcfg0
    CHECK(30, a0, 0x1f)
    csrw pmpaddr0, t0
    csrr a0, pmpaddr0
    CHECK(31, a0, 0x7f)
    csrw pmpcfg0, zero
    csrw pmpaddr0, zero
    csrr a0, pmpaddr16 /* beyond the 16 entries: reads 0 */
    CHECK(33, a0, 0)
    csrr a0, tselect /* no trigger module */
    CHECK(34, a0, 0)
    csrr a0, mhpmcounter3
    CHECK(32, a0, 0)

    /* mtvec keeps modes 0 and 1, mepc is 4-byte aligned */
    csrr s1, mtvec
    li t0, 0x10003
    csrw mtvec, t0
    csrr a0, mtvec
    CHECK(40, a0, 0x10001)
    csrw mtvec, s1
    li t0, 0x10007
    csrw mepc, t0
    csrr a0, mepc
    CHECK(41, a0, 0x10004)
    /* mstatus: MPP is WARL (M or U), SD follows FS */
    li t0, 0x0800            /* MPP = 1 (S, not implemented) */
    csrw mstatus, t0
    csrr a0, mstatus
    CHECK(42, a0, 0)         /* FS now off too */
    li t0, 0x7800            /* MPP = 3, FS = 3 */
    csrw mstatus, t0
    csrr a0, mstatus
    CHECK(43, a0, 0x80007800)
    li t0, 0x2000
    csrw mstatus, t0         /* FS = Initial again */

    /* unimplemented CSRs and writes to read-only ones trap */
1:  csrr a0, satp
    LOAD_TRAP
    CHECK(50, a2, 2)
    la t1, 1b
    CHECKR(51, a3, t1)
    lw t2, 0(t1)
    CHECKR(52, a4, t2)       /* mtval = the instruction */
2:  csrw mvendorid, zero
    LOAD_TRAP
    CHECK(53, a5, 2)
3:  csrw cycle, zero
    LOAD_TRAP
    CHECK(54, a5, 3)
    csrr a0, medeleg         /* no S-mode: medeleg does not exist */
    LOAD_TRAP
    CHECK(55, a5, 4)
    csrr a0, mvendorid       /* reading a read-only CSR is fine */
    LOAD_TRAP
    CHECK(56, a5, 4)
    csrr a0, 0xc40           /* between the counters and their high halves: none */
    LOAD_TRAP
    CHECK(57, a5, 5)
    CHECK(58, a2, 2)
    csrr a0, 0xc1f           /* hpmcounter31: allocated, reads 0 */
    LOAD_TRAP
    CHECK(59, a5, 5)
    CHECK(60, a0, 0)
    j tf_pass
    TRAP_HANDLER
TEST_END
