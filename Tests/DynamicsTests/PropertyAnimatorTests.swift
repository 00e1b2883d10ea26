import Dynamics
import Foundation
import Testing

@Suite("PropertyAnimator: the state table, time arithmetic, completions")
struct PropertyAnimatorTests {
    init() { DynamicsUsageError.isLoggingEnabled = false }

    /// A view at x = 0 and an animator moving it to x = 100 over `duration` with `curve`.
    func make(duration: TimeInterval = 1, curve: AnimationCurve = .linear) -> (PropertyAnimator, View, [ViewAnimatingPosition]) {
        let view = View(frame: CGRect(x: -10, y: -10, width: 20, height: 20))
        let animator = PropertyAnimator(duration: duration, curve: curve) { view.center = CGPoint(x: 100, y: 0) }
        return (animator, view, [])
    }

    func frames(_ animator: PropertyAnimator, seconds: Double, fps: Double = 60) {
        for _ in 0..<Int((seconds * fps).rounded()) { animator.step(by: 1 / fps) }
    }

    @Test("an animation block's changes are captured and undone until the animator plays them")
    func capture() {
        let (animator, view, _) = make()
        #expect(view.center == .zero)
        #expect(animator.state == .inactive && !animator.isRunning)
        animator.startAnimation()
        frames(animator, seconds: 0.5)
        #expect(abs(view.center.x - 50) < 1e-6)
        frames(animator, seconds: 0.5)
        #expect(view.center.x == 100)
        #expect(animator.state == .inactive)
    }

    @Test("easeInEaseOut at 0.25, 0.5 and 0.75 of the run gives 0.129162, 0.5 and 0.870838 of the change")
    func easeInOut() {
        let (animator, view, _) = make(duration: 1, curve: .easeInOut)
        animator.startAnimation()
        for (t, expected) in [(0.25, 12.9162), (0.5, 50.0), (0.75, 87.0838)] {
            frames(animator, seconds: t - Double(animator.fractionComplete), fps: 240)
            #expect(abs(view.center.x - expected) < 1e-3, "at \(t): \(view.center.x)")
        }
    }

    @Test("the state table: inactive row")
    func inactiveRow() {
        let (animator, view, _) = make()
        animator.stopAnimation(false)
        #expect(animator.state == .inactive && animator.lastUsageError == nil)
        animator.finishAnimation(at: .end)
        #expect(animator.lastUsageError?.argument == "finishAnimation(at:)")
        #expect(animator.lastUsageError?.rule.contains(".inactive") == true)
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        #expect(animator.lastUsageError?.argument.hasPrefix("continueAnimation") == true)
        animator.fractionComplete = 0.3
        #expect(animator.state == .active && !animator.isRunning)
        #expect(abs(view.center.x - 30) < 1e-9)
        let fresh = make().0
        fresh.pauseAnimation()
        #expect(fresh.state == .active && !fresh.isRunning && fresh.fractionComplete == 0)
    }

    @Test("the state table: active rows (running and paused)")
    func activeRows() {
        let (animator, view, _) = make()
        animator.startAnimation()
        frames(animator, seconds: 0.2)
        animator.startAnimation()
        #expect(animator.isRunning)
        animator.fractionComplete = 0.9
        #expect(abs(animator.fractionComplete - 0.2) < 1e-9)
        animator.pauseAnimation()
        #expect(animator.state == .active && !animator.isRunning)
        animator.pauseAnimation()
        #expect(animator.state == .active && !animator.isRunning && animator.lastUsageError == nil)
        frames(animator, seconds: 0.5)
        #expect(abs(view.center.x - 20) < 1e-6)
        animator.isInterruptible = false
        #expect(animator.lastUsageError?.argument == "isInterruptible" && animator.isInterruptible)
        animator.startAnimation(afterDelay: 0.25)
        frames(animator, seconds: 0.25)
        #expect(abs(view.center.x - 20) < 1e-6)
        frames(animator, seconds: 0.1)
        #expect(abs(view.center.x - 30) < 1e-6)
        animator.stopAnimation(true)
        #expect(animator.state == .inactive && abs(view.center.x - 30) < 1e-6)
    }

    @Test("the state table: stopped row; the animator is usable again after finishing")
    func stoppedRow() {
        var positions: [ViewAnimatingPosition] = []
        let (animator, view, _) = make()
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        frames(animator, seconds: 0.4)
        animator.stopAnimation(false)
        #expect(animator.state == .stopped && !animator.isRunning)
        let calls: [(String, () -> Void)] = [
            ("startAnimation()", { animator.startAnimation() }), ("pauseAnimation()", { animator.pauseAnimation() }),
            ("stopAnimation(_:)", { animator.stopAnimation(false) }), ("addAnimations(_:)", { animator.addAnimations {} }),
            ("startAnimation(afterDelay:)", { animator.startAnimation(afterDelay: 1) }),
        ]
        for (name, call) in calls {
            call()
            #expect(animator.lastUsageError?.argument == name)
            #expect(animator.lastUsageError?.rule.contains(".stopped") == true)
            #expect(animator.state == .stopped)
        }
        animator.isReversed = true
        #expect(!animator.isReversed)
        animator.finishAnimation(at: .current)
        #expect(animator.state == .inactive && positions == [.current])
        #expect(abs(view.center.x - 40) < 1e-6)
        // Usable again: new animations, a new run.
        animator.addAnimations { view.center = CGPoint(x: 0, y: 0) }
        animator.startAnimation()
        frames(animator, seconds: 1)
        #expect(view.center == .zero && positions == [.current])
    }

    @Test("completions run exactly once with the right position: end, start (reversed), and stopped before the first frame")
    func completions() {
        var positions: [ViewAnimatingPosition] = []
        let (a, _, _) = make()
        a.addCompletion { positions.append($0) }
        a.addCompletion { positions.append($0) }
        a.startAnimation()
        frames(a, seconds: 2)
        #expect(positions == [.end, .end])

        positions = []
        let (b, viewB, _) = make()
        b.addCompletion { positions.append($0) }
        b.isReversed = true
        b.startAnimation()
        frames(b, seconds: 1.5)
        #expect(positions == [.start] && viewB.center == .zero)

        positions = []
        let (c, viewC, _) = make()
        c.addCompletion { positions.append($0) }
        c.startAnimation()
        c.stopAnimation(false)
        c.finishAnimation(at: .end)
        c.finishAnimation(at: .end)
        #expect(positions == [.end] && viewC.center.x == 100)
    }

    @Test("reversing in flight turns round where it is: after 0.6 s of 1 s it takes 0.6 s back")
    func reverseArithmetic() {
        var positions: [ViewAnimatingPosition] = []
        let (animator, view, _) = make()
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        frames(animator, seconds: 0.6)
        animator.isReversed = true
        frames(animator, seconds: 0.55)
        #expect(positions.isEmpty && view.center.x > 0)
        frames(animator, seconds: 0.1)
        #expect(positions == [.start] && view.center.x == 0)
    }

    @Test("continueAnimation: the remaining time is durationFactor × duration, from wherever the values are")
    func continueArithmetic() {
        var positions: [ViewAnimatingPosition] = []
        let (animator, view, _) = make(duration: 1)
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        frames(animator, seconds: 0.5)
        animator.pauseAnimation()
        animator.continueAnimation(withTimingParameters: CubicTimingParameters(animationCurve: .linear), durationFactor: 2)
        frames(animator, seconds: 1)
        #expect(abs(view.center.x - 75) < 1e-6)
        frames(animator, seconds: 1.05)
        #expect(positions == [.end] && view.center.x == 100)
        #expect(animator.timingParameters is CubicTimingParameters)
    }

    @Test("scrubbing: linearly by default, along the curve without scrubsLinearly; resuming does not jump")
    func scrubbing() {
        let (linear, viewA, _) = make(curve: .easeInOut)
        linear.fractionComplete = 0.25
        #expect(abs(viewA.center.x - 25) < 1e-9)
        linear.startAnimation()
        linear.step(by: 1.0 / 1000)
        #expect(abs(viewA.center.x - 25) < 0.5)
        frames(linear, seconds: 1)
        #expect(viewA.center.x == 100)

        let (curved, viewB, _) = make(curve: .easeInOut)
        curved.scrubsLinearly = false
        curved.fractionComplete = 0.25
        #expect(abs(viewB.center.x - 12.9162) < 1e-3)
        curved.fractionComplete = 0.75
        #expect(abs(viewB.center.x - 87.0838) < 1e-3)
    }

    @Test("pausesOnCompletion keeps the animator active and paused at the end, with no completion; it can then run back")
    func pausesOnCompletion() {
        var positions: [ViewAnimatingPosition] = []
        let (animator, view, _) = make()
        animator.pausesOnCompletion = true
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        frames(animator, seconds: 1.2)
        #expect(animator.state == .active && !animator.isRunning && positions.isEmpty && view.center.x == 100)
        animator.isReversed = true
        animator.startAnimation()
        frames(animator, seconds: 1.2)
        #expect(view.center.x == 0 && animator.state == .active && positions.isEmpty)
        animator.stopAnimation(false)
        animator.finishAnimation(at: .start)
        #expect(positions == [.start])
    }

    @Test("addAnimations(delayFactor:): inactive, 0.5 of 2 s starts at 1 s; added at f 0.5 they run over the second half")
    func delayFactor() {
        let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let value = AnimatableValue(0.0)
        let animator = PropertyAnimator(duration: 2, curve: .linear)
        animator.addAnimations({ value.value = 10 }, delayFactor: 0.5)
        animator.startAnimation()
        frames(animator, seconds: 1)
        #expect(abs(value.value) < 1e-9)
        frames(animator, seconds: 0.5)
        #expect(abs(value.value - 5) < 1e-6)
        animator.addAnimations { view.alpha = 0 }
        frames(animator, seconds: 0.25)
        #expect(abs(view.alpha - 0.5) < 1e-6)
        frames(animator, seconds: 0.3)
        #expect(value.value == 10 && view.alpha == 0)
    }

    @Test("runningPropertyAnimator starts at once with the options' curve; bounds, transform and alpha animate")
    func running() {
        let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var done = false
        let animator = PropertyAnimator.runningPropertyAnimator(withDuration: 0.5, delay: 0.1, options: .curveLinear, animations: {
            view.bounds = CGRect(x: 0, y: 0, width: 30, height: 10)
            view.transform = CGAffineTransform(rotationAngle: .pi / 2)
            view.alpha = 0.5
        }, completion: { position in done = position == .end })
        #expect(animator.isRunning && animator.delay == 0.1)
        frames(animator, seconds: 0.35)
        #expect(abs(view.bounds.width - 20) < 1e-6 && abs(view.alpha - 0.75) < 1e-6)
        #expect(abs(atan2(view.transform.b, view.transform.a) - .pi / 4) < 1e-6)
        frames(animator, seconds: 0.3)
        #expect(done && view.bounds.width == 30)
    }

    @Test("velocity hand-off: a view leaving a linear 100 pt/s animation keeps 100 pt/s in a dynamic animator")
    func handOff() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let view = View(frame: CGRect(x: 0, y: 490, width: 20, height: 20))
        root.addSubview(view)
        let animator = PropertyAnimator(duration: 2, curve: .linear) { view.center = CGPoint(x: 210, y: 500) }
        animator.startAnimation()
        frames(animator, seconds: 1)
        let v = animator.velocity(ofCenterOf: view)
        #expect(abs(v.x - 100) < 0.5 && abs(v.y) < 1e-6)
        animator.stopAnimation(true)
        let dynamics = DynamicAnimator(referenceView: root)
        let settings = DynamicItemBehavior(items: [view])
        settings.resistance = 0
        settings.addLinearVelocity(v, for: view)
        dynamics.addBehavior(settings)
        dynamics.step(by: 1.0 / 60)
        #expect(abs(settings.linearVelocity(for: view).x - 100) < 0.5)
    }

    @Test("retargeting with a spring keeps the velocity the animation had")
    func springKeepsVelocity() {
        let value = AnimatableValue(0.0)
        let animator = PropertyAnimator(duration: 1, curve: .linear) { value.value = 100 }
        animator.startAnimation()
        frames(animator, seconds: 0.5, fps: 120)
        let before = value.value
        animator.step(by: 1.0 / 120)
        let speedBefore = (value.value - before) * 120
        animator.pauseAnimation()
        animator.continueAnimation(withTimingParameters: SpringTimingParameters(dampingRatio: 1), durationFactor: 1)
        let start = value.value
        animator.step(by: 1.0 / 1000)
        let speedAfter = (value.value - start) * 1000
        #expect(abs(speedAfter - speedBefore) / speedBefore < 0.05, "\(speedBefore) → \(speedAfter)")
        frames(animator, seconds: 1.2)
        #expect(value.value == 100)
    }
}
