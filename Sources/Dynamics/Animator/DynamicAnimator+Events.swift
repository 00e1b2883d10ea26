import DynamicsCore
import Foundation

extension DynamicAnimator {
    /// Hands the frame's contacts to the collision delegates: all began, then all ended. An
    /// item–item contact goes to every collision behavior holding both items; an item–boundary
    /// contact to the boundary's behavior.
    func deliverEvents() {
        guard !frameBegins.isEmpty || !frameEnds.isEmpty else { return }
        for (a, b, point) in frameBegins {
            guard let (ownerA, ownerB) = owners(a, b) else { continue }
            switch (ownerA, ownerB) {
            case let (.item(i), .item(j)):
                guard let first = itemTable[i], let second = itemTable[j] else { continue }
                for behavior in first.collisions where second.collisions.contains(where: { $0 === behavior }) {
                    behavior.collisionDelegate?.collisionBehavior(behavior, beganContactFor: first.item, with: second.item, at: point)
                }
            case let (.item(i), .boundary(k)), let (.boundary(k), .item(i)):
                guard let record = itemTable[i], let boundary = boundaryTable[k],
                      record.collisions.contains(where: { $0 === boundary.behavior }) else { continue }
                boundary.behavior.collisionDelegate?.collisionBehavior(boundary.behavior, beganContactFor: record.item,
                                                                       withBoundaryIdentifier: boundary.identifier, at: point)
            default:
                continue
            }
        }
        for (a, b) in frameEnds {
            guard let (ownerA, ownerB) = owners(a, b) else { continue }
            switch (ownerA, ownerB) {
            case let (.item(i), .item(j)):
                guard let first = itemTable[i], let second = itemTable[j] else { continue }
                for behavior in first.collisions where second.collisions.contains(where: { $0 === behavior }) {
                    behavior.collisionDelegate?.collisionBehavior(behavior, endedContactFor: first.item, with: second.item)
                }
            case let (.item(i), .boundary(k)), let (.boundary(k), .item(i)):
                guard let record = itemTable[i], let boundary = boundaryTable[k],
                      record.collisions.contains(where: { $0 === boundary.behavior }) else { continue }
                boundary.behavior.collisionDelegate?.collisionBehavior(boundary.behavior, endedContactFor: record.item,
                                                                       withBoundaryIdentifier: boundary.identifier)
            default:
                continue
            }
        }
    }

    private func owners(_ a: ShapeID, _ b: ShapeID) -> (ShapeOwner, ShapeOwner)? {
        guard world.isValid(a), world.isValid(b),
              let ownerA = ShapeOwner(userData: world.userData(of: a)), let ownerB = ShapeOwner(userData: world.userData(of: b)) else {
            return nil
        }
        return (ownerA, ownerB)
    }
}
