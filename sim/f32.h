/* IEEE 754 binary32 arithmetic in software, exactly as the RISC-V F
 * extension specifies it (unprivileged ISA, chapter "F" Standard Extension):
 * five rounding modes, accrued exception flags, canonical NaN 0x7fc00000,
 * tininess detected after rounding, saturating float->int conversions. */
#ifndef TF_F32_H
#define TF_F32_H

#include <stdint.h>

/* fflags bits (fcsr[4:0]) */
#define TF_FX_NX 0x01u /* inexact */
#define TF_FX_UF 0x02u /* underflow */
#define TF_FX_OF 0x04u /* overflow */
#define TF_FX_DZ 0x08u /* divide by zero */
#define TF_FX_NV 0x10u /* invalid */

/* rounding modes (frm / instruction rm field) */
enum { TF_RM_RNE = 0, TF_RM_RTZ = 1, TF_RM_RDN = 2, TF_RM_RUP = 3, TF_RM_RMM = 4 };

#define TF_F32_QNAN 0x7fc00000u

uint32_t sim_f32_add(uint32_t a, uint32_t b, int rm, unsigned *fl);
uint32_t sim_f32_sub(uint32_t a, uint32_t b, int rm, unsigned *fl);
uint32_t sim_f32_mul(uint32_t a, uint32_t b, int rm, unsigned *fl);
uint32_t sim_f32_div(uint32_t a, uint32_t b, int rm, unsigned *fl);
uint32_t sim_f32_sqrt(uint32_t a, int rm, unsigned *fl);
/* a*b + c with one rounding; the fmsub/fnmadd/fnmsub forms flip signs first. */
uint32_t sim_f32_fma(uint32_t a, uint32_t b, uint32_t c, int rm, unsigned *fl);
int32_t sim_f32_to_i32(uint32_t a, int rm, unsigned *fl);
uint32_t sim_f32_to_u32(uint32_t a, int rm, unsigned *fl);
uint32_t sim_f32_from_i32(int32_t v, int rm, unsigned *fl);
uint32_t sim_f32_from_u32(uint32_t v, int rm, unsigned *fl);
int sim_f32_eq(uint32_t a, uint32_t b, unsigned *fl); /* quiet */
int sim_f32_lt(uint32_t a, uint32_t b, unsigned *fl); /* signaling */
int sim_f32_le(uint32_t a, uint32_t b, unsigned *fl); /* signaling */
uint32_t sim_f32_min(uint32_t a, uint32_t b, unsigned *fl);
uint32_t sim_f32_max(uint32_t a, uint32_t b, unsigned *fl);
uint32_t sim_f32_classify(uint32_t a);

#endif
