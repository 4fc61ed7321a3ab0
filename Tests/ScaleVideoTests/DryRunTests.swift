import Foundation
import Testing

/// `--dry-run` through the built binary: each input's plan, and nothing written.
struct DryRunTests {
    @Test func theJSONPlanHoldsTheSpecsNumbersAndNothingIsWritten() throws {
        let scratch = try Scratch()
        let input = try Media.make(scratch.file("in.mp4"), seconds: 2, audio: ("aac", 48000))
        let result = try Tool.scale(["in.mp4", "--factor", "2", "--dry-run", "--json"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let objects = try JSONResults(result.stdout).objects
        try #require(objects.count == 1)
        let plan = objects[0]
        let s = try #require(Double(try Tool.probe(input, stream: "v:0", "duration")))
        let count = try JobPlanTests.sourceSamples(input)
        #expect(plan["input"] as? String == "in.mp4" && plan["output"] as? String == "in-scaled.mov")
        #expect(plan["status"] as? String == "planned" && plan["container"] as? String == "mov")
        #expect(plan["sourceDuration"] as? Double == s && plan["duration"] as? Double == 2 * s)
        #expect(plan["factor"] as? Double == 2 && plan["fps"] as? Double == 30)
        #expect(plan["frames"] as? Int == Int((2 * s * 30 - 1e-9).rounded(.up)))
        #expect(plan["sourceAudioSamples"] as? Int == count && plan["audioSamples"] as? Int == Int(Double(count) * 2))
        #expect(plan["sampleRate"] as? Int == 48000)
        #expect(plan["kept"] as? [String] == ["yuv420p pictures", "32-bit float samples"])
        #expect(try Tool.files(in: scratch.url) == ["in.mp4"])
    }

    @Test func theReadablePlanIsOneLineOnStandardError() throws {
        let scratch = try Scratch()
        try Media.make(scratch.file("clip.mov"), seconds: 1, audio: nil)
        let result = try Tool.scale(["clip.mov", "--duration", "3", "--fps", "25", "--dry-run"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 2, "\(result.stderr)")
        #expect(result.stderr.contains("clip.mov → clip-scaled.mov") && result.stderr.contains("75 frames at 25 fps"))
        #expect(result.stderrLines.last == "scale-video: clip.mov: kept yuv420p pictures")
        #expect(result.stderr.contains("nothing written"))
        #expect(try Tool.files(in: scratch.url) == ["clip.mov"])
    }

    @Test func aBadInputStillGetsItsLineAndExitsOne() throws {
        let scratch = try Scratch()
        try Media.make(scratch.file("good.mov"), seconds: 1)
        try Data("just text".utf8).write(to: scratch.file("notes.mp4"))
        let alone = try Tool.scale(["notes.mp4", "--factor", "2", "--dry-run"], in: scratch.url)
        #expect(alone.status == 1)
        #expect(alone.stderrLines.count == 1 && alone.stderrLines[0].contains("notes.mp4: not a readable movie"), "\(alone.stderr)")
        let batch = try Tool.scale(
            ["good.mov", "notes.mp4", "missing.mov", "--factor", "2", "--dry-run", "--json", "--output-dir", "out/new"],
            in: scratch.url)
        #expect(batch.status == 1)
        let statuses = try JSONResults(batch.stdout).objects.map { "\($0["input"]!) \($0["status"]!)" }
        #expect(statuses == ["good.mov planned", "notes.mp4 failed", "missing.mov failed"])
        #expect(batch.stderr.contains("1 planned, 2 failed, 0 cancelled"))
        #expect(try Tool.files(in: scratch.url) == ["good.mov", "notes.mp4"])
    }

    @Test func anExistingOutputIsNamedAsInARealRun() throws {
        let scratch = try Scratch()
        try Media.make(scratch.file("clip.mov"), seconds: 1, audio: nil)
        try Data("keep me".utf8).write(to: scratch.file("clip-scaled.mov"))
        let result = try Tool.scale(["clip.mov", "--factor", "2", "--dry-run"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("clip-scaled.mov already exists"), "\(result.stderr)")
        let replacing = try Tool.scale(["clip.mov", "--factor", "2", "--dry-run", "--overwrite"], in: scratch.url)
        #expect(replacing.status == 0, "\(replacing.stderr)")
        #expect(try Data(contentsOf: scratch.file("clip-scaled.mov")) == Data("keep me".utf8))
    }
}
