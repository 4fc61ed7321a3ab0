import Foundation
import TestSupport
import Testing

/// `--dry-run` through the built binary: each input's plan, and nothing written.
@Suite(.tags(.endToEnd))
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
        #expect(result.stderrLines.count == 3, "\(result.stderr)")
        #expect(result.stderr.contains("clip.mov → clip-scaled.mov") && result.stderr.contains("75 frames at 25 fps"))
        #expect(result.stderrLines[1] == "scale-video:   #0 video h264: libx264 yuv420p, 75 frames at 25 fps")
        #expect(result.stderrLines.last == "scale-video: clip.mov: kept yuv420p pictures")
        #expect(result.stderr.contains("nothing written"))
        #expect(try Tool.files(in: scratch.url) == ["clip.mov"])
    }

    /// SPEC §11: a film's every stream, and what the output makes of it.
    /// Two seconds at 25 fps twice as long at 30 fps: 120 frames; the
    /// tracks' 96000 and 88200 samples become 192000 and 176400.
    @Test func theListNamesEveryTrackAndWhatBecomesOfIt() throws {
        let scratch = try Scratch()
        let words = scratch.file("words.srt")
        try "1\n00:00:00,500 --> 00:00:01,000\nHello\n".write(to: words, atomically: true, encoding: .utf8)
        let styled = scratch.file("words.ass")
        try Tool.ffmpeg(["-i", words.path, styled.path])
        let font = scratch.file("font.ttf")
        try Data(repeating: 7, count: 512).write(to: font)
        try Tool.ffmpeg(
            ["-f", "lavfi", "-i", Media.indexedVideo(rate: 25, seconds: 2), "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 2),
             "-f", "lavfi", "-i", Media.tone(rate: 44100, seconds: 2), "-i", words.path, "-i", styled.path,
             "-map", "0", "-map", "1", "-map", "2", "-map", "3", "-map", "4", "-c:v", "libx264", "-c:a", "pcm_s16le", "-c:s", "copy",
             "-metadata:s:a:0", "language=eng", "-metadata:s:a:1", "language=fra", "-metadata:s:a:1", "title=Commentary",
             "-attach", font.path, "-metadata:s:t", "mimetype=font/ttf", scratch.file("film.mkv").path])
        let readable = try Tool.scale(["film.mkv", "-o", "film.mp4", "--factor", "2", "--audio-track", "2", "--dry-run"], in: scratch.url)
        #expect(readable.status == 0, "\(readable.stderr)")
        #expect(
            Array(readable.stderrLines.dropFirst().prefix(6)) == [
                "scale-video:   #0 video h264: libx264 yuv420p, 120 frames at 30 fps",
                "scale-video:   #1 audio pcm_s16le (eng): left out (not named by --audio-track)",
                "scale-video:   #2 audio pcm_s16le (fra, Commentary): aac, 88200 → 176400 samples at 44100 Hz",
                "scale-video:   #3 subtitle subrip: mov_text, retimed",
                "scale-video:   #4 subtitle ass: mov_text, retimed (styling it cannot hold left out)",
                "scale-video:   #5 attachment font/ttf (font.ttf): left out (.mp4 holds none)",
            ], "\(readable.stderr)")
        let json = try Tool.scale(["film.mkv", "-o", "film-scaled.mkv", "--factor", "2", "--dry-run", "--json"], in: scratch.url)
        let tracks = try #require(try JSONResults(json.stdout).objects.first?["tracks"] as? [[String: Any]], "\(json.stdout)")
        #expect(tracks.map { $0["kind"] as? String } == ["video", "audio", "audio", "subtitle", "subtitle", "attachment"])
        #expect(
            tracks.map { $0["written"] as? String } == [
                "libx264 yuv420p, 120 frames at 30 fps", "pcm_s16le, 96000 → 192000 samples at 48000 Hz",
                "pcm_s16le, 88200 → 176400 samples at 44100 Hz", "subrip, retimed", "ass, retimed", "copied",
            ])
        #expect(tracks.allSatisfy { !($0["dropped"] is String) })
        #expect(try Tool.files(in: scratch.url) == ["film.mkv", "font.ttf", "words.ass", "words.srt"])
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
