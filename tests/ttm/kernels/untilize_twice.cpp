// Two tile rows of one tile each, untilized by two untilize_block calls into
// one reservation of two pages of CB 16, pushed once: page 0 the first
// tile's rows, page 1 the second's.
#include "api/compute/untilize.h"

void kernel_main()
{
    constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
    compute_kernel_hw_startup(in, out);
    untilize_init(in);
    cb_reserve_back(out, 2);
    for (uint32_t r = 0; r < 2; r++) {
        cb_wait_front(in, 1);
        untilize_block(in, 1, out);
        cb_pop_front(in, 1);
    }
    cb_push_back(out, 2);
    untilize_uninit(in);
}
