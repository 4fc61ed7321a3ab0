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
        let picture = encoder.picture
        guard let planes = picture.format.planeSizes(width: Int(picture.width), height: Int(picture.height)) else {
            throw FFmpegError.invalid("cannot blend pictures of this pixel format")
        }
        self.planes = planes
        isWide = picture.format.depth > 8
        largest = (1 << picture.format.depth) - 1
        output = try Frame(width: picture.width, height: picture.height, format: picture.format)
    }

    /// `(1 − weight) · a + weight · b`; valid until the next call.
    func crossfade(_ a: Frame, _ b: Frame, weight: Rational) throws -> Frame {
        guard let fade = Crossfade(weight: weight, largest: largest) else {
            throw FFmpegError.invalid("cannot blend pictures by \(weight)")
        }
        try output.makeWritable()
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
            guard count == 2 else { throw FFmpegError.outOfRange("cannot average \(count) pictures from two") }
            return try crossfade(a, b, weight: Rational(1, 2)!)
        }
        guard let mean = SampleMean(count: count, largest: isWide ? Int(UInt16.max) : largest) else {
            throw FFmpegError.outOfRange("cannot average \(count) pictures")
        }
        try output.makeWritable()
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
        picture.row(plane, y, count: planes[plane].width)
    }

    private func mutableRow<T>(_ plane: Int, _ y: Int) -> UnsafeMutableBufferPointer<T> {
        output.mutableRow(plane, y, count: planes[plane].width)
    }
}
