/* The RISC mailboxes (ckernel::mailbox_write, mailbox_read,
 * mailbox_not_empty) between BRISC and the three TRISCs, and a compute
 * kernel's own CB pointers, in tt-metal-style kernels built at run time
 * (tests/ttm/kernels/mbox_brisc.cpp and mbox_compute.cpp):
 *   - values arrive in order, more of them than a mailbox holds (the
 *     writer waits for room: counted as an "l1 word" wait), TRISC to TRISC
 *     too, and the mailboxes are empty once all is read;
 *   - values left unread stay for the next dispatch, as on hardware;
 *   - a read nobody writes for and a write nobody reads are deadlocks the
 *     runtime names (which RISC, which mailbox, its counts);
 *   - a mailbox number past the last faults, naming it;
 *   - the unpacker moving CB 0's fifo_rd_ptr one page on reads tile 1
 *     (the packer's ReLU, llk_pack_relu_config(ReluConfig::zero()), on
 *     it), the packer's fifo_wr_ptr is CB 16's write position in 16-byte
 *     units, and a fifo_rd_ptr outside the CB faults, naming the CB and
 *     its memory;
 *   - ttnn's matmul reload: partials packed into CB 24, read back through
 *     CB 25 on its memory (tf_program_set_cb_alias) with CB 25's
 *     fifo_rd_ptr set to CB 24's; the alias follows CB 24 when it moves;
 *     the alias's mistakes. */
#include "tf_perf.h"
#include "tf_tile.h"
#include "tt_foil/tile.h"
#include "ttm_test.h"

#include <string.h>

enum { MBOX_N = 10, D = TF_TILE_DIM, E = TF_TILE_ELEMS, TILE = TF_TILE_FP32 };

static tf_device *dev;

/* mbox_brisc.cpp and mbox_compute.cpp with MODE=mode on core (0, 0),
 * res_words result words in L1 (read into res); DRAM in (two Float32
 * tiles) and out (one) when given. 0, or -1 with the error in err. */
static int run(int mode, uint32_t *res, uint32_t res_words, const uint8_t *in, uint8_t *out,
               tf_perf_core *pc, char *err, size_t errcap)
{
    char def[24];
    snprintf(def, sizeof def, "MODE=%d", mode);
    const char *defs[] = {def};
    tf_kernel *br = ttm_kernel(dev, "mbox_brisc", TF_BRISC, def, NULL, 0);
    tf_kernel *cmp = ttm_compute(dev, "mbox_compute", defs, 1, 1);
    tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
    MUST(tf_program_set_kernel(p, TF_BRISC, br));
    MUST(tf_program_set_kernel(p, TF_COMPUTE, cmp));
    tf_buffer *rb = MUST_PTR(tf_buffer_create_l1(dev, (tf_core){0, 0}, 4 * 64));
    static const uint32_t zero[64];
    MUST(tf_buffer_write(rb, 0, zero, sizeof zero));
    tf_buffer *din = NULL, *dout = NULL;
    uint32_t args[5] = {(uint32_t)tf_buffer_address(rb)};
    if (in) {
        din = MUST_PTR(tf_buffer_create_dram(dev, 2 * TILE));
        dout = MUST_PTR(tf_buffer_create_dram(dev, TILE));
        MUST(tf_buffer_write(din, 0, in, 2 * TILE));
        uint64_t a = tf_buffer_noc_addr(din), b = tf_buffer_noc_addr(dout);
        args[1] = lo32(a), args[2] = hi32(a), args[3] = lo32(b), args[4] = hi32(b);
        MUST(tf_program_set_cb_format(p, 0, TF_DATA_FORMAT_Float32, 2));
        MUST(tf_program_set_cb_format(p, 16, TF_DATA_FORMAT_Float32, 2));
    }
    if (mode == 8) { /* CB 25 on CB 24's memory, which then moves (above CB 26): 25 with it */
        MUST(tf_program_set_cb_format(p, 24, TF_DATA_FORMAT_Float32, 2));
        MUST(tf_program_set_cb_alias(p, 25, 24));
        MUST(tf_program_set_cb_format(p, 26, TF_DATA_FORMAT_Float32, 1));
        MUST(tf_program_set_cb_format(p, 24, TF_DATA_FORMAT_Float32, 2));
    }
    MUST(tf_program_set_args(p, TF_BRISC, args, in ? 5 : 1));
    int rc = tf_dispatch_execute(p);
    if (rc) {
        snprintf(err, errcap, "%s", tf_last_error());
    } else {
        MUST(tf_buffer_read(rb, 0, res, 4 * res_words));
        if (out) MUST(tf_buffer_read(dout, 0, out, TILE));
        if (pc) MUST(tf_program_counters(p, pc));
    }
    tf_program_destroy(p);
    tf_buffer_free(rb);
    if (din) tf_buffer_free(din);
    if (dout) tf_buffer_free(dout);
    tf_kernel_free(br);
    tf_kernel_free(cmp);
    return rc;
}

/* MODE 0: BRISC's n values to each TRISC and their answers back. */
static void check_round_trip(void)
{
    uint32_t res[3 * MBOX_N + 1];
    tf_perf_core pc;
    char err[2048];
    if (run(0, res, 3 * MBOX_N + 1, NULL, NULL, &pc, err, sizeof err)) {
        fprintf(stderr, "round trip: %s\n", err);
        CHECK_TRUE(0);
        return;
    }
    int bad = 0;
    for (uint32_t t = 1; t <= 3; t++) /* TRISC t - 1 answers 2 v + UNPACK's value */
        for (uint32_t i = 0; i < MBOX_N; i++) {
            uint32_t want = 2 * (i * 16 + t) + (t == 1 ? 0 : t == 2 ? 1000 : 2000);
            if (res[(t - 1) * MBOX_N + i] != want && bad++ < 3)
                fprintf(stderr, "answer %u of mailbox %u is %u, want %u\n", i, t,
                        res[(t - 1) * MBOX_N + i], want);
        }
    CHECK_TRUE(bad == 0);
    CHECK_EQ_U(res[3 * MBOX_N], 0); /* all read: empty */
    /* BRISC wrote 30 values into mailboxes of 4 before any was answered:
     * it waited for room, an L1-word wait (tf_perf.h) */
    CHECK_TRUE(pc.risc[TF_RISC_BRISC].wait[TF_PERF_WAIT_L1_WORD] > 0);
}

/* MODE 1 leaves two values in TRISC1's mailbox; MODE 2's TRISC1 finds
 * them (not empty, the two values, then empty). */
static void check_left_for_next(void)
{
    uint32_t res[4];
    char err[2048];
    if (run(1, res, 0, NULL, NULL, NULL, err, sizeof err) ||
        run(2, res, 4, NULL, NULL, NULL, err, sizeof err)) {
        fprintf(stderr, "values left: %s\n", err);
        CHECK_TRUE(0);
        return;
    }
    CHECK_EQ_U(res[0], 1);
    CHECK_EQ_U(res[1], 0xabc);
    CHECK_EQ_U(res[2], 0xdef);
    CHECK_EQ_U(res[3], 0);
}

/* A dispatch that must fail with each of the message's parts (in: CB 0's
 * two tiles, or none). */
static void check_fails(int mode, const uint8_t *in, const char *const *want, size_t n)
{
    uint32_t res[1];
    static uint8_t out[TILE];
    char err[4096] = "";
    CHECK_TRUE(run(mode, res, 0, in, in ? out : NULL, NULL, err, sizeof err) != 0);
    for (size_t i = 0; i < n; i++) CHECK_CONTAINS(err, want[i]);
    if (mode == 7) TTM_CHECK_LINE(err, "kernels/mbox_compute.cpp:112)");
}

static uint8_t in[2 * TILE];

/* MODE 6: tile 1 of CB 0 through the moved fifo_rd_ptr, ReLU'd; MODE 8:
 * tile 1 through CB 24's partials, reloaded through CB 25 on its memory. */
static void check_cb_pointers(int mode)
{
    static float v[2][E], got[E];
    static uint8_t out[TILE];
    for (int t = 0; t < 2; t++) {
        for (int k = 0; k < E; k++) v[t][k] = (float)((k * 7 + t * 5) % 17 - 8) * 0.5f + 100 * t;
        MUST(tf_tilize(v[t], D, D, TF_TILE_FORMAT_FP32, in + t * TILE));
    }
    uint32_t res[3];
    char err[2048];
    if (run(mode, res, 3, in, out, NULL, err, sizeof err)) {
        fprintf(stderr, "cb pointers: %s\n", err);
        CHECK_TRUE(0);
        return;
    }
    MUST(tf_untilize(out, D, D, TF_TILE_FORMAT_FP32, got));
    int bad = 0;
    for (int k = 0; k < E; k++) {
        float want = v[1][k] > 0 ? v[1][k] : 0; /* tile 1, ReLU'd (all > 0: 100 added) */
        if (tf_check_bits(got[k]) != tf_check_bits(want) && bad++ < 3)
            fprintf(stderr, "[%d] is %g, want %g\n", k, got[k], want);
    }
    CHECK_TRUE(bad == 0);
    if (mode != 6) return;
    CHECK_EQ_U(res[0], res[2]);             /* the packer's position: the CB's start */
    CHECK_EQ_U(res[1], res[2] + TILE / 16); /* after the push: one page on */
}

/* tf_program_set_cb_alias's mistakes, each refused with what to do. */
static void check_alias_errors(void)
{
    tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
    CHECK_TRUE(tf_program_set_cb_alias(p, 25, 24) != 0);
    CHECK_CONTAINS(tf_last_error(), "circular buffer 24 is not set: set it first");
    MUST(tf_program_set_cb(p, 24, 4096, 2));
    CHECK_TRUE(tf_program_set_cb_alias(p, 24, 24) != 0);
    CHECK_CONTAINS(tf_last_error(), "circular buffer 24 cannot share its own memory");
    CHECK_TRUE(tf_program_set_cb_alias(p, 32, 24) != 0);
    CHECK_CONTAINS(tf_last_error(), "circular buffer 32 does not exist (0..31)");
    MUST(tf_program_set_cb_alias(p, 25, 24));
    MUST(tf_program_set_cb_alias(p, 26, 25)); /* 25's memory: 24's */
    MUST(tf_program_set_cb(p, 27, 4096, 1));
    CHECK_TRUE(tf_program_set_cb_alias(p, 24, 27) != 0);
    CHECK_CONTAINS(tf_last_error(), "circular buffer 25 shares the memory of circular buffer 24, "
                                    "which cannot then share another's");
    MUST(tf_program_destroy(p));
}

int main(void)
{
    dev = rt_open(1, 1);
    check_round_trip();
    check_left_for_next();
    check_cb_pointers(6);
    check_cb_pointers(8);
    check_alias_errors();
    static const char *const never_written[] = {
        "cannot finish", "TRISC0 at pc",
        /* (the counts go on from check_round_trip's dispatch) */
        ("waits in mailbox_read for a value from BRISC, whose mailbox to TRISC0 is empty (10 "
         "values written, 10 read): BRISC writes fewer values than are read")};
    check_fails(3, NULL, never_written, 3);
    static const char *const never_read[] = {
        "cannot finish", "BRISC at pc",
        ("waits in mailbox_write for room in its mailbox to TRISC2, which holds 4 values TRISC2 "
         "has not read (4 written, 0 read; it holds 4): TRISC2 reads fewer values than are "
         "written")};
    check_fails(4, NULL, never_read, 3);
    static const char *const no_mailbox[] = {
        "BRISC", "mailbox_write(7): there is no mailbox 7 (0 BRISC, 1 TRISC0 unpack"};
    check_fails(5, NULL, no_mailbox, 2);
    static const char *const rd_ptr_out[] = {
        "TRISC0", "get_local_cb_interface(0).fifo_rd_ptr = 0x", "is outside CB 0 (L1 0x",
        "): the unpacker would read memory that is not the CB's"};
    check_fails(7, in, rd_ptr_out, 4);
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_mailbox");
}
