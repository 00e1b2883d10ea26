import DynamicsCore
import Foundation

extension DynamicAnimator {
    /// The items with a body whose collision box meets `rect` (animator coordinates). The boxes are
    /// the engine's enlarged ones, 10 pt larger on every side than the item, as in UIKit.
    public func items(in rect: CGRect) -> [any DynamicItem] {
        syncIfNeeded()
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return [] }
        let box = AABB(lower: Vec2(Float(rect.minX), Float(rect.minY)), upper: Vec2(Float(rect.maxX), Float(rect.maxY)))
        var seen = Set<Int>()
        var result: [any DynamicItem] = []
        for shape in world.shapes(overlapping: box, enlargedBy: Float(Self.itemsInRectMargin)) {
            guard case let .item(index)? = ShapeOwner(userData: world.userData(of: shape)),
                  let record = itemTable[index], seen.insert(index).inserted else { continue }
            result.append(record.item)
        }
        return result
    }

    /// Reads the item's `center` and rotation again after you moved it; its velocity is kept.
    /// Its size is not re-read (remove and re-add the item for that).
    public func updateItem(usingCurrentState item: any DynamicItem) {
        syncIfNeeded()
        guard let record = itemBodies[ObjectIdentifier(item)] else { return }
        let (center, angle) = referencePose(of: record)
        guard center.x.isFinite && center.y.isFinite && angle.isFinite else {
            return refuse(DynamicsUsageError(argument: "item.center/transform", rule: "must be finite, got \(item.center)"))
        }
        try? world.setTransform(of: record.body, position: Vec2(Float(center.x), Float(center.y)), angle: Float(angle), keepVelocity: true)
        resumeIfNeeded()
    }

    /// The animated attributes of the cell at `indexPath`, if a behavior holds them.
    public func layoutAttributesForCell(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        attributes { $0.representedElementCategory == .cell && $0.indexPath == indexPath }
    }

    /// The animated attributes of a supplementary view, if a behavior holds them.
    public func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        attributes { $0.representedElementCategory == .supplementaryView && $0.representedElementKind == kind && $0.indexPath == indexPath }
    }

    /// The animated attributes of a decoration view, if a behavior holds them.
    public func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        attributes { $0.representedElementCategory == .decorationView && $0.representedElementKind == kind && $0.indexPath == indexPath }
    }

    private func attributes(where match: (CollectionViewLayoutAttributes) -> Bool) -> CollectionViewLayoutAttributes? {
        for behavior in flatBehaviors {
            for item in behavior.memberItems {
                if let attributes = item as? CollectionViewLayoutAttributes, match(attributes) { return attributes }
            }
        }
        return nil
    }

    // MARK: - Velocities (used by DynamicItemBehavior)

    /// Adds a velocity in pt/s to the item's body; false if it has none yet.
    func addLinearVelocity(_ velocity: CGPoint, to item: any DynamicItem) -> Bool {
        guard let record = itemBodies[ObjectIdentifier(item)] else { return false }
        if !record.configuration.anchored {
            try? world.addLinearVelocity(Vec2(Float(velocity.x), Float(velocity.y)), to: record.body)
            resumeIfNeeded()
        }
        return true
    }

    /// Adds an angular velocity in rad/s to the item's body; false if it has none yet.
    func addAngularVelocity(_ velocity: CGFloat, to item: any DynamicItem) -> Bool {
        guard let record = itemBodies[ObjectIdentifier(item)] else { return false }
        if !record.configuration.anchored && record.configuration.allowsRotation {
            let w = world.angularVelocity(of: record.body)
            try? world.setAngularVelocity(w + Float(velocity), of: record.body)
            resumeIfNeeded()
        }
        return true
    }

    /// The item's velocity in pt/s (zero without a body).
    func linearVelocity(of item: any DynamicItem) -> CGPoint {
        guard let record = itemBodies[ObjectIdentifier(item)] else { return .zero }
        let v = world.linearVelocity(of: record.body)
        return CGPoint(x: CGFloat(v.x), y: CGFloat(v.y))
    }

    /// The item's angular velocity in rad/s (zero without a body).
    func angularVelocity(of item: any DynamicItem) -> CGFloat {
        guard let record = itemBodies[ObjectIdentifier(item)] else { return 0 }
        return CGFloat(world.angularVelocity(of: record.body))
    }

    // MARK: - Coordinates

    /// The item's center and angle in the animator's coordinates.
    func referencePose(of record: ItemBody) -> (CGPoint, CGFloat) {
        referencePose(of: record.item, kind: record.kind)
    }

    /// The center and angle in the animator's coordinates of an item of the given kind.
    func referencePose(of item: any DynamicItem, kind: ItemKind) -> (CGPoint, CGFloat) {
        let transform = item.transform
        let ownAngle = transform == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0) ? 0 : transform.rotationAngle
        if kind == .view, let view = item as? View, let parent = view.superview, let reference = referenceView, parent !== reference {
            return (parent.convert(view.center, to: reference), ownAngle + parent.ancestorRotation(upTo: reference) + parent.transform.rotationAngle)
        }
        return (item.center, ownAngle)
    }

    /// Writes a body's pose back to its item (rounded for views and layout attributes).
    /// `reference` is `referenceView`, loaded once per frame by the caller.
    func writeBack(_ record: ItemBody, position: Vec2, rotation: Rotation, reference: View?) {
        var center = CGPoint(x: CGFloat(position.x), y: CGFloat(position.y))
        let item = record.item
        let transform: CGAffineTransform
        if record.kind == .view || record.kind == .attributes {
            var angle = CGFloat(rotation.angle)
            // A view right in the reference view (most of them) needs no conversion, and is told
            // without loading its weak superview (a load and a release, per view and frame).
            if let view = record.view, let reference, view.superviewIdentity != ObjectIdentifier(reference),
               let parent = view.superview, parent !== reference {
                center = parent.convert(center, from: reference)
                angle -= parent.ancestorRotation(upTo: reference) + parent.transform.rotationAngle
            }
            center = CGPoint(x: Self.pixelRounded(center.x, scale: displayScale),
                             y: Self.pixelRounded(center.y, scale: displayScale))
            angle = Self.roundedAngle(angle)
            if item.center != center, !setCenter(center, of: record, reference: reference) { return }
            transform = CGAffineTransform(rotationAngle: angle)
        } else {
            guard setCenter(center, of: record, reference: reference) else { return }
            // Straight from the body's cosine and sine: going through the angle took an arc
            // tangent, a sine and a cosine per item and frame, a third of the write-back.
            let c = CGFloat(rotation.cosine), s = CGFloat(rotation.sine)
            transform = CGAffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
        }
        if item.transform != transform { item.transform = transform }
    }

    /// Sets the item's `center` and returns true, or, when its setter stepped the animator again,
    /// writes the item again from its body's pose now (`writeBackAfterNestedSteps`) and returns
    /// false: the rest of the pose the caller holds is then out of date.
    @inline(__always)
    func setCenter(_ center: CGPoint, of record: ItemBody, reference: View?) -> Bool {
        let steps = engineSteps
        record.item.center = center
        guard engineSteps == steps else {
            writeBackAfterNestedSteps(record, reference: reference)
            return false
        }
        return true
    }

    /// Writes an item back again from its body's pose now, after its `center` setter stepped the
    /// animator again: the rest of the pose it was given (its transform) is out of date, and the
    /// nested frames wrote it only if the body was awake in them.
    func writeBackAfterNestedSteps(_ record: ItemBody, reference: View?) {
        let pose = world.transform(of: record.body)
        writeBack(record, position: pose.position, rotation: pose.rotation, reference: reference)
    }
}
