/* Device-side basics shared by firmware and kernels: register access, the
 * wall clock, sleeping, and waiting on L1 words without spinning. Every
 * file is compiled for one RISC: TF_RISC is 0 (BRISC) .. 4 (TRISC2). */
#ifndef TF_DEVICE_H
#define TF_DEVICE_H

#include "tf_mailbox.h"
#include "tf_memmap.h"
#include <stdint.h>

#ifndef TF_RISC
#error "compile device code with -DTF_RISC=<0..4> (tt_foil_add_kernel does this)"
#endif

#define TF_ALWAYS_INLINE static inline __attribute__((always_inline))

TF_ALWAYS_INLINE uint32_t dev_reg_read(uint32_t addr)
{
    return *(volatile uint32_t *)addr;
}

TF_ALWAYS_INLINE void dev_reg_write(uint32_t addr, uint32_t v)
{
    *(volatile uint32_t *)addr = v;
}

/* 64-bit wall clock (1 GHz): reading the low word latches the high word. */
TF_ALWAYS_INLINE uint64_t dev_clock(void)
{
    uint32_t lo = dev_reg_read(TF_MMIO_CLOCK_LO);
    return ((uint64_t)dev_reg_read(TF_MMIO_CLOCK_HI) << 32) | lo;
}

TF_ALWAYS_INLINE void dev_wfi(void)
{
    __asm__ volatile("wfi" ::: "memory");
}

/* Sleep until (int32)(*word - ref) >= 0. */
TF_ALWAYS_INLINE void dev_wait_ge(volatile uint32_t *word, uint32_t ref)
{
    dev_reg_write(TF_MMIO_WAIT_ADDR, (uint32_t)(uintptr_t)word);
    dev_reg_write(TF_MMIO_WAIT_REF, ref);
    (void)dev_reg_read(TF_MMIO_WAIT_GE);
}

/* Sleep until *word >= ref, as unsigned numbers (no wrap-around). */
TF_ALWAYS_INLINE void dev_wait_geu(volatile uint32_t *word, uint32_t ref)
{
    dev_reg_write(TF_MMIO_WAIT_ADDR, (uint32_t)(uintptr_t)word);
    dev_reg_write(TF_MMIO_WAIT_REF, ref);
    (void)dev_reg_read(TF_MMIO_WAIT_GEU);
}

/* Sleep until *word == ref. */
TF_ALWAYS_INLINE void dev_wait_eq(volatile uint32_t *word, uint32_t ref)
{
    dev_reg_write(TF_MMIO_WAIT_ADDR, (uint32_t)(uintptr_t)word);
    dev_reg_write(TF_MMIO_WAIT_REF, ref);
    (void)dev_reg_read(TF_MMIO_WAIT_EQ);
}

/* Stop this RISC with a fault the host explains: detail is a
 * TF_FAULT_DETAIL_* (tf_mailbox.h), aux_lo/aux_hi its two words (for
 * TF_FAULT_DETAIL_PAGE_RANGE: the page id and the buffer's page count).
 * Sets the fault-detail registers, then traps with ebreak; the fault
 * record carries them. Inlined where the check is (no call), so the
 * fault's pc resolves to the calls out to the kernel's own line. Never
 * returns. */
TF_ALWAYS_INLINE __attribute__((noreturn)) void dev_fault(uint32_t detail, uint32_t aux_lo,
                                                          uint32_t aux_hi)
{
    dev_reg_write(TF_MMIO_FAULT_AUX_LO, aux_lo);
    dev_reg_write(TF_MMIO_FAULT_AUX_HI, aux_hi);
    dev_reg_write(TF_MMIO_FAULT_DETAIL, detail);
    for (;;) __asm__ volatile("ebreak" ::: "memory");
}

#define TF_MAILBOX ((volatile tf_mailbox *)TF_L1_MAILBOX)

#endif
