/* Loads and stores of every width and sign, negative offsets, and
 * misaligned accesses (which must work). */
#include "tf_test.h"
TEST_BEGIN
    la s0, buf
    li t0, 0x8180ff7f
    sw t0, 0(s0)
    li t0, 0x01020304
    sw t0, 4(s0)
    lb a0, 0(s0)
    CHECK(1, a0, 0x7f)
    lb a0, 1(s0)
    CHECK(2, a0, 0xffffffff)
    lbu a0, 1(s0)
    CHECK(3, a0, 0xff)
    lb a0, 3(s0)
    CHECK(4, a0, 0xffffff81)
    lh a0, 0(s0)
    CHECK(5, a0, 0xffffff7f)
    lh a0, 2(s0)
    CHECK(6, a0, 0xffff8180)
    lhu a0, 2(s0)
    CHECK(7, a0, 0x8180)
    lw a0, 0(s0)
    CHECK(8, a0, 0x8180ff7f)
    addi s1, s0, 8
    lw a0, -4(s1)
    CHECK(9, a0, 0x01020304)
    lbu a0, -1(s1)
    CHECK(10, a0, 0x01)

    /* stores of each width only touch their bytes */
    li t0, 0xaabbccdd
    sb t0, 4(s0)
    lw a0, 4(s0)
    CHECK(20, a0, 0x010203dd)
    sh t0, 6(s0)
    lw a0, 4(s0)
    CHECK(21, a0, 0xccdd03dd)

    /* misaligned loads */
    li t0, 0x44332211
    sw t0, 8(s0)
    li t0, 0x88776655
    sw t0, 12(s0)
    lw a0, 9(s0)
    CHECK(30, a0, 0x55443322)
    lw a0, 11(s0)
    CHECK(31, a0, 0x77665544)
    lh a0, 11(s0)
    CHECK(32, a0, 0x5544)
    lhu a0, 15(s0)
    CHECK(33, a0, 0x0088) /* byte 16 is zero */
    lh a0, 13(s0)
    CHECK(34, a0, 0x7766)

    /* misaligned stores */
    li t0, 0xdeadbeef
    sw t0, 17(s0)
    lw a0, 16(s0)
    CHECK(40, a0, 0xadbeef00)
    lbu a0, 20(s0)
    CHECK(41, a0, 0xde)
    li t0, 0xcafe
    sh t0, 23(s0)
    lhu a0, 23(s0)
    CHECK(42, a0, 0xcafe)
    lbu a0, 24(s0)
    CHECK(43, a0, 0xca)

    /* a word straddling a 4 KiB page boundary */
    la s2, page_edge
    li t0, 0x12345678
    sw t0, -2(s2)
    lw a0, -2(s2)
    CHECK(50, a0, 0x12345678)
    lhu a0, 0(s2)
    CHECK(51, a0, 0x1234)
    j tf_pass
TEST_END
    .data
    .balign 16
buf: .space 64
    .balign 4096
    .space 4096
page_edge: .space 16
