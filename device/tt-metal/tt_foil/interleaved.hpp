// Interleaved address generators (tt-metal's InterleavedAddrGen family,
// get_noc_addr_from_bank_id, get_dram_noc_addr, get_l1_noc_addr) over the
// bank tables of dev_banks.h: page p of a buffer lives in bank p % banks at
// base + (p / banks) * stride + offset (+ the bank's offset), stride = the
// page size rounded up to the bank alignment; a page id beyond the buffer
// faults naming the kernel and the page. Part of api/dataflow/dataflow_api.h.
//
// What a page moves (noc_async_read_page/_tile, noc_async_write_page/_tile
// without a size) is what tt-metal's generators say, never the stride:
// InterleavedAddrGen and InterleavedAddrGenFast their page_size,
// InterleavedPow2AddrGen(Fast) 1 << log_base_2_of_page_size, TensorAccessor
// the page size it was made with (tf_ttm::page_size_of). A 100-byte stick
// moves 100 bytes, although its pages are 128 apart in a DRAM bank.
#ifndef TF_TTM_INTERLEAVED_HPP
#define TF_TTM_INTERLEAVED_HPP

#include "tt_foil/base.hpp"

FORCE_INLINE constexpr std::uint32_t align_power_of_2(std::uint32_t v, std::uint32_t a)
{
    return ((v - 1) | (a - 1)) + 1;
}

template <bool DRAM>
FORCE_INLINE std::uint64_t get_noc_addr_from_bank_id(std::uint32_t bank_id,
                                                     std::uint32_t bank_address_offset,
                                                     std::uint8_t noc = noc_index)
{
    return dev_bank_noc_addr_checked(noc, DRAM, bank_id, bank_address_offset);
}

// tt-metal's bank tables, read-only views of the device's (dev_banks.h):
// dram_bank_to_noc_xy[noc][bank] and l1_bank_to_noc_xy[noc][bank] are a
// bank's NOC_XY_ENCODING (get_noc_addr_helper(xy, addr) addresses it),
// bank_to_dram_offset[bank] and bank_to_l1_offset[bank] what is added to an
// address in it. How many banks there are is the device's (NUM_DRAM_BANKS:
// pass it as an argument).
namespace tf_ttm
{
template <bool DRAM> struct bank_xy_table {
    FORCE_INLINE const std::uint16_t *operator[](std::uint32_t noc) const
    {
        return DRAM ? TF_BANK_TABLE->dram_xy[noc & 1u] : TF_BANK_TABLE->l1_xy[noc & 1u];
    }
};
template <bool DRAM> struct bank_offset_table {
    FORCE_INLINE std::int32_t operator[](std::uint32_t bank) const
    {
        return DRAM ? TF_BANK_TABLE->dram_offset[bank] : TF_BANK_TABLE->l1_offset[bank];
    }
};
} // namespace tf_ttm
inline constexpr tf_ttm::bank_xy_table<true> dram_bank_to_noc_xy{};
inline constexpr tf_ttm::bank_xy_table<false> l1_bank_to_noc_xy{};
inline constexpr tf_ttm::bank_offset_table<true> bank_to_dram_offset{};
inline constexpr tf_ttm::bank_offset_table<false> bank_to_l1_offset{};

template <bool DRAM> struct InterleavedAddrGen {
    static constexpr bool is_dram = DRAM;
    std::uint32_t bank_base_address;
    const std::uint32_t page_size;
    const std::uint32_t aligned_page_size = align_power_of_2(page_size, dev_bank_alignment(DRAM));
    FORCE_INLINE std::uint64_t get_noc_addr(const std::uint32_t id, const std::uint32_t offset = 0,
                                            std::uint8_t noc = noc_index) const
    {
        return dev_interleaved_noc_addr(noc, DRAM, bank_base_address, aligned_page_size, id,
                                        offset);
    }
    // (No get_aligned_page_size(), as tt-metal's: a page moves page_size
    // bytes. It had one, and every page read 28 bytes past a 100-byte stick.)
    FORCE_INLINE std::uint32_t get_bank_base_address() const
    {
        return bank_base_address;
    }
};

// InterleavedPow2AddrGen and its Fast twin, one aggregate each (tt-metal's
// two have the fields themselves: a twin derived from the other took no
// designated initializer, `{.bank_base_address = a, ...}`).
namespace tf_ttm
{
template <bool DRAM, bool FAST> struct pow2_addr_gen {
    static constexpr bool is_dram = DRAM;
    const std::uint32_t bank_base_address;
    const std::uint32_t log_base_2_of_page_size;
    FORCE_INLINE std::uint32_t stride() const
    {
        std::uint32_t p = 1u << log_base_2_of_page_size, a = dev_bank_alignment(DRAM);
        return p > a ? p : a;
    }
    FORCE_INLINE std::uint64_t get_noc_addr(const std::uint32_t id, const std::uint32_t offset = 0,
                                            std::uint8_t noc = noc_index) const
    {
        return dev_interleaved_noc_addr(noc, DRAM, bank_base_address, stride(), id, offset);
    }
};
} // namespace tf_ttm
template <bool DRAM> using InterleavedPow2AddrGen = tf_ttm::pow2_addr_gen<DRAM, false>;
template <bool DRAM> using InterleavedPow2AddrGenFast = tf_ttm::pow2_addr_gen<DRAM, true>;

// The page stride is the tile size of data_format (tt-metal: page_size is
// what a read moves, the format what the banks are laid out by); for a
// format of none (Invalid: a CB set by page size alone), page_size.
template <bool DRAM, std::uint32_t tile_hw = 1024> struct InterleavedAddrGenFast {
    static constexpr bool is_dram = DRAM;
    std::uint32_t bank_base_address;
    std::uint32_t page_size;
    DataFormat data_format;
    FORCE_INLINE std::uint64_t get_noc_addr(const std::uint32_t id, const std::uint32_t offset = 0,
                                            std::uint8_t noc = noc_index) const
    {
        std::uint32_t stride = align_power_of_2(tf_tile_bytes<tile_hw>(data_format, 1, page_size),
                                                dev_bank_alignment(DRAM));
        return dev_interleaved_noc_addr(noc, DRAM, bank_base_address, stride, id, offset);
    }
    // The 2023-2024 members: noc_async_read_tile(id, *this, l1[, offset,
    // noc]) and noc_async_write_tile(id, *this, l1[, noc]), a page each.
    FORCE_INLINE void noc_async_read_tile(const std::uint32_t id, std::uint32_t dest_addr,
                                          const std::uint32_t offset = 0,
                                          std::uint8_t noc = noc_index) const
    {
        dev_noc_read(noc, get_noc_addr(id, offset, noc), dest_addr, page_size);
    }
    FORCE_INLINE void noc_async_write_tile(const std::uint32_t id, std::uint32_t src_addr,
                                           std::uint8_t noc = noc_index) const
    {
        dev_noc_write(noc, src_addr, get_noc_addr(id, 0, noc), page_size);
    }
};

FORCE_INLINE std::uint64_t get_dram_noc_addr(std::uint32_t id, std::uint32_t page_size,
                                             std::uint32_t bank_base_address,
                                             std::uint32_t offset = 0, std::uint8_t noc = noc_index)
{
    return InterleavedAddrGen<true>{bank_base_address, page_size}.get_noc_addr(id, offset, noc);
}
FORCE_INLINE std::uint64_t get_l1_noc_addr(std::uint32_t id, std::uint32_t page_size,
                                           std::uint32_t bank_base_address,
                                           std::uint32_t offset = 0, std::uint8_t noc = noc_index)
{
    return InterleavedAddrGen<false>{bank_base_address, page_size}.get_noc_addr(id, offset, noc);
}

// The generator tt-metal picks for a page size known at compile time: a
// power of 2 gets the Pow2 one (Fast up to NOC_MAX_BURST_SIZE), any other
// size InterleavedAddrGen. Each moves page_size bytes a page.
template <bool DRAM, std::uint32_t page_size>
FORCE_INLINE auto get_interleaved_addr_gen(std::uint32_t base_addr)
{
    static_assert(page_size != 0, "get_interleaved_addr_gen: a page size of 0");
    constexpr std::uint32_t log2 = (std::uint32_t)__builtin_ctz(page_size);
    if constexpr ((page_size & (page_size - 1)) != 0)
        return InterleavedAddrGen<DRAM>{base_addr, page_size};
    else if constexpr (page_size <= 16384) /* NOC_MAX_BURST_SIZE */
        return InterleavedPow2AddrGenFast<DRAM>{base_addr, log2};
    else
        return InterleavedPow2AddrGen<DRAM>{base_addr, log2};
}
// The row-major kernels' form: whether the size is a power of 2 is a
// compile-time argument; if it is, log2_page_size is what counts
// (InterleavedPow2AddrGen), else page_size (InterleavedAddrGen).
template <bool DRAM, bool is_size_pow2>
FORCE_INLINE auto get_interleaved_addr_gen(std::uint32_t base_addr, std::uint32_t page_size,
                                           std::uint32_t log2_page_size)
{
    if constexpr (is_size_pow2)
        return InterleavedPow2AddrGen<DRAM>{base_addr, log2_page_size};
    else
        return InterleavedAddrGen<DRAM>{base_addr, page_size};
}
// One number for both: the log2 of the page size when is_size_pow2, else the
// page size (as tt-metal's, which passes it as either).
template <bool DRAM, bool is_size_pow2>
FORCE_INLINE auto get_interleaved_addr_gen(std::uint32_t base_addr, std::uint32_t size)
{
    return get_interleaved_addr_gen<DRAM, is_size_pow2>(base_addr, size, size);
}

#endif
