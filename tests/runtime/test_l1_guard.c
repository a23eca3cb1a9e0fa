/* The simulator's guard on the L1 that the firmware and the runtime own
 * (tf_mailbox.h, TF_L1_GUARD_LIST): a kernel's store into the mailbox,
 * the region of zeros, any RISC's firmware or the bank tables is a store
 * access fault at that store, whose message names the core, the RISC,
 * the kernel's line, the address, the value, the region and what to do;
 * the core is usable again after it. A C kernel (tests/kernels/guard.c,
 * on BRISC and NCRISC) and a tt-metal-style one
 * (tests/kernels/ttm/l1_guard.cpp, on NCRISC) each fault so in the
 * mailbox and in firmware code, a misaligned store that starts outside a
 * region but reaches into it faults too, and a store from compiled code
 * (a loop hot enough to be compiled) faults at the loop's line. A store
 * next to each region, or into what kernels may write (their image,
 * args, semaphores, CB state, the profiler's buffers, the stack above its
 * guard), lands, also from compiled code through a guarded page. The
 * firmware's own stores to the mailbox land: every dispatch here makes
 * them. */
#include "rt_test.h"

#include "tf_mailbox.h"

#include <string.h>

/* The message's part every guard fault ends with, after the region. */
#define TF_T_WRONG                                                                                 \
    ", which kernels never write (the firmware and the host own it): the address is wrong (a "     \
    "runtime arg, an offset past a buffer's end, a stale pointer?); kernels store into L1 "        \
    "buffers and CBs, runtime args, semaphores, their own image and stack and the profiler's "     \
    "buffers (docs/kernels.md). On hardware the store would land, and the dispatch hang or "       \
    "fault later"

static tf_device *dev;

/* Run `kfile` alone on its RISC of core c with args; 0 if it finished,
 * else its message in msg. */
static int run(tf_core c, const char *kfile, const uint32_t *args, uint32_t n, char *msg,
               size_t cap)
{
    tf_kernel *k = rt_kernel(dev, kfile);
    tf_program *p = MUST_PTR(tf_program_create(dev, c));
    MUST(tf_program_set_kernel(p, tf_kernel_risc(k), k));
    MUST(tf_program_set_args(p, tf_kernel_risc(k), args, n));
    int rc = tf_dispatch_execute(p);
    snprintf(msg, cap, "%s", rc ? tf_last_error() : "");
    tf_program_destroy(p);
    tf_kernel_free(k);
    return rc;
}

/* The message of a guard fault is exactly `want` with the dispatch id,
 * the pc and the instruction word (which the compiler picks) taken from
 * it, the instruction being `op` (sw, sh or sb): kernel `name` (its ELF
 * TF_TEST_KERNELS/elf) on RISC `risc` of core c, at `src`:line, storing
 * to addr, with `detail` after the address. */
static void check_fault(const char *e, tf_core c, const char *risc, const char *name,
                        const char *elf, const char *src, int line, const char *op, uint32_t addr,
                        const char *detail)
{
    unsigned id = 0, pc = 0, insn = 0;
    const char *at = strstr(e, " at pc 0x"), *in = strstr(e, ", insn 0x");
    CHECK_TRUE(sscanf(e, "device fault in dispatch %u ", &id) == 1);
    CHECK_TRUE(at && sscanf(at, " at pc 0x%x", &pc) == 1);
    CHECK_TRUE(in && sscanf(in, ", insn 0x%x", &insn) == 1);
    const char *dis = in ? strchr(in, '(') : NULL, *end = dis ? strstr(dis, "), address") : NULL;
    char insn_text[64] = "?";
    if (dis && end && end - dis < (long)sizeof insn_text)
        snprintf(insn_text, sizeof insn_text, "%.*s", (int)(end - dis - 1), dis + 1);
    CHECK_TRUE(!strncmp(insn_text, op, strlen(op)) && insn_text[strlen(op)] == ' ');
    char where[1024], want[4096];
    if (TF_TEST_HAVE_LIBDW)
        snprintf(where, sizeof where, " in kernel_main (%s/%s:%d)", TF_TEST_SOURCE_DIR, src, line);
    else
        snprintf(where, sizeof where,
                 " (no source line: tt-foil was built without libdw (apt-get install libdw-dev, "
                 "then reconfigure))");
    snprintf(want, sizeof want,
             "device fault in dispatch %u on core (%d,%d) %s running kernel '%s' (%s/%s): store "
             "access fault (mcause 7) at pc 0x%08x%s, insn 0x%08x (%s), address 0x%08x%s; core "
             "(%d,%d) was reset",
             id, c.x, c.y, risc, name, TF_TEST_KERNELS, elf, pc, where, insn, insn_text, addr,
             detail, c.x, c.y);
    CHECK_TRUE(strcmp(e, want) == 0);
    if (strcmp(e, want)) fprintf(stderr, "  got:  %s\n  want: %s\n", e, want);
    rt_expect_usable(dev, c);
}

/* guard.c: the store at address a of `bytes` bytes of v, after `walk`
 * words up to it; its message. */
static const char *guard(tf_core c, const char *elf, uint32_t a, uint32_t bytes, uint32_t v,
                         uint32_t walk)
{
    static char msg[4096];
    tf_buffer *res = MUST_PTR(tf_buffer_create_l1(dev, c, 16));
    uint32_t args[] = {a, bytes, v, 0, walk, (uint32_t)tf_buffer_address(res)};
    CHECK_TRUE(run(c, elf, args, 6, msg, sizeof msg) != 0);
    tf_buffer_free(res);
    return msg;
}

static void c_kernel(void)
{
    tf_core c = {1, 0};
    /* a word into the mailbox's GO message */
    check_fault(guard(c, "guard.brisc.elf", TF_L1_MAILBOX, 4, 5, 0), c, "BRISC", "guard",
                "guard.brisc.elf", "tests/kernels/guard.c", 20, "sw", 0,
                "; the kernel's 4-byte store of 0x00000005 reaches the mailbox (GO/DONE, launch "
                "message, RISC status and fault records; L1 0x0..0xbff)" TF_T_WRONG);
    /* a word into BRISC's firmware code (its first words: crt0.S) */
    check_fault(guard(c, "guard.brisc.elf", TF_L1_FW(TF_RISC_BRISC) + 0x40, 4, 0, 0), c, "BRISC",
                "guard", "guard.brisc.elf", "tests/kernels/guard.c", 20, "sw", 0x4040,
                "; the kernel's 4-byte store of 0x00000000 reaches BRISC's firmware (its code and "
                "data; L1 0x4000..0x7fff)" TF_T_WRONG);
    /* the last byte of the zeros */
    check_fault(
        guard(c, "guard.brisc.elf", TF_L1_MEM_ZEROS + TF_L1_MEM_ZEROS_SIZE - 1, 1, 0x1ab, 0), c,
        "BRISC", "guard", "guard.brisc.elf", "tests/kernels/guard.c", 16, "sb", 0xfff,
        "; the kernel's 1-byte store of 0xab reaches the region of zeros (MEM_ZEROS_BASE: "
        "NOC reads of zeros come from it; L1 0xe00..0xfff)" TF_T_WRONG);
    /* a half word from the profiler's last byte into BRISC's firmware */
    check_fault(guard(c, "guard.brisc.elf", TF_L1_FW_BASE - 1, 2, 0x1beef, 0), c, "BRISC", "guard",
                "guard.brisc.elf", "tests/kernels/guard.c", 18, "sh", 0x3fff,
                "; the kernel's 2-byte store of 0xbeef reaches BRISC's firmware (its code and "
                "data; L1 0x4000..0x7fff)" TF_T_WRONG);
    /* a loop of stores, compiled once hot, from common args (0x24f04) up
     * through their guarded page into the bank tables: the loop's store */
    check_fault(guard(c, "guard.brisc.elf", TF_L1_BANK_TABLE + 4, 4, 0x12345678, 0x140), c, "BRISC",
                "guard", "guard.brisc.elf", "tests/kernels/guard.c", 14, "sw", 0x25400,
                "; the kernel's 4-byte store of 0x12345678 reaches the bank tables (where "
                "interleaved buffers' pages are: the runtime writes them at boot; L1 "
                "0x25400..0x25fff)" TF_T_WRONG);
    /* NCRISC's kernel, a byte into TRISC1's firmware */
    check_fault(guard(c, "guard_nc.ncrisc.elf", TF_L1_FW(TF_RISC_TRISC1) + 0x101, 1, 0x7f, 0), c,
                "NCRISC", "guard_nc", "guard_nc.ncrisc.elf", "tests/kernels/guard.c", 16, "sb",
                0x10101,
                "; the kernel's 1-byte store of 0x7f reaches TRISC1's firmware (its code and data; "
                "L1 0x10000..0x13fff)" TF_T_WRONG);
}

static void ttm_kernel(void)
{
    tf_core c = {0, 1};
    char msg[4096];
    /* a result word written to the mailbox's GO message */
    uint32_t go[] = {TF_L1_MAILBOX, 0x80};
    CHECK_TRUE(run(c, "ttm_l1_guard.ncrisc.elf", go, 2, msg, sizeof msg) != 0);
    check_fault(msg, c, "NCRISC", "ttm_l1_guard", "ttm_l1_guard.ncrisc.elf",
                "tests/kernels/ttm/l1_guard.cpp", 17, "sw", 0,
                "; the kernel's 4-byte store of 0x00000080 reaches the mailbox (GO/DONE, launch "
                "message, RISC status and fault records; L1 0x0..0xbff)" TF_T_WRONG);
    /* a half word into BRISC's firmware code */
    uint32_t fw[] = {TF_L1_FW(TF_RISC_BRISC) + 0x10, 0x1234};
    CHECK_TRUE(run(c, "ttm_l1_guard_half.ncrisc.elf", fw, 2, msg, sizeof msg) != 0);
    check_fault(msg, c, "NCRISC", "ttm_l1_guard_half", "ttm_l1_guard_half.ncrisc.elf",
                "tests/kernels/ttm/l1_guard.cpp", 15, "sh", 0x4010,
                "; the kernel's 2-byte store of 0x1234 reaches BRISC's firmware (its code and "
                "data; L1 0x4000..0x7fff)" TF_T_WRONG);
}

/* Stores that land: next to each region and into what kernels own, each
 * storing the bytes already there (keep), after `walk` words up to it;
 * the kernel then sets its result word. */
static void lands(void)
{
    static const struct {
        uint32_t addr, bytes, walk;
    } ok[] = {
        {TF_L1_MEM_ZEROS + TF_L1_MEM_ZEROS_SIZE, 4, 0}, /* after the zeros: the profiler's */
        {TF_L1_FW_BASE - 4, 4, 0},                      /* before BRISC's firmware */
        {TF_L1_FW_BASE - 2, 2, 0},                      /* its last bytes */
        {TF_L1_STACK_TOP(TF_RISC_BRISC) - TF_L1_STACK_SIZE + TF_L1_STACK_GUARD, 1,
         0},                                              /* BRISC's stack, above its guard */
        {TF_L1_BANK_TABLE - 4, 4, 0x140},                 /* before the bank tables, compiled */
        {TF_L1_BANK_TABLE + TF_L1_BANK_TABLE_SIZE, 4, 0}, /* after: BRISC's kernel image */
        {TF_L1_RTA(TF_RISC_BRISC), 4, 0},                 /* its own runtime args */
        {TF_L1_SEMAPHORE(3), 4, 0},                       /* a semaphore */
        {TF_L1_CB_CONFIG, 4, 0},                          /* CB config (not guarded) */
        {TF_L1_CB_LOCAL(TF_RISC_BRISC), 2, 0},            /* its CB state */
        {TF_L1_PROFILER + TF_L1_PROFILER_SIZE / 2, 1, 0}, /* the profiler's buffers */
    };
    tf_core c = {1, 1};
    tf_buffer *res = MUST_PTR(tf_buffer_create_l1(dev, c, 16));
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        uint32_t zero = 0, done = 0;
        MUST(tf_buffer_write(res, 0, &zero, 4));
        uint32_t args[] = {ok[i].addr, ok[i].bytes, 0,
                           1,          ok[i].walk,  (uint32_t)tf_buffer_address(res)};
        char msg[4096];
        CHECK_TRUE(run(c, "guard.brisc.elf", args, 6, msg, sizeof msg) == 0);
        if (msg[0]) fprintf(stderr, "0x%x: %s\n", ok[i].addr, msg);
        MUST(tf_buffer_read(res, 0, &done, 4));
        CHECK_EQ_U(done, 1);
    }
    tf_buffer_free(res);
}

int main(void)
{
    dev = rt_open(2, 2);
    c_kernel();
    ttm_kernel();
    lands();
    MUST(tf_device_close(dev));
    return tf_check_report("test_l1_guard");
}
