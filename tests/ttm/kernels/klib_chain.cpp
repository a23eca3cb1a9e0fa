// ttnn's kernel_lib element-wise chains (eltwise_chain.hpp) as ttnn's 2026
// unary and softmax kernels call them: CB 0 holds the input tiles, CB 16
// gets the results; the compute args are the tile count n. MODE picks the
// form; test_ttm_klib_chain.c has each one's expected values.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/compute_kernel_hw_startup.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/sfpu_split_includes.h"
#include "ttnn/cpp/ttnn/kernel_lib/eltwise_chain.hpp"
#include "ttnn/cpp/ttnn/kernel_lib/eltwise_math.hpp"

#if MODE == 0 // eltwise_sfpu.cpp's op chain define: relu
#define SFPU_OP_CHAIN_0                                                                            \
    relu_tile_init();                                                                              \
    relu_tile(0);
#elif MODE == 1 // exp
#define SFPU_OP_CHAIN_0                                                                            \
    exp_tile_init();                                                                               \
    exp_tile(0);
#elif MODE == 2 // two ops: -(x^2)
#define SFPU_OP_CHAIN_0                                                                            \
    square_tile_init();                                                                            \
    square_tile(0);                                                                                \
    negative_tile_init();                                                                          \
    negative_tile(0);
#endif

namespace
{
// The unary kernel's op: the define's calls on DEST[0].
struct MacroOp : compute_kernel_lib::UnaryOp<MacroOp, compute_kernel_lib::Dst::D0> {
    static constexpr bool clobbers_sfpu_lut = true;
    ALWI static void init() {}
    ALWI static void call(uint32_t /*dst*/)
    {
#ifdef SFPU_OP_CHAIN_0
        SFPU_OP_CHAIN_0
#endif
    }
};
} // namespace

void kernel_main()
{
    using namespace compute_kernel_lib;
    const uint32_t n = get_arg_val<uint32_t>(0);
    constexpr auto cb_in = tt::CBIndex::c_0;
    constexpr auto cb_b = tt::CBIndex::c_1;
    constexpr auto cb_out = tt::CBIndex::c_16;
    compute_kernel_hw_startup(cb_in, cb_out);
#if MODE <= 2 // the unary kernel: CopyTile, then the define's ops, DEST[0] packed
    init_sfpu(cb_in, cb_out);
    eltwise_pipeline<cb_out>(n, eltwise_chain(CopyTile<cb_in>{}, MacroOp{}));
#elif MODE == 3 // x in D0 and D1 (one wait, one pop), D0 + D1; the inits hoisted: 2x
    init_sfpu(cb_in, cb_out);
    eltwise_pipeline<cb_out, true>(n, eltwise_chain(CopyTile<cb_in, Dst::D0>{},
                                                    CopyTile<cb_in, Dst::D1>{},
                                                    SfpuAdd<Dst::D0, Dst::D1, Dst::D0>{}));
#elif MODE == 4 // two ops, their inits each tile: x^2 + x
    init_sfpu(cb_in, cb_out);
    eltwise_pipeline<cb_out>(n, eltwise_chain(CopyTile<cb_in, Dst::D0>{},
                                              CopyTile<cb_in, Dst::D1>{}, Square<Dst::D0>{},
                                              SfpuAdd<Dst::D0, Dst::D1, Dst::D0>{}));
#elif MODE == 5 // softmax.cpp's exp chain (its policies written out): exp(x)
    reconfig_data_format(cb_in, cb_in);
    pack_reconfig_data_format(cb_out);
    eltwise_chain(n, CopyTile<cb_in, Dst::D0, CopyTilePolicy::WaitAndPop, CbIndexMode::FirstTile>{},
                  Exp<Approx::Exact, Approx::Exact, Dst::D0>{},
                  PackTile<cb_out, Dst::D0, PackTilePolicy::PerTileReserveAndPush>{});
#elif MODE == 6 || MODE == 8
    // CB 0's first tile is B: to CB 1 (a one-tile chain), then the n tiles of A.
    eltwise_chain(1, CopyTile<cb_in>{}, PackTile<cb_b>{});
    cb_wait_front(cb_b, 1);
#if MODE == 6 // softmax.cpp's last stage: A x B's column 0, A and B waited for by the kernel
    cb_wait_front(cb_in, n);
    reconfig_data_format(cb_in, cb_b);
    pack_reconfig_data_format(cb_out);
    eltwise_chain(
        n,
        BinaryFpu<cb_in, cb_b, BinaryFpuOp::Mul, BroadcastDim::Col, BinaryDataFormatReconfig::None,
                  CopyTilePolicy::NoWaitNoPop, CopyTilePolicy::NoWaitNoPop, CbIndexMode::BlockIter,
                  Dst::D0, CbIndexMode::FirstTile>{},
        PackTile<cb_out, Dst::D0, PackTilePolicy::PerTileReserveAndPush>{});
    cb_pop_front(cb_in, n);
#else         // A - B's row 0: A waited for a tile more each step, popped at the end; in D2
    eltwise_chain(
        n,
        BinaryFpu<cb_in, cb_b, BinaryFpuOp::Sub, BroadcastDim::Row, BinaryDataFormatReconfig::Input,
                  CopyTilePolicy::CumulativeWaitPopAtEnd, CopyTilePolicy::NoWaitNoPop,
                  CbIndexMode::BlockIter, Dst::D2, CbIndexMode::FirstTile>{},
        PackTile<cb_out, Dst::D2>{});
#endif
    cb_pop_front(cb_b, 1);
#elif MODE == 7  // one CB for both operands (one wait, one pop): x + x
    eltwise_chain(n, BinaryFpu<cb_in, cb_in, BinaryFpuOp::Add>{}, PackTile<cb_out>{});
#elif MODE == 9  // all n waited for up front, tile i copied, -x packed to page i of n reserved
    init_sfpu(cb_in, cb_out);
    eltwise_chain(
        n, CopyTile<cb_in, Dst::D0, CopyTilePolicy::WaitUpfrontPopAtEnd, CbIndexMode::BlockIter>{},
        Neg<Dst::D0>{},
        PackTile<cb_out, Dst::D0, PackTilePolicy::UpfrontReservePushAtEnd,
                 PackTileIndexMode::BlockIter>{});
#elif MODE == 10 // x and 1/2 filled in D1, D1 + x (FPU, reusing DEST), -(.) : -(x + 1/2)
    init_sfpu(cb_in, cb_out);
    eltwise_chain(
        n, FillScalar<Dst::D1>{0.5f},
        DestReuseOp<cb_in, EltwiseBinaryType::ELWADD, EltwiseBinaryReuseDestType::DEST_TO_SRCA,
                    Dst::D1, LoadPolicy::WaitAndPop>{},
        Neg<Dst::D1>{}, PackTile<cb_out, Dst::D1>{});
#elif MODE == 11 // rotary_embedding_llama.cpp's form: a block size, both operands and the
                 // output windows the kernel's, tile i of each: x x x
    cb_wait_front(cb_in, n);
    cb_reserve_back(cb_out, n);
    eltwise_chain<DEST_AUTO_LIMIT>(
        n,
        BinaryFpu<cb_in, cb_in, BinaryFpuOp::Mul, BroadcastDim::None,
                  BinaryDataFormatReconfig::None, CopyTilePolicy::NoWaitNoPop,
                  CopyTilePolicy::NoWaitNoPop, CbIndexMode::BlockIter, Dst::D0,
                  CbIndexMode::BlockIter>{},
        PackTile<cb_out, Dst::D0, PackTilePolicy::NoReserveNoPush, PackTileIndexMode::BlockIter>{});
    cb_push_back(cb_out, n);
    cb_pop_front(cb_in, n);
#elif MODE == 12 || MODE == 13
    // x in D0 and D1 from one CB whose two operands' per-tile policies
    // differ (one waits and pops, the other neither; in both orders): the
    // CB is waited for and popped a tile each step: x + x
    init_sfpu(cb_in, cb_out);
    constexpr auto first = MODE == 12 ? CopyTilePolicy::WaitAndPop : CopyTilePolicy::NoWaitNoPop;
    constexpr auto second = MODE == 12 ? CopyTilePolicy::NoWaitNoPop : CopyTilePolicy::WaitAndPop;
    eltwise_chain(n, CopyTile<cb_in, Dst::D0, first>{}, CopyTile<cb_in, Dst::D1, second>{},
                  SfpuAdd<Dst::D0, Dst::D1, Dst::D0>{}, PackTile<cb_out>{});
#endif
}
