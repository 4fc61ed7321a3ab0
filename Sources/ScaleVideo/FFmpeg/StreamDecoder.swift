import CFFmpeg

/// One stream of an input, demuxed and decoded in order: the head of both
/// lanes and of the audio counting pass. Damaged packets and frames are
/// skipped with a warning.
final class StreamDecoder {
    let stream: Stream
    let decoder: Decoder
    private let input: InputFile
    private let kind: String
    private let packet: Packet
    private let frame: Frame

    init(path: String, streamIndex: Int32, kind: String) throws {
        input = try InputFile(path: path)
        input.readOnly(streamIndex: streamIndex)
        stream = input.stream(at: streamIndex)
        decoder = try Decoder(stream: stream)
        self.kind = kind
        packet = try Packet()
        frame = try Frame()
    }

    /// Hands each decoded frame to `body` until `isDone` or the end of the
    /// stream (then the decoder is flushed). `beforeRead` runs before each
    /// packet is read: the place to wait or to notice cancellation. A packet
    /// `skip` returns true for is not decoded.
    func decode(
        isDone: () -> Bool, beforeRead: () throws -> Void, skip: (Packet) -> Bool = { _ in false },
        warn: (String) -> Void, body: (Frame) throws -> Void
    ) throws {
        while !isDone() {
            try beforeRead()
            guard try input.read(into: packet) else { break }
            guard packet.streamIndex == stream.index, !skip(packet) else { continue }
            guard try skippingDamage("packet", warn: warn, { try decoder.send(packet) }) else { continue }
            try drain(isDone: isDone, warn: warn, body: body)
        }
        if !isDone() {
            _ = try skippingDamage("packet", warn: warn) { try decoder.send(nil) }
            try drain(isDone: isDone, warn: warn, body: body)
        }
    }

    /// The stream's first decodable frame, or nil when it has none.
    func firstFrame() throws -> Frame? {
        let first = try Frame()
        var found = false
        try decode(isDone: { found }, beforeRead: {}, warn: { _ in }) { frame in
            first.take(from: frame)
            found = true
        }
        return found ? first : nil
    }

    private func drain(isDone: () -> Bool, warn: (String) -> Void, body: (Frame) throws -> Void) throws {
        while !isDone() {
            var result = Received.end
            guard try skippingDamage("frame", warn: warn, { result = try decoder.receive(into: frame) }),
                result == .value
            else { return }
            try body(frame)
            frame.unref()
        }
    }

    /// Runs a decoder call; false, with a warning, when it reports damaged
    /// data (a threaded decoder may report it on a later call, or the flush).
    private func skippingDamage(_ what: String, warn: (String) -> Void, _ call: () throws -> Void) throws -> Bool {
        do {
            try call()
            return true
        } catch let error as FFmpegError where error.isInvalidData {
            warn("skipped a damaged \(kind) \(what) (\(error.message))")
            return false
        }
    }
}
