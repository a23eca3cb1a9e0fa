/* Device zones around a kernel that goes wrong, chosen by -DFAULT_KIND, for
 * the post-mortem device profile: a finished zone "setup", then "stage" >
 * "stuck" open when 1 it spins forever (dispatch timeout, or an interrupt
 * of the waiting host), 2 it executes an illegal instruction, 3 it loads
 * from an address no memory answers (outside L1), 4 it waits for a page
 * of a CB no one pushes (a stall, found when the chip stops). */
#include "dataflow_api.h"

void kernel_main(void)
{
    {
        DeviceZoneScopedN("setup");
        volatile uint32_t acc = 0;
        for (uint32_t i = 0; i < 50; i++) acc += i;
        (void)acc;
    }
    DeviceZoneScopedN("stage");
    {
        DeviceZoneScopedN("stuck");
#if FAULT_KIND == 1
        volatile uint32_t spin = 1;
        while (spin) {
        }
#elif FAULT_KIND == 2
        __asm__ volatile(".word 0x00000000"); /* all zeros: an illegal instruction */
#elif FAULT_KIND == 3
        (void)*(volatile uint32_t *)(uintptr_t)0x00200000u; /* past the 1.5 MiB of L1 */
#elif FAULT_KIND == 4
        cb_wait_front(3, 1);
#elif FAULT_KIND == 5
        /* (5: overwrite its GO cycle and its GO signal in the mailbox, then
         * spin: a timeout that says the mailbox looks overwritten; by NOC
         * writes to its own core, which the simulator does not check: a
         * kernel's store there faults. The sources agree with the targets
         * modulo the NOC's alignment.) */
        const uint32_t hi = TF_L1_MAILBOX + offsetof(tf_mailbox, risc[TF_RISC_BRISC].go_cycle_hi);
        const uint32_t go = TF_L1_MAILBOX + offsetof(tf_mailbox, go.signal);
        const uint32_t src = TF_L1_USER_BASE + hi % TF_NOC_ALIGN_L1;
        const uint32_t src_go = TF_L1_USER_BASE + TF_NOC_ALIGN_L1 + go % TF_NOC_ALIGN_L1;
        *(volatile uint32_t *)src = 0xffffu;
        *(volatile uint32_t *)src_go = 5;
        noc_async_write(src, get_noc_addr(my_noc_x(), my_noc_y(), hi), 4);
        noc_async_write(src_go, get_noc_addr(my_noc_x(), my_noc_y(), go), 4);
        noc_async_write_barrier();
        volatile uint32_t spin = 1;
        while (spin) {
        }
#else
#error "FAULT_KIND"
#endif
    }
}
