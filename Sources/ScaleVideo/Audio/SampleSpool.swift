#if canImport(Glibc)
    import Glibc
#endif

/// Interleaved samples kept on disk rather than in memory, so that a map
/// that plays audio backwards (SPEC §13) can take them in any order in
/// bounded memory: written once as decoded, then read back a block at a
/// time. The file is made in the temporary folder (`TMPDIR`, else `/tmp`)
/// and unlinked at once, so nothing is left behind whatever happens.
final class SampleSpool<Sample: PCMSample> {
    let channels: Int
    private let descriptor: Int32
    /// Frames (a sample per channel) written so far.
    private(set) var count = 0
    private var frameBytes: Int { channels * MemoryLayout<Sample>.stride }

    init(channels: Int) throws {
        self.channels = channels
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/scale-video-audio.XXXXXX".utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw ScaleError.failed("cannot make a temporary file in \(folder) for the audio played backwards (\(Self.reason()))")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    }

    deinit { close(descriptor) }

    /// Appends interleaved frames.
    func append(_ samples: UnsafeBufferPointer<Sample>) throws {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        var offset = 0
        let bytes = samples.count * MemoryLayout<Sample>.stride
        while offset < bytes {
            let written = UnsafeRawPointer(base).withMemoryRebound(to: UInt8.self, capacity: bytes) {
                pwrite(descriptor, $0 + offset, bytes - offset, off_t(count * frameBytes + offset))
            }
            guard written > 0 else {
                throw ScaleError.failed("cannot write the audio played backwards to the temporary folder (\(Self.reason()))")
            }
            offset += written
        }
        count += samples.count / channels
    }

    /// Reads frames `range` into `buffer` (which holds at least that many),
    /// last first when `reversed`.
    func read(_ range: Range<Int>, reversed: Bool, into buffer: UnsafeMutableBufferPointer<Sample>) throws {
        let bytes = range.count * frameBytes
        var offset = 0
        while offset < bytes {
            let got = UnsafeMutableRawPointer(buffer.baseAddress!).withMemoryRebound(to: UInt8.self, capacity: bytes) {
                pread(descriptor, $0 + offset, bytes - offset, off_t(range.lowerBound * frameBytes + offset))
            }
            guard got > 0 else {
                throw ScaleError.failed("cannot read back the audio played backwards (\(Self.reason()))")
            }
            offset += got
        }
        guard reversed else { return }
        var low = 0
        var high = range.count - 1
        while low < high {
            for channel in 0..<channels { buffer.swapAt(low * channels + channel, high * channels + channel) }
            low += 1
            high -= 1
        }
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}

/// Where reading a spool along a plan's segments has got to: each segment
/// in turn, a block at a time, a reversed one from its end back.
struct SpoolCursor {
    private let segments: [AudioMapPlan.Segment]
    private var index = 0
    /// Frames of the current segment read so far.
    private var done = 0

    init(_ plan: AudioMapPlan) {
        segments = plan.segments
    }

    /// The next block of at most `maximum` frames and whether it is read
    /// last first; nil once every segment is read.
    mutating func next(maximum: Int) -> (range: Range<Int>, reversed: Bool)? {
        while index < segments.count, done >= segments[index].count {
            index += 1
            done = 0
        }
        guard index < segments.count else { return nil }
        let segment = segments[index]
        let taken = min(maximum, segment.count - done)
        defer { done += taken }
        if segment.isReversed {
            return ((segment.end - done - taken)..<(segment.end - done), true)
        }
        return ((segment.first + done)..<(segment.first + done + taken), false)
    }
}
