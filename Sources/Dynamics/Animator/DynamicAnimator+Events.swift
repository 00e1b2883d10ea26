import DynamicsCore
import Foundation

extension DynamicAnimator {
    /// Hands the frame's contacts to the collision delegates: all began, then all ended. An
    /// item–item contact goes to every collision behavior holding both items; an item–boundary
    /// contact to the boundary's behavior.
    func deliverEvents() {
        guard !frameBegins.isEmpty || !frameEnds.isEmpty else { return }
        // Shape contacts are counted per item pair (or item and boundary): the pair begins with its
        // first touching shape pair and ends with its last, so a corner of a boundary loop or an
        // item group's several shapes report once.
        for (a, b, point) in frameBegins {
            guard let (ownerA, ownerB) = owners(a, b), let key = pairKey(ownerA, ownerB) else { continue }
            let count = (touchingPairs[key] ?? 0) + 1
            touchingPairs[key] = count
            guard count == 1 else { continue }
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
            guard let (ownerA, ownerB) = owners(a, b), let key = pairKey(ownerA, ownerB), let count = touchingPairs[key] else { continue }
            if count > 1 {
                touchingPairs[key] = count - 1
                continue
            }
            touchingPairs[key] = nil
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

    /// The key of an item pair or item–boundary pair (nil for anything else).
    private func pairKey(_ a: ShapeOwner, _ b: ShapeOwner) -> UInt64? {
        switch (a, b) {
        case let (.item(i), .item(j)): return UInt64(min(i, j)) << 32 | UInt64(max(i, j))
        case let (.item(i), .boundary(k)), let (.boundary(k), .item(i)): return 1 << 63 | UInt64(i) << 32 | UInt64(k)
        default: return nil
        }
    }

    /// Ends the touching pairs of an item or a boundary whose shapes are going away (their
    /// engine contacts end without events): the delegates hear `ended` for each, at once.
    func forgetPairs(item: Int? = nil, boundary: Int? = nil) {
        guard !touchingPairs.isEmpty else { return }
        var ended: [UInt64] = []
        for key in touchingPairs.keys {
            let isBoundary = key >> 63 == 1
            let first = Int((key >> 32) & 0x7FFF_FFFF), second = Int(key & 0xFFFF_FFFF)
            if let item, first == item || (!isBoundary && second == item) { ended.append(key) }
            if let boundary, isBoundary && second == boundary { ended.append(key) }
        }
        for key in ended.sorted() {
            touchingPairs[key] = nil
            let first = Int((key >> 32) & 0x7FFF_FFFF), second = Int(key & 0xFFFF_FFFF)
            guard let record = itemTable[first] else { continue }
            if key >> 63 == 1 {
                guard let b = boundaryTable[second], record.collisions.contains(where: { $0 === b.behavior }) else { continue }
                b.behavior.collisionDelegate?.collisionBehavior(b.behavior, endedContactFor: record.item, withBoundaryIdentifier: b.identifier)
            } else if let other = itemTable[second] {
                for behavior in record.collisions where other.collisions.contains(where: { $0 === behavior }) {
                    behavior.collisionDelegate?.collisionBehavior(behavior, endedContactFor: record.item, with: other.item)
                }
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
