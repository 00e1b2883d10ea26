import DynamicsCore
import Foundation

extension DynamicAnimator {
    /// Brings the engine in line with the behaviors, if anything changed since the last time.
    /// Called by an item's setter during the write-back, it does nothing: the change is made at
    /// the next frame, as UIKit makes it.
    package func syncIfNeeded() {
        guard !isWritingBack else { return }
        if !needsSync && needsParameterSync {
            needsParameterSync = false
            applyGravity()
            syncBoundaries()
            syncJoints()
            syncFields(members: false)
            return
        }
        guard needsSync else { return }
        needsSync = false
        needsParameterSync = false
        flatBehaviors.removeAll(keepingCapacity: true)
        flatPushes.removeAll(keepingCapacity: true)
        for behavior in behaviors { flatten(behavior) }

        let wanted = resolveConfigurations()
        removeUnheldItems(keeping: wanted)
        for (key, entry) in wanted.sorted(by: { $0.value.order < $1.value.order }) {
            if let record = itemBodies[key] {
                apply(entry.configuration, to: record)
            } else {
                createBody(for: entry.item, configuration: entry.configuration)
            }
        }
        for record in itemBodies.values { record.collisions.removeAll(keepingCapacity: true) }
        for case let collision as CollisionBehavior in flatBehaviors {
            for item in collision.items { itemBodies[ObjectIdentifier(item)]?.collisions.append(collision) }
        }
        applyGravity()
        syncBoundaries()
        syncJoints()
        syncFields(members: true)
        for case let itemBehavior as DynamicItemBehavior in flatBehaviors { itemBehavior.flushPendingVelocities(into: self) }
    }

    private func flatten(_ behavior: DynamicBehavior) {
        flatBehaviors.append(behavior)
        if let push = behavior as? PushBehavior { flatPushes.append(push) }
        for child in behavior.childBehaviors { flatten(child) }
    }

    /// Every held item with what the behaviors ask of it (last setter in depth-first order wins).
    private func resolveConfigurations() -> [ObjectIdentifier: (item: any DynamicItem, order: Int, configuration: ItemConfiguration)] {
        var result: [ObjectIdentifier: (item: any DynamicItem, order: Int, configuration: ItemConfiguration)] = [:]
        var order = 0
        func touch(_ item: any DynamicItem, _ update: (inout ItemConfiguration) -> Void) {
            let key = ObjectIdentifier(item)
            var entry = result[key] ?? (item, order, ItemConfiguration())
            if result[key] == nil { order += 1 }
            update(&entry.configuration)
            result[key] = entry
        }
        for behavior in flatBehaviors {
            switch behavior {
            case let gravity as GravityBehavior:
                for item in gravity.items { touch(item) { $0.gravity = true } }
            case let collision as CollisionBehavior:
                guard let state = collisionStates[ObjectIdentifier(collision)] else { continue }
                let mode = collision.collisionMode
                for item in collision.items {
                    touch(item) { c in
                        c.collides = true
                        if mode.contains(.items) { c.groups.append(state.itemGroup) }
                        if mode.contains(.boundaries) { c.facingGroups.append(state.boundaryGroup) }
                    }
                }
            case let settings as DynamicItemBehavior:
                let set = settings.explicitlySet
                for item in settings.items {
                    touch(item) { c in
                        if set.contains(.elasticity) { c.elasticity = settings.elasticity }
                        if set.contains(.friction) { c.friction = settings.friction }
                        if set.contains(.density) { c.density = settings.density }
                        if set.contains(.resistance) { c.resistance = settings.resistance }
                        if set.contains(.angularResistance) { c.angularResistance = settings.angularResistance }
                        if set.contains(.allowsRotation) { c.allowsRotation = settings.allowsRotation }
                        if set.contains(.charge) { c.charge = settings.charge }
                        if set.contains(.anchored) { c.anchored = settings.isAnchored }
                    }
                }
            default:
                for item in behavior.memberItems { touch(item) { _ in } }
            }
        }
        return result
    }

    private func removeUnheldItems(keeping wanted: [ObjectIdentifier: (item: any DynamicItem, order: Int, configuration: ItemConfiguration)]) {
        for (key, record) in itemBodies where wanted[key] == nil {
            destroyBody(of: record)
            itemBodies[key] = nil
        }
    }

    /// The item's kind, or the rule it breaks in this animator.
    private func kind(of item: any DynamicItem) throws(DynamicsUsageError) -> ItemKind {
        if item is DynamicItemGroup {
            return .group
        }
        if let view = item as? View {
            guard mode != .layout else {
                throw DynamicsUsageError(argument: "item", rule: "Can't use a view as item in an animator with a layout reference")
            }
            if mode == .view {
                guard let reference = referenceView, view !== reference, view.isDescendant(of: reference) else {
                    throw DynamicsUsageError(argument: "item", rule: "View item should be a descendant of the reference view")
                }
            }
            return .view
        }
        if item is CollectionViewLayoutAttributes {
            guard mode != .view else {
                throw DynamicsUsageError(argument: "item", rule: "Can't use layout attributes as item in an animator with a view reference")
            }
            return .attributes
        }
        return .plain
    }

    private func createBody(for item: any DynamicItem, configuration: ItemConfiguration) {
        let kind: ItemKind
        let geometries: [ShapeGeometry]
        do throws(DynamicsUsageError) {
            kind = try self.kind(of: item)
            geometries = try ItemShapes.geometries(of: item)
        } catch {
            return refuse(error)
        }
        let (center, angle) = referencePose(of: item, kind: kind)
        guard center.x.isFinite && center.y.isFinite && angle.isFinite else {
            return refuse(DynamicsUsageError(argument: "item.center/transform", rule: "must be finite, got \(item.center)"))
        }
        let index = freeItemIndices.popLast() ?? itemTable.count
        if index == itemTable.count {
            itemTable.append(nil)
            // Doubled, so that adding items one by one does not copy the room each time.
            if fellAsleepUserData.capacity < itemTable.count { fellAsleepUserData.reserveCapacity(2 * itemTable.count) }
        }
        var definition = BodyDefinition(type: configuration.anchored ? .static : .dynamic,
                                        position: Vec2(Float(center.x), Float(center.y)), angle: Float(angle))
        definition.gravityScale = configuration.gravity ? 1 : 0
        definition.linearDamping = Float(configuration.resistance)
        definition.angularDamping = Float(configuration.angularResistance)
        definition.fixedRotation = !configuration.allowsRotation
        definition.userData = UInt64(index)
        let body: BodyID
        do throws(DynamicsError) {
            body = try world.createBody(definition)
        } catch {
            freeItemIndices.append(index)
            return refuse(DynamicsUsageError(argument: error.argument, rule: error.rule))
        }
        let probe = ItemBody(item: item, kind: kind, index: index, body: body, configuration: configuration, geometries: geometries)
        itemTable[index] = probe
        itemBodies[ObjectIdentifier(item)] = probe
        createShapes(for: probe)
        if configuration.charge != 0 { try? world.setCharge(Float(configuration.charge), of: body) }
    }

    private func createShapes(for record: ItemBody) {
        let c = record.configuration
        var filter = CollisionFilter(categoryBits: 1, maskBits: c.collides ? .max : 0,
                                     groups: c.groups, facingGroups: c.facingGroups)
        if c.collides && c.groups.isEmpty && c.facingGroups.isEmpty { filter.maskBits = 0 }
        for geometry in record.geometries {
            // Mass in kilograms from points: density × area / 100².
            var definition = ShapeDefinition(geometry, density: Float(c.density) / 10_000, friction: Float(c.friction),
                                             restitution: Float(c.elasticity), filter: filter)
            definition.userData = ShapeOwner.item(record.index).userData
            if let shape = try? world.createShape(on: record.body, definition) { record.shapes.append(shape) }
        }
    }

    private func destroyBody(of record: ItemBody) {
        if world.isValid(record.body) { world.destroyBody(record.body) }
        forgetPairs(item: record.index)
        itemTable[record.index] = nil
        freeItemIndices.append(record.index)
    }

    private func apply(_ configuration: ItemConfiguration, to record: ItemBody) {
        let old = record.configuration
        guard configuration != old else { return }
        record.configuration = configuration
        if configuration.anchored != old.anchored {
            // A different kind of body: rebuild it where the item is now.
            let item = record.item
            let key = ObjectIdentifier(item)
            destroyBody(of: record)
            itemBodies[key] = nil
            createBody(for: item, configuration: configuration)
            return
        }
        if configuration.needsNewShapes(for: old) {
            for shape in record.shapes where world.isValid(shape) { world.destroyShape(shape) }
            forgetPairs(item: record.index)
            record.shapes.removeAll()
            createShapes(for: record)
        }
        try? world.setGravityScale(configuration.gravity ? 1 : 0, of: record.body)
        try? world.setLinearDamping(Float(configuration.resistance), of: record.body)
        try? world.setAngularDamping(Float(configuration.angularResistance), of: record.body)
        try? world.setFixedRotation(!configuration.allowsRotation, of: record.body)
        try? world.setCharge(Float(configuration.charge), of: record.body)
        world.wake(record.body)
    }

    /// World gravity: the last gravity behavior's vector (depth first), 1000 pt/s² per unit.
    func applyGravity() {
        var vector = CGVector.zero
        for case let gravity as GravityBehavior in flatBehaviors { vector = gravity.gravityDirection }
        gravityVector = vector
        let g = Vec2(Float(vector.dx * GravityBehavior.accelerationPerUnit), Float(vector.dy * GravityBehavior.accelerationPerUnit))
        try? world.setGravity(g)
    }
}
