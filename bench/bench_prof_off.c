/* The zone loop of bench_prof compiled without TT_FOIL_ENABLE_TRACY: the
 * macros expand to nothing, so this is the cost of the loop alone. */
#include "tt_foil/profiling.h"

volatile unsigned bench_prof_sink;

void bench_prof_zones_off(long n)
{
    for (long i = 0; i < n; i++) {
        TT_FOIL_ZONE("z");
        bench_prof_sink++;
    }
}
