import CFFmpeg
import FoundationEssentials
import Glibc

/// A container being written. Streams are added before `start()`, on one
/// thread; after it, the tracks of the lanes call `write` from their own
/// queues, and `write` and `finish` hold a lock. The bytes reach the file
/// on a thread of their own (FileWriter).
final class OutputFile {
    private var context: UnsafeMutablePointer<AVFormatContext>?
    private var writer: FileWriter?
    private let lock = Lock()
    private var started = false
    /// The name errors give: the output as the user named it.
    private let name: String

    /// - Parameters:
    ///   - path: where the bytes go.
    ///   - formatFrom: the name whose extension chooses the container.
    init(path: String, formatFrom name: String) throws {
        guard let format = av_guess_format(nil, name, nil) else {
            throw FFmpegError(SV_AVERROR_INVALIDDATA, "no container for \(name)")
        }
        try check(avformat_alloc_output_context2(&context, format, nil, path), "cannot create \(name)")
        self.name = name
    }

    deinit {
        try? writer?.close()
        context?.pointee.pb = nil
        avformat_free_context(context)
    }

    private var format: UnsafeMutablePointer<AVFormatContext> { context! }

    /// Whether encoders must put their headers in extradata.
    var wantsGlobalHeader: Bool { format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 }

    /// Adds a stream carrying what `encoder` makes, tagged with `tags`.
    func addStream(for encoder: Encoder, tags: [Tag] = []) throws -> Stream {
        guard let stream = avformat_new_stream(format, nil) else {
            throw FFmpegError(sv_averror(ENOMEM), "avformat_new_stream")
        }
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder.codecContext), "stream parameters")
        stream.pointee.time_base = encoder.codecContext.pointee.time_base
        try MetadataIO.set(tags, in: &stream.pointee.metadata)
        return Stream(stream, of: self)
    }

    /// Tags the file and marks its chapters; before `start()`.
    func describe(tags: [Tag], chapters: [Chapter]) throws {
        try MetadataIO.set(tags, in: &format.pointee.metadata)
        try MetadataIO.add(chapters, to: format)
    }

    /// Opens the file and writes the header, with the muxer's private
    /// `options`. Stream time bases may change here.
    func start(options: [String: String] = [:]) throws {
        if format.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            writer = try FileWriter(path: String(cString: format.pointee.url), name: name)
            format.pointee.pb = writer?.context
        }
        var dictionary: OpaquePointer?
        defer { av_dict_free(&dictionary) }
        for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
        try check(avformat_write_header(format, &dictionary), "cannot write \(name)")
        started = true
    }

    /// Rescales `packet` from the time base of `encoder`, which made it, to
    /// its stream's and hands it to the interleaving muxer.
    func write(_ packet: Packet, from encoder: Encoder, to stream: Stream) throws {
        lock.lock()
        defer { lock.unlock() }
        av_packet_rescale_ts(packet.pointer, encoder.codecContext.pointee.time_base, stream.pointer.pointee.time_base)
        packet.pointer.pointee.stream_index = stream.index
        try check(av_interleaved_write_frame(format, packet.pointer), "cannot write \(name)")
    }

    /// Flushes the interleaving queue, writes the trailer and closes the file.
    func finish() throws {
        lock.lock()
        defer { lock.unlock() }
        guard started else { return }
        let trailer = av_write_trailer(format)
        // A failure to write the file is told as one, whichever call met it.
        if trailer < 0 { throw writer?.error ?? FFmpegError(trailer, "cannot finish \(name)") }
        try writer?.close()
    }
}
