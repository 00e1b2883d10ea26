// The separating-edge search of the polygon narrowphase, four lanes at a time for the build's
// baseline and, on x86-64, eight at a time with AVX, chosen at run time with the contact passes'
// level. Neither fuses a multiply and an add, so both compute the bits of the plain loop.
#pragma clang fp contract(off)

#include "EdgeSeparation.h"
#include "ContactPasses.h"
#include "LaneMinMax.h"

#include <float.h>

#if defined(__x86_64__) && (defined(__linux__) || defined(__APPLE__))
#define DYNAMICS_HAS_AVX_COPY 1
#include <immintrin.h>
#else
#define DYNAMICS_HAS_AVX_COPY 0
#endif

int32_t dynamics_separation_width = 0;

int32_t dynamics_resolve_separation_width(void) {
    int32_t width = 4;
#if DYNAMICS_HAS_AVX_COPY
    if (dynamics_current_kernel_level() == dynamics_kernels_avx) width = 8;
#endif
    __atomic_store_n(&dynamics_separation_width, width, __ATOMIC_RELAXED);
    return width;
}

/// The separations of the four edges whose rows start at `rows` (each row `stride` floats on).
static inline dynamics_lanes separations_of_four(const float *rows, int32_t stride, const float *incident,
                                                 int32_t incidentCount, float cosine, float sine,
                                                 float px, float py) {
    dynamics_lanes nx, ny, vx, vy;
    __builtin_memcpy(&nx, rows, 16);
    __builtin_memcpy(&ny, rows + stride, 16);
    __builtin_memcpy(&vx, rows + 2 * stride, 16);
    __builtin_memcpy(&vy, rows + 3 * stride, 16);
    dynamics_lanes c = cosine, s = sine, negativeS = -sine, x = px, y = py;
    // Each normal in the incident frame, and the reference edge's offset.
    dynamics_lanes mx = c * nx + s * ny, my = negativeS * nx + c * ny;
    dynamics_lanes offset = nx * (x - vx) + ny * (y - vy);
    dynamics_lanes deepest = FLT_MAX;
    // The incident vertices in order, from the rows of first vertices in its edge lanes: one
    // block's rows for all of them but the largest polygons.
    const float *xs = dynamics_vertex_rows(incident, incidentCount);
    int32_t width = dynamics_edge_lane_width(incidentCount);
    if (incidentCount <= width) {
        const float *ys = xs + width;
        for (int32_t j = 0; j < incidentCount; j++) {
            dynamics_lanes wx = xs[j], wy = ys[j];
            deepest = dynamics_lanes_min(deepest, mx * wx + my * wy);
        }
    } else {
        for (int32_t j = 0; j < incidentCount; j++) {
            int32_t at = dynamics_vertex_row_offset(j, width);
            dynamics_lanes wx = xs[at], wy = xs[at + width];
            deepest = dynamics_lanes_min(deepest, mx * wx + my * wy);
        }
    }
    return deepest + offset;
}

/// The first of four lanes equal to `value` (0 if none is). Without a branch per lane: which
/// lane holds the largest separation is as good as random, and the loop's mispredictions were
/// about half of this search's samples in the tumbler (perf, one thread).
static inline int first_lane_equal(dynamics_lanes lanes, float value) {
    typedef int32_t lane_mask __attribute__((ext_vector_type(4)));
    lane_mask bits = (lanes == value) & (lane_mask){1, 2, 4, 8};
    unsigned mask = (unsigned)(bits.x | bits.y | bits.z | bits.w);
    return mask == 0 ? 0 : __builtin_ctz(mask);
}

dynamics_edge_separation dynamics_max_separation_in_fours(const float *lanes, int32_t edgeCount,
                                                          const float *incident, int32_t incidentCount,
                                                          float cosine, float sine, float px, float py) {
    dynamics_edge_separation best = { -FLT_MAX, 0 };
    if (edgeCount <= 4) {
        // One group of four in a block of four lanes: boxes, triangles, segments.
        dynamics_lanes separation = separations_of_four(lanes, 4, incident, incidentCount, cosine, sine, px, py);
        float largest = dynamics_largest_lane(separation);
        if (largest > best.separation) {
            int k = first_lane_equal(separation, largest);
            best.separation = separation[k];
            best.edge = k;
        }
        return best;
    }
    // Blocks of eight lanes, each two groups of four.
    int32_t groups = (edgeCount + 3) / 4;
    for (int32_t g = 0; g < groups; g++) {
        const float *rows = lanes + (g / 2) * 32 + (g % 2) * 4;
        dynamics_lanes separation = separations_of_four(rows, 8, incident, incidentCount, cosine, sine, px, py);
        float largest = dynamics_largest_lane(separation);
        if (largest > best.separation) {
            int k = first_lane_equal(separation, largest);
            best.separation = separation[k];
            best.edge = g * 4 + k;
        }
    }
    return best;
}

#if DYNAMICS_HAS_AVX_COPY
__attribute__((target("avx")))
static dynamics_edge_separation separation_in_eights(const float *lanes, int32_t edgeCount, const float *incident,
                                                     int32_t incidentCount, float cosine, float sine,
                                                     float px, float py) {
    __m256 c = _mm256_set1_ps(cosine), s = _mm256_set1_ps(sine), negativeS = _mm256_set1_ps(-sine);
    __m256 x = _mm256_set1_ps(px), y = _mm256_set1_ps(py);
    dynamics_edge_separation best = { -FLT_MAX, 0 };
    // The incident vertices, from the rows of first vertices in its edge lanes.
    const float *xs = dynamics_vertex_rows(incident, incidentCount);
    int32_t width = dynamics_edge_lane_width(incidentCount);
    int32_t blocks = (edgeCount + 7) / 8;
    for (int32_t b = 0; b < blocks; b++) {
        const float *rows = lanes + b * 32;
        __m256 nx = _mm256_loadu_ps(rows), ny = _mm256_loadu_ps(rows + 8);
        __m256 vx = _mm256_loadu_ps(rows + 16), vy = _mm256_loadu_ps(rows + 24);
        __m256 mx = _mm256_add_ps(_mm256_mul_ps(c, nx), _mm256_mul_ps(s, ny));
        __m256 my = _mm256_add_ps(_mm256_mul_ps(negativeS, nx), _mm256_mul_ps(c, ny));
        __m256 offset = _mm256_add_ps(_mm256_mul_ps(nx, _mm256_sub_ps(x, vx)), _mm256_mul_ps(ny, _mm256_sub_ps(y, vy)));
        __m256 deepest = _mm256_set1_ps(FLT_MAX);
        // `dynamics_lanes_min(deepest, p)`: p where p < deepest. One block's rows of incident
        // vertices for all but the largest polygons, as in `separations_of_four`.
        if (incidentCount <= width) {
            const float *ys = xs + width;
            for (int32_t j = 0; j < incidentCount; j++) {
                __m256 wx = _mm256_broadcast_ss(xs + j), wy = _mm256_broadcast_ss(ys + j);
                deepest = _mm256_min_ps(_mm256_add_ps(_mm256_mul_ps(mx, wx), _mm256_mul_ps(my, wy)), deepest);
            }
        } else {
            for (int32_t j = 0; j < incidentCount; j++) {
                int32_t at = dynamics_vertex_row_offset(j, width);
                __m256 wx = _mm256_broadcast_ss(xs + at), wy = _mm256_broadcast_ss(xs + at + width);
                deepest = _mm256_min_ps(_mm256_add_ps(_mm256_mul_ps(mx, wx), _mm256_mul_ps(my, wy)), deepest);
            }
        }
        __m256 separation = _mm256_add_ps(deepest, offset);
        __m128 halves = _mm_max_ps(_mm256_extractf128_ps(separation, 1), _mm256_castps256_ps128(separation));
        __m128 pairs = _mm_max_ps(_mm_movehl_ps(halves, halves), halves);
        float largest = _mm_cvtss_f32(_mm_max_ss(_mm_shuffle_ps(pairs, pairs, 1), pairs));
        if (largest > best.separation) {
            int mask = _mm256_movemask_ps(_mm256_cmp_ps(separation, _mm256_set1_ps(largest), _CMP_EQ_OQ));
            int k = __builtin_ctz((unsigned)mask);
            // The lane's own value: `largest` may be a zero of the other sign.
            float values[8];
            _mm256_storeu_ps(values, separation);
            best.separation = values[k];
            best.edge = b * 8 + k;
        }
    }
    return best;
}
#endif

dynamics_edge_separation dynamics_max_separation_in_eights(const float *lanes, int32_t edgeCount,
                                                           const float *incident, int32_t incidentCount,
                                                           float cosine, float sine, float px, float py) {
#if DYNAMICS_HAS_AVX_COPY
    if (edgeCount > 4) return separation_in_eights(lanes, edgeCount, incident, incidentCount, cosine, sine, px, py);
#endif
    return dynamics_max_separation_in_fours(lanes, edgeCount, incident, incidentCount, cosine, sine, px, py);
}

