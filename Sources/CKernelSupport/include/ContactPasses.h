#ifndef DYNAMICS_CONTACT_PASSES_H
#define DYNAMICS_CONTACT_PASSES_H

#include <stdint.h>
#include "Transpose.h"

/// Four 32-bit integers, imported into Swift as SIMD4<Int32>.
typedef int32_t dynamics_indices __attribute__((ext_vector_type(4)));

/// One manifold point across the four contact constraints of a block (DynamicsCore's `WidePoint`).
///
/// Each anchor r (from its body's centre of mass) is kept as its two components in the contact
/// frame: along the normal, r·n, and across it, r×n. With the tangent t = (n.y, −n.x), r×t is
/// −r·n, so these two numbers give every angular term of the solve in one multiply each, and the
/// separation's rotation term as c·(r·n) + s·(r×n).
typedef struct {
    dynamics_lanes alongA, acrossA, alongB, acrossB;
    dynamics_lanes baseSeparation;
    dynamics_lanes normalImpulse, tangentImpulse, maxNormalImpulse;
    dynamics_lanes normalMass, tangentMass;
    dynamics_lanes relativeVelocity;
} dynamics_wide_point;

/// Four contact constraints of one colour, solved together, one per lane (DynamicsCore's
/// `WideContactConstraint`). No body appears twice in a colour, so the lanes never touch the same
/// body. A lane without a movable body indexes a resting state past the bodies; unused lanes have
/// zero masses and do nothing.
typedef struct {
    dynamics_indices indexA, indexB, contactIndex;
    dynamics_lanes normalX, normalY;
    dynamics_lanes friction, restitution;
    dynamics_lanes massA, inertiaA, massB, inertiaB;
    dynamics_lanes biasRate, massScale, impulseScale;
    dynamics_wide_point point0, point1;
} dynamics_wide_contact;

/// The passes the sub-steps make over contact blocks.
typedef enum {
    dynamics_contact_warm_start = 0,
    dynamics_contact_solve = 1,
    dynamics_contact_relax = 2,
    dynamics_contact_restitution = 3,
} dynamics_contact_pass_kind;

/// What a pass needs besides the blocks: the bodies' 32-byte states (velocity row, then motion
/// row: dpx, dpy, cos, sin), the sub-step rate, and the solver's speed limits.
typedef struct {
    void *states;
    float inverseH;
    float pushMaxVelocity;
    float restitutionThreshold;
} dynamics_contact_pass_constants;

/// Which instruction set the contact passes use.
typedef enum {
    /// The build's baseline (SSE2 on x86-64, NEON on arm64, plain C elsewhere).
    dynamics_kernels_baseline = 0,
    /// AVX (three-operand instructions; two blocks of a colour at once in eight lanes), chosen at
    /// run time where the processor has it.
    dynamics_kernels_avx = 1,
} dynamics_kernel_level;

/// Runs `pass` over `blocks[begin..<end]`, in order.
///
/// Every level computes the same bits: the same operations in the same order, no fused
/// multiply-add.
void dynamics_contact_pass(dynamics_contact_pass_kind pass, dynamics_wide_contact *blocks,
                           int64_t begin, int64_t end, const dynamics_contact_pass_constants *constants);

/// The level the contact passes use: the best this processor has, unless the environment variable
/// `DYNAMICS_KERNELS` is `baseline` or `dynamics_set_kernel_level` chose another.
dynamics_kernel_level dynamics_current_kernel_level(void);

/// The best level this processor and build support.
dynamics_kernel_level dynamics_best_kernel_level(void);

/// Makes the contact passes use `level` (at most the best supported; returns the level now in use).
dynamics_kernel_level dynamics_set_kernel_level(dynamics_kernel_level level);

#endif
