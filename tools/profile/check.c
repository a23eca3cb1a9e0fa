/* `tt_foil_profile --check PROGRAM`: which profilers a binary has, the
 * replacement of the spec's `ldd PROGRAM | grep tracy` (tt-foil's host
 * profiler is linked statically, so ldd shows nothing either way). The
 * binary carries marker strings (contracts/tf_build_note.h): the
 * recorder's, present only when the host profiler is built in, and the
 * runtime's, naming its build tree's firmware folder. The firmware read is
 * the one the runtime in the binary loads, found the runtime's way
 * (common/file.c: $TT_FOIL_FIRMWARE_DIR, else share/tt_foil beside the
 * binary, an installed tree, else that build tree's); its BRISC
 * firmware's build note says whether the device profiler is in. A program
 * linked with libtt_foil.so is pointed at the library. */
#include "common/cm_elf.h"
#include "common/cm_file.h"
#include "pf.h"
#include "tf_build_note.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef TT_FOIL_REL_LIB_SHARE
#define TT_FOIL_REL_LIB_SHARE "../share/tt_foil"
#endif
#ifndef TT_FOIL_REL_BIN_SHARE
#define TT_FOIL_REL_BIN_SHARE "../share/tt_foil"
#endif

/* Where the string a b is in bin (at or after `from`), NULL if nowhere;
 * *len: its length. Joined here, at run time, and never written whole in
 * this file: the tool (and libtt_foil_report.a) would carry it, and
 * `--check tt_foil_profile` said "host profiler: yes". */
__attribute__((noinline)) static const char *
find_joined(const char *bin, size_t n, const char *from, const char *a, const char *b, size_t *len)
{
    char needle[64];
    size_t t = strlen(a), w = strlen(b), skip = from ? (size_t)(from - bin) : 0;
    if (t + w > sizeof needle || skip > n) return NULL;
    for (size_t i = 0; i < t + w; i++) needle[i] = i < t ? a[i] : b[i - t];
    *len = t + w;
    return memmem(bin + skip, n - skip, needle, t + w);
}

static const char *find_marker(const char *bin, size_t n, const char *what, size_t *len)
{
    return find_joined(bin, n, NULL, TF_CHECK_MARKER_TAG, what, len);
}

/* Whether bin names the shared runtime as a string of its own (between
 * NULs: a DT_NEEDED entry), not inside a message. */
static int needs_shared(const char *bin, size_t n)
{
    size_t len = 0;
    for (const char *p = NULL; (p = find_joined(bin, n, p, "libtt_foil", ".so", &len)); p++)
        if (p > bin && !p[-1] && (size_t)(p - bin) + len < n && !p[len]) return 1;
    return 0;
}

int pf_check(const char *program, FILE *out)
{
    size_t n = 0, len = 0;
    char *bin = cm_file_read(program, &n);
    if (!bin) {
        fprintf(stderr, PF_TOOL ": --check: %s\n", tf_last_error());
        return 1;
    }
    int host = find_marker(bin, n, TF_CHECK_WHAT_HOST, &len) != NULL;
    const char *fw = find_marker(bin, n, TF_CHECK_WHAT_FIRMWARE, &len);
    /* a static library (libtt_foil.a): the recorder is not in it but in
     * libtt_foil_prof.a, which a program links beside it */
    int archive = n >= 8 && !memcmp(bin, "!<arch>\n", 8);
    char fwdir[4096] = "";
    if (fw) {
        fw += len;
        snprintf(fwdir, sizeof fwdir, "%.*s", (int)strnlen(fw, (size_t)(bin + n - fw)), fw);
    }
    /* linked with the shared runtime: the markers are in the library */
    int shared = needs_shared(bin, n);
    free(bin);
    fprintf(out, "%s:\n", program);
    if (!fw && shared) {
        if (host)
            fprintf(out, "  host profiler (TT_FOIL_ENABLE_TRACY):    yes, in the program itself "
                         "(tt_foil::profiling)\n");
        fprintf(out, "  links the shared runtime libtt_foil.so: run --check on that library (the "
                     "one `ldd PROGRAM | grep tt_foil` names) for the runtime's profilers\n");
        return 0;
    }
    if (!fw && !host) {
        fprintf(out, "  not a tt-foil program (it carries neither the runtime nor the profiler)\n");
        return 1;
    }
    fprintf(out, "  host profiler (TT_FOIL_ENABLE_TRACY):    %s\n",
            host      ? "yes: TF_* zones, zone text, frame marks, memory events"
            : archive ? "a static library: its recorder is libtt_foil_prof.a, linked beside it; "
                        "run --check on a program built with it"
                      : "no (rebuild with -DTT_FOIL_ENABLE_TRACY=ON)");
    if (!fw) {
        fprintf(out, "  device profiler (TT_FOIL_DEVICE_PROFILER): unknown: no tt-foil runtime\n");
        return 0;
    }
    /* the folder the runtime in `program` loads (src/paths.c): the same
     * lookup, with `program` as the file that holds the runtime */
    char share[4096], dir[4200], path[4300];
    int installed = !cm_file_share_dir(program, program, TT_FOIL_REL_LIB_SHARE,
                                       TT_FOIL_REL_BIN_SHARE, share, sizeof share);
    int from = cm_file_firmware_dir(installed ? share : NULL, fwdir, dir, sizeof dir);
    const char *whence = from == CM_FW_FROM_ENV     ? ", from $TT_FOIL_FIRMWARE_DIR"
                         : from == CM_FW_FROM_SHARE ? ", installed beside it"
                                                    : ", its build tree's";
    snprintf(path, sizeof path, "%s/brisc.elf", dir);
    cm_elf *e = cm_elf_open(path);
    uint32_t sz = 0;
    const uint8_t *note = e ? cm_elf_section(e, ".tt_foil_build", &sz) : NULL;
    if (!note || sz < sizeof(tf_build_note)) {
        fprintf(out,
                "  device profiler (TT_FOIL_DEVICE_PROFILER): unknown: cannot read the firmware "
                "%s (%s)\n",
                path, e ? "no build note" : tf_last_error());
        cm_elf_free(e);
        return 0;
    }
    tf_build_note b;
    memcpy(&b, note, sizeof b);
    cm_elf_free(e);
    if (b.profiler)
        fprintf(out,
                "  device profiler (TT_FOIL_DEVICE_PROFILER): yes, bitmask %u (firmware %s%s)\n",
                b.profiler_bitmask, dir, whence);
    else
        fprintf(out,
                "  device profiler (TT_FOIL_DEVICE_PROFILER): no (firmware %s%s; rebuild with "
                "-DTT_FOIL_DEVICE_PROFILER=ON)\n",
                dir, whence);
    return 0;
}
