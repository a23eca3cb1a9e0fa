// Fused matmul + bias + GELU in tt-metal's C++ API (the protocol of
// tests/kernels/mm_bias_gelu_compute.c): for each output tile (m, n), DEST
// = the sum over k of A(m, k) x B(k, n), packed to the partials CB 24, then
// partial + the bias row (add_tiles_bcast<ROW> with bias tile n) and gelu in
// one DEST, to CB 16. CBs: 0 A (Mt x Kt), 1 B (Kt x Nt), 2 bias (Nt tiles,
// row 0 of each), 24 partials, 16 out. args: 0 Mt, 1 Kt, 2 Nt.
// GELU_EXACT: gelu_tile<false> (the erf form); else tt-metal's default.
#include "api/compute/bcast.h"
#include "api/compute/eltwise_unary/gelu.h"
#include "api/compute/matmul.h"

#ifdef GELU_EXACT
constexpr bool gelu_approx = false;
#else
constexpr bool gelu_approx = true;
#endif
constexpr auto cb_a = tt::CBIndex::c_0, cb_b = tt::CBIndex::c_1, cb_bias = tt::CBIndex::c_2;
constexpr auto cb_partial = tt::CBIndex::c_24, cb_out = tt::CBIndex::c_16;

void kernel_main()
{
    uint32_t mt = get_arg_val<uint32_t>(0), kt = get_arg_val<uint32_t>(1);
    uint32_t nt = get_arg_val<uint32_t>(2);
    compute_kernel_hw_startup<SrcOrder::Reverse>(cb_a, cb_b, cb_partial);
    cb_wait_front(cb_a, mt * kt);
    cb_wait_front(cb_b, kt * nt);
    cb_wait_front(cb_bias, nt);
    for (uint32_t m = 0; m < mt; m++)
        for (uint32_t n = 0; n < nt; n++) {
            matmul_init(cb_a, cb_b);
            tile_regs_acquire();
            for (uint32_t k = 0; k < kt; k++) matmul_tile(cb_a, cb_b, m * kt + k, k * nt + n, 0);
            tile_regs_commit();
            cb_reserve_back(cb_partial, 1);
            tile_regs_wait();
            pack_tile(0, cb_partial);
            tile_regs_release();
            cb_push_back(cb_partial, 1);

            cb_wait_front(cb_partial, 1);
            add_bcast_rows_init_short(cb_partial, cb_bias);
            tile_regs_acquire();
            add_tiles_bcast<BroadcastType::ROW>(cb_partial, cb_bias, 0, n, 0);
            gelu_tile_init<gelu_approx>();
            gelu_tile<gelu_approx>(0);
            tile_regs_commit();
            cb_pop_front(cb_partial, 1);
            cb_reserve_back(cb_out, 1);
            tile_regs_wait();
            pack_tile(0, cb_out);
            tile_regs_release();
            cb_push_back(cb_out, 1);
        }
    cb_pop_front(cb_a, mt * kt);
    cb_pop_front(cb_b, kt * nt);
    cb_pop_front(cb_bias, nt);
}
