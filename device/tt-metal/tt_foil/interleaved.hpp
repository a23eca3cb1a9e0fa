// Interleaved address generators (tt-metal's InterleavedAddrGen family,
// get_noc_addr_from_bank_id, get_dram_noc_addr, get_l1_noc_addr) over the
// bank tables of dev_banks.h: page p of a buffer lives in bank p % banks at
// base + (p / banks) * stride + offset (+ the bank's offset), stride = the
// page size rounded up to the bank alignment; a page id beyond the buffer
// faults naming the kernel and the page. Part of api/dataflow/dataflow_api.h.
#ifndef TF_TTM_INTERLEAVED_HPP
#define TF_TTM_INTERLEAVED_HPP

#include "tt_foil/base.hpp"


FORCE_INLINE constexpr std::uint32_t align_power_of_2(std::uint32_t v, std::uint32_t a)
{
    return ((v - 1) | (a - 1)) + 1;
}

template <bool DRAM>
FORCE_INLINE std::uint64_t get_noc_addr_from_bank_id(std::uint32_t bank_id, std::uint32_t bank_address_offset,
                                                     std::uint8_t noc = noc_index)
{
    return dev_bank_noc_addr(noc, DRAM, bank_id, bank_address_offset);
}

template <bool DRAM> struct InterleavedAddrGen {
    static constexpr bool is_dram = DRAM;
    std::uint32_t bank_base_address;
    const std::uint32_t page_size;
    const std::uint32_t aligned_page_size = align_power_of_2(page_size, dev_bank_alignment(DRAM));
    FORCE_INLINE std::uint64_t get_noc_addr(const std::uint32_t id, const std::uint32_t offset = 0,
                                            std::uint8_t noc = noc_index) const
    {
        return dev_interleaved_noc_addr(noc, DRAM, bank_base_address, aligned_page_size, id, offset);
    }
    FORCE_INLINE std::uint32_t get_aligned_page_size() const { return aligned_page_size; }
    FORCE_INLINE std::uint32_t get_bank_base_address() const { return bank_base_address; }
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
        std::uint32_t stride = align_power_of_2(tf_tile_bytes<tile_hw>(data_format, 1, page_size), dev_bank_alignment(DRAM));
        return dev_interleaved_noc_addr(noc, DRAM, bank_base_address, stride, id, offset);
    }
};

FORCE_INLINE std::uint64_t get_dram_noc_addr(std::uint32_t id, std::uint32_t page_size, std::uint32_t bank_base_address,
                                             std::uint32_t offset = 0, std::uint8_t noc = noc_index)
{
    return InterleavedAddrGen<true>{bank_base_address, page_size}.get_noc_addr(id, offset, noc);
}
FORCE_INLINE std::uint64_t get_l1_noc_addr(std::uint32_t id, std::uint32_t page_size, std::uint32_t bank_base_address,
                                           std::uint32_t offset = 0, std::uint8_t noc = noc_index)
{
    return InterleavedAddrGen<false>{bank_base_address, page_size}.get_noc_addr(id, offset, noc);
}

template <bool DRAM, std::uint32_t page_size> FORCE_INLINE auto get_interleaved_addr_gen(std::uint32_t base_addr)
{
    return InterleavedAddrGen<DRAM>{base_addr, page_size};
}

#endif
