/* clang-format off */
/* The compute kernel API, with tt-metal's names (docs/chip.md, "Tile
 * engine"; docs/kernels.md has the compute table). A compute kernel is
 * one C source that tt_foil_add_kernel(... RISC compute) builds three
 * times, once per TRISC role, as tt-metal does: on TRISC0 every call
 * unpacks tiles from circular buffers into the engine's source registers,
 * on TRISC1 it runs the math into DEST, on TRISC2 it packs DEST tiles into
 * circular buffers. Each call does its own role's part and nothing on the
 * others, so the kernel reads as one program:
 *
 *   binary_op_init_common(CB_IN, CB_IN, CB_OUT);   // tt-metal mode
 *   init_sfpu(CB_IN, CB_OUT); relu_tile_init();
 *   for (uint32_t i = 0; i < n; i++) {
 *       cb_wait_front(CB_IN, 1);          // unpacker: wait for an input tile
 *       tile_regs_acquire();              // math: take a DEST half
 *       copy_tile(CB_IN, 0, 0);           // unpack tile 0 -> math: DEST[0]
 *       relu_tile(0);                     // math: DEST[0] = max(DEST[0], 0)
 *       cb_pop_front(CB_IN, 1);           // unpacker: free the input tile
 *       commit_and_pack_tile(0, CB_OUT);  // math commits, the packer packs
 *   }
 *
 * Two modes. A kernel that calls no init runs in simple mode (issue 7's
 * engine: fp32 DEST of 8 tiles, exact fp32 products, no init needed). The
 * first init (compute_kernel_hw_startup, mm_init, any *_init) puts the
 * engine in tt-metal mode for the rest of the run: DEST is 16-bit (bf16,
 * 8 tiles a half) or, with TF_FP32_DEST_ACC=1, fp32 (4 tiles); products
 * follow TF_MATH_FIDELITY; and each op faults unless its init was the
 * last of its kind (docs/chip.md, "Inits").
 *
 * Kernel settings (build defines; tt-metal's ComputeConfig):
 *   TF_FP32_DEST_ACC   0 (default) or 1: fp32_dest_acc_en
 *   TF_MATH_FIDELITY   TF_FIDELITY_LOFI, _HIFI2, _HIFI3, _HIFI4 (default)
 *   TF_MATH_APPROX     0 (default) or 1: math_approx_mode. No op reads
 *                      it: an op is approximate only by its own name
 *                      (exp_tile_approx, ...; C++: its template argument).
 *                      tt-metal's ops without such an argument (sqrt, recip,
 *                      ...) take APPROX there; here they stay exact. C++
 *                      kernels see it as APPROX.
 *
 * Formats: each unpack and pack names its circular buffer's format
 * (dev_cb_format: its data format when the host gave one, else the page
 * size, which tells Float16_b 2048, Float32 4096, Bfp8_b 1088, Bfp4_b 576
 * and Bfp2_b 320 apart; a Float16 CB and the integer formats need the
 * CB's format, docs/chip.md "Integer tiles").
 *
 * tt-metal -> this C API (C has no templates or overloads; the C++ layer
 * maps the template forms onto these; the table is kept out of clang-format
 * so that it stays a table):
 *
 *   tt-metal                               this C API
 *   acquire_dst / release_dst              same names (acquire+wait, commit+release)
 *   add|sub|mul_tiles_bcast<ROW|COL|SCALAR> *_tiles_bcast_rows|cols|scalar
 *   any_tiles_bcast<op, dim>               any_tiles_bcast(op, dim, ...)
 *   init_bcast<op, dim>                    init_bcast(op, dim, ...)
 *   binary_dest_reuse_tiles<op, reuse>     binary_dest_reuse_tiles(op, reuse, ...) (+ _init)
 *   reduce_init<pool, dim>(i, s, o)        reduce_init_<dim>_<pool>(i, s, o),
 *                                          e.g. reduce_init_row_max
 *   reduce_tile<pool, dim>(i, s, t, ts, d) reduce_tile_<dim>_<pool>(...),
 *                                          e.g. reduce_tile_row_sum
 *   reduce_uninit<>()                      reduce_uninit()
 *   mm_init(in0, in1, out, transpose=0)    mm_init(in0, in1, out, transpose) (all arguments)
 *   matmul_tiles(.., idst)                 matmul_tiles(in0, in1, i0, i1, idst)
 *     (older releases: + transpose)
 *   matmul_block(...)                      matmul_block(...) (a loop of tile products,
 *                                          same arguments)
 *   pack_tile<true>(d, cb, i)              pack_tile_at(d, cb, i)
 *   pack_rows(d, cb, i = 0)                pack_rows(d, cb, i) (all arguments)
 *   fast_tilize_uninit(i, o[, full_dim])   fast_tilize_uninit(i, o)
 *   pack_untilize_init<ct, full>(i, o)     pack_untilize_init(i, o, ct, full)
 *   pack_untilize_block<ct, full>(...)     pack_untilize_block(i, rt, o, c_index)
 *                                          (ct, full from the init)
 *   pack_untilize_dest<ct, full, ..,       pack_untilize_dest_from(o, rt, c_index,
 *     ct_off>(o, rt, c_index, rt_off)        rt_off + ct_off), pack_untilize_dest(o, rt, c_index)
 *   untilize_block<ct>(i, full_ct, o)      untilize_block(i, full_ct, o)
 *   exp_tile<approx>(i)                    exp_tile(i) / exp_tile_approx(i); likewise log,
 *                                          sqrt, rsqrt, sigmoid, tanh (<fast_and_approx>)
 *   gelu_tile<fast_and_approx = true>(i)   gelu_tile(i) (= approx) / gelu_tile_exact(i)
 *   exp_tile_init<...>() and other inits   exp_tile_init() (the approximation is the op's)
 *   typecast_tile<IN, OUT>(i)              typecast_tile(IN, OUT, i) (constant formats)
 *   fill_tile(i, float)                    fill_tile(i, float), fill_tile_bitcast(i, bits)
 *   power_tile(i, n) (integer n, older)    power_tile(i, n), power_iterative_tile(i, n)
 *   expm1_tile<approx>(i), log1p, erf,      expm1_tile(i), ... (the exact value: the template
 *     mish, tanh/gelu_derivative, logit      argument selects nothing)
 *   rdiv_tile<RoundingMode::M>(i, v)       rdiv_tile(i, v), rdiv_tile_trunc, rdiv_tile_floor
 *   logical_not_tile<DataFormat>(i)        logical_not_tile(i) (float formats)
 *   celu_tile<fp32>(i, a, 1/a)             celu_tile(i, a, 1/a)
 *   add_int_tile<DF>(a, b, o), sub, rsub,  add_int_tile(DF, a, b, o), ... (DF: TF_DF_INT32,
 *     mul, bitwise_*_binary, the shifts      TF_DF_UINT32, TF_DF_UINT16; the inits as named)
 *   binary_max_int32_tile<fp32>(a, b, o)   binary_max_int32_tile(a, b, o); min, uint32 alike
 *   add_int32_tile(a, b)                   add_int_tile(TF_DF_INT32, a, b, a)
 *   mask_tile(i, m[, DataFormat df])       mask_tile(i, m, df) (df: TF_DF_FLOAT16_B, ...)
 *   transpose_wh_dest_init_short<b32, f>() transpose_wh_dest_init_short(b32, f)
 *   transpose_wh_dest<b32, f>(i)           transpose_wh_dest(i, b32, f) (f: transpose_of_faces,
 *                                          true unless said)
 *   unary_bcast_init<B>(icb, ocb)          unary_bcast_init(B, icb, ocb) (B: TF_BCAST_*)
 *   unary_bcast<B>(icb, i, dst)            unary_bcast(B, icb, i, dst)
 *   unary_bcast_uninit<B>(icb)             unary_bcast_uninit(B, icb)
 *   reconfigure_unary_bcast<O, N>(oi, ni,  reconfigure_unary_bcast(O, N, oi, ni, oo, no)
 *     oo, no)
 *   welford_init<PreserveStats>()          welford_init_mode(1) (welford_init(): mode 0)
 *   welford_update<N>(i, s, lut)           welford_update(i, s, lut, N) (N 0: no LUT, lut NULL)
 *   welford_update_rows<N>(i, s, r, n, l)  welford_update_rows(i, s, r, n, l, N)
 *   welford_save/restore_state(i[, g])     welford_save_state(i, g), welford_restore_state(i, g)
 *   welford_finalize_to_row<N>(i, k, l)    welford_finalize_to_row(i, k, l, N)
 *   welford_finalize_to_face<N>(i[, g],    welford_finalize_to_face(i, g, k, l, N)
 *     k, l) */
/* clang-format on */
#ifndef TF_COMPUTE_API_H
#define TF_COMPUTE_API_H

#ifndef TF_COMPUTE_ROLE
#error                                                                                             \
    "compute kernels are built with tt_foil_add_kernel(NAME RISC compute ...), tt_foil_cc --risc compute or tf_kernel_build(TF_COMPUTE)"
#endif

#define TF_COMPUTE_API    1
#define TF_CB_ON_PUSH(cb) (dev_pack_pos[cb] = 0)
#include "tf_device.h"
#include "tf_tile.h"
/* Tiles packed in order since the last cb_push_back (tt-metal advances a
 * 32-bit fifo_wr_tile_ptr): a reservation may hold more than 256 pages, but
 * not 65536 (L1 holds fewer than 1500 of the smallest tile, Bfp8_b's 1088
 * bytes), so 16 bits suffice; 32 bits changed the code clang gives some
 * kernels' packer, and their modeled cycles with it. */
static uint16_t dev_pack_pos[TF_MAX_CBS] __attribute__((unused));

#include "circular_buffer.h"
#include "debug_print.h"
#include "kernel_args.h"
#include "kernel_profiler.h"
#include "risc_mailbox.h"

#define TF_UNPACKER (TF_COMPUTE_ROLE == TF_TILE_ROLE_UNPACK)
#define TF_MATH     (TF_COMPUTE_ROLE == TF_TILE_ROLE_MATH)
#define TF_PACKER   (TF_COMPUTE_ROLE == TF_TILE_ROLE_PACK)

/* ---- kernel settings ------------------------------------------------------------- */

#ifndef TF_FP32_DEST_ACC
#define TF_FP32_DEST_ACC 0
#endif
#ifndef TF_MATH_FIDELITY
#define TF_MATH_FIDELITY TF_FIDELITY_HIFI4
#endif
#ifndef TF_MATH_APPROX
#define TF_MATH_APPROX 0
#endif
_Static_assert(TF_MATH_FIDELITY == TF_FIDELITY_LOFI || TF_MATH_FIDELITY == TF_FIDELITY_HIFI2 ||
                   TF_MATH_FIDELITY == TF_FIDELITY_HIFI3 || TF_MATH_FIDELITY == TF_FIDELITY_HIFI4,
               "TF_MATH_FIDELITY must be TF_FIDELITY_LOFI, _HIFI2, _HIFI3 or _HIFI4");
_Static_assert(TF_FP32_DEST_ACC == 0 || TF_FP32_DEST_ACC == 1, "TF_FP32_DEST_ACC is 0 or 1");
#define TF_KERNEL_CFG                                                                              \
    ((TF_FP32_DEST_ACC ? TF_TILE_CFG_FP32_ACC : 0u) | TF_TILE_CFG_FIDELITY(TF_MATH_FIDELITY))
/* DEST tiles a kernel may use between acquire and commit (tt-metal mode;
 * ttnn's get_dest_reg_count). */
#define TF_DEST_TILES (TF_FP32_DEST_ACC ? TF_TILE_DEST_HALF_FP32 : TF_TILE_DEST_HALF)

/* ---- the engine's registers -------------------------------------------------------- */

TF_ALWAYS_INLINE void dev_tile_cmd(uint32_t op)
{
    dev_reg_write(TF_MMIO_TILE_CMD, op);
}

/* The format argument of a circular buffer's tiles: its data format when
 * the host gave one (tf_program_set_cb_format), else its page size (which
 * tells five formats apart: 2048 is Float16_b, Float16 needs its format). */
TF_ALWAYS_INLINE uint32_t dev_cb_format(uint32_t cb)
{
    uint32_t df = dev_cb_data_format(cb);
    return df != TF_DATA_FORMAT_INVALID ? TF_TILE_FMT(df) : dev_cb_page_size(cb);
}

/* Bytes of one value of a row-major (tilize/untilize) circular buffer. */
TF_ALWAYS_INLINE uint32_t dev_cb_elem_bytes(uint32_t cb)
{
    return dev_cb_page_size(cb) / TF_TILE_ELEMS;
}

/* Unpacker: tile `i` at the front of `cb` into a source register. */
TF_ALWAYS_INLINE void dev_unpack_args(uint32_t arg, uint32_t cb, uint32_t i)
{
    dev_reg_write(arg, get_read_ptr(cb) + i * dev_cb_page_size(cb));
    dev_reg_write(arg + 4, dev_cb_format(cb));
}

TF_ALWAYS_INLINE void dev_unpack_a(uint32_t cb, uint32_t i)
{
    dev_unpack_args(TF_MMIO_TILE_ARG0, cb, i);
    dev_tile_cmd(TF_TILE_UNPACK_A);
}

TF_ALWAYS_INLINE void dev_unpack_b(uint32_t cb, uint32_t i)
{
    dev_unpack_args(TF_MMIO_TILE_ARG0, cb, i);
    dev_tile_cmd(TF_TILE_UNPACK_B);
}

TF_ALWAYS_INLINE void dev_unpack_ab(uint32_t cb_a, uint32_t ia, uint32_t cb_b, uint32_t ib)
{
    dev_unpack_args(TF_MMIO_TILE_ARG0, cb_a, ia);
    dev_unpack_args(TF_MMIO_TILE_ARG2, cb_b, ib);
    dev_tile_cmd(TF_TILE_UNPACK_AB);
}

/* Math: an operation into DEST[dst] (arg: its operand word). */
TF_ALWAYS_INLINE void dev_math(uint32_t op, uint32_t dst, uint32_t arg)
{
    dev_reg_write(TF_MMIO_TILE_ARG0, dst);
    dev_reg_write(TF_MMIO_TILE_ARG1, arg);
    dev_tile_cmd(op);
}

/* Math: set the engine up for an op class (TF_TILE_INIT_ARG) with this
 * kernel's settings; the first one switches to tt-metal mode. */
TF_ALWAYS_INLINE void dev_init(uint32_t cls, uint32_t p1, uint32_t p2, uint32_t p3)
{
    if (!TF_MATH) return;
    dev_reg_write(TF_MMIO_TILE_ARG0, TF_TILE_INIT_ARG(cls, p1, p2, p3));
    dev_reg_write(TF_MMIO_TILE_ARG1, TF_KERNEL_CFG);
    dev_tile_cmd(TF_TILE_INIT);
}

/* Packer: DEST[dst] into page `index` of cb's reserved region. */
TF_ALWAYS_INLINE void dev_pack(uint32_t dst, uint32_t cb, uint32_t index)
{
    dev_reg_write(TF_MMIO_TILE_ARG0, dst);
    dev_reg_write(TF_MMIO_TILE_ARG1, get_write_ptr(cb) + index * dev_cb_page_size(cb));
    dev_reg_write(TF_MMIO_TILE_ARG2, dev_cb_format(cb));
    dev_tile_cmd(TF_TILE_PACK);
}

/* The kernel-facing names below: global in C; in C++ (tt-metal's C++
 * compute API, device/tt-metal/tt_foil/compute.hpp, is built on them) they
 * are tf_c::, so tt-metal's overloads and templates own the plain names. */
#ifdef __cplusplus
namespace tf_c
{
#endif

/* ---- set-up ------------------------------------------------------------------------ */

static uint8_t dev_copy_transposes __attribute__((unused)); /* copy_tile transposes */

/* A transposing copy init does not outlive the inits that configure the
 * unpacker without transpose: in tt-metal, compute_kernel_hw_startup
 * (llk_unpack_hw_configure), unary_op_init_common (llk_unpack_A_init with
 * both transposes false), untilize_init (a datacopy init, transpose 0) and
 * pack_untilize_init (llk_unpack_A_init, transpose false). Math only: the
 * flag is read there alone (copy_tile), so the other TRISCs run nothing. */
TF_ALWAYS_INLINE void dev_copy_untransposed(void)
{
    if (TF_MATH) dev_copy_transposes = 0;
}

/* The formats come from each CB at every unpack and pack, so these only
 * set the engine up (tt-metal mode, the kernel's settings). */
TF_ALWAYS_INLINE void compute_kernel_hw_startup(uint32_t icb0, uint32_t icb1, uint32_t ocb)
{
    (void)icb0, (void)icb1, (void)ocb;
    dev_copy_untransposed();
    dev_init(TF_TILE_INIT_NONE, 0, 0, 0);
}

/* FPU binary ops: add, sub or mul without broadcast may follow directly. */
TF_ALWAYS_INLINE void binary_op_init_common(uint32_t icb0, uint32_t icb1, uint32_t ocb)
{
    (void)icb0, (void)icb1, (void)ocb;
    dev_init(TF_TILE_INIT_BINARY, TF_BINOP_ANY, TF_BCAST_NONE, TF_REUSE_NONE);
}

/* The copy path (copy_tile), before SFPU chains. */
TF_ALWAYS_INLINE void unary_op_init_common(uint32_t icb, uint32_t ocb)
{
    (void)icb, (void)ocb;
    dev_copy_untransposed();
    dev_init(TF_TILE_INIT_COPY, 0, 0, 0);
}

TF_ALWAYS_INLINE void init_sfpu(uint32_t icb, uint32_t ocb)
{
    unary_op_init_common(icb, ocb);
}

/* Formats are per CB at each unpack/pack: honoured without a call. */
TF_ALWAYS_INLINE void reconfig_data_format(uint32_t srca_cb, uint32_t srcb_cb)
{
    (void)srca_cb, (void)srcb_cb;
}
TF_ALWAYS_INLINE void reconfig_data_format_srca(uint32_t srca_cb)
{
    (void)srca_cb;
}
TF_ALWAYS_INLINE void reconfig_data_format_srcb(uint32_t srcb_cb)
{
    (void)srcb_cb;
}
TF_ALWAYS_INLINE void pack_reconfig_data_format(uint32_t ocb)
{
    (void)ocb;
}
TF_ALWAYS_INLINE void pack_init(uint32_t ocb)
{
    (void)ocb;
}
/* Packer L1 accumulation (tt-metal's pack_reconfig_l1_acc, pack.h): with
 * l1_acc_en non-zero, the packs after it add DEST to the tile already in
 * the CB page instead of overwriting it (Float32 and Float16_b CBs: a pack
 * to another format faults, naming the CB and the format); 0 turns it
 * off. The packer TRISC's setting; docs/chip.md "Packer L1 accumulation". */
TF_ALWAYS_INLINE void pack_reconfig_l1_acc(uint32_t l1_acc_en)
{
    if (!TF_PACKER) return;
    dev_reg_write(TF_MMIO_TILE_ARG0, l1_acc_en != 0);
    dev_tile_cmd(TF_TILE_PACK_L1_ACC);
}
/* The packer's ReLU (tt-metal's pack_relu_config; tt-llk's
 * _llk_pack_relu_config_ word): bits 0-3 the mode (0 none, 3
 * MAX_THRESHOLD_RELU: 0 below 0, clamped to the threshold; any other
 * MIN_THRESHOLD_RELU: 0 at or below the threshold, so ZERO_RELU, 1, with
 * no threshold is max(x, 0)), bits 16-31 the threshold's bf16 bits. On the
 * packs after it, into Float32 and Float16_b CBs (another format faults);
 * docs/chip.md "Packer ReLU". */
TF_ALWAYS_INLINE void pack_relu_config(uint32_t config)
{
    if (!TF_PACKER) return;
    dev_reg_write(TF_MMIO_TILE_ARG0, config);
    dev_tile_cmd(TF_TILE_PACK_RELU);
}

/* ---- DEST hand-over ------------------------------------------------------------ */

/* Math: wait for a free half of DEST (it starts at zero). */
TF_ALWAYS_INLINE void tile_regs_acquire(void)
{
    if (TF_MATH) dev_tile_cmd(TF_TILE_ACQUIRE);
}

/* Math: the half is computed; hand it to the packer. */
TF_ALWAYS_INLINE void tile_regs_commit(void)
{
    if (TF_MATH) dev_tile_cmd(TF_TILE_COMMIT);
}

/* Packer: wait for a committed half. */
TF_ALWAYS_INLINE void tile_regs_wait(void)
{
    if (TF_PACKER) dev_tile_cmd(TF_TILE_WAIT);
}

/* Packer: done with the half; it is cleared and goes back to math. */
TF_ALWAYS_INLINE void tile_regs_release(void)
{
    if (TF_PACKER) dev_tile_cmd(TF_TILE_RELEASE);
}

/* The older pair: acquire = acquire + wait, release = commit + release. */
TF_ALWAYS_INLINE void acquire_dst(void)
{
    tile_regs_acquire();
    tile_regs_wait();
}

TF_ALWAYS_INLINE void release_dst(void)
{
    tile_regs_commit();
    tile_regs_release();
}

/* ---- copy and transpose ------------------------------------------------------------- */

TF_ALWAYS_INLINE void copy_tile_to_dst_init_short(uint32_t cb, uint32_t transpose)
{
    (void)cb;
    dev_copy_transposes = transpose != 0;
    dev_init(transpose ? TF_TILE_INIT_TRANSPOSE : TF_TILE_INIT_COPY, 0, 0, 0);
}

TF_ALWAYS_INLINE void copy_tile_init(uint32_t cb)
{
    copy_tile_to_dst_init_short(cb, 0);
}

/* DEST[dst] = tile i of cb (transposed after a transposing init). */
TF_ALWAYS_INLINE void copy_tile(uint32_t cb, uint32_t i, uint32_t dst)
{
    if (TF_UNPACKER) dev_unpack_a(cb, i);
    if (TF_MATH) dev_math(dev_copy_transposes ? TF_TILE_TRANSPOSE : TF_TILE_COPY, dst, 0);
}

TF_ALWAYS_INLINE void copy_block_matmul_partials(uint32_t cb, uint32_t start_i, uint32_t start_dst,
                                                 uint32_t n)
{
    for (uint32_t k = 0; k < n; k++) copy_tile(cb, start_i + k, start_dst + k);
}

TF_ALWAYS_INLINE void transpose_wh_init_short(uint32_t icb)
{
    (void)icb;
    dev_copy_transposes = 0;
    dev_init(TF_TILE_INIT_TRANSPOSE, 0, 0, 0);
}

TF_ALWAYS_INLINE void transpose_wh_init(uint32_t icb, uint32_t ocb)
{
    (void)ocb;
    transpose_wh_init_short(icb);
}

/* DEST[dst][c][r] = tile i of cb [r][c]. */
TF_ALWAYS_INLINE void transpose_wh_tile(uint32_t icb, uint32_t i, uint32_t dst)
{
    if (TF_UNPACKER) dev_unpack_a(icb, i);
    if (TF_MATH) dev_math(TF_TILE_TRANSPOSE, dst, 0);
}

/* A transpose of DEST[dst] where it is (tt-metal's transpose_wh_dest.h):
 * [r][c] -> [c][r], every bit of each value kept. is_32bit: DEST holds
 * 32-bit values, and must be fp32_dest_acc_en (else the op faults, as
 * tt-llk's would cut or mix them); faces 0: each 16 x 16 face transposed
 * in place, is_32bit only (tt-llk's transpose_of_faces false). The init is
 * an FPU init, as tt-llk's reprograms the math unit: other FPU ops need
 * theirs again after it. */
TF_ALWAYS_INLINE uint32_t dev_tdest_flags(uint32_t is_32bit, uint32_t faces)
{
    return (is_32bit ? TF_TDEST_32BIT : 0) | (faces ? 0 : TF_TDEST_WITHIN_FACES);
}

TF_ALWAYS_INLINE void transpose_wh_dest_init_short(uint32_t is_32bit, uint32_t faces)
{
    dev_init(TF_TILE_INIT_TRANSPOSE_DEST, dev_tdest_flags(is_32bit, faces), 0, 0);
}

TF_ALWAYS_INLINE void transpose_wh_dest(uint32_t dst, uint32_t is_32bit, uint32_t faces)
{
    if (TF_MATH) dev_math(TF_TILE_TRANSPOSE_DEST, dst, dev_tdest_flags(is_32bit, faces));
}

/* ---- broadcasting copies (tt-metal's unary_bcast, api/compute/bcast.h) ----------- */

/* The path icb's tiles take (tt-metal picks it by the CB's unpacked
 * format): TF_UBCAST_32BIT for Float32, Int32 and UInt32 with an fp32
 * DEST (unpacked whole into DEST; a CB known by its page size alone:
 * 4096 bytes is Float32), else 0 (through source register B). */
TF_ALWAYS_INLINE uint32_t dev_ubcast_path(uint32_t icb)
{
    uint32_t df = dev_cb_data_format(icb);
    int wide =
        df != TF_DATA_FORMAT_INVALID ? TF_UBCAST_WIDE(df) : dev_cb_page_size(icb) == TF_TILE_FP32;
    return TF_FP32_DEST_ACC && wide ? TF_UBCAST_32BIT : 0u;
}

/* Sets the unpacker and math up for unary_bcast with bcast (TF_BCAST_*) on
 * icb's tiles; an FPU init, so other FPU ops need theirs after it. */
TF_ALWAYS_INLINE void unary_bcast_init(uint32_t bcast, uint32_t icb, uint32_t ocb)
{
    (void)ocb;
    if (TF_MATH) dev_init(TF_TILE_INIT_UNARY_BCAST, bcast, dev_ubcast_path(icb), 0);
}

/* DEST[dst] = tile i of icb, broadcast: TF_BCAST_NONE as it is, ROW its
 * row 0 on every row, COL its column 0 on every column, SCALAR its [0][0]
 * everywhere. A broadcast is unpacked into src B (NONE into src A), as
 * tt-llk's llk_unpack_A does. */
TF_ALWAYS_INLINE void unary_bcast(uint32_t bcast, uint32_t icb, uint32_t i, uint32_t dst)
{
    if (TF_UNPACKER) {
        if (bcast == TF_BCAST_NONE)
            dev_unpack_a(icb, i);
        else
            dev_unpack_b(icb, i);
    }
    if (TF_MATH) dev_math(TF_TILE_UNARY_BCAST, dst, bcast);
}

/* Leaves the broadcast's set-up (tt-llk's uninit restores the unpacker for
 * the other ops): the next op needs its own init, unary_bcast too. */
TF_ALWAYS_INLINE void unary_bcast_uninit(uint32_t bcast, uint32_t icb)
{
    (void)bcast, (void)icb;
    dev_init(TF_TILE_INIT_NONE, 0, 0, 0);
}

/* From unary_bcast<old_bcast> on old_icb to new_bcast on new_icb: set up
 * again when the type or the CB's format changes; otherwise, as tt-metal's,
 * nothing is done (the set-up in place is the one used). */
TF_ALWAYS_INLINE void reconfigure_unary_bcast(uint32_t old_bcast, uint32_t new_bcast,
                                              uint32_t old_icb, uint32_t new_icb, uint32_t old_ocb,
                                              uint32_t new_ocb)
{
    (void)old_ocb;
    if (TF_MATH && (old_bcast != new_bcast || dev_cb_format(old_icb) != dev_cb_format(new_icb)))
        unary_bcast_init(new_bcast, new_icb, new_ocb);
}

/* ---- Welford's statistics (tt-metal's welford.h; docs/chip.md "Welford's statistics") */

/* welford_init: the SFPU set up for Welford's updates (an SFPU init: other
 * SFPU ops need theirs again after it, and another SFPU init means an
 * update needs this one again), the statistics zeroed unless keep (tt-metal's
 * WelfordInitMode::PreserveStats). */
TF_ALWAYS_INLINE void welford_init_mode(uint32_t keep)
{
    dev_init(TF_TILE_INIT_WELFORD, keep != 0, 0, 0);
}

TF_ALWAYS_INLINE void welford_init(void)
{
    welford_init_mode(0);
}

/* A Welford command: sub-op, DEST index, group, and its ARG1-3. */
TF_ALWAYS_INLINE void dev_welford(uint32_t sub, uint32_t dst, uint32_t group, uint32_t a1,
                                  uint32_t a2, uint32_t a3)
{
    dev_reg_write(TF_MMIO_TILE_ARG0, TF_WELFORD_ARG(sub, dst, group));
    dev_reg_write(TF_MMIO_TILE_ARG1, a1);
    dev_reg_write(TF_MMIO_TILE_ARG2, a2);
    dev_reg_write(TF_MMIO_TILE_ARG3, a3);
    dev_tile_cmd(TF_TILE_WELFORD);
}

/* A top-k command (tt-metal's topk_local_sort, topk_merge, topk_rebuild:
 * tt_foil/compute_sfpu.hpp): the sub-op on DEST tiles idst..idst + 3, its
 * operands packed as contracts/tf_tile.h's TF_TOPK_* say; after
 * topk_tile_init (dev_sfpu_init(TF_SFPU_TOPK)). */
TF_ALWAYS_INLINE void dev_topk(uint32_t sub, uint32_t idst, uint32_t a1, uint32_t a2)
{
    if (!TF_MATH) return;
    dev_reg_write(TF_MMIO_TILE_ARG0, TF_TOPK_ARG(sub, idst));
    dev_reg_write(TF_MMIO_TILE_ARG1, a1);
    dev_reg_write(TF_MMIO_TILE_ARG2, a2);
    dev_tile_cmd(TF_TILE_TOPK);
}

/* The reciprocal of sample n's count, as tt-llk's TRISC code loads it:
 * the LUT's entry (fp32 bits), or without a LUT (size 0) 1.0f / (n + 1)
 * computed here. */
TF_ALWAYS_INLINE uint32_t dev_welford_recip(uint32_t n, const uint32_t *lut, uint32_t size)
{
    return size ? lut[n] : dev_dp_f32(1.0f / (float)(n + 1)); /* (debug_print.h's bits) */
}

/* The statistics zeroed (registers only: any time). */
TF_ALWAYS_INLINE void welford_clear(void)
{
    if (TF_MATH) dev_welford(TF_WELFORD_CLEAR, 0, 0, 0, 0, 0);
}

/* Rows start_row .. start_row + num_rows - 1 of DEST[dst] into each
 * column's statistics, the k-th of them sample start_idx + k (its
 * reciprocal from lut, `size` entries, or computed when size is 0). The
 * engine checks the rows and the LUT's bounds before any entry is read. */
TF_ALWAYS_INLINE void welford_update_rows(uint32_t dst, uint32_t start_idx, uint32_t start_row,
                                          uint32_t num_rows, const uint32_t *lut, uint32_t size)
{
    if (!TF_MATH) return;
    uint32_t rows = num_rows > 0xffffffu ? 0xffffffu : num_rows;
    dev_welford(TF_WELFORD_UPDATE, dst, 0, start_idx,
                (start_row > 0xffu ? 0xffu : start_row) | rows << 8, size);
    for (uint32_t k = 0; k < num_rows; k++) {
        dev_reg_write(TF_MMIO_TILE_ARG0, TF_WELFORD_ROW);
        dev_reg_write(TF_MMIO_TILE_ARG1, dev_welford_recip(start_idx + k, lut, size));
        dev_tile_cmd(TF_TILE_WELFORD);
    }
}

TF_ALWAYS_INLINE void welford_update(uint32_t dst, uint32_t start_idx, const uint32_t *lut,
                                     uint32_t size)
{
    welford_update_rows(dst, start_idx, 0, TF_TILE_DIM, lut, size);
}

/* The statistics into DEST[dst] (mean) and DEST[dst + 1] (m2), and back,
 * in tt-llk's raw layout at group (0-15: 4 DEST rows each). */
TF_ALWAYS_INLINE void welford_save_state(uint32_t dst, uint32_t group)
{
    if (TF_MATH) dev_welford(TF_WELFORD_SAVE, dst, group, 0, 0, 0);
}

TF_ALWAYS_INLINE void welford_restore_state(uint32_t dst, uint32_t group)
{
    if (TF_MATH) dev_welford(TF_WELFORD_RESTORE, dst, group, 0, 0, 0);
}

/* The finalizes: mean and variance (m2 x the reciprocal of scale_idx's
 * count) into DEST[dst] and DEST[dst + 1], row 0 (rows 1-3 zeroed) or the
 * raw layout at group; they end the statistics. The LUT is read only
 * within its bounds (the engine faults on scale_idx >= size). */
TF_ALWAYS_INLINE void dev_welford_finalize(uint32_t sub, uint32_t dst, uint32_t group,
                                           uint32_t scale_idx, const uint32_t *lut, uint32_t size)
{
    if (!TF_MATH) return;
    uint32_t r = size && scale_idx >= size ? 0 : dev_welford_recip(scale_idx, lut, size);
    dev_welford(sub, dst, group, r, scale_idx, size);
}

TF_ALWAYS_INLINE void welford_finalize_to_row(uint32_t dst, uint32_t scale_idx, const uint32_t *lut,
                                              uint32_t size)
{
    dev_welford_finalize(TF_WELFORD_FINALIZE_ROW, dst, 0, scale_idx, lut, size);
}

TF_ALWAYS_INLINE void welford_finalize_to_face(uint32_t dst, uint32_t group, uint32_t scale_idx,
                                               const uint32_t *lut, uint32_t size)
{
    dev_welford_finalize(TF_WELFORD_FINALIZE_FACE, dst, group, scale_idx, lut, size);
}

/* ---- FPU elementwise binary ops and broadcasts -------------------------------------- */

#define TF_ELTWISE_ARG(op, bcast, reuse) ((op) | (bcast) << 4 | (reuse) << 8)

/* DEST[dst] = A op B (A: tile ia of cb_a; B: tile ib of cb_b, broadcast
 * along bcast). mul accumulates into DEST as on Wormhole/Blackhole
 * (DEST += A x B; a freshly acquired DEST is zero). */
TF_ALWAYS_INLINE void any_tiles_bcast(uint32_t op, uint32_t bcast, uint32_t cb_a, uint32_t cb_b,
                                      uint32_t ia, uint32_t ib, uint32_t dst)
{
    if (TF_UNPACKER) dev_unpack_ab(cb_a, ia, cb_b, ib);
    if (TF_MATH) dev_math(TF_TILE_ELTWISE, dst, TF_ELTWISE_ARG(op, bcast, TF_REUSE_NONE));
}

TF_ALWAYS_INLINE void init_bcast(uint32_t op, uint32_t bcast, uint32_t cb_a, uint32_t cb_b,
                                 uint32_t ocb)
{
    (void)cb_a, (void)cb_b, (void)ocb;
    dev_init(TF_TILE_INIT_BINARY, op, bcast, TF_REUSE_NONE);
}

/* add_tiles_init(a, b, acc_to_dest): with acc_to_dest, DEST = A op B + DEST. */
TF_ALWAYS_INLINE void add_tiles_init(uint32_t cb_a, uint32_t cb_b, uint32_t acc_to_dest)
{
    (void)cb_a, (void)cb_b;
    dev_init(TF_TILE_INIT_BINARY, TF_BINOP_ADD, TF_BCAST_NONE, (acc_to_dest != 0) << 4);
}

TF_ALWAYS_INLINE void sub_tiles_init(uint32_t cb_a, uint32_t cb_b, uint32_t acc_to_dest)
{
    (void)cb_a, (void)cb_b;
    dev_init(TF_TILE_INIT_BINARY, TF_BINOP_SUB, TF_BCAST_NONE, (acc_to_dest != 0) << 4);
}

TF_ALWAYS_INLINE void mul_tiles_init(uint32_t cb_a, uint32_t cb_b)
{
    (void)cb_a, (void)cb_b;
    dev_init(TF_TILE_INIT_BINARY, TF_BINOP_MUL, TF_BCAST_NONE, 0);
}

#define TF_BINARY(fn, OP, BCAST)                                                                   \
    TF_ALWAYS_INLINE void fn(uint32_t cb_a, uint32_t cb_b, uint32_t ia, uint32_t ib, uint32_t dst) \
    {                                                                                              \
        any_tiles_bcast(OP, BCAST, cb_a, cb_b, ia, ib, dst);                                       \
    }
#define TF_BCAST_INIT(fn, OP, BCAST)                                                               \
    TF_ALWAYS_INLINE void fn(uint32_t cb_a, uint32_t cb_b)                                         \
    {                                                                                              \
        init_bcast(OP, BCAST, cb_a, cb_b, 0);                                                      \
    }
TF_BINARY(add_tiles, TF_BINOP_ADD, TF_BCAST_NONE)
TF_BINARY(sub_tiles, TF_BINOP_SUB, TF_BCAST_NONE)
TF_BINARY(mul_tiles, TF_BINOP_MUL, TF_BCAST_NONE)
/* B's row 0 on every row */
TF_BINARY(add_tiles_bcast_rows, TF_BINOP_ADD, TF_BCAST_ROW)
TF_BINARY(sub_tiles_bcast_rows, TF_BINOP_SUB, TF_BCAST_ROW)
TF_BINARY(mul_tiles_bcast_rows, TF_BINOP_MUL, TF_BCAST_ROW)
/* B's column 0 on every column */
TF_BINARY(add_tiles_bcast_cols, TF_BINOP_ADD, TF_BCAST_COL)
TF_BINARY(sub_tiles_bcast_cols, TF_BINOP_SUB, TF_BCAST_COL)
TF_BINARY(mul_tiles_bcast_cols, TF_BINOP_MUL, TF_BCAST_COL)
/* B[0][0] everywhere */
TF_BINARY(add_tiles_bcast_scalar, TF_BINOP_ADD, TF_BCAST_SCALAR)
TF_BINARY(sub_tiles_bcast_scalar, TF_BINOP_SUB, TF_BCAST_SCALAR)
TF_BINARY(mul_tiles_bcast_scalar, TF_BINOP_MUL, TF_BCAST_SCALAR)
TF_BCAST_INIT(add_bcast_rows_init_short, TF_BINOP_ADD, TF_BCAST_ROW)
TF_BCAST_INIT(sub_bcast_rows_init_short, TF_BINOP_SUB, TF_BCAST_ROW)
TF_BCAST_INIT(mul_bcast_rows_init_short, TF_BINOP_MUL, TF_BCAST_ROW)
TF_BCAST_INIT(add_bcast_cols_init_short, TF_BINOP_ADD, TF_BCAST_COL)
TF_BCAST_INIT(sub_bcast_cols_init_short, TF_BINOP_SUB, TF_BCAST_COL)
TF_BCAST_INIT(mul_bcast_cols_init_short, TF_BINOP_MUL, TF_BCAST_COL)
TF_BCAST_INIT(add_bcast_scalar_init_short, TF_BINOP_ADD, TF_BCAST_SCALAR)
TF_BCAST_INIT(sub_tiles_bcast_scalar_init_short, TF_BINOP_SUB, TF_BCAST_SCALAR)
TF_BCAST_INIT(mul_tiles_bcast_scalar_init_short, TF_BINOP_MUL, TF_BCAST_SCALAR)
#undef TF_BINARY
#undef TF_BCAST_INIT

/* DEST as one operand: DEST_TO_SRCA: DEST[dst] = DEST[dst] op tile i of
 * cb; DEST_TO_SRCB: DEST[dst] = tile i op DEST[dst] (mul overwrites). */
TF_ALWAYS_INLINE void binary_dest_reuse_tiles_init(uint32_t op, uint32_t reuse, uint32_t cb)
{
    (void)cb;
    dev_init(TF_TILE_INIT_BINARY, op, TF_BCAST_NONE, reuse);
}

TF_ALWAYS_INLINE void binary_dest_reuse_tiles(uint32_t op, uint32_t reuse, uint32_t cb, uint32_t i,
                                              uint32_t dst)
{
    if (TF_UNPACKER) {
        if (reuse == TF_REUSE_DEST_TO_SRCA)
            dev_unpack_b(cb, i);
        else
            dev_unpack_a(cb, i);
    }
    if (TF_MATH) dev_math(TF_TILE_ELTWISE, dst, TF_ELTWISE_ARG(op, TF_BCAST_NONE, reuse));
}

/* DEST[dst] += row 0 of tile i of cb on every row: a bias added in place
 * (tt-foil's own, no init). */
TF_ALWAYS_INLINE void bias_add_tile(uint32_t cb, uint32_t i, uint32_t dst)
{
    if (TF_UNPACKER) dev_unpack_b(cb, i);
    if (TF_MATH) dev_math(TF_TILE_BIAS, dst, 0);
}

/* ---- matmul -------------------------------------------------------------------------- */

/* transpose != 0: each in1 tile is transposed before the product. */
TF_ALWAYS_INLINE void mm_init_short(uint32_t in0, uint32_t in1, uint32_t transpose)
{
    (void)in0, (void)in1;
    dev_init(TF_TILE_INIT_MATMUL, transpose != 0, 1, 0);
}

TF_ALWAYS_INLINE void mm_init(uint32_t in0, uint32_t in1, uint32_t out, uint32_t transpose)
{
    (void)out;
    mm_init_short(in0, in1, transpose);
}

/* A ct x rt output block: the init checks it fits the DEST half. */
TF_ALWAYS_INLINE void mm_block_init_short(uint32_t in0, uint32_t in1, uint32_t transpose,
                                          uint32_t ct, uint32_t rt, uint32_t kt)
{
    (void)in0, (void)in1, (void)kt;
    dev_init(TF_TILE_INIT_MATMUL, transpose != 0, ct * rt, 0);
}

TF_ALWAYS_INLINE void mm_block_init(uint32_t in0, uint32_t in1, uint32_t out, uint32_t transpose,
                                    uint32_t ct, uint32_t rt, uint32_t kt)
{
    (void)out;
    mm_block_init_short(in0, in1, transpose, ct, rt, kt);
}

/* DEST[dst] += tile i0 of in0 x tile i1 of in1 (accumulate over K by
 * repeating). */
TF_ALWAYS_INLINE void matmul_tiles(uint32_t in0, uint32_t in1, uint32_t i0, uint32_t i1,
                                   uint32_t dst)
{
    if (TF_UNPACKER) dev_unpack_ab(in0, i0, in1, i1);
    if (TF_MATH) dev_math(TF_TILE_MATMUL, dst, 0);
}

/* One inner-dimension step of an rt x ct output block:
 * DEST[dst + r ct + c] += in0[i0 + r kt] x in1[i1 + c]; the engine runs it
 * as rt x ct tile products (their cycles add up). The transpose is the
 * init's. */
TF_ALWAYS_INLINE void matmul_block(uint32_t in0, uint32_t in1, uint32_t i0, uint32_t i1,
                                   uint32_t dst, uint32_t transpose, uint32_t ct, uint32_t rt,
                                   uint32_t kt)
{
    (void)transpose;
    for (uint32_t r = 0; r < rt; r++)
        for (uint32_t c = 0; c < ct; c++)
            matmul_tiles(in0, in1, i0 + r * kt, i1 + c, dst + r * ct + c);
}

/* ---- reduce ---------------------------------------------------------------------------- */

/* The scaler is tile is of cb_s (tt-metal's reduce scaler tile; the engine
 * reads its [0][0]): SUM and AVG give the sum x scaler (AVG: 1/N; SCALAR
 * scales twice, its two passes': sqrt(1/N)), MAX the max x the scaler's
 * power of two. Results accumulate in DEST:
 * ROW -> column 0, COL -> row 0, SCALAR -> [0][0]. */
TF_ALWAYS_INLINE void dev_reduce_init(uint32_t pool, uint32_t dim)
{
    dev_init(TF_TILE_INIT_REDUCE, pool, dim, 0);
}

TF_ALWAYS_INLINE void dev_reduce_tile(uint32_t pool, uint32_t dim, uint32_t cb, uint32_t cb_s,
                                      uint32_t i, uint32_t is, uint32_t dst)
{
    if (TF_UNPACKER) dev_unpack_ab(cb, i, cb_s, is);
    if (TF_MATH) dev_math(TF_TILE_REDUCE, dst, pool | dim << 4);
}

#define TF_REDUCE(dimname, DIM, poolname, POOL)                                                    \
    TF_ALWAYS_INLINE void reduce_init_##dimname##_##poolname(uint32_t cb, uint32_t cb_s,           \
                                                             uint32_t ocb)                         \
    {                                                                                              \
        (void)cb, (void)cb_s, (void)ocb;                                                           \
        dev_reduce_init(POOL, DIM);                                                                \
    }                                                                                              \
    TF_ALWAYS_INLINE void reduce_tile_##dimname##_##poolname(                                      \
        uint32_t cb, uint32_t cb_s, uint32_t i, uint32_t is, uint32_t dst)                         \
    {                                                                                              \
        dev_reduce_tile(POOL, DIM, cb, cb_s, i, is, dst);                                          \
    }
#define TF_REDUCE_POOLS(dimname, DIM)                                                              \
    TF_REDUCE(dimname, DIM, sum, TF_POOL_SUM)                                                      \
    TF_REDUCE(dimname, DIM, avg, TF_POOL_AVG)                                                      \
    TF_REDUCE(dimname, DIM, max, TF_POOL_MAX)
TF_REDUCE_POOLS(row, TF_REDUCE_ROW)
TF_REDUCE_POOLS(col, TF_REDUCE_COL)
TF_REDUCE_POOLS(scalar, TF_REDUCE_SCALAR)
#undef TF_REDUCE_POOLS
#undef TF_REDUCE

/* Leaves reduce mode: the next op needs its own init. */
TF_ALWAYS_INLINE void reduce_uninit(void)
{
    dev_init(TF_TILE_INIT_NONE, 0, 0, 0);
}

/* tt-foil's own scaled reductions (no init, the scale an fp32 bit
 * pattern): row 0 of DEST[dst] += scale x the sum of each column of tile i
 * of cb (REDUCE_COL), column 0 += scale x each row's sum (REDUCE_ROW). */
TF_ALWAYS_INLINE void reduce_cols_tile(uint32_t cb, uint32_t i, uint32_t dst, uint32_t scale)
{
    if (TF_UNPACKER) dev_unpack_a(cb, i);
    if (TF_MATH) dev_math(TF_TILE_REDUCE_COLS, dst, scale);
}

TF_ALWAYS_INLINE void reduce_rows_tile(uint32_t cb, uint32_t i, uint32_t dst, uint32_t scale)
{
    if (TF_UNPACKER) dev_unpack_a(cb, i);
    if (TF_MATH) dev_math(TF_TILE_REDUCE_ROWS, dst, scale);
}

/* ---- pack ----------------------------------------------------------------------------- */

/* Packer: DEST[dst] into the next reserved page of cb (the first after
 * cb_reserve_back, then the next, ...; cb_push_back starts over). */
TF_ALWAYS_INLINE void pack_tile(uint32_t dst, uint32_t cb)
{
    if (TF_PACKER) dev_pack(dst, cb, dev_pack_pos[cb]++);
}

/* Packer: DEST[dst] into page `index` of the reserved region
 * (tt-metal's pack_tile<true>). */
TF_ALWAYS_INLINE void pack_tile_at(uint32_t dst, uint32_t cb, uint32_t index)
{
    if (TF_PACKER) dev_pack(dst, cb, index);
}

TF_ALWAYS_INLINE void pack_tile_block(uint32_t dst, uint32_t cb, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++) pack_tile(dst + k, cb);
}

TF_ALWAYS_INLINE void matmul_pack_tile(uint32_t dst, uint32_t cb, uint32_t n)
{
    pack_tile_block(dst, cb, n);
}

/* Packer: part of a tile (tt-metal's pack_rows, api/compute/pack.h;
 * tt-llk's llk_pack_rows.h). DEST holds a tile as 64 rows of 16 values
 * (face 0's 16 rows, then faces 1, 2 and 3: a tile's order in L1);
 * pack_rows_init(num_rows), 1 to 64, sets the packer's row program, and
 * each pack_rows then writes DEST[dst]'s first num_rows rows one after
 * another at page output_index of cb's reserved region (as pack_tile<true>,
 * the write position does not move), in cb's format (whole-byte values:
 * not a block float). pack_rows_uninit gives the packer back to tiles:
 * pack_tile faults between the two, pack_rows outside them
 * (docs/chip.md "Packing rows"). */
TF_ALWAYS_INLINE void pack_rows_init(uint32_t num_rows)
{
    if (!TF_PACKER) return;
    dev_reg_write(TF_MMIO_TILE_ARG0, num_rows);
    dev_reg_write(TF_MMIO_TILE_ARG1, TF_PACK_MODE_ROWS);
    dev_tile_cmd(TF_TILE_PACK_MODE);
}

TF_ALWAYS_INLINE void pack_rows(uint32_t dst, uint32_t cb, uint32_t output_index)
{
    if (!TF_PACKER) return;
    dev_reg_write(TF_MMIO_TILE_ARG0, dst);
    dev_reg_write(TF_MMIO_TILE_ARG1, get_write_ptr(cb) + output_index * dev_cb_page_size(cb));
    dev_reg_write(TF_MMIO_TILE_ARG2, dev_cb_format(cb));
    dev_tile_cmd(TF_TILE_PACK_ROWS);
}

TF_ALWAYS_INLINE void pack_rows_uninit(void)
{
    if (!TF_PACKER) return;
    dev_reg_write(TF_MMIO_TILE_ARG1, TF_PACK_MODE_TILES);
    dev_tile_cmd(TF_TILE_PACK_MODE);
}

/* The usual end of one output tile: math hands DEST over, the packer
 * packs DEST[dst] into a new page of cb, publishes it and gives DEST back. */
TF_ALWAYS_INLINE void commit_and_pack_tile(uint32_t dst, uint32_t cb)
{
    tile_regs_commit();
    cb_reserve_back(cb, 1);
    tile_regs_wait();
    pack_tile(dst, cb);
    tile_regs_release();
    cb_push_back(cb, 1);
}

/* ---- tilize and untilize ------------------------------------------------------------- */

/* The caller waits for `block` pages of icb (32 row-major rows of block x
 * 32 values, Float32 or Float16_b) and reserves `block` pages of ocb;
 * each tile goes through DEST on its own (do not call these between
 * acquire and release). */
TF_ALWAYS_INLINE void tilize_init(uint32_t icb, uint32_t block, uint32_t ocb)
{
    (void)icb, (void)block, (void)ocb;
    dev_init(TF_TILE_INIT_TILIZE, 0, 0, 0);
}

TF_ALWAYS_INLINE void tilize_uninit(uint32_t icb, uint32_t ocb)
{
    (void)icb, (void)ocb;
    dev_init(TF_TILE_INIT_NONE, 0, 0, 0);
}

TF_ALWAYS_INLINE void tilize_block(uint32_t icb, uint32_t block, uint32_t ocb)
{
    uint32_t es = dev_cb_elem_bytes(icb);
    for (uint32_t t = 0; t < block; t++) {
        tile_regs_acquire();
        if (TF_UNPACKER) {
            dev_reg_write(TF_MMIO_TILE_ARG0, get_read_ptr(icb) + t * TF_TILE_DIM * es);
            dev_reg_write(TF_MMIO_TILE_ARG1, dev_cb_format(icb));
            dev_reg_write(TF_MMIO_TILE_ARG2, block * TF_TILE_DIM);
            dev_tile_cmd(TF_TILE_UNPACK_TILIZE);
        }
        if (TF_MATH) dev_math(TF_TILE_COPY, 0, TF_COPY_TILIZE);
        tile_regs_commit();
        tile_regs_wait();
        pack_tile(0, ocb);
        tile_regs_release();
    }
}

/* Fast tilize (tt-metal's fast_tilize_*, tilize.h; tt-llk's Blackhole
 * fast tilize: docs/chip.md "Fast tilize"): the tiles tilize_block gives
 * (as bf16 values: Float32 rows are narrowed to bf16, nearest even in our
 * model), a row of `block` tiles in chunks of 2 to 4 through one DEST
 * section each. full_dim (and block) 1 is tilize's, as tt-metal's
 * Blackhole path; 2 to 255 the fast path. Input Float32 or Float16_b,
 * output Float16_b or a _b block float (the engine faults on another,
 * naming it). The packer runs fast tilize's program from the init to the
 * uninit: another pack between them faults. Call outside
 * tile_regs_acquire/release, as tilize_block. */
TF_ALWAYS_INLINE void fast_tilize_init(uint32_t icb, uint32_t full_dim, uint32_t ocb)
{
    if (full_dim == 1) {
        tilize_init(icb, full_dim, ocb);
        return;
    }
    dev_init(TF_TILE_INIT_FAST_TILIZE, full_dim > 255 ? 0 : full_dim, 0, 0);
    if (TF_PACKER) {
        dev_reg_write(TF_MMIO_TILE_ARG1, TF_PACK_MODE_FAST_TILIZE);
        dev_tile_cmd(TF_TILE_PACK_MODE);
    }
}

/* (tilize_uninit's, and the packer back to tiles) */
TF_ALWAYS_INLINE void fast_tilize_uninit(uint32_t icb, uint32_t ocb)
{
    tilize_uninit(icb, ocb);
    if (TF_PACKER) {
        dev_reg_write(TF_MMIO_TILE_ARG1, TF_PACK_MODE_TILES);
        dev_tile_cmd(TF_TILE_PACK_MODE);
    }
}

/* The chunks as tt-metal's Blackhole fast_tilize_block splits a row: 4s,
 * and 2 then 3 for 5 left (its packer takes 2 to 4 tiles at a time). */
TF_ALWAYS_INLINE void fast_tilize_block(uint32_t icb, uint32_t block, uint32_t ocb)
{
    if (block == 1) {
        tilize_block(icb, block, ocb);
        return;
    }
    uint32_t es = dev_cb_elem_bytes(icb);
    for (uint32_t done = 0; done < block;) {
        uint32_t left = block - done, u = left > 5 ? 4 : left == 5 ? 2 : left;
        tile_regs_acquire();
        for (uint32_t k = 0; k < u; k++) {
            if (TF_UNPACKER) {
                dev_reg_write(TF_MMIO_TILE_ARG0, get_read_ptr(icb) + (done + k) * TF_TILE_DIM * es);
                dev_reg_write(TF_MMIO_TILE_ARG1, dev_cb_format(icb));
                dev_reg_write(TF_MMIO_TILE_ARG2, block * TF_TILE_DIM);
                dev_tile_cmd(TF_TILE_UNPACK_TILIZE);
            }
            if (TF_MATH) dev_math(TF_TILE_COPY, k, TF_FAST_TILIZE_ARG(u, k, block));
        }
        tile_regs_commit();
        tile_regs_wait();
        for (uint32_t k = 0; k < u; k++) pack_tile(k, ocb);
        tile_regs_release();
        done += u;
    }
}

/* Packer: DEST[dst] as 32 row-major rows at addr, `stride` values apart. */
TF_ALWAYS_INLINE void dev_pack_rows(uint32_t dst, uint32_t cb, uint32_t addr, uint32_t stride)
{
    dev_reg_write(TF_MMIO_TILE_ARG0, dst);
    dev_reg_write(TF_MMIO_TILE_ARG1, addr);
    dev_reg_write(TF_MMIO_TILE_ARG2, dev_cb_format(cb));
    dev_reg_write(TF_MMIO_TILE_ARG3, stride);
    dev_tile_cmd(TF_TILE_PACK_UNTILIZE);
}

/* untilize_block's and pack_untilize_block's copy of tile i of cb into
 * DEST[dst]: copy_tile's, marked so the engine wants untilize_init's init
 * (untilize_init leaves the copy untransposed) */
TF_ALWAYS_INLINE void dev_untilize_copy(uint32_t cb, uint32_t i, uint32_t dst)
{
    if (TF_UNPACKER) dev_unpack_a(cb, i);
    if (TF_MATH) dev_math(TF_TILE_COPY, dst, TF_COPY_UNTILIZE);
}

TF_ALWAYS_INLINE void untilize_init(uint32_t icb)
{
    (void)icb;
    dev_copy_untransposed(); /* (pack_untilize_init's too: it calls this) */
    dev_init(TF_TILE_INIT_UNTILIZE, 0, 0, 0);
}

TF_ALWAYS_INLINE void untilize_uninit(uint32_t icb)
{
    (void)icb;
    dev_init(TF_TILE_INIT_NONE, 0, 0, 0);
}

/* full_ct tiles of icb (one tile row) -> 32 row-major rows in full_ct
 * pages of ocb: the next ones, as pack_tile's (tt-metal's untilize_block
 * packs in order, llk_pack with out_of_order_output false, advancing the
 * write tile pointer), so blocks packed into one reservation follow each
 * other. */
TF_ALWAYS_INLINE void untilize_block(uint32_t icb, uint32_t full_ct, uint32_t ocb)
{
    uint32_t at = TF_PACKER ? get_write_ptr(ocb) + dev_pack_pos[ocb] * dev_cb_page_size(ocb) : 0;
    for (uint32_t t = 0; t < full_ct; t++) {
        tile_regs_acquire();
        dev_untilize_copy(icb, t, 0);
        tile_regs_commit();
        tile_regs_wait();
        if (TF_PACKER) {
            uint32_t es = dev_cb_elem_bytes(ocb);
            dev_pack_rows(0, ocb, at + t * TF_TILE_DIM * es, full_ct * TF_TILE_DIM);
        }
        tile_regs_release();
    }
    if (TF_PACKER) dev_pack_pos[ocb] += full_ct;
}

static uint32_t dev_untilize_ct __attribute__((unused)) = 1,
                                dev_untilize_full __attribute__((unused)) = 1;

TF_ALWAYS_INLINE void pack_untilize_dest_init(uint32_t ocb, uint32_t block_ct, uint32_t full_ct)
{
    (void)ocb;
    dev_untilize_ct = block_ct;
    dev_untilize_full = full_ct;
}

TF_ALWAYS_INLINE void pack_untilize_init(uint32_t icb, uint32_t ocb, uint32_t block_ct,
                                         uint32_t full_ct)
{
    untilize_init(icb);
    pack_untilize_dest_init(ocb, block_ct, full_ct);
}

TF_ALWAYS_INLINE void pack_untilize_uninit(uint32_t ocb)
{
    untilize_uninit(ocb);
}

/* Packer, between tile_regs_wait and release: DEST tiles dst + r x ct + c
 * (r < rt, c < ct) as rows of ocb's reserved region, which is full_ct
 * tiles wide; this block is column block c_index of it. dst is tt-metal's
 * tile_dst_rt_offset + tile_dst_ct_offset (the LLK adds both to each
 * tile's index); a tile beyond the DEST half faults, naming its index. */
TF_ALWAYS_INLINE void pack_untilize_dest_from(uint32_t ocb, uint32_t rt, uint32_t c_index,
                                              uint32_t dst)
{
    if (!TF_PACKER) return;
    uint32_t es = dev_cb_elem_bytes(ocb), ct = dev_untilize_ct, w = dev_untilize_full * TF_TILE_DIM;
    for (uint32_t r = 0; r < rt; r++)
        for (uint32_t c = 0; c < ct; c++)
            dev_pack_rows(dst + r * ct + c, ocb,
                          get_write_ptr(ocb) +
                              (r * TF_TILE_DIM * w + (c_index * ct + c) * TF_TILE_DIM) * es,
                          w);
}

TF_ALWAYS_INLINE void pack_untilize_dest(uint32_t ocb, uint32_t rt, uint32_t c_index)
{
    pack_untilize_dest_from(ocb, rt, c_index, 0);
}

/* rt rows of ct tiles of icb through DEST (ct at a time) into rows. */
TF_ALWAYS_INLINE void pack_untilize_block(uint32_t icb, uint32_t rt, uint32_t ocb, uint32_t c_index)
{
    uint32_t ct = dev_untilize_ct, es = dev_cb_elem_bytes(ocb), w = dev_untilize_full * TF_TILE_DIM;
    for (uint32_t r = 0; r < rt; r++) {
        tile_regs_acquire();
        for (uint32_t c = 0; c < ct; c++) dev_untilize_copy(icb, r * ct + c, c);
        tile_regs_commit();
        tile_regs_wait();
        if (TF_PACKER)
            for (uint32_t c = 0; c < ct; c++)
                dev_pack_rows(c, ocb,
                              get_write_ptr(ocb) +
                                  (r * TF_TILE_DIM * w + (c_index * ct + c) * TF_TILE_DIM) * es,
                              w);
        tile_regs_release();
    }
}

#include "compute_sfpu.h"

#ifdef __cplusplus
} // namespace tf_c
#endif

#endif
