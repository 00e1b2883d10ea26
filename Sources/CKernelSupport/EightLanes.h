// What the eight-lane AVX copies outside the contact passes share (ContactPrepare.c,
// BodyIntegration.c): the target, the lane types, a select, and the transpose of eight 16-byte
// rows into four eight-lane vectors. Included only inside their x86-64 (Linux, Apple) sections.
#ifndef DYNAMICS_EIGHT_LANES_H
#define DYNAMICS_EIGHT_LANES_H

#include "Transpose.h"

#include <immintrin.h>
#include <stdint.h>

#define TARGET __attribute__((target("avx")))
#define INLINE static inline __attribute__((always_inline)) TARGET

typedef float V __attribute__((ext_vector_type(8)));
typedef int32_t M __attribute__((ext_vector_type(8)));

/// `b` in the lanes of `mask`, `a` in the others.
INLINE V select_lanes(M mask, V a, V b) { return (V)(((M)b & mask) | ((M)a & ~mask)); }

/// Four rows of eight lanes: `x` holds each lane's row's first float, and so on.
typedef struct {
    V x, y, z, w;
} rows8;

/// Lane k's row is `rows[k]`: rows k and k + 4 share a register, then transposed within halves.
INLINE rows8 transpose_rows(const dynamics_lanes rows[8]) {
    V r[4];
    for (int i = 0; i < 4; i++) r[i] = __builtin_shufflevector(rows[i], rows[i + 4], 0, 1, 2, 3, 4, 5, 6, 7);
    V low01 = __builtin_shufflevector(r[0], r[1], 0, 8, 1, 9, 4, 12, 5, 13);    // x0 x1 y0 y1 | x4 x5 y4 y5
    V low23 = __builtin_shufflevector(r[2], r[3], 0, 8, 1, 9, 4, 12, 5, 13);
    V high01 = __builtin_shufflevector(r[0], r[1], 2, 10, 3, 11, 6, 14, 7, 15); // z0 z1 w0 w1 | z4 z5 w4 w5
    V high23 = __builtin_shufflevector(r[2], r[3], 2, 10, 3, 11, 6, 14, 7, 15);
    rows8 t = {
        __builtin_shufflevector(low01, low23, 0, 1, 8, 9, 4, 5, 12, 13),
        __builtin_shufflevector(low01, low23, 2, 3, 10, 11, 6, 7, 14, 15),
        __builtin_shufflevector(high01, high23, 0, 1, 8, 9, 4, 5, 12, 13),
        __builtin_shufflevector(high01, high23, 2, 3, 10, 11, 6, 7, 14, 15),
    };
    return t;
}

#endif
