// tt-metal's data-movement kernel API (api/dataflow/dataflow_api.h), for
// tt-foil: the names, overloads and default arguments of tt-metal, as a thin
// layer over tt-foil's device primitives. docs/kernels.md says what each
// name does here and how it differs from tt-metal. A .cpp kernel built for
// BRISC or NCRISC sees this header without including it (as under tt-metal's
// JIT build); "dataflow_api.h" is the older include path.
#ifndef TF_TTM_DATAFLOW_API_H
#define TF_TTM_DATAFLOW_API_H

#include "tt_foil/base.hpp"

#include "api/compile_time_args.h"
#include "api/debug/assert.h"
#include "tt_foil/dprint_stream.hpp"
#include "hostdevcommon/common_values.hpp"
#include "hostdevcommon/kernel_structs.h"
#include "tools/profiler/kernel_profiler.hpp"
#include "tt_foil/args.hpp"
#include "tt_foil/cb_interface.hpp"
#include "tt_foil/core_info.hpp"
#include "tt_foil/data_format.hpp"
#include "tt_foil/unsupported.hpp"

#include "noc/noc_parameters.h" // the NOC address encoding, alignments, sizes

#define NOC_ADDR_COORD_SHIFT 36
// A kernel's NOC coordinates as NOC noc's: the same (coordinates are the
// same on both NOCs here, as tt-metal's virtual coordinates).
#define DYNAMIC_NOC_X(noc, x)  (x)
#define DYNAMIC_NOC_Y(noc, y)  (y)
#define NOC_X(x)               (x)
#define NOC_Y(y)               (y)
#define NOC_UNICAST_WRITE_VC   1
#define NOC_MULTICAST_WRITE_VC 4
// tt-metal's command buffers, which calls take as arguments: one transfer a
// command here, so these only name them (the values of a BRISC's)
inline constexpr std::uint8_t read_cmd_buf = 0, write_cmd_buf = 1, write_reg_cmd_buf = 2,
                              write_at_cmd_buf = 3;
// 512 bytes of zeros in every core's L1, written at boot (contracts/tf_memmap.h)
#define MEM_ZEROS_BASE TF_L1_MEM_ZEROS
#define MEM_ZEROS_SIZE TF_L1_MEM_ZEROS_SIZE

// ---- the NOC primitives every call below goes through ------------------------
namespace tf_ttm
{
FORCE_INLINE void noc_read(std::uint8_t noc, std::uint64_t src, std::uint32_t dst,
                           std::uint32_t size)
{
    dev_noc_read(noc, src, dst, size);
}
FORCE_INLINE void noc_write(std::uint8_t noc, std::uint32_t src, std::uint64_t dst,
                            std::uint32_t size)
{
    dev_noc_write(noc, src, dst, size);
}
FORCE_INLINE void noc_atomic_inc(std::uint8_t noc, std::uint64_t dst, std::uint32_t incr)
{
    dev_noc_atomic_inc(noc, dst, incr);
}
FORCE_INLINE void noc_read_barrier(std::uint8_t noc)
{
    dev_noc_read_barrier(noc);
}
// Before the two-NOC primitives, flushes and atomic barriers are the write
// barrier (stronger: every write and atomic is acknowledged).
FORCE_INLINE void noc_write_barrier(std::uint8_t noc)
{
    dev_noc_write_barrier(noc);
}
FORCE_INLINE void noc_writes_flushed(std::uint8_t noc)
{
    dev_noc_writes_flushed(noc);
}
FORCE_INLINE void noc_atomic_barrier(std::uint8_t noc)
{
    dev_noc_atomic_barrier(noc);
}
FORCE_INLINE std::uint32_t my_noc_xy(std::uint8_t noc, int y)
{
    return y ? dev_my_noc_y(noc) : dev_my_noc_x(noc);
}
// my_x[noc] / my_y[noc]: this core's NOC coordinates as seen on each NOC.
struct my_coord {
    int y;
    FORCE_INLINE std::uint8_t operator[](std::uint32_t noc) const
    {
        return (std::uint8_t)my_noc_xy((std::uint8_t)noc, y);
    }
};
} // namespace tf_ttm

inline constexpr tf_ttm::my_coord my_x{0};
inline constexpr tf_ttm::my_coord my_y{1};

// ---- circular buffers -----------------------------------------------------------
// cb_reserve_back, cb_push_back, cb_wait_front, cb_pop_front, get_write_ptr
// and get_read_ptr are the C API's (device/include/circular_buffer.h), with
// tt-metal's signatures. get_tile_size, get_tile_hw, get_tile_num_faces and
// get_dataformat: tt_foil/core_info.hpp (compute kernels have them too).
// Bytes of n 32x32 tiles of a format (tile_hw: fewer datums per tile), or
// of n pages of `other` bytes for a format it does not know: Invalid, what
// get_dataformat gives for a CB set by page size alone (tf_program_set_cb).
// (tt-metal's own default, Bfp8_b's 1088 bytes, silently misplaced every
// page past the first round of banks of such a CB's InterleavedAddrGenFast.)
template <std::uint32_t tile_hw = 1024>
FORCE_INLINE std::uint32_t tf_tile_bytes(DataFormat f, std::uint32_t n, std::uint32_t other)
{
    const std::uint32_t bytes = tf_ttm::format_tile_bytes((std::uint32_t)f);
    return bytes ? n * (std::uint32_t)((std::uint64_t)bytes * tile_hw / 1024) : n * other;
}

// ---- NOC addresses ----------------------------------------------------------------
FORCE_INLINE std::uint64_t get_noc_addr_helper(std::uint32_t noc_xy, std::uint32_t addr)
{
    return ((std::uint64_t)noc_xy << NOC_ADDR_COORD_SHIFT) | addr;
}
FORCE_INLINE std::uint32_t get_noc_xy(std::uint64_t noc_addr)
{
    return (std::uint32_t)(noc_addr >> NOC_ADDR_COORD_SHIFT);
}
// (x, y) are NOC coordinates (tf_core_noc_xy), the same on both NOCs.
FORCE_INLINE std::uint64_t get_noc_addr(std::uint32_t noc_x, std::uint32_t noc_y,
                                        std::uint32_t addr, std::uint8_t noc = noc_index)
{
    (void)noc;
    return TF_NOC_ADDR(noc_x, noc_y, addr);
}
// This core's own L1.
FORCE_INLINE std::uint64_t get_noc_addr(std::uint32_t addr, std::uint8_t noc = noc_index)
{
    return TF_NOC_ADDR(my_x[noc], my_y[noc], addr);
}
// Page `id` of an address generator (InterleavedAddrGen*, TensorAccessor).
template <typename AddrGen, typename = decltype(std::declval<const AddrGen &>().get_noc_addr(
                                0u, 0u, std::uint8_t(0)))>
FORCE_INLINE std::uint64_t get_noc_addr(const std::uint32_t id, const AddrGen &addrgen,
                                        std::uint32_t offset = 0, std::uint8_t noc = noc_index)
{
    return addrgen.get_noc_addr(id, offset, noc);
}

// Logical core coordinates (what the host calls tf_core) to NOC addresses;
// tt-metal kernels get NOC coordinates from the host instead.
FORCE_INLINE std::uint32_t tf_logical_to_noc_x(std::uint32_t x)
{
    return dev_logical_to_noc_x(x);
}
FORCE_INLINE std::uint32_t tf_logical_to_noc_y(std::uint32_t y)
{
    return dev_logical_to_noc_y(y);
}
FORCE_INLINE std::uint64_t get_noc_addr_from_logical_xy(std::uint32_t x, std::uint32_t y,
                                                        std::uint32_t addr,
                                                        std::uint8_t noc = noc_index)
{
    return get_noc_addr(tf_logical_to_noc_x(x), tf_logical_to_noc_y(y), addr, noc);
}
struct coord_t {
    std::uint8_t x, y;
};
FORCE_INLINE coord_t get_virtual_coord_from_worker_logical_coord(std::uint8_t x, std::uint8_t y)
{
    return {(std::uint8_t)tf_logical_to_noc_x(x), (std::uint8_t)tf_logical_to_noc_y(y)};
}
// get_absolute_logical_x/y, get_relative_logical_x/y: tt_foil/core_info.hpp.

// ---- transfers ----------------------------------------------------------------------
// The simulated NOC moves any length in one command, so the burst-splitting
// template parameters of tt-metal are accepted and have no effect; VCs are
// not modeled.
template <bool enable_noc_tracing = true>
FORCE_INLINE void noc_async_read_one_packet(std::uint64_t src_noc_addr,
                                            std::uint32_t dst_local_l1_addr, std::uint32_t size,
                                            std::uint8_t noc = noc_index,
                                            std::uint32_t read_req_vc = NOC_UNICAST_WRITE_VC)
{
    (void)read_req_vc;
    tf_ttm::noc_read(noc, src_noc_addr, dst_local_l1_addr, size);
}
template <std::uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true>
FORCE_INLINE void noc_async_read(std::uint64_t src_noc_addr, std::uint32_t dst_local_l1_addr,
                                 std::uint32_t size, std::uint8_t noc = noc_index,
                                 std::uint32_t read_req_vc = NOC_UNICAST_WRITE_VC)
{
    (void)read_req_vc;
    tf_ttm::noc_read(noc, src_noc_addr, dst_local_l1_addr, size);
}
template <bool enable_noc_tracing = true, bool posted = false>
FORCE_INLINE void noc_async_write_one_packet(std::uint32_t src_local_l1_addr,
                                             std::uint64_t dst_noc_addr, std::uint32_t size,
                                             std::uint8_t noc = noc_index,
                                             std::uint32_t vc = NOC_UNICAST_WRITE_VC)
{
    (void)vc;
    tf_ttm::noc_write(noc, src_local_l1_addr, dst_noc_addr, size);
}
template <std::uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
          bool posted = false>
FORCE_INLINE void noc_async_write(std::uint32_t src_local_l1_addr, std::uint64_t dst_noc_addr,
                                  std::uint32_t size, std::uint8_t noc = noc_index,
                                  std::uint32_t vc = NOC_UNICAST_WRITE_VC)
{
    (void)vc;
    tf_ttm::noc_write(noc, src_local_l1_addr, dst_noc_addr, size);
}

// ---- stateful transfers -------------------------------------------------------------
// tt-metal programs a NOC command buffer once (set_state: the far end's
// coordinates and the upper address bits, and for one-packet transfers the
// size) and then issues transfers that give only the low 32 bits of the
// far address (with_state). Here the state is kept in the kernel, per NOC,
// and each with_state is one ordinary transfer: the same bytes, the same
// checks and the same modeled cost as noc_async_read/noc_async_write with
// the whole address. A with_state before the set_state it takes its state
// from (on its NOC) faults, naming both calls (tt-metal's command buffer
// would hold whatever was there). The VC arguments are accepted and have no effect
// (VCs are not modeled). Older tt-metal had the NOC as the third argument
// of the one-packet read's set_state and with_state; today's order (vc,
// then noc) is the one taken here.
namespace tf_ttm
{
struct noc_state {
    std::uint64_t hi;   // the far end: address bits 32 and up (coordinates, upper bits)
    std::uint32_t size; // one-packet transfers: the size set_state gave
    std::uint32_t set;  // 1: hi was set, 2: size too (a one-packet set_state)
};
FORCE_INLINE const noc_state &noc_state_of(noc_state *st, std::uint8_t noc, std::uint32_t need,
                                           std::uint32_t which)
{
    const noc_state &s = st[noc & 1];
    if ((s.set & need) != need) dev_fault(TF_FAULT_DETAIL_NOC_STATE, noc, which);
    return s;
}
inline noc_state noc_rd_state[2], noc_wr_state[2];
inline std::uint64_t noc_far(const noc_state &s, std::uint32_t lo)
{
    return (s.hi & ~(std::uint64_t)0xffffffffu) | lo;
}
// A read of the read state's size (a one-packet or DRAM-sharded set_state
// gave it) from the state's far end at lo into dst; `which` names the call
// for the fault when nothing set that state.
FORCE_INLINE void noc_read_sized_state(std::uint8_t noc, std::uint32_t lo, std::uint32_t dst,
                                       std::uint32_t which)
{
    const noc_state &s = noc_state_of(noc_rd_state, noc, 2, which);
    noc_read(noc, noc_far(s, lo), dst, s.size);
}
// A _with_trid transfer's id argument: past the ids, a fault naming it
FORCE_INLINE void trid_arg(std::uint32_t trid)
{
    if (trid > TF_NOC_MAX_TRID) dev_fault(TF_FAULT_DETAIL_NOC_TRID, trid, 0);
}
} // namespace tf_ttm
template <bool use_vc = false>
FORCE_INLINE void
noc_async_read_one_packet_set_state(std::uint64_t src_noc_addr, std::uint32_t size,
                                    const std::uint32_t vc = 0, std::uint8_t noc = noc_index)
{
    (void)vc;
    tf_ttm::noc_rd_state[noc & 1] = {src_noc_addr, size, 3};
}
template <bool inc_num_issued = true, bool use_vc = false>
FORCE_INLINE void noc_async_read_one_packet_with_state(std::uint32_t src_local_l1_addr,
                                                       std::uint32_t dst_local_l1_addr,
                                                       const std::uint32_t vc = 0,
                                                       std::uint8_t noc = noc_index)
{
    (void)vc;
    tf_ttm::noc_read_sized_state(noc, src_local_l1_addr, dst_local_l1_addr,
                                 TF_NOC_STATE_READ_ONE_PACKET);
}
FORCE_INLINE void noc_async_read_set_state(std::uint64_t src_noc_addr, std::uint8_t noc = noc_index)
{
    tf_ttm::noc_rd_state[noc & 1].hi = src_noc_addr;
    tf_ttm::noc_rd_state[noc & 1].set |= 1;
}
template <bool inc_num_issued = true>
FORCE_INLINE void noc_async_read_with_state(std::uint32_t src_local_l1_addr,
                                            std::uint32_t dst_local_l1_addr, std::uint32_t size,
                                            std::uint8_t noc = noc_index)
{
    const tf_ttm::noc_state &s =
        tf_ttm::noc_state_of(tf_ttm::noc_rd_state, noc, 1, TF_NOC_STATE_READ);
    tf_ttm::noc_read(noc, tf_ttm::noc_far(s, src_local_l1_addr), dst_local_l1_addr, size);
}
// DRAM-sharded reads (tt-metal's DRAM-sharded matmul readers): set_state
// programs the read state with DRAM bank bank_id's coordinates and a page
// size, as noc_async_read_one_packet_set_state does (the same command
// buffer on tt-metal, so either's with_state follows either's set_state),
// and returns bank_base_address in that bank (plus the bank's offset);
// with_state reads the page size from src_base_addr + src_addr in that bank
// into dest_addr. A bank past the device's faults, naming it. The
// plain with_state takes a trid argument and ignores it, as tt-metal's
// (the transaction id forms are below).
template <bool use_vc>
FORCE_INLINE std::uint32_t
noc_async_read_tile_dram_sharded_set_state(std::uint32_t bank_base_address, std::uint32_t page_size,
                                           std::uint32_t bank_id = 0, const std::uint32_t vc = 0,
                                           std::uint8_t noc = noc_index)
{
    (void)vc;
    std::uint64_t a = dev_bank_noc_addr_checked(noc, 1, bank_id, bank_base_address);
    tf_ttm::noc_rd_state[noc & 1] = {a, page_size, 3};
    return (std::uint32_t)a;
}
FORCE_INLINE void noc_async_read_tile_dram_sharded_with_state(std::uint32_t src_base_addr,
                                                              std::uint32_t src_addr,
                                                              std::uint32_t dest_addr,
                                                              std::uint32_t trid = 0,
                                                              std::uint8_t noc = noc_index)
{
    (void)trid;
    tf_ttm::noc_read_sized_state(noc, src_base_addr + src_addr, dest_addr,
                                 TF_NOC_STATE_READ_DRAM_SHARDED);
}
// The form before page_size became an argument: set_state<page_size, use_vc>
// (tt-metal's 2024 DRAM-sharded readers).
template <std::uint32_t page_size, bool use_vc>
FORCE_INLINE std::uint32_t
noc_async_read_tile_dram_sharded_set_state(std::uint32_t bank_base_address,
                                           std::uint32_t bank_id = 0, const std::uint32_t vc = 0)
{
    return noc_async_read_tile_dram_sharded_set_state<use_vc>(bank_base_address, page_size, bank_id,
                                                              vc);
}
// Reads with transaction ids (tt-metal's NOC_PACKET_TAG): set_trid tags the
// reads the RISC issues on that NOC from then on (ordinary reads too, as
// the command buffer's tag does); barrier_with_trid waits for that id's
// reads alone, so a reader streams blocks into a CB and waits for the
// oldest while the newer ones are in flight. The _with_trid reads are the
// with_state reads of the state's size (a one-packet or DRAM-sharded
// set_state), at src_base_addr + src_addr (two addends of the low 32
// address bits). Their trid argument is not the tag: tt-metal uses it only
// to hold the issue while more than 8 reads of that id are in flight, a
// limit not modeled (no NOC limit on reads in flight is). An id past 15
// faults naming it, in any of these. The id stays set after the kernel,
// for the next kernel on that RISC, as the command buffer's tag does; it
// is 0 after a reset. Ids are counted per RISC (on hardware, per the
// core's NOC interface: two RISCs' reads of one id would share a count).
// Writes take no transaction id (unsupported.hpp).
FORCE_INLINE void noc_async_read_set_trid(std::uint32_t trid = 0, std::uint8_t noc = noc_index)
{
    dev_noc_set_trid(noc, trid);
}
FORCE_INLINE void noc_async_read_tile_dram_sharded_set_trid(std::uint32_t trid = 0,
                                                            std::uint8_t noc = noc_index)
{
    dev_noc_set_trid(noc, trid);
}
template <bool skip_ptr_update = false>
FORCE_INLINE void noc_async_read_tile_dram_sharded_with_state_with_trid(
    std::uint32_t src_base_addr, std::uint32_t src_addr, std::uint32_t dest_addr,
    std::uint32_t trid = 0, std::uint8_t noc = noc_index)
{
    tf_ttm::trid_arg(trid);
    tf_ttm::noc_read_sized_state(noc, src_base_addr + src_addr, dest_addr,
                                 TF_NOC_STATE_READ_DRAM_SHARDED);
}
template <bool skip_ptr_update = false, bool skip_cmdbuf_chk = false>
FORCE_INLINE void
noc_async_read_one_packet_with_state_with_trid(std::uint32_t src_base_addr, std::uint32_t src_addr,
                                               std::uint32_t dest_addr, std::uint32_t trid = 0,
                                               std::uint8_t noc = noc_index)
{
    tf_ttm::trid_arg(trid);
    tf_ttm::noc_read_sized_state(noc, src_base_addr + src_addr, dest_addr,
                                 TF_NOC_STATE_READ_ONE_PACKET);
}
FORCE_INLINE void noc_async_read_barrier_with_trid(std::uint32_t trid, std::uint8_t noc = noc_index)
{
    dev_noc_read_barrier_trid(noc, trid);
}
// Writes with transaction ids: noc_async_write_set_trid tags the writes the
// RISC then issues on that NOC (the write command buffer's tag: ordinary
// writes too; its own, beside the reads'); the _with_trid writes tag theirs
// with their trid (which stays, as their write of the tag does);
// noc_async_write_barrier_with_trid waits until that id's writes are
// acked, noc_async_write_flushed_with_trid until they have left the core
// (their sources may be reused). Posted writes are non-posted here, as
// every write (docs/kernels.md). The command buffer arguments are accepted
// and have no effect (one transfer a command).
FORCE_INLINE void noc_async_write_set_trid(std::uint32_t trid = 0, std::uint8_t noc = noc_index)
{
    dev_noc_set_trid_of(noc, trid, 1);
}
template <bool update_counter = true, bool posted = false>
FORCE_INLINE void noc_async_write_one_packet_with_trid(std::uint32_t src_local_l1_addr,
                                                       std::uint64_t dst_noc_addr,
                                                       std::uint32_t size, std::uint32_t trid,
                                                       std::uint8_t cmd_buf = write_cmd_buf,
                                                       std::uint8_t noc = noc_index,
                                                       std::uint8_t vc = NOC_UNICAST_WRITE_VC)
{
    (void)cmd_buf, (void)vc;
    dev_noc_set_trid_of(noc, trid, 1);
    tf_ttm::noc_write(noc, src_local_l1_addr, dst_noc_addr, size);
}
// the state of the writes below: the far end (as the one-packet write's
// set_state, whose state it shares: one command buffer), no size
template <bool posted = false>
FORCE_INLINE void noc_async_write_one_packet_with_trid_set_state(
    std::uint64_t dst_noc_addr, std::uint8_t cmd_buf = write_cmd_buf, std::uint8_t noc = noc_index,
    std::uint8_t vc = NOC_UNICAST_WRITE_VC)
{
    (void)cmd_buf, (void)vc;
    tf_ttm::noc_wr_state[noc & 1].hi = dst_noc_addr;
    tf_ttm::noc_wr_state[noc & 1].set |= 1;
}
template <bool update_counter = true, bool posted = false>
FORCE_INLINE void noc_async_write_one_packet_with_trid_with_state(
    std::uint32_t src_local_l1_addr, std::uint32_t dst_noc_addr, std::uint32_t size,
    std::uint32_t trid, std::uint8_t cmd_buf = write_cmd_buf, std::uint8_t noc = noc_index)
{
    (void)cmd_buf;
    const tf_ttm::noc_state &s =
        tf_ttm::noc_state_of(tf_ttm::noc_wr_state, noc, 1, TF_NOC_STATE_WRITE_TRID);
    dev_noc_set_trid_of(noc, trid, 1);
    tf_ttm::noc_write(noc, src_local_l1_addr, tf_ttm::noc_far(s, dst_noc_addr), size);
}
FORCE_INLINE void noc_async_write_barrier_with_trid(std::uint32_t trid,
                                                    std::uint8_t noc = noc_index)
{
    (void)dev_noc_trid_wait(noc, trid, TF_NOC_TRID_WRITES, 0);
}
FORCE_INLINE void noc_async_write_flushed_with_trid(std::uint32_t trid,
                                                    std::uint8_t noc = noc_index)
{
    (void)dev_noc_trid_wait(noc, trid, TF_NOC_TRID_FLUSHED, 0);
}
// Clear the NIU's counts of the ids in id_mask (bit t: id t, reads and
// writes; NOC_CLEAR_OUTSTANDING_REQ_MASK: all 16), as ttnn's trid readers do
// first: the ids' barriers and tests no longer wait for transfers already
// issued with them (those still land, and noc_async_read_barrier waits for
// them). Bits past id 15 name no id.
FORCE_INLINE void
reset_noc_trid_barrier_counter(std::uint32_t id_mask = NOC_CLEAR_OUTSTANDING_REQ_MASK,
                               std::uint32_t noc = noc_index)
{
    dev_noc_trid_clear(noc, id_mask);
}
// tt-metal's status tests of one id, without waiting (its NIU counters):
// the reads landed, the writes acked, the writes sent (left the core)
FORCE_INLINE bool ncrisc_noc_read_with_transaction_id_flushed(std::uint32_t noc, std::uint32_t trid)
{
    return dev_noc_trid_wait(noc, trid, TF_NOC_TRID_READS, 1) == 0;
}
FORCE_INLINE bool ncrisc_noc_nonposted_write_with_transaction_id_flushed(std::uint32_t noc,
                                                                         std::uint32_t trid)
{
    return dev_noc_trid_wait(noc, trid, TF_NOC_TRID_WRITES, 1) == 0;
}
FORCE_INLINE bool ncrisc_noc_nonposted_write_with_transaction_id_sent(std::uint32_t noc,
                                                                      std::uint32_t trid)
{
    return dev_noc_trid_wait(noc, trid, TF_NOC_TRID_FLUSHED, 1) == 0;
}
// Reads issued with inc_num_issued = false are counted here on tt-metal so
// that the barrier waits for them; tt-foil's barrier waits for every read
// the RISC issued, counted or not, so there is nothing to add.
FORCE_INLINE void noc_async_read_inc_num_issued(std::uint32_t num_issued_reads_inc,
                                                std::uint8_t noc = noc_index)
{
    (void)num_issued_reads_inc, (void)noc;
}
template <bool posted = false>
FORCE_INLINE void noc_async_write_one_packet_set_state(std::uint64_t dst_noc_addr,
                                                       std::uint32_t size,
                                                       std::uint8_t noc = noc_index,
                                                       std::uint8_t vc = NOC_UNICAST_WRITE_VC)
{
    (void)vc;
    tf_ttm::noc_wr_state[noc & 1] = {dst_noc_addr, size, 3};
}
template <bool posted = false>
FORCE_INLINE void noc_async_write_one_packet_with_state(std::uint32_t src_local_l1_addr,
                                                        std::uint32_t dst_local_l1_addr,
                                                        std::uint8_t noc = noc_index)
{
    const tf_ttm::noc_state &s =
        tf_ttm::noc_state_of(tf_ttm::noc_wr_state, noc, 2, TF_NOC_STATE_WRITE_ONE_PACKET);
    tf_ttm::noc_write(noc, src_local_l1_addr, tf_ttm::noc_far(s, dst_local_l1_addr), s.size);
}
namespace tf_ttm
{
// Device 2.0's Noc::async_write_with_state of any size (tt_foil/device2.hpp,
// api/dataflow/noc.h): the write state's far end, the size given.
FORCE_INLINE void noc_write_with_state(std::uint8_t noc, std::uint32_t src, std::uint32_t dst_lo,
                                       std::uint32_t size)
{
    const noc_state &s = noc_state_of(noc_wr_state, noc, 1, TF_NOC_STATE_NOC_WRITE);
    noc_write(noc, src, noc_far(s, dst_lo), size);
}
} // namespace tf_ttm

namespace tf_ttm
{
template <class G, class = void> struct has_aligned_page_size : std::false_type {
};
template <class G>
struct has_aligned_page_size<
    G, std::void_t<decltype(std::declval<const G &>().get_aligned_page_size())>> : std::true_type {
};
template <class G, class = void> struct has_page_size : std::false_type {
};
template <class G>
struct has_page_size<G, std::void_t<decltype(std::declval<const G &>().page_size)>>
    : std::true_type {
};
// The bytes one page of an address generator moves (tt-metal's priority).
template <class G> FORCE_INLINE std::uint32_t page_size_of(const G &g)
{
    if constexpr (has_aligned_page_size<G>::value)
        return g.get_aligned_page_size();
    else if constexpr (has_page_size<G>::value)
        return g.page_size;
    else
        return 1u << g.log_base_2_of_page_size;
}
} // namespace tf_ttm

template <typename AddrGen, bool enable_noc_tracing = true>
FORCE_INLINE void noc_async_read_page(const std::uint32_t id, const AddrGen &addrgen,
                                      std::uint32_t dst_local_l1_addr, std::uint32_t offset = 0,
                                      std::uint8_t noc = noc_index)
{
    tf_ttm::noc_read(noc, addrgen.get_noc_addr(id, offset, noc), dst_local_l1_addr,
                     tf_ttm::page_size_of(addrgen));
}
template <typename AddrGen, bool enable_noc_tracing = true, bool posted = false>
FORCE_INLINE void noc_async_write_page(const std::uint32_t id, const AddrGen &addrgen,
                                       std::uint32_t src_local_l1_addr, std::uint32_t size = 0,
                                       std::uint32_t offset = 0, std::uint8_t noc = noc_index)
{
    tf_ttm::noc_write(noc, src_local_l1_addr, addrgen.get_noc_addr(id, offset, noc),
                      size ? size : tf_ttm::page_size_of(addrgen));
}
template <typename AddrGen>
FORCE_INLINE void noc_async_read_tile(const std::uint32_t id, const AddrGen &addrgen,
                                      std::uint32_t dst_local_l1_addr, std::uint32_t offset = 0,
                                      std::uint8_t noc = noc_index)
{
    noc_async_read_page(id, addrgen, dst_local_l1_addr, offset, noc);
}
// (tt-metal's noc_async_write_tile has no offset argument.)
template <typename AddrGen>
FORCE_INLINE void noc_async_write_tile(const std::uint32_t id, const AddrGen &addrgen,
                                       std::uint32_t src_local_l1_addr,
                                       std::uint8_t noc = noc_index)
{
    noc_async_write_page(id, addrgen, src_local_l1_addr, 0, 0, noc);
}

FORCE_INLINE void noc_async_read_barrier(std::uint8_t noc = noc_index)
{
    tf_ttm::noc_read_barrier(noc);
}
FORCE_INLINE void noc_async_write_barrier(std::uint8_t noc = noc_index)
{
    tf_ttm::noc_write_barrier(noc);
}
FORCE_INLINE void noc_async_writes_flushed(std::uint8_t noc = noc_index)
{
    tf_ttm::noc_writes_flushed(noc);
}
// Every write is acknowledged here (no posted writes): flushing them is
// flushing all writes.
FORCE_INLINE void noc_async_posted_writes_flushed(std::uint8_t noc = noc_index)
{
    tf_ttm::noc_writes_flushed(noc);
}
FORCE_INLINE void noc_async_atomic_barrier(std::uint8_t noc_idx = noc_index)
{
    tf_ttm::noc_atomic_barrier(noc_idx);
}
FORCE_INLINE void noc_async_full_barrier(std::uint8_t noc_idx = noc_index)
{
    tf_ttm::noc_read_barrier(noc_idx);
    tf_ttm::noc_write_barrier(noc_idx);
    tf_ttm::noc_atomic_barrier(noc_idx);
}

// ---- semaphores -------------------------------------------------------------------
enum class ProgrammableCoreType { TENSIX = 0, ACTIVE_ETH = 1, IDLE_ETH = 2 };
// The L1 address of semaphore `id` (tf_program_set_semaphore), the same on
// every core; an id past the last faults, naming it (dev_semaphore_addr).
template <ProgrammableCoreType type = ProgrammableCoreType::TENSIX>
FORCE_INLINE std::uintptr_t get_semaphore(std::uint32_t semaphore_id)
{
    static_assert(
        type == ProgrammableCoreType::TENSIX,
        "get_semaphore: only Tensix semaphores are supported by tt-foil (no Ethernet cores)");
    return dev_semaphore_addr(semaphore_id);
}
FORCE_INLINE void noc_semaphore_set(volatile tt_l1_ptr std::uint32_t *sem_addr, std::uint32_t val)
{
    *sem_addr = val;
}
// Waiting sleeps the RISC until the word changes (no spinning).
FORCE_INLINE void noc_semaphore_wait(volatile tt_l1_ptr std::uint32_t *sem_addr, std::uint32_t val)
{
    if (*sem_addr != val) dev_wait_eq(sem_addr, val);
}
// Until *sem_addr >= val as unsigned numbers, as tt-metal's (no wrap-around:
// 0x80000005 is at least 1; 0 is not at least 0x90000000).
FORCE_INLINE void noc_semaphore_wait_min(volatile tt_l1_ptr std::uint32_t *sem_addr,
                                         std::uint32_t val)
{
    if (*sem_addr < val) dev_wait_geu(sem_addr, val);
}
template <bool posted = false>
FORCE_INLINE void noc_semaphore_inc(std::uint64_t addr, std::uint32_t incr,
                                    std::uint8_t noc_id = noc_index,
                                    std::uint8_t vc = NOC_UNICAST_WRITE_VC)
{
    (void)vc;
    tf_ttm::noc_atomic_inc(noc_id, addr, incr);
}
// Every core of the multicast rectangle but this one adds incr to the word
// (the sender is never a destination, as tt-metal's); num_dests counts them
// (a wrong count faults naming both). posted: acked all the same here.
template <bool posted = false>
FORCE_INLINE void noc_semaphore_inc_multicast(std::uint64_t addr, std::uint32_t incr,
                                              std::uint32_t num_dests,
                                              std::uint8_t noc_id = noc_index,
                                              std::uint8_t vc = NOC_MULTICAST_WRITE_VC)
{
    (void)vc;
    dev_noc_atomic_inc_multicast(noc_id, addr, incr, num_dests);
}
FORCE_INLINE void noc_semaphore_set_remote(std::uint32_t src_local_l1_addr,
                                           std::uint64_t dst_noc_addr, std::uint8_t noc = noc_index)
{
    tf_ttm::noc_write(noc, src_local_l1_addr, dst_noc_addr, 4);
}

// Until the L1 word at addr is val (tt-metal waits on a "sync register";
// here an L1 word another RISC or core sets, as noc_semaphore_wait; an
// address outside L1 faults).
inline void wait_for_sync_register_value(std::uintptr_t addr, std::int32_t val)
{
    volatile tt_l1_ptr std::uint32_t *word = reinterpret_cast<volatile std::uint32_t *>(addr);
    if (*word != (std::uint32_t)val) dev_wait_eq(word, (std::uint32_t)val);
}

// (invalidate_l1_cache: tt_foil/base.hpp, for compute kernels too)
// Spin for `cycles` cycles of the core's clock.
FORCE_INLINE void riscv_wait(std::uint32_t cycles)
{
    std::uint64_t end = dev_clock() + cycles;
    while (dev_clock() < end) {
    }
}

#include "tt_foil/interleaved.hpp"
#include "tt_foil/multicast.hpp"
#include "api/tensor/tensor_accessor.h"

#endif
