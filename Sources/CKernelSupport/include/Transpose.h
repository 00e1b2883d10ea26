#ifndef DYNAMICS_TRANSPOSE_H
#define DYNAMICS_TRANSPOSE_H

/// Four floats, imported into Swift as SIMD4<Float>.
typedef float dynamics_lanes __attribute__((ext_vector_type(4)));

/// Four rows of four floats.
typedef struct {
    dynamics_lanes row0, row1, row2, row3;
} dynamics_rows;

/// Rows (x[i], y[i], z[i], 0) for i = 0…3.
///
/// Built from whole-vector shuffles. The same transpose written in Swift lane by lane is a chain
/// of element reads, and the optimiser then recomputed x, y and z lane by lane in scalar code.
/// Returned by value, so that the caller needs no buffer in memory (which also costs a stack
/// protector check per call).
static inline dynamics_rows dynamics_transpose3(dynamics_lanes x, dynamics_lanes y, dynamics_lanes z) {
    dynamics_lanes zero = {0, 0, 0, 0};
    dynamics_lanes xyLow = __builtin_shufflevector(x, y, 0, 4, 1, 5);   // x0 y0 x1 y1
    dynamics_lanes xyHigh = __builtin_shufflevector(x, y, 2, 6, 3, 7);  // x2 y2 x3 y3
    dynamics_lanes z0Low = __builtin_shufflevector(z, zero, 0, 4, 1, 5);  // z0 0 z1 0
    dynamics_lanes z0High = __builtin_shufflevector(z, zero, 2, 6, 3, 7); // z2 0 z3 0
    dynamics_rows rows = {
        __builtin_shufflevector(xyLow, z0Low, 0, 1, 4, 5),
        __builtin_shufflevector(xyLow, z0Low, 2, 3, 6, 7),
        __builtin_shufflevector(xyHigh, z0High, 0, 1, 4, 5),
        __builtin_shufflevector(xyHigh, z0High, 2, 3, 6, 7),
    };
    return rows;
}

#endif
