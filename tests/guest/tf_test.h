/* Assembly test macros for guest ISA tests (run by tt_foil_sim).
 * gp holds the current test number; a failing check stores (n << 1) | 1 to
 * `tohost`, a passing program stores 1. Every check is a long-range jump so
 * test files can grow past the branch range. */
#ifndef TF_TEST_H
#define TF_TEST_H

#define TEST_BEGIN                                                                                 \
    .section .text.start, "ax";                                                                    \
    .globl _start;                                                                                 \
    _start:                                                                                        \
    la sp, __stack_top;                                                                            \
    j tf_tests;                                                                                    \
    .text;                                                                                         \
    tf_tests:

#define TEST_END                                                                                   \
    tf_pass:                                                                                       \
    li gp, 1;                                                                                      \
    la t0, tohost;                                                                                 \
    sw gp, 0(t0);                                                                                  \
    8: j 8b;                                                                                       \
    tf_fail:                                                                                       \
    slli gp, gp, 1;                                                                                \
    ori gp, gp, 1;                                                                                 \
    la t0, tohost;                                                                                 \
    sw gp, 0(t0);                                                                                  \
    8: j 8b;                                                                                       \
    .data;                                                                                         \
    .balign 8;                                                                                     \
    .globl tohost;                                                                                 \
    tohost: .word 0, 0;                                                                            \
    .section .stack, "aw", @nobits;                                                                \
    .balign 16;                                                                                    \
    .space 8192;                                                                                   \
    .globl __stack_top;                                                                            \
    __stack_top:

/* Fail test n unless register reg == val. Clobbers t6. */
#define CHECK(n, reg, val)                                                                         \
    li gp, n;                                                                                      \
    li t6, val;                                                                                    \
    beq reg, t6, 9f;                                                                               \
    j tf_fail;                                                                                     \
    9:

/* Fail test n unless registers ra_ and rb_ are equal. */
#define CHECKR(n, ra_, rb_)                                                                        \
    li gp, n;                                                                                      \
    beq ra_, rb_, 9f;                                                                              \
    j tf_fail;                                                                                     \
    9:

/* a0 = a1 OP a2 */
#define TEST_RR(n, inst, res, v1, v2)                                                              \
    li a1, v1;                                                                                     \
    li a2, v2;                                                                                     \
    inst a0, a1, a2;                                                                               \
    CHECK(n, a0, res)

/* a0 = a1 OP imm */
#define TEST_RI(n, inst, res, v1, imm)                                                             \
    li a1, v1;                                                                                     \
    inst a0, a1, imm;                                                                              \
    CHECK(n, a0, res)

/* Floating point: f0 = f1 OP f2 with rounding mode rm; check bits and the
 * flags this one operation raised (fflags cleared first). */
#define TEST_F2(n, inst, rm, res, flags, va, vb)                                                   \
    li t0, va;                                                                                     \
    fmv.w.x f1, t0;                                                                                \
    li t0, vb;                                                                                     \
    fmv.w.x f2, t0;                                                                                \
    csrwi fflags, 0;                                                                               \
    inst f0, f1, f2, rm;                                                                           \
    fmv.x.w a0, f0;                                                                                \
    CHECK(n, a0, res);                                                                             \
    csrr a1, fflags;                                                                               \
    CHECK(n, a1, flags)

/* Same without a rounding-mode operand (fsgnj*, fmin, fmax). */
#define TEST_F2N(n, inst, res, flags, va, vb)                                                      \
    li t0, va;                                                                                     \
    fmv.w.x f1, t0;                                                                                \
    li t0, vb;                                                                                     \
    fmv.w.x f2, t0;                                                                                \
    csrwi fflags, 0;                                                                               \
    inst f0, f1, f2;                                                                               \
    fmv.x.w a0, f0;                                                                                \
    CHECK(n, a0, res);                                                                             \
    csrr a1, fflags;                                                                               \
    CHECK(n, a1, flags)

/* Compare/classify/convert to integer: a0 = inst(f1[, f2]). */
#define TEST_FCMP(n, inst, res, flags, va, vb)                                                     \
    li t0, va;                                                                                     \
    fmv.w.x f1, t0;                                                                                \
    li t0, vb;                                                                                     \
    fmv.w.x f2, t0;                                                                                \
    csrwi fflags, 0;                                                                               \
    inst a0, f1, f2;                                                                               \
    CHECK(n, a0, res);                                                                             \
    csrr a1, fflags;                                                                               \
    CHECK(n, a1, flags)

#define TEST_F2I(n, inst, rm, res, flags, va)                                                      \
    li t0, va;                                                                                     \
    fmv.w.x f1, t0;                                                                                \
    csrwi fflags, 0;                                                                               \
    inst a0, f1, rm;                                                                               \
    CHECK(n, a0, res);                                                                             \
    csrr a1, fflags;                                                                               \
    CHECK(n, a1, flags)

/* a0 = inst(f1) with no rounding-mode operand (fclass.s, fmv.x.w). */
#define TEST_F1I(n, inst, res, flags, va)                                                          \
    li t0, va;                                                                                     \
    fmv.w.x f1, t0;                                                                                \
    csrwi fflags, 0;                                                                               \
    inst a0, f1;                                                                                   \
    CHECK(n, a0, res);                                                                             \
    csrr a1, fflags;                                                                               \
    CHECK(n, a1, flags)

#define TEST_I2F(n, inst, rm, res, flags, va)                                                      \
    li t0, va;                                                                                     \
    csrwi fflags, 0;                                                                               \
    inst f0, t0, rm;                                                                               \
    fmv.x.w a0, f0;                                                                                \
    CHECK(n, a0, res);                                                                             \
    csrr a1, fflags;                                                                               \
    CHECK(n, a1, flags)

#define TEST_F1(n, inst, rm, res, flags, va)                                                       \
    li t0, va;                                                                                     \
    fmv.w.x f1, t0;                                                                                \
    csrwi fflags, 0;                                                                               \
    inst f0, f1, rm;                                                                               \
    fmv.x.w a0, f0;                                                                                \
    CHECK(n, a0, res);                                                                             \
    csrr a1, fflags;                                                                               \
    CHECK(n, a1, flags)

#define TEST_F3(n, inst, rm, res, flags, va, vb, vc)                                               \
    li t0, va;                                                                                     \
    fmv.w.x f1, t0;                                                                                \
    li t0, vb;                                                                                     \
    fmv.w.x f2, t0;                                                                                \
    li t0, vc;                                                                                     \
    fmv.w.x f3, t0;                                                                                \
    csrwi fflags, 0;                                                                               \
    inst f0, f1, f2, f3, rm;                                                                       \
    fmv.x.w a0, f0;                                                                                \
    CHECK(n, a0, res);                                                                             \
    csrr a1, fflags;                                                                               \
    CHECK(n, a1, flags)

/* A trap handler that records mcause/mepc/mtval in tf_trap_* and resumes
 * after the trapping instruction (mepc + 4). Install with INSTALL_TRAP. */
#define TRAP_HANDLER                                                                               \
    .balign 4;                                                                                     \
    tf_trap_entry:                                                                                 \
    csrw mscratch, t0;                                                                             \
    la t0, tf_trap_cause;                                                                          \
    csrr t1, mcause;                                                                               \
    sw t1, 0(t0);                                                                                  \
    csrr t1, mepc;                                                                                 \
    sw t1, 4(t0);                                                                                  \
    csrr t1, mtval;                                                                                \
    sw t1, 8(t0);                                                                                  \
    lw t1, 12(t0);                                                                                 \
    addi t1, t1, 1;                                                                                \
    sw t1, 12(t0);                                                                                 \
    csrr t1, mstatus;                                                                              \
    sw t1, 24(t0);                                                                                 \
    csrci mip, 8;                                                                                  \
    lw t1, 20(t0);                                                                                 \
    beqz t1, 5f;                                                                                   \
    li t1, 0x1800;                                                                                 \
    csrs mstatus, t1;                                                                              \
    sw zero, 20(t0);                                                                               \
    5: lw t1, 16(t0);                                                                              \
    beqz t1, 7f;                                                                                   \
    csrw mepc, t1;                                                                                 \
    sw zero, 16(t0);                                                                               \
    j 6f;                                                                                          \
    7: csrr t1, mepc;                                                                              \
    addi t1, t1, 4;                                                                                \
    csrw mepc, t1;                                                                                 \
    6: csrr t0, mscratch;                                                                          \
    mret;                                                                                          \
    .data;                                                                                         \
    .balign 4;                                                                                     \
    tf_trap_cause: .word 0;                                                                        \
    tf_trap_epc: .word 0;                                                                          \
    tf_trap_tval: .word 0;                                                                         \
    tf_trap_count: .word 0;                                                                        \
    tf_trap_resume: .word 0;                                                                       \
    tf_trap_to_m: .word 0;                                                                         \
    tf_trap_mstatus: .word 0;                                                                      \
    .text

#define INSTALL_TRAP                                                                               \
    la t0, tf_trap_entry;                                                                          \
    csrw mtvec, t0

/* Load the recorded trap into a2 (mcause), a3 (mepc), a4 (mtval), a5 (count),
 * a6 (mstatus inside the handler). */
#define LOAD_TRAP                                                                                  \
    la t0, tf_trap_cause;                                                                          \
    lw a2, 0(t0);                                                                                  \
    lw a3, 4(t0);                                                                                  \
    lw a4, 8(t0);                                                                                  \
    lw a5, 12(t0);                                                                                 \
    lw a6, 24(t0)

/* Next trap resumes at `label` instead of mepc + 4. */
#define TRAP_RESUME_AT(label)                                                                      \
    la t0, tf_trap_resume;                                                                         \
    la t1, label;                                                                                  \
    sw t1, 0(t0)

/* The next trap returns to machine mode (sets mstatus.MPP = M). */
#define TRAP_TO_M                                                                                  \
    la t0, tf_trap_to_m;                                                                           \
    li t1, 1;                                                                                      \
    sw t1, 0(t0)

#endif
