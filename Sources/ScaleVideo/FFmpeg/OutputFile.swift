import CFFmpeg
import FoundationEssentials
import Glibc

/// A container being written. Streams are added before `start()`; after
/// it, the tracks of the lanes call `write` from their own threads. The
/// muxer is reached only under its lock, so the lanes may share the file.
/// The bytes reach the file on a thread of their own (FileWriter).
final class OutputFile: Sendable {
    /// The muxer's context and the writer of its bytes.
    private struct Muxer {
        var context: UnsafeMutablePointer<AVFormatContext>?
        var writer: FileWriter?
        var started = false
    }

    private let muxer: Guarded<Muxer>
    /// The name errors give: the output as the user named it.
    private let name: String
    /// The bytes go to standard output, as they are made, not to `path`.
    private let toStandardOutput: Bool

    /// - Parameters:
    ///   - path: where the bytes go.
    ///   - formatFrom: the name whose extension chooses the container.
    convenience init(path: String, formatFrom name: String) throws {
        try self.init(url: path, formatFrom: name, name: name, toStandardOutput: false)
    }

    /// The container of `.extension` files written to standard output as
    /// it is made: the muxer never seeks back.
    convenience init(standardOutputAs extension: String) throws {
        try self.init(url: "pipe:1", formatFrom: "output.\(`extension`)", name: "standard output", toStandardOutput: true)
    }

    /// The muxer of the container `formatName`'s extension chooses, for
    /// `url`; errors name `name`.
    private init(url: String, formatFrom formatName: String, name: String, toStandardOutput: Bool) throws {
        guard let format = av_guess_format(nil, formatName, nil) else {
            throw FFmpegError(SV_AVERROR_INVALIDDATA, "no container for \(formatName)")
        }
        var context: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_alloc_output_context2(&context, format, nil, url), "cannot create \(name)")
        muxer = Guarded(Muxer(context: context))
        self.name = name
        self.toStandardOutput = toStandardOutput
    }

    deinit {
        muxer.withLock { muxer in
            try? muxer.writer?.close()
            muxer.context?.pointee.pb = nil
            avformat_free_context(muxer.context)
        }
    }

    /// Whether encoders must put their headers in extradata.
    var wantsGlobalHeader: Bool {
        muxer.withLock { $0.context!.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 }
    }

    /// Adds a stream carrying what `encoder` makes, tagged with `tags`.
    func addStream(for encoder: Encoder, tags: [Tag] = []) throws -> Stream {
        try addStream(encodedBy: encoder.codecContext, tags: tags)
    }

    /// Adds a stream carrying what `encoder` makes, tagged with `tags`.
    func addStream(for encoder: SubtitleEncoder, tags: [Tag]) throws -> Stream {
        try addStream(encodedBy: encoder.codecContext, tags: tags)
    }

    /// Adds a stream carrying what the encoder of `context` makes.
    private func addStream(encodedBy context: UnsafeMutablePointer<AVCodecContext>, tags: [Tag]) throws -> Stream {
        try addStream(tags: tags) { stream in
            try check(avcodec_parameters_from_context(stream.pointee.codecpar, context), "stream parameters")
            stream.pointee.time_base = context.pointee.time_base
        }
    }

    /// Adds a stream carrying `source`'s packets as they are, timed in `timeBase`.
    func addStream(copying source: Stream, timeBase: Rational, tags: [Tag]) throws -> Stream {
        let base = try timeBase.timeBase()
        return try addStream(tags: tags) { stream in
            try check(avcodec_parameters_copy(stream.pointee.codecpar, source.pointer.pointee.codecpar), "stream parameters")
            // The muxer chooses its own tag for the codec.
            stream.pointee.codecpar.pointee.codec_tag = 0
            stream.pointee.time_base = base
        }
    }

    /// Adds an attached file (Matroska): `bytes`, named by `tags` (`filename`, `mimetype`).
    func addAttachment(_ bytes: [UInt8], tags: [Tag]) throws {
        _ = try addStream(tags: tags) { stream in
            let parameters = stream.pointee.codecpar!
            parameters.pointee.codec_type = AVMEDIA_TYPE_ATTACHMENT
            guard let data = av_mallocz(bytes.count + Int(AV_INPUT_BUFFER_PADDING_SIZE)) else {
                throw FFmpegError(sv_averror(ENOMEM), "av_mallocz")
            }
            data.copyMemory(from: bytes, byteCount: bytes.count)
            parameters.pointee.extradata = data.assumingMemoryBound(to: UInt8.self)
            parameters.pointee.extradata_size = Int32(bytes.count)
        }
    }

    /// Adds an attached picture (a cover) of `codec` (libavcodec's name,
    /// `mjpeg` or `png`) and size, whose one packet is given to
    /// `writePicture` after `start()`.
    func addPicture(codec: String, width: Int32, height: Int32) throws -> Stream {
        try addStream(tags: []) { stream in
            stream.pointee.codecpar.pointee.codec_type = AVMEDIA_TYPE_VIDEO
            stream.pointee.codecpar.pointee.width = width
            stream.pointee.codecpar.pointee.height = height
            stream.pointee.codecpar.pointee.codec_id = avcodec_descriptor_get_by_name(codec)?.pointee.id ?? AV_CODEC_ID_MJPEG
            stream.pointee.disposition = AV_DISPOSITION_ATTACHED_PIC
            stream.pointee.time_base = AVRational(num: 1, den: 90000)
        }
    }

    /// Writes an attached picture's one packet, `bytes`, to `stream`.
    func writePicture(_ bytes: [UInt8], to stream: Stream) throws {
        let packet = try Packet()
        try check(av_new_packet(packet.pointer, Int32(bytes.count)), "av_new_packet")
        packet.pointer.pointee.data.update(from: bytes, count: bytes.count)
        packet.pointer.pointee.stream_index = stream.index
        packet.pointer.pointee.flags |= AV_PKT_FLAG_KEY
        _ = try muxer.withLock { muxer in try check(av_write_frame(muxer.context, packet.pointer), "cannot write \(name)") }
    }

    private func addStream(tags: [Tag], _ describe: (UnsafeMutablePointer<AVStream>) throws -> Void) throws -> Stream {
        let stream = try muxer.withLock { muxer in
            guard let stream = avformat_new_stream(muxer.context, nil) else {
                throw FFmpegError(sv_averror(ENOMEM), "avformat_new_stream")
            }
            try describe(stream)
            try MetadataIO.set(tags, in: &stream.pointee.metadata)
            return stream
        }
        return Stream(stream, of: self)
    }

    /// Tags the file and marks its chapters; before `start()`.
    func describe(tags: [Tag], chapters: [Chapter]) throws {
        try muxer.withLock { muxer in
            try MetadataIO.set(tags, in: &muxer.context!.pointee.metadata)
            try MetadataIO.add(chapters, to: muxer.context!)
        }
    }

    /// Opens the file and writes the header, with the muxer's private
    /// `options`. Stream time bases may change here.
    func start(options: [String: String] = [:]) throws {
        try muxer.withLock { muxer in
            let format = muxer.context!
            if format.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
                muxer.writer =
                    try toStandardOutput
                    ? FileWriter(streamingTo: STDOUT_FILENO, name: name) : FileWriter(path: String(cString: format.pointee.url), name: name)
                format.pointee.pb = muxer.writer?.context
            }
            var dictionary: OpaquePointer?
            defer { av_dict_free(&dictionary) }
            for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
            try check(avformat_write_header(format, &dictionary), "cannot write \(name)")
            muxer.started = true
        }
    }

    /// Rescales `packet` from `timeBase` (its encoder's) to its stream's and
    /// hands it to the interleaving muxer.
    func write(_ packet: Packet, in timeBase: Rational, to stream: Stream) throws {
        let base = try timeBase.timeBase()
        try muxer.withLock { muxer in
            av_packet_rescale_ts(packet.pointer, base, stream.pointer.pointee.time_base)
            packet.pointer.pointee.stream_index = stream.index
            try check(av_interleaved_write_frame(muxer.context, packet.pointer), "cannot write \(name)")
        }
    }

    /// Flushes the interleaving queue, writes the trailer and closes the file.
    func finish() throws {
        try muxer.withLock { muxer in
            guard muxer.started else { return }
            let trailer = av_write_trailer(muxer.context)
            // A failure to write the file is told as one, whichever call met it.
            if trailer < 0 { throw muxer.writer?.error ?? FFmpegError(trailer, "cannot finish \(name)") }
            try muxer.writer?.close()
        }
    }
}
