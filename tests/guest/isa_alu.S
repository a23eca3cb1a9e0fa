/* RV32I integer ALU: register-register, register-immediate, lui/auipc,
 * edge values, and writes to x0 that must vanish. */
#include "tf_test.h"
TEST_BEGIN
    TEST_RR(1, add, 3, 1, 2)
    TEST_RR(2, add, 0, 0xffffffff, 1)
    TEST_RR(3, add, 0x80000000, 0x7fffffff, 1)
    TEST_RR(4, sub, 0xffffffff, 0, 1)
    TEST_RR(5, sub, 0x7fffffff, 0x80000000, 1)
    TEST_RR(6, and, 0x0f000f00, 0xff00ff00, 0x0f0f0f0f)
    TEST_RR(7, or, 0xff0fff0f, 0xff00ff00, 0x0f0f0f0f)
    TEST_RR(8, xor, 0xf00ff00f, 0xff00ff00, 0x0f0f0f0f)
    TEST_RR(9, sll, 0x80000000, 1, 31)
    TEST_RR(10, sll, 2, 1, 33)              /* only rs2[4:0] counts */
    TEST_RR(11, srl, 1, 0x80000000, 31)
    TEST_RR(12, sra, 0xffffffff, 0x80000000, 31)
    TEST_RR(13, sra, 0xc0000000, 0x80000000, 0xffffffe1) /* shift by 1 */
    TEST_RR(14, slt, 1, 0xffffffff, 0)
    TEST_RR(15, slt, 0, 0, 0xffffffff)
    TEST_RR(16, sltu, 0, 0xffffffff, 0)
    TEST_RR(17, sltu, 1, 0, 0xffffffff)
    TEST_RR(18, slt, 0, 5, 5)
    TEST_RI(20, addi, 0, 1, -1)
    TEST_RI(21, addi, 0x800, 0x801, -1)
    TEST_RI(22, addi, 0x7ff, 0, 2047)
    TEST_RI(23, addi, 0xfffff800, 0, -2048)
    TEST_RI(24, slti, 1, 0xfffffffe, -1)
    TEST_RI(25, sltiu, 1, 5, -1)             /* imm sign-extends, then unsigned */
    TEST_RI(26, sltiu, 0, 0xffffffff, -1)
    TEST_RI(27, xori, 0xfffff0ff, 0x00000f00, -1)
    TEST_RI(28, ori, 0xffffff0f, 0x00ff000f, -241)
    TEST_RI(29, andi, 0x0000070f, 0xff00ff0f, 0x7ff)
    TEST_RI(34, andi, 0xff00ff00, 0xff00ff0f, -256)
    TEST_RI(30, slli, 0x80000000, 1, 31)
    TEST_RI(31, srli, 0x00000001, 0x80000000, 31)
    TEST_RI(32, srai, 0xffffffff, 0x80000000, 31)
    TEST_RI(33, srai, 0x3fffffff, 0x7fffffff, 1)

    /* lui / auipc */
    lui a0, 0xfffff
    CHECK(40, a0, 0xfffff000)
    lui a0, 0
    CHECK(41, a0, 0)
1:  auipc a0, 0
    la a1, 1b
    CHECKR(42, a0, a1)
2:  auipc a0, 0x1
    la a1, 2b
    li t0, 0x1000
    add a1, a1, t0
    CHECKR(43, a0, a1)

    /* Writes to x0 vanish, reads of x0 are 0. */
    li t0, 123
    add zero, t0, t0
    addi zero, zero, 5
    lui zero, 0x12345
    CHECK(50, zero, 0)
    add a0, zero, zero
    CHECK(51, a0, 0)
    lw zero, 0(sp)            /* a load to x0 still performs the access */
    CHECK(52, zero, 0)

    /* rd == rs1 == rs2 aliasing */
    li a0, 7
    add a0, a0, a0
    CHECK(60, a0, 14)
    sub a0, a0, a0
    CHECK(61, a0, 0)
    j tf_pass
TEST_END
