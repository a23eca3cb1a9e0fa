// Device 2.0's CircularBuffer in a compute kernel. tt-metal gives compute
// kernels an object of their own under the same names
// (experimental/circular_buffer.h, api/dataflow/circular_buffer.h): the CB
// calls of the compute role, no NOC and no CB memory. Here each method is
// the cb_* call of tt_foil/compute.hpp (the unpacker waits and pops, the
// packer reserves and pushes), so a compute kernel that includes those
// headers gets this, not the data-movement API (tt_foil/device2.hpp).
#ifndef TF_TTM_CB_COMPUTE_HPP
#define TF_TTM_CB_COMPUTE_HPP

#include "tt_foil/cb_calls.hpp"
#include "tt_foil/compute.hpp" // (get_tile_address, read_tile_value)

namespace experimental
{
class CircularBuffer : public tf_ttm::cb_calls
{
  public:
    using tf_ttm::cb_calls::cb_calls;
    // (cb_api.h's, tt_foil/compute.hpp: the unpacker reads, the mailboxes
    // hand it to the other two)
    FORCE_INLINE std::uint32_t get_tile_address(std::uint32_t tile_index) const
    {
        return ckernel::get_tile_address(cb_, tile_index);
    }
    FORCE_INLINE std::uint32_t read_tile_value(std::uint32_t tile_index,
                                               std::uint32_t element_offset) const
    {
        return ckernel::read_tile_value(cb_, tile_index, element_offset);
    }
    TF_UNSUPPORTED_MEMBER(get_write_ptr, "a compute kernel's CircularBuffer has no memory "
                                         "pointers (as tt-metal's): the packer writes the CB");
    TF_UNSUPPORTED_MEMBER(get_read_ptr, "a compute kernel's CircularBuffer has no memory "
                                        "pointers (as tt-metal's): the unpacker reads the CB");
    // (the three TRISCs of a compute kernel see a CB's counters
    // differently, so a poll's answer would depend on which one asks)
    TF_UNSUPPORTED_MEMBER(pages_reservable_at_back,
                          "polling a CB from a compute kernel: wait with reserve_back");
    TF_UNSUPPORTED_MEMBER(pages_available_at_front,
                          "polling a CB from a compute kernel: wait with wait_front");
};
} // namespace experimental

#endif
