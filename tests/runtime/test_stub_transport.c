/* The transport contract without the simulator: faults reach the runtime
 * through the mailbox only, so any transport reports them alike.
 *
 * A stub transport keeps L1 and DRAM in host memory and runs no RISC. It
 * does what the firmware would: INIT when a RISC leaves reset, and at GO
 * either finishes the dispatch or writes the fault record the firmware's
 * trap handler writes (device/firmware/trap.c). A tap transport forwards
 * to the simulator and keeps the fault records the runtime read. For the
 * same fault, the runtime's message on the stub must be the simulator's,
 * byte for byte; for ebreak the stub builds the record itself from the
 * kernel's code, and it must equal the record the real firmware wrote. */
#include "common/cm_rv32.h"
#include "rt_test.h"
#include "tf_mailbox.h"

#include <string.h>
#include <time.h>

/* Two strings must be equal; print both if not. */
/* The message without its dispatch id ("dispatch 7 " -> "dispatch # "):
 * ids are the process's count, and the two devices' dispatches differ. */
static const char *without_id(const char *m, char *buf, size_t n)
{
    size_t o = 0;
    for (const char *p = m; *p && o + 1 < n;) {
        if (!strncmp(p, "dispatch ", 9) && p[9] >= '0' && p[9] <= '9') {
            for (const char *q = "dispatch #"; *q && o + 1 < n;) buf[o++] = *q++;
            for (p += 9; *p >= '0' && *p <= '9';) p++;
        } else {
            buf[o++] = *p++;
        }
    }
    buf[o] = 0;
    return buf;
}

/* The same message, byte for byte but for the dispatch id. */
#define CHECK_SAME(a, b)                                                                           \
    do {                                                                                           \
        char wa_[4096], wb_[4096];                                                                 \
        int same_ = !strcmp(without_id((a), wa_, sizeof wa_), without_id((b), wb_, sizeof wb_));   \
        CHECK_TRUE(same_);                                                                         \
        if (!same_) fprintf(stderr, "  stub: %s\n  sim:  %s\n", (a), (b));                         \
    } while (0)

#define STUB_GX   2
#define STUB_GY   1
#define STUB_DRAM (1u << 20)

/* ---- the stub: memory arrays and a fake firmware ----------------------- */

enum { STUB_COMPLETE, STUB_EBREAK, STUB_REPLAY };

typedef struct stub {
    tf_transport base;
    uint8_t *l1[STUB_GX * STUB_GY];
    uint8_t *dram;
    uint32_t last_go[STUB_GX * STUB_GY];
    uint64_t clock;
    int mode;               /* what the next GO does */
    tf_fault_record replay; /* STUB_REPLAY: this record, on replay_risc */
    int replay_risc;
    tf_fault_record written; /* the last record the stub wrote */
    int closed;
} stub;

static stub *stub_of(tf_transport *t)
{
    return (stub *)t;
}

static tf_mailbox *stub_mb(stub *s, int x, int y)
{
    return (tf_mailbox *)(void *)(s->l1[y * STUB_GX + x] + TF_L1_MAILBOX);
}

static void stub_info(tf_transport *t, tf_chip_info *out)
{
    (void)t;
    memset(out, 0, sizeof *out);
    out->grid_x = STUB_GX;
    out->grid_y = STUB_GY;
    out->l1_size = TF_L1_SIZE;
    out->dram_banks = 1;
    out->dram_bank_size = STUB_DRAM;
    out->clock_mhz = 1000;
    out->name = "stub transport";
}

static int stub_core(int x, int y)
{
    return x >= 0 && y >= 0 && x < STUB_GX && y < STUB_GY ? 0 : -1;
}

static int stub_read_l1(tf_transport *t, int x, int y, uint32_t addr, void *dst, uint32_t n)
{
    if (stub_core(x, y) || addr > TF_L1_SIZE || n > TF_L1_SIZE - addr) return -1;
    memcpy(dst, stub_of(t)->l1[y * STUB_GX + x] + addr, n);
    return 0;
}

static int stub_write_l1(tf_transport *t, int x, int y, uint32_t addr, const void *src, uint32_t n)
{
    if (stub_core(x, y) || addr > TF_L1_SIZE || n > TF_L1_SIZE - addr) return -1;
    memcpy(stub_of(t)->l1[y * STUB_GX + x] + addr, src, n);
    return 0;
}

static int stub_read_dram(tf_transport *t, int bank, uint64_t addr, void *dst, uint64_t n)
{
    if (bank != 0 || addr > STUB_DRAM || n > STUB_DRAM - addr) return -1;
    memcpy(dst, stub_of(t)->dram + addr, n);
    return 0;
}

static int stub_write_dram(tf_transport *t, int bank, uint64_t addr, const void *src, uint64_t n)
{
    if (bank != 0 || addr > STUB_DRAM || n > STUB_DRAM - addr) return -1;
    memcpy(stub_of(t)->dram + addr, src, n);
    return 0;
}

/* Leaving reset, the firmware boots and reports INIT. */
static int stub_set_reset(tf_transport *t, int x, int y, uint32_t mask, int assert)
{
    if (stub_core(x, y)) return -1;
    tf_mailbox *mb = stub_mb(stub_of(t), x, y);
    for (int r = 0; r < TF_NUM_RISCS; r++)
        if (mask & (1u << r)) mb->risc[r].state = assert ? TF_RISC_OFF : TF_RISC_INIT;
    return 0;
}

static int stub_read_pc(tf_transport *t, int x, int y, int risc, uint32_t *pc)
{
    (void)t;
    (void)risc;
    if (stub_core(x, y)) return -1;
    *pc = 0;
    return 0;
}

static int stub_read_clock(tf_transport *t, int x, int y, uint64_t *cycles)
{
    (void)x;
    (void)y;
    *cycles = stub_of(t)->clock += 1000;
    return 0;
}

/* What the trap handler writes for the kernel's first ebreak: mepc and
 * mtval are its address, the instruction is read at mepc, the fault-detail
 * registers hold nothing (no chip fault, no dev_fault). */
static tf_fault_record ebreak_record(const uint8_t *l1, uint32_t entry, int risc)
{
    tf_fault_record f;
    memset(&f, 0, sizeof f);
    for (uint32_t pc = entry; pc < (uint32_t)(TF_L1_KERNEL(risc) + TF_L1_KERNEL_SIZE); pc += 4) {
        uint32_t w;
        memcpy(&w, l1 + pc, 4);
        cm_slot slot;
        if (cm_rv32_decode(w, pc, &slot) != TF_OP_EBREAK) continue;
        f.cause = TF_CAUSE_BREAKPOINT;
        f.pc = f.tval = pc;
        f.insn = w;
        f.detail = TF_FAULT_DETAIL_NONE;
        f.magic = TF_FAULT_MAGIC;
        break;
    }
    return f;
}

/* GO: each RISC of the core runs the dispatch, as fw.c does. */
static void stub_run(stub *s, int x, int y)
{
    tf_mailbox *mb = stub_mb(s, x, y);
    uint32_t id = mb->go.dispatch_id;
    int faulted = 0;
    for (int r = 0; r < TF_NUM_RISCS; r++) {
        int enabled = (mb->launch.enables >> r) & 1;
        tf_fault_record f = {0};
        if (enabled && s->mode == STUB_EBREAK)
            f = ebreak_record(s->l1[y * STUB_GX + x], mb->launch.kernel_entry[r], r);
        else if (enabled && s->mode == STUB_REPLAY && r == s->replay_risc)
            f = s->replay;
        if (f.magic == TF_FAULT_MAGIC) {
            mb->fault[r] = f;
            mb->risc[r].state = TF_RISC_FAULT;
            s->written = f;
            faulted = 1;
            continue;
        }
        mb->risc[r].go_cycle_lo = (uint32_t)s->clock;
        mb->risc[r].done_cycle_lo = (uint32_t)s->clock + 100;
        mb->risc[r].done_id = id;
    }
    if (!faulted) mb->go.signal = TF_GO_DONE;
}

static int stub_start(tf_transport *t)
{
    stub *s = stub_of(t);
    for (int y = 0; y < STUB_GY; y++)
        for (int x = 0; x < STUB_GX; x++) {
            tf_mailbox *mb = stub_mb(s, x, y);
            if (mb->go.signal != TF_GO_RUN || mb->go.dispatch_id == s->last_go[y * STUB_GX + x])
                continue;
            s->last_go[y * STUB_GX + x] = mb->go.dispatch_id;
            stub_run(s, x, y);
        }
    return 0;
}

static int stub_wait(tf_transport *t, uint64_t timeout_ns)
{
    (void)t;
    struct timespec ts = {0, (long)(timeout_ns < 1000000 ? timeout_ns : 1000000)};
    nanosleep(&ts, NULL);
    return 0;
}

static void stub_close(tf_transport *t)
{
    stub_of(t)->closed = 1; /* the test frees it */
}

static const tf_transport_ops stub_ops = {
    .info = stub_info,
    .read_l1 = stub_read_l1,
    .write_l1 = stub_write_l1,
    .read_dram = stub_read_dram,
    .write_dram = stub_write_dram,
    .set_reset = stub_set_reset,
    .read_pc = stub_read_pc,
    .read_clock = stub_read_clock,
    .start = stub_start,
    .wait = stub_wait,
    .close = stub_close,
    /* no counters, no halted: as on hardware */
};

static stub *stub_new(void)
{
    stub *s = MUST_PTR(calloc(1, sizeof *s));
    s->base.ops = &stub_ops;
    for (int i = 0; i < STUB_GX * STUB_GY; i++) s->l1[i] = MUST_PTR(calloc(1, TF_L1_SIZE));
    s->dram = MUST_PTR(calloc(1, STUB_DRAM));
    return s;
}

static void stub_free(stub *s)
{
    CHECK_TRUE(s->closed); /* the device closed its transport */
    for (int i = 0; i < STUB_GX * STUB_GY; i++) free(s->l1[i]);
    free(s->dram);
    free(s);
}

/* ---- the tap: the simulator, and the fault records the runtime saw ------ */

typedef struct tap {
    tf_transport base;
    tf_transport *sim;
    tf_fault_record seen;
    int seen_risc;
} tap;

static tf_transport *inner(tf_transport *t)
{
    return ((tap *)t)->sim;
}

static void tap_info(tf_transport *t, tf_chip_info *out)
{
    inner(t)->ops->info(inner(t), out);
}

static int tap_read_l1(tf_transport *t, int x, int y, uint32_t addr, void *dst, uint32_t n)
{
    tap *p = (tap *)t;
    if (inner(t)->ops->read_l1(inner(t), x, y, addr, dst, n)) return -1;
    if (addr == TF_L1_MAILBOX && n >= sizeof(tf_mailbox)) {
        const tf_mailbox *mb = dst;
        for (int r = 0; r < TF_NUM_RISCS; r++)
            if (mb->fault[r].magic == TF_FAULT_MAGIC && p->seen.magic != TF_FAULT_MAGIC) {
                p->seen = mb->fault[r];
                p->seen_risc = r;
            }
    }
    return 0;
}

static int tap_write_l1(tf_transport *t, int x, int y, uint32_t addr, const void *src, uint32_t n)
{
    return inner(t)->ops->write_l1(inner(t), x, y, addr, src, n);
}

static int tap_read_dram(tf_transport *t, int bank, uint64_t addr, void *dst, uint64_t n)
{
    return inner(t)->ops->read_dram(inner(t), bank, addr, dst, n);
}

static int tap_write_dram(tf_transport *t, int bank, uint64_t addr, const void *src, uint64_t n)
{
    return inner(t)->ops->write_dram(inner(t), bank, addr, src, n);
}

static int tap_set_reset(tf_transport *t, int x, int y, uint32_t mask, int assert)
{
    return inner(t)->ops->set_reset(inner(t), x, y, mask, assert);
}

static int tap_read_pc(tf_transport *t, int x, int y, int risc, uint32_t *pc)
{
    return inner(t)->ops->read_pc(inner(t), x, y, risc, pc);
}

static int tap_halted(tf_transport *t, int x, int y, uint32_t *mask)
{
    return inner(t)->ops->halted(inner(t), x, y, mask);
}

static int tap_read_clock(tf_transport *t, int x, int y, uint64_t *cycles)
{
    return inner(t)->ops->read_clock(inner(t), x, y, cycles);
}

static int tap_start(tf_transport *t)
{
    return inner(t)->ops->start(inner(t));
}

static int tap_wait(tf_transport *t, uint64_t timeout_ns)
{
    return inner(t)->ops->wait(inner(t), timeout_ns);
}

static void tap_close(tf_transport *t)
{
    inner(t)->ops->close(inner(t));
}

static const tf_transport_ops tap_ops = {
    .info = tap_info,
    .read_l1 = tap_read_l1,
    .write_l1 = tap_write_l1,
    .read_dram = tap_read_dram,
    .write_dram = tap_write_dram,
    .set_reset = tap_set_reset,
    .read_pc = tap_read_pc,
    .halted = tap_halted,
    .read_clock = tap_read_clock,
    .start = tap_start,
    .wait = tap_wait,
    .close = tap_close,
};

/* ---- the runs ------------------------------------------------------------ */

static tf_device *open_on(tf_transport *t)
{
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    cfg.transport = t;
    return MUST_PTR(tf_device_open(&cfg));
}

/* Run kernel `kfile` alone on BRISC of core (1,0); its error message into
 * msg (empty if it succeeded). */
static void run(tf_device *dev, const char *kfile, char *msg, size_t cap)
{
    tf_kernel *k = rt_kernel(dev, kfile);
    tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){1, 0}));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    msg[0] = 0;
    if (tf_dispatch_execute(p)) snprintf(msg, cap, "%s", tf_last_error());
    tf_program_destroy(p);
    tf_kernel_free(k);
}

/* The simulator (through the tap): the message and the record. */
static void on_simulator(const char *kfile, char *msg, size_t cap, tap *tp)
{
    tf_sim_config sc = {.grid_x = STUB_GX, .grid_y = STUB_GY};
    memset(tp, 0, sizeof *tp);
    tp->base.ops = &tap_ops;
    tp->sim = MUST_PTR(tf_sim_transport_open(&sc));
    tf_device *dev = open_on(&tp->base);
    run(dev, kfile, msg, cap);
    MUST(tf_device_close(dev));
}

/* A stub that replays the record the simulator's firmware wrote (tp's),
 * and a device on it in *dev. */
static stub *replay_on(const tap *tp, tf_device **dev)
{
    stub *s = stub_new();
    s->mode = STUB_REPLAY;
    s->replay = tp->seen;
    s->replay_risc = tp->seen_risc;
    *dev = open_on(&s->base);
    return s;
}

/* The simulator's write_l1_batch: in order, and none made unless all are
 * in L1 (the runtime's setup is one batch; the tap above has none, so the
 * runs above took write_l1 one by one). */
static void batch_writes(void)
{
    tf_sim_config sc = {.grid_x = 2, .grid_y = 1};
    tf_transport *t = tf_sim_transport_open(&sc);
    CHECK_TRUE(t && t->ops->write_l1_batch);
    if (!t || !t->ops->write_l1_batch) return;
    uint32_t a = 0x11111111u, b = 0x22222222u, got[2] = {0, 0};
    enum { ADDR = TF_L1_USER_BASE };
    tf_l1_write bad[] = {{ADDR, 4, &a}, {TF_L1_SIZE - 2, 4, &b}};
    CHECK_TRUE(t->ops->write_l1_batch(t, 1, 0, bad, 2) == -1);
    CHECK_CONTAINS(tf_last_error(), "on core (1,0) is outside L1");
    MUST(t->ops->read_l1(t, 1, 0, ADDR, got, 4));
    CHECK_EQ_U(got[0], 0); /* the first, in range, not made either */
    tf_l1_write good[] = {{ADDR, 4, &a}, {ADDR + 4, 4, &b}, {ADDR + 2, 2, &b}};
    MUST(t->ops->write_l1_batch(t, 1, 0, good, 3));
    MUST(t->ops->read_l1(t, 1, 0, ADDR, got, 8));
    CHECK_EQ_U(got[0], 0x22221111u); /* the third over the first: in order */
    CHECK_EQ_U(got[1], b);
    CHECK_TRUE(t->ops->write_l1_batch(t, 5, 0, good, 1) == -1);
    CHECK_CONTAINS(tf_last_error(), "core (5,0) is outside the 2x1 grid");
    t->ops->close(t);
}

int main(void)
{
    char sim_msg[2048], stub_msg[2048];
    batch_writes();
    tap tp;

    /* ebreak: the stub writes the record from the kernel's code */
    on_simulator("fault5.brisc.elf", sim_msg, sizeof sim_msg, &tp);
    CHECK_CONTAINS(sim_msg, "device fault in dispatch 1 on core (1,0) BRISC running kernel "
                            "'fault5'");
    CHECK_CONTAINS(sim_msg, "breakpoint (ebreak) (mcause 3)");
    CHECK_EQ_U(tp.seen.magic, TF_FAULT_MAGIC);
    CHECK_EQ_U(tp.seen_risc, TF_RISC_BRISC);
    stub *s = stub_new();
    s->mode = STUB_EBREAK;
    tf_device *dev = open_on(&s->base);
    run(dev, "fault5.brisc.elf", stub_msg, sizeof stub_msg);
    CHECK_SAME(stub_msg, sim_msg);
    CHECK_TRUE(memcmp(&s->written, &tp.seen, sizeof tp.seen) == 0);
    CHECK_EQ_U(s->written.pc, tp.seen.pc);
    CHECK_EQ_U(s->written.insn, tp.seen.insn);

    /* the stub is a whole transport: the core came back, and a dispatch
     * that does not fault completes */
    s->mode = STUB_COMPLETE;
    run(dev, "counter.brisc.elf", stub_msg, sizeof stub_msg);
    CHECK_SAME(stub_msg, "");
    MUST(tf_device_close(dev));
    stub_free(s);

    /* a chip fault with detail (a NOC address that names nothing): the
     * record the firmware wrote on the simulator, replayed by the stub */
    on_simulator("fault2.brisc.elf", sim_msg, sizeof sim_msg, &tp);
    CHECK_CONTAINS(sim_msg, "store access fault (mcause 7)");
    CHECK_CONTAINS(sim_msg, "NOC address 0x0e8000001000 names x=40 y=3");
    CHECK_EQ_U(tp.seen.detail, TF_FAULT_DETAIL_NOC_BAD_XY);
    CHECK_EQ_U(tp.seen.tval, TF_MMIO_NOC_CMD);
    s = replay_on(&tp, &dev);
    run(dev, "fault2.brisc.elf", stub_msg, sizeof stub_msg);
    CHECK_SAME(stub_msg, sim_msg);
    MUST(tf_device_close(dev));
    stub_free(s);

    /* a kernel's store into the mailbox (the guard on the firmware's L1,
     * detail 23; guard.c with no args stores 0 at address 0): the record
     * replayed gives the simulator's message; a region number this runtime
     * does not know is said so */
    on_simulator("guard.brisc.elf", sim_msg, sizeof sim_msg, &tp);
    CHECK_CONTAINS(sim_msg,
                   "; the kernel's 4-byte store of 0x00000000 reaches the mailbox (GO/DONE, "
                   "launch message, RISC status and fault records; L1 0x0..0xbff)");
    CHECK_EQ_U(tp.seen.detail, TF_FAULT_DETAIL_KERNEL_STORE);
    CHECK_EQ_U(tp.seen.tval, TF_L1_MAILBOX);
    CHECK_EQ_U(tp.seen.aux_lo, 0);
    CHECK_EQ_U(tp.seen.aux_hi, TF_L1_GUARD_AUX(TF_L1_GUARD_MAILBOX, 4, 0));
    s = replay_on(&tp, &dev);
    run(dev, "guard.brisc.elf", stub_msg, sizeof stub_msg);
    CHECK_SAME(stub_msg, sim_msg);
    s->replay.aux_hi = TF_L1_GUARD_AUX(99, 4, 0);
    run(dev, "guard.brisc.elf", stub_msg, sizeof stub_msg);
    CHECK_CONTAINS(stub_msg, "address 0x00000000; a kernel's store into L1 region 99, which this "
                             "runtime does not know (firmware built against other headers?); core "
                             "(1,0) was reset");
    /* the firmware's region with an address past every RISC's image (a
     * record from other firmware): the whole region, no RISC named */
    s->replay.aux_hi = TF_L1_GUARD_AUX(TF_L1_GUARD_FIRMWARE, 4, 0);
    s->replay.tval = TF_L1_USER_BASE;
    run(dev, "guard.brisc.elf", stub_msg, sizeof stub_msg);
    CHECK_CONTAINS(stub_msg, "address 0x00062000; the kernel's 4-byte store of 0x00000000 reaches "
                             "firmware (its code and data; L1 0x4000..0x17fff), which kernels");
    MUST(tf_device_close(dev));
    stub_free(s);

    /* a transport and simulator settings at once is a mistake */
    s = stub_new();
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sc = {.grid_x = 2};
    cfg.transport = &s->base;
    cfg.sim = &sc;
    CHECK_TRUE(tf_device_open(&cfg) == NULL);
    CHECK_CONTAINS(tf_last_error(), "tf_device_config.sim configures the built-in simulator");
    stub_free(s);
    return tf_check_report("test_stub_transport");
}
