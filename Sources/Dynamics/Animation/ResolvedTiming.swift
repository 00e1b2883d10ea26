import Foundation

/// A timing curve ready to evaluate every frame: spring parameters solved once per run.
struct ResolvedTiming {
    enum Curve {
        case cubic(CubicTimingParameters)
        case spring(SpringSolver, runDuration: TimeInterval)
        case custom(any TimingCurveProvider)
    }

    let curve: Curve
    /// The run's length in seconds.
    let duration: TimeInterval
    /// Initial velocity per axis (changes per second).
    let velocityX: Double
    let velocityY: Double

    init(_ provider: any TimingCurveProvider, duration requested: TimeInterval, velocity: (x: Double, y: Double)? = nil) {
        if let cubic = provider as? CubicTimingParameters {
            curve = .cubic(cubic)
            duration = requested
            velocityX = 0
            velocityY = 0
        } else if let spring = provider as? SpringTimingParameters {
            let run = spring.effectiveDuration(forRequested: requested)
            curve = .spring(SpringSolver(omega: spring.omega(forDuration: requested), zeta: spring.dampingRatio), runDuration: run)
            duration = run
            velocityX = velocity?.x ?? Double(spring.initialVelocity.dx)
            velocityY = velocity?.y ?? Double(spring.initialVelocity.dy)
        } else {
            curve = .custom(provider)
            duration = provider.effectiveDuration(forRequested: requested)
            velocityX = velocity?.x ?? 0
            velocityY = velocity?.y ?? 0
        }
    }

    /// Progress per axis at `fraction` of the run.
    func progress(_ fraction: Double) -> (x: Double, y: Double) {
        switch curve {
        case let .cubic(c):
            let p = c.progress(atFraction: fraction, duration: duration, initialVelocity: 0)
            return (p, p)
        case let .spring(solver, run):
            if fraction >= 1 { return (1, 1) }
            let t = max(fraction, 0) * run
            let x = 1 + solver.state(at: t, initialVelocity: velocityX).x
            let y = velocityY == velocityX ? x : 1 + solver.state(at: t, initialVelocity: velocityY).x
            return (x, y)
        case let .custom(provider):
            return (provider.progress(atFraction: fraction, duration: duration, initialVelocity: velocityX),
                    provider.progress(atFraction: fraction, duration: duration, initialVelocity: velocityY))
        }
    }
}
