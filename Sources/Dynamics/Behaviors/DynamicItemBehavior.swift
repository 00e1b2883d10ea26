import Foundation

/// Material and motion settings of its items (UIKit's `UIDynamicItemBehavior`).
///
/// Getters of a fresh behavior answer what an unconfigured item physically has in UIKit's engine
/// (elasticity 0.2, friction 0.2, resistance 0.1, angular resistance 0.1, density 1), not the 0s
/// of Apple's documentation: those are the values users see (spec §17 D1). `resistance` is a
/// damping rate in 1/s (`v *= 1/(1 + h·c)` per 1/120 s sub-step), so 1.0 does not stop an item at
/// once (D3). Only properties set explicitly are applied; an item in several item behaviors takes
/// each property from the last behavior in depth-first order that set it. An item in none has the
/// defaults again.
open class DynamicItemBehavior: ItemListBehavior {
    /// The defaults of an item that no item behavior configures.
    enum Defaults {
        static let elasticity: CGFloat = 0.2
        static let friction: CGFloat = 0.2
        static let density: CGFloat = 1
        static let resistance: CGFloat = 0.1
        static let angularResistance: CGFloat = 0.1
    }

    /// The properties set explicitly, by name.
    private(set) var explicitlySet: Set<Property> = []
    enum Property: Hashable { case elasticity, friction, density, resistance, angularResistance, allowsRotation, charge, anchored }

    /// Bounciness: 0 none, 1 fully elastic (higher bounces gain energy). Mixed by maximum.
    open var elasticity: CGFloat = Defaults.elasticity { didSet { if !accepts(.elasticity, elasticity, nonNegative: true) { elasticity = oldValue } } }
    /// Friction coefficient, mixed by geometric mean.
    open var friction: CGFloat = Defaults.friction { didSet { if !accepts(.friction, friction, nonNegative: true) { friction = oldValue } } }
    /// Mass per area: mass = density × width × height / 100² (kg).
    open var density: CGFloat = Defaults.density {
        didSet {
            guard density > 0 || !density.isFinite else {
                refuse(DynamicsUsageError(argument: "density", rule: "must be finite and > 0, got \(density)"))
                density = oldValue
                return
            }
            if !accepts(.density, density, nonNegative: true) { density = oldValue }
        }
    }
    /// Linear damping rate (1/s).
    open var resistance: CGFloat = Defaults.resistance { didSet { if !accepts(.resistance, resistance, nonNegative: true) { resistance = oldValue } } }
    /// Angular damping rate (1/s).
    open var angularResistance: CGFloat = Defaults.angularResistance {
        didSet { if !accepts(.angularResistance, angularResistance, nonNegative: true) { angularResistance = oldValue } }
    }
    /// Whether the items may rotate.
    open var allowsRotation = true { didSet { mark(.allowsRotation) } }
    /// Electric charge, for electric and magnetic fields.
    open var charge: CGFloat = 0 { didSet { if !accepts(.charge, charge, nonNegative: false) { charge = oldValue } } }
    /// Whether the items are fixed in place: others collide with them as with a boundary.
    open var isAnchored = false { didSet { mark(.anchored) } }

    private var pendingLinear: [ObjectIdentifier: CGPoint] = [:]
    private var pendingAngular: [ObjectIdentifier: CGFloat] = [:]

    /// Creates an item behavior for `items`.
    public override init(items: [any DynamicItem]) { super.init(items: items) }

    private func mark(_ property: Property) {
        explicitlySet.insert(property)
        setNeedsUpdate()
    }

    /// Marks a valid new value as set; refuses an invalid one (the caller restores the old value).
    private func accepts(_ property: Property, _ value: CGFloat, nonNegative: Bool) -> Bool {
        guard value.isFinite && (!nonNegative || value >= 0) else {
            refuse(DynamicsUsageError(argument: "\(property)", rule: nonNegative ? "must be finite and >= 0, got \(value)" : "must be finite, got \(value)"))
            return false
        }
        mark(property)
        return true
    }

    /// Adds a velocity (pt/s) to one of the items; before the behavior is in an animator, it
    /// accumulates until it is.
    open func addLinearVelocity(_ velocity: CGPoint, for item: any DynamicItem) {
        guard velocity.x.isFinite && velocity.y.isFinite else {
            return refuse(DynamicsUsageError(argument: "velocity", rule: "must be finite, got \(velocity)"))
        }
        guard contains(item), velocity != .zero else { return }
        if let animator = dynamicAnimator, animator.addLinearVelocity(velocity, to: item) { return }
        let key = ObjectIdentifier(item)
        let old = pendingLinear[key] ?? .zero
        pendingLinear[key] = CGPoint(x: old.x + velocity.x, y: old.y + velocity.y)
    }

    /// The item's velocity in pt/s (zero if it is not one of the items or has no body).
    open func linearVelocity(for item: any DynamicItem) -> CGPoint {
        guard contains(item), let animator = dynamicAnimator else { return .zero }
        return animator.linearVelocity(of: item)
    }

    /// Adds an angular velocity (rad/s, clockwise on screen) to one of the items; accumulates
    /// before the behavior is in an animator.
    open func addAngularVelocity(_ velocity: CGFloat, for item: any DynamicItem) {
        guard velocity.isFinite else {
            return refuse(DynamicsUsageError(argument: "velocity", rule: "must be finite, got \(velocity)"))
        }
        guard contains(item), velocity != 0 else { return }
        if let animator = dynamicAnimator, animator.addAngularVelocity(velocity, to: item) { return }
        pendingAngular[ObjectIdentifier(item), default: 0] += velocity
    }

    /// The item's angular velocity in rad/s (zero if it is not one of the items or has no body).
    open func angularVelocity(for item: any DynamicItem) -> CGFloat {
        guard contains(item), let animator = dynamicAnimator else { return 0 }
        return animator.angularVelocity(of: item)
    }

    /// Hands accumulated velocities to the animator for the items that now have bodies.
    func flushPendingVelocities(into animator: DynamicAnimator) {
        guard !pendingLinear.isEmpty || !pendingAngular.isEmpty else { return }
        for item in items {
            let key = ObjectIdentifier(item)
            if let v = pendingLinear[key], animator.addLinearVelocity(v, to: item) { pendingLinear[key] = nil }
            if let w = pendingAngular[key], animator.addAngularVelocity(w, to: item) { pendingAngular[key] = nil }
        }
    }
}
