/* Device zones for test_device_profiler. args: 0 mode, 1 n.
 * mode 0: "loop" around n iterations of a 5-cycle loop, with "outer" >
 *         "inner" nested inside, and two zones named "dup" on two lines
 * mode 1: n zones "many" back to back (fills the buffer)
 * mode 2: zone cost: "cost_zones" around n empty zones, "cost_ref" around
 *         the same loop without them */
#include "dataflow_api.h"

static void spin(uint32_t n)
{
    volatile uint32_t acc = 0;
    for (uint32_t i = 0; i < n; i++) acc += i;
    (void)acc;
}

void kernel_main(void)
{
    uint32_t mode = get_arg_val(0), n = get_arg_val(1);
    if (mode == 0) {
        {
            DeviceZoneScopedN("loop");
            spin(n);
        }
        {
            DeviceZoneScopedN("outer");
            spin(10);
            {
                DeviceZoneScopedN("inner");
                spin(10);
            }
        }
        {
            DeviceZoneScopedN("dup");
        }
        {
            DeviceZoneScopedN("dup");
        }
    } else if (mode == 1) {
        for (uint32_t i = 0; i < n; i++) {
            DeviceZoneScopedN("many");
        }
    } else {
        {
            DeviceZoneScopedN("cost_ref");
            for (uint32_t i = 0; i < n; i++) __asm__ volatile("" ::: "memory");
        }
        {
            DeviceZoneScopedN("cost_zones");
            for (uint32_t i = 0; i < n; i++) {
                DeviceZoneScopedN("empty");
                __asm__ volatile("" ::: "memory");
            }
        }
    }
}
