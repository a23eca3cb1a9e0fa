/* A kernel's stores into L1, for the simulator's guard on the firmware's
 * and the runtime's regions (test_l1_guard). Args: 0 the address, 1 the
 * bytes (1, 2 or 4), 2 the value, or with 3 set the value already there
 * (a store that changes nothing); 4 words stored first, one a word up to
 * the address (a loop hot enough to run compiled); 5 an L1 word set to 1
 * once every store landed. */
#include "dataflow_api.h"

void kernel_main(void)
{
    uint32_t addr = get_arg_val(0), bytes = get_arg_val(1), v = get_arg_val(2);
    int keep = get_arg_val(3) != 0;
    for (uint32_t a = addr - 4 * get_arg_val(4); a < addr; a += 4)
        *(volatile uint32_t *)a = keep ? *(volatile uint32_t *)a : v;
    if (bytes == 1)
        *(volatile uint8_t *)addr = keep ? *(volatile uint8_t *)addr : (uint8_t)v;
    else if (bytes == 2)
        *(volatile uint16_t *)addr = keep ? *(volatile uint16_t *)addr : (uint16_t)v;
    else
        *(volatile uint32_t *)addr = keep ? *(volatile uint32_t *)addr : v;
    *(volatile uint32_t *)get_arg_val(5) = 1;
}
