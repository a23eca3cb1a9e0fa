// Multicast (tt-metal's names) over dev_noc.h: one write to every core of a
// rectangle of NOC coordinates, counted by the write barrier. `linked` (keep
// the path reserved for the next multicast) is accepted and not modeled.
// Part of api/dataflow/dataflow_api.h.
#ifndef TF_TTM_MULTICAST_HPP
#define TF_TTM_MULTICAST_HPP

#include "tt_foil/base.hpp"

FORCE_INLINE std::uint64_t get_noc_multicast_addr(std::uint32_t noc_x_start,
                                                  std::uint32_t noc_y_start,
                                                  std::uint32_t noc_x_end, std::uint32_t noc_y_end,
                                                  std::uint32_t addr, std::uint8_t noc = noc_index)
{
    (void)noc;
    return dev_noc_multicast_addr(noc_x_start, noc_y_start, noc_x_end, noc_y_end, addr);
}
// Every core of the rectangle but this one; num_dests does not count it.
template <std::uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1>
FORCE_INLINE void
noc_async_write_multicast(std::uint32_t src_local_l1_addr, std::uint64_t dst_noc_addr_multicast,
                          std::uint32_t size, std::uint32_t num_dests, bool linked = false,
                          std::uint8_t noc = noc_index, std::uint8_t vc = NOC_MULTICAST_WRITE_VC)
{
    (void)linked, (void)vc;
    dev_noc_write_multicast(noc, src_local_l1_addr, dst_noc_addr_multicast, size, num_dests, 0);
}
template <bool enable_noc_tracing = true>
FORCE_INLINE void noc_async_write_multicast_one_packet(std::uint32_t src_local_l1_addr,
                                                       std::uint64_t dst_noc_addr_multicast,
                                                       std::uint32_t size, std::uint32_t num_dests,
                                                       bool linked = false,
                                                       std::uint8_t noc = noc_index)
{
    (void)linked;
    dev_noc_write_multicast(noc, src_local_l1_addr, dst_noc_addr_multicast, size, num_dests, 0);
}
// Also this core, when it lies in the rectangle; num_dests counts it.
FORCE_INLINE void noc_async_write_multicast_loopback_src(
    std::uint32_t src_local_l1_addr, std::uint64_t dst_noc_addr_multicast, std::uint32_t size,
    std::uint32_t num_dests, bool linked = false, std::uint8_t noc = noc_index)
{
    (void)linked;
    dev_noc_write_multicast(noc, src_local_l1_addr, dst_noc_addr_multicast, size, num_dests, 1);
}
// The 2023-2024 forms, whose sixth argument was `bool
// multicast_path_reserve` (then the NOC): an old kernel's
// (..., linked, true) is that, not NOC 1. Only a bool there picks them.
template <std::uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, class Reserve,
          std::enable_if_t<std::is_same_v<Reserve, bool>, int> = 0>
FORCE_INLINE void
noc_async_write_multicast(std::uint32_t src_local_l1_addr, std::uint64_t dst_noc_addr_multicast,
                          std::uint32_t size, std::uint32_t num_dests, bool linked,
                          Reserve multicast_path_reserve, std::uint8_t noc = noc_index)
{
    (void)linked, (void)multicast_path_reserve;
    dev_noc_write_multicast(noc, src_local_l1_addr, dst_noc_addr_multicast, size, num_dests, 0);
}
template <bool enable_noc_tracing = true, class Reserve,
          std::enable_if_t<std::is_same_v<Reserve, bool>, int> = 0>
FORCE_INLINE void noc_async_write_multicast_one_packet(std::uint32_t src_local_l1_addr,
                                                       std::uint64_t dst_noc_addr_multicast,
                                                       std::uint32_t size, std::uint32_t num_dests,
                                                       bool linked, Reserve multicast_path_reserve,
                                                       std::uint8_t noc = noc_index)
{
    (void)linked, (void)multicast_path_reserve;
    dev_noc_write_multicast(noc, src_local_l1_addr, dst_noc_addr_multicast, size, num_dests, 0);
}
template <class Reserve, std::enable_if_t<std::is_same_v<Reserve, bool>, int> = 0>
FORCE_INLINE void
noc_async_write_multicast_loopback_src(std::uint32_t src_local_l1_addr,
                                       std::uint64_t dst_noc_addr_multicast, std::uint32_t size,
                                       std::uint32_t num_dests, bool linked,
                                       Reserve multicast_path_reserve, std::uint8_t noc = noc_index)
{
    (void)linked, (void)multicast_path_reserve;
    dev_noc_write_multicast(noc, src_local_l1_addr, dst_noc_addr_multicast, size, num_dests, 1);
}
template <class Reserve, std::enable_if_t<std::is_same_v<Reserve, bool>, int> = 0>
FORCE_INLINE void
noc_semaphore_set_multicast(std::uint32_t src_local_l1_addr, std::uint64_t dst_noc_addr_multicast,
                            std::uint32_t num_dests, bool linked, Reserve multicast_path_reserve,
                            std::uint8_t noc = noc_index)
{
    (void)linked, (void)multicast_path_reserve;
    dev_noc_semaphore_set_multicast(noc, src_local_l1_addr, dst_noc_addr_multicast, num_dests, 0);
}
template <class Reserve, std::enable_if_t<std::is_same_v<Reserve, bool>, int> = 0>
FORCE_INLINE void noc_semaphore_set_multicast_loopback_src(std::uint32_t src_local_l1_addr,
                                                           std::uint64_t dst_noc_addr_multicast,
                                                           std::uint32_t num_dests, bool linked,
                                                           Reserve multicast_path_reserve,
                                                           std::uint8_t noc = noc_index)
{
    (void)linked, (void)multicast_path_reserve;
    dev_noc_semaphore_set_multicast(noc, src_local_l1_addr, dst_noc_addr_multicast, num_dests, 1);
}
FORCE_INLINE void noc_semaphore_set_multicast(std::uint32_t src_local_l1_addr,
                                              std::uint64_t dst_noc_addr_multicast,
                                              std::uint32_t num_dests, bool linked = false,
                                              std::uint8_t noc = noc_index,
                                              std::uint8_t vc = NOC_MULTICAST_WRITE_VC)
{
    (void)linked, (void)vc;
    dev_noc_semaphore_set_multicast(noc, src_local_l1_addr, dst_noc_addr_multicast, num_dests, 0);
}
FORCE_INLINE void noc_semaphore_set_multicast_loopback_src(std::uint32_t src_local_l1_addr,
                                                           std::uint64_t dst_noc_addr_multicast,
                                                           std::uint32_t num_dests,
                                                           bool linked = false,
                                                           std::uint8_t noc = noc_index)
{
    (void)linked;
    dev_noc_semaphore_set_multicast(noc, src_local_l1_addr, dst_noc_addr_multicast, num_dests, 1);
}

namespace tf_ttm
{
// Both Device 2.0 Semaphores' inc_multicast: `value` added to the word at
// addr on every core of the rectangle but this one.
FORCE_INLINE void sem_inc_multicast(std::uint8_t noc, std::uint32_t addr, std::uint32_t x0,
                                    std::uint32_t y0, std::uint32_t x1, std::uint32_t y1,
                                    std::uint32_t value, std::uint32_t num_dests)
{
    dev_noc_atomic_inc_multicast(noc, dev_noc_multicast_addr(x0, y0, x1, y1, addr), value,
                                 num_dests);
}
} // namespace tf_ttm

#endif
