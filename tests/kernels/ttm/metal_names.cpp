// tt-metal names supported as tt-metal has them: TensorAccessor::pages, the
// bank tables (dram_bank_to_noc_xy, bank_to_dram_offset, l1_bank_to_noc_xy,
// bank_to_l1_offset), DYNAMIC_NOC_X/Y, wait_for_sync_register_value,
// WAYPOINT, noc_mode and DM_DEDICATED_NOC. Waits until semaphore 0 is arg 4
// (NCRISC sets it), then reads pages [arg 2, arg 3) of the interleaved
// buffer at arg 0 (pages of 2048 bytes, CTA 0, 1 its TensorAccessorArgs)
// into L1 at arg 1, each from the address the bank tables give (arg 5
// banks), and stores at L1 arg 6: the semaphore it saw, the number of
// pages, then for each page its id and whether pages() gave that address.
#include "api/dataflow/dataflow_api.h"

static_assert(noc_mode == DM_DEDICATED_NOC && DM_DYNAMIC_NOC != DM_DEDICATED_NOC);

template <bool DRAM> uint64_t by_tables(uint32_t id, uint32_t base, uint32_t banks, uint32_t stride)
{
    uint32_t bank = id % banks, at = base + id / banks * stride;
    if constexpr (DRAM)
        return get_noc_addr_helper(dram_bank_to_noc_xy[noc_index][bank],
                                   at + bank_to_dram_offset[bank]);
    uint32_t xy = l1_bank_to_noc_xy[noc_index][bank];
    return NOC_XY_ADDR(DYNAMIC_NOC_X(noc_index, xy & 0x3f), DYNAMIC_NOC_Y(noc_index, xy >> 6),
                       at + bank_to_l1_offset[bank]);
}

void kernel_main()
{
    constexpr auto args = TensorAccessorArgs<0>();
    constexpr uint32_t page = 2048;
    uint32_t base = get_arg_val<uint32_t>(0), l1 = get_arg_val<uint32_t>(1);
    uint32_t start = get_arg_val<uint32_t>(2), end = get_arg_val<uint32_t>(3);
    uint32_t banks = get_arg_val<uint32_t>(5);
    volatile tt_l1_ptr uint32_t *out =
        reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(6));
    WAYPOINT("TFSW");
    wait_for_sync_register_value(get_semaphore(0), (int32_t)get_arg_val<uint32_t>(4));
    WAYPOINT("TFSD");
    out[0] = *reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_semaphore(0));
    const auto s = TensorAccessor(args, base, page);
    uint32_t n = 0;
    for (const auto &p : s.pages(start, end)) {
        uint64_t a = by_tables<args.is_dram>(p.page_id(), base, banks, page);
        noc_async_read(a, l1 + n * page, page);
        out[2 + 2 * n] = p.page_id();
        out[3 + 2 * n] = a == p.noc_addr();
        n++;
    }
    noc_async_read_barrier();
    out[1] = n;
}
