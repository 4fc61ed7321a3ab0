import CFFmpeg
import Foundation

/// What the job needs to know of an input before it starts.
struct SourceInfo {
    /// S, the video stream's duration in seconds.
    let duration: Rational
    let videoStreamIndex: Int32
    let videoTimeBase: Rational
    /// The default audio stream, if any.
    let audioStreamIndex: Int32?

    init(path: String) throws {
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
        let parameters = video.pointee.codecpar!.pointee
        let timeBase = video.pointee.time_base
        guard let base = Rational(Int64(timeBase.num), Int64(timeBase.den)), base.isPositive else {
            throw ScaleError.notMedia("video time base is invalid")
        }
        videoStreamIndex = video.pointee.index
        videoTimeBase = base
        guard parameters.width >= 2, parameters.height >= 2 else { throw ScaleError.notMedia("picture size is unknown") }
        audioStreamIndex = input.bestStream(AVMEDIA_TYPE_AUDIO)?.pointee.index
        duration = try Self.duration(of: video, timeBase: base, in: input.format)
    }

    /// The stream's duration from its metadata, or the container's.
    private static func duration(
        of stream: UnsafeMutablePointer<AVStream>, timeBase: Rational, in format: UnsafeMutablePointer<AVFormatContext>
    ) throws -> Rational {
        let ticks = stream.pointee.duration
        if ticks != SV_NOPTS_VALUE, ticks > 0, let seconds = Rational(ticks, 1)?.multiplied(by: timeBase) {
            return seconds
        }
        let micros = format.pointee.duration
        if micros != SV_NOPTS_VALUE, micros > 0, let seconds = Rational(micros, Int64(AV_TIME_BASE)) {
            return seconds
        }
        throw ScaleError.unknownDuration
    }
}
