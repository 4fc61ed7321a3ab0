import Foundation
import TestSupport
import Testing

/// `-o - --container`: standard output written as MPEG-TS, NUT or WebM
/// (SPEC §14), judged by ffprobe and ffmpeg reading the pipe's bytes; a
/// container that cannot be streamed is refused.
@Suite(.serialized, .tags(.endToEnd))
struct PipeContainerTests {
    /// The 3 s movie at `--factor 2 --fps 30` through `-o - --container
    /// container` into `out.<container>`; the folder and the source's frame times.
    private static func scaled(to container: String) throws -> (Scratch, URL, [Double]) {
        let scratch = try Scratch()
        let source = try PipeTests.movie(in: scratch)
        let result = try PipeTests.shell("\"$SV\" in.mp4 -o - --container \(container) --factor 2 --fps 30 | cat > out.\(container)", in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        return (scratch, scratch.file("out.\(container)"), try Media.frameTimes(source))
    }

    /// ffprobe's name for the container, and each stream's codec.
    private static func formatAndCodecs(_ file: URL) throws -> (String, [String]) {
        let format = try Tool.run("ffprobe", ["-v", "error", "-show_entries", "format=format_name", "-of", "default=nw=1:nk=1", file.path])
        let codecs = try Tool.probe(file, stream: "", "codec_name").split(separator: "\n").map(String.init)
        return (format.text.trimmingCharacters(in: .whitespacesAndNewlines), codecs)
    }

    /// One tag of one stream ("" when it has none); MPEG-TS lists each
    /// stream twice, the second time with its tags.
    private static func tag(_ file: URL, stream: String, _ key: String) throws -> String {
        let result = try Tool.run(
            "ffprobe", ["-v", "error", "-select_streams", stream, "-show_entries", "stream_tags=\(key)", "-of", "default=nw=1:nk=1", file.path])
        return Set(result.text.split(separator: "\n")).joined()
    }

    /// SPEC §5: 3 s × 2 at 30 fps is 180 frames; frame k shows the source
    /// frame on screen at k / 60 s.
    private static func expectedIndices(_ source: [Double]) -> [Int] {
        Media.expectedIndices(frames: 180, times: source, fps: 30, factor: 2)
    }

    @Test func mpegTSHoldsEveryFrameAndTheSoundAfterAACsPriming() throws {
        let (scratch, output, source) = try Self.scaled(to: "ts")
        defer { withExtendedLifetime(scratch) {} }
        #expect(try Self.formatAndCodecs(output) == ("mpegts", ["h264", "aac"]))
        #expect(try Media.frameIndices(output) == Self.expectedIndices(source))
        // 3 s of 48 kHz sound, twice as long: 288000 samples a channel, after
        // the AAC encoder's 1024 samples of priming, in whole frames of 1024.
        let frames = (1024 + 288000 + 1023) / 1024
        #expect(try Media.samples(output).count == frames * 1024 * 2)
        // The priming plays just before the picture starts: 1024 / 48000 s is 1920 ticks of MPEG-TS's 90 kHz clock.
        let video = try #require(Int(try Tool.probe(output, stream: "v:0", "start_pts")))
        let audio = try #require(Int(try Tool.probe(output, stream: "a:0", "start_pts")))
        #expect(video - audio == 1920)
    }

    @Test func nutHoldsEveryFrameAndEverySample() throws {
        let (scratch, output, source) = try Self.scaled(to: "nut")
        defer { withExtendedLifetime(scratch) {} }
        // The source's AAC decodes to floats, which PCM keeps as they are.
        #expect(try Self.formatAndCodecs(output) == ("nut", ["h264", "pcm_f32le"]))
        #expect(try Media.frameIndices(output) == Self.expectedIndices(source))
        #expect(try Media.samples(output).count == 288000 * 2)
    }

    /// WebM is Matroska, which streams: VP9 and Opus.
    @Test func webmGoesToStandardOutputToo() throws {
        let (scratch, output, source) = try Self.scaled(to: "webm")
        defer { withExtendedLifetime(scratch) {} }
        #expect(try Self.formatAndCodecs(output) == ("matroska,webm", ["vp9", "opus"]))
        #expect(try Media.frameIndices(output) == Self.expectedIndices(source))
    }

    /// The result says what each container keeps and drops, as the stream
    /// shows it: NUT marks the source's tags, chapters, languages and
    /// titles; MPEG-TS an audio track's language alone.
    @Test func theResultSaysWhatTheStreamKeeps() throws {
        let scratch = try Scratch()
        let metadata = scratch.file("metadata.txt")
        try ";FFMETADATA1\ntitle=Film\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=500\ntitle=One\n".write(
            to: metadata, atomically: true, encoding: .utf8)
        try Tool.ffmpeg(
            ["-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 1), "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 1),
             "-i", metadata.path, "-map", "0", "-map", "1", "-map_metadata", "2", "-map_chapters", "2", "-c:v", "libx264",
             "-c:a", "pcm_s16le", "-metadata:s:v", "language=eng", "-metadata:s:a", "language=fra", "-metadata:s:a", "title=Voice",
             scratch.file("in.mkv").path])
        let cases = [
            ("nut", ["Film", "1", "eng", "fra", "Voice"], "kept tags (title), 1 chapter (retimed), stream languages, track titles"),
            ("ts", ["", "0", "", "fra", ""],
             "kept stream languages, yuv420p pictures; dropped tags (title) (.ts cannot mark them), 1 chapter (.ts cannot mark them), "
                + "the video's language (.ts marks an audio track's alone), track titles (.ts cannot mark them)"),
        ]
        for (container, marks, report) in cases {
            let result = try PipeTests.shell("\"$SV\" in.mkv -o - --container \(container) --factor 2 | cat > out.\(container)", in: scratch)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("in.mkv: " + report), "\(result.stderr)")
            let output = scratch.file("out.\(container)")
            let title = try Tool.run("ffprobe", ["-v", "error", "-show_entries", "format_tags=title", "-of", "default=nw=1:nk=1", output.path])
            let chapters = try Tool.run("ffprobe", ["-v", "error", "-show_chapters", "-of", "csv=p=0", output.path])
            let shown = [
                title.text.trimmingCharacters(in: .whitespacesAndNewlines), String(chapters.text.split(separator: "\n").count),
                try Self.tag(output, stream: "v:0", "language"), try Self.tag(output, stream: "a:0", "language"),
                try Self.tag(output, stream: "a:0", "title"),
            ]
            #expect(shown == marks, "\(container)")
        }
    }

    @Test(arguments: [
        ("--container mp4", "-o - --container mp4: .mp4 cannot be written to standard output: FFmpeg's MPEG-4 and QuickTime writers put the index after the media"),
        ("--container mov", "-o - --container mov: .mov cannot be written to standard output"),
        ("--container wav --no-video", "-o - --container wav: .wav cannot be written to standard output: its header holds the sound's length"),
        ("--container ts --audio-codec pcm", "pcm audio cannot be stored in .ts, which holds aac"),
        ("--container ts --video-codec vp9", "VP9 video cannot be stored in .ts"),
        ("--container nut --audio-codec aac", "aac audio cannot be stored in .nut exactly (NUT cannot mark the encoder's priming)"),
    ])
    func whatCannotBeStreamedIsRefusedInOneLine(options: String, message: String) throws {
        let scratch = try Scratch()
        _ = try PipeTests.movie(in: scratch)
        let result = try PipeTests.shell("\"$SV\" in.mp4 -o - \(options) --factor 2 | cat > out", in: scratch)
        #expect(result.status == 64, "\(result.stderr)")
        let errors = result.stderrLines.filter { $0.hasPrefix("Error: ") }
        #expect(errors.count == 1 && errors[0].contains(message), "\(result.stderr)")
        #expect(try Data(contentsOf: scratch.file("out")).isEmpty)
    }

    /// MPEG-TS and NUT are for standard output alone: no file is named or generated in them.
    @Test(arguments: [
        ("-o out.ts", "-o out.ts: use a .mov, .mp4, .m4v or .mkv name"),
        ("--container nut", "--container nut is written to standard output alone"),
        ("--container ts --output-dir out", "--container ts is written to standard output alone"),
    ])
    func streamContainersNameNoFile(options: String, message: String) throws {
        let scratch = try Scratch()
        _ = try PipeTests.movie(in: scratch)
        let result = try PipeTests.shell("\"$SV\" in.mp4 \(options) --factor 2", in: scratch)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderrLines.filter { $0.hasPrefix("Error: ") }.count == 1 && result.stderr.contains(message), "\(result.stderr)")
        #expect(try Tool.files(in: scratch.url) == ["in.mp4", "tmp"])
    }
}
