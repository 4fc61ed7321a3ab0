import Foundation
import TestSupport
import Testing

/// Movies as devices and other tools make them: many codecs and containers,
/// variable frame rates, late starts, shifted audio, several audio tracks,
/// tags and chapters. ffprobe/ffmpeg judge every output.
@Suite(.serialized, .tags(.endToEnd))
struct RealWorldInputTests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    /// One kind of input: its extension and ffmpeg's encoding arguments.
    struct Kind: CustomTestStringConvertible, Sendable {
        let name: String
        let container: String
        let video: [String]
        let audio: [String]
        var testDescription: String { name }
    }

    static let kinds: [Kind] = [
        Kind(name: "H.264 + AAC in mp4", container: "mp4", video: ["-c:v", "libx264"], audio: ["-c:a", "aac"]),
        Kind(name: "HEVC + Opus in mkv", container: "mkv",
             video: ["-c:v", "libx265", "-x265-params", "log-level=none"], audio: ["-c:a", "libopus"]),
        Kind(name: "VP9 + Opus in webm", container: "webm",
             video: ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-crf", "20", "-b:v", "0"],
             audio: ["-c:a", "libopus"]),
        Kind(name: "AV1 + FLAC in mkv", container: "mkv",
             video: ["-c:v", "libsvtav1", "-preset", "12", "-crf", "20", "-svtav1-params", "svt-log-level=0"],
             audio: ["-c:a", "flac"]),
        Kind(name: "MPEG-4 Part 2 + MP3 in avi", container: "avi",
             video: ["-c:v", "mpeg4", "-q:v", "2"], audio: ["-c:a", "libmp3lame"]),
        Kind(name: "ProRes + 24-bit PCM in mov", container: "mov",
             video: ["-c:v", "prores_ks", "-profile:v", "0"], audio: ["-c:a", "pcm_s24le"]),
        Kind(name: "H.264 + AC-3 in MPEG-TS", container: "ts", video: ["-c:v", "libx264"], audio: ["-c:a", "ac3"]),
        Kind(name: "HEVC + AAC in mp4", container: "mp4",
             video: ["-c:v", "libx265", "-x265-params", "log-level=none", "-tag:v", "hvc1"], audio: ["-c:a", "aac"]),
        Kind(name: "H.264 + FLAC in mkv", container: "mkv", video: ["-c:v", "libx264"], audio: ["-c:a", "flac"]),
        Kind(name: "MJPEG + PCM in avi", container: "avi", video: ["-c:v", "mjpeg", "-q:v", "2"],
             audio: ["-c:a", "pcm_s16le"]),
    ]

    @Test(arguments: kinds)
    func codecAndContainer(kind: Kind) throws {
        let input = scratch.file("input.\(kind.container)")
        try Fixtures.make(
            input,
            ffmpeg: ["-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 2), "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 2)]
                + kind.video + ["-pix_fmt", kind.video.contains("prores_ks") ? "yuv422p10le" : "yuv420p"]
                + kind.audio)
        let output = scratch.file("output.mov")
        let result = try Tool.scale([input.path, "-o", output.path, "--factor", "1.5", "--json", "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONResults(result.stdout).objects.first)
        let seconds = try Media.videoDuration(input)
        #expect(abs((json["sourceDuration"] as? Double ?? 0) - seconds) < 0.0015, "S: \(json), ffprobe \(seconds)")
        let frames = try #require(json["frames"] as? Int)
        #expect(frames == Int((seconds * 1.5 * 30 - 1e-6).rounded(.up)))
        #expect(try Tool.probe(output, stream: "v:0", "nb_read_frames", countFrames: true) == "\(frames)")
        let shown = try Media.frameIndices(output)
        #expect(shown == Media.expectedIndices(frames: frames, times: try Media.frameTimes(input), fps: 30, factor: 1.5))
        #expect(try Tool.probe(output, stream: "a:0", "sample_rate") == "48000")
        #expect(try Tool.probe(output, stream: "a:0", "channels") == "2")
        #expect(try Media.samples(output).count / 2 == json["audioSamples"] as? Int)
    }

    /// A screen recording: frames at uneven times, with a pause. Every output
    /// frame is the one the real timestamps name. The last frame's stored
    /// length (one tick in the mp4, none in Matroska) is under a quarter of
    /// the frames' spacing, so it lasts their typical (median) spacing, and S
    /// ends there (SPEC §3).
    @Test(arguments: ["mp4", "mkv"])
    func variableFrameRateFollowsTheRealTimestamps(container: String) throws {
        let input = scratch.file("vfr.\(container)")
        try Fixtures.make(input, ffmpeg: [
            "-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 3) + ",settb=1/90000,setpts='(N/30+0.011*mod(N*7,3)+0.4*floor(N/45))/TB'",
            "-fps_mode", "passthrough", "-c:v", "libx264", "-crf", "18", "-video_track_timescale", "90000",
        ])
        let times = try Media.frameTimes(input)
        let gaps = Set(zip(times, times.dropFirst()).map { (($1 - $0) * 1000).rounded() })
        #expect(gaps.count > 2, "the input should have uneven frame times: \(gaps)")
        let output = scratch.file("vfr-scaled.mov")
        let result = try Tool.scale([input.path, "-o", output.path, "--duration", "6", "--fps", "25", "--json", "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        let spacings = zip(times, times.dropFirst()).map { $1 - $0 }.sorted()
        let seconds = try #require(times.last) + spacings[spacings.count / 2]
        let json = try #require(try JSONResults(result.stdout).objects.first)
        #expect(abs((json["sourceDuration"] as? Double ?? 0) - seconds) < 1e-6, "\(json), S \(seconds)")
        #expect(try Media.frameIndices(output) == Media.expectedIndices(frames: 150, times: times, fps: 25, factor: 6 / seconds))
    }

    /// MPEG-TS starts its clock at 1.4 s: the output starts at 0 and every
    /// frame is still the one SPEC §4 names.
    @Test func transportStreamStartingAt1_4Seconds() throws {
        let input = scratch.file("broadcast.ts")
        try Fixtures.make(input, ffmpeg: [
            "-f", "lavfi", "-i", Media.indexedVideo(rate: 25, seconds: 3), "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 3),
            "-c:v", "libx264", "-crf", "18", "-bf", "2", "-c:a", "mp2",
        ])
        #expect((Double(try Tool.probe(input, stream: "v:0", "start_time")) ?? 0) >= 1.4)
        let output = scratch.file("broadcast-scaled.mov")
        try #require(try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--fps", "30", "--quiet"]).status == 0)
        #expect(try Tool.probe(output, stream: "v:0", "start_time") == "0.000000")
        #expect(try Tool.probe(output, stream: "a:0", "start_time") == "0.000000")
        #expect(try Media.frameIndices(output) == Media.expectedIndices(
            frames: 180, times: try Media.frameTimes(input), fps: 30, factor: 2))
    }

    /// A click at 1.0 s of the picture, in audio that starts 0.3 s after the
    /// video (mp4, an edit list) or 0.2 s before it (mkv): at factor 2 the
    /// click sounds at 2.0 s, within one audio frame.
    @Test(arguments: [("mp4", "aac", 0.3), ("mkv", "flac", -0.2), ("ts", "mp2", 0.25)])
    func audioStaysWithThePicture(container: String, codec: String, offset: Double) throws {
        let input = scratch.file("shifted.\(container)")
        let click = 1.0 - offset
        try Fixtures.make(input, ffmpeg: [
            "-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 3), "-itsoffset", String(offset), "-f", "lavfi",
            "-i", "aevalsrc='if(between(t,\(click),\(click + 0.1)),0.5*sin(2*PI*1000*t),0)':s=48000:d=\(3 - offset)",
            "-c:v", "libx264", "-c:a", codec,
        ])
        let output = scratch.file("shifted-scaled.mov")
        try #require(try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--quiet"]).status == 0)
        let samples = try Media.samples(output)
        #expect(try Tool.probe(output, stream: "a:0", "channels") == "1")
        let first = try #require(samples.firstIndex { abs(Int($0)) > 2000 })
        #expect(abs(first - 96000) <= 1152, "the click sounds at sample \(first), not 96000")
    }

    /// Two audio tracks: the default one unless --audio-track picks another,
    /// exact to the sample either way.
    @Test func audioTrackChoice() throws {
        let input = scratch.file("tracks.mkv")
        try Fixtures.make(input, ffmpeg: [
            "-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 1), "-f", "lavfi", "-i", "sine=f=440:r=48000:d=1",
            "-f", "lavfi", "-i", "sine=f=1000:r=32000:d=1", "-map", "0", "-map", "1", "-map", "2",
            "-c:v", "libx264", "-c:a", "pcm_s16le", "-metadata:s:a:1", "language=ger",
        ])
        let first = try Self.trackSamples(input, track: 0)
        let second = try Self.trackSamples(input, track: 1)
        for (arguments, expected, rate) in [([String](), first, "48000"), (["--audio-track", "2"], second, "32000")] {
            let output = scratch.file("track.mov")
            try #require(
                try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--quiet", "--overwrite"] + arguments).status == 0)
            #expect(try Tool.probe(output, stream: "a:0", "sample_rate") == rate)
            #expect(try Media.samples(output) == ReferenceStretch.scaleInterleaved(expected, channels: 1, length: expected.count * 2))
        }
        #expect(try Tool.tag(scratch.file("track.mov"), stream: "a:0", "language") == "ger")
        let missing = try Tool.scale([input.path, "-o", scratch.file("none.mov").path, "--factor", "2", "--audio-track", "3"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("has no audio track 3 (it has 2)"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("none.mov").path))
    }

    static func trackSamples(_ file: URL, track: Int) throws -> [Int16] {
        let data = try Tool.ffmpeg(["-i", file.path, "-map", "0:a:\(track)", "-f", "s16le", "-acodec", "pcm_s16le", "-"])
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    /// The title, creation time and languages are copied; chapters move with
    /// the factor.
    @Test(arguments: ["mov", "mp4", "mkv"])
    func tagsAndChaptersAreKept(container: String) throws {
        let chapters = scratch.file("chapters.txt")
        try """
            ;FFMETADATA1
            title=Holiday
            [CHAPTER]
            TIMEBASE=1/1000
            START=0
            END=1000
            title=Arrival
            [CHAPTER]
            TIMEBASE=1/1000
            START=1000
            END=3000
            title=The beach
            """.write(to: chapters, atomically: true, encoding: .utf8)
        let input = scratch.file("tagged.\(container)")
        try Tool.ffmpeg([
            "-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 3), "-f", "lavfi", "-i", "sine=r=48000:d=3",
            "-i", chapters.path, "-map", "0", "-map", "1", "-map_metadata", "2", "-map_chapters", "2",
            "-metadata", "creation_time=2024-05-01T10:00:00Z", "-metadata:s:a:0", "language=fra",
            "-c:v", "libx264", "-c:a", container == "mp4" ? "aac" : "pcm_s16le", input.path,
        ])
        let output = scratch.file("tagged-scaled.\(container)")
        try #require(try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--quiet"]).status == 0)
        let format = try Tool.run(
            "ffprobe", ["-v", "error", "-show_entries", "format_tags=title,creation_time", "-of", "json", output.path])
        #expect(format.text.contains("\"title\": \"Holiday\""))
        #expect(format.text.contains("\"creation_time\": \"2024-05-01T10:00:00"))
        #expect(try Tool.tag(output, stream: "a:0", "language") == "fra")
        let marks = try Tool.run(
            "ffprobe", ["-v", "error", "-show_entries", "chapter=start_time,end_time:chapter_tags=title", "-of", "csv=p=0", output.path]
        ).text.split(separator: "\n").map(String.init)
        // Chapters are on the file's time line; the video may start a little after 0 in the input.
        let videoStart = Double(try Tool.probe(input, stream: "v:0", "start_time")) ?? 0
        let expected = [(0.0, 1.0, "Arrival"), (1.0, 3.0, "The beach")].map { start, end, title in
            (max(0, (start - videoStart) * 2), (end - videoStart) * 2, title)
        }
        try #require(marks.count == 2, "\(marks)")
        for (mark, want) in zip(marks, expected) {
            let fields = mark.split(separator: ",")
            #expect(fields.count == 3 && fields[2] == want.2, "\(mark)")
            #expect(abs((Double(fields[0]) ?? -1) - want.0) < 0.002, "\(mark), want \(want)")
            #expect(abs((Double(fields[1]) ?? -1) - min(want.1, 6)) < 0.002, "\(mark), want \(want)")
        }
    }
}

extension RealWorldInputTests {
    /// The result names what was kept, changed and left out: in --json, and
    /// as a line on standard error without it.
    @Test func reportsWhatWasKeptAndDropped() throws {
        let subtitles = scratch.file("words.srt")
        try "1\n00:00:00,000 --> 00:00:01,000\nHello\n".write(to: subtitles, atomically: true, encoding: .utf8)
        let input = scratch.file("everything.mkv")
        try Tool.ffmpeg([
            "-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 1) + ",setsar=4/3", "-f", "lavfi", "-i", "sine=d=1",
            "-f", "lavfi", "-i", "sine=f=900:d=1", "-i", subtitles.path, "-map", "0", "-map", "1", "-map", "2", "-map", "3",
            "-metadata", "title=Everything", "-metadata:s:a:0", "language=fra", "-c:v", "libx264", "-c:a", "flac", "-c:s", "srt",
            input.path,
        ])
        let output = scratch.file("everything.mov")
        let result = try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--quiet", "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONResults(result.stdout).objects.first)
        let kept = json["kept"] as? [String] ?? []
        #expect(kept.contains("tags (title)") && kept.contains("stream languages") && kept.contains("pixel aspect ratio 4:3"), "\(kept)")
        #expect(json["dropped"] as? [String] == [])
        #expect(json["changed"] as? [String] == ["1 subrip subtitle track written as mov_text (retimed)"])
        #expect(try Tool.probe(output, stream: "s", "codec_name") == "mov_text")
        let plain = try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--quiet", "--overwrite"])
        #expect(plain.stderr.contains("everything.mkv: kept tags (title), stream languages, pixel aspect ratio 4:3, yuv420p pictures, 2 audio tracks, 16-bit samples; changed 1 subrip subtitle track written as mov_text (retimed)"), "\(plain.stderr)")
    }
}
