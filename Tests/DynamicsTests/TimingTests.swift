import Dynamics
import Foundation
import Testing

@Suite("Timing curves: cubic, spring, decay")
struct TimingTests {
    @Test("cubic presets match independent Newton-plus-bisection values to 1e-6")
    func cubicPresets() {
        let table: [(CubicTimingParameters, [Double])] = [
            (CubicTimingParameters(animationCurve: .easeIn), [0.017027, 0.093465, 0.315357, 0.621862, 0.839428]),
            (CubicTimingParameters(animationCurve: .easeOut), [0.160572, 0.378138, 0.684643, 0.906535, 0.982973]),
            (CubicTimingParameters(animationCurve: .easeInOut), [0.019722, 0.129162, 0.500000, 0.870838, 0.980278]),
            (CubicTimingParameters(), [0.094796, 0.408511, 0.802403, 0.960459, 0.994316]),
        ]
        for (curve, values) in table {
            for (tau, expected) in zip([0.1, 0.25, 0.5, 0.75, 0.9], values) {
                let p = curve.progress(atFraction: tau, duration: 1, initialVelocity: 0)
                #expect(abs(p - expected) < 1e-6, "\(curve) at \(tau): \(p)")
            }
        }
        #expect(abs(CubicTimingParameters(animationCurve: .linear).progress(atFraction: 0.37, duration: 1, initialVelocity: 0) - 0.37) < 1e-12)
        #expect(CubicTimingParameters(animationCurve: .easeIn).controlPoint1 == .zero)
        #expect(CubicTimingParameters(controlPoint1: CGPoint(x: 0.3, y: 0.9), controlPoint2: CGPoint(x: 0.4, y: 1)).controlPoint1 == CGPoint(x: 0.3, y: 0.9))
    }

    @Test("a steep custom curve still solves (Newton with a bisection fallback) and is monotone")
    func steepCurve() {
        let curve = CubicTimingParameters(controlPoint1: CGPoint(x: 1, y: 0), controlPoint2: CGPoint(x: 0, y: 1))
        var previous = -1.0
        for i in 0...1000 {
            let p = curve.progress(atFraction: Double(i) / 1000, duration: 1, initialVelocity: 0)
            #expect(p >= previous - 1e-9)
            previous = p
        }
        #expect(abs(curve.progress(atFraction: 0.5, duration: 1, initialVelocity: 0) - 0.5) < 1e-6)
    }

    /// Integrates x'' = −ω²x − 2ζωx' with RK4 at 0.1 ms from x = −1, v = v0, returning 1 + x(t).
    func integrated(mass: Double, stiffness: Double, damping: Double, v0: Double, at t: Double) -> Double {
        var x = -1.0, v = v0
        let h = 1e-4
        func a(_ x: Double, _ v: Double) -> Double { (-stiffness * x - damping * v) / mass }
        for _ in 0..<Int((t / h).rounded()) {
            let k1x = v, k1v = a(x, v)
            let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return 1 + x
    }

    @Test("spring closed forms (under-, critically and over-damped) agree with RK4 and the settling times of the spec")
    func springs() {
        let cases: [(m: Double, k: Double, c: Double, v0: Double, settle: Double)] = [
            (1, 100, 10, 0, 1.270), (1, 157.914, 25.133, 0, 0.735), (1, 100, 40, 0, 2.606), (1, 157.914, 17.593, 2, 0.806),
        ]
        for s in cases {
            let spring = SpringTimingParameters(mass: s.m, stiffness: s.k, damping: s.c, initialVelocity: CGVector(dx: s.v0, dy: 0))
            let run = spring.effectiveDuration(forRequested: 99)
            #expect(abs(run - s.settle) < 0.01, "settle \(run) vs \(s.settle)")
            for t in [0.05, 0.1, 0.2, 0.5, 1.0] {
                let closed = spring.progress(atFraction: t / run, duration: 99, initialVelocity: s.v0)
                let numeric = integrated(mass: s.m, stiffness: s.k, damping: s.c, v0: s.v0, at: t)
                #expect(abs(closed - numeric) < 1e-6, "k \(s.k) c \(s.c) at \(t): \(closed) vs \(numeric)")
            }
        }
        // The spec's table, to 1e-5.
        let ca = SpringTimingParameters(mass: 1, stiffness: 100, damping: 10, initialVelocity: CGVector(dx: 0, dy: 0))
        let run = ca.effectiveDuration(forRequested: 1)
        #expect(abs(ca.progress(atFraction: 0.2 / run, duration: 1, initialVelocity: 0) - 0.849426) < 1e-5)
    }

    @Test("duration and bounce map like SwiftUI's: (0.5, 0.3) is mass 1, stiffness 157.9, damping 17.6")
    func durationAndBounce() {
        let spring = SpringTimingParameters(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness! - 157.914) < 0.01 && abs(spring.damping! - 17.59) < 0.01)
        #expect(abs(spring.dampingRatio - 0.7) < 1e-9)
    }

    @Test("a damping-ratio spring settles in the animator's duration: ζ 1 over 0.5 s has ω₀ ≈ 18.47")
    func dampingRatioSpring() {
        let spring = SpringTimingParameters(dampingRatio: 1)
        #expect(abs(spring.settlingDuration(forDuration: 0.5) - 0.5) < 1e-3)
        // With ω₀ = 18.47, p(t) = 1 − (1 + ω₀t)e^{−ω₀t}.
        let p = spring.progress(atFraction: 0.2, duration: 0.5, initialVelocity: 0)
        let w = 9.2334 / 0.5
        #expect(abs(p - (1 - (1 + w * 0.1) * exp(-w * 0.1))) < 1e-3)
        #expect(SpringTimingParameters().dampingRatio == 4.56)
    }

    @Test("decay: 1000 pt/s comes to rest 499 pt away at 0.998 and 99 pt at 0.99; 1000 → 5 pt/s takes 2.65 s and 0.53 s")
    func decay() {
        let normal = Deceleration(initialVelocity: CGPoint(x: 1000, y: 0))
        #expect(abs(normal.projectedDistance.x - 499) < 1e-9)
        #expect(abs(Deceleration(initialVelocity: CGPoint(x: 1000, y: 0), rate: Deceleration.fastRate).projectedDistance.x - 99) < 1e-9)
        #expect(abs(normal.duration(untilSpeedBelow: 5) - 2.646) < 0.01)
        #expect(abs(Deceleration(initialVelocity: CGPoint(x: 1000, y: 0), rate: 0.99).duration(untilSpeedBelow: 5) - 0.527) < 0.01)
        #expect(abs(normal.distance(at: 100).x - 499) < 1e-6)
        #expect(abs(normal.velocity(at: 0.5).x - 1000 * pow(0.998, 500)) < 1e-9)
        let back = Deceleration.initialVelocity(toTravel: CGPoint(x: 499, y: -99.8))
        #expect(abs(back.x - 1000) < 1e-9 && abs(back.y + 200) < 1e-9)
    }

    @Test("a gesture's velocity is normalised per axis by the distance left")
    func gestureVelocity() {
        let v = SpringTimingParameters.initialVelocity(forGestureVelocity: CGPoint(x: 100, y: -50), from: .zero, to: CGPoint(x: 200, y: 0))
        #expect(v == CGVector(dx: 0.5, dy: 0))
    }
}
