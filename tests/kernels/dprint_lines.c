/* Debug print lines the simulator must not lose or cut:
 * args: 0 mode, 1 count.
 *   mode 0: "partial <count>" with no newline, then return (printed when
 *           the RISC is done with the dispatch)
 *   mode 1: one line of `count` chunks of 100 characters (chunk i is its
 *           number in 4 digits and 96 letters), then its newline
 *   mode 2: "before the fault" with no newline, then ebreak (printed when
 *           the firmware reports the fault)
 *   mode 3: fields longer than a line, by their width or precision (up
 *           to 2^31 and past it), fields a precision makes no longer, and
 *           one that is not a printf field */
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
        DPRINT("[%2147483647d|%-2147483647x|%099999999999999999999u]\n", -7, 255u, 3u);
        DPRINT("[%.100000d|%#.70000X]\n", -7, 255u);
        DPRINT("[%+.2147483647f|%.100000e|%#.2147483647g]\n", 1.5f, -0.25f, 2.0f);
        DPRINT("[%8.2147483647g|%.2147483647f|%.2147483647s|%.3s]\n", 1.5f, __builtin_inff(), "abc",
               "abcdef");
        DPRINT("[%70000c|%-9.99999a|%1-2d]\n", 'z', 1.0f, 5);
        DPRINT(
            "[%1000000000000000000d|%1000000000000000001d|%-+0999999999999999999999.99999d|%d]\n",
            7, 8, 9, 10);
        return;
    }
    DPRINT("before the fault");
    __asm__ volatile("ebreak");
}
