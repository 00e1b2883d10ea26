// Most helpers are static inline functions in include/; this file defines the out-of-line ones.
#include "Prefetch.h"
#include "Transpose.h"
#include "LaneMinMax.h"
#include "Scatter.h"

void dynamics_scatter_velocities(void *states,
                                 const int32_t *indexA, const float *massA,
                                 dynamics_lanes ax, dynamics_lanes ay, dynamics_lanes aw,
                                 const int32_t *indexB, const float *massB,
                                 dynamics_lanes bx, dynamics_lanes by, dynamics_lanes bw) {
    dynamics_lanes mA, mB;
    memcpy(&mA, massA, sizeof mA);
    memcpy(&mB, massB, sizeof mB);
    dynamics_scatter_side(states, indexA, 32, mA, ax, ay, aw);
    dynamics_scatter_side(states, indexB, 32, mB, bx, by, bw);
}
