/// The reusable task holders of every parallel stage of a step, created once per world.
final class StageTasks {
    let resetDeltas = KernelTask<ResetDeltasKernel>()
    /// The velocity integration's holders, one per carry (sub-steps carry differently).
    let integrateVelocities = CarryTasks()
    let integratePositions = KernelTask<IntegratePositionsKernel>()
    /// The contact passes' holders, one per pass (a program holds several passes at once).
    let contactPasses = PassTasks<ContactPassKernel>()
    let overflowPasses = PassTasks<OverflowPassKernel>()
    let smallColorPasses = PassTasks<SmallColorsPassKernel>()
    let storeWideImpulses = KernelTask<StoreWideImpulsesKernel>()
    let prepareWideBlocks = KernelTask<PrepareWideBlocksKernel>()
    let contactSplit = KernelTask<ContactSplitKernel>()
    let splitColoring = KernelTask<SplitColoringKernel>()
    let colorScatter = KernelTask<ColorScatterKernel>()
    let storeImpulses = KernelTask<StoreImpulsesKernel>()
    let narrowphase = KernelTask<NarrowphaseView>()
    let finalize = KernelTask<FinalizeView>()
    let fastBodySweeps = KernelTask<FastBodySweepKernel>()
    let segmentCrossings = KernelTask<SegmentCrossingView>()
    let fields = KernelTask<FieldKernel>()
    let prepareJoints = KernelTask<PrepareJointsKernel>()
    let jointPasses = JointPassTasks<JointPassKernel>()
    let preparePinBlocks = KernelTask<PrepareJointBlocksKernel<WidePinBlock>>()
    let pinPasses = JointPassTasks<PinPassKernel>()
    let storePinImpulses = KernelTask<StoreJointImpulsesKernel<WidePinBlock>>()
    let prepareDistanceBlocks = KernelTask<PrepareJointBlocksKernel<WideDistanceBlock>>()
    let distancePasses = JointPassTasks<DistancePassKernel>()
    let storeDistanceImpulses = KernelTask<StoreJointImpulsesKernel<WideDistanceBlock>>()
    let pairSearch = KernelTask<PairSearchKernel>()
    let newContacts = KernelTask<NewContactsKernel>()
    let proxyNodeCount = KernelTask<ProxyNodeCountKernel>()
    let proxyNodeScatter = KernelTask<ProxyNodeScatterKernel>()
    let bucketPlaces = KernelTask<BucketPlacesKernel>()
    let sleepLinks = KernelTask<SleepLinkKernel>()
    let keyComparison = KernelTask<KeyComparisonKernel>()
    let permuteBodies = KernelTask<CyclePieces<AwakeBodyRecords>>()
    let permuteContacts = KernelTask<CyclePieces<ContactRecords>>()
    let contactFirstBodies = KernelTask<ContactFirstBodiesKernel>()
}

/// One task holder per contact pass, so that a program can hold stages of every pass at once,
/// each holder with its pass's kernel.
final class PassTasks<Kernel: ChunkKernel> {
    let warmStart = KernelTask<Kernel>()
    let solve = KernelTask<Kernel>()
    let relax = KernelTask<Kernel>()
    let cappingRelax = KernelTask<Kernel>()
    let restitution = KernelTask<Kernel>()

    /// The holder of contact pass `pass`.
    func task(_ pass: ContactPass) -> KernelTask<Kernel> {
        switch pass {
        case .warmStart: warmStart
        case .solve: solve
        case .relax: relax
        case .cappingRelax: cappingRelax
        case .restitution: restitution
        }
    }
}

/// One task holder per joint pass and per whether it carries the warm start into the next
/// sub-step (`VelocityCarry`): the last sub-step's passes carry nothing on, while the program
/// holds the earlier sub-steps' too.
final class JointPassTasks<Kernel: ChunkKernel> {
    let warmStart = KernelTask<Kernel>(), solve = KernelTask<Kernel>(), relax = KernelTask<Kernel>()
    let carryingWarmStart = KernelTask<Kernel>(), carryingSolve = KernelTask<Kernel>()
    let carryingRelax = KernelTask<Kernel>()

    /// The holder of joint pass `pass`, carrying or not.
    func task(_ pass: JointPass, carrying: Bool) -> KernelTask<Kernel> {
        switch (pass, carrying) {
        case (.warmStart, false): warmStart
        case (.solve, false): solve
        case (.relax, false): relax
        case (.warmStart, true): carryingWarmStart
        case (.solve, true): carryingSolve
        case (.relax, true): carryingRelax
        }
    }
}

/// One velocity integration holder per `VelocityCarry`, so that a program can hold the sub-steps'
/// integrations at once, each with its own carry.
final class CarryTasks {
    let plain = KernelTask<IntegrateVelocitiesKernel>()
    let record = KernelTask<IntegrateVelocitiesKernel>()
    let applyAndRecord = KernelTask<IntegrateVelocitiesKernel>()
    let apply = KernelTask<IntegrateVelocitiesKernel>()

    /// The holder of the integrations with `carry`.
    func task(_ carry: VelocityCarry) -> KernelTask<IntegrateVelocitiesKernel> {
        switch (carry.contains(.apply), carry.contains(.record)) {
        case (false, false): plain
        case (false, true): record
        case (true, true): applyAndRecord
        case (true, false): apply
        }
    }
}
