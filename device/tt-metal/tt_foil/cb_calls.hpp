// What Device 2.0's CircularBuffer is in every kernel, data movement
// (tt_foil/device2.hpp) and compute (tt_foil/cb_compute.hpp) alike: the
// cb_* calls on one CB id, the tile queries, and the refusal of reading CB
// memory tile by tile. Each kernel kind's object adds its own (pointers
// and polls in data movement; their refusals in compute).
#ifndef TF_TTM_CB_CALLS_HPP
#define TF_TTM_CB_CALLS_HPP

#include "tt_foil/base.hpp"
#include "tt_foil/core_info.hpp"

namespace tf_ttm
{
class cb_calls
{
  public:
    FORCE_INLINE explicit cb_calls(std::uint32_t cb_id) : cb_(cb_id) {}
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
    TF_UNSUPPORTED_MEMBER(get_tile_address,
                          "CircularBuffer::get_tile_address (reading CB memory from a TRISC)");
    TF_UNSUPPORTED_MEMBER(read_tile_value,
                          "CircularBuffer::read_tile_value (reading CB memory from a TRISC)");

  protected:
    std::uint32_t cb_;
};
} // namespace tf_ttm

#endif
