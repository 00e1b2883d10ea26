/// A region of the plane around a field's position, as a boolean expression over circles and
/// rectangles: the set algebra of UIKit's `UIRegion`.
///
/// Circles include their edge (`x² + y² ≤ r²`); rectangles do not (`|x| < w/2 && |y| < h/2`),
/// as UIKit measures. Negative sizes: a circle takes |r|, a rectangle contains nothing.
public indirect enum FieldRegion: Sendable, Equatable {
    /// Every point.
    case infinite
    /// No point.
    case empty
    /// The disc of this radius around the origin, edge included.
    case circle(radius: Float)
    /// The rectangle of this size centred on the origin, edge excluded.
    case rectangle(width: Float, height: Float)
    /// The points not in the region.
    case inverse(FieldRegion)
    /// The points in either region.
    case union(FieldRegion, FieldRegion)
    /// The points in both regions.
    case intersection(FieldRegion, FieldRegion)
    /// The points in the first region and not in the second.
    case difference(FieldRegion, FieldRegion)

    /// Whether the region contains `point` (in the region's own coordinates).
    public func contains(_ point: Vec2) -> Bool {
        var program: [RegionOp] = []
        compile(into: &program)
        return program.withUnsafeBufferPointer { RegionOp.evaluate($0, point) }
    }

    /// Appends the region as a postfix program.
    func compile(into program: inout [RegionOp]) {
        switch self {
        case .infinite: program.append(RegionOp(code: .all))
        case .empty: program.append(RegionOp(code: .none))
        case let .circle(r): program.append(RegionOp(code: .circle, a: r * r))
        case let .rectangle(w, h): program.append(RegionOp(code: .rectangle, a: w / 2, b: h / 2))
        case let .inverse(r):
            r.compile(into: &program)
            program.append(RegionOp(code: .not))
        case let .union(x, y):
            x.compile(into: &program); y.compile(into: &program)
            program.append(RegionOp(code: .or))
        case let .intersection(x, y):
            x.compile(into: &program); y.compile(into: &program)
            program.append(RegionOp(code: .and))
        case let .difference(x, y):
            x.compile(into: &program); y.compile(into: &program)
            program.append(RegionOp(code: .andNot))
        }
    }

    /// How deep the evaluation stack of the region's program gets.
    var stackDepth: Int {
        switch self {
        case .infinite, .empty, .circle, .rectangle: return 1
        case let .inverse(r): return r.stackDepth
        case let .union(x, y), let .intersection(x, y), let .difference(x, y): return max(x.stackDepth, 1 + y.stackDepth)
        }
    }
}

/// One instruction of a compiled region: a shape test pushes a bit; operators combine the top bits.
struct RegionOp: BitwiseCopyable {
    enum Code: UInt8 { case all, none, circle, rectangle, not, or, and, andNot }
    var code: Code
    var a: Float = 0
    var b: Float = 0

    /// The deepest region program the kernels accept (a stack of bits in one word).
    static let maximumDepth = 64

    /// Runs a program on a point with a 64-bit stack: no allocation.
    @inline(__always)
    static func evaluate(_ program: UnsafeBufferPointer<RegionOp>, _ p: Vec2) -> Bool {
        if program.count == 1 && program[0].code == .all { return true }
        var stack: UInt64 = 0
        for op in program {
            switch op.code {
            case .all: stack = stack << 1 | 1
            case .none: stack = stack << 1
            case .circle: stack = stack << 1 | (p.x * p.x + p.y * p.y <= op.a ? 1 : 0)
            case .rectangle: stack = stack << 1 | (abs(p.x) < op.a && abs(p.y) < op.b ? 1 : 0)
            case .not: stack ^= 1
            case .or: stack = (stack >> 1) | (stack & 1)
            case .and: stack = (stack >> 1) & ((stack & 1) | ~1)
            case .andNot: stack = (stack >> 1) & (((stack & 1) ^ 1) | ~1)
            }
        }
        return stack & 1 == 1
    }
}
