// A result written through a pointer gone astray, in tt-metal's style:
// the kernel stores arg 1 at the L1 address arg 0 gives, a uint32_t (with
// HALF a uint16_t), as a kernel writing its output word to the address of
// an argument the host did not set right would. test_l1_guard gives it
// the mailbox's GO word and a word of BRISC's firmware code: each store
// faults at this file's line.
// RTA: 0 the L1 address, 1 the value.
#include "api/dataflow/dataflow_api.h"

void kernel_main()
{
    const uint32_t out = get_arg_val<uint32_t>(0);
    const uint32_t value = get_arg_val<uint32_t>(1);
#ifdef HALF
    *reinterpret_cast<volatile tt_l1_ptr uint16_t *>(out) = static_cast<uint16_t>(value);
#else
    *reinterpret_cast<volatile tt_l1_ptr uint32_t *>(out) = value;
#endif
}
