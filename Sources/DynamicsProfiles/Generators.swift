import Foundation
import DynamicsCore

/// A generator that places many bodies from a few numbers.
enum GeneratorSpec: Sendable {
    /// Pyramids of square boxes: `base` boxes in the bottom row, one fewer per row; `columns × rows`
    /// of them, `pitch` apart, the first with its bottom row centred on `origin`.
    case pyramid(base: Int, boxSize: Float, origin: Vec2, spacing: Float, shape: ShapeMaterial, columns: Int, rows: Int, pitch: Vec2)
    /// `count` copies of a shape stacked upwards from `origin`, `spacing` apart.
    case stack(count: Int, origin: Vec2, spacing: Float, shape: ShapeSpec, type: BodyType)
    /// `columns × rows` copies of a shape on a grid starting at `origin`, optionally created asleep.
    case grid(columns: Int, rows: Int, origin: Vec2, spacing: Vec2, shape: ShapeSpec, type: BodyType, awake: Bool)
    /// A `columns × rows` grid of circles, `spacing` apart downwards and rightwards from `origin`, each
    /// pinned to its left and upper neighbours by revolute joints at the midpoints; the middle
    /// `staticCount` circles of the top row are static. The circles do not collide with each other.
    case jointGrid(columns: Int, rows: Int, origin: Vec2, spacing: Float, radius: Float, staticCount: Int, density: Float)
    /// `columns × rows` level ropes of `links` beads (circles of `radius`), each bead held
    /// `spacing` from the next by a rigid distance joint, as a UIKit attachment holds two items.
    /// The first rope's first bead is at `origin`; ropes are `pitch` apart, row `r` shifted across
    /// by the fractional part of 0.618·r pitches (the golden ratio's), so that no two rows' beads
    /// line up. Beads of a rope collide with all but their neighbours.
    case ropes(columns: Int, rows: Int, links: Int, origin: Vec2, radius: Float, spacing: Float, pitch: Vec2, shape: ShapeMaterial)
    /// `count` random circles, boxes and polygons in a region, from a seed.
    case rain(count: Int, seed: UInt64, lower: Vec2, upper: Vec2, minSize: Float, maxSize: Float, shape: ShapeMaterial)

    /// How many bodies it makes.
    var bodyCount: Int {
        switch self {
        case let .pyramid(base, _, _, _, _, columns, rows, _): return base * (base + 1) / 2 * columns * rows
        case let .stack(count, _, _, _, _): return count
        case let .grid(columns, rows, _, _, _, _, _): return columns * rows
        case let .jointGrid(columns, rows, _, _, _, _, _): return columns * rows
        case let .ropes(columns, rows, links, _, _, _, _, _): return columns * rows * links
        case let .rain(count, _, _, _, _, _, _): return count
        }
    }

    static let kinds: Set<String> = ["pyramid", "stack", "grid", "rain", "jointGrid", "ropes"]

    static func parse(_ node: JSONNode, maxBodies: Int) throws(ProfileError) -> GeneratorSpec {
        let outer = try node.object(allowed: kinds)
        guard outer.dictionary.count == 1, let kind = outer.dictionary.keys.first else {
            throw node.fail("needs exactly one generator of: \(kinds.sorted().joined(separator: ", "))")
        }
        let g = try outer.required(kind)
        switch kind {
        case "pyramid":
            let o = try g.object(allowed: ["base", "boxSize", "origin", "spacing", "density", "friction", "restitution",
                                           "columns", "rows", "pitch"])
            let base = try o.required("base").integer(in: 1...2000)
            let size = try o.float("boxSize", default: 1)
            guard size > 0 else { throw g.fail("must be > 0, got \(size)", at: "\(g.path).boxSize") }
            let columns = try o.optional("columns")?.integer(in: 1...10_000) ?? 1
            let rows = try o.optional("rows")?.integer(in: 1...10_000) ?? 1
            guard base * (base + 1) / 2 * columns * rows <= maxBodies else {
                throw g.fail("makes \(base * (base + 1) / 2 * columns * rows) bodies; at most \(maxBodies) are allowed")
            }
            return .pyramid(base: base, boxSize: size, origin: try o.optional("origin")?.vector() ?? .zero,
                            spacing: try o.float("spacing", default: size), shape: try ShapeMaterial.parse(o),
                            columns: columns, rows: rows, pitch: try o.optional("pitch")?.vector() ?? Vec2(Float(base + 1) * size, Float(base + 1) * size))
        case "stack":
            let o = try g.object(allowed: ["count", "origin", "spacing", "shape", "type"])
            return .stack(count: try o.required("count").integer(in: 1...maxBodies), origin: try o.optional("origin")?.vector() ?? .zero,
                          spacing: try o.float("spacing", default: 1), shape: try ShapeSpec.parse(try o.required("shape"), allowChain: false),
                          type: try parseBodyType(o.optional("type"), default: .dynamic))
        case "grid":
            let o = try g.object(allowed: ["columns", "rows", "origin", "spacing", "shape", "type", "awake"])
            return .grid(columns: try o.required("columns").integer(in: 1...maxBodies), rows: try o.required("rows").integer(in: 1...maxBodies),
                         origin: try o.optional("origin")?.vector() ?? .zero, spacing: try o.optional("spacing")?.vector() ?? Vec2(1, 1),
                         shape: try ShapeSpec.parse(try o.required("shape"), allowChain: false),
                         type: try parseBodyType(o.optional("type"), default: .dynamic), awake: try o.optional("awake")?.bool() ?? true)
        case "jointGrid":
            let o = try g.object(allowed: ["columns", "rows", "origin", "spacing", "radius", "staticCount", "density"])
            let columns = try o.required("columns").integer(in: 1...10_000), rows = try o.required("rows").integer(in: 1...10_000)
            guard columns * rows <= maxBodies else { throw g.fail("makes \(columns * rows) bodies; at most \(maxBodies) are allowed") }
            return .jointGrid(columns: columns, rows: rows, origin: try o.optional("origin")?.vector() ?? .zero,
                              spacing: try o.float("spacing", default: 1), radius: try o.float("radius", default: 0.4),
                              staticCount: try o.optional("staticCount")?.integer(in: 0...columns) ?? 0,
                              density: try o.float("density", default: 1))
        case "ropes":
            return try parseRopes(g, maxBodies: maxBodies)
        default:
            let o = try g.object(allowed: ["count", "seed", "lower", "upper", "minSize", "maxSize", "density", "friction", "restitution"])
            let lower = try o.required("lower").vector(), upper = try o.required("upper").vector()
            guard lower.x < upper.x && lower.y < upper.y else { throw g.fail("lower must be below and left of upper") }
            let minSize = try o.float("minSize", default: 0.25), maxSize = try o.float("maxSize", default: 0.5)
            guard minSize > 0 && maxSize >= minSize else { throw g.fail("needs 0 < minSize <= maxSize, got \(minSize)...\(maxSize)") }
            return .rain(count: try o.required("count").integer(in: 1...maxBodies),
                         seed: UInt64(try o.optional("seed")?.integer(in: 0...Int(Int32.max)) ?? 1),
                         lower: lower, upper: upper, minSize: minSize, maxSize: maxSize, shape: try ShapeMaterial.parse(o))
        }
    }

    /// The `ropes` generator's fields (see `GeneratorSpec.ropes`).
    private static func parseRopes(_ g: JSONNode, maxBodies: Int) throws(ProfileError) -> GeneratorSpec {
        let o = try g.object(allowed: ["columns", "rows", "links", "origin", "radius", "spacing", "pitch",
                                       "density", "friction", "restitution"])
        let columns = try o.required("columns").integer(in: 1...10_000), rows = try o.required("rows").integer(in: 1...10_000)
        let links = try o.required("links").integer(in: 2...10_000)
        guard columns * rows * links <= maxBodies else {
            throw g.fail("makes \(columns * rows * links) bodies; at most \(maxBodies) are allowed")
        }
        let radius = try o.float("radius", default: 0.2)
        guard radius > 0 else { throw g.fail("must be > 0, got \(radius)", at: "\(g.path).radius") }
        let spacing = try o.float("spacing", default: 2.5 * radius)
        guard spacing > 0 else { throw g.fail("must be > 0, got \(spacing)", at: "\(g.path).spacing") }
        let pitch = try o.optional("pitch")?.vector() ?? Vec2(Float(links) * spacing + 4 * radius, 4 * radius)
        return .ropes(columns: columns, rows: rows, links: links, origin: try o.optional("origin")?.vector() ?? .zero,
                      radius: radius, spacing: spacing, pitch: pitch, shape: try ShapeMaterial.parse(o))
    }

    /// Creates the bodies.
    func build(in world: World, path: String, file: String) throws(ProfileError) {
        do {
            switch self {
            case let .pyramid(base, boxSize, origin, spacing, material, columns, rows, pitch):
                let half = 0.5 * boxSize
                for pyramidRow in 0..<rows {
                    for pyramidColumn in 0..<columns {
                        let start = origin + Vec2(Float(pyramidColumn) * pitch.x, Float(pyramidRow) * pitch.y)
                        for row in 0..<base {
                            let count = base - row
                            for i in 0..<count {
                                let x = start.x + (Float(i) - Float(count - 1) / 2) * spacing
                                let y = start.y + half + Float(row) * boxSize
                                let body = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(x, y)))
                                try world.createShape(on: body, material.definition(.box(halfWidth: half, halfHeight: half)))
                            }
                        }
                    }
                }
            case let .stack(count, origin, spacing, shape, type):
                for i in 0..<count {
                    let body = try world.createBody(BodyDefinition(type: type, position: origin + Vec2(0, Float(i) * spacing)))
                    try shape.add(to: body, in: world, path: "\(path).shape", file: file)
                }
            case let .grid(columns, rows, origin, spacing, shape, type, awake):
                for row in 0..<rows {
                    for column in 0..<columns {
                        var definition = BodyDefinition(type: type, position: origin + Vec2(Float(column) * spacing.x, Float(row) * spacing.y))
                        definition.isAwake = awake
                        let body = try world.createBody(definition)
                        try shape.add(to: body, in: world, path: "\(path).shape", file: file)
                    }
                }
            case let .jointGrid(columns, rows, origin, spacing, radius, staticCount, density):
                // Category 2, colliding with everything but category 2: the circles ignore each other.
                let filter = CollisionFilter(categoryBits: 2, maskBits: ~UInt64(2))
                let firstStatic = columns / 2 - staticCount / 2
                var previousColumn: [BodyID] = []
                var column: [BodyID] = []
                for k in 0..<columns {
                    column.removeAll(keepingCapacity: true)
                    for i in 0..<rows {
                        let isStatic = i == 0 && k >= firstStatic && k < firstStatic + staticCount
                        let p = origin + Vec2(Float(k) * spacing, -Float(i) * spacing)
                        let body = try world.createBody(BodyDefinition(type: isStatic ? .static : .dynamic, position: p))
                        try world.createShape(on: body, ShapeDefinition(.circle(radius: radius), density: density, filter: filter))
                        if i > 0 {
                            try world.createRevoluteJoint(RevoluteJointDefinition(bodyA: column[i - 1], bodyB: body,
                                                                                  localAnchorA: Vec2(0, -0.5 * spacing), localAnchorB: Vec2(0, 0.5 * spacing)))
                        }
                        // A joint between two static circles would do nothing (and is rejected): skip it.
                        if k > 0 && !(isStatic && world.type(of: previousColumn[i]) == .static) {
                            try world.createRevoluteJoint(RevoluteJointDefinition(bodyA: previousColumn[i], bodyB: body,
                                                                                  localAnchorA: Vec2(0.5 * spacing, 0), localAnchorB: Vec2(-0.5 * spacing, 0)))
                        }
                        column.append(body)
                    }
                    swap(&previousColumn, &column)
                }
            case let .ropes(columns, rows, links, origin, radius, spacing, pitch, material):
                for row in 0..<rows {
                    for column in 0..<columns {
                        let shift = (Float(row) * 0.618034).truncatingRemainder(dividingBy: 1)
                        let start = origin + Vec2((Float(column) + shift) * pitch.x, Float(row) * pitch.y)
                        var previous: BodyID?
                        for k in 0..<links {
                            let body = try world.createBody(BodyDefinition(type: .dynamic, position: start + Vec2(Float(k) * spacing, 0)))
                            try world.createShape(on: body, material.definition(.circle(radius: radius)))
                            if let previous {
                                try world.createDistanceJoint(DistanceJointDefinition(bodyA: previous, bodyB: body, length: spacing))
                            }
                            previous = body
                        }
                    }
                }
            case let .rain(count, seed, lower, upper, minSize, maxSize, material):
                var random = SplitMix64(seed: seed)
                for i in 0..<count {
                    try makeRainBody(index: i, random: &random, lower: lower, upper: upper, minSize: minSize, maxSize: maxSize,
                                     material: material, in: world)
                }
            }
        } catch let error as ProfileError {
            throw error
        } catch let error as DynamicsError {
            throw ProfileError(file: file, field: path, problem: error.description)
        } catch {
            throw ProfileError(file: file, field: path, problem: "\(error)")
        }
    }
}

/// Density, friction and restitution shared by a generator's shapes.
struct ShapeMaterial: Sendable {
    var density: Float
    var friction: Float
    var restitution: Float

    static func parse(_ o: JSONObject) throws(ProfileError) -> ShapeMaterial {
        ShapeMaterial(density: try o.float("density", default: 1), friction: try o.float("friction", default: 0.6),
                      restitution: try o.float("restitution", default: 0))
    }

    func definition(_ geometry: ShapeGeometry) -> ShapeDefinition {
        ShapeDefinition(geometry, density: density, friction: friction, restitution: restitution)
    }
}

/// The vertices of a regular polygon centred on the origin, counter-clockwise.
func regularPolygon(sides: Int, radius: Float) -> [Vec2] {
    (0..<sides).map { k in
        let a = Double(k) * 2 * Double.pi / Double(sides)
        return Vec2(Float(cos(a)) * radius, Float(sin(a)) * radius)
    }
}

func parseBodyType(_ node: JSONNode?, default value: BodyType) throws(ProfileError) -> BodyType {
    guard let node else { return value }
    switch try node.string() {
    case "static": return .static
    case "kinematic": return .kinematic
    case "dynamic": return .dynamic
    case let other: throw node.fail("must be \"static\", \"kinematic\" or \"dynamic\", got \"\(other)\"")
    }
}
