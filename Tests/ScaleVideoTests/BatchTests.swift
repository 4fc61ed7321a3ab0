import Foundation
import TestSupport
import Testing

/// Many inputs at once, as a script runs them: outputs, statuses, JSON.
@Suite(.serialized, .tags(.endToEnd))
struct BatchTests {
    @Test func oneBadInputDoesNotStopTheOthers() throws {
        let scratch = try Scratch()
        let first = try Media.make(scratch.file("first.mov"), seconds: 1)
        try Data("not a movie".utf8).write(to: scratch.file("broken.mp4"))
        let second = try Media.make(scratch.file("second.mp4"), seconds: 1, audio: ("aac", 44100))
        let folder = scratch.file("out/nested")
        let result = try Tool.scale([
            first.path, scratch.file("broken.mp4").path, second.path, "--factor", "2", "--output-dir", folder.path,
            "--container", "mkv", "--jobs", "2", "--json", "--quiet",
        ])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(try Tool.files(in: folder) == ["first-scaled.mkv", "second-scaled.mkv"])
        let reports = try JSONResults(result.stdout).objects
        var status: [String: String] = [:]
        for report in reports { status[report["input"] as! String] = report["status"] as? String }
        #expect(reports.count == 3)
        #expect(status == [first.path: "ok", scratch.file("broken.mp4").path: "failed", second.path: "ok"])
        let failure = reports.first { $0["status"] as? String == "failed" }
        #expect((failure?["error"] as? String)?.contains("not a readable movie") == true)
        #expect(result.stderr.contains("2 ok, 1 failed, 0 cancelled"))
    }

    /// A failed input's `kind` names the sort of failure, so a script acts
    /// on it without reading words: an output already there, an input that
    /// is not a movie or not there, a cut past the source's end, two inputs
    /// listed as one.
    @Test func aFailuresKindIsInItsJSON() throws {
        let scratch = try Scratch()
        let clip = try Media.make(scratch.file("clip.mov"), seconds: 1)
        let there = try Media.make(scratch.file("there.mov"), seconds: 1)
        try Data("not a movie".utf8).write(to: scratch.file("broken.mp4"))
        let cases: [(arguments: [String], kind: String)] = [
            ([clip.path, "-o", there.path, "--factor", "2"], "exists"),
            ([scratch.file("broken.mp4").path, "-o", scratch.file("a.mov").path, "--factor", "2"], "input"),
            ([scratch.file("gone.mp4").path, "-o", scratch.file("b.mov").path, "--factor", "2"], "input"),
            ([clip.path, "-o", scratch.file("c.mov").path, "--factor", "2", "--end", "5"], "refused"),
            ([clip.path, clip.path, "--output-dir", scratch.file("d").path, "--factor", "2"], "refused"),
        ]
        for (arguments, kind) in cases {
            let result = try Tool.scale(arguments + ["--json", "--quiet"])
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            let failures = try JSONResults(result.stdout).objects.filter { $0["status"] as? String == "failed" }
            #expect(failures.count == 1 && failures.allSatisfy { $0["kind"] as? String == kind }, "\(arguments): \(failures)")
        }
        #expect(try Tool.files(in: scratch.url) == ["broken.mp4", "clip.mov", "d", "there.mov"])
    }

    /// What `--json` says a file holds is what ffprobe and ffmpeg find in it.
    @Test(arguments: [("mov", "pcm"), ("mp4", "aac"), ("mkv", "pcm")])
    func measuredResultsAgreeWithFFprobe(container: String, codec: String) throws {
        let scratch = try Scratch()
        let input = try Media.make(scratch.file("clip.mov"), seconds: 2, audio: ("pcm_s16le", 44100))
        let output = scratch.file("scaled.\(container)")
        let result = try Tool.scale([input.path, "-o", output.path, "--factor", "1.37", "--json", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let reports = try JSONResults(result.stdout).objects
        let report = try #require(reports.first)
        #expect(reports.count == 1)
        #expect(report["output"] as? String == output.path)
        #expect(report["frames"] as? Int == 83)
        #expect(report["audioSamples"] as? Int == Int(Double(88200) * 1.37))
        let measured = try #require(report["measured"] as? [String: Any])
        let frames = try Tool.probe(output, stream: "v:0", "nb_read_frames", countFrames: true)
        #expect("\(measured["frames"] as? Int ?? -1)" == frames)
        let samples = try Media.samples(output).count / 2
        let videoDuration = try #require(measured["videoDuration"] as? Double)
        let audioDuration = try #require(measured["audioDuration"] as? Double)
        let drift = try #require(report["avDriftSeconds"] as? Double)
        #expect(abs(videoDuration - 83.0 / 30) < 0.002)
        #expect(abs(drift - (audioDuration - videoDuration)) < 1e-9)
        if codec == "pcm" {
            #expect(measured["audioSamples"] as? Int == samples)
            #expect(measured["audioSamples"] as? Int == report["audioSamples"] as? Int)
        } else {
            // The MP4 edit list gives the presented length; decoding adds the encoder's padding.
            let presented = try Tool.probe(output, stream: "a:0", "duration_ts")
            #expect("\(measured["audioSamples"] as? Int ?? -1)" == presented)
            #expect(samples - (measured["audioSamples"] as? Int ?? 0) < 1024)
        }
        #expect(abs(audioDuration - Double(measured["audioSamples"] as? Int ?? 0) / 44100) < 1e-9)
    }

    @Test func progressAsJSONLines() throws {
        let scratch = try Scratch()
        let input = try Media.make(scratch.file("clip.mov"), seconds: 2)
        let result = try Tool.scale([input.path, "--factor", "2", "--progress", "json", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let events = try JSONResults(result.stderr).objects
        #expect(events.count == result.stderrLines.count)
        #expect(events.first?["event"] as? String == "start")
        #expect(events.last?["event"] as? String == "done" && events.last?["status"] as? String == "ok")
        let fractions = events.filter { $0["event"] as? String == "progress" }.compactMap { $0["fraction"] as? Double }
        #expect(fractions.count >= 2)
        #expect(fractions == fractions.sorted() && fractions.last == 1)
        #expect(try JSONResults(result.stdout).objects.count == 1)
    }

    @Test func twoInputsNeverShareAnOutput() throws {
        let scratch = try Scratch()
        for folder in ["a", "b"] {
            try FileManager.default.createDirectory(at: scratch.file(folder), withIntermediateDirectories: false)
        }
        try Media.make(scratch.file("a/clip.mov"), seconds: 1, audio: nil)
        try Media.make(scratch.file("b/clip.mov"), seconds: 2, audio: nil)
        let result = try Tool.scale(
            ["a/clip.mov", "b/clip.mov", "--factor", "2", "--output-dir", "out", "--overwrite", "--quiet"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("b/clip.mov: its output out/clip-scaled.mov is already the output of a/clip.mov"))
        #expect(try Tool.files(in: scratch.file("out")) == ["clip-scaled.mov"])
        #expect(try Tool.probe(scratch.file("out/clip-scaled.mov"), stream: "v:0", "nb_read_frames", countFrames: true) == "60")
    }

    @Test func anOutputFolderThatCannotBeMadeFailsEveryInput() throws {
        let scratch = try Scratch()
        try Media.make(scratch.file("clip.mov"), seconds: 1, audio: nil)
        try Data("in the way".utf8).write(to: scratch.file("taken"))
        let result = try Tool.scale(["clip.mov", "clip.mov", "--factor", "2", "--output-dir", "taken/out", "--json", "--quiet"], in: scratch.url)
        #expect(result.status == 1)
        let reports = try JSONResults(result.stdout).objects
        #expect(reports.count == 2)
        #expect(reports.allSatisfy { ($0["error"] as? String)?.contains("cannot create the output folder taken/out: Not a directory") == true })
        #expect(try Tool.files(in: scratch.url) == ["clip.mov", "taken"])
    }

    @Test func allConvertedExitsZero() throws {
        let scratch = try Scratch()
        try Media.make(scratch.file("one.mov"), seconds: 1, audio: nil)
        try Media.make(scratch.file("two.mov"), seconds: 1, audio: nil)
        let result = try Tool.scale(["one.mov", "two.mov", "--duration", "1.5", "--fps", "24", "--quiet"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("2 ok, 0 failed, 0 cancelled"))
        #expect(try Tool.files(in: scratch.url) == ["one-scaled.mov", "one.mov", "two-scaled.mov", "two.mov"])
    }
}
