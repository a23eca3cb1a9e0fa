/* RV32 instruction encoders (the base formats I, R, S, B, J) and a
 * xorshift generator, for the hart tests that assemble their programs by
 * hand (test_hart, test_hart_fuse, test_hart_kept). */
#ifndef TF_TEST_RV32_ENC_H
#define TF_TEST_RV32_ENC_H

#include <stdint.h>

static inline uint32_t I(uint32_t opc, uint32_t rd, uint32_t f3, uint32_t rs1, int32_t imm)
{
    return ((uint32_t)imm << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | opc;
}
static inline uint32_t R(uint32_t f7, uint32_t rs2, uint32_t rs1, uint32_t f3, uint32_t rd)
{
    return (f7 << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | 0x33;
}
static inline uint32_t S(uint32_t f3, uint32_t rs1, uint32_t rs2, int32_t imm)
{
    uint32_t u = (uint32_t)imm;
    return ((u >> 5) << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) | ((u & 31) << 7) | 0x23;
}
static inline uint32_t B(uint32_t f3, uint32_t rs1, uint32_t rs2, int32_t off)
{
    uint32_t u = (uint32_t)off;
    return (((u >> 12) & 1) << 31) | (((u >> 5) & 63) << 25) | (rs2 << 20) | (rs1 << 15) |
           (f3 << 12) | (((u >> 1) & 15) << 8) | (((u >> 11) & 1) << 7) | 0x63;
}
static inline uint32_t J(uint32_t rd, int32_t off)
{
    uint32_t u = (uint32_t)off;
    return (((u >> 20) & 1) << 31) | (((u >> 1) & 0x3ff) << 21) | (((u >> 11) & 1) << 20) |
           (((u >> 12) & 0xff) << 12) | (rd << 7) | 0x6f;
}

/* xorshift32: a value in [0, n) from *state (never 0) */
static inline uint32_t rv_rnd(uint32_t *state, uint32_t n)
{
    uint32_t s = *state;
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    *state = s;
    return s % n;
}

#endif
