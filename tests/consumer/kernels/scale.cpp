// A tt-metal style C++ kernel of the consumer project: out[i] = in[i] *
// factor, with the factor a compile-time arg (get_compile_time_arg_val(0)).
// RTA: 0/1 src NOC address lo/hi, 2/3 dst lo/hi, 4 L1 scratch, 5 words.
// A device zone "scale" (tt-metal's DeviceZoneScopedN) around the multiply,
// whose loop carries tt-llk's `#pragma GCC unroll 0` (clang 14 refuses it:
// both builds, tt_foil_add_kernel's and tf_kernel_build's, take it).
#include <cstdint>

#include "api/compile_time_args.h"
#include "api/dataflow/dataflow_api.h"
#include "tools/profiler/kernel_profiler.hpp"

void kernel_main()
{
    constexpr uint32_t factor = get_compile_time_arg_val(0);
    static_assert(factor > 0, "the factor is a constant expression");
    uint64_t src = (uint64_t(get_arg_val<uint32_t>(1)) << 32) | get_arg_val<uint32_t>(0);
    uint64_t dst = (uint64_t(get_arg_val<uint32_t>(3)) << 32) | get_arg_val<uint32_t>(2);
    uint32_t l1 = get_arg_val<uint32_t>(4), n = get_arg_val<uint32_t>(5);
    noc_async_read(src, l1, n * sizeof(uint32_t));
    noc_async_read_barrier();
    {
        DeviceZoneScopedN("scale");
        auto *w = reinterpret_cast<volatile uint32_t *>(l1);
#pragma GCC unroll 0
        for (uint32_t i = 0; i < n; i++) w[i] = w[i] * factor;
    }
    noc_async_write(l1, dst, n * sizeof(uint32_t));
    noc_async_write_barrier();
}
