/* libFuzzer harnesses (tests/fuzz/README.md): each file defines
 * LLVMFuzzerTestOneInput. Built with -fsanitize=fuzzer by `make fuzz`;
 * in the normal build, replay.c drives the same function over the
 * committed regression inputs, so every crash found so far stays fixed. */
#ifndef TF_FUZZ_H
#define TF_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
