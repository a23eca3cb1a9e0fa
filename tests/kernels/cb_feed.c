/* Feeds CBs 0 and 1 with n pages each as fast as they are freed, without
 * reading anything (the counters' compute-bound case: the matmul consumes
 * whatever the pages hold).
 * args: 0 n pages */
#include "dataflow_api.h"

void kernel_main(void)
{
    uint32_t n = get_arg_val(0);
    for (uint32_t i = 0; i < n; i++) {
        cb_reserve_back(0, 1);
        cb_reserve_back(1, 1);
        cb_push_back(0, 1);
        cb_push_back(1, 1);
    }
}
