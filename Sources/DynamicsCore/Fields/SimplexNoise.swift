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
    @inline(__always)
    public static func evaluate(_ point: SIMD3<Float>, angle: Float) -> (value: Float, gradient: SIMD3<Float>) {
        let skew = (point.x + point.y + point.z) / 3
        let cell = SIMD3<Float>((point.x + skew).rounded(.down), (point.y + skew).rounded(.down), (point.z + skew).rounded(.down))
        let unskew = (cell.x + cell.y + cell.z) / 6
        let d0 = point - (cell - SIMD3(repeating: unskew))
        // The tetrahedron: walk from the cell's corner along the axes in decreasing order of d0.
        let first: SIMD3<Float>, second: SIMD3<Float>
        if d0.x >= d0.y {
            if d0.y >= d0.z { first = SIMD3(1, 0, 0); second = SIMD3(1, 1, 0) }
            else if d0.x >= d0.z { first = SIMD3(1, 0, 0); second = SIMD3(1, 0, 1) }
            else { first = SIMD3(0, 0, 1); second = SIMD3(1, 0, 1) }
        } else {
            if d0.y < d0.z { first = SIMD3(0, 0, 1); second = SIMD3(0, 1, 1) }
            else if d0.x < d0.z { first = SIMD3(0, 1, 0); second = SIMD3(0, 1, 1) }
            else { first = SIMD3(0, 1, 0); second = SIMD3(1, 1, 0) }
        }
        let g6: Float = 1.0 / 6.0
        let corners = (cell, cell + first, cell + second, cell + SIMD3(repeating: 1))
        let offsets = (d0, d0 - first + SIMD3(repeating: g6), d0 - second + SIMD3(repeating: 2 * g6), d0 - SIMD3(repeating: 1 - 3 * g6))
        let c = _cos(angle), s = _sin(angle)
        var value: Float = 0
        var gradient = SIMD3<Float>.zero
        @inline(__always) func add(_ corner: SIMD3<Float>, _ d: SIMD3<Float>) {
            let falloff = radiusSquared - (d * d).sum()
            guard falloff > 0 else { return }
            let g = rotatingGradient(corner, cos: c, sin: s)
            let gd = (g * d).sum()
            let f2 = falloff * falloff, f4 = f2 * f2
            value += f4 * gd
            gradient += f4 * g - (8 * falloff * f2 * gd) * d
        }
        add(corners.0, offsets.0)
        add(corners.1, offsets.1)
        add(corners.2, offsets.2)
        add(corners.3, offsets.3)
        return (scale * value, scale * gradient)
    }

    /// A unit gradient for a lattice corner, turned by the angle whose cosine and sine are given:
    /// `cos·u + sin·w`, with `u` and `w` perpendicular unit vectors picked by hashing the corner.
    @inline(__always)
    static func rotatingGradient(_ corner: SIMD3<Float>, cos c: Float, sin s: Float) -> SIMD3<Float> {
        let h = hash(Int32(corner.x), Int32(corner.y), Int32(corner.z))
        // u: one of the 12 directions to the midpoints of a cube's edges; each has one zero
        // component, and the axis e of that component is perpendicular to u.
        let index = Int(h % 12)
        let u = edgeDirections[index]
        var e = SIMD3<Float>.zero
        e[2 - index / 4] = 1
        // w: e itself or u × e (both unit and perpendicular to u), either way round.
        var w = h & 0x100 == 0 ? e : SIMD3(u.y * e.z - u.z * e.y, u.z * e.x - u.x * e.z, u.x * e.y - u.y * e.x)
        if h & 0x200 != 0 { w = -w }
        return c * u + s * w
    }

    /// The 12 unit directions from a cube's center to its edges' midpoints.
    static let edgeDirections: [SIMD3<Float>] = {
        let k: Float = 0.707_106_77
        return [SIMD3(k, k, 0), SIMD3(-k, k, 0), SIMD3(k, -k, 0), SIMD3(-k, -k, 0),
                SIMD3(k, 0, k), SIMD3(-k, 0, k), SIMD3(k, 0, -k), SIMD3(-k, 0, -k),
                SIMD3(0, k, k), SIMD3(0, -k, k), SIMD3(0, k, -k), SIMD3(0, -k, -k)]
    }()

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
