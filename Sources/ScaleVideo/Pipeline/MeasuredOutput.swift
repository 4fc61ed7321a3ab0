import CFFmpeg

/// What a written file holds, read back from the file itself: a script can
/// check the exact-duration promise without another tool.
public struct MeasuredOutput: Sendable, Equatable {
    /// Video packets in the file, one per frame.
    public let videoFrames: Int
    /// From the first frame's presentation time to the end of the last, seconds.
    public let videoDuration: Double
    /// Audio samples per channel as a player presents them: decoded, less the
    /// encoder's priming and padding the container marks; 0 without audio.
    public let audioSamples: Int
    /// `audioSamples` over the sample rate; 0 without audio.
    public let audioDuration: Double
    /// Audio duration less video duration; nil without audio or without video.
    public var avDrift: Double? { audioSamples > 0 && videoFrames > 0 ? audioDuration - videoDuration : nil }

    public init(videoFrames: Int, videoDuration: Double, audioSamples: Int, audioDuration: Double) {
        self.videoFrames = videoFrames
        self.videoDuration = videoDuration
        self.audioSamples = audioSamples
        self.audioDuration = audioDuration
    }

    /// Reads the movie at `path`: demuxes the video, decodes the audio.
    /// `isCancelled` is asked between packets.
    init(path: String, isCancelled: () -> Bool) throws {
        let input = try InputFile(path: path)
        var video = VideoSpan(stream: input.bestStream(AVMEDIA_TYPE_VIDEO))
        var audio = try input.bestStream(AVMEDIA_TYPE_AUDIO).map { try AudioCount(stream: $0) }
        let packet = try Packet()
        while try input.read(into: packet) {
            if isCancelled() { throw ScaleError.cancelled }
            if packet.streamIndex == video.index { video.add(packet.pointer.pointee) }
            if packet.streamIndex == audio?.index { try audio?.add(packet) }
        }
        try audio?.finish()
        videoFrames = video.frames
        videoDuration = video.duration
        audioSamples = audio?.presented ?? 0
        audioDuration = audio.map { Double($0.presented) / Double($0.rate) } ?? 0
    }
}

/// The frames and presentation span of a video stream's packets.
private struct VideoSpan {
    let index: Int32?
    let timeBase: Double
    private(set) var frames = 0
    private var start = Int64.max
    private var end = Int64.min
    private var lastStart = Int64.min

    init(stream: UnsafeMutablePointer<AVStream>?) {
        index = stream?.pointee.index
        timeBase = stream.map { av_q2d($0.pointee.time_base) } ?? 0
    }

    mutating func add(_ packet: AVPacket) {
        frames += 1
        guard packet.pts != SV_NOPTS_VALUE else { return }
        start = min(start, packet.pts)
        lastStart = max(lastStart, packet.pts)
        end = max(end, packet.pts + max(packet.duration, 0))
    }

    /// Seconds; a last packet without a duration lasts as long as the average frame.
    var duration: Double {
        guard frames > 0, start <= lastStart else { return 0 }
        var ticks = Double(end - start)
        if end == lastStart && frames > 1 { ticks = Double(lastStart - start) * Double(frames) / Double(frames - 1) }
        return ticks * timeBase
    }
}

/// The decoded samples of an audio stream, bounded by the end the container
/// gives when its time base counts samples.
private struct AudioCount {
    let index: Int32
    let rate: Int32
    private let decoder: Decoder
    private let frame: Frame
    private let countsSamples: Bool
    private var decoded = 0
    private var start: Int64?
    private var end = Int64.min

    init(stream: UnsafeMutablePointer<AVStream>) throws {
        index = stream.pointee.index
        decoder = try Decoder(stream: stream)
        rate = decoder.codecContext.pointee.sample_rate
        frame = try Frame()
        let base = stream.pointee.time_base
        countsSamples = base.num == 1 && base.den == rate
    }

    mutating func add(_ packet: Packet) throws {
        let fields = packet.pointer.pointee
        if fields.pts != SV_NOPTS_VALUE {
            if start == nil { start = fields.pts + Self.skippedSamples(packet) }
            end = max(end, fields.pts + fields.duration)
        }
        try decoder.send(packet)
        try drain()
    }

    mutating func finish() throws {
        try decoder.send(nil)
        try drain()
    }

    /// What a player presents: the decoded samples, less trailing padding
    /// past the end the container marks.
    var presented: Int {
        guard countsSamples, let start, end > start else { return decoded }
        return min(decoded, Int(end - start))
    }

    private mutating func drain() throws {
        while try decoder.receive(into: frame) == .value {
            decoded += Int(frame.pointer.pointee.nb_samples)
            frame.unref()
        }
    }

    /// The priming samples the container tells the decoder to drop.
    private static func skippedSamples(_ packet: Packet) -> Int64 {
        var size = 0
        guard let data = av_packet_get_side_data(packet.pointer, AV_PKT_DATA_SKIP_SAMPLES, &size), size >= 4 else {
            return 0
        }
        return Int64(UnsafeRawPointer(data).loadUnaligned(as: UInt32.self).littleEndian)
    }
}
