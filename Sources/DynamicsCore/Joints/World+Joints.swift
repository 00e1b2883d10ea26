extension World {
    /// Creates a distance joint (rod, spring or rope).
    @discardableResult
    public func createDistanceJoint(_ d: DistanceJointDefinition) throws(DynamicsError) -> JointID {
        try require(d.length.isFinite && d.length >= 0, "length", "must be finite and >= 0, got \(d.length)")
        try require(d.hertz.isFinite && d.hertz >= 0, "hertz", "must be finite and >= 0, got \(d.hertz)")
        try require(d.dampingRatio.isFinite && d.dampingRatio >= 0, "dampingRatio", "must be finite and >= 0, got \(d.dampingRatio)")
        try require(d.minLength.isFinite && d.minLength >= 0, "minLength", "must be finite and >= 0, got \(d.minLength)")
        try require(!d.maxLength.isNaN && d.maxLength >= d.minLength, "maxLength", "must be >= minLength (\(d.minLength)), got \(d.maxLength)")
        var r = try makeRecord(.distance, d.bodyA, d.bodyB, d.localAnchorA, d.localAnchorB, d.collideConnected)
        r.length = d.length
        r.minLength = d.minLength
        r.maxLength = d.maxLength
        r.hertz = d.hertz
        r.dampingRatio = d.dampingRatio
        if d.enableSpring { r.options.insert(.spring) }
        if d.enableLimit { r.options.insert(.limit) }
        return insertJoint(r)
    }

    /// Creates a revolute joint.
    @discardableResult
    public func createRevoluteJoint(_ d: RevoluteJointDefinition) throws(DynamicsError) -> JointID {
        try requireFinite(d.referenceAngle, "referenceAngle")
        try require(d.maxFrictionTorque.isFinite && d.maxFrictionTorque >= 0, "maxFrictionTorque", "must be finite and >= 0, got \(d.maxFrictionTorque)")
        if d.enableLimit {
            try require(d.lowerAngle.isFinite && d.upperAngle.isFinite && d.lowerAngle <= d.upperAngle, "lowerAngle/upperAngle",
                        "must be finite with lowerAngle <= upperAngle, got \(d.lowerAngle)...\(d.upperAngle)")
        }
        var r = try makeRecord(.revolute, d.bodyA, d.bodyB, d.localAnchorA, d.localAnchorB, d.collideConnected)
        r.referenceAngle = d.referenceAngle
        r.lower = d.lowerAngle
        r.upper = d.upperAngle
        r.maxFrictionTorque = d.maxFrictionTorque
        if d.enableLimit { r.options.insert(.limit) }
        return insertJoint(r)
    }

    /// Creates a prismatic joint.
    @discardableResult
    public func createPrismaticJoint(_ d: PrismaticJointDefinition) throws(DynamicsError) -> JointID {
        try requireFinite(d.localAxisA, "localAxisA")
        try require(d.localAxisA.length > 1e-6, "localAxisA", "must not be zero")
        try requireFinite(d.referenceAngle, "referenceAngle")
        if d.enableLimit {
            try require(d.lowerTranslation.isFinite && d.upperTranslation.isFinite && d.lowerTranslation <= d.upperTranslation,
                        "lowerTranslation/upperTranslation", "must be finite with lower <= upper, got \(d.lowerTranslation)...\(d.upperTranslation)")
        }
        var r = try makeRecord(.prismatic, d.bodyA, d.bodyB, d.localAnchorA, d.localAnchorB, d.collideConnected)
        r.localAxisA = d.localAxisA.normalized
        r.referenceAngle = d.referenceAngle
        r.lower = d.lowerTranslation
        r.upper = d.upperTranslation
        if d.enableLimit { r.options.insert(.limit) }
        return insertJoint(r)
    }

    /// Creates a weld joint.
    @discardableResult
    public func createWeldJoint(_ d: WeldJointDefinition) throws(DynamicsError) -> JointID {
        try requireFinite(d.referenceAngle, "referenceAngle")
        for (name, value) in [("linearHertz", d.linearHertz), ("angularHertz", d.angularHertz),
                              ("linearDampingRatio", d.linearDampingRatio), ("angularDampingRatio", d.angularDampingRatio)] {
            try require(value.isFinite && value >= 0, name, "must be finite and >= 0, got \(value)")
        }
        var r = try makeRecord(.weld, d.bodyA, d.bodyB, d.localAnchorA, d.localAnchorB, d.collideConnected)
        r.referenceAngle = d.referenceAngle
        r.hertz = d.linearHertz
        r.dampingRatio = d.linearDampingRatio
        r.angularHertz = d.angularHertz
        r.angularDampingRatio = d.angularDampingRatio
        return insertJoint(r)
    }

    /// Creates a spring pulling a body's point towards a world point.
    @discardableResult
    public func createTargetJoint(_ d: TargetJointDefinition) throws(DynamicsError) -> JointID {
        try requireFinite(d.target, "target")
        try require(d.hertz.isFinite && d.hertz > 0, "hertz", "must be finite and > 0, got \(d.hertz)")
        try require(d.dampingRatio.isFinite && d.dampingRatio >= 0, "dampingRatio", "must be finite and >= 0, got \(d.dampingRatio)")
        try require(!d.maxForce.isNaN && d.maxForce > 0, "maxForce", "must be > 0, got \(d.maxForce)")
        var r = try makeRecord(.target, d.body, nil, d.localAnchor, .zero, true)
        r.target = d.target
        r.hertz = d.hertz
        r.dampingRatio = d.dampingRatio
        r.maxForce = d.maxForce
        return insertJoint(r)
    }

    /// Removes a joint; both bodies wake and may collide again.
    /// A removed handle is refused (see `lastRefusal`) and nothing changes.
    public func destroyJoint(_ id: JointID) {
        guard liveSlot(id, "destroyJoint(_:)") != nil else { return }
        destroyJointInternal(id.index)
    }

    /// The kind of a joint.
    /// A removed handle is refused (see `lastRefusal`) and the answer is `.distance`.
    public func kind(of id: JointID) -> JointKind {
        guard let j = liveSlot(id, "kind(of:)") else { return .distance }
        return joints.records[j].kind
    }

    /// Moves a target joint's world point (wakes its body).
    public func setTarget(_ target: Vec2, of id: JointID) throws(DynamicsError) {
        try require(isValid(id) && joints.records[Int(id.index)].kind == .target, "joint", "\(id) is not a live target joint")
        try requireFinite(target, "target")
        joints.records.base[Int(id.index)].target = target
        wake(bodySlot: joints.records[Int(id.index)].bodyA)
    }

    /// Moves a joint's anchors: points in their bodies' frames (a world point where the joint is
    /// attached to the world). Wakes its bodies.
    public func setJointAnchors(_ id: JointID, localAnchorA: Vec2, localAnchorB: Vec2) throws(DynamicsError) {
        try require(isValid(id), "joint", "\(id) is not a live joint")
        try requireFinite(localAnchorA, "localAnchorA")
        try requireFinite(localAnchorB, "localAnchorB")
        let p = joints.records.base + Int(id.index)
        p.pointee.localAnchorA = localAnchorA
        p.pointee.localAnchorB = localAnchorB
        wakeJointBodies(p.pointee)
    }

    /// Changes a distance joint's rest length and spring (wakes its bodies).
    public func setDistanceJoint(_ id: JointID, length: Float, hertz: Float, dampingRatio: Float) throws(DynamicsError) {
        try require(isValid(id) && joints.records[Int(id.index)].kind == .distance, "joint", "\(id) is not a live distance joint")
        try require(length.isFinite && length >= 0, "length", "must be finite and >= 0, got \(length)")
        try require(hertz.isFinite && hertz >= 0, "hertz", "must be finite and >= 0, got \(hertz)")
        try require(dampingRatio.isFinite && dampingRatio >= 0, "dampingRatio", "must be finite and >= 0, got \(dampingRatio)")
        let p = joints.records.base + Int(id.index)
        p.pointee.length = length
        p.pointee.hertz = hertz
        p.pointee.dampingRatio = dampingRatio
        wakeJointBodies(p.pointee)
    }

    // MARK: - Internals

    func makeRecord(_ kind: JointKind, _ a: BodyID, _ b: BodyID?, _ anchorA: Vec2, _ anchorB: Vec2,
                    _ collideConnected: Bool) throws(DynamicsError) -> JointRecord {
        let slotA = try checked(a, "bodyA")
        let slotB: Int32 = try b.map { (id) throws(DynamicsError) in try checked(id, "bodyB") } ?? -1
        try require(slotA != slotB, "bodyB", "a joint needs two different bodies; got \(a) twice")
        try requireFinite(anchorA, "localAnchorA")
        try requireFinite(anchorB, "localAnchorB")
        let staticA = bodies.isStatic(slot: slotA)
        let staticB = slotB < 0 || bodies.isStatic(slot: slotB)
        try require(!(staticA && staticB), "bodyA/bodyB", "at least one body of a joint must be able to move")
        var r = JointRecord(kind: kind, bodyA: slotA, bodyB: slotB, localAnchorA: anchorA, localAnchorB: anchorB)
        if collideConnected { r.options.insert(.collideConnected) }
        return r
    }

    func insertJoint(_ r: JointRecord) -> JointID {
        let (slot, generation) = joints.slots.allocate()
        if Int(slot) == joints.records.count { joints.records.append(r) } else { joints.records[Int(slot)] = r }
        joints.setKey(slot, r)
        if r.bodyB >= 0 && !r.options.contains(.collideConnected) {
            let key = PairTable.key(r.bodyA, r.bodyB)
            jointedBodyPairs.set(key, (jointedBodyPairs.find(key) ?? 0) + 1)
            // Contacts between the two bodies end now.
            var i = contacts.count - 1
            while i >= 0 {
                let c = contacts[i]
                if PairTable.key(c.bodyA, c.bodyB) == key { destroyContact(i) }
                i -= 1
            }
        }
        wakeJointBodies(r)
        return JointID(index: slot, generation: generation)
    }

    func destroyJointInternal(_ slot: Int32) {
        let r = joints.records[Int(slot)]
        wakeJointBodies(r)
        if r.bodyB >= 0 && !r.options.contains(.collideConnected) {
            let key = PairTable.key(r.bodyA, r.bodyB)
            let n = (jointedBodyPairs.find(key) ?? 1) - 1
            if n > 0 { jointedBodyPairs.set(key, n) } else { jointedBodyPairs.remove(key) }
            // Let the broadphase find their pairs again.
            for b in [r.bodyA, r.bodyB] where bodies.slots.alive[Int(b)] {
                var s = bodies.firstShape[Int(b)]
                while s >= 0 { markMoved(s); s = shapes.nextInBody[Int(s)] }
            }
        }
        joints.release(slot)
    }

    func wakeJointBodies(_ r: JointRecord) {
        if r.bodyA >= 0 && bodies.slots.alive[Int(r.bodyA)] { wake(bodySlot: r.bodyA) }
        if r.bodyB >= 0 && bodies.slots.alive[Int(r.bodyB)] { wake(bodySlot: r.bodyB) }
    }
}
