/// The audio lane for the chosen audio stream, scaling in the sample type
/// its encoding wants. `warn` is told of damaged packets and frames skipped.
func makeAudioLane(
    source: SourceInfo, request: ScaleRequest, alignment: AudioAlignment, available: Int, segments: AudioMapPlan,
    encoding: AudioEncoding,
    output: OutputFile, waveform: WaveformRecorder?, warn: @escaping (String) -> Void
) throws -> any ScalingLane {
    guard let index = source.audioStreamIndex else { throw ScaleError.failed("no audio stream") }
    let decoding = try StreamDecoder(path: request.input, streamIndex: index, kind: "audio", warn: warn)
    let parts = AudioLaneParts(
        decoding: decoding, encoding: encoding, source: source, request: request, alignment: alignment,
        available: available, segments: segments, output: output, waveform: waveform)
    switch encoding.family {
    case .int16: return try AudioLane<Int16>(parts)
    case .int24: return try AudioLane<Sample24>(parts)
    case .int32: return try AudioLane<Int32>(parts)
    case .float: return try AudioLane<Float>(parts)
    }
}

/// What an audio lane is built from.
struct AudioLaneParts {
    let decoding: StreamDecoder
    let encoding: AudioEncoding
    let source: SourceInfo
    let request: ScaleRequest
    let alignment: AudioAlignment
    /// How many lined-up samples the source holds, as the plan counted them.
    let available: Int
    /// Which lined-up samples become how many output samples.
    let segments: AudioMapPlan
    let output: OutputFile
    let waveform: WaveformRecorder?
}

/// Demux → decode → the scaler's sample type (swresample; averaged to one
/// channel for --mono) → progressive scaler (one segment for a constant
/// factor, the time map's segments along a map; tape-style, or keeping the
/// pitch with --keep-pitch) → encoder → muxer. Rate, and
/// without --mono channels and layout, are kept. Built on the job's thread,
/// then handed whole to its own queue (HandOff, in ScaleJob): never used from
/// two threads at once.
final class AudioLane<Sample: PCMSample>: ScalingLane {
    let encoding: AudioEncoding
    private let decoding: StreamDecoder
    private let track: EncodedTrack
    private let scaler: any AudioScaling<Sample>
    private let waveform: WaveformRecorder?
    /// Decoded frames as interleaved samples, and scaled samples as the encoder's frames.
    private let reader: SampleReader<Sample>
    private let writer: SampleWriter<Sample>
    private var merged: UnsafeMutableBufferPointer<Sample>
    private var written = 0
    /// Silent samples per channel still to put in front, or (negative) decoded ones still to drop.
    private var lead: Int
    private let available: Int

    init(_ parts: AudioLaneParts) throws {
        encoding = parts.encoding
        decoding = parts.decoding
        waveform = parts.waveform
        lead = parts.alignment.lead
        available = parts.available
        let rate = decoding.decoder.sampleRate
        let sourceLayout = try decoding.decoder.channelLayout()
        let layout = parts.request.mono ? ChannelLayout(channels: 1) : try ChannelLayout(copying: sourceLayout)
        let encoder = try encoding.makeEncoder(layout: layout, rate: rate, globalHeader: parts.output.wantsGlobalHeader)
        reader = SampleReader(layout: sourceLayout, rate: rate, family: encoding.family)
        writer = try SampleWriter(encoding: encoding, layout: layout, rate: rate)
        track = try EncodedTrack(encoder: encoder, output: parts.output, tags: parts.source.audioTags.carriedFromStream)
        let blockSize = encoder.audioFrameSize ?? 4096
        scaler =
            parts.request.keepPitch
            ? PitchStretcher(channels: layout.channels, rate: rate, plan: parts.segments, blockSize: blockSize)
            : MapAudioScaler(channels: layout.channels, plan: parts.segments, blockSize: blockSize)
        merged = .allocate(capacity: parts.request.mono ? 4096 : 0)
    }

    let lane = Lane.audio

    deinit { merged.deallocate() }

    /// Decoded samples go to the scaler until it has all it wants; each
    /// block it gives is encoded at once.
    func run(gate: LaneGate, progress: ProgressMeter) throws {
        defer { gate.finish(.audio) }
        let emit: (UnsafeBufferPointer<Sample>) throws -> Void = { try self.encode($0, gate: gate, progress: progress) }
        try pushSilentLead(emit: emit)
        while !scaler.isComplete {
            try gate.pass(.audio)
            guard let frame = try decoding.nextFrame() else {
                try checkReachedEnd()
                break
            }
            let samples = droppingLead(try converted(frame))
            try feed(samples, emit: emit)
        }
        waveform?.finishSource()
        try scaler.finish(emit: emit)
        try track.finish()
        gate.wrote(.audio, upTo: track.writtenUpTo)
    }

    /// The source's audio ended before the samples the plan counted on (an
    /// mp4/mov track cut short of the duration it declares), which would
    /// otherwise be scaled as silence.
    private func checkReachedEnd() throws {
        let missing = min(scaler.plan.sourceEnd, available) - scaler.received
        guard missing > 0 else { return }
        throw ScaleError.audioStopsEarly(missing: Double(missing) / Double(decoding.decoder.sampleRate))
    }

    /// What is left of `samples` once decoded samples still to drop before
    /// the video's start are dropped.
    private func droppingLead(_ samples: UnsafeBufferPointer<Sample>) -> UnsafeBufferPointer<Sample> {
        guard lead < 0 else { return samples }
        let dropped = min(-lead, samples.count / scaler.channels)
        lead += dropped
        return UnsafeBufferPointer(rebasing: samples[(dropped * scaler.channels)...])
    }

    /// Hands source samples to the scaler, and to the waveform those from
    /// where the scaler starts using them to where it stops taking them.
    private func feed(_ samples: UnsafeBufferPointer<Sample>, emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        let channels = scaler.channels
        let taken = min(samples.count / channels, scaler.wanted)
        guard taken > 0 else { return }
        let used = UnsafeBufferPointer(rebasing: samples[0..<(taken * channels)])
        let skipped = min(max(scaler.plan.sourceStart - scaler.received, 0), taken)
        waveform?.recordSource(UnsafeBufferPointer(rebasing: used[(skipped * channels)...]), channels: channels)
        try scaler.push(used, emit: emit)
    }

    /// Puts the silence that stands for the time between the first frame and
    /// a later start of the audio in front of it.
    private func pushSilentLead(emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        guard lead > 0 else { return }
        let silence = [Sample](repeating: .silence, count: 4096 * scaler.channels)
        while lead > 0 {
            let frames = min(lead, 4096)
            try silence.withUnsafeBufferPointer {
                try feed(UnsafeBufferPointer(rebasing: $0[0..<(frames * scaler.channels)]), emit: emit)
            }
            lead -= frames
        }
    }

    /// The frame's samples, interleaved in the scaler's type (and merged to
    /// one channel for --mono), valid until the next call.
    private func converted(_ frame: Frame) throws -> UnsafeBufferPointer<Sample> {
        let samples = try reader.samples(of: frame)
        let channels = reader.channels
        guard scaler.channels != channels else { return samples }
        let count = samples.count / channels
        Self.ensure(&merged, holds: count)
        ChannelMerge.average(samples, channels: channels, into: merged)
        return UnsafeBufferPointer(rebasing: merged[0..<count])
    }

    private static func ensure(_ buffer: inout UnsafeMutableBufferPointer<Sample>, holds count: Int) {
        guard count > buffer.count else { return }
        buffer.deallocate()
        buffer = .allocate(capacity: count)
    }

    /// Encodes one block of scaled interleaved frames.
    private func encode(_ samples: UnsafeBufferPointer<Sample>, gate: LaneGate, progress: ProgressMeter) throws {
        waveform?.recordScaled(samples, channels: scaler.channels)
        let frame = try writer.frame(samples, pts: Int64(written))
        written += samples.count / scaler.channels
        try track.encode(frame)
        gate.wrote(.audio, upTo: track.writtenUpTo)
        progress.update(.audio, Double(scaler.produced) / Double(scaler.length))
    }
}
