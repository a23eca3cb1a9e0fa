/* The decode example's host reference (decode.h): the same model in fp32
 * (sums in double), with its own key/value cache, computing from the
 * weights the chip holds (decode_weights). */
#include "decode.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct decode_ref {
    const decode_weights *w;
    float k[DEC_MAX_LAYERS][DEC_MAX_TOKENS][DEC_D], v[DEC_MAX_LAYERS][DEC_MAX_TOKENS][DEC_D];
};

decode_ref *decode_ref_create(const decode_weights *w)
{
    decode_ref *r = calloc(1, sizeof *r);
    if (!r) {
        decode_fail("decode_ref_create: out of memory");
        return NULL;
    }
    r->w = w;
    return r;
}

void decode_ref_destroy(decode_ref *r)
{
    free(r);
}

static void rmsnorm(const float *x, const float *g, float *y)
{
    double ss = 0;
    for (int i = 0; i < DEC_D; i++) ss += (double)x[i] * x[i];
    float rinv = (float)(1.0 / sqrt(ss / DEC_D + DEC_EPS));
    for (int i = 0; i < DEC_D; i++) y[i] = x[i] * rinv * g[i];
}

/* y[0..n) = x[0..k) W (W row-major k x n) */
static void matvec(const float *x, const float *w, int k, int n, float *y)
{
    for (int j = 0; j < n; j++) {
        double acc = 0;
        for (int i = 0; i < k; i++) acc += (double)x[i] * w[(size_t)i * n + j];
        y[j] = (float)acc;
    }
}

void decode_ref_step(decode_ref *r, int token, int pos, float logits[DEC_VOCAB])
{
    const decode_weights *w = r->w;
    float x[DEC_D], h[DEC_D], qkv[3 * DEC_D], a[DEC_D], o[DEC_D];
    float g[DEC_FF], u[DEC_FF];
    memcpy(x, w->embed[token], sizeof x);
    for (int l = 0; l < w->layers; l++) {
        const decode_layer_weights *L = &w->layer[l];
        rmsnorm(x, L->attn_norm, h);
        matvec(h, &L->wqkv[0][0], DEC_D, 3 * DEC_D, qkv);
        memcpy(r->k[l][pos], qkv + DEC_D, sizeof r->k[l][pos]);
        memcpy(r->v[l][pos], qkv + 2 * DEC_D, sizeof r->v[l][pos]);
        for (int hd = 0; hd < DEC_HEADS; hd++) {
            const float *q = qkv + hd * DEC_HEAD_DIM;
            double s[DEC_MAX_TOKENS], mx = -INFINITY, sum = 0;
            for (int p = 0; p <= pos; p++) {
                double acc = 0;
                for (int i = 0; i < DEC_HEAD_DIM; i++)
                    acc += (double)q[i] * r->k[l][p][hd * DEC_HEAD_DIM + i];
                s[p] = acc;
                if (acc > mx) mx = acc;
            }
            for (int p = 0; p <= pos; p++) sum += s[p] = exp(s[p] - mx);
            for (int i = 0; i < DEC_HEAD_DIM; i++) {
                double acc = 0;
                for (int p = 0; p <= pos; p++)
                    acc += s[p] / sum * r->v[l][p][hd * DEC_HEAD_DIM + i];
                a[hd * DEC_HEAD_DIM + i] = (float)acc;
            }
        }
        matvec(a, &L->wo[0][0], DEC_D, DEC_D, o);
        for (int i = 0; i < DEC_D; i++) x[i] += o[i];
        rmsnorm(x, L->mlp_norm, h);
        matvec(h, &L->wgate[0][0], DEC_D, DEC_FF, g);
        matvec(h, &L->wup[0][0], DEC_D, DEC_FF, u);
        for (int i = 0; i < DEC_FF; i++) g[i] = g[i] / (1.0f + expf(-g[i])) * u[i];
        matvec(g, &L->wdown[0][0], DEC_FF, DEC_D, o);
        for (int i = 0; i < DEC_D; i++) x[i] += o[i];
    }
    rmsnorm(x, w->final_norm, h);
    matvec(h, &w->lm_head[0][0], DEC_D, DEC_VOCAB, logits);
}

float decode_tolerance(const float reference[DEC_VOCAB], int layers)
{
    double ss = 0, mx = 0;
    for (int i = 0; i < DEC_VOCAB; i++) {
        ss += (double)reference[i] * reference[i];
        if (fabs(reference[i]) > mx) mx = fabs(reference[i]);
    }
    /* docs/demo.md, "Tolerance": each of the matrix-product stages on the
     * token's path (6 a layer, then the logits') perturbs the row by up to
     * 2^-7 of its size (LoFi keeps 6 of the activation's 7 mantissa
     * bits), reaching the logits at their typical size (rms), the stages
     * added in the worst case; then the logits' own roundings, 2^-9 of the
     * value each: DEST's after each of the D / 32 tile products (a 16-bit
     * DEST) and the bf16 store */
    double stages = DEC_STAGES_LAYER * layers + 1;
    return (float)(stages * 0x1p-7 * sqrt(ss / DEC_VOCAB) + (DEC_D / 32 + 1) * 0x1p-9 * mx);
}
