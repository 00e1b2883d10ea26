import Foundation

extension PropertyAnimator {
    /// Whether it runs from the end back to the start. While running, the animation turns round
    /// where it is; while paused, the next resume goes the other way; while stopped it is ignored.
    public var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed, state != .stopped else { return }
            if state == .active && !interruptible { return refuse("isReversed", "the animator is not interruptible") }
            reversed = newValue
            if let s = segment {
                // A continuation turns round by continuing from here to the other end.
                beginSegment(timing: s.timing.curveProvider(fallback: timingParameters), durationFactor: newValue ? fractionForSegment() : 1 - fractionForSegment())
            }
        }
    }

    /// How far the run has come, 0 … 1. Setting it while inactive makes the animator active and
    /// paused there; while paused it scrubs (linearly, or along the curve when `scrubsLinearly` is
    /// false); while running or stopped it is ignored.
    public var fractionComplete: CGFloat {
        get { CGFloat(fractionForSegment()) }
        set {
            guard newValue.isFinite else { return refuse("fractionComplete", "must be finite, got \(newValue)") }
            guard state != .stopped, !isRunning else { return }
            if state == .active && !interruptible { return refuse("fractionComplete", "the animator is not interruptible") }
            if state == .inactive { state = .active }
            segment = nil
            let f = Double(newValue)
            time = f * duration
            for i in groups.indices {
                let local = groups[i].local(f)
                if scrubsLinearly {
                    groups[i].apply(local, local)
                } else {
                    let p = resolved.progress(local)
                    groups[i].apply(p.x, p.y)
                }
            }
            scrubbed = scrubsLinearly
        }
    }

    /// Starts, or resumes a paused animator. Refused while stopped.
    public func startAnimation() {
        switch state {
        case .stopped:
            return refuse("startAnimation()", "not allowed in state .stopped: call finishAnimation(at:) first")
        case .active where isRunning:
            return
        default:
            break
        }
        if state == .inactive && reversed && time == 0 { time = duration; applyTimeline() }
        state = .active
        if scrubbed {
            // Resume from the scrubbed values along the original curve, with the remaining time.
            scrubbed = false
            let f = fractionForSegment()
            beginSegment(timing: timingParameters, durationFactor: reversed ? f : 1 - f)
        }
        setRunning(true)
    }

    /// Starts (or resumes) after `delay` seconds. Refused while stopped.
    public func startAnimation(afterDelay delay: TimeInterval) {
        guard delay.isFinite && delay >= 0 else { return refuse("delay", "must be finite and >= 0, got \(delay)") }
        guard state != .stopped else {
            return refuse("startAnimation(afterDelay:)", "not allowed in state .stopped: call finishAnimation(at:) first")
        }
        guard !isRunning else { return }
        self.delay = delay
        delayRemaining = delay
        startAnimation()
    }

    /// Pauses where it is (an inactive animator becomes active and paused at its fraction). Refused
    /// while stopped, and on a running animator that is not interruptible.
    public func pauseAnimation() {
        switch state {
        case .stopped:
            return refuse("pauseAnimation()", "not allowed in state .stopped")
        case .active where !interruptible && isRunning:
            return refuse("pauseAnimation()", "the animator is not interruptible")
        case .inactive:
            state = .active
            applyTimeline()
        case .active:
            break
        }
        setRunning(false)
    }

    /// With `withoutFinishing` true: straight to `.inactive`, values left where they are, no
    /// completions. With false: to `.stopped`, values left where they are; `finishAnimation(at:)`
    /// then ends it. Ignored while inactive; refused while stopped.
    public func stopAnimation(_ withoutFinishing: Bool) {
        switch state {
        case .inactive:
            return
        case .stopped:
            return refuse("stopAnimation(_:)", "not allowed in state .stopped: the animator is already stopped")
        case .active:
            if !interruptible && isRunning { return refuse("stopAnimation(_:)", "the animator is not interruptible") }
        }
        setRunning(false)
        if withoutFinishing {
            completions.removeAll()
            reset()
        } else {
            state = .stopped
        }
    }

    /// Ends a stopped animator: values at the start, the end, or where they are; then every
    /// completion runs once with that position and the animator is inactive again. Refused unless stopped.
    public func finishAnimation(at finalPosition: ViewAnimatingPosition) {
        guard state == .stopped else {
            return refuse("finishAnimation(at:)", "only allowed in state .stopped (call stopAnimation(false) first), it is .\(state)")
        }
        finish(at: finalPosition)
    }

    /// Continues a paused animator from where its values are, towards the end (or the start when
    /// reversed), over `durationFactor × duration` seconds with new timing (nil keeps the current).
    /// A spring without an initial velocity takes the velocity the animation had when paused.
    public func continueAnimation(withTimingParameters parameters: (any TimingCurveProvider)?, durationFactor: CGFloat) {
        guard state == .active && !isRunning else {
            return refuse("continueAnimation(withTimingParameters:durationFactor:)",
                          "only allowed while active and paused, it is .\(state)\(isRunning ? " and running" : "")")
        }
        guard interruptible else { return refuse("continueAnimation(withTimingParameters:durationFactor:)", "the animator is not interruptible") }
        guard durationFactor.isFinite && durationFactor >= 0 else {
            return refuse("durationFactor", "must be finite and >= 0, got \(durationFactor)")
        }
        scrubbed = false
        let timing = parameters ?? timingParameters
        timingParameters = timing
        beginSegment(timing: timing, durationFactor: Double(durationFactor), handVelocity: true)
        setRunning(true)
    }

    // MARK: - Internals

    func setRunning(_ running: Bool) {
        guard running != isRunning else { return }
        isRunning = running
        if running { realTimeDriver?.start(self) } else { realTimeDriver?.stop() }
    }

    /// The fraction of the run, from the timeline or the continuation.
    func fractionForSegment() -> Double {
        guard let s = segment else { return duration > 0 ? time / duration : (time > 0 ? 1 : 0) }
        let run = s.timing.duration
        let u = run > 0 ? min(s.elapsed / run, 1) : 1
        return s.startFraction + (s.target - s.startFraction) * u
    }

    /// Starts a continuation from the current values to the target over `durationFactor × duration`.
    func beginSegment(timing: any TimingCurveProvider, durationFactor: Double, handVelocity: Bool = false) {
        let target: Double = reversed ? 0 : 1
        let from = fractionForSegment()
        var velocity: (x: Double, y: Double)?
        if handVelocity, let spring = timing as? SpringTimingParameters, spring.initialVelocity.dx == 0 && spring.initialVelocity.dy == 0 {
            // Progress per second relative to the distance left: the spring's unit of velocity.
            let distance = target - from
            let v = abs(distance) > 1e-9 ? lastProgressVelocity / distance : 0
            velocity = (v, v)
        }
        let run = ResolvedTiming(timing, duration: max(durationFactor * requestedDuration, 0), velocity: velocity)
        segment = Segment(timing: run, starts: groups.map(\.applied), startFraction: from, target: target)
    }
}

extension ResolvedTiming {
    /// The provider to rebuild this timing from (the fallback for custom curves).
    func curveProvider(fallback: any TimingCurveProvider) -> any TimingCurveProvider {
        switch curve {
        case let .cubic(c): return c
        case .spring, .custom: return fallback
        }
    }
}
