import CFFmpeg

/// Demux → decode → s16 (swresample) → progressive scaler → encoder →
/// muxer, for the default audio stream. Channels, layout and rate are kept.
/// Built on the job's thread, then handed whole to its own queue: never used
/// from two threads at once.
final class AudioLane: @unchecked Sendable {
    private let decoding: StreamDecoder
    private let encoder: Encoder
    private let outputStream: UnsafeMutablePointer<AVStream>
    private let output: OutputFile
    private let scaler: AudioScaler
    private var layout = AVChannelLayout()
    private let rate: Int32
    private var toS16: SampleConverter?
    private let fromS16: SampleConverter?
    private var decodedSamples: UnsafeMutableBufferPointer<Int16>
    private let encoded: Packet
    private let block: Frame
    private var written = 0
    /// Silent samples per channel still to put in front, or (negative) decoded ones still to drop.
    private var lead: Int

    /// - Parameters:
    ///   - alignment: the source samples per channel, from `countSamples`, lined up with the video.
    ///   - length: the scaled samples per channel.
    init(source: SourceInfo, request: ScaleRequest, alignment: AudioAlignment, length: Int, output: OutputFile) throws {
        guard let index = source.audioStreamIndex else { throw ScaleError.failed("no audio stream") }
        lead = alignment.lead
        decoding = try StreamDecoder(path: request.input, streamIndex: index, kind: "audio")
        let context = decoding.decoder.codecContext
        rate = context.pointee.sample_rate
        try check(av_channel_layout_copy(&layout, &context.pointee.ch_layout), "channel layout")
        if layout.order == AV_CHANNEL_ORDER_UNSPEC {
            let channels = layout.nb_channels
            av_channel_layout_uninit(&layout)
            av_channel_layout_default(&layout, channels)
        }
        let codec = request.audioCodec
        let sampleFormat = codec == .pcm ? AV_SAMPLE_FMT_S16 : AV_SAMPLE_FMT_FLTP
        encoder = try Encoder(name: codec.encoderName, globalHeader: output.wantsGlobalHeader) { [layout, rate] in
            $0.pointee.sample_fmt = sampleFormat
            $0.pointee.sample_rate = rate
            $0.pointee.time_base = AVRational(num: 1, den: rate)
            var copy = layout
            av_channel_layout_copy(&$0.pointee.ch_layout, &copy)
            if codec == .aac { $0.pointee.bit_rate = 64_000 * Int64(copy.nb_channels) }
        }
        fromS16 =
            sampleFormat == AV_SAMPLE_FMT_S16
            ? nil : try SampleConverter(layout: &layout, rate: rate, from: AV_SAMPLE_FMT_S16, to: sampleFormat)
        outputStream = try output.addStream(for: encoder, tags: source.audioTags.carriedFromStream)
        self.output = output
        scaler = AudioScaler(
            channels: Int(layout.nb_channels), count: alignment.count, length: length,
            blockSize: encoder.audioFrameSize ?? 4096)
        decodedSamples = .allocate(capacity: 4096 * Int(layout.nb_channels))
        encoded = try Packet()
        block = try Frame()
    }

    /// Samples per encoded packet for a compressed codec; 0 for PCM.
    var frameSize: Int { encoder.audioFrameSize ?? 0 }

    deinit {
        av_channel_layout_uninit(&layout)
        decodedSamples.deallocate()
    }

    /// Counts the samples per channel the decoder yields for the audio
    /// stream, in a decode-only pass (SPEC §5), and lines them up with the
    /// video, which starts at `videoStart` seconds.
    static func countSamples(path: String, streamIndex: Int32, videoStart: Rational, gate: LaneGate) throws
        -> AudioAlignment?
    {
        let decoding = try StreamDecoder(path: path, streamIndex: streamIndex, kind: "audio")
        var count = 0
        var first: Int64?
        try decoding.decode(
            isDone: { false }, beforeRead: { if gate.isCancelled { throw ScaleError.cancelled } }, warn: { _ in }
        ) {
            if first == nil, $0.timestamp != SV_NOPTS_VALUE { first = $0.timestamp }
            count += Int($0.pointer.pointee.nb_samples)
        }
        // Audio without timestamps is taken to start with the video.
        let start = first.flatMap { Rational(decoding.stream.pointee.time_base)?.seconds(ofTicks: $0) } ?? videoStart
        return AudioAlignment(
            decoded: count, audioStart: start, videoStart: videoStart,
            rate: Int(decoding.decoder.codecContext.pointee.sample_rate))
    }

    func run(gate: LaneGate, progress: ProgressMeter, warn: (String) -> Void) throws {
        defer { gate.finish(.audio) }
        let emit: (UnsafeBufferPointer<Int16>) throws -> Void = { samples in
            try self.encode(samples, gate: gate)
            progress.update(.audio, Double(self.scaler.produced) / Double(self.scaler.controls.length))
        }
        try pushSilentLead(emit: emit)
        try decoding.decode(isDone: { scaler.isComplete }, beforeRead: { try gate.pass(.audio) }, warn: warn) {
            var samples = try interleaved($0.pointer)
            if lead < 0 {
                let dropped = min(-lead, samples.count / scaler.channels)
                samples = UnsafeBufferPointer(rebasing: samples[(dropped * scaler.channels)...])
                lead += dropped
            }
            try scaler.push(samples, emit: emit)
        }
        try scaler.finish(emit: emit)
        try encoder.send(nil)
        try drainEncoder(gate: gate)
    }

    /// Puts the silence that stands for the time between the first frame and
    /// a later start of the audio in front of it.
    private func pushSilentLead(emit: (UnsafeBufferPointer<Int16>) throws -> Void) throws {
        guard lead > 0 else { return }
        let silence = [Int16](repeating: 0, count: 4096 * scaler.channels)
        while lead > 0 {
            let frames = min(lead, 4096)
            try silence.withUnsafeBufferPointer {
                try scaler.push(UnsafeBufferPointer(rebasing: $0[0..<(frames * scaler.channels)]), emit: emit)
            }
            lead -= frames
        }
    }

    /// The frame's samples as interleaved s16, valid until the next call.
    private func interleaved(_ frame: UnsafeMutablePointer<AVFrame>) throws -> UnsafeBufferPointer<Int16> {
        let format = AVSampleFormat(frame.pointee.format)
        if toS16 == nil || toS16?.inputFormat != format {
            toS16 = try SampleConverter(layout: &layout, rate: rate, from: format, to: AV_SAMPLE_FMT_S16)
        }
        let converter = toS16!
        let frames = frame.pointee.nb_samples
        let capacity = converter.outputCapacity(for: frames)
        let channels = Int(layout.nb_channels)
        if Int(capacity) * channels > decodedSamples.count {
            decodedSamples.deallocate()
            decodedSamples = .allocate(capacity: Int(capacity) * channels)
        }
        var plane: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(decodedSamples.baseAddress!)
            .assumingMemoryBound(to: UInt8.self)
        let inputPlanes = UnsafeMutableRawPointer(frame.pointee.extended_data)?
            .assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
        let count = try converter.convert(inputPlanes, count: frames, into: &plane, capacity: capacity)
        return UnsafeBufferPointer(rebasing: decodedSamples[0..<(count * channels)])
    }

    /// Encodes one block of scaled interleaved s16 frames.
    private func encode(_ samples: UnsafeBufferPointer<Int16>, gate: LaneGate) throws {
        let frames = samples.count / scaler.channels
        let frame = block.pointer
        block.unref()
        frame.pointee.nb_samples = Int32(frames)
        frame.pointee.format = encoder.codecContext.pointee.sample_fmt.rawValue
        frame.pointee.sample_rate = rate
        try check(av_channel_layout_copy(&frame.pointee.ch_layout, &layout), "channel layout")
        try check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
        if let fromS16 {
            var plane: UnsafePointer<UInt8>? = UnsafeRawPointer(samples.baseAddress!).assumingMemoryBound(to: UInt8.self)
            _ = try fromS16.convert(&plane, count: Int32(frames), into: frame.pointee.extended_data, capacity: Int32(frames))
        } else {
            UnsafeMutableRawPointer(frame.pointee.extended_data[0]!).copyMemory(
                from: samples.baseAddress!, byteCount: samples.count * MemoryLayout<Int16>.stride)
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
