/* F extension: every rounding mode (static and dynamic), accrued flags,
 * the canonical NaN, saturating conversions at their limits, fmin/fmax and
 * fclass semantics, fused multiply-add with one rounding, fcsr fields. */
#include "tf_test.h"

#define ONE   0x3f800000
#define TWO   0x40000000
#define THREE 0x40400000
#define HALF  0x3f000000
#define PINF  0x7f800000
#define NINF  0xff800000
#define QNAN  0x7fc00000
#define SNAN  0x7f800001
#define NX 1
#define UF 2
#define OF 4
#define DZ 8
#define NV 16

TEST_BEGIN
    /* exact arithmetic */
    TEST_F2(1, fadd.s, rne, THREE, 0, ONE, TWO)
    TEST_F2(2, fsub.s, rne, 0xbf800000, 0, ONE, TWO)
    TEST_F2(3, fmul.s, rne, 0xc0c00000, 0, THREE, 0xc0000000)
    TEST_F2(4, fdiv.s, rne, 0x3f400000, 0, THREE, 0x40800000) /* 3/4 */
    /* 1/3 in every mode */
    TEST_F2(10, fdiv.s, rne, 0x3eaaaaab, NX, ONE, THREE)
    TEST_F2(11, fdiv.s, rtz, 0x3eaaaaaa, NX, ONE, THREE)
    TEST_F2(12, fdiv.s, rdn, 0x3eaaaaaa, NX, ONE, THREE)
    TEST_F2(13, fdiv.s, rup, 0x3eaaaaab, NX, ONE, THREE)
    TEST_F2(14, fdiv.s, rmm, 0x3eaaaaab, NX, ONE, THREE)
    TEST_F2(15, fdiv.s, rdn, 0xbeaaaaab, NX, 0xbf800000, THREE)
    TEST_F2(16, fdiv.s, rup, 0xbeaaaaaa, NX, 0xbf800000, THREE)
    /* sqrt */
    TEST_F1(20, fsqrt.s, rne, TWO, 0, 0x40800000)
    TEST_F1(21, fsqrt.s, rne, 0x3fb504f3, NX, TWO)
    TEST_F1(22, fsqrt.s, rup, 0x3fb504f4, NX, TWO)
    TEST_F1(23, fsqrt.s, rne, QNAN, NV, 0xbf800000)
    TEST_F1(24, fsqrt.s, rne, 0x80000000, 0, 0x80000000) /* sqrt(-0) = -0 */
    /* ties: RNE to even, RMM away from zero */
    TEST_I2F(30, fcvt.s.w, rne, 0x4b800000, NX, 16777217)
    TEST_I2F(31, fcvt.s.w, rmm, 0x4b800001, NX, 16777217)
    TEST_I2F(32, fcvt.s.w, rtz, 0x4b800000, NX, 16777217)
    TEST_I2F(33, fcvt.s.w, rup, 0x4b800001, NX, 16777217)
    TEST_I2F(34, fcvt.s.w, rdn, 0xcb800001, NX, -16777217)
    TEST_I2F(35, fcvt.s.wu, rne, 0x4f800000, NX, 0xffffffff)
    TEST_I2F(36, fcvt.s.wu, rtz, 0x4f7fffff, NX, 0xffffffff)
    TEST_I2F(37, fcvt.s.w, rne, 0xcf000000, 0, 0x80000000)
    /* float -> int, all modes, and saturation */
    TEST_F2I(40, fcvt.w.s, rne, 2, NX, 0x40200000)          /* 2.5 */
    TEST_F2I(41, fcvt.w.s, rmm, 3, NX, 0x40200000)
    TEST_F2I(42, fcvt.w.s, rtz, 2, NX, 0x40200000)
    TEST_F2I(43, fcvt.w.s, rdn, 2, NX, 0x40200000)
    TEST_F2I(44, fcvt.w.s, rup, 3, NX, 0x40200000)
    TEST_F2I(45, fcvt.w.s, rne, 0xfffffffe, NX, 0xc0200000) /* -2.5 */
    TEST_F2I(46, fcvt.w.s, rmm, 0xfffffffd, NX, 0xc0200000)
    TEST_F2I(47, fcvt.w.s, rdn, 0xfffffffd, NX, 0xc0200000)
    TEST_F2I(48, fcvt.w.s, rup, 0xfffffffe, NX, 0xc0200000)
    TEST_F2I(49, fcvt.w.s, rtz, 0x7fffffff, NV, QNAN)
    TEST_F2I(50, fcvt.w.s, rtz, 0x7fffffff, NV, PINF)
    TEST_F2I(51, fcvt.w.s, rtz, 0x80000000, NV, NINF)
    TEST_F2I(52, fcvt.w.s, rtz, 0x7fffffff, NV, 0x4f000000) /* 2^31 */
    TEST_F2I(53, fcvt.w.s, rtz, 0x80000000, 0, 0xcf000000)  /* -2^31 exact */
    TEST_F2I(54, fcvt.w.s, rtz, 0x80000000, NV, 0xcf000001)
    TEST_F2I(55, fcvt.wu.s, rtz, 0, NV, 0xbf800000)         /* -1.0 */
    TEST_F2I(56, fcvt.wu.s, rtz, 0, NX, 0xbf000000)         /* -0.5 -> 0, only inexact */
    TEST_F2I(57, fcvt.wu.s, rtz, 0xffffff00, 0, 0x4f7fffff)
    TEST_F2I(58, fcvt.wu.s, rtz, 0xffffffff, NV, 0x4f800000) /* 2^32 */
    TEST_F2I(59, fcvt.wu.s, rtz, 0xffffffff, NV, QNAN)
    TEST_F2I(60, fcvt.wu.s, rtz, 0, NV, NINF)
    TEST_F2I(61, fcvt.wu.s, rup, 1, NX, 0x3e800000)         /* 0.25 up */
    /* NaNs: canonical results, signaling inputs raise NV */
    TEST_F2(70, fadd.s, rne, QNAN, 0, 0x7fc12345, ONE)
    TEST_F2(71, fadd.s, rne, QNAN, NV, SNAN, ONE)
    TEST_F2(72, fsub.s, rne, QNAN, NV, PINF, PINF)
    TEST_F2(73, fmul.s, rne, QNAN, NV, 0, PINF)
    TEST_F2(74, fdiv.s, rne, QNAN, NV, 0, 0)
    TEST_F2(75, fdiv.s, rne, PINF, DZ, ONE, 0)
    TEST_F2(76, fdiv.s, rne, NINF, DZ, 0xbf800000, 0)
    TEST_F2(77, fmul.s, rne, QNAN, 0, 0xffc00001, ONE)
    /* overflow and underflow */
    TEST_F2(80, fmul.s, rne, PINF, OF|NX, 0x7f7fffff, TWO)
    TEST_F2(81, fmul.s, rtz, 0x7f7fffff, OF|NX, 0x7f7fffff, TWO)
    TEST_F2(82, fmul.s, rdn, 0x7f7fffff, OF|NX, 0x7f7fffff, TWO)
    TEST_F2(83, fmul.s, rup, 0xff7fffff, OF|NX, 0xff7fffff, TWO)
    TEST_F2(84, fmul.s, rdn, NINF, OF|NX, 0xff7fffff, TWO)
    TEST_F2(85, fmul.s, rne, 0x00400000, 0, 0x00800000, HALF)       /* exact subnormal */
    TEST_F2(86, fmul.s, rne, 0x00400000, UF|NX, 0x00800001, HALF)   /* tie to even */
    TEST_F2(87, fmul.s, rup, 0x00400001, UF|NX, 0x00800001, HALF)
    TEST_F2(88, fmul.s, rmm, 0x00400001, UF|NX, 0x00800001, HALF)
    /* tininess after rounding: rounds up to the smallest normal, no UF */
    TEST_F2(89, fmul.s, rne, 0x00800000, NX, 0x3f800001, 0x007fffff)
    TEST_F2(90, fmul.s, rtz, 0x007fffff, UF|NX, 0x3f800001, 0x007fffff)
    TEST_F2(91, fmul.s, rne, 0, UF|NX, 0x00000001, HALF)            /* to zero */
    TEST_F2(92, fadd.s, rne, 0, 0, ONE, 0xbf800000)                 /* x - x = +0 */
    TEST_F2(93, fadd.s, rdn, 0x80000000, 0, ONE, 0xbf800000)        /* -0 rounding down */
    /* sign injection keeps NaN payloads */
    TEST_F2N(100, fsgnj.s, 0xbf800000, 0, ONE, 0xc0000000)
    TEST_F2N(101, fsgnjn.s, ONE, 0, ONE, 0xc0000000)
    TEST_F2N(102, fsgnjx.s, ONE, 0, 0xbf800000, 0xc0000000)
    TEST_F2N(103, fsgnj.s, 0xffc12345, 0, 0x7fc12345, 0xbf800000)
    TEST_F2N(104, fsgnj.s, SNAN, 0, SNAN, ONE)
    /* fmin/fmax */
    TEST_F2N(110, fmin.s, ONE, 0, ONE, TWO)
    TEST_F2N(111, fmax.s, TWO, 0, ONE, TWO)
    TEST_F2N(112, fmin.s, TWO, 0, QNAN, TWO)
    TEST_F2N(113, fmin.s, TWO, NV, SNAN, TWO)
    TEST_F2N(114, fmax.s, QNAN, 0, QNAN, 0x7fc00001)
    TEST_F2N(115, fmin.s, 0x80000000, 0, 0, 0x80000000)
    TEST_F2N(116, fmax.s, 0, 0, 0x80000000, 0)
    TEST_F2N(117, fmax.s, ONE, NV, ONE, SNAN)
    /* compares */
    TEST_FCMP(120, feq.s, 1, 0, ONE, ONE)
    TEST_FCMP(121, feq.s, 0, 0, QNAN, ONE)
    TEST_FCMP(122, feq.s, 0, NV, SNAN, ONE)
    TEST_FCMP(123, flt.s, 0, NV, QNAN, ONE)
    TEST_FCMP(124, fle.s, 0, NV, ONE, QNAN)
    TEST_FCMP(125, feq.s, 1, 0, 0x80000000, 0)
    TEST_FCMP(126, flt.s, 0, 0, 0x80000000, 0)
    TEST_FCMP(127, fle.s, 1, 0, 0x80000000, 0)
    TEST_FCMP(128, flt.s, 1, 0, 0xc0000000, 0xbf800000)
    TEST_FCMP(129, fle.s, 0, 0, TWO, ONE)
    /* classify */
    TEST_F1I(130, fclass.s, 1, 0, NINF)
    TEST_F1I(131, fclass.s, 2, 0, 0xbf800000)
    TEST_F1I(132, fclass.s, 4, 0, 0x80000001)
    TEST_F1I(133, fclass.s, 8, 0, 0x80000000)
    TEST_F1I(134, fclass.s, 16, 0, 0)
    TEST_F1I(135, fclass.s, 32, 0, 1)
    TEST_F1I(136, fclass.s, 64, 0, ONE)
    TEST_F1I(137, fclass.s, 128, 0, PINF)
    TEST_F1I(138, fclass.s, 256, 0, SNAN)
    TEST_F1I(139, fclass.s, 512, 0, QNAN)
    /* fused multiply-add: one rounding */
    TEST_F3(140, fmadd.s, rne, 0x40e00000, 0, TWO, THREE, ONE)
    TEST_F3(141, fmsub.s, rne, 0x40a00000, 0, TWO, THREE, ONE)
    TEST_F3(142, fnmsub.s, rne, 0xc0a00000, 0, TWO, THREE, ONE)
    TEST_F3(143, fnmadd.s, rne, 0xc0e00000, 0, TWO, THREE, ONE)
    TEST_F3(144, fmadd.s, rne, 0x337ffffe, 0, 0x3f800001, 0x3f7fffff, 0xbf800000)
    TEST_F3(145, fmadd.s, rne, QNAN, NV, PINF, 0, QNAN) /* inf*0 + qNaN still invalid */
    TEST_F3(146, fmadd.s, rne, QNAN, NV, PINF, ONE, NINF)
    TEST_F3(147, fmadd.s, rne, QNAN, 0, ONE, ONE, QNAN)
    /* separately rounded the same computation gives 0: check fusion matters */
    TEST_F2(148, fmul.s, rne, 0x3f800000, NX, 0x3f800001, 0x3f7fffff)

    /* dynamic rounding mode from frm; fcsr = frm << 5 | fflags */
    csrwi frm, 1
    TEST_F2(150, fdiv.s, dyn, 0x3eaaaaaa, NX, ONE, THREE)
    csrwi frm, 4
    TEST_I2F(151, fcvt.s.w, dyn, 0x4b800001, NX, 16777217)
    csrr a0, fcsr
    CHECK(152, a0, (4 << 5) | NX)
    csrwi fflags, 0
    li t0, 0x7fc00000
    fmv.w.x f1, t0
    fadd.s f0, f1, f1
    li t0, 0x7f800001
    fmv.w.x f2, t0
    fadd.s f0, f2, f2      /* NV */
    fdiv.s f0, f1, f1      /* no new flag for quiet NaN */
    li t0, 0x3f800000
    fmv.w.x f3, t0
    fmv.w.x f4, zero
    fdiv.s f0, f3, f4      /* DZ: flags accumulate */
    csrr a0, fflags
    CHECK(153, a0, NV | DZ)
    csrw fcsr, zero
    csrr a0, frm
    CHECK(154, a0, 0)
    li t0, 0xff
    csrw fcsr, t0
    csrr a0, fcsr
    CHECK(155, a0, 0xff)
    csrr a0, fflags
    CHECK(156, a0, 0x1f)
    csrr a0, frm
    CHECK(157, a0, 7)
    csrw fcsr, zero

    /* flw / fsw, including misaligned */
    la s0, fbuf
    li t0, 0x40490fdb
    sw t0, 0(s0)
    flw f5, 0(s0)
    fsw f5, 5(s0)
    lw a0, 5(s0)
    CHECK(160, a0, 0x40490fdb)
    flw f6, 5(s0)
    fmv.x.w a0, f6
    CHECK(161, a0, 0x40490fdb)
    /* fmv keeps signaling NaN bits */
    li t0, SNAN
    fmv.w.x f7, t0
    fmv.x.w a0, f7
    CHECK(162, a0, SNAN)
    /* an flw writes an f register: FS Clean -> Dirty, SD set (privileged
     * spec, the FS transitions), as every other FP instruction */
    li t0, 0x6000
    csrc mstatus, t0
    li t0, 0x4000            /* FS = Clean */
    csrs mstatus, t0
    la t1, fs_word
    flw ft0, 0(t1)
    csrr a0, mstatus
    srli a0, a0, 13
    andi a0, a0, 3
    CHECK(200, a0, 3)        /* Dirty */
    csrr a0, mstatus
    srli a0, a0, 31
    CHECK(201, a0, 1)        /* SD */
    j tf_pass
TEST_END
    .data
    .balign 4
fbuf: .space 16
fs_word: .word 0x3f800000
