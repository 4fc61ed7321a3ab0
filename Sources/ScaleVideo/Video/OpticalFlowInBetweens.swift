/// `--motion flow`: in-between pictures of scale-video's own (the C++
/// FlowKernel over OpenCV, loaded as FlowLibrary): dense optical flow both
/// ways between the two pictures around the instant (DIS, on luma, at full
/// size up to 640 samples wide, else on a grid under 640 samples wide), both
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
/// computed once for all the pictures made between them; only the pair in
/// hand is held.
final class OpticalFlowInBetweens: InBetweenPictures {
    private let library: FlowLibrary
    private let kernel: OpaquePointer
    private let output: Frame
    /// The pair the kernel's flows are of, and whether it is a cut.
    private var prepared: (a: Frame, b: Frame, cut: Bool)?
    private let cuts: SceneCuts

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

    deinit { library.free(kernel) }

    func picture(between a: Frame, and b: Frame, weight: Rational) throws -> Frame {
        if prepared.map({ $0.a !== a || $0.b !== b }) ?? true {
            let result = library.prepare(kernel, a.planes, a.strides, b.planes, b.strides)
            guard result == 0 else { throw FFmpegError.outOfMemory("the optical flow failed") }
            let cut = library.isCut(kernel) != 0
            if cut { cuts.add() }
            prepared = (a, b, cut)
        }
        if prepared?.cut == true { return weight < Rational(1, 2)! ? a : b }
        try output.makeWritable()
        let result = library.interpolate(kernel, weight.doubleValue, output.mutablePlanes, output.strides)
        guard result == 0 else { throw FFmpegError.outOfMemory("the optical flow failed") }
        return output
    }
}
