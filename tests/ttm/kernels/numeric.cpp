// api/numeric/bfloat16.h and float32.h on the device: RTA 0 an L1 table
// of NPAIRS pairs of float32 bit patterns (a, b), 1 the result words: word i
// bit 0 float32_greater(a, b), bit 1 bfloat16_greater(a >> 16, b >> 16).
#include "api/dataflow/dataflow_api.h"
#include "api/numeric/bfloat16.h"
#include "api/numeric/float32.h"

void kernel_main()
{
    auto *pairs = reinterpret_cast<volatile uint32_t *>(get_arg_val<uint32_t>(0));
    auto *res = reinterpret_cast<volatile uint32_t *>(get_arg_val<uint32_t>(1));
    for (uint32_t i = 0; i < NPAIRS; i++) {
        uint32_t a = pairs[2 * i], b = pairs[2 * i + 1];
        res[i] = (uint32_t)float32_greater(a, b) |
                 (uint32_t)bfloat16_greater((uint16_t)(a >> 16), (uint16_t)(b >> 16)) << 1;
    }
}
