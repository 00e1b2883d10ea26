// Simplex noise eight points at a time with AVX: DynamicsCore's `SimplexNoise.evaluate`, lane by
// lane the same operations in the same order and no fused multiply-adds, so that a field's bodies
// get the bits the Swift code gives, whichever way they are batched. Swift's `min(a, b)` is
// `b < a ? b : a` and its `max(a, b)` is `b >= a ? b : a`; the selects below keep those rules.
#pragma clang fp contract(off)

#include "SimplexNoise.h"

#if defined(__x86_64__) && (defined(__linux__) || defined(__APPLE__))
#include "EightLanes.h"

typedef uint32_t U __attribute__((ext_vector_type(8)));

int32_t dynamics_simplex_noise_available(void) { return 1; }

INLINE V splat(float x) { return (V){x, x, x, x, x, x, x, x}; }
/// Swift's `min(a, b)`.
INLINE V min_lanes(V a, V b) { return select_lanes(b < a, a, b); }
/// Swift's `max(a, b)`.
INLINE V max_lanes(V a, V b) { return select_lanes(b >= a, a, b); }
INLINE V to_float(M x) { return __builtin_convertvector(x, V); }
INLINE V unsigned_to_float(U x) { return __builtin_convertvector((M)x, V); }

/// `SimplexNoise.floor`: ⌊x⌋ of x clamped to ±2·10⁹.
INLINE M floor_lanes(V x) {
    V clamped = max_lanes(splat(-2.0e9f), min_lanes(splat(2.0e9f), x));
    M t = __builtin_convertvector(clamped, M);
    // −1 where truncation went up (negative non-integers).
    return (M)((U)t + (U)(to_float(t) > clamped));
}

/// `SimplexNoise.hash`.
INLINE U hash_lanes(M x, M y, M z) {
    U h = (U)x * 0x8DA6B343u;
    h ^= (U)y * 0xD8163841u;
    h ^= (U)z * 0xCB1AB31Fu;
    h ^= h >> 15;
    h = h * 0x2C1B3C6Du;
    h ^= h >> 12;
    h = h * 0x297A2D39u;
    h ^= h >> 15;
    return h;
}

typedef struct {
    V value, gx, gy, gz;
} sums;

/// One lattice corner's contribution (`add` in `SimplexNoise.evaluate`), with the gradient of
/// `SimplexNoise.rotatingGradient`.
INLINE void add_corner(sums *acc, M ci, M cj, M ck, V dx, V dy, V dz, float c, float s) {
    V falloff = max_lanes(splat(0.5f) - dx * dx - dy * dy - dz * dz, splat(0));
    U h = hash_lanes(ci, cj, ck);
    U index = h % 12;
    U group = index >> 2;
    const float k = 0.70710677f;
    V a = k - 2 * k * unsigned_to_float(index & 1), b = k - 2 * k * unsigned_to_float((index >> 1) & 1);
    V in0 = to_float((M)(group == 0) & 1), in1 = to_float((M)(group == 1) & 1), in2 = to_float((M)(group == 2) & 1);
    V ux = (1 - in2) * a, uy = in0 * b + in2 * a, uz = (1 - in0) * b;
    V ex = in2, ey = in1, ez = in0;
    V crossX = uy * ez - uz * ey, crossY = uz * ex - ux * ez, crossZ = ux * ey - uy * ex;
    V pick = unsigned_to_float((h >> 8) & 1), sign = 1 - 2 * unsigned_to_float((h >> 9) & 1);
    V wx = sign * (ex + pick * (crossX - ex)), wy = sign * (ey + pick * (crossY - ey)), wz = sign * (ez + pick * (crossZ - ez));
    V gx = c * ux + s * wx, gy = c * uy + s * wy, gz = c * uz + s * wz;
    V gd = gx * dx + gy * dy + gz * dz;
    V f2 = falloff * falloff, f4 = f2 * f2;
    V w = 8 * falloff * f2 * gd;
    acc->value += f4 * gd;
    acc->gx += f4 * gx - w * dx;
    acc->gy += f4 * gy - w * dy;
    acc->gz += f4 * gz - w * dz;
}

TARGET void dynamics_simplex_noise8(dynamics_noise_lanes *lanes, float c, float s) {
    V px = lanes->x, py = lanes->y, pz = lanes->z;
    V skew = (px + py + pz) / 3;
    M i = floor_lanes(px + skew), j = floor_lanes(py + skew), k = floor_lanes(pz + skew);
    V unskew = to_float((M)((U)i + (U)j + (U)k)) / 6;
    V x0 = px - (to_float(i) - unskew), y0 = py - (to_float(j) - unskew), z0 = pz - (to_float(k) - unskew);
    M xy = (M)(x0 >= y0) & 1, yz = (M)(y0 >= z0) & 1, xz = (M)(x0 >= z0) & 1;
    M i1 = xy & xz, j1 = (1 - xy) & yz, k1 = (1 - xz) & (1 - yz);
    M i2 = xy | xz, j2 = (1 - xy) | yz, k2 = (1 - xz) | (1 - yz);
    const float g6 = 1.0f / 6.0f;
    sums acc = {splat(0), splat(0), splat(0), splat(0)};
    add_corner(&acc, i, j, k, x0, y0, z0, c, s);
    add_corner(&acc, (M)((U)i + (U)i1), (M)((U)j + (U)j1), (M)((U)k + (U)k1),
               x0 - to_float(i1) + g6, y0 - to_float(j1) + g6, z0 - to_float(k1) + g6, c, s);
    add_corner(&acc, (M)((U)i + (U)i2), (M)((U)j + (U)j2), (M)((U)k + (U)k2),
               x0 - to_float(i2) + 2 * g6, y0 - to_float(j2) + 2 * g6, z0 - to_float(k2) + 2 * g6, c, s);
    add_corner(&acc, (M)((U)i + 1), (M)((U)j + 1), (M)((U)k + 1),
               x0 - 1 + 3 * g6, y0 - 1 + 3 * g6, z0 - 1 + 3 * g6, c, s);
    const float scale = 107;
    lanes->value = scale * acc.value;
    lanes->gradientX = scale * acc.gx;
    lanes->gradientY = scale * acc.gy;
    lanes->gradientZ = scale * acc.gz;
}

#else

int32_t dynamics_simplex_noise_available(void) { return 0; }
void dynamics_simplex_noise8(dynamics_noise_lanes *lanes, float cosine, float sine) {
    (void)lanes; (void)cosine; (void)sine;
}

#endif
