/* Self-modifying code: instructions rewritten after they were decoded and
 * executed run as rewritten (after fence.i, and the decode cache is in fact
 * coherent on every store); code copied into a data page runs. */
#include "tf_test.h"
TEST_BEGIN
    call func
    CHECK(1, a0, 1)
    la t0, func
    li t1, 0x00200513          /* addi a0, zero, 2 */
    sw t1, 0(t0)
    fence.i
    call func
    CHECK(2, a0, 2)
    li t1, 0x00300513          /* addi a0, zero, 3 (no fence.i) */
    sw t1, 0(t0)
    call func
    CHECK(3, a0, 3)
    /* patch by halfword halves through a misaligned word store */
    li t1, 0x00400513          /* addi a0, zero, 4 */
    sh t1, 0(t0)
    srli t1, t1, 16
    sh t1, 2(t0)
    call func
    CHECK(4, a0, 4)
    /* rewrite the very next, already decoded instruction (second pass) */
    li s1, 0
20: la t0, 21f
    beqz s1, 21f
    li t1, 0x00500513          /* addi a0, zero, 5 */
    sw t1, 0(t0)
21: addi a0, zero, 9
    addi s1, s1, 1
    li t2, 2
    blt s1, t2, 20b
    CHECK(5, a0, 5)
    /* copy a function into the data page and call it */
    la t0, func2
    la t1, ram_code
    lw t2, 0(t0)
    sw t2, 0(t1)
    lw t2, 4(t0)
    sw t2, 4(t1)
    fence.i
    jalr ra, 0(t1)
    CHECK(6, a0, 42)
    /* and rewrite it in place */
    li t2, 0x02b00513          /* addi a0, zero, 43 */
    sw t2, 0(t1)
    jalr ra, 0(t1)
    CHECK(7, a0, 43)
    j tf_pass
func:
    addi a0, zero, 1
    ret
func2:
    addi a0, zero, 42
    ret
TEST_END
    .data
    .balign 4
ram_code: .space 16
