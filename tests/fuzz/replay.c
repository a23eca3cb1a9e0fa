/* Run a fuzz harness over files (the committed regression inputs and the
 * generated seeds) outside libFuzzer: a crash or sanitizer report fails
 * the ctest; otherwise prints "N passed, 0 failed". */
#include "common/cm_file.h"
#include "fuzz.h"
#include "tt_foil/error.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int run_file(const char *path)
{
    size_t n = 0;
    uint8_t *buf = cm_file_read(path, &n);
    if (!buf) {
        fprintf(stderr, "replay: %s\n", tf_last_error());
        return -1;
    }
    /* a copy of exactly n bytes, so ASan sees reads past the input */
    uint8_t *exact = malloc(n ? n : 1);
    memcpy(exact, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    return 0;
}

int main(int argc, char **argv)
{
    int files = 0, bad = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st)) {
            fprintf(stderr, "replay: %s: no such file or folder\n", argv[i]);
            bad++;
            continue;
        }
        if (!S_ISDIR(st.st_mode)) {
            bad += run_file(argv[i]) != 0;
            files++;
            continue;
        }
        DIR *d = opendir(argv[i]);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            if (e->d_name[0] == '.') continue;
            char p[4096];
            snprintf(p, sizeof p, "%s/%s", argv[i], e->d_name);
            bad += run_file(p) != 0;
            files++;
        }
        if (d) closedir(d);
    }
    if (!files) {
        fprintf(stderr, "replay: no input files\n");
        return 1;
    }
    printf("%d passed, %d failed\n", files - bad, bad);
    return bad != 0;
}
