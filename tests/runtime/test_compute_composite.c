/* Three composite compute kernels in tt-metal's style, each on several
 * cores, against float64 host references: row softmax (max, subtract,
 * exp, sum, recip, multiply), RMSNorm (square, reduce, rsqrt, multiply)
 * and a fused matmul + bias + GELU. All in bf16 circular buffers with a
 * 16-bit DEST: the tolerances count the bf16 roundings (2^-9 relative to
 * nearest, 2^-8 truncated, docs/chip.md "Numerics") on the way. */
#include "compute_run.h"

#include <math.h>

static tf_device *dev;
static uint32_t seed = 777;

static float rnd(float lo, float hi)
{
    seed = seed * 1103515245u + 12345u;
    return cr_bf(lo + (hi - lo) * (float)((seed >> 8) & 0xffff) / 65535.0f);
}

enum { ROWS = 256, W = 128, WT = W / 32, CORES = 4 };
static float x[ROWS * W], y[ROWS * W], scal[32 * 32], eps_t[32 * 32];

static void scaler_tile(float *t, float s)
{
    memset(t, 0, 32 * 32 * sizeof(float));
    for (int k = 0; k < 32; k++) t[k] = t[16 * 32 + k] = s;
}

static cr_run rows_run(const char *kernel)
{
    cr_run r = {.kernel = kernel,
                .nin = 2,
                .out_rows = ROWS,
                .out_cols = W,
                .out_f = TF_TILE_FORMAT_BF16,
                .args = {ROWS / 32 / CORES, WT},
                .nargs = 2,
                .cores = CORES,
                .out = y};
    r.in[0] =
        (cr_input){.cb = 0, .m = x, .rows = ROWS, .cols = W, .f = TF_TILE_FORMAT_BF16, .split = 1};
    r.in[1] = (cr_input){.cb = 1, .m = scal, .rows = 32, .cols = 32, .f = TF_TILE_FORMAT_BF16};
    return r;
}

/* softmax over each row of W values */
static void softmax(const char *kernel, double tol)
{
    for (int i = 0; i < ROWS * W; i++) x[i] = rnd(-2, 2);
    scaler_tile(scal, 1.0f);
    cr_run r = rows_run(kernel);
    uint32_t page = 2048;
    uint32_t sc[4][3] = {{2, page, WT}, {3, page, 2}, {4, page, 2}, {5, page, WT}};
    memcpy(r.scratch, sc, sizeof sc);
    MUST(cr_execute(dev, &r));
    double worst = 0;
    for (int i = 0; i < ROWS; i++) {
        double m = -INFINITY, s = 0;
        for (int k = 0; k < W; k++) m = fmax(m, x[i * W + k]);
        for (int k = 0; k < W; k++) s += exp(x[i * W + k] - m);
        for (int k = 0; k < W; k++) {
            double want = exp(x[i * W + k] - m) / s, e = fabs(y[i * W + k] - want) / want;
            if (e > worst) worst = e;
        }
    }
    printf("%s on %d cores: max relative error %.3g, %llu cycles\n", kernel, CORES, worst,
           (unsigned long long)r.cycles);
    CHECK_TRUE(worst < tol);
}

static void rmsnorm(void)
{
    for (int i = 0; i < ROWS * W; i++) x[i] = rnd(-2, 2);
    scaler_tile(scal, 1.0f / W);
    memset(eps_t, 0, sizeof eps_t);
    eps_t[0] = cr_bf(1e-5f);
    cr_run r = rows_run("rmsnorm_compute");
    r.nin = 3;
    r.in[2] = (cr_input){.cb = 2, .m = eps_t, .rows = 32, .cols = 32, .f = TF_TILE_FORMAT_BF16};
    uint32_t sc[4][3] = {{3, 2048, WT}, {4, 2048, 2}, {5, 2048, 2}};
    memcpy(r.scratch, sc, sizeof sc);
    MUST(cr_execute(dev, &r));
    double worst = 0;
    for (int i = 0; i < ROWS; i++) {
        double ms = 0;
        for (int k = 0; k < W; k++) ms += (double)x[i * W + k] * x[i * W + k];
        double inv = 1 / sqrt(ms / W + eps_t[0]);
        for (int k = 0; k < W; k++) {
            double want = x[i * W + k] * inv, e = fabs(y[i * W + k] - want) / (fabs(want) + 1e-2);
            if (e > worst) worst = e;
        }
    }
    printf("rmsnorm on %d cores: max relative error %.3g, %llu cycles\n", CORES, worst,
           (unsigned long long)r.cycles);
    /* x^2 (2^-9), 4 accumulating bf16 sums (4 x 2^-9), + eps (2^-9),
     * rsqrt stored truncated (2^-8) and halved in effect, the product (2^-9)
     * and the output (2^-9): < 2^-5 */
    CHECK_TRUE(worst < 0x1p-5);
}

enum { MT = 2, KT = 3, NT = 2 };
static float a[MT * 32 * KT * 32], b[KT * 32 * NT * 32], bias[32 * NT * 32], out[MT * 32 * NT * 32];

static void mm_bias_gelu(const char *kernel, double approx_err)
{
    for (size_t i = 0; i < sizeof a / sizeof *a; i++) a[i] = rnd(-1, 1);
    for (size_t i = 0; i < sizeof b / sizeof *b; i++) b[i] = rnd(-1, 1);
    memset(bias, 0, sizeof bias);
    for (int k = 0; k < NT * 32; k++) bias[k] = rnd(-2, 2); /* row 0 of each bias tile */
    cr_run r = {.kernel = kernel,
                .nin = 3,
                .out_rows = MT * 32,
                .out_cols = NT * 32,
                .out_f = TF_TILE_FORMAT_BF16,
                .args = {MT / 2, KT, NT},
                .nargs = 3,
                .cores = 2,
                .out = out};
    r.in[0] = (cr_input){
        .cb = 0, .m = a, .rows = MT * 32, .cols = KT * 32, .f = TF_TILE_FORMAT_BF16, .split = 1};
    r.in[1] =
        (cr_input){.cb = 1, .m = b, .rows = KT * 32, .cols = NT * 32, .f = TF_TILE_FORMAT_BF16};
    r.in[2] = (cr_input){.cb = 2, .m = bias, .rows = 32, .cols = NT * 32, .f = TF_TILE_FORMAT_BF16};
    uint32_t sc[4][3] = {{24, 2048, 2}};
    memcpy(r.scratch, sc, sizeof sc);
    MUST(cr_execute(dev, &r));
    int bad = 0;
    double worst = 0;
    for (int i = 0; i < MT * 32; i++)
        for (int j = 0; j < NT * 32; j++) {
            double s = bias[j], mag = fabs(bias[j]);
            for (int k = 0; k < KT * 32; k++) {
                s += (double)a[i * KT * 32 + k] * b[k * NT * 32 + j];
                mag += fabs((double)a[i * KT * 32 + k] * b[k * NT * 32 + j]);
            }
            double want = 0.5 * s * (1 + erf(s / sqrt(2.0)));
            /* Kt bf16 accumulations + the packed partial + the bias add
             * (2^-9 of the magnitude each; gelu's slope is at most 1.13),
             * the gelu store (2^-8) and the output (2^-9), + the
             * approximation's own error */
            double tol = 1.13 * (KT + 2) * mag * 0x1p-9 + fabs(want) * 0x1p-7 + approx_err;
            double e = fabs(out[i * NT * 32 + j] - want);
            if (e > tol) bad++;
            if (e > worst) worst = e;
        }
    printf("%s on 2 cores: max abs error %.3g, %llu cycles\n", kernel, worst,
           (unsigned long long)r.cycles);
    CHECK_EQ_U(bad, 0);
}

int main(void)
{
    dev = rt_open(4, 2);
    /* exp stored truncated (2^-8), x - max (2^-9 of |x - max| <= 4: 2^-7 in
     * exp), 4 bf16 sums, recip truncated, product and output: < 2^-4 */
    softmax("softmax_compute", 0x1p-4);
    softmax("softmax_approx_compute", 0x1p-4 + 3e-3 * 2);
    rmsnorm();
    mm_bias_gelu("mm_bias_gelu_compute", 1e-3);
    MUST(tf_device_close(dev));
    return tf_check_report("test_compute_composite");
}
