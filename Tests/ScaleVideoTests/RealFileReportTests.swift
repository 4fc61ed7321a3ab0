import Foundation
import TestSupport
import Testing

/// SPEC §7 and §11 on files as other tools write them: every line names the
/// true reason (a codec this FFmpeg cannot read, by its tag where the file
/// gives one, not "none" or "no samples"; a data track left out, and why),
/// `--dry-run` fails exactly where the run would, FLAC keeps its cover, and
/// a picture far shorter than its sound is warned about on the terminal and
/// in `--json`.
@Suite(.serialized, .tags(.endToEnd))
struct RealFileReportTests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    /// The plan and the run of `input` both fail with one line containing
    /// `reason`, and nothing is written.
    func expectRefusedAlike(_ input: URL, reason: String) throws {
        let before = try Tool.files(in: scratch.url)
        for extra in [["--dry-run"], []] {
            let result = try Tool.scale([input.path, "--factor", "2", "--quiet"] + extra)
            #expect(result.status == 1, "\(extra): \(result.stderr)")
            #expect(result.stderrLines.count == 1 && result.stderr.contains(reason), "\(extra): \(result.stderr)")
        }
        #expect(try Tool.files(in: scratch.url) == before)
    }

    /// mkvmerge writes WebVTT as S_TEXT/WEBVTT, which FFmpeg 5.1 does not
    /// know: the track is dropped for that reason, never as a "none picture".
    @Test func aSubtitleTrackOfAnUnknownFormatIsNamedForIt() throws {
        let movie = try Media.make(scratch.file("movie.mp4"), seconds: 1, audio: ("aac", 48000))
        let cues = scratch.file("cues.vtt")
        try "WEBVTT\n\n00:00.200 --> 00:00.800\nhello\n".write(to: cues, atomically: true, encoding: .utf8)
        let input = scratch.file("merged.mkv")
        let merged = try Tool.run("mkvmerge", ["-q", "-o", input.path, movie.path, cues.path])
        try #require(merged.status == 0, "\(merged.stderr)")
        let plan = try Tool.scale([input.path, "-o", scratch.file("out.mkv").path, "--factor", "2", "--dry-run"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stderr.contains("dropped 1 subtitle track (its format is one this FFmpeg cannot read)"), "\(plan.stderr)")
        #expect(plan.stderr.contains("#2 subtitle unknown: left out"), "\(plan.stderr)")
        #expect(!plan.stderr.contains("none") && !plan.stderr.contains("picture subtitle"), "\(plan.stderr)")
    }

    /// FLAC holds a picture block: the cover is kept.
    @Test func flacKeepsItsCover() throws {
        let input = scratch.file("album.flac")
        try Fixtures.make(input, ffmpeg: [
            "-f", "lavfi", "-i", "sine=r=44100:d=1", "-f", "lavfi", "-i", "color=red:s=64x64:d=1", "-map", "0", "-map", "1",
            "-c:a", "flac", "-c:v", "png", "-disposition:v", "attached_pic",
        ])
        let output = scratch.file("slow.flac")
        let run = try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--json", "--quiet"])
        try #require(run.status == 0, "\(run.stderr)")
        let result = try #require(try JSONResults(run.stdout).objects.first)
        #expect((result["kept"] as? [String] ?? []).contains("cover picture"), "\(result)")
        #expect(try Tool.probe(output, stream: "v:0", "codec_name:stream_disposition=attached_pic") == "png\n1")
    }

    /// 32-bit FLAC (the reference encoder writes it; FFmpeg 5.1 reads none of it).
    @Test func audioThisFFmpegCannotDecodeIsNamed() throws {
        let wave = scratch.file("deep.wav")
        try Fixtures.make(wave, ffmpeg: ["-f", "lavfi", "-i", "sine=r=48000:d=1", "-c:a", "pcm_s32le"])
        let input = scratch.file("deep.flac")
        let encoded = try Tool.run("flac", ["-s", "-f", "-o", input.path, wave.path])
        try #require(encoded.status == 0, "\(encoded.stderr)")
        try FileManager.default.removeItem(at: wave)
        #expect(try Tool.probe(input, stream: "a:0", "bits_per_raw_sample") == "32")
        try expectRefusedAlike(input, reason: "deep.flac: its 32-bit flac audio cannot be read by this FFmpeg")
    }

    /// A video codec without a decoder here (a Matroska track of a codec this
    /// FFmpeg does not know): the plan fails as the run does.
    @Test func videoThisFFmpegCannotDecodeFailsThePlanToo() throws {
        let movie = try Media.make(scratch.file("movie.mp4"), seconds: 1, audio: nil)
        let matroska = scratch.file("movie.mkv")
        try Tool.ffmpeg(["-i", movie.path, "-c", "copy", matroska.path])
        try FileManager.default.removeItem(at: movie)
        var bytes = try Data(contentsOf: matroska)
        let id = try #require(bytes.range(of: Data("V_MPEG4/ISO/AVC".utf8)))
        bytes.replaceSubrange(id, with: Data("V_MPEGI/ISO/VVC".utf8))
        try bytes.write(to: matroska)
        try expectRefusedAlike(matroska, reason: "movie.mkv: its video of an unknown codec cannot be decoded by this FFmpeg")
    }

    /// An mp4 of a codec FFmpeg 5.1 does not know (H.266/VVC, whose sample
    /// entry is `vvc1`): the line names it by that tag, in the plan as in the run.
    @Test func aCodecThisFFmpegDoesNotKnowIsNamedByItsTag() throws {
        let input = try Media.make(scratch.file("vvc.mp4"), seconds: 1, audio: nil)
        var bytes = try Data(contentsOf: input)
        let descriptions = try #require(bytes.range(of: Data("stsd".utf8)))
        let entry = try #require(bytes.range(of: Data("avc1".utf8), in: descriptions.upperBound..<bytes.endIndex))
        bytes.replaceSubrange(entry, with: Data("vvc1".utf8))
        try bytes.write(to: input)
        #expect(try Tool.probe(input, stream: "v:0", "codec_name,codec_tag_string") == "unknown\nvvc1")
        try expectRefusedAlike(input, reason: "vvc.mp4: its vvc1 video cannot be decoded by this FFmpeg")
    }

    /// MPEG-TS with a data track beside the picture and sound (a private
    /// stream, as broadcast and camera recordings carry, which FFmpeg calls
    /// bin_data): no output carries it, and the plan and the run name it as
    /// dropped, with why, among the tracks and on the terminal.
    @Test func aDataTrackLeftOutIsNamedWithWhy() throws {
        let movie = try Media.make(scratch.file("movie.mp4"), seconds: 1, audio: ("aac", 48000))
        let payload = scratch.file("payload.bin")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(to: payload)
        let input = scratch.file("broadcast.ts")
        try Tool.ffmpeg(["-i", movie.path, "-f", "data", "-i", payload.path, "-map", "0", "-map", "1", "-c", "copy", input.path])
        #expect(try Tool.probe(input, stream: "d:0", "index,codec_name,codec_type") == "2\nbin_data\ndata")
        let output = scratch.file("out.mkv")
        let isDataLine = { (line: String) in line.hasPrefix("1 data stream (bin_data: ") && line.hasSuffix("cannot be retimed)") }
        for extra in [["--dry-run"], []] {
            let result = try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--json", "--quiet"] + extra)
            try #require(result.status == 0, "\(extra): \(result.stderr)")
            let object = try #require(try JSONResults(result.stdout).objects.first)
            let dropped = object["dropped"] as? [String] ?? []
            #expect(dropped.count == 1 && dropped.allSatisfy(isDataLine), "\(extra): \(dropped)")
        }
        #expect(try Tool.probe(output, stream: "d", "index").isEmpty, "no data track is written")
        let plan = try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--dry-run", "--json", "--overwrite"])
        let tracks = try #require(try JSONResults(plan.stdout).objects.first?["tracks"] as? [[String: Any]])
        let data = try #require(tracks.first { $0["index"] as? Int == 2 })
        #expect(data["kind"] as? String == "data" && data["codec"] as? String == "bin_data", "\(data)")
        #expect(data["written"] is NSNull && (data["dropped"] as? String)?.contains("cannot be retimed") == true, "\(data)")
        let told = try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--dry-run", "--overwrite"])
        #expect(told.stderr.contains("#2 data bin_data: left out ("), "\(told.stderr)")
        #expect(told.stderr.contains("dropped 1 data stream (bin_data: "), "\(told.stderr)")
        #expect(!told.stderr.contains("chapters"), "\(told.stderr)")
    }

    /// Two frames beside a second of sound: scaled alike, they end far apart, and the run says so.
    @Test func aPictureMuchShorterThanItsSoundIsWarnedAbout() throws {
        let input = scratch.file("short.mp4")
        try Fixtures.make(input, ffmpeg: [
            "-f", "lavfi", "-i", "testsrc2=s=160x96:r=30:d=0.06", "-f", "lavfi", "-i", "sine=r=48000:d=1.07", "-c:v", "libx264",
            "-c:a", "aac",
        ])
        let run = try Tool.scale([input.path, "-o", scratch.file("out.mov").path, "--duration", "7.1", "--json", "--quiet"])
        try #require(run.status == 0, "\(run.stderr)")
        let result = try #require(try JSONResults(run.stdout).objects.first)
        let audio = Double(result["audioSamples"] as? Int ?? 0) / 48000
        let warning = String(printf: "its picture lasts %.3f s and its sound ", result["sourceDuration"] as? Double ?? 0)
        let ending = String(printf: ": the output's picture lasts 7.100 s and its sound %.3f s", audio)
        #expect(audio > 100, "the sound is scaled by the picture's factor: \(result)")
        #expect(run.stderr.contains("short.mp4: warning: " + warning) && run.stderr.contains(ending), "\(run.stderr)")
        let warnings = result["warnings"] as? [String] ?? []
        #expect(warnings.count == 1 && warnings[0].hasPrefix(warning) && warnings[0].hasSuffix(ending), "\(result)")
        let even = try Tool.scale([Media.make(scratch.file("even.mov"), seconds: 1).path, "--factor", "2", "--dry-run"])
        #expect(!even.stderr.contains("warning"), "\(even.stderr)")
    }
}
