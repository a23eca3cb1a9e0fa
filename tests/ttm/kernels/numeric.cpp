// api/numeric/bfloat16.h, float32.h and int32.h on the device: RTA 0 an L1
// table of NPAIRS pairs of float32 bit patterns (a, b), 1 the result words:
// word i bit 0 float32_greater(a, b), bit 1 bfloat16_greater(a >> 16,
// b >> 16), bit 2 int32_greater(a, b) of the patterns as int32s.
#include "api/dataflow/dataflow_api.h"
#include "api/numeric/bfloat16.h"
#include "api/numeric/float32.h"
#include "api/numeric/int32.h"

void kernel_main()
{
    auto *pairs = reinterpret_cast<volatile uint32_t *>(get_arg_val<uint32_t>(0));
    auto *res = reinterpret_cast<volatile uint32_t *>(get_arg_val<uint32_t>(1));
    for (uint32_t i = 0; i < NPAIRS; i++) {
        uint32_t a = pairs[2 * i], b = pairs[2 * i + 1];
        res[i] = (uint32_t)float32_greater(a, b) |
                 (uint32_t)bfloat16_greater((uint16_t)(a >> 16), (uint16_t)(b >> 16)) << 1 |
                 (uint32_t)int32_greater((int32_t)a, (int32_t)b) << 2;
        static_assert(NEG_INF_INT32 == (int32_t)INT32_SIGN_MASK && POS_INF_INT32 == 0x7fffffff);
    }
}
