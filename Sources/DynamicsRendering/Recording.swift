import DynamicsCore
import Foundation

/// A run of a scene, frame by frame: the bodies (outlines once, poses per frame) and each step's
/// time, compact enough for 10 000 bodies over 600 frames in one HTML page.
///
/// Poses are quantised (positions to 1/16 000 of the scene's extent, angles to 2π/4096) and stored
/// as per-frame differences of one byte per coordinate, with an escape to two-byte absolute values
/// for a body's first frame and for large jumps.
public struct Recording: Sendable {
    /// A body's look: its type and outlines.
    public struct BodyInfo: Sendable {
        /// Static, kinematic or dynamic.
        public var type: BodyType
        /// Outlines in the body's frame.
        public var shapes: [ShapeOutline]
    }

    /// Every body seen, in order of first appearance.
    public private(set) var bodies: [BodyInfo] = []
    /// Per frame: how many of `bodies` exist, and their x, y and angle.
    public private(set) var frames: [(count: Int, poses: [Float])] = []
    /// Milliseconds per recorded step.
    public private(set) var stepMilliseconds: [Double] = []
    /// Whether +y points up.
    public private(set) var yUp = true
    /// Joints: body indices (−1 for the world) and local anchors, recorded once.
    public private(set) var joints: [JointEnds] = []
    /// Per frame: touching contact points (at most `maxContactsPerFrame`).
    public private(set) var contacts: [[Vec2]] = []
    /// Field vectors sampled at the last frame.
    public private(set) var fieldSamples: [(Vec2, Vec2)] = []
    /// The most contact points kept per frame.
    public static let maxContactsPerFrame = 1000
    private var seen: [BodyID: Int] = [:]
    private var order: [BodyID] = []
    private var boundsLower = Vec2(repeating: .greatestFiniteMagnitude)
    private var boundsUpper = Vec2(repeating: -.greatestFiniteMagnitude)

    /// An empty recording.
    public init() {}

    /// Adds the world's current state as a frame; `milliseconds` is the step that led to it.
    public mutating func capture(_ world: World, milliseconds: Double) {
        yUp = SceneSnapshot.isYUp(world)
        for id in world.bodyIDs where seen[id] == nil {
            seen[id] = bodies.count
            order.append(id)
            let shapes = world.shapes(of: id)
            bodies.append(BodyInfo(type: world.type(of: id), shapes: shapes.map { world.outline(of: $0) }))
            for shape in shapes {
                let box = world.aabb(of: shape)
                boundsLower = pointwiseMin(boundsLower, box.lower)
                boundsUpper = pointwiseMax(boundsUpper, box.upper)
            }
        }
        var poses: [Float] = []
        poses.reserveCapacity(order.count * 3)
        for id in order {
            let alive = world.isValid(id)
            let p = alive ? world.position(of: id) : Vec2(.nan, .nan)
            poses.append(p.x); poses.append(p.y); poses.append(alive ? world.angle(of: id) : 0)
            if alive && world.type(of: id) != .static {
                boundsLower = pointwiseMin(boundsLower, p)
                boundsUpper = pointwiseMax(boundsUpper, p)
            }
        }
        frames.append((order.count, poses))
        stepMilliseconds.append(milliseconds)
        contacts.append(Array(world.touchingContactPoints.prefix(Self.maxContactsPerFrame)))
        if joints.isEmpty {
            joints = world.jointEnds.map { j in
                JointEnds(bodyA: j.bodyA.flatMap { seen[$0] } ?? -1, localA: j.localA, bodyB: j.bodyB.flatMap { seen[$0] } ?? -1, localB: j.localB)
            }
        }
        if world.fieldCount > 0 { fieldSamples = SceneSnapshot(world, fieldGrid: 24).fieldSamples }
    }

    /// Angle steps per turn.
    static let angleSteps: Float = 4096

    /// An angle in steps, wrapped into −2048 ..< 2048.
    static func wrapAngle(_ steps: Int32) -> Int32 { ((steps + 2048) & 4095) - 2048 }

    /// The box holding every shape at its first appearance and every body position since.
    public var bounds: AABB {
        boundsLower.x > boundsUpper.x ? AABB(lower: Vec2(-1, -1), upper: Vec2(1, 1)) : AABB(lower: boundsLower, upper: boundsUpper)
    }

    /// The contact points of every frame as little-endian 16-bit quantised x, y pairs (the same grid
    /// as the poses), and each frame's point count.
    func encodedContacts(lower: Vec2, quantum: Vec2) -> (bytes: [UInt8], counts: [Int]) {
        var bytes: [UInt8] = []
        var counts: [Int] = []
        for frame in contacts {
            counts.append(frame.count)
            for p in frame {
                for (v, l, q) in [(p.x, lower.x, quantum.x), (p.y, lower.y, quantum.y)] {
                    let u = UInt16(bitPattern: Int16(max(-32767, min(32767, ((v - l) / q).rounded() - 32500))))
                    bytes.append(UInt8(u & 0xFF)); bytes.append(UInt8(u >> 8))
                }
            }
        }
        return (bytes, counts)
    }

    /// The quantised poses, as bytes: per frame and body, three signed-byte deltas, or the escape
    /// byte −128 followed by three little-endian 16-bit absolute values.
    func encodedPoses() -> (bytes: [UInt8], lower: Vec2, quantum: Vec2) {
        let box = bounds
        let extent = pointwiseMax(box.upper - box.lower, Vec2(1e-6, 1e-6))
        // Margin of 5 % so that bodies slightly outside the first-seen extent still fit.
        let lower = box.lower - 0.05 * extent
        let quantum = 1.1 * extent / 16_000
        var bytes: [UInt8] = []
        bytes.reserveCapacity(frames.reduce(0) { $0 + $1.count } * 3)
        var previous = [Int32](repeating: Int32.min, count: bodies.count * 3)
        for frame in frames {
            for b in 0..<frame.count {
                let x = frame.poses[3 * b], y = frame.poses[3 * b + 1], a = frame.poses[3 * b + 2]
                let q: [Int32] = x.isNaN ? [-32768, -32768, 0] : [
                    Int32(max(-32767, min(32767, ((x - lower.x) / quantum.x).rounded() - 32500))),
                    Int32(max(-32767, min(32767, ((y - lower.y) / quantum.y).rounded() - 32500))),
                    Recording.wrapAngle(Int32((a / (2 * .pi) * Recording.angleSteps).rounded())),
                ]
                let old = (previous[3 * b], previous[3 * b + 1], previous[3 * b + 2])
                let first = old.0 == Int32.min
                let deltas: [Int32] = first ? [] : [q[0] - old.0, q[1] - old.1, Recording.wrapAngle(q[2] - old.2)]
                if first || deltas.contains(where: { $0 < -127 || $0 > 127 }) {
                    bytes.append(0x80)
                    for v in q { let u = UInt16(bitPattern: Int16(v)); bytes.append(UInt8(u & 0xFF)); bytes.append(UInt8(u >> 8)) }
                } else {
                    for d in deltas { bytes.append(UInt8(bitPattern: Int8(d))) }
                }
                previous[3 * b] = q[0]; previous[3 * b + 1] = q[1]; previous[3 * b + 2] = q[2]
            }
        }
        return (bytes, lower, quantum)
    }
}

/// A joint for drawing: the indices of its bodies in a recording (−1 for the world) and its anchors
/// in their frames (a world point for the world).
public struct JointEnds: Sendable {
    /// Body A's index.
    public var bodyA: Int
    /// Anchor on A.
    public var localA: Vec2
    /// Body B's index.
    public var bodyB: Int
    /// Anchor on B.
    public var localB: Vec2
}
