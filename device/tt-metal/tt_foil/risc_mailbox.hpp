// tt-llk's RISC mailboxes as tt-metal kernels call them (namespace
// ckernel: ThreadId, mailbox_write, mailbox_read, mailbox_not_empty), in
// compute and data-movement kernels alike: device/include/risc_mailbox.h
// (what a read or write waits for, what stays between dispatches).
// ttnn's matmul kernels pass a batch's validity from BRISC to the three
// TRISCs this way; compute kernels hand values between their TRISCs. On
// NCRISC, which has no mailboxes, a call is a compile error.
#ifndef TF_TTM_RISC_MAILBOX_HPP
#define TF_TTM_RISC_MAILBOX_HPP

#include <cstdint>

#include "risc_mailbox.h"

namespace ckernel
{
// tt-llk's ckernel_defs.h numbering: the mailbox of each RISC.
enum ThreadId { BriscThreadId = 0, UnpackThreadId = 1, MathThreadId = 2, PackThreadId = 3 };

TF_MBOX_API inline __attribute__((always_inline)) void mailbox_write(const std::uint8_t thread,
                                                                     const std::uint32_t data)
{
    dev_mailbox_write(thread, data);
}
TF_MBOX_API inline __attribute__((always_inline)) std::uint32_t
mailbox_read(const std::uint8_t thread)
{
    return dev_mailbox_read(thread);
}
TF_MBOX_API inline __attribute__((always_inline)) bool mailbox_not_empty(const std::uint8_t thread)
{
    return dev_mailbox_not_empty(thread) != 0;
}
} // namespace ckernel

#endif
