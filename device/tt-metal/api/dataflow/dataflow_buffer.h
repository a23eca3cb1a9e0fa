// tt-metal's api/dataflow/dataflow_buffer.h (Metal 2.0's DataflowBuffer)
// for data-movement kernels: the object over one circular buffer, as on
// Wormhole and Blackhole (tt-1xx), where each call is a cb_* call on its
// id. Built from a CB id (DataflowBuffer dfb(cb_id), as ttnn's kernels on
// the legacy host API do) or a DFBBindingToken / RelayDFBBindingToken (the
// constants Metal 2.0's host generates into kernel_bindings_generated.h;
// tt-foil's host has no such bindings, so a kernel makes its own:
// DFBBindingToken(cb_id)). A Noc transfer takes it as tt-metal's: the read
// pointer (+ {.offset_bytes}) as a source, the write pointer as a
// destination, the write pointer in a rectangle as a multicast destination.
//
// Refused, with the reason (docs/kernels.md section 3): moving its pointers
// by hand (evil_set_write_ptr / evil_set_read_ptr), the TRISC-side members
// (get_tile_address, read_tile_value, front / back operands) and Quasar's
// implicit-sync transfers (Noc calls with NocOptions::TXN_ID).
#ifndef TF_TTM_API_DATAFLOW_DATAFLOW_BUFFER_H
#define TF_TTM_API_DATAFLOW_DATAFLOW_BUFFER_H

#ifdef TF_COMPUTE_ROLE // a compute kernel's DataflowBuffer: the CB calls alone
#include "tt_foil/cb_calls.hpp"
#else
#include "api/core_local_mem.h"
#include "api/dataflow/noc.h"
#endif

// A binding's id, as kernel_bindings_generated.h declares it (constexpr;
// converts to the CB id the cb_* calls take).
struct DFBBindingToken {
    explicit constexpr DFBBindingToken(std::uint16_t id) noexcept : id_(id) {}
    constexpr operator std::uint32_t() const noexcept
    {
        return id_;
    }

  private:
    std::uint16_t id_;
};
// A relay binding (a PrefetcherPipe's or CrossNode's local buffer): the
// same buffer to a data-movement kernel.
struct RelayDFBBindingToken {
    static constexpr std::uint8_t NO_PREFETCHER_PIPE = 0xFF;
    explicit constexpr RelayDFBBindingToken(
        std::uint16_t id, std::uint8_t prefetcher_pipe_id = NO_PREFETCHER_PIPE) noexcept
        : id_(id), prefetcher_pipe_id_(prefetcher_pipe_id)
    {
    }
    constexpr operator std::uint32_t() const noexcept
    {
        return id_;
    }
    constexpr std::uint8_t prefetcher_pipe_id() const noexcept
    {
        return prefetcher_pipe_id_;
    }

  private:
    std::uint16_t id_;
    std::uint8_t prefetcher_pipe_id_;
};

#ifdef TF_COMPUTE_ROLE
// In a compute kernel (tt-metal gives its TRISCs a DataflowBuffer of the CB
// calls, beside the compute CircularBuffer, tt_foil/cb_compute.hpp, which a
// kernel may include too): each call the cb_* call of its thread (the
// unpacker waits and pops, the packer reserves and pushes), no pointers, no
// polls, no NOC.
class DataflowBuffer : public tf_ttm::cb_calls
{
  public:
    FORCE_INLINE DataflowBuffer(DFBBindingToken token) : cb_calls((std::uint32_t)token) {}
    FORCE_INLINE DataflowBuffer(RelayDFBBindingToken token) : cb_calls((std::uint32_t)token) {}
    FORCE_INLINE DataflowBuffer(std::uint16_t logical_dfb_id) : cb_calls(logical_dfb_id)
    {
        tf_cb_check(logical_dfb_id);
    }
    FORCE_INLINE std::uint16_t get_id() const
    {
        return (std::uint16_t)cb_;
    }
    FORCE_INLINE void finish() {}
    TF_UNSUPPORTED_MEMBER(get_write_ptr, "a compute kernel's DataflowBuffer has no memory "
                                         "pointers (as tt-metal's): the packer writes the CB");
    TF_UNSUPPORTED_MEMBER(get_read_ptr, "a compute kernel's DataflowBuffer has no memory "
                                        "pointers (as tt-metal's): the unpacker reads the CB");
    TF_UNSUPPORTED_MEMBER(pages_reservable_at_back,
                          "polling a CB from a compute kernel: wait with reserve_back");
    TF_UNSUPPORTED_MEMBER(pages_available_at_front,
                          "polling a CB from a compute kernel: wait with wait_front");
    TF_UNSUPPORTED_MEMBER(scoped_write_lock,
                          "a compute kernel's DataflowBuffer has no memory to lock");
    TF_UNSUPPORTED_MEMBER(scoped_read_lock,
                          "a compute kernel's DataflowBuffer has no memory to lock");
};
#else
// What scoped_write_lock / scoped_read_lock give: the pointer as a
// CoreLocalMem<T> (const T for a read lock); nothing is recorded (tt-metal
// records the lock for its NOC debugging).
template <bool IsWrite> class DfbScopedLock
{
  public:
    FORCE_INLINE explicit DfbScopedLock(std::uint32_t pointer) : pointer_(pointer) {}
    DfbScopedLock(const DfbScopedLock &) = delete;
    DfbScopedLock &operator=(const DfbScopedLock &) = delete;
    template <typename T = std::uint32_t> [[nodiscard]] FORCE_INLINE auto get_ptr() const
    {
        return experimental::CoreLocalMem<std::conditional_t<IsWrite, T, const T>>(
            (std::uintptr_t)pointer_);
    }

  private:
    std::uint32_t pointer_;
};

class DataflowBuffer
{
  public:
    FORCE_INLINE DataflowBuffer(DFBBindingToken token) : id_((std::uint16_t)(std::uint32_t)token) {}
    FORCE_INLINE DataflowBuffer(RelayDFBBindingToken token)
        : id_((std::uint16_t)(std::uint32_t)token)
    {
    }
    FORCE_INLINE DataflowBuffer(std::uint16_t logical_dfb_id) : id_(logical_dfb_id)
    {
        tf_cb_check(logical_dfb_id);
    }

    FORCE_INLINE std::uint16_t get_id() const
    {
        return id_;
    }
    // Its entries (pages): their size, their number, the whole buffer's
    // bytes. On tt-1xx the local and ring-span views are the whole buffer.
    FORCE_INLINE std::uint32_t get_entry_size() const
    {
        return get_local_cb_interface(id_).fifo_page_size;
    }
    FORCE_INLINE std::uint32_t get_stride_size() const
    {
        return get_entry_size();
    }
    FORCE_INLINE std::uint32_t get_total_num_entries() const
    {
        return get_local_cb_interface(id_).fifo_num_pages;
    }
    FORCE_INLINE std::uint32_t get_total_size_bytes() const
    {
        return get_local_cb_interface(id_).fifo_size;
    }
    FORCE_INLINE std::uint32_t get_local_num_entries() const
    {
        return get_total_num_entries();
    }
    FORCE_INLINE std::uint32_t get_local_size_bytes() const
    {
        return get_total_size_bytes();
    }
    FORCE_INLINE std::uint32_t get_ring_span_bytes() const
    {
        return get_total_size_bytes();
    }
    FORCE_INLINE std::uint32_t get_ring_span_num_entries() const
    {
        return get_total_num_entries();
    }

    FORCE_INLINE void reserve_back(std::uint16_t num_entries)
    {
        cb_reserve_back(id_, num_entries);
    }
    FORCE_INLINE void push_back(std::uint16_t num_entries)
    {
        cb_push_back(id_, num_entries);
    }
    FORCE_INLINE void wait_front(std::uint16_t num_entries)
    {
        cb_wait_front(id_, num_entries);
    }
    FORCE_INLINE void pop_front(std::uint16_t num_entries)
    {
        cb_pop_front(id_, num_entries);
    }
    FORCE_INLINE bool pages_reservable_at_back(std::int32_t num_pages) const
    {
        return cb_pages_reservable_at_back(id_, (std::uint32_t)num_pages) != 0;
    }
    FORCE_INLINE bool pages_available_at_front(std::int32_t num_pages) const
    {
        return cb_pages_available_at_front(id_, (std::uint32_t)num_pages) != 0;
    }

    // The CB's tile (at run time, as get_tile_size(cb): docs/kernels.md
    // section 2).
    FORCE_INLINE std::uint32_t get_tile_size() const
    {
        return ::get_tile_size((std::int32_t)id_);
    }
    FORCE_INLINE std::uint32_t get_tile_hw() const
    {
        return ::get_tile_hw((std::int32_t)id_);
    }
    FORCE_INLINE DataFormat get_dataformat() const
    {
        return ::get_dataformat((std::int32_t)id_);
    }

    // Nothing to drain on tt-1xx; write_barrier is noc's write barrier.
    FORCE_INLINE void finish() {}
    FORCE_INLINE void write_barrier(const Noc &noc) const
    {
        noc.async_write_barrier();
    }

    FORCE_INLINE std::uint32_t get_write_ptr() const
    {
        return ::get_write_ptr(id_);
    }
    FORCE_INLINE std::uint32_t get_read_ptr() const
    {
        return ::get_read_ptr(id_);
    }

    [[nodiscard]] FORCE_INLINE DfbScopedLock<true> scoped_write_lock(std::uint16_t num_entries = 1)
    {
        (void)num_entries;
        return DfbScopedLock<true>(get_write_ptr());
    }
    [[nodiscard]] FORCE_INLINE DfbScopedLock<false> scoped_read_lock(std::uint16_t num_entries = 1)
    {
        (void)num_entries;
        return DfbScopedLock<false>(get_read_ptr());
    }

    TF_UNSUPPORTED_MEMBER(evil_set_write_ptr,
                          "DataflowBuffer::evil_set_write_ptr (moving a CB's pointers by hand: "
                          "reserve_back/push_back/wait_front/pop_front move it)");
    TF_UNSUPPORTED_MEMBER(evil_set_read_ptr,
                          "DataflowBuffer::evil_set_read_ptr (moving a CB's pointers by hand: "
                          "reserve_back/push_back/wait_front/pop_front move it)");
    TF_UNSUPPORTED_MEMBER(get_tile_address,
                          "DataflowBuffer::get_tile_address (reading CB memory from a TRISC)");
    TF_UNSUPPORTED_MEMBER(read_tile_value,
                          "DataflowBuffer::read_tile_value (reading CB memory from a TRISC)");

  private:
    std::uint16_t id_;
};

template <> struct noc_traits_t<DataflowBuffer> {
    using src_args_type = DataflowBufferArgs;
    using dst_args_type = DataflowBufferArgs;
    struct dst_args_mcast_type {
        std::uint32_t noc_x_start{};
        std::uint32_t noc_y_start{};
        std::uint32_t noc_x_end{};
        std::uint32_t noc_y_end{};
        std::uint32_t offset_bytes{};
    };
    template <Noc::AddressType T>
    static FORCE_INLINE std::uint32_t src_addr(const DataflowBuffer &b, const Noc &,
                                               const src_args_type &a)
    {
        static_assert(T == Noc::AddressType::LOCAL_L1,
                      "a DataflowBuffer is in this core's L1: it is the L1 end of a transfer (a "
                      "write's source, a read's destination), as in tt-metal");
        return b.get_read_ptr() + a.offset_bytes;
    }
    template <Noc::AddressType T>
    static FORCE_INLINE std::uint32_t dst_addr(const DataflowBuffer &b, const Noc &,
                                               const dst_args_type &a)
    {
        static_assert(T == Noc::AddressType::LOCAL_L1,
                      "a DataflowBuffer is in this core's L1: it is the L1 end of a transfer (a "
                      "write's source, a read's destination), as in tt-metal");
        return b.get_write_ptr() + a.offset_bytes;
    }
    template <Noc::AddressType T>
    static FORCE_INLINE std::uint64_t dst_addr_mcast(const DataflowBuffer &b, const Noc &noc,
                                                     const dst_args_mcast_type &a)
    {
        static_assert(T == Noc::AddressType::NOC, "a multicast destination is a NOC address");
        return get_noc_multicast_addr(a.noc_x_start, a.noc_y_start, a.noc_x_end, a.noc_y_end,
                                      b.get_write_ptr() + a.offset_bytes, noc.get_noc_id());
    }
};

#endif // TF_COMPUTE_ROLE

#endif
