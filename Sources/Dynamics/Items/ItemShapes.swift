import DynamicsCore
import Foundation

/// The collision shapes of an item, around its center, in points (the animator's core works in
/// points with 100 points per metre).
enum ItemShapes {
    /// The skin UIKit gives ellipse and path polygons: 0.009 m.
    static let polygonSkin: Float = 0.9

    /// The shapes of `item`, or the rule it breaks.
    static func geometries(of item: any DynamicItem) throws(DynamicsUsageError) -> [ShapeGeometry] {
        if let group = item as? DynamicItemGroup {
            guard !group.items.isEmpty else {
                throw DynamicsUsageError(argument: "item", rule: "an empty DynamicItemGroup has no size (Invalid size {0, 0})")
            }
            var result: [ShapeGeometry] = []
            for (member, offset) in zip(group.items, group.memberOffsets) {
                let shift = Vec2(Float(offset.x), Float(offset.y))
                for g in try single(member) { result.append(translated(g, by: shift)) }
            }
            return result
        }
        return try single(item)
    }

    private static func single(_ item: any DynamicItem) throws(DynamicsUsageError) -> [ShapeGeometry] {
        let size = item.bounds.size
        guard size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0 else {
            throw DynamicsUsageError(argument: "item.bounds.size",
                                     rule: "width and height must be finite and > 0 (Invalid size {\(size.width), \(size.height)} in Dynamics)")
        }
        let w = Float(size.width), h = Float(size.height)
        switch item.collisionBoundsType {
        case .rectangle:
            return [.box(halfWidth: w / 2, halfHeight: h / 2)]
        case .ellipse:
            if w == h { return [.circle(radius: w / 2)] }
            let points = BezierPath(ovalIn: CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height))
                .flattenedFirstSubpath().points
            return [try polygon(points, argument: "item.bounds (ellipse)")]
        case .path:
            guard let path = item.collisionBoundingPath else {
                throw DynamicsUsageError(argument: "item.collisionBoundingPath",
                                         rule: "must be provided when collisionBoundsType is .path")
            }
            return [try polygon(path.flattenedFirstSubpath().points, argument: "item.collisionBoundingPath")]
        }
    }

    private static func polygon(_ points: [CGPoint], argument: String) throws(DynamicsUsageError) -> ShapeGeometry {
        let geometry = ShapeGeometry.polygon(vertices: points.map { Vec2(Float($0.x), Float($0.y)) }, radius: polygonSkin)
        do {
            try geometry.validate()
        } catch {
            throw DynamicsUsageError(argument: argument, rule: "must be a convex polygon that does not intersect itself (\(error.rule))")
        }
        guard contains(points, .zero) else {
            throw DynamicsUsageError(argument: argument, rule: "must be centred on the item: the point (0, 0) must lie inside the polygon")
        }
        return geometry
    }

    /// Whether a convex polygon (either winding) contains a point, edges included.
    private static func contains(_ polygon: [CGPoint], _ p: CGPoint) -> Bool {
        var sign: CGFloat = 0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
        }
        return true
    }

    private static func translated(_ g: ShapeGeometry, by shift: Vec2) -> ShapeGeometry {
        switch g {
        case let .circle(center, radius): return .circle(center: center + shift, radius: radius)
        case let .box(hw, hh, center, angle): return .box(halfWidth: hw, halfHeight: hh, center: center + shift, angle: angle)
        case let .polygon(vertices, radius): return .polygon(vertices: vertices.map { $0 + shift }, radius: radius)
        case let .segment(a, b): return .segment(a + shift, b + shift)
        }
    }
}
