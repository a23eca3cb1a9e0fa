// A transposing copy, then another op (MODE) whose init configures the
// unpacker without transpose in tt-metal: 0 untilize_init + untilize_block,
// 1 pack_untilize_init + pack_untilize_block, 2 init_sfpu + copy_tile,
// 3 unary_op_init_common + copy_tile. CB 0: two tiles; CB 16: page 0 the
// first tile transposed, page 1 the second as MODE gives it.
#include "api/compute/compute_kernel_api.h"
#include "api/compute/pack_untilize.h"
#include "copy_one.h"
#include "api/compute/untilize.h"

void kernel_main()
{
    constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
    compute_kernel_hw_startup(in, out);
    copy_tile_to_dst_init_short(in, 1);
    cb_wait_front(in, 2);
    cb_reserve_back(out, 1);
    copy_one_tile(in, out);
    cb_push_back(out, 1);
    cb_pop_front(in, 1);
    cb_reserve_back(out, 1);
#if MODE == 0
    untilize_init(in);
    untilize_block(in, 1, out);
#elif MODE == 1
    pack_untilize_init<1>(in, out);
    pack_untilize_block<1>(in, 1, out);
#else
#if MODE == 2
    init_sfpu(in, out);
#else
    unary_op_init_common(in, out);
#endif
    copy_one_tile(in, out);
#endif
    cb_push_back(out, 1);
    cb_pop_front(in, 1);
}
