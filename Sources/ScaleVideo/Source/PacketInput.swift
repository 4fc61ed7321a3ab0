/// Where a StreamDecoder's packets come from: a reading of the file of the
/// stream's own (OwnInput), or its share of one reading for many streams
/// (SharedInput).
protocol PacketInput: AnyObject {
    /// The stream read.
    var stream: Stream { get }
    /// The file, when the reading is the stream's own; nil when it is shared.
    var file: InputFile? { get }
    /// Reads the stream's next packet into `target`; false at its end.
    func read(into target: Packet) throws -> Bool
    /// Moves the reading to the key frame at or before a timestamp of the
    /// stream; nil where that cannot be trusted, or the reading is shared.
    var seek: ((Int64) throws -> Void)? { get }
    /// Nothing more is read for the stream: what the file holds after is not kept for it.
    func close()
}

/// One stream's own reading of a file: the demuxer drops the others.
final class OwnInput: PacketInput {
    let stream: Stream
    private let input: InputFile

    init(path: String, streamIndex: Int32) throws {
        input = try InputFile(path: path)
        input.readOnly([streamIndex])
        stream = input.stream(at: streamIndex)
    }

    var file: InputFile? { input }

    func read(into target: Packet) throws -> Bool {
        // Packets read while the streams were probed come back whatever is dropped.
        repeat {
            guard try input.read(into: target) else { return false }
        } while target.streamIndex != stream.index
        return true
    }

    var seek: ((Int64) throws -> Void)? {
        input.seeksExactly ? { [input, stream] in try input.seek(streamIndex: stream.index, to: $0) } : nil
    }

    func close() {}
}
