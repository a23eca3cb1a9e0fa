/* Fused instruction runs of the hart's interpreter (sim/hart.c): when the
 * decoder finds one of these pairs, triples or quadruples of ops in
 * consecutive words, the first word's slot gets a handler that executes
 * all of them in one dispatch; the other words keep their own slots, so a
 * jump into the run executes from there as usual. The runs listed are the
 * most frequent adjacent ones in mixwork and mixbench, measured
 * dynamically (bench/bench_sim_mips, counting dispatches per slot), and
 * the address arithmetic of a data-movement kernel's inner loop (the CNN
 * demo's reader, examples/cnn/kernels/conv_reader.c: 64-bit NOC address
 * adds with carry, bounds checks, a remainder by multiply).
 *
 * Exactness: each instruction but the last is the plain handler's fast
 * path; where one would leave it (a load or store outside plain memory, a
 * store to a page holding code) the fused handler hands over to that
 * instruction's plain handler with the instruction count and pc exactly
 * as the plain path has them there, so traps, device stalls, watch stores
 * and self-modifying code behave as unfused. The last instruction ends
 * the handler as its plain handler does (SEQ: fast path or hand-over, then
 * the next slot; BRANCH: the plain branch; JUMP: jal/jalr as their plain
 * handlers do it, from the run's own handler), so the cycle limit is
 * checked exactly where it is unfused (on taken branches and jumps).
 * sim_mem_invalidate resets the handlers of the TF_FUSE_MAX - 1 slots
 * before an invalidated range: the only ones whose run may read its first
 * word.
 *
 * E_op(p, fallback, A, B) executes op from slot p with operand values A
 * and B; C_op(A, B) is a branch's condition. They expand inside
 * sim_hart_run (x, mem, base, size, pf, t_). */
#ifndef TF_HART_FUSE_H
#define TF_HART_FUSE_H

#include "common/cm_rv32.h"

#define TF_FUSE_MAX 4 /* the longest run */

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
    X(SLT, AND, SEQ)                                                                               \
    X(MUL, SUB, SEQ)                                                                               \
    X(ADD, SLTU, SEQ)                                                                              \
    X(ADD, ADD, SEQ)                                                                               \
    X(AND, ANDI, SEQ)                                                                              \
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
    X(ADD, SLTU, ADD, SEQ)                                                                         \
    X(ADDI, SLTU, ADD, SEQ)                                                                        \
    X(DIVU, MUL, ADD, SEQ)                                                                         \
    X(MUL, ADD, SLTU, SEQ)                                                                         \
    X(ADDI, ADD, BNE, BRANCH)                                                                      \
    X(ADDI, ADDI, BLTU, BRANCH)                                                                    \
    X(ADDI, ADD, BLTU, BRANCH)                                                                     \
    X(ADDI, XOR, BNE, BRANCH)                                                                      \
    X(ADD, LW, BLTU, BRANCH)                                                                       \
    X(SLTU, ADDI, BNE, BRANCH)                                                                     \
    X(ADDI, AUIPC, JALR, JUMP)                                                                     \
    X(LW, ADDI, JALR, JUMP)                                                                        \
    X(ADDI, ADDI, JAL, JUMP)

/* Quadruples: X(first, second, third, last, kind of last). */
#define TF_FUSE4(X)                                                                                \
    X(LW, ADDI, ADDI, BLTU, BRANCH)                                                                \
    X(ADDI, REMU, ADDI, BNE, BRANCH)                                                               \
    X(ADD, LW, LW, LW, SEQ)                                                                        \
    X(ADDI, ADDI, AUIPC, JALR, JUMP)                                                               \
    X(ADDI, ANDI, ANDI, BGEU, BRANCH)                                                              \
    X(ADD, LBU, XOR, SRLI, SEQ)                                                                    \
    X(SRLI, ANDI, SUB, AND, SEQ)                                                                   \
    X(XOR, SRLI, ANDI, SUB, SEQ)                                                                   \
    X(AND, XOR, SRLI, ANDI, SEQ)                                                                   \
    X(SUB, AND, XOR, SRLI, SEQ)                                                                    \
    X(ANDI, SUB, AND, XOR, SEQ)                                                                    \
    X(SLLI, ORI, SLLI, BLT, BRANCH)                                                                \
    X(SLLI, ADD, LW, ADD, SEQ)                                                                     \
    X(SRLI, SLLI, OR, SLLI, SEQ)                                                                   \
    X(LW, LW, SW, SW, SEQ)                                                                         \
    X(SLT, AND, SLT, AND, SEQ)

/* Single instructions outside runs (the hottest ops), each replicated
 * TF_FU_REPL times (the copy chosen by the word's address): a plain
 * handler's one indirect host jump serves every guest site of its op and
 * mixes their targets in the host's branch predictor; copies spread the
 * sites over several jumps (replication, as in Ertl and Gregg, "Optimizing
 * indirect branch prediction accuracy in virtual machine interpreters",
 * PLDI 2003). */
#define TF_FUSE1(X)                                                                                \
    X(BEQ, BRANCH)                                                                                 \
    X(BNE, BRANCH)                                                                                 \
    X(BLT, BRANCH)                                                                                 \
    X(BGE, BRANCH)                                                                                 \
    X(BLTU, BRANCH)                                                                                \
    X(BGEU, BRANCH)                                                                                \
    X(JAL, JUMP)                                                                                   \
    X(JALR, JUMP)                                                                                  \
    X(ADDI, SEQ)                                                                                   \
    X(ADD, SEQ)                                                                                    \
    X(SUB, SEQ)                                                                                    \
    X(XOR, SEQ)                                                                                    \
    X(OR, SEQ)                                                                                     \
    X(AND, SEQ)                                                                                    \
    X(SLTU, SEQ)                                                                                   \
    X(SLLI, SEQ)                                                                                   \
    X(SRLI, SEQ)                                                                                   \
    X(ANDI, SEQ)                                                                                   \
    X(MUL, SEQ)                                                                                    \
    X(LW, SEQ)                                                                                     \
    X(LBU, SEQ)                                                                                    \
    X(LHU, SEQ)                                                                                    \
    X(SW, SEQ)                                                                                     \
    X(LUI, SEQ)                                                                                    \
    X(AUIPC, SEQ)
#define TF_FU_REPL 4 /* sim/hart.c writes out the copies: keep them in step */

/* Handler ids of the runs, after the plain ops. */
enum {
    TF_FU_NONE_ = TF_OP_COUNT - 1,
#define TF_FU_ENUM1(a, k)    TF_FU1_##a, TF_FU1_##a##_v_ = TF_FU1_##a + TF_FU_REPL - 1,
#define TF_FU_ENUM2(a, b, k) TF_FU_##a##_##b, TF_FU_##a##_##b##_v_ = TF_FU_##a##_##b + 2,
#define TF_FU_ENUM3(a, b, c, k)                                                                    \
    TF_FU_##a##_##b##_##c, TF_FU_##a##_##b##_##c##_v_ = TF_FU_##a##_##b##_##c + 8,
#define TF_FU_ENUM4(a, b, c, d, k)                                                                 \
    TF_FU_##a##_##b##_##c##_##d,                                                                   \
        TF_FU_##a##_##b##_##c##_##d##_v_ = TF_FU_##a##_##b##_##c##_##d + 26,
    TF_FUSE2(TF_FU_ENUM2) TF_FU_PAIRS_END_,
    TF_FU_TRIPLES_ = TF_FU_PAIRS_END_ - 1, /* the first triple takes TF_FU_PAIRS_END_ */
    TF_FUSE3(TF_FU_ENUM3) TF_FU_TRIPLES_END_,
    TF_FU_QUADS_ = TF_FU_TRIPLES_END_ - 1, /* the first quadruple takes TF_FU_TRIPLES_END_ */
    TF_FUSE4(TF_FU_ENUM4) TF_FU_QUADS_END_,
    TF_FU_SINGLES_ = TF_FU_QUADS_END_ - 1, /* the first single takes TF_FU_QUADS_END_ */
    TF_FUSE1(TF_FU_ENUM1)
#undef TF_FU_ENUM1
#undef TF_FU_ENUM2
#undef TF_FU_ENUM3
#undef TF_FU_ENUM4
        TF_FU_END
};

/* Whether some run begins with op: only then does the decoder look at
 * the next words (decode time only). */
static inline int sim_fuse_first(int op)
{
#define TF_FU_FIRST2(a, b, k)       || op == TF_OP_##a
#define TF_FU_FIRST3(a, b, c, k)    || op == TF_OP_##a
#define TF_FU_FIRST4(a, b, c, d, k) || op == TF_OP_##a
    return 0 TF_FUSE2(TF_FU_FIRST2) TF_FUSE3(TF_FU_FIRST3) TF_FUSE4(TF_FU_FIRST4);
#undef TF_FU_FIRST2
#undef TF_FU_FIRST3
#undef TF_FU_FIRST4
}

/* The first copy of op's replicated single handler, or 0 (decode time
 * only). */
static inline int sim_fuse_single(int op)
{
#define TF_FU_SINGLE(a, k) : op == TF_OP_##a ? TF_FU1_##a
    return 0 ? 0 TF_FUSE1(TF_FU_SINGLE) : 0;
#undef TF_FU_SINGLE
}

/* Whether some triple or quadruple begins with ops a, b: only then does
 * the decoder look at the third word (decode time only). */
static inline int sim_fuse_first2(int a, int b)
{
#define TF_FU_FIRST23(x, y, z, k)    || (a == TF_OP_##x && b == TF_OP_##y)
#define TF_FU_FIRST24(x, y, z, w, k) || (a == TF_OP_##x && b == TF_OP_##y)
    return 0 TF_FUSE3(TF_FU_FIRST23) TF_FUSE4(TF_FU_FIRST24);
#undef TF_FU_FIRST23
#undef TF_FU_FIRST24
}

/* Whether some quadruple begins with ops a, b, c: only then does the
 * decoder look at the fourth word (decode time only). */
static inline int sim_fuse_first3(int a, int b, int c)
{
#define TF_FU_FIRST34(x, y, z, w, k) || (a == TF_OP_##x && b == TF_OP_##y && c == TF_OP_##z)
    return 0 TF_FUSE4(TF_FU_FIRST34);
#undef TF_FU_FIRST34
}

/* The fused handler id (base of its variants) for ops a, b, c, d in
 * consecutive words (c, d < 0: no such word), the longest run preferred,
 * or 0 (decode time only). */
static inline int sim_fuse_run(int a, int b, int c, int d)
{
#define TF_FU_CASE4(x, y, z, w, k)                                                                 \
    : (a == TF_OP_##x && b == TF_OP_##y && c == TF_OP_##z && d == TF_OP_##w)                       \
        ? TF_FU_##x##_##y##_##z##_##w
#define TF_FU_CASE3(x, y, z, k) : (a == TF_OP_##x && b == TF_OP_##y && c == TF_OP_##z) ? TF_FU_##x##_##y##_##z
#define TF_FU_CASE2(x, y, k)    : (a == TF_OP_##x && b == TF_OP_##y) ? TF_FU_##x##_##y
    return 0 ? 0 TF_FUSE4(TF_FU_CASE4) TF_FUSE3(TF_FU_CASE3) TF_FUSE2(TF_FU_CASE2) : 0;
#undef TF_FU_CASE2
#undef TF_FU_CASE3
#undef TF_FU_CASE4
}

/* ---- chained operands -------------------------------------------------- */
/* A step of a run whose rs1 (mode 1) or rs2 (mode 2) is the previous
 * step's rd reads that value from the handler's local t_ instead of
 * x[]: the x[] store and reload between two dependent instructions (a
 * store-to-load forward, several host cycles on the guest's dependency
 * chain) leave the critical path. Every step still writes x[rd], so the
 * plain handlers a step may hand over to, and the steps after the run,
 * see the same registers. The decoder chooses the mode of each step but
 * the first from the slots' fields, which are a pure function of their
 * words (sim_fuse_mode), so a run decoded again gets the same mode. A pair
 * has 3 variants (mode of its second step), a triple 9 (3 * mode of the
 * second + mode of the third), a quadruple 27 (9 * second + 3 * third +
 * fourth), in that order from its base id. A variant with a mode its op
 * cannot have (above FU_MM_op) has no handler: its table entry is the base
 * variant's (FU_PICK), which keeps the interpreter's handler count, and so
 * its compile time, down. */
#define TF_FU_MODES 3

/* Whether op reads rs1 / rs2 as an integer register (decode time only). */
static inline int sim_fuse_reads_rs1(int op)
{
    return op != TF_OP_LUI && op != TF_OP_AUIPC && op != TF_OP_JAL;
}
static inline int sim_fuse_reads_rs2(int op)
{
    return (op >= TF_OP_BEQ && op <= TF_OP_BGEU) || (op >= TF_OP_SB && op <= TF_OP_SW) ||
           (op >= TF_OP_ADD && op <= TF_OP_AND) || (op >= TF_OP_MUL && op <= TF_OP_REMU);
}

/* The mode of a step (op, fields s) after a step (pop, fields ps): 0 when
 * the previous step writes no register (a store). */
static inline int sim_fuse_mode(int pop, const cm_slot *ps, int op, const cm_slot *s)
{
    if (pop == TF_OP_SW || pop == TF_OP_SH || pop == TF_OP_SB) return 0;
    if (sim_fuse_reads_rs1(op) && s->rs1 == ps->rd) return 1;
    if (sim_fuse_reads_rs2(op) && s->rs2 == ps->rd) return 2;
    return 0;
}

/* ---- one instruction of a fused run, from slot p ------------------------- */
/* E_op(p, fb, A, B): A and B are the values of rs1 and rs2 (FA/FB: x[] or
 * the chained t_); the result goes to x[rd] and t_. */
#define FX(p, r)             x[(p)->r]
#define FIMM(p)              ((uint32_t)(p)->imm)
#define FA(p, m)             ((m) == 1 ? t_ : FX(p, rs1))
#define FB(p, m)             ((m) == 2 ? t_ : FX(p, rs2))
#define E_SET_(p, v)         FX(p, rd) = t_ = (v)
#define E_LUI(p, fb, A, B)   E_SET_(p, FIMM(p))
#define E_AUIPC(p, fb, A, B) E_SET_(p, FIMM(p))
#define E_ADDI(p, fb, A, B)  E_SET_(p, (A) + FIMM(p))
#define E_XORI(p, fb, A, B)  E_SET_(p, (A) ^ FIMM(p))
#define E_ORI(p, fb, A, B)   E_SET_(p, (A) | FIMM(p))
#define E_ANDI(p, fb, A, B)  E_SET_(p, (A)&FIMM(p))
#define E_SLLI(p, fb, A, B)  E_SET_(p, (A) << (p)->imm)
#define E_SRLI(p, fb, A, B)  E_SET_(p, (A) >> (p)->imm)
#define E_ADD(p, fb, A, B)   E_SET_(p, (A) + (B))
#define E_SUB(p, fb, A, B)   E_SET_(p, (A) - (B))
#define E_XOR(p, fb, A, B)   E_SET_(p, (A) ^ (B))
#define E_OR(p, fb, A, B)    E_SET_(p, (A) | (B))
#define E_AND(p, fb, A, B)   E_SET_(p, (A) & (B))
#define E_SLTU(p, fb, A, B)  E_SET_(p, (uint32_t)((A) < (B)))
#define E_MUL(p, fb, A, B)   E_SET_(p, (A) * (B))
#define E_SLTI(p, fb, A, B)  E_SET_(p, (uint32_t)((int32_t)(A) < (p)->imm))
#define E_SLTIU(p, fb, A, B) E_SET_(p, (uint32_t)((A) < FIMM(p)))
#define E_SRAI(p, fb, A, B)  E_SET_(p, (uint32_t)((int32_t)(A) >> (p)->imm))
#define E_SLL(p, fb, A, B)   E_SET_(p, (A) << ((B)&31))
#define E_SRL(p, fb, A, B)   E_SET_(p, (A) >> ((B)&31))
#define E_SLT(p, fb, A, B)   E_SET_(p, (uint32_t)((int32_t)(A) < (int32_t)(B)))
#define E_REMU(p, fb, A, B)                                                                        \
    do {                                                                                           \
        uint32_t d_ = (B), v_ = (A);                                                               \
        E_SET_(p, d_ == 0 ? v_ : v_ % d_);                                                         \
    } while (0)
#define E_DIVU(p, fb, A, B)                                                                        \
    do {                                                                                           \
        uint32_t d_ = (B), v_ = (A);                                                               \
        E_SET_(p, d_ == 0 ? 0xffffffffu : v_ / d_);                                                \
    } while (0)
#define E_LOAD_(p, fb, A, lim, expr)                                                               \
    do {                                                                                           \
        uint32_t a_ = (A) + FIMM(p) - base;                                                        \
        if (UNLIKELY(a_ > (lim))) fb;                                                              \
        E_SET_(p, (expr));                                                                         \
    } while (0)
#define E_LW(p, fb, A, B)  E_LOAD_(p, fb, A, szw, ld32(mem + a_))
#define E_LHU(p, fb, A, B) E_LOAD_(p, fb, A, szh, ld16(mem + a_))
#define E_LBU(p, fb, A, B) E_LOAD_(p, fb, A, size - 1, mem[a_])
#define E_SW(p, fb, A, B)                                                                          \
    do {                                                                                           \
        uint32_t a_ = (A) + FIMM(p) - base;                                                        \
        if (UNLIKELY(a_ > szw) ||                                                                  \
            UNLIKELY(pf[a_ >> TF_PAGE_SHIFT] | pf[(a_ + 3) >> TF_PAGE_SHIFT]))                     \
            fb;                                                                                    \
        st32(mem + a_, (B));                                                                       \
    } while (0)
#define C_BEQ(A, B)  ((A) == (B))
#define C_BNE(A, B)  ((A) != (B))
#define C_BLT(A, B)  ((int32_t)(A) < (int32_t)(B))
#define C_BLTU(A, B) ((A) < (B))
#define C_BGEU(A, B) ((A) >= (B))
#define C_BGE(A, B)  ((int32_t)(A) >= (int32_t)(B))

/* The highest chaining mode of each op (0: no register source, 1: rs1,
 * 2: rs1 and rs2). */
#define FU_MM_LUI   0
#define FU_MM_AUIPC 0
#define FU_MM_JAL   0
#define FU_MM_JALR  1
#define FU_MM_ADDI  1
#define FU_MM_XORI  1
#define FU_MM_ORI   1
#define FU_MM_ANDI  1
#define FU_MM_SLLI  1
#define FU_MM_SRLI  1
#define FU_MM_SRAI  1
#define FU_MM_SLTI  1
#define FU_MM_SLTIU 1
#define FU_MM_LW    1
#define FU_MM_LHU   1
#define FU_MM_LBU   1
#define FU_MM_ADD   2
#define FU_MM_SUB   2
#define FU_MM_XOR   2
#define FU_MM_OR    2
#define FU_MM_AND   2
#define FU_MM_SLL   2
#define FU_MM_SRL   2
#define FU_MM_SLT   2
#define FU_MM_SLTU  2
#define FU_MM_MUL   2
#define FU_MM_REMU  2
#define FU_MM_DIVU  2
#define FU_MM_SW    2
#define FU_MM_BEQ   2
#define FU_MM_BNE   2
#define FU_MM_BLT   2
#define FU_MM_BGE   2
#define FU_MM_BLTU  2
#define FU_MM_BGEU  2

/* FU_PICK(m, FU_MM_op)(yes, no): yes when op can have mode m, else no
 * (preprocessor-time: yes and no are names). */
#define FU_PICK(m, mm)  FU_PICK_(m, mm)
#define FU_PICK_(m, mm) FU_PICK_##m##_##mm
#define FU_PICK_0_0     FU_YES_
#define FU_PICK_0_1     FU_YES_
#define FU_PICK_0_2     FU_YES_
#define FU_PICK_1_0     FU_NO_
#define FU_PICK_1_1     FU_YES_
#define FU_PICK_1_2     FU_YES_
#define FU_PICK_2_0     FU_NO_
#define FU_PICK_2_1     FU_NO_
#define FU_PICK_2_2     FU_YES_
#define FU_YES_(y, n)   y
#define FU_NO_(y, n)    n
#define FU_NOTHING_(...)

#endif
