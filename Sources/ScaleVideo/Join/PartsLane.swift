import Timing

/// The video of a film rendered in parts (SPEC §16), for the join: each
/// part's packets copied in part order into the output's one video stream
/// as they are (no picture is decoded or encoded), each frame placed at the
/// output frame it is of the whole render: its number in its part (from its
/// timestamp) plus the part's first frame. Decoding times count the packets
/// in the order the encoder gave them, as early as the parts' reordering
/// needs. Every part is read once first, to check it: it starts on a key
/// frame, holds each of its frames once, and was encoded with the first's
/// settings (the same codec header).
final class PartsLane: Lane {
    let stream: Stream
    private let output: OutputFile
    private let parts: [(path: String, first: Int)]
    private let fps: Rational
    private let timeBase: Rational
    private let frameCount: Int
    /// How many packets ahead of its frame the first is decoded: the most any packet is.
    private let delay: Int
    private let packet: Packet
    private var reading: OwnInput?
    private var next = 0
    /// Packets written so far.
    private(set) var packets = 0

    /// - Parameters:
    ///   - parts: each part's file and its first output frame, in order.
    ///   - plan: the whole render's video, whose frames the parts hold.
    init(parts: [(path: String, first: Int)], plan: VideoPlan, output: OutputFile) throws {
        self.parts = parts
        self.output = output
        fps = plan.fps
        guard let period = plan.fps.reciprocal else { throw ScaleError.impossibleTarget }
        timeBase = period
        frameCount = plan.frames
        packet = try Packet()
        var delay = 0
        var decoded = 0
        var first: OwnInput?
        for (index, part) in parts.enumerated() {
            let input = try Self.open(part.path)
            first = first ?? input
            let frames = try Self.frameNumbers(input, fps: plan.fps, path: part.path)
            let end = index + 1 < parts.count ? parts[index + 1].first : plan.frames
            guard frames.sorted() == Array(0..<(end - part.first)) else {
                throw ScaleError.failed("\(part.path) does not hold its frames \(part.first) to \(end - 1) once each")
            }
            guard input.stream.extradata == first?.stream.extradata else {
                throw ScaleError.failed("\(part.path) was encoded otherwise than \(parts[0].path) (its codec header differs)")
            }
            for (order, frame) in frames.enumerated() { delay = max(delay, decoded + order - (part.first + frame)) }
            decoded += frames.count
        }
        self.delay = delay
        guard let first else { throw ScaleError.failed("join: give the parts to join") }
        stream = try output.addStream(copying: first.stream, timeBase: timeBase, tags: plan.tags)
        stream.markPictures(frameRate: plan.fps, aspectRatio: first.stream.picture.aspectRatio, codecTag: plan.encoding.codecTag)
        let source = try OwnInput(path: plan.input, streamIndex: plan.source.streamIndex)
        if plan.picture.turn == nil { try source.stream.copyDisplayMatrix(to: stream) }
        if let hdr = plan.picture.hdr { try stream.add(hdr) }
    }

    /// The video stream of the part file at `path`, read alone.
    private static func open(_ path: String) throws -> OwnInput {
        let file = try InputFile(path: path)
        guard let video = file.bestVideoStream else { throw ScaleError.failed("\(path) holds no video") }
        return try OwnInput(path: path, streamIndex: video.index)
    }

    /// The number in its part of each packet's frame, in the order the
    /// packets come: its timestamp in frames of the output's rate, to the
    /// nearest (a part's timestamps are whole milliseconds in Matroska).
    private static func frameNumbers(_ input: OwnInput, fps: Rational, path: String) throws -> [Int] {
        let packet = try Packet()
        var numbers: [Int] = []
        while try input.read(into: packet) {
            if numbers.isEmpty && !packet.isKey { throw ScaleError.failed("\(path) does not start on a key frame") }
            guard let pts = packet.pts else { throw ScaleError.failed("\(path) has a frame without a time") }
            numbers.append(frameNumber(pts, timeBase: input.stream.timeBase, fps: fps))
        }
        return numbers
    }

    /// `pts` of `timeBase` in frames of `fps`, to the nearest.
    static func frameNumber(_ pts: Int64, timeBase: Rational, fps: Rational) -> Int {
        let numerator = Int128(pts) * Int128(timeBase.numerator) * Int128(fps.numerator)
        let denominator = Int128(timeBase.denominator) * Int128(fps.denominator)
        return Int((2 * numerator + denominator) / (2 * denominator))
    }

    func step(report: (LaneProgress) throws -> Void) throws -> Bool {
        while next < parts.count {
            if reading == nil { reading = try Self.open(parts[next].path) }
            guard let input = reading, try input.read(into: packet), let pts = packet.pts else {
                reading = nil
                next += 1
                continue
            }
            let frame = parts[next].first + Self.frameNumber(pts, timeBase: input.stream.timeBase, fps: fps)
            let decoded = packets - delay
            packet.retime(presented: Int64(frame), decoded: Int64(decoded), duration: 1)
            try output.write(packet, in: timeBase, to: stream)
            packets += 1
            try report(LaneProgress(writtenUpTo: Double(decoded + 1) * timeBase.doubleValue, done: Double(packets) / Double(frameCount)))
            return true
        }
        return false
    }
}
