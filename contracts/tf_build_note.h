/* The build note every firmware and kernel ELF carries in its (unloaded)
 * `.tt_foil_build` section, so the runtime can refuse an image built for
 * another RISC, another device ABI, or another profiler setting. */
#ifndef TF_BUILD_NOTE_H
#define TF_BUILD_NOTE_H

#include <stdint.h>

#define TF_BUILD_NOTE_MAGIC 0x4e424654u /* "TFBN" */
/* Bump when the mailbox, L1 map or kernel ABI changes incompatibly. 2:
 * semaphores 16 bytes apart, arg counts and CB formats moved. */
#define TF_DEVICE_ABI_VERSION 2u

#define TF_BUILD_FIRMWARE 1u
#define TF_BUILD_KERNEL   2u

typedef struct tf_build_note {
    uint32_t magic;
    uint32_t abi_version;
    uint32_t kind;             /* TF_BUILD_FIRMWARE or TF_BUILD_KERNEL */
    uint32_t risc;             /* TF_RISC_* it was built for */
    uint32_t profiler;         /* 1 if built with TT_FOIL_DEVICE_PROFILER */
    uint32_t profiler_bitmask; /* TT_FOIL_PROFILE_KERNEL_BITMASK */
    uint32_t reserved[2];
    char name[64]; /* kernel name (NUL-terminated) */
} tf_build_note;

_Static_assert(sizeof(tf_build_note) == 96, "build note layout");

/* A C++ kernel built with its circular buffers' formats
 * (tf_kernel_build_opts.cb_formats, tt_foil_cc --cb-formats) carries them
 * in this unloaded section: TF_MAX_CBS bytes, a tt-metal DataFormat each
 * (contracts/tf_formats.h), TF_DATA_FORMAT_INVALID for a CB not given. Its
 * get_tile_size / get_dataformat of those CBs are constants; the runtime
 * refuses a dispatch whose program gives one of them another format or
 * page size (src/dispatch.c). */
#define TF_CB_FORMATS_SECTION ".tt_foil_cb_formats"

/* Strings a host program carries so that `tt_foil_profile --check` can
 * tell which profilers it has: the recorder's (host profiler built in) and
 * the runtime's, followed by its default firmware folder. The reader joins
 * tag and what at run time (tools/profile/check.c): a whole marker in its
 * own code would be found in the tool itself. */
#define TF_CHECK_MARKER_TAG      "tt-foil-check: "
#define TF_CHECK_WHAT_HOST       "host profiler"
#define TF_CHECK_WHAT_FIRMWARE   "firmware dir="
#define TF_CHECK_MARKER_HOST     TF_CHECK_MARKER_TAG TF_CHECK_WHAT_HOST
#define TF_CHECK_MARKER_FIRMWARE TF_CHECK_MARKER_TAG TF_CHECK_WHAT_FIRMWARE

#endif
