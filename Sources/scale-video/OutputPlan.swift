import FoundationEssentials
import Glibc
import ScaleVideo

/// Where each input is written: `-o`, or `NAME-scaled.EXT` in `--output-dir`
/// or beside the input. Two inputs never share an output: the later one
/// fails instead of replacing the earlier one's file.
enum OutputPlan {
    /// Each input with its output, or why it has none. The --output-dir
    /// folder is made here, or for a dry run only checked.
    /// - Parameter noVideo: the outputs hold sound alone.
    static func items(for inputs: [String], options: OutputOptions, noVideo: Bool, dryRun: Bool) -> [Batch.Item] {
        let folderProblem = options.outputDir.flatMap { folder in
            (dryRun ? OutputFolder.check(folder) : OutputFolder.make(folder)).map { "cannot create the output folder \(folder): \($0)" }
        }
        let outputs = outputs(
            for: inputs, output: options.output, directory: options.outputDir, container: options.container, noVideo: noVideo)
        return zip(inputs, outputs).map { input, planned in
            Batch.Item(input: input, output: planned.path, problem: folderProblem ?? planned.conflict)
        }
    }

    static func outputs(
        for inputs: [String], output: String?, directory: String?, container: OutputContainer?, noVideo: Bool
    ) -> [PlannedOutput] {
        var claimedBy: [String: String] = [:]
        return inputs.map { input in
            let path = output ?? generatedName(for: input, in: directory, container: container, noVideo: noVideo)
            let key = URL(fileURLWithPath: path).standardizedFileURL.path
            if let earlier = claimedBy[key] {
                let sameInput = URL(fileURLWithPath: earlier).standardizedFileURL == URL(fileURLWithPath: input).standardizedFileURL
                let conflict = sameInput ? "is listed more than once" : "its output \(path) is already the output of \(earlier)"
                return PlannedOutput(path: path, conflict: conflict)
            }
            claimedBy[key] = input
            return PlannedOutput(path: path, conflict: nil)
        }
    }

    /// `dir/NAME.EXT` → `NAME-scaled.<container>` in `directory`, or in `dir`.
    /// Without a container: `.mov` for a movie; for sound alone (an input
    /// without video, or `noVideo`) the input's own format where it can be
    /// written (wav, aiff, caf, flac), else `.m4a`.
    static func generatedName(
        for input: String, in directory: String?, container: OutputContainer?, noVideo: Bool
    ) -> String {
        let soundAlone = noVideo || InputProbe.holdsSoundAlone(input)
        let chosen = container ?? (soundAlone ? OutputContainer.forSound(from: input) : .mov)
        let name = chosen.scaledName(of: input)
        guard let directory else {
            guard let slash = input.lastIndex(of: "/") else { return name }
            return input[...slash] + name
        }
        return directory.isEmpty || directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

/// An input's output path, and why it cannot be written when it cannot.
struct PlannedOutput {
    let path: String
    let conflict: String?
}
