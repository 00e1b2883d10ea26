// What the eight-lane AVX copies outside the contact passes share (ContactPrepare.c,
// BodyIntegration.c): the target, the lane types and a select; the row transpose is
// `dynamics_transpose_eight`. Included only inside their x86-64 (Linux, Apple) sections.
#ifndef DYNAMICS_EIGHT_LANES_H
#define DYNAMICS_EIGHT_LANES_H

#include "TransposeEight.h"

#include <immintrin.h>
#include <stdint.h>

#define TARGET __attribute__((target("avx")))
#define INLINE static inline __attribute__((always_inline)) TARGET

typedef dynamics_eight V;
typedef int32_t M __attribute__((ext_vector_type(8)));

/// `b` in the lanes of `mask`, `a` in the others.
INLINE V select_lanes(M mask, V a, V b) { return (V)(((M)b & mask) | ((M)a & ~mask)); }

/// Four rows of eight lanes (`dynamics_transpose_eight`).
typedef dynamics_eight_rows rows8;

#endif
