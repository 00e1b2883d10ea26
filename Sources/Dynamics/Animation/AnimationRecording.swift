import Foundation
import Synchronization

/// One property change captured inside an animation block: how to set the property to a blend.
struct AnimationTrack {
    /// Sets the property `fractionX`/`fractionY` of the way from its old to its new value.
    let apply: (Double, Double) -> Void
    /// The property's value at those fractions, without setting it.
    let evaluate: (Double, Double) -> Any
    /// The object and property, so that a later change of the same property replaces this track.
    let key: TrackKey
}

/// Identifies an animated property of an object.
struct TrackKey: Hashable {
    let object: ObjectIdentifier
    let property: String
}

/// Collects the property changes made while an animation block runs. Only the thread running
/// the block touches it (it is bound as a task-local value for the block's duration), hence the
/// unchecked `Sendable` that task-local storage asks for.
final class AnimationRecorder: @unchecked Sendable {
    var tracks: [AnimationTrack] = []
    /// The value each property had before the block first changed it.
    var firstValues: [TrackKey: Any] = [:]

    /// The recorder of the animation block running on this thread, if any.
    @TaskLocal static var current: AnimationRecorder?
    /// How many blocks are being recorded anywhere: a cheap test before the task-local lookup,
    /// so that property setters outside animation blocks cost almost nothing.
    static let activeRecordings = Atomic<Int>(0)

    /// Whether any animation block is being recorded: property setters test this before building
    /// anything, so that setting a property outside animation blocks costs one atomic load and
    /// allocates nothing (the dynamic animator writes views back every frame).
    @inline(__always)
    static var isRecording: Bool { activeRecordings.load(ordering: .relaxed) > 0 }

    /// Runs `block` with this recorder collecting its changes.
    func record(_ block: () -> Void) {
        AnimationRecorder.activeRecordings.add(1, ordering: .relaxed)
        defer { AnimationRecorder.activeRecordings.subtract(1, ordering: .relaxed) }
        AnimationRecorder.$current.withValue(self) { block() }
    }

    /// Records a change of `object`'s `property` from `old` to `new`, made by `set`.
    static func record<Value: Interpolatable & Equatable>(_ object: AnyObject, _ property: String, from old: Value, to new: Value,
                                                          set: @escaping (Value) -> Void) {
        guard activeRecordings.load(ordering: .relaxed) > 0, let recorder = current else { return }
        let key = TrackKey(object: ObjectIdentifier(object), property: property)
        // Changed twice in one block: the track runs from the first old value to the last new one.
        let start = (recorder.firstValues[key] as? Value) ?? old
        recorder.firstValues[key] = start
        recorder.tracks.removeAll { $0.key == key }
        guard start != new else { return }
        recorder.tracks.append(AnimationTrack(apply: { fx, fy in
            AnimationRecorder.$current.withValue(nil) { set(Value.interpolate(from: start, to: new, fractionX: fx, fractionY: fy)) }
        }, evaluate: { fx, fy in Value.interpolate(from: start, to: new, fractionX: fx, fractionY: fy) }, key: key))
    }
}

/// A value of your own that a property animator can animate: set `value` inside an animation
/// block and the animator moves it there over the run.
public final class AnimatableValue<Value: Interpolatable & Equatable> {
    /// The value. Changed inside an animation block, it is animated from its old value.
    public var value: Value {
        didSet {
            if AnimationRecorder.isRecording {
                AnimationRecorder.record(self, "value", from: oldValue, to: value) { [weak self] v in self?.value = v }
            }
        }
    }

    /// Creates a value.
    public init(_ value: Value) { self.value = value }
}
