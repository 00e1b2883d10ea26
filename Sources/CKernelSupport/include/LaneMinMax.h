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

#endif
