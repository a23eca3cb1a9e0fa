/* A decode step's shape on the simulated chip (docs/demo.md, "A decode
 * step"): a tiny decoder-only transformer generating tokens greedily, one
 * dispatch an op, meant to run under tt_foil_profile.
 *
 *   decode_demo [--tokens N] [--layers L] [--check] [--print-logits] [--help]
 *
 * Prints each token, then tokens/s and the host time per token against
 * the modeled device time; --check compares every step's logits with the
 * host's fp32 reference (decode_tolerance) and exits 1 beyond it;
 * --print-logits prints each step's logits as fp32 bits (the simulator is
 * deterministic: tests compare them between runs). */
#include "decode.h"
#include "tt_foil/profiling.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(const char *msg)
{
    if (msg) fprintf(stderr, "decode_demo: %s\n", msg);
    fprintf(msg ? stderr : stdout,
            "usage: decode_demo [--tokens N] [--layers L] [--check] [--print-logits]\n"
            "  --tokens N       tokens to decode, 1 to %d (default 8)\n"
            "  --layers L       transformer layers, 1 to %d (default 2)\n"
            "  --check          compare the logits with the host's fp32 reference\n"
            "  --print-logits   print each step's logits as fp32 bits\n",
            DEC_MAX_TOKENS, DEC_MAX_LAYERS);
    return msg ? 2 : 0;
}

static int number(const char *opt, const char *v, int lo, int hi, int *out)
{
    char *end;
    long n = strtol(v, &end, 10);
    if (!*v || *end || n < lo || n > hi) {
        char msg[200];
        snprintf(msg, sizeof msg, "%s: '%s' is not a number from %d to %d", opt, v, lo, hi);
        return usage(msg);
    }
    *out = (int)n;
    return 0;
}

int main(int argc, char **argv)
{
    int tokens = 8, layers = 2, check = 0, print_logits = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) return usage(NULL);
        if (!strcmp(a, "--check")) {
            check = 1;
        } else if (!strcmp(a, "--print-logits")) {
            print_logits = 1;
        } else if (!strcmp(a, "--tokens") || !strcmp(a, "--layers")) {
            if (i + 1 == argc) {
                char msg[100];
                snprintf(msg, sizeof msg, "%s needs a value", a);
                return usage(msg);
            }
            int rc = !strcmp(a, "--tokens") ? number(a, argv[++i], 1, DEC_MAX_TOKENS, &tokens)
                                            : number(a, argv[++i], 1, DEC_MAX_LAYERS, &layers);
            if (rc) return rc;
        } else {
            char msg[300];
            snprintf(msg, sizeof msg, "unknown argument '%s'", a);
            return usage(msg);
        }
    }
    TT_FOIL_ZONE("decode_demo");
    decode_weights *w = decode_weights_create(layers);
    decode_ref *ref = w && check ? decode_ref_create(w) : NULL;
    tf_device *dev = w && (ref || !check) ? decode_device_open() : NULL;
    decode_model *m = dev ? decode_create(dev, w, DECODE_KERNELS) : NULL;
    if (!m) {
        fprintf(stderr, "decode_demo: %s\n", decode_last_error());
        if (dev) tf_device_close(dev);
        decode_ref_destroy(ref);
        free(w);
        return 1;
    }
    printf("decode: d_model %d, %d heads of %d, MLP %d (gated), vocabulary %d, %d layer%s; "
           "weights Bfp4_b (LoFi), activations bf16; %d dispatches a token\n",
           DEC_D, DEC_HEADS, DEC_HEAD_DIM, DEC_FF, DEC_VOCAB, layers, layers > 1 ? "s" : "",
           DEC_OPS_LAYER * layers + 2);
    int bad = 0, token = 1; /* the first token: 1 (a BOS) */
    double host_s = 0, worst = 0;
    uint64_t cycles = 0, instructions = 0;
    int dispatches = 0;
    for (int pos = 0; pos < tokens; pos++) {
        TT_FOIL_ZONE("token");
        char text[32];
        snprintf(text, sizeof text, "position %d", pos);
        TT_FOIL_ZONE_TEXT(text);
        float logits[DEC_VOCAB], want[DEC_VOCAB];
        decode_step_stats st;
        if (decode_step(m, token, pos, logits, &st)) {
            fprintf(stderr, "decode_demo: position %d: %s\n", pos, decode_last_error());
            bad = 1;
            break;
        }
        host_s += st.host_s;
        cycles += st.cycles;
        instructions += st.instructions;
        dispatches += st.dispatches;
        int next = 0;
        for (int k = 1; k < DEC_VOCAB; k++)
            if (logits[k] > logits[next]) next = k;
        printf("position %2d: token %3d -> %3d  (%d dispatches, %llu device cycles, %.2f ms "
               "on the host)",
               pos, token, next, st.dispatches, (unsigned long long)st.cycles, st.host_s * 1e3);
        if (check) {
            /* the reference takes the chip's tokens: its own argmax could
             * differ where two logits are within the tolerance */
            decode_ref_step(ref, token, pos, want);
            float diff = 0, tol = decode_tolerance(want, layers);
            for (int k = 0; k < DEC_VOCAB; k++) diff = fmaxf(diff, fabsf(logits[k] - want[k]));
            if (diff > worst) worst = diff;
            printf("; largest difference from the reference %.4f (tolerance %.4f)%s", (double)diff,
                   (double)tol, diff > tol || isnan(diff) ? "  TOO LARGE" : "");
            if (diff > tol || isnan(diff)) bad = 1;
        }
        printf("\n");
        if (print_logits) {
            printf("logits %d:", pos);
            for (int k = 0; k < DEC_VOCAB; k++) {
                uint32_t b;
                memcpy(&b, &logits[k], 4);
                printf(" %08x", b);
            }
            printf("\n");
        }
        token = next;
        TT_FOIL_FRAME_MARK();
    }
    if (dispatches) {
        int n = dispatches / (DEC_OPS_LAYER * layers + 2);
        double dev_s = (double)cycles * 1e-9; /* the modeled chip's 1 GHz */
        printf("%d tokens: %.1f tokens/s on the host; per token %.2f ms of host time against "
               "%.1f us of modeled device time (%.0fx), %d dispatches, %.0f guest instructions\n",
               n, n / host_s, host_s / n * 1e3, dev_s / n * 1e6, host_s / dev_s, dispatches / n,
               (double)instructions / n);
        if (check && !bad)
            printf("check: every step's logits within the tolerance (largest difference %.4f)\n",
                   (double)worst);
    }
    if (check && bad) fprintf(stderr, "decode_demo: the logits differ from the reference\n");
    decode_destroy(m);
    decode_ref_destroy(ref);
    free(w);
    if (tf_device_close(dev)) {
        fprintf(stderr, "decode_demo: %s\n", tf_last_error());
        return 1;
    }
    if (fflush(stdout) || ferror(stdout)) {
        fprintf(stderr, "decode_demo: cannot write to the standard output\n");
        return 1;
    }
    return bad;
}
