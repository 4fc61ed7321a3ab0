/// What a media file holds, as a list of files shows it: how long it
/// lasts, its picture's size as shown and frame rate, and its tracks.
public struct MediaFacts: Sendable, Codable, Equatable {
    /// Seconds: the video's measured length, or for sound alone the length
    /// the container states; nil when neither is known.
    public let duration: Double?
    /// The picture's width as it is shown (a quarter turn trades its sides); nil without video.
    public let width: Int?
    /// The picture's height as it is shown; nil without video.
    public let height: Int?
    /// Frames per second (their average where they come at no one rate); nil without video.
    public let fps: Double?
    /// How many audio tracks it holds.
    public let audioTracks: Int
    /// How many subtitle tracks it holds.
    public let subtitleTracks: Int
    /// A still picture (a PNG, a JPEG), which FFmpeg reads as one frame.
    public let isStillPicture: Bool

    /// The facts of a readable file with video or audio.
    public init(path: String) throws {
        let source = try SourceInfo(path: path)
        let video = source.video
        let swaps = video?.picture.orientation?.swapsSides == true
        let (width, height) = video.map { (Int($0.picture.width), Int($0.picture.height)) } ?? (0, 0)
        self.width = video.map { _ in swaps ? height : width }
        self.height = video.map { _ in swaps ? width : height }
        fps = video?.frameRate?.doubleValue
        let file = try? InputFile(path: path)
        duration = video?.duration.doubleValue ?? file?.duration?.doubleValue
        isStillPicture = file?.isStillPicture ?? false
        audioTracks = source.audio.count
        subtitleTracks = source.subtitles.count
    }
}
