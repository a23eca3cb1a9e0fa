/* Helpers for the tt-metal-style kernel tests: capture the debug print of a
 * dispatch (the simulator prints on stderr), run one program. */
#ifndef TF_TTM_TEST_H
#define TF_TTM_TEST_H

#include "rt_test.h"

#include <string.h>
#include <unistd.h>

/* Run p with stderr captured into out (NUL-terminated). */
static inline void ttm_run_captured(tf_program *p, char *out, size_t cap)
{
    char path[] = "/tmp/tt_foil_ttm_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) {
        perror("mkstemp");
        exit(1);
    }
    fflush(stderr);
    int saved = dup(2);
    dup2(fd, 2);
    int rc = tf_dispatch_execute(p);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    if (rc) {
        fprintf(stderr, "dispatch failed: %s\n", tf_last_error());
        exit(1);
    }
    lseek(fd, 0, SEEK_SET);
    ssize_t n = read(fd, out, cap - 1);
    out[n < 0 ? 0 : n] = 0;
    close(fd);
    unlink(path);
}

static inline uint32_t noc_x_of(uint64_t noc_addr)
{
    return (uint32_t)(noc_addr >> 36) & 0x3f;
}
static inline uint32_t noc_y_of(uint64_t noc_addr)
{
    return (uint32_t)(noc_addr >> 42) & 0x3f;
}
static inline uint32_t noc_local_of(uint64_t noc_addr)
{
    return (uint32_t)noc_addr;
}

#endif
