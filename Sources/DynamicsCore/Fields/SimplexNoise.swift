/// Three-dimensional simplex noise with an analytic gradient and gradients that rotate with an
/// angle, so that a field built from it varies smoothly in space and animates in time.
///
/// The lattice is the usual simplex (tetrahedral) grid: the input is skewed onto a cubic grid,
/// the four corners of the enclosing tetrahedron each contribute `(R² − d²)⁴ · (g · d)`, and the
/// sum is scaled to about [−1, 1]. Each corner's gradient `g` is a unit vector chosen by hashing the
/// corner's integer coordinates, turned by `angle` about a second hashed direction perpendicular
/// to it. The gradient of the noise is exact, not a finite difference.
public enum SimplexNoise {
    /// The squared radius of a corner's influence: 0.5, the largest for which a corner's
    /// contribution has vanished wherever its simplex stops being the one evaluated, so the noise
    /// and its gradient are continuous (0.6, as some implementations use, leaves small jumps).
    static let radiusSquared: Float = 0.5
    /// Brings the sum to about [−1, 1] (measured: the largest |value| over 2 million samples is 0.99).
    static let scale: Float = 107

    /// The noise value at `point` and its gradient with respect to `point`, with every gradient
    /// turned by `angle` radians.
    public static func evaluate(_ point: SIMD3<Float>, angle: Float) -> (value: Float, gradient: SIMD3<Float>) {
        evaluate(point, cosine: _cos(angle), sine: _sin(angle))
    }

    /// The noise and its gradient with the gradients turned by the angle whose cosine and sine are
    /// given (a field passes them once for all its bodies).
    @inline(__always)
    static func evaluate(_ point: SIMD3<Float>, cosine c: Float, sine s: Float) -> (value: Float, gradient: SIMD3<Float>) {
        let skew = (point.x + point.y + point.z) / 3
        let i = floor(point.x + skew), j = floor(point.y + skew), k = floor(point.z + skew)
        let unskew = Float(i &+ j &+ k) / 6
        let x0 = point.x - (Float(i) - unskew), y0 = point.y - (Float(j) - unskew), z0 = point.z - (Float(k) - unskew)
        // The tetrahedron: walk from the cell's corner along the axes in decreasing order of offset.
        // Branch-free: the comparisons are unpredictable from one body to the next.
        let xy: Int32 = x0 >= y0 ? 1 : 0, yz: Int32 = y0 >= z0 ? 1 : 0, xz: Int32 = x0 >= z0 ? 1 : 0
        let i1 = xy & xz, j1 = (1 - xy) & yz, k1 = (1 - xz) & (1 - yz)
        let i2 = xy | xz, j2 = (1 - xy) | yz, k2 = (1 - xz) | (1 - yz)
        let g6: Float = 1.0 / 6.0
        var value: Float = 0
        var gx: Float = 0, gy: Float = 0, gz: Float = 0
        @inline(__always) func add(_ ci: Int32, _ cj: Int32, _ ck: Int32, _ dx: Float, _ dy: Float, _ dz: Float) {
            // Corners beyond the radius contribute 0: clamped rather than skipped, without a branch.
            let falloff = max(radiusSquared - dx * dx - dy * dy - dz * dz, 0)
            let g = rotatingGradient(hash(ci, cj, ck), cos: c, sin: s)
            let gd = g.x * dx + g.y * dy + g.z * dz
            let f2 = falloff * falloff, f4 = f2 * f2
            let w = 8 * falloff * f2 * gd
            value += f4 * gd
            gx += f4 * g.x - w * dx
            gy += f4 * g.y - w * dy
            gz += f4 * g.z - w * dz
        }
        add(i, j, k, x0, y0, z0)
        add(i &+ i1, j &+ j1, k &+ k1, x0 - Float(i1) + g6, y0 - Float(j1) + g6, z0 - Float(k1) + g6)
        add(i &+ i2, j &+ j2, k &+ k2, x0 - Float(i2) + 2 * g6, y0 - Float(j2) + 2 * g6, z0 - Float(k2) + 2 * g6)
        add(i &+ 1, j &+ 1, k &+ 1, x0 - 1 + 3 * g6, y0 - 1 + 3 * g6, z0 - 1 + 3 * g6)
        return (scale * value, SIMD3(scale * gx, scale * gy, scale * gz))
    }

    /// ⌊x⌋ as an integer without a library call (inputs far beyond ±2³¹ are clamped).
    @inline(__always)
    static func floor(_ x: Float) -> Int32 {
        let clamped = max(-2.0e9, min(2.0e9, x))
        let t = Int32(clamped)
        return Float(t) > clamped ? t &- 1 : t
    }

    /// A unit gradient for a lattice corner's hash, turned by the angle whose cosine and sine are
    /// given: `cos·u + sin·w`, with `u` and `w` perpendicular unit vectors picked by the hash.
    @inline(__always)
    static func rotatingGradient(_ h: UInt32, cos c: Float, sin s: Float) -> SIMD3<Float> {
        // u: one of the 12 directions to the midpoints of a cube's edges, (±k, ±k, 0) in some
        // order; the axis e of its zero component is perpendicular to it. Chosen without branches.
        let index = h % 12
        let group = index >> 2
        let k: Float = 0.707_106_77
        let a = k - 2 * k * Float(index & 1), b = k - 2 * k * Float((index >> 1) & 1)
        let in0: Float = group == 0 ? 1 : 0, in1: Float = group == 1 ? 1 : 0, in2: Float = group == 2 ? 1 : 0
        let u = SIMD3<Float>((1 - in2) * a, in0 * b + in2 * a, (1 - in0) * b)
        let e = SIMD3<Float>(in2, in1, in0)
        // w: e itself or u × e (both unit and perpendicular to u), either way round.
        let cross = SIMD3<Float>(u.y * e.z - u.z * e.y, u.z * e.x - u.x * e.z, u.x * e.y - u.y * e.x)
        let pick = Float((h >> 8) & 1), sign = 1 - 2 * Float((h >> 9) & 1)
        let w = sign * (e + pick * (cross - e))
        return c * u + s * w
    }

    /// A 32-bit mix of three integers (multiply-xorshift rounds).
    @inline(__always)
    static func hash(_ x: Int32, _ y: Int32, _ z: Int32) -> UInt32 {
        var h = UInt32(bitPattern: x) &* 0x8DA6_B343
        h ^= UInt32(bitPattern: y) &* 0xD816_3841
        h ^= UInt32(bitPattern: z) &* 0xCB1A_B31F
        h ^= h >> 15
        h = h &* 0x2C1B_3C6D
        h ^= h >> 12
        h = h &* 0x297A_2D39
        h ^= h >> 15
        return h
    }
}
