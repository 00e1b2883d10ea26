#ifndef DYNAMICS_LANE_MIN_MAX_H
#define DYNAMICS_LANE_MIN_MAX_H

#include "Transpose.h"

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

/// Lane by lane, `b` where `b > a`, else `a` (so `a` where either is NaN).
///
/// One instruction on SSE. The same select written in Swift (`replacing(with:where:)`) was
/// lowered, in the friction clamp, to a sign test of the mask split into two halves.
static inline dynamics_lanes dynamics_lanes_max(dynamics_lanes a, dynamics_lanes b) {
#if defined(__SSE__)
    return (dynamics_lanes)_mm_max_ps((__m128)b, (__m128)a);
#else
    dynamics_lanes r = a;
    for (int i = 0; i < 4; i++) if (b[i] > a[i]) r[i] = b[i];
    return r;
#endif
}

/// Lane by lane, `b` where `b < a`, else `a` (so `a` where either is NaN).
static inline dynamics_lanes dynamics_lanes_min(dynamics_lanes a, dynamics_lanes b) {
#if defined(__SSE__)
    return (dynamics_lanes)_mm_min_ps((__m128)b, (__m128)a);
#else
    dynamics_lanes r = a;
    for (int i = 0; i < 4; i++) if (b[i] < a[i]) r[i] = b[i];
    return r;
#endif
}

/// The smallest of four lanes (`dynamics_lanes_min` in pairs, then of the pairs).
static inline float dynamics_smallest_lane(dynamics_lanes v) {
    dynamics_lanes pairs = dynamics_lanes_min(v, __builtin_shufflevector(v, v, 2, 3, 0, 1));
    return dynamics_lanes_min(pairs, __builtin_shufflevector(pairs, pairs, 1, 0, 3, 2))[0];
}

/// The largest of four lanes (`dynamics_lanes_max` in pairs, then of the pairs).
static inline float dynamics_largest_lane(dynamics_lanes v) {
    dynamics_lanes pairs = dynamics_lanes_max(v, __builtin_shufflevector(v, v, 2, 3, 0, 1));
    return dynamics_lanes_max(pairs, __builtin_shufflevector(pairs, pairs, 1, 0, 3, 2))[0];
}

#endif
