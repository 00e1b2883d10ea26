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
                if r.width > 0 && r.height > 0 {
                    let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                                   CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
                    if let index = createBoundary(collision, identifier: nil, points: corners, closed: true, group: state.boundaryGroup) {
                        state.boundaryIndices.append(index)
                    }
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

    func destroyBoundary(_ index: Int) {
        guard let record = boundaryTable[index] else { return }
        if world.isValid(record.body) { world.destroyBody(record.body) }
        forgetPairs(boundary: index)
        boundaryTable[index] = nil
        freeBoundaryIndices.append(index)
    }
}
