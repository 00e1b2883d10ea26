import DynamicsCore
import Testing

@Suite("Simplex noise and field regions")
struct NoiseAndRegionTests {
    /// A small deterministic generator for sample points.
    struct Points: Sequence, IteratorProtocol {
        var state: UInt64 = 0x1234_5678
        var left: Int
        mutating func next() -> SIMD3<Float>? {
            guard left > 0 else { return nil }
            left -= 1
            func unit() -> Float {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Float(state >> 40) / Float(1 << 24)
            }
            return SIMD3(unit() * 20 - 10, unit() * 20 - 10, unit() * 20 - 10)
        }
    }

    @Test("the analytic gradient matches central differences, for any rotation angle")
    func gradient() {
        let h: Float = 1e-3
        for (index, p) in Points(left: 300).enumerated() {
            let angle = Float(index) * 0.37
            let (_, g) = SimplexNoise.evaluate(p, angle: angle)
            for axis in 0..<3 {
                var plus = p, minus = p
                plus[axis] += h
                minus[axis] -= h
                let numeric = (SimplexNoise.evaluate(plus, angle: angle).value - SimplexNoise.evaluate(minus, angle: angle).value) / (2 * h)
                #expect(abs(numeric - g[axis]) < 0.02 * max(1, abs(g[axis])), "at \(p), axis \(axis): \(numeric) vs \(g[axis])")
            }
        }
    }

    @Test("noise stays within [−1, 1], is not constant, is continuous in the angle and zero on lattice points")
    func values() {
        var values: [Float] = []
        for p in Points(left: 2000) {
            let v = SimplexNoise.evaluate(p, angle: 0.5).value
            #expect(abs(v) <= 1.05)
            values.append(v)
            let turned = SimplexNoise.evaluate(p, angle: 0.5 + 1e-3).value
            #expect(abs(turned - v) < 0.01)
        }
        let mean = values.reduce(0, +) / Float(values.count)
        let spread = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Float(values.count)
        #expect(abs(mean) < 0.05 && spread > 0.01)
        #expect(SimplexNoise.evaluate(SIMD3(3, -2, 5), angle: 1.1).value == 0)
    }

    @Test("region algebra: circles include their edge, rectangles exclude it; union, intersection, difference, inverse")
    func regions() {
        let circle = FieldRegion.circle(radius: 10)
        let rectangle = FieldRegion.rectangle(width: 100, height: 50)
        #expect(circle.contains(Vec2(10, 0)) && !circle.contains(Vec2(10.001, 0)))
        #expect(rectangle.contains(Vec2(49.9, 0)) && !rectangle.contains(Vec2(50, 0)) && !rectangle.contains(Vec2(0, 25)))
        #expect(FieldRegion.circle(radius: -10).contains(Vec2(0, 9)))
        #expect(!FieldRegion.rectangle(width: -4, height: 4).contains(.zero))
        #expect(FieldRegion.inverse(rectangle).contains(Vec2(50, 0)))
        #expect(FieldRegion.union(.infinite, circle).contains(Vec2(1e6, 0)))
        #expect(!FieldRegion.inverse(.infinite).contains(.zero))
        // (a ∪ b) ∩ c is a set expression, not UIKit's two-slot approximation (which acts as a ∩ c).
        let a = FieldRegion.circle(radius: 5), b = FieldRegion.rectangle(width: 40, height: 4), c = FieldRegion.rectangle(width: 30, height: 30)
        let combined = FieldRegion.intersection(.union(a, b), c)
        #expect(combined.contains(Vec2(12, 0)))
        #expect(!combined.contains(Vec2(18, 0)))
        for p in Points(left: 3000) {
            let q = Vec2(p.x * 6, p.y * 6)
            let inA = a.contains(q), inB = b.contains(q), inC = c.contains(q)
            #expect(FieldRegion.union(a, b).contains(q) == (inA || inB))
            #expect(FieldRegion.intersection(a, c).contains(q) == (inA && inC))
            #expect(FieldRegion.difference(b, a).contains(q) == (inB && !inA))
            #expect(FieldRegion.inverse(.difference(b, a)).contains(q) == !(inB && !inA))
            #expect(combined.contains(q) == ((inA || inB) && inC))
        }
    }
}
