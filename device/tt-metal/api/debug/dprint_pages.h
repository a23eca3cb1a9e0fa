// tt-metal's api/debug/dprint_pages.h: kernels' debugging helpers over
// DPRINT (ttnn's pool and data-movement kernels include it):
//   print_cb_details(cb): a CB's settings and this RISC's pointers, in
//     get_local_cb_interface's units, on one line (not on the math TRISC,
//     as tt-metal's);
//   tt::data_movement::common::print_{bf16,f32,u8,u16,u32}_pages(l1_addr,
//     per_page, npages[, start]) (data-movement kernels): pages start to
//     start + npages - 1 of the L1 words at l1_addr, a line each, "page: "
//     and each value then a space (u8: "0x" and its hex digits; f32: each
//     word as the float it holds, where tt-metal's converts the word's
//     integer value to a float);
//   tt::compute::common::print_tile_rows(cb, tile[, untilize, start_row,
//     end_row, start_col, end_col]) and print_full_tile(cb[, tile,
//     untilize]) (the unpack and pack TRISCs): a TileSlice a row, each
//     line "row : values".
// tt-metal defines the page and tile printers only in a build with the
// print server on; tt-foil's DPRINT is always on (FORCE_DPRINT_OFF makes
// them print nothing). print_cb_details leaves out tt-metal's
// fifo_wr_tile_ptr (the packer's tile position is not kept here) and, on a
// TRISC, the pointer it does not keep (TRISC0 the read pointer, TRISC2 the
// write pointer: tt_foil/cb_interface.hpp).
#ifndef TF_TTM_DPRINT_PAGES_H
#define TF_TTM_DPRINT_PAGES_H

#include "api/debug/dprint.h"
#include "tt_foil/cb_interface.hpp"

#if !defined(UCK_CHLKC_MATH)
inline void print_cb_details(std::uint32_t cb_id)
{
    const LocalCBInterface cb = get_local_cb_interface(cb_id);
    DPRINT << "cb_id " << cb_id << ": { size: " << cb.fifo_size << ", limit: " << cb.fifo_limit
           << ", page_size: " << cb.fifo_page_size << ", num_pages: " << cb.fifo_num_pages;
#if !defined(TF_COMPUTE_ROLE) || TF_COMPUTE_ROLE == 0
    DPRINT << ", rd_ptr: " << (std::uint32_t)cb.fifo_rd_ptr;
#endif
#if !defined(TF_COMPUTE_ROLE) || TF_COMPUTE_ROLE == 2
    DPRINT << ", wr_ptr: " << (std::uint32_t)cb.fifo_wr_ptr;
#endif
    DPRINT << " }" << ENDL();
}
#endif

#if defined(COMPILE_FOR_BRISC) || defined(COMPILE_FOR_NCRISC)
namespace tt::data_movement::common
{
namespace tf_pages
{
// Pages start .. start + npages - 1 of T words at l1_addr, put(v) printing
// each value.
template <class T, class Put>
inline void print(std::uint32_t l1_addr, std::uint32_t per_page, std::uint32_t npages,
                  std::uint32_t start, Put put)
{
    const volatile T *p = reinterpret_cast<const volatile T *>(l1_addr) + start * per_page;
    for (std::uint32_t page = 0; page < npages; ++page) {
        DPRINT << start + page << ": ";
        for (std::uint32_t j = 0; j < per_page; ++j, ++p) {
            put(*p);
            DPRINT << " ";
        }
        DPRINT << ENDL();
    }
}
} // namespace tf_pages

inline void print_bf16_pages(std::uint32_t l1_addr, std::uint32_t elts_per_page,
                             std::uint32_t npages, std::uint32_t start = 0)
{
    tf_pages::print<std::uint16_t>(l1_addr, elts_per_page, npages, start,
                                   [](std::uint16_t v) { DPRINT << BF16(v); });
}
inline void print_f32_pages(std::uint32_t l1_addr, std::uint32_t elts_per_page,
                            std::uint32_t npages, std::uint32_t start = 0)
{
    tf_pages::print<std::uint32_t>(l1_addr, elts_per_page, npages, start, [](std::uint32_t v) {
        DPRINT << F32(__builtin_bit_cast(float, v));
    });
}
inline void print_u8_pages(std::uint32_t l1_addr, std::uint32_t bytes_per_page,
                           std::uint32_t npages, std::uint32_t start = 0)
{
    // (as tt-metal's: the width goes to the "0x", so a value has no padding)
    tf_pages::print<std::uint8_t>(l1_addr, bytes_per_page, npages, start, [](std::uint8_t v) {
        DPRINT << SETW(2) << HEX() << "0x" << (std::uint32_t)v << DEC();
    });
}
inline void print_u16_pages(std::uint32_t l1_addr, std::uint32_t elts_per_page,
                            std::uint32_t npages, std::uint32_t start = 0)
{
    tf_pages::print<std::uint16_t>(l1_addr, elts_per_page, npages, start,
                                   [](std::uint16_t v) { DPRINT << (std::uint32_t)v; });
}
inline void print_u32_pages(std::uint32_t l1_addr, std::uint32_t elts_per_page,
                            std::uint32_t npages, std::uint32_t start = 0)
{
    tf_pages::print<std::uint32_t>(l1_addr, elts_per_page, npages, start,
                                   [](std::uint32_t v) { DPRINT << v; });
}
} // namespace tt::data_movement::common
#endif

#if defined(UCK_CHLKC_UNPACK) || defined(UCK_CHLKC_PACK)
namespace tt::compute::common
{
inline void print_tile_rows(std::uint32_t cb_idx, std::uint32_t tile_idx, bool untilize = false,
                            std::uint16_t start_row = 0, std::uint16_t end_row = 32,
                            std::uint8_t start_col = 0, std::uint8_t end_col = 32)
{
    DPRINT << "cb_idx: " << cb_idx << " tile_idx: " << tile_idx << ENDL();
    DPRINT << "======" << ENDL();
    for (std::uint16_t r = start_row; r < end_row; ++r)
        DPRINT << (std::uint32_t)r << " : "
               << TileSlice((std::uint8_t)cb_idx, (int)tile_idx,
                            SliceRange{r, r + 1, 1, start_col, end_col, 1}, true, untilize)
               << ENDL();
    DPRINT << "++++++" << ENDL();
}
inline void print_full_tile(std::uint32_t cb_id, std::uint32_t tile_id = 0, bool untilize = false)
{
    DPRINT << "======" << ENDL();
    for (std::uint16_t r = 0; r < 32; ++r)
        DPRINT << (std::uint32_t)r << " : "
               << TileSlice((std::uint8_t)cb_id, (int)tile_id, SliceRange{r, r + 1, 1, 0, 32, 1},
                            true, untilize)
               << ENDL();
    DPRINT << "++++++" << ENDL();
}
} // namespace tt::compute::common
#endif

#endif
