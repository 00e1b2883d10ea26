import Foundation

/// UIKit's standard animation curves (`UIView.AnimationCurve`).
public enum AnimationCurve: Int, Sendable {
    /// Slow at both ends (the default of most animations): control points (0.42, 0), (0.58, 1).
    case easeInOut = 0
    /// Slow at the start: (0.42, 0), (1, 1).
    case easeIn = 1
    /// Slow at the end: (0, 0), (0.58, 1).
    case easeOut = 2
    /// Constant speed.
    case linear = 3
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1) (UIKit's `UICubicTimingParameters`).
public struct CubicTimingParameters: TimingCurveProvider, Equatable {
    /// The standard curve it was made from, if any.
    public let animationCurve: AnimationCurve?
    /// The first control point (`.zero` when made from a standard curve, as in UIKit).
    public let controlPoint1: CGPoint
    /// The second control point (`.zero` when made from a standard curve).
    public let controlPoint2: CGPoint
    let p1: CGPoint
    let p2: CGPoint

    /// Core Animation's default curve: (0.25, 0.1), (0.25, 1).
    public init() {
        self.init(points: CGPoint(x: 0.25, y: 0.1), CGPoint(x: 0.25, y: 1), curve: nil, public: true)
    }

    /// A standard curve.
    public init(animationCurve curve: AnimationCurve) {
        let (a, b): (CGPoint, CGPoint)
        switch curve {
        case .easeInOut: (a, b) = (CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1))
        case .easeIn: (a, b) = (CGPoint(x: 0.42, y: 0), CGPoint(x: 1, y: 1))
        case .easeOut: (a, b) = (CGPoint(x: 0, y: 0), CGPoint(x: 0.58, y: 1))
        case .linear: (a, b) = (CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1))
        }
        self.init(points: a, b, curve: curve, public: false)
    }

    /// A custom curve. The x coordinates must lie in 0 … 1 (so that time runs forward); y may
    /// overshoot. Stops with a message naming the control point otherwise, as UIKit raises.
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        for (name, p) in [("controlPoint1", point1), ("controlPoint2", point2)] {
            precondition(p.x.isFinite && p.y.isFinite && p.x >= 0 && p.x <= 1,
                         "\(name): x must be in 0...1 and both coordinates finite, got \(p)")
        }
        self.init(points: point1, point2, curve: nil, public: true)
    }

    private init(points a: CGPoint, _ b: CGPoint, curve: AnimationCurve?, public exposed: Bool) {
        animationCurve = curve
        controlPoint1 = exposed ? a : .zero
        controlPoint2 = exposed ? b : .zero
        p1 = a
        p2 = b
    }

    /// `.cubic`.
    public var timingCurveType: TimingCurveType { .cubic }
    /// Itself.
    public var cubicTimingParameters: CubicTimingParameters? { self }
    /// nil.
    public var springTimingParameters: SpringTimingParameters? { nil }

    /// The progress at time fraction τ: y(s) where x(s) = τ. Outside 0 … 1 the curve continues
    /// along its end tangents.
    public func progress(atFraction t: Double, duration: TimeInterval, initialVelocity: Double) -> Double {
        let (x1, y1, x2, y2) = (Double(p1.x), Double(p1.y), Double(p2.x), Double(p2.y))
        if t <= 0 {
            let slope = x1 > 0 ? y1 / x1 : (x2 > 0 ? y2 / x2 : 0)
            return slope * t
        }
        if t >= 1 {
            let slope = x2 < 1 ? (y2 - 1) / (x2 - 1) : (x1 < 1 ? (y1 - 1) / (x1 - 1) : 0)
            return 1 + slope * (t - 1)
        }
        let s = CubicTimingParameters.solve(t, x1, x2)
        return CubicTimingParameters.bezier(s, y1, y2)
    }

    /// B(s) of a one-dimensional cubic from 0 to 1 with control values a and b.
    static func bezier(_ s: Double, _ a: Double, _ b: Double) -> Double {
        let c = 3 * a, bb = 3 * (b - a) - c, aa = 1 - c - bb
        return ((aa * s + bb) * s + c) * s
    }

    static func bezierSlope(_ s: Double, _ a: Double, _ b: Double) -> Double {
        let c = 3 * a, bb = 3 * (b - a) - c, aa = 1 - c - bb
        return (3 * aa * s + 2 * bb) * s + c
    }

    /// The curve parameter s with x(s) = τ: Newton's method from an interpolated guess, then
    /// bisection if Newton stalls (x is monotone on [0, 1] for x control values in [0, 1]).
    static func solve(_ tau: Double, _ x1: Double, _ x2: Double) -> Double {
        let epsilon = 1e-9
        // Initial guess: linear interpolation between 11 samples of x.
        var s = tau
        var previous = 0.0
        for i in 1...10 {
            let si = Double(i) / 10
            let xi = bezier(si, x1, x2)
            if xi >= tau {
                let lower = Double(i - 1) / 10
                s = xi > previous ? lower + (tau - previous) / (xi - previous) * 0.1 : si
                break
            }
            previous = xi
        }
        for _ in 0..<8 {
            let error = bezier(s, x1, x2) - tau
            if abs(error) < epsilon { return s }
            let slope = bezierSlope(s, x1, x2)
            if abs(slope) < 1e-7 { break }
            let next = s - error / slope
            if next < 0 || next > 1 { break }
            s = next
        }
        var lo = 0.0, hi = 1.0
        s = tau
        for _ in 0..<100 {
            let x = bezier(s, x1, x2)
            if abs(x - tau) < epsilon { return s }
            if x < tau { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }
}
