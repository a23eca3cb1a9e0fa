/* A CB page that comes late: the producer (NCRISC, LATE_PUSH_PRODUCER)
 * loops args[0] times, then pushes one page into CB 0; the consumer
 * (BRISC) waits for it from the start, one long wait, and pops it. */
#include "dataflow_api.h"

void kernel_main(void)
{
#ifdef LATE_PUSH_PRODUCER
    volatile uint32_t spin = 0;
    for (uint32_t i = get_arg_val(0); i; i--) spin++;
    cb_reserve_back(0, 1);
    cb_push_back(0, 1);
#else
    cb_wait_front(0, 1);
    cb_pop_front(0, 1);
#endif
}
