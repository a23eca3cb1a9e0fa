/* Device zones for test_device_profiler and bench_dense. args: 0 mode, 1 n
 * (2 k for mode 3).
 * mode 0: "loop" around n iterations of a 5-cycle loop, with "outer" >
 *         "inner" nested inside, and two zones named "dup" on two lines
 * mode 1: n zones "many" back to back (fills the buffer)
 * mode 2: zone cost: "cost_zones" around n empty zones, "cost_ref" around
 *         the same loop without them
 * mode 3: n zones "work" back to back, each around spin(k): the zone-dense
 *         workload of issue 13 with real work in each zone (bench_dense);
 *         only in the dz_work builds (-DDZ_WORK), so that the other
 *         builds' code, and every modeled cycle the tests pin, stay as
 *         they were. Built without the profiler it is the same n x spin(k) */
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
#ifdef DZ_WORK
    if (mode == 3) {
        uint32_t k = get_arg_val(2);
        for (uint32_t i = 0; i < n; i++) {
            DeviceZoneScopedN("work");
            spin(k);
        }
        return;
    }
#endif
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
