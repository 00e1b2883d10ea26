import CKernelSupport
import DynamicsCore
import Foundation

extension DynamicAnimator {
    /// Advances the animator by one display frame of `frameDuration` seconds, as UIKit's display
    /// link would: pushes what changed into the engine, runs fixed 1/120 s sub-steps from an
    /// accumulator (a frame over 0.5 s counts as 1/60 s), writes `center` and `transform` back to
    /// every item that moved, delivers collision callbacks (all began, then all ended), runs the
    /// behaviors' `action` blocks, and pauses when everything is at rest. Does nothing while the
    /// animator is paused. Behaviors added or removed by an item's `center` or `transform` setter
    /// while the poses are written back take effect at the next frame. A setter may step the
    /// animator again: the frames it runs write every body back, so the outer frame's write-back
    /// does not go on with its older poses.
    public func step(by frameDuration: TimeInterval) {
        guard frameDuration.isFinite && frameDuration >= 0 else {
            return refuse(DynamicsUsageError(argument: "frameDuration", rule: "must be finite and >= 0, got \(frameDuration)"))
        }
        guard isRunning else { return }
        let dt = frameDuration > Self.longestFrame ? 1.0 / 60.0 : frameDuration
        elapsedTime += dt

        if lastReferenceBounds != referenceBounds && collisionStates.count > 0 { needsSync = true }
        syncIfNeeded()

        frameBegins.removeAll(keepingCapacity: true)
        frameEnds.removeAll(keepingCapacity: true)
        accumulator += dt
        let reference = referenceView
        var firstSubStep = true
        let h = Self.subStep
        while accumulator >= h {
            applyPushes(firstSubStep: firstSubStep)
            firstSubStep = false
            let start = clock.now
            world.step(Float(h))
            engineSteps &+= 1
            engineTime += clock.now - start
            gatherEvents()
            let wasWritingBack = isWritingBack
            isWritingBack = true
            writeBackFellAsleepBodies(reference: reference)
            isWritingBack = wasWritingBack
            accumulator -= h
        }
        if !firstSubStep { finishFrame() }
        // Saved and restored rather than cleared: a setter that steps this animator again must not
        // end the outer write-back's protection.
        let wasWritingBack = isWritingBack
        isWritingBack = true
        writeBackAwakeBodies(reference: reference)
        isWritingBack = wasWritingBack
        deliverEvents()
        for behavior in flatBehaviors { behavior.action?() }
        collectionViewLayout?.invalidateLayout()
        if behaviors.isEmpty || (!world.isAwake && !needsSync && !needsParameterSync && !hasPendingPushes) { pause() }
    }

    /// Writes every awake body's pose to its item. Records and items are objects of their own on
    /// the heap, and the write-back waited on the first load from each record (half of its perf
    /// samples in fields-swarm): each record is loaded `writeBackPrefetchDistance` bodies ahead
    /// and each item half as far ahead, once its record is in.
    ///
    /// With several threads and many bodies, the poses are prepared on them first
    /// (`prepareViewPoses`). A setter that steps the animator again ends the loop: the nested
    /// frames wrote back every body awake after them, and those that fell asleep in them, with
    /// newer poses, and fewer bodies may be awake (going on, the loop had asked the world for
    /// bodies past the last awake one, and stopped the program).
    ///
    /// The bodies are read in place (`World.awakeBodyPoses`, inlined), not through three calls
    /// into the engine's module per item, which had been 6.1 of the 21.6 million instructions of
    /// fields-swarm's write-back in ten frames (callgrind). The view stays valid until the loop
    /// ends: it ends when the world steps, and no setter adds or removes a body while
    /// `isWritingBack` holds off syncs (a setter that wakes a body adds it past the bodies read
    /// here).
    private func writeBackAwakeBodies(reference: View?) {
        let prepared = prepareViewPoses(), steps = engineSteps
        let bodies = world.awakeBodyPoses, count = bodies.count
        let poses = preparedPoses.base
        let far = Self.writeBackPrefetchDistance, near = far / 2
        for i in 0..<count {
            if engineSteps != steps { return }
            if i + far < count { prefetchRecord(userData: bodies.userData(at: i + far)) }
            if i + near < count { prefetchItem(userData: bodies.userData(at: i + near)) }
            guard let entry = unretainedRecord(userData: bodies.userData(at: i)) else { continue }
            entry._withUnsafeGuaranteedRef {
                if prepared {
                    writeBack($0, prepared: poses[i], bodies: bodies, index: i, reference: reference)
                } else {
                    writeBack($0, position: bodies.position(at: i), rotation: bodies.rotation(at: i), reference: reference)
                }
            }
        }
    }

    /// Writes the final poses of the bodies that fell asleep in the sub-step just run. A setter
    /// that steps the animator again replaces the world's list of them, so the list's user data
    /// is copied first (into room made when items are added): the bodies still to be written are
    /// then written from their poses after the nested frames (which wrote any that woke again).
    private func writeBackFellAsleepBodies(reference: View?) {
        let count = world.fellAsleepBodyCount
        guard count > 0 else { return }
        fellAsleepUserData.removeAll(keepingCapacity: true)
        for i in 0..<count { fellAsleepUserData.append(world.fellAsleepBodyPose(at: i).userData) }
        let steps = engineSteps
        for i in 0..<count {
            if engineSteps == steps {
                writeBack(world.fellAsleepBodyPose(at: i), reference: reference)
            } else if let entry = unretainedRecord(userData: fellAsleepUserData[i]) {
                entry._withUnsafeGuaranteedRef { writeBackAfterNestedSteps($0, reference: reference) }
            }
        }
    }

    /// Writes a prepared pose back to a view or layout attributes item right in the reference
    /// view (or without one); other items get their pose worked out as before.
    @inline(__always)
    private func writeBack(_ record: ItemBody, prepared: PreparedViewPose, bodies: AwakeBodyPoses, index: Int, reference: View?) {
        guard record.kind == .view || record.kind == .attributes,
              record.view == nil || reference == nil || record.view?.superviewIdentity == reference.map(ObjectIdentifier.init)
        else {
            return writeBack(record, position: bodies.position(at: index), rotation: bodies.rotation(at: index), reference: reference)
        }
        let item = record.item
        if item.center != prepared.center, !setCenter(prepared.center, of: record, reference: reference) { return }
        let transform = CGAffineTransform(a: prepared.cosine, b: prepared.sine, c: -prepared.sine, d: prepared.cosine,
                                          tx: 0, ty: 0)
        if item.transform != transform { item.transform = transform }
    }

    /// How many awake bodies ahead the write-back loads an item's record.
    static let writeBackPrefetchDistance = 16

    /// Starts loading the record of the item whose body has this user data: its first fields, the
    /// item's address (16 bytes in) and the item (24 to 40), whichever cache line they fall in.
    @inline(__always)
    private func prefetchRecord(userData: UInt64) {
        guard let entry = unretainedRecord(userData: userData) else { return }
        dynamics_prefetch(entry.toOpaque())
        dynamics_prefetch(entry.toOpaque() + 40)
    }

    /// Starts loading the first two cache lines of the item whose body has this user data (where
    /// its `center` and `transform` are likely to be); its record should be in by now.
    @inline(__always)
    private func prefetchItem(userData: UInt64) {
        guard let entry = unretainedRecord(userData: userData) else { return }
        let address = entry._withUnsafeGuaranteedRef { $0.itemAddress }
        dynamics_prefetch(address)
        dynamics_prefetch(address + 64)
    }

    /// The record of the item whose body has this user data, without a retain.
    @inline(__always)
    private func unretainedRecord(userData: UInt64) -> Unmanaged<ItemBody>? {
        let index = Int(userData)
        guard index < itemTable.count else { return nil }
        return itemTable[index].map { Unmanaged.passUnretained($0) }
    }

    /// Writes one body's pose to its item. The record is used without a retain and a release (a
    /// tenth of the write-back in fields-swarm): the item table keeps it, and no record goes away
    /// while `isWritingBack` holds off syncs.
    private func writeBack(_ pose: BodyPose, reference: View?) {
        guard let entry = unretainedRecord(userData: pose.userData) else { return }
        entry._withUnsafeGuaranteedRef { writeBack($0, position: pose.position, rotation: pose.rotation, reference: reference) }
    }

    /// Whether an instantaneous push is waiting to fire.
    private var hasPendingPushes: Bool {
        for push in flatPushes where push.mode == .instantaneous && push.active { return true }
        return false
    }

    /// Continuous pushes act in every sub-step; instantaneous ones fire once, in the first.
    private func applyPushes(firstSubStep: Bool) {
        for push in flatPushes where push.active {
            let direction = push.pushDirection
            guard direction != .zero else { continue }
            if push.mode == .instantaneous && !firstSubStep { continue }
            // UIKit newtons to the engine's kg·pt/s² (100 pt per metre).
            let vector = Vec2(Float(direction.dx * 100), Float(direction.dy * 100))
            for item in push.items {
                guard let record = itemBodies[ObjectIdentifier(item)], !record.configuration.anchored else { continue }
                let offset = push.targetOffsetFromCenter(for: item)
                let center = world.position(of: record.body)
                let point = center + Vec2(Float(offset.horizontal), Float(offset.vertical))
                if push.mode == .continuous {
                    try? world.applyForce(vector, at: point, to: record.body)
                } else {
                    try? world.applyLinearImpulse(vector, at: point, to: record.body)
                }
            }
        }
    }

    /// After the sub-steps: instantaneous pushes that fired turn inactive.
    private func finishFrame() {
        for push in flatPushes where push.mode == .instantaneous && push.active {
            push.active = false
        }
    }

    private func gatherEvents() {
        for i in 0..<world.contactBeginEventCount {
            let e = world.contactBeginEvent(at: i)
            frameBegins.append((e.shapeA, e.shapeB, CGPoint(x: CGFloat(e.point.x), y: CGFloat(e.point.y))))
        }
        for i in 0..<world.contactEndEventCount {
            let e = world.contactEndEvent(at: i)
            frameEnds.append((e.shapeA, e.shapeB))
        }
    }
}
