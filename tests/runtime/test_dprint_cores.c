/* Debug prints from many cores and RISCs in one dispatch: every line comes
 * out whole, with its core and RISC, in the simulation's order, which
 * test_sim_threads checks is the same on any number of simulator threads
 * (this program prints what it captured on stdout). */
#include "rt_test.h"

#include <string.h>
#include <unistd.h>

#define GX 4
#define GY 2

int main(void)
{
    tf_device *dev = rt_open(GX, GY);
    tf_kernel *kb = rt_kernel(dev, "counter.brisc.elf");
    tf_kernel *kn = rt_kernel(dev, "counter_nc.ncrisc.elf");
    tf_program *p[GX * GY];
    tf_buffer *res[GX * GY];
    for (int i = 0; i < GX * GY; i++) {
        tf_core c = {i % GX, i / GX};
        res[i] = MUST_PTR(tf_buffer_create_l1(dev, c, 32));
        uint32_t a = (uint32_t)tf_buffer_address(res[i]);
        /* lengths that differ per core and RISC: the prints land in
         * different rounds and interleave across cores */
        uint32_t ab[] = {100 + 37 * (uint32_t)i, a, 1}, an[] = {400 - 29 * (uint32_t)i, a + 16, 1};
        p[i] = MUST_PTR(tf_program_create(dev, c));
        MUST(tf_program_set_kernel(p[i], TF_BRISC, kb));
        MUST(tf_program_set_kernel(p[i], TF_NCRISC, kn));
        MUST(tf_program_set_args(p[i], TF_BRISC, ab, 3));
        MUST(tf_program_set_args(p[i], TF_NCRISC, an, 3));
    }
    fflush(stderr);
    FILE *log = MUST_PTR(tmpfile());
    int saved = dup(2);
    dup2(fileno(log), 2);
    int rc = tf_dispatch_execute_multi(p, GX * GY);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    MUST(rc);
    rewind(log);
    char line[256];
    int lines = 0, brisc = 0, ncrisc = 0;
    while (fgets(line, sizeof line, log)) {
        fputs(line, stdout);
        lines++;
        brisc += strstr(line, " BRISC] counter: n=") != NULL;
        ncrisc += strstr(line, " NCRISC] counter: n=") != NULL;
    }
    fclose(log);
    CHECK_EQ_U(lines, 4 * GX * GY); /* two lines a kernel (counter.c), two RISCs a core */
    CHECK_EQ_U(brisc, GX * GY);
    CHECK_EQ_U(ncrisc, GX * GY);
    for (int i = 0; i < GX * GY; i++) {
        uint32_t out[6];
        MUST(tf_buffer_read(res[i], 0, out, sizeof out));
        CHECK_EQ_U(out[1], (100 + 37 * i) * (99 + 37 * i) / 2);
        printf("core %d: BRISC loop %u cycles, NCRISC loop %u cycles\n", i, out[0], out[4]);
        tf_program_destroy(p[i]);
        tf_buffer_free(res[i]);
    }
    tf_kernel_free(kb);
    tf_kernel_free(kn);
    MUST(tf_device_close(dev));
    return tf_check_report("test_dprint_cores");
}
