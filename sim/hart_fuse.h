/* Fused instruction runs of the hart's interpreter (sim/hart.c): when the
 * decoder finds one of these pairs or triples of ops in consecutive words,
 * the first word's slot gets a handler that executes all of them in one
 * dispatch; the other words keep their own slots and plain handlers, so a
 * jump into the run executes from there as usual. The runs listed are the
 * most frequent adjacent ones in mixwork and mixbench, measured
 * dynamically (bench/bench_sim_mips).
 *
 * Exactness: each instruction but the last is the plain handler's fast
 * path; where one would leave it (a load or store outside plain memory, a
 * store to a page holding code) the fused handler hands over to that
 * instruction's plain handler with the instruction count and pc exactly
 * as the plain path has them there, so traps, device stalls, watch stores
 * and self-modifying code behave as unfused. The last instruction ends
 * the handler as its plain handler does (SEQ: fast path or hand-over, then
 * the next slot; BRANCH: the plain branch; JUMP: the plain jal/jalr
 * handler), so the cycle limit is checked exactly where it is unfused (on
 * taken branches and jumps). sim_mem_invalidate resets the handlers of the
 * TF_FUSE_MAX - 1 slots before an invalidated range: the only ones whose
 * run may read its first word.
 *
 * E_op(p, fallback) executes op from slot p; C_op(p) is a branch's
 * condition. They expand inside sim_hart_run (x, mem, base, size, pf). */
#ifndef TF_HART_FUSE_H
#define TF_HART_FUSE_H

#include "common/cm_rv32.h"

#define TF_FUSE_MAX 3 /* the longest run */

/* Pairs: X(first, last, kind of last). */
#define TF_FUSE2(X)                                                                                \
    X(XOR, SRLI, SEQ)                                                                              \
    X(SUB, AND, SEQ)                                                                               \
    X(ANDI, SUB, SEQ)                                                                              \
    X(SRLI, ANDI, SEQ)                                                                             \
    X(AND, XOR, SEQ)                                                                               \
    X(SLLI, ADD, SEQ)                                                                              \
    X(ADDI, ADDI, SEQ)                                                                             \
    X(SRLI, SLLI, SEQ)                                                                             \
    X(MUL, ADD, SEQ)                                                                               \
    X(ADDI, XOR, SEQ)                                                                              \
    X(SLLI, OR, SEQ)                                                                               \
    X(ANDI, OR, SEQ)                                                                               \
    X(SLLI, ANDI, SEQ)                                                                             \
    X(SLTU, ADDI, SEQ)                                                                             \
    X(OR, SLLI, SEQ)                                                                               \
    X(OR, SLTU, SEQ)                                                                               \
    X(AND, ADDI, SEQ)                                                                              \
    X(ORI, SLLI, SEQ)                                                                              \
    X(SLLI, ORI, SEQ)                                                                              \
    X(ADD, SLLI, SEQ)                                                                              \
    X(ADDI, SLLI, SEQ)                                                                             \
    X(ADDI, ADD, SEQ)                                                                              \
    X(ADD, ADDI, SEQ)                                                                              \
    X(SLLI, XOR, SEQ)                                                                              \
    X(XOR, ADD, SEQ)                                                                               \
    X(ADD, MUL, SEQ)                                                                               \
    X(LUI, ADDI, SEQ)                                                                              \
    X(ADD, LW, SEQ)                                                                                \
    X(ADD, LBU, SEQ)                                                                               \
    X(ADD, LHU, SEQ)                                                                               \
    X(ADDI, LW, SEQ)                                                                               \
    X(LW, MUL, SEQ)                                                                                \
    X(LBU, XOR, SEQ)                                                                               \
    X(LW, ADD, SEQ)                                                                                \
    X(LW, SLLI, SEQ)                                                                               \
    X(LW, ADDI, SEQ)                                                                               \
    X(LHU, ADDI, SEQ)                                                                              \
    X(LW, LW, SEQ)                                                                                 \
    X(SW, SW, SEQ)                                                                                 \
    X(SW, ADDI, SEQ)                                                                               \
    X(ADDI, SW, SEQ)                                                                               \
    X(LW, SW, SEQ)                                                                                 \
    X(ADDI, BEQ, BRANCH)                                                                           \
    X(ADDI, BNE, BRANCH)                                                                           \
    X(ADDI, BLT, BRANCH)                                                                           \
    X(ADDI, BLTU, BRANCH)                                                                          \
    X(ADDI, BGEU, BRANCH)                                                                          \
    X(XOR, BNE, BRANCH)                                                                            \
    X(ADD, BNE, BRANCH)                                                                            \
    X(ADD, BLTU, BRANCH)                                                                           \
    X(SLLI, BLT, BRANCH)                                                                           \
    X(LW, BLTU, BRANCH)                                                                            \
    X(LW, BEQ, BRANCH)                                                                             \
    X(LW, BNE, BRANCH)                                                                             \
    X(ANDI, BEQ, BRANCH)                                                                           \
    X(ANDI, BNE, BRANCH)                                                                           \
    X(ADDI, JAL, JUMP)                                                                             \
    X(ADDI, JALR, JUMP)                                                                            \
    X(AUIPC, JALR, JUMP)                                                                           \
    X(LW, JALR, JUMP)

/* Triples: X(first, second, last, kind of last). */
#define TF_FUSE3(X)                                                                                \
    X(XOR, SRLI, ANDI, SEQ)                                                                        \
    X(SRLI, ANDI, SUB, SEQ)                                                                        \
    X(ANDI, SUB, AND, SEQ)                                                                         \
    X(SUB, AND, XOR, SEQ)                                                                          \
    X(AND, XOR, SRLI, SEQ)                                                                         \
    X(SUB, AND, ADDI, SEQ)                                                                         \
    X(AND, ADDI, XOR, SEQ)                                                                         \
    X(LBU, XOR, SRLI, SEQ)                                                                         \
    X(ADD, LBU, XOR, SEQ)                                                                          \
    X(SLLI, ADD, LW, SEQ)                                                                          \
    X(SLLI, ADD, LHU, SEQ)                                                                         \
    X(SLLI, ADD, ADDI, SEQ)                                                                        \
    X(ADD, LHU, ADDI, SEQ)                                                                         \
    X(LHU, ADDI, ADD, SEQ)                                                                         \
    X(MUL, ADD, LW, SEQ)                                                                           \
    X(ADD, LW, MUL, SEQ)                                                                           \
    X(LW, MUL, ADD, SEQ)                                                                           \
    X(ADD, LW, LW, SEQ)                                                                            \
    X(LW, LW, LW, SEQ)                                                                             \
    X(LW, LW, ADDI, SEQ)                                                                           \
    X(LW, ADDI, ADDI, SEQ)                                                                         \
    X(SW, SW, SW, SEQ)                                                                             \
    X(SW, SW, ADDI, SEQ)                                                                           \
    X(SW, ADDI, ADDI, SEQ)                                                                         \
    X(ADDI, SW, SW, SEQ)                                                                           \
    X(ADDI, ADDI, ADDI, SEQ)                                                                       \
    X(ADDI, ADDI, LW, SEQ)                                                                         \
    X(ADDI, LW, ADDI, SEQ)                                                                         \
    X(ADD, ADDI, ADDI, SEQ)                                                                        \
    X(ADD, ADDI, LW, SEQ)                                                                          \
    X(ADDI, SLLI, ADD, SEQ)                                                                        \
    X(ADD, SLLI, ADD, SEQ)                                                                         \
    X(ADDI, ADDI, AUIPC, SEQ)                                                                      \
    X(SRLI, SLLI, OR, SEQ)                                                                         \
    X(SLLI, OR, SLLI, SEQ)                                                                         \
    X(OR, SLLI, ANDI, SEQ)                                                                         \
    X(SLLI, ANDI, OR, SEQ)                                                                         \
    X(ANDI, OR, SLTU, SEQ)                                                                         \
    X(OR, SLTU, ADDI, SEQ)                                                                         \
    X(SLLI, ORI, SLLI, SEQ)                                                                        \
    X(ADDI, ADD, BNE, BRANCH)                                                                      \
    X(ADDI, ADDI, BLTU, BRANCH)                                                                    \
    X(ADDI, ADD, BLTU, BRANCH)                                                                     \
    X(ADDI, XOR, BNE, BRANCH)                                                                      \
    X(ADD, LW, BLTU, BRANCH)                                                                       \
    X(SLTU, ADDI, BNE, BRANCH)                                                                     \
    X(ADDI, AUIPC, JALR, JUMP)                                                                     \
    X(LW, ADDI, JALR, JUMP)                                                                        \
    X(ADDI, ADDI, JAL, JUMP)

/* Handler ids of the runs, after the plain ops. */
enum {
    TF_FU_NONE_ = TF_OP_COUNT - 1,
#define TF_FU_ENUM2(a, b, k)    TF_FU_##a##_##b,
#define TF_FU_ENUM3(a, b, c, k) TF_FU_##a##_##b##_##c,
    TF_FUSE2(TF_FU_ENUM2) TF_FUSE3(TF_FU_ENUM3)
#undef TF_FU_ENUM2
#undef TF_FU_ENUM3
        TF_FU_END
};

/* Whether some run begins with op: only then does the decoder look at
 * the next words (decode time only). */
static inline int sim_fuse_first(int op)
{
#define TF_FU_FIRST2(a, b, k)    || op == TF_OP_##a
#define TF_FU_FIRST3(a, b, c, k) || op == TF_OP_##a
    return 0 TF_FUSE2(TF_FU_FIRST2) TF_FUSE3(TF_FU_FIRST3);
#undef TF_FU_FIRST2
#undef TF_FU_FIRST3
}

/* Whether some triple begins with ops a, b: only then does the decoder
 * look at the third word (decode time only). */
static inline int sim_fuse_first2(int a, int b)
{
#define TF_FU_FIRST23(x, y, z, k) || (a == TF_OP_##x && b == TF_OP_##y)
    return 0 TF_FUSE3(TF_FU_FIRST23);
#undef TF_FU_FIRST23
}

/* The fused handler id for ops a, b, c in consecutive words (c < 0: no
 * third word), the triple preferred, or 0 (decode time only). */
static inline int sim_fuse_run(int a, int b, int c)
{
#define TF_FU_CASE3(x, y, z, k) : (a == TF_OP_##x && b == TF_OP_##y && c == TF_OP_##z) ? TF_FU_##x##_##y##_##z
#define TF_FU_CASE2(x, y, k)    : (a == TF_OP_##x && b == TF_OP_##y) ? TF_FU_##x##_##y
    return 0 ? 0 TF_FUSE3(TF_FU_CASE3) TF_FUSE2(TF_FU_CASE2) : 0;
#undef TF_FU_CASE2
#undef TF_FU_CASE3
}

/* ---- one instruction of a fused run, from slot p ------------------------- */
#define FX(p, r)       x[(p)->r]
#define FIMM(p)        ((uint32_t)(p)->imm)
#define E_LUI(p, fb)   FX(p, rd) = FIMM(p)
#define E_AUIPC(p, fb) FX(p, rd) = FIMM(p)
#define E_ADDI(p, fb)  FX(p, rd) = FX(p, rs1) + FIMM(p)
#define E_XORI(p, fb)  FX(p, rd) = FX(p, rs1) ^ FIMM(p)
#define E_ORI(p, fb)   FX(p, rd) = FX(p, rs1) | FIMM(p)
#define E_ANDI(p, fb)  FX(p, rd) = FX(p, rs1) & FIMM(p)
#define E_SLLI(p, fb)  FX(p, rd) = FX(p, rs1) << (p)->imm
#define E_SRLI(p, fb)  FX(p, rd) = FX(p, rs1) >> (p)->imm
#define E_ADD(p, fb)   FX(p, rd) = FX(p, rs1) + FX(p, rs2)
#define E_SUB(p, fb)   FX(p, rd) = FX(p, rs1) - FX(p, rs2)
#define E_XOR(p, fb)   FX(p, rd) = FX(p, rs1) ^ FX(p, rs2)
#define E_OR(p, fb)    FX(p, rd) = FX(p, rs1) | FX(p, rs2)
#define E_AND(p, fb)   FX(p, rd) = FX(p, rs1) & FX(p, rs2)
#define E_SLTU(p, fb)  FX(p, rd) = FX(p, rs1) < FX(p, rs2)
#define E_MUL(p, fb)   FX(p, rd) = FX(p, rs1) * FX(p, rs2)
#define E_LOAD_(p, fb, lim, expr)                                                                  \
    do {                                                                                           \
        uint32_t a_ = FX(p, rs1) + FIMM(p) - base;                                                 \
        if (UNLIKELY(a_ > (lim))) fb;                                                              \
        FX(p, rd) = (expr);                                                                        \
    } while (0)
#define E_LW(p, fb)  E_LOAD_(p, fb, szw, ld32(mem + a_))
#define E_LHU(p, fb) E_LOAD_(p, fb, szh, ld16(mem + a_))
#define E_LBU(p, fb) E_LOAD_(p, fb, size - 1, mem[a_])
#define E_SW(p, fb)                                                                                \
    do {                                                                                           \
        uint32_t a_ = FX(p, rs1) + FIMM(p) - base;                                                 \
        if (UNLIKELY(a_ > szw) ||                                                                  \
            UNLIKELY(pf[a_ >> TF_PAGE_SHIFT] | pf[(a_ + 3) >> TF_PAGE_SHIFT]))                     \
            fb;                                                                                    \
        st32(mem + a_, FX(p, rs2));                                                                \
    } while (0)
#define C_BEQ(p)  (FX(p, rs1) == FX(p, rs2))
#define C_BNE(p)  (FX(p, rs1) != FX(p, rs2))
#define C_BLT(p)  ((int32_t)FX(p, rs1) < (int32_t)FX(p, rs2))
#define C_BLTU(p) (FX(p, rs1) < FX(p, rs2))
#define C_BGEU(p) (FX(p, rs1) >= FX(p, rs2))

#endif
