/* The export marker of tt-foil's public API. The libraries are built with
 * hidden visibility (-fvisibility=hidden): only what a public header
 * declares between TF_API_BEGIN and TF_API_END (or marks TF_API) is
 * exported from the shared library; every internal symbol (rt_, sim_, cm_,
 * ...) stays inside it. tests/cli/test_exports.sh checks this with nm. */
#ifndef TT_FOIL_EXPORT_H
#define TT_FOIL_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define TF_API       __attribute__((visibility("default")))
#define TF_API_BEGIN _Pragma("GCC visibility push(default)")
#define TF_API_END   _Pragma("GCC visibility pop")
#else
#define TF_API
#define TF_API_BEGIN
#define TF_API_END
#endif

#endif
