/// What `scale-video --version` tells: this release, then one line for
/// each library the conversions rely on, as loaded at run time (Rubber
/// Band, which cannot tell its release, by the file loaded).
public enum Versions {
    /// The release of the library and the command; defined here alone.
    public static let release = "0.2.0"

    /// One line per library family the conversions call; a library added
    /// to the conversions adds its line here.
    public static var libraries: [String] { [FFmpegVersions.line, RubberBandVersion.line] }

    /// The text of `--version`: `scale-video 0.2.0`, then the library lines.
    public static var text: String { (["scale-video \(release)"] + libraries).joined(separator: "\n") }
}
