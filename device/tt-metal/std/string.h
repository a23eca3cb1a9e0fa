// <string.h> for C++ device kernels: what <cstring> declares.
#include <cstring>
