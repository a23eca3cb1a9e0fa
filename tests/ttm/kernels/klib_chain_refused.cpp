// Forms of ttnn's eltwise_chain tt-foil refuses at compile time (MODE picks).
#include "api/compute/compute_kernel_api.h"
#include "ttnn/kernel_lib/eltwise_chain.hpp"
#include "ttnn/kernel_lib/eltwise_math.hpp"

using namespace compute_kernel_lib;

void kernel_main()
{
#if MODE == 0 // a tile index given at run time
    eltwise_chain(1, CopyTile<0, Dst::D0, CopyTilePolicy::NoWaitNoPop, CbIndexMode::Pinned>{},
                  PackTile<16>{});
#elif MODE == 1 // reserve a page each tile, push never
    eltwise_chain(1, CopyTile<0>{}, PackTile<16, Dst::D0, PackTilePolicy::PerTileReserveNoPush>{});
#elif MODE == 2 // a refused element
    eltwise_chain(1, CopyTile<0>{},
                  DestReuseBinary<1, BinaryFpuOp::Mul, DestReuseType::DEST_TO_SRCA>{},
                  PackTile<16>{});
#elif MODE == 3
    eltwise_chain(1, UnaryBcast<BroadcastDim::Row, 0>{}, PackTile<16>{});
#elif MODE == 4 // the newest form
    eltwise_chain(EltwiseShape::tiles(1), CopyTile<0>{}, PackTile<16>{});
#elif MODE == 5
    constexpr auto spec = input();
    (void)spec;
#elif MODE == 6 // sfpu_chain's element
    eltwise_pipeline<16>(1, eltwise_chain(Load<0, Dst::D0>{}, Neg<>{}));
#elif MODE == 7 // tile i of a CB popped each tile
    eltwise_chain(1, CopyTile<0, Dst::D0, CopyTilePolicy::WaitAndPop, CbIndexMode::BlockIter>{},
                  PackTile<16>{});
#elif MODE == 8 // nothing packed
    eltwise_chain(1, CopyTile<0>{}, Neg<>{});
#elif MODE == 9 // the packer's reconfig on a BinaryFpu
    eltwise_chain(1,
                  BinaryFpu<0, 1, BinaryFpuOp::Add, BroadcastDim::None,
                            BinaryDataFormatReconfig::InputAndOutput>{},
                  PackTile<16>{});
#elif MODE == 10
    eltwise_chain(1, CopyTile<0>{}, PackTileBlock<16, Dst::D0, 1>{});
#elif MODE == 11 // a PackTile in eltwise_pipeline's chain
    eltwise_pipeline<16>(1, eltwise_chain(CopyTile<0>{}, PackTile<17>{}));
#elif MODE == 12 // something that is no element
    struct NotAnElement {
    };
    eltwise_chain(1, CopyTile<0>{}, NotAnElement{}, PackTile<16>{});
#endif
}
