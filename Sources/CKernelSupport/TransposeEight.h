// The transpose of eight 16-byte rows into four eight-lane vectors, with AVX: shared by the
// eight-lane contact passes (ContactLanes8.h) and the other eight-lane copies (EightLanes.h).
// Its names carry the project's prefix, as the contact passes' templates define V and M.
#ifndef DYNAMICS_TRANSPOSE_EIGHT_H
#define DYNAMICS_TRANSPOSE_EIGHT_H

#include "Transpose.h"

/// Eight floats, one per lane.
typedef float dynamics_eight __attribute__((ext_vector_type(8)));

/// Four rows of eight lanes: `x` holds each lane's row's first float, and so on.
typedef struct {
    dynamics_eight x, y, z, w;
} dynamics_eight_rows;

/// Lane k's row is `rows[k]`: rows k and k + 4 share a register, then are transposed within halves.
static inline __attribute__((always_inline, target("avx")))
dynamics_eight_rows dynamics_transpose_eight(const dynamics_lanes rows[8]) {
    dynamics_eight r[4];
    for (int i = 0; i < 4; i++) r[i] = __builtin_shufflevector(rows[i], rows[i + 4], 0, 1, 2, 3, 4, 5, 6, 7);
    dynamics_eight low01 = __builtin_shufflevector(r[0], r[1], 0, 8, 1, 9, 4, 12, 5, 13);    // x0 x1 y0 y1 | x4 x5 y4 y5
    dynamics_eight low23 = __builtin_shufflevector(r[2], r[3], 0, 8, 1, 9, 4, 12, 5, 13);
    dynamics_eight high01 = __builtin_shufflevector(r[0], r[1], 2, 10, 3, 11, 6, 14, 7, 15); // z0 z1 w0 w1 | z4 z5 w4 w5
    dynamics_eight high23 = __builtin_shufflevector(r[2], r[3], 2, 10, 3, 11, 6, 14, 7, 15);
    dynamics_eight_rows t = {
        __builtin_shufflevector(low01, low23, 0, 1, 8, 9, 4, 5, 12, 13),
        __builtin_shufflevector(low01, low23, 2, 3, 10, 11, 6, 7, 14, 15),
        __builtin_shufflevector(high01, high23, 0, 1, 8, 9, 4, 5, 12, 13),
        __builtin_shufflevector(high01, high23, 2, 3, 10, 11, 6, 7, 14, 15),
    };
    return t;
}

/// Rows of eight lanes in the halves of four registers: `pairs[i]` holds lane i's row in its low
/// half and lane i + 4's in its high half.
typedef struct {
    dynamics_eight pairs[4];
} dynamics_eight_row_pairs;

/// The inverse of `dynamics_transpose_eight`: lane k's row (x[k], y[k], z[k], w[k]) for k = 0…7,
/// rows k and k + 4 sharing a register.
static inline __attribute__((always_inline, target("avx")))
dynamics_eight_row_pairs dynamics_untranspose_eight(dynamics_eight x, dynamics_eight y, dynamics_eight z, dynamics_eight w) {
    dynamics_eight xyLow = __builtin_shufflevector(x, y, 0, 8, 1, 9, 4, 12, 5, 13);     // x0 y0 x1 y1 | x4 y4 x5 y5
    dynamics_eight xyHigh = __builtin_shufflevector(x, y, 2, 10, 3, 11, 6, 14, 7, 15);  // x2 y2 x3 y3 | x6 y6 x7 y7
    dynamics_eight zwLow = __builtin_shufflevector(z, w, 0, 8, 1, 9, 4, 12, 5, 13);
    dynamics_eight zwHigh = __builtin_shufflevector(z, w, 2, 10, 3, 11, 6, 14, 7, 15);
    dynamics_eight_row_pairs rows = {{
        __builtin_shufflevector(xyLow, zwLow, 0, 1, 8, 9, 4, 5, 12, 13),      // row 0 | row 4
        __builtin_shufflevector(xyLow, zwLow, 2, 3, 10, 11, 6, 7, 14, 15),    // row 1 | row 5
        __builtin_shufflevector(xyHigh, zwHigh, 0, 1, 8, 9, 4, 5, 12, 13),    // row 2 | row 6
        __builtin_shufflevector(xyHigh, zwHigh, 2, 3, 10, 11, 6, 7, 14, 15),  // row 3 | row 7
    }};
    return rows;
}

#endif
