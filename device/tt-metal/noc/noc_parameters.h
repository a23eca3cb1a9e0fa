// tt-metal's noc/noc_parameters.h (Blackhole's), for tt-foil: the NOC
// address encoding, alignments and sizes, which are the chip model's
// (contracts/tf_memmap.h: [47:42] y, [41:36] x, [35:0] the local address; a
// multicast's start corner in [59:48]); kernels use them to build and take
// apart NOC addresses. api/dataflow/dataflow_api.h includes it (as
// tt-metal's does, through its NOC headers).
//
// Refused, each a compile error at its use naming the reason: the NOC's
// registers, command buffers, command fields, status counters and atomic
// instruction codes (tt-foil's NOC is driven by the noc_* calls), transaction
// ids, PCIe, virtual channel counts and the chip's Tensix count. The rest of
// the file (router and ECC configuration, flit types) is not provided.
#ifndef TF_TTM_NOC_NOC_PARAMETERS_H
#define TF_TTM_NOC_NOC_PARAMETERS_H

#include "tt_foil/base.hpp"

// ---- addresses ---------------------------------------------------------------
#define NOC_ADDR_LOCAL_BITS         36
#define NOC_ADDR_NODE_ID_BITS       6
#define NOC_NODE_ID_MASK            ((((std::uint64_t)1) << NOC_ADDR_NODE_ID_BITS) - 1)
#define NOC_LOCAL_ADDR_MASK         ((((std::uint64_t)1) << NOC_ADDR_LOCAL_BITS) - 1)
#define NOC_LOCAL_ADDR_OFFSET(addr) ((addr)&NOC_LOCAL_ADDR_MASK)
// (tt-metal keeps bit 60 too, PCIe's; no address here has it)
#define NOC_LOCAL_ADDR(addr) NOC_LOCAL_ADDR_OFFSET(addr)

// Field k of 6 bits above the local address (0 x, 1 y, 2 start x, 3 start y).
#define TF_NOC_FIELD(addr, k)                                                                      \
    (((addr) >> (NOC_ADDR_LOCAL_BITS + (k)*NOC_ADDR_NODE_ID_BITS)) & NOC_NODE_ID_MASK)
#define NOC_UNICAST_ADDR_X(addr)     TF_NOC_FIELD(addr, 0)
#define NOC_UNICAST_ADDR_Y(addr)     TF_NOC_FIELD(addr, 1)
#define NOC_MCAST_ADDR_END_X(addr)   TF_NOC_FIELD(addr, 0)
#define NOC_MCAST_ADDR_END_Y(addr)   TF_NOC_FIELD(addr, 1)
#define NOC_MCAST_ADDR_START_X(addr) TF_NOC_FIELD(addr, 2)
#define NOC_MCAST_ADDR_START_Y(addr) TF_NOC_FIELD(addr, 3)

#define NOC_XY_ADDR(x, y, addr) TF_NOC_ADDR(x, y, addr)
#define NOC_MULTICAST_ADDR(x_start, y_start, x_end, y_end, addr)                                   \
    TF_NOC_MCAST_ADDR(x_start, y_start, x_end, y_end, addr)

// The coordinates alone, as bits [..:36] of an address shifted down (what
// the bank tables hold: dram_bank_to_noc_xy).
#define NOC_XY_ENCODING(x, y)                                                                      \
    ((((std::uint32_t)(y)) << NOC_ADDR_NODE_ID_BITS) | ((std::uint32_t)(x)))
#define NOC_XY_COORD(x, y) NOC_XY_ENCODING(x, y)
#define NOC_MULTICAST_ENCODING(x_start, y_start, x_end, y_end)                                     \
    ((((std::uint32_t)(y_start)) << (3 * NOC_ADDR_NODE_ID_BITS)) |                                 \
     (((std::uint32_t)(x_start)) << (2 * NOC_ADDR_NODE_ID_BITS)) |                                 \
     (((std::uint32_t)(y_end)) << NOC_ADDR_NODE_ID_BITS) | ((std::uint32_t)(x_end)))
#define NOC_MULTICAST_COORD(x_start, y_start, x_end, y_end)                                        \
    NOC_MULTICAST_ENCODING(x_start, y_start, x_end, y_end)
#define TF_NOC_COORD_FIELD(c, k)        (((c) >> ((k)*NOC_ADDR_NODE_ID_BITS)) & NOC_NODE_ID_MASK)
#define NOC_UNICAST_COORDINATE_X(c)     TF_NOC_COORD_FIELD(c, 0)
#define NOC_UNICAST_COORDINATE_Y(c)     TF_NOC_COORD_FIELD(c, 1)
#define NOC_MCAST_COORDINATE_END_X(c)   TF_NOC_COORD_FIELD(c, 0)
#define NOC_MCAST_COORDINATE_END_Y(c)   TF_NOC_COORD_FIELD(c, 1)
#define NOC_MCAST_COORDINATE_START_X(c) TF_NOC_COORD_FIELD(c, 2)
#define NOC_MCAST_COORDINATE_START_Y(c) TF_NOC_COORD_FIELD(c, 3)

// Tensix core (0, 0)'s NOC coordinates, the same on both NOCs (as
// tt-metal's virtual coordinates): core (x, y) is at (x + 1, y + 1) here,
// so a kernel's my_x[noc] - VIRTUAL_TENSIX_START_X is its logical x.
#define VIRTUAL_TENSIX_START_X            TF_NOC_CORE_X(0)
#define VIRTUAL_TENSIX_START_Y            TF_NOC_CORE_Y(0)
#define COORDINATE_VIRTUALIZATION_ENABLED 1

// ---- alignments and sizes (the NOC model's: docs/chip.md) ---------------------
#define NOC_L1_READ_ALIGNMENT_BYTES    TF_NOC_ALIGN_L1
#define NOC_L1_WRITE_ALIGNMENT_BYTES   TF_NOC_ALIGN_L1
#define NOC_DRAM_READ_ALIGNMENT_BYTES  TF_NOC_ALIGN_DRAM_READ
#define NOC_DRAM_WRITE_ALIGNMENT_BYTES TF_NOC_ALIGN_DRAM_WRITE
#define L1_ALIGNMENT                   16
#define DRAM_ALIGNMENT                 64 /* Blackhole's: the NOC checks it (docs/chip.md, Alignment) */
// 64 bytes a NOC cycle; one command moves any length, and the one-packet
// calls take up to NOC_MAX_BURST_SIZE (as tt-metal's).
#define NOC_PAYLOAD_WIDTH    512
#define NOC_WORD_BYTES       (NOC_PAYLOAD_WIDTH / 8)
#define NOC_WORD_OFFSET_MASK (NOC_WORD_BYTES - 1)
#define NOC_MAX_BURST_WORDS  256
#define NOC_MAX_BURST_SIZE   (NOC_MAX_BURST_WORDS * NOC_WORD_BYTES)
#define MEM_WORD_BYTES       16 /* L1's word: the NOC's L1 alignment */
#define MEM_WORD_OFFSET_MASK (MEM_WORD_BYTES - 1)

// ---- refused --------------------------------------------------------------------
#define TF_NOCP_REGS_WHY                                                                           \
    "the NOC's registers and command buffers (tt-foil's NOC is driven by the noc_async_* and "     \
    "noc_semaphore_* calls)"
#define TF_NOCP_CMD_WHY "NOC command fields (tt-foil's NOC is driven by the noc_* calls)"
#define TF_NOCP_STATUS_WHY                                                                         \
    "the NOC's status counters: the noc_async_*_barrier calls wait for a RISC's transfers"
#define TF_NOCP_AT_WHY                                                                             \
    "NOC atomic instruction codes (the one atomic here is noc_semaphore_inc's increment)"
#define TF_NOCP_TRID_WHY                                                                           \
    "the NOC packet tag register: noc_async_read_set_trid sets a read's transaction id"
#define TF_NOCP_PCIE_WHY "PCIe over the NOC (tt-foil's NOC reaches Tensix L1 and DRAM)"
#define TF_NOCP_VC_WHY                                                                             \
    "NOC virtual channels are not modeled (a VC argument is accepted and has no effect)"
TF_UNSUPPORTED_VAR(NOC_REG_SPACE_START_ADDR, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_REGS_START_ADDR, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_CMD_BUF_OFFSET, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_CMD_BUF_OFFSET_BIT, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_INSTANCE_OFFSET, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_INSTANCE_OFFSET_BIT, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_FN(NOC_CMD_BUF_INSTANCE_OFFSET, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_TARG_ADDR_LO, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_TARG_ADDR_MID, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_TARG_ADDR_HI, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_RET_ADDR_LO, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_RET_ADDR_MID, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_RET_ADDR_HI, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_PACKET_TAG, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_CTRL, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_AT_LEN_BE, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_AT_LEN_BE_1, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_AT_DATA, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_BRCST_EXCLUDE, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_L1_ACC_AT_INSTRN, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_CMD_CTRL, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_NODE_ID, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_ENDPOINT_ID, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_ID_LOGICAL, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_COORD_REG_OFFSET, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_CLEAR_OUTSTANDING_REQ_CNT, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(CMD_BUF_AVAIL, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_FN(NOC_STATUS, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_FN(NOC_CFG, TF_NOCP_REGS_WHY);
TF_UNSUPPORTED_VAR(NOC_CMD_AT, TF_NOCP_CMD_WHY);
TF_UNSUPPORTED_VAR(NOC_CMD_CPY, TF_NOCP_CMD_WHY);
TF_UNSUPPORTED_VAR(NOC_CMD_RD, TF_NOCP_CMD_WHY);
TF_UNSUPPORTED_VAR(NOC_CMD_WR, TF_NOCP_CMD_WHY);
TF_UNSUPPORTED_VAR(NOC_CMD_WR_BE, TF_NOCP_CMD_WHY);
TF_UNSUPPORTED_VAR(NOC_CMD_WR_INLINE, TF_NOCP_CMD_WHY);
TF_UNSUPPORTED_VAR(NOC_CMD_RESP_MARKED, TF_NOCP_CMD_WHY);
TF_UNSUPPORTED_VAR(NOC_CMD_BRCST_PACKET, TF_NOCP_CMD_WHY);
TF_UNSUPPORTED_VAR(NOC_CMD_VC_LINKED, TF_NOCP_CMD_WHY);
TF_UNSUPPORTED_VAR(NOC_CMD_VC_STATIC, TF_NOCP_CMD_WHY);
TF_UNSUPPORTED_VAR(NOC_CMD_PATH_RESERVE, TF_NOCP_CMD_WHY);
TF_UNSUPPORTED_VAR(NOC_CMD_BRCST_SRC_INCLUDE, TF_NOCP_CMD_WHY);
TF_UNSUPPORTED_VAR(NOC_CMD_L1_ACC_AT_EN, TF_NOCP_CMD_WHY);
TF_UNSUPPORTED_FN(NOC_CMD_STATIC_VC, TF_NOCP_CMD_WHY);
TF_UNSUPPORTED_FN(NOC_CMD_BRCST_XY, TF_NOCP_CMD_WHY);
TF_UNSUPPORTED_FN(NOC_CMD_ARB_PRIORITY, TF_NOCP_CMD_WHY);
TF_UNSUPPORTED_VAR(NOC_CTRL_SEND_REQ, TF_NOCP_CMD_WHY);
TF_UNSUPPORTED_VAR(NOC_CTRL_STATUS_READY, TF_NOCP_CMD_WHY);
TF_UNSUPPORTED_VAR(NIU_MST_ATOMIC_RESP_RECEIVED, TF_NOCP_STATUS_WHY);
TF_UNSUPPORTED_VAR(NIU_MST_WR_ACK_RECEIVED, TF_NOCP_STATUS_WHY);
TF_UNSUPPORTED_VAR(NIU_MST_RD_RESP_RECEIVED, TF_NOCP_STATUS_WHY);
TF_UNSUPPORTED_VAR(NIU_MST_NONPOSTED_WR_REQ_SENT, TF_NOCP_STATUS_WHY);
TF_UNSUPPORTED_VAR(NIU_MST_POSTED_WR_REQ_SENT, TF_NOCP_STATUS_WHY);
TF_UNSUPPORTED_VAR(NIU_MST_NONPOSTED_ATOMIC_SENT, TF_NOCP_STATUS_WHY);
TF_UNSUPPORTED_VAR(NIU_MST_POSTED_ATOMIC_SENT, TF_NOCP_STATUS_WHY);
TF_UNSUPPORTED_VAR(NIU_MST_CMD_ACCEPTED, TF_NOCP_STATUS_WHY);
TF_UNSUPPORTED_FN(NIU_MST_REQS_OUTSTANDING_ID, TF_NOCP_STATUS_WHY);
TF_UNSUPPORTED_FN(NIU_MST_WRITE_REQS_OUTGOING_ID, TF_NOCP_STATUS_WHY);
TF_UNSUPPORTED_VAR(NOC_AT_INS_NOP, TF_NOCP_AT_WHY);
TF_UNSUPPORTED_VAR(NOC_AT_INS_INCR_GET, TF_NOCP_AT_WHY);
TF_UNSUPPORTED_VAR(NOC_AT_INS_INCR_GET_PTR, TF_NOCP_AT_WHY);
TF_UNSUPPORTED_VAR(NOC_AT_INS_SWAP, TF_NOCP_AT_WHY);
TF_UNSUPPORTED_VAR(NOC_AT_INS_CAS, TF_NOCP_AT_WHY);
TF_UNSUPPORTED_VAR(NOC_AT_INS_STORE_IND, TF_NOCP_AT_WHY);
TF_UNSUPPORTED_VAR(NOC_AT_INS_SWAP_4B, TF_NOCP_AT_WHY);
TF_UNSUPPORTED_VAR(NOC_AT_INS_ACC, TF_NOCP_AT_WHY);
TF_UNSUPPORTED_FN(NOC_AT_INS, TF_NOCP_AT_WHY);
TF_UNSUPPORTED_FN(NOC_AT_WRAP, TF_NOCP_AT_WHY);
TF_UNSUPPORTED_FN(NOC_AT_IND_32, TF_NOCP_AT_WHY);
TF_UNSUPPORTED_FN(NOC_AT_IND_32_SRC, TF_NOCP_AT_WHY);
// Blackhole's transaction ids: 0..15 (the reads' ids, dataflow_api.h), at
// most 255 reads of one id in flight (a hardware limit: not modeled, no NOC
// limit on reads in flight is).
constexpr std::uint32_t NOC_MAX_TRANSACTION_ID = TF_NOC_MAX_TRID;
constexpr std::uint32_t NOC_MAX_TRANSACTION_ID_COUNT = 255;
TF_UNSUPPORTED_FN(NOC_PACKET_TAG_TRANSACTION_ID, TF_NOCP_TRID_WHY);
TF_UNSUPPORTED_VAR(NOC_PACKET_TAG_HEADER_STORE, TF_NOCP_TRID_WHY);
TF_UNSUPPORTED_FN(NOC_XY_PCIE_ENCODING, TF_NOCP_PCIE_WHY);
TF_UNSUPPORTED_VAR(PCIE_ALIGNMENT, TF_NOCP_PCIE_WHY);
TF_UNSUPPORTED_VAR(NOC_PCIE_READ_ALIGNMENT_BYTES, TF_NOCP_PCIE_WHY);
TF_UNSUPPORTED_VAR(NOC_PCIE_WRITE_ALIGNMENT_BYTES, TF_NOCP_PCIE_WHY);
TF_UNSUPPORTED_VAR(NOC_VCS, TF_NOCP_VC_WHY);
TF_UNSUPPORTED_VAR(NOC_BCAST_VC_START, TF_NOCP_VC_WHY);
TF_UNSUPPORTED_VAR(NUM_TENSIXES,
                   "the Tensix core count is the device's: pass it (or the grid) as an argument");

#endif
