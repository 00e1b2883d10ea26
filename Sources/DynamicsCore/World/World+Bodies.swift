extension World {
    /// Creates a body with no shapes. A dynamic body without shapes has mass 1. Throws for an
    /// invalid definition, and when the world already holds `maximumBodyCount` bodies.
    @discardableResult
    public func createBody(_ definition: BodyDefinition) throws(DynamicsError) -> BodyID {
        try definition.validate()
        try require(bodies.count < bodyLimit, "definition",
                    "the world already holds \(bodyLimit) bodies, the most it can hold")
        let rotation = Rotation(angle: definition.angle)
        let isDynamic = definition.type == .dynamic
        let sim = BodySim(center: definition.position, rotation: rotation, localCenter: .zero,
                          mass: isDynamic ? 1 : 0, invMass: isDynamic ? 1 : 0, inertia: 0, invInertia: 0,
                          linearDamping: definition.linearDamping, angularDamping: definition.angularDamping,
                          gravityScale: definition.gravityScale, force: .zero, torque: 0, sleepTime: 0,
                          minExtent: .greatestFiniteMagnitude, maxExtent: 0, type: definition.type,
                          fixedRotation: definition.fixedRotation, allowSleep: definition.allowSleep,
                          hasCollidingShapes: false)
        var state = BodyState.resting
        if definition.type != .static {
            state.linearVelocity = definition.linearVelocity
            state.angularVelocity = definition.angularVelocity
        }
        let slot = bodies.insert(sim: sim, state: state, userData: definition.userData)
        if !definition.isAwake && definition.type != .static { bodies.putToSleep(slot: slot) }
        return bodyID(slot: slot)
    }

    /// Removes a body with its shapes and joints; contacts it had end (with end events).
    /// Every other handle stays valid.
    /// A removed handle is refused (see `lastRefusal`) and nothing changes.
    public func destroyBody(_ id: BodyID) {
        guard let s = liveSlot(id, "destroyBody(_:)") else { return }
        wakeTouching(bodySlot: s)
        var shape = bodies.firstShape[Int(s)]
        while shape >= 0 {
            let next = shapes.nextInBody[Int(shape)]
            destroyShapeInternal(shape, updateMass: false)
            shape = next
        }
        for j in 0..<joints.slots.slotCount where joints.slots.alive[j] {
            let r = joints.records[j]
            if r.bodyA == s || r.bodyB == s { destroyJointInternal(Int32(j)) }
        }
        removeFromFields(bodySlot: s)
        bodies.remove(slot: s)
    }

    // MARK: - Reading state
    //
    // A removed handle never traps a read: the read returns a neutral value (zero, identity,
    // `.static`, false, empty) and the refusal is kept in `lastRefusal`.

    /// The body origin in world coordinates.
    public func position(of id: BodyID) -> Vec2 {
        guard let d = liveDense(id, "position(of:)") else { return .zero }
        return bodies.sim[d].originTransform.position
    }
    /// The world position of the body's centre of mass.
    public func centerOfMass(of id: BodyID) -> Vec2 {
        guard let d = liveDense(id, "centerOfMass(of:)") else { return .zero }
        return bodies.sim[d].center
    }
    /// The body angle in radians.
    public func angle(of id: BodyID) -> Float {
        guard let d = liveDense(id, "angle(of:)") else { return 0 }
        return bodies.sim[d].rotation.angle
    }
    /// The body rotation.
    public func rotation(of id: BodyID) -> Rotation {
        guard let d = liveDense(id, "rotation(of:)") else { return .identity }
        return bodies.sim[d].rotation
    }
    /// The body origin transform.
    public func transform(of id: BodyID) -> Transform {
        guard let d = liveDense(id, "transform(of:)") else { return .identity }
        return bodies.sim[d].originTransform
    }
    /// The linear velocity of the centre of mass.
    public func linearVelocity(of id: BodyID) -> Vec2 {
        guard let d = liveDense(id, "linearVelocity(of:)") else { return .zero }
        return bodies.state[d].linearVelocity
    }
    /// The angular velocity in radians per second.
    public func angularVelocity(of id: BodyID) -> Float {
        guard let d = liveDense(id, "angularVelocity(of:)") else { return 0 }
        return bodies.state[d].angularVelocity
    }
    /// The body's mass (0 for static and kinematic bodies).
    public func mass(of id: BodyID) -> Float {
        guard let d = liveDense(id, "mass(of:)") else { return 0 }
        return bodies.sim[d].mass
    }
    /// The body's rotational inertia about its centre of mass.
    public func inertia(of id: BodyID) -> Float {
        guard let d = liveDense(id, "inertia(of:)") else { return 0 }
        return bodies.sim[d].inertia
    }
    /// The body's type.
    public func type(of id: BodyID) -> BodyType {
        guard let d = liveDense(id, "type(of:)") else { return .static }
        return bodies.sim[d].type
    }
    /// Whether the body is awake (static bodies never are).
    public func isAwake(_ id: BodyID) -> Bool {
        guard let s = liveSlot(id, "isAwake(_:)") else { return false }
        return bodies.isAwake(slot: s)
    }
    /// The caller's value given at creation.
    public func userData(of id: BodyID) -> UInt64 {
        guard let s = liveSlot(id, "userData(of:)") else { return 0 }
        return bodies.userData[Int(s)]
    }
    /// The shapes of a body, newest first.
    public func shapes(of id: BodyID) -> [ShapeID] {
        guard let slot = liveSlot(id, "shapes(of:)") else { return [] }
        var result: [ShapeID] = []
        var s = bodies.firstShape[Int(slot)]
        while s >= 0 { result.append(shapeID(slot: s)); s = shapes.nextInBody[Int(s)] }
        return result
    }
    /// Maps a world point into the body's frame (relative to its origin).
    public func localPoint(_ worldPoint: Vec2, in id: BodyID) -> Vec2 { transform(of: id).applyInverse(worldPoint) }
    /// Maps a body-frame point to world coordinates.
    public func worldPoint(_ localPoint: Vec2, of id: BodyID) -> Vec2 { transform(of: id).apply(localPoint) }

    // MARK: - Changing state

    /// Sets the linear velocity of the centre of mass (wakes the body).
    public func setLinearVelocity(_ velocity: Vec2, of id: BodyID) throws(DynamicsError) {
        let s = try checked(id)
        try requireFinite(velocity, "velocity")
        guard !bodies.isStatic(slot: s) else { return }
        wake(bodySlot: s)
        bodies.state.base[bodies.dense(s)].linearVelocity = velocity
    }

    /// Sets the angular velocity (wakes the body).
    public func setAngularVelocity(_ velocity: Float, of id: BodyID) throws(DynamicsError) {
        let s = try checked(id)
        try requireFinite(velocity, "angularVelocity")
        guard !bodies.isStatic(slot: s) else { return }
        wake(bodySlot: s)
        let d = bodies.dense(s)
        if !bodies.sim[d].fixedRotation { bodies.state.base[d].angularVelocity = velocity }
    }

    /// Adds to the linear velocity (wakes the body).
    public func addLinearVelocity(_ delta: Vec2, to id: BodyID) throws(DynamicsError) {
        try setLinearVelocity(linearVelocity(of: id) + delta, of: id)
    }

    /// Applies a force at a world point, acting through the next step (wakes the body).
    public func applyForce(_ force: Vec2, at worldPoint: Vec2, to id: BodyID) throws(DynamicsError) {
        let s = try checked(id)
        try requireFinite(force, "force")
        try requireFinite(worldPoint, "point")
        guard bodies.sim[bodies.dense(s)].type == .dynamic else { return }
        wake(bodySlot: s)
        let d = bodies.dense(s)
        bodies.sim.base[d].force += force
        bodies.sim.base[d].torque += (worldPoint - bodies.sim[d].center).cross(force)
    }

    /// Applies a force at the centre of mass (wakes the body).
    public func applyForceToCenter(_ force: Vec2, to id: BodyID) throws(DynamicsError) {
        try applyForce(force, at: centerOfMass(of: id), to: id)
    }

    /// Applies a torque through the next step (wakes the body).
    public func applyTorque(_ torque: Float, to id: BodyID) throws(DynamicsError) {
        let s = try checked(id)
        try requireFinite(torque, "torque")
        guard bodies.sim[bodies.dense(s)].type == .dynamic else { return }
        wake(bodySlot: s)
        bodies.sim.base[bodies.dense(s)].torque += torque
    }

    /// Applies an impulse at a world point: an immediate change of velocity (wakes the body).
    public func applyLinearImpulse(_ impulse: Vec2, at worldPoint: Vec2, to id: BodyID) throws(DynamicsError) {
        let s = try checked(id)
        try requireFinite(impulse, "impulse")
        try requireFinite(worldPoint, "point")
        guard bodies.sim[bodies.dense(s)].type == .dynamic else { return }
        wake(bodySlot: s)
        let d = bodies.dense(s)
        let sim = bodies.sim[d]
        bodies.state.base[d].linearVelocity += sim.invMass * impulse
        bodies.state.base[d].angularVelocity += sim.invInertia * (worldPoint - sim.center).cross(impulse)
    }

    /// Applies an angular impulse (wakes the body).
    public func applyAngularImpulse(_ impulse: Float, to id: BodyID) throws(DynamicsError) {
        let s = try checked(id)
        try requireFinite(impulse, "impulse")
        guard bodies.sim[bodies.dense(s)].type == .dynamic else { return }
        wake(bodySlot: s)
        let d = bodies.dense(s)
        bodies.state.base[d].angularVelocity += bodies.sim[d].invInertia * impulse
    }

    /// Moves a body to a new origin and angle at once (teleport), keeping or clearing its velocity.
    /// Wakes the body and whatever touched it.
    public func setTransform(of id: BodyID, position: Vec2, angle: Float, keepVelocity: Bool = true) throws(DynamicsError) {
        let s = try checked(id)
        try requireFinite(position, "position")
        try requireFinite(angle, "angle")
        wakeTouching(bodySlot: s)
        wake(bodySlot: s)
        let d = bodies.dense(s)
        let rotation = Rotation(angle: angle)
        bodies.sim.base[d].rotation = rotation
        bodies.sim.base[d].center = position + rotation.apply(bodies.sim[d].localCenter)
        if !keepVelocity {
            bodies.state.base[d].linearVelocity = .zero
            bodies.state.base[d].angularVelocity = 0
        }
        refreshProxies(bodySlot: s, forceMove: true)
    }

    /// Sets the linear damping coefficient (per second).
    public func setLinearDamping(_ damping: Float, of id: BodyID) throws(DynamicsError) {
        let s = try checked(id)
        try require(damping.isFinite && damping >= 0, "linearDamping", "must be finite and >= 0, got \(damping)")
        bodies.sim.base[bodies.dense(s)].linearDamping = damping
    }

    /// Sets the angular damping coefficient (per second).
    public func setAngularDamping(_ damping: Float, of id: BodyID) throws(DynamicsError) {
        let s = try checked(id)
        try require(damping.isFinite && damping >= 0, "angularDamping", "must be finite and >= 0, got \(damping)")
        bodies.sim.base[bodies.dense(s)].angularDamping = damping
    }

    /// Sets how much of the world's gravity acts on the body (wakes it).
    public func setGravityScale(_ scale: Float, of id: BodyID) throws(DynamicsError) {
        let s = try checked(id)
        try requireFinite(scale, "gravityScale")
        wake(bodySlot: s)
        bodies.sim.base[bodies.dense(s)].gravityScale = scale
    }

    /// Sets whether the body may rotate.
    public func setFixedRotation(_ fixed: Bool, of id: BodyID) throws(DynamicsError) {
        let s = try checked(id)
        wake(bodySlot: s)
        bodies.sim.base[bodies.dense(s)].fixedRotation = fixed
        updateMass(bodySlot: s)
    }

    /// Wakes a sleeping body and the bodies it sleeps with.
    /// A removed handle is refused (see `lastRefusal`) and nothing changes.
    public func wake(_ id: BodyID) {
        guard let s = liveSlot(id, "wake(_:)") else { return }
        wake(bodySlot: s)
    }
}
