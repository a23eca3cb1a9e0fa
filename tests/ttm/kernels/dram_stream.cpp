// A DRAM-sharded weight's shard streamed through a CB in blocks, as ttnn's
// Blackhole DRAM-sharded matmul reader does: up to three blocks in flight,
// block b's pages tagged with transaction id 1 + b % 3, and each block
// pushed once its own id's reads have landed while the next ones are on
// the way. READER (NCRISC): RTA 0 the tensor's address, 1 its bank, 2
// pages a block, 3 blocks, 4 the page size; CB 1 holds three blocks.
// WRITER (BRISC): RTA 0 the output's address (an interleaved DRAM buffer
// of the same page size), 1 pages a block, 2 blocks, 3 the page size;
// block b's pages go to output pages b x pages a block ..., through CB 2's
// memory (a block's size) as scratch.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
    constexpr uint32_t cb = 1;
#ifdef READER
    const uint32_t addr = get_arg_val<uint32_t>(0), bank = get_arg_val<uint32_t>(1);
    const uint32_t per_block = get_arg_val<uint32_t>(2), blocks = get_arg_val<uint32_t>(3);
    const uint32_t page = get_arg_val<uint32_t>(4);
    constexpr uint32_t in_buffer = 3;
    const uint32_t block_bytes = per_block * page;
    uint32_t base = noc_async_read_tile_dram_sharded_set_state<true>(addr, page, bank, 0);
    uint32_t free_blocks = in_buffer, trid = 1, trid_to_wait = 1, src = 0;
    cb_reserve_back(cb, per_block);
    const uint32_t start = get_write_ptr(cb);
    uint32_t offset = 0;
    for (uint32_t b = 0; b < blocks; b++) {
        noc_async_read_tile_dram_sharded_set_trid(trid);
        uint32_t dst = start + offset;
        for (uint32_t p = 0; p < per_block; p++, src += page, dst += page)
            noc_async_read_tile_dram_sharded_with_state_with_trid(base, src, dst, trid);
        if (free_blocks == 2) {
            noc_async_read_barrier_with_trid(trid_to_wait);
            cb_push_back(cb, per_block);
            trid_to_wait = trid_to_wait == in_buffer ? 1 : trid_to_wait + 1;
            cb_reserve_back(cb, per_block * 2);
        } else {
            free_blocks -= 1;
        }
        if (trid == in_buffer) {
            offset = 0;
            trid = 1;
        } else {
            offset += block_bytes;
            trid += 1;
        }
    }
    // the blocks still in flight, oldest first
    for (uint32_t left = in_buffer - free_blocks; left; left--) {
        noc_async_read_barrier_with_trid(trid_to_wait);
        cb_push_back(cb, per_block);
        trid_to_wait = trid_to_wait == in_buffer ? 1 : trid_to_wait + 1;
    }
#else
    const uint32_t out_addr = get_arg_val<uint32_t>(0), per_block = get_arg_val<uint32_t>(1);
    const uint32_t blocks = get_arg_val<uint32_t>(2), page = get_arg_val<uint32_t>(3);
    const InterleavedAddrGen<true> out = {.bank_base_address = out_addr, .page_size = page};
    // Each block is copied by this RISC's own loads into CB 2's memory
    // before it goes out: what the block held when cb_wait_front returned
    // (a NOC write reads its source later, when it completes).
    const uint32_t copy = get_write_ptr(2);
    for (uint32_t b = 0; b < blocks; b++) {
        cb_wait_front(cb, per_block);
        auto *from = reinterpret_cast<volatile uint32_t *>(get_read_ptr(cb));
        auto *to = reinterpret_cast<volatile uint32_t *>(copy);
        for (uint32_t i = 0; i < per_block * page / 4; i++) to[i] = from[i];
        for (uint32_t p = 0; p < per_block; p++)
            noc_async_write(copy + p * page, out.get_noc_addr(b * per_block + p), page);
        noc_async_write_barrier();
        cb_pop_front(cb, per_block);
    }
#endif
}
