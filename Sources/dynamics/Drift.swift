import DynamicsCore

/// How far the dynamic bodies that a scene starts with moved during a run, in the world's length
/// units: the body that started highest (a pyramid's top box, for the "still stands"
/// check) and the largest sideways move of any of them. Bodies made during the run (rain) and
/// bodies removed during it are left out.
struct Drift {
    private let starts: [(body: BodyID, position: Vec2)]
    /// The index in `starts` of the body that started highest (the first of equals).
    private let top: Int?

    /// Where `world`'s dynamic bodies are now.
    init(_ world: World) {
        let starts = world.bodyIDs.filter { world.type(of: $0) == .dynamic }.map { (body: $0, position: world.position(of: $0)) }
        self.starts = starts
        top = starts.indices.max { starts[$0].position.y < starts[$1].position.y }
    }

    /// What moved how far.
    struct Report: Equatable {
        /// The highest starting body's move.
        var top: Vec2
        /// The largest sideways move of any starting body.
        var mostSideways: Float

        /// How far the highest starting body ended from where it started, in any direction.
        var topDistance: Float { top.length }
    }

    /// The moves from the start to `world`'s present state; nil when the scene started without
    /// dynamic bodies, or its highest one was removed.
    func measure(_ world: World) -> Report? {
        guard let top, world.isValid(starts[top].body) else { return nil }
        var sideways: Float = 0
        for start in starts where world.isValid(start.body) {
            sideways = max(sideways, abs(world.position(of: start.body).x - start.position.x))
        }
        return Report(top: world.position(of: starts[top].body) - starts[top].position, mostSideways: sideways)
    }
}
