#ifndef DYNAMICS_SCATTER_H
#define DYNAMICS_SCATTER_H

#include <stdint.h>
#include <string.h>
#include "Transpose.h"

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

/// Bit i set where `m[i] > 0`: one compare and one move of the sign bits on SSE, so that each
/// lane's test is then a test of a bit (which fuses with its branch), not a float compare.
static inline __attribute__((always_inline)) int dynamics_positive_lanes(dynamics_lanes m) {
    dynamics_lanes zero = {0, 0, 0, 0};
#if defined(__SSE__)
    return _mm_movemask_ps((__m128)(m > zero));
#else
    return (m[0] > 0) | (m[1] > 0) << 1 | (m[2] > 0) << 2 | (m[3] > 0) << 3;
#endif
}

/// Writes (x[i], y[i], z[i], mass[i]) to the first 16 bytes (the velocity row, whose last float
/// is the body's inverse mass) of the 32-byte state at byte offset `offset[i] * scale` from
/// `states` (`scale` 32 for dense indices, 1 for byte offsets), for the lanes whose body can move
/// (`mass[i] > 0`): kinematic and static bodies take no colour slot, so two threads may hold one
/// at once.
static inline __attribute__((always_inline)) void dynamics_scatter_side(char *states, const int32_t *offset, int64_t scale,
                                                                        dynamics_lanes mass, dynamics_lanes x,
                                                                        dynamics_lanes y, dynamics_lanes z) {
    dynamics_rows rows = dynamics_transpose4(x, y, z, mass);
    int movable = dynamics_positive_lanes(mass);
    if (movable & 1) memcpy(states + (int64_t)offset[0] * scale, &rows.row0, 16);
    if (movable & 2) memcpy(states + (int64_t)offset[1] * scale, &rows.row1, 16);
    if (movable & 4) memcpy(states + (int64_t)offset[2] * scale, &rows.row2, 16);
    if (movable & 8) memcpy(states + (int64_t)offset[3] * scale, &rows.row3, 16);
}

/// Writes the velocities (vx, vy, w) of the four lanes of both sides of a solver block back to
/// their bodies' 32-byte states at `states`: lane i of side A goes to the first 16 bytes of state
/// `indexA[i]` as (vx, vy, w, massA[i]), where `massA[i] > 0`; likewise for side B. `massA[i]` is
/// the body's inverse mass, which the state keeps in its velocity row.
///
/// Out of line on purpose: inlined, the optimiser pushed the transposes back through the
/// solve's arithmetic and did it in two-lane halves, sunk into each lane's branch.
void dynamics_scatter_velocities(void *states,
                                 const int32_t *indexA, const float *massA,
                                 dynamics_lanes ax, dynamics_lanes ay, dynamics_lanes aw,
                                 const int32_t *indexB, const float *massB,
                                 dynamics_lanes bx, dynamics_lanes by, dynamics_lanes bw);

#endif
