/* The device profiler on the simulator, with exact checks: a zone around a
 * loop of known length, nesting, names resolved from the ELFs (two zones
 * of one name keep distinct ids), zones on all five RISCs of several cores
 * in one multi-core dispatch (inside circular-buffer waits on the TRISCs),
 * FW/KERNEL zone counts, 300 zones giving the right dropped count and no
 * broken pair, the cost of a zone, the raw CSV and clock sync files, the
 * profiler-mismatch refusal, and compiled-out kernels. */
#include "rt_test.h"
#include "common/cm_csv.h"
#include "common/cm_elf.h"

#include <string.h>
#include <unistd.h>

static tf_device *dev;

static const tf_device_zone *find(const tf_device_profile *pr, int risc, const char *name, int nth)
{
    for (size_t i = 0; i < pr->nzones; i++)
        if (pr->zones[i].risc == risc && !strcmp(pr->zones[i].name, name) && nth-- == 0)
            return &pr->zones[i];
    return NULL;
}

static int count(const tf_device_profile *pr, int risc, const char *name)
{
    int n = 0;
    for (size_t i = 0; i < pr->nzones; i++)
        n += (risc < 0 || pr->zones[i].risc == risc) && !strcmp(pr->zones[i].name, name);
    return n;
}

static uint64_t dur(const tf_device_zone *z)
{
    return z ? z->end_cycle - z->start_cycle : 0;
}

static uint16_t fnv16(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++) h = (h ^ (uint8_t)*s) * 16777619u;
    return (uint16_t)((h & 0xffff) ^ (h >> 16));
}

/* Run dz_loop in `mode` with n on core (0,0); return its profile. */
static tf_program *loop_prog;
static tf_device_profile run_loop(uint32_t mode, uint32_t n)
{
    uint32_t args[] = {mode, n};
    MUST(tf_program_set_args(loop_prog, TF_BRISC, args, 2));
    MUST(tf_dispatch_execute(loop_prog));
    tf_device_profile pr;
    MUST(tf_program_device_profile(loop_prog, &pr));
    return pr;
}

static void test_loop(void)
{
    tf_device_profile pr = run_loop(0, 1000);
    const tf_device_zone *loop = find(&pr, TF_BRISC, "loop", 0);
    CHECK_TRUE(loop != NULL);
    uint64_t d1 = dur(loop);
    /* deterministic */
    pr = run_loop(0, 1000);
    CHECK_EQ_U(dur(find(&pr, TF_BRISC, "loop", 0)), d1);
    /* and exact: 1000 more iterations of a 5-instruction loop */
    pr = run_loop(0, 2000);
    CHECK_EQ_U(dur(find(&pr, TF_BRISC, "loop", 0)) - d1, 5000);
    printf("zone around 1000 iterations: %llu cycles\n", (unsigned long long)d1);
    /* nesting: FW > KERNEL > outer > inner */
    const tf_device_zone *fw = find(&pr, TF_BRISC, "BRISC-FW", 0),
                         *kz = find(&pr, TF_BRISC, "BRISC-KERNEL", 0),
                         *outer = find(&pr, TF_BRISC, "outer", 0),
                         *inner = find(&pr, TF_BRISC, "inner", 0);
    CHECK_TRUE(fw && kz && outer && inner);
    if (!fw || !kz || !outer || !inner) return;
    CHECK_EQ_U(fw->depth, 0);
    CHECK_EQ_U(kz->depth, 1);
    CHECK_EQ_U(outer->depth, 2);
    CHECK_EQ_U(inner->depth, 3);
    CHECK_TRUE(fw->start_cycle <= kz->start_cycle && kz->start_cycle <= outer->start_cycle &&
               outer->start_cycle <= inner->start_cycle && inner->end_cycle <= outer->end_cycle &&
               outer->end_cycle <= kz->end_cycle && kz->end_cycle <= fw->end_cycle);
    CHECK_TRUE(dur(inner) < dur(outer));
    /* names exact from the ELF: two "dup" zones, distinct ids and hashes */
    const tf_device_zone *d0 = find(&pr, TF_BRISC, "dup", 0), *d1z = find(&pr, TF_BRISC, "dup", 1);
    CHECK_TRUE(d0 && d1z);
    if (!d0 || !d1z) return;
    CHECK_TRUE(d0->id != d1z->id && d0->line != d1z->line && d0->hash != d1z->hash);
    CHECK_TRUE(!strcmp(d0->file, "tests/kernels/dz_loop.c"));
    char key[256];
    snprintf(key, sizeof key, "dup,tests/kernels/dz_loop.c,%u,KERNEL_PROFILER", d0->line);
    CHECK_EQ_U(d0->hash, fnv16(key));
    CHECK_EQ_U(pr.unmatched, 0);
    /* a BRISC-only dispatch: FW zones on all five RISCs, KERNEL only on BRISC */
    CHECK_EQ_U(count(&pr, TF_BRISC, "BRISC-FW"), 1);
    CHECK_EQ_U(count(&pr, TF_NCRISC, "NCRISC-FW"), 1);
    CHECK_EQ_U(count(&pr, -1, "TRISC-FW"), 3);
    CHECK_EQ_U(count(&pr, -1, "BRISC-KERNEL"), 1);
    CHECK_EQ_U(count(&pr, -1, "NCRISC-KERNEL"), 0);
    CHECK_EQ_U(count(&pr, -1, "TRISC-KERNEL"), 0);
    /* placed on the host timeline: the device clock is the host's */
    CHECK_TRUE(loop->start_ns == loop->start_cycle && loop->end_ns == loop->end_cycle);
}

static void test_drops_and_cost(void)
{
    /* 300 zones: the buffer holds 256 markers; FW and KERNEL take 4, so 126
     * "many" zones fit and 174 are dropped, none split */
    tf_device_profile pr = run_loop(1, 300);
    CHECK_EQ_U(count(&pr, TF_BRISC, "many"), 126);
    CHECK_EQ_U(pr.dropped[TF_BRISC], 174);
    CHECK_EQ_U(pr.dropped[TF_NCRISC], 0);
    CHECK_EQ_U(pr.unmatched, 0);
    CHECK_EQ_U(count(&pr, TF_BRISC, "BRISC-KERNEL"), 1);
    CHECK_EQ_U(count(&pr, TF_BRISC, "BRISC-FW"), 1);
    /* the next dispatch starts with an empty buffer and nothing dropped */
    pr = run_loop(1, 10);
    CHECK_EQ_U(count(&pr, TF_BRISC, "many"), 10);
    CHECK_EQ_U(pr.dropped[TF_BRISC], 0);
    /* cost of one zone (START + END), in modeled cycles */
    pr = run_loop(2, 50);
    uint64_t ref = dur(find(&pr, TF_BRISC, "cost_ref", 0)),
             with = dur(find(&pr, TF_BRISC, "cost_zones", 0));
    CHECK_EQ_U(count(&pr, TF_BRISC, "empty"), 50);
    double per_zone = (double)(with - ref) / 50.0;
    printf("device zone cost: %.1f modeled cycles per zone (START + END)\n", per_zone);
    CHECK_TRUE(per_zone > 0 && per_zone <= 30.0);
}

static void test_pipeline(void)
{
    /* two cores, every RISC busy, in one multi-core dispatch */
    enum { TILES = 12, TILE = 1024 };
    tf_kernel *rd = rt_kernel(dev, "dz_pipe_rd.ncrisc.elf");
    tf_kernel *wr = rt_kernel(dev, "dz_pipe_wr.brisc.elf");
    tf_kernel *cmp = MUST_PTR(tf_kernel_load(dev, TF_TEST_KERNELS "/dz_pipe_cmp.compute"));
    CHECK_EQ_U(tf_kernel_risc(cmp), TF_COMPUTE);
    uint32_t words[TILES * TILE / 4], back[TILES * TILE / 4];
    for (int i = 0; i < TILES * TILE / 4; i++) words[i] = (uint32_t)i * 3u;
    tf_program *p[2];
    tf_buffer *in[2], *out[2];
    for (int c = 0; c < 2; c++) {
        in[c] = MUST_PTR(tf_buffer_create_dram(dev, sizeof words));
        out[c] = MUST_PTR(tf_buffer_create_dram(dev, sizeof words));
        MUST(tf_buffer_write(in[c], 0, words, sizeof words));
        p[c] = MUST_PTR(tf_program_create(dev, (tf_core){c + 1, 1}));
        MUST(tf_program_set_kernel(p[c], TF_NCRISC, rd));
        MUST(tf_program_set_kernel(p[c], TF_BRISC, wr));
        MUST(tf_program_set_kernel(p[c], TF_COMPUTE, cmp));
        for (int cb = 0; cb < 3; cb++) MUST(tf_program_set_cb(p[c], (uint32_t)cb, TILE, 2));
        uint64_t a = tf_buffer_noc_addr(in[c]), b = tf_buffer_noc_addr(out[c]);
        uint32_t args[] = {lo32(a), hi32(a), lo32(b), hi32(b), TILES};
        MUST(tf_program_set_args(p[c], TF_NCRISC, args, 5));
        MUST(tf_program_set_args(p[c], TF_BRISC, args, 5));
        MUST(tf_program_set_args(p[c], TF_COMPUTE, args, 5));
    }
    MUST(tf_dispatch_execute_multi(p, 2));
    for (int c = 0; c < 2; c++) {
        MUST(tf_buffer_read(out[c], 0, back, sizeof back));
        int ok = 1;
        for (int i = 0; i < TILES * TILE / 4; i++) ok &= back[i] == words[i] + 1;
        CHECK_TRUE(ok);
        tf_device_profile pr;
        MUST(tf_program_device_profile(p[c], &pr));
        CHECK_EQ_U(count(&pr, TF_NCRISC, "read tile"), TILES);
        CHECK_EQ_U(count(&pr, TF_TRISC0, "unpack"), TILES);
        CHECK_EQ_U(count(&pr, TF_TRISC1, "math"), TILES);
        CHECK_EQ_U(count(&pr, TF_TRISC2, "pack"), TILES);
        CHECK_EQ_U(count(&pr, TF_BRISC, "write tile"), TILES);
        for (int r = 0; r < 5; r++) {
            CHECK_EQ_U(count(&pr, r, r == 0 ? "BRISC-FW" : r == 1 ? "NCRISC-FW" : "TRISC-FW"), 1);
            CHECK_EQ_U(count(&pr, r,
                             r == 0   ? "BRISC-KERNEL"
                             : r == 1 ? "NCRISC-KERNEL"
                                      : "TRISC-KERNEL"),
                       1);
            CHECK_EQ_U(pr.dropped[r], 0);
        }
        CHECK_EQ_U(pr.unmatched, 0);
        tf_program_destroy(p[c]);
        tf_buffer_free(in[c]);
        tf_buffer_free(out[c]);
    }
    tf_kernel_free(rd);
    tf_kernel_free(wr);
    tf_kernel_free(cmp);
}

static void test_files(const char *csv, const char *sync)
{
    FILE *f = fopen(sync, "r");
    CHECK_TRUE(f != NULL);
    if (f) {
        char hdr[128];
        unsigned long long host, cyc;
        double npc;
        char mode[32];
        CHECK_TRUE(fgets(hdr, sizeof hdr, f) != NULL);
        CHECK_TRUE(!strcmp(hdr, "host_ns_first,cycle_first,ns_per_cycle,device_clock\n"));
        CHECK_EQ_U(fscanf(f, "%llu,%llu,%lf,%31s", &host, &cyc, &npc, mode), 4);
        CHECK_EQ_U(host, cyc); /* the simulator's clock is the host's: exact */
        CHECK_TRUE(npc == 1.0 && !strcmp(mode, "host_monotonic"));
        fclose(f);
    }
    cm_csv_reader r = {.f = fopen(csv, "r")};
    CHECK_TRUE(r.f != NULL);
    if (!r.f) return;
    CHECK_EQ_U(cm_csv_next(&r), 17);
    CHECK_TRUE(!strcmp(r.fields[0], "dispatch_idx") && !strcmp(r.fields[7], "cycle") &&
               !strcmp(r.fields[6], "zone_hash") && !strcmp(r.fields[8], "zone_name") &&
               !strcmp(r.fields[15], "device") && !strcmp(r.fields[16], "pid"));
    int starts = 0, ends = 0, dropped_rows = 0, named = 0;
    uint64_t rows = 0, want_rows = 0, want_bytes = 0;
    int device1 = 0, ours = 0;
    char pid[24];
    snprintf(pid, sizeof pid, "%ld", (long)getpid());
    while (cm_csv_next(&r) == 17) {
        rows++;
        device1 += !strcmp(r.fields[15], "1"); /* the one device open: number 1 */
        ours += !strcmp(r.fields[16], pid);    /* the process that wrote the row */
        starts += !strcmp(r.fields[5], "START");
        ends += !strcmp(r.fields[5], "END");
        if (!strcmp(r.fields[5], "DROPPED")) {
            dropped_rows++;
            CHECK_TRUE(!strcmp(r.fields[12], "174") && !strcmp(r.fields[4], "BRISC"));
        }
        named += !strcmp(r.fields[8], "read tile") && !strncmp(r.fields[6], "0x", 2);
    }
    CHECK_EQ_U(starts, ends);
    CHECK_TRUE(starts > 300);
    CHECK_EQ_U(dropped_rows, 1);
    CHECK_EQ_U(named, 2 * 2 * 12); /* START + END, 2 cores, 12 tiles */
    CHECK_EQ_U(device1, rows);
    CHECK_EQ_U(ours, rows);
    /* the end records: every row, every byte (a cut at a row boundary shows) */
    CHECK_EQ_U(cm_csv_end_read(csv, &want_rows, &want_bytes), 0);
    CHECK_EQ_U(want_rows, rows);
    CHECK_TRUE(fseek(r.f, 0, SEEK_END) == 0);
    CHECK_EQ_U(want_bytes, (uint64_t)ftell(r.f));
    CHECK_EQ_U(cm_csv_end_read(sync, &want_rows, &want_bytes), 0);
    CHECK_EQ_U(want_rows, 1);
    cm_csv_close(&r);
    fclose(r.f);
}

int main(void)
{
    char csv[512], sync[512];
    snprintf(csv, sizeof csv, "%s/dz.csv", TF_TEST_WORK);
    snprintf(sync, sizeof sync, "%s/dz_sync.csv", TF_TEST_WORK);
    setenv("TT_FOIL_DEVICE_ZONES_CSV", csv, 1);
    setenv("TT_FOIL_DEVICE_CLOCK_SYNC", sync, 1);
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sim = {.grid_x = 3, .grid_y = 2};
    cfg.sim = &sim;
    cfg.firmware_dir = TF_TEST_FWPROF;
    dev = MUST_PTR(tf_device_open(&cfg));

    /* a kernel built without the profiler cannot run on profiling firmware */
    CHECK_TRUE(tf_kernel_load(dev, TF_TEST_KERNELS "/dz_loop_off.brisc.elf") == NULL);
    CHECK_CONTAINS(tf_last_error(), "kernel 'dz_loop_off' was built with the device profiler off "
                                    "(bitmask 0) but the firmware with it on (bitmask 1)");
    /* compiled out: no zone metadata, no anchors */
    cm_elf *off = cm_elf_open(TF_TEST_KERNELS "/dz_loop_off.brisc.elf");
    cm_elf *on = cm_elf_open(TF_TEST_KERNELS "/dz_loop.brisc.elf");
    uint32_t sz = 0;
    CHECK_TRUE(off && on);
    if (off && on) {
        CHECK_TRUE(cm_elf_section(off, ".tt_foil_zones", &sz) == NULL);
        CHECK_TRUE(cm_elf_section(on, ".tt_foil_zones", &sz) != NULL && sz > 0);
        uint32_t v;
        CHECK_TRUE(cm_elf_symbol(off, "dev_prof_anchor_", &v) != 0);
        CHECK_TRUE(off->seg[0].filesz < on->seg[0].filesz);
    }
    cm_elf_free(off);
    cm_elf_free(on);

    tf_kernel *k = rt_kernel(dev, "dz_loop.brisc.elf");
    loop_prog = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
    MUST(tf_program_set_kernel(loop_prog, TF_BRISC, k));
    test_loop();
    test_drops_and_cost();
    test_pipeline();
    tf_program_destroy(loop_prog);
    tf_kernel_free(k);
    MUST(tf_device_close(dev));
    test_files(csv, sync);
    return tf_check_report("test_device_profiler");
}
