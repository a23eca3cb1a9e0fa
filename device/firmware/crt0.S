/* Firmware entry at this RISC's reset vector (TF_L1_FW(TF_RISC)): the trap
 * handler, stack, .bss, then main(). Every trap is a fault (nothing on the
 * device handles one and resumes): dev_trap (trap.c) writes the fault
 * record for the host and halts the RISC. docs/chip.md, "Faults". */
#include "tf_memmap.h"
    .section .text.start, "ax"
    .globl _start
_start:
    la t0, dev_trap_entry
    csrw mtvec, t0
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

/* mtvec (direct mode: 4-byte aligned). The trapped code's stack may be what
 * broke, so the handler starts on a fresh one: the top of this RISC's stack
 * (what it overwrites is never returned to). */
    .balign 4
dev_trap_entry:
    li sp, TF_L1_STACK_TOP(TF_RISC)
    j dev_trap
