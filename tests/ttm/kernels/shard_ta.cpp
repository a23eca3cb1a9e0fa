// tt-metal's sharded TensorAccessor over a tf_buffer_create_sharded tensor
// (compile-time args 0..: its TensorAccessorArgs, then an interleaved DRAM
// buffer's), as ttnn's generic copy kernels use it. RTA: 0 the sharded
// tensor's address, 1 the DRAM buffer's, 2 a page or shard id, 3 an L1
// scratch (a shard's bytes), 4 an L1 result word area.
//   MODE 0  every page by pages(): page p to DRAM page p
//   MODE 1  shard `id` by noc_async_read_shard into the scratch, then the
//           scratch to DRAM at the shard's offset (id * shard bytes)
//   MODE 2  shard `id`'s pages by shard_pages(): each to DRAM page page_id()
//   MODE 3  locality and the dspec: results[0] pages local to this core,
//           [1] shards local, [2..7] rank, banks, tensor h, w, shard h, w,
//           [8] is_local_addr of get_noc_addr(this core's L1), [9] the
//           pages pages(id) visits
//   MODE 4  get_noc_addr(id): an id past the tensor faults
//   MODE 5  get_shard_noc_addr(id): likewise
//   MODE 6  the other tt-metal forms: results [0..1] shard_grid, [2..3]
//           tensor_strides, [4..5] shard_strides, [6..7] shard_grid_strides,
//           [8] get_noc_addr({2, 2}) == get_noc_addr(8), [9]
//           get_shard_noc_addr({1, 1}) == get_shard_noc_addr(3), [10] the
//           iterator's postfix ++ gives the page before, [11]
//           packed_xy_coords()[0], [12..13] get_bank_and_offset(8), [14] the
//           slots shard_pages(1) visits after += 1, [15] the page it is at
//   MODE 7  shard_pages(id) of a shard past the tensor: a fault
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
    constexpr auto src_args = TensorAccessorArgs<0>();
    constexpr auto dst_args = TensorAccessorArgs<src_args.next_compile_time_args_offset()>();
    const uint32_t page = src_args.get_aligned_page_size();
    const auto src = TensorAccessor(src_args, get_arg_val<uint32_t>(0), page);
    const auto dst = TensorAccessor(dst_args, get_arg_val<uint32_t>(1), page);
    const uint32_t id = get_arg_val<uint32_t>(2), scratch = get_arg_val<uint32_t>(3);
    auto *res = reinterpret_cast<volatile uint32_t *>(get_arg_val<uint32_t>(4));
    const auto d = src.dspec();
    const uint32_t shard_bytes = d.shard_volume() * page;
#if MODE == 0
    for (const auto &pg : src.pages()) {
        noc_async_read(pg.noc_addr(), scratch, page);
        noc_async_read_barrier();
        noc_async_write(scratch, dst.get_noc_addr(pg.page_id()), page);
        noc_async_write_barrier();
    }
#elif MODE == 1
    noc_async_read_shard(id, src, scratch);
    noc_async_read_barrier();
    for (uint32_t k = 0; k < d.shard_volume(); k++)
        noc_async_write(scratch + k * page, dst.get_noc_addr(id * d.shard_volume() + k), page);
    noc_async_write_barrier();
#elif MODE == 2
    for (const auto &pg : src.shard_pages(id)) {
        noc_async_read(pg.noc_addr(), scratch, page);
        noc_async_read_barrier();
        noc_async_write(scratch, dst.get_noc_addr(pg.page_id()), page);
        noc_async_write_barrier();
    }
#elif MODE == 3
    uint32_t local_pages = 0, local_shards = 0, visited = 0;
    for (uint32_t p = 0; p < d.tensor_volume(); p++) local_pages += src.is_local_page(p);
    for (uint32_t s = 0; s < d.num_banks(); s++) local_shards += src.is_local_shard(s);
    for (const auto &pg : src.pages(id)) visited += pg.page_id() >= id;
    res[0] = local_pages;
    res[1] = local_shards;
    res[2] = d.rank();
    res[3] = d.num_banks();
    res[4] = d.tensor_shape()[0];
    res[5] = d.tensor_shape()[1];
    res[6] = d.shard_shape()[0];
    res[7] = d.shard_shape()[1];
    res[8] = src.is_local_addr(get_noc_addr(scratch));
    res[9] = visited;
    (void)shard_bytes;
#elif MODE == 4
    res[0] = (uint32_t)src.get_noc_addr(id);
#elif MODE == 5
    res[0] = (uint32_t)src.get_shard_noc_addr(id);
#elif MODE == 6
    res[0] = d.shard_grid()[0];
    res[1] = d.shard_grid()[1];
    res[2] = d.tensor_strides()[0];
    res[3] = d.tensor_strides()[1];
    res[4] = d.shard_strides()[0];
    res[5] = d.shard_strides()[1];
    res[6] = d.shard_grid_strides()[0];
    res[7] = d.shard_grid_strides()[1];
    const uint32_t coord[2] = {2, 2}, shard_coord[2] = {1, 1};
    res[8] = src.get_noc_addr(coord) == src.get_noc_addr(8);
    res[9] = src.get_shard_noc_addr(shard_coord) == src.get_shard_noc_addr(3);
    auto sp = src.shard_pages(0);
    auto it = sp.begin();
    res[10] = (it++)->page_id() == 0 && it->page_id() == 1;
    res[11] = d.packed_xy_coords()[0];
    auto m = src.get_bank_and_offset(8);
    res[12] = (uint32_t)m.bank_id;
    res[13] = (uint32_t)m.bank_page_offset;
    auto sp1 = src.shard_pages(1);
    auto it1 = sp1.begin();
    it1 += 1;
    uint32_t n = 0, at = it1->page_id();
    for (; it1 != sp1.end(); ++it1) n++;
    res[14] = n;
    res[15] = at;
#elif MODE == 7
    for (const auto &pg : src.shard_pages(id)) res[0] = pg.page_id();
#endif
    (void)shard_bytes;
}
