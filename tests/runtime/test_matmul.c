/* Matmul on the tile engine against a host reference: one tile (fp32 with
 * integer values: exact; bf16: within rounding), M x N x K from DRAM on
 * one core, the same split across 4 cores (each a block of the output:
 * bit-identical to one core, and fewer modeled cycles), and a larger one
 * across 8 cores. Every dispatch runs twice: the same modeled cycles. */
#include "rt_test.h"

#include <math.h>
#include <string.h>

typedef struct block {
    uint32_t m0, m1, n0, n1;
} block;

typedef struct result {
    float *c;
    uint64_t cycles; /* modeled cycles of the slowest core */
} result;

static tf_kernel *rd, *wr, *mm;

/* C = A x B (A M x K, B K x N) with `nblk` cores, core i computing blk[i]. */
static result run(tf_device *dev, const float *a, const float *b, uint32_t M, uint32_t N,
                  uint32_t K, tf_tile_format f, const block *blk, int nblk)
{
    uint32_t nt = tf_tile_count(N), kt = tf_tile_count(K);
    tf_buffer *da = rt_dram_tiles(dev, a, M, K, f), *db = rt_dram_tiles(dev, b, K, N, f);
    tf_buffer *dc = MUST_PTR(tf_buffer_create_dram(dev, tf_tiled_bytes(M, N, f)));
    uint64_t na = tf_buffer_noc_addr(da), nb = tf_buffer_noc_addr(db), nc = tf_buffer_noc_addr(dc);
    tf_program *p[8];
    uint32_t page = tf_tile_bytes(f);
    for (int i = 0; i < nblk; i++) {
        const block *k = &blk[i];
        p[i] = MUST_PTR(tf_program_create(dev, (tf_core){i % 4, i / 4}));
        MUST(tf_program_set_kernel(p[i], TF_NCRISC, rd));
        MUST(tf_program_set_kernel(p[i], TF_COMPUTE, mm));
        MUST(tf_program_set_kernel(p[i], TF_BRISC, wr));
        for (uint32_t cb = 0; cb < 2; cb++) MUST(tf_program_set_cb(p[i], cb, page, 2));
        MUST(tf_program_set_cb(p[i], 16, page, 2));
        uint32_t ra[] = {lo32(na), hi32(na), lo32(nb), hi32(nb), kt,
                         nt,       k->m0,    k->m1,    k->n0,    k->n1};
        uint32_t ca[] = {(k->m1 - k->m0) * (k->n1 - k->n0), kt};
        uint32_t wa[] = {lo32(nc), hi32(nc), nt, k->m0, k->m1, k->n0, k->n1};
        MUST(tf_program_set_args(p[i], TF_NCRISC, ra, 10));
        MUST(tf_program_set_args(p[i], TF_COMPUTE, ca, 2));
        MUST(tf_program_set_args(p[i], TF_BRISC, wa, 7));
    }
    result r = {malloc((size_t)M * N * sizeof(float)), 0};
    uint64_t first[8];
    for (int rep = 0; rep < 2; rep++) {
        MUST(tf_dispatch_execute_multi(p, (size_t)nblk));
        for (int i = 0; i < nblk; i++) {
            tf_run_stats s;
            MUST(tf_program_last_run(p[i], &s));
            if (!rep) {
                first[i] = s.cycles;
                if (s.cycles > r.cycles) r.cycles = s.cycles;
            } else {
                CHECK_EQ_U(s.cycles, first[i]); /* deterministic */
            }
        }
    }
    for (int i = 0; i < nblk; i++) tf_program_destroy(p[i]);
    rt_read_tiles(dc, M, N, f, r.c);
    tf_buffer_free(da);
    tf_buffer_free(db);
    tf_buffer_free(dc);
    return r;
}

static float rnd(float v, tf_tile_format f)
{
    return f == TF_TILE_FORMAT_BF16 ? tf_f32_from_bf16(tf_bf16_from_f32(v)) : v;
}

/* Largest error against the reference from the (rounded) inputs, in units
 * of the allowed error: rounding of the output (half a bf16 ulp) plus fp32
 * accumulation. <= 1 passes. */
static double check(const float *c, const float *a, const float *b, uint32_t M, uint32_t N,
                    uint32_t K, tf_tile_format f)
{
    double worst = 0;
    for (uint32_t i = 0; i < M; i++)
        for (uint32_t j = 0; j < N; j++) {
            double ref = 0, mag = 0;
            for (uint32_t k = 0; k < K; k++) {
                double x = (double)rnd(a[i * K + k], f) * rnd(b[k * N + j], f);
                ref += x;
                mag += fabs(x);
            }
            double tol =
                (f == TF_TILE_FORMAT_BF16 ? 1.0 / 256 : 1e-7) * fabs(ref) + 1e-6 * mag + 1e-30;
            double e = fabs(c[i * N + j] - ref) / tol;
            if (e > worst) worst = e;
        }
    return worst;
}

static void fill(float *v, size_t n, int seed, int integers)
{
    uint32_t s = 2463534242u + (uint32_t)seed;
    for (size_t i = 0; i < n; i++) {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        v[i] = integers ? (float)((int)(s % 9) - 4) : (float)(s % 20001) / 10000.0f - 1.0f;
    }
}

int main(void)
{
    tf_device *dev = rt_open(4, 2);
    rd = rt_kernel(dev, "matmul_reader.ncrisc.elf");
    wr = rt_kernel(dev, "matmul_writer.brisc.elf");
    mm = MUST_PTR(tf_kernel_load(dev, TF_TEST_KERNELS "/matmul_compute.compute"));

    /* one tile, fp32, small integers: exact */
    static float a[256 * 256], b[256 * 256];
    fill(a, 32 * 32, 1, 1);
    fill(b, 32 * 32, 2, 1);
    block one = {0, 1, 0, 1};
    result r = run(dev, a, b, 32, 32, 32, TF_TILE_FORMAT_FP32, &one, 1);
    int exact = 1;
    for (int i = 0; i < 32; i++)
        for (int j = 0; j < 32; j++) {
            float ref = 0;
            for (int k = 0; k < 32; k++) ref += a[i * 32 + k] * b[k * 32 + j];
            exact &= r.c[i * 32 + j] == ref;
        }
    CHECK_TRUE(exact);
    free(r.c);

    /* one tile, bf16: within rounding */
    fill(a, 32 * 32, 3, 0);
    fill(b, 32 * 32, 4, 0);
    r = run(dev, a, b, 32, 32, 32, TF_TILE_FORMAT_BF16, &one, 1);
    CHECK_TRUE(check(r.c, a, b, 32, 32, 32, TF_TILE_FORMAT_BF16) <= 1);
    free(r.c);

    /* 96 x 64 x 128 (3 x 2 output tiles, K = 4 tiles; M and N not powers of
     * two) on one core, then as 4 blocks on 4 cores */
    enum { M = 96, N = 64, K = 128 };
    fill(a, M * K, 5, 0);
    fill(b, K * N, 6, 0);
    block whole = {0, 3, 0, 2};
    result r1 = run(dev, a, b, M, N, K, TF_TILE_FORMAT_BF16, &whole, 1);
    CHECK_TRUE(check(r1.c, a, b, M, N, K, TF_TILE_FORMAT_BF16) <= 1);
    block four[] = {{0, 2, 0, 1}, {0, 2, 1, 2}, {2, 3, 0, 1}, {2, 3, 1, 2}};
    result r4 = run(dev, a, b, M, N, K, TF_TILE_FORMAT_BF16, four, 4);
    CHECK_TRUE(memcmp(r1.c, r4.c, sizeof(float) * M * N) == 0); /* same order of operations */
    CHECK_TRUE(r4.cycles < r1.cycles);
    printf("matmul %dx%dx%d bf16: 1 core %llu cycles, 4 cores %llu cycles\n", M, N, K,
           (unsigned long long)r1.cycles, (unsigned long long)r4.cycles);
    free(r1.c);
    free(r4.c);

    /* 256 x 256 x 256 in fp32 across 8 cores (a 2 x 4 grid of blocks) */
    fill(a, 256 * 256, 7, 0);
    fill(b, 256 * 256, 8, 0);
    block eight[8];
    for (int i = 0; i < 8; i++)
        eight[i] = (block){(uint32_t)(i / 4) * 4, (uint32_t)(i / 4) * 4 + 4, (uint32_t)(i % 4) * 2,
                           (uint32_t)(i % 4) * 2 + 2};
    r = run(dev, a, b, 256, 256, 256, TF_TILE_FORMAT_FP32, eight, 8);
    CHECK_TRUE(check(r.c, a, b, 256, 256, 256, TF_TILE_FORMAT_FP32) <= 1);
    printf("matmul 256x256x256 fp32 on 8 cores: %llu cycles\n", (unsigned long long)r.cycles);
    free(r.c);

    tf_kernel_free(rd);
    tf_kernel_free(wr);
    tf_kernel_free(mm);
    MUST(tf_device_close(dev));
    return tf_check_report("test_matmul");
}
