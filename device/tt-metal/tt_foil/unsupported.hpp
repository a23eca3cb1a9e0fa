// tt-metal data-movement names tt-foil does not provide. Each is declared
// with clang's `unavailable` attribute, so any use is a compile error at the
// use: "'<name>' is unavailable: not supported by tt-foil: <why>" (never a
// link error or a silent no-op). docs/kernels.md lists them with the reason.
#ifndef TF_TTM_UNSUPPORTED_HPP
#define TF_TTM_UNSUPPORTED_HPP

#include "tt_foil/base.hpp"

// Stateful command-buffer reuse and transaction ids: tt-metal's fast paths
// that program a NOC command buffer once and re-issue it. tt-foil's NOC takes
// one command per transfer; use noc_async_read/noc_async_write.
#define TF_NOC_STATE_WHY "stateful NOC command buffers; use noc_async_read/noc_async_write"
// (noc_async_read_one_packet_set_state / _with_state, noc_async_read_set_state
// / _with_state, noc_async_read_inc_num_issued,
// noc_async_write_one_packet_set_state / _with_state and
// noc_async_read_tile_dram_sharded_set_state / _with_state are supported:
// dataflow_api.h keeps their state in the kernel.)
// (Transfers with transaction ids and reset_noc_trid_barrier_counter are
// supported: dataflow_api.h.)
TF_UNSUPPORTED_FN(noc_inline_dw_write,
                  "inline (register) NOC writes; write the word to L1 and noc_async_write it");
TF_UNSUPPORTED_FN(noc_inline_mcast_dw_write, "inline (register) NOC writes");
TF_UNSUPPORTED_FN(
    noc_inline_dw_write_set_state,
    "stateful inline (register) NOC writes; write the word to L1 and noc_async_write it");
TF_UNSUPPORTED_FN(
    noc_inline_dw_write_with_state,
    "stateful inline (register) NOC writes; write the word to L1 and noc_async_write it");
TF_UNSUPPORTED_FN(noc_async_write_multicast_exclude_region, "multicast with an excluded region");
TF_UNSUPPORTED_FN(get_system_memory_noc_addr, "host (PCIe) memory over the NOC");
TF_UNSUPPORTED_FN(noc_async_read_tile_dram_sharded, "DRAM-sharded tensors");
TF_UNSUPPORTED_FN(get_noc_addr_from_bank_id_sharded, "sharded tensors");
TF_UNSUPPORTED_FN(noc_async_read_partial_page,
                  "part of an interleaved page: noc_async_read from get_noc_addr(id, s, offset)");
TF_UNSUPPORTED_FN(ncrisc_noc_fast_read_any_len, "the NOC's internals: use noc_async_read");
TF_UNSUPPORTED_FN(ncrisc_noc_fast_write_any_len, "the NOC's internals: use noc_async_write");
TF_UNSUPPORTED_FN(noc_fast_atomic_increment, "the NOC's internals: use noc_semaphore_inc");
TF_UNSUPPORTED_FN(get_cb_tiles_received_ptr,
                  "circular-buffer internals: use cb_pages_available_at_front");
TF_UNSUPPORTED_FN(get_cb_tiles_acked_ptr,
                  "circular-buffer internals: use cb_pages_reservable_at_back");
// Constants of a fixed chip: here the grid and DRAM banks are the device's
// (tf_sim_config), and a kernel gets them as arguments.
TF_UNSUPPORTED_VAR(NUM_DRAM_BANKS, "the DRAM bank count is the device's: pass it as an argument");
TF_UNSUPPORTED_VAR(NUM_L1_BANKS, "the L1 bank count is the device's: pass it as an argument");

// Named runtime args (api/rt_arg.h).
namespace rt_args
{
TF_UNSUPPORTED_FN(get, "named runtime args (rt_args::get): use get_arg_val<T>(i)");
} // namespace rt_args

#endif
