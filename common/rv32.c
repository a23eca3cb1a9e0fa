/* RV32IMF + Zicsr + Zifencei decoder (unprivileged ISA v20191213, chapter
 * 24 "RV32/64G Instruction Set Listings") and a one-line disassembler. */
#include "cm_rv32.h"

#include <stdio.h>

static const char *const cm_rv32_names[TF_OP_COUNT] = {
#define TF_OP_NAME(name, str) str,
    TF_RV32_OPS(TF_OP_NAME)
#undef TF_OP_NAME
};

const char *cm_rv32_op_name(int op)
{
    return op >= 0 && op < TF_OP_COUNT ? cm_rv32_names[op] : "?";
}

static inline int32_t imm_i(uint32_t w)
{
    return (int32_t)w >> 20;
}
/* Sign bits are replicated with an arithmetic right shift of the whole word,
 * then the pieces are assembled in unsigned arithmetic. */
static inline uint32_t sext_hi(uint32_t w, int bits)
{
    return (uint32_t)((int32_t)w >> 31) << bits;
}
static inline int32_t imm_s(uint32_t w)
{
    return (int32_t)(sext_hi(w, 12) | ((w >> 20) & 0xfe0u) | ((w >> 7) & 31));
}
static inline int32_t imm_b(uint32_t w)
{
    return (int32_t)(sext_hi(w, 12) | (((w >> 7) & 1) << 11) | (((w >> 25) & 63) << 5) |
                     (((w >> 8) & 15) << 1));
}
static inline int32_t imm_j(uint32_t w)
{
    return (int32_t)(sext_hi(w, 20) | (((w >> 12) & 255) << 12) | (((w >> 20) & 1) << 11) |
                     (((w >> 21) & 1023) << 1));
}

/* Integer destination: x0 becomes the sink register 32. */
static inline uint8_t xrd(uint32_t w)
{
    uint8_t r = (w >> 7) & 31;
    return r ? r : 32;
}

/* An ALU op writing x0 has no effect at all. */
static inline int alu(int op, uint32_t w)
{
    return ((w >> 7) & 31) ? op : TF_OP_NOP;
}

static int decode_op_fp(uint32_t w, cm_slot *s)
{
    uint32_t f7 = w >> 25, f3 = (w >> 12) & 7, rs2 = (w >> 20) & 31;
    int rm_ok = f3 != 5 && f3 != 6; /* 7 = dynamic, checked when executed */
    s->imm = (int32_t)f3;
    switch (f7) {
    case 0x00: return rm_ok ? TF_OP_FADD_S : TF_OP_ILLEGAL;
    case 0x04: return rm_ok ? TF_OP_FSUB_S : TF_OP_ILLEGAL;
    case 0x08: return rm_ok ? TF_OP_FMUL_S : TF_OP_ILLEGAL;
    case 0x0c: return rm_ok ? TF_OP_FDIV_S : TF_OP_ILLEGAL;
    case 0x2c: return rm_ok && rs2 == 0 ? TF_OP_FSQRT_S : TF_OP_ILLEGAL;
    case 0x10:
        if (f3 == 0) return TF_OP_FSGNJ_S;
        if (f3 == 1) return TF_OP_FSGNJN_S;
        if (f3 == 2) return TF_OP_FSGNJX_S;
        return TF_OP_ILLEGAL;
    case 0x14:
        if (f3 == 0) return TF_OP_FMIN_S;
        if (f3 == 1) return TF_OP_FMAX_S;
        return TF_OP_ILLEGAL;
    case 0x60:
        s->rd = xrd(w);
        if (!rm_ok) return TF_OP_ILLEGAL;
        if (rs2 == 0) return TF_OP_FCVT_W_S;
        if (rs2 == 1) return TF_OP_FCVT_WU_S;
        return TF_OP_ILLEGAL;
    case 0x70:
        s->rd = xrd(w);
        if (rs2 != 0) return TF_OP_ILLEGAL;
        if (f3 == 0) return TF_OP_FMV_X_W;
        if (f3 == 1) return TF_OP_FCLASS_S;
        return TF_OP_ILLEGAL;
    case 0x50:
        s->rd = xrd(w);
        if (f3 == 0) return TF_OP_FLE_S;
        if (f3 == 1) return TF_OP_FLT_S;
        if (f3 == 2) return TF_OP_FEQ_S;
        return TF_OP_ILLEGAL;
    case 0x68:
        if (!rm_ok) return TF_OP_ILLEGAL;
        if (rs2 == 0) return TF_OP_FCVT_S_W;
        if (rs2 == 1) return TF_OP_FCVT_S_WU;
        return TF_OP_ILLEGAL;
    case 0x78: return f3 == 0 && rs2 == 0 ? TF_OP_FMV_W_X : TF_OP_ILLEGAL;
    default: return TF_OP_ILLEGAL;
    }
}

int cm_rv32_decode(uint32_t w, uint32_t pc, cm_slot *s)
{
    uint32_t opc = w & 0x7f, f3 = (w >> 12) & 7, f7 = w >> 25;
    s->h = 0;
    s->rd = (w >> 7) & 31; /* FP ops keep the raw index; integer ops use xrd() */
    s->rs1 = (w >> 15) & 31;
    s->rs2 = (w >> 20) & 31;
    s->rs3 = (uint8_t)(w >> 27);
    s->imm = 0;
    s->aux = w;
    if ((w & 3) != 3) return TF_OP_ILLEGAL; /* compressed encodings are not implemented */
    switch (opc) {
    case 0x37:
        s->rd = xrd(w);
        s->imm = (int32_t)(w & 0xfffff000u);
        return alu(TF_OP_LUI, w);
    case 0x17:
        s->rd = xrd(w);
        s->imm = (int32_t)(pc + (w & 0xfffff000u));
        return alu(TF_OP_AUIPC, w);
    case 0x6f:
        s->rd = xrd(w);
        s->imm = imm_j(w);
        s->aux = pc + 4;
        return TF_OP_JAL;
    case 0x67:
        if (f3) return TF_OP_ILLEGAL;
        s->rd = xrd(w);
        s->imm = imm_i(w);
        s->aux = pc + 4;
        return TF_OP_JALR;
    case 0x63:
        s->imm = imm_b(w);
        switch (f3) {
        case 0: return TF_OP_BEQ;
        case 1: return TF_OP_BNE;
        case 4: return TF_OP_BLT;
        case 5: return TF_OP_BGE;
        case 6: return TF_OP_BLTU;
        case 7: return TF_OP_BGEU;
        default: return TF_OP_ILLEGAL;
        }
    case 0x03:
        s->rd = xrd(w);
        s->imm = imm_i(w);
        switch (f3) {
        case 0: return TF_OP_LB;
        case 1: return TF_OP_LH;
        case 2: return TF_OP_LW;
        case 4: return TF_OP_LBU;
        case 5: return TF_OP_LHU;
        default: return TF_OP_ILLEGAL;
        }
    case 0x23:
        s->imm = imm_s(w);
        switch (f3) {
        case 0: return TF_OP_SB;
        case 1: return TF_OP_SH;
        case 2: return TF_OP_SW;
        default: return TF_OP_ILLEGAL;
        }
    case 0x13:
        s->rd = xrd(w);
        s->imm = imm_i(w);
        switch (f3) {
        case 0: return alu(TF_OP_ADDI, w);
        case 2: return alu(TF_OP_SLTI, w);
        case 3: return alu(TF_OP_SLTIU, w);
        case 4: return alu(TF_OP_XORI, w);
        case 6: return alu(TF_OP_ORI, w);
        case 7: return alu(TF_OP_ANDI, w);
        case 1: s->imm = (w >> 20) & 31; return f7 == 0 ? alu(TF_OP_SLLI, w) : TF_OP_ILLEGAL;
        case 5:
            s->imm = (w >> 20) & 31;
            if (f7 == 0) return alu(TF_OP_SRLI, w);
            if (f7 == 0x20) return alu(TF_OP_SRAI, w);
            return TF_OP_ILLEGAL;
        }
        return TF_OP_ILLEGAL;
    case 0x33:
        s->rd = xrd(w);
        if (f7 == 0) {
            static const int ops[8] = {TF_OP_ADD, TF_OP_SLL, TF_OP_SLT, TF_OP_SLTU,
                                       TF_OP_XOR, TF_OP_SRL, TF_OP_OR,  TF_OP_AND};
            return alu(ops[f3], w);
        }
        if (f7 == 0x20) {
            if (f3 == 0) return alu(TF_OP_SUB, w);
            if (f3 == 5) return alu(TF_OP_SRA, w);
            return TF_OP_ILLEGAL;
        }
        if (f7 == 1) {
            static const int ops[8] = {TF_OP_MUL, TF_OP_MULH, TF_OP_MULHSU, TF_OP_MULHU,
                                       TF_OP_DIV, TF_OP_DIVU, TF_OP_REM,    TF_OP_REMU};
            return alu(ops[f3], w);
        }
        return TF_OP_ILLEGAL;
    case 0x0f:
        if (f3 == 0) return TF_OP_FENCE; /* fence, fence.tso, pause */
        if (f3 == 1) return TF_OP_FENCE_I;
        return TF_OP_ILLEGAL;
    case 0x73:
        if (f3 == 0) {
            switch (w) {
            case 0x00000073u: return TF_OP_ECALL;
            case 0x00100073u: return TF_OP_EBREAK;
            case 0x30200073u: return TF_OP_MRET;
            case 0x10500073u: return TF_OP_WFI;
            default: return TF_OP_ILLEGAL;
            }
        }
        s->imm = (int32_t)(w >> 20); /* CSR number */
        switch (f3) {
        case 1: return TF_OP_CSRRW;
        case 2: return TF_OP_CSRRS;
        case 3: return TF_OP_CSRRC;
        case 5: return TF_OP_CSRRWI;
        case 6: return TF_OP_CSRRSI;
        case 7: return TF_OP_CSRRCI;
        default: return TF_OP_ILLEGAL;
        }
    case 0x07: s->imm = imm_i(w); return f3 == 2 ? TF_OP_FLW : TF_OP_ILLEGAL;
    case 0x27: s->imm = imm_s(w); return f3 == 2 ? TF_OP_FSW : TF_OP_ILLEGAL;
    case 0x43:
    case 0x47:
    case 0x4b:
    case 0x4f: {
        if (((w >> 25) & 3) != 0 || f3 == 5 || f3 == 6) return TF_OP_ILLEGAL; /* fmt S only */
        s->imm = (int32_t)f3;
        static const int ops[4] = {TF_OP_FMADD_S, TF_OP_FMSUB_S, TF_OP_FNMSUB_S, TF_OP_FNMADD_S};
        return ops[(opc >> 2) & 3];
    }
    case 0x53: return decode_op_fp(w, s);
    default: return TF_OP_ILLEGAL;
    }
}

static const char *const xname[33] = {"zero", "ra", "sp", "gp", "tp", "t0",  "t1", "t2", "s0",
                                      "s1",   "a0", "a1", "a2", "a3", "a4",  "a5", "a6", "a7",
                                      "s2",   "s3", "s4", "s5", "s6", "s7",  "s8", "s9", "s10",
                                      "s11",  "t3", "t4", "t5", "t6", "zero"};

void cm_rv32_disasm(uint32_t w, uint32_t pc, char *buf, size_t n)
{
    cm_slot s;
    int op = cm_rv32_decode(w, pc, &s);
    const char *m = cm_rv32_op_name(op);
    unsigned rd = (w >> 7) & 31, rs1 = (w >> 15) & 31, rs2 = (w >> 20) & 31;
    switch (w & 0x7f) {
    case 0x37:
    case 0x17: snprintf(buf, n, "%s %s, 0x%x", m, xname[rd], w >> 12); break;
    case 0x6f: snprintf(buf, n, "jal %s, 0x%x", xname[rd], pc + (uint32_t)imm_j(w)); break;
    case 0x67: snprintf(buf, n, "jalr %s, %d(%s)", xname[rd], imm_i(w), xname[rs1]); break;
    case 0x63:
        snprintf(buf, n, "%s %s, %s, 0x%x", m, xname[rs1], xname[rs2], pc + (uint32_t)imm_b(w));
        break;
    case 0x03: snprintf(buf, n, "%s %s, %d(%s)", m, xname[rd], imm_i(w), xname[rs1]); break;
    case 0x07: snprintf(buf, n, "%s f%u, %d(%s)", m, rd, imm_i(w), xname[rs1]); break;
    case 0x23: snprintf(buf, n, "%s %s, %d(%s)", m, xname[rs2], imm_s(w), xname[rs1]); break;
    case 0x27: snprintf(buf, n, "%s f%u, %d(%s)", m, rs2, imm_s(w), xname[rs1]); break;
    case 0x13:
        snprintf(buf, n, "%s %s, %s, %d", op == TF_OP_NOP ? "addi" : m, xname[rd], xname[rs1],
                 (op == TF_OP_SLLI || op == TF_OP_SRLI || op == TF_OP_SRAI) ? (int)rs2 : imm_i(w));
        break;
    case 0x33: snprintf(buf, n, "%s %s, %s, %s", m, xname[rd], xname[rs1], xname[rs2]); break;
    case 0x73:
        if ((w >> 12) & 7)
            snprintf(buf, n, "%s %s, 0x%03x, %s%u", m, xname[rd], w >> 20,
                     ((w >> 12) & 4) ? "" : "x", rs1);
        else
            snprintf(buf, n, "%s", m);
        break;
    default: snprintf(buf, n, "%s", m); break;
    }
    if (op == TF_OP_ILLEGAL) snprintf(buf, n, "illegal instruction 0x%08x", w);
}

int cm_rv32_cause_has_address(uint32_t cause)
{
    switch (cause) {
    case TF_CAUSE_FETCH_MISALIGNED:
    case TF_CAUSE_FETCH_ACCESS:
    case TF_CAUSE_LOAD_MISALIGNED:
    case TF_CAUSE_LOAD_ACCESS:
    case TF_CAUSE_STORE_MISALIGNED:
    case TF_CAUSE_STORE_ACCESS: return 1;
    default: return 0;
    }
}

const char *cm_rv32_cause_name(uint32_t cause)
{
    switch (cause) {
    case TF_CAUSE_FETCH_MISALIGNED: return "instruction address misaligned";
    case TF_CAUSE_FETCH_ACCESS: return "instruction access fault";
    case TF_CAUSE_ILLEGAL: return "illegal instruction";
    case TF_CAUSE_BREAKPOINT: return "breakpoint (ebreak)";
    case TF_CAUSE_LOAD_MISALIGNED: return "load address misaligned";
    case TF_CAUSE_LOAD_ACCESS: return "load access fault";
    case TF_CAUSE_STORE_MISALIGNED: return "store address misaligned";
    case TF_CAUSE_STORE_ACCESS: return "store access fault";
    case TF_CAUSE_ECALL_U: return "ecall from user mode";
    case TF_CAUSE_ECALL_M: return "ecall from machine mode";
    default: return (cause & 0x80000000u) ? "interrupt" : "unknown exception";
    }
}
