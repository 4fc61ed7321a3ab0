import Testing

/// What a suite needs to run, so the fast part can be run alone
/// (`swift test --filter` with a tag, see README.md). Every suite carries
/// one of the two; `SuiteTagTests` checks it.
extension Testing.Tag {
    /// Runs in the test process alone: no program started, no file made by ffmpeg.
    @Tag public static var unit: Self
    /// Starts a program (the built `scale-video`, ffmpeg, ffprobe or
    /// another) or reads files one made.
    @Tag public static var endToEnd: Self
}
