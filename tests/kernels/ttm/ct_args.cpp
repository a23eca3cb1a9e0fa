// Compile-time args and defines: positional args in constant expressions,
// named args, a define; results written to a DRAM buffer as uint32 words.
// RTA: 0 L1 scratch (64 bytes), 1/2 dst NOC address lo/hi.
#include <array>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#include "api/compile_time_args.h"
#include "api/dataflow/dataflow_api.h"

template <uint32_t N> struct Fixed {
    std::array<uint32_t, N> words{};
};

void kernel_main()
{
    constexpr uint32_t a = get_compile_time_arg_val(0);
    constexpr uint32_t b = get_compile_time_arg_val(1);
    constexpr uint32_t c = get_compile_time_arg_val(2);
    constexpr uint32_t tiles = get_named_compile_time_arg_val("num_tiles");
    constexpr uint32_t bytes = get_named_compile_time_arg_val("buffer_size");
    static_assert(std::is_same_v<decltype(a), const uint32_t>);
    Fixed<a> f; // a constant expression: a template argument
    volatile uint32_t *out = (volatile uint32_t *)get_arg_val<uint32_t>(0);
    out[0] = a;
    out[1] = b;
    out[2] = c;
    out[3] = f.words.size();
    out[4] = tiles;
    out[5] = bytes;
    out[6] = SCALE;
    out[7] = std::numeric_limits<uint16_t>::max();
    out[8] = kernel_compile_time_args.size();
    uint64_t dst = ((uint64_t)get_arg_val<uint32_t>(2) << 32) | get_arg_val<uint32_t>(1);
    noc_async_write(get_arg_val<uint32_t>(0), dst, 9 * 4);
    noc_async_write_barrier();
}
