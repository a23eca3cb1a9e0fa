/* TT_FOIL_PROFILE_KERNEL_BITMASK=2, as docs/profiling.md says it behaves
 * (tt-metal's PROFILE_KERNEL): any value records the zones of every
 * kernel, so 2 records them too, exactly as 1 does (bit 1 asks tt-metal to
 * profile its dispatch cores, and tt-foil has none: no other core or zone
 * appears); the value must match between firmware and kernels, and the
 * build note carries it. Firmware and dz_loop are built with 2 here
 * (tests/CMakeLists.txt: fwprof2/, dz_loop2), beside the build's 1. */
#include "rt_test.h"
#include "common/cm_elf.h"
#include "tf_build_note.h"

#include <string.h>

/* dz_loop mode 0 on core (0,0) of a 2x1 grid with firmware from fw_dir;
 * its zones as "RISC name depth" lines, and the cores that recorded any. */
static int run(const char *fw_dir, const char *kernel, char *out, size_t n, int *cores)
{
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sim = {.grid_x = 2, .grid_y = 1};
    cfg.sim = &sim;
    cfg.firmware_dir = fw_dir;
    tf_device *dev = MUST_PTR(tf_device_open(&cfg));
    tf_kernel *k = rt_kernel(dev, kernel);
    tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
    tf_program *idle = MUST_PTR(tf_program_create(dev, (tf_core){1, 0}));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    uint32_t args[] = {0, 100};
    MUST(tf_program_set_args(p, TF_BRISC, args, 2));
    MUST(tf_dispatch_execute(p));
    tf_device_profile pr, pi;
    MUST(tf_program_device_profile(p, &pr));
    *cores = pr.nzones > 0;
    if (!tf_program_device_profile(idle, &pi)) *cores += pi.nzones > 0;
    size_t at = 0;
    out[0] = 0;
    for (size_t i = 0; i < pr.nzones && at < n; i++)
        at += (size_t)snprintf(out + at, n - at, "%d %s %u\n", pr.zones[i].risc, pr.zones[i].name,
                               pr.zones[i].depth);
    CHECK_EQ_U(pr.unmatched, 0);
    size_t nz = pr.nzones;
    tf_program_destroy(p);
    tf_program_destroy(idle);
    tf_kernel_free(k);
    MUST(tf_device_close(dev));
    return (int)nz;
}

static uint32_t note_bitmask(const char *path)
{
    cm_elf *e = cm_elf_open(path);
    CHECK_TRUE(e != NULL);
    if (!e) return 99;
    uint32_t sz = 0;
    const uint8_t *s = cm_elf_section(e, ".tt_foil_build", &sz);
    tf_build_note b = {0};
    CHECK_TRUE(s && sz >= sizeof b);
    if (s && sz >= sizeof b) memcpy(&b, s, sizeof b);
    cm_elf_free(e);
    CHECK_EQ_U(b.profiler, 1);
    return b.profiler_bitmask;
}

int main(void)
{
    /* the build note carries the value, firmware and kernel alike */
    CHECK_EQ_U(note_bitmask(TF_TEST_FWPROF2 "/brisc.elf"), 2);
    CHECK_EQ_U(note_bitmask(TF_TEST_KERNELS "/dz_loop2.brisc.elf"), 2);
    CHECK_EQ_U(note_bitmask(TF_TEST_KERNELS "/dz_loop.brisc.elf"), 1);

    /* 2 records the zones, the same ones as 1, on the same one core */
    char one[4096], two[4096];
    int cores1 = 0, cores2 = 0;
    int n1 = run(TF_TEST_FWPROF, "dz_loop.brisc.elf", one, sizeof one, &cores1);
    int n2 = run(TF_TEST_FWPROF2, "dz_loop2.brisc.elf", two, sizeof two, &cores2);
    CHECK_TRUE(n2 > 0);
    CHECK_EQ_U(n2, n1);
    CHECK_TRUE(!strcmp(one, two));
    CHECK_CONTAINS(two, "0 BRISC-KERNEL 1\n");
    CHECK_CONTAINS(two, "0 inner 3\n");
    CHECK_EQ_U(cores2, 1); /* no dispatch core: only the core that ran */
    CHECK_EQ_U(cores1, 1);

    /* the value must match: a bitmask-1 kernel on bitmask-2 firmware is refused */
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sim = {.grid_x = 1, .grid_y = 1};
    cfg.sim = &sim;
    cfg.firmware_dir = TF_TEST_FWPROF2;
    tf_device *dev = MUST_PTR(tf_device_open(&cfg));
    CHECK_TRUE(tf_kernel_load(dev, TF_TEST_KERNELS "/dz_loop.brisc.elf") == NULL);
    CHECK_CONTAINS(tf_last_error(), "kernel 'dz_loop' was built with the device profiler on "
                                    "(bitmask 1) but the firmware with it on (bitmask 2)");
    MUST(tf_device_close(dev));
    return tf_check_report("test_profile_bitmask");
}
