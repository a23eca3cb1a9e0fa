/* libFuzzer harnesses (tests/fuzz/README.md): each file defines
 * LLVMFuzzerTestOneInput. Built with -fsanitize=fuzzer by `make fuzz`;
 * in the normal build, replay.c drives the same function over the
 * committed regression inputs, so every crash found so far stays fixed. */
#ifndef TF_FUZZ_H
#define TF_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* A property of the output that must hold whatever the input (on in every
 * build, unlike CM_ASSERT: the replay ctest checks it too). */
#define FUZZ_CHECK(cond)                                                                           \
    ((cond) ? (void)0                                                                              \
            : (fprintf(stderr, "%s:%d: fuzz check failed: %s\n", __FILE__, __LINE__, #cond),       \
               abort()))

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
