// ttnn's kernel_lib matmul_block forms tt-foil refuses (each MODE a
// compile error saying so).
#include "api/compute/compute_kernel_api.h"
#include "ttnn/cpp/ttnn/kernel_lib/matmul_block_helpers.hpp"

using namespace compute_kernel_lib;

struct SomeActivation {
};

void kernel_main()
{
    const auto shape = MatmulBlockShape::of(1, 1, 1, 1, 1, 2);
#if MODE == 1
    matmul_block<false, false, LastBlockTarget::Out, OutputCBLayout::SubblockMajor,
                 matmul_config::InitMode::Short, InputPolicy::WaitAndPopPerKBlock,
                 InputPolicy::WaitAndPopPerKBlock, matmul_config::DataFormatReconfig::None,
                 SomeActivation>(0, 1, 16, 24, shape);
#elif MODE == 2
    matmul_block<false, false, LastBlockTarget::Out, OutputCBLayout::SubblockMajor,
                 matmul_config::InitMode::Short, InputPolicy::NoWaitNoPop>(0, 1, 16, 24, shape);
#endif
}
