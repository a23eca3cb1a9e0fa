/* 100,000 zones, each with a zone text; with an argument N, zone N's text
 * is empty (TT_FOIL_ZONE_TEXT("")): issue 17's T1, where the empty text
 * overwrote its own record header and ended a packed chunk early. */
#include "tt_foil/profiling.h"

#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int empty_at = argc > 1 ? atoi(argv[1]) : -1;
    for (int i = 0; i < 100000; i++) {
        TT_FOIL_ZONE("z");
        if (i == empty_at)
            TT_FOIL_ZONE_TEXT("");
        else
            TT_FOIL_ZONE_TEXT("t");
    }
    return 0;
}
