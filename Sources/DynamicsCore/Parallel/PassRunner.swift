/// Something that runs a kernel over `0..<count` and returns when it is done: the world's
/// workers (`World.parallel`), or (in tests) the calling thread. A pass written against it, such
/// as `CellRuns.build(proxiesOf:…)`, can be tested without a world.
protocol PassRunner {
    func parallel<Kernel: ChunkKernel>(_ task: KernelTask<Kernel>, _ kernel: Kernel, count: Int, minimumChunk: Int)
}
