/* Start-up for C guest programs under tt_foil_sim: stack, .bss, main(),
 * then exit(main's return value) through the Linux-style ecall. */
    .section .text.start, "ax"
    .globl _start
_start:
    la sp, __stack_top
    la t0, __bss_start
    la t1, __bss_end
1:  bgeu t0, t1, 2f
    sw zero, 0(t0)
    addi t0, t0, 4
    j 1b
2:  call main
    li a7, 93
    ecall
3:  j 3b
    .section .stack, "aw", @nobits
    .balign 16
    .space 65536
    .globl __stack_top
__stack_top:
