/// What the job needs to know of an input before it starts.
struct SourceInfo: Sendable {
    /// The video stream, if any.
    let video: SourceVideo?
    /// Every audio stream, in the input's order.
    let audio: [SourceAudio]
    /// Which of them libavformat takes for the input's own: a position in `audio`.
    let defaultAudio: Int?
    /// Every subtitle stream, in the input's order.
    let subtitles: [SourceSubtitle]
    /// Attached files (fonts), in the input's order.
    let attachments: [SourceAttachment]
    /// The attached (cover) picture, if there is one.
    let cover: SourceCover?
    /// The start timecode (`HH:MM:SS:FF`, `;` before the frames for drop-frame), if one is given.
    let timecode: String?
    /// The container's tags, and its chapters (on the input's time line).
    let tags: [Tag]
    let chapters: [Chapter]
    /// The other streams, which the output does not carry, by kind.
    let leftOut: [StreamKind: Int]
    /// Every stream, in the input's order.
    let streams: [SourceStream]
}

/// A stream of the input as a list of them names it.
struct SourceStream: Sendable {
    let index: Int32
    let kind: StreamKind
    /// Its codec as reports name it: libavcodec's name, else the tag the
    /// file gives it, else "unknown".
    let codec: String
    let tags: [Tag]
}

/// A subtitle stream of the input.
struct SourceSubtitle: Sendable {
    let index: Int32
    /// libavcodec's name for its codec: `subrip`, `ass`, `mov_text`, `webvtt`, `hdmv_pgs_subtitle`, …
    let codec: String
    /// Its cues are text (else pictures).
    let isText: Bool
    /// The unit of its timestamps, in seconds.
    let timeBase: Rational
    let tags: [Tag]
    let isDefault: Bool
    let isForced: Bool
}

/// A file attached to the input (a font for its subtitles): its bytes, and
/// tags that name it (`filename`, `mimetype`).
struct SourceAttachment: Sendable {
    let bytes: [UInt8]
    let tags: [Tag]
}

/// An attached picture (cover art): its bytes, their codec and its size.
struct SourceCover: Sendable {
    let index: Int32
    let bytes: [UInt8]
    /// libavcodec's name for its codec: `mjpeg` or `png`.
    let codec: String
    let width: Int32
    let height: Int32
}

/// An audio stream of the input.
struct SourceAudio: Sendable {
    let index: Int32
    /// Where it starts on the input's time line, in seconds.
    let start: Rational
    /// Its language and title among them.
    let tags: [Tag]
    /// Marked as the one to play, or to play always.
    let isDefault: Bool
    let isForced: Bool
}
