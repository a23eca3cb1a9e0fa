/* The RV32IMF + Zicsr + Zifencei handler list: one X-macro drives the op
 * enum, the interpreter's handler table and the names used in traces and
 * messages. X(NAME, "mnemonic"). Entries beyond the ISA are internal
 * handler variants chosen by the decoder (NOP for writes to x0, far jumps). */
#ifndef TF_RV32_OPS_H
#define TF_RV32_OPS_H

#define TF_RV32_OPS(X)                                                                             \
    X(DECODE, "<decode>")                                                                          \
    X(ILLEGAL, "<illegal>")                                                                        \
    X(FETCH_FAULT, "<fetch fault>")                                                                \
    X(FAR_JUMP, "<jump outside memory>")                                                           \
    X(NOP, "nop")                                                                                  \
    X(LUI, "lui")                                                                                  \
    X(AUIPC, "auipc")                                                                              \
    X(JAL, "jal")                                                                                  \
    X(JALR, "jalr")                                                                                \
    X(BEQ, "beq")                                                                                  \
    X(BNE, "bne")                                                                                  \
    X(BLT, "blt")                                                                                  \
    X(BGE, "bge")                                                                                  \
    X(BLTU, "bltu")                                                                                \
    X(BGEU, "bgeu")                                                                                \
    X(LB, "lb")                                                                                    \
    X(LH, "lh")                                                                                    \
    X(LW, "lw")                                                                                    \
    X(LBU, "lbu")                                                                                  \
    X(LHU, "lhu")                                                                                  \
    X(SB, "sb")                                                                                    \
    X(SH, "sh")                                                                                    \
    X(SW, "sw")                                                                                    \
    X(ADDI, "addi")                                                                                \
    X(SLTI, "slti")                                                                                \
    X(SLTIU, "sltiu")                                                                              \
    X(XORI, "xori")                                                                                \
    X(ORI, "ori")                                                                                  \
    X(ANDI, "andi")                                                                                \
    X(SLLI, "slli")                                                                                \
    X(SRLI, "srli")                                                                                \
    X(SRAI, "srai")                                                                                \
    X(ADD, "add")                                                                                  \
    X(SUB, "sub")                                                                                  \
    X(SLL, "sll")                                                                                  \
    X(SLT, "slt")                                                                                  \
    X(SLTU, "sltu")                                                                                \
    X(XOR, "xor")                                                                                  \
    X(SRL, "srl")                                                                                  \
    X(SRA, "sra")                                                                                  \
    X(OR, "or")                                                                                    \
    X(AND, "and")                                                                                  \
    X(FENCE, "fence")                                                                              \
    X(FENCE_I, "fence.i")                                                                          \
    X(ECALL, "ecall")                                                                              \
    X(EBREAK, "ebreak")                                                                            \
    X(MRET, "mret")                                                                                \
    X(WFI, "wfi")                                                                                  \
    X(CSRRW, "csrrw")                                                                              \
    X(CSRRS, "csrrs")                                                                              \
    X(CSRRC, "csrrc")                                                                              \
    X(CSRRWI, "csrrwi")                                                                            \
    X(CSRRSI, "csrrsi")                                                                            \
    X(CSRRCI, "csrrci")                                                                            \
    X(MUL, "mul")                                                                                  \
    X(MULH, "mulh")                                                                                \
    X(MULHSU, "mulhsu")                                                                            \
    X(MULHU, "mulhu")                                                                              \
    X(DIV, "div")                                                                                  \
    X(DIVU, "divu")                                                                                \
    X(REM, "rem")                                                                                  \
    X(REMU, "remu")                                                                                \
    X(FLW, "flw")                                                                                  \
    X(FSW, "fsw")                                                                                  \
    X(FMADD_S, "fmadd.s")                                                                          \
    X(FMSUB_S, "fmsub.s")                                                                          \
    X(FNMSUB_S, "fnmsub.s")                                                                        \
    X(FNMADD_S, "fnmadd.s")                                                                        \
    X(FADD_S, "fadd.s")                                                                            \
    X(FSUB_S, "fsub.s")                                                                            \
    X(FMUL_S, "fmul.s")                                                                            \
    X(FDIV_S, "fdiv.s")                                                                            \
    X(FSQRT_S, "fsqrt.s")                                                                          \
    X(FSGNJ_S, "fsgnj.s")                                                                          \
    X(FSGNJN_S, "fsgnjn.s")                                                                        \
    X(FSGNJX_S, "fsgnjx.s")                                                                        \
    X(FMIN_S, "fmin.s")                                                                            \
    X(FMAX_S, "fmax.s")                                                                            \
    X(FCVT_W_S, "fcvt.w.s")                                                                        \
    X(FCVT_WU_S, "fcvt.wu.s")                                                                      \
    X(FMV_X_W, "fmv.x.w")                                                                          \
    X(FEQ_S, "feq.s")                                                                              \
    X(FLT_S, "flt.s")                                                                              \
    X(FLE_S, "fle.s")                                                                              \
    X(FCLASS_S, "fclass.s")                                                                        \
    X(FCVT_S_W, "fcvt.s.w")                                                                        \
    X(FCVT_S_WU, "fcvt.s.wu")                                                                      \
    X(FMV_W_X, "fmv.w.x")

enum cm_rv32_op {
#define TF_OP_ENUM(name, str) TF_OP_##name,
    TF_RV32_OPS(TF_OP_ENUM)
#undef TF_OP_ENUM
        TF_OP_COUNT
};

#endif
