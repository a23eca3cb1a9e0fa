/* Small guest programs for tt_foil_sim's runner tests, one per CASE_*:
 * built several times with -DCASE_x. */
    .section .text.start, "ax"
    .globl _start
_start:
    la sp, stack_top
#if defined(CASE_ILLEGAL)
    nop
    .word 0xffffffff
#elif defined(CASE_LOAD_FAULT)
    li t0, 0x10
    lw a0, 0(t0)
#elif defined(CASE_LOOP)
1:  j 1b
#elif defined(CASE_SAY_LOOP)
    /* says so on fd 2 (written at once), then loops: a test that signals
     * the runner waits for the line, sure its handler is in place */
    li a0, 2
    la a1, msg3
    li a2, 8
    li a7, 64
    ecall
1:  j 1b
#elif defined(CASE_ECALL)
    li a7, 1234
    li a0, 5
    ecall
#elif defined(CASE_EXIT42)
    li a0, 1
    la a1, msg
    li a2, 6
    li a7, 64
    ecall
    li a0, 2
    la a1, msg2
    li a2, 4
    li a7, 64
    ecall
    li a0, 42
    li a7, 93
    ecall
#elif defined(CASE_TOHOST_FAIL)
    li t1, (5 << 1) | 1
    la t0, tohost
    sw t1, 0(t0)
1:  j 1b
#elif defined(CASE_CLOCK)
    /* clock_gettime64 must report modeled time: cycles at 1 GHz */
    la a1, ts
    li a0, 1
    li a7, 403
    ecall
    la t0, ts
    lw a0, 8(t0)           /* tv_nsec low word: a few cycles */
    li t1, 100
    bgeu a0, t1, 2f
    beqz a0, 2f
    li a0, 0
    li a7, 93
    ecall
2:  li a0, 1
    li a7, 93
    ecall
#endif
1:  j 1b
    .data
msg:  .ascii "hello\n"
msg2: .ascii "err\n"
msg3: .ascii "looping\n"
    .balign 8
ts:   .space 16
    .globl tohost
tohost: .word 0, 0
    .section .stack, "aw", @nobits
    .balign 16
    .space 1024
stack_top:
