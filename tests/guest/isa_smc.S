/* Self-modifying code: instructions rewritten after they were decoded and
 * executed run as rewritten (after fence.i, and the decode cache is in fact
 * coherent on every store); code copied into a data page runs; stores that
 * rewrite any word of a fused instruction run (sim/hart_fuse.h) inside an
 * already decoded straight-line run, and jumps into the middle of a run. */
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
    /* Fused runs (sim/hart_fuse.h). The decoder fuses a word with the
     * next ones when it decodes it first: xori never begins a run, so it
     * is used where a run must begin at the next word. */
    /* 8: inside a decoded straight-line run, the second pass rewrites the
     * second word (40f+4) of the fused run at 40f (addi+addi), ahead of
     * the pc, after it was decoded and run */
    li s1, 0
    li s2, 0
30: la t0, 40f
    li t1, 0x06400593          /* addi a1, zero, 100 */
    beqz s1, 31f
    sw t1, 4(t0)
31: xori s3, s3, 0
40: addi a0, zero, 1
    addi a1, zero, 2
    add s2, s2, a1
    addi s1, s1, 1
    li t2, 2
    blt s1, t2, 30b
    CHECK(8, s2, 102)          /* 2 + 100 */
    /* 9: a store that rewrites the next word, the second half of its own
     * pair (sw+addi): the new word runs */
    la t0, 41f
    li t1, 0x00700513          /* addi a0, zero, 7 */
    xori a0, zero, 0
    sw t1, 0(t0)
41: addi a0, zero, 6
    CHECK(9, a0, 7)
    /* 10: a jump to the second half of a decoded pair runs it alone */
    li s1, 0
    xori a4, zero, 0
42: addi a4, a4, 1             /* pair addi+addi: 42b and 43f */
43: addi a4, a4, 16
    addi s1, s1, 1
    li t2, 1
    beq s1, t2, 43b            /* once: jump into the middle of the pair */
    CHECK(10, a4, 33)          /* 1 + 16 + 16 */
    /* 11-14: blk runs as the triple addi+addi+addi at blk and the pair
     * addi+jalr at blk+12. Rewriting blk+8 (the triple's last word) must
     * redo the triple but keep the fields of blk+4, which it reads;
     * rewriting blk+4 must redo the triple again. */
    call blk
    CHECK(11, a1, 2)
    la t0, blk
    li t1, 0x06400593          /* addi a1, zero, 100 */
    sw t1, 8(t0)
    li a0, 0
    call blk
    CHECK(12, a0, 1)
    CHECK(13, a1, 100)
    li t1, 0x03200513          /* addi a0, zero, 50 */
    sw t1, 4(t0)
    call blk
    CHECK(14, a0, 50)
    /* rewriting blk+12 (the pair after the triple) must leave the triple
     * at blk intact: it reads the fields of blk+4 and blk+8 */
    li t1, 0x01e00613          /* addi a2, zero, 30 */
    sw t1, 12(t0)
    li a0, 0
    li a1, 0
    call blk
    CHECK(15, a0, 50)
    CHECK(16, a1, 100)
    CHECK(17, a2, 30)
    j tf_pass
func:
    addi a0, zero, 1
    ret
func2:
    addi a0, zero, 42
    ret
blk:
    addi a6, zero, 6
    addi a0, zero, 1
    addi a1, zero, 2
    addi a2, zero, 3
    ret
TEST_END
    .data
    .balign 4
ram_code: .space 16
