/// The audio lane of `plan`, scaling in the sample type its encoding
/// wants, from `packets` (its stream's share of the job's reading of the
/// input). `warn` is told of damaged packets and frames skipped.
func makeAudioLane(
    _ plan: AudioPlan, packets: PacketInput, output: OutputFile, waveform: WaveformRecorder?, warn: @escaping (String) -> Void
) throws -> any TrackLane {
    let decoding = try StreamDecoder(packets: packets, kind: "audio", warn: warn)
    switch plan.encoding.family {
    case .int16: return try AudioLane<Int16>(plan, decoding: decoding, output: output, waveform: waveform)
    case .int24: return try AudioLane<Sample24>(plan, decoding: decoding, output: output, waveform: waveform)
    case .int32: return try AudioLane<Int32>(plan, decoding: decoding, output: output, waveform: waveform)
    case .float: return try AudioLane<Float>(plan, decoding: decoding, output: output, waveform: waveform)
    }
}

/// Demux → decode → the stretch's sample type (swresample; averaged to one
/// channel for --mono) → progressive stretch (one segment for a constant
/// factor, the time map's segments along a map; tape-style, or keeping the
/// pitch with --keep-pitch) → resampler where the codec cannot hold the
/// rate (RateChange) → encoder → muxer, a decoded frame a step. Rate
/// otherwise, and without --mono channels and layout, are kept. Along a map that
/// plays backwards (SPEC §13), the decoded samples go to a SampleSpool
/// first, and the stretch then takes them from it in the order the output
/// plays them, a block a step.
final class AudioLane<Sample: PCMSample>: TrackLane {
    let encoding: AudioEncoding
    private let decoding: StreamDecoder
    let track: EncodedTrack
    private let stretch: any AudioStretching<Sample>
    private let waveform: WaveformRecorder?
    /// Decoded frames as interleaved samples, and scaled samples as the encoder's frames.
    private let reader: SampleReader<Sample>
    private let writer: SampleWriter<Sample>
    /// Where the codec cannot hold the source's rate: the scaled samples' way to the written one.
    private let rateChange: RateChange<Sample>?
    private var merged: UnsafeMutableBufferPointer<Sample>
    /// Along a map that plays backwards: the lined-up samples, and how far
    /// the stretch has read them.
    private let spool: SampleSpool<Sample>?
    private var cursor: SpoolCursor
    private var spooled: UnsafeMutableBufferPointer<Sample>
    private var written = 0
    /// Silent samples per channel still to put in front, or (negative) decoded ones still to drop.
    private var lead: Int
    private let available: Int

    private var started = false
    private var finished = false

    init(_ plan: AudioPlan, decoding: StreamDecoder, output: OutputFile, waveform: WaveformRecorder?) throws {
        encoding = plan.encoding
        self.decoding = decoding
        self.waveform = waveform
        lead = plan.alignment.lead
        available = plan.available
        let rate = decoding.decoder.sampleRate
        let sourceLayout = try decoding.decoder.channelLayout()
        let layout =
            plan.mono ? ChannelLayout(channels: 1) : try plan.writtenLayout.map(ChannelLayout.init(named:)) ?? ChannelLayout(copying: sourceLayout)
        let encoder = try encoding.makeEncoder(layout: layout, rate: plan.writtenRate, globalHeader: output.wantsGlobalHeader)
        reader = SampleReader(layout: sourceLayout, rate: rate, family: encoding.family)
        writer = try SampleWriter(format: encoding.sampleFormat, family: encoding.family, layout: layout, rate: plan.writtenRate)
        track = try EncodedTrack(encoder: encoder, output: output, tags: plan.tags)
        track.stream.mark(isDefault: plan.isDefault, isForced: plan.isForced)
        let blockSize = encoder.audioFrameSize ?? 4096
        rateChange =
            plan.isResampled
            ? try RateChange(
                layout: layout, family: encoding.family, from: rate, to: plan.writtenRate, frames: plan.writtenSamples, blockSize: blockSize)
            : nil
        // The curve's stretch keeps its own spool: it reads the source where the curve says.
        let spools = !plan.segments.isForward && plan.curve == nil
        let scaled = spools ? plan.segments.inOutputOrder : plan.segments
        if let curve = plan.curve {
            stretch = try CurveStretch(
                channels: layout.channels, rate: rate, count: plan.alignment.count, curve: curve, plan: plan.segments, blockSize: blockSize)
        } else if plan.keepsPitch {
            stretch = keptPitch(channels: layout.channels, rate: rate, plan: scaled, blockSize: blockSize)
        } else {
            stretch = MapAudioStretch(channels: layout.channels, plan: scaled, blockSize: blockSize)
        }
        merged = .allocate(capacity: plan.mono ? 4096 : 0)
        spool = spools ? try SampleSpool(channels: layout.channels) : nil
        cursor = SpoolCursor(plan.segments)
        spooled = .allocate(capacity: spool == nil ? 0 : Self.spoolBlock * layout.channels)
        lined = plan.segments
    }

    deinit {
        merged.deallocate()
        spooled.deallocate()
    }

    /// The lined-up source samples the map takes, in source order.
    private let lined: AudioMapPlan
    /// Frames read back from the spool a step.
    private static var spoolBlock: Int { 4096 }
    /// Whether decoding is over and the spool is being read back.
    private var replaying = false

    /// Decoded samples go to the stretch until it has all it wants, a frame
    /// a step (after the silence a late start puts in front); each block it
    /// gives is encoded at once.
    func step(report: (LaneProgress) throws -> Void) throws -> Bool {
        guard !finished else { return false }
        let emit: (UnsafeBufferPointer<Sample>) throws -> Void = { try self.deliver($0, report: report) }
        if !started {
            started = true
            try pushSilentLead(emit: emit)
        }
        if let spool { return try spoolStep(spool, emit: emit, report: report) }
        if !stretch.isComplete {
            if let frame = try decoding.nextFrame() {
                try feed(droppingLead(try converted(frame)), emit: emit)
                return true
            }
            try checkReachedEnd()
        }
        try end(emit: emit, report: report)
        return false
    }

    /// A step along a map that plays backwards: decodes a frame into the
    /// spool until it holds every sample the map takes (silence where the
    /// audio ends early by plan), then hands the stretch a block of them in
    /// the output's order.
    private func spoolStep(
        _ spool: SampleSpool<Sample>, emit: (UnsafeBufferPointer<Sample>) throws -> Void, report: (LaneProgress) throws -> Void
    ) throws -> Bool {
        if !replaying {
            if spool.count < lined.sourceEnd, let frame = try decoding.nextFrame() {
                try feed(droppingLead(try converted(frame)), emit: emit)
                return true
            }
            let missing = min(lined.sourceEnd, available) - spool.count
            if missing > 0 { throw ScaleError.audioStopsEarly(missing: Double(missing) / Double(decoding.decoder.sampleRate)) }
            decoding.close()
            waveform?.finishSource()
            let silence = [Sample](repeating: .silence, count: 4096 * stretch.channels)
            while spool.count < lined.sourceEnd {
                let frames = min(lined.sourceEnd - spool.count, 4096)
                try silence.withUnsafeBufferPointer { try spool.append(UnsafeBufferPointer(rebasing: $0[0..<(frames * stretch.channels)])) }
            }
            replaying = true
        }
        if let block = cursor.next(maximum: Self.spoolBlock) {
            try spool.read(block.range, reversed: block.reversed, into: spooled)
            try stretch.push(UnsafeBufferPointer(rebasing: spooled[0..<(block.range.count * stretch.channels)]), emit: emit)
            return true
        }
        try end(emit: emit, report: report)
        return false
    }

    /// The source is done with: the stretch's last blocks and the encoder's.
    private func end(emit: (UnsafeBufferPointer<Sample>) throws -> Void, report: (LaneProgress) throws -> Void) throws {
        decoding.close()
        waveform?.finishSource()
        try stretch.finish(emit: emit)
        try rateChange?.finish { try encode($0, report: report) }
        try track.finish()
        try report(progress)
        finished = true
    }

    private var progress: LaneProgress {
        LaneProgress(writtenUpTo: track.writtenUpTo, done: Double(stretch.produced) / Double(stretch.length))
    }

    /// The source's audio ended before the samples the plan counted on (an
    /// mp4/mov track cut short of the duration it declares), which would
    /// otherwise be scaled as silence.
    private func checkReachedEnd() throws {
        let missing = min(stretch.plan.sourceEnd, available) - stretch.received
        guard missing > 0 else { return }
        throw ScaleError.audioStopsEarly(missing: Double(missing) / Double(decoding.decoder.sampleRate))
    }

    /// What is left of `samples` once decoded samples still to drop before
    /// the video's start are dropped.
    private func droppingLead(_ samples: UnsafeBufferPointer<Sample>) -> UnsafeBufferPointer<Sample> {
        guard lead < 0 else { return samples }
        let dropped = min(-lead, samples.count / stretch.channels)
        lead += dropped
        return UnsafeBufferPointer(rebasing: samples[(dropped * stretch.channels)...])
    }

    /// Hands source samples to the stretch, and to the waveform those from
    /// where the stretch starts using them to where it stops taking them.
    private func feed(_ samples: UnsafeBufferPointer<Sample>, emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        let channels = stretch.channels
        if let spool {
            let taken = min(samples.count / channels, lined.sourceEnd - spool.count)
            guard taken > 0 else { return }
            let skipped = min(max(lined.sourceStart - spool.count, 0), taken)
            waveform?.recordSource(UnsafeBufferPointer(rebasing: samples[(skipped * channels)..<(taken * channels)]), channels: channels)
            try spool.append(UnsafeBufferPointer(rebasing: samples[0..<(taken * channels)]))
            return
        }
        let taken = min(samples.count / channels, stretch.wanted)
        guard taken > 0 else { return }
        let used = UnsafeBufferPointer(rebasing: samples[0..<(taken * channels)])
        let skipped = min(max(stretch.plan.sourceStart - stretch.received, 0), taken)
        waveform?.recordSource(UnsafeBufferPointer(rebasing: used[(skipped * channels)...]), channels: channels)
        try stretch.push(used, emit: emit)
    }

    /// Puts the silence that stands for the time between the first frame and
    /// a later start of the audio in front of it.
    private func pushSilentLead(emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        guard lead > 0 else { return }
        let silence = [Sample](repeating: .silence, count: 4096 * stretch.channels)
        while lead > 0 {
            let frames = min(lead, 4096)
            try silence.withUnsafeBufferPointer {
                try feed(UnsafeBufferPointer(rebasing: $0[0..<(frames * stretch.channels)]), emit: emit)
            }
            lead -= frames
        }
    }

    /// The frame's samples, interleaved in the stretch's type (and merged to
    /// one channel for --mono), valid until the next call.
    private func converted(_ frame: Frame) throws -> UnsafeBufferPointer<Sample> {
        let samples = try reader.samples(of: frame)
        let channels = reader.channels
        guard stretch.channels != channels else { return samples }
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

    /// Takes one block of scaled interleaved frames on to the encoder,
    /// through the resampler where there is one.
    private func deliver(_ samples: UnsafeBufferPointer<Sample>, report: (LaneProgress) throws -> Void) throws {
        waveform?.recordScaled(samples, channels: stretch.channels)
        guard let rateChange else { return try encode(samples, report: report) }
        try rateChange.push(samples) { try encode($0, report: report) }
    }

    /// Encodes one block of interleaved frames at the written rate.
    private func encode(_ samples: UnsafeBufferPointer<Sample>, report: (LaneProgress) throws -> Void) throws {
        let frame = try writer.frame(samples, pts: Int64(written))
        written += samples.count / stretch.channels
        try track.encode(frame)
        try report(progress)
    }
}
