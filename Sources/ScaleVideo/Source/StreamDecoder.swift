import CFFmpeg

/// One stream of an input, demuxed and decoded in order, a frame at a time:
/// the head of every lane and of the audio counting pass. A PacketSelection
/// may spare the decoder packets whose frames are not needed. Damaged
/// packets and frames are skipped with a warning.
final class StreamDecoder {
    let stream: Stream
    let decoder: Decoder
    private let input: InputFile
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

    /// - Parameters:
    ///   - kind: what the stream holds, as warnings name it (`video`, `audio`).
    ///   - selection: chooses the packets worth decoding; nil for all.
    ///   - warn: told of each damaged packet or frame skipped.
    init(
        path: String, streamIndex: Int32, kind: String, selection: PacketSelection? = nil,
        warn: @escaping (String) -> Void = { _ in }
    ) throws {
        input = try InputFile(path: path)
        input.readOnly(streamIndex: streamIndex)
        stream = input.stream(at: streamIndex)
        decoder = try Decoder(stream: stream)
        self.kind = kind
        self.warn = warn
        packet = try Packet()
        frame = try Frame()
        let seek: ((Int64) throws -> Void)? = input.seeksExactly ? { [unowned self] in try self.input.seek(streamIndex: streamIndex, to: $0) } : nil
        groups = selection.map { [unowned self] in
            KeyFrameGroups(selection: $0, read: { try self.readStreamPacket(into: $0) }, seek: seek)
        }
    }

    /// Samples per channel the stream lasts as its container declares it
    /// (SPEC §5: an mp4/mov audio track lasts its declared duration, so the
    /// encoder's padding is not sound); nil where nothing marks the end.
    var declaredSampleCount: Int? { input.declaresTrackDurations ? declaredLength : nil }

    /// The samples per channel of a PCM stream that a WAV or AIFF file
    /// holds one after another, known without decoding them: from the first
    /// packet to the end of the data its header declares, or to the end of
    /// the file if it was cut short; and the first packet's timestamp. Nil
    /// for other streams, which must be decoded to be counted. Reads the
    /// first packet, so the stream cannot be decoded afterwards.
    func countWithoutDecoding() throws -> (count: Int, firstTimestamp: Int64?)? {
        guard input.storesSamplesContiguously, let frameBytes = decoder.pcmFrameBytes, let size = input.byteCount else {
            return nil
        }
        guard try readStreamPacket(into: packet) else { return (0, nil) }
        guard let start = packet.position, start < size else { return nil }
        let present = Int((size - start) / Int64(frameBytes))
        return (min(present, declaredLength ?? present), packet.pts)
    }

    /// The stream's declared duration in samples; nil when it declares none.
    private var declaredLength: Int? {
        guard let ticks = stream.declaredDuration, ticks > 0, let seconds = stream.timeBase.seconds(ofTicks: ticks) else {
            return nil
        }
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
        return try readStreamPacket(into: packet) ? packet : nil
    }

    /// Reads the stream's next packet into `target`; false at the end of the file.
    private func readStreamPacket(into target: Packet) throws -> Bool {
        repeat {
            guard try readPacket(into: target) else { return false }
        } while target.streamIndex != stream.index
        return true
    }

    /// Reads the next packet; false at the end of the file. A packet that
    /// cannot be read (a sample table that claims more than can be had, a
    /// position that cannot be reached) is damage: it is skipped with a
    /// warning. A demuxer that fails again and again cannot get past it, so
    /// the stream is taken to end there, as the ffmpeg command does; whether
    /// what came before is enough is then judged as for a truncated file.
    private func readPacket(into target: Packet) throws -> Bool {
        for _ in 0..<Self.unreadableLimit {
            do {
                return try input.read(into: target)
            } catch let error as FFmpegError {
                warn("skipped an unreadable \(kind) packet (\(error.message))")
            }
        }
        return false
    }

    /// Failed reads in a row after which a stream is taken to end.
    private static let unreadableLimit = 16

    /// Moves to the key frame at or before `time`, in seconds on the file's
    /// time line (the stream's timestamps times its time base); the frames
    /// that follow are decoded from there.
    func seek(to time: Rational) throws {
        guard let ticks = stream.timeBase.ticks(at: time) else { throw FFmpegError(sv_averror(EINVAL), "cannot seek") }
        try input.seek(streamIndex: stream.index, to: ticks)
        decoder.flush()
        groups?.discard()
        flushed = false
    }

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
