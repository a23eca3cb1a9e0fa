// tt-metal's 2023-2024 data-movement forms, as older ttnn kernels call
// them: InterleavedAddrGenFast's members noc_async_read_tile(id, l1) and
// noc_async_write_tile(id, l1); noc_async_write_multicast and
// noc_semaphore_set_multicast with (linked, multicast_path_reserve), whose
// `true` is no NOC number (they issue on this kernel's NOC 0); ckernel.h's
// wait and load_blocking; an ASSERT that is false but checks nothing
// without WATCHER_ENABLED.
// RTA: 0 a DRAM buffer (2 pages of 2048 B), 1 an L1 buffer here (2048 B),
// 2/3 core B's NOC x/y, 4 an L1 buffer on B (2048 B) at the same address,
// 5 the result words here (L1). Page 0 is copied to page 1, its first 64
// bytes multicast to B, the word 0x5e3a multicast to B's buffer + 64.
// Results: 0 NOC 0's writes pending right after the legacy multicast
// (bits 0-3) and after the legacy one-packet one besides (bits 4-7), 1
// the same after the semaphore multicast, 2 cycles ckernel::wait(100)
// took, 3 load_blocking of this L1 buffer's first word, 4 reached the end.
#include "api/dataflow/dataflow_api.h"
#include "ckernel.h"

void kernel_main()
{
    const uint32_t dram = get_arg_val<uint32_t>(0), l1 = get_arg_val<uint32_t>(1);
    const uint32_t bx = get_arg_val<uint32_t>(2), by = get_arg_val<uint32_t>(3);
    const uint32_t bl1 = get_arg_val<uint32_t>(4);
    auto *res = reinterpret_cast<volatile uint32_t *>(get_arg_val<uint32_t>(5));
    const InterleavedAddrGenFast<true> s = {
        .bank_base_address = dram, .page_size = 2048, .data_format = DataFormat::Float16_b};
    s.noc_async_read_tile(0, l1);
    noc_async_read_barrier();
    s.noc_async_write_tile(1, l1);
    noc_async_write_barrier();
    noc_async_write_multicast(l1, get_noc_multicast_addr(bx, by, bx, by, bl1), 64, 1, false, true);
    res[0] = dev_reg_read(TF_MMIO_NOC_REG(0, TF_NOC_REG_WRITES_PENDING));
    noc_async_write_multicast_one_packet(l1, get_noc_multicast_addr(bx, by, bx, by, bl1), 64, 1,
                                         false, true);
    res[0] += dev_reg_read(TF_MMIO_NOC_REG(0, TF_NOC_REG_WRITES_PENDING)) << 4;
    noc_async_write_barrier();
    auto *word = reinterpret_cast<volatile uint32_t *>(l1 + 1024);
    *word = 0x5e3a;
    noc_semaphore_set_multicast(l1 + 1024, get_noc_multicast_addr(bx, by, bx, by, bl1 + 64), 1,
                                false, true);
    res[1] = dev_reg_read(TF_MMIO_NOC_REG(0, TF_NOC_REG_WRITES_PENDING));
    noc_async_write_barrier();
    std::uint64_t t0 = dev_clock();
    ckernel::wait(100);
    res[2] = (uint32_t)(dev_clock() - t0);
    res[3] = ckernel::load_blocking(reinterpret_cast<volatile uint32_t *>(l1));
    ASSERT(res[3] == 0xdeadbeef); // (false; no WATCHER_ENABLED: not checked)
    res[4] = 1;
}
