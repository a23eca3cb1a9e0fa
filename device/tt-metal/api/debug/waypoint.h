// WAYPOINT("ABCD"): tt-metal's watcher waypoint. tt-foil has no watcher
// (the simulator reports hangs and faults as they happen: docs/kernels.md,
// "Hangs and stack overflows"), so it compiles to nothing, as tt-metal's
// does when the watcher is off.
#ifndef TF_TTM_WAYPOINT_H
#define TF_TTM_WAYPOINT_H

#define WAYPOINT(x)

#endif
