// Device 2.0's CircularBuffer in a compute kernel. tt-metal gives compute
// kernels an object of their own under the same names
// (experimental/circular_buffer.h, api/dataflow/circular_buffer.h): the CB
// calls of the compute role, no NOC and no CB memory. Here each method is
// the cb_* call of tt_foil/compute.hpp (the unpacker waits and pops, the
// packer reserves and pushes), so a compute kernel that includes those
// headers gets this, not the data-movement API (tt_foil/device2.hpp).
#ifndef TF_TTM_CB_COMPUTE_HPP
#define TF_TTM_CB_COMPUTE_HPP

#include "tt_foil/base.hpp"
#include "tt_foil/core_info.hpp"

namespace experimental
{
class CircularBuffer
{
  public:
    FORCE_INLINE explicit CircularBuffer(std::uint32_t cb_id) : cb_(cb_id) {}
    FORCE_INLINE std::uint32_t get_cb_id() const
    {
        return cb_;
    }
    FORCE_INLINE void reserve_back(std::int32_t num_pages)
    {
        cb_reserve_back(cb_, (std::uint32_t)num_pages);
    }
    FORCE_INLINE void push_back(std::int32_t num_pages)
    {
        cb_push_back(cb_, (std::uint32_t)num_pages);
    }
    FORCE_INLINE void wait_front(std::int32_t num_pages)
    {
        cb_wait_front(cb_, (std::uint32_t)num_pages);
    }
    FORCE_INLINE void pop_front(std::int32_t num_pages)
    {
        cb_pop_front(cb_, (std::uint32_t)num_pages);
    }
    // (the three TRISCs of a compute kernel see a CB's counters
    // differently, so a poll's answer would depend on which one asks)
    TF_UNSUPPORTED_MEMBER(pages_reservable_at_back,
                          "polling a CB from a compute kernel: wait with reserve_back");
    TF_UNSUPPORTED_MEMBER(pages_available_at_front,
                          "polling a CB from a compute kernel: wait with wait_front");
    // (at run time only, as the functions: section 2 of docs/kernels.md)
    FORCE_INLINE std::uint32_t get_tile_size() const
    {
        return ::get_tile_size((std::int32_t)cb_);
    }
    FORCE_INLINE std::uint32_t get_tile_hw() const
    {
        return ::get_tile_hw((std::int32_t)cb_);
    }
    FORCE_INLINE DataFormat get_dataformat() const
    {
        return ::get_dataformat((std::int32_t)cb_);
    }
    TF_UNSUPPORTED_MEMBER(get_write_ptr, "a compute kernel's CircularBuffer has no memory "
                                         "pointers (as tt-metal's): the packer writes the CB");
    TF_UNSUPPORTED_MEMBER(get_read_ptr, "a compute kernel's CircularBuffer has no memory "
                                        "pointers (as tt-metal's): the unpacker reads the CB");
    TF_UNSUPPORTED_MEMBER(get_tile_address,
                          "CircularBuffer::get_tile_address (reading CB memory from a TRISC)");
    TF_UNSUPPORTED_MEMBER(read_tile_value,
                          "CircularBuffer::read_tile_value (reading CB memory from a TRISC)");

  private:
    std::uint32_t cb_;
};
} // namespace experimental

#endif
