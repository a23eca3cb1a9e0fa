// bench_sfpi's compute kernel: DEST tile 0 through hardsigmoid, n times
// (runtime arg 0), with no circular-buffer traffic: MODE 0 tt-metal's named
// op (hardsigmoid_tile: one engine command a tile), MODE 1 the same function
// written in SFPI (x / 6 + 1/2 clamped to [0, 1]: commands a vector
// operation).
#include <cstdint>

#include "api/compute/compute_kernel_api.h"
#include "api/compute/eltwise_unary/hardsigmoid.h"

#ifdef TRISC_MATH
inline void hardsigmoid_face()
{
    for (int i = 0; i < 8; i++) {
        sfpi::vFloat t = sfpi::vFloat(sfpi::dst_reg[i]) * (1.0f / 6.0f) + 0.5f;
        v_if(t < 0.0f)
        {
            t = 0.0f;
        }
        v_elseif(t > 1.0f)
        {
            t = 1.0f;
        }
        v_endif;
        sfpi::dst_reg[i] = t;
    }
}
#endif

void kernel_main()
{
    std::uint32_t n = get_arg_val<std::uint32_t>(0);
    hardsigmoid_tile_init();
    for (std::uint32_t i = 0; i < n; i++) {
        tile_regs_acquire();
#if MODE == 0
        hardsigmoid_tile(0);
#else
        MATH((ckernel::_llk_math_eltwise_unary_sfpu_params_<false>(hardsigmoid_face, 0,
                                                                   (int)VectorMode::RC)));
#endif
        tile_regs_commit();
        tile_regs_wait();
        tile_regs_release();
    }
}
