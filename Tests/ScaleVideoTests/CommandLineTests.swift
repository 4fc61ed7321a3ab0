import Foundation
import TestSupport
import Testing

/// The command as a user meets it: run as a subprocess.
@Suite(.tags(.endToEnd))
struct CommandLineTests {
    @Test func helpTeachesWithAnExample() throws {
        let result = try Tool.run(Tool.scaleVideo.path, ["--help"])
        #expect(result.status == 0)
        for text in [
            "--duration", "--factor", "--fps", "--output", "--output-dir", "--container", "--audio-codec", "--crf", "--preset",
            "--jobs", "--overwrite", "--json", "--progress", "--quiet", "--audio-track", "--keep-hdr", "Examples:", "NAME-scaled.mov",
            "Exit status", "tone-mapped", "default one", "--start", "--end", "--pad-audio", "--mono", "--waveform",
            "--noise-floor", ".wav", "-scaled.flac", "--dry-run", "--time-map", "--speed 0:1,12:0.25,14:1", "@FILE",
            "--video-codec", "--prores-profile", "prores", "hevc", "opus", ".webm",
            "--inputs-from", "--null", "--skip-existing", "--shard <i/n|auto>", "--shard-count", "JOB_COMPLETION_INDEX",
            "SLURM_ARRAY_TASK_ID",
        ] {
            #expect(result.text.contains(text), "help lacks \(text)")
        }
        // The options stand under their groups' headings, in this order.
        let headings = ["TARGET:", "OUTPUT:", "BATCH:", "AUDIO:", "VIDEO:", "REPORTING:"].compactMap { result.text.range(of: $0)?.lowerBound }
        #expect(headings.count == 6 && headings == headings.sorted())
        for (option, heading) in [("--fps", "TARGET:"), ("--jobs", "OUTPUT:"), ("--shard", "BATCH:"), ("--mono", "AUDIO:"), ("--crf", "VIDEO:"), ("--quiet", "REPORTING:")] {
            let before = result.text.range(of: "\n  \(option) ")?.lowerBound
            let last = before.flatMap { at in result.text[..<at].components(separatedBy: "\n").last { $0.hasSuffix(":") && !$0.hasPrefix(" ") } }
            #expect(last == heading, "\(option) is not under \(heading)")
        }
    }

    /// `-h` is one screen: the usage, the options used most (each one the
    /// command has) and three examples, in at most 40 lines.
    @Test func shortHelpIsOneScreen() throws {
        let short = try Tool.run(Tool.scaleVideo.path, ["-h"])
        #expect(short.status == 0 && short.stderr.isEmpty, "\(short.stderr)")
        let lines = short.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 41 && lines.count >= 20, "\(lines.count) lines")
        #expect(short.text.contains("Usage: scale-video [options] <input>..."))
        #expect(lines.filter { $0.hasPrefix("  scale-video ") }.count == 3)
        let long = try Tool.run(Tool.scaleVideo.path, ["--help"]).text
        for option in short.text.matches(of: /(?:^| )(--[a-z-]+)/.anchorsMatchLineEndings()).map({ String($0.output.1) }) {
            #expect(long.contains("\n  \(option) ") || long.contains(", \(option) "), "-h names \(option), which --help lacks")
        }
        #expect(try Tool.run(Tool.scaleVideo.path, ["in.mp4", "--factor", "2", "-h"]).text == short.text)
    }

    /// `--help` shows the options first, under their headings, and the long
    /// explanations after them.
    @Test func helpShowsTheOptionsFirst() throws {
        let help = try Tool.run(Tool.scaleVideo.path, ["--help"]).text
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        let firstOption = try #require(lines.firstIndex { $0.hasPrefix("  --") })
        #expect(firstOption < 15, "the first option is on line \(firstOption + 1)")
        let details = try #require(lines.firstIndex(of: "DETAILS:"))
        let lastOption = try #require(lines.lastIndex { $0.hasPrefix("  --") || $0.hasPrefix("  -o, ") })
        #expect(lastOption < details && lines[details...].contains { $0.contains("Exit status") })
    }

    @Test(arguments: [
        ["in.mp4"],
        ["in.mp4", "--duration", "2", "--factor", "2"],
        ["in.mp4", "--factor", "-1"],
        ["in.mp4", "--duration", "nan"],
        ["in.mp4", "--factor", "2", "--fps", "0"],
        ["in.mp4", "--factor", "2", "--crf", "60"],
        ["in.mp4", "--factor", "2", "--preset", "warp"],
        ["in.mp4", "--factor", "2", "-o", "out.avi"],
        ["in.mp4", "--factor", "2", "-o", "out.mp4", "--audio-codec", "pcm"],
        ["a.mp4", "b.mp4", "--factor", "2", "-o", "out.mov"],
        ["in.mp4", "--factor", "2", "--jobs", "0"],
        ["in.mp4", "--factor", "2", "--audio-track", "0"],
        ["in.mp4", "--factor", "2", "-o", "out.mov", "--output-dir", "out"],
        ["in.mp4", "--factor", "2", "-o", "out.mov", "--container", "mkv"],
        ["in.mp4", "--factor", "2", "--container", "avi"],
        ["in.mp4", "--factor", "2", "--container", "mp4", "--audio-codec", "pcm"],
        ["in.mp4", "--factor", "2", "--progress", "loud"],
        ["in.mp4", "--factor", "2", "--progress", "json", "--quiet"],
        ["in.mp4", "--factor", "2", "--start", "-1"],
        ["in.mp4", "--factor", "2", "--start", "3", "--end", "2"],
        ["in.mp4", "--factor", "2", "--end", "0"],
        ["in.mp4", "--factor", "2", "-o", "out.wav", "--audio-codec", "aac"],
        ["in.mp4", "--factor", "2", "-o", "out.m4a", "--audio-codec", "pcm"],
        ["a.mp4", "b.mp4", "--factor", "2", "--waveform", "w.png"],
        ["in.mp4", "--factor", "2", "--waveform", "w.jpg"],
        ["in.mp4", "--factor", "2", "--noise-floor", "10"],
    ])
    func badUsageExits64(arguments: [String]) throws {
        let result = try Tool.run(Tool.scaleVideo.path, arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func defaultOutputGoesBesideTheInput() throws {
        let scratch = try Scratch()
        try Media.make(scratch.file("clip.mp4"), seconds: 1, audio: nil)
        let result = try Tool.run(Tool.scaleVideo.path, ["clip.mp4", "--factor", "2", "--quiet"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.file("clip-scaled.mov").path))
        #expect(result.stdout.isEmpty)
    }

    @Test func anExistingOutputIsKeptWithoutOverwrite() throws {
        let scratch = try Scratch()
        let input = try Media.make(scratch.file("clip.mp4"), seconds: 1, audio: nil)
        let output = scratch.file("taken.mov")
        try Data("keep me".utf8).write(to: output)
        let refused = try Tool.run(Tool.scaleVideo.path, [input.path, "-o", output.path, "--factor", "2", "--quiet"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("taken.mov") && refused.stderr.contains("--overwrite"))
        #expect(try Data(contentsOf: output) == Data("keep me".utf8))
        let replaced = try Tool.run(
            Tool.scaleVideo.path, [input.path, "-o", output.path, "--factor", "2", "--quiet", "--overwrite"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try Tool.probe(output, stream: "v:0", "nb_read_frames", countFrames: true) == "60")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == ["clip.mp4", "taken.mov"])
    }

    @Test func unreadableInputsFailWithOneLineAndNoOutput() throws {
        let scratch = try Scratch()
        try Data("just text".utf8).write(to: scratch.file("notes.mp4"))
        try FileManager.default.createDirectory(at: scratch.file("folder.mov"), withIntermediateDirectories: false)
        for (name, reason) in [("missing.mp4", "no such file"), ("notes.mp4", "not a readable movie"), ("folder.mov", "directory")] {
            let result = try Tool.run(Tool.scaleVideo.path, [name, "--factor", "2", "--quiet"], in: scratch.url)
            #expect(result.status == 1, "\(name)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains(name) && lines[0].contains(reason), "\(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == ["folder.mov", "notes.mp4"])
    }

    @Test func progressLinesGoToStandardErrorAndEndAtOneHundred() throws {
        let scratch = try Scratch()
        let input = try Media.make(scratch.file("clip.mov"), seconds: 2)
        let result = try Tool.run(Tool.scaleVideo.path, [input.path, "--factor", "2"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        let percents = result.stderr.split(separator: "\n").compactMap { line -> Int? in
            guard let range = line.range(of: #"\d+%"#, options: .regularExpression) else { return nil }
            return Int(line[range].dropLast())
        }
        #expect(percents.last == 100)
        #expect(percents == percents.sorted())
    }
}
