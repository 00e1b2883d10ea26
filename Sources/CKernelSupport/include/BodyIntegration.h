#ifndef DYNAMICS_BODY_INTEGRATION_H
#define DYNAMICS_BODY_INTEGRATION_H

#include <stdint.h>

/// A body's velocity change per sub-step (DynamicsCore's `VelocityStep`): the linear and angular
/// velocity added, the damping factors, and the flags (bit 0: dynamic, bit 1: fixed rotation).
typedef struct {
    float linearX, linearY, angular, linearFactor, angularFactor;
    uint32_t flags;
} dynamics_velocity_step;

/// Whether `dynamics_integrate_velocities` and `dynamics_integrate_positions` are compiled in
/// (x86-64 with AVX copies).
int32_t dynamics_body_integration_available(void);

/// One sub-step's velocities for the bodies `begin..<end`, eight at a time with AVX: DynamicsCore's
/// `Integrator.integrateVelocities` from velocity steps, the same operations in the same order, no
/// fused multiply-adds. `states` holds the bodies' 32-byte states (velocity row: vx, vy, ω, inverse
/// mass). A body that is not dynamic keeps its velocity. Only to be called where
/// `dynamics_body_integration_available()` and the processor has AVX.
void dynamics_integrate_velocities(void *states, const dynamics_velocity_step *steps, int64_t begin, int64_t end,
                                   float h, float maxTranslation, float maxRotation);

/// One sub-step's motion for the bodies `begin..<end` (`Integrator.integratePositions`): the
/// position change grows by h·v, and the rotation change turns by h·ω and is normalised, where ω is
/// not zero. The same conditions as `dynamics_integrate_velocities`.
void dynamics_integrate_positions(void *states, int64_t begin, int64_t end, float h);

#endif
