// A data-movement kernel reading its CBs' settings and pointers through
// get_local_cb_interface (tt-metal's LocalCBInterface: bytes, L1 addresses),
// as ttnn's unary reader and writer read the page size. RTA: 0 results L1
// address, 1 a CB id known only at run time. Results, in order: CB 0's
// fifo_page_size, fifo_num_pages, fifo_size, get_write_ptr (its start),
// fifo_limit, fifo_rd_ptr, fifo_wr_ptr; after a reserve and push of one page
// fifo_wr_ptr, a view taken before the push (its fifo_wr_ptr), a copy taken
// before the push (its fifo_wr_ptr); after a wait and pop of one page
// fifo_rd_ptr; then CB (RTA 1)'s page size, num pages and fifo_limit -
// get_read_ptr, and cb_addr_shift; then 0xb1ac when the build defines
// ARCH_BLACKHOLE (tt-metal's JIT does on Blackhole; kernels flush writes and
// invalidate the L1 cache on that path).
#include "api/dataflow/dataflow_api.h"
// current ttnn kernels include these (Device 2.0 headers) and may use only
// the legacy calls: they build
#include "api/dataflow/dataflow_buffer.h"
#include "api/dataflow/noc.h"
#include "api/tensor/noc_traits.h"

constexpr uint32_t PAGE_SKIP = 2048;

void kernel_main()
{
    volatile tt_l1_ptr uint32_t *res =
        reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(0));
    const uint32_t other = get_arg_val<uint32_t>(1);
    constexpr uint32_t cb = tt::CBIndex::c_0;

    const uint32_t page_bytes = get_local_cb_interface(cb).fifo_page_size;
    const LocalCBInterface &view = get_local_cb_interface(cb);
    auto copy = get_local_cb_interface(cb);
    res[0] = page_bytes;
    res[1] = get_local_cb_interface(cb).fifo_num_pages;
    res[2] = get_local_cb_interface(cb).fifo_size;
    res[3] = get_write_ptr(cb);
    res[4] = get_local_cb_interface(cb).fifo_limit;
    res[5] = get_local_cb_interface(cb).fifo_rd_ptr;
    res[6] = get_local_cb_interface(cb).fifo_wr_ptr;
    DPRINT << "page " << get_local_cb_interface(cb).fifo_page_size << " pages "
           << view.fifo_num_pages << ENDL();

    cb_reserve_back(cb, 1);
    cb_push_back(cb, 1);
    res[7] = get_local_cb_interface(cb).fifo_wr_ptr;
    res[8] = view.fifo_wr_ptr;
    res[9] = copy.fifo_wr_ptr;
    cb_wait_front(cb, 1);
    cb_pop_front(cb, 1);
    res[10] = get_local_cb_interface(cb).fifo_rd_ptr;

    LocalCBInterface &o = get_local_cb_interface(other);
    res[11] = o.fifo_page_size;
    res[12] = o.fifo_num_pages;
    res[13] = o.fifo_limit - get_read_ptr(other);
    res[14] = cb_addr_shift;
#ifdef ARCH_BLACKHOLE
    invalidate_l1_cache();
    noc_async_write(get_read_ptr(cb), get_noc_addr(get_read_ptr(cb) + PAGE_SKIP), 16);
    noc_async_writes_flushed();
    noc_async_write_barrier();
    res[15] = 0xb1ac;
#else
    res[15] = 0;
#endif
}
