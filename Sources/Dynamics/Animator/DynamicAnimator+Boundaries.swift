import DynamicsCore
import Foundation

/// What the animator keeps for a collision behavior it runs.
struct CollisionState {
    /// The behavior's number: its items share group 2n, its boundaries are group 2n + 1.
    let group: UInt32
    var itemGroup: UInt32 { 2 * group }
    var boundaryGroup: UInt32 { 2 * group + 1 }
    var builtVersion = -1
    var builtReferenceBounds = CGRect.null
    var boundaryIndices: [Int] = []

    init(group: UInt32) { self.group = group }
}

/// A boundary's static body, and whose it is.
struct BoundaryRecord {
    unowned let behavior: CollisionBehavior
    /// nil for the reference-bounds boundary.
    let identifier: AnyHashable?
    let body: BodyID
}

extension DynamicAnimator {
    /// Friction and restitution of every boundary, as in UIKit.
    static let boundaryFriction: Float = 0.2
    static let boundaryRestitution: Float = 0.2

    /// The reference bounds: the reference view's bounds, or (0, 0, content size) of the layout;
    /// null for an abstract animator.
    var referenceBounds: CGRect {
        switch mode {
        case .abstract: return .null
        case .view: return referenceView?.bounds ?? .null
        case .layout: return collectionViewLayout.map { CGRect(origin: .zero, size: $0.collectionViewContentSize) } ?? .null
        }
    }

    /// Rebuilds the boundaries of every collision behavior whose boundaries or reference bounds changed.
    func syncBoundaries() {
        let bounds = referenceBounds
        lastReferenceBounds = bounds
        for case let collision as CollisionBehavior in flatBehaviors {
            let key = ObjectIdentifier(collision)
            guard var state = collisionStates[key] else { continue }
            let implicit = collision.translatesReferenceBoundsIntoBoundary ? bounds : .null
            guard state.builtVersion != collision.boundaryVersion || state.builtReferenceBounds != implicit else { continue }
            for index in state.boundaryIndices { destroyBoundary(index) }
            state.boundaryIndices.removeAll()
            if !implicit.isNull {
                // Inset, then 1 pt outwards on every side, as UIKit does.
                let r = implicit.inset(by: collision.referenceBoundsInsets).insetBy(dx: -1, dy: -1)
                if r.width > 0 && r.height > 0, let index = createWalls(collision, around: r, group: state.boundaryGroup) {
                    state.boundaryIndices.append(index)
                }
            }
            for boundary in collision.boundaries {
                if let index = createBoundary(collision, identifier: boundary.identifier, points: boundary.points,
                                              closed: boundary.closed, group: state.boundaryGroup) {
                    state.boundaryIndices.append(index)
                }
            }
            state.builtVersion = collision.boundaryVersion
            state.builtReferenceBounds = implicit
            collisionStates[key] = state
        }
    }

    private func createBoundary(_ behavior: CollisionBehavior, identifier: AnyHashable?, points: [CGPoint], closed: Bool,
                                group: UInt32) -> Int? {
        guard let body = try? world.createBody(BodyDefinition(type: .static)) else { return nil }
        let index = freeBoundaryIndices.popLast() ?? boundaryTable.count
        if index == boundaryTable.count { boundaryTable.append(nil) }
        boundaryTable[index] = BoundaryRecord(behavior: behavior, identifier: identifier, body: body)
        let vertices = points.map { Vec2(Float($0.x), Float($0.y)) }
        let count = closed ? vertices.count : vertices.count - 1
        for i in 0..<count {
            let a = vertices[i], b = vertices[(i + 1) % vertices.count]
            guard a != b else { continue }
            var definition = ShapeDefinition(.segment(a, b), density: 0, friction: Self.boundaryFriction,
                                              restitution: Self.boundaryRestitution, filter: CollisionFilter(groups: [group]))
            definition.userData = ShapeOwner.boundary(index).userData
            _ = try? world.createShape(on: body, definition)
        }
        return index
    }

    /// The reference-bounds boundary: four thick walls whose inner faces are the rectangle's edges.
    /// Unlike a loop of segments, which has no inside, a wall as thick as the box pushes an item
    /// that a crowd squeezes into it back in, never out. Every wall runs past both corners, so
    /// the walls overlap there: a wall that ended at a corner would push an item buried in its
    /// end sideways along the end face, into the neighbouring wall and out of the box.
    private func createWalls(_ behavior: CollisionBehavior, around r: CGRect, group: UInt32) -> Int? {
        guard let body = try? world.createBody(BodyDefinition(type: .static)) else { return nil }
        let index = freeBoundaryIndices.popLast() ?? boundaryTable.count
        if index == boundaryTable.count { boundaryTable.append(nil) }
        boundaryTable[index] = BoundaryRecord(behavior: behavior, identifier: nil, body: body)
        let t = Float(max(r.width, r.height))
        let minX = Float(r.minX), maxX = Float(r.maxX), minY = Float(r.minY), maxY = Float(r.maxY)
        let midX = (minX + maxX) / 2, midY = (minY + maxY) / 2
        let halfW = (maxX - minX) / 2 + t, halfH = (maxY - minY) / 2 + t
        let walls: [(Float, Float, Vec2)] = [
            (halfW, t / 2, Vec2(midX, minY - t / 2)), (halfW, t / 2, Vec2(midX, maxY + t / 2)),
            (t / 2, halfH, Vec2(minX - t / 2, midY)), (t / 2, halfH, Vec2(maxX + t / 2, midY)),
        ]
        for (hw, hh, center) in walls {
            var definition = ShapeDefinition(.box(halfWidth: hw, halfHeight: hh, center: center), density: 0,
                                              friction: Self.boundaryFriction, restitution: Self.boundaryRestitution,
                                              filter: CollisionFilter(groups: [group]))
            definition.userData = ShapeOwner.boundary(index).userData
            _ = try? world.createShape(on: body, definition)
        }
        return index
    }

    func destroyBoundary(_ index: Int) {
        guard let record = boundaryTable[index] else { return }
        if world.isValid(record.body) { world.destroyBody(record.body) }
        forgetPairs(boundary: index)
        boundaryTable[index] = nil
        freeBoundaryIndices.append(index)
    }
}
