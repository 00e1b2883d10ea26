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

/// What `dynamics_integrate_velocities` does with the sub-step's carried velocities (DynamicsCore's
/// `VelocityCarry`), bits that combine.
enum {
    /// Each body's integrated velocity (before any impulse) is written to its carried row.
    dynamics_carry_record = 1,
    /// Each dynamic body gets back what the constraints added to its velocity since the last
    /// record (its velocity now minus its carried row), plus the spin the pins left in the row's
    /// last float, after the integration: the warm start.
    dynamics_carry_apply = 2,
};

/// One sub-step's velocities for the bodies `begin..<end`, eight at a time with AVX: DynamicsCore's
/// `Integrator.integrateVelocities` from velocity steps, the same operations in the same order, no
/// fused multiply-adds. `states` holds the bodies' 32-byte states (velocity row: vx, vy, ω, inverse
/// mass). A body that is not dynamic keeps its velocity. `carried` holds one 16-byte row a body
/// (vx, vy, ω, the wide joints' spin) for the `carry` bits (`dynamics_carry_record`, `dynamics_carry_apply`); with
/// no bits it is not read and may be null. `joints`, when not null (only with `carry` bits), holds
/// one 16-byte row a body of what the joints outside the carry changed in its velocities: applying
/// leaves it out, and every row is cleared. Only to be called where
/// `dynamics_body_integration_available()` and the processor has AVX.
void dynamics_integrate_velocities(void *states, const dynamics_velocity_step *steps, float *carried, int32_t carry,
                                   float *joints, int64_t begin, int64_t end, float h, float maxTranslation,
                                   float maxRotation);

/// One sub-step's motion for the bodies `begin..<end` (`Integrator.integratePositions`): the
/// position change grows by h·v, and the rotation change turns by h·ω and is normalised, where ω is
/// not zero. The same conditions as `dynamics_integrate_velocities`.
void dynamics_integrate_positions(void *states, int64_t begin, int64_t end, float h);

#endif
