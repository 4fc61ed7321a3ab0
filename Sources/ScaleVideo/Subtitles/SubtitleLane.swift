/// Demux → (decode → encode) → muxer for one subtitle track, a cue a step:
/// a sparse lane, whose packets the job's one reading of the input queues
/// for it as the other lanes read (SharedInput's sparse reader). Each cue
/// is retimed by the plan (SPEC §11) and written in 1/1000 s, as it is or
/// converted to the container's text format; a cue not shown is left out.
/// Along a map that plays backwards a cue may show more than once, and the
/// cues come out of order: they are kept and written in order at the end.
final class SubtitleLane: SparseLane {
    private static let timeBase = Rational(1, 1000)!

    private let plan: SubtitlePlan
    private let packets: PacketInput
    private let packet: Packet
    private let stream: Stream
    private let output: OutputFile
    /// The decoder and encoder of a track converted.
    private let converter: (SubtitleDecoder, SubtitleEncoder)?
    private let converted: Packet
    private let warn: (String) -> Void
    /// Cues kept to be written in order: their first output millisecond and packet.
    private var kept: [(first: Int64, packet: Packet)] = []

    /// - Parameters:
    ///   - packets: the input's subtitle stream, its share of the job's one reading.
    ///   - warn: told of damaged packets skipped.
    init(_ plan: SubtitlePlan, packets: PacketInput, output: OutputFile, warn: @escaping (String) -> Void) throws {
        self.plan = plan
        self.packets = packets
        self.output = output
        let source = packets.stream
        packet = try Packet()
        self.warn = warn
        converted = try Packet()
        if let name = plan.converter {
            let decoder = try SubtitleDecoder(stream: source)
            let encoder = try SubtitleEncoder(
                name: name, header: decoder.header, timeBase: Self.timeBase, globalHeader: output.wantsGlobalHeader)
            converter = (decoder, encoder)
            stream = try output.addStream(for: encoder, tags: plan.tags)
        } else {
            converter = nil
            stream = try output.addStream(copying: source, timeBase: Self.timeBase, tags: plan.tags)
        }
        stream.mark(isDefault: plan.source.isDefault, isForced: plan.source.isForced)
    }

    /// Writes the next cue where the plan puts it, if it is shown; at the
    /// end of the stream, the cues kept: false once the track is complete.
    func step(report: (LaneProgress) throws -> Void) throws -> Bool {
        guard try packets.read(into: packet) else {
            packets.close()
            try finish()
            return false
        }
        try take(packet)
        return true
    }

    /// Writes the cue `packet` holds where the plan puts it, if it is shown.
    private func take(_ packet: Packet) throws {
        guard let pts = packet.pts, let start = plan.source.timeBase.seconds(ofTicks: pts),
            let end = plan.source.timeBase.seconds(ofTicks: pts + packet.duration)
        else { return }
        let spans = plan.retimed(start: start, end: end)
        guard !spans.isEmpty else { return }
        let out: Packet
        if let (decoder, encoder) = converter {
            do {
                guard let subtitle = try decoder.decode(packet), !subtitle.isEmpty else { return }
                try encoder.encode(subtitle, into: converted)
            } catch let error as FFmpegError where error.isInvalidData {
                warn("skipped a damaged subtitle packet (\(error.message))")
                return
            }
            out = converted
        } else {
            out = packet
        }
        for (from, to) in spans {
            let first = from.ticks(per: 1000)
            out.retime(to: first, duration: to.ticks(per: 1000) - first)
            if plan.reorders {
                kept.append((first, try Packet(referringTo: out)))
            } else {
                try output.write(out, in: Self.timeBase, to: stream)
            }
        }
    }

    /// Writes the cues kept, in output order.
    private func finish() throws {
        for cue in kept.sorted(by: { $0.first < $1.first }) { try output.write(cue.packet, in: Self.timeBase, to: stream) }
        kept = []
    }
}
