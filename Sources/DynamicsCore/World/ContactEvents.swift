/// Two shapes started touching during the last step.
public struct ContactBeginEvent: Sendable, Equatable, BitwiseCopyable {
    /// The first shape: the normal points away from it. Which of the two shapes is first is
    /// fixed for the contact's life, not by their handles' indices.
    public var shapeA: ShapeID
    /// The second shape.
    public var shapeB: ShapeID
    /// A contact point in world coordinates.
    public var point: Vec2
    /// The contact normal, from A to B.
    public var normal: Vec2
}

/// Two shapes stopped touching during the last step (or one of them was removed).
public struct ContactEndEvent: Sendable, Equatable, BitwiseCopyable {
    /// The first shape (as in `ContactBeginEvent`). Its handle may be stale if the shape was removed.
    public var shapeA: ShapeID
    /// The second shape.
    public var shapeB: ShapeID
}

extension World {
    /// Contacts that began touching in the last step, in a deterministic order.
    public var contactBeginEvents: [ContactBeginEvent] { Array(beginEvents.buffer) }
    /// Contacts that stopped touching in the last step (or since, through removals), in a deterministic order.
    public var contactEndEvents: [ContactEndEvent] { Array(endEvents.buffer) }
    /// How many begin events the last step produced, read without allocating.
    public var contactBeginEventCount: Int { beginEvents.count }
    /// One begin event, read without allocating.
    public func contactBeginEvent(at index: Int) -> ContactBeginEvent { beginEvents[index] }
    /// How many end events are pending, read without allocating.
    public var contactEndEventCount: Int { endEvents.count }
    /// One end event, read without allocating.
    public func contactEndEvent(at index: Int) -> ContactEndEvent { endEvents[index] }
}
