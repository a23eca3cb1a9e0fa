/* Tile data formats of circular buffers and interleaved pages, with
 * tt-metal's DataFormat numbers (tt_metal/hw/inc/.../tensix_types.h) and
 * the bytes of one 32 x 32 tile in each (tt-metal's MUL_WITH_TILE_SIZE:
 * block floats carry 64 bytes of shared exponents per tile). One table for
 * the host (tf_program_set_cb_format, tf_data_format in tt_foil/runtime.h)
 * and the device (get_tile_size, get_dataformat). */
#ifndef TF_FORMATS_H
#define TF_FORMATS_H

/* X(name, tt-metal DataFormat value, bytes per 32 x 32 tile) */
#define TF_DATA_FORMATS(X)                                                                         \
    X(Float32, 0, 4096)                                                                            \
    X(Float16, 1, 2048)                                                                            \
    X(Bfp8, 2, 1088)                                                                               \
    X(Bfp4, 3, 576)                                                                                \
    X(Float16_b, 5, 2048)                                                                          \
    X(Bfp8_b, 6, 1088)                                                                             \
    X(Bfp4_b, 7, 576)                                                                              \
    X(Int32, 8, 4096)                                                                              \
    X(UInt16, 9, 2048)                                                                             \
    X(Lf8, 10, 1024)                                                                               \
    X(Bfp2, 11, 320)                                                                               \
    X(Int8, 14, 1024)                                                                              \
    X(Bfp2_b, 15, 320)                                                                             \
    X(UInt32, 24, 4096)                                                                            \
    X(Fp8_e4m3, 26, 1024)                                                                          \
    X(UInt8, 30, 1024)

/* What get_dataformat gives for a circular buffer configured by page size
 * only (tf_program_set_cb): tt-metal's DataFormat::Invalid. */
#define TF_DATA_FORMAT_INVALID 0xffu

#endif
