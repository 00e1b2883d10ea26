#ifndef DYNAMICS_EDGE_SEPARATION_H
#define DYNAMICS_EDGE_SEPARATION_H

#include <stdint.h>

/// The edge of a reference polygon along which another polygon lies furthest outside, and that
/// distance (DynamicsCore's `maxSeparation`).
typedef struct {
    float separation;
    int32_t edge;
} dynamics_edge_separation;

/// How many lanes a block of the edge lanes of a polygon with `edgeCount` edges has: 4 for four
/// edges or fewer, else 8 (see `dynamics_max_separation`).
static inline int32_t dynamics_edge_lane_width(int32_t edgeCount) {
    return edgeCount <= 4 ? 4 : 8;
}

/// How many floats the edge lanes of a polygon with `edgeCount` edges take (see
/// `dynamics_max_separation`).
static inline int32_t dynamics_edge_lane_floats(int32_t edgeCount) {
    int32_t width = dynamics_edge_lane_width(edgeCount);
    return (edgeCount + width - 1) / width * width * 4;
}

/// Where, in the edge lanes `lanes` of a polygon with `edgeCount` edges, the first block's row of
/// first vertices' x begins. Edge i starts at vertex i, so these rows hold the polygon's vertices
/// (see `dynamics_vertex_row_offset`).
static inline const float *dynamics_vertex_rows(const float *lanes, int32_t edgeCount) {
    return lanes + 2 * dynamics_edge_lane_width(edgeCount);
}

/// How far vertex `i`'s x lies from `dynamics_vertex_rows` in lanes of blocks `width` wide: its
/// lane `i mod width` in block `i / width`, blocks being 4 rows long, so `i` plus 3 widths per
/// block before it. Its y lies one width further.
static inline int32_t dynamics_vertex_row_offset(int32_t i, int32_t width) {
    return i + 3 * (i & -width);
}

/// The edge of the reference polygon whose outward normal separates the incident polygon most,
/// first best winning, and that separation (negative: overlap), four edges at a time.
///
/// `lanes` holds the reference polygon's edges in blocks of 4 lanes (4 edges or fewer) or 8
/// lanes (more): per block, the normals' x, the normals' y, the edges' first vertices' x and
/// their y, each a row of one float per lane. A lane past the last edge repeats the first edge of
/// its group of four, or edge 0 if its group has no edge. `incident` holds the incident
/// polygon's edge lanes, laid out the same way for its `incidentCount` edges: the search reads
/// its vertices there, in its own frame, so that a collision reads the two polygons' lanes and
/// nothing else. (`cosine`, `sine`) and (`px`, `py`) are the rotation and position of its frame
/// in the reference frame.
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
