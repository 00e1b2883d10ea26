import DynamicsCore
import Foundation

/// The engine joints built for an attachment or a snap, and from what. A class, so that moving an
/// anchor updates the record in place instead of copying it (and its arrays) through the dictionary.
final class JointState {
    let version: Int
    var anchorVersion: Int
    let bodies: [BodyID]
    let joints: [JointID]

    init(version: Int, anchorVersion: Int, bodies: [BodyID], joints: [JointID]) {
        self.version = version
        self.anchorVersion = anchorVersion
        self.bodies = bodies
        self.joints = joints
    }
}

extension DynamicAnimator {
    /// Rebuilds the joints of every attachment and snap that changed or whose items got new bodies.
    func syncJoints() {
        for behavior in flatBehaviors {
            let version: Int, anchorVersion: Int
            switch behavior {
            case let a as AttachmentBehavior: (version, anchorVersion) = (a.version, a.anchorVersion)
            case let s as SnapBehavior: (version, anchorVersion) = (s.version, s.anchorVersion)
            default: continue
            }
            let key = ObjectIdentifier(behavior)
            // The common case first, without building arrays: nothing but perhaps the anchor changed.
            if let state = jointStates[key], state.version == version, isCurrent(state, behavior) {
                if state.anchorVersion == anchorVersion { continue }
                if moveAnchors(of: behavior, state.joints) {
                    state.anchorVersion = anchorVersion
                    continue
                }
            }
            let records = behavior.memberItems.map { itemBodies[ObjectIdentifier($0)] }
            guard records.allSatisfy({ $0 != nil }) else {
                if let old = jointStates.removeValue(forKey: key) { destroy(old.joints) }
                continue
            }
            let bodies = records.map { $0!.body }
            if let old = jointStates.removeValue(forKey: key) { destroy(old.joints) }
            let joints: [JointID]
            do {
                switch behavior {
                case let a as AttachmentBehavior: joints = try build(a, records.map { $0! })
                case let s as SnapBehavior: joints = try build(s, records[0]!)
                default: continue
                }
            } catch {
                refuse(DynamicsUsageError(argument: "behavior", rule: "its joint could not be built: \(error)"))
                continue
            }
            jointStates[key] = JointState(version: version, anchorVersion: anchorVersion, bodies: bodies, joints: joints)
        }
    }

    /// Whether a behavior's joints are live and were built for the bodies its items have now.
    private func isCurrent(_ state: JointState, _ behavior: DynamicBehavior) -> Bool {
        let items = behavior.memberItems
        guard items.count == state.bodies.count else { return false }
        for (item, body) in zip(items, state.bodies) where itemBodies[ObjectIdentifier(item)]?.body != body { return false }
        for joint in state.joints where !world.isValid(joint) { return false }
        return true
    }

    /// Moves the world anchors of a one-item attachment built as a distance joint, or of a snap's
    /// springs, in place; false when the joint must be rebuilt instead.
    private func moveAnchors(of behavior: DynamicBehavior, _ joints: [JointID]) -> Bool {
        if let a = behavior as? AttachmentBehavior {
            guard a.kind == .distance, a.items.count == 1, joints.count == 1, world.kind(of: joints[0]) == .distance else { return false }
            let offset = vec(CGPoint(x: a.offsetA.horizontal, y: a.offsetA.vertical))
            return (try? world.setJointAnchors(joints[0], localAnchorA: offset, localAnchorB: vec(a.anchorPoint))) != nil
        }
        if let s = behavior as? SnapBehavior, joints.count == 4, let record = itemBodies[ObjectIdentifier(s.item)] {
            let springs = snapSpringAnchors(s, record)
            for (joint, (local, anchor)) in zip(joints, springs) {
                guard (try? world.setJointAnchors(joint, localAnchorA: local, localAnchorB: anchor)) != nil else { return false }
            }
            return true
        }
        return false
    }

    private func destroy(_ joints: [JointID]) {
        for joint in joints where world.isValid(joint) { world.destroyJoint(joint) }
    }

    private func vec(_ p: CGPoint) -> Vec2 { Vec2(Float(p.x), Float(p.y)) }

    /// The four springs of a snap: a corner in the item's frame and its world anchor around the snap point.
    private func snapSpringAnchors(_ snap: SnapBehavior, _ record: ItemBody) -> [(Vec2, Vec2)] {
        let size = record.item.bounds.size
        let hw = Float(size.width / 2), hh = Float(size.height / 2), d = Float(SnapBehavior.springLength)
        let p = vec(snap.snapPoint)
        return [
            (Vec2(-hw, -hh), p + Vec2(-hw - d, -hh)), (Vec2(-hw, -hh), p + Vec2(-hw, -hh - d)),
            (Vec2(hw, hh), p + Vec2(hw + d, hh)), (Vec2(hw, hh), p + Vec2(hw, hh + d)),
        ]
    }

    private func snapSprings(_ snap: SnapBehavior, _ record: ItemBody) throws(DynamicsError) -> [JointID] {
        let d = Float(SnapBehavior.springLength)
        var result: [JointID] = []
        for (local, anchor) in snapSpringAnchors(snap, record) {
            var definition = DistanceJointDefinition(bodyA: record.body, bodyB: nil, localAnchorA: local, localAnchorB: anchor, length: d)
            definition.enableSpring = true
            definition.hertz = Float(SnapBehavior.springHertz)
            definition.dampingRatio = Float(snap.damping)
            result.append(try world.createDistanceJoint(definition))
        }
        return result
    }

    private func build(_ snap: SnapBehavior, _ record: ItemBody) throws(DynamicsError) -> [JointID] {
        try snapSprings(snap, record)
    }

    private func build(_ a: AttachmentBehavior, _ records: [ItemBody]) throws(DynamicsError) -> [JointID] {
        let bodyA = records[0].body
        let bodyB: BodyID? = records.count > 1 ? records[1].body : nil
        let localA = vec(CGPoint(x: a.offsetA.horizontal, y: a.offsetA.vertical))
        let localB = records.count > 1 ? vec(CGPoint(x: a.offsetB.horizontal, y: a.offsetB.vertical)) : vec(a.anchorPoint)
        let anchor = vec(a.anchorPoint)
        func local(_ body: BodyID?, _ point: Vec2) -> Vec2 { body.map { world.localPoint(point, in: $0) } ?? point }
        func angle(_ body: BodyID?) -> Float { body.map { world.angle(of: $0) } ?? 0 }
        switch a.kind {
        case .distance:
            let length = Float(a.length)
            if bodyB == nil && a.frequency == 0 && length < 1 {
                // A rigid anchor attachment closer than 1 pt is a pin at the anchor, as in UIKit.
                var pin = RevoluteJointDefinition(bodyA: bodyA, bodyB: nil, localAnchorA: local(bodyA, anchor), localAnchorB: anchor)
                pin.referenceAngle = -angle(bodyA)
                return [try world.createRevoluteJoint(pin)]
            }
            var definition = DistanceJointDefinition(bodyA: bodyA, bodyB: bodyB, localAnchorA: localA, localAnchorB: localB, length: length)
            if a.frequency > 0 {
                definition.enableSpring = true
                definition.hertz = Float(a.frequency)
                definition.dampingRatio = Float(a.damping)
            }
            definition.collideConnected = bodyB != nil
            return [try world.createDistanceJoint(definition)]
        case .limit:
            let rope = DistanceJointDefinition.rope(bodyA: bodyA, bodyB: bodyB, localAnchorA: localA, localAnchorB: localB,
                                                    maxLength: Float(a.length))
            return [try world.createDistanceJoint(rope)]
        case let .sliding(axis):
            let length = hypot(axis.dx, axis.dy)
            guard length > 0 && length.isFinite else {
                throw DynamicsError(argument: "axisOfTranslation", rule: "must be a finite, non-zero vector, got \(axis)")
            }
            let worldAxis = Vec2(Float(axis.dx / length), Float(axis.dy / length))
            var definition = PrismaticJointDefinition(bodyA: bodyA, bodyB: bodyB, localAnchorA: local(bodyA, anchor),
                                                      localAnchorB: local(bodyB, anchor),
                                                      localAxisA: world.rotation(of: bodyA).applyInverse(worldAxis))
            definition.referenceAngle = angle(bodyB) - angle(bodyA)
            if !a.attachmentRange.isInfinite {
                definition.enableLimit = true
                definition.lowerTranslation = Float(max(a.attachmentRange.minimum, -1e9))
                definition.upperTranslation = Float(min(a.attachmentRange.maximum, 1e9))
            }
            return [try world.createPrismaticJoint(definition)]
        case .fixed:
            var definition = WeldJointDefinition(bodyA: bodyA, bodyB: bodyB, localAnchorA: local(bodyA, anchor), localAnchorB: local(bodyB, anchor))
            definition.referenceAngle = angle(bodyB) - angle(bodyA)
            return [try world.createWeldJoint(definition)]
        case .pin:
            var definition = RevoluteJointDefinition(bodyA: bodyA, bodyB: bodyB, localAnchorA: local(bodyA, anchor), localAnchorB: local(bodyB, anchor))
            definition.referenceAngle = angle(bodyB) - angle(bodyA)
            // UIKit newton-metres to the engine's kg·pt²/s².
            definition.maxFrictionTorque = Float(a.frictionTorque) * 10_000
            if !a.attachmentRange.isInfinite {
                definition.enableLimit = true
                definition.lowerAngle = Float(max(a.attachmentRange.minimum, -1e9))
                definition.upperAngle = Float(min(a.attachmentRange.maximum, 1e9))
            }
            return [try world.createRevoluteJoint(definition)]
        }
    }
}
