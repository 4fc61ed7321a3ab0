import Foundation
import TestSupport
import Testing

/// `--skip-existing`: a batch killed at any point is finished by running
/// the same command again with it; an output already complete is left as it
/// is, anything else at an output path is made anew, and a killed run's
/// temporary files are removed.
@Suite(.serialized, .tags(.endToEnd))
struct SkipExistingTests {
    /// The file's inode and modification time: a file written again, or
    /// replaced, changes one of them.
    static func identity(_ file: URL) throws -> [Int] {
        var status = stat()
        guard stat(file.path, &status) == 0 else { throw ToolError("cannot stat \(file.path)") }
        return [Int(status.st_ino), status.st_mtim.tv_sec, status.st_mtim.tv_nsec]
    }

    static func partials(in folder: URL) -> [String] {
        ((try? Tool.files(in: folder)) ?? []).filter { $0.contains(".partial-") }
    }

    /// Each input's `--json` status, by input path.
    static func statuses(_ result: ProcessOutput) throws -> [String: String] {
        var statuses: [String: String] = [:]
        for report in try JSONResults(result.stdout).objects {
            statuses[report["input"] as? String ?? ""] = report["status"] as? String
        }
        return statuses
    }

    /// N = ceil(D · fps) frames (SPEC §4), D = factor × S.
    static func frames(seconds: Double, factor: Double, fps: Double = 30) -> String {
        String(Int((seconds * factor * fps).rounded(.up)))
    }

    @Test func aBatchKilledMidwayIsFinishedByRunningItAgain() throws {
        let scratch = try Scratch()
        var inputs: [(url: URL, seconds: Double)] = []
        for name in ["a", "b"] {
            inputs.append((try Media.make(scratch.file("\(name).mov"), rate: 10, seconds: 1, audio: ("pcm_s16le", 8000)), 1))
        }
        // Long enough to be killed while it is written.
        let middle = scratch.file("middle.mov")
        try Fixtures.make(middle, ffmpeg: [
            "-f", "lavfi", "-i", "testsrc2=s=640x360:r=30:d=5", "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 5),
            "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "pcm_s16le",
        ])
        inputs.append((middle, 5))
        for name in ["c", "d"] {
            inputs.append((try Media.make(scratch.file("\(name).mov"), rate: 10, seconds: 1, audio: ("pcm_s16le", 8000)), 1))
        }
        let folder = scratch.file("out")
        let output = { (input: URL) in folder.appendingPathComponent(input.deletingPathExtension().lastPathComponent + "-scaled.mov") }
        let command = inputs.map(\.url.path) + ["--factor", "2", "--output-dir", folder.path, "--json", "--quiet"]

        let killed = try RunningProcess(Tool.scaleVideo.path, command)
        let writingMiddle = Wait.until {
            FileManager.default.fileExists(atPath: output(inputs[1].url).path)
        } && Wait.untilWriting("middle-scaled.mov", in: folder)
        #expect(writingMiddle, "the middle input was never written")
        try #require(killed.process.isRunning, "the batch ended before it could be killed")
        kill(killed.process.processIdentifier, SIGKILL)
        let ended = killed.wait(timeout: 30)
        #expect(!ended.exited)
        #expect(try Tool.files(in: folder).filter { !$0.hasPrefix(".") } == ["a-scaled.mov", "b-scaled.mov"])
        let stale = Self.partials(in: folder)
        #expect(stale.count == 1 && stale[0].hasPrefix(".middle-scaled.partial-"), "\(stale)")
        let finished = try [output(inputs[0].url), output(inputs[1].url)].map(Self.identity)

        let again = try Tool.scale(command + ["--skip-existing"])
        #expect(again.status == 0, "\(again.stderr)")
        var expected: [String: String] = [:]
        for (index, input) in inputs.enumerated() { expected[input.url.path] = index < 2 ? "skipped" : "ok" }
        #expect(try Self.statuses(again) == expected)
        #expect(try [output(inputs[0].url), output(inputs[1].url)].map(Self.identity) == finished, "a finished output was written again")
        #expect(Self.partials(in: folder).isEmpty, "\(Self.partials(in: folder))")
        #expect(try Tool.files(in: folder) == inputs.map { output($0.url).lastPathComponent }.sorted())
        for input in inputs {
            let frames = try Tool.probe(output(input.url), stream: "v:0", "nb_read_frames", countFrames: true)
            #expect(frames == Self.frames(seconds: input.seconds, factor: 2), "\(input.url.lastPathComponent)")
        }

        // Once all is done, the same command changes nothing.
        let all = try inputs.map { try Self.identity(output($0.url)) }
        let third = try Tool.scale(command + ["--skip-existing"])
        #expect(third.status == 0, "\(third.stderr)")
        #expect(try Self.statuses(third).values.allSatisfy { $0 == "skipped" })
        #expect(try inputs.map { try Self.identity(output($0.url)) } == all)
    }

    /// AAC in MP4, whose tracks decode to the encoder's priming and padding
    /// beyond the planned samples and declare the planned length.
    @Test func onlyACompleteOutputIsSkippedAndAnythingElseIsMadeAnew() throws {
        let scratch = try Scratch()
        for name in ["other", "junk", "done"] {
            try Media.make(scratch.file("\(name).mov"), rate: 10, seconds: 1, audio: ("pcm_s16le", 8000))
        }
        let names = ["other.mov", "junk.mov", "done.mov"]
        let options = ["--factor", "2", "--container", "mp4", "--audio-codec", "aac", "--quiet"]
        // Complete, but another command's output: three times as long.
        let other = try Tool.scale(["other.mov"] + options.map { $0 == "2" ? "3" : $0 }, in: scratch.url)
        #expect(other.status == 0, "\(other.stderr)")
        let done = try Tool.scale(["done.mov"] + options, in: scratch.url)
        #expect(done.status == 0, "\(done.stderr)")
        try Data("not a movie".utf8).write(to: scratch.file("junk-scaled.mp4"))
        // As a killed run leaves it: no process holds its lock.
        try Data("partial".utf8).write(to: scratch.file(".done-scaled.partial-k1ll3d.mp4"))
        let before = try ["other", "junk", "done"].map { try Self.identity(scratch.file("\($0)-scaled.mp4")) }

        let plan = try Tool.scale(names + options + ["--skip-existing", "--dry-run", "--json"], in: scratch.url)
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(try Self.statuses(plan) == ["other.mov": "planned", "junk.mov": "planned", "done.mov": "skipped"])
        #expect(plan.stderr.contains("scale-video: 2 planned, 1 skipped, 0 failed, 0 cancelled"))
        #expect(try ["other", "junk", "done"].map { try Self.identity(scratch.file("\($0)-scaled.mp4")) } == before)

        let result = try Tool.scale(names + options + ["--skip-existing", "--json"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.statuses(result) == ["other.mov": "ok", "junk.mov": "ok", "done.mov": "skipped"])
        #expect(result.stderr.contains("scale-video: done.mov → done-scaled.mp4: skipped, already complete (60 frames, 2.000 s)"))
        #expect(result.stderr.contains("scale-video: 2 ok, 1 skipped, 0 failed, 0 cancelled"))
        let after = try ["other", "junk", "done"].map { try Self.identity(scratch.file("\($0)-scaled.mp4")) }
        #expect(after[0] != before[0] && after[1] != before[1] && after[2] == before[2])
        for name in ["other", "junk", "done"] {
            let frames = try Tool.probe(scratch.file("\(name)-scaled.mp4"), stream: "v:0", "nb_read_frames", countFrames: true)
            #expect(frames == Self.frames(seconds: 1, factor: 2), "\(name)")
        }
        #expect(try Tool.files(in: scratch.url) == (names + ["done-scaled.mp4", "junk-scaled.mp4", "other-scaled.mp4"]).sorted())
    }

    @Test func skipExistingAndOverwriteAreBadUsageTogether() throws {
        let result = try Tool.scale(["in.mov", "--factor", "2", "--skip-existing", "--overwrite"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("Give only one of --overwrite and --skip-existing."))
    }
}
