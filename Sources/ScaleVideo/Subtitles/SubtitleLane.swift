import CFFmpeg

/// Demux → (decode → encode) → muxer for one subtitle track, a packet a
/// step: each cue is retimed by the plan (SPEC §11) and written in 1/1000 s,
/// as it is or converted to the container's text format; a cue not shown
/// is left out.
final class SubtitleLane: Lane {
    private static let timeBase = AVRational(num: 1, den: 1000)

    private let plan: SubtitlePlan
    private let input: InputFile
    private let source: Stream
    private let stream: Stream
    private let output: OutputFile
    private let packet: Packet
    /// The decoder and encoder of a track converted.
    private let converter: (SubtitleDecoder, SubtitleEncoder)?
    private let converted: Packet
    private var written = 0.0
    private let warn: (String) -> Void

    /// - Parameter warn: told of damaged packets skipped.
    init(_ plan: SubtitlePlan, output: OutputFile, warn: @escaping (String) -> Void) throws {
        self.plan = plan
        self.output = output
        self.warn = warn
        input = try InputFile(path: plan.input)
        input.readOnly(streamIndex: plan.source.index)
        source = input.stream(at: plan.source.index)
        packet = try Packet()
        converted = try Packet()
        if let name = plan.converter {
            let decoder = try SubtitleDecoder(stream: source)
            let encoder = try SubtitleEncoder(
                name: name, header: decoder.header, timeBase: Self.timeBase, globalHeader: output.wantsGlobalHeader)
            converter = (decoder, encoder)
            stream = try output.addStream(encodedBy: encoder.codecContext, tags: plan.tags)
        } else {
            converter = nil
            stream = try output.addStream(copying: source, timeBase: Self.timeBase, tags: plan.tags)
        }
        stream.mark(isDefault: plan.source.isDefault, isForced: plan.source.isForced)
    }

    func step(report: (LaneProgress) throws -> Void) throws -> Bool {
        guard try read() else {
            try report(LaneProgress(writtenUpTo: written, done: 1))
            return false
        }
        guard let pts = packet.pts, let start = plan.source.timeBase.seconds(ofTicks: pts),
            let end = plan.source.timeBase.seconds(ofTicks: pts + packet.duration),
            let (from, to) = plan.retimed(start: start, end: end)
        else { return true }
        let out: Packet
        if let (decoder, encoder) = converter {
            do {
                guard let subtitle = try decoder.decode(packet), subtitle.pointer.pointee.num_rects > 0 else { return true }
                try encoder.encode(subtitle, into: converted)
            } catch let error as FFmpegError where error.isInvalidData {
                warn("skipped a damaged subtitle packet (\(error.message))")
                return true
            }
            out = converted
        } else {
            out = packet
        }
        let first = from.ticks(per: 1000)
        out.retime(to: first, duration: to.ticks(per: 1000) - first)
        try output.write(out, in: Self.timeBase, to: stream)
        written = max(written, from.doubleValue)
        try report(LaneProgress(writtenUpTo: written, done: min(written / plan.duration.doubleValue, 1)))
        return true
    }

    /// Reads the track's next packet; false at its end.
    private func read() throws -> Bool {
        repeat {
            guard try input.read(into: packet) else { return false }
        } while packet.streamIndex != plan.source.index
        return true
    }
}
