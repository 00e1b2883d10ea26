#ifndef DYNAMICS_EDGE_SEPARATION_H
#define DYNAMICS_EDGE_SEPARATION_H

#include <stdint.h>

/// The edge of a reference polygon along which another polygon lies furthest outside, and that
/// distance (DynamicsCore's `maxSeparation`).
typedef struct {
    float separation;
    int32_t edge;
} dynamics_edge_separation;

/// How many floats the edge lanes of a polygon with `edgeCount` edges take (see
/// `dynamics_max_separation`).
static inline int32_t dynamics_edge_lane_floats(int32_t edgeCount) {
    int32_t width = edgeCount <= 4 ? 4 : 8;
    return (edgeCount + width - 1) / width * width * 4;
}

/// The edge of the reference polygon whose outward normal separates the incident polygon most,
/// first best winning, and that separation (negative: overlap), four edges at a time.
///
/// `lanes` holds the reference polygon's edges in blocks of 4 lanes (4 edges or fewer) or 8
/// lanes (more): per block, the normals' x, the normals' y, the edges' first vertices' x and
/// their y, each a row of one float per lane. A lane past the last edge repeats the first edge of
/// its group of four, or edge 0 if its group has no edge. `incident` holds the incident
/// polygon's `incidentCount` vertices as (x, y) pairs in its own frame; (`cosine`, `sine`) and
/// (`px`, `py`) are the rotation and position of its frame in the reference frame.
///
/// Every edge's separation is the same sequence of multiplies, adds and minima as the plain
/// edge-by-edge loop, with no fused multiply-adds, so every width computes the same bits.
dynamics_edge_separation dynamics_max_separation_in_fours(const float *lanes, int32_t edgeCount,
                                                          const float *incident, int32_t incidentCount,
                                                          float cosine, float sine, float px, float py);

/// The same search eight edges at a time, with AVX (four at a time where AVX is missing).
dynamics_edge_separation dynamics_max_separation_in_eights(const float *lanes, int32_t edgeCount,
                                                           const float *incident, int32_t incidentCount,
                                                           float cosine, float sine, float px, float py);

/// How many edges `dynamics_max_separation` takes at a time for polygons of more than four
/// edges: 8 where the contact passes' level is AVX, else 4; 0 until first asked.
extern int32_t dynamics_separation_width;

/// Sets `dynamics_separation_width` from the contact passes' level, and returns it.
int32_t dynamics_resolve_separation_width(void);

/// The separating-edge search (see `dynamics_max_separation_in_fours`), at the widest width
/// the contact passes' level allows. Polygons of four edges or fewer take one group of four.
static inline dynamics_edge_separation dynamics_max_separation(const float *lanes, int32_t edgeCount,
                                                               const float *incident, int32_t incidentCount,
                                                               float cosine, float sine, float px, float py) {
    if (edgeCount > 4) {
        int32_t width = __atomic_load_n(&dynamics_separation_width, __ATOMIC_RELAXED);
        if (width == 0) width = dynamics_resolve_separation_width();
        if (width == 8) {
            return dynamics_max_separation_in_eights(lanes, edgeCount, incident, incidentCount, cosine, sine, px, py);
        }
    }
    return dynamics_max_separation_in_fours(lanes, edgeCount, incident, incidentCount, cosine, sine, px, py);
}

#endif
