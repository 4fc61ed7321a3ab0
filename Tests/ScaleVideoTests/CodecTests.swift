import Foundation
import TestSupport
import Testing

/// --video-codec, --prores-profile and --audio-codec across the containers:
/// what each accepted combination writes, as ffprobe reads it; each one the
/// container cannot hold refused before anything is written; frame maps and
/// lossless samples exact whatever the codec.
@Suite(.serialized, .tags(.endToEnd))
struct CodecTests {
    let scratch: Scratch
    /// One second of indexed frames at 30 fps with 16-bit stereo at 48 kHz.
    let source: URL

    init() throws {
        scratch = try Scratch()
        source = try Media.make(scratch.file("source.mov"), seconds: 1)
    }

    /// An accepted combination and what ffprobe should read in its output.
    struct Accepted: Sendable, CustomTestStringConvertible {
        let container: String
        let arguments: [String]
        /// codec_name, profile, pix_fmt and codec_tag_string of the video; nil for sound alone.
        let video: (codec: String, profile: String, pixels: String, tag: String?)?
        let audio: String
        var testDescription: String { ([container] + arguments).joined(separator: " ") }
    }

    static let accepted: [Accepted] = [
        Accepted(container: "mov", arguments: ["--video-codec", "hevc"], video: ("hevc", "Main", "yuv420p", "hvc1"), audio: "pcm_s16le"),
        Accepted(container: "mp4", arguments: ["--video-codec", "hevc"], video: ("hevc", "Main", "yuv420p", "hvc1"), audio: "aac"),
        Accepted(
            container: "mkv", arguments: ["--video-codec", "hevc", "--audio-codec", "opus"], video: ("hevc", "Main", "yuv420p", nil),
            audio: "opus"),
        Accepted(container: "m4v", arguments: ["--video-codec", "h264"], video: ("h264", "High", "yuv420p", "avc1"), audio: "aac"),
        Accepted(container: "mov", arguments: ["--video-codec", "prores"], video: ("prores", "HQ", "yuv422p10le", "apch"), audio: "pcm_s16le"),
        Accepted(
            container: "mkv", arguments: ["--video-codec", "prores", "--prores-profile", "proxy", "--audio-codec", "flac"],
            video: ("prores", "Proxy", "yuv422p10le", nil), audio: "flac"),
        Accepted(
            container: "mov", arguments: ["--video-codec", "prores", "--prores-profile", "lt", "--audio-codec", "aac"],
            video: ("prores", "LT", "yuv422p10le", "apcs"), audio: "aac"),
        // FFmpeg's ProRes decoder gives 4444 as 12-bit 4:4:4.
        Accepted(
            container: "mov", arguments: ["--video-codec", "prores", "--prores-profile", "4444"],
            video: ("prores", "4444", "yuv444p12le", "ap4h"), audio: "pcm_s16le"),
        Accepted(container: "mkv", arguments: ["--audio-codec", "flac"], video: ("h264", "High", "yuv420p", nil), audio: "flac"),
        Accepted(container: "webm", arguments: [], video: ("vp9", "Profile 0", "yuv420p", nil), audio: "opus"),
        Accepted(container: "webm", arguments: ["--video-codec", "av1"], video: ("av1", "Main", "yuv420p", nil), audio: "opus"),
        Accepted(container: "webm", arguments: ["--no-video"], video: nil, audio: "opus"),
        Accepted(container: "mkv", arguments: ["--video-codec", "vp9", "--preset", "ultrafast"], video: ("vp9", "Profile 0", "yuv420p", nil), audio: "pcm_s16le"),
        Accepted(container: "mkv", arguments: ["--video-codec", "av1", "--crf", "50"], video: ("av1", "Main", "yuv420p", nil), audio: "pcm_s16le"),
        Accepted(container: "mp4", arguments: ["--video-codec", "av1", "--preset", "veryfast"], video: ("av1", "Main", "yuv420p", "av01"), audio: "aac"),
    ]

    @Test(arguments: accepted)
    func acceptedCombinationsWriteWhatWasAskedFor(_ case: Accepted) throws {
        let output = scratch.file("out.\(`case`.container)")
        let result = try Tool.scale([source.path, "-o", output.path, "--factor", "2", "--quiet", "--json"] + `case`.arguments)
        try #require(result.status == 0, "\(result.stderr)")
        // The result line alone: no encoder's own log.
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        let object = try #require(try JSONResults(result.stdout).objects.first)
        let streams = try Self.streams(output)
        if let video = `case`.video {
            let fields = streams.first { $0["codec_type"] == "video" } ?? [:]
            #expect(fields["codec_name"] == video.codec)
            #expect(fields["profile"] == video.profile)
            #expect(fields["pix_fmt"] == video.pixels)
            if let tag = video.tag { #expect(fields["codec_tag_string"] == tag) }
            #expect(fields["nb_read_frames"] == "60")
            #expect(object["videoCodec"] as? String == video.codec)
        } else {
            #expect(streams.allSatisfy { $0["codec_type"] != "video" })
            #expect(object["videoCodec"] is NSNull)
        }
        let audio = streams.first { $0["codec_type"] == "audio" } ?? [:]
        #expect(audio["codec_name"] == `case`.audio)
        #expect(audio["sample_rate"] == "48000")
        #expect(object["audioCodec"] as? String == (`case`.audio.hasPrefix("pcm") ? "pcm" : `case`.audio))
        // Every codec's audio to the sample: the container marks Opus's
        // priming and padding, an mp4/mov track AAC's by its declared duration.
        if `case`.audio == "aac" {
            #expect(audio["time_base"] == "1/48000")
            #expect(audio["duration_ts"] == "96000")
        } else {
            #expect(try Media.samples(output).count == 2 * 96000)
        }
        #expect(try Tool.files(in: scratch.url) == ["out.\(`case`.container)", "source.mov"])
    }

    /// Each stream's fields as ffprobe reads them, frames counted.
    static func streams(_ file: URL) throws -> [[String: String]] {
        let result = try Tool.run("ffprobe", ["-v", "error", "-count_frames", "-show_streams", "-of", "compact=p=0", file.path])
        guard result.status == 0 else { throw ToolError("ffprobe: \(result.stderr)") }
        return result.text.split(separator: "\n").map { line in
            Dictionary(line.split(separator: "|").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }.filter { $0.count == 2 }
                .map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// For each output frame, the source frame SPEC §4 names, read from the barcodes.
    @Test(arguments: [
        (["--video-codec", "hevc", "--crf", "18"], "mkv", 0.6, 24),
        (["--video-codec", "hevc", "--preset", "ultrafast"], "mp4", 1.5, 30),
        (["--video-codec", "prores"], "mov", 2.0, 30),
        (["--video-codec", "prores", "--prores-profile", "proxy"], "mkv", 0.5, 25),
        (["--video-codec", "vp9"], "webm", 1.5, 30),
        (["--video-codec", "av1"], "mkv", 0.6, 24),
    ])
    func everyOutputFrameIsTheOneSpecNames(arguments: [String], container: String, factor: Double, fps: Int) throws {
        let output = scratch.file("frames.\(container)")
        let result = try Tool.scale(
            [source.path, "-o", output.path, "--factor", String(factor), "--fps", String(fps), "--quiet"] + arguments)
        try #require(result.status == 0, "\(result.stderr)")
        let frames = Int((factor * 1 * Double(fps) - 1e-9).rounded(.up))
        #expect(try Tool.probe(output, stream: "v:0", "r_frame_rate") == "\(fps)/1")
        #expect(try Tool.probe(output, stream: "v:0", "nb_read_frames", countFrames: true) == "\(frames)")
        let times = try Media.frameTimes(source)
        try #require(times.count == 30)
        let shown = try Media.frameIndices(output)
        let expected = Media.expectedIndices(frames: frames, times: times, fps: Double(fps), factor: factor)
        try #require(shown.count == expected.count)
        let first = shown.indices.first { shown[$0] != expected[$0] }
        #expect(first == nil, "output frame \(first ?? 0) shows \(first.map { shown[$0] } ?? 0), not \(first.map { expected[$0] } ?? 0)")
    }

    /// FLAC, in .mkv and in .flac, holds SPEC §5's samples exactly, 16-bit
    /// and 24-bit.
    @Test(arguments: [("pcm_s16le", "mkv", 16), ("pcm_s24le", "mkv", 24), ("pcm_s16le", "flac", 16), ("pcm_s24le", "flac", 24)])
    func flacHoldsTheSamplesSpecComputes(codec: String, container: String, bits: Int) throws {
        let input = try Media.make(scratch.file("deep.mov"), seconds: 1, audio: (codec, 48000))
        let output = scratch.file("flac.\(container)")
        let result = try Tool.scale([input.path, "-o", output.path, "--factor", "1.37", "--audio-codec", "flac", "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(try Tool.probe(output, stream: "a:0", "codec_name") == "flac")
        #expect(try Tool.probe(output, stream: "a:0", "sample_fmt") == (bits == 16 ? "s16" : "s32"))
        let shift = Int32(32 - bits)
        let limit = Double(1 << (bits - 1))
        let source: [Int32] = try Media.decoded(input, as: "s32le")
        let expected = ReferenceStretch.scaleInterleaved(values: source.map { Double($0 >> shift) }, channels: 2, factor: 1.37) {
            max(-limit, min(limit - 1, $0.rounded(.toNearestOrEven)))
        }
        let written: [Int32] = try Media.decoded(output, as: "s32le")
        try #require(expected.count == 2 * Int(48000 * 1.37))
        try #require(written.count == expected.count)
        let first = firstDifference(written.map { Double($0 >> shift) }, expected)
        #expect(first == nil, "sample \(first ?? 0) differs")
        #expect(try Tool.files(in: scratch.url) == ["deep.mov", "flac.\(container)", "source.mov"])
    }

    @Test func planAndResultNameTheCodecs() throws {
        let output = scratch.file("named.mkv")
        let arguments = [source.path, "-o", output.path, "--factor", "2", "--video-codec", "prores", "--audio-codec", "flac"]
        let plan = try Tool.scale(arguments + ["--dry-run"])
        #expect(plan.status == 0)
        #expect(plan.stderr.contains("60 frames at 30 fps, prores hq, flac audio, 48000 → 96000 audio samples"), "\(plan.stderr)")
        let planned = try #require(try JSONResults(try Tool.scale(arguments + ["--dry-run", "--json"]).stdout).objects.first)
        #expect(planned["videoCodec"] as? String == "prores" && planned["proresProfile"] as? String == "hq")
        #expect(planned["audioCodec"] as? String == "flac")
        let done = try Tool.scale(arguments + ["--progress", "none"])
        #expect(done.status == 0)
        #expect(done.stderr.contains("named.mkv: prores hq, flac audio, 60 frames"), "\(done.stderr)")
    }
}

/// Combinations the containers cannot hold, and codec options that do not
/// apply, are bad usage: refused before any input is read (so the input
/// here need not be a movie), with the reason, and nothing written.
@Suite(.tags(.endToEnd))
struct CodecRefusalTests {
    let scratch: Scratch
    let input: URL

    init() throws {
        scratch = try Scratch()
        input = scratch.file("in.mov")
        try Data("never read".utf8).write(to: input)
    }

    @Test(arguments: [
        (["-o", "x.mp4", "--video-codec", "prores"], "ProRes video cannot be stored in .mp4"),
        (["-o", "x.m4v", "--video-codec", "prores"], "ProRes video cannot be stored in .m4v"),
        (["-o", "x.m4v", "--video-codec", "hevc"], "HEVC video cannot be stored in .m4v"),
        (["-o", "x.webm", "--video-codec", "h264"], "H.264 video cannot be stored in .webm (WebM holds VP9 or AV1 video); use .mov, .mp4, .m4v or .mkv"),
        (["--container", "webm", "--video-codec", "prores"], "ProRes video cannot be stored in .webm (WebM holds VP9 or AV1 video)"),
        (["-o", "x.m4v", "--video-codec", "av1"], "AV1 video cannot be stored in .m4v (.m4v holds H.264 alone); use .mp4, .mkv or .webm"),
        (["-o", "x.mp4", "--video-codec", "vp9"], "VP9 video cannot be stored in .mp4 (FFmpeg's MP4 writer does not take VP9); use .mkv or .webm"),
        (["-o", "x.webm", "--crf", "64"], "--crf must be between 0 and 63 for vp9"),
        (["-o", "x.mkv", "--video-codec", "av1", "--crf", "0"], "--crf must be between 1 and 63 for av1"),
        (["-o", "x.mov", "--crf", "52"], "--crf must be between 0 and 51 for h264"),
        (["-o", "x.webm", "--video-codec", "prores", "--crf", "10"], "ProRes has none"),
        (["-o", "x.mkv", "--no-video", "--video-codec", "vp9"], "--no-video writes no video: leave out --video-codec"),
        (["-o", "x.mkv", "--no-audio", "--keep-pitch"], "--no-audio writes no audio: leave out --keep-pitch"),
        (["-o", "x.wav", "--no-audio"], "--no-audio leaves a .wav output nothing to hold: name a movie output"),
        (["-o", "x.mkv", "--no-audio", "--no-video"], "Give only one of --no-video and --no-audio"),
        (["-o", "x.wav", "--video-codec", "h264"], ".wav holds sound alone"),
        (["-o", "x.mov", "--audio-codec", "flac"], "flac audio cannot be stored in .mov"),
        (["-o", "x.mp4", "--audio-codec", "flac"], "flac audio cannot be stored in .mp4"),
        (["-o", "x.wav", "--audio-codec", "flac"], "flac audio cannot be stored in .wav"),
        (["-o", "x.mov", "--audio-codec", "opus"], "opus audio cannot be stored in .mov"),
        (["-o", "x.mp4", "--audio-codec", "opus"], "opus audio cannot be stored in .mp4"),
        (["-o", "x.m4a", "--audio-codec", "opus"], "opus audio cannot be stored in .m4a"),
        (["-o", "x.webm", "--audio-codec", "aac"], "aac audio cannot be stored in .webm"),
        (["-o", "x.mkv", "--audio-codec", "aac"], "aac audio cannot be stored in .mkv exactly (FFmpeg's Matroska writer cannot mark AAC's priming)"),
        (["--container", "webm", "--audio-codec", "pcm"], "pcm audio cannot be stored in .webm"),
        (["-o", "x.mov", "--video-codec", "prores", "--crf", "18"], "ProRes has none"),
        (["-o", "x.mov", "--video-codec", "prores", "--preset", "fast"], "ProRes has none"),
        (["-o", "x.mov", "--prores-profile", "hq"], "--prores-profile applies to --video-codec prores"),
        (["-o", "x.mov", "--video-codec", "hevc", "--prores-profile", "lt"], "--prores-profile applies to --video-codec prores"),
        (["--audio-codec", "opus"], "opus audio cannot be stored in the default outputs"),
        (["--output-dir", "out", "--audio-codec", "opus"], "name a .mkv or .webm output with -o or --container"),
        (["-o", "x.mov", "--video-codec", "vp9"], "VP9 video cannot be stored in .mov (FFmpeg's QuickTime writer does not take VP9); use .mkv or .webm"),
        (["-o", "x.mov", "--video-codec", "vp8"], "vp8"),
        (["-o", "x.mkv", "--video-codec", "prores", "--prores-profile", "xq"], "xq"),
    ])
    func refusedCombinationsExit64WithTheReason(arguments: [String], reason: String) throws {
        let named = arguments.map { $0.hasPrefix("x.") ? scratch.file($0).path : $0 }
        let result = try Tool.scale([input.path, "--factor", "2", "--quiet"] + named)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(reason), "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try Tool.files(in: scratch.url) == ["in.mov"])
    }
}
