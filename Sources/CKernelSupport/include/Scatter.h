#ifndef DYNAMICS_SCATTER_H
#define DYNAMICS_SCATTER_H

#include <stdint.h>
#include "Transpose.h"

/// Writes the velocities (vx, vy, w) of the four lanes of both sides of a solver block back to
/// their bodies' 32-byte states at `states`: lane i of side A goes to the first 16 bytes of state
/// `indexA[i]` as (vx, vy, w, 0), where `massA[i] > 0`; likewise for side B.
///
/// Out of line on purpose: inlined, the optimiser pushed the transposes back through the
/// solve's arithmetic and did it in two-lane halves, sunk into each lane's branch.
void dynamics_scatter_velocities(void *states,
                                 const int32_t *indexA, const float *massA,
                                 dynamics_lanes ax, dynamics_lanes ay, dynamics_lanes aw,
                                 const int32_t *indexB, const float *massB,
                                 dynamics_lanes bx, dynamics_lanes by, dynamics_lanes bw);

#endif
