import CFFmpeg

/// What the job runs of an audio lane, whatever sample type it scales in.
protocol AudioLaneRunning: AnyObject, Sendable {
    /// Samples per encoded packet for a compressed codec; 0 for PCM.
    var frameSize: Int { get }
    var encoding: AudioEncoding { get }
    func run(gate: LaneGate, progress: ProgressMeter, warn: (String) -> Void) throws
}

/// The audio lane for the chosen audio stream, scaling in the sample type
/// its encoding wants.
func makeAudioLane(
    source: SourceInfo, request: ScaleRequest, alignment: AudioAlignment, length: Int, output: OutputFile,
    waveform: WaveformRecorder?
) throws -> any AudioLaneRunning {
    guard let index = source.audioStreamIndex else { throw ScaleError.failed("no audio stream") }
    let decoding = try StreamDecoder(path: request.input, streamIndex: index, kind: "audio")
    let context = decoding.decoder.codecContext.pointee
    let encoding = AudioEncoding(
        codec: request.audioCodec, container: OutputContainer(path: request.output),
        source: SampleFamily(format: context.sample_fmt, bitsPerRawSample: context.bits_per_raw_sample))
    let parts = AudioLaneParts(
        decoding: decoding, encoding: encoding, source: source, request: request, alignment: alignment, length: length,
        output: output, waveform: waveform)
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
    let length: Int
    let output: OutputFile
    let waveform: WaveformRecorder?
}

/// Demux → decode → the scaler's sample type (swresample; averaged to one
/// channel for --mono) → progressive scaler → encoder → muxer. Rate, and
/// without --mono channels and layout, are kept. Built on the job's thread,
/// then handed whole to its own queue: never used from two threads at once.
final class AudioLane<Sample: PCMSample>: AudioLaneRunning, @unchecked Sendable {
    let encoding: AudioEncoding
    private let decoding: StreamDecoder
    private let encoder: Encoder
    private let outputStream: UnsafeMutablePointer<AVStream>
    private let output: OutputFile
    private let scaler: AudioScaler<Sample>
    private let waveform: WaveformRecorder?
    /// The source's layout, and the output's (mono with --mono).
    private var sourceLayout = AVChannelLayout()
    private var layout = AVChannelLayout()
    private let rate: Int32
    private var toSample: SampleConverter?
    private let fromSample: SampleConverter?
    private var decoded: UnsafeMutableBufferPointer<Sample>
    private var merged: UnsafeMutableBufferPointer<Sample>
    private let encoded: Packet
    private let block: Frame
    private var written = 0
    /// Silent samples per channel still to put in front, or (negative) decoded ones still to drop.
    private var lead: Int

    init(_ parts: AudioLaneParts) throws {
        encoding = parts.encoding
        decoding = parts.decoding
        output = parts.output
        waveform = parts.waveform
        lead = parts.alignment.lead
        let context = decoding.decoder.codecContext
        rate = context.pointee.sample_rate
        try check(av_channel_layout_copy(&sourceLayout, &context.pointee.ch_layout), "channel layout")
        if sourceLayout.order == AV_CHANNEL_ORDER_UNSPEC {
            let channels = sourceLayout.nb_channels
            av_channel_layout_uninit(&sourceLayout)
            av_channel_layout_default(&sourceLayout, channels)
        }
        if parts.request.mono {
            av_channel_layout_default(&layout, 1)
        } else {
            try check(av_channel_layout_copy(&layout, &sourceLayout), "channel layout")
        }
        let encoding = parts.encoding
        encoder = try Encoder(name: encoding.encoderName, globalHeader: output.wantsGlobalHeader) { [layout, rate] in
            $0.pointee.sample_fmt = encoding.sampleFormat
            $0.pointee.sample_rate = rate
            $0.pointee.time_base = AVRational(num: 1, den: rate)
            $0.pointee.bits_per_raw_sample = encoding.bitsPerRawSample
            var copy = layout
            av_channel_layout_copy(&$0.pointee.ch_layout, &copy)
            if !encoding.isLossless { $0.pointee.bit_rate = 64_000 * Int64(copy.nb_channels) }
        }
        let packed = encoding.family.packedFormat
        fromSample =
            encoding.sampleFormat == packed
            ? nil : try SampleConverter(layout: &layout, rate: rate, from: packed, to: encoding.sampleFormat)
        outputStream = try output.addStream(for: encoder, tags: parts.source.audioTags.carriedFromStream)
        scaler = AudioScaler(
            channels: Int(layout.nb_channels), count: parts.alignment.count, length: parts.length,
            blockSize: encoder.audioFrameSize ?? 4096)
        decoded = .allocate(capacity: 4096 * Int(sourceLayout.nb_channels))
        merged = .allocate(capacity: parts.request.mono ? 4096 : 0)
        encoded = try Packet()
        block = try Frame()
    }

    var frameSize: Int { encoder.audioFrameSize ?? 0 }

    deinit {
        av_channel_layout_uninit(&sourceLayout)
        av_channel_layout_uninit(&layout)
        decoded.deallocate()
        merged.deallocate()
    }

    func run(gate: LaneGate, progress: ProgressMeter, warn: (String) -> Void) throws {
        defer { gate.finish(.audio) }
        let emit: (UnsafeBufferPointer<Sample>) throws -> Void = { samples in
            self.waveform?.recordScaled(samples, channels: self.scaler.channels)
            try self.encode(samples, gate: gate)
            progress.update(.audio, Double(self.scaler.produced) / Double(self.scaler.controls.length))
        }
        try pushSilentLead(emit: emit)
        try decoding.decode(isDone: { scaler.isComplete }, beforeRead: { try gate.pass(.audio) }, warn: warn) {
            var samples = try converted($0.pointer)
            if lead < 0 {
                let dropped = min(-lead, samples.count / scaler.channels)
                samples = UnsafeBufferPointer(rebasing: samples[(dropped * scaler.channels)...])
                lead += dropped
            }
            try feed(samples, emit: emit)
        }
        waveform?.finishSource()
        try scaler.finish(emit: emit)
        try encoder.send(nil)
        try drainEncoder(gate: gate)
    }

    /// Hands source samples to the scaler, and to the waveform up to where
    /// the scaler stops taking them.
    private func feed(_ samples: UnsafeBufferPointer<Sample>, emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        let channels = scaler.channels
        let taken = min(samples.count / channels, scaler.wanted)
        guard taken > 0 else { return }
        let used = UnsafeBufferPointer(rebasing: samples[0..<(taken * channels)])
        waveform?.recordSource(used, channels: channels)
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
    private func converted(_ frame: UnsafeMutablePointer<AVFrame>) throws -> UnsafeBufferPointer<Sample> {
        let format = AVSampleFormat(frame.pointee.format)
        if toSample == nil || toSample?.inputFormat != format {
            toSample = try SampleConverter(layout: &sourceLayout, rate: rate, from: format, to: encoding.family.packedFormat)
        }
        let converter = toSample!
        let frames = frame.pointee.nb_samples
        let capacity = Int(converter.outputCapacity(for: frames))
        let channels = Int(sourceLayout.nb_channels)
        Self.ensure(&decoded, holds: capacity * channels)
        var plane: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(decoded.baseAddress!)
            .assumingMemoryBound(to: UInt8.self)
        let inputPlanes = UnsafeMutableRawPointer(frame.pointee.extended_data)?
            .assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
        let count = try converter.convert(inputPlanes, count: frames, into: &plane, capacity: Int32(capacity))
        let samples = UnsafeBufferPointer(rebasing: decoded[0..<(count * channels)])
        guard scaler.channels != channels else { return samples }
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
    private func encode(_ samples: UnsafeBufferPointer<Sample>, gate: LaneGate) throws {
        let frames = samples.count / scaler.channels
        let frame = block.pointer
        block.unref()
        frame.pointee.nb_samples = Int32(frames)
        frame.pointee.format = encoding.sampleFormat.rawValue
        frame.pointee.sample_rate = rate
        try check(av_channel_layout_copy(&frame.pointee.ch_layout, &layout), "channel layout")
        try check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
        if let fromSample {
            var plane: UnsafePointer<UInt8>? = UnsafeRawPointer(samples.baseAddress!).assumingMemoryBound(to: UInt8.self)
            _ = try fromSample.convert(&plane, count: Int32(frames), into: frame.pointee.extended_data, capacity: Int32(frames))
        } else {
            UnsafeMutableRawPointer(frame.pointee.extended_data[0]!).copyMemory(
                from: samples.baseAddress!, byteCount: samples.count * MemoryLayout<Sample>.stride)
        }
        frame.pointee.pts = Int64(written)
        written += frames
        try encoder.send(frame)
        try drainEncoder(gate: gate)
    }

    private func drainEncoder(gate: LaneGate) throws {
        while try encoder.receive(into: encoded) == .value {
            let packet = encoded.pointer.pointee
            let end = Double(packet.pts + packet.duration) / Double(rate)
            try output.write(encoded, from: encoder.timeBase, to: outputStream)
            gate.wrote(.audio, upTo: end)
        }
    }
}
