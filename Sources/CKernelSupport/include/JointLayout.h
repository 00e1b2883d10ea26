#ifndef DYNAMICS_JOINT_LAYOUT_H
#define DYNAMICS_JOINT_LAYOUT_H

#include <stdint.h>

/// Where the fields of DynamicsCore's `WideJointFrame` lie within a block of four joints: byte
/// offsets of four-lane fields of 16 bytes, floats or (`indexA`, `indexB`) 32-bit dense body
/// indices. Every wide joint block begins with such a frame.
typedef struct {
    int64_t indexA, indexB, massA, inertiaA, massB, inertiaB;
    int64_t anchorAX, anchorAY, anchorBX, anchorBY, deltaCenterX, deltaCenterY;
} dynamics_joint_frame_layout;

#endif
