/* The firmware's trap handler, the same for every RISC role. Nothing on the
 * device handles a trap and resumes, so every trap (a bad access, an
 * illegal instruction, ebreak, ecall, a dev_fault) is a fault: write this
 * RISC's fault record into the mailbox, where the host reads it whatever
 * the transport (docs/runtime.md, "Faults"), mark the RISC FAULT (a
 * mailbox store also wakes the host and BRISC's collect loop) and halt.
 * Entered from crt0.S on a fresh stack. A trap taken in here has no
 * handler left: the simulator stops the RISC (docs/chip.md, "Faults"). */
#include "tf_device.h"

#define DEV_CSR_READ(csr)                                                                          \
    __extension__({                                                                                \
        uint32_t v_;                                                                               \
        __asm__ volatile("csrr %0, " #csr : "=r"(v_));                                             \
        v_;                                                                                        \
    })

__attribute__((noreturn, used)) void dev_trap(void);

void dev_trap(void)
{
    /* When this RISC stopped, first: the post-mortem device profile ends
     * its open zones here (docs/profiling.md), not at whenever the host
     * reads them back. */
    uint64_t t = dev_clock();
    volatile tf_mailbox *mb = TF_MAILBOX;
    volatile tf_fault_record *f = &mb->fault[TF_RISC];
    mb->risc[TF_RISC].done_cycle_lo = (uint32_t)t;
    mb->risc[TF_RISC].done_cycle_hi = (uint32_t)(t >> 32);
    uint32_t pc = DEV_CSR_READ(mepc);
    f->cause = DEV_CSR_READ(mcause);
    f->pc = pc;
    f->tval = DEV_CSR_READ(mtval);
    /* The instruction, unless its fetch is what faulted (pc misaligned or
     * outside L1): reading it would trap again. */
    f->insn = (pc < TF_L1_SIZE && !(pc & 3)) ? *(volatile uint32_t *)(uintptr_t)pc : 0;
    /* Why, beyond mcause: set by the chip or by dev_fault; cleared for the
     * next fault (after a reboot). */
    f->detail = dev_reg_read(TF_MMIO_FAULT_DETAIL);
    f->aux_lo = dev_reg_read(TF_MMIO_FAULT_AUX_LO);
    f->aux_hi = dev_reg_read(TF_MMIO_FAULT_AUX_HI);
    dev_reg_write(TF_MMIO_FAULT_DETAIL, TF_FAULT_DETAIL_NONE);
    dev_reg_write(TF_MMIO_FAULT_AUX_LO, 0);
    dev_reg_write(TF_MMIO_FAULT_AUX_HI, 0);
    /* The host may read the mailbox at any moment: the record is whole
     * before its magic says it is valid. */
    __asm__ volatile("fence w, w" ::: "memory");
    f->magic = TF_FAULT_MAGIC;
    mb->risc[TF_RISC].state = TF_RISC_FAULT;
    for (;;) dev_wfi();
}
