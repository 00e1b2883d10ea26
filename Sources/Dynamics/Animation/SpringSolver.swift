import Foundation

/// The closed-form motion of a damped spring towards its target: `x'' + 2ζω₀x' + ω₀²x = 0`, with
/// the displacement x starting at −1 (unit progress p = 1 + x) and an initial velocity v₀ (1/s).
struct SpringSolver: Hashable, Sendable {
    let omega: Double
    let zeta: Double

    /// Damping ratios within this of 1 use the critically damped form.
    static let criticalBand = 1e-6

    /// Displacement and velocity at time t.
    func state(at t: Double, initialVelocity v0: Double) -> (x: Double, v: Double) {
        let x0 = -1.0
        let w = omega
        if abs(zeta - 1) < Self.criticalBand {
            let e = exp(-w * t)
            let b = v0 + w * x0
            return (e * (x0 + b * t), e * (v0 - w * b * t))
        }
        if zeta < 1 {
            let wd = w * (1 - zeta * zeta).squareRoot()
            let e = exp(-zeta * w * t)
            let c = cos(wd * t), s = sin(wd * t)
            let x = e * (x0 * c + (v0 + zeta * w * x0) / wd * s)
            let v = e * (v0 * c - (zeta * w * v0 + w * w * x0) / wd * s)
            return (x, v)
        }
        // Over-damped: two decaying exponentials (stable for large t, unlike cosh/sinh).
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w * (zeta - root), r2 = -w * (zeta + root)
        let a = (v0 - r2 * x0) / (r1 - r2), b = x0 - a
        let e1 = exp(r1 * t), e2 = exp(r2 * t)
        return (a * e1 + b * e2, a * r1 * e1 + b * r2 * e2)
    }

    /// The last time the displacement is at least `epsilon` away from the target.
    func settlingTime(epsilon: Double = 1e-3, initialVelocity v0: Double = 0) -> Double {
        // An end time by which the motion has certainly settled: the slowest decay rate bounds it.
        let slowestRate = zeta < 1 ? zeta * omega : omega * (zeta - (zeta * zeta - 1).squareRoot())
        let amplitude = 1 + abs(v0) / max(omega * (zeta < 1 ? (1 - zeta * zeta).squareRoot() : 1), 1e-9) + abs(v0) * 10 / omega
        let end = max(log(amplitude / epsilon) / max(slowestRate, 1e-9) * 1.5, 10 / omega)
        let steps = 4000
        let dt = end / Double(steps)
        var last = 0.0
        for i in 0...steps {
            let t = Double(i) * dt
            if abs(state(at: t, initialVelocity: v0).x) >= epsilon { last = t }
        }
        // Refine the crossing after the last sample above epsilon.
        var lo = last, hi = min(last + dt, end)
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if abs(state(at: mid, initialVelocity: v0).x) >= epsilon { lo = mid } else { hi = mid }
        }
        return lo
    }
}
