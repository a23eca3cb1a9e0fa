// Matmul in tt-metal's C++ API, in the older style (compute_kernel_api.h,
// namespace NAMESPACE { void MAIN }, acquire_dst) for the tile-by-tile form
// and the newer for the block (the protocol of tests/kernels/ops_matmul.c):
// C (Mt x Nt tiles) = A (Mt x Kt) x B (Kt x Nt), tiles in row-major tile
// order in CB 0 and CB 1, all waited for at once. args: 0 Mt, 1 Kt, 2 Nt, 3
// how: 0 matmul_tiles, one output tile per DEST acquire, Kt products each;
// 1 matmul_block: the whole Mt x Nt block in DEST, Kt block steps; 4
// passes (the products run that many times, the last one packed). The
// fidelity: tt_foil_add_kernel's MATH_FIDELITY (MATH_FIDELITY here).
#include "compute_kernel_api.h"
#include "compute_kernel_api/matmul.h"
#include "compute_kernel_api/tile_move_copy.h"

namespace NAMESPACE
{
void MAIN
{
    uint32_t mt = get_arg_val<uint32_t>(0), kt = get_arg_val<uint32_t>(1);
    uint32_t nt = get_arg_val<uint32_t>(2), how = get_arg_val<uint32_t>(3);
    uint32_t passes = get_arg_val<uint32_t>(4);
    static_assert(MATH_FIDELITY == MathFidelity::TF_TEST_FIDELITY,
                  "MATH_FIDELITY follows the option");
    static_assert(DST_ACCUM_MODE == TF_TEST_FP32, "DST_ACCUM_MODE follows FP32_DEST_ACC");
    cb_wait_front(tt::CB::c_in0, mt * kt);
    cb_wait_front(tt::CB::c_in1, kt * nt);
    if (how == 0) {
        mm_init(); // the oldest defaults: CBs 0, 1 and 16
        for (uint32_t p = 1; p < passes; p++)
            for (uint32_t t = 0; t < mt * nt; t++) {
                acquire_dst(tt::DstMode::Half);
                for (uint32_t k = 0; k < kt; k++)
                    matmul_tiles(tt::CB::c_in0, tt::CB::c_in1, t / nt * kt + k, k * nt + t % nt, 0,
                                 false);
                release_dst(tt::DstMode::Half);
            }
        for (uint32_t m = 0; m < mt; m++)
            for (uint32_t n = 0; n < nt; n++) {
                acquire_dst(tt::DstMode::Half);
                for (uint32_t k = 0; k < kt; k++)
                    matmul_tiles(tt::CB::c_in0, tt::CB::c_in1, m * kt + k, k * nt + n, 0, false);
                cb_reserve_back(tt::CB::c_out0, 1);
                matmul_pack_tile(0, tt::CB::c_out0, 1);
                cb_push_back(tt::CB::c_out0, 1);
                release_dst(tt::DstMode::Half);
            }
    } else {
        mm_block_init(tt::CB::c_in0, tt::CB::c_in1, tt::CB::c_out0, false, nt, mt, kt);
        tile_regs_acquire();
        // in0 block rt x kt: tile (r, k) at r kt + k; in1 row k at k nt
        for (uint32_t k = 0; k < kt; k++)
            matmul_block(tt::CB::c_in0, tt::CB::c_in1, k, k * nt, 0, false, nt, mt, kt);
        tile_regs_commit();
        cb_reserve_back(tt::CB::c_out0, mt * nt);
        tile_regs_wait();
        for (uint32_t t = 0; t < mt * nt; t++) pack_tile<true>(t, tt::CB::c_out0, t);
        tile_regs_release();
        cb_push_back(tt::CB::c_out0, mt * nt);
    }
    cb_pop_front(tt::CB::c_in0, mt * kt);
    cb_pop_front(tt::CB::c_in1, kt * nt);
}
} // namespace NAMESPACE
