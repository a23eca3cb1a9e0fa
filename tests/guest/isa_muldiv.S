/* M extension: products (all four halves), division and remainder
 * including division by zero and signed overflow (ISA table 7.1). */
#include "tf_test.h"
TEST_BEGIN
    TEST_RR(1, mul, 6, 2, 3)
    TEST_RR(2, mul, 0xfffffffa, 2, -3)
    TEST_RR(3, mul, 0x00000001, 0xffffffff, 0xffffffff)
    TEST_RR(4, mul, 0x80000000, 0x80000000, 0xffffffff)
    TEST_RR(5, mulh, 0x00000000, 0xffffffff, 0xffffffff)  /* (-1)(-1) = 1 */
    TEST_RR(6, mulh, 0xffffffff, 0xffffffff, 1)
    TEST_RR(7, mulh, 0x40000000, 0x80000000, 0x80000000)
    TEST_RR(8, mulhu, 0xfffffffe, 0xffffffff, 0xffffffff)
    TEST_RR(9, mulhu, 0x40000000, 0x80000000, 0x80000000)
    TEST_RR(10, mulhsu, 0xffffffff, 0xffffffff, 0xffffffff) /* -1 * (2^32-1) */
    TEST_RR(11, mulhsu, 0xc0000000, 0x80000000, 0x80000000)
    TEST_RR(12, mulhsu, 0x00000000, 1, 0xffffffff)
    TEST_RR(20, div, 3, 7, 2)
    TEST_RR(21, div, 0xfffffffd, -7, 2)      /* rounds toward zero */
    TEST_RR(22, div, 0xfffffffd, 7, -2)
    TEST_RR(23, div, 0xffffffff, 7, 0)       /* by zero: -1 */
    TEST_RR(24, div, 0x80000000, 0x80000000, -1) /* overflow: dividend */
    TEST_RR(25, divu, 0x7fffffff, 0xffffffff, 2)
    TEST_RR(26, divu, 0xffffffff, 5, 0)
    TEST_RR(30, rem, 1, 7, 2)
    TEST_RR(31, rem, 0xffffffff, -7, 2)      /* sign of the dividend */
    TEST_RR(32, rem, 1, 7, -2)
    TEST_RR(33, rem, 7, 7, 0)                /* by zero: dividend */
    TEST_RR(34, rem, 0, 0x80000000, -1)      /* overflow: 0 */
    TEST_RR(35, remu, 1, 0xffffffff, 2)
    TEST_RR(36, remu, 0xfffffff0, 0xfffffff0, 0)
    /* rd aliasing a source */
    li a0, 9
    li a1, 3
    div a0, a0, a1
    CHECK(40, a0, 3)
    j tf_pass
TEST_END
