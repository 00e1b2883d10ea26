import DynamicsCore

/// A world in metres with gravity (0, −g) and the given settings.
func makeWorld(gravity: Float = 10, subSteps: Int = 4, sleep: Bool = false, workers: Int = 1,
               aabbMargin: Float? = nil) throws -> World {
    var d = WorldDefinition()
    d.gravity = Vec2(0, -gravity)
    d.subStepCount = subSteps
    d.enableSleep = sleep
    d.workerCount = workers
    if let aabbMargin { d.aabbMarginMeters = aabbMargin }
    return try World(d)
}

/// A static ground whose top surface is at y = 0.
@discardableResult
func addGround(_ world: World, halfWidth: Float = 50, friction: Float = 0.6, restitution: Float = 0) throws -> BodyID {
    let ground = try world.createBody(BodyDefinition(type: .static, position: Vec2(0, -1)))
    try world.createShape(on: ground, ShapeDefinition(.box(halfWidth: halfWidth, halfHeight: 1), friction: friction, restitution: restitution))
    return ground
}

/// A static bin: a 30 m floor (top at 0.5 m) and two walls `wallHeight` high, 1 m thick, just
/// outside its ends.
func addBin(_ world: World, wallHeight: Float) throws {
    let bin = try world.createBody(BodyDefinition(type: .static, position: .zero))
    try world.createShape(on: bin, ShapeDefinition(.box(halfWidth: 15, halfHeight: 0.5)))
    for x in [Float(-15.5), 15.5] {
        try world.createShape(on: bin, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: wallHeight / 2,
                                                            center: Vec2(x, wallHeight / 2))))
    }
}

/// 300 boxes and balls in rows above the bin of `addBin` (from x = −10.5 to 10.5, from 1.5 m up),
/// boxes turned at five angles, to be thrown about as they fall in.
func addBinLoad(_ world: World) throws {
    for i in 0..<300 {
        let at = Vec2(Float(i % 15) * 1.5 - 10.5, 1.5 + Float(i / 15) * 1.2)
        if i % 2 == 0 { try addBox(world, at: at, half: 0.45, angle: 0.2 * Float(i % 5)) } else { try addBall(world, at: at, radius: 0.4) }
    }
}

@discardableResult
func addBox(_ world: World, at p: Vec2, half: Float = 0.5, angle: Float = 0, friction: Float = 0.6, restitution: Float = 0,
            type: BodyType = .dynamic) throws -> BodyID {
    let body = try world.createBody(BodyDefinition(type: type, position: p, angle: angle))
    try world.createShape(on: body, ShapeDefinition(.box(halfWidth: half, halfHeight: half), friction: friction, restitution: restitution))
    return body
}

@discardableResult
func addBall(_ world: World, at p: Vec2, radius: Float = 0.25, friction: Float = 0.6, restitution: Float = 0) throws -> BodyID {
    let body = try world.createBody(BodyDefinition(type: .dynamic, position: p))
    try world.createShape(on: body, ShapeDefinition(.circle(radius: radius), friction: friction, restitution: restitution))
    return body
}

/// Steps `seconds` of simulated time at 60 Hz.
func run(_ world: World, seconds: Float, dt: Float = 1.0 / 60) {
    for _ in 0..<Int((seconds / dt).rounded()) { world.step(dt) }
}

/// A chain of `links` 1 m rods (0.2 m thick) pinned end to end by plain pins (revolute joints
/// without friction or limits), the first to the world at (0, 10), lying level; returns the rods.
func addPinnedChain(_ world: World, links: Int) throws -> [BodyID] {
    var previous = try world.createBody(BodyDefinition(type: .static, position: .zero))
    var rods: [BodyID] = []
    for i in 0..<links {
        let rod = try world.createBody(BodyDefinition(type: .dynamic, position: Vec2(Float(i) + 0.5, 10)))
        try world.createShape(on: rod, ShapeDefinition(.box(halfWidth: 0.5, halfHeight: 0.1)))
        try world.createRevoluteJoint(RevoluteJointDefinition(bodyA: previous, bodyB: rod,
                                                              localAnchorA: i == 0 ? Vec2(0, 10) : Vec2(0.5, 0),
                                                              localAnchorB: Vec2(-0.5, 0)))
        previous = rod
        rods.append(rod)
    }
    return rods
}
