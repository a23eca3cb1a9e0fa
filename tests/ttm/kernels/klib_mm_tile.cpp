// ttnn's kernel_lib matmul_tile as ttnn's bmm.cpp calls it: C = A x B tile
// by tile, MT x NT output tiles of KT products each, NB batches; CB 0 and
// CB 1 get A's and B's tiles in the loop's order (A[m][k] and B[k][n] for
// each m, n, k); CB 16 gets C row by row. MODE 1 negates each output tile
// (a post-compute functor).
#include "api/compute/compute_kernel_api.h"
#include "api/compute/matmul.h"
#include "ttnn/cpp/ttnn/kernel_lib/matmul_tile_helpers.hpp"

struct Negate {
    ALWI void operator()(uint32_t n) const
    {
        negative_tile_init();
        for (uint32_t i = 0; i < n; i++) negative_tile(i);
    }
};

void kernel_main()
{
    constexpr uint32_t in0 = tt::CBIndex::c_0, in1 = tt::CBIndex::c_1, out = tt::CBIndex::c_16;
    mm_init(in0, in1, out);
#if MODE == 1
    compute_kernel_lib::matmul_tile<in0, in1, out, false, Negate>(MT, NT, KT, NB, Negate{});
#else
    compute_kernel_lib::matmul_tile<in0, in1, out>(MT, NT, KT, NB);
#endif
}
