// <stdio.h> for tt-foil device kernels (freestanding RV32: no OS, no files,
// no console): includable, and each function a compile error at its use
// naming what to use instead (DPRINT prints from a kernel; docs/kernels.md).
#ifndef TF_STD_STDIO_H
#define TF_STD_STDIO_H

#include <stddef.h>

#define EOF (-1)

#define TF_STDIO_WHY(what)                                                                         \
    __attribute__((unavailable("not supported by tt-foil: " what " (no OS on the device): print "  \
                               "with DPRINT (debug/dprint.h)")))

struct tf_no_file;
typedef struct tf_no_file FILE;
extern "C" {
int printf(const char *, ...) TF_STDIO_WHY("printf");
int puts(const char *) TF_STDIO_WHY("puts");
int putchar(int) TF_STDIO_WHY("putchar");
int sprintf(char *, const char *, ...) TF_STDIO_WHY("sprintf");
int snprintf(char *, size_t, const char *, ...) TF_STDIO_WHY("snprintf");
int fprintf(FILE *, const char *, ...) TF_STDIO_WHY("fprintf");
FILE *fopen(const char *, const char *) TF_STDIO_WHY("fopen");
int fclose(FILE *) TF_STDIO_WHY("fclose");
size_t fread(void *, size_t, size_t, FILE *) TF_STDIO_WHY("fread");
size_t fwrite(const void *, size_t, size_t, FILE *) TF_STDIO_WHY("fwrite");
}

#undef TF_STDIO_WHY
#endif
