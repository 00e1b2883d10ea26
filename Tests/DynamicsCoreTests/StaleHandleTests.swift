import Testing
import DynamicsCore

@Suite("Removed handles and refused steps")
struct StaleHandleTests {
    /// Two identical worlds: `probed` gets every call below with removed handles, `reference`
    /// gets none. The refusals must change nothing, so both end in the same state.
    func twinWorlds() throws -> (probed: World, reference: World, stale: (body: BodyID, shape: ShapeID, joint: JointID, field: FieldID)) {
        func build() throws -> (World, BodyID, ShapeID, JointID, FieldID) {
            let world = try makeWorld(gravity: 10)
            try addGround(world)
            let a = try addBox(world, at: Vec2(0, 0.5))
            let b = try addBox(world, at: Vec2(0, 1.5))
            let doomed = try addBall(world, at: Vec2(3, 2))
            let shape = world.shapes(of: doomed)[0]
            let joint = try world.createDistanceJoint(DistanceJointDefinition(bodyA: a, bodyB: doomed, length: 3))
            let field = try world.createField(FieldDefinition(kind: .vortex))
            try world.setFieldMembers(field, [b, doomed])
            run(world, seconds: 0.25)
            world.destroyField(field)
            world.destroyBody(doomed)   // takes its shape and joint with it
            return (world, doomed, shape, joint, field)
        }
        let (probed, body, shape, joint, field) = try build()
        let (reference, _, _, _, _) = try build()
        #expect(probed.stateHash() == reference.stateHash())
        return (probed, reference, (body, shape, joint, field))
    }

    @Test("every call given a removed handle refuses it by name and rule, and nothing in the world changes")
    func everyCallRefuses() throws {
        let (world, reference, stale) = try twinWorlds()
        #expect(world.lastRefusal == nil)
        let bodies = world.bodyCount, shapes = world.shapeCount, joints = world.jointCount, fields = world.fieldCount

        // Calls that can throw throw, naming the argument.
        func expectThrows(_ argument: String, _ call: () throws -> Void) {
            do {
                try call()
                Issue.record("a removed \(argument) was accepted")
            } catch let error as DynamicsError {
                #expect(error.argument == argument)
                #expect(error.rule.contains("not a live"), "rule: \(error.rule)")
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
        expectThrows("body") { try world.setLinearVelocity(Vec2(1, 0), of: stale.body) }
        expectThrows("body") { try world.setAngularVelocity(1, of: stale.body) }
        expectThrows("body") { try world.applyForceToCenter(Vec2(1, 0), to: stale.body) }
        expectThrows("body") { try world.applyLinearImpulse(Vec2(1, 0), at: .zero, to: stale.body) }
        expectThrows("body") { try world.setTransform(of: stale.body, position: .zero, angle: 0) }
        expectThrows("body") { try world.setGravityScale(2, of: stale.body) }
        expectThrows("body") { try world.setCharge(1, of: stale.body) }
        expectThrows("body") { _ = try world.createShape(on: stale.body, ShapeDefinition(.circle(radius: 1))) }
        expectThrows("shape") { try world.setFriction(0.1, of: stale.shape) }
        expectThrows("joint") { try world.setTarget(.zero, of: stale.joint) }
        do {
            try world.setFieldMembers(stale.field, [])
            Issue.record("a removed field was accepted")
        } catch {
            #expect(error.argument == "field")
        }
        do {
            let live = world.bodyIDs.first { world.type(of: $0) == .dynamic }!
            _ = try world.createDistanceJoint(DistanceJointDefinition(bodyA: live, bodyB: stale.body, length: 1))
            Issue.record("a joint to a removed body was accepted")
        } catch {
            #expect(error.argument.contains("body"))
        }

        // Calls that cannot throw answer a neutral value (or do nothing) and record the refusal.
        func expectRefused(_ argument: String, _ call: String) {
            #expect(world.lastRefusal?.argument == argument, "\(call)")
            #expect(world.lastRefusal?.rule.contains("not a live") == true, "\(call)")
            world.lastRefusal = nil
        }
        world.lastRefusal = nil
        #expect(world.position(of: stale.body) == .zero); expectRefused("body", "position(of:)")
        #expect(world.centerOfMass(of: stale.body) == .zero); expectRefused("body", "centerOfMass(of:)")
        #expect(world.angle(of: stale.body) == 0); expectRefused("body", "angle(of:)")
        #expect(world.rotation(of: stale.body) == .identity); expectRefused("body", "rotation(of:)")
        #expect(world.transform(of: stale.body).position == .zero); expectRefused("body", "transform(of:)")
        #expect(world.linearVelocity(of: stale.body) == .zero); expectRefused("body", "linearVelocity(of:)")
        #expect(world.angularVelocity(of: stale.body) == 0); expectRefused("body", "angularVelocity(of:)")
        #expect(world.mass(of: stale.body) == 0); expectRefused("body", "mass(of:)")
        #expect(world.inertia(of: stale.body) == 0); expectRefused("body", "inertia(of:)")
        #expect(world.type(of: stale.body) == .static); expectRefused("body", "type(of:)")
        #expect(!world.isAwake(stale.body)); expectRefused("body", "isAwake(_:)")
        #expect(world.userData(of: stale.body) == 0); expectRefused("body", "userData(of:)")
        #expect(world.shapes(of: stale.body).isEmpty); expectRefused("body", "shapes(of:)")
        #expect(world.charge(of: stale.body) == 0); expectRefused("body", "charge(of:)")
        #expect(world.localPoint(Vec2(1, 2), in: stale.body) == Vec2(1, 2)); expectRefused("body", "localPoint(_:in:)")
        #expect(world.worldPoint(Vec2(1, 2), of: stale.body) == Vec2(1, 2)); expectRefused("body", "worldPoint(_:of:)")
        #expect(!world.isValid(world.body(of: stale.shape))); expectRefused("shape", "body(of:)")
        #expect(world.userData(of: stale.shape) == 0); expectRefused("shape", "userData(of:)")
        #expect(world.aabb(of: stale.shape).lower == .zero); expectRefused("shape", "aabb(of:)")
        #expect(world.outline(of: stale.shape).vertices.isEmpty); expectRefused("shape", "outline(of:)")
        #expect(world.kind(of: stale.joint) == .distance); expectRefused("joint", "kind(of:)")
        world.wake(stale.body); expectRefused("body", "wake(_:)")
        world.destroyBody(stale.body); expectRefused("body", "destroyBody(_:)")
        world.destroyShape(stale.shape); expectRefused("shape", "destroyShape(_:)")
        world.destroyJoint(stale.joint); expectRefused("joint", "destroyJoint(_:)")
        world.destroyField(stale.field); expectRefused("field", "destroyField(_:)")

        // Nothing was lost, and the world goes on exactly as the untouched one does.
        #expect(world.bodyCount == bodies && world.shapeCount == shapes && world.jointCount == joints && world.fieldCount == fields)
        #expect(world.stateHash() == reference.stateHash())
        run(world, seconds: 1)
        run(reference, seconds: 1)
        #expect(world.stateHash() == reference.stateHash())
        #expect(world.isStateFinite)
    }

    @Test("a time step that is not finite and positive is refused, and the next good step runs", arguments: [Float.nan, .infinity, 0, -1 / 60])
    func badTimeStep(_ dt: Float) throws {
        let (world, reference, _) = try twinWorlds()
        world.step(dt)
        #expect(world.lastRefusal?.argument == "timeStep")
        #expect(world.stepCount == reference.stepCount)
        #expect(world.stateHash() == reference.stateHash())
        world.step(1.0 / 60)
        reference.step(1.0 / 60)
        #expect(world.stateHash() == reference.stateHash())
    }

    @Test("an awake-pose index out of range stops like an array index")
    func poseIndexOutOfRange() async {
        await #expect(processExitsWith: .failure) {
            let world = try makeWorld()
            try addBall(world, at: .zero)
            _ = world.awakeBodyPose(at: world.awakeBodyCount)
        }
    }
}
