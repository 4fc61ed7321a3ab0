/// What the command may ask of an input before a job runs.
public enum InputProbe {
    /// True for a readable input with audio and no video (a cover picture is not video).
    public static func holdsSoundAlone(_ path: String) -> Bool {
        guard let source = try? SourceInfo(path: path) else { return false }
        return source.video == nil && !source.audio.isEmpty
    }
}
