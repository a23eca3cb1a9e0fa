// Tensors picked at run time, as tt-metal's concat reader does:
// make_tensor_accessor_args_tuple, make_tensor_accessor_tuple and
// make_abstract_tensor_accessor_wrappers. CTA 0-2: the three sources' page
// sizes; from CTA 3 the three sources' TensorAccessorArgs, one after the
// other. RTA: 0 L1 scratch, 1-3 the sources' addresses, 4/5 the output's
// NOC address (lo, hi), 6-8 each source's page count. The sources' pages
// are written one after the other to the output. PAGE_ARGS: the accessors
// take their page sizes from CTA 0-2 (else from their args). NOC_OBJ: the
// reads go through 2026's Noc object, the wrapper as their source.
#include "api/dataflow/dataflow_api.h"
#ifdef NOC_OBJ
#include "api/core_local_mem.h"
#include "api/dataflow/noc.h"
#include "api/tensor/noc_traits.h"
#endif

constexpr uint32_t N = 3;

void kernel_main()
{
    constexpr auto args = make_tensor_accessor_args_tuple<N, N>();
    static_assert(std::get<2>(args).next_compile_time_args_offset() == N + 3 * 2);
#ifdef PAGE_ARGS
    const auto accessors = make_tensor_accessor_tuple(args, 1, 0);
#else
    const auto accessors = make_tensor_accessor_tuple(args, 1);
#endif
    const auto src = make_abstract_tensor_accessor_wrappers(accessors);
    static_assert(src.size() == N);
    const uint32_t l1 = get_arg_val<uint32_t>(0);
    const uint64_t out = (uint64_t)get_arg_val<uint32_t>(5) << 32 | get_arg_val<uint32_t>(4);
    uint32_t at = 0;
    for (uint32_t t = 0; t < N; t++) {
        const uint32_t size = kernel_compile_time_args[t], pages = get_arg_val<uint32_t>(6 + t);
        for (uint32_t p = 0; p < pages; p++) {
#ifdef NOC_OBJ
            Noc noc;
            noc.async_read(src[t], CoreLocalMem<uint32_t>(l1), size, {.page_id = p}, {});
            noc.async_read_barrier();
#else
            noc_async_read(src[t].get_noc_addr(p), l1, size);
            noc_async_read_barrier();
#endif
            noc_async_write(l1, out + at, size);
            noc_async_write_barrier();
            at += size;
        }
    }
}
