/* DRAM-sharded tensors (tf_buffer_create_sharded with in_dram: ttnn's
 * DRAM-sharded weights, a shard a DRAM bank), as the chip holds them and as
 * tt-metal's kernels read them (tests/ttm/kernels/dram_shard.cpp), with
 * NOC transaction ids as its DRAM-sharded matmul reader streams blocks:
 *   - WIDTH and HEIGHT layouts over a range of banks not starting at 0:
 *     shard k in bank start + k (tf_buffer_shard_core says (bank, 0)), the
 *     host's writes and reads in page order, pages 64 bytes apart;
 *   - each shard read by noc_async_read_tile_dram_sharded_set_state /
 *     _with_state from its bank (the DRAM-sharded matmul reader's way), by
 *     get_noc_addr_from_bank_id<true> in one transfer, and by the sharded
 *     TensorAccessor (pages(), noc_async_read_shard, dspec, locality);
 *   - the accessor's words: Sharded | IsDram, a bank's number as its x;
 *   - reads tagged with transaction ids (the DRAM-sharded and the
 *     one-packet _with_trid forms, set_trid before an ordinary read), each
 *     id's barrier waiting for its own reads alone; ttnn's reader pattern
 *     streaming a shard through a CB in blocks with three ids in flight;
 *   - the faults: with_state before set_state, a DRAM or L1 bank id past
 *     the device's, a transaction id past 15; and every refusal of a spec,
 *     a CB on a DRAM shard. */
#include "ttm_test.h"

#include "tf_memmap.h"

#include <string.h>

enum { PAGE = 40, STRIDE = 64, H = 3, W = 7, SW = 2, NSH = 4, FIRST = 1 };
enum { OUT_PAGES = 32, SCRATCH = 16 * STRIDE }; /* (the largest shard: 9 pages) */

static tf_device *dev;

static uint8_t page_byte(uint32_t p, uint32_t k)
{
    return (uint8_t)(p * 31 + k * 7 + 5);
}

static tf_shard_spec width_spec(void)
{
    return (tf_shard_spec){.layout = TF_SHARD_WIDTH,
                           .start = {FIRST, 0},
                           .end = {FIRST + NSH - 1, 0},
                           .page_size = PAGE,
                           .pages_h = H,
                           .pages_w = W,
                           .shard_h = H,
                           .shard_w = SW,
                           .in_dram = 1};
}

/* dram_shard.cpp in MODE mode on core (0,0), the output zeroed first;
 * 0, or -1 and the error in err. The output's pages and the result words
 * are read back. */
static int run(tf_buffer *t, int mode, uint32_t bank, uint32_t shard, uint8_t *outb, uint32_t *res,
               char *err, size_t errcap)
{
    tf_core c = {0, 0};
    tf_buffer *out =
        MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, OUT_PAGES * STRIDE, STRIDE));
    tf_buffer *l1 = MUST_PTR(tf_buffer_create_l1(dev, c, SCRATCH + 64));
    static uint8_t zero[OUT_PAGES * STRIDE];
    MUST(tf_buffer_write(out, 0, zero, sizeof zero));
    uint32_t ct[64];
    int n = tf_buffer_accessor_args(t, ct, 64);
    int m = tf_buffer_accessor_args(out, ct + n, (uint32_t)(64 - n));
    CHECK_EQ_U((uint32_t)m, 2);
    char def[16];
    snprintf(def, sizeof def, "MODE=%d", mode);
    tf_kernel *k = ttm_kernel(dev, "dram_shard", TF_BRISC, def, ct, (uint32_t)(n + m));
    tf_program *p = MUST_PTR(tf_program_create(dev, c));
    uint32_t a = (uint32_t)tf_buffer_address(l1);
    uint32_t args[] = {(uint32_t)tf_buffer_address(t),
                       (uint32_t)tf_buffer_address(out),
                       bank,
                       shard,
                       a,
                       a + SCRATCH};
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    MUST(tf_program_set_args(p, TF_BRISC, args, 6));
    int rc = tf_dispatch_execute(p);
    if (rc) snprintf(err, errcap, "%s", tf_last_error());
    MUST(tf_buffer_read(out, 0, outb, OUT_PAGES * STRIDE));
    MUST(tf_buffer_read(l1, SCRATCH, res, 64));
    MUST(tf_program_destroy(p));
    tf_kernel_free(k);
    MUST(tf_buffer_free(l1));
    MUST(tf_buffer_free(out));
    return rc;
}

/* Output slot q (shard sh's slot, row by row) holds tensor page p, or
 * (p past the tensor's edge: -1) anything. */
static int slot_is(const uint8_t *outb, uint32_t q, uint32_t p)
{
    for (uint32_t k = 0; k < PAGE; k++)
        if (outb[q * STRIDE + k] != page_byte(p, k)) return 0;
    return 1;
}

/* shard sh of tensor s, copied to output slots sh x its pages.., holds its
 * pages, row by row */
static void check_shard(const tf_shard_spec *s, const uint8_t *outb, uint32_t sh, const char *how)
{
    uint32_t cols = (s->pages_w + s->shard_w - 1) / s->shard_w, i = sh / cols, j = sh % cols;
    for (uint32_t r = 0; r < s->shard_h; r++)
        for (uint32_t q = 0; q < s->shard_w; q++) {
            uint32_t row = i * s->shard_h + r, col = j * s->shard_w + q;
            if (row >= s->pages_h || col >= s->pages_w) continue; /* (past the edge: unused) */
            uint32_t slot = sh * s->shard_h * s->shard_w + r * s->shard_w + q,
                     p = row * s->pages_w + col;
            int ok = slot_is(outb, slot, p);
            CHECK_TRUE(ok);
            if (!ok)
                fprintf(stderr, "  %s: shard %u row %u column %u is not page %u\n", how, sh, r, q,
                        p);
        }
}

static void width_tensor(void)
{
    tf_shard_spec s = width_spec();
    tf_buffer *t = MUST_PTR(tf_buffer_create_sharded(dev, &s));
    CHECK_EQ_U(tf_buffer_num_shards(t), NSH);
    CHECK_EQ_U(tf_buffer_page_size(t), PAGE);
    CHECK_EQ_U(tf_buffer_num_pages(t), H * W);
    for (uint32_t k = 0; k < NSH; k++) {
        tf_core c = {-1, -1};
        MUST(tf_buffer_shard_core(t, k, &c));
        CHECK_TRUE(c.x == (int)(FIRST + k) && c.y == 0);
    }
    /* shard 0's address: bank FIRST's endpoint (tf_memmap.h) */
    CHECK_TRUE(tf_buffer_noc_addr(t) ==
               TF_NOC_ADDR(TF_NOC_DRAM_X, TF_NOC_DRAM_Y(FIRST), tf_buffer_address(t)));
    uint8_t tensor[H * W * PAGE], back[H * W * PAGE];
    for (uint32_t p = 0; p < H * W; p++)
        for (uint32_t k = 0; k < PAGE; k++) tensor[p * PAGE + k] = page_byte(p, k);
    MUST(tf_buffer_write(t, 0, tensor, sizeof tensor));
    MUST(tf_buffer_read(t, 0, back, sizeof back));
    CHECK_TRUE(memcmp(tensor, back, sizeof back) == 0);
    /* the accessor's words: Sharded | IsDram, the aligned page, the grid,
     * the banks by number */
    uint32_t w[16];
    CHECK_EQ_U((uint32_t)tf_buffer_accessor_args(t, w, 16), 7 + NSH);
    static const uint32_t want_w[] = {3, STRIDE, H, W, H, SW, NSH};
    for (unsigned i = 0; i < 7; i++) CHECK_EQ_U(w[i], want_w[i]);
    for (uint32_t k = 0; k < NSH; k++) CHECK_EQ_U(w[7 + k], (FIRST + k) << 16);
    CHECK_TRUE(tf_buffer_accessor_args(t, w, 8) < 0);
    CHECK_CONTAINS(tf_last_error(), "are 11 (7 and one a DRAM bank of its range), room for 8");

    static uint8_t outb[OUT_PAGES * STRIDE];
    uint32_t res[16];
    char err[1024];
    /* each shard from its bank: the DRAM-sharded reader's set_state /
     * with_state, and get_noc_addr_from_bank_id in one read */
    for (uint32_t k = 0; k < NSH; k++) {
        MUST(run(t, 0, FIRST + k, k, outb, res, err, sizeof err));
        check_shard(&s, outb, k, "set_state/with_state");
        MUST(run(t, 6, FIRST + k, k, outb, res, err, sizeof err));
        check_shard(&s, outb, k, "get_noc_addr_from_bank_id");
    }
    /* transaction ids: the first half's barrier ends when its three pages
     * have landed, 52 cycles before the second half has (the same bank
     * serves it after); a barrier waiting for every read ends at the
     * second's time (311 for shard 0). Exact: the simulator is
     * deterministic; farther banks are 2 cycles farther each. Every page
     * lands. */
    for (uint32_t k = 0; k < NSH; k++) {
        MUST(run(t, 7, FIRST + k, k, outb, res, err, sizeof err));
        check_shard(&s, outb, k, "transaction ids");
        CHECK_EQ_U(res[0], 259 + 2 * k);
        CHECK_EQ_U(res[1], 311 + 2 * k);
        if (res[0] != 259 + 2 * k || res[1] != 311 + 2 * k)
            fprintf(stderr, "  shard %u: barrier_with_trid(1) after %u cycles, (2) after %u\n", k,
                    res[0], res[1]);
    }
    CHECK_TRUE(run(t, 8, 0, 0, outb, res, err, sizeof err) != 0);
    CHECK_CONTAINS(err, "noc_async_read_barrier_with_trid of transaction id 16: ids are 0..15");
    CHECK_TRUE(run(t, 9, 99, 0, outb, res, err, sizeof err) != 0);
    CHECK_CONTAINS(err, "a read with transaction id 99: ids are 0..15");
    CHECK_TRUE(run(t, 10, 0, 0, outb, res, err, sizeof err) != 0);
    CHECK_CONTAINS(err, "a read with transaction id 16: ids are 0..15");
    /* an id stays set for the next kernel on the RISC (MODE 11 sets 9 and
     * ends; MODE 12's plain read carries it: barrier_with_trid(0) does not
     * wait for it, (9) does) */
    MUST(run(t, 11, 0, 0, outb, res, err, sizeof err));
    MUST(run(t, 12, FIRST, 0, outb, res, err, sizeof err));
    CHECK_TRUE(res[0] < res[1]);
    CHECK_EQ_U(res[2], 15); /* NOC_MAX_TRANSACTION_ID */
    /* writes with transaction ids: shard 0's halves tagged 1 and 2; id 1's
     * writes leave the core, then are acked, before id 2's are; the tests
     * without waiting say so */
    MUST(run(t, 13, FIRST, 0, outb, res, err, sizeof err));
    check_shard(&s, outb, 0, "writes with transaction ids");
    CHECK_EQ_U(res[0], 0); /* (1) not acked right after issue */
    /* (exact: 329 cycles from the first write to (1)'s last leaving the
     * core, 352 to its ack, 524 to (2)'s) */
    CHECK_EQ_U(res[1], 329);
    CHECK_EQ_U(res[2], 352);
    CHECK_EQ_U(res[3], 524);
    CHECK_EQ_U(res[4], 1); /* (1) acked after its barrier */
    CHECK_EQ_U(res[5], 1); /* no read of id 0 pending */
    /* Device 2.0's Noc with NocOptions::TXN_ID: the same ids, through its
     * calls (the first half's barrier ends before the second half has
     * landed, which is_read_trid_flushed says without waiting) */
    MUST(run(t, 15, FIRST, 0, outb, res, err, sizeof err));
    check_shard(&s, outb, 0, "Noc with TXN_ID");
    CHECK_EQ_U(res[0], 0);
    CHECK_EQ_U(res[1], 263); /* (exact: id 1's three pages, then id 2's) */
    CHECK_EQ_U(res[2], 305);
    /* reset_noc_trid_barrier_counter: id 1 cleared with A in flight, its
     * barrier then waits for B alone, landing long before A (exact
     * cycles); the global barrier still waits for A. A's landing after B's
     * leaves id 1's new count alone: the last barrier waits for the next B
     * just as long, instead of never ending. */
    MUST(run(t, 16, FIRST, 0, outb, res, err, sizeof err));
    CHECK_EQ_U(res[0], 0); /* A in flight */
    CHECK_EQ_U(res[1], 1); /* cleared */
    CHECK_EQ_U(res[4], 0); /* the write in flight */
    CHECK_EQ_U(res[5], 1); /* cleared by the all-ids mask */
    CHECK_TRUE(res[2] < res[3]);
    CHECK_EQ_U(res[2], 93);  /* (A's issue, two tests, the clear and B) */
    CHECK_EQ_U(res[3], 234); /* A's 9 pages from DRAM */
    CHECK_EQ_U(res[6], 49);  /* B alone */
    CHECK_EQ_U(res[7], 24);  /* the flush of id 4 after the clear: 16 port cycles (13 if the
                                clear forgot them) */
    if (res[2] != 93 || res[3] != 234 || res[6] != 49)
        fprintf(stderr, "  reset: B after %u cycles, A after %u, B again %u\n", res[2], res[3],
                res[6]);
    CHECK_TRUE(run(t, 14, 0, 0, outb, res, err, sizeof err) != 0);
    CHECK_CONTAINS(err, "noc_async_write_barrier_with_trid of transaction id 16: ids are 0..15");
    /* every page by the accessor */
    MUST(run(t, 1, 0, 0, outb, res, err, sizeof err));
    for (uint32_t p = 0; p < H * W; p++) CHECK_TRUE(slot_is(outb, p, p));
    /* a shard by noc_async_read_shard; locality and the dspec */
    MUST(run(t, 2, 0, 3, outb, res, err, sizeof err));
    check_shard(&s, outb, 3, "noc_async_read_shard");
    CHECK_EQ_U(res[0], 0); /* no DRAM page is this core's */
    CHECK_EQ_U(res[1], 0);
    CHECK_EQ_U(res[2], NSH);
    CHECK_EQ_U(res[3], FIRST << 8); /* bank FIRST as tt-metal packs it: x = the bank */
    CHECK_EQ_U(res[4], 1);
    CHECK_EQ_U(res[5], 1); /* page 9: row 1, column 2: shard 1 */
    CHECK_EQ_U(res[6], 2); /* its row 1, column 0 */
    /* the faults */
    CHECK_TRUE(run(t, 3, 0, 0, outb, res, err, sizeof err) != 0);
    CHECK_CONTAINS(err, "noc_async_read_tile_dram_sharded_with_state on NOC 0 before any "
                        "noc_async_read_tile_dram_sharded_set_state");
    TTM_CHECK_LINE(err, "dram_shard.cpp:");
    tf_chip_info info;
    tf_device_info(dev, &info);
    CHECK_TRUE(run(t, 4, (uint32_t)info.dram_banks, 0, outb, res, err, sizeof err) != 0);
    char want[96];
    snprintf(want, sizeof want, "DRAM bank %d: the device has %d (ids 0..%d)", info.dram_banks,
             info.dram_banks, info.dram_banks - 1);
    CHECK_CONTAINS(err, want);
    CHECK_TRUE(run(t, 5, 1000, 0, outb, res, err, sizeof err) != 0);
    CHECK_CONTAINS(err, "L1 bank 1000: the device has 16 (ids 0..15)");
    /* a CB is in L1: not on a DRAM shard */
    tf_program *q = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
    CHECK_TRUE(tf_program_set_cb_buffer(q, 0, t, STRIDE) != 0);
    CHECK_CONTAINS(tf_last_error(), "circular buffer 0: the sharded buffer is in DRAM banks; a "
                                    "circular buffer is in its core's L1");
    MUST(tf_program_destroy(q));
    /* freed, its banks' space comes back: the same tensor lands at the
     * same address */
    uint64_t at = tf_buffer_address(t);
    MUST(tf_buffer_free(t));
    t = MUST_PTR(tf_buffer_create_sharded(dev, &s));
    CHECK_EQ_U((uint32_t)tf_buffer_address(t), (uint32_t)at);
    MUST(tf_buffer_free(t));
}

/* HEIGHT over banks 0-2, column-major orientation (one row of banks: the
 * same order), through the host and the accessor. */
static void height_tensor(void)
{
    tf_shard_spec s = {.layout = TF_SHARD_HEIGHT,
                       .start = {0, 0},
                       .end = {2, 0},
                       .col_major = 1,
                       .page_size = PAGE,
                       .pages_h = 7,
                       .pages_w = 3,
                       .shard_h = 3,
                       .shard_w = 3,
                       .in_dram = 1};
    tf_buffer *t = MUST_PTR(tf_buffer_create_sharded(dev, &s));
    CHECK_EQ_U(tf_buffer_num_shards(t), 3);
    tf_core c;
    MUST(tf_buffer_shard_core(t, 2, &c));
    CHECK_TRUE(c.x == 2 && c.y == 0);
    uint8_t tensor[21 * PAGE], back[21 * PAGE];
    for (uint32_t p = 0; p < 21; p++)
        for (uint32_t k = 0; k < PAGE; k++) tensor[p * PAGE + k] = page_byte(p, k);
    MUST(tf_buffer_write(t, 0, tensor, sizeof tensor));
    MUST(tf_buffer_read(t, 0, back, sizeof back));
    CHECK_TRUE(memcmp(tensor, back, sizeof back) == 0);
    static uint8_t outb[OUT_PAGES * STRIDE];
    uint32_t res[16];
    char err[1024];
    /* each bank's bytes at the tensor's address are its shard (the last
     * one row: page 18 on) */
    for (uint32_t k = 0; k < 3; k++) {
        MUST(run(t, 6, k, k, outb, res, err, sizeof err));
        check_shard(&s, outb, k, "HEIGHT, get_noc_addr_from_bank_id");
    }
    MUST(run(t, 1, 0, 0, outb, res, err, sizeof err));
    for (uint32_t p = 0; p < 21; p++) CHECK_TRUE(slot_is(outb, p, p));
    MUST(tf_buffer_free(t));
}

/* ttnn's Blackhole DRAM-sharded reader's pattern (dram_stream.cpp): each
 * of four cores streams its bank's shard of 12 tiles through a CB of three
 * 2-tile blocks, blocks tagged with transaction ids 1-3 and pushed as each
 * id's reads land; a writer drains the CB to DRAM. Every tile arrives in
 * order. */
static void stream_blocks(void)
{
    enum { TILE = 2048, ROWS = 12, BANKS = 4, PER_BLOCK = 2 };
    tf_shard_spec s = {.layout = TF_SHARD_WIDTH,
                       .start = {2, 0},
                       .end = {2 + BANKS - 1, 0},
                       .page_size = TILE,
                       .pages_h = ROWS,
                       .pages_w = BANKS,
                       .shard_h = ROWS,
                       .shard_w = 1,
                       .in_dram = 1};
    tf_buffer *t = MUST_PTR(tf_buffer_create_sharded(dev, &s));
    static uint8_t tensor[ROWS * BANKS * TILE], got[ROWS * TILE];
    for (uint32_t i = 0; i < sizeof tensor; i++) tensor[i] = (uint8_t)(i * 7 + (i >> 11) * 3);
    MUST(tf_buffer_write(t, 0, tensor, sizeof tensor));
    tf_kernel *rd = ttm_kernel(dev, "dram_stream", TF_NCRISC, "READER", NULL, 0);
    tf_kernel *wr = ttm_kernel(dev, "dram_stream", TF_BRISC, "WRITER", NULL, 0);
    tf_program *p[BANKS];
    tf_buffer *out[BANKS];
    for (int c = 0; c < BANKS; c++) {
        tf_core bank;
        MUST(tf_buffer_shard_core(t, (uint32_t)c, &bank));
        out[c] = MUST_PTR(tf_buffer_create_interleaved(dev, TF_BUFFER_DRAM, ROWS * TILE, TILE));
        p[c] = MUST_PTR(tf_program_create(dev, (tf_core){c, 1}));
        uint32_t ra[] = {(uint32_t)tf_buffer_address(t), (uint32_t)bank.x, PER_BLOCK,
                         ROWS / PER_BLOCK, TILE};
        uint32_t wa[] = {(uint32_t)tf_buffer_address(out[c]), PER_BLOCK, ROWS / PER_BLOCK, TILE};
        MUST(tf_program_set_kernel(p[c], TF_NCRISC, rd));
        MUST(tf_program_set_kernel(p[c], TF_BRISC, wr));
        MUST(tf_program_set_cb(p[c], 1, TILE, 3 * PER_BLOCK));
        MUST(tf_program_set_cb(p[c], 2, TILE, PER_BLOCK));
        MUST(tf_program_set_args(p[c], TF_NCRISC, ra, 5));
        MUST(tf_program_set_args(p[c], TF_BRISC, wa, 4));
    }
    MUST(tf_dispatch_execute_multi(p, BANKS));
    for (int c = 0; c < BANKS; c++) {
        MUST(tf_buffer_read(out[c], 0, got, sizeof got));
        int same = 1; /* tile r of column c: tensor page r * BANKS + c */
        for (uint32_t r = 0; r < ROWS; r++)
            same &= memcmp(got + r * TILE, tensor + (r * BANKS + (uint32_t)c) * TILE, TILE) == 0;
        CHECK_TRUE(same);
        MUST(tf_program_destroy(p[c]));
        MUST(tf_buffer_free(out[c]));
    }
    tf_kernel_free(rd);
    tf_kernel_free(wr);
    MUST(tf_buffer_free(t));
}

static void refused(tf_shard_spec s, const char *msg)
{
    ttm_shard_refused(dev, s, msg);
}

int main(void)
{
    dev = rt_open_sim((tf_sim_config){.grid_x = 4, .grid_y = 4});
    width_tensor();
    height_tensor();
    stream_blocks();

    tf_shard_spec bad = width_spec();
    bad.end = (tf_core){FIRST + 2, 0};
    refused(bad, "WIDTH sharding: 4 shards and 3 DRAM banks in (1,0)..(3,0); make the shards "
                 "larger or the bank range bigger");
    bad = width_spec();
    bad.end = (tf_core){8, 0};
    refused(bad, "DRAM banks (1,0)..(8,0): DRAM-sharded tensors name banks as (bank, 0), bank "
                 "0..7, start.x <= end.x");
    bad = width_spec();
    bad.end.y = 1;
    refused(bad, "DRAM banks (1,0)..(4,1)");
    bad = width_spec();
    bad.start.x = 5;
    refused(bad, "DRAM banks (5,0)..(4,0)");
    bad = width_spec();
    bad.in_dram = 2;
    refused(bad, "in_dram is 2; 0 (L1 of cores) or 1 (DRAM banks)");
    bad = width_spec();
    bad.page_size = 1u << 30;
    refused(bad, "is larger than a DRAM bank");
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_dram_sharded");
}
