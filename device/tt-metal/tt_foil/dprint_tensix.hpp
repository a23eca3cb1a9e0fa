// tt-metal's debug/dprint_tensix.h (api/debug/dprint_tensix.h since 2025):
// a compute kernel's prints of the Tensix's own state, DEST's rows
// (dprint_tensix_dest_reg<print_by_face>(tile_id), MATH) and the unpacker,
// packer and ALU configuration registers. The tile engine has no such
// registers and a kernel cannot read its DEST, so each name is declared,
// and any use is a compile error saying so (the include itself works, as a
// kernel may keep it with its calls commented out).
#ifndef TF_TTM_DPRINT_TENSIX_HPP
#define TF_TTM_DPRINT_TENSIX_HPP

#include "api/compute/compute_kernel_api.h"
#include "tt_foil/dprint_stream.hpp"

#define TF_DEST_PRINT_WHY                                                                          \
    "printing DEST: a kernel cannot read the tile engine's DEST; pack the tile to a CB and "       \
    "DPRINT its words from a data-movement kernel"
#define TF_CFG_PRINT_WHY                                                                           \
    "printing Tensix configuration registers: the tile engine has none (its state is the last "    \
    "init's, docs/chip.md \"Inits\")"
TF_UNSUPPORTED_FN(dprint_tensix_dest_reg, TF_DEST_PRINT_WHY);
TF_UNSUPPORTED_FN(dprint_tensix_unpack_tile_descriptor, TF_CFG_PRINT_WHY);
TF_UNSUPPORTED_FN(dprint_tensix_unpack_config, TF_CFG_PRINT_WHY);
TF_UNSUPPORTED_FN(dprint_tensix_pack_config, TF_CFG_PRINT_WHY);
TF_UNSUPPORTED_FN(dprint_tensix_alu_config, TF_CFG_PRINT_WHY);
TF_UNSUPPORTED_FN(dprint_tensix_pack_relu_config, TF_CFG_PRINT_WHY);
TF_UNSUPPORTED_FN(dprint_tensix_dest_rd_ctrl, TF_CFG_PRINT_WHY);
TF_UNSUPPORTED_FN(dprint_tensix_pck_edge_offset, TF_CFG_PRINT_WHY);
TF_UNSUPPORTED_FN(dprint_tensix_pack_counters, TF_CFG_PRINT_WHY);
TF_UNSUPPORTED_FN(dprint_tensix_pack_strides, TF_CFG_PRINT_WHY);
TF_UNSUPPORTED_FN(dprint_cfg_reg_field, TF_CFG_PRINT_WHY);
TF_UNSUPPORTED_FN(dprint_cfg_reg, TF_CFG_PRINT_WHY);
// Macros there (a register bank and field name): forward to the function,
// whose use is the error.
#define dprint_cfg_reg_field(bank, reg_field_name) dprint_cfg_reg_field()
#define dprint_cfg_reg(bank, reg_field_name)       dprint_cfg_reg()
#undef TF_DEST_PRINT_WHY
#undef TF_CFG_PRINT_WHY

#endif
