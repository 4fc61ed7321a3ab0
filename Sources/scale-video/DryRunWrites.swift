import ScaleVideo

extension ScaleRequest {
    /// What a dry run of this request writes, in words: "nothing written",
    /// or "only the map drawn into ramp.png and the frame at 2.5 s saved into at.png"
    /// (and "the 3 s around 2.5 s previewed in look.mp4").
    var dryRunWrites: String {
        let files = [
            plotMap.map { "the map drawn into \($0)" },
            still.map { "the frame at \(String(printf: "%g", $0.time.doubleValue)) s saved into \($0.path)" },
            preview.map { "the \(PreviewClip.seconds) s around \(String(printf: "%g", $0.time.doubleValue)) s previewed in \($0.path)" },
        ].compactMap { $0 }
        return files.isEmpty ? "nothing written" : "only " + files.joined(separator: " and ")
    }
}
