// The TRISCs' side of test_ttm_mailbox.c (mbox_brisc.cpp is BRISC's).
// MODE:
//   0 each TRISC reads BRISC's n values, then UNPACK gives MATH 1000 and
//     PACK 2000 (a TRISC to TRISC hand-over, as ttnn's kernels pass an
//     address the unpacker knows), then each answers BRISC with 2 v + its
//     own value (0 for UNPACK), n times
//   1 nothing (BRISC's two values for TRISC1 stay in its mailbox)
//   2 TRISC1: whether its mailbox from BRISC holds a value (the two of the
//     dispatch before), the two values, whether it still does: to BRISC
//   3 TRISC0 reads a value BRISC never writes
//   4, 5 nothing (BRISC's side is the mistake)
//   6 tile 1 of CB 0 copied to CB 16 with the packer's ReLU: the unpacker
//     moves CB 0's fifo_rd_ptr one page on (and back before the pop), the
//     packer tells BRISC its fifo_wr_ptr of CB 16 before and after the push
//   7 the unpacker sets CB 0's fifo_rd_ptr to the CB's end (a fault)
//   8 ttnn's matmul reload through an alias: tiles 0 and 1 of CB 0 packed
//     into CB 24 (two pages) one after the other, the first popped; CB 25
//     shares CB 24's memory (tf_program_set_cb_alias), its fifo_rd_ptr
//     set to CB 24's (page 1), tile 0 of CB 25 copied to CB 16 (ReLU'd):
//     tile 1 (without the pointer's copy it would be page 0's, tile 0)
#include <cstdint>

#include "api/compute/compute_kernel_api.h"
#include "api/compute/tile_move_copy.h"
#include "internal/mod_div_lib.h"

// (test_ttm_mailbox.c's MBOX_N: more values than a mailbox holds)
constexpr uint32_t n = 10;

void kernel_main()
{
    using ckernel::ThreadId;
#if MODE == 0
    uint32_t v[n], extra = 0;
    for (uint32_t i = 0; i < n; i++) v[i] = mailbox_read(ThreadId::BriscThreadId);
    UNPACK(mailbox_write(ThreadId::MathThreadId, 1000);
           mailbox_write(ThreadId::PackThreadId, 2000);)
    MATH(extra = mailbox_read(ThreadId::UnpackThreadId);)
    PACK(extra = ckernel::mailbox_read(ThreadId::UnpackThreadId);)
    for (uint32_t i = 0; i < n; i++)
        mailbox_write(ThreadId::BriscThreadId, mulsi3(v[i], 2) + extra);
#elif MODE == 2
#ifdef TRISC_MATH
    uint32_t before = mailbox_not_empty(ThreadId::BriscThreadId);
    uint32_t a = mailbox_read(ThreadId::BriscThreadId);
    uint32_t b = mailbox_read(ThreadId::BriscThreadId);
    uint32_t after = mailbox_not_empty(ThreadId::BriscThreadId);
    mailbox_write(ThreadId::BriscThreadId, before);
    mailbox_write(ThreadId::BriscThreadId, a);
    mailbox_write(ThreadId::BriscThreadId, b);
    mailbox_write(ThreadId::BriscThreadId, after);
#endif
#elif MODE == 3
    UNPACK((void)mailbox_read(ThreadId::BriscThreadId);)
#elif MODE == 6
    constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
    cb_wait_front(cb_in, 2);
    UNPACK((get_local_cb_interface(cb_in).fifo_rd_ptr +=
            get_local_cb_interface(cb_in).fifo_page_size));
    tile_regs_acquire();
    copy_tile_init(cb_in);
    copy_tile(cb_in, 0, 0);
    tile_regs_commit();
    cb_reserve_back(cb_out, 1);
    PACK(mailbox_write(ThreadId::BriscThreadId, get_local_cb_interface(cb_out).fifo_wr_ptr);)
    tile_regs_wait();
    PACK((llk_pack_reconfig_l1_acc(0)));
    PACK((llk_pack_relu_config(ReluConfig::zero())));
    pack_tile(0, cb_out);
    PACK((llk_pack_relu_config(ReluConfig::none())));
    tile_regs_release();
    cb_push_back(cb_out, 1);
    PACK(mailbox_write(ThreadId::BriscThreadId, get_local_cb_interface(cb_out).fifo_wr_ptr);)
    UNPACK((get_local_cb_interface(cb_in).fifo_rd_ptr -=
            get_local_cb_interface(cb_in).fifo_page_size));
    cb_pop_front(cb_in, 2);
#elif MODE == 8
    constexpr uint32_t cb_in = 0, cb_part = 24, cb_reload = 25, cb_out = 16;
    cb_wait_front(cb_in, 2);
    for (uint32_t t = 0; t < 2; t++) {
        tile_regs_acquire();
        copy_tile_init(cb_in);
        copy_tile(cb_in, t, 0);
        tile_regs_commit();
        cb_reserve_back(cb_part, 1);
        tile_regs_wait();
        pack_tile(0, cb_part);
        tile_regs_release();
        cb_push_back(cb_part, 1);
        if (t == 0) {
            cb_wait_front(cb_part, 1);
            cb_pop_front(cb_part, 1);
        }
    }
    cb_pop_front(cb_in, 2);
    cb_wait_front(cb_part, 1);
    UNPACK((get_local_cb_interface(cb_reload).fifo_rd_ptr =
                get_local_cb_interface(cb_part).fifo_rd_ptr));
    tile_regs_acquire();
    copy_tile_init(cb_reload);
    copy_tile(cb_reload, 0, 0);
    tile_regs_commit();
    cb_reserve_back(cb_out, 1);
    tile_regs_wait();
    PACK((llk_pack_relu_config(ReluConfig::zero())));
    pack_tile(0, cb_out);
    tile_regs_release();
    cb_push_back(cb_out, 1);
    cb_pop_front(cb_part, 1);
#elif MODE == 7
    cb_wait_front(tt::CBIndex::c_0, 2);
    UNPACK((get_local_cb_interface(0).fifo_rd_ptr = get_local_cb_interface(0).fifo_limit));
#endif
}
