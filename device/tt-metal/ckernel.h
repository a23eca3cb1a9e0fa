// tt-llk's ckernel.h. In a compute kernel: tt-foil's compute kernel API
// (tt_foil/compute.hpp, whose ckernel:: names are the ones provided). In a
// data-movement kernel, which includes it for two helpers (ttnn's matmul
// in0 sender, the pad reader): ckernel::wait (spin for a number of the
// core's clock cycles) and ckernel::load_blocking (a load that completes
// before the next instruction; every load does here). Its other names are
// not provided ("undeclared").
#ifndef TF_TTM_CKERNEL_H
#define TF_TTM_CKERNEL_H

#ifdef TF_COMPUTE_ROLE
#include "tt_foil/compute.hpp"
#else
#include "tt_foil/base.hpp"

namespace ckernel
{
inline __attribute__((always_inline)) void wait(std::uint32_t cycles)
{
    std::uint64_t end = dev_clock() + cycles;
    while (dev_clock() < end) {
    }
}
inline __attribute__((always_inline)) std::uint32_t load_blocking(const volatile std::uint32_t *ptr)
{
    return *ptr;
}
} // namespace ckernel
#endif

#endif
