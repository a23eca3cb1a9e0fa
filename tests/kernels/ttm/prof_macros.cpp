// Every kernel_profiler.hpp macro, each at a known line (the test checks
// names, lines and values). RTA: 0 loop count, 1 validate (0 or 1).
#include "tools/profiler/kernel_profiler.hpp"

static void spin(uint32_t n)
{
    volatile uint32_t acc = 0;
    for (uint32_t i = 0; i < n; i++) acc += i;
    (void)acc;
}

void kernel_main()
{
    uint32_t n = get_arg_val<uint32_t>(0);
    DeviceZoneScopedMainN("ttm-main"); // line 15
    {
        DeviceZoneScopedMainChildN("ttm-child"); // line 17
        {
            DeviceZoneScopedN("ttm-zone"); // line 19
            spin(10);
        }
        for (uint32_t i = 0; i < n; i++) {
            DeviceZoneScopedSumN1("ttm-sum1"); // line 23
            spin(5);
        }
        for (uint32_t i = 0; i < 2; i++) {
            DeviceZoneScopedSumN2("ttm-sum2"); // line 27
            spin(3);
        }
    }
    DeviceTimestampedData("ttm-data", 0x1122334455667788ull); // line 31
    DeviceRecordEvent(77);                                    // line 32
    DeviceValidateProfiler(get_arg_val<uint32_t>(1) != 0);    // line 33
}
