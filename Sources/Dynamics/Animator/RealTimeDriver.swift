import Dispatch
import Foundation

/// Something stepped frame by frame: `DynamicAnimator` and `PropertyAnimator`.
public protocol FrameDriven: AnyObject {
    /// Advances by one frame of `frameDuration` seconds.
    func step(by frameDuration: TimeInterval)
}

/// Steps an animator in real time, like UIKit's display link: at `framesPerSecond` on `queue`
/// (the main queue by default), passing each frame's measured length to `step(by:)`. It runs only
/// while its animator runs: the animator starts it when it resumes and stops it when it pauses.
/// Use the animator only on `queue` while a driver is attached.
public final class RealTimeDriver: @unchecked Sendable {
    /// Frames per second.
    public let framesPerSecond: Int
    /// Where frames run.
    public let queue: DispatchQueue
    private var timer: (any DispatchSourceTimer)?
    private var lastTick: DispatchTime?

    /// A driver at `framesPerSecond` (1 to 240) on `queue`.
    public init(framesPerSecond: Int = 60, queue: DispatchQueue = .main) {
        self.framesPerSecond = max(1, min(framesPerSecond, 240))
        self.queue = queue
    }

    /// Whether frames are being delivered.
    public var isActive: Bool { timer != nil }

    func start(_ animator: any FrameDriven) {
        guard timer == nil else { return }
        let target = UncheckedAnimator(animator: animator)
        let source = DispatchSource.makeTimerSource(queue: queue)
        let interval = DispatchTimeInterval.nanoseconds(1_000_000_000 / framesPerSecond)
        source.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(1))
        lastTick = .now()
        source.setEventHandler { [weak self] in
            guard let self, let animator = target.animator else { return }
            let now = DispatchTime.now()
            let previous = self.lastTick ?? now
            self.lastTick = now
            animator.step(by: Double(now.uptimeNanoseconds &- previous.uptimeNanoseconds) / 1e9)
        }
        timer = source
        source.resume()
    }

    func stop() {
        timer?.cancel()
        timer = nil
        lastTick = nil
    }
}

/// The animator a driver steps, handed to its queue: the caller promises to use the animator
/// only on that queue.
private struct UncheckedAnimator: @unchecked Sendable {
    weak var animator: (any FrameDriven)?
}
