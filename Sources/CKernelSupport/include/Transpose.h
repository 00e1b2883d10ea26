#ifndef DYNAMICS_TRANSPOSE_H
#define DYNAMICS_TRANSPOSE_H

/// Four floats, imported into Swift as SIMD4<Float>.
typedef float dynamics_lanes __attribute__((ext_vector_type(4)));

/// Four rows of four floats.
typedef struct {
    dynamics_lanes row0, row1, row2, row3;
} dynamics_rows;

/// Rows (x[i], y[i], z[i], w[i]) for i = 0…3.
///
/// Built from whole-vector shuffles. The same transpose written in Swift lane by lane is a chain
/// of element reads, and the optimiser then recomputed x, y and z lane by lane in scalar code.
/// Returned by value, so that the caller needs no buffer in memory (which also costs a stack
/// protector check per call).
static inline dynamics_rows dynamics_transpose4(dynamics_lanes x, dynamics_lanes y, dynamics_lanes z, dynamics_lanes w) {
    dynamics_lanes xyLow = __builtin_shufflevector(x, y, 0, 4, 1, 5);   // x0 y0 x1 y1
    dynamics_lanes xyHigh = __builtin_shufflevector(x, y, 2, 6, 3, 7);  // x2 y2 x3 y3
    dynamics_lanes zwLow = __builtin_shufflevector(z, w, 0, 4, 1, 5);   // z0 w0 z1 w1
    dynamics_lanes zwHigh = __builtin_shufflevector(z, w, 2, 6, 3, 7);  // z2 w2 z3 w3
    dynamics_rows rows = {
        __builtin_shufflevector(xyLow, zwLow, 0, 1, 4, 5),
        __builtin_shufflevector(xyLow, zwLow, 2, 3, 6, 7),
        __builtin_shufflevector(xyHigh, zwHigh, 0, 1, 4, 5),
        __builtin_shufflevector(xyHigh, zwHigh, 2, 3, 6, 7),
    };
    return rows;
}

#endif
