/* tt-metal-style C++ data-movement kernels (tests/kernels/ttm), built by
 * tt_foil_add_kernel, checked against host references with exact values:
 * loopback DRAM copy, integer add on a RISC with DPRINT, a reader/writer
 * pair over a circular buffer, compile-time args, DPRINT formatting, a
 * two-core semaphore handshake, and noc_semaphore_wait_min's unsigned
 * comparison. */
#include "ttm_test.h"

static void test_loopback(tf_device *dev)
{
    tf_kernel *k = rt_kernel(dev, "ttm_loopback.brisc.elf");
    ttm_check_loopback(dev, k, (tf_core){0, 0}, 8);
    tf_kernel_free(k);
}

static void test_add_integers(tf_device *dev)
{
    tf_kernel *k = rt_kernel(dev, "ttm_add2.brisc.elf");
    ttm_check_add2(dev, k, (tf_core){1, 0}, 14, 7);
    tf_kernel_free(k);
}

/* NCRISC reads 24 pages through a 4-page CB (it wraps 6 times), BRISC adds
 * the page index to every word and writes them out. */
static void test_reader_writer(tf_device *dev)
{
    enum { PAGE = 256, PAGES = 24 };
    tf_core core = {0, 1};
    static uint32_t in[PAGE * PAGES / 4], out[PAGE * PAGES / 4];
    for (size_t i = 0; i < PAGE * PAGES / 4; i++) in[i] = (uint32_t)i * 3u + 1u;
    tf_buffer *src = MUST_PTR(tf_buffer_create_dram(dev, sizeof in));
    tf_buffer *dst = MUST_PTR(tf_buffer_create_dram(dev, sizeof out));
    MUST(tf_buffer_write(src, 0, in, sizeof in));
    tf_kernel *rd = rt_kernel(dev, "ttm_reader_cb.ncrisc.elf");
    tf_kernel *wr = rt_kernel(dev, "ttm_writer_cb.brisc.elf");
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_NCRISC, rd));
    MUST(tf_program_set_kernel(p, TF_BRISC, wr));
    MUST(tf_program_set_cb(p, 0, PAGE, 4));
    uint64_t s = tf_buffer_noc_addr(src), d = tf_buffer_noc_addr(dst);
    uint32_t ra[] = {lo32(s), hi32(s), PAGES}, wa[] = {lo32(d), hi32(d), PAGES};
    MUST(tf_program_set_args(p, TF_NCRISC, ra, 3));
    MUST(tf_program_set_args(p, TF_BRISC, wa, 3));
    MUST(tf_dispatch_execute(p));
    MUST(tf_buffer_read(dst, 0, out, sizeof out));
    int bad = 0;
    for (size_t i = 0; i < PAGE * PAGES / 4; i++)
        if (out[i] != in[i] + (uint32_t)(i / (PAGE / 4))) bad++;
    CHECK_EQ_U(bad, 0);
    tf_program_destroy(p);
    tf_kernel_free(rd);
    tf_kernel_free(wr);
    tf_buffer_free(src);
    tf_buffer_free(dst);
}

static void test_ct_args(tf_device *dev)
{
    tf_core core = {1, 1};
    tf_buffer *l1 = MUST_PTR(tf_buffer_create_l1(dev, core, 64));
    tf_buffer *dst = MUST_PTR(tf_buffer_create_dram(dev, 64));
    tf_kernel *k = rt_kernel(dev, "ttm_ct_args.ncrisc.elf");
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_NCRISC, k));
    uint64_t d = tf_buffer_noc_addr(dst);
    uint32_t args[] = {(uint32_t)tf_buffer_address(l1), lo32(d), hi32(d)};
    MUST(tf_program_set_args(p, TF_NCRISC, args, 3));
    MUST(tf_dispatch_execute(p));
    uint32_t w[9];
    MUST(tf_buffer_read(dst, 0, w, sizeof w));
    CHECK_EQ_U(w[0], 5);
    CHECK_EQ_U(w[1], 0xdeadbeef);
    CHECK_EQ_U(w[2], 4294967295u);
    CHECK_EQ_U(w[3], 5);  /* std::array<uint32_t, a>::size() */
    CHECK_EQ_U(w[4], 64); /* named */
    CHECK_EQ_U(w[5], 1024);
    CHECK_EQ_U(w[6], 3); /* DEFINES SCALE=3 */
    CHECK_EQ_U(w[7], 65535);
    CHECK_EQ_U(w[8], 3);
    tf_program_destroy(p);
    tf_kernel_free(k);
    tf_buffer_free(l1);
    tf_buffer_free(dst);
}

static void test_dprint(tf_device *dev)
{
    tf_core core = {0, 0};
    tf_kernel *k = rt_kernel(dev, "ttm_dprint.ncrisc.elf");
    tf_program *p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_NCRISC, k));
    uint32_t v = 3054;
    MUST(tf_program_set_args(p, TF_NCRISC, &v, 1));
    static char text[16384];
    ttm_run_captured(p, text, sizeof text);
    const char *want =
        "[core (0,0) NCRISC] v=3054 neg=-42 big=1311768467463790320\n"
        "[core (0,0) NCRISC] hex bee 123456789abcdef0 dec 3054\n"
        "[core (0,0) NCRISC] [  3054][3054][  ab]\n"
        "[core (0,0) NCRISC] c 200 -7 2 1\n"
        "[core (0,0) NCRISC] 1.5 2.250 1.5\n"
        "[core (0,0) NCRISC] 10 7\n"
        "[core (0,0) NCRISC] ffffffff ffff ffffffd6 ffffffffffffffff 41 12\n"
        "[core (0,0) NCRISC] 37777777770 177770 37777777770 1777777777777777777770 -8 65\n"
        "[core (0,0) NCRISC] data1\n"
        "[core (0,0) NCRISC] v=3054 of -42 at 2.5, {braces} and a text longer than one piece "
        "of it\n"
        "[core (0,0) NCRISC] no fields\n"
        "[core (0,0) NCRISC] after HEX: 255 2.125\n"
        "[core (0,0) NCRISC] call form: 3054 ok\n"
        "[core (0,0) NCRISC] [   42][42   ][ 42  ][**42***]\n"
        "[core (0,0) NCRISC] [ff][0XFF][010][0b101][000000ff][0x000000ff][0]\n"
        "[core (0,0) NCRISC] [-ff][+7][ 7][-00042][B]\n"
        "[core (0,0) NCRISC] [A][65][  z][true][0][false |][1]\n"
        "[core (0,0) NCRISC] [    ab][ab    ][  ab   ][abc][   xy][ab    ]\n"
        "[core (0,0) NCRISC] [0x1a2b0][0x10][        0xff]\n"
        "[core (0,0) NCRISC] [3.1415927][0.1][1000000][1e+07][1.5e-05][100][0.0001]\n"
        "[core (0,0) NCRISC] [2.500][   -1.25][1.2e+03 ][+2.5][-003.142][1.500000E+00][1E-10]\n"
        "[core (0,0) NCRISC] [     1.5][1.5     ][-00001.5][+0.25]\n"
        "[core (0,0) NCRISC] [2.5][0.1][1e-40][-inf][1.6777216e+07]\n"
        "[core (0,0) NCRISC] nan -inf -0 123456.7\n"
        "[core (0,0) NCRISC] 2 a 2\n"
        "[core (0,0) NCRISC] -1234567890123 fedcba9876543210 0b110\n"
        "[core (0,0) NCRISC] true false 0x1a2b0 str\n"
        "[core (0,0) NCRISC] on NOC 1's RISC: 1\n"
        "[core (0,0) NCRISC]     ff\n"
        "[core (0,0) NCRISC] [7] 1.2379401e+27\n"
        "[core (0,0) NCRISC] ct 1.5 3.14 1 -1\n"
        "[core (0,0) NCRISC] [1 2 ][1 2 ][-128 -2 1 -1 ][<dp_typed_array_t: no values of format "
        "Bfp8_b>]\n";
    CHECK_CONTAINS(text, want);
    /* the long string: its first 4095 bytes, then the note, one line */
    char cut[4300];
    size_t n = (size_t)snprintf(cut, sizeof cut, "[core (0,0) NCRISC] ");
    for (int i = 0; i < 4095; i++) cut[n++] = (char)('a' + i % 26);
    snprintf(cut + n, sizeof cut - n, "<string cut: longer than 4095 bytes>\n");
    CHECK_CONTAINS(text, cut);
    CHECK_EQ_U(strlen(text), strlen(want) + strlen(cut));
    tf_program_destroy(p);
    tf_kernel_free(k);
    /* FORCE_DPRINT_OFF: every form compiles and prints nothing */
    k = ttm_build_def(dev, TF_TEST_SOURCE_DIR "/tests/kernels/ttm/dprint_fmt.cpp", TF_NCRISC,
                      "FORCE_DPRINT_OFF", NULL, 0);
    if (!k) fprintf(stderr, "dprint_fmt.cpp, FORCE_DPRINT_OFF: %s\n", tf_last_error());
    CHECK_TRUE(k != NULL);
    if (!k) return;
    p = MUST_PTR(tf_program_create(dev, core));
    MUST(tf_program_set_kernel(p, TF_NCRISC, k));
    MUST(tf_program_set_args(p, TF_NCRISC, &v, 1));
    ttm_run_captured(p, text, sizeof text);
    CHECK_EQ_U(strlen(text), 0);
    tf_program_destroy(p);
    tf_kernel_free(k);
}

static void test_semaphores(tf_device *dev)
{
    enum { BYTES = 512 };
    tf_core snd = {0, 0}, rcv = {2, 1};
    tf_buffer *src = MUST_PTR(tf_buffer_create_l1(dev, snd, BYTES + 16));
    tf_buffer *data = MUST_PTR(tf_buffer_create_l1(dev, rcv, BYTES));
    tf_buffer *out = MUST_PTR(tf_buffer_create_dram(dev, BYTES));
    tf_kernel *ks = rt_kernel(dev, "ttm_sem_sender.brisc.elf");
    tf_kernel *kr = rt_kernel(dev, "ttm_sem_receiver.brisc.elf");
    tf_program *ps = MUST_PTR(tf_program_create(dev, snd));
    tf_program *pr = MUST_PTR(tf_program_create(dev, rcv));
    MUST(tf_program_set_kernel(ps, TF_BRISC, ks));
    MUST(tf_program_set_kernel(pr, TF_BRISC, kr));
    MUST(tf_program_set_semaphore(ps, 3, 0));
    MUST(tf_program_set_semaphore(pr, 3, 0));
    uint32_t s = (uint32_t)tf_buffer_address(src);
    uint32_t sa[] = {2, 1, 3, s, (uint32_t)tf_buffer_address(data), BYTES, s + BYTES};
    uint64_t o = tf_buffer_noc_addr(out);
    uint32_t ra[] = {0, 0, 3, (uint32_t)tf_buffer_address(data), BYTES, lo32(o), hi32(o)};
    MUST(tf_program_set_args(ps, TF_BRISC, sa, 7));
    MUST(tf_program_set_args(pr, TF_BRISC, ra, 7));
    tf_program *both[] = {pr, ps};
    MUST(tf_dispatch_execute_multi(both, 2));
    uint32_t w[BYTES / 4];
    MUST(tf_buffer_read(out, 0, w, sizeof w));
    int bad = 0;
    for (uint32_t i = 0; i < BYTES / 4; i++)
        if (w[i] != 0xa5000000u + i) bad++;
    CHECK_EQ_U(bad, 0);
    tf_program_destroy(ps);
    tf_program_destroy(pr);
    tf_kernel_free(ks);
    tf_kernel_free(kr);
    tf_buffer_free(src);
    tf_buffer_free(data);
    tf_buffer_free(out);
}

/* noc_semaphore_wait_min(sem, val) waits while *sem < val as unsigned
 * numbers, as tt-metal's (it compared (int32)(*sem - val) < 0):
 * 0x80000005 is at least 1, so the wait returns at once (it was a
 * deadlock); 0 is not at least 0x90000000, so the wait goes on through a
 * 5 (which the signed comparison took for enough) until NCRISC sets
 * 0x90000000 (it returned at once, with 0); with no NCRISC, that wait is
 * the deadlock the dispatch reports. */
static void test_wait_min(tf_device *dev)
{
    tf_core core = {2, 2};
    tf_kernel *kw = rt_kernel(dev, "ttm_wait_min.brisc.elf");
    tf_kernel *ks = rt_kernel(dev, "ttm_wait_min_setter.ncrisc.elf");
    tf_buffer *out = MUST_PTR(tf_buffer_create_l1(dev, core, 16));
    static const struct {
        uint32_t sem, val;
        int setter;
    } cases[] = {{0x80000005u, 1, 0}, {0, 0x90000000u, 1}, {0, 0x90000000u, 0}};
    for (int i = 0; i < 3; i++) {
        uint32_t seen = 0xdeadbeef, wa[] = {cases[i].val, (uint32_t)tf_buffer_address(out)};
        uint32_t sa[] = {cases[i].val, 2000};
        MUST(tf_buffer_write(out, 0, &seen, 4));
        tf_program *p = MUST_PTR(tf_program_create(dev, core));
        MUST(tf_program_set_kernel(p, TF_BRISC, kw));
        MUST(tf_program_set_args(p, TF_BRISC, wa, 2));
        if (cases[i].setter) {
            MUST(tf_program_set_kernel(p, TF_NCRISC, ks));
            MUST(tf_program_set_args(p, TF_NCRISC, sa, 2));
        }
        MUST(tf_program_set_semaphore(p, 0, cases[i].sem));
        int rc = tf_dispatch_execute(p);
        if (i < 2) {
            CHECK_EQ_U(rc, 0);
            MUST(tf_buffer_read(out, 0, &seen, 4));
            CHECK_EQ_U(seen, i == 0 ? 0x80000005u : 0x90000000u);
        } else {
            CHECK_TRUE(rc != 0);
            CHECK_CONTAINS(tf_last_error(), "cannot finish: every RISC still running waits");
            CHECK_CONTAINS(tf_last_error(), "to be >= 2415919104 (it is 0)");
        }
        tf_program_destroy(p);
    }
    tf_buffer_free(out);
    tf_kernel_free(kw);
    tf_kernel_free(ks);
}

int main(void)
{
    tf_device *dev = rt_open(4, 4);
    test_loopback(dev);
    test_add_integers(dev);
    test_reader_writer(dev);
    test_ct_args(dev);
    test_dprint(dev);
    test_semaphores(dev);
    test_wait_min(dev);
    MUST(tf_device_close(dev));
    return tf_check_report("test_ttm_dataflow");
}
