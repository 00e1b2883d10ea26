import Dynamics
import DynamicsCore
import Foundation

/// A scene built with the UIKit-style facade (`DynamicAnimator` and behaviors) instead of raw
/// bodies: what an app does, so that `dynamics bench` measures the facade too.
enum FacadeSceneSpec: Sendable {
    /// Views under gravity and collision in a reference view, gravity turning slowly (a phone
    /// being tilted round), so that the pile never rests.
    case views(ViewsSceneSpec)
    /// A chat-style list: layout attributes hung on springs, nudged like a scroll every so often.
    case springyList(SpringyListSpec)
    /// Items swirling in fields: radial gravity, a vortex, and noise inside a region.
    case fieldsSwarm(FieldsSwarmSpec)

    static func parse(_ node: JSONNode, maxBodies: Int) throws(ProfileError) -> FacadeSceneSpec {
        let o = try node.object(allowed: ["views", "springyList", "fieldsSwarm"])
        if let v = o.optional("views") { return .views(try ViewsSceneSpec.parse(v, maxBodies: maxBodies)) }
        if let s = o.optional("springyList") { return .springyList(try SpringyListSpec.parse(s, maxBodies: maxBodies)) }
        if let f = o.optional("fieldsSwarm") { return .fieldsSwarm(try FieldsSwarmSpec.parse(f, maxBodies: maxBodies)) }
        throw node.fail("needs \"views\", \"springyList\" or \"fieldsSwarm\"")
    }

    var itemCount: Int {
        switch self {
        case let .views(spec): return spec.count
        case let .springyList(spec): return spec.count
        case let .fieldsSwarm(spec): return spec.count
        }
    }

    /// The engine bodies the scene has: one per item, plus the reference-bounds boundary of `views`.
    var bodyCount: Int {
        switch self {
        case let .views(spec): return spec.count + 1
        case let .springyList(spec): return spec.count
        case let .fieldsSwarm(spec): return spec.count
        }
    }
}

/// `views`: `count` views of `minSize`…`maxSize` points (every other one an ellipse) in a
/// `width` × `height` reference view, gravity turning at `gravityTurnRate` rad/s.
struct ViewsSceneSpec: Sendable {
    var count: Int
    var width: Double
    var height: Double
    var minSize: Double
    var maxSize: Double
    var gravityTurnRate: Double
    var seed: UInt64

    static func parse(_ node: JSONNode, maxBodies: Int) throws(ProfileError) -> ViewsSceneSpec {
        let o = try node.object(allowed: ["count", "width", "height", "minSize", "maxSize", "gravityTurnRate", "seed"])
        let spec = ViewsSceneSpec(count: try o.required("count").integer(in: 1...maxBodies),
                                  width: Double(try o.required("width").float()), height: Double(try o.required("height").float()),
                                  minSize: Double(try o.float("minSize", default: 8)), maxSize: Double(try o.float("maxSize", default: 16)),
                                  gravityTurnRate: Double(try o.float("gravityTurnRate", default: 0)),
                                  seed: UInt64(try o.optional("seed")?.integer(in: 0...Int(Int32.max)) ?? 1))
        guard spec.minSize > 0 && spec.maxSize >= spec.minSize else { throw node.fail("needs 0 < minSize <= maxSize") }
        guard spec.width > 2 * spec.maxSize && spec.height > 2 * spec.maxSize else { throw node.fail("width and height must exceed twice maxSize") }
        // Views are placed on a grid of maxSize + 2 pt cells filling the top of the box.
        let columns = Int(spec.width / (spec.maxSize + 2)), rows = Int(spec.height / (spec.maxSize + 2))
        guard columns * rows >= spec.count else {
            throw node.fail("\(spec.count) views of \(spec.maxSize) pt do not fit in \(spec.width) × \(spec.height) (room for \(columns * rows))")
        }
        return spec
    }
}

/// `springyList`: `count` rows of `rowHeight` points and `width`, each held at its place by a
/// spring (`frequency` Hz, `damping`); every `nudgeEvery` steps the anchors scroll by
/// `nudgeDistance` points and back, the rows near the touch lagging least.
struct SpringyListSpec: Sendable {
    var count: Int
    var width: Double
    var rowHeight: Double
    var frequency: Double
    var damping: Double
    var nudgeEvery: Int
    var nudgeDistance: Double

    static func parse(_ node: JSONNode, maxBodies: Int) throws(ProfileError) -> SpringyListSpec {
        let o = try node.object(allowed: ["count", "width", "rowHeight", "frequency", "damping", "nudgeEvery", "nudgeDistance"])
        let spec = SpringyListSpec(count: try o.required("count").integer(in: 1...maxBodies),
                                   width: Double(try o.float("width", default: 320)), rowHeight: Double(try o.float("rowHeight", default: 44)),
                                   frequency: Double(try o.float("frequency", default: 1)), damping: Double(try o.float("damping", default: 0.8)),
                                   nudgeEvery: try o.optional("nudgeEvery")?.integer(in: 1...1_000_000) ?? 60,
                                   nudgeDistance: Double(try o.float("nudgeDistance", default: 40)))
        guard spec.width > 0 && spec.rowHeight > 0 else { throw node.fail("width and rowHeight must be > 0") }
        guard spec.frequency > 0 && spec.damping >= 0 else { throw node.fail("needs frequency > 0 and damping >= 0") }
        return spec
    }
}

/// `fieldsSwarm`: `count` items of 6 pt scattered over a disc of `radius` points, in a radial
/// gravity field, a vortex and a noise field acting in the inner half of the disc.
struct FieldsSwarmSpec: Sendable {
    var count: Int
    var radius: Double
    var seed: UInt64

    static func parse(_ node: JSONNode, maxBodies: Int) throws(ProfileError) -> FieldsSwarmSpec {
        let o = try node.object(allowed: ["count", "radius", "seed"])
        let spec = FieldsSwarmSpec(count: try o.required("count").integer(in: 1...maxBodies),
                                   radius: Double(try o.float("radius", default: 1000)),
                                   seed: UInt64(try o.optional("seed")?.integer(in: 0...Int(Int32.max)) ?? 1))
        guard spec.radius > 10 else { throw node.fail("radius must be > 10 points") }
        return spec
    }
}

/// A plain item for facade scenes that need no view hierarchy.
///
/// Its `center` and `transform` are computed over private stored properties that are only read
/// or assigned whole, so the optimizer proves that no two accesses to them overlap and checks
/// none at run time. Stored `var`s conforming to the protocol's `{ get set }` are checked on every
/// get and set; in fields-swarm (two threads) those checks took about 5 % of the frame's samples,
/// more than a third of the write-back. `@exclusivity(unchecked)` on the stored properties, which
/// this class had, counted the same instructions (252 792 058 in the gate's steps) without the
/// proof. See "Thousands of items" in Porting from UIKit.
final class SceneItem: DynamicItem {
    var center: CGPoint {
        get { storedCenter }
        set { storedCenter = newValue }
    }
    let bounds: CGRect
    var transform: CGAffineTransform {
        get { storedTransform }
        set { storedTransform = newValue }
    }
    private var storedCenter: CGPoint
    private var storedTransform: CGAffineTransform = .identity
    init(center: CGPoint, size: CGFloat) {
        storedCenter = center
        bounds = CGRect(x: 0, y: 0, width: size, height: size)
    }
}

/// A running facade scene: the animator and what its script changes every step.
final class FacadeSceneState {
    let animator: DynamicAnimator
    /// The reference view or layout (the animator holds them weakly, as UIKit does).
    private var owner: AnyObject?
    private var gravity: GravityBehavior?
    private var turnRate = 0.0
    private var springs: [AttachmentBehavior] = []
    private var restingAnchors: [CGPoint] = []
    private var nudgeEvery = 0
    private var nudgeDistance = 0.0
    private var frame = 0

    init(_ spec: FacadeSceneSpec, workerCount: Int) {
        switch spec {
        case let .views(s):
            let root = View(frame: CGRect(x: 0, y: 0, width: s.width, height: s.height))
            animator = DynamicAnimator(referenceView: root, workerCount: workerCount)
            owner = root
            var random = SplitMix64(seed: s.seed)
            var views: [View] = []
            let cell = s.maxSize + 2
            let columns = Int(s.width / cell)
            for i in 0..<s.count {
                let size = s.minSize + Double(random.unit()) * (s.maxSize - s.minSize)
                let x = (Double(i % columns) + 0.5) * cell, y = (Double(i / columns) + 0.5) * cell
                let view = i % 2 == 0 ? View(frame: CGRect(x: x - size / 2, y: y - size / 2, width: size, height: size * 0.8))
                                      : EllipseView(frame: CGRect(x: x - size / 2, y: y - size / 2, width: size, height: size))
                root.addSubview(view)
                views.append(view)
            }
            let collision = CollisionBehavior(items: views)
            collision.translatesReferenceBoundsIntoBoundary = true
            let gravity = GravityBehavior(items: views)
            animator.addBehavior(collision)
            animator.addBehavior(gravity)
            self.gravity = gravity
            turnRate = s.gravityTurnRate
        case let .springyList(s):
            let layout = CollectionViewLayout()
            layout.collectionViewContentSize = CGSize(width: s.width, height: Double(s.count) * s.rowHeight)
            animator = DynamicAnimator(collectionViewLayout: layout, workerCount: workerCount)
            owner = layout
            for i in 0..<s.count {
                let attributes = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: 0))
                attributes.frame = CGRect(x: 0, y: Double(i) * s.rowHeight, width: s.width, height: s.rowHeight - 4)
                let spring = AttachmentBehavior(item: attributes, attachedToAnchor: attributes.center)
                spring.length = 0
                spring.frequency = s.frequency
                spring.damping = s.damping
                animator.addBehavior(spring)
                springs.append(spring)
                restingAnchors.append(attributes.center)
            }
            let settings = DynamicItemBehavior(items: springs.flatMap(\.items))
            settings.allowsRotation = false
            animator.addBehavior(settings)
            nudgeEvery = s.nudgeEvery
            nudgeDistance = s.nudgeDistance
        case let .fieldsSwarm(s):
            animator = DynamicAnimator(workerCount: workerCount)
            var random = SplitMix64(seed: s.seed)
            var items: [SceneItem] = []
            for _ in 0..<s.count {
                let r = s.radius * Double(random.unit()).squareRoot(), a = 2 * Double.pi * Double(random.unit())
                items.append(SceneItem(center: CGPoint(x: r * cos(a), y: r * sin(a)), size: 6))
            }
            let gravity = FieldBehavior.radialGravityField(position: .zero)
            gravity.strength = 20
            gravity.falloff = 1
            let vortex = FieldBehavior.vortexField()
            vortex.strength = 1
            vortex.falloff = 1
            let noise = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1)
            noise.region = Region(radius: s.radius / 2)
            for field in [gravity, vortex, noise] {
                for item in items { field.addItem(item) }
                animator.addBehavior(field)
            }
            }

        // Create the bodies now, so that the scene's world is complete before its first frame.
        animator.syncIfNeeded()
    }

    /// Runs the script for the coming frame, then the frame.
    func step(_ dt: Double, time: Double) {
        if let gravity, turnRate != 0 {
            gravity.angle = .pi / 2 + 0.6 * sin(turnRate * time)
        }
        if nudgeEvery > 0 && frame % nudgeEvery == 0 {
            // A scroll: anchors move by ±nudgeDistance; rows far from the touch (row 0) lag, like the Messages list.
            let sign: Double = (frame / nudgeEvery) % 2 == 0 ? 1 : -1
            for (i, spring) in springs.enumerated() {
                let lag = 1 / (1 + Double(i) / 50)
                let rest = restingAnchors[i]
                spring.anchorPoint = CGPoint(x: rest.x, y: rest.y + (sign > 0 ? nudgeDistance * lag : 0))
            }
        }
        frame += 1
        animator.step(by: dt)
    }
}

/// A view whose collision bounds are the inscribed ellipse.
final class EllipseView: View {
    override var collisionBoundsType: DynamicItemCollisionBoundsType { .ellipse }
}
