
/// A written file read back: what it holds.
struct OutputReadBack {
    let measured: MeasuredOutput

    /// Reads the movie at `path`: demuxes the video, decodes the audio.
    /// `isCancelled` is asked between packets. A WAV or AIFF file of PCM
    /// sound alone is counted as such a source is (its samples lie one after
    /// another): from its first packet's place to the end of the data its
    /// header declares, or of the file if it is shorter.
    init(path: String, isCancelled: () -> Bool) throws {
        let input = try InputFile(path: path)
        // A cover picture is a video stream too, but not the movie's video.
        let videoStream = input.streams.first { $0.kind == .video }
        let audioStreams = input.streams.filter(\.isAudio)
        if input.storesSamplesContiguously, videoStream == nil, let stream = audioStreams.first,
            let sound = try StreamDecoder(path: path, streamIndex: stream.index, kind: "audio").countWithoutDecoding()
        {
            let rate = Double(stream.sampleRate)
            measured = MeasuredOutput(
                videoFrames: 0, videoDuration: 0, audioTracks: [.init(samples: sound.count, duration: Double(sound.count) / rate)])
            return
        }
        var video = PacketSpan(timeBase: videoStream?.timeBase ?? .zero)
        var audio = try audioStreams.map { try AudioCount(stream: $0) }
        let packet = try Packet()
        while try input.read(into: packet) {
            if isCancelled() { throw ScaleError.cancelled }
            if packet.streamIndex == videoStream?.index { video.add(packet) }
            if let track = audio.firstIndex(where: { $0.index == packet.streamIndex }) { try audio[track].add(packet) }
        }
        for track in audio.indices { try audio[track].finish() }
        measured = MeasuredOutput(
            videoFrames: video.frames, videoDuration: video.duration?.doubleValue ?? 0,
            audioTracks: audio.map { .init(samples: $0.presented, duration: Double($0.presented) / Double($0.rate)) })
    }
}

/// The decoded samples of an audio stream, bounded by the end the container
/// gives when its time base counts samples. PCM is counted from its
/// packets' sizes, without decoding.
private struct AudioCount {
    let index: Int32
    let rate: Int32
    private let decoder: Decoder
    private let frame: Frame
    private let countsSamples: Bool
    /// Bytes per sample of every channel when the codec is PCM.
    private let pcmFrameBytes: Int?
    private var decoded = 0
    private var start: Int64?
    private var end = Int64.min

    init(stream: Stream) throws {
        index = stream.index
        decoder = try Decoder(stream: stream)
        rate = Int32(decoder.sampleRate)
        frame = try Frame()
        pcmFrameBytes = decoder.pcmFrameBytes
        countsSamples = stream.timeBase == Rational(1, Int64(rate))
    }

    mutating func add(_ packet: Packet) throws {
        if let pts = packet.pts {
            if start == nil { start = pts + packet.skippedSamples }
            end = max(end, pts + packet.duration)
        }
        if let frameBytes = pcmFrameBytes {
            decoded += packet.bytes.count / frameBytes
            return
        }
        try decoder.send(packet)
        try drain()
    }

    mutating func finish() throws {
        guard pcmFrameBytes == nil else { return }
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
            decoded += frame.sampleCount
            frame.unref()
        }
    }
}
