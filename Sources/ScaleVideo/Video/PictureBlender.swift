import CFFmpeg

/// Blends pictures of the encoder's planar YUV format (8-bit, or up to 16
/// bits a sample) plane by plane and row by row, with Crossfade and
/// SampleMean: a crossfade of two, or the mean of a running sum. The result
/// is a frame it reuses once the encoder no longer holds it.
///
/// A sum of two 8-bit pictures is not made until a third is added: the mean
/// of two is their crossfade by 1/2, the same value to the bit
/// (`floor((2(a + b) + 2) / 4)` both), read in one pass and written once,
/// where a sum would be written and read again in 32 bits.
final class PictureBlender {
    private let output: Frame
    /// Each plane's width and height in samples.
    private let planes: [(width: Int, height: Int)]
    private let isWide: Bool
    /// The largest sample value of the format, e.g. 255 or 1023.
    private let largest: Int
    /// The running sum, plane by plane, made at the first mean.
    private var sums: [[UInt32]] = []
    /// The two 8-bit pictures of a sum not yet made.
    private var pair: (Frame, Frame)?

    /// A blender of the pictures `encoder` takes.
    init(picturesOf encoder: Encoder) throws {
        let context = encoder.codecContext.pointee
        let (width, height, format) = (context.width, context.height, context.pix_fmt)
        guard let descriptor = av_pix_fmt_desc_get(format), descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_PLANAR) != 0
        else { throw FFmpegError(sv_averror(EINVAL), "cannot blend pictures of this pixel format") }
        let info = descriptor.pointee
        let components = [info.comp.0, info.comp.1, info.comp.2, info.comp.3].prefix(Int(info.nb_components))
        let count = Int(components.map(\.plane).max() ?? 0) + 1
        planes = (0..<count).map { plane in
            let isChroma = plane == 1 || plane == 2
            let w = isChroma ? -((-Int(width)) >> Int(info.log2_chroma_w)) : Int(width)
            let h = isChroma ? -((-Int(height)) >> Int(info.log2_chroma_h)) : Int(height)
            return (w, h)
        }
        isWide = info.comp.0.depth > 8
        largest = (1 << Int(info.comp.0.depth)) - 1
        output = try Frame(width: width, height: height, format: format)
    }

    /// `(1 − weight) · a + weight · b`; valid until the next call.
    func crossfade(_ a: Frame, _ b: Frame, weight: Rational) throws -> Frame {
        guard let fade = Crossfade(weight: weight, largest: largest) else {
            throw FFmpegError(sv_averror(EINVAL), "cannot blend pictures by \(weight)")
        }
        try check(av_frame_make_writable(output.pointer), "av_frame_make_writable")
        for (plane, size) in planes.enumerated() {
            for y in 0..<size.height {
                if isWide {
                    fade.apply(row(a, plane, y) as UnsafeBufferPointer<UInt16>, row(b, plane, y), into: mutableRow(plane, y))
                } else {
                    fade.apply(row(a, plane, y) as UnsafeBufferPointer<UInt8>, row(b, plane, y), into: mutableRow(plane, y))
                }
            }
        }
        return output
    }

    /// Starts the running sum with `a` and `b`, which must not change until
    /// the mean (for 8-bit pictures, it only holds them until a third comes).
    func startSum(_ a: Frame, _ b: Frame) {
        if isWide {
            makeSum(a, b)
        } else {
            pair = (a, b)
        }
    }

    private func makeSum(_ a: Frame, _ b: Frame) {
        if sums.isEmpty { sums = planes.map { [UInt32](repeating: 0, count: $0.width * $0.height) } }
        for (plane, size) in planes.enumerated() {
            sums[plane].withUnsafeMutableBufferPointer { sum in
                for y in 0..<size.height {
                    let into = UnsafeMutableBufferPointer(rebasing: sum[y * size.width..<(y + 1) * size.width])
                    if isWide {
                        SampleMean.start(row(a, plane, y) as UnsafeBufferPointer<UInt16>, row(b, plane, y), into: into)
                    } else {
                        SampleMean.start(row(a, plane, y) as UnsafeBufferPointer<UInt8>, row(b, plane, y), into: into)
                    }
                }
            }
        }
    }

    /// Adds `a` to the running sum.
    func add(_ a: Frame) {
        if let (first, second) = pair {
            makeSum(first, second)
            pair = nil
        }
        for (plane, size) in planes.enumerated() {
            sums[plane].withUnsafeMutableBufferPointer { sum in
                for y in 0..<size.height {
                    let into = UnsafeMutableBufferPointer(rebasing: sum[y * size.width..<(y + 1) * size.width])
                    if isWide {
                        SampleMean.add(row(a, plane, y) as UnsafeBufferPointer<UInt16>, into: into)
                    } else {
                        SampleMean.add(row(a, plane, y) as UnsafeBufferPointer<UInt8>, into: into)
                    }
                }
            }
        }
    }

    /// The mean of the `count` pictures in the running sum; valid until the next call.
    func mean(count: Int) throws -> Frame {
        if let (a, b) = pair {
            pair = nil
            guard count == 2 else { throw FFmpegError(sv_averror(ERANGE), "cannot average \(count) pictures from two") }
            return try crossfade(a, b, weight: Rational(1, 2)!)
        }
        guard let mean = SampleMean(count: count, largest: isWide ? Int(UInt16.max) : largest) else {
            throw FFmpegError(sv_averror(ERANGE), "cannot average \(count) pictures")
        }
        try check(av_frame_make_writable(output.pointer), "av_frame_make_writable")
        for (plane, size) in planes.enumerated() {
            sums[plane].withUnsafeBufferPointer { sum in
                for y in 0..<size.height {
                    let from = UnsafeBufferPointer(rebasing: sum[y * size.width..<(y + 1) * size.width])
                    if isWide {
                        mean.apply(from, into: mutableRow(plane, y) as UnsafeMutableBufferPointer<UInt16>)
                    } else {
                        mean.apply(from, into: mutableRow(plane, y) as UnsafeMutableBufferPointer<UInt8>)
                    }
                }
            }
        }
        return output
    }

    /// Row `y` of `plane` of `picture`, as samples of type T.
    private func row<T>(_ picture: Frame, _ plane: Int, _ y: Int) -> UnsafeBufferPointer<T> {
        let frame = picture.pointer
        let start = sv_frame_planes(frame)[plane]! + y * Int(sv_frame_linesizes(frame)[plane])
        return UnsafeBufferPointer(start: UnsafeRawPointer(start).assumingMemoryBound(to: T.self), count: planes[plane].width)
    }

    private func mutableRow<T>(_ plane: Int, _ y: Int) -> UnsafeMutableBufferPointer<T> {
        let frame = output.pointer
        let start = sv_frame_planes_mutable(frame)[plane]! + y * Int(sv_frame_linesizes(frame)[plane])
        return UnsafeMutableBufferPointer(
            start: UnsafeMutableRawPointer(start).assumingMemoryBound(to: T.self), count: planes[plane].width)
    }
}
