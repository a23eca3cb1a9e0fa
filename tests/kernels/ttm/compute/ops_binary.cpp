// FPU binary ops in tt-metal's C++ API: CB 0 op CB 1 -> CB 16, tile by tile
// (the protocol of tests/kernels/ops_binary.c, so test_compute_api checks
// both). args: 0 tiles, 1 binop (0 add, 1 sub, 2 mul), 2 bcast (0 none, 1
// col, 2 row, 3 scalar), 3 how: 0 the named init and op, 1
// binary_op_init_common, 2 init_bcast<op, dim> + any_tiles_bcast<op, dim>,
// 3 binary_dest_reuse_tiles<op, DEST_TO_SRCA> (DEST = A first), 4 ...
// DEST_TO_SRCB (DEST = B first), 5 add/sub with acc_to_dest (DEST = A
// first), 6 the short init and {add,sub,mul}_tiles_bcast<dim>, 7
// binary_tiles_init<false, op> + any_tiles_bcast<op, NONE>.
#include "api/compute/bcast.h"
#include "api/compute/eltwise_binary.h"
#include "api/compute/tile_move_copy.h"

constexpr uint32_t cb_a = tt::CBIndex::c_0, cb_b = tt::CBIndex::c_1, cb_out = tt::CBIndex::c_16;

template <EltwiseBinaryType op> void named(uint32_t bcast)
{
    if (bcast == 0) {
        if (op == ELWADD) {
            add_tiles_init(cb_a, cb_b);
            add_tiles(cb_a, cb_b, 0, 0, 0);
        } else if (op == ELWSUB) {
            sub_tiles_init(cb_a, cb_b);
            sub_tiles(cb_a, cb_b, 0, 0, 0);
        } else {
            mul_tiles_init(cb_a, cb_b);
            mul_tiles(cb_a, cb_b, 0, 0, 0);
        }
    } else if (bcast == 1) {
        if (op == ELWADD)
            add_bcast_cols_init_short(cb_a, cb_b), add_tiles_bcast_cols(cb_a, cb_b, 0, 0, 0);
        if (op == ELWSUB)
            sub_bcast_cols_init_short(cb_a, cb_b), sub_tiles_bcast_cols(cb_a, cb_b, 0, 0, 0);
        if (op == ELWMUL)
            mul_bcast_cols_init_short(cb_a, cb_b), mul_tiles_bcast_cols(cb_a, cb_b, 0, 0, 0);
    } else if (bcast == 2) {
        if (op == ELWADD)
            add_bcast_rows_init_short(cb_a, cb_b), add_tiles_bcast_rows(cb_a, cb_b, 0, 0, 0);
        if (op == ELWSUB)
            sub_bcast_rows_init_short(cb_a, cb_b), sub_tiles_bcast_rows(cb_a, cb_b, 0, 0, 0);
        if (op == ELWMUL)
            mul_bcast_rows_init_short(cb_a, cb_b), mul_tiles_bcast_rows(cb_a, cb_b, 0, 0, 0);
    } else {
        if (op == ELWADD)
            add_bcast_scalar_init_short(cb_a, cb_b), add_tiles_bcast_scalar(cb_a, cb_b, 0, 0, 0);
        if (op == ELWSUB)
            sub_tiles_bcast_scalar_init_short(cb_a, cb_b),
                sub_tiles_bcast_scalar(cb_a, cb_b, 0, 0, 0);
        if (op == ELWMUL)
            mul_tiles_bcast_scalar_init_short(cb_a, cb_b),
                mul_tiles_bcast_scalar(cb_a, cb_b, 0, 0, 0);
    }
}

template <EltwiseBinaryType op, BroadcastType dim> void templated()
{
    init_bcast<op, dim>(cb_a, cb_b, cb_out);
    any_tiles_bcast<op, dim>(cb_a, cb_b, 0, 0, 0);
}

// the short init of each form, then the <dim> template of the op
template <BroadcastType dim> void short_init(EltwiseBinaryType op)
{
    if (dim == BroadcastType::COL) {
        if (op == ELWADD) add_bcast_cols_init_short(cb_a, cb_b);
        if (op == ELWSUB) sub_bcast_cols_init_short(cb_a, cb_b);
        if (op == ELWMUL) mul_bcast_cols_init_short(cb_a, cb_b);
    } else if (dim == BroadcastType::ROW) {
        if (op == ELWADD) add_bcast_rows_init_short(cb_a, cb_b);
        if (op == ELWSUB) sub_bcast_rows_init_short(cb_a, cb_b);
        if (op == ELWMUL) mul_bcast_rows_init_short(cb_a, cb_b);
    } else {
        if (op == ELWADD) add_bcast_scalar_init_short(cb_a, cb_b);
        if (op == ELWSUB) sub_tiles_bcast_scalar_init_short(cb_a, cb_b);
        if (op == ELWMUL) mul_tiles_bcast_scalar_init_short(cb_a, cb_b);
    }
}

template <BroadcastType dim> void bcast_template(EltwiseBinaryType op)
{
    short_init<dim>(op);
    if (op == ELWADD) add_tiles_bcast<dim>(cb_a, cb_b, 0, 0, 0);
    if (op == ELWSUB) sub_tiles_bcast<dim>(cb_a, cb_b, 0, 0, 0);
    if (op == ELWMUL) mul_tiles_bcast<dim>(cb_a, cb_b, 0, 0, 0);
}

template <EltwiseBinaryType op> void one(uint32_t bcast, uint32_t how)
{
    if (how == 0) {
        named<op>(bcast);
    } else if (how == 1) {
        binary_op_init_common(cb_a, cb_b, cb_out);
        any_tiles_bcast<op, BroadcastType::NONE>(cb_a, cb_b, 0, 0, 0);
    } else if (how == 2) {
        if (bcast == 0) templated<op, BroadcastType::NONE>();
        if (bcast == 1) templated<op, BroadcastType::COL>();
        if (bcast == 2) templated<op, BroadcastType::ROW>();
        if (bcast == 3) templated<op, BroadcastType::SCALAR>();
    } else if (how == 3) {
        copy_tile_to_dst_init_short(cb_a);
        copy_tile(cb_a, 0, 0);
        binary_dest_reuse_tiles_init<op, EltwiseBinaryReuseDestType::DEST_TO_SRCA>(cb_b);
        binary_dest_reuse_tiles<op, EltwiseBinaryReuseDestType::DEST_TO_SRCA>(cb_b, 0, 0);
    } else if (how == 4) {
        copy_tile_init(cb_b);
        copy_tile(cb_b, 0, 0);
        binary_dest_reuse_tiles_init<op, EltwiseBinaryReuseDestType::DEST_TO_SRCB>(cb_a);
        binary_dest_reuse_tiles<op, EltwiseBinaryReuseDestType::DEST_TO_SRCB>(cb_a, 0, 0);
    } else if (how == 5) {
        copy_init(cb_a);
        copy_tile(cb_a, 0, 0);
        if (op == ELWADD) add_tiles_init(cb_a, cb_b, true);
        if (op == ELWSUB) sub_tiles_init(cb_a, cb_b, true);
        any_tiles_bcast<op, BroadcastType::NONE>(cb_a, cb_b, 0, 0, 0);
    } else if (how == 6) {
        if (bcast == 1) bcast_template<BroadcastType::COL>(op);
        if (bcast == 2) bcast_template<BroadcastType::ROW>(op);
        if (bcast == 3) bcast_template<BroadcastType::SCALAR>(op);
    } else {
        binary_tiles_init<false, op>(cb_a, cb_b);
        any_tiles_bcast<op, BroadcastType::NONE>(cb_a, cb_b, 0, 0, 0);
    }
}

void kernel_main()
{
    uint32_t n = get_arg_val<uint32_t>(0), binop = get_arg_val<uint32_t>(1);
    uint32_t bcast = get_arg_val<uint32_t>(2), how = get_arg_val<uint32_t>(3);
    compute_kernel_hw_startup(cb_a, cb_b, cb_out);
    for (uint32_t i = 0; i < n; i++) {
        cb_wait_front(cb_a, 1);
        cb_wait_front(cb_b, 1);
        tile_regs_acquire();
        if (binop == 0) one<ELWADD>(bcast, how);
        if (binop == 1) one<ELWSUB>(bcast, how);
        if (binop == 2) one<ELWMUL>(bcast, how);
        tile_regs_commit();
        cb_pop_front(cb_a, 1);
        cb_pop_front(cb_b, 1);
        cb_reserve_back(cb_out, 1);
        tile_regs_wait();
        pack_tile(0, cb_out);
        tile_regs_release();
        cb_push_back(cb_out, 1);
    }
}
