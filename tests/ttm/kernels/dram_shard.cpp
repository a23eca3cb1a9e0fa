// A DRAM-sharded tensor (tf_buffer_create_sharded with in_dram) read as
// tt-metal's DRAM-sharded kernels do. Compile-time args 0..: the tensor's
// TensorAccessorArgs, then an interleaved DRAM output buffer's. RTA: 0 the
// tensor's address, 1 the output's, 2 a bank id, 3 a shard id, 4 an L1
// scratch (a shard's bytes), 5 an L1 result word area.
//   MODE 0  the DRAM-sharded matmul reader's way: set_state on bank `bank`
//           with the aligned page size, then each page of its shard by
//           with_state into the scratch; the scratch to the output at the
//           shard's offset (shard id x shard bytes)
//   MODE 1  every page by the accessor's pages(): page p to output page p
//   MODE 2  shard `shard` by noc_async_read_shard, to the output as MODE
//           0; results [0] pages local to this core, [1] shards local,
//           [2] banks, [3] packed_xy_coords()[0], [4] is_dram, [5..6]
//           get_bank_and_offset(page 9)
//   MODE 3  with_state before any set_state: a fault
//   MODE 4  set_state on bank `bank` (one past the device's): a fault
//   MODE 5  get_noc_addr_from_bank_id<false>(bank): an L1 bank past the
//           device's, a fault
//   MODE 6  get_noc_addr_from_bank_id<true>(bank, address + shard offset):
//           the shard read in one transfer, to the output as MODE 0
//   MODE 7  transaction ids, as the DRAM-sharded matmul reader streams
//           blocks: bank `bank`'s shard in two halves, the first half's
//           pages tagged 1 (the DRAM-sharded forms), the second's 2 (the
//           one-packet forms: the 2024 set_state<page_size, vc> first);
//           barrier_with_trid(1), then (2); results [0] cycles from issue
//           to the first barrier's end, [1] to the second's; then an
//           ordinary noc_async_read after set_trid(3), waited for by
//           barrier_with_trid(3) into the scratch zeroed, and the shard to
//           the output again
//   MODE 8  barrier_with_trid(16): a fault
//   MODE 9  set_trid(`bank`): a fault (the id past 15)
//   MODE 10 a _with_trid read given id 16: a fault
//   MODE 11 set_trid(9), and nothing more
//   MODE 12 a plain read of bank `bank`'s shard (after MODE 11: id 9);
//           results [0] cycles to barrier_with_trid(0)'s end, [1] to
//           barrier_with_trid(9)'s, [2] NOC_MAX_TRANSACTION_ID
//   MODE 13 writes with transaction ids: bank `bank`'s shard read into the
//           scratch, then its first half written to the output (at the
//           shard's offset) tagged 1 (noc_async_write_set_trid and plain
//           writes), the second tagged 2 (the one-packet _with_trid forms);
//           results [0] ncrisc_noc_nonposted_write_with_transaction_id_flushed(1)
//           right after, [1] cycles to write_flushed_with_trid(1)'s end, [2]
//           to write_barrier_with_trid(1)'s, [3] to (2)'s, [4] the test of
//           (1) after its barrier, [5] ncrisc_noc_read_with_transaction_id_flushed(0)
//   MODE 14 write_barrier_with_trid(16): a fault
//   MODE 15 Device 2.0's Noc with NocOptions::TXN_ID: bank `bank`'s shard
//           read in two halves tagged 1 and 2 (async_read<TXN_ID>), results
//           [0] is_read_trid_flushed(2) right after async_read_barrier<TXN_ID>
//           of 1, [1] cycles to that barrier's end, [2] to 2's; then the
//           shard written to the output (async_write<TXN_ID>, id 3) and
//           waited for by async_write_barrier<TXN_ID>
//   MODE 16 reset_noc_trid_barrier_counter: bank `bank`'s shard read tagged
//           1 (A), id 1 cleared while it is in flight, then one page of
//           this core's own L1 read tagged 1 (B, landing long before A);
//           results [0] read_with_transaction_id_flushed(1) before the
//           clear, [1] after it, [2] cycles to barrier_with_trid(1)'s end
//           (B alone), [3] to noc_async_read_barrier's (A too); then a
//           write tagged 4 cleared in flight: [4] the write test of 4
//           before, [5] after; [7] cycles from a 1 KiB write's issue,
//           tagged 4 and cleared at once, to write_flushed_with_trid(4)'s
//           end (a clear keeps when writes leave the core); then B again,
//           [6] cycles to its
//           barrier_with_trid(1) (A's landing left id 1's count alone)
#include "api/core_local_mem.h"
#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/endpoints.h"
#include "api/dataflow/noc.h"
#include "api/tensor/noc_traits.h"

void kernel_main()
{
    constexpr auto t_args = TensorAccessorArgs<0>();
    constexpr auto o_args = TensorAccessorArgs<t_args.next_compile_time_args_offset()>();
    const uint32_t page = t_args.get_aligned_page_size();
    const uint32_t t_addr = get_arg_val<uint32_t>(0);
    const auto t = TensorAccessor(t_args, t_addr, page);
    const auto out = TensorAccessor(o_args, get_arg_val<uint32_t>(1), page);
    const uint32_t bank = get_arg_val<uint32_t>(2), shard = get_arg_val<uint32_t>(3);
    const uint32_t scratch = get_arg_val<uint32_t>(4);
    auto *res = reinterpret_cast<volatile uint32_t *>(get_arg_val<uint32_t>(5));
    const auto d = t.dspec();
    const uint32_t per_shard = d.shard_volume();
#if MODE == 0 || MODE == 2 || MODE == 6
#if MODE == 0
    uint32_t base = noc_async_read_tile_dram_sharded_set_state<true>(t_addr, page, bank, 1);
    for (uint32_t k = 0; k < per_shard; k++)
        noc_async_read_tile_dram_sharded_with_state(base, k * page, scratch + k * page);
#elif MODE == 2
    noc_async_read_shard(shard, t, scratch);
    uint32_t local_pages = 0, local_shards = 0;
    for (uint32_t p = 0; p < d.tensor_volume(); p++) local_pages += t.is_local_page(p);
    for (uint32_t s = 0; s < d.num_banks(); s++) local_shards += t.is_local_shard(s);
    res[0] = local_pages;
    res[1] = local_shards;
    res[2] = d.num_banks();
    res[3] = d.packed_xy_coords()[0];
    res[4] = t.is_dram;
    auto m = t.get_bank_and_offset(9);
    res[5] = (uint32_t)m.bank_id;
    res[6] = (uint32_t)m.bank_page_offset;
#else
    noc_async_read(get_noc_addr_from_bank_id<true>(bank, t_addr), scratch, per_shard * page);
#endif
    noc_async_read_barrier();
    for (uint32_t k = 0; k < per_shard; k++)
        noc_async_write(scratch + k * page, out.get_noc_addr(shard * per_shard + k), page);
    noc_async_write_barrier();
#elif MODE == 7
    const uint32_t half = per_shard / 2;
    std::uint64_t t0 = dev_clock();
    constexpr uint32_t cpage = decltype(t_args)::AlignedPageSize;
    uint32_t base = noc_async_read_tile_dram_sharded_set_state<cpage, true>(t_addr, bank, 1);
    noc_async_read_tile_dram_sharded_set_trid(1);
    for (uint32_t k = 0; k < half; k++)
        noc_async_read_tile_dram_sharded_with_state_with_trid(base, k * page, scratch + k * page,
                                                              1);
    noc_async_read_set_trid(2);
    noc_async_read_one_packet_set_state(get_noc_addr_from_bank_id<true>(bank, 0), page);
    for (uint32_t k = half; k < per_shard; k++)
        noc_async_read_one_packet_with_state_with_trid(t_addr, k * page, scratch + k * page, 2);
    noc_async_read_barrier_with_trid(1);
    res[0] = (uint32_t)(dev_clock() - t0);
    noc_async_read_barrier_with_trid(2);
    res[1] = (uint32_t)(dev_clock() - t0);
    for (uint32_t k = 0; k < per_shard; k++)
        noc_async_write(scratch + k * page, out.get_noc_addr(shard * per_shard + k), page);
    noc_async_write_barrier();
    auto *sp = reinterpret_cast<volatile uint32_t *>(scratch);
    for (uint32_t i = 0; i < per_shard * page / 4; i++) sp[i] = 0;
    noc_async_read_set_trid(3);
    noc_async_read(get_noc_addr_from_bank_id<true>(bank, t_addr), scratch, per_shard * page);
    noc_async_read_barrier_with_trid(3);
    for (uint32_t k = 0; k < per_shard; k++) /* (the same bytes again, once the read landed) */
        noc_async_write(scratch + k * page, out.get_noc_addr(shard * per_shard + k), page);
    noc_async_write_barrier();
#elif MODE == 8
    noc_async_read_barrier_with_trid(16);
#elif MODE == 9
    noc_async_read_set_trid(bank);
#elif MODE == 10
    noc_async_read_one_packet_set_state(get_noc_addr_from_bank_id<true>(0, 0), page);
    noc_async_read_one_packet_with_state_with_trid(t_addr, 0, scratch, 16);
#elif MODE == 11
    noc_async_read_set_trid(9);
#elif MODE == 12
    std::uint64_t t0 = dev_clock();
    noc_async_read(get_noc_addr_from_bank_id<true>(bank, t_addr), scratch, per_shard * page);
    noc_async_read_barrier_with_trid(0);
    res[0] = (uint32_t)(dev_clock() - t0);
    noc_async_read_barrier_with_trid(9);
    res[1] = (uint32_t)(dev_clock() - t0);
    res[2] = NOC_MAX_TRANSACTION_ID;
    noc_async_read_set_trid(0);
#elif MODE == 13
    noc_async_read(get_noc_addr_from_bank_id<true>(bank, t_addr), scratch, per_shard * page);
    noc_async_read_barrier();
    const uint32_t half = per_shard / 2;
    std::uint64_t t0 = dev_clock();
    noc_async_write_set_trid(1);
    for (uint32_t k = 0; k < half; k++)
        noc_async_write(scratch + k * page, out.get_noc_addr(shard * per_shard + k), page);
    for (uint32_t k = half; k + 1 < per_shard; k++) { /* (pages in other banks: a state each) */
        std::uint64_t to = out.get_noc_addr(shard * per_shard + k);
        noc_async_write_one_packet_with_trid_set_state(to);
        noc_async_write_one_packet_with_trid_with_state(scratch + k * page, (uint32_t)to, page, 2);
    }
    noc_async_write_one_packet_with_trid(scratch + (per_shard - 1) * page,
                                         out.get_noc_addr(shard * per_shard + per_shard - 1), page,
                                         2);
    res[0] = ncrisc_noc_nonposted_write_with_transaction_id_flushed(noc_index, 1);
    noc_async_write_flushed_with_trid(1);
    res[1] = (uint32_t)(dev_clock() - t0);
    noc_async_write_barrier_with_trid(1);
    res[2] = (uint32_t)(dev_clock() - t0);
    res[4] = ncrisc_noc_nonposted_write_with_transaction_id_flushed(noc_index, 1);
    noc_async_write_barrier_with_trid(2);
    res[3] = (uint32_t)(dev_clock() - t0);
    res[5] = ncrisc_noc_read_with_transaction_id_flushed(noc_index, 0);
    noc_async_write_set_trid(0);
#elif MODE == 14
    noc_async_write_barrier_with_trid(16);
#elif MODE == 15
    Noc noc;
    AllocatorBank<AllocatorBankType::DRAM> dram;
    CoreLocalMem<std::uint32_t> mem(scratch);
    const uint32_t half = per_shard / 2;
    std::uint64_t t0 = dev_clock();
    for (uint32_t k = 0; k < per_shard; k++)
        noc.async_read<NocOptions::TXN_ID>(
            dram, mem, page, {.bank_id = bank, .addr = t_addr + k * page},
            {.offset_bytes = k * page}, {.trid = k < half ? 1u : 2u});
    noc.async_read_barrier<NocOptions::TXN_ID>({.trid = 1});
    res[0] = noc.is_read_trid_flushed(2);
    res[1] = (uint32_t)(dev_clock() - t0);
    noc.async_read_barrier<NocOptions::TXN_ID>({.trid = 2});
    res[2] = (uint32_t)(dev_clock() - t0);
    for (uint32_t k = 0; k < per_shard; k++)
        noc.async_write<NocOptions::TXN_ID>(mem, out, page, {.offset_bytes = k * page},
                                            {.page_id = shard * per_shard + k}, {.trid = 3});
    noc.async_write_barrier<NocOptions::TXN_ID>({.trid = 3});
    noc_async_read_set_trid(0);
    noc_async_write_set_trid(0);
#elif MODE == 16
    reset_noc_trid_barrier_counter(); /* (every id, nothing counted: no change) */
    const std::uint64_t own = get_noc_addr(my_x[noc_index], my_y[noc_index], scratch);
    const uint32_t tail = scratch + per_shard * page;
    std::uint64_t t0 = dev_clock();
    noc_async_read_set_trid(1);
    noc_async_read(get_noc_addr_from_bank_id<true>(bank, t_addr), scratch, per_shard * page);
    res[0] = ncrisc_noc_read_with_transaction_id_flushed(noc_index, 1);
    reset_noc_trid_barrier_counter(1u << 1, noc_index);
    res[1] = ncrisc_noc_read_with_transaction_id_flushed(noc_index, 1);
    noc_async_read(own, tail, page);
    noc_async_read_barrier_with_trid(1);
    res[2] = (uint32_t)(dev_clock() - t0);
    noc_async_read_barrier();
    res[3] = (uint32_t)(dev_clock() - t0);
    noc_async_write_set_trid(4);
    t0 = dev_clock();
    noc_async_write(scratch, out.get_noc_addr(0), page);
    res[4] = ncrisc_noc_nonposted_write_with_transaction_id_flushed(noc_index, 4);
    reset_noc_trid_barrier_counter(0xffffffffu, noc_index); /* (bits past 15: no id) */
    res[5] = ncrisc_noc_nonposted_write_with_transaction_id_flushed(noc_index, 4);
    noc_async_write_barrier();
    const std::uint64_t self = get_noc_addr(my_x[noc_index], my_y[noc_index], scratch);
    t0 = dev_clock();
    noc_async_write(scratch, self, 1024); /* (16 cycles through the port) */
    reset_noc_trid_barrier_counter(1u << 4, noc_index);
    noc_async_write_flushed_with_trid(4); /* (still until the write has left the core) */
    res[7] = (uint32_t)(dev_clock() - t0);
    noc_async_write_barrier();
    t0 = dev_clock();
    noc_async_read(own, tail, page);
    noc_async_read_barrier_with_trid(1);
    res[6] = (uint32_t)(dev_clock() - t0);
    noc_async_read_set_trid(0);
    noc_async_write_set_trid(0);
#elif MODE == 1
    for (const auto &pg : t.pages()) {
        noc_async_read(pg.noc_addr(), scratch, page);
        noc_async_read_barrier();
        noc_async_write(scratch, out.get_noc_addr(pg.page_id()), page);
        noc_async_write_barrier();
    }
#elif MODE == 3
    noc_async_read_tile_dram_sharded_with_state(t_addr, 0, scratch);
#elif MODE == 4
    res[0] = noc_async_read_tile_dram_sharded_set_state<false>(t_addr, page, bank);
#elif MODE == 5
    res[0] = (uint32_t)get_noc_addr_from_bank_id<false>(bank, t_addr);
#endif
    (void)res, (void)shard, (void)bank, (void)per_shard;
}
