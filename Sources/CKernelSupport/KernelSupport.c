// Most helpers are static inline functions in include/; this file defines the out-of-line ones.
#include "Prefetch.h"
#include "Transpose.h"
#include "LaneMinMax.h"
#include "Scatter.h"

#include <string.h>

static inline void scatter_side(char *states, const int32_t *index, const float *mass,
                                dynamics_lanes x, dynamics_lanes y, dynamics_lanes z) {
    dynamics_rows rows = dynamics_transpose3(x, y, z);
    if (mass[0] > 0) memcpy(states + (int64_t)index[0] * 32, &rows.row0, 16);
    if (mass[1] > 0) memcpy(states + (int64_t)index[1] * 32, &rows.row1, 16);
    if (mass[2] > 0) memcpy(states + (int64_t)index[2] * 32, &rows.row2, 16);
    if (mass[3] > 0) memcpy(states + (int64_t)index[3] * 32, &rows.row3, 16);
}

void dynamics_scatter_velocities(void *states,
                                 const int32_t *indexA, const float *massA,
                                 dynamics_lanes ax, dynamics_lanes ay, dynamics_lanes aw,
                                 const int32_t *indexB, const float *massB,
                                 dynamics_lanes bx, dynamics_lanes by, dynamics_lanes bw) {
    scatter_side(states, indexA, massA, ax, ay, aw);
    scatter_side(states, indexB, massB, bx, by, bw);
}
