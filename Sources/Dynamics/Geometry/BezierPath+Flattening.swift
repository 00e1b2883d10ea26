import Foundation

extension BezierPath {
    /// The first subpath as a polyline, the way UIKit Dynamics reads paths: lines give their end
    /// points; a curve is measured by 10 chords (11 samples) and split into `max(⌊L/10⌋, 1)` pieces
    /// of equal parameter (so a 100 × 50 ellipse gives 24 points); `close` returns to the start.
    /// Points within 1.2e-5 pt of the previous one, and trailing copies of the first, are dropped.
    /// Whether the subpath was closed is returned too.
    func flattenedFirstSubpath() -> (points: [CGPoint], closed: Bool) {
        var points: [CGPoint] = []
        var closed = false
        func push(_ p: CGPoint) {
            if let last = points.last {
                let dx = p.x - last.x, dy = p.y - last.y
                if dx * dx + dy * dy <= 1.42e-10 { return }
            }
            points.append(p)
        }
        func pushCurve(_ evaluate: (CGFloat) -> CGPoint) {
            var length: CGFloat = 0
            var previous = evaluate(0)
            for i in 1...10 {
                let p = evaluate(CGFloat(i) / 10)
                length += hypot(p.x - previous.x, p.y - previous.y)
                previous = p
            }
            let pieces = max(Int(length / 10), 1)
            for i in 1...pieces { push(evaluate(CGFloat(i) / CGFloat(pieces))) }
        }
        var started = false
        loop: for element in elements {
            switch element {
            case let .move(p):
                if started { break loop }
                started = true
                push(p)
            case let .line(p):
                if !started { started = true }
                push(p)
            case let .quadCurve(p, c):
                let p0 = points.last ?? .zero
                if !started { started = true; push(p0) }
                pushCurve { t in
                    let u = 1 - t
                    return CGPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x, y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y)
                }
            case let .curve(p, c1, c2):
                let p0 = points.last ?? .zero
                if !started { started = true; push(p0) }
                pushCurve { t in
                    let u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p.x, y: a * p0.y + b * c1.y + c * c2.y + d * p.y)
                }
            case .close:
                closed = true
                break loop
            }
        }
        while points.count > 1, let first = points.first, let last = points.last,
              (last.x - first.x) * (last.x - first.x) + (last.y - first.y) * (last.y - first.y) <= 1.42e-10 {
            points.removeLast()
        }
        return (points, closed)
    }
}
