/// Every awake body's position, rotation and user data, read in place from the world's records
/// (`World.withAwakeBodyPoses(_:)`): index `i` is the body `World.awakeBodyPose(at: i)` gives.
/// The readers are inlined into the caller's loop, where `awakeBodyPose(at:)` is a call into this
/// module for each body; like it, each checks its index.
public struct AwakeBodyPoses {
    @usableFromInline let sims: UnsafePointer<BodySim>
    @usableFromInline let slotOfDense: UnsafePointer<Int32>
    @usableFromInline let userData: UnsafePointer<UInt64>
    /// How many bodies were awake when the view was made: the indices it answers for.
    public let count: Int

    /// The world position of the `index`-th awake body's origin.
    @inlinable @inline(__always)
    public func position(at index: Int) -> Vec2 {
        checkIndex(index)
        return sims[index].originTransform.position
    }

    /// The `index`-th awake body's rotation.
    @inlinable @inline(__always)
    public func rotation(at index: Int) -> Rotation {
        checkIndex(index)
        return sims[index].rotation
    }

    /// The user data given at the creation of the `index`-th awake body.
    @inlinable @inline(__always)
    public func userData(at index: Int) -> UInt64 {
        checkIndex(index)
        return userData[Int(slotOfDense[index])]
    }

    @inlinable @inline(__always)
    func checkIndex(_ index: Int) {
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index: must be in 0..<count (\(count)), got \(index)")
    }
}

extension World {
    /// Calls `body` with every awake body's pose and user data, read in place: no copy and no
    /// allocation. The view is valid only inside `body`, which must neither step the world nor
    /// create or destroy bodies (waking a body is fine: it joins the awake bodies after the last
    /// one the view covers).
    public func withAwakeBodyPoses<Result, Failure: Error>(
        _ body: (AwakeBodyPoses) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(awakeBodyPoses)
    }

    /// `withAwakeBodyPoses(_:)`'s view without the scope, for a caller that keeps to its rules
    /// itself: valid until the world steps, or gains or loses a body.
    package var awakeBodyPoses: AwakeBodyPoses {
        AwakeBodyPoses(sims: UnsafePointer(bodies.sim.base), slotOfDense: UnsafePointer(bodies.slotOfDense.base),
                       userData: UnsafePointer(bodies.userData.base), count: bodies.awakeCount)
    }
}
