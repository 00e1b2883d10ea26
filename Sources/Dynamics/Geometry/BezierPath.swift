import Foundation

/// A path of lines and quadratic and cubic Bézier curves (the part of UIKit's `UIBezierPath` that
/// Dynamics reads): item collision bounds and collision boundaries.
public final class BezierPath: @unchecked Sendable {
    /// One drawing command of a path.
    public enum Element: Equatable, Sendable {
        /// Starts a new subpath at a point.
        case move(to: CGPoint)
        /// A straight line to a point.
        case line(to: CGPoint)
        /// A quadratic curve to a point.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic curve to a point.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// Closes the subpath back to its start.
        case close
    }

    /// The commands, in order.
    public private(set) var elements: [Element] = []

    /// Creates an empty path.
    public init() {}

    /// A closed rectangle.
    public convenience init(rect: CGRect) {
        self.init()
        move(to: CGPoint(x: rect.minX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        close()
    }

    /// A closed ellipse inscribed in `rect`, made of four cubic curves.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        let k: CGFloat = 0.552_284_749_8 // 4/3·(√2 − 1): a cubic's best fit of a quarter circle
        let cx = rect.midX, cy = rect.midY, rx = rect.width / 2, ry = rect.height / 2
        move(to: CGPoint(x: cx + rx, y: cy))
        addCurve(to: CGPoint(x: cx, y: cy + ry), controlPoint1: CGPoint(x: cx + rx, y: cy + k * ry), controlPoint2: CGPoint(x: cx + k * rx, y: cy + ry))
        addCurve(to: CGPoint(x: cx - rx, y: cy), controlPoint1: CGPoint(x: cx - k * rx, y: cy + ry), controlPoint2: CGPoint(x: cx - rx, y: cy + k * ry))
        addCurve(to: CGPoint(x: cx, y: cy - ry), controlPoint1: CGPoint(x: cx - rx, y: cy - k * ry), controlPoint2: CGPoint(x: cx - k * rx, y: cy - ry))
        addCurve(to: CGPoint(x: cx + rx, y: cy), controlPoint1: CGPoint(x: cx + k * rx, y: cy - ry), controlPoint2: CGPoint(x: cx + rx, y: cy - k * ry))
        close()
    }

    /// A copy of another path.
    public convenience init(_ other: BezierPath) {
        self.init()
        elements = other.elements
    }

    /// Whether the path has no commands.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath.
    public func move(to point: CGPoint) { elements.append(.move(to: point)) }

    /// Adds a straight line.
    public func addLine(to point: CGPoint) { elements.append(.line(to: point)) }

    /// Adds a quadratic curve.
    public func addQuadCurve(to point: CGPoint, controlPoint: CGPoint) {
        elements.append(.quadCurve(to: point, control: controlPoint))
    }

    /// Adds a cubic curve.
    public func addCurve(to point: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        elements.append(.curve(to: point, control1: controlPoint1, control2: controlPoint2))
    }

    /// Closes the current subpath.
    public func close() { elements.append(.close) }

    /// Removes every command.
    public func removeAllPoints() { elements.removeAll() }

    /// The smallest rectangle holding every point and control point.
    public var bounds: CGRect {
        var points: [CGPoint] = []
        for e in elements {
            switch e {
            case let .move(p), let .line(p): points.append(p)
            case let .quadCurve(p, c): points += [p, c]
            case let .curve(p, c1, c2): points += [p, c1, c2]
            case .close: break
            }
        }
        guard let first = points.first else { return .null }
        var lo = first, hi = first
        for p in points {
            lo = CGPoint(x: min(lo.x, p.x), y: min(lo.y, p.y))
            hi = CGPoint(x: max(hi.x, p.x), y: max(hi.y, p.y))
        }
        return CGRect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }
}
