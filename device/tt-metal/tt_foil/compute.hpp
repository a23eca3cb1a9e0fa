// tt-metal's C++ compute kernel API (namespace ckernel, as tt-metal's
// compute_kernel_api.h / api/compute/*.h), as a thin layer over tt-foil's C
// compute API (device/include/compute_api.h, whose names are tf_c:: in
// C++): the same names, overloads, default arguments and template
// parameters; a template argument becomes the C call's operand.
// docs/kernels.md, "Compute kernels", has the table of what each does here,
// its cost and numerics, and how it differs from hardware. Every header of
// api/compute/, compute_kernel_api/ and compute_kernel_api.h includes this
// one (a kernel may include any of them and sees the whole API).
//
// Kernel settings (tt-metal's ComputeConfig; build options MATH_FIDELITY,
// FP32_DEST_ACC, MATH_APPROX of tt_foil_add_kernel, tt_foil_cc and
// tf_kernel_build_opts, which set TF_MATH_FIDELITY, TF_FP32_DEST_ACC and
// TF_MATH_APPROX) are visible as tt-metal's generated constants:
// MATH_FIDELITY, DST_ACCUM_MODE, APPROX, DST_SYNC_MODE.
#ifndef TF_TTM_COMPUTE_HPP
#define TF_TTM_COMPUTE_HPP

#ifndef TF_COMPUTE_ROLE
#error                                                                                             \
    "the compute kernel API is for compute kernels: tt_foil_add_kernel(NAME RISC compute ...), tt_foil_cc --risc compute or tf_kernel_build(TF_COMPUTE)"
#endif

#include <array>

#include "tt_foil/base.hpp"

#include "api/compile_time_args.h"
#include "api/debug/assert.h"
#include "tt_foil/dprint_stream.hpp"
#include "api/named_compile_time_args.h"
#include "hostdevcommon/kernel_structs.h"
#include "tools/profiler/kernel_profiler.hpp"
#include "tt_foil/args.hpp"
#include "tt_foil/cb_interface.hpp"
#include "tt_foil/core_info.hpp"
#include "tt_foil/data_format.hpp"

#define ALWI inline __attribute__((always_inline))

// Code for one TRISC only, as tt-metal's MATH(x), PACK(x), UNPACK(x).
#if TF_COMPUTE_ROLE == 0
#define UNPACK(x) x
#else
#define UNPACK(x)
#endif
#if TF_COMPUTE_ROLE == 1
#define MATH(x) x
#else
#define MATH(x)
#endif
#if TF_COMPUTE_ROLE == 2
#define PACK(x) x
#else
#define PACK(x)
#endif

#include "llk_defs.h"

namespace tt
{
// The older acquire_dst(tt::DstMode::Half) argument.
enum class DstMode : std::uint8_t { Full, Half, Tile, NUM_DST_MODES };
} // namespace tt

// tt-metal's generated kernel settings (chlkc_descriptors.h).
constexpr bool DST_ACCUM_MODE = TF_FP32_DEST_ACC;
constexpr ckernel::MathFidelity MATH_FIDELITY = (ckernel::MathFidelity)TF_MATH_FIDELITY;
constexpr bool APPROX = TF_MATH_APPROX;
#define DST_SYNC_MODE ckernel::DstSync::SyncHalf

// Its generated CB descriptors (unpack_src_format, ...), from the CB formats
// given to the build.
#include "tt_foil/cb_descriptors.hpp"

// Host defines some kernels take their reduce type and dimension from.
#ifdef REDUCE_OP
#define TF_TTM_REDUCE_OP REDUCE_OP
#else
#define TF_TTM_REDUCE_OP ckernel::PoolType::SUM
#endif
#ifdef REDUCE_DIM
#define TF_TTM_REDUCE_DIM REDUCE_DIM
#else
#define TF_TTM_REDUCE_DIM ckernel::ReduceDim::REDUCE_SCALAR
#endif

namespace tf_ttm
{
using namespace ckernel;
template <EltwiseBinaryType t> constexpr std::uint32_t binop()
{
    static_assert(t == ELWADD || t == ELWSUB || t == ELWMUL,
                  "not supported by tt-foil: ELWDIV and ELWLESS (the tile engine's FPU binary ops "
                  "are ELWADD, ELWSUB and ELWMUL)");
    return t == ELWADD ? TF_BINOP_ADD : t == ELWSUB ? TF_BINOP_SUB : TF_BINOP_MUL;
}
template <PoolType p> constexpr std::uint32_t pool()
{
    static_assert(p != PoolType::MIN,
                  "not supported by tt-foil: PoolType::MIN (SUM, AVG, MAX are)");
    return (std::uint32_t)p;
}
// An op's vector mode argument in either of tt-metal's types: an int
// (recip_tile; exp_tile before 2025) or a VectorMode (exp_tile since:
// exp_tile<false, true>(i, VectorMode::RC, scale)).
struct vector_mode_arg {
    int v;
    constexpr vector_mode_arg(int m) : v(m) {}
    constexpr vector_mode_arg(VectorMode m) : v((int)m) {}
};
// The faces an SFPU op computes, as ARG1's TF_SFPU_VM_* bits (tt-llk's walk:
// R faces 0-1, C faces 0 and 2, RC all four, any other value face 0 alone).
constexpr std::uint32_t vm_bits(vector_mode_arg m)
{
    return m.v == (int)VectorMode::RC  ? TF_SFPU_VM_RC
           : m.v == (int)VectorMode::R ? TF_SFPU_VM_R
           : m.v == (int)VectorMode::C ? TF_SFPU_VM_C
                                       : TF_SFPU_VM_FACE0;
}
// Parts of a tile (faces of fewer rows, fewer faces) are not modeled: an op
// given them faults naming the value (not a silent whole-tile result).
ALWI void whole_tiles(bool on_this_risc, std::uint32_t op, std::uint32_t face_r_dim,
                      std::uint32_t num_faces)
{
    if (on_this_risc && (face_r_dim != 16 || num_faces != 4))
        dev_fault(TF_FAULT_DETAIL_TILE, op,
                  TF_TILE_FAULT_AUX(TF_TILE_ERR_PART, face_r_dim, num_faces, 0));
}
// A row broadcast's bcast_row_idx (tt-metal's since 2025: B's row that is
// broadcast): row 0 is modeled; another row faults naming it (not a silent
// row-0 result). Other broadcasts ignore it, as tt-metal's unpacker does.
ALWI void row0_only(BroadcastType dim, std::uint32_t bcast_row_idx)
{
    if (TF_MATH && dim == BroadcastType::ROW && bcast_row_idx != 0)
        dev_fault(TF_FAULT_DETAIL_TILE, TF_TILE_ELTWISE,
                  TF_TILE_FAULT_AUX(TF_TILE_ERR_ARG, bcast_row_idx, 0, 0));
}
} // namespace tf_ttm

namespace ckernel
{
// ---- set-up ---------------------------------------------------------------------
// Formats are read from each CB at every unpack and pack (its data format
// when the host set one with tf_program_set_cb_format, else its page size),
// so the reconfig calls are honoured by construction; the inits set the
// math unit up (the tile engine checks each op against the last init).
template <SrcOrder src_order = SrcOrder::Regular>
ALWI void compute_kernel_hw_startup(std::uint32_t icb0, std::uint32_t icb1, std::uint32_t ocb)
{
    tf_c::compute_kernel_hw_startup(icb0, icb1, ocb);
}
ALWI void compute_kernel_hw_startup(std::uint32_t icb0, std::uint32_t ocb)
{
    tf_c::compute_kernel_hw_startup(icb0, icb0, ocb);
}
// (ocb = 16: tt-metal's 2023-2024 default)
ALWI void binary_op_init_common(std::uint32_t icb0, std::uint32_t icb1, std::uint32_t ocb = 16)
{
    tf_c::binary_op_init_common(icb0, icb1, ocb);
}
// (ocb = 16: the older single-argument forms)
ALWI void unary_op_init_common(std::uint32_t icb, std::uint32_t ocb = 16)
{
    tf_c::unary_op_init_common(icb, ocb);
}
ALWI void init_sfpu(std::uint32_t icb, std::uint32_t ocb = 16)
{
    tf_c::init_sfpu(icb, ocb);
}
// tt-metal's unary_op_init_common without the pack half (for the *_no_pack
// tilize variants): the pack init does nothing here, so the same init.
ALWI void unary_op_init_common_no_pack(std::uint32_t icb)
{
    tf_c::unary_op_init_common(icb, 16);
}
template <bool to_from_int8 = false> ALWI void tf_no_int8()
{
    static_assert(!to_from_int8, "not supported by tt-foil: int8 formats (to_from_int8)");
}
template <bool to_from_int8 = false>
ALWI void reconfig_data_format(std::uint32_t srca_new, std::uint32_t srcb_new)
{
    tf_no_int8<to_from_int8>();
    tf_c::reconfig_data_format(srca_new, srcb_new);
}
template <bool to_from_int8 = false>
ALWI void reconfig_data_format(std::uint32_t srca_old, std::uint32_t srca_new,
                               std::uint32_t srcb_old, std::uint32_t srcb_new)
{
    (void)srca_old, (void)srcb_old;
    reconfig_data_format<to_from_int8>(srca_new, srcb_new);
}
template <bool to_from_int8 = false> ALWI void reconfig_data_format_srca(std::uint32_t srca_new)
{
    tf_no_int8<to_from_int8>();
    tf_c::reconfig_data_format_srca(srca_new);
}
template <bool to_from_int8 = false>
ALWI void reconfig_data_format_srca(std::uint32_t srca_old, std::uint32_t srca_new)
{
    (void)srca_old;
    reconfig_data_format_srca<to_from_int8>(srca_new);
}
// 2024's math-thread names (the engine takes each operand's format from its
// CB: one reconfiguration for unpacker and math)
template <bool to_from_int8 = false>
ALWI void math_reconfig_data_format_srca(std::uint32_t srca_new)
{
    reconfig_data_format_srca<to_from_int8>(srca_new);
}
template <bool to_from_int8 = false>
ALWI void math_reconfig_data_format_srca(std::uint32_t srca_old, std::uint32_t srca_new)
{
    reconfig_data_format_srca<to_from_int8>(srca_old, srca_new);
}
template <bool to_from_int8 = false> ALWI void reconfig_data_format_srcb(std::uint32_t srcb_new)
{
    tf_no_int8<to_from_int8>();
    tf_c::reconfig_data_format_srcb(srcb_new);
}
template <bool to_from_int8 = false>
ALWI void reconfig_data_format_srcb(std::uint32_t srcb_old, std::uint32_t srcb_new)
{
    (void)srcb_old;
    reconfig_data_format_srcb<to_from_int8>(srcb_new);
}
template <bool to_from_int8 = false>
ALWI void math_reconfig_data_format_srcb(std::uint32_t srcb_new)
{
    reconfig_data_format_srcb<to_from_int8>(srcb_new);
}
template <bool to_from_int8 = false>
ALWI void math_reconfig_data_format_srcb(std::uint32_t srcb_old, std::uint32_t srcb_new)
{
    reconfig_data_format_srcb<to_from_int8>(srcb_old, srcb_new);
}
// The newest tree's reconfig_data_format<SrcOrder> (in place of the
// to_from_int8 flag: int8 state is re-derived from the formats, which the
// engine reads from each CB anyway). Reverse names the operands as
// compute_kernel_hw_startup<SrcOrder::Reverse> does: icb0 is SrcB, icb1
// SrcA. No default: a call without template arguments is the form above.
template <SrcOrder src_order>
ALWI void reconfig_data_format(std::uint32_t icb0_new, std::uint32_t icb1_new)
{
    if constexpr (src_order == SrcOrder::Reverse)
        tf_c::reconfig_data_format(icb1_new, icb0_new);
    else
        tf_c::reconfig_data_format(icb0_new, icb1_new);
}
template <SrcOrder src_order>
ALWI void reconfig_data_format(std::uint32_t icb0_old, std::uint32_t icb0_new,
                               std::uint32_t icb1_old, std::uint32_t icb1_new)
{
    (void)icb0_old, (void)icb1_old;
    reconfig_data_format<src_order>(icb0_new, icb1_new);
}
// reconfig_full_operand: the format and the tile/face geometry; and
// reconfig_tile_shape: the geometry alone. Every tile is 32 x 32 here
// (4 faces of 16 rows; another shape faults where an op is given it), so
// the geometry has nothing to change: these are reconfig_data_format and
// nothing.
template <SrcOrder src_order = SrcOrder::Regular>
ALWI void reconfig_full_operand(std::uint32_t icb0_new, std::uint32_t icb1_new)
{
    reconfig_data_format<src_order>(icb0_new, icb1_new);
}
template <SrcOrder src_order = SrcOrder::Regular>
ALWI void reconfig_full_operand(std::uint32_t icb0_old, std::uint32_t icb0_new,
                                std::uint32_t icb1_old, std::uint32_t icb1_new)
{
    reconfig_data_format<src_order>(icb0_old, icb0_new, icb1_old, icb1_new);
}
ALWI void reconfig_full_operand_srca(std::uint32_t srca_new)
{
    tf_c::reconfig_data_format_srca(srca_new);
}
ALWI void reconfig_full_operand_srca(std::uint32_t srca_old, std::uint32_t srca_new)
{
    (void)srca_old;
    tf_c::reconfig_data_format_srca(srca_new);
}
ALWI void reconfig_full_operand_srcb(std::uint32_t srcb_new)
{
    tf_c::reconfig_data_format_srcb(srcb_new);
}
ALWI void reconfig_full_operand_srcb(std::uint32_t srcb_old, std::uint32_t srcb_new)
{
    (void)srcb_old;
    tf_c::reconfig_data_format_srcb(srcb_new);
}
template <SrcOrder src_order = SrcOrder::Regular>
ALWI void reconfig_tile_shape(std::uint32_t icb0_new, std::uint32_t icb1_new)
{
    (void)icb0_new, (void)icb1_new;
}
template <SrcOrder src_order = SrcOrder::Regular>
ALWI void reconfig_tile_shape(std::uint32_t icb0_old, std::uint32_t icb0_new,
                              std::uint32_t icb1_old, std::uint32_t icb1_new)
{
    (void)icb0_old, (void)icb0_new, (void)icb1_old, (void)icb1_new;
}
ALWI void reconfig_tile_shape_srca(std::uint32_t srca_new)
{
    (void)srca_new;
}
ALWI void reconfig_tile_shape_srca(std::uint32_t srca_old, std::uint32_t srca_new)
{
    (void)srca_old, (void)srca_new;
}
ALWI void reconfig_tile_shape_srcb(std::uint32_t srcb_new)
{
    (void)srcb_new;
}
ALWI void reconfig_tile_shape_srcb(std::uint32_t srcb_old, std::uint32_t srcb_new)
{
    (void)srcb_old, (void)srcb_new;
}
template <bool is_tile_dim_reconfig_en = false>
// The 2024 names (tt-metal's reconfig_data_format.h then): the same calls.
ALWI void unpack_reconfig_data_format(std::uint32_t srca_new, std::uint32_t srcb_new)
{
    reconfig_data_format(srca_new, srcb_new);
}
ALWI void unpack_reconfig_data_format(std::uint32_t srca_old, std::uint32_t srca_new,
                                      std::uint32_t srcb_old, std::uint32_t srcb_new)
{
    reconfig_data_format(srca_old, srca_new, srcb_old, srcb_new);
}
ALWI void unpack_reconfig_data_format_srca(std::uint32_t srca_new)
{
    reconfig_data_format_srca(srca_new);
}
ALWI void unpack_reconfig_data_format_srca(std::uint32_t srca_old, std::uint32_t srca_new)
{
    reconfig_data_format_srca(srca_old, srca_new);
}
ALWI void unpack_reconfig_data_format_srcb(std::uint32_t srcb_new)
{
    reconfig_data_format_srcb(srcb_new);
}
ALWI void unpack_reconfig_data_format_srcb(std::uint32_t srcb_old, std::uint32_t srcb_new)
{
    reconfig_data_format_srcb(srcb_old, srcb_new);
}
ALWI void pack_reconfig_data_format(std::uint32_t new_cb)
{
    tf_c::pack_reconfig_data_format(new_cb);
}
template <bool is_tile_dim_reconfig_en = false>
ALWI void pack_reconfig_data_format(std::uint32_t old_cb, std::uint32_t new_cb)
{
    (void)old_cb;
    tf_c::pack_reconfig_data_format(new_cb);
}
ALWI void pack_init(std::uint32_t ocb)
{
    tf_c::pack_init(ocb);
}
// pack.h: the packs after pack_reconfig_l1_acc(1) add DEST to the CB page's
// tile (Float32 and Float16_b CBs; another format faults at the pack);
// pack_reconfig_l1_acc(0) turns it off.
using tf_c::pack_reconfig_l1_acc;
// compute_kernel_api.h: the packer's ReLU on the packs after it, tt-llk's
// config word (bits 0-3 a ReluType, 16-31 the threshold's bf16 bits).
using tf_c::pack_relu_config;
ALWI void pack_relu_config(const ReluConfig &config)
{
    tf_c::pack_relu_config(config.packed());
}
// The LLK names ttnn's matmul kernels call under PACK((...)): the same
// settings as pack_relu_config (the word, the older ReluType::ZERO_RELU
// argument, or a ReluConfig) and pack_reconfig_l1_acc.
ALWI void llk_pack_relu_config(std::uint32_t config)
{
    tf_c::pack_relu_config(config);
}
ALWI void llk_pack_relu_config(const ReluConfig &config)
{
    tf_c::pack_relu_config(config.packed());
}
ALWI void llk_pack_reconfig_l1_acc(std::uint32_t l1_acc_en)
{
    tf_c::pack_reconfig_l1_acc(l1_acc_en);
}

// ---- circular buffers ---------------------------------------------------------------
// tt-metal's cb_api.h declares the compute kernel's CB calls in namespace
// ckernel, and kernels call them qualified (ckernel::cb_wait_front); here
// they are circular_buffer.h's (unpacker waits and pops, packer reserves
// and pushes), seen under both names.
using ::cb_pop_front;
using ::cb_push_back;
using ::cb_reserve_back;
using ::cb_wait_front;
// cb_api.h's reads of a CB's memory (SDPA decode reads its cur_pos this
// way): the unpacker takes tile tile_index from its read pointer (the
// front cb_wait_front waited for) and hands the address, or the 32-bit
// word element_offset of the tile, to the math and pack TRISCs through
// their mailboxes, so that all three return the same (tt-metal's way; the
// mailbox calls and their waits are the modeled ones). Not checked against
// the CB's pages, as tt-metal's is not: a tile past them is L1 beyond.
ALWI std::uint32_t get_tile_address(std::uint32_t cb_id, std::uint32_t tile_index)
{
    std::uint32_t address = 0;
    if (TF_UNPACKER) {
        address = TF_CB_LOCAL(cb_id).rd_ptr + TF_CB_CONFIG(cb_id).page_size * tile_index;
        mailbox_write(ThreadId::MathThreadId, address);
        mailbox_write(ThreadId::PackThreadId, address);
    } else {
        address = mailbox_read(ThreadId::UnpackThreadId);
    }
    return address;
}
ALWI std::uint32_t read_tile_value(std::uint32_t cb_id, std::uint32_t tile_index,
                                   std::uint32_t element_offset)
{
    std::uint32_t value = 0;
    if (TF_UNPACKER) {
        const std::uint32_t address =
            TF_CB_LOCAL(cb_id).rd_ptr + TF_CB_CONFIG(cb_id).page_size * tile_index;
        value = reinterpret_cast<volatile std::uint32_t *>(address)[element_offset];
        mailbox_write(ThreadId::MathThreadId, value);
        mailbox_write(ThreadId::PackThreadId, value);
    } else {
        value = mailbox_read(ThreadId::UnpackThreadId);
    }
    return value;
}

// ---- DEST -------------------------------------------------------------------------
// 8 tiles a half with a 16-bit DEST, 4 with DST_ACCUM_MODE (half sync, as
// tt-metal's default); an index beyond faults naming the op and index.
using tf_c::acquire_dst;
using tf_c::release_dst;
using tf_c::tile_regs_acquire;
using tf_c::tile_regs_commit;
using tf_c::tile_regs_release;
using tf_c::tile_regs_wait;
// The older form with a mode: DEST is always half-sync here (DstMode::Full
// would give 16 tiles on hardware; indices from 8 fault).
ALWI void acquire_dst(tt::DstMode mode)
{
    (void)mode;
    tf_c::acquire_dst();
}
ALWI void release_dst(tt::DstMode mode)
{
    (void)mode;
    tf_c::release_dst();
}

// ---- FPU elementwise binary ops and broadcasts -------------------------------------
// DEST = A op B (add, sub; acc_to_dest: + DEST); mul accumulates (DEST +=
// A x B) as ELWMUL does on Wormhole and Blackhole. B broadcasts: COL its
// column 0 across, ROW its row 0 down, SCALAR its [0][0].
template <bool full_init, EltwiseBinaryType t>
ALWI void binary_tiles_init(std::uint32_t icb0, std::uint32_t icb1, bool acc_to_dest = false)
{
    if (full_init) tf_c::binary_op_init_common(icb0, icb1, 16);
    if (t == ELWMUL)
        tf_c::mul_tiles_init(icb0, icb1);
    else
        ::dev_init(TF_TILE_INIT_BINARY, tf_ttm::binop<t>(), TF_BCAST_NONE,
                   (std::uint32_t)acc_to_dest << 4);
}
// The older name of binary_tiles_init (full_init there was the unpack and
// math init, not binary_op_init_common's hardware set-up: the same op init
// here either way); the oldest form takes no CBs.
template <bool full_init = false, EltwiseBinaryType t = ELWADD>
ALWI void binary_op_specific_init(std::uint32_t icb0, std::uint32_t icb1)
{
    binary_tiles_init<false, t>(icb0, icb1);
}
template <bool full_init = false, EltwiseBinaryType t = ELWADD> ALWI void binary_op_specific_init()
{
    binary_tiles_init<false, t>(0, 1);
}
TF_UNSUPPORTED("binary_op_specific_init(op_code), the 2023 form driven by the ELTWISE_OP_CODE "
               "define: use binary_op_specific_init<full_init, op>(icb0, icb1)")
void binary_op_specific_init(int op_code);
// (icb0 = 0, icb1 = 1: tt-metal's 2023-2024 defaults, as for sub and mul)
ALWI void add_tiles_init(std::uint32_t icb0 = 0, std::uint32_t icb1 = 1, bool acc_to_dest = false)
{
    tf_c::add_tiles_init(icb0, icb1, acc_to_dest);
}
ALWI void sub_tiles_init(std::uint32_t icb0 = 0, std::uint32_t icb1 = 1, bool acc_to_dest = false)
{
    tf_c::sub_tiles_init(icb0, icb1, acc_to_dest);
}
// (acc_to_dest: ELWMUL accumulates anyway on Wormhole/Blackhole)
ALWI void mul_tiles_init(std::uint32_t icb0 = 0, std::uint32_t icb1 = 1,
                         std::uint32_t acc_to_dest = 0)
{
    (void)acc_to_dest;
    tf_c::mul_tiles_init(icb0, icb1);
}
using tf_c::add_tiles;
using tf_c::mul_tiles;
using tf_c::sub_tiles;
template <EltwiseBinaryType op, BroadcastType dim>
ALWI void init_bcast(std::uint32_t icb0, std::uint32_t icb1, std::uint32_t ocb = 16)
{
    tf_c::init_bcast(tf_ttm::binop<op>(), (std::uint32_t)dim, icb0, icb1, ocb);
}
// bcast_row_idx: row 0 only (tf_ttm::row0_only).
template <EltwiseBinaryType op, BroadcastType dim>
ALWI void any_tiles_bcast(std::uint32_t icb0, std::uint32_t icb1, std::uint32_t itile0,
                          std::uint32_t itile1, std::uint32_t idst, std::uint32_t bcast_row_idx = 0)
{
    tf_ttm::row0_only(dim, bcast_row_idx);
    tf_c::any_tiles_bcast(tf_ttm::binop<op>(), (std::uint32_t)dim, icb0, icb1, itile0, itile1,
                          idst);
}
template <BroadcastType dim>
ALWI void add_tiles_bcast(std::uint32_t icb0, std::uint32_t icb1, std::uint32_t itile0,
                          std::uint32_t itile1, std::uint32_t idst, std::uint32_t bcast_row_idx = 0)
{
    any_tiles_bcast<ELWADD, dim>(icb0, icb1, itile0, itile1, idst, bcast_row_idx);
}
template <BroadcastType dim>
ALWI void sub_tiles_bcast(std::uint32_t icb0, std::uint32_t icb1, std::uint32_t itile0,
                          std::uint32_t itile1, std::uint32_t idst, std::uint32_t bcast_row_idx = 0)
{
    any_tiles_bcast<ELWSUB, dim>(icb0, icb1, itile0, itile1, idst, bcast_row_idx);
}
template <BroadcastType dim>
ALWI void mul_tiles_bcast(std::uint32_t icb0, std::uint32_t icb1, std::uint32_t itile0,
                          std::uint32_t itile1, std::uint32_t idst, std::uint32_t bcast_row_idx = 0)
{
    any_tiles_bcast<ELWMUL, dim>(icb0, icb1, itile0, itile1, idst, bcast_row_idx);
}
using tf_c::add_tiles_bcast_cols;
using tf_c::add_tiles_bcast_rows;
using tf_c::add_tiles_bcast_scalar;
using tf_c::mul_tiles_bcast_cols;
using tf_c::mul_tiles_bcast_rows;
using tf_c::mul_tiles_bcast_scalar;
using tf_c::sub_bcast_rows_init_short;
using tf_c::sub_tiles_bcast_cols;
using tf_c::sub_tiles_bcast_rows;
using tf_c::sub_tiles_bcast_scalar;
// The broadcast inits with tt-metal's 2023-2024 defaults (icb0 = 0, icb1 =
// 1); sub_bcast_rows_init_short came later, without them.
#define TF_TTM_BCAST_INIT(name)                                                                    \
    ALWI void name(std::uint32_t icb0 = 0, std::uint32_t icb1 = 1)                                 \
    {                                                                                              \
        tf_c::name(icb0, icb1);                                                                    \
    }
TF_TTM_BCAST_INIT(add_bcast_rows_init_short)
TF_TTM_BCAST_INIT(add_bcast_cols_init_short)
TF_TTM_BCAST_INIT(add_bcast_scalar_init_short)
TF_TTM_BCAST_INIT(mul_bcast_rows_init_short)
TF_TTM_BCAST_INIT(mul_bcast_cols_init_short)
TF_TTM_BCAST_INIT(mul_tiles_bcast_scalar_init_short)
TF_TTM_BCAST_INIT(sub_bcast_cols_init_short)
TF_TTM_BCAST_INIT(sub_tiles_bcast_scalar_init_short)
#undef TF_TTM_BCAST_INIT
// The row forms with tt-metal's bcast_row_idx (row 0 only).
ALWI void add_tiles_bcast_rows(std::uint32_t icb0, std::uint32_t icb1, std::uint32_t itile0,
                               std::uint32_t itile1, std::uint32_t idst,
                               std::uint32_t bcast_row_idx)
{
    add_tiles_bcast<BroadcastType::ROW>(icb0, icb1, itile0, itile1, idst, bcast_row_idx);
}
ALWI void sub_tiles_bcast_rows(std::uint32_t icb0, std::uint32_t icb1, std::uint32_t itile0,
                               std::uint32_t itile1, std::uint32_t idst,
                               std::uint32_t bcast_row_idx)
{
    sub_tiles_bcast<BroadcastType::ROW>(icb0, icb1, itile0, itile1, idst, bcast_row_idx);
}
ALWI void mul_tiles_bcast_rows(std::uint32_t icb0, std::uint32_t icb1, std::uint32_t itile0,
                               std::uint32_t itile1, std::uint32_t idst,
                               std::uint32_t bcast_row_idx)
{
    mul_tiles_bcast<BroadcastType::ROW>(icb0, icb1, itile0, itile1, idst, bcast_row_idx);
}

// Broadcasting copies into DEST (api/compute/bcast.h): unary_bcast<B>(icb,
// i, idst) puts tile i of icb in DEST[idst] as it is (NONE), its row 0 on
// every row (ROW), its column 0 on every column (COL) or its [0][0]
// everywhere (SCALAR), after unary_bcast_init<B> on a CB of the same path
// (Float32, Int32, UInt32 with an fp32 DEST: the 32-bit one; else source
// register B); reconfigure_unary_bcast sets up for another type or CB.
// The init's call_line (tt-metal's, for its own checks) is unused.
template <BroadcastType bcast_type>
ALWI void unary_bcast_init(std::uint32_t icb, std::uint32_t ocb, std::uint32_t call_line = 0)
{
    (void)call_line;
    tf_c::unary_bcast_init((std::uint32_t)bcast_type, icb, ocb);
}
template <BroadcastType bcast_type>
ALWI void unary_bcast(std::uint32_t icb, std::uint32_t in_tile_index, std::uint32_t dst_tile_index)
{
    tf_c::unary_bcast((std::uint32_t)bcast_type, icb, in_tile_index, dst_tile_index);
}
template <BroadcastType bcast_type> ALWI void unary_bcast_uninit(std::uint32_t icb)
{
    tf_c::unary_bcast_uninit((std::uint32_t)bcast_type, icb);
}
template <BroadcastType old_bcast_type, BroadcastType new_bcast_type>
ALWI void reconfigure_unary_bcast(std::uint32_t old_icb, std::uint32_t new_icb,
                                  std::uint32_t old_ocb, std::uint32_t new_ocb)
{
    tf_c::reconfigure_unary_bcast((std::uint32_t)old_bcast_type, (std::uint32_t)new_bcast_type,
                                  old_icb, new_icb, old_ocb, new_ocb);
}

// DEST as one operand: DEST_TO_SRCA: DEST[i] = DEST[i] op tile; DEST_TO_SRCB:
// DEST[i] = tile op DEST[i] (mul overwrites).
template <EltwiseBinaryType t = ELWADD,
          EltwiseBinaryReuseDestType reuse = EltwiseBinaryReuseDestType::NONE>
ALWI void binary_dest_reuse_tiles_init(std::uint32_t icb0)
{
    static_assert(reuse != EltwiseBinaryReuseDestType::NONE,
                  "binary_dest_reuse_tiles_init: give DEST_TO_SRCA or DEST_TO_SRCB");
    tf_c::binary_dest_reuse_tiles_init(tf_ttm::binop<t>(), (std::uint32_t)reuse, icb0);
}
// 2026's names of the binary inits (tt-metal's full init: the unpacker's and
// the math's, one op init here), and with DEST reuse the dest-reuse init
// (binary_dest_reuse_tiles_init). call_line is tt-metal's bookkeeping.
#define TF_TTM_BINARY_INIT(name, op)                                                               \
    template <EltwiseBinaryReuseDestType reuse = EltwiseBinaryReuseDestType::NONE>                 \
    ALWI void name(std::uint32_t icb0, std::uint32_t icb1, bool acc_to_dest = false,               \
                   std::uint32_t call_line = __builtin_LINE())                                     \
    {                                                                                              \
        (void)call_line;                                                                           \
        if constexpr (reuse == EltwiseBinaryReuseDestType::NONE)                                   \
            binary_tiles_init<false, op>(icb0, icb1, acc_to_dest);                                 \
        else                                                                                       \
            binary_dest_reuse_tiles_init<op, reuse>(icb0);                                         \
    }
TF_TTM_BINARY_INIT(add_init, ELWADD)
TF_TTM_BINARY_INIT(sub_init, ELWSUB)
TF_TTM_BINARY_INIT(mul_init, ELWMUL)
#undef TF_TTM_BINARY_INIT
template <EltwiseBinaryType t = ELWADD,
          EltwiseBinaryReuseDestType reuse = EltwiseBinaryReuseDestType::NONE>
ALWI void binary_dest_reuse_tiles(std::uint32_t in_cb_id, std::uint32_t in_tile_index,
                                  std::uint32_t dst_tile_index)
{
    static_assert(reuse != EltwiseBinaryReuseDestType::NONE,
                  "binary_dest_reuse_tiles: give DEST_TO_SRCA or DEST_TO_SRCB");
    tf_c::binary_dest_reuse_tiles(tf_ttm::binop<t>(), (std::uint32_t)reuse, in_cb_id, in_tile_index,
                                  dst_tile_index);
}

// ---- matmul -----------------------------------------------------------------------
// DEST[idst] += A x B; the products follow MATH_FIDELITY (its phases: the
// cycles and the mantissa bits, docs/chip.md). transpose: each in1 tile is
// transposed (set by the init, as tt-metal's since 2024). (The defaults of
// the oldest tree: CBs 0, 1 and 16.)
ALWI void mm_init(std::uint32_t in0 = 0, std::uint32_t in1 = 1, std::uint32_t out = 16,
                  const std::uint32_t transpose = 0)
{
    tf_c::mm_init(in0, in1, out, transpose);
}
ALWI void mm_init_short(std::uint32_t in0 = 0, std::uint32_t in1 = 1,
                        const std::uint32_t transpose = 0)
{
    tf_c::mm_init_short(in0, in1, transpose);
}
ALWI void mm_init_short_with_dt(std::uint32_t in0, std::uint32_t in1, std::uint32_t c_in_old_srca,
                                const std::uint32_t transpose = 0)
{
    (void)c_in_old_srca;
    tf_c::mm_init_short(in0, in1, transpose);
}
ALWI void mm_block_init(std::uint32_t in0, std::uint32_t in1, std::uint32_t out,
                        const std::uint32_t transpose = 0, std::uint32_t ct_dim = 1,
                        std::uint32_t rt_dim = 1, std::uint32_t kt_dim = 1)
{
    tf_c::mm_block_init(in0, in1, out, transpose, ct_dim, rt_dim, kt_dim);
}
ALWI void mm_block_init_short(std::uint32_t in0, std::uint32_t in1,
                              const std::uint32_t transpose = 0, std::uint32_t ct_dim = 1,
                              std::uint32_t rt_dim = 1, std::uint32_t kt_dim = 1)
{
    tf_c::mm_block_init_short(in0, in1, transpose, ct_dim, rt_dim, kt_dim);
}
ALWI void mm_block_init_short_with_dt(std::uint32_t in0, std::uint32_t in1, std::uint32_t old_in1,
                                      const std::uint32_t transpose = 0, std::uint32_t ct_dim = 1,
                                      std::uint32_t rt_dim = 1, std::uint32_t kt_dim = 1)
{
    (void)old_in1;
    tf_c::mm_block_init_short(in0, in1, transpose, ct_dim, rt_dim, kt_dim);
}
ALWI void mm_block_init_short_with_both_dt(std::uint32_t in0, std::uint32_t in1,
                                           std::uint32_t old_in0, std::uint32_t old_in1,
                                           const std::uint32_t transpose = 0,
                                           std::uint32_t ct_dim = 1, std::uint32_t rt_dim = 1,
                                           std::uint32_t kt_dim = 1)
{
    (void)old_in0, (void)old_in1;
    tf_c::mm_block_init_short(in0, in1, transpose, ct_dim, rt_dim, kt_dim);
}
// (the 2026 names, after compute_kernel_hw_startup<SrcOrder::Reverse>)
ALWI void matmul_init(std::uint32_t in0, std::uint32_t in1, const std::uint32_t transpose = 0)
{
    tf_c::mm_init_short(in0, in1, transpose);
}
ALWI void matmul_block_init(std::uint32_t in0, std::uint32_t in1, const std::uint32_t transpose = 0,
                            std::uint32_t ct_dim = 1, std::uint32_t rt_dim = 1,
                            std::uint32_t kt_dim = 1)
{
    tf_c::mm_block_init_short(in0, in1, transpose, ct_dim, rt_dim, kt_dim);
}
using tf_c::matmul_block;
using tf_c::matmul_tiles;
// The oldest form's transpose argument (the init's applies).
ALWI void matmul_tiles(std::uint32_t in0, std::uint32_t in1, std::uint32_t i0, std::uint32_t i1,
                       std::uint32_t idst, const std::uint32_t transpose)
{
    (void)transpose;
    tf_c::matmul_tiles(in0, in1, i0, i1, idst);
}
ALWI void matmul_tile(std::uint32_t in0, std::uint32_t in1, std::uint32_t i0, std::uint32_t i1,
                      std::uint32_t idst, bool transpose = false)
{
    (void)transpose;
    tf_c::matmul_tiles(in0, in1, i0, i1, idst);
}

// ---- reduce -----------------------------------------------------------------------
// DEST[idst] (+)= reduce(tile x scaler): SUM/AVG sum x the scaler tile's
// [0][0] (AVG: pass 1/N), MAX the max x its power of two. ROW -> column 0,
// COL -> row 0, SCALAR -> [0][0]; calls accumulate. Without template
// arguments, the host defines REDUCE_OP and REDUCE_DIM (as tt-metal's
// reduce kernels).
template <PoolType reduce_type = TF_TTM_REDUCE_OP, ReduceDim reduce_dim = TF_TTM_REDUCE_DIM,
          bool enforce_fp32_accumulation = false>
ALWI void reduce_init(std::uint32_t icb, std::uint32_t icb_scaler, std::uint32_t ocb)
{
    static_assert(!enforce_fp32_accumulation || DST_ACCUM_MODE,
                  "not supported by tt-foil: enforce_fp32_accumulation with a 16-bit DEST (build "
                  "the kernel with FP32_DEST_ACC ON)");
    (void)icb, (void)icb_scaler, (void)ocb;
    tf_c::dev_reduce_init(tf_ttm::pool<reduce_type>(), (std::uint32_t)reduce_dim);
}
// The oldest tree's forms: reduce_init<at_start, ...>, the delta inits (from
// binary_op_init_common's state) and reduce_revert_delta (= reduce_uninit).
template <bool at_start, PoolType reduce_type = TF_TTM_REDUCE_OP,
          ReduceDim reduce_dim = TF_TTM_REDUCE_DIM>
ALWI void reduce_init(std::uint32_t icb, std::uint32_t icb_scaler, std::uint32_t ocb = 16)
{
    reduce_init<reduce_type, reduce_dim>(icb, icb_scaler, ocb);
}
template <bool at_start, PoolType reduce_type = TF_TTM_REDUCE_OP,
          ReduceDim reduce_dim = TF_TTM_REDUCE_DIM>
ALWI void reduce_init_delta(std::uint32_t ocb = 16, std::uint32_t icb0 = 0, std::uint32_t icb1 = 1)
{
    reduce_init<reduce_type, reduce_dim>(icb0, icb1, ocb);
}
// reduce_init_short (the older name of reduce_init after a full init),
// reduce_init_delta_no_pack (without the pack's reduce configuration) and
// reduce_init_delta_math (the math half alone): the unpacker and packer take
// no reduce set-up here, so each is reduce_init's math init. The <at_start>
// forms are the oldest tree's.
template <PoolType reduce_type = TF_TTM_REDUCE_OP, ReduceDim reduce_dim = TF_TTM_REDUCE_DIM>
ALWI void reduce_init_short(std::uint32_t icb, std::uint32_t icb_scaler, std::uint32_t ocb = 16)
{
    reduce_init<reduce_type, reduce_dim>(icb, icb_scaler, ocb);
}
// The oldest tree's forms with the kind and dimension as arguments (its
// compute_kernel_api/reduce.h, 2023-24: reduce_init<at_start>(reduce_op,
// dim, icb, icb_scaler, ocb), reduce_init_short(reduce_op, dim, icb,
// icb_scaler, ocb), reduce_init_delta<at_start>(reduce_op, dim, ocb, icb0,
// icb1)). tt-metal compiled them from the REDUCE_OP and REDUCE_DIM defines
// and ignored the arguments (kernels pass those defines); here the
// arguments are used, as by the oldest reduce_tile below, so that init and
// op agree (PoolType::MIN faults at the op, naming it).
template <bool at_start>
ALWI void reduce_init(PoolType reduce_op, ReduceDim dim, std::uint32_t icb,
                      std::uint32_t icb_scaler, std::uint32_t ocb = 16)
{
    (void)icb, (void)icb_scaler, (void)ocb;
    tf_c::dev_reduce_init((std::uint32_t)reduce_op, (std::uint32_t)dim);
}
ALWI void reduce_init_short(PoolType reduce_op, ReduceDim dim, std::uint32_t icb,
                            std::uint32_t icb_scaler, std::uint32_t ocb = 16)
{
    reduce_init<false>(reduce_op, dim, icb, icb_scaler, ocb);
}
template <bool at_start>
ALWI void reduce_init_delta(PoolType reduce_op, ReduceDim dim, std::uint32_t ocb = 16,
                            std::uint32_t icb0 = 0, std::uint32_t icb1 = 1)
{
    reduce_init<at_start>(reduce_op, dim, icb0, icb1, ocb);
}
template <PoolType reduce_type = TF_TTM_REDUCE_OP, ReduceDim reduce_dim = TF_TTM_REDUCE_DIM>
ALWI void reduce_init_delta_no_pack(std::uint32_t icb0 = 0, std::uint32_t icb1 = 1)
{
    reduce_init<reduce_type, reduce_dim>(icb0, icb1, 16);
}
template <bool at_start, PoolType reduce_type = TF_TTM_REDUCE_OP,
          ReduceDim reduce_dim = TF_TTM_REDUCE_DIM>
ALWI void reduce_init_delta_no_pack(std::uint32_t icb0 = 0, std::uint32_t icb1 = 1)
{
    reduce_init<reduce_type, reduce_dim>(icb0, icb1, 16);
}
template <PoolType reduce_type = TF_TTM_REDUCE_OP, ReduceDim reduce_dim = TF_TTM_REDUCE_DIM>
ALWI void reduce_init_delta_math()
{
    reduce_init<reduce_type, reduce_dim>(0, 1, 16);
}
template <bool at_start, PoolType reduce_type = TF_TTM_REDUCE_OP,
          ReduceDim reduce_dim = TF_TTM_REDUCE_DIM>
ALWI void reduce_init_delta_math()
{
    reduce_init<reduce_type, reduce_dim>(0, 1, 16);
}
template <PoolType reduce_type = TF_TTM_REDUCE_OP, ReduceDim reduce_dim = TF_TTM_REDUCE_DIM,
          bool enforce_fp32_accumulation = false>
ALWI void reduce_tile(std::uint32_t icb, std::uint32_t icb_scaler, std::uint32_t itile,
                      std::uint32_t itile_scaler, std::uint32_t idst)
{
    tf_c::dev_reduce_tile(tf_ttm::pool<reduce_type>(), (std::uint32_t)reduce_dim, icb, icb_scaler,
                          itile, itile_scaler, idst);
}
// The oldest form: the kind and dimension as arguments.
ALWI void reduce_tile(PoolType reduce_op, ReduceDim dim, std::uint32_t icb,
                      std::uint32_t icb_scaler, std::uint32_t itile, std::uint32_t itile_scaler,
                      std::uint32_t idst)
{
    tf_c::dev_reduce_tile((std::uint32_t)reduce_op, (std::uint32_t)dim, icb, icb_scaler, itile,
                          itile_scaler, idst);
}
template <bool enforce_fp32_accumulation = false> ALWI void reduce_uninit(std::uint32_t icb = 0)
{
    (void)icb;
    tf_c::reduce_uninit();
}
ALWI void reduce_revert_delta(std::uint32_t ocb = 16)
{
    (void)ocb;
    tf_c::reduce_uninit();
}
// (mid-2024's form, the reduce dimension as a template argument)
// (by default the op's REDUCE_DIM define, as tt-metal's)
#ifdef REDUCE_DIM
#define TF_TTM_REDUCE_DIM_DEFAULT REDUCE_DIM
#else
#define TF_TTM_REDUCE_DIM_DEFAULT ReduceDim::REDUCE_ROW
#endif
template <ReduceDim reduce_dim = TF_TTM_REDUCE_DIM_DEFAULT>
ALWI void reduce_revert_delta(std::uint32_t ocb = 16)
{
    reduce_revert_delta(ocb);
}
// reduce_custom.h: SDPA's MAX along rows over a block of tiles. tt-llk
// pools the block_ct_dim tiles row_start_index.. of icb into DEST[idst]
// and transposes the result into column 0 once; that is reduce_tile's
// MAX / REDUCE_ROW on each tile, accumulating, so it runs as those (the
// same values and cycles). tt-metal's assumptions (scaler 1.0, Float16_b)
// need not hold here: the engine's reduce takes any scaler (its power of
// two for MAX) and Float32. A value already in DEST[idst] takes part in
// the max of its column 0 (SDPA copies the previous max there with an
// LLK-level, face-transposing copy so that the hardware's untransposed
// pool lines up with it; here DEST holds values, not the pool's layout).
template <std::uint32_t block_ct_dim> ALWI void tf_block_max_row_checks()
{
    static_assert(block_ct_dim >= 1, "reduce_block_max_row: block_ct_dim is at least 1");
}
template <bool respect_trigger> ALWI void tf_no_trigger()
{
    static_assert(!respect_trigger,
                  "not supported by tt-foil: respect_trigger (the unpacker waits on a Tensix "
                  "semaphore the kernel's packer posts; semaphores between a compute kernel's "
                  "TRISCs are not modeled): use respect_trigger = false");
}
template <std::uint32_t block_ct_dim, bool respect_trigger = false>
ALWI void reduce_block_max_row_init()
{
    tf_block_max_row_checks<block_ct_dim>();
    tf_no_trigger<respect_trigger>();
    tf_c::dev_reduce_init(TF_POOL_MAX, TF_REDUCE_ROW);
}
template <std::uint32_t block_ct_dim, bool respect_trigger = false>
ALWI void reduce_block_max_row(std::uint32_t icb, std::uint32_t icb_scaler,
                               std::uint32_t row_start_index, std::uint32_t idst)
{
    tf_block_max_row_checks<block_ct_dim>();
    tf_no_trigger<respect_trigger>();
    for (std::uint32_t t = 0; t < block_ct_dim; t++)
        tf_c::dev_reduce_tile(TF_POOL_MAX, TF_REDUCE_ROW, icb, icb_scaler, row_start_index + t, 0,
                              idst);
}
// The Blackhole re-inits after SDPA's own sub/exp paths (they reprogram
// what the init set up): here the init again.
template <std::uint32_t block_ct_dim, bool respect_trigger = false>
ALWI void reduce_block_max_row_reinit_short()
{
    reduce_block_max_row_init<block_ct_dim, respect_trigger>();
}
template <std::uint32_t block_ct_dim, bool respect_trigger = false>
ALWI void reduce_block_max_row_reinit_minimal()
{
    reduce_block_max_row_init<block_ct_dim, respect_trigger>();
}
// (icb: the newest form's; the older took none)
template <bool clear_fp32_accumulation = false, bool respect_trigger = false>
ALWI void reduce_block_max_row_uninit(std::uint32_t icb = 0)
{
    tf_no_trigger<respect_trigger>();
    (void)icb;
    tf_c::reduce_uninit();
}
// The run-time forms: block_ct_dim and respect_trigger as arguments. The
// init's block size is kept for the op (each TRISC its own, as the
// hardware keeps it in the MOP the init programs); respect_trigger, or a
// block of 0 tiles, faults at the call (TF_TILE_ERR_BLOCK_MAX_ROW).
} // namespace ckernel
namespace tf_ttm
{
inline std::uint32_t block_max_row_ct = 0;
ALWI void block_max_row_check(bool respect_trigger, std::uint32_t block_ct_dim)
{
    if (TF_MATH && (respect_trigger || block_ct_dim == 0))
        dev_fault(TF_FAULT_DETAIL_TILE, TF_TILE_REDUCE,
                  TF_TILE_FAULT_AUX(TF_TILE_ERR_BLOCK_MAX_ROW, respect_trigger ? 1 : 2, 0, 0));
}
} // namespace tf_ttm
namespace ckernel
{
ALWI void reduce_block_max_row_init_runtime(std::uint32_t block_ct_dim,
                                            bool respect_trigger = false)
{
    tf_ttm::block_max_row_check(respect_trigger, block_ct_dim);
    tf_ttm::block_max_row_ct = block_ct_dim;
    tf_c::dev_reduce_init(TF_POOL_MAX, TF_REDUCE_ROW);
}
ALWI void reduce_block_max_row_reinit_short_runtime(std::uint32_t block_ct_dim,
                                                    bool respect_trigger = false)
{
    reduce_block_max_row_init_runtime(block_ct_dim, respect_trigger);
}
ALWI void reduce_block_max_row_reinit_minimal_runtime(std::uint32_t block_ct_dim,
                                                      bool respect_trigger = false)
{
    reduce_block_max_row_init_runtime(block_ct_dim, respect_trigger);
}
ALWI void reduce_block_max_row_runtime(std::uint32_t icb, std::uint32_t icb_scaler,
                                       std::uint32_t row_start_index, std::uint32_t idst,
                                       bool respect_trigger = false)
{
    tf_ttm::block_max_row_check(respect_trigger, tf_ttm::block_max_row_ct);
    for (std::uint32_t t = 0; t < tf_ttm::block_max_row_ct; t++)
        tf_c::dev_reduce_tile(TF_POOL_MAX, TF_REDUCE_ROW, icb, icb_scaler, row_start_index + t, 0,
                              idst);
}
ALWI void reduce_block_max_row_uninit_runtime(std::uint32_t icb, bool respect_trigger = false)
{
    tf_ttm::block_max_row_check(respect_trigger, 1);
    (void)icb;
    tf_c::reduce_uninit();
}

// ---- transpose and copy --------------------------------------------------------------
// (ocb = 16: tt-metal's older default)
ALWI void transpose_wh_init(std::uint32_t icb, std::uint32_t ocb = 16)
{
    tf_c::transpose_wh_init(icb, ocb);
}
ALWI void transpose_wh_init_short(std::uint32_t icb)
{
    tf_c::transpose_wh_init_short(icb);
}
using tf_c::transpose_wh_tile;
// (the 2026 names)
ALWI void transpose_init(std::uint32_t icb)
{
    tf_c::transpose_wh_init_short(icb);
}
ALWI void transpose_tile(std::uint32_t icb, std::uint32_t itile, std::uint32_t idst)
{
    tf_c::transpose_wh_tile(icb, itile, idst);
}
// A transpose inside DEST (api/compute/transpose_wh_dest.h; the 2026 names
// transpose_dest_init/transpose_dest, api/compute/transpose_dest.h):
// DEST[idst] [r][c] -> [c][r] in place, every bit kept. is_32bit must be the
// kernel's DEST width (DST_ACCUM_MODE, as tt-metal's kernels pass): a
// mismatch faults at the op. transpose_of_faces false (each face transposed
// where it is) exists for 32-bit values only, as in tt-llk. The init's
// operand (the newest form's CB) is unused, as tt-metal's off Quasar.
template <bool is_32bit = false, bool transpose_of_faces = true>
ALWI void transpose_wh_dest_init_short(std::uint32_t operand = 0)
{
    static_assert(is_32bit || transpose_of_faces,
                  "transpose_wh_dest: transpose_of_faces = false needs is_32bit (tt-llk has no "
                  "16-bit transpose within faces)");
    (void)operand;
    tf_c::transpose_wh_dest_init_short(is_32bit, transpose_of_faces);
}
template <bool is_32bit = false, bool transpose_of_faces = true>
ALWI void transpose_wh_dest(std::uint32_t idst)
{
    static_assert(is_32bit || transpose_of_faces,
                  "transpose_wh_dest: transpose_of_faces = false needs is_32bit (tt-llk has no "
                  "16-bit transpose within faces)");
    tf_c::transpose_wh_dest(idst, is_32bit, transpose_of_faces);
}
template <bool is_32bit = false, bool transpose_of_faces = true>
ALWI void transpose_dest_init(std::uint32_t operand = 0)
{
    transpose_wh_dest_init_short<is_32bit, transpose_of_faces>(operand);
}
template <bool is_32bit = false, bool transpose_of_faces = true>
ALWI void transpose_dest(std::uint32_t idst)
{
    transpose_wh_dest<is_32bit, transpose_of_faces>(idst);
}
// Welford's running mean and variance (api/compute/welford.h): the SFPU
// keeps one statistic a tile column between the calls (docs/chip.md
// "Welford's statistics"). welford_init is an SFPU init: an update needs
// it as the last SFPU init, and any SFPU op in between takes the registers
// the statistics are in (the next Welford call faults, saying so:
// welford_save_state and welford_restore_state keep them). The reciprocal
// LUT (reciprocal_size entries, fp32 bits of 1 / (n + 1)) is read here on
// the math TRISC as tt-llk does, within its bounds (the engine faults
// first); an empty one means 1.0f / (n + 1) computed here.
enum class WelfordInitMode : std::uint8_t { ClearStats, PreserveStats };
template <WelfordInitMode mode = WelfordInitMode::ClearStats> ALWI void welford_init()
{
    tf_c::welford_init_mode(mode == WelfordInitMode::PreserveStats);
}
ALWI void welford_clear()
{
    tf_c::welford_clear();
}
template <std::uint32_t reciprocal_size>
ALWI void welford_update(std::uint32_t input_dst_idx, std::uint32_t start_idx,
                         const std::array<std::uint32_t, reciprocal_size> &reciprocal_lut)
{
    tf_c::welford_update(input_dst_idx, start_idx, reciprocal_lut.data(), reciprocal_size);
}
template <std::uint32_t reciprocal_size>
ALWI void welford_update_rows(std::uint32_t input_dst_idx, std::uint32_t start_idx,
                              std::uint32_t start_row, std::uint32_t num_rows,
                              const std::array<std::uint32_t, reciprocal_size> &reciprocal_lut)
{
    tf_c::welford_update_rows(input_dst_idx, start_idx, start_row, num_rows, reciprocal_lut.data(),
                              reciprocal_size);
}
ALWI void welford_save_state(std::uint32_t mean_dst_idx, std::uint32_t group_id = 0)
{
    tf_c::welford_save_state(mean_dst_idx, group_id);
}
ALWI void welford_restore_state(std::uint32_t mean_dst_idx, std::uint32_t group_id = 0)
{
    tf_c::welford_restore_state(mean_dst_idx, group_id);
}
template <std::size_t reciprocal_size>
ALWI void welford_finalize_to_row(std::uint32_t mean_dst_idx, std::uint32_t scale_idx,
                                  const std::array<std::uint32_t, reciprocal_size> &reciprocal_lut)
{
    tf_c::welford_finalize_to_row(mean_dst_idx, scale_idx, reciprocal_lut.data(),
                                  (std::uint32_t)reciprocal_size);
}
template <std::size_t reciprocal_size>
ALWI void welford_finalize_to_face(std::uint32_t mean_dst_idx, std::uint32_t scale_idx,
                                   const std::array<std::uint32_t, reciprocal_size> &reciprocal_lut)
{
    tf_c::welford_finalize_to_face(mean_dst_idx, 0, scale_idx, reciprocal_lut.data(),
                                   (std::uint32_t)reciprocal_size);
}
template <std::size_t reciprocal_size>
ALWI void welford_finalize_to_face(std::uint32_t mean_dst_idx, std::uint32_t group_id,
                                   std::uint32_t scale_idx,
                                   const std::array<std::uint32_t, reciprocal_size> &reciprocal_lut)
{
    tf_c::welford_finalize_to_face(mean_dst_idx, group_id, scale_idx, reciprocal_lut.data(),
                                   (std::uint32_t)reciprocal_size);
}
// transpose != 0: copy_tile transposes the whole 32 x 32 tile; a transpose
// within each face alone is not modeled and faults at the init (its value
// named), rather than transposing the whole tile instead.
ALWI void copy_tile_to_dst_init_short(std::uint32_t cbid = 0, std::uint32_t transpose = 0,
                                      std::uint32_t transpose_within_16x16_face = false)
{
    if (TF_MATH && transpose_within_16x16_face)
        dev_fault(TF_FAULT_DETAIL_TILE, TF_TILE_COPY, TF_TILE_FAULT_AUX(TF_TILE_ERR_PART, 0, 0, 0));
    tf_c::copy_tile_to_dst_init_short(cbid, transpose);
}
ALWI void copy_tile_to_dst_init_short_with_dt(std::uint32_t old_cbid, std::uint32_t new_cbid,
                                              std::uint32_t transpose = 0)
{
    (void)old_cbid;
    tf_c::copy_tile_to_dst_init_short(new_cbid, transpose);
}
ALWI void copy_tile_init(std::uint32_t cbid = 0)
{
    tf_c::copy_tile_init(cbid);
}
ALWI void copy_init(std::uint32_t cbid, std::uint32_t transpose = 0,
                    std::uint32_t transpose_within_16x16_face = false)
{
    copy_tile_to_dst_init_short(cbid, transpose, transpose_within_16x16_face);
}
using tf_c::copy_block_matmul_partials;
using tf_c::copy_tile;

// ---- pack -------------------------------------------------------------------------
// false: DEST[ifrom_dst] into the next page of icb's reserved region (the
// index is ignored; cb_push_back starts over); true: into page
// output_tile_index of it. The CB's format (Float16_b, Float32 or a block float).
template <bool out_of_order_output = false>
ALWI void pack_tile(std::uint32_t ifrom_dst, std::uint32_t icb, std::uint32_t output_tile_index = 0)
{
    if (out_of_order_output)
        tf_c::pack_tile_at(ifrom_dst, icb, output_tile_index);
    else
        tf_c::pack_tile(ifrom_dst, icb);
}
// pack.h: part of a tile. pack_rows_init(num_rows), 1 to 64 rows of 16
// values (DEST's order: face 0's rows, then faces 1, 2, 3); pack_rows
// writes DEST[idst]'s first num_rows rows at page output_index of ocb's
// reserved region; pack_rows_uninit before the next pack_tile.
using tf_c::pack_rows_init;
using tf_c::pack_rows_uninit;
ALWI void pack_rows(std::uint32_t idst, std::uint32_t ocb, std::uint32_t output_index = 0)
{
    tf_c::pack_rows(idst, ocb, output_index);
}
using tf_c::matmul_pack_tile;
using tf_c::pack_tile_block;
// pack_tile_with_dt is not in tt-metal's compute API: it is ttnn's helper
// (ttnn/kernel/compute/moreh_common.hpp; older kernels carry copies of it):
// the packer's format from icb when FP32_DEST_ACC_EN is defined, then
// pack_tile<false>. Formats come from each CB here, so it is pack_tile. A
// template, so that a kernel's own (non-template) pack_tile_with_dt, in the
// global namespace or in ckernel, is the one its calls pick, without
// ambiguity.
template <bool tf_helper_ = true>
ALWI void pack_tile_with_dt(std::uint32_t ifrom_dst, std::uint32_t icb)
{
    tf_c::pack_tile(ifrom_dst, icb);
}

// ---- tilize and untilize -------------------------------------------------------------
// They take DEST themselves: call them outside tile_regs_acquire/release.
ALWI void tilize_init(std::uint32_t icb, std::uint32_t block, std::uint32_t ocb)
{
    tf_c::tilize_init(icb, block, ocb);
}
// (ocb = 16: tt-metal's default once it took the output CB; its older
// 2-argument form set the unpacker and math up only, leaving the packer as
// the last init left it: CB 16 in its kernels)
ALWI void tilize_init_short(std::uint32_t icb, std::uint32_t block, std::uint32_t ocb = 16)
{
    tf_c::tilize_init(icb, block, ocb);
}
ALWI void tilize_init_short_with_dt(std::uint32_t old_icb, std::uint32_t new_icb,
                                    std::uint32_t block, std::uint32_t ocb)
{
    (void)old_icb;
    tf_c::tilize_init(new_icb, block, ocb);
}
ALWI void tilize_block(std::uint32_t icb, std::uint32_t block, std::uint32_t ocb)
{
    tf_c::tilize_block(icb, block, ocb);
}
TF_UNSUPPORTED("tilize_block with input/output tile indices: tilize from the front of icb into "
               "the reserved pages of ocb")
void tilize_block(std::uint32_t icb, std::uint32_t block, std::uint32_t ocb,
                  std::uint32_t input_tile_index, std::uint32_t output_tile_index = 0);
ALWI void tilize_uninit(std::uint32_t icb, std::uint32_t ocb = 16)
{
    tf_c::tilize_uninit(icb, ocb);
}
ALWI void tilize_uninit_with_dt(std::uint32_t old_icb = 0, std::uint32_t new_icb = 1,
                                std::uint32_t ocb = 16)
{
    (void)old_icb;
    tf_c::tilize_uninit(new_icb, ocb);
}
// Fast tilize (Blackhole's, tilize.h): tilize_block's tiles as bf16 values,
// a row at a time in chunks of 2 to 4 tiles; full_dim (block) 1 is
// tilize's. Input Float32 or Float16_b, output Float16_b or a _b block
// float; fast_tilize_block's block must be the init's full_dim; the packer
// packs nothing else until the uninit (the engine faults, naming the rule).
// fast_tilize_uninit: the 2026 form's full_dim is not needed here.
ALWI void fast_tilize_init(std::uint32_t icb, std::uint32_t full_dim, std::uint32_t ocb)
{
    tf_c::fast_tilize_init(icb, full_dim, ocb);
}
ALWI void fast_tilize_init_with_dt(std::uint32_t icb, std::uint32_t full_dim, std::uint32_t ocb)
{
    tf_c::fast_tilize_init(icb, full_dim, ocb);
}
ALWI void fast_tilize_block(std::uint32_t icb, std::uint32_t block, std::uint32_t ocb)
{
    tf_c::fast_tilize_block(icb, block, ocb);
}
TF_UNSUPPORTED("fast_tilize_block with input/output tile indices: tilize from the front of icb "
               "into the reserved pages of ocb")
void fast_tilize_block(std::uint32_t icb, std::uint32_t block, std::uint32_t ocb,
                       std::uint32_t input_tile_index, std::uint32_t output_tile_index = 0);
ALWI void fast_tilize_uninit(std::uint32_t icb, std::uint32_t ocb)
{
    tf_c::fast_tilize_uninit(icb, ocb);
}
ALWI void fast_tilize_uninit(std::uint32_t icb, std::uint32_t ocb, std::uint32_t full_dim)
{
    (void)full_dim;
    tf_c::fast_tilize_uninit(icb, ocb);
}
ALWI void untilize_init(std::uint32_t icb, std::uint32_t ocb = 16)
{
    (void)ocb;
    tf_c::untilize_init(icb);
}
ALWI void untilize_init_short(std::uint32_t icb)
{
    tf_c::untilize_init(icb);
}
// full_ct_dim tiles of icb (one tile row) -> 32 rows in full_ct_dim pages of
// ocb, block_ct_dim tiles at a time on hardware (one at a time here: the
// same bytes).
template <std::uint32_t block_ct_dim = 1>
ALWI void untilize_block(std::uint32_t icb, std::uint32_t full_ct_dim, std::uint32_t ocb)
{
    static_assert(block_ct_dim >= 1 && block_ct_dim <= TF_TILE_DEST_HALF,
                  "untilize_block: block_ct_dim is 1..8 (the DEST half)");
    tf_c::untilize_block(icb, full_ct_dim, ocb);
}
ALWI void untilize_uninit(std::uint32_t icb)
{
    tf_c::untilize_uninit(icb);
}
// Pack-untilize: rows of block_ct_dim tiles (a column block of a row
// full_ct_dim tiles wide); block_ct_dim must fit the DEST half.
template <std::uint32_t block_ct_dim, std::uint32_t full_ct_dim> constexpr bool tf_untilize_dims()
{
    static_assert(block_ct_dim >= 1 && block_ct_dim <= (DST_ACCUM_MODE ? 4 : 8),
                  "pack_untilize: block_ct_dim must fit the DEST half (8 tiles, 4 with "
                  "fp32_dest_acc_en)");
    static_assert(full_ct_dim % block_ct_dim == 0,
                  "pack_untilize: full_ct_dim is a multiple of block_ct_dim");
    return true;
}
template <std::uint32_t block_ct_dim = 8, std::uint32_t full_ct_dim = block_ct_dim>
ALWI void pack_untilize_init(std::uint32_t icb, std::uint32_t ocb)
{
    static_assert(tf_untilize_dims<block_ct_dim, full_ct_dim>());
    tf_c::pack_untilize_init(icb, ocb, block_ct_dim, full_ct_dim);
}
template <std::uint32_t block_ct_dim = 8, std::uint32_t full_ct_dim = block_ct_dim>
ALWI void pack_untilize_block(std::uint32_t icb, std::uint32_t block_rt_dim, std::uint32_t ocb,
                              std::uint32_t block_c_index = 0)
{
    static_assert(tf_untilize_dims<block_ct_dim, full_ct_dim>());
    tf_c::pack_untilize_dest_init(ocb, block_ct_dim, full_ct_dim);
    tf_c::pack_untilize_block(icb, block_rt_dim, ocb, block_c_index);
}
// face_r_dim and num_faces: 32 x 32 tiles only (16, 4).
template <std::uint32_t block_ct_dim = 8, std::uint32_t full_ct_dim = block_ct_dim,
          bool narrow_row = false, std::uint32_t row_num_datums = 32, bool dense = false>
ALWI void pack_untilize_dest_init(std::uint32_t ocb, std::uint32_t face_r_dim = 16,
                                  std::uint32_t num_faces = 4)
{
    static_assert(tf_untilize_dims<block_ct_dim, full_ct_dim>());
    static_assert(!narrow_row && row_num_datums == 32 && !dense,
                  "not supported by tt-foil: narrow rows and dense pack_untilize (32 x 32 tiles)");
    tf_ttm::whole_tiles(TF_PACKER, TF_TILE_PACK_UNTILIZE, face_r_dim, num_faces);
    tf_c::pack_untilize_dest_init(ocb, block_ct_dim, full_ct_dim); // (the packer's only)
}
// The DEST tiles packed start at tile_dst_rt_offset + tile_dst_ct_offset
// (tt-metal's LLK adds both to each tile's index); a tile beyond the DEST
// half faults at run time naming its index. The newest form (ocb,
// block_rt_dim, block_c_index, tile_dst_rt_offset): face geometry comes
// from the CB, so a 4th argument is the offset; the older form with
// face_r_dim and num_faces (32 x 32 tiles only: 16, 4) takes 5 or 6.
template <std::uint32_t block_ct_dim, std::uint32_t full_ct_dim, bool diagonal, bool narrow_row,
          std::uint32_t row_num_datums, std::uint32_t tile_dst_ct_offset, bool dense>
constexpr bool tf_untilize_dest_args()
{
    static_assert(tf_untilize_dims<block_ct_dim, full_ct_dim>());
    static_assert(!diagonal && !narrow_row && row_num_datums == 32 && !dense,
                  "not supported by tt-foil: diagonal, narrow-row or dense pack_untilize_dest");
    static_assert(tile_dst_ct_offset + block_ct_dim <= (DST_ACCUM_MODE ? 4 : 8),
                  "pack_untilize_dest: tile_dst_ct_offset + block_ct_dim must fit the DEST half "
                  "(8 tiles, 4 with fp32_dest_acc_en)");
    return true;
}
template <std::uint32_t block_ct_dim = 8, std::uint32_t full_ct_dim = block_ct_dim,
          bool diagonal = false, bool narrow_row = false, std::uint32_t row_num_datums = 32,
          std::uint32_t tile_dst_ct_offset = 0, bool dense = false>
ALWI void pack_untilize_dest(std::uint32_t ocb, std::uint32_t block_rt_dim = 1,
                             std::uint32_t block_c_index = 0, std::uint32_t tile_dst_rt_offset = 0)
{
    static_assert(tf_untilize_dest_args<block_ct_dim, full_ct_dim, diagonal, narrow_row,
                                        row_num_datums, tile_dst_ct_offset, dense>());
    tf_c::pack_untilize_dest_init(ocb, block_ct_dim, full_ct_dim);
    tf_c::pack_untilize_dest_from(ocb, block_rt_dim, block_c_index,
                                  tile_dst_rt_offset + tile_dst_ct_offset);
}
template <std::uint32_t block_ct_dim = 8, std::uint32_t full_ct_dim = block_ct_dim,
          bool diagonal = false, bool narrow_row = false, std::uint32_t row_num_datums = 32,
          std::uint32_t tile_dst_ct_offset = 0, bool dense = false>
ALWI void pack_untilize_dest(std::uint32_t ocb, std::uint32_t block_rt_dim,
                             std::uint32_t block_c_index, std::uint32_t face_r_dim,
                             std::uint32_t num_faces, std::uint32_t tile_dst_rt_offset = 0)
{
    static_assert(tf_untilize_dest_args<block_ct_dim, full_ct_dim, diagonal, narrow_row,
                                        row_num_datums, tile_dst_ct_offset, dense>());
    tf_ttm::whole_tiles(TF_PACKER, TF_TILE_PACK_UNTILIZE, face_r_dim, num_faces);
    tf_c::pack_untilize_dest_init(ocb, block_ct_dim, full_ct_dim);
    tf_c::pack_untilize_dest_from(ocb, block_rt_dim, block_c_index,
                                  tile_dst_rt_offset + tile_dst_ct_offset);
}
// The older names: pack_untilize_dst_init_short = pack_untilize_dest_init
// (the oldest took no CB), pack_untilize_dst = pack_untilize_dest with
// face_r_dim and num_faces, pack_untilize_init_short = pack_untilize_init
// (its unpack and math init without the hardware configuration).
template <std::uint32_t block_ct_dim = 8, std::uint32_t full_ct_dim = block_ct_dim,
          bool diagonal = false, bool narrow_row = false, std::uint32_t row_num_datums = 32>
ALWI void pack_untilize_dst_init_short(std::uint32_t ocb = 16, std::uint32_t face_r_dim = 16,
                                       std::uint32_t num_faces = 4)
{
    static_assert(!diagonal, "not supported by tt-foil: diagonal pack_untilize");
    pack_untilize_dest_init<block_ct_dim, full_ct_dim, narrow_row, row_num_datums>(ocb, face_r_dim,
                                                                                   num_faces);
}
template <std::uint32_t block_ct_dim = 8, std::uint32_t full_ct_dim = block_ct_dim,
          bool diagonal = false, bool narrow_row = false, std::uint32_t row_num_datums = 32>
ALWI void pack_untilize_dst(std::uint32_t ocb, std::uint32_t block_rt_dim = 1,
                            std::uint32_t block_c_index = 0, std::uint32_t face_r_dim = 16,
                            std::uint32_t num_faces = 4)
{
    pack_untilize_dest<block_ct_dim, full_ct_dim, diagonal, narrow_row, row_num_datums>(
        ocb, block_rt_dim, block_c_index, face_r_dim, num_faces);
}
template <std::uint32_t block_ct_dim = 8, std::uint32_t full_ct_dim = block_ct_dim>
ALWI void pack_untilize_init_short(std::uint32_t icb, std::uint32_t ocb)
{
    pack_untilize_init<block_ct_dim, full_ct_dim>(icb, ocb);
}
ALWI void pack_untilize_uninit(std::uint32_t ocb = 16)
{
    tf_c::pack_untilize_uninit(ocb);
}
} // namespace ckernel

#include "tt_foil/compute_sfpu.hpp"
#include "tt_foil/sfpu_params.hpp"
#include "tt_foil/compute_unsupported.hpp"
#include "tt_foil/tensix_raw.hpp"

using namespace ckernel;

#endif
