/* Debug print lines the simulator must not lose or cut:
 * args: 0 mode, 1 count.
 *   mode 0: "partial <count>" with no newline, then return (printed when
 *           the RISC is done with the dispatch)
 *   mode 1: one line of `count` chunks of 100 characters (chunk i is its
 *           number in 4 digits and 96 letters), then its newline
 *   mode 2: "before the fault" with no newline, then ebreak (printed when
 *           the firmware reports the fault)
 *   mode 3: fields wider than a line (`%100000d`, `%100000r`) and one
 *           printf cannot print (`%2147483648d`) */
#include "dataflow_api.h"

void kernel_main(void)
{
    uint32_t mode = get_arg_val(0), n = get_arg_val(1);
    if (mode == 0) {
        DPRINT("partial %u", n);
        return;
    }
    if (mode == 1) {
        char chunk[97];
        for (uint32_t i = 0; i < n; i++) {
            for (int k = 0; k < 96; k++) chunk[k] = (char)('a' + (i + (uint32_t)k) % 26);
            chunk[96] = 0;
            DPRINT("%04u%s", i % 10000, chunk);
        }
        DPRINT("\n");
        return;
    }
    if (mode == 3) {
        DPRINT("[%100000d]\n", 7);
        DPRINT("[%-100000r]\n", 1.5f);
        DPRINT("[%2147483648d]\n", 7);
        return;
    }
    DPRINT("before the fault");
    __asm__ volatile("ebreak");
}
