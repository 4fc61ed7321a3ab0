import CFFmpeg
import Foundation

/// What the job needs to know of an input before it starts.
struct SourceInfo {
    /// S, the video stream's duration in seconds.
    let duration: Rational
    let videoStreamIndex: Int32
    let videoTimeBase: Rational
    /// Where the video starts on the input's time line, in seconds.
    let videoStart: Rational
    /// The audio stream to scale, if any.
    let audioStreamIndex: Int32?
    let picture: SourcePicture
    /// The container's tags, its chapters (on the input's time line) and the
    /// tags of the video and chosen audio stream.
    let tags: [Tag]
    let chapters: [Chapter]
    let videoTags: [Tag]
    let audioTags: [Tag]
    /// The streams the output does not carry, by kind.
    let leftOut: [StreamKind: Int]

    /// - Parameter audioTrack: 1 for the first audio stream, …; nil for the default one.
    init(path: String, audioTrack: Int? = nil) throws {
        var status = stat()
        guard stat(path, &status) == 0 else { throw ScaleError.notFound }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw ScaleError.isDirectory }
        guard status.st_mode & S_IFMT == S_IFREG else { throw ScaleError.notRegularFile }
        guard status.st_size > 0 else { throw ScaleError.empty }
        let input: InputFile
        do {
            input = try InputFile(path: path)
        } catch let error as FFmpegError {
            throw ScaleError.notMedia(error.message)
        }
        guard let video = input.bestStream(AVMEDIA_TYPE_VIDEO) else { throw ScaleError.noVideo }
        guard let base = Rational(video.pointee.time_base), base.isPositive else {
            throw ScaleError.notMedia("video time base is invalid")
        }
        videoStreamIndex = video.pointee.index
        videoTimeBase = base
        picture = try SourcePicture(stream: video)
        let start = video.pointee.start_time
        videoStart = start == SV_NOPTS_VALUE ? .zero : base.seconds(ofTicks: start) ?? .zero
        let streams = (0..<Int(input.format.pointee.nb_streams)).map { input.format.pointee.streams[$0]! }
        let audioStreams = streams.filter {
            $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO
        }
        let audio: UnsafeMutablePointer<AVStream>?
        if let audioTrack {
            guard audioStreams.indices.contains(audioTrack - 1) else {
                throw ScaleError.noAudioTrack(audioTrack, available: audioStreams.count)
            }
            audio = audioStreams[audioTrack - 1]
        } else {
            audio = input.bestStream(AVMEDIA_TYPE_AUDIO)
        }
        audioStreamIndex = audio?.pointee.index
        duration = try Self.duration(of: video, timeBase: base, start: videoStart, in: input.format)
        tags = MetadataIO.tags(input.format.pointee.metadata)
        chapters = MetadataIO.chapters(of: input.format)
        videoTags = MetadataIO.tags(video.pointee.metadata)
        audioTags = audio.map { MetadataIO.tags($0.pointee.metadata) } ?? []
        var leftOut: [StreamKind: Int] = [:]
        for stream in streams where stream != video && stream != audio {
            leftOut[StreamKind(stream), default: 0] += 1
        }
        self.leftOut = leftOut
    }

    /// The stream's duration from its metadata, or the container's.
    private static func duration(
        of stream: UnsafeMutablePointer<AVStream>, timeBase: Rational, start: Rational,
        in format: UnsafeMutablePointer<AVFormatContext>
    ) throws -> Rational {
        let ticks = stream.pointee.duration
        if ticks != SV_NOPTS_VALUE, ticks > 0, let seconds = timeBase.seconds(ofTicks: ticks) {
            return seconds
        }
        // Matroska keeps each stream's end time on the file's time line in a DURATION tag.
        if let tag = MetadataIO.tags(stream.pointee.metadata).first(where: { $0.key.uppercased() == "DURATION" }),
            let end = Rational(clockTime: tag.value), let seconds = end.subtracting(start), seconds.isPositive
        {
            return seconds
        }
        let micros = format.pointee.duration
        if micros != SV_NOPTS_VALUE, micros > 0, let seconds = Rational(micros, Int64(AV_TIME_BASE)) {
            return seconds
        }
        throw ScaleError.unknownDuration
    }
}

/// The kinds of stream an input may hold besides the ones scaled.
enum StreamKind: Hashable, Comparable {
    case video, audio, subtitle, data, attachment, picture

    init(_ stream: UnsafeMutablePointer<AVStream>) {
        if stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0 {
            self = .picture
            return
        }
        switch stream.pointee.codecpar.pointee.codec_type {
        case AVMEDIA_TYPE_VIDEO: self = .video
        case AVMEDIA_TYPE_AUDIO: self = .audio
        case AVMEDIA_TYPE_SUBTITLE: self = .subtitle
        case AVMEDIA_TYPE_ATTACHMENT: self = .attachment
        default: self = .data
        }
    }
}
