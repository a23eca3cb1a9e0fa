/* The decode example's synthetic weights (decode.h): uniform values from a
 * fixed xorshift seed, scaled so activations keep their size through the
 * layers; the projections rounded once to Bfp4_b and the gains and the
 * embedding to bf16, exactly as the chip will hold them (the same codec:
 * tf_tilize then tf_untilize), so the host reference computes with the
 * model's own values. */
#include "decode.h"

#include "tt_foil/tile.h"

#include <math.h>
#include <stdlib.h>

static float uniform(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return (float)(*s % 2000001) / 1000000.0f - 1.0f;
}

/* rows x cols uniform in +-sqrt(3 / rows) x scale (unit variance out for
 * unit variance in), rounded to format f in place */
static int matrix(uint32_t *s, float *m, uint32_t rows, uint32_t cols, float scale,
                  tf_tile_format f)
{
    float a = sqrtf(3.0f / (float)rows) * scale;
    for (size_t i = 0; i < (size_t)rows * cols; i++) m[i] = a * uniform(s);
    void *tiles = malloc(tf_tiled_bytes(rows, cols, f));
    if (!tiles) return decode_fail("decode_weights_create: out of memory");
    int rc = tf_tilize(m, rows, cols, f, tiles) || tf_untilize(tiles, rows, cols, f, m);
    free(tiles);
    return rc ? -1 : 0;
}

static void gain(uint32_t *s, float *g)
{
    for (int i = 0; i < DEC_D; i++)
        g[i] = tf_f32_from_bf16(tf_bf16_from_f32(1.0f + 0.2f * uniform(s)));
}

decode_weights *decode_weights_create(int layers)
{
    if (layers < 1 || layers > DEC_MAX_LAYERS) {
        decode_fail("decode_weights_create: %d layers; the model takes 1 to %d", layers,
                    DEC_MAX_LAYERS);
        return NULL;
    }
    decode_weights *w = calloc(1, sizeof *w);
    if (!w) {
        decode_fail("decode_weights_create: out of memory");
        return NULL;
    }
    w->layers = layers;
    uint32_t s = 0x2545f491u;
    int rc = 0;
    for (int v = 0; v < DEC_VOCAB; v++)
        for (int i = 0; i < DEC_D; i++)
            w->embed[v][i] = tf_f32_from_bf16(tf_bf16_from_f32(uniform(&s)));
    const tf_tile_format q = TF_TILE_FORMAT_BFP4_B;
    for (int l = 0; l < layers && !rc; l++) {
        decode_layer_weights *L = &w->layer[l];
        gain(&s, L->attn_norm);
        gain(&s, L->mlp_norm);
        /* the queries' columns carry the attention's 1/sqrt(head_dim) */
        float qscale = 1.0f / sqrtf((float)DEC_HEAD_DIM);
        for (int i = 0; i < DEC_D; i++)
            for (int j = 0; j < 3 * DEC_D; j++)
                L->wqkv[i][j] = sqrtf(3.0f / DEC_D) * uniform(&s) * (j < DEC_D ? qscale : 1.0f);
        float *m = &L->wqkv[0][0];
        void *tiles = malloc(tf_tiled_bytes(DEC_D, 3 * DEC_D, q));
        rc = !tiles || tf_tilize(m, DEC_D, 3 * DEC_D, q, tiles) ||
             tf_untilize(tiles, DEC_D, 3 * DEC_D, q, m);
        free(tiles);
        if (rc) break;
        /* the residual branches at half scale: the stream grows slowly */
        rc = matrix(&s, &L->wo[0][0], DEC_D, DEC_D, 0.5f, q) ||
             matrix(&s, &L->wgate[0][0], DEC_D, DEC_FF, 1.0f, q) ||
             matrix(&s, &L->wup[0][0], DEC_D, DEC_FF, 1.0f, q) ||
             matrix(&s, &L->wdown[0][0], DEC_FF, DEC_D, 0.5f, q);
    }
    if (!rc) {
        gain(&s, w->final_norm);
        rc = matrix(&s, &w->lm_head[0][0], DEC_D, DEC_VOCAB, 1.0f, q);
    }
    if (rc) {
        decode_fail("decode_weights_create: rounding the weights to Bfp4_b: %s", tf_last_error());
        free(w);
        return NULL;
    }
    return w;
}
