/// Where a body is: what a caller needs to draw it or write it back to an item.
public struct BodyPose: Sendable, Equatable {
    /// The body's handle.
    public var body: BodyID
    /// The caller's value given at creation.
    public var userData: UInt64
    /// The body origin's world position.
    public var position: Vec2
    /// The body's rotation.
    public var rotation: Rotation
}

extension World {
    /// The pose of the `index`-th awake body (0 ..< `awakeBodyCount`), in no particular order that
    /// lasts beyond the next step. Reading every awake body this way costs one pass and no allocation.
    public func awakeBodyPose(at index: Int) -> BodyPose {
        precondition(index >= 0 && index < bodies.awakeCount, "index: must be in 0..<awakeBodyCount (\(bodies.awakeCount)), got \(index)")
        return pose(dense: index)
    }

    /// The user data of the `index`-th awake body (`awakeBodyPose(at:).userData`), alone: what a
    /// caller needs to start loading its own record for that body ahead of time.
    package func awakeBodyUserData(at index: Int) -> UInt64 {
        precondition(index >= 0 && index < bodies.awakeCount, "index: must be in 0..<awakeBodyCount (\(bodies.awakeCount)), got \(index)")
        return bodies.userData[Int(bodies.slotOfDense[index])]
    }

    /// How many bodies went to sleep during the last step (their final poses are not among the
    /// awake ones any more).
    public var fellAsleepBodyCount: Int { fellAsleep.count }

    /// The pose of the `index`-th body that went to sleep during the last step.
    public func fellAsleepBodyPose(at index: Int) -> BodyPose {
        precondition(index >= 0 && index < fellAsleep.count, "index: must be in 0..<fellAsleepBodyCount (\(fellAsleep.count)), got \(index)")
        return pose(dense: bodies.dense(fellAsleep[index]))
    }

    /// Changes the world's gravity (an acceleration in length units per second squared); wakes
    /// every sleeping body that gravity acts on when it actually changes.
    public func setGravity(_ gravity: Vec2) throws(DynamicsError) {
        try requireFinite(gravity, "gravity")
        guard gravity != definition.gravity else { return }
        definition.gravity = gravity
        bodyScratch.removeAll()
        for d in bodies.awakeCount..<bodies.movableCount where bodies.sim[d].gravityScale != 0 {
            bodyScratch.append(bodies.slotOfDense[d])
        }
        for k in 0..<bodyScratch.count { wake(bodySlot: bodyScratch[k]) }
    }

    private func pose(dense d: Int) -> BodyPose {
        let slot = bodies.slotOfDense[d]
        let sim = bodies.sim[d]
        return BodyPose(body: bodyID(slot: slot), userData: bodies.userData[Int(slot)],
                        position: sim.originTransform.position, rotation: sim.rotation)
    }
}
