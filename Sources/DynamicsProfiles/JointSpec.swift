import DynamicsCore

/// A joint as a profile describes it: bodies by their index in `bodies` (null for the world) and
/// anchors as world points at creation.
struct JointSpec: Sendable {
    enum Kind: String, Sendable, CaseIterable {
        case distance, rope, revolute, prismatic, weld, target
    }
    var kind: Kind
    var bodyA: Int
    var bodyB: Int?
    var anchorA: Vec2
    var anchorB: Vec2
    var length: Float?
    var hertz: Float
    var dampingRatio: Float
    var lower: Float?
    var upper: Float?
    var axis: Vec2
    var maxFrictionTorque: Float
    var collideConnected: Bool
    var path: String

    static func parse(_ node: JSONNode, bodyCount: Int) throws(ProfileError) -> JointSpec {
        let o = try node.object(allowed: ["kind", "bodyA", "bodyB", "anchorA", "anchorB", "anchor", "length", "hertz", "dampingRatio",
                                          "lower", "upper", "axis", "maxFrictionTorque", "collideConnected"])
        let kindNode = try o.required("kind")
        guard let kind = Kind(rawValue: try kindNode.string()) else {
            throw kindNode.fail("must be one of \(Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard bodyCount > 0 else { throw node.fail("joins bodies by their index in \"bodies\", but the profile lists no bodies") }
        let bodyA = try o.required("bodyA").integer(in: 0...max(0, bodyCount - 1))
        let bodyB = try o.optional("bodyB")?.integer(in: 0...max(0, bodyCount - 1))
        let anchor = try o.optional("anchor")?.vector()
        guard let anchorA = try o.optional("anchorA")?.vector() ?? anchor else { throw node.fail("needs anchorA (or anchor), a world point") }
        let anchorB = try o.optional("anchorB")?.vector() ?? anchor ?? anchorA
        return JointSpec(kind: kind, bodyA: bodyA, bodyB: bodyB, anchorA: anchorA, anchorB: anchorB,
                         length: try o.optional("length")?.float(), hertz: try o.float("hertz", default: 0),
                         dampingRatio: try o.float("dampingRatio", default: 0), lower: try o.optional("lower")?.float(),
                         upper: try o.optional("upper")?.float(), axis: try o.optional("axis")?.vector() ?? Vec2(1, 0),
                         maxFrictionTorque: try o.float("maxFrictionTorque", default: 0),
                         collideConnected: try o.optional("collideConnected")?.bool() ?? false, path: node.path)
    }

    func build(in world: World, bodies: [BodyID], file: String) throws(ProfileError) {
        let a = bodies[bodyA]
        let b = bodyB.map { bodies[$0] }
        let localA = world.localPoint(anchorA, in: a)
        let localB = b.map { world.localPoint(anchorB, in: $0) } ?? anchorB
        do {
            switch kind {
            case .distance, .rope:
                let length = self.length ?? (anchorB - anchorA).length
                var d = kind == .rope ? DistanceJointDefinition.rope(bodyA: a, bodyB: b, localAnchorA: localA, localAnchorB: localB, maxLength: length)
                                      : DistanceJointDefinition(bodyA: a, bodyB: b, localAnchorA: localA, localAnchorB: localB, length: length)
                if kind == .distance && hertz > 0 {
                    d.enableSpring = true
                    d.hertz = hertz
                    d.dampingRatio = dampingRatio
                }
                if kind == .distance, let lower, let upper {
                    d.enableLimit = true
                    d.minLength = lower
                    d.maxLength = upper
                }
                d.collideConnected = collideConnected
                try world.createDistanceJoint(d)
            case .revolute:
                var d = RevoluteJointDefinition(bodyA: a, bodyB: b, localAnchorA: localA, localAnchorB: localB)
                if let lower, let upper { d.enableLimit = true; d.lowerAngle = lower; d.upperAngle = upper }
                d.maxFrictionTorque = maxFrictionTorque
                d.collideConnected = collideConnected
                if let b { d.referenceAngle = world.angle(of: b) - world.angle(of: a) } else { d.referenceAngle = -world.angle(of: a) }
                try world.createRevoluteJoint(d)
            case .prismatic:
                var d = PrismaticJointDefinition(bodyA: a, bodyB: b, localAnchorA: localA, localAnchorB: localB,
                                                 localAxisA: world.rotation(of: a).applyInverse(axis))
                if let lower, let upper { d.enableLimit = true; d.lowerTranslation = lower; d.upperTranslation = upper }
                d.collideConnected = collideConnected
                if let b { d.referenceAngle = world.angle(of: b) - world.angle(of: a) } else { d.referenceAngle = -world.angle(of: a) }
                try world.createPrismaticJoint(d)
            case .weld:
                var d = WeldJointDefinition(bodyA: a, bodyB: b, localAnchorA: localA, localAnchorB: localB)
                d.linearHertz = hertz
                d.angularHertz = hertz
                d.linearDampingRatio = dampingRatio
                d.angularDampingRatio = dampingRatio
                d.collideConnected = collideConnected
                if let b { d.referenceAngle = world.angle(of: b) - world.angle(of: a) } else { d.referenceAngle = -world.angle(of: a) }
                try world.createWeldJoint(d)
            case .target:
                try world.createTargetJoint(TargetJointDefinition(body: a, localAnchor: localA, target: anchorB,
                                                                  hertz: hertz > 0 ? hertz : 5, dampingRatio: dampingRatio))
            }
        } catch {
            throw ProfileError(file: file, field: path, problem: error.description)
        }
    }
}
