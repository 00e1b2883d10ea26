import DynamicsCore

/// What a world looks like at one moment: every body's pose and outlines, the joints, the touching
/// contact points, and the bounds of it all. The input of the SVG renderer and of recordings.
public struct SceneSnapshot: Sendable {
    /// One body: its kind, pose and shapes (in its own frame).
    public struct Body: Sendable {
        /// The handle.
        public var id: BodyID
        /// Static, kinematic or dynamic.
        public var type: BodyType
        /// Whether it is awake.
        public var isAwake: Bool
        /// The origin's world position.
        public var position: Vec2
        /// The rotation.
        public var rotation: Rotation
        /// The outlines, in the body's frame.
        public var shapes: [ShapeOutline]
    }

    /// Every body.
    public var bodies: [Body]
    /// Each joint's two anchors (world).
    public var joints: [(Vec2, Vec2)]
    /// Touching contact points (world).
    public var contacts: [Vec2]
    /// Field accelerations sampled on a grid over the bounds: (point, acceleration).
    public var fieldSamples: [(Vec2, Vec2)]
    /// The smallest box holding every shape (static boundaries included).
    public var bounds: AABB
    /// Whether +y points up (engine scenes in metres with gravity downwards) rather than down (UIKit points).
    public var yUp: Bool

    init(bodies: [Body], joints: [(Vec2, Vec2)], contacts: [Vec2], fieldSamples: [(Vec2, Vec2)], bounds: AABB, yUp: Bool) {
        self.bodies = bodies
        self.joints = joints
        self.contacts = contacts
        self.fieldSamples = fieldSamples
        self.bounds = bounds
        self.yUp = yUp
    }

    /// Whether a world's +y points up: engine scenes in metres with gravity downwards (or none),
    /// not UIKit-style scenes in points, whose y grows down the screen.
    static func isYUp(_ world: World) -> Bool {
        let g = world.definition.gravity.y
        return g < 0 || (g == 0 && world.definition.lengthUnitsPerMeter == 1)
    }

    /// Captures `world`. Field vectors are sampled on a `fieldGrid` × `fieldGrid` grid when asked.
    public init(_ world: World, fieldGrid: Int = 0) {
        var list: [Body] = []
        var lower = Vec2(repeating: .greatestFiniteMagnitude), upper = Vec2(repeating: -.greatestFiniteMagnitude)
        for id in world.bodyIDs {
            let shapes = world.shapes(of: id)
            for shape in shapes {
                let box = world.aabb(of: shape)
                lower = pointwiseMin(lower, box.lower)
                upper = pointwiseMax(upper, box.upper)
            }
            list.append(Body(id: id, type: world.type(of: id), isAwake: world.isAwake(id), position: world.position(of: id),
                             rotation: world.rotation(of: id), shapes: shapes.map { world.outline(of: $0) }))
        }
        if lower.x > upper.x { lower = Vec2(-1, -1); upper = Vec2(1, 1) }
        bodies = list
        joints = world.jointAnchors
        contacts = world.touchingContactPoints
        bounds = AABB(lower: lower, upper: upper)
        yUp = SceneSnapshot.isYUp(world)
        var samples: [(Vec2, Vec2)] = []
        if fieldGrid > 1 && world.fieldCount > 0 {
            for i in 0..<fieldGrid {
                for j in 0..<fieldGrid {
                    let p = lower + (upper - lower) * Vec2((Float(i) + 0.5) / Float(fieldGrid), (Float(j) + 0.5) / Float(fieldGrid))
                    samples.append((p, world.fieldAcceleration(at: p)))
                }
            }
        }
        fieldSamples = samples
    }
}
