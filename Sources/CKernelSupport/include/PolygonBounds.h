#ifndef DYNAMICS_POLYGON_BOUNDS_H
#define DYNAMICS_POLYGON_BOUNDS_H

// No fused multiply-adds: each vertex must be carried to the bits of the Swift transform.
#pragma clang fp contract(off)

#include "EdgeSeparation.h"
#include "LaneMinMax.h"

#include <string.h>

/// The bounds of a polygon's vertices carried by the rotation (`cosine`, `sine`) and then moved by
/// (`px`, `py`): lower x, lower y, upper x, upper y. The vertices are read from the polygon's edge
/// lanes (`dynamics_max_separation`: the rows of first vertices' x and y), four at a time; a
/// padding lane repeats a vertex, which changes no bound. Each vertex is carried as
/// DynamicsCore's `Transform.apply` carries it, so each bound is one of those coordinates (of two
/// equal coordinates, the sign of a zero may come from either).
static inline dynamics_lanes dynamics_polygon_bounds(const float *lanes, int32_t edgeCount, float cosine, float sine,
                                                     float px, float py) {
    dynamics_lanes c = cosine, s = sine, x0 = px, y0 = py;
    dynamics_lanes vx, vy;
    // Four edges or fewer: one block of four lanes, whose rows of vertices start at float 8.
    // More: blocks of eight lanes, rows of vertices at floats 16 and 24 of each 32.
    int32_t width = edgeCount <= 4 ? 4 : 8;
    memcpy(&vx, lanes + 2 * width, sizeof vx);
    memcpy(&vy, lanes + 3 * width, sizeof vy);
    dynamics_lanes x = (c * vx - s * vy) + x0, y = (s * vx + c * vy) + y0;
    dynamics_lanes lowX = x, highX = x, lowY = y, highY = y;
    if (edgeCount > 4) {
        for (int32_t offset = 4; offset < edgeCount; offset += 4) {
            // Group `offset / 4`: half `offset / 4 mod 2` of block `offset / 8`.
            const float *group = lanes + (offset >> 3) * 32 + (offset & 4);
            memcpy(&vx, group + 16, sizeof vx);
            memcpy(&vy, group + 24, sizeof vy);
            x = (c * vx - s * vy) + x0;
            y = (s * vx + c * vy) + y0;
            lowX = dynamics_lanes_min(lowX, x); highX = dynamics_lanes_max(highX, x);
            lowY = dynamics_lanes_min(lowY, y); highY = dynamics_lanes_max(highY, y);
        }
    }
    dynamics_lanes bounds = {dynamics_smallest_lane(lowX), dynamics_smallest_lane(lowY),
                             dynamics_largest_lane(highX), dynamics_largest_lane(highY)};
    return bounds;
}

#endif
