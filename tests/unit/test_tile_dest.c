/* The tile engine's DEST as the pack side sees it: a release gives the
 * half back as zeros. Driven command by command on one core's TRISCs (the
 * chip idle, its thread asleep): a tile copied into DEST slots 1 and 6 of
 * half 0, packed, released; half 1 used and released; half 0 again, where
 * packing every slot, written or not, gives zeros but the one written
 * anew. (A release zeroes only the tiles written since the last one: the
 * rest must be zero already.) */
#include "sim/chip.h"
#include "tf_check.h"
#include "tf_memmap.h"
#include "tf_tile.h"

#include <string.h>

#define SRC (TF_L1_USER_BASE + 0x1000u)
#define DST (TF_L1_USER_BASE + 0x4000u)

static sim_chip *c;

static int cmd(int risc, uint32_t op, uint32_t a0, uint32_t a1, uint32_t a2)
{
    sim_core_hart *sh = &c->cores[0].harts[risc];
    sh->tile_args[0] = a0;
    sh->tile_args[1] = a1;
    sh->tile_args[2] = a2;
    return sim_tile_command(sh, op);
}

/* The tile packed from DEST[slot] of the half pack holds: all of it `v`? */
static int packed_is(uint32_t slot, float v)
{
    CHECK_EQ_U(cmd(TF_RISC_TRISC2, TF_TILE_PACK, slot, DST, TF_TILE_FP32), TF_BUS_OK);
    const float *t = (const float *)(const void *)(c->cores[0].l1->data + DST);
    for (int i = 0; i < TF_TILE_ELEMS; i++)
        if (t[i] != v) return 0;
    return 1;
}

/* One DEST half: copies of the source tile into `slots`, then packed. */
static void half(const uint32_t *slots, int n)
{
    CHECK_EQ_U(cmd(TF_RISC_TRISC1, TF_TILE_ACQUIRE, 0, 0, 0), TF_BUS_OK);
    for (int i = 0; i < n; i++) {
        CHECK_EQ_U(cmd(TF_RISC_TRISC0, TF_TILE_UNPACK_A, SRC, TF_TILE_FP32, 0), TF_BUS_OK);
        CHECK_EQ_U(cmd(TF_RISC_TRISC1, TF_TILE_COPY, slots[i], 0, 0), TF_BUS_OK);
    }
    CHECK_EQ_U(cmd(TF_RISC_TRISC1, TF_TILE_COMMIT, 0, 0, 0), TF_BUS_OK);
    CHECK_EQ_U(cmd(TF_RISC_TRISC2, TF_TILE_WAIT, 0, 0, 0), TF_BUS_OK);
}

int main(void)
{
    tf_sim_config cfg = {.grid_x = 1, .grid_y = 1, .threads = 1};
    c = (sim_chip *)tf_sim_transport_open(&cfg);
    CHECK_TRUE(c != NULL);
    if (!c) return 1;
    float *src = (float *)(void *)(c->cores[0].l1->data + SRC);
    for (int i = 0; i < TF_TILE_ELEMS; i++) src[i] = 2.5f;

    static const uint32_t first[] = {1, 6}, second[] = {0}, third[] = {6};
    half(first, 2); /* half 0 */
    CHECK_TRUE(packed_is(1, 2.5f));
    CHECK_TRUE(packed_is(6, 2.5f));
    CHECK_TRUE(packed_is(0, 0.0f)); /* never written */
    CHECK_EQ_U(cmd(TF_RISC_TRISC2, TF_TILE_RELEASE, 0, 0, 0), TF_BUS_OK);
    half(second, 1); /* half 1 */
    CHECK_TRUE(packed_is(0, 2.5f));
    CHECK_EQ_U(cmd(TF_RISC_TRISC2, TF_TILE_RELEASE, 0, 0, 0), TF_BUS_OK);
    half(third, 1); /* half 0 again: its slot 1 was written before the release */
    for (uint32_t s = 0; s < TF_TILE_DEST_HALF; s++) CHECK_TRUE(packed_is(s, s == 6 ? 2.5f : 0.0f));
    CHECK_EQ_U(cmd(TF_RISC_TRISC2, TF_TILE_RELEASE, 0, 0, 0), TF_BUS_OK);
    c->base.ops->close(&c->base);
    return tf_check_report("test_tile_dest");
}
