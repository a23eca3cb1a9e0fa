// One page of an interleaved buffer moved by one address generator and one
// page call, as a tt-metal kernel makes them: the bytes it moves are the
// generator's page size (a 100-byte stick moves 100, not its 128-byte DRAM
// stride). tests/ttm/test_ttm_interleaved.c checks the bytes around it.
// CTA: 0, 1 TensorAccessorArgs of the buffer (DRAM or L1), 2 a page size
// that is no power of 2, 3 a power of 2 below the bank alignment.
// RTA: 0 buffer address, 1 L1 address, 2 page id, 3 generator (GEN_*),
// 4 operation (OP_*), 5 page size, 6 its log2, 7 the size of OP_WRITE_SIZE.
#include "api/dataflow/dataflow_api.h"

enum { OP_READ_PAGE, OP_READ_TILE, OP_WRITE_PAGE, OP_WRITE_TILE, OP_WRITE_SIZE };

template <class G> void move(const G &s, uint32_t op, uint32_t page, uint32_t l1, uint32_t size)
{
    if (op == OP_READ_PAGE)
        noc_async_read_page(page, s, l1);
    else if (op == OP_READ_TILE)
        noc_async_read_tile(page, s, l1);
    else if (op == OP_WRITE_PAGE)
        noc_async_write_page(page, s, l1);
    else if (op == OP_WRITE_TILE)
        noc_async_write_tile(page, s, l1);
    else
        noc_async_write_page(page, s, l1, size);
    noc_async_read_barrier();
    noc_async_write_barrier();
}

void kernel_main()
{
    constexpr auto args = TensorAccessorArgs<0>();
    constexpr bool dram = args.is_dram;
    constexpr uint32_t stick = get_compile_time_arg_val(2), pow2 = get_compile_time_arg_val(3);
    uint32_t addr = get_arg_val<uint32_t>(0), l1 = get_arg_val<uint32_t>(1);
    uint32_t page = get_arg_val<uint32_t>(2), gen = get_arg_val<uint32_t>(3);
    uint32_t op = get_arg_val<uint32_t>(4), size = get_arg_val<uint32_t>(5);
    uint32_t log2 = get_arg_val<uint32_t>(6), wsize = get_arg_val<uint32_t>(7);
    switch (gen) {
    case 0:
        move(InterleavedAddrGen<dram>{.bank_base_address = addr, .page_size = size}, op, page, l1,
             wsize);
        break;
    case 1:
        move(InterleavedAddrGenFast<dram>{.bank_base_address = addr,
                                          .page_size = size,
                                          .data_format = DataFormat::Invalid},
             op, page, l1, wsize);
        break;
    case 2:
        move(InterleavedPow2AddrGen<dram>{.bank_base_address = addr,
                                          .log_base_2_of_page_size = log2},
             op, page, l1, wsize);
        break;
    case 3:
        move(InterleavedPow2AddrGenFast<dram>{.bank_base_address = addr,
                                              .log_base_2_of_page_size = log2},
             op, page, l1, wsize);
        break;
    case 4: move(TensorAccessor(args, addr, size), op, page, l1, wsize); break;
    case 5: move(TensorAccessor(args, addr), op, page, l1, wsize); break;
    case 6: move(get_interleaved_addr_gen<dram, stick>(addr), op, page, l1, wsize); break;
    case 7: move(get_interleaved_addr_gen<dram, pow2>(addr), op, page, l1, wsize); break;
    case 8:
        move(get_interleaved_addr_gen<dram, false>(addr, size, log2), op, page, l1, wsize);
        break;
    case 9:
        move(get_interleaved_addr_gen<dram, true>(addr, size, log2), op, page, l1, wsize);
        break;
    case 10: move(get_interleaved_addr_gen<dram, false>(addr, size), op, page, l1, wsize); break;
    default: move(get_interleaved_addr_gen<dram, true>(addr, log2), op, page, l1, wsize); break;
    }
}
