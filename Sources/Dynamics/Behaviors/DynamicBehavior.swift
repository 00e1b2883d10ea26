import Foundation

/// A behavior of a `DynamicAnimator` (UIKit's `UIDynamicBehavior`). Created directly, it is a
/// composite: give it child behaviors and an `action`. The concrete behaviors (gravity,
/// collision, …) derive from it and cannot have children.
open class DynamicBehavior {
    /// The child behaviors (only composites have any).
    public private(set) var childBehaviors: [DynamicBehavior] = []
    /// Called by the animator after every frame, after write-back and collision callbacks.
    open var action: (() -> Void)? {
        get { storedAction }
        set { storedAction = newValue }
    }
    /// `action`'s value, private and only read or assigned whole: the optimizer then drops the
    /// run-time exclusivity check that the open stored property had on each read, once per
    /// behavior and frame (3 % of springy-list's instructions, with 1 001 behaviors).
    private var storedAction: (() -> Void)?
    /// The animator this behavior is part of, or nil.
    public internal(set) weak var dynamicAnimator: DynamicAnimator?
    /// The last call this behavior refused, and why.
    public internal(set) var lastUsageError: DynamicsUsageError?
    /// The composite behavior this one is a child of.
    weak var parent: DynamicBehavior?

    /// Creates a composite behavior.
    public init() {}

    /// Whether this is a concrete behavior, which cannot have children.
    var isPrimitive: Bool { false }

    /// The items this behavior acts on (composites: none of their own).
    var memberItems: [any DynamicItem] { [] }

    /// Adds a child. Ignored on concrete behaviors and for a behavior that is already a child;
    /// refused for a behavior that is already elsewhere in a hierarchy or is this one or an ancestor.
    open func addChildBehavior(_ behavior: DynamicBehavior) {
        guard !isPrimitive, !childBehaviors.contains(where: { $0 === behavior }) else { return }
        var cursor: DynamicBehavior? = self
        while let b = cursor {
            if b === behavior {
                return refuse(DynamicsUsageError(argument: "behavior", rule: "a behavior cannot be its own child or descendant"))
            }
            cursor = b.parent
        }
        guard behavior.parent == nil && behavior.dynamicAnimator == nil else {
            return refuse(DynamicsUsageError(argument: "behavior",
                                             rule: "is already in a behavior hierarchy; a behavior can be present only once"))
        }
        childBehaviors.append(behavior)
        behavior.parent = self
        if let animator = dynamicAnimator { animator.attach(behavior) }
    }

    /// Removes a child; ignored for a behavior that is not a child.
    open func removeChildBehavior(_ behavior: DynamicBehavior) {
        guard let index = childBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        if let animator = dynamicAnimator { animator.detach(behavior) }
        childBehaviors.remove(at: index)
        behavior.parent = nil
    }

    /// Called when the behavior joins an animator (`dynamicAnimator` is already set) or leaves
    /// one (nil). Override to react; call `super`.
    open func willMove(to dynamicAnimator: DynamicAnimator?) {}

    /// Records a refused call and tells the animator (and standard error).
    func refuse(_ error: DynamicsUsageError) {
        lastUsageError = error
        dynamicAnimator?.lastUsageError = error
        error.log()
    }

    /// Tells the animator that which items this behavior holds, or how it configures them, changed:
    /// the next frame re-resolves every item (a cost in the number of items).
    func setNeedsUpdate() {
        dynamicAnimator?.setNeedsSync()
    }

    /// Tells the animator that a parameter changed that needs no per-item work (a gravity vector,
    /// a push, a joint, a boundary): the next frame costs only what changed.
    func setNeedsParameterUpdate() {
        dynamicAnimator?.setNeedsParameterSync()
    }
}

/// A concrete behavior with a list of items.
open class ItemListBehavior: DynamicBehavior {
    /// The items, in the order added.
    public private(set) var items: [any DynamicItem]
    /// The items' identities, so that adding and membership do not scan the list (a behavior
    /// made with 10 000 items compared each with every other one before).
    private var identities: Set<ObjectIdentifier>

    init(items: [any DynamicItem]) {
        var unique: [any DynamicItem] = []
        var identities = Set<ObjectIdentifier>(minimumCapacity: items.count)
        for item in items where identities.insert(ObjectIdentifier(item)).inserted { unique.append(item) }
        self.items = unique
        self.identities = identities
        super.init()
    }

    override var isPrimitive: Bool { true }
    override var memberItems: [any DynamicItem] { items }

    /// Adds an item (ignored if present).
    open func addItem(_ item: any DynamicItem) {
        guard identities.insert(ObjectIdentifier(item)).inserted else { return }
        items.append(item)
        itemsDidChange()
    }

    /// Removes an item (ignored if absent).
    open func removeItem(_ item: any DynamicItem) {
        guard identities.remove(ObjectIdentifier(item)) != nil,
              let index = items.firstIndex(where: { $0 === item }) else { return }
        items.remove(at: index)
        itemsDidChange()
    }

    /// Called after `items` changed.
    func itemsDidChange() { setNeedsUpdate() }

    /// Whether `item` is one of the items.
    func contains(_ item: any DynamicItem) -> Bool { identities.contains(ObjectIdentifier(item)) }
}
