/* Branches (taken / not taken, signed / unsigned edges), jal and jalr
 * link values, jalr clearing bit 0 of the target. */
#include "tf_test.h"

#define TEST_BR(n, inst, taken, v1, v2)                                                            \
    li a1, v1;                                                                                     \
    li a2, v2;                                                                                     \
    li a0, 0;                                                                                      \
    inst a1, a2, 1f;                                                                               \
    li a0, 1;                                                                                      \
1:  CHECK(n, a0, 1 - (taken))

TEST_BEGIN
    TEST_BR(1, beq, 1, 5, 5)
    TEST_BR(2, beq, 0, 5, 6)
    TEST_BR(3, bne, 1, 5, 6)
    TEST_BR(4, bne, 0, 5, 5)
    TEST_BR(5, blt, 1, 0xffffffff, 0)
    TEST_BR(6, blt, 0, 0, 0xffffffff)
    TEST_BR(7, blt, 0, 3, 3)
    TEST_BR(8, bge, 1, 3, 3)
    TEST_BR(9, bge, 1, 0, 0x80000000)
    TEST_BR(10, bge, 0, 0x80000000, 0)
    TEST_BR(11, bltu, 1, 0, 0xffffffff)
    TEST_BR(12, bltu, 0, 0xffffffff, 0)
    TEST_BR(13, bgeu, 1, 0xffffffff, 0)
    TEST_BR(14, bgeu, 0, 0, 1)
    TEST_BR(15, bgeu, 1, 7, 7)

    /* backward branch loop: sum 1..10 */
    li a0, 0
    li a1, 10
2:  add a0, a0, a1
    addi a1, a1, -1
    bnez a1, 2b
    CHECK(20, a0, 55)

    /* jal links pc+4 */
    jal ra, 3f
4:  j 5f
3:  la a1, 4b
    CHECKR(21, ra, a1)
    jr ra
5:
    /* jalr: link, offset, and bit 0 of the target is cleared */
    la t1, 6f
    addi t1, t1, 1
    jalr ra, 0(t1)
7:  j tf_fail
6:  la a1, 7b
    CHECKR(22, ra, a1)
    la t1, 8f - 8
    jalr ra, 8(t1)
    j tf_fail
8:
    /* jalr with rd == rs1 uses the old rs1 */
    la t2, 10f
    jalr t2, 0(t2)
11: j tf_fail
10: la a1, 11b
    CHECKR(23, t2, a1)
    /* a long forward jump (crosses a 4 KiB page) */
    j 12f
    .skip 8192
12: CHECK(24, zero, 0)
    j tf_pass
TEST_END
