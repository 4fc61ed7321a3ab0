import Dispatch

/// `--motion flow`: in-between pictures of scale-video's own (the C++
/// FlowKernel over OpenCV, loaded as FlowLibrary): dense optical flow both
/// ways between the two pictures around the instant (a dense inverse search
/// of its own, on luma, on a grid half the picture's size, a quarter from
/// 2560 samples long), both
/// warped to it along the motion their own points carry there (each
/// picture's points moved along their flow to the instant, the one seen most
/// in the other keeping its motion where it lands), and blended by their
/// distance from it, each picture's part
/// taken down where forward-backward consistency says what it shows is
/// hidden in the other; taken towards the crossfade where the warped
/// pictures disagree more than the two pictures do, and what stands still in
/// both shown as it stands. Across a cut (the kernel finds most of the first
/// picture neither in the second nor matched there) no in-between is made:
/// the nearer picture is shown, the later one halfway. The flows of a pair are
/// computed once for all the pictures made between them, on a thread of
/// their own, so that the next pair's are found (when the PictureStage names
/// it ahead) while the pictures of the last are made; two pairs are held.
final class OpticalFlowInBetweens: InBetweenPictures {
    private let library: FlowLibrary
    private let kernel: OpaquePointer
    private let output: Frame
    private let cuts: SceneCuts
    /// Finds the pairs' flows, one pair at a time.
    private let worker = DispatchQueue(label: "scale-video.flow")
    /// The pairs whose flows are found or being found, oldest first.
    private var pairs: [FlowPair] = []
    /// The kernel's pairs not in use.
    private var spare: [OpaquePointer] = []

    /// The in-betweens of the pictures `encoder` takes: planar YUV without
    /// alpha; each cut found is counted in `cuts`.
    init(picturesOf encoder: Encoder, cuts: SceneCuts) throws {
        self.cuts = cuts
        let picture = encoder.picture
        guard picture.format.isPlanarWithoutAlpha else {
            throw FFmpegError.invalid("--motion flow makes planar YUV pictures without alpha")
        }
        let depth = Int32(picture.format.depth)
        let shift = picture.format.chromaShift
        library = try FlowLibrary.loaded()
        guard let kernel = library.new(picture.width, picture.height, shift.width, shift.height, depth > 8 ? 2 : 1, depth) else {
            throw FFmpegError.outOfMemory("cannot make the optical flow")
        }
        self.kernel = kernel
        output = try Frame(width: picture.width, height: picture.height, format: picture.format)
    }

    deinit {
        worker.sync {}
        for pair in pairs.map(\.pair) + spare { library.freePair(pair) }
        library.free(kernel)
    }

    var looksAhead: Bool { true }

    func prepare(ahead a: Frame, _ b: Frame) throws {
        _ = try pair(a, b)
    }

    func picture(between a: Frame, and b: Frame, weight: Rational) throws -> Frame {
        let pair = try pair(a, b)
        pair.done.wait()
        guard pair.result == 0 else { throw FFmpegError.outOfMemory("the optical flow failed") }
        if pair.cut == nil {
            let cut = library.isCut(pair.pair) != 0
            if cut { cuts.add() }
            pair.cut = cut
        }
        if pair.cut == true { return weight < Rational(1, 2)! ? a : b }
        try output.makeWritable()
        let result = library.interpolate(kernel, pair.pair, weight.doubleValue, output.mutablePlanes, output.strides)
        guard result == 0 else { throw FFmpegError.outOfMemory("the optical flow failed") }
        return output
    }

    /// The pair of `a` and `b`, its flows found or being found: if it is not
    /// held, the older of two held is let go (once its flows are found) and
    /// the worker set to find the new pair's, holding the frames until it has.
    private func pair(_ a: Frame, _ b: Frame) throws -> FlowPair {
        if let held = pairs.first(where: { $0.a === a && $0.b === b }) { return held }
        if pairs.count == 2 {
            let oldest = pairs.removeFirst()
            oldest.done.wait()
            spare.append(oldest.pair)
        }
        guard let kernelPair = spare.popLast() ?? library.newPair() else {
            throw FFmpegError.outOfMemory("cannot make the optical flow")
        }
        let pair = FlowPair(a: a, b: b, pair: kernelPair)
        pairs.append(pair)
        let job = HandOff((library, kernel, pair, a, b))
        worker.async {
            let (library, kernel, pair, a, b) = job.value
            pair.result = library.prepare(kernel, pair.pair, a.planes, a.strides, b.planes, b.strides)
            pair.done.leave()
        }
        return pair
    }
}

/// Two frames and the kernel's pair their flows are found in: `done` is
/// left once they are, with the kernel's `result`; `cut` is asked of the
/// kernel when the pair is first used. The frames are held while their flows
/// are found, then only by those that ask for their pictures (the PictureStage
/// lets a frame go once no step names it).
private final class FlowPair {
    weak var a: Frame?, b: Frame?
    let pair: OpaquePointer
    let done = DispatchGroup()
    var result: Int32 = -1
    var cut: Bool?

    init(a: Frame, b: Frame, pair: OpaquePointer) {
        self.a = a
        self.b = b
        self.pair = pair
        done.enter()
    }
}
