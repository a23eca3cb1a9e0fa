/* Fused instruction pairs of the hart's interpreter (sim/hart.c): when the
 * decoder finds one of these pairs in consecutive words, the first word's
 * slot gets a handler that executes both in one dispatch; the second word
 * keeps its own slot and plain handler, so a jump to it runs it alone.
 * The pairs are the most frequent adjacent ones in mixwork and mixbench
 * (measured dynamically; bench/bench_sim_mips).
 *
 * Exactness: each half is the plain handler's fast path; where a half
 * would leave the fast path (a load or store outside plain memory, a store
 * to a page holding code, a jump target outside memory) the fused handler
 * hands over to the plain handler of that half with the instruction count
 * and pc exactly as the plain path has them, so traps, device stalls,
 * watch stores and self-modifying code behave as unfused. The cycle limit
 * is checked where the plain handlers check it (taken branches and jumps).
 * sim_mem_invalidate forgets the slot before an invalidated range, which is
 * the only slot that may hold a pair reading the range's first word.
 *
 * E_op(p, fallback) executes op from slot p; C_op(p) is a branch's condition.
 * They are expanded inside sim_hart_run (x, mem, base, size, pf in scope). */
#ifndef TF_HART_FUSE_H
#define TF_HART_FUSE_H

#include "common/cm_rv32.h"

/* Pairs whose second half falls through. */
#define TF_FUSE_SEQ(X)                                                                             \
    X(XOR, SRLI)                                                                                   \
    X(SUB, AND)                                                                                    \
    X(ANDI, SUB)                                                                                   \
    X(SRLI, ANDI)                                                                                  \
    X(AND, XOR)                                                                                    \
    X(SLLI, ADD)                                                                                   \
    X(ADDI, ADDI)                                                                                  \
    X(SRLI, SLLI)                                                                                  \
    X(MUL, ADD)                                                                                    \
    X(ADDI, XOR)                                                                                   \
    X(SLLI, OR)                                                                                    \
    X(ANDI, OR)                                                                                    \
    X(SLLI, ANDI)                                                                                  \
    X(SLTU, ADDI)                                                                                  \
    X(OR, SLLI)                                                                                    \
    X(OR, SLTU)                                                                                    \
    X(AND, ADDI)                                                                                   \
    X(ORI, SLLI)                                                                                   \
    X(SLLI, ORI)                                                                                   \
    X(ADD, SLLI)                                                                                   \
    X(ADDI, SLLI)                                                                                  \
    X(ADDI, ADD)                                                                                   \
    X(ADD, ADDI)                                                                                   \
    X(SLLI, XOR)                                                                                   \
    X(XOR, ADD)                                                                                    \
    X(ADD, MUL)                                                                                    \
    X(LUI, ADDI)                                                                                   \
    X(ADD, LW)                                                                                     \
    X(ADD, LBU)                                                                                    \
    X(ADD, LHU)                                                                                    \
    X(ADDI, LW)                                                                                    \
    X(LW, MUL)                                                                                     \
    X(LBU, XOR)                                                                                    \
    X(LW, ADD)                                                                                     \
    X(LW, SLLI)                                                                                    \
    X(LW, ADDI)                                                                                    \
    X(LHU, ADDI)                                                                                   \
    X(LW, LW)                                                                                      \
    X(SW, SW)                                                                                      \
    X(SW, ADDI)                                                                                    \
    X(ADDI, SW)                                                                                    \
    X(LW, SW)

/* Pairs ending in a conditional branch. */
#define TF_FUSE_BRANCH(X)                                                                          \
    X(ADDI, BEQ)                                                                                   \
    X(ADDI, BNE)                                                                                   \
    X(ADDI, BLT)                                                                                   \
    X(ADDI, BLTU)                                                                                  \
    X(ADDI, BGEU)                                                                                  \
    X(XOR, BNE)                                                                                    \
    X(ADD, BNE)                                                                                    \
    X(ADD, BLTU)                                                                                   \
    X(SLLI, BLT)                                                                                   \
    X(LW, BLTU)                                                                                    \
    X(LW, BEQ)                                                                                     \
    X(LW, BNE)                                                                                     \
    X(ANDI, BEQ)                                                                                   \
    X(ANDI, BNE)

/* Pairs ending in jal or jalr: the first half, then the plain jump. */
#define TF_FUSE_JUMP(X)                                                                            \
    X(ADDI, JAL)                                                                                   \
    X(ADDI, JALR)                                                                                  \
    X(AUIPC, JALR)                                                                                 \
    X(LW, JALR)

/* Handler ids of the pairs, after the plain ops. */
enum {
    TF_FU_NONE_ = TF_OP_COUNT - 1,
#define TF_FU_ENUM(a, b) TF_FU_##a##_##b,
    TF_FUSE_SEQ(TF_FU_ENUM) TF_FUSE_BRANCH(TF_FU_ENUM) TF_FUSE_JUMP(TF_FU_ENUM)
#undef TF_FU_ENUM
        TF_FU_END
};

/* Whether some pair begins with op: only then does the decoder look at the
 * next word (decode time only). */
static inline int sim_fuse_first(int op)
{
#define TF_FU_FIRST(a, b)                                                                          \
    if (op == TF_OP_##a) return 1;
    TF_FUSE_SEQ(TF_FU_FIRST)
    TF_FUSE_BRANCH(TF_FU_FIRST) TF_FUSE_JUMP(TF_FU_FIRST)
#undef TF_FU_FIRST
        return 0;
}

/* The fused handler id for ops a then b, or 0 (decode time only). */
static inline int sim_fuse_pair(int a, int b)
{
#define TF_FU_CASE(x, y)                                                                           \
    if (a == TF_OP_##x && b == TF_OP_##y) return TF_FU_##x##_##y;
    TF_FUSE_SEQ(TF_FU_CASE)
    TF_FUSE_BRANCH(TF_FU_CASE) TF_FUSE_JUMP(TF_FU_CASE)
#undef TF_FU_CASE
        return 0;
}

/* ---- one half of a pair, from slot p ---------------------------------- */
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
