import CFFmpeg
import Foundation

/// What the job needs to know of an input before it starts.
struct SourceInfo {
    /// The video stream, if any.
    let video: SourceVideo?
    /// The audio stream to scale, if any.
    let audioStreamIndex: Int32?
    /// Where that audio starts on the input's time line, in seconds.
    let audioStart: Rational
    /// The container's tags, its chapters (on the input's time line) and the
    /// tags of the chosen audio stream.
    let tags: [Tag]
    let chapters: [Chapter]
    let audioTags: [Tag]
    /// The streams the output does not carry, by kind.
    let leftOut: [StreamKind: Int]

    /// Where the time line S is measured from starts: the first frame, or
    /// without video the first sample.
    var timelineStart: Rational { video?.start ?? audioStart }

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
        let streams = (0..<Int(input.format.pointee.nb_streams)).map { input.format.pointee.streams[$0]! }
        // A cover picture is a video stream too, but not a movie's picture.
        let moving = streams.filter { StreamKind($0) == .video }
        let videoStream = input.bestStream(AVMEDIA_TYPE_VIDEO).flatMap { moving.contains($0) ? $0 : nil } ?? moving.first
        video = try videoStream.map { try SourceVideo(stream: $0, in: input.format) }
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
        guard videoStream != nil || audio != nil else { throw ScaleError.noStreams }
        audioStreamIndex = audio?.pointee.index
        audioStart = audio.map { Rational(startOf: $0) } ?? .zero
        tags = MetadataIO.tags(input.format.pointee.metadata)
        chapters = MetadataIO.chapters(of: input.format)
        audioTags = audio.map { MetadataIO.tags($0.pointee.metadata) } ?? []
        var leftOut: [StreamKind: Int] = [:]
        for stream in streams where stream != videoStream && stream != audio {
            leftOut[StreamKind(stream), default: 0] += 1
        }
        self.leftOut = leftOut
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
