// A binary_ng-style compute kernel reading the CB descriptor arrays
// (tt-metal's generated chlkc_descriptors.h), built with the program's CB
// formats: CB 0 and CB 1 Float16_b (LHS and RHS), CB 3 Bfp8_b, CB 4 Float32,
// CB 16 Float16_b (out), the others not set. A helper compares two CBs'
// unpack descriptors as a constant (ttnn's binary_ng decides on that whether
// one copy init serves both), a static_assert checks formats, and at run time
// the op is picked by comparing the descriptors of CB `probe` (a runtime arg)
// with CB 0's: the same, out = LHS + RHS; not, out = LHS - RHS. Each TRISC
// prints the descriptors it sees of the CBs the args list.
// args: 0 tiles, 1 probe, 2 how many CBs to print, 3.. their ids
#include "api/compute/eltwise_binary.h"
#include "chlkc_descriptors.h"

constexpr uint32_t cb_lhs = tt::CBIndex::c_0, cb_rhs = tt::CBIndex::c_1, cb_out = tt::CBIndex::c_16;

// Whether CBs a and b unpack alike, as a constant (the unpacker's arrays are
// not the packer's: there it is false)
template <uint32_t a, uint32_t b> constexpr bool unpack_alike()
{
#if !defined(UCK_CHLKC_PACK)
    return unpack_src_format[a] == unpack_src_format[b] &&
           unpack_dst_format[a] == unpack_dst_format[b] &&
           unpack_tile_num_faces[a] == unpack_tile_num_faces[b] &&
           unpack_tile_face_r_dim[a] == unpack_tile_face_r_dim[b] &&
           unpack_partial_face[a] == unpack_partial_face[b] &&
           unpack_narrow_tile[a] == unpack_narrow_tile[b] &&
           unpack_tile_r_dim[a] == unpack_tile_r_dim[b] &&
           unpack_tile_c_dim[a] == unpack_tile_c_dim[b] &&
           unpack_tile_size[a] == unpack_tile_size[b];
#else
    return false;
#endif
}

#if defined(TRISC_UNPACK)
static_assert(unpack_src_format[cb_lhs] == (int32_t)DataFormat::Float16_b &&
                  unpack_src_format[5] == 0xff && unpack_tile_size[5] == 1088,
              "the formats given to the build, 0xff where none");
static_assert(unpack_alike<cb_lhs, cb_rhs>() && !unpack_alike<cb_lhs, 3>(),
              "LHS and RHS unpack alike, Bfp8_b CB 3 does not");
#endif
#if defined(TRISC_PACK)
static_assert(pack_dst_format[cb_out] == (unsigned char)DataFormat::Float16_b &&
                  pack_tile_size[cb_out] == 2048,
              "the packer's view of the output CB");
#endif

void kernel_main()
{
    uint32_t n = get_arg_val<uint32_t>(0), probe = get_arg_val<uint32_t>(1),
             shown = get_arg_val<uint32_t>(2);
    for (uint32_t k = 0; k < shown; k++) {
        uint32_t c = get_arg_val<uint32_t>(3 + k);
        UNPACK(DPRINT << "U " << c << ": " << unpack_src_format[c] << " " << unpack_dst_format[c]
                      << " " << (uint32_t)unpack_tile_num_faces[c] << " "
                      << (uint32_t)unpack_tile_face_r_dim[c] << " "
                      << (uint32_t)unpack_partial_face[c] << " " << (uint32_t)unpack_narrow_tile[c]
                      << " " << (uint32_t)unpack_tile_r_dim[c] << " "
                      << (uint32_t)unpack_tile_c_dim[c] << " " << (uint32_t)unpack_tile_size[c]
                      << " " << (uint32_t)unpack_num_faces_r_dim[c] << " "
                      << (uint32_t)unpack_num_faces_c_dim[c] << ENDL());
        PACK(DPRINT << "P " << c << ": " << (uint32_t)pack_src_format[c] << " "
                    << (uint32_t)pack_dst_format[c] << " " << unpack_src_format[c] << " "
                    << (uint32_t)pack_tile_num_faces[c] << " " << (uint32_t)pack_tile_face_r_dim[c]
                    << " " << (uint32_t)pack_partial_face[c] << " " << (uint32_t)pack_narrow_tile[c]
                    << " " << (uint32_t)pack_tile_r_dim[c] << " " << (uint32_t)pack_tile_c_dim[c]
                    << " " << (uint32_t)pack_tile_size[c] << " "
                    << (uint32_t)pack_num_faces_r_dim[c] << " " << (uint32_t)pack_num_faces_c_dim[c]
                    << ENDL());
    }
    // the op, by the descriptors read at run time (every TRISC decides
    // alike: the packer's L1 format is the unpacker's)
#if defined(TRISC_PACK)
    const bool alike = pack_dst_format[probe] == pack_dst_format[cb_lhs] &&
                       pack_tile_size[probe] == pack_tile_size[cb_lhs];
#else
    const bool alike = unpack_src_format[probe] == unpack_src_format[cb_lhs] &&
                       unpack_tile_size[probe] == unpack_tile_size[cb_lhs];
#endif
    binary_op_init_common(cb_lhs, cb_rhs, cb_out);
    if (alike)
        add_tiles_init(cb_lhs, cb_rhs);
    else
        sub_tiles_init(cb_lhs, cb_rhs);
    for (uint32_t t = 0; t < n; t++) {
        cb_wait_front(cb_lhs, 1);
        cb_wait_front(cb_rhs, 1);
        cb_reserve_back(cb_out, 1);
        tile_regs_acquire();
        if (alike)
            add_tiles(cb_lhs, cb_rhs, 0, 0, 0);
        else
            sub_tiles(cb_lhs, cb_rhs, 0, 0, 0);
        tile_regs_commit();
        tile_regs_wait();
        pack_tile(0, cb_out);
        tile_regs_release();
        cb_push_back(cb_out, 1);
        cb_pop_front(cb_lhs, 1);
        cb_pop_front(cb_rhs, 1);
    }
}
