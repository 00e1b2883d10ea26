import Foundation

extension PropertyAnimator {
    /// Advances a running animator by `frameDuration` seconds (a delay first, then the run) and
    /// writes the animated values; finishes it at the end. Does nothing unless running.
    public func step(by frameDuration: TimeInterval) {
        guard frameDuration.isFinite && frameDuration >= 0 else {
            return refuse("frameDuration", "must be finite and >= 0, got \(frameDuration)")
        }
        guard state == .active && isRunning else { return }
        var dt = frameDuration
        if delayRemaining > 0 {
            let used = min(delayRemaining, dt)
            delayRemaining -= used
            dt -= used
            if delayRemaining > 0 { return }
        }
        let before = fractionForSegment()
        if var s = segment {
            s.elapsed += dt
            segment = s
            applySegment()
            if s.elapsed >= s.timing.duration { return arriveAtEnd() }
        } else {
            time += reversed ? -dt : dt
            if time >= duration || time <= 0 || duration == 0 {
                time = reversed ? 0 : duration
                applyTimeline()
                return arriveAtEnd()
            }
            applyTimeline()
        }
        if dt > 0 { lastProgressVelocity = (fractionForSegment() - before) / dt }
    }

    /// Writes every group's values for the timeline's time.
    func applyTimeline() {
        let f = duration > 0 ? time / duration : 1
        for i in groups.indices {
            let p = resolved.progress(groups[i].local(f))
            groups[i].apply(p.x, p.y)
        }
    }

    /// Writes every group's values for the continuation's time.
    func applySegment() {
        guard let s = segment else { return }
        let run = s.timing.duration
        let p = s.timing.progress(run > 0 ? min(s.elapsed / run, 1) : 1)
        for i in groups.indices where i < s.starts.count {
            let start = s.starts[i]
            groups[i].apply(start.x + (s.target - start.x) * p.x, start.y + (s.target - start.y) * p.y)
        }
    }

    /// The run reached its end (or its start, reversed).
    func arriveAtEnd() {
        let position: ViewAnimatingPosition = reversed ? .start : .end
        let exact: Double = reversed ? 0 : 1
        for i in groups.indices { groups[i].apply(exact, exact) }
        lastProgressVelocity = 0
        if pausesOnCompletion {
            setRunning(false)
            return
        }
        finish(at: position)
    }

    /// Places the values, runs each completion once, and returns to inactive.
    func finish(at position: ViewAnimatingPosition) {
        switch position {
        case .end: for i in groups.indices { groups[i].apply(1, 1) }
        case .start: for i in groups.indices { groups[i].apply(0, 0) }
        case .current: break
        }
        setRunning(false)
        let handlers = completions
        completions.removeAll()
        reset()
        for handler in handlers { handler(position) }
    }

    /// Back to a fresh inactive animator: no animations, the original timing, time 0.
    func reset() {
        groups.removeAll()
        state = .inactive
        segment = nil
        scrubbed = false
        time = 0
        delayRemaining = 0
        delay = 0
        timingParameters = originalTiming
        lastProgressVelocity = 0
    }

    /// The velocity (points per second) at which the animator is moving `view`'s center now: hand it
    /// to a `DynamicItemBehavior` when the view leaves the animator for a dynamic animator.
    public func velocity(ofCenterOf view: View) -> CGPoint {
        let key = TrackKey(object: ObjectIdentifier(view), property: "center")
        guard state == .active, let g = groups.firstIndex(where: { $0.tracks.contains { $0.key == key } }),
              let track = groups[g].tracks.first(where: { $0.key == key }) else { return .zero }
        let rate = lastProgressVelocity
        // d(center)/dt = d(center)/d(progress) · d(progress)/dt, with the track's progress slope
        // measured over a small step of the run.
        let f = fractionForSegment(), h = 1e-4
        let now = groups[g].applied
        let ahead = progressOf(group: g, at: min(f + h, 1.5))
        guard let p0 = track.evaluate(now.x, now.y) as? CGPoint, let p1 = track.evaluate(ahead.x, ahead.y) as? CGPoint else { return .zero }
        return CGPoint(x: (p1.x - p0.x) / CGFloat(h) * CGFloat(rate), y: (p1.y - p0.y) / CGFloat(h) * CGFloat(rate))
    }

    /// A group's progress at run fraction `f` on the timeline (or the continuation).
    private func progressOf(group g: Int, at f: Double) -> (x: Double, y: Double) {
        if let s = segment {
            let span = s.target - s.startFraction
            let u = abs(span) > 1e-12 ? (f - s.startFraction) / span : 1
            let p = s.timing.progress(u)
            let start = s.starts[g]
            return (start.x + (s.target - start.x) * p.x, start.y + (s.target - start.y) * p.y)
        }
        return resolved.progress(groups[g].local(f))
    }
}
