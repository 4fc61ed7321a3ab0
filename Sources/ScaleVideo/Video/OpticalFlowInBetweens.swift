import CFFmpeg

/// `--motion flow`: in-between pictures of scale-video's own (the C++
/// FlowKernel over OpenCV, loaded as FlowLibrary): dense optical flow both
/// ways between the two pictures around the instant (DIS, on luma, on a grid
/// under 640 samples wide), both warped to it and blended by their distance
/// from it, each picture's part taken down where forward-backward consistency
/// says what it shows is hidden in the other. The flows of a pair are
/// computed once for all the pictures made between them; only the pair in
/// hand is held.
final class OpticalFlowInBetweens: InBetweenPictures {
    private let library: FlowLibrary
    private let kernel: OpaquePointer
    private let output: Frame
    /// The pair the kernel's flows are of.
    private var prepared: (Frame, Frame)?

    /// The in-betweens of the pictures `encoder` takes: planar YUV without alpha.
    init(picturesOf encoder: Encoder) throws {
        let context = encoder.codecContext.pointee
        guard let descriptor = av_pix_fmt_desc_get(context.pix_fmt), descriptor.pointee.nb_components == 3,
            descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_PLANAR) != 0
        else { throw FFmpegError(sv_averror(EINVAL), "--motion flow makes planar YUV pictures without alpha") }
        let depth = Int32(descriptor.pointee.comp.0.depth)
        library = try FlowLibrary.loaded()
        guard
            let kernel = library.new(
                context.width, context.height, Int32(descriptor.pointee.log2_chroma_w), Int32(descriptor.pointee.log2_chroma_h),
                depth > 8 ? 2 : 1, depth)
        else { throw FFmpegError(sv_averror(ENOMEM), "cannot make the optical flow") }
        self.kernel = kernel
        output = try Frame(width: context.width, height: context.height, format: context.pix_fmt)
    }

    deinit { library.free(kernel) }

    func picture(between a: Frame, and b: Frame, weight: Rational) throws -> Frame {
        if prepared.map({ $0.0 !== a || $0.1 !== b }) ?? true {
            let result = Self.planes(of: a) { aPlanes, aStrides in
                Self.planes(of: b) { bPlanes, bStrides in library.prepare(kernel, aPlanes, aStrides, bPlanes, bStrides) }
            }
            guard result == 0 else { throw FFmpegError(sv_averror(ENOMEM), "the optical flow failed") }
            prepared = (a, b)
        }
        try check(av_frame_make_writable(output.pointer), "av_frame_make_writable")
        let frame = output.pointer
        let out: [UnsafeMutablePointer<UInt8>?] = (0..<3).map { sv_frame_planes_mutable(frame)![$0] }
        let strides = (0..<3).map { sv_frame_linesizes(frame)![$0] }
        let result = library.interpolate(kernel, weight.doubleValue, out, strides)
        guard result == 0 else { throw FFmpegError(sv_averror(ENOMEM), "the optical flow failed") }
        return output
    }

    /// Calls `body` with the picture's three planes and their strides.
    private static func planes<Result>(
        of picture: Frame, _ body: (UnsafePointer<UnsafePointer<UInt8>?>, UnsafePointer<Int32>) -> Result
    ) -> Result {
        let frame = picture.pointer
        let data: [UnsafePointer<UInt8>?] = (0..<3).map { sv_frame_planes(frame)![$0] }
        let strides = (0..<3).map { sv_frame_linesizes(frame)![$0] }
        return body(data, strides)
    }
}
