// ttnn's kernel_lib SFPU chains (sfpu_helpers.hpp) as ttnn's kernels call
// them: CB 0 holds NT input tiles x, CB 16 gets NT result tiles. MODE picks
// the form; test_ttm_klib_sfpu.c has each one's expected values.
#include <cstdint>

#include "api/compute/compute_kernel_api.h"
#include "ttnn/cpp/ttnn/kernel_lib/binary_op_helpers.hpp"
#include "ttnn/cpp/ttnn/kernel_lib/sfpu_helpers.hpp"

void kernel_main()
{
    using namespace compute_kernel_lib;
    constexpr uint32_t cb_input = tt::CBIndex::c_0, cb_output = tt::CBIndex::c_16;
    constexpr uint32_t num_tiles = NT;
    init_sfpu(cb_input, cb_output);
#if MODE == 0 // -x, the defaults (DEST holds 4 fp32 tiles: batches of 4, then 2)
    sfpu_op<cb_input>(cb_output, num_tiles, Neg<>{});
#elif MODE == 1  // relu(x) a tile at a time, the shorthand
    sfpu_relu<cb_input, SfpuBatching::Disabled>(cb_output, num_tiles);
#elif MODE == 2  // 3x: x in D0 and D1 (one tile, one pop), D0 squared, D1 x 3 packed
    auto chain = sfpu_chain(Load<cb_input, Dst::D0>{}, Load<cb_input, Dst::D1>{}, Square<Dst::D0>{},
                            MulScalar<Dst::D1>{0x40400000u});
    sfpu_pipeline<SfpuBatching::Auto, SfpuInputPolicy::WaitAndPopPerTile, SfpuOutputPolicy::Bulk,
                  SfpuDataFormatReconfig::NONE>(chain, cb_output, num_tiles, Dst::D1);
#elif MODE == 3  // x - (-x) = 2x: tanhshrink's shape with Neg for Tanh (the newest order)
    auto chain = sfpu_chain(
        Load<cb_input, Dst::D0, LoadPolicy::WaitNoPop>{}, Neg<Dst::D0>{},
        DestReuseOp<cb_input, EltwiseBinaryType::ELWSUB, EltwiseBinaryReuseDestType::DEST_TO_SRCB,
                    Dst::D0, LoadPolicy::WaitAndPop>{});
    sfpu_pipeline<SfpuOutputPolicy::PerTile, SfpuDataFormatReconfig::NONE>(chain, cb_output,
                                                                           num_tiles);
#elif MODE == 4  // x + lambda: a value known at run time filled, then x added (FPU)
    const uint32_t bits = 0x3f000000u; // as a kernel's run-time argument: 0.5
    const float lambd = __builtin_bit_cast(float, bits);
    auto chain = sfpu_chain(
        FillScalar<Dst::D1>{lambd},
        DestReuseOp<cb_input, EltwiseBinaryType::ELWADD, EltwiseBinaryReuseDestType::DEST_TO_SRCA,
                    Dst::D1, LoadPolicy::WaitAndPop>{});
    sfpu_pipeline<SfpuOutputPolicy::PerTile, SfpuDataFormatReconfig::NONE, SfpuBatching::Disabled>(
        chain, cb_output, num_tiles, Dst::D1);
#elif MODE == 5  // x^2 + 1 on tiles the call waits for up front, popped by the kernel
    auto chain =
        sfpu_chain(Load<cb_input, Dst::D0>{}, Square<Dst::D0>{}, AddScalar<Dst::D0>{0x3f800000u});
    sfpu_pipeline<SfpuInputPolicy::WaitUpfrontNoPop>(chain, cb_output, num_tiles);
    cb_pop_front(cb_input, num_tiles);
#elif MODE == 6  // -x by MulScalar: the kernel waits for and pops the tiles; the packer only
    cb_wait_front(cb_input, num_tiles);
    sfpu_op<cb_input, SfpuInputPolicy::NoWaitNoPop, SfpuOutputPolicy::PerTile,
            SfpuDataFormatReconfig::OUTPUT>(cb_output, num_tiles,
                                            MulScalar<>{0xbf800000u}); // x (-1)
    cb_pop_front(cb_input, num_tiles);
#elif MODE == 7  // -(x * x): a chain as binary_op's post-op
    square(cb_input, cb_output, BinaryInputBlockShape::of(1, num_tiles), sfpu_chain(Neg<>{}));
#elif MODE == 8  // x^3: (x * x) x the tile again, DestReuseMul as binary_op's post-op
    square(cb_input, cb_output, BinaryInputBlockShape::of(1, num_tiles),
           sfpu_chain(DestReuseMul<cb_input, Dst::D0, LoadPolicy::NoWaitNoPop>{}));
#elif MODE == 9  // x * x + x: SFPU binary ops between slots (D2 = D0 x D1, D0 = D2 + D1)
    auto chain = sfpu_chain(Load<cb_input, Dst::D0>{}, Load<cb_input, Dst::D1>{},
                            SfpuMul<Dst::D0, Dst::D1, Dst::D2>{}, SfpuAdd<Dst::D2, Dst::D1>{});
    sfpu_pipeline(chain, cb_output, num_tiles);
#elif MODE == 10 // x == x * x: 1 where x is 0 or 1, else 0 (SfpuEq, a comparison between slots)
    auto chain = sfpu_chain(Load<cb_input, Dst::D0>{}, Load<cb_input, Dst::D1>{},
                            SfpuMul<Dst::D0, Dst::D1, Dst::D2>{}, SfpuEq<Dst::D0, Dst::D2>{});
    sfpu_pipeline(chain, cb_output, num_tiles);
#elif MODE == 11 // x != 0 ? -x : x (Where: x in D0, D1, D2; D1 negated)
    auto chain =
        sfpu_chain(Load<cb_input, Dst::D0>{}, Load<cb_input, Dst::D1>{}, Load<cb_input, Dst::D2>{},
                   Neg<Dst::D1>{}, Where<DataFormat::Float32>{});
    sfpu_pipeline(chain, cb_output, num_tiles);
#elif MODE == 12 // x + 2 x x (Addcmul, the value 2.0 at construction; into D2)
    auto chain =
        sfpu_chain(Load<cb_input, Dst::D0>{}, Load<cb_input, Dst::D1>{}, Load<cb_input, Dst::D2>{},
                   Addcmul<DataFormat::Float32, Dst::D0, Dst::D1, Dst::D2, Dst::D2>{0x40000000u});
    sfpu_pipeline(chain, cb_output, num_tiles, Dst::D2);
#elif MODE == 13 // x + 0.5 (x x - x) (Lerp: end x x in D1, weight 0.5 in D2)
    auto chain = sfpu_chain(Load<cb_input, Dst::D0>{}, Load<cb_input, Dst::D1>{}, Square<Dst::D1>{},
                            FillTile<Dst::D2>{0.5f}, Lerp<DataFormat::Float32>{});
    sfpu_pipeline(chain, cb_output, num_tiles);
#elif MODE == 14 // floor(clamp(x, -1.5, 2.25)) >= 1: ops with two parameters, one, a family's
    auto chain = sfpu_chain(Load<cb_input, Dst::D0>{}, Clamp<>{0xbfc00000u, 0x40100000u}, Floor<>{},
                            UnaryGe<>{0x3f800000u});
    sfpu_pipeline(chain, cb_output, num_tiles);
#elif MODE == 15 // x - trunc(x), the shorthand
    sfpu_frac<cb_input>(cb_output, num_tiles);
#elif MODE == 16 // softshrink by 1/2 a tile at a time
    sfpu_op<cb_input, SfpuBatching::Disabled>(cb_output, num_tiles, Softshrink<>{0x3f000000u});
#endif
}
