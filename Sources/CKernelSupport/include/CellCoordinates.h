#ifndef DYNAMICS_CELL_COORDINATES_H
#define DYNAMICS_CELL_COORDINATES_H

#include "LaneMinMax.h"

#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Four 32-bit integers, imported into Swift as SIMD4<Int32>.
typedef int32_t dynamics_cell_lanes __attribute__((ext_vector_type(4)));

/// The grid cells of four coordinates at once (a box's lower x, lower y, upper x, upper y):
/// ⌊x · inverseCellSize⌋ lane by lane, clamped to ±1e9 first (NaN gives 1e9), as DynamicsCore's
/// `SpatialHash.cellCoordinate` computes one. The clamped value is truncated, and stepped down
/// where truncation rounded up.
///
/// One clamp, one conversion and one compare for the four lanes: the same steps one coordinate at
/// a time, with Swift's checked conversion, were 88 instructions a box.
static inline dynamics_cell_lanes dynamics_cell_coordinates(dynamics_lanes box, float inverseCellSize) {
    dynamics_lanes upper = 1.0e9f, lower = -1.0e9f;
    dynamics_lanes scaled = box * inverseCellSize;
    dynamics_lanes clamped = dynamics_lanes_max(lower, dynamics_lanes_min(upper, scaled));
#if defined(__SSE2__)
    __m128i truncated = _mm_cvttps_epi32((__m128)clamped);
    __m128i roundedUp = _mm_castps_si128(_mm_cmpgt_ps(_mm_cvtepi32_ps(truncated), (__m128)clamped));
    return (dynamics_cell_lanes)_mm_add_epi32(truncated, roundedUp);
#else
    dynamics_cell_lanes cells;
    for (int i = 0; i < 4; i++) {
        int32_t truncated = (int32_t)clamped[i];
        cells[i] = (float)truncated > clamped[i] ? truncated - 1 : truncated;
    }
    return cells;
#endif
}

#endif
