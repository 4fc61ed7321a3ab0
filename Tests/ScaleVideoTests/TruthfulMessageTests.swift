import Foundation
import TestSupport
import Testing

/// SPEC §7's last paragraph: the reason given is the true one, in one line
/// naming the input, with the exit status of SPEC §6, and nothing written.
@Suite(.tags(.endToEnd))
struct TruthfulMessageTests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    /// Runs the binary in the scratch folder; its stderr must be one line.
    private func run(_ arguments: [String]) throws -> ProcessOutput {
        let result = try Tool.scale(arguments + ["--quiet"], in: scratch.url)
        #expect(result.stderrLines.count == 1 || result.status == 64, "\(result.stderr)")
        return result
    }

    @Test(arguments: [(1, 1, [String](), "its picture is 1x1, too small to encode: H.264 takes pictures of at least 2x2"),
                      (32, 32, ["--video-codec", "av1"], "its picture is 32x32, too small to encode: AV1 takes pictures of at least 64x64"),
                      (14, 40, ["--video-codec", "hevc"], "its picture is 14x40, too small to encode: HEVC takes pictures of at least 16x16")])
    func aPictureTooSmallToEncodeSaysSoAndWhy(width: Int, height: Int, arguments: [String], reason: String) throws {
        try Fixtures.make(scratch.file("tiny.mkv"), ffmpeg: ["-f", "lavfi", "-i", "color=s=64x64:r=10:d=1,scale=\(width):\(height)", "-c:v", "ffv1"])
        let planned = try run(["tiny.mkv", "-o", "out.mkv", "--factor", "2", "--dry-run"] + arguments)
        let result = try run(["tiny.mkv", "-o", "out.mkv", "--factor", "2"] + arguments)
        for outcome in [planned, result] {
            #expect(outcome.status == 1)
            #expect(outcome.stderr == "scale-video: tiny.mkv: \(reason) (a size is rounded down to even)\n", "\(outcome.stderr)")
        }
        #expect(try Tool.files(in: scratch.url) == ["tiny.mkv"])
    }

    @Test(arguments: [(["--factor", "-1"], "--factor must be greater than 0"), (["--duration", "-2.5"], "--duration must be greater than 0"),
                      (["--factor", "0"], "--factor must be greater than 0"), (["--factor", "2", "--fps", "-30"], "--fps must be greater than 0"),
                      (["--factor", "2", "--crf", "-1"], "--crf must be between 0 and 51 for h264"),
                      (["--factor", "2", "--start", "-1"], "--start cannot be below 0")])
    func aNegativeOrZeroNumberNamesItsOption(arguments: [String], reason: String) throws {
        let result = try run(["in.mov"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains("Error: \(reason)"), "\(result.stderr)")
        #expect(try Tool.files(in: scratch.url).isEmpty)
    }

    /// A negative value where one is right (the waveform's noise floor) is a value, not an option.
    @Test func aNegativeValueIsTakenAsAValue() throws {
        try Media.make(scratch.file("in.mov"), seconds: 1)
        let result = try Tool.scale(
            ["in.mov", "-o", "out.mov", "--factor", "2", "--waveform", "w.png", "--noise-floor", "-60", "--dry-run"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func anEndPastTheSourcesEndSaysSo() throws {
        try Media.make(scratch.file("in.mov"), seconds: 2)
        let result = try run(["in.mov", "--end", "3", "--factor", "1"])
        #expect(result.status == 1)
        #expect(result.stderr == "scale-video: in.mov: --end 3.00 s is past its end (2.00 s)\n")
        #expect(try Tool.files(in: scratch.url) == ["in.mov"])
    }

    /// Sound alone lasts as long as its samples: a movie whose audio ends
    /// half a second before its video, twice as long.
    @Test func aSoundOnlyResultGivesTheSoundsDuration() throws {
        try Fixtures.make(scratch.file("in.mov"), ffmpeg: [
            "-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 2), "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 1.5),
            "-c:v", "libx264", "-c:a", "pcm_s16le",
        ])
        let result = try Tool.scale(["in.mov", "-o", "out.wav", "--factor", "2", "--progress", "none"], in: scratch.url)
        #expect(result.status == 0)
        #expect(result.stderrLines.first?.hasPrefix("scale-video: in.mov → out.wav: 144000 samples, 3.000 s in ") == true, "\(result.stderr)")
        #expect(try Media.samples(scratch.file("out.wav")).count == 2 * 144000)
    }

    /// A sample table that claims a packet larger than what is left of the
    /// file: the packet is damage, skipped with a warning, and every frame
    /// is still written.
    @Test func aPacketClaimedBeyondTheFileIsSkippedAsDamage() throws {
        let movie = try Media.make(scratch.file("made.mp4"), seconds: 2, audio: ("aac", 48000))
        var bytes = try Data(contentsOf: movie)
        // The video track's sample sizes: 'stsz', version and flags, a common size (0), a count, then each size.
        let table = try #require(bytes.range(of: Data("stsz".utf8)))
        let entry = table.upperBound + 12 + 4 * 30
        bytes.replaceSubrange(entry..<entry + 4, with: [0x01, 0xF7, 0x8A, 0x40])  // 33 000 000 bytes
        try bytes.write(to: scratch.file("claim.mp4"))
        let result = try Tool.scale(["claim.mp4", "-o", "out.mov", "--factor", "1", "--quiet"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderrLines.first == "scale-video: claim.mp4: warning: skipped a damaged video packet (Invalid data found when processing input)")
        #expect(!result.stderr.contains("allocate"))
        #expect(try Tool.probe(scratch.file("out.mov"), stream: "v:0", "nb_read_frames", countFrames: true) == "60")
    }

    /// --no-audio writes the video alone, --no-video the sound alone, and each says what it left out.
    @Test func noAudioAndNoVideoLeaveOutWhatTheySay() throws {
        try Media.make(scratch.file("in.mov"), seconds: 1)
        let silent = try Tool.scale(["in.mov", "-o", "silent.mp4", "--factor", "0.5", "--no-audio", "--json", "--quiet"], in: scratch.url)
        #expect(silent.status == 0, "\(silent.stderr)")
        let soundless = try #require(try JSONResults(silent.stdout).objects.first)
        #expect(soundless["dropped"] as? [String] == ["audio (--no-audio)"] && soundless["audioSamples"] as? Int == 0)
        #expect(try Tool.probe(scratch.file("silent.mp4"), stream: "a", "codec_type") == "")
        #expect(try Tool.probe(scratch.file("silent.mp4"), stream: "v:0", "nb_read_frames", countFrames: true) == "15")
        let sound = try Tool.scale(["in.mov", "--factor", "2", "--no-video", "--json", "--quiet"], in: scratch.url)
        #expect(sound.status == 0, "\(sound.stderr)")
        let picture = try #require(try JSONResults(sound.stdout).objects.first)
        #expect(picture["output"] as? String == "in-scaled.m4a" && picture["dropped"] as? [String] == ["video (--no-video)"])
        #expect(try Tool.probe(scratch.file("in-scaled.m4a"), stream: "v", "codec_type") == "")
        #expect(try Tool.probe(scratch.file("in-scaled.m4a"), stream: "a:0", "duration_ts") == "96000")
    }
}
