import TestSupport
import Foundation
import Testing

/// `--inputs-from`: inputs read from a file or standard input, one a line
/// or NUL-separated, so that a list of any length never meets the limit on
/// a command's arguments.
@Suite(.serialized, .tags(.endToEnd))
struct InputListTests {
    /// A few tiny clips among many missing paths, shuffled at a fixed seed:
    /// the clips, and every other path by its name.
    static func mixedList(in scratch: Scratch, count: Int, clipNames: [String]) throws -> (paths: [String], clips: Set<String>) {
        var clips: Set<String> = []
        for name in clipNames {
            clips.insert(try Media.make(scratch.file(name), rate: 10, seconds: 0.5, audio: ("pcm_s16le", 8000)).path)
        }
        var paths = Array(clips) + (0..<(count - clips.count)).map { scratch.file("missing \($0).mov").path }
        var random = SeededRandom(seed: 17)
        paths.shuffle(using: &random)
        return (paths, clips)
    }

    /// Checks that the `--json` lines cover `paths` once each: the clips
    /// converted into `folder`, every other path failed as missing.
    static func expectEveryPathReported(_ result: ProcessOutput, paths: [String], clips: Set<String>, folder: URL) throws {
        #expect(result.status == 1, "\(result.stderr.prefix(2000))")
        let reports = try JSONResults(result.stdout).objects
        #expect(reports.count == paths.count)
        var status: [String: String] = [:]
        var errors: [String: String] = [:]
        for report in reports {
            let input = try #require(report["input"] as? String)
            #expect(status[input] == nil, "\(input) reported twice")
            status[input] = report["status"] as? String
            errors[input] = report["error"] as? String
        }
        #expect(Set(status.keys) == Set(paths))
        let wrong = paths.first { path in
            clips.contains(path) ? status[path] != "ok" : status[path] != "failed" || errors[path] != "no such file"
        }
        #expect(wrong == nil, "\(wrong ?? ""): \(status[wrong ?? ""] ?? "") \(errors[wrong ?? ""] ?? "")")
        // Each missing path has its own line on standard error, naming it.
        let missingLines = result.stderrLines.filter { $0.hasSuffix(": no such file") }
        #expect(missingLines.count == paths.count - clips.count)
        #expect(result.stderr.contains("\(clips.count) ok, \(paths.count - clips.count) failed, 0 cancelled"))
        let expected = clips.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent + "-scaled.mkv" }.sorted()
        #expect(try Tool.files(in: folder) == expected)
    }

    @Test func twoThousandPathsOneALineWithTheCommandLinesOwn() throws {
        let scratch = try Scratch()
        let (paths, clips) = try Self.mixedList(in: scratch, count: 2000, clipNames: ["a.mov", "b c.mov", "d.mkv"])
        let first = try Media.make(scratch.file("first.mov"), rate: 10, seconds: 0.5, audio: nil)
        // Empty lines, and none at the end, are no paths.
        let text = paths.prefix(1000).joined(separator: "\n") + "\n\n\n" + paths.dropFirst(1000).joined(separator: "\n")
        try Data(text.utf8).write(to: scratch.file("list.txt"))
        let folder = scratch.file("out")
        let result = try Tool.scale([
            first.path, "--inputs-from", scratch.file("list.txt").path, "--factor", "2", "--output-dir", folder.path,
            "--container", "mkv", "--json", "--quiet",
        ])
        try Self.expectEveryPathReported(result, paths: [first.path] + paths, clips: clips.union([first.path]), folder: folder)
        // The command line's inputs come first.
        let reports = try JSONResults(result.stdout).objects
        #expect(reports.first?["input"] as? String == first.path)
    }

    /// NUL-separated, from standard input: a path may hold a line break.
    @Test func twoThousandPathsNulSeparatedFromStandardInput() throws {
        let scratch = try Scratch()
        let (paths, clips) = try Self.mixedList(in: scratch, count: 2000, clipNames: ["one.mov", "two\nlines.mov", "three.mkv"])
        try Data((paths.joined(separator: "\0") + "\0").utf8).write(to: scratch.file("list.nul"))
        let folder = scratch.file("out")
        let result = try Tool.run("sh", [
            "-c", "exec \"$0\" \"$@\" < list.nul", Tool.scaleVideo.path, "--inputs-from", "-", "--null", "--factor", "2",
            "--output-dir", folder.path, "--container", "mkv", "--json", "--quiet",
        ], in: scratch.url)
        try Self.expectEveryPathReported(result, paths: paths, clips: clips, folder: folder)
    }

    @Test func aListThatCannotBeReadIsBadUsageNamingIt() throws {
        let scratch = try Scratch()
        try Media.make(scratch.file("clip.mov"), rate: 10, seconds: 0.5, audio: nil)
        for list in ["absent.txt", "."] {
            let result = try Tool.scale(["clip.mov", "--inputs-from", list, "--factor", "2"], in: scratch.url)
            #expect(result.status == 64, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
            let reason = list == "." ? "Is a directory" : "No such file or directory"
            #expect(result.stderrLines.first == "Error: --inputs-from \(list): \(reason)", "\(result.stderr)")
        }
        #expect(try Tool.files(in: scratch.url) == ["clip.mov"])
    }

    @Test func aListOfSeveralPathsTakesNoOutputName() throws {
        let scratch = try Scratch()
        try Data("a.mov\nb.mov\n".utf8).write(to: scratch.file("list.txt"))
        let result = try Tool.scale(["--inputs-from", "list.txt", "--factor", "2", "-o", "out.mov"], in: scratch.url)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("-o takes one input"))
        let none = try Tool.scale(["--factor", "2"], in: scratch.url)
        #expect(none.status == 64 && none.stderr.contains("--inputs-from"), "\(none.stderr)")
        let nullAlone = try Tool.scale(["a.mov", "--null", "--factor", "2"], in: scratch.url)
        #expect(nullAlone.status == 64 && nullAlone.stderr.contains("--null"), "\(nullAlone.stderr)")
    }
}
