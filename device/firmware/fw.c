/* Firmware for every RISC role (built once per RISC with -DTF_RISC=r).
 *
 * Boot: report INIT in the mailbox. Then, forever: sleep until the host's
 * GO carries a new dispatch id; run this RISC's kernel if the launch message
 * enables it; report done. BRISC then waits until every booted RISC is done
 * (or faulted) and publishes DONE for the core. Protocol: docs/runtime.md. */
#include "tf_build_note.h"
#include "tf_device.h"

/* The firmware's own zones (BRISC-FW, ..., BRISC-KERNEL, ...) are recorded
 * by the device profiler when it is built in. */
#include "fw_profiler.h"

static void init_circular_buffers(uint32_t mask)
{
    volatile tf_cb_config *cfg = (volatile tf_cb_config *)TF_L1_CB_CONFIG;
    tf_cb_local *local = (tf_cb_local *)TF_L1_CB_LOCAL(TF_RISC);
    for (uint32_t i = 0; i < TF_MAX_CBS; i++) {
        if (!(mask & (1u << i))) continue;
        local[i].rd_ptr = local[i].wr_ptr = cfg[i].addr;
        local[i].received = local[i].acked = 0;
    }
}

#if TF_RISC == TF_RISC_BRISC
/* Wait until every other booted RISC finished dispatch `id` or faulted. */
static void collect(uint32_t id)
{
    volatile tf_mailbox *mb = TF_MAILBOX;
    uint32_t booted = mb->boot_mask;
    for (int r = 1; r < TF_NUM_RISCS; r++) {
        if (!(booted & (1u << r))) continue;
        while (mb->risc[r].done_id != id && mb->risc[r].state != TF_RISC_FAULT) dev_wfi();
    }
}
#endif

int main(void)
{
    volatile tf_mailbox *mb = TF_MAILBOX;
    volatile tf_risc_status *me = &mb->risc[TF_RISC];
    dev_fw_profiler_init();
    me->state = TF_RISC_INIT;
    uint32_t last = 0;
    for (;;) {
        uint32_t id;
        while (mb->go.signal != TF_GO_RUN || (id = mb->go.dispatch_id) == last) dev_wfi();
        last = id;
        uint64_t t = dev_clock();
        me->go_cycle_lo = (uint32_t)t;
        me->go_cycle_hi = (uint32_t)(t >> 32);
        dev_fw_profiler_reset(id);
        TF_FW_ZONE_BEGIN(fw_zone);
        uint32_t enables = mb->launch.enables;
        if (enables & (1u << TF_RISC)) {
            init_circular_buffers(mb->launch.cb_mask);
            void (*kernel)(void) = (void (*)(void))(uintptr_t)mb->launch.kernel_entry[TF_RISC];
            TF_KERNEL_ZONE_BEGIN(kernel_zone);
            kernel();
            TF_KERNEL_ZONE_END(kernel_zone);
        }
#if TF_RISC == TF_RISC_BRISC
        collect(id);
#endif
        TF_FW_ZONE_END(fw_zone);
        t = dev_clock();
        me->done_cycle_lo = (uint32_t)t;
        me->done_cycle_hi = (uint32_t)(t >> 32);
        me->done_id = id;
#if TF_RISC == TF_RISC_BRISC
        mb->go.signal = TF_GO_DONE;
#endif
    }
}
