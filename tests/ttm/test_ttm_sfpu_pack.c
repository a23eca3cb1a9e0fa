/* SFPU ops on the pack thread: tt-metal's *_tile_pack and *_tile_init_pack
 * (silu, tanh and its fast form, gelu exact and fast, gelu_tanh, relu_max,
 * sigmoid, hardsigmoid, hardtanh, selu, softplus; exp_packthread_tile, as
 * exp_tile, with its scale_en pass), which ttnn's matmul
 * applies as its fused activation, in a tt-metal-style compute kernel
 * built at run time (tests/ttm/kernels/sfpu_pack.cpp). For each op, with
 * an fp32 DEST (Float32 tiles) and a 16-bit one (Float16_b tiles):
 *   - the pack thread's result, after tile_regs_wait or after ttnn's raw
 *     TTI_SEMWAIT / TT_SETC16 / TTI_STALLWAIT, is the math thread's bit
 *     for bit (the same op on the packer's DEST half);
 *   - the SFPU's busy cycles are the math thread's op's, now on the pack
 *     TRISC (its tile cycles grow by them; math's do not);
 *   - the pack thread's op with only the math thread's init, or before the
 *     packer holds a DEST half, faults at the kernel's line. */
#include "ttm_sfpu.h"

static tf_device *dev;

enum { E = TF_TILE_ELEMS, NOPS = 15 };
static const char *const op_name[NOPS] = {"silu",      "tanh",     "tanh fast", "gelu",
                                          "gelu fast", "relu_max", "sigmoid",   "hardsigmoid",
                                          "hardtanh",  "selu",     "softplus",  "gelu_tanh"};

/* sfpu_pack.cpp with OP, MODE, IDST 1; 0 with its tile and counters, or
 * the failure's message in err */
static int run(int op, int mode, int fp32, const float *in, float *out, tf_perf_core *pc, char *err,
               size_t errcap)
{
    char o[24], m[24];
    snprintf(o, sizeof o, "OP=%d", op);
    snprintf(m, sizeof m, "MODE=%d", mode);
    const char *defs[] = {o, m, "IDST=1"};
    tf_kernel *cmp = ttm_compute(dev, "sfpu_pack", defs, 3, fp32);
    int rc = ttm_sfpu_dispatch(dev, cmp, fp32, in, 1, NULL, 0, out, pc, err, errcap);
    tf_kernel_free(cmp);
    return rc;
}

/* values over the ops' interesting ranges: -8..8 in steps of 1/64, and the
 * edges (0, -0, the hardtanh and relu_max limits) */
static void input(float *in, int fp32)
{
    for (int k = 0; k < E; k++) {
        float v = (float)((k * 37) % 1025 - 512) / 64.0f;
        in[k] = fp32 ? v : ttm_bf16_rne(v);
    }
    in[0] = 0.0f;
    in[1] = -0.0f;
    in[2] = 2.5f;
    in[3] = -0.5f;
    in[4] = 1.5f;
}

static void check_op(int op, int fp32)
{
    static float in[E], want[E], got[E];
    char err[4096], what[96];
    tf_perf_core pm, pp;
    input(in, fp32);
    snprintf(what, sizeof what, "%s (%s DEST)", op_name[op], fp32 ? "fp32" : "16-bit");
    if (run(op, 0, fp32, in, want, &pm, err, sizeof err)) {
        fprintf(stderr, "%s on the math thread: %s\n", what, err);
        CHECK_TRUE(0);
        return;
    }
    for (int mode = 1; mode <= 2; mode++) {
        if (run(op, mode, fp32, in, got, &pp, err, sizeof err)) {
            fprintf(stderr, "%s on the pack thread (mode %d): %s\n", what, mode, err);
            CHECK_TRUE(0);
            continue;
        }
        int bad = 0;
        for (int k = 0; k < E; k++)
            if (tf_check_bits(got[k]) != tf_check_bits(want[k]) && bad++ < 3)
                fprintf(stderr, "%s, mode %d: [%d] is 0x%08x, the math thread's 0x%08x\n", what,
                        mode, k, tf_check_bits(got[k]), tf_check_bits(want[k]));
        CHECK_TRUE(bad == 0);
        /* the op's SFPU cycles moved from the math TRISC to the pack TRISC,
         * and its init's 8 (each on its thread's unit: FPU, PACK) */
        uint64_t sfpu = pm.unit_busy[TF_PERF_UNIT_SFPU];
        uint64_t inits = 8; /* (exp's scaling: in the op, no init of its own) */
        CHECK_EQ_U(pp.unit_busy[TF_PERF_UNIT_SFPU], sfpu);
        CHECK_EQ_U(pp.risc[TF_RISC_TRISC1].tile + sfpu + inits, pm.risc[TF_RISC_TRISC1].tile);
        CHECK_EQ_U(pp.risc[TF_RISC_TRISC2].tile, pm.risc[TF_RISC_TRISC2].tile + sfpu + inits);
        CHECK_EQ_U(pp.unit_busy[TF_PERF_UNIT_PACK], pm.unit_busy[TF_PERF_UNIT_PACK] + inits);
    }
}

static void check_fault(int op, int mode, const char *want)
{
    static float in[E], out[E];
    char err[4096] = "";
    tf_perf_core pc;
    input(in, 1);
    CHECK_TRUE(run(op, mode, 1, in, out, &pc, err, sizeof err) != 0);
    CHECK_CONTAINS(err, "TRISC2");
    TTM_CHECK_LINE(err, "sfpu_pack.cpp:");
    CHECK_CONTAINS(err, want);
}

int main(void)
{
    dev = rt_open(1, 1);
    for (int op = 0; op < NOPS; op++)
        for (int fp32 = 1; fp32 >= 0; fp32--) check_op(op, fp32);
    check_fault(0, 3,
                "tile engine SFPU_PACK SILU: used without its init: call the SILU init on the "
                "pack thread (its *_tile_init_pack) first (the last SFPU init on the pack thread "
                "was ");
    check_fault(7, 4,
                "tile engine SFPU_PACK: an SFPU op on the pack thread (*_tile_pack) works on "
                "the DEST half the packer holds: it must run between tile_regs_wait");
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_sfpu_pack");
}
