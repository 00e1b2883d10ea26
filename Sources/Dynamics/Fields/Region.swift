import DynamicsCore
import Foundation

/// An area of the plane around a field's position (UIKit's `UIRegion`): circles and rectangles
/// combined by union, intersection, difference and inverse. A correct boolean expression: UIKit
/// keeps only two shapes and drops the rest of a longer expression (spec §13, D9).
public final class Region: Sendable {
    let shape: FieldRegion

    init(shape: FieldRegion) { self.shape = shape }

    /// The whole plane.
    public static let infinite = Region(shape: .infinite)

    /// A region that contains nothing (UIKit's plain `init()`).
    public convenience init() { self.init(shape: .empty) }

    /// The disc of `radius` around the origin, edge included (a negative radius acts as its size).
    public convenience init(radius: CGFloat) {
        self.init(shape: radius.isFinite ? .circle(radius: Float(abs(radius))) : (radius.isNaN ? .empty : .infinite))
    }

    /// The rectangle of `size` centred on the origin, edge excluded (negative sizes contain nothing).
    public convenience init(size: CGSize) {
        guard size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0 else {
            let unbounded = size.width == .infinity && size.height == .infinity
            self.init(shape: unbounded ? .infinite : .empty)
            return
        }
        self.init(shape: .rectangle(width: Float(size.width), height: Float(size.height)))
    }

    /// Every point not in this region.
    public func inverse() -> Region { Region(shape: .inverse(shape)) }

    /// The points in this region or in `region`.
    public func byUnion(with region: Region) -> Region { Region(shape: .union(shape, region.shape)) }

    /// The points in this region and not in `region`.
    public func byDifference(from region: Region) -> Region { Region(shape: .difference(shape, region.shape)) }

    /// The points in both regions.
    public func byIntersection(with region: Region) -> Region { Region(shape: .intersection(shape, region.shape)) }

    /// Whether the region contains `point`, given in the region's coordinates (origin at its center).
    public func contains(_ point: CGPoint) -> Bool {
        guard point.x.isFinite && point.y.isFinite else { return false }
        return shape.contains(Vec2(Float(point.x), Float(point.y)))
    }
}
