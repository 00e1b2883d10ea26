// The sub-steps' body integration, eight bodies at a time with AVX: DynamicsCore's `Integrator`
// (velocities from each body's velocity step, then positions), the same operations in the same
// order and no fused multiply-adds, so the bits are those of the Swift code (which the baseline
// level and the field forces keep using). Eight consecutive bodies' rows are loaded, lane i and
// lane i + 4 in the two halves of a register, transposed, worked on, and transposed back.
#pragma clang fp contract(off)

#include "BodyIntegration.h"
#include "Transpose.h"

#include <math.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__linux__) || defined(__APPLE__))
#include "EightLanes.h"

/// The 16-byte rows at `base + k · stride` for k = 0…7 (eight consecutive records), transposed.
INLINE rows8 load_rows(const char *base, int64_t stride) {
    dynamics_lanes rows[8];
    for (int k = 0; k < 8; k++) memcpy(&rows[k], base + k * stride, sizeof rows[k]);
    return dynamics_transpose_eight(rows);
}

/// The inverse of `load_rows`: rows (x, y, z, w) of the eight lanes stored at `base + k · stride`.
INLINE void store_rows(char *base, int64_t stride, rows8 t) {
    dynamics_eight_row_pairs rows = dynamics_untranspose_eight(t.x, t.y, t.z, t.w);
    for (int i = 0; i < 4; i++) {
        dynamics_lanes low = __builtin_shufflevector(rows.pairs[i], rows.pairs[i], 0, 1, 2, 3);
        dynamics_lanes high = __builtin_shufflevector(rows.pairs[i], rows.pairs[i], 4, 5, 6, 7);
        memcpy(base + i * stride, &low, sizeof low);
        memcpy(base + (i + 4) * stride, &high, sizeof high);
    }
}

/// One body's velocities, as the eight-lane loop computes each lane.
static void integrate_velocity(float *row, const dynamics_velocity_step *step, float *carried, int32_t carry,
                               float *joints, float h, float maxTranslation, float maxRotation) {
    float oldX = row[0], oldY = row[1], oldW = row[2];
    if (!(step->flags & 1)) {
        if (carry & dynamics_carry_record) { carried[0] = oldX; carried[1] = oldY; carried[2] = oldW; carried[3] = 0; }
        if (joints) { joints[0] = 0; joints[1] = 0; joints[2] = 0; joints[3] = 0; }
        return;
    }
    float vx = (row[0] + step->linearX) * step->linearFactor;
    float vy = (row[1] + step->linearY) * step->linearFactor;
    float w = (row[2] + step->angular) * step->angularFactor;
    float step2 = (vx * vx + vy * vy) * h * h;
    if (step2 > maxTranslation * maxTranslation) {
        float factor = maxTranslation / sqrtf(step2);
        vx = vx * factor;
        vy = vy * factor;
    }
    if (fabsf(w * h) > maxRotation) w = w * (maxRotation / fabsf(w * h));
    if (step->flags & 2) w = 0;
    float addX = 0, addY = 0, addW = 0;
    if (carry & dynamics_carry_apply) { addX = oldX - carried[0]; addY = oldY - carried[1]; addW = (oldW - carried[2]) + carried[3]; }
    if (joints && (carry & dynamics_carry_apply)) { addX = addX - joints[0]; addY = addY - joints[1]; addW = addW - joints[2]; }
    if (joints) { joints[0] = 0; joints[1] = 0; joints[2] = 0; joints[3] = 0; }
    if (carry & dynamics_carry_record) { carried[0] = vx; carried[1] = vy; carried[2] = w; carried[3] = 0; }
    if (carry & dynamics_carry_apply) { vx = vx + addX; vy = vy + addY; w = w + addW; }
    row[0] = vx;
    row[1] = vy;
    row[2] = w;
}

int32_t dynamics_body_integration_available(void) { return 1; }

TARGET void dynamics_integrate_velocities(void *states, const dynamics_velocity_step *steps, float *carried, int32_t carry,
                                          float *joints, int64_t begin, int64_t end, float h, float maxTranslation,
                                          float maxRotation) {
    char *base = (char *)states, *carriedBase = (char *)carried, *jointBase = (char *)joints;
    const char *stepBase = (const char *)steps;
    float limit = maxTranslation * maxTranslation;
    V zero = 0.0f;
    M one = 1, two = 2, none = 0;
    int64_t i = begin;
    for (; i + 8 <= end; i += 8) {
        rows8 v = load_rows(base + i * 32, 32);
        // Each step as two rows: (linear x, linear y, angular, linear factor) and, 8 bytes on,
        // (angular, linear factor, angular factor, flags).
        rows8 s = load_rows(stepBase + i * (int64_t)sizeof(dynamics_velocity_step), sizeof(dynamics_velocity_step));
        rows8 t = load_rows(stepBase + i * (int64_t)sizeof(dynamics_velocity_step) + 8, sizeof(dynamics_velocity_step));
        V vx = (v.x + s.x) * s.w, vy = (v.y + s.y) * s.w, w = (v.z + s.z) * t.z;
        V step2 = (vx * vx + vy * vy) * h * h;
        M fast = step2 > limit;
        V factor = maxTranslation / __builtin_elementwise_sqrt(step2);
        vx = select_lanes(fast, vx, vx * factor);
        vy = select_lanes(fast, vy, vy * factor);
        V turn = __builtin_elementwise_abs(w * h);
        M spinning = turn > maxRotation;
        w = select_lanes(spinning, w, w * (maxRotation / turn));
        M flags = (M)t.w;
        w = select_lanes((flags & two) != none, w, zero);
        M dynamic = (flags & one) != none;
        vx = select_lanes(dynamic, v.x, vx);
        vy = select_lanes(dynamic, v.y, vy);
        w = select_lanes(dynamic, v.z, w);
        if (carry) {
            char *row = carriedBase + i * 16;
            V addX = zero, addY = zero, addW = zero;
            if (carry & dynamics_carry_apply) {
                rows8 c = load_rows(row, 16);
                addX = v.x - c.x; addY = v.y - c.y; addW = (v.z - c.z) + c.w;
            }
            if (joints) {
                char *jointRow = jointBase + i * 16;
                if (carry & dynamics_carry_apply) {
                    rows8 j = load_rows(jointRow, 16);
                    addX = addX - j.x; addY = addY - j.y; addW = addW - j.z;
                }
                rows8 cleared = {zero, zero, zero, zero};
                store_rows(jointRow, 16, cleared);
            }
            if (carry & dynamics_carry_record) {
                rows8 record = {vx, vy, w, zero};
                store_rows(row, 16, record);
            }
            if (carry & dynamics_carry_apply) {
                vx = select_lanes(dynamic, vx, vx + addX);
                vy = select_lanes(dynamic, vy, vy + addY);
                w = select_lanes(dynamic, w, w + addW);
            }
        }
        v.x = vx;
        v.y = vy;
        v.z = w;
        store_rows(base + i * 32, 32, v);
    }
    for (; i < end; i++) {
        integrate_velocity((float *)(base + i * 32), steps + i, carried ? carried + 4 * i : carried, carry,
                           joints ? joints + 4 * i : joints, h, maxTranslation, maxRotation);
    }
}

/// One body's motion, as the eight-lane loop computes each lane.
static void integrate_position(float *state, float h) {
    state[4] = state[4] + h * state[0];
    state[5] = state[5] + h * state[1];
    if (state[2] != 0) {
        float angle = h * state[2];
        float c = state[6] - angle * state[7];
        float s = state[7] + angle * state[6];
        float inverse = 1 / sqrtf(c * c + s * s);
        state[6] = c * inverse;
        state[7] = s * inverse;
    }
}

TARGET void dynamics_integrate_positions(void *states, int64_t begin, int64_t end, float h) {
    char *base = (char *)states;
    V zero = 0.0f;
    int64_t i = begin;
    for (; i + 8 <= end; i += 8) {
        rows8 v = load_rows(base + i * 32, 32);
        rows8 m = load_rows(base + i * 32 + 16, 32);
        m.x = m.x + h * v.x;
        m.y = m.y + h * v.y;
        V angle = h * v.z;
        V c = m.z - angle * m.w;
        V s = m.w + angle * m.z;
        V inverse = 1.0f / __builtin_elementwise_sqrt(c * c + s * s);
        M turning = v.z != zero;
        m.z = select_lanes(turning, m.z, c * inverse);
        m.w = select_lanes(turning, m.w, s * inverse);
        store_rows(base + i * 32 + 16, 32, m);
    }
    for (; i < end; i++) integrate_position((float *)(base + i * 32), h);
}

#else

int32_t dynamics_body_integration_available(void) { return 0; }

void dynamics_integrate_velocities(void *states, const dynamics_velocity_step *steps, float *carried, int32_t carry,
                                   float *joints, int64_t begin, int64_t end, float h, float maxTranslation,
                                   float maxRotation) {
    (void)states; (void)steps; (void)carried; (void)carry; (void)joints; (void)begin; (void)end; (void)h; (void)maxTranslation; (void)maxRotation;
    __builtin_trap();
}

void dynamics_integrate_positions(void *states, int64_t begin, int64_t end, float h) {
    (void)states; (void)begin; (void)end; (void)h;
    __builtin_trap();
}

#endif
