import CFFmpeg

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
        if input.storesSamplesContiguously, input.bestStream(AVMEDIA_TYPE_VIDEO) == nil,
            let stream = input.bestStream(AVMEDIA_TYPE_AUDIO),
            let sound = try StreamDecoder(path: path, streamIndex: stream.index, kind: "audio").countWithoutDecoding()
        {
            let rate = Double(stream.pointer.pointee.codecpar.pointee.sample_rate)
            measured = MeasuredOutput(
                videoFrames: 0, videoDuration: 0, audioSamples: sound.count, audioDuration: Double(sound.count) / rate)
            return
        }
        let videoStream = input.bestStream(AVMEDIA_TYPE_VIDEO)
        var video = PacketSpan(timeBase: videoStream?.timeBase ?? .zero)
        var audio = try input.bestStream(AVMEDIA_TYPE_AUDIO).map { try AudioCount(stream: $0) }
        let packet = try Packet()
        while try input.read(into: packet) {
            if isCancelled() { throw ScaleError.cancelled }
            if packet.streamIndex == videoStream?.index { video.add(packet) }
            if packet.streamIndex == audio?.index { try audio?.add(packet) }
        }
        try audio?.finish()
        measured = MeasuredOutput(
            videoFrames: video.frames, videoDuration: video.duration?.doubleValue ?? 0, audioSamples: audio?.presented ?? 0,
            audioDuration: audio.map { Double($0.presented) / Double($0.rate) } ?? 0)
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
        let base = stream.pointer.pointee.time_base
        countsSamples = base.num == 1 && base.den == rate
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
