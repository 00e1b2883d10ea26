/// A field in a world: its definition, members and compiled region.
struct FieldRecord {
    var definition: FieldDefinition
    var generation: UInt32
    var alive: Bool
    /// Body slots the field acts on.
    var members: [Int32]
    var program: [RegionOp]
}

extension World {
    /// Adds a field; it acts on no body until `setFieldMembers` names some.
    @discardableResult
    public func createField(_ definition: FieldDefinition) throws(DynamicsError) -> FieldID {
        try definition.validate()
        var program: [RegionOp] = []
        definition.region.compile(into: &program)
        let index: Int32
        if let free = freeFieldSlots.popLast() {
            index = free
            fieldRecords[Int(index)].definition = definition
            fieldRecords[Int(index)].generation &+= 1
            fieldRecords[Int(index)].alive = true
            fieldRecords[Int(index)].members = []
            fieldRecords[Int(index)].program = program
        } else {
            index = Int32(fieldRecords.count)
            fieldRecords.append(FieldRecord(definition: definition, generation: 0, alive: true, members: [], program: program))
        }
        fieldOrder.append(index)
        return FieldID(index: index, generation: fieldRecords[Int(index)].generation)
    }

    /// Removes a field; its bodies keep their velocities.
    /// A removed handle is refused (see `lastRefusal`) and nothing changes.
    public func destroyField(_ id: FieldID) {
        guard isValid(id) else {
            refuse("destroyField(_:)", "field", "\(id) is not a live field of this world (removed, or from another world)")
            return
        }
        fieldRecords[Int(id.index)].alive = false
        fieldRecords[Int(id.index)].members = []
        fieldOrder.removeAll { $0 == id.index }
        freeFieldSlots.append(id.index)
    }

    /// Whether a field handle refers to a live field.
    public func isValid(_ id: FieldID) -> Bool {
        id.index >= 0 && Int(id.index) < fieldRecords.count && fieldRecords[Int(id.index)].alive
            && fieldRecords[Int(id.index)].generation == id.generation
    }

    /// How many fields the world has.
    public var fieldCount: Int { fieldOrder.count }

    /// Replaces a field's settings (wakes its bodies).
    public func setField(_ id: FieldID, _ definition: FieldDefinition) throws(DynamicsError) {
        try require(isValid(id), "field", "\(id) is not a live field of this world")
        try definition.validate()
        var program: [RegionOp] = []
        definition.region.compile(into: &program)
        fieldRecords[Int(id.index)].definition = definition
        fieldRecords[Int(id.index)].program = program
        wakeFieldMembers(Int(id.index))
    }

    /// The bodies a field acts on (each once; static bodies are ignored by the field). Wakes them.
    public func setFieldMembers(_ id: FieldID, _ members: [BodyID]) throws(DynamicsError) {
        try require(isValid(id), "field", "\(id) is not a live field of this world")
        var slots: [Int32] = []
        slots.reserveCapacity(members.count)
        var seen = Set<Int32>()
        for (i, body) in members.enumerated() {
            try require(isValid(body), "members[\(i)]", "\(body) is not a live body of this world")
            if seen.insert(body.index).inserted { slots.append(body.index) }
        }
        fieldRecords[Int(id.index)].members = slots
        wakeFieldMembers(Int(id.index))
    }

    /// Sets a body's electric charge (for electric and magnetic fields).
    public func setCharge(_ charge: Float, of id: BodyID) throws(DynamicsError) {
        let s = try checked(id)
        try require(charge.isFinite, "charge", "must be finite, got \(charge)")
        if charges.count <= Int(s) { charges.resize(to: bodies.slots.slotCount, filling: 0) }
        charges[Int(s)] = charge
        wake(bodySlot: s)
    }

    /// A body's electric charge (0 unless set).
    public func charge(of id: BodyID) -> Float {
        guard let s = liveSlot(id, "charge(of:)") else { return 0 }
        return Int(s) < charges.count ? charges[Int(s)] : 0
    }

    // MARK: - Internals

    private func wakeFieldMembers(_ index: Int) {
        for slot in fieldRecords[index].members where bodies.slots.alive[Int(slot)] { wake(bodySlot: slot) }
    }

    /// Forgets a destroyed body: out of every field, charge back to 0.
    func removeFromFields(bodySlot s: Int32) {
        if Int(s) < charges.count { charges[Int(s)] = 0 }
        for i in fieldOrder where fieldRecords[Int(i)].members.contains(s) {
            fieldRecords[Int(i)].members.removeAll { $0 == s }
        }
    }

    /// Whether any field acts this step.
    var hasFields: Bool { !fieldOrder.isEmpty }

    /// Computes every field's forces on its awake members for the coming sub-step, field by field
    /// (in creation order), each field's members in parallel chunks.
    func evaluateFields(_ context: SolverContext) {
        let clock = ContinuousClock()
        let start = clock.now
        defer { fieldEvaluationTime += clock.now - start }
        let awake = bodies.awakeCount
        fieldForces.resizeUninitialized(to: max(fieldForces.count, awake))
        let forces = fieldForces.base
        for d in 0..<awake { forces[d] = .zero }
        if charges.count < bodies.slots.slotCount { charges.resize(to: bodies.slots.slotCount, filling: 0) }
        fieldTime += Double(context.h)
        for index in fieldOrder {
            let record = fieldRecords[Int(index)]
            let definition = record.definition
            guard !record.members.isEmpty, definition.kind != .velocity else { continue }
            fieldEvaluationCount += record.members.count
            if definition.kind == .custom {
                evaluateCustomField(record, h: context.h)
                continue
            }
            let time = Float(fieldTime * Double(definition.animationSpeed))
            record.members.withUnsafeBufferPointer { members in
                record.program.withUnsafeBufferPointer { program in
                    let kernel = FieldKernel(
                        members: members.baseAddress!, denseOfSlot: bodies.denseOfSlot.base, sims: bodies.sim.base,
                        states: bodies.state.base, charges: charges.base, forces: forces, program: program, awakeCount: awake,
                        field: FieldForce(definition, time: time, unitsPerMeter: tolerances.unitsPerMeter))
                    parallel(tasks.fields, kernel, count: members.count, minimumChunk: 256)
                }
            }
        }
    }

    /// A custom field calls its function for each awake member, on this thread.
    private func evaluateCustomField(_ record: FieldRecord, h: Float) {
        guard let evaluate = record.definition.evaluate, abs(record.definition.strength) >= FieldForce.epsilon else { return }
        let units = tolerances.unitsPerMeter
        record.program.withUnsafeBufferPointer { program in
            for slot in record.members {
                let d = bodies.dense(slot)
                guard d < bodies.awakeCount, bodies.sim[d].type == .dynamic else { continue }
                let sim = bodies.sim[d]
                let offset = sim.center - record.definition.position
                guard RegionOp.evaluate(program, offset) else { continue }
                let sample = FieldSample(position: sim.center, velocity: bodies.state[d].linearVelocity, mass: sim.mass,
                                         charge: charges[Int(slot)], deltaTime: h)
                let f = evaluate(sample)
                guard f.x.isFinite && f.y.isFinite else { continue }
                fieldForces[d] += f * units
            }
        }
    }

    /// The first velocity field sets its members' velocities (with their damping for the sub-step).
    func applyVelocityFields(_ context: SolverContext) {
        for index in fieldOrder where fieldRecords[Int(index)].definition.kind == .velocity {
            let record = fieldRecords[Int(index)]
            let target = record.definition.direction * tolerances.unitsPerMeter
            record.program.withUnsafeBufferPointer { program in
                for slot in record.members {
                    let d = bodies.dense(slot)
                    guard d < bodies.awakeCount, bodies.sim[d].type == .dynamic else { continue }
                    let sim = bodies.sim[d]
                    guard RegionOp.evaluate(program, sim.center - record.definition.position) else { continue }
                    bodies.state.base[d].linearVelocity = target * (1 / (1 + context.h * sim.linearDamping))
                }
            }
            return
        }
    }
}

extension FieldForce {
    /// The force law of `definition` at the animated time `time` (the noise's clock).
    init(_ definition: FieldDefinition, time: Float, unitsPerMeter: Float) {
        self.init(kind: definition.kind, position: definition.position, strength: definition.strength,
                  falloff: definition.falloff, minimumRadius: definition.minimumRadius, direction: definition.direction,
                  noiseScale: 1.25 / (max(definition.smoothness, 0) + 0.083_333_336) - 1, noiseTime: time,
                  noiseCosine: _cos(time), noiseSine: _sin(time), unitsPerMeter: unitsPerMeter)
    }
}
