// Metal 2.0 named arguments in a compute kernel: runtime args first,
// second, the common runtime arg bias, the named compile-time arg block,
// one vararg and one common vararg, each filled into a tile of CB 16
// (an fp32 tile of that value, exact for these small integers) in that
// order.
#include "api/compute/common.h"
#include "fill_values.h"
#include "experimental/kernel_args.h"

void kernel_main()
{
    constexpr auto out = tt::CBIndex::c_16;
    constexpr uint32_t block = get_arg(args::block);
    const uint32_t v[6] = {get_arg(args::first), get_arg(args::second), get_arg(args::bias), block,
                           get_vararg(0),        get_common_vararg(0)};
    compute_kernel_hw_startup(out, out);
    init_sfpu(out, out);
    fill_tile_init();
    fill_values(out, v);
}
