/* Where the runtime's own files are: firmware ELFs, and for run-time kernel
 * builds (kbuild.c) the kernel API headers, device/lib sources and linker
 * scripts.
 *
 * In a build tree they are where CMake put them (paths compiled in). In an
 * installed tree (cmake --install, docs/install.md) they are under
 * <prefix>/share/tt_foil, found relative to the file that holds this code:
 * libtt_foil.so in <prefix>/lib, or a program linked with the static runtime
 * in <prefix>/bin (tt_foil_cc). The relative paths come from GNUInstallDirs
 * (TT_FOIL_REL_LIB_SHARE, TT_FOIL_REL_BIN_SHARE). So an installed tree works
 * wherever it is copied, with no build tree beside it; TT_FOIL_FIRMWARE_DIR
 * still wins for the firmware. */
#define _GNU_SOURCE /* dladdr */
#include "common/cm_file.h"
#include "rt_internal.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef TT_FOIL_BUILD_FIRMWARE_DIR
#define TT_FOIL_BUILD_FIRMWARE_DIR "device/firmware"
#endif
#ifndef TT_FOIL_REL_LIB_SHARE
#define TT_FOIL_REL_LIB_SHARE "../share/tt_foil"
#endif
#ifndef TT_FOIL_REL_BIN_SHARE
#define TT_FOIL_REL_BIN_SHARE "../share/tt_foil"
#endif

static pthread_once_t paths_once = PTHREAD_ONCE_INIT;
static char paths_share[PATH_MAX];

static void paths_find(void)
{
    Dl_info info;
    const char *obj = NULL;
    /* The library (or program) holding this function; the main program's
     * entry can be a bare argv[0], so /proc/self/exe is tried too. The
     * order is common/file.c's, which `tt_foil_profile --check` follows. */
    if (dladdr((void *)&rt_install_share_dir, &info) && info.dli_fname &&
        strchr(info.dli_fname, '/'))
        obj = info.dli_fname;
    if (cm_file_share_dir(obj, "/proc/self/exe", TT_FOIL_REL_LIB_SHARE, TT_FOIL_REL_BIN_SHARE,
                          paths_share, sizeof paths_share))
        paths_share[0] = 0;
}

const char *rt_install_share_dir(void)
{
    pthread_once(&paths_once, paths_find);
    return paths_share[0] ? paths_share : NULL;
}

const char *rt_default_firmware_dir(char *buf, size_t n)
{
    cm_file_firmware_dir(rt_install_share_dir(), TT_FOIL_BUILD_FIRMWARE_DIR, buf, n);
    return buf;
}
