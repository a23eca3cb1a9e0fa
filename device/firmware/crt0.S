/* Firmware entry at this RISC's reset vector (TF_L1_FW(TF_RISC)): stack,
 * .bss, then main(). No trap handler is installed (mtvec = 0): a fault halts
 * the RISC and the chip writes a fault record for the host. */
#include "tf_memmap.h"
    .section .text.start, "ax"
    .globl _start
_start:
    li sp, TF_L1_STACK_TOP(TF_RISC)
    la t0, __bss_start
    la t1, __bss_end
1:  bgeu t0, t1, 2f
    sw zero, 0(t0)
    addi t0, t0, 4
    j 1b
2:  call main
3:  wfi
    j 3b
