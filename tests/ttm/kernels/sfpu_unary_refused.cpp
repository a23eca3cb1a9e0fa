// Unary SFPU forms tt-foil refuses at compile time (MODE picks; the
// messages: test_ttm_sfpu_unary.c).
#include "api/compute/compute_kernel_api.h"
#include "api/compute/eltwise_unary/dropout.h"
#include "api/compute/eltwise_unary/logical_not.h"
#include "api/compute/eltwise_unary/softplus.h"

void kernel_main()
{
#if MODE == 0 // a random op: not modeled
    dropout_kernel_init(7);
    dropout_tile(0, 100, 0x3f800000u);
#elif MODE == 1 // an integer DEST format
    logical_not_tile_init();
    logical_not_tile<DataFormat::Int32>(0);
#endif
}
