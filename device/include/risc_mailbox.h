/* The RISCs' mailboxes: a FIFO of 32-bit values from each of BRISC,
 * TRISC0, TRISC1 and TRISC2 to each (tt-metal's ckernel::mailbox_write,
 * mailbox_read and mailbox_not_empty; a Tensix tile's 16 mailboxes,
 * tt-isa-documentation BabyRISCV/Mailboxes.md). Mailboxes are numbered as
 * tt-metal's ThreadId: 0 BRISC, 1 TRISC0 (unpack), 2 TRISC1 (math), 3
 * TRISC2 (pack). NCRISC has none: calling these from an NCRISC kernel is a
 * compile error.
 *
 * A read of an empty mailbox sleeps until the sender writes (the RISC's
 * wait counts as "l1 word" in the counters); a write to a mailbox holding
 * TF_RISC_MBOX_DEPTH values sleeps until the receiver reads one. Hardware
 * lets a RISC's writes beyond that sit in shared buffers before it stalls
 * (Mailboxes.md); here the fifth unread value waits. Values left unread
 * stay for the next dispatch, as on hardware, until the core is booted
 * again. Each call is a few instructions of the RISC (the counters and the
 * value in L1, tf_risc_fifo) where hardware's is one load or store. */
#ifndef TF_RISC_MAILBOX_H
#define TF_RISC_MAILBOX_H

#include "tf_device.h"
#include "tf_mailbox.h"

#if TF_RISC == TF_RISC_NCRISC
#define TF_MBOX_API                                                                                \
    __attribute__((unavailable("not supported by tt-foil: NCRISC has no mailboxes (BRISC, "        \
                               "TRISC0, TRISC1 and TRISC2 have one to each other)")))
#define TF_MBOX_SELF 0u /* (never used: the calls do not compile) */
#else
#define TF_MBOX_API
#define TF_MBOX_SELF ((uint32_t)TF_MBOX_OF_RISC(TF_RISC))
#endif

TF_ALWAYS_INLINE volatile tf_risc_fifo *tf_mbox_fifo(uint32_t from, uint32_t to)
{
    return (volatile tf_risc_fifo *)(uintptr_t)TF_RISC_MBOX_FIFO(from, to);
}

/* Append v to the mailbox from this RISC to RISC `to`. */
TF_MBOX_API TF_ALWAYS_INLINE void dev_mailbox_write(uint32_t to, uint32_t v)
{
    if (to >= TF_RISC_MBOXES) dev_fault(TF_FAULT_DETAIL_RISC_MBOX, to, 0);
    volatile tf_risc_fifo *f = tf_mbox_fifo(TF_MBOX_SELF, to);
    uint32_t w = f->written, room = w - (TF_RISC_MBOX_DEPTH - 1);
    if ((int32_t)(f->read - room) < 0) dev_wait_ge(&f->read, room);
    f->value[w % TF_RISC_MBOX_DEPTH] = v;
    f->written = w + 1; /* after the value: the reader reads it once counted */
}

/* The oldest value in the mailbox from RISC `from` to this RISC. */
TF_MBOX_API TF_ALWAYS_INLINE uint32_t dev_mailbox_read(uint32_t from)
{
    if (from >= TF_RISC_MBOXES) dev_fault(TF_FAULT_DETAIL_RISC_MBOX, from, 1);
    volatile tf_risc_fifo *f = tf_mbox_fifo(from, TF_MBOX_SELF);
    uint32_t r = f->read;
    if ((int32_t)(f->written - (r + 1)) < 0) dev_wait_ge(&f->written, r + 1);
    uint32_t v = f->value[r % TF_RISC_MBOX_DEPTH];
    f->read = r + 1;
    return v;
}

/* Whether the mailbox from RISC `from` to this RISC holds a value. */
TF_MBOX_API TF_ALWAYS_INLINE int dev_mailbox_not_empty(uint32_t from)
{
    if (from >= TF_RISC_MBOXES) dev_fault(TF_FAULT_DETAIL_RISC_MBOX, from, 1);
    volatile tf_risc_fifo *f = tf_mbox_fifo(from, TF_MBOX_SELF);
    return f->written != f->read;
}

#endif
