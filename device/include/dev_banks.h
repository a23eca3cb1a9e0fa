/* Interleaved buffers on the device side: the bank tables the runtime
 * writes into every booted core's L1 (contracts/tf_banks.h) and the page
 * -> NOC address mapping of tt-metal's interleaved layout, with a check of
 * the page id against the live buffer it belongs to. The address
 * generators of both kernel APIs are built on these. Callable from C and
 * C++. */
#ifndef TF_DEV_BANKS_H
#define TF_DEV_BANKS_H

#include "tf_banks.h"
#include "tf_device.h"

#define TF_BANK_TABLE ((const tf_bank_table *)TF_L1_BANK_TABLE)
#define TF_IBUF_TABLE ((const volatile tf_ibuf *)TF_L1_IBUF_TABLE)

/* Number of DRAM banks (is_dram) or L1 banks (the booted cores). */
TF_ALWAYS_INLINE uint32_t dev_num_banks(uint32_t is_dram)
{
    return is_dram ? TF_BANK_TABLE->num_dram_banks : TF_BANK_TABLE->num_l1_banks;
}

/* The allocator's alignment in DRAM or L1: pages are this far apart in a
 * bank, rounded up (64 and 16 bytes, as on Blackhole). */
TF_ALWAYS_INLINE uint32_t dev_bank_alignment(uint32_t is_dram)
{
    return is_dram ? TF_BANK_TABLE->dram_alignment : TF_BANK_TABLE->l1_alignment;
}

/* NOC address of bank_offset in bank `bank` on NOC noc. */
TF_ALWAYS_INLINE uint64_t dev_bank_noc_addr(uint32_t noc, uint32_t is_dram, uint32_t bank,
                                            uint32_t bank_offset)
{
    const tf_bank_table *t = TF_BANK_TABLE;
    uint32_t xy = is_dram ? t->dram_xy[noc & 1u][bank] : t->l1_xy[noc & 1u][bank];
    int32_t off = is_dram ? t->dram_offset[bank] : t->l1_offset[bank];
    return ((uint64_t)xy << 36) | (uint32_t)(bank_offset + (uint32_t)off);
}

/* dev_bank_noc_addr of a bank id a kernel names (not one the layout
 * computes, always in range): past the device's banks it faults, naming
 * the id, where the table would give some other endpoint. */
TF_ALWAYS_INLINE uint64_t dev_bank_noc_addr_checked(uint32_t noc, uint32_t is_dram, uint32_t bank,
                                                    uint32_t bank_offset)
{
    uint32_t n = dev_num_banks(is_dram);
    if (bank >= n)
        dev_fault(TF_FAULT_DETAIL_BANK_RANGE, bank, n | (is_dram ? 0 : TF_BANK_RANGE_L1));
    return dev_bank_noc_addr(noc, is_dram, bank, bank_offset);
}

/* Fault unless page_id is a page of the live interleaved buffer at
 * base_addr (no check for an address no such buffer starts at). */
TF_ALWAYS_INLINE void dev_check_page(uint32_t is_dram, uint32_t base_addr, uint32_t page_id)
{
    uint32_t dram = is_dram ? TF_IBUF_DRAM : 0, slot = tf_ibuf_slot(base_addr, is_dram ? 1 : 0);
    for (uint32_t k = 0; k < TF_IBUF_SLOTS; k++) {
        uint32_t pages = TF_IBUF_TABLE[slot].pages;
        if (!pages) return;
        if (TF_IBUF_TABLE[slot].addr == base_addr && (pages & TF_IBUF_DRAM) == dram) {
            uint32_t n = pages & TF_IBUF_MAX_PAGES;
            if (page_id >= n) dev_fault(TF_FAULT_DETAIL_PAGE_RANGE, page_id, n);
            return;
        }
        slot = (slot + 1) & (TF_IBUF_SLOTS - 1);
    }
}

/* NOC address of byte `offset` of page page_id of the interleaved buffer
 * at base_addr: bank = page_id % banks, at base_addr + (page_id / banks) *
 * page_stride + offset (+ the bank's offset) in that bank. page_stride is
 * the page size rounded up to dev_bank_alignment(is_dram). */
TF_ALWAYS_INLINE uint64_t dev_interleaved_noc_addr(uint32_t noc, uint32_t is_dram,
                                                   uint32_t base_addr, uint32_t page_stride,
                                                   uint32_t page_id, uint32_t offset)
{
    dev_check_page(is_dram, base_addr, page_id);
    uint32_t banks = dev_num_banks(is_dram);
    uint32_t row = page_id / banks, bank = page_id - row * banks;
    return dev_bank_noc_addr(noc, is_dram, bank, base_addr + row * page_stride + offset);
}

#endif
