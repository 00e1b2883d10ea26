import Foundation

/// A view in a view hierarchy, as far as Dynamics needs one: bounds, center, transform and alpha,
/// a superview and subviews. Nothing is drawn. Use it as the reference view of a
/// `DynamicAnimator(referenceView:)` and as the items animated in it.
open class View: DynamicItem, PixelAlignedItem {
    /// The view's own coordinate space: its size, and the point shown at its top-left corner.
    /// Changes inside a property animator's block are animated.
    open var bounds: CGRect {
        didSet { if AnimationRecorder.isRecording { AnimationRecorder.record(self, "bounds", from: oldValue, to: bounds) { [weak self] in self?.bounds = $0 } } }
    }
    /// The view's center, in its superview's coordinates (animated inside animation blocks).
    open var center: CGPoint {
        get { storedCenter }
        set {
            let oldValue = storedCenter
            storedCenter = newValue
            if AnimationRecorder.isRecording { AnimationRecorder.record(self, "center", from: oldValue, to: center) { [weak self] in self?.center = $0 } }
        }
    }
    /// The view's transform about its center (animated inside animation blocks).
    open var transform: CGAffineTransform {
        get { storedTransform }
        set {
            let oldValue = storedTransform
            storedTransform = newValue
            if AnimationRecorder.isRecording { AnimationRecorder.record(self, "transform", from: oldValue, to: transform) { [weak self] in self?.transform = $0 } }
        }
    }
    /// `center`'s and `transform`'s storage. Private and only read or assigned whole, so that the
    /// optimizer drops the run-time exclusivity checks it makes on a class's stored properties:
    /// on the open properties themselves (with observers) they were a sixth of the animator's
    /// write-back, which sets both on every moving view in every frame.
    private var storedCenter: CGPoint
    private var storedTransform: CGAffineTransform = .identity
    /// The view's opacity (animated inside animation blocks).
    open var alpha: CGFloat = 1 {
        didSet { if AnimationRecorder.isRecording { AnimationRecorder.record(self, "alpha", from: oldValue, to: alpha) { [weak self] in self?.alpha = $0 } } }
    }
    /// A name for debugging and rendering.
    open var tag: Int = 0
    /// The view this view is in.
    public private(set) weak var superview: View? {
        didSet { superviewIdentity = superview.map(ObjectIdentifier.init) }
    }
    /// The identity of the view this view was last added to, read without loading the weak
    /// reference (the animator's write-back asks it of every view in every frame). If that view
    /// has since been freed, `superview` is nil and this is stale: equal to a live view's
    /// identity, it means the view is in that view or in none.
    private(set) var superviewIdentity: ObjectIdentifier?
    /// `.rectangle`; override in a subclass for `.ellipse` or `.path`.
    open var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }
    /// nil; override in a subclass with `.path` bounds.
    open var collisionBoundingPath: BezierPath? { nil }
    /// The views in this view, back to front.
    public private(set) var subviews: [View] = []

    /// Creates a view with the given frame (in its future superview's coordinates).
    public init(frame: CGRect) {
        bounds = CGRect(origin: .zero, size: frame.size)
        storedCenter = CGPoint(x: frame.midX, y: frame.midY)
    }

    /// The view's untransformed rectangle in its superview's coordinates.
    open var frame: CGRect {
        get { CGRect(x: center.x - bounds.width / 2, y: center.y - bounds.height / 2, width: bounds.width, height: bounds.height) }
        set {
            bounds.size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }

    /// Adds a view on top of the subviews (moving it from its old superview).
    open func addSubview(_ view: View) {
        precondition(view !== self && !isDescendant(of: view), "view: cannot be added to itself or to one of its own subviews")
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    /// Takes the view out of its superview.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Whether the view is `view` or lies inside it.
    public func isDescendant(of view: View) -> Bool {
        var cursor: View? = self
        while let v = cursor {
            if v === view { return true }
            cursor = v.superview
        }
        return false
    }

    /// A point of this view's coordinate space in its superview's.
    func pointInSuperview(_ p: CGPoint) -> CGPoint {
        let local = CGPoint(x: p.x - bounds.midX, y: p.y - bounds.midY).applying(transform)
        return CGPoint(x: center.x + local.x, y: center.y + local.y)
    }

    /// A point of the superview's coordinate space in this view's.
    func pointFromSuperview(_ p: CGPoint) -> CGPoint {
        let t = transform
        let det = t.a * t.d - t.b * t.c
        let x = p.x - center.x - t.tx, y = p.y - center.y - t.ty
        let local = det == 0 ? CGPoint(x: x, y: y) : CGPoint(x: (t.d * x - t.c * y) / det, y: (-t.b * x + t.a * y) / det)
        return CGPoint(x: local.x + bounds.midX, y: local.y + bounds.midY)
    }

    /// Converts a point of this view's coordinates to `view`'s (an ancestor; `nil` means the root).
    public func convert(_ point: CGPoint, to view: View?) -> CGPoint {
        var p = point
        var cursor: View = self
        while cursor !== view, let parent = cursor.superview {
            p = cursor.pointInSuperview(p)
            cursor = parent
        }
        return p
    }

    /// Converts a point of `view`'s coordinates (an ancestor; `nil` means the root) to this view's.
    public func convert(_ point: CGPoint, from view: View?) -> CGPoint {
        var chain: [View] = []
        var cursor: View = self
        while cursor !== view, let parent = cursor.superview {
            chain.append(cursor)
            cursor = parent
        }
        var p = point
        for v in chain.reversed() { p = v.pointFromSuperview(p) }
        return p
    }

    /// The sum of the rotations of this view's ancestors up to (not including) `view`.
    func ancestorRotation(upTo view: View?) -> CGFloat {
        var angle: CGFloat = 0
        var cursor = superview
        while let v = cursor, v !== view {
            angle += v.transform.rotationAngle
            cursor = v.superview
        }
        return angle
    }
}
