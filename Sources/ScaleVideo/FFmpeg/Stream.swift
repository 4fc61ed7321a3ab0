import CFFmpeg

/// A stream of an input or output file, borrowed from the file: it keeps the
/// file open while it is held and never frees the stream itself.
struct Stream {
    let pointer: UnsafeMutablePointer<AVStream>
    /// The file the stream belongs to, kept alive while the stream is used.
    private let owner: AnyObject
    /// The demuxer itself discards the stream (a QuickTime movie's chapter
    /// text track), as it did when the file was opened: what the file's
    /// readers discard later (InputFile.readOnly) does not change it.
    private let discardedByDemuxer: Bool

    init(_ pointer: UnsafeMutablePointer<AVStream>, of owner: AnyObject, discardedByDemuxer: Bool = false) {
        self.pointer = pointer
        self.owner = owner
        self.discardedByDemuxer = discardedByDemuxer
    }

    var index: Int32 { pointer.pointee.index }

    /// The unit of the stream's timestamps, in seconds; zero when the file gives none.
    var timeBase: Rational { Rational(pointer.pointee.time_base) ?? .zero }

    /// Where the stream starts on its file's time line, in seconds; 0 when unknown.
    var start: Rational {
        Optional(timestamp: pointer.pointee.start_time).flatMap { timeBase.seconds(ofTicks: $0) } ?? .zero
    }

    /// A video stream's average frame rate, as the container gives it; nil when unknown.
    var averageRate: Rational? { Rational(pointer.pointee.avg_frame_rate).flatMap { $0.isPositive ? $0 : nil } }

    /// The lowest frame rate every timestamp of the stream fits (FFmpeg's
    /// guess); nil when unknown.
    var baseRate: Rational? { Rational(pointer.pointee.r_frame_rate).flatMap { $0.isPositive ? $0 : nil } }

    /// The stream's duration in its time base, as the file declares it; nil when it does not.
    var declaredDuration: Int64? { Optional(timestamp: pointer.pointee.duration) }

    /// The timestamp of the last entry of the demuxer's index for the
    /// stream (an mp4's sample table, AVI's index, Matroska's cues, and
    /// what was read so far), in its time base; nil when it is empty.
    var lastIndexedTimestamp: Int64? {
        let count = avformat_index_get_entries_count(pointer)
        guard count > 0, let entry = avformat_index_get_entry(pointer, count - 1) else { return nil }
        return Optional(timestamp: entry.pointee.timestamp)
    }

    var tags: [Tag] { MetadataIO.tags(pointer.pointee.metadata) }

    /// Its declared duration in seconds; nil when it states none.
    var statedSeconds: Rational? { declaredDuration.flatMap { timeBase.seconds(ofTicks: $0) } }

    /// "32-bit flac audio", "vvc1 video", "video of an unknown codec": its
    /// codec as reports name it (namedCodec), with the bits of its samples
    /// where the stream states them.
    var describedCodec: String {
        let bits = parameters.bits_per_raw_sample > 8 ? "\(parameters.bits_per_raw_sample)-bit " : ""
        let kind = av_get_media_type_string(parameters.codec_type).map { String(cString: $0) } ?? "stream"
        return namedCodec.map { bits + $0 + " " + kind } ?? "\(kind) of an unknown codec"
    }

    /// Its codec as reports name it: libavcodec's name, or for a codec
    /// this FFmpeg does not know, the four characters the file tags it
    /// with (an mp4 sample entry's `vvc1`, an AVI's FourCC); nil when the
    /// file gives neither.
    var namedCodec: String? {
        if codecName != "none" { return codecName }
        let tag = parameters.codec_tag
        let characters = (0..<4).map { UInt8(truncatingIfNeeded: tag >> ($0 * 8)) }
        guard characters.allSatisfy({ (0x20...0x7E).contains($0) }), characters[0] != 0x20 else { return nil }
        return String(decoding: characters, as: UTF8.self)
    }

    /// Whether this FFmpeg has a decoder for its codec.
    var canBeDecoded: Bool { avcodec_find_decoder(parameters.codec_id) != nil }

    /// For VP8 or VP9 whose alpha plane rides beside the picture (WebM's
    /// alpha_mode), libvpx's decoder, which alone reads it (FFmpeg's own
    /// leave it out); nil for any other stream, or where it is missing.
    var sideAlphaDecoder: UnsafePointer<AVCodec>? {
        guard [AV_CODEC_ID_VP8, AV_CODEC_ID_VP9].contains(parameters.codec_id),
            tags.contains(where: { $0.key.lowercased() == "alpha_mode" && $0.value == "1" })
        else { return nil }
        return avcodec_find_decoder_by_name(parameters.codec_id == AV_CODEC_ID_VP9 ? "libvpx-vp9" : "libvpx")
    }

    var parameters: AVCodecParameters { pointer.pointee.codecpar.pointee }

    var isAudio: Bool { parameters.codec_type == AVMEDIA_TYPE_AUDIO }

    /// A video stream's picture as its parameters state it.
    var picture: PictureParameters { PictureParameters(parameters) }

    /// An audio stream's sample rate as its parameters state it.
    var sampleRate: Int { Int(parameters.sample_rate) }

    /// Marks an output video stream with its frame rate, its pixels' shape
    /// and, unless 0, the codec tag the container gives it.
    func markPictures(frameRate: Rational, aspectRatio: Rational, codecTag: UInt32) {
        if codecTag != 0 { pointer.pointee.codecpar.pointee.codec_tag = codecTag }
        pointer.pointee.avg_frame_rate = frameRate.avRational ?? AVRational(num: 0, den: 1)
        pointer.pointee.sample_aspect_ratio = aspectRatio.avRational ?? AVRational(num: 0, den: 1)
    }

    /// Marked as the stream of its kind to play.
    var isDefault: Bool { pointer.pointee.disposition & AV_DISPOSITION_DEFAULT != 0 }

    /// Marked as to be played always (subtitles shown whatever the viewer chose).
    var isForced: Bool { pointer.pointee.disposition & AV_DISPOSITION_FORCED != 0 }

    /// libavcodec's name for the stream's codec (`h264`, `subrip`, …).
    var codecName: String { String(cString: avcodec_get_name(parameters.codec_id)) }

    /// The codec's out-of-band header, copied: an H.264 or HEVC decoder
    /// configuration record, or an attachment's bytes (a font, an image).
    var extradata: [UInt8] {
        guard let data = parameters.extradata, parameters.extradata_size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(parameters.extradata_size)))
    }

    /// Whether every frame of its codec stands alone (libavcodec's intra-only codecs: MJPEG, ProRes, …).
    var isIntraOnly: Bool {
        avcodec_descriptor_get(parameters.codec_id).map { $0.pointee.props & AV_CODEC_PROP_INTRA_ONLY != 0 } ?? false
    }

    /// The stream's codec is a text subtitle format.
    var holdsText: Bool {
        avcodec_descriptor_get(parameters.codec_id).map { $0.pointee.props & AV_CODEC_PROP_TEXT_SUB != 0 } ?? false
    }

    /// `tmcd`, as FFmpeg's MKTAG packs it.
    private static let timecodeTag = UInt32(0x64_63_6D_74)

    /// An attached picture's bytes (a cover), as the demuxer read them.
    var pictureBytes: [UInt8] {
        let packet = pointer.pointee.attached_pic
        guard let data = packet.data, packet.size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(packet.size)))
    }

    /// Marks an output stream as the one of its kind to play by default,
    /// and as to be played always.
    func mark(isDefault: Bool, isForced: Bool) {
        var disposition = pointer.pointee.disposition & ~(AV_DISPOSITION_DEFAULT | AV_DISPOSITION_FORCED)
        if isDefault { disposition |= AV_DISPOSITION_DEFAULT }
        if isForced { disposition |= AV_DISPOSITION_FORCED }
        pointer.pointee.disposition = disposition
    }

    /// What the stream holds; a video stream that is an attached (cover)
    /// picture is a picture, the text track a QuickTime movie's chapters
    /// are read from (its demuxer discards it) the chapters, and a QuickTime
    /// `tmcd` track the start timecode.
    var kind: StreamKind {
        if pointer.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0 { return .picture }
        if parameters.codec_type == AVMEDIA_TYPE_DATA && discardedByDemuxer { return .chapters }
        if parameters.codec_type == AVMEDIA_TYPE_DATA && parameters.codec_tag == Self.timecodeTag { return .timecode }
        switch parameters.codec_type {
        case AVMEDIA_TYPE_VIDEO: return .video
        case AVMEDIA_TYPE_AUDIO: return .audio
        case AVMEDIA_TYPE_SUBTITLE: return .subtitle
        case AVMEDIA_TYPE_ATTACHMENT: return .attachment
        default: return .data
        }
    }

    /// The bytes of a kind of side data the stream carries. FFmpeg 5.1 reads
    /// them with `av_stream_get_side_data` (later versions from the codec
    /// parameters): this is the one place that does.
    func sideData(_ kind: AVPacketSideDataType) -> UnsafeRawBufferPointer? {
        var size: Int = 0
        guard let data = av_stream_get_side_data(pointer, kind, &size), size > 0 else { return nil }
        return UnsafeRawBufferPointer(start: data, count: size)
    }

    /// Gives an output stream a copy of `bytes` as side data of `kind`.
    func addSideData(_ kind: AVPacketSideDataType, _ bytes: UnsafeRawBufferPointer) throws {
        guard let copy = av_stream_new_side_data(pointer, kind, bytes.count) else {
            throw FFmpegError(sv_averror(ENOMEM), "av_stream_new_side_data")
        }
        UnsafeMutableRawBufferPointer(start: copy, count: bytes.count).copyMemory(from: bytes)
    }

    /// The display matrix's nine numbers; nil without one.
    var displayMatrix: [Int32]? {
        guard let matrix = sideData(AV_PKT_DATA_DISPLAYMATRIX), matrix.count >= 36 else { return nil }
        return Array(matrix.bindMemory(to: Int32.self).prefix(9))
    }
}

/// The kinds of stream an input may hold besides the ones scaled.
enum StreamKind: Hashable, Comparable {
    case video, audio, subtitle, data, attachment, picture
    /// The track a movie's chapters are read from, carried as chapters.
    case chapters
    /// A QuickTime timecode track, carried as the start timecode.
    case timecode
}
