import Foundation
import TestSupport
import Testing

/// SPEC §11's last paragraph: every kept, changed and dropped line is true
/// of the written file. Each "kept" phrase is checked against what ffprobe
/// reads in the output (a phrase this test does not know fails it), and
/// what the source had that the output lacks is named as dropped.
@Suite(.tags(.endToEnd))
struct ReportTruthTests {
    /// A movie with a title, two chapters, stream languages, 4:3 pixels
    /// and 16-bit sound at 48 kHz.
    private static func richMovie(in scratch: Scratch) throws -> URL {
        let metadata = scratch.file("metadata.txt")
        try """
            ;FFMETADATA1
            title=Rich
            [CHAPTER]
            TIMEBASE=1/1000
            START=0
            END=1000
            title=One
            [CHAPTER]
            TIMEBASE=1/1000
            START=1000
            END=2000
            title=Two

            """.write(to: metadata, atomically: true, encoding: .utf8)
        let movie = scratch.file("rich.mov")
        try Tool.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=s=128x64:r=30:d=2,setsar=4/3", "-f", "lavfi", "-i", "sine=d=2:r=48000", "-i", metadata.path,
            "-map", "0", "-map", "1", "-map_metadata", "2", "-map_chapters", "2", "-metadata:s:v:0", "language=eng",
            "-metadata:s:a:0", "language=fra", "-c:v", "libx264", "-c:a", "pcm_s16le", movie.path,
        ])
        return movie
    }

    @Test(arguments: ["mov", "mp4", "mkv", "webm", "wav", "flac", "m4a", "caf", "aiff"])
    func everyKeptPhraseIsTrueOfTheFile(container: String) throws {
        let scratch = try Scratch()
        let source = try Self.richMovie(in: scratch)
        let output = scratch.file("out.\(container)")
        let result = try Tool.scale([source.path, "-o", output.path, "--factor", "1", "--json", "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONResults(result.stdout).objects.first)
        let kept = object["kept"] as? [String] ?? []
        let said = kept + (object["changed"] as? [String] ?? []) + (object["dropped"] as? [String] ?? [])
        let read = try Tool.run(
            "ffprobe",
            ["-v", "error", "-show_entries", "format_tags=title:stream=codec_type,pix_fmt,sample_fmt,sample_aspect_ratio:stream_tags=language",
             "-show_chapters", "-of", "compact", output.path]).text
        let lines = read.split(separator: "\n")
        for phrase in kept {
            switch phrase {
            case "tags (title)": #expect(read.contains("tag:title=Rich"), "\(phrase): \(read)")
            case "2 chapters (retimed)": #expect(lines.count { $0.hasPrefix("chapter|") } == 2, "\(phrase): \(read)")
            case "stream languages": #expect(read.contains("tag:language=fra"), "\(phrase): \(read)")
            case "pixel aspect ratio 4:3": #expect(read.contains("sample_aspect_ratio=4:3"), "\(phrase): \(read)")
            case "yuv420p pictures": #expect(read.contains("pix_fmt=yuv420p"), "\(phrase): \(read)")
            case "16-bit samples": #expect(read.contains("sample_fmt=s16"), "\(phrase): \(read)")
            default: Issue.record("a kept phrase this test cannot check: \(phrase)")
            }
        }
        // What the source had is said of, one way or another (the picture's
        // shape goes with the video an audio output drops).
        let soundAlone = ["wav", "flac", "m4a", "caf", "aiff"].contains(container)
        for property in ["chapters", "stream languages"] + (soundAlone ? [] : ["pixel aspect ratio"]) {
            #expect(said.contains { $0.contains(property) }, "\(property) not reported: \(said)")
        }
    }

    /// An 8-bit WAV is written as 16-bit, and says so.
    @Test func eightBitSoundIsNotCalledKept() throws {
        let scratch = try Scratch()
        let input = scratch.file("eight.wav")
        try Fixtures.make(input, ffmpeg: ["-f", "lavfi", "-i", "sine=d=1", "-c:a", "pcm_u8"])
        let result = try Tool.scale([input.path, "-o", scratch.file("out.wav").path, "--factor", "1", "--json", "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONResults(result.stdout).objects.first)
        #expect(object["kept"] as? [String] == [])
        #expect(object["changed"] as? [String] == ["8-bit samples written as 16-bit"])
        #expect(try Tool.probe(scratch.file("out.wav"), stream: "a:0", "sample_fmt") == "s16")
    }

    /// A Matroska movie whose video states no duration of its own (as
    /// mkvmerge writes one without statistics tags), with a cover and audio
    /// that lasts longer: S is the video's, not the container's, and the
    /// cover is not video.
    @Test func theVideosOwnSpanIsSWhateverElseTheFileHolds() throws {
        let scratch = try Scratch()
        let cover = scratch.file("cover.jpg")
        try Fixtures.make(cover, ffmpeg: ["-f", "lavfi", "-i", "testsrc2=s=64x64:d=1", "-frames:v", "1"])
        let tagged = scratch.file("tagged.mkv")
        try Tool.ffmpeg([
            "-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 4), "-f", "lavfi", "-i", "sine=d=4.1", "-c:v", "libx264",
            "-c:a", "flac", "-attach", cover.path, "-metadata:s:t", "mimetype=image/jpeg", tagged.path,
        ])
        // The streams' DURATION tags renamed, so that only the file's duration (4.1 s) is stated.
        let input = scratch.file("untagged.mkv")
        var bytes = try Data(contentsOf: tagged)
        let name = Data("DURATION".utf8)
        while let found = bytes.range(of: name) { bytes.replaceSubrange(found, with: Data("DURATIOX".utf8)) }
        try bytes.write(to: input)
        let stated = try Tool.run("ffprobe", ["-v", "error", "-show_entries", "format=duration:stream_tags=DURATION", "-of", "csv=p=0", input.path])
        #expect(stated.text.split(separator: "\n").filter { !$0.isEmpty }.map(String.init).last == "4.100000", "\(stated.text)")
        let output = scratch.file("out.mov")
        let result = try Tool.scale([input.path, "-o", output.path, "--factor", "1", "--json", "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONResults(result.stdout).objects.first)
        #expect(object["sourceDuration"] as? Double == 4)
        #expect(object["frames"] as? Int == 120)
        #expect(object["dropped"] as? [String] == ["cover picture (.mov holds none)"])
        let times = try Media.frameTimes(input)
        #expect(try Media.frameIndices(output) == Media.expectedIndices(frames: 120, times: times, fps: 30, factor: 1))
    }
}
