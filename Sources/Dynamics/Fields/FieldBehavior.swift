import DynamicsCore
import Foundation

/// A force field acting on its items (UIKit's `UIFieldBehavior`), evaluated by the engine in
/// every 1/120 s sub-step as a batched pass over the items.
///
/// Make one with a factory (`radialGravityField(position:)`, `vortexField()`, …). Units are
/// UIKit's: positions, regions and `minimumRadius` in points; `direction` in m/s² (linear gravity)
/// or m/s (velocity, drag), so (1, 0) is 100 pt/s² or 100 pt/s; forces in UIKit newtons. Mass and
/// charge come from `DynamicItemBehavior`. A field acts on its own items only; an item in several
/// fields gets the sum; anchored items do not move. Unlike UIKit, an animator takes any number of
/// fields (UIKit stops at 32).
///
/// Where UIKit's engine and documentation disagree (spec §17) this follows the documentation:
/// the magnetic force is proportional to charge (D4); vortex and noise give every mass the same
/// acceleration (D5, D14); a custom block gets its item's position in the animator's coordinates,
/// its velocity in pt/s and the sub-step's length (D6). It follows the engine for the default
/// falloffs (radial 2, spring −1, electric and magnetic 1) and the falloff formula (D7, D8), for
/// drag quadratic in speed, and for the spring's period growing with √mass (D16).
open class FieldBehavior: ItemListBehavior {
    /// UIKit's minimum radius: 2⁻¹⁵ m, in points.
    public static let defaultMinimumRadius: CGFloat = 100.0 / 32768

    let kind: FieldKind
    /// Bumped on every change, so the animator can update the engine's field.
    private(set) var version = 0
    /// The custom evaluation block.
    let evaluationBlock: ((FieldBehavior, CGPoint, CGVector, CGFloat, CGFloat, TimeInterval) -> CGVector)?

    /// The field's origin, in the animator's coordinates.
    open var position: CGPoint = .zero {
        didSet { if !acceptsPoint(position, "position") { position = oldValue } }
    }
    /// Where the field acts, around `position`; infinite by default.
    open var region: Region = .infinite { didSet { changed() } }
    /// Scales the force (1 by default).
    open var strength: CGFloat = 1 {
        didSet { if !accepts(strength, "strength") { strength = oldValue } }
    }
    /// The exponent of the distance falloff, from `minimumRadius` on.
    open var falloff: CGFloat {
        didSet { if !accepts(falloff, "falloff") { falloff = oldValue } }
    }
    /// Distances below this (points) count as this.
    open var minimumRadius: CGFloat = FieldBehavior.defaultMinimumRadius {
        didSet {
            guard minimumRadius > 0 && minimumRadius.isFinite else {
                let rejected = minimumRadius
                minimumRadius = oldValue
                return refuse(DynamicsUsageError(argument: "minimumRadius", rule: "must be finite and > 0, got \(rejected)"))
            }
            changed()
        }
    }
    /// The direction of linear gravity (m/s²) and velocity fields (m/s), or drag's medium velocity.
    open var direction: CGVector = .zero {
        didSet {
            guard direction.dx.isFinite && direction.dy.isFinite else {
                let rejected = direction
                direction = oldValue
                return refuse(DynamicsUsageError(argument: "direction", rule: "must be finite, got \(rejected)"))
            }
            changed()
        }
    }
    private var storedSmoothness: CGFloat = 0
    private var storedAnimationSpeed: CGFloat = 0

    /// Noise and turbulence: 0 roughest … 1 smoothest (0 and ignored for other kinds).
    open var smoothness: CGFloat {
        get { isNoise ? storedSmoothness : 0 }
        set {
            guard isNoise else { return }
            guard newValue.isFinite else { return refuse(DynamicsUsageError(argument: "smoothness", rule: "must be finite, got \(newValue)")) }
            storedSmoothness = newValue
            changed()
        }
    }
    /// Noise and turbulence: how fast the noise changes, in Hz (0 and ignored for other kinds).
    open var animationSpeed: CGFloat {
        get { isNoise ? storedAnimationSpeed : 0 }
        set {
            guard isNoise else { return }
            guard newValue.isFinite else { return refuse(DynamicsUsageError(argument: "animationSpeed", rule: "must be finite, got \(newValue)")) }
            storedAnimationSpeed = newValue
            changed()
        }
    }

    private var isNoise: Bool { kind == .noise || kind == .turbulence }

    init(kind: FieldKind, block: ((FieldBehavior, CGPoint, CGVector, CGFloat, CGFloat, TimeInterval) -> CGVector)? = nil) {
        self.kind = kind
        self.evaluationBlock = block
        self.falloff = CGFloat(FieldDefinition.defaultFalloff(kind))
        super.init(items: [])
    }

    /// Uniform gravity along `direction` (m/s²: (0, 9.8) is Earth's 980 pt/s² down), for every mass.
    open class func linearGravityField(direction: CGVector) -> FieldBehavior {
        let field = FieldBehavior(kind: .linearGravity)
        field.direction = direction
        return field
    }

    /// Gravity towards `position`, falling off with the square of the distance.
    open class func radialGravityField(position: CGPoint) -> FieldBehavior {
        let field = FieldBehavior(kind: .radialGravity)
        field.position = position
        return field
    }

    /// Animated noise: smoothness 0 … 1, animation speed in Hz.
    open class func noiseField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> FieldBehavior {
        let field = FieldBehavior(kind: .noise)
        field.smoothness = smoothness
        field.animationSpeed = speed
        return field
    }

    /// Noise scaled by the square of each item's speed.
    open class func turbulenceField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> FieldBehavior {
        let field = FieldBehavior(kind: .turbulence)
        field.smoothness = smoothness
        field.animationSpeed = speed
        return field
    }

    /// A spring towards `position` (Hooke's law): items oscillate around it.
    open class func springField() -> FieldBehavior { FieldBehavior(kind: .spring) }

    /// Pushes charged items away from `position` (positive strength repels positive charge).
    open class func electricField() -> FieldBehavior { FieldBehavior(kind: .electric) }

    /// Turns moving charged items (counter-clockwise on screen for positive strength and charge).
    open class func magneticField() -> FieldBehavior { FieldBehavior(kind: .magnetic) }

    /// Slows items against the medium's velocity `direction` (quadratic in the relative speed).
    open class func dragField() -> FieldBehavior { FieldBehavior(kind: .drag) }

    /// Sets the velocity of items inside the region to `direction` (m/s), overriding every other acceleration.
    open class func velocityField(direction: CGVector) -> FieldBehavior {
        let field = FieldBehavior(kind: .velocity)
        field.direction = direction
        return field
    }

    /// Spins items around `position`.
    open class func vortexField() -> FieldBehavior { FieldBehavior(kind: .vortex) }

    /// A field computed by `block` for each item and sub-step: it receives the field, the item's
    /// position (animator coordinates), velocity (pt/s), mass (kg), charge and the sub-step's
    /// length, and returns a force in UIKit newtons (not scaled by strength or falloff).
    open class func field(evaluationBlock block: @escaping (FieldBehavior, CGPoint, CGVector, CGFloat, CGFloat, TimeInterval) -> CGVector) -> FieldBehavior {
        FieldBehavior(kind: .custom, block: block)
    }

    /// The engine's form of the field.
    func definition() -> FieldDefinition {
        var d = FieldDefinition(kind: kind)
        d.position = Vec2(Float(position.x), Float(position.y))
        d.strength = Float(strength)
        d.falloff = Float(falloff)
        d.minimumRadius = Float(minimumRadius / 100)
        d.direction = Vec2(Float(direction.dx), Float(direction.dy))
        d.smoothness = Float(smoothness)
        d.animationSpeed = Float(animationSpeed)
        d.region = region.shape
        if let block = evaluationBlock {
            d.evaluate = { [unowned self] sample in
                let f = block(self, CGPoint(x: CGFloat(sample.position.x), y: CGFloat(sample.position.y)),
                              CGVector(dx: CGFloat(sample.velocity.x), dy: CGFloat(sample.velocity.y)),
                              CGFloat(sample.mass), CGFloat(sample.charge), TimeInterval(sample.deltaTime))
                return Vec2(Float(f.dx), Float(f.dy))
            }
        }
        return d
    }

    private func changed() {
        version += 1
        setNeedsParameterUpdate()
    }

    private func accepts(_ value: CGFloat, _ name: String) -> Bool {
        guard value.isFinite else {
            refuse(DynamicsUsageError(argument: name, rule: "must be finite, got \(value)"))
            return false
        }
        changed()
        return true
    }

    private func acceptsPoint(_ p: CGPoint, _ name: String) -> Bool {
        guard p.x.isFinite && p.y.isFinite else {
            refuse(DynamicsUsageError(argument: name, rule: "must be finite, got \(p)"))
            return false
        }
        changed()
        return true
    }
}
