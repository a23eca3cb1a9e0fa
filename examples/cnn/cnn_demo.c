/* The main job (make demo): a small CNN on the simulated chip, checked
 * against the host's fp32 reference, meant to run under tt_foil_profile.
 *
 *   cnn_demo [--images N]      (default 2)
 *
 * Prints, per image, the top-1 class, the logits and the largest
 * difference from the reference, and what each layer took; exits 1 if a
 * difference is beyond the tolerance (cnn_tolerance). */
#include "cnn.h"
#include "tt_foil/profiling.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(const char *msg)
{
    if (msg) fprintf(stderr, "cnn_demo: %s\n", msg);
    fprintf(msg ? stderr : stdout,
            "usage: cnn_demo [--images N]   (N from 1 to 1000, default 2)\n");
    return msg ? 2 : 0;
}

int main(int argc, char **argv)
{
    int images = 2;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return usage(NULL);
        if (!strcmp(argv[i], "--images") && i + 1 == argc) return usage("--images needs a value");
        if (!strcmp(argv[i], "--images")) {
            char *end;
            long n = strtol(argv[++i], &end, 10);
            if (*end || n < 1 || n > 1000) return usage("--images: a number from 1 to 1000");
            images = (int)n;
        } else {
            char msg[300];
            snprintf(msg, sizeof msg, "unknown argument '%s'", argv[i]);
            return usage(msg);
        }
    }
    TT_FOIL_ZONE("cnn_demo");
    tf_device *dev = cnn_device_open();
    cnn *net = dev ? cnn_create(dev, CNN_KERNELS) : NULL;
    if (!net) {
        fprintf(stderr, "cnn_demo: %s\n", dev ? cnn_error() : tf_last_error());
        if (dev) tf_device_close(dev);
        return 1;
    }
    int bad = 0;
    for (int im = 0; im < images; im++) {
        TT_FOIL_ZONE("image");
        char text[32];
        snprintf(text, sizeof text, "image %d", im);
        TT_FOIL_ZONE_TEXT(text);
        float image[CNN_IN * CNN_IN * CNN_IN_CH], logits[CNN_CLASSES], ref[CNN_CLASSES];
        cnn_op_stats st[CNN_OPS];
        cnn_image(im, image);
        if (cnn_infer(net, image, logits, st)) {
            fprintf(stderr, "cnn_demo: image %d: %s\n", im, tf_last_error());
            bad = 1;
            break;
        }
        cnn_reference(net, image, ref);
        int top = 0, ref_top = 0;
        float diff = 0;
        for (int k = 0; k < CNN_CLASSES; k++) {
            if (logits[k] > logits[top]) top = k;
            if (ref[k] > ref[ref_top]) ref_top = k;
            float d = logits[k] > ref[k] ? logits[k] - ref[k] : ref[k] - logits[k];
            if (d > diff) diff = d;
        }
        float tol = cnn_tolerance(ref);
        printf("image %d: top-1 class %d (reference %d); largest difference from the fp32 "
               "reference %.4f (tolerance %.4f)%s\n  logits:",
               im, top, ref_top, (double)diff, (double)tol, diff > tol ? "  TOO LARGE" : "");
        for (int k = 0; k < CNN_CLASSES; k++) printf(" %.4f", (double)logits[k]);
        printf("\n");
        for (int o = 0; o < CNN_OPS; o++)
            printf("  %-6s %d cores: %8llu device cycles, %9llu guest instructions, %.1f ms on "
                   "the host\n",
                   st[o].name, st[o].cores, (unsigned long long)st[o].cycles,
                   (unsigned long long)st[o].instructions, st[o].host_s * 1e3);
        if (diff > tol) bad = 1;
        TT_FOIL_FRAME_MARK();
    }
    cnn_destroy(net);
    if (tf_device_close(dev)) {
        fprintf(stderr, "cnn_demo: %s\n", tf_last_error());
        return 1;
    }
    /* what was printed reached its reader (not a full disk or closed pipe) */
    if (fflush(stdout) || ferror(stdout)) {
        fprintf(stderr, "cnn_demo: cannot write to the standard output\n");
        return 1;
    }
    return bad;
}
