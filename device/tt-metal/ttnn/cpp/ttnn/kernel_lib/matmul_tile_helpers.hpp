// ttnn's kernel_lib tile-by-tile matmul (compute_kernel_lib::matmul_tile,
// what ttnn's basic bmm.cpp calls): tt-foil's own implementation over its
// compute API, with ttnn's names and semantics. C = A x B, batch x Mt x Nt
// output tiles in that order, each the sum over Kt of A[mt][kt] B[kt][nt]
// accumulated in DEST[0]: per kt it waits for one tile of in0 and one of
// in1 and pops them after the product (so the reader pushes them in that
// loop order, A's tile again for every nt), then calls the post-compute
// functor on the one tile, and packs it to out (reserve, pack, push), in
// the four DEST phases. The caller has called mm_init (as ttnn requires);
// `transpose` is mm_init's business there too and is accepted here only.
// Mt, Nt, Kt or batch of 0 computes nothing (ttnn's watcher ASSERTs them).
#pragma once

#include "api/compute/matmul.h"
#include "api/compute/tile_move_copy.h"

namespace compute_kernel_lib
{
namespace matmul_tile_config
{
// The default post-compute step: nothing.
struct NoPostCompute {
    ALWI void operator()(std::uint32_t) const {}
};
} // namespace matmul_tile_config

template <std::uint32_t in0_cb, std::uint32_t in1_cb, std::uint32_t out_cb, bool transpose = false,
          typename PostComputeFn = matmul_tile_config::NoPostCompute>
ALWI void matmul_tile(std::uint32_t Mt, std::uint32_t Nt, std::uint32_t Kt, std::uint32_t batch = 1,
                      PostComputeFn post_compute = {})
{
    static_assert(in0_cb < 32 && in1_cb < 32 && out_cb < 32, "matmul_tile: CB ids are 0..31");
    static_assert(in0_cb != out_cb && in1_cb != out_cb,
                  "matmul_tile: the output CB must be neither input");
    for (std::uint32_t b = 0; b < batch; b++)
        for (std::uint32_t m = 0; m < Mt; m++)
            for (std::uint32_t n = 0; n < Nt; n++) {
                tile_regs_acquire();
                for (std::uint32_t k = 0; k < Kt; k++) {
                    cb_wait_front(in0_cb, 1);
                    cb_wait_front(in1_cb, 1);
                    matmul_tiles(in0_cb, in1_cb, 0, 0, 0);
                    cb_pop_front(in0_cb, 1);
                    cb_pop_front(in1_cb, 1);
                }
                post_compute(1u);
                tile_regs_commit();
                tile_regs_wait();
                cb_reserve_back(out_cb, 1);
                pack_tile(0, out_cb);
                cb_push_back(out_cb, 1);
                tile_regs_release();
            }
}
} // namespace compute_kernel_lib
