import Foundation
import TestSupport
import Testing

/// --start/--end cut the source sample-exactly for audio and at frame times
/// for video; --pad-audio fills short audio with digital silence.
@Suite(.serialized, .tags(.endToEnd))
struct TrimAndPadTests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    func scale(_ arguments: [String]) throws -> ProcessOutput {
        let result = try Tool.scale(arguments + ["--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    @Test func audioIsCutToTheSample() throws {
        let input = scratch.file("tone.wav")
        try Fixtures.make(input, ffmpeg: ["-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 2), "-c:a", "pcm_s16le"])
        let output = scratch.file("part.wav")
        _ = try scale([input.path, "-o", output.path, "--start", "0.5", "--end", "1.25", "--factor", "2"])
        let original = try Media.samples(input)
        let part = Array(original[(24000 * 2)..<(60000 * 2)])
        #expect(try Media.samples(output) == ReferenceStretch.scaleInterleaved(part, channels: 2, length: 72000))
    }

    @Test func aMovieIsCutAtFrameTimesAndItsAudioToTheSample() throws {
        let source = try Media.make(scratch.file("source.mov"))
        let output = scratch.file("part.mov")
        let result = try scale([source.path, "-o", output.path, "--start", "1", "--end", "2", "--factor", "1", "--json"])
        #expect(try Media.frameIndices(output) == Array(30..<60))
        let original = try Media.samples(source)
        #expect(try Media.samples(output) == Array(original[(48000 * 2)..<(96000 * 2)]))
        let object = try #require(try JSONResults(result.stdout).objects.first)
        #expect(object["sourceDuration"] as? Double == 1)
        #expect((object["changed"] as? [String])?.contains("cut to 1.000 s – 2.000 s of the source") == true)
    }

    @Test func aStartBetweenFramesBeginsWithTheFrameOnScreenThen() throws {
        let source = try Media.make(scratch.file("source.mov"), audio: nil)
        let output = scratch.file("late.mov")
        _ = try scale([source.path, "-o", output.path, "--start", "0.51", "--factor", "2", "--fps", "30"])
        let times = try Media.frameTimes(source)
        // D = 2 · (3 − 0.51) = 4.98 s: 150 frames at 30 fps.
        let expected = (0..<150).map { k in times.lastIndex { 2 * ($0 - 0.51) * 30 <= Double(k) + 1e-9 } ?? 0 }
        #expect(expected.first == 15)
        #expect(try Media.frameIndices(output) == expected)
    }

    @Test func aStartPastTheEndIsRefused() throws {
        let source = try Media.make(scratch.file("short.mov"), seconds: 1)
        let output = scratch.file("never.mov")
        let result = try Tool.scale([source.path, "-o", output.path, "--start", "5", "--factor", "2", "--quiet"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("--start 5.00 s is at or past its end (1.00 s)"))
        #expect(try Tool.files(in: scratch.url) == ["short.mov"])
    }

    @Test func shortAudioIsPaddedWithSilenceToTheVideosEnd() throws {
        let source = scratch.file("short-audio.mov")
        try Fixtures.make(source, ffmpeg: [
            "-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 3), "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 2),
            "-c:v", "libx264", "-preset", "veryfast", "-c:a", "pcm_s16le",
        ])
        let output = scratch.file("padded.mov")
        _ = try scale([source.path, "-o", output.path, "--factor", "2", "--pad-audio"])
        let original = try Media.samples(source)
        #expect(original.count == 96000 * 2)
        let padded = original + [Int16](repeating: 0, count: 48000 * 2)
        let written = try Media.samples(output)
        #expect(written.count == 288000 * 2)
        #expect(written == ReferenceStretch.scaleInterleaved(padded, channels: 2, length: 288000))
        #expect(written[(192002 * 2)...].allSatisfy { $0 == 0 })
        #expect(written[..<(191000 * 2)].contains { $0 != 0 })
    }
}
