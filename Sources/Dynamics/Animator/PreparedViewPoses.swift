import DynamicsCore
import Foundation

/// What the write-back sets on a view or layout attributes item that sits right in the
/// reference view (or has none): its centre rounded to the display's pixels, and the cosine and
/// sine of its angle rounded to 1/5000 rad (the transform's entries).
struct PreparedViewPose {
    var center: CGPoint
    var cosine: CGFloat
    var sine: CGFloat
}

/// Works out `PreparedViewPose`s for the awake bodies on the world's threads: the arc tangent,
/// the roundings, the cosine and the sine were half of the write-back's time, and on the calling
/// thread alone they kept views-10k's frame from gaining on two threads.
struct PreparedViewPoseKernel: AwakePoseKernel {
    var out: UnsafeMutablePointer<PreparedViewPose>
    var displayScale: CGFloat

    func run(_ range: Range<Int>, poses: AwakeBodyPoses) {
        for i in range {
            let position = poses.position(at: i)
            let angle = DynamicAnimator.roundedAngle(CGFloat(poses.rotation(at: i).angle))
            out[i] = PreparedViewPose(
                center: CGPoint(x: DynamicAnimator.pixelRounded(CGFloat(position.x), scale: displayScale),
                                y: DynamicAnimator.pixelRounded(CGFloat(position.y), scale: displayScale)),
                cosine: cos(angle), sine: sin(angle))
        }
    }
}

/// The animator's room for `PreparedViewPose`s, one per awake body, and the holder of its kernel.
final class PreparedViewPoses {
    private(set) var base: UnsafeMutablePointer<PreparedViewPose>
    private(set) var capacity: Int
    let task = AwakePoseTask<PreparedViewPoseKernel>()

    init() {
        capacity = 0
        base = .allocate(capacity: 1)
    }

    deinit { base.deallocate() }

    /// Makes room for `count` poses; earlier ones are lost.
    func reserve(_ count: Int) {
        guard count > capacity else { return }
        base.deallocate()
        capacity = max(count, 2 * capacity)
        base = .allocate(capacity: capacity)
    }
}

extension DynamicAnimator {
    /// The fewest awake bodies for which the write-back prepares the poses on the world's threads
    /// first. Below it, and on one thread, each pose is worked out as it is written.
    static let preparedPoseCount = 1024

    /// Prepares every awake body's `PreparedViewPose` on the world's threads, where there are
    /// several and enough bodies, and the animator moves views or layout attributes (one without
    /// a reference view or layout moves plain items, whose poses need no rounding); returns
    /// whether it did.
    func prepareViewPoses() -> Bool {
        let count = world.awakeBodyCount
        guard mode != .abstract && world.definition.workerCount > 1 && count >= preparedPoseMinimum else { return false }
        preparedPoses.reserve(count)
        world.forEachAwakePose(preparedPoses.task,
                               PreparedViewPoseKernel(out: preparedPoses.base, displayScale: displayScale),
                               minimumChunk: 256)
        return true
    }

    /// A centre coordinate rounded to the display's pixels (`scale` of them a point).
    @inline(__always)
    static func pixelRounded(_ x: CGFloat, scale: CGFloat) -> CGFloat {
        if scale == 1 { return x.rounded() }
        let whole = x.rounded(.down)
        return whole + (scale * (x - whole)).rounded() / scale
    }

    /// An angle rounded to 1/5000 rad, as views and layout attributes get it back.
    @inline(__always)
    static func roundedAngle(_ angle: CGFloat) -> CGFloat {
        (angle * 5000).rounded() / 5000
    }
}
