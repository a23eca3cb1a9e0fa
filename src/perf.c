/* The chip's hardware counters, host side (contracts/tf_perf.h). After
 * each dispatch, when the host profiler records a trace, the runtime reads
 * each core's counters through the transport's optional perf_counters and
 * writes them as DEVICE_PERF records (the non-zero counters as key/value
 * pairs, with the chip's modeled peaks): tt_foil_profile's ops report is
 * made from them. With the profiler off nothing is read, nor with
 * TT_FOIL_PERF_COUNTERS=OFF (contracts/tf_env.h). Reading costs the
 * chip no modeled time: the core is done. */
#include "rt_internal.h"
#include "tf_env.h"
#include "tf_perf.h"

#include <stdlib.h>
#include <string.h>

static int read_counters(const tf_program *p, tf_perf_core *out)
{
    tf_transport *t = p->dev->tr;
    if (!t->ops->perf_counters)
        return cm_err_set("the transport (%s) has no hardware counters",
                          p->dev->info.name ? p->dev->info.name : "?");
    return t->ops->perf_counters(t, p->core.x, p->core.y, out);
}

int tf_program_counters(const tf_program *p, tf_perf_core *out)
{
    if (cm_handle_check(p, CM_H_PROGRAM, "tf_program_counters")) return -1;
    if (!out) return cm_err_set("tf_program_counters: out is NULL");
    if (!p->has_last)
        return cm_err_set("tf_program_counters: the program on core (%d,%d) has not completed a "
                          "dispatch yet",
                          p->core.x, p->core.y);
    return read_counters(p, out);
}

void rt_perf_record(tf_program *p, uint32_t id)
{
    if (!TF_DEV_TRACING() || !p->dev->tr->ops->perf_counters) return;
    const char *off = getenv(tf_env_name(TF_ENV_PERF_COUNTERS)); /* OFF: not collected */
    if (off && *off && tf_env_is_off(off)) return;
    TF_ZONE_N("TF_dispatch/counters_readback");
    tf_perf_core c;
    if (read_counters(p, &c)) {
        cm_warn("hardware counters of core (%d,%d) after dispatch %u: %s", p->core.x, p->core.y, id,
                tf_last_error());
        return;
    }
    enum { CAP = 1024 }; /* more than tf_perf_core has fields */
    uint64_t pairs[2 * CAP];
    uint32_t n = tf_perf_encode(&c, pairs, CAP);
    const tf_chip_info *ci = &p->dev->info;
    tf_dev_perf h = {
        .dispatch = id,
        .x = (uint8_t)p->core.x,
        .y = (uint8_t)p->core.y,
        .version = TF_PERF_RECORD_VERSION,
        .grid_x = (uint8_t)ci->grid_x,
        .grid_y = (uint8_t)ci->grid_y,
        .dram_banks = (uint8_t)ci->dram_banks,
        .host_ns = rt_dev_now_ns(),
        .clock_mhz = ci->clock_mhz,
        .dram_bytes_per_cycle = ci->dram_bytes_per_cycle,
        .noc_bytes_per_cycle = ci->noc_bytes_per_cycle,
    };
    memcpy(h.matmul_cycles, ci->matmul_cycles, sizeof h.matmul_cycles);
    uint32_t done = 0;
    do { /* at most TF_PERF_RECORD_PAIRS a record: a record holds TF_TEXT_MAX bytes */
        uint32_t k = n - done < TF_PERF_RECORD_PAIRS ? n - done : TF_PERF_RECORD_PAIRS;
        h.npairs = k;
        TF_DEV_BYTES(TF_R_DEVICE_PERF, &h, sizeof h, pairs + 2 * done, (size_t)k * 16);
        h.part++;
        done += k;
    } while (done < n);
}
