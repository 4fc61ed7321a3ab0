
/// One stream of an input, demuxed and decoded in order, a frame at a time:
/// the head of every lane and of the audio counting pass. A PacketSelection
/// may spare the decoder packets whose frames are not needed. Damaged
/// packets and frames are skipped with a warning.
final class StreamDecoder {
    let decoder: Decoder
    private let packets: PacketInput
    private let kind: String
    private let warn: (String) -> Void
    private let packet: Packet
    private let frame: Frame
    private var groups: KeyFrameGroups?
    /// Whether the end of the file was reached and the decoder told so.
    private var flushed = false
    /// Packets given to the decoder so far.
    private(set) var packetsDecoded = 0
    /// Seeks made past packets not needed.
    var seeksAhead: Int { groups?.seeks ?? 0 }
    /// The most packets the selection held at once, to choose among them.
    var mostPacketsHeld: Int { groups?.mostHeld ?? 0 }

    /// Decodes stream `streamIndex` of the file at `path`, read for it alone.
    convenience init(
        path: String, streamIndex: Int32, kind: String, selection: PacketSelection? = nil,
        warn: @escaping (String) -> Void = { _ in }
    ) throws {
        try self.init(packets: OwnInput(path: path, streamIndex: streamIndex), kind: kind, selection: selection, warn: warn)
    }

    /// - Parameters:
    ///   - kind: what the stream holds, as warnings name it (`video`, `audio`).
    ///   - selection: chooses the packets worth decoding; nil for all.
    ///   - warn: told of each damaged packet or frame skipped.
    init(packets: PacketInput, kind: String, selection: PacketSelection? = nil, warn: @escaping (String) -> Void = { _ in }) throws {
        self.packets = packets
        decoder = try Decoder(stream: packets.stream)
        self.kind = kind
        self.warn = warn
        packet = try Packet()
        frame = try Frame()
        groups = selection.map { [unowned self] in
            KeyFrameGroups(selection: $0, read: { try self.readPacket(into: $0) }, seek: packets.seek)
        }
    }

    /// The stream decoded.
    var stream: Stream { packets.stream }

    /// Nothing more is decoded: what the file holds after is not read for it.
    func close() { packets.close() }

    /// Samples per channel the stream lasts as its container declares it
    /// (SPEC §5: an mp4/mov audio track lasts its declared duration, so the
    /// encoder's padding is not sound); nil where nothing marks the end.
    var declaredSampleCount: Int? { packets.file?.declaresTrackDurations == true ? declaredLength : nil }

    /// The samples per channel of a PCM stream that a WAV or AIFF file
    /// holds one after another, known without decoding them: from the first
    /// packet to the end of the data its header declares, or to the end of
    /// the file if it was cut short; and the first packet's timestamp. Nil
    /// for other streams, which must be decoded to be counted. Reads the
    /// first packet, so the stream cannot be decoded afterwards.
    func countWithoutDecoding() throws -> (count: Int, firstTimestamp: Int64?)? {
        guard let file = packets.file, file.storesSamplesContiguously, let frameBytes = decoder.pcmFrameBytes,
            let size = file.byteCount
        else { return nil }
        guard try readPacket(into: packet) else { return (0, nil) }
        guard let start = packet.position, start < size else { return nil }
        let present = Int((size - start) / Int64(frameBytes))
        return (min(present, declaredLength ?? present), packet.pts)
    }

    /// The stream's declared duration in samples; nil when it declares none.
    private var declaredLength: Int? {
        guard let seconds = stream.statedSeconds, seconds.isPositive else { return nil }
        return Int(seconds.ticks(per: Int64(decoder.sampleRate)))
    }

    /// The next decoded frame, valid until the next call; nil at the end of
    /// the stream (once the decoder is flushed).
    func nextFrame() throws -> Frame? {
        frame.unref()
        while true {
            var result = Received.end
            if try skippingDamage("frame", { result = try decoder.receive(into: frame) }), result == .value {
                return frame
            }
            if flushed { return nil }
            guard let next = try nextPacket() else {
                flushed = true
                _ = try skippingDamage("packet") { try decoder.send(nil) }
                continue
            }
            packetsDecoded += 1
            _ = try skippingDamage("packet") { try decoder.send(next) }
        }
    }

    /// The next packet of the stream to decode; nil at its end.
    private func nextPacket() throws -> Packet? {
        if let groups { return try groups.next() }
        return try readPacket(into: packet) ? packet : nil
    }

    /// Reads the stream's next packet; false at its end. A packet that
    /// cannot be read (a sample table that claims more than can be had, a
    /// position that cannot be reached) is damage: it is skipped with a
    /// warning. A demuxer that fails again and again cannot get past it, so
    /// the stream is taken to end there, as the ffmpeg command does; whether
    /// what came before is enough is then judged as for a truncated file.
    private func readPacket(into target: Packet) throws -> Bool {
        for _ in 0..<Self.unreadableLimit {
            do {
                return try packets.read(into: target)
            } catch let error as FFmpegError {
                // No real packet needs more memory than the machine has: the size the file gives is damaged.
                let reason = error.isOutOfMemory ? "the size the file gives it cannot be true" : error.message
                warn("skipped a damaged \(kind) packet (\(reason))")
            }
        }
        return false
    }

    /// Failed reads in a row after which a stream is taken to end.
    static let unreadableLimit = 16

    /// Runs a decoder call; false, with a warning, when it reports damaged
    /// data (a threaded decoder may report it on a later call, or the flush).
    private func skippingDamage(_ what: String, _ call: () throws -> Void) throws -> Bool {
        do {
            try call()
            return true
        } catch let error as FFmpegError where error.isInvalidData {
            warn("skipped a damaged \(kind) \(what) (\(error.message))")
            return false
        }
    }
}
