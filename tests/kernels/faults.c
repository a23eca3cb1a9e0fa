/* Kernels that go wrong on purpose, chosen by -DFAULT_KIND:
 * 1 load outside L1, 2 NOC read from coordinates that hold nothing,
 * 3 spin forever, 4 store to an unmapped register, 5 ebreak, 6 overwrite
 * the firmware's trap handler (a NOC write to this core of a zero word
 * from MEM_ZEROS: the simulator faults a kernel's store there, not a NOC
 * write), then ebreak (a trap inside the handler),
 * 7 a multicast to a rectangle that leaves a 4 x 4 grid, 8 a multicast
 * with a wrong num_dests (5 for 6 cores); NOC commands the chip refuses at
 * issue: 9 a DRAM read past the end of bank 0, 10 a read past the end of
 * a core's L1, 11 an atomic increment on DRAM, 12 an atomic on a
 * misaligned word, 13 a read into a local range past the end of L1, 14 a
 * read of no bytes, 15 an unknown command (7); 16 wait for a page of a
 * circular buffer that no one pushes (the timeout names this line, the
 * wait being inlined from the API's header); 17 one of two NOC reads by
 * arg 0, whose command stores the compiler merges (DWARF line 0); 18 zero
 * the core's mailbox by NOC writes from MEM_ZEROS, then spin (a timeout
 * with no RISC listed); 19 recurse arg 0 deep, 80 B a frame (a stack
 * overflow); 20 a local 12 KiB array (past the stack's end); 21 write 5
 * into the mailbox's GO by a NOC write, spin. (18 and 21 write the
 * mailbox through the NOC, which the simulator does not check, as a
 * kernel on another core could: their stores would fault, guard.c.) */
#include "dataflow_api.h"

#if FAULT_KIND == 19
static __attribute__((noinline)) uint32_t deep(uint32_t n)
{
    volatile uint32_t pad[16];
    pad[0] = n;
    return n ? deep(n - 1) + pad[0] : 0;
}
#endif

void kernel_main(void)
{
#if FAULT_KIND == 1
    volatile uint32_t *p = (volatile uint32_t *)(uintptr_t)get_arg_val(0);
    (void)*p;
#elif FAULT_KIND == 2
    noc_async_read(get_noc_addr(40, 3, 0x1000), TF_L1_USER_BASE, 64);
    noc_async_read_barrier();
#elif FAULT_KIND == 3
    volatile uint32_t spin = 1;
    while (spin) {
    }
#elif FAULT_KIND == 4
    dev_reg_write(0xffb0fff0, 1);
#elif FAULT_KIND == 5
    __asm__ volatile("ebreak");
#elif FAULT_KIND == 6
    uint32_t handler;
    __asm__ volatile("csrr %0, mtvec" : "=r"(handler));
    uint64_t at = get_noc_addr(my_noc_x(), my_noc_y(), handler); /* zero: an illegal instruction */
    noc_async_write(TF_L1_MEM_ZEROS + (handler & (TF_NOC_ALIGN_L1 - 1)), at, 4);
    noc_async_write_barrier();
    __asm__ volatile("ebreak");
#elif FAULT_KIND == 7
    noc_async_write_multicast(TF_L1_USER_BASE, get_noc_multicast_addr(2, 1, 5, 2, TF_L1_USER_BASE),
                              64, 6);
    noc_async_write_barrier();
#elif FAULT_KIND == 8
    noc_async_write_multicast(TF_L1_USER_BASE, get_noc_multicast_addr(2, 1, 4, 2, TF_L1_USER_BASE),
                              64, 5);
    noc_async_write_barrier();
#elif FAULT_KIND == 9
    noc_async_read(get_noc_addr(0, 1, 0x3fffffe0u), TF_L1_USER_BASE, 64);
#elif FAULT_KIND == 10
    noc_async_read(get_noc_addr(2, 1, TF_L1_SIZE - 32), TF_L1_USER_BASE, 64);
#elif FAULT_KIND == 11
    dev_noc_cmd(get_noc_addr(0, 1, 0x100), 0, 1, TF_NOC_CMD_ATOMIC_INC);
#elif FAULT_KIND == 12
    dev_noc_cmd(get_noc_addr(2, 1, TF_L1_USER_BASE + 2), 0, 1, TF_NOC_CMD_ATOMIC_INC);
#elif FAULT_KIND == 13
    noc_async_read(get_noc_addr(2, 1, TF_L1_USER_BASE), TF_L1_SIZE - 32, 64);
#elif FAULT_KIND == 14
    noc_async_read(get_noc_addr(2, 1, TF_L1_USER_BASE), TF_L1_USER_BASE, 0);
#elif FAULT_KIND == 15
    dev_noc_cmd(get_noc_addr(2, 1, TF_L1_USER_BASE), TF_L1_USER_BASE, 64, 7);
#elif FAULT_KIND == 16
    cb_wait_front(3, 1);
#elif FAULT_KIND == 17
    if (get_arg_val(0) == 1)
        noc_async_read(get_noc_addr(40, 3, 0x1000), TF_L1_USER_BASE, 64);
    else
        noc_async_read(get_noc_addr(2, 1, TF_L1_USER_BASE), TF_L1_USER_BASE, 0x7fffffff);
    noc_async_read_barrier();
#elif FAULT_KIND == 18
    for (uint32_t a = TF_L1_MAILBOX; a < TF_L1_MAILBOX + TF_L1_MAILBOX_SIZE;
         a += TF_L1_MEM_ZEROS_SIZE)
        noc_async_write(TF_L1_MEM_ZEROS, get_noc_addr(my_noc_x(), my_noc_y(), a),
                        TF_L1_MEM_ZEROS_SIZE);
    noc_async_write_barrier();
    volatile uint32_t spin = 1;
    while (spin) {
    }
#elif FAULT_KIND == 19
    *(volatile uint32_t *)TF_L1_USER_BASE = deep(get_arg_val(0));
#elif FAULT_KIND == 20
    volatile uint8_t big[12288];
    for (uint32_t i = 0; i < sizeof big; i++) big[i] = (uint8_t)i;
#elif FAULT_KIND == 21
    *(volatile uint32_t *)TF_L1_USER_BASE = 5;
    noc_async_write(TF_L1_USER_BASE, get_noc_addr(my_noc_x(), my_noc_y(), TF_L1_MAILBOX), 4);
    noc_async_write_barrier();
    volatile uint32_t spin21 = 1; /* (whether the other RISCs saw the GO first is timing) */
    while (spin21) {
    }
#else
#error "FAULT_KIND"
#endif
}
