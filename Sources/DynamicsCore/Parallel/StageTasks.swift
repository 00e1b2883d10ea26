/// The reusable task holders of every parallel stage of a step, created once per world.
final class StageTasks {
    let resetDeltas = KernelTask<ResetDeltasKernel>()
    let integrateVelocities = KernelTask<IntegrateVelocitiesKernel>()
    let integratePositions = KernelTask<IntegratePositionsKernel>()
    let wideContactPass = KernelTask<ContactPassKernel>()
    let storeWideImpulses = KernelTask<StoreWideImpulsesKernel>()
    let prepareWideBlocks = KernelTask<PrepareWideBlocksKernel>()
    let storeImpulses = KernelTask<StoreImpulsesKernel>()
    let narrowphase = KernelTask<NarrowphaseView>()
    let finalize = KernelTask<FinalizeView>()
    let fields = KernelTask<FieldKernel>()
    let prepareJoints = KernelTask<PrepareJointsKernel>()
    let jointPass = KernelTask<JointPassKernel>()
    let preparePinBlocks = KernelTask<PreparePinBlocksKernel>()
    let pinPass = KernelTask<PinPassKernel>()
    let storePinImpulses = KernelTask<StorePinImpulsesKernel>()
    let pairSearch = KernelTask<PairSearchKernel>()
}
