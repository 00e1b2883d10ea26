import CKernelSupport

/// What every block of four joints solved together keeps of its joints' prepared records: the
/// bodies, their inverse masses, the anchors and the centres' offset, lane by lane
/// (`WidePinBlock`, `WideDistanceBlock`).
struct WideJointFrame {
    /// Dense indices of the bodies (`SolverContext.restingIndex` for a lane without one).
    var indexA = SIMD4<Int32>(), indexB = SIMD4<Int32>()
    /// The joints' slots, to store the impulses back (−1 for an unused lane).
    var slot = SIMD4<Int32>(repeating: -1)
    var massA = Lanes(), inertiaA = Lanes(), massB = Lanes(), inertiaB = Lanes()
    var anchorAX = Lanes(), anchorAY = Lanes(), anchorBX = Lanes(), anchorBY = Lanes()
    var deltaCenterX = Lanes(), deltaCenterY = Lanes()

    init() {}

    /// Where the frame's fields lie in a block whose frame is at `frame`, for the C passes.
    static func layout<Block>(in frame: WritableKeyPath<Block, WideJointFrame>) -> dynamics_joint_frame_layout {
        func at(_ path: WritableKeyPath<WideJointFrame, some Any>) -> Int64 {
            Int64(MemoryLayout<Block>.offset(of: frame.appending(path: path))!)
        }
        return dynamics_joint_frame_layout(
            indexA: at(\.indexA), indexB: at(\.indexB), massA: at(\.massA), inertiaA: at(\.inertiaA),
            massB: at(\.massB), inertiaB: at(\.inertiaB), anchorAX: at(\.anchorAX), anchorAY: at(\.anchorAY),
            anchorBX: at(\.anchorBX), anchorBY: at(\.anchorBY), deltaCenterX: at(\.deltaCenterX),
            deltaCenterY: at(\.deltaCenterY))
    }

    /// The frame of the joints `read` reads.
    @inline(__always)
    init(_ read: WideJointReader, restingIndex: Int32) {
        indexA = read.index(restingIndex) { $0.pointee.denseA }
        indexB = read.index(restingIndex) { $0.pointee.denseB }
        slot = read.slots
        massA = read.lanes { $0.pointee.massA }; inertiaA = read.lanes { $0.pointee.inertiaA }
        massB = read.lanes { $0.pointee.massB }; inertiaB = read.lanes { $0.pointee.inertiaB }
        anchorAX = read.lanes { $0.pointee.anchorA.x }; anchorAY = read.lanes { $0.pointee.anchorA.y }
        anchorBX = read.lanes { $0.pointee.anchorB.x }; anchorBY = read.lanes { $0.pointee.anchorB.y }
        deltaCenterX = read.lanes { $0.pointee.deltaCenter.x }; deltaCenterY = read.lanes { $0.pointee.deltaCenter.y }
    }
}

/// Reads the fields of up to four prepared joints' records into lanes: the joints at `slots`,
/// `count` of them (1…4). Lanes past `count` read the first joint and are then emptied: no body,
/// no mass, zero in every field.
struct WideJointReader {
    private let r0, r1, r2, r3: UnsafePointer<JointRecord>
    private let used: SIMDMask<SIMD4<Int32>>
    /// The joints' slots, −1 for an unused lane.
    let slots: SIMD4<Int32>

    @inline(__always)
    init(_ records: UnsafePointer<JointRecord>, _ slots: UnsafePointer<Int32>, count: Int) {
        let s0 = slots[0], s1 = count > 1 ? slots[1] : s0, s2 = count > 2 ? slots[2] : s0, s3 = count > 3 ? slots[3] : s0
        r0 = records + Int(s0); r1 = records + Int(s1); r2 = records + Int(s2); r3 = records + Int(s3)
        used = SIMD4<Int32>(0, 1, 2, 3) .< Int32(count)
        self.slots = SIMD4<Int32>(s0, s1, s2, s3).replacing(with: -1, where: .!used)
    }

    /// A float field of each joint.
    @inline(__always)
    func lanes(_ value: (UnsafePointer<JointRecord>) -> Float) -> Lanes {
        Lanes(value(r0), value(r1), value(r2), value(r3)).replacing(with: 0, where: .!used)
    }

    /// A dense body index of each joint, `restingIndex` where it has none or the lane is unused.
    @inline(__always)
    func index(_ restingIndex: Int32, _ dense: (UnsafePointer<JointRecord>) -> Int32) -> SIMD4<Int32> {
        let d = SIMD4<Int32>(dense(r0), dense(r1), dense(r2), dense(r3))
        return d.replacing(with: restingIndex, where: d .< 0 .| .!used)
    }
}

/// A block of four joints of one kind, solved together; what the generic kernels that build the
/// blocks and store their impulses need of it.
protocol WideJointBlock {
    /// The block of up to four prepared joints at `slots` (`count` of them, 1…4).
    init(_ records: UnsafePointer<JointRecord>, _ slots: UnsafePointer<Int32>, count: Int, restingIndex: Int32)
    /// Writes the block's accumulated impulses back to its joints' records.
    static func storeImpulses(of block: UnsafePointer<Self>, into records: UnsafeMutablePointer<JointRecord>)
}
