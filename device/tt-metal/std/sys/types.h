// <sys/types.h> for tt-foil device kernels: the POSIX size types some
// ttnn kernels include it for (ttnn's pool reader), on RV32.
#ifndef TF_STD_SYS_TYPES_H
#define TF_STD_SYS_TYPES_H

#include <stddef.h>
#include <stdint.h>

typedef int32_t ssize_t;
typedef int32_t off_t;

#endif
