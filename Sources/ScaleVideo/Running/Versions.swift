/// What `scale-video --version` tells: this release, then one line for
/// each library the conversions rely on, as loaded at run time (Rubber
/// Band, which cannot tell its release, by the file loaded).
public enum Versions {
    /// The release of the library and the command; defined here alone.
    public static let release = "0.2.0"

    /// One line per library family the conversions call; a library added
    /// to the conversions adds its line here.
    public static var libraries: [String] { [FFmpegVersions.line, RubberBandVersion.line] }

    /// The licence of the program as built: GPL-2.0-or-later, as the GPL
    /// libraries it links (FFmpeg's GPL build, libx264 through it, Rubber
    /// Band) require; the repository's LICENSE holds its text.
    public static var licence: String {
        "Licence: GPL-2.0-or-later (see LICENSE); it links FFmpeg (\(FFmpegVersions.licence)) with libx264 (GPL), "
            + "Rubber Band (GPL-2.0-or-later) and, for --motion flow, OpenCV (Apache-2.0)"
    }

    /// The text of `--version`: `scale-video 0.2.0`, the library lines, then the licence.
    public static var text: String { (["scale-video \(release)"] + libraries + [licence]).joined(separator: "\n") }
}
