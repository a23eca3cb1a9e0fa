// tt-metal's CB descriptor arrays, which its JIT generates into every
// compute kernel (chlkc_descriptors.h; before 2025 chlkc_unpack_data_format.h,
// chlkc_pack_data_format.h, chlkc_unpack_tile_dims.h, chlkc_pack_tile_dims.h):
// per CB id, the format the unpacker reads from L1 and writes to its source
// registers, the format the packer reads from DEST and writes to L1, and the
// tile's shape and bytes. Kernels read them as constants (ttnn's binary_ng
// compares two CBs' unpack descriptors in a static_assert and in
// same_copy_init()).
//
// Built here from the same data as get_tile_size and get_dataformat: the
// program's CB formats given to the build (TF_CB_FORMATS: tt_foil_cc
// --cb-formats, tf_kernel_build_opts.cb_formats) and the kernel's DEST width
// (DST_ACCUM_MODE), by tt-metal's rules for a kernel's formats (its
// tt_metal/jit_build/data_format.cpp): a Float32 CB unpacks to Tf32 with an
// fp32 DEST (when the other CBs' exponents are the b kind, or all are
// Float32), else to Float16_b (Float16 when they are the a kind); a block-float
// CB unpacks to Bfp8_b (Bfp8); the packer reads Float32 from DEST with an fp32
// DEST, the format Float32 unpacks to without, Bfp8_b (Bfp8) for block
// floats, Float16_b for Float16 with an fp32 DEST, and B-kind formats as their
// A kind when a CB is Fp8_e4m3 (16-bit DEST only). A CB the formats leave out
// is tt-metal's CB the program does not set: format 0xff (Invalid), a 32 x 32
// tile of 16-row faces, 1088 bytes (tt-metal's default, a Bfp8_b tile). Tiles
// are 32 x 32 here (4 faces of 16 x 16; tt-foil has no tiny tiles), 32 CBs
// (tt-metal's Blackhole has 64: an index past 31 is out of the array). Which
// TRISC sees which is tt-metal's: unpack_* on the unpacker and the math RISC,
// pack_* and unpack_src_format on the packer.
//
// A kernel built without the CB formats gets objects of the same names whose
// use is the error: in a constant expression (static_assert, a template
// argument, `constexpr auto f = unpack_src_format[0];`) the compiler's note
// names `tt_foil_<name>_needs_the_build_given_the_cb_formats`; anywhere else
// the build stops on "call to ... declared with 'error' attribute: <name>[cb]:
// ... give the build the program's CB formats". A mention that is never
// compiled into the kernel (a template that is not instantiated, a discarded
// `if constexpr` branch, an unused inline function) is no error.
#ifndef TF_TTM_CB_DESCRIPTORS_HPP
#define TF_TTM_CB_DESCRIPTORS_HPP

#include "tt_foil/base.hpp"
#include "tt_foil/data_format.hpp"

#ifndef TF_COMPUTE_ROLE
#error                                                                                             \
    "the CB descriptors (chlkc_*.h: unpack_src_format, ...) are generated for compute kernels: tt_foil_cc --risc compute"
#endif

static_assert(TF_MAX_CBS == 32, "TF_TTM_EACH_CB lists 32 CBs");
// fn(0), fn(1), ..., fn(31): an array's initializer, one value per CB
#define TF_TTM_EACH_CB(fn)                                                                         \
    fn(0), fn(1), fn(2), fn(3), fn(4), fn(5), fn(6), fn(7), fn(8), fn(9), fn(10), fn(11), fn(12),  \
        fn(13), fn(14), fn(15), fn(16), fn(17), fn(18), fn(19), fn(20), fn(21), fn(22), fn(23),    \
        fn(24), fn(25), fn(26), fn(27), fn(28), fn(29), fn(30), fn(31)

#ifdef TF_CB_FORMATS
namespace tf_ttm::cb_desc
{
// DataFormat values (contracts/tf_formats.h; Tf32 is a register format only)
enum : std::uint32_t {
    F32 = 0,
    F16 = 1,
    BFP8 = 2,
    BFP4 = 3,
    TF32 = 4,
    F16B = 5,
    BFP8B = 6,
    BFP4B = 7,
    I32 = 8,
    U16 = 9,
    BFP2 = 11,
    I8 = 14,
    BFP2B = 15,
    U32 = 24,
    FP8 = 26,
    U8 = 30,
    NONE = 0xff
};
inline constexpr std::uint8_t fmt[TF_MAX_CBS] = {TF_CB_FORMATS};
constexpr bool exp_b(std::uint32_t f)
{
    return f == TF32 || f == F16B || f == BFP8B || f == BFP4B || f == BFP2B;
}
constexpr bool block_float(std::uint32_t f)
{
    return f == BFP8 || f == BFP4 || f == BFP2 || f == BFP8B || f == BFP4B || f == BFP2B;
}
constexpr bool integer(std::uint32_t f)
{
    return f == U32 || f == I8 || f == U16 || f == U8 || f == I32;
}
// The format a Float32 CB unpacks to (tt-metal's "unpack conditional dst
// format"): its exponent kind is that of the last CB whose format has one
// (not Float32 nor a 16/32-bit or byte integer); Tf32 with an fp32 DEST.
constexpr std::uint32_t fp32_unpacks_to()
{
    std::uint32_t last = NONE;
    bool all_fp32 = true;
    for (std::uint32_t f : fmt) {
        if (f != NONE && f != F32) all_fp32 = false;
        if (f == NONE || f == F32 || f == U32 || f == U16 || f == U8 || f == I32) continue;
        last = f;
    }
    if (DST_ACCUM_MODE && (all_fp32 || exp_b(last))) return TF32;
    return exp_b(last) ? F16B : F16;
}
constexpr bool any_fp8()
{
    for (std::uint32_t f : fmt)
        if (f == FP8) return true;
    return false;
}
constexpr std::int32_t unpack_src(std::uint32_t cb)
{
    return fmt[cb];
}
constexpr std::int32_t unpack_dst(std::uint32_t cb)
{
    std::uint32_t f = fmt[cb];
    if (f == F32) return (std::int32_t)fp32_unpacks_to();
    if (block_float(f)) return exp_b(f) ? BFP8B : BFP8;
    return (std::int32_t)f;
}
constexpr std::uint32_t a_kind(std::uint32_t f)
{
    return f == F16B ? F16 : f == BFP8B ? BFP8 : f == BFP4B ? BFP4 : f == BFP2B ? BFP2 : f;
}
constexpr unsigned char pack_src(std::uint32_t cb)
{
    std::uint32_t f = fmt[cb], s = f;
    if (f == NONE || f == U16)
        s = f;
    else if (f == FP8)
        return F16;
    else if (DST_ACCUM_MODE)
        s = block_float(f) ? (exp_b(f) ? BFP8B : BFP8) : f == F16 ? F16B : f;
    else if (integer(f))
        s = f;
    else if (f == F32)
        s = fp32_unpacks_to();
    else
        s = block_float(f) ? (exp_b(f) ? BFP8B : BFP8) : f;
    return (unsigned char)(!DST_ACCUM_MODE && any_fp8() ? a_kind(s) : s);
}
constexpr unsigned char pack_dst(std::uint32_t cb)
{
    return fmt[cb];
}
// a 32 x 32 tile's bytes; tt-metal's 1088 (a Bfp8_b tile) for a CB not set
constexpr std::uint16_t tile_size(std::uint32_t cb)
{
    return fmt[cb] == NONE ? 1088 : (std::uint16_t)format_tile_bytes(fmt[cb]);
}
constexpr std::uint8_t num_faces(std::uint32_t)
{
    return 4;
}
constexpr std::uint8_t zero(std::uint32_t)
{
    return 0;
}
constexpr std::uint8_t face_r_dim(std::uint32_t)
{
    return 16;
}
constexpr std::uint8_t tile_dim(std::uint32_t)
{
    return 32;
}
constexpr std::uint8_t two_faces(std::uint32_t)
{
    return 2;
}
} // namespace tf_ttm::cb_desc

// tt-metal's names, types and counts (its generated chlkc_descriptors.h)
#define TF_TTM_CB_DESC(type, name, fn)                                                             \
    constexpr type name[TF_MAX_CBS] = {TF_TTM_EACH_CB(tf_ttm::cb_desc::fn)}
#else
// Without the CB formats: `name[cb]` is the error, at the use (above)
#define TF_TTM_CB_DESC(type, name, fn)                                                             \
    type tt_foil_##name##_needs_the_build_given_the_cb_formats(std::uint32_t cb);                  \
    type tf_ttm_##name##_read_at_run_time(std::uint32_t cb) __attribute__((                        \
        error(#name "[cb]: tt-foil knows the CB descriptors only when the build is given the "     \
                    "program's CB formats: tt_foil_cc --cb-formats 0:Float16_b,..., "              \
                    "tf_kernel_build_opts.cb_formats (docs/kernels.md, \"CB formats\")")));        \
    struct tf_ttm_##name##_unknown {                                                               \
        template <class I> constexpr type operator[](I cb) const                                   \
        {                                                                                          \
            if (__builtin_is_constant_evaluated())                                                 \
                return tt_foil_##name##_needs_the_build_given_the_cb_formats((std::uint32_t)cb);   \
            return tf_ttm_##name##_read_at_run_time((std::uint32_t)cb);                            \
        }                                                                                          \
    };                                                                                             \
    inline constexpr tf_ttm_##name##_unknown name {}
#endif

// Each TRISC's, as tt-metal's: the unpacker's (and the math RISC's) ...
#if TF_COMPUTE_ROLE != 2
TF_TTM_CB_DESC(std::int32_t, unpack_src_format, unpack_src);
TF_TTM_CB_DESC(std::int32_t, unpack_dst_format, unpack_dst);
TF_TTM_CB_DESC(std::uint8_t, unpack_tile_num_faces, num_faces);
TF_TTM_CB_DESC(std::uint8_t, unpack_partial_face, zero);
TF_TTM_CB_DESC(std::uint8_t, unpack_tile_face_r_dim, face_r_dim);
TF_TTM_CB_DESC(std::uint8_t, unpack_narrow_tile, zero);
TF_TTM_CB_DESC(std::uint8_t, unpack_tile_r_dim, tile_dim);
TF_TTM_CB_DESC(std::uint8_t, unpack_tile_c_dim, tile_dim);
TF_TTM_CB_DESC(std::uint16_t, unpack_tile_size, tile_size);
TF_TTM_CB_DESC(std::uint8_t, unpack_num_faces_r_dim, two_faces);
TF_TTM_CB_DESC(std::uint8_t, unpack_num_faces_c_dim, two_faces);
#else
// ... the packer's (with the unpacker's L1 formats)
TF_TTM_CB_DESC(unsigned char, pack_src_format, pack_src);
TF_TTM_CB_DESC(unsigned char, pack_dst_format, pack_dst);
TF_TTM_CB_DESC(std::uint8_t, pack_tile_num_faces, num_faces);
TF_TTM_CB_DESC(std::uint8_t, pack_partial_face, zero);
TF_TTM_CB_DESC(std::uint8_t, pack_tile_face_r_dim, face_r_dim);
TF_TTM_CB_DESC(std::uint8_t, pack_narrow_tile, zero);
TF_TTM_CB_DESC(std::uint8_t, pack_tile_r_dim, tile_dim);
TF_TTM_CB_DESC(std::uint8_t, pack_tile_c_dim, tile_dim);
TF_TTM_CB_DESC(std::uint16_t, pack_tile_size, tile_size);
TF_TTM_CB_DESC(std::uint8_t, pack_num_faces_r_dim, two_faces);
TF_TTM_CB_DESC(std::uint8_t, pack_num_faces_c_dim, two_faces);
TF_TTM_CB_DESC(std::int32_t, unpack_src_format, unpack_src);
#endif
#undef TF_TTM_CB_DESC

#endif
