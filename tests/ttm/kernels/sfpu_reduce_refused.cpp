// sfpu_reduce forms refused at compile time (test_ttm_sfpu_reduce.c builds
// each MODE and checks the message): tt-metal's own refusals.
#include <cstdint>

#include "api/compute/sfpu_reduce.h"

void kernel_main()
{
#if MODE == 1 // a format tt-metal's sfpu_reduce does not take
    sfpu_reduce_init<PoolType::SUM, DataFormat::Bfp8_b>();
#elif MODE == 2 // the same, at the reduction
    sfpu_reduce<PoolType::MAX, DataFormat::Float16>(0);
#elif MODE == 3 // REDUCE_ROW with AVG: tt-metal refuses it
    sfpu_reduce<PoolType::AVG, DataFormat::Float32, ReduceDim::REDUCE_ROW>(0);
#elif MODE == 4 // REDUCE_SCALAR: tt-metal refuses it
    sfpu_reduce<PoolType::SUM, DataFormat::Float32, ReduceDim::REDUCE_SCALAR>(0);
#endif
}
