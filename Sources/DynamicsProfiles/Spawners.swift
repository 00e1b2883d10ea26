import DynamicsCore

/// Bodies of mixed shapes (circles, boxes, pentagons to heptagons) dropped into a region a batch
/// per step until `count` have been placed.
struct RainSpawnerSpec: Sendable {
    var count: Int
    var perStep: Int
    var seed: UInt64
    var lower: Vec2
    var upper: Vec2
    var minSize: Float
    var maxSize: Float
    var material: ShapeMaterial

    static func parse(_ node: JSONNode, maxBodies: Int) throws(ProfileError) -> RainSpawnerSpec {
        let outer = try node.object(allowed: ["rain"])
        let g = try outer.required("rain")
        let o = try g.object(allowed: ["count", "perStep", "seed", "lower", "upper", "minSize", "maxSize", "density", "friction", "restitution"])
        let lower = try o.required("lower").vector(), upper = try o.required("upper").vector()
        guard lower.x < upper.x && lower.y < upper.y else { throw g.fail("lower must be below and left of upper") }
        let minSize = try o.float("minSize", default: 0.25), maxSize = try o.float("maxSize", default: 0.5)
        guard minSize > 0 && maxSize >= minSize else { throw g.fail("needs 0 < minSize <= maxSize, got \(minSize)...\(maxSize)") }
        return RainSpawnerSpec(count: try o.required("count").integer(in: 1...maxBodies),
                               perStep: try o.optional("perStep")?.integer(in: 1...100_000) ?? 10,
                               seed: UInt64(try o.optional("seed")?.integer(in: 0...Int(Int32.max)) ?? 1),
                               lower: lower, upper: upper, minSize: minSize, maxSize: maxSize, material: try ShapeMaterial.parse(o))
    }
}

/// A spawner's progress in a running scene.
struct SpawnerState {
    let spec: RainSpawnerSpec
    var spawned = 0
    var random: SplitMix64

    init(spec: RainSpawnerSpec) {
        self.spec = spec
        random = SplitMix64(seed: spec.seed)
    }

    mutating func spawn(in world: World) {
        let batch = min(spec.perStep, spec.count - spawned)
        for _ in 0..<batch {
            // The spec was checked when the profile was read, so creation cannot fail here.
            try? makeRainBody(index: spawned, random: &random, lower: spec.lower, upper: spec.upper,
                              minSize: spec.minSize, maxSize: spec.maxSize, material: spec.material, in: world)
            spawned += 1
        }
    }
}

/// One body of the rain: the shape cycles circle, box, polygon; position, size and angle are random.
func makeRainBody(index: Int, random: inout SplitMix64, lower: Vec2, upper: Vec2, minSize: Float, maxSize: Float,
                  material: ShapeMaterial, in world: World) throws(DynamicsError) {
    let p = Vec2(lower.x + random.unit() * (upper.x - lower.x), lower.y + random.unit() * (upper.y - lower.y))
    let size = minSize + random.unit() * (maxSize - minSize)
    let body = try world.createBody(BodyDefinition(type: .dynamic, position: p, angle: random.unit() * 6.2831855))
    let geometry: ShapeGeometry
    switch index % 3 {
    case 0: geometry = .circle(radius: 0.5 * size)
    case 1: geometry = .box(halfWidth: 0.5 * size, halfHeight: 0.35 * size)
    default: geometry = .polygon(regularPolygon(sides: 5 + Int(random.unit() * 3), radius: 0.5 * size))
    }
    try world.createShape(on: body, material.definition(geometry))
}
