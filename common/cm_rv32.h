/* The RV32IMF + Zicsr + Zifencei instruction set as data: decoding an
 * instruction word into a cm_slot (used by the simulator's interpreter),
 * mnemonics, one-line disassembly and mcause names (used in messages by the
 * simulator, the runtime and the tools). */
#ifndef TF_RV32_H
#define TF_RV32_H

#include "rv32_ops.h"
#include <stddef.h>
#include <stdint.h>

/* A decoded instruction; the simulator keeps one per 4-byte word of
 * executable memory. h == 0 means "not decoded yet". */
typedef struct cm_slot {
    int32_t h;                 /* interpreter handler offset (0: decode) */
    uint8_t rd, rs1, rs2, rs3; /* integer rd 0 is remapped to 32 (a sink) */
    int32_t imm;               /* immediate, slot delta for jumps, or rm for FP */
    uint32_t aux;              /* raw instruction, or link address for jal/jalr */
} cm_slot;

/* Decode one instruction into a slot; returns the TF_OP_* handler. Branch
 * and jal immediates are byte offsets (the interpreter makes slot deltas). */
int cm_rv32_decode(uint32_t insn, uint32_t pc, cm_slot *s);

/* Mnemonic of a TF_OP_*; one-line disassembly of an instruction word. */
const char *cm_rv32_op_name(int op);
void cm_rv32_disasm(uint32_t insn, uint32_t pc, char *buf, size_t n);

/* Exception causes (privileged spec, mcause values). */
enum {
    TF_CAUSE_FETCH_MISALIGNED = 0,
    TF_CAUSE_FETCH_ACCESS = 1,
    TF_CAUSE_ILLEGAL = 2,
    TF_CAUSE_BREAKPOINT = 3,
    TF_CAUSE_LOAD_MISALIGNED = 4,
    TF_CAUSE_LOAD_ACCESS = 5,
    TF_CAUSE_STORE_MISALIGNED = 6,
    TF_CAUSE_STORE_ACCESS = 7,
    TF_CAUSE_ECALL_U = 8,
    TF_CAUSE_ECALL_M = 11,
};

/* Name of an mcause value ("illegal instruction", ...). */
const char *cm_rv32_cause_name(uint32_t cause);
/* 1 if mtval holds the faulting address for this cause (misaligned and
 * access faults); for the others (illegal instruction: the instruction
 * bits, ebreak, ecall) it is no address and is not shown as one. */
int cm_rv32_cause_has_address(uint32_t cause);

#endif
