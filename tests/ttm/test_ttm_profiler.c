/* Every kernel_profiler.hpp macro in a C++ kernel (kernels/ttm/prof_macros.cpp)
 * shows up in the device profile and the raw CSV with its exact name, file
 * and line, and the right kind and value: zones (N, MainN, MainChildN),
 * accumulated zones (one SUM per slot and dispatch, with the total and the
 * number of scopes), timestamped data, events, and DeviceValidateProfiler
 * discarding a RISC's markers. */
#include "common/cm_csv.h"
#include "ttm_test.h"

#define SRC "tests/kernels/ttm/prof_macros.cpp"

static const tf_device_zone *find(const tf_device_profile *pr, const char *name)
{
    for (size_t i = 0; i < pr->nzones; i++)
        if (!strcmp(pr->zones[i].name, name)) return &pr->zones[i];
    return NULL;
}

static void check_zone(const tf_device_profile *pr, const char *name, uint32_t line,
                       tf_device_zone_kind kind)
{
    const tf_device_zone *z = find(pr, name);
    CHECK_TRUE(z != NULL);
    if (!z) {
        fprintf(stderr, "  zone '%s' missing\n", name);
        return;
    }
    CHECK_EQ_U(z->line, line);
    CHECK_TRUE(!strcmp(z->file, SRC));
    CHECK_EQ_U(z->kind, kind);
    CHECK_EQ_U(z->risc, TF_BRISC);
}

int main(void)
{
    char csv[512];
    snprintf(csv, sizeof csv, "%s/ttm_prof.csv", TF_TEST_WORK);
    setenv("TT_FOIL_DEVICE_ZONES_CSV", csv, 1);
    setenv("TT_FOIL_DEVICE_CLOCK_SYNC", "OFF", 1);
    tf_device_config cfg;
    tf_device_config_init(&cfg);
    tf_sim_config sim = {.grid_x = 2, .grid_y = 1};
    cfg.sim = &sim;
    cfg.firmware_dir = TF_TEST_FWPROF;
    tf_device *dev = MUST_PTR(tf_device_open(&cfg));
    tf_kernel *k = rt_kernel(dev, "ttm_prof.brisc.elf");
    tf_program *p = MUST_PTR(tf_program_create(dev, (tf_core){0, 0}));
    MUST(tf_program_set_kernel(p, TF_BRISC, k));

    uint32_t args[2] = {7, 1};
    MUST(tf_program_set_args(p, TF_BRISC, args, 2));
    MUST(tf_dispatch_execute(p));
    tf_device_profile pr;
    MUST(tf_program_device_profile(p, &pr));
    check_zone(&pr, "ttm-main", 15, TF_DZ_ZONE);
    check_zone(&pr, "ttm-child", 17, TF_DZ_ZONE);
    check_zone(&pr, "ttm-zone", 19, TF_DZ_ZONE);
    check_zone(&pr, "ttm-sum1", 23, TF_DZ_SUM);
    check_zone(&pr, "ttm-sum2", 27, TF_DZ_SUM);
    check_zone(&pr, "ttm-data", 31, TF_DZ_DATA);
    check_zone(&pr, "DeviceRecordEvent", 32, TF_DZ_EVENT);
    check_zone(&pr, "DeviceValidateProfiler", 33, TF_DZ_VALIDATE);
    const tf_device_zone *s1 = find(&pr, "ttm-sum1"), *s2 = find(&pr, "ttm-sum2");
    const tf_device_zone *zd = find(&pr, "ttm-data"), *ze = find(&pr, "DeviceRecordEvent");
    const tf_device_zone *zv = find(&pr, "DeviceValidateProfiler"), *zz = find(&pr, "ttm-zone");
    const tf_device_zone *zm = find(&pr, "ttm-main"), *zc = find(&pr, "ttm-child");
    if (s1 && s2 && zd && ze && zv && zz && zm && zc) {
        CHECK_EQ_U(s1->count, 7); /* one total for the 7 iterations */
        CHECK_EQ_U(s2->count, 2);
        /* a 5-iteration spin costs more than nothing, and 7 of them more
         * than the 2 three-iteration ones */
        CHECK_TRUE(s1->value > 7 * 5 && s1->value > s2->value);
        CHECK_TRUE(s1->value < zc->end_cycle - zc->start_cycle);
        CHECK_EQ_U(zd->value, 0x1122334455667788ull);
        CHECK_EQ_U(ze->value, 77);
        CHECK_EQ_U(zv->value, 1);
        CHECK_TRUE(zm->start_cycle < zc->start_cycle && zc->end_cycle <= zm->end_cycle);
        CHECK_TRUE(zd->start_cycle >= zc->end_cycle && zd->start_cycle <= ze->start_cycle);
        CHECK_EQ_U(zc->depth, zm->depth + 1);
        int n_sum = 0;
        for (size_t i = 0; i < pr.nzones; i++) n_sum += pr.zones[i].kind == TF_DZ_SUM;
        CHECK_EQ_U(n_sum, 2); /* not one per call */
    }
    CHECK_EQ_U(pr.discarded[TF_BRISC], 0);

    /* DeviceValidateProfiler(false): BRISC's markers of this dispatch are
     * discarded, and the VALIDATE entry says where. */
    args[1] = 0;
    MUST(tf_program_set_args(p, TF_BRISC, args, 2));
    MUST(tf_dispatch_execute(p));
    MUST(tf_program_device_profile(p, &pr));
    CHECK_TRUE(find(&pr, "ttm-zone") == NULL && find(&pr, "ttm-sum1") == NULL);
    CHECK_TRUE(find(&pr, "BRISC-FW") == NULL);
    zv = find(&pr, "DeviceValidateProfiler");
    CHECK_TRUE(zv && zv->value == 0 && zv->line == 33);
    /* BRISC-FW, BRISC-KERNEL, main, child, zone: 5 START/END pairs, 2 SUM,
     * DATA, EVENT */
    CHECK_EQ_U(pr.discarded[TF_BRISC], 2 * 5 + 2 + 2);

    tf_program_destroy(p);
    tf_kernel_free(k);
    MUST(tf_device_close(dev));

    /* the raw CSV: the new packet types with their value and count */
    cm_csv_reader r = {.f = fopen(csv, "r")};
    CHECK_TRUE(r.f != NULL);
    if (r.f) {
        CHECK_EQ_U(cm_csv_next(&r), TF_DZ_NCOLS); /* (contracts/tf_csv_schemas.h) */
        CHECK_TRUE(!strcmp(r.fields[13], "value") && !strcmp(r.fields[14], "count") &&
                   !strcmp(r.fields[15], "device"));
        int sum = 0, data = 0, event = 0, valid = 0;
        while (cm_csv_next(&r) == TF_DZ_NCOLS) {
            const char *t = r.fields[5];
            if (!strcmp(t, "SUM") && !strcmp(r.fields[8], "ttm-sum1")) {
                sum++;
                CHECK_TRUE(!strcmp(r.fields[14], "7") && !strcmp(r.fields[10], "23"));
            }
            if (!strcmp(t, "DATA"))
                data += !strcmp(r.fields[13], "1234605616436508552") && !strcmp(r.fields[10], "31");
            if (!strcmp(t, "EVENT")) event += !strcmp(r.fields[13], "77");
            if (!strcmp(t, "VALIDATE")) valid++;
        }
        CHECK_EQ_U(sum, 1); /* dispatch 2's was discarded */
        CHECK_EQ_U(data, 1);
        CHECK_EQ_U(event, 1);
        CHECK_EQ_U(valid, 2);
        cm_csv_close(&r);
        fclose(r.f);
    }
    return tf_check_report("test_ttm_profiler");
}
