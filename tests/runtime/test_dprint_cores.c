/* Debug prints from many cores and RISCs in one dispatch: every line comes
 * out whole, with its core and RISC, in the simulation's order, which
 * test_sim_threads checks is the same on any number of simulator threads
 * (this program prints what it captured on stdout). */
#include "rt_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define GX 4
#define GY 2

/* dprint_lines.c in mode `mode` with count n on core c: what it printed */
static char *lines_run(tf_device *dev, tf_kernel *k, tf_core c, uint32_t mode, uint32_t n, int *rc)
{
    tf_program *p = MUST_PTR(tf_program_create(dev, c));
    uint32_t args[] = {mode, n};
    MUST(tf_program_set_kernel(p, TF_BRISC, k));
    MUST(tf_program_set_args(p, TF_BRISC, args, 2));
    char *text = rt_dispatch_captured(&p, 1, rc);
    tf_program_destroy(p);
    return text;
}

/* got holds `len` characters of the line dprint_lines.c mode 1 prints,
 * from its character `from` on (built here as the kernel builds it) */
static int chunks_match(const char *got, size_t from, size_t len)
{
    for (size_t j = 0; j < len; j++) {
        uint32_t i = (uint32_t)((from + j) / 100), k = (uint32_t)((from + j) % 100);
        char want;
        if (k < 4) {
            char d[8];
            snprintf(d, sizeof d, "%04u", i % 10000);
            want = d[k];
        } else {
            want = (char)('a' + (i + k - 4) % 26);
        }
        if (got[j] != want) return 0;
    }
    return 1;
}

/* Lines the simulator keeps whole: text without its newline at the end of
 * a kernel, or before its fault, is printed (it was lost); a line of 3000
 * characters is one line (one of more than 511 went on on a second); one
 * past 64 KiB goes on on a second prefixed line. What each printed goes to
 * stdout too (test_sim_threads compares it across thread counts). */
static void long_and_unfinished_lines(tf_device *dev)
{
    tf_kernel *k = rt_kernel(dev, "dprint_lines.brisc.elf");
    int rc;
    char *t = lines_run(dev, k, (tf_core){1, 0}, 0, 7, &rc);
    CHECK_EQ_U(rc, 0);
    CHECK_TRUE(!strcmp(t, "[core (1,0) BRISC] partial 7\n"));
    printf("unfinished: %s", t);
    free(t);

    const char *head = "[core (0,1) BRISC] ";
    size_t h = strlen(head);
    t = lines_run(dev, k, (tf_core){0, 1}, 1, 30, &rc);
    CHECK_EQ_U(rc, 0);
    CHECK_EQ_U(strlen(t), h + 3000 + 1);
    CHECK_TRUE(!strncmp(t, head, h) && chunks_match(t + h, 0, 3000) && t[h + 3000] == '\n');
    printf("3000: %zu bytes, %.40s...\n", strlen(t), t);
    free(t);

    t = lines_run(dev, k, (tf_core){0, 1}, 1, 700, &rc); /* 70,000 characters */
    CHECK_EQ_U(rc, 0);
    CHECK_EQ_U(strlen(t), 2 * h + 70000 + 2);
    const char *second = t + h + 65536 + 1;
    CHECK_TRUE(!strncmp(t, head, h) && chunks_match(t + h, 0, 65536) && t[h + 65536] == '\n');
    CHECK_TRUE(!strncmp(second, head, h) && chunks_match(second + h, 65536, 70000 - 65536) &&
               second[h + 70000 - 65536] == '\n');
    printf("70000: %zu bytes\n", strlen(t));
    free(t);

    /* a field is at most a line: one its width or precision makes longer
     * prints without its width, its precision cut to what shows, then the
     * field's length said; one printf does not define is said */
    t = lines_run(dev, k, (tf_core){0, 1}, 3, 0, &rc);
    CHECK_EQ_U(rc, 0);
    const char *z80 =
        "00000000000000000000000000000000000000000000000000000000000000000000000000000000";
    size_t cap = 8 * h + 4096, n = 0;
    char *want = MUST_PTR(malloc(cap));
    n += (size_t)snprintf(want + n, cap - n, "%s[7<field cut: 100000 bytes>]\n", head);
    n += (size_t)snprintf(want + n, cap - n, "%s[1.5<field cut: 100000 bytes>]\n", head);
    n += (size_t)snprintf(want + n, cap - n, "%s[7<field cut: 2147483648 bytes>]\n", head);
    n += (size_t)snprintf(want + n, cap - n,
                          "%s[-7<field cut: 2147483647 bytes>|ff<field cut: 2147483647 bytes>|"
                          "3<field cut: over 10^18 bytes>]\n",
                          head);
    n += (size_t)snprintf(want + n, cap - n,
                          "%s[-0000000000000007<field cut: 100001 bytes>|"
                          "0X00000000000000FF<field cut: 70002 bytes>]\n",
                          head);
    /* 160 digits after the point; 160 significant ones for %#g */
    n += (size_t)snprintf(want + n, cap - n,
                          "%s[+1.5%s%s<field cut: 2147483650 bytes>|"
                          "-2.5%s%se-01<field cut: 100007 bytes>|"
                          "2.%s%s<field cut: 2147483648 bytes>]\n",
                          head, z80, z80 + 1, z80, z80 + 1, z80, z80 + 1);
    n += (size_t)snprintf(want + n, cap - n, "%s[     1.5|inf|abc|abc]\n", head);
    n += (size_t)snprintf(want + n, cap - n,
                          "%s[z<field cut: 70000 bytes>|0x1.%s%sp+0<field cut: 100006 bytes>|"
                          "<field not printed: %%1-2d>]\n",
                          head, z80, z80);
    /* 10^18 exactly, then past it; a spec of over 28 characters is not a
     * field (its argument is taken: the next one prints) */
    n += (size_t)snprintf(want + n, cap - n,
                          "%s[7<field cut: 1000000000000000000 bytes>|8<field cut: over 10^18 "
                          "bytes>|<field not printed: %%-+0999999999999999999999.999...d, a spec "
                          "of over 28 characters>|10]\n",
                          head);
    CHECK_EQ_U(strlen(t), n);
    CHECK_TRUE(!strcmp(t, want));
    printf("wide: %zu bytes\n", strlen(t));
    free(want);
    free(t);

    t = lines_run(dev, k, (tf_core){2, 1}, 2, 0, &rc);
    CHECK_TRUE(rc != 0);
    CHECK_TRUE(!strncmp(t, "[core (2,1) BRISC] before the fault\n", 36));
    printf("fault: %.36s", t);
    free(t);
    tf_kernel_free(k);
}

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
    int rc;
    char *text = rt_dispatch_captured(p, GX * GY, &rc);
    MUST(rc);
    int lines = 0, brisc = 0, ncrisc = 0;
    for (char *line = text, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next) *next++ = 0;
        puts(line);
        lines++;
        brisc += strstr(line, " BRISC] counter: n=") != NULL;
        ncrisc += strstr(line, " NCRISC] counter: n=") != NULL;
    }
    free(text);
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
    long_and_unfinished_lines(dev);
    MUST(tf_device_close(dev));
    return tf_check_report("test_dprint_cores");
}
