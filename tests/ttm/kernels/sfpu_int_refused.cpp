// Integer forms tt-foil refuses at compile time (test_ttm_sfpu_int.c builds
// each MODE and checks the message).
#include <cstdint>

#include "api/compute/add_int_sfpu.h"
#include "api/compute/eltwise_unary/sfpu_int_sum.h"
#include "api/compute/eltwise_unary/typecast.h"

void kernel_main()
{
#if MODE == 1 // not an LLK pair
    typecast_tile<(uint32_t)DataFormat::Int32, (uint32_t)DataFormat::UInt32>(0);
#elif MODE == 2 // an integer op on a float format
    add_int_tile<DataFormat::Float32>(0, 1, 0);
#elif MODE == 3 // an integer sum's split form (input and output index), not modeled
    sfpu_sum_int_col(0, 1);
#endif
}
