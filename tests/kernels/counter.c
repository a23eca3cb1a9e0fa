/* A loop of known length, timed by the kernel itself on the wall clock;
 * prints with DPRINT when args[2] is set (two lines).
 * args: 0 iterations, 1 result L1 address (cycles, 64-bit), 2 print */
#include "dataflow_api.h"

void kernel_main(void)
{
    uint32_t n = get_arg_val(0);
    volatile uint32_t *out = (volatile uint32_t *)get_arg_val(1);
    uint64_t t0 = dev_clock();
    volatile uint32_t acc = 0;
    for (uint32_t i = 0; i < n; i++) acc += i;
    uint64_t t1 = dev_clock();
    out[0] = (uint32_t)(t1 - t0);
    out[1] = acc;
    if (get_arg_val(2)) {
        DPRINT("counter: n=%u acc=%u half=%.2f name=%s\n", n, acc, 0.5f, "ok");
        /* a format and a string built on the stack at run time reach the
         * port (their stores are not dropped as dead) */
        char f[] = "?=%u %s\n", w[] = {'a', 'b', (char)('0' + n % 7), 0};
        f[0] = (char)('m' + (n != 0));
        DPRINT(f, n, w);
    }
}
