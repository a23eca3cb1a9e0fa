// ttnn's kernel_lib tilize and untilize as ttnn's kernels call them: CB 0
// row-major (tilize) or tiles (untilize), CB 16 the other layout, WT tiles
// wide, NB blocks (tile rows). MODE picks the form.
#include "api/compute/compute_kernel_api.h"
#include "ttnn/cpp/ttnn/kernel_lib/tilize_helpers.hpp"
#include "ttnn/kernel_lib/untilize_helpers.hpp"

void kernel_main()
{
    constexpr uint32_t in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
    compute_kernel_hw_startup(in, out);
#if MODE == 0 // tilize, the width a template argument
    compute_kernel_lib::tilize<WT, in, out>(NB);
#elif MODE == 1 // tilize, the width an argument, everything waited for first, two calls chained
    using namespace compute_kernel_lib::tilize_config;
    compute_kernel_lib::tilize<in, out, InitUninitMode::InitOnly, WaitMode::WaitUpfront>(WT, 1);
    compute_kernel_lib::tilize<in, out, InitUninitMode::UninitOnly>(WT, NB - 1);
#elif MODE == 2 // untilize (one pass, or column blocks when WT is wider than DEST)
    compute_kernel_lib::untilize<WT, in, out>(NB);
#elif MODE == 3 // untilize waiting up front, with reconfiguration
    using namespace compute_kernel_lib::untilize_config;
    compute_kernel_lib::untilize<WT, in, out, InitUninitMode::InitAndUninit, WaitMode::WaitUpfront,
                                 ReconfigureRegisterDatatypeMode::NoReconfigure>(NB);
#elif MODE == 4 // the older forms: bools, and the CBs as arguments
    compute_kernel_lib::untilize<WT, in, out, true, true, true>(1, 1, WT);
    compute_kernel_lib::untilize<WT>(in, out, NB - 1);
#elif MODE == 5 // the .h era's tilize: CBs as arguments; the first call inits (switching the
                // unpacker's format from the "old" CB's, here the same), the rest is fast
    compute_kernel_lib::tilize<true, false, false, true>(in, WT, out, 1, 1, in);
    compute_kernel_lib::tilize<false, true, true>(in, WT, out, NB - 1);
#elif MODE == 6 // the .h era's untilize: init and uninit apart, CBs as arguments
    compute_kernel_lib::untilize_init<WT>(in, out);
    compute_kernel_lib::untilize<WT, false, false>(in, out, NB);
    compute_kernel_lib::untilize_uninit<WT>(in, out);
#elif MODE == 7 // the config form: init apart, a format switch from the "previous" CB (the same
                // here), then the flags form with the .h era's arguments
    using First =
        TilizeConfig<InputCB<in>, OutputCB<out>,
                     TilizeFlags::SKIP_INIT | TilizeFlags::SKIP_UNINIT | TilizeFlags::DT_RECONFIG,
                     PreviousCB<in>>;
    compute_kernel_lib::tilize_init<First>(WT);
    compute_kernel_lib::tilize<First>(WT, 1);
    compute_kernel_lib::tilize_uninit<First>();
    compute_kernel_lib::tilize<TilizeFlags::FAST>(in, WT, out, NB - 1);
#elif MODE == 8 // the config form of untilize: a row with init apart, the rest waited for first
    using Row =
        UntilizeConfig<WidthInTiles<WT>, InputCB<in>, OutputCB<out>, UntilizeFlags::SKIP_INIT>;
    using Rest =
        UntilizeConfig<WidthInTiles<WT>, InputCB<in>, OutputCB<out>, UntilizeFlags::WAIT_UPFRONT>;
    compute_kernel_lib::untilize_init<Row>();
    compute_kernel_lib::untilize<Row>(1);
    compute_kernel_lib::untilize<Rest>(NB - 1);
#endif
}
