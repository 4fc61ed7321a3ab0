import Foundation
import TestSupport
import Testing

/// Runs the built tool on generated movies and lets ffprobe/ffmpeg judge
/// what it wrote.
@Suite(.serialized, .tags(.endToEnd))
struct EndToEndTests {
    let scratch: Scratch
    let source: URL

    init() throws {
        scratch = try Scratch()
        source = try Media.make(scratch.file("source.mov"))
    }

    func scale(_ arguments: [String]) throws -> ProcessOutput {
        let result = try Tool.run(Tool.scaleVideo.path, arguments + ["--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    /// Checks codec, rate, count and the source frame behind every output frame.
    func expectVideo(_ output: URL, from input: URL, frames: Int, fps: Int, factor: Double) throws {
        #expect(try Tool.probe(output, stream: "v:0", "codec_name") == "h264")
        #expect(try Tool.probe(output, stream: "v:0", "pix_fmt") == "yuv420p")
        #expect(try Tool.probe(output, stream: "v:0", "r_frame_rate") == "\(fps)/1")
        #expect(try Tool.probe(output, stream: "v:0", "nb_read_frames", countFrames: true) == "\(frames)")
        let shown = try Media.frameIndices(output)
        let times = try Media.frameTimes(input)
        #expect(times.count == 90)
        #expect(shown == Media.expectedIndices(frames: frames, times: times, fps: Double(fps), factor: factor))
    }

    /// Checks that the PCM track is the reference computation of the source's, sample for sample.
    func expectExactPCM(_ output: URL, factor: Double) throws {
        #expect(try Tool.probe(output, stream: "a:0", "codec_name") == "pcm_s16le")
        #expect(try Tool.probe(output, stream: "a:0", "channels") == "2")
        #expect(try Tool.probe(output, stream: "a:0", "sample_rate") == "48000")
        let original = try Media.samples(source)
        let length = Int(Double(original.count / 2) * factor)
        let expected = ReferenceStretch.scaleInterleaved(original, channels: 2, length: length)
        let written = try Media.samples(output)
        #expect(written.count == expected.count)
        #expect(written == expected)
    }

    @Test func slowingDownTwiceToMov() throws {
        let output = scratch.file("slow.mov")
        _ = try scale([source.path, "-o", output.path, "--factor", "2", "--fps", "30"])
        try expectVideo(output, from: source, frames: 180, fps: 30, factor: 2)
        try expectExactPCM(output, factor: 2)
        #expect(try Tool.probe(output, stream: "v:0", "duration") == "6.000000")
    }

    @Test func speedingUpTwiceAt24() throws {
        let output = scratch.file("fast.mov")
        _ = try scale([source.path, "-o", output.path, "--factor", "0.5", "--fps", "24"])
        try expectVideo(output, from: source, frames: 36, fps: 24, factor: 0.5)
        try expectExactPCM(output, factor: 0.5)
    }

    /// Every B-frame unreferenced (no pyramid), three of four source frames
    /// hidden: the hidden B-frames are never decoded, and every output frame
    /// is still the one SPEC §4 names.
    @Test(arguments: ["mp4", "mkv"])
    func speedingUpSkipsUnreferencedFramesUnseen(container: String) throws {
        let input = try Media.make(
            scratch.file("bframes.\(container)"), seconds: 3, audio: nil,
            videoArguments: ["-x264-params", "bframes=3:b-adapt=0:b-pyramid=none"])
        let output = scratch.file("timelapse-\(container).mov")
        _ = try scale([input.path, "-o", output.path, "--factor", "0.25", "--fps", "30"])
        try expectVideo(output, from: input, frames: 23, fps: 30, factor: 0.25)
    }

    @Test func exactDurationToMP4WithAAC() throws {
        let aacSource = try Media.make(scratch.file("aac.mp4"), audio: ("aac", 44100))
        let output = scratch.file("exact.mp4")
        _ = try scale([aacSource.path, "-o", output.path, "--duration", "7.3", "--fps", "60"])
        let sourceSeconds = try #require(Double(try Tool.probe(aacSource, stream: "v:0", "duration")))
        try expectVideo(output, from: aacSource, frames: 438, fps: 60, factor: 7.3 / sourceSeconds)
        #expect(try Tool.probe(output, stream: "a:0", "codec_name") == "aac")
        #expect(try Tool.probe(output, stream: "a:0", "sample_rate") == "44100")
        // SPEC §5: an mp4 audio track lasts its declared duration, which
        // leaves out the AAC encoder's padding that the decoder still yields.
        #expect(try Tool.probe(aacSource, stream: "a:0", "time_base") == "1/44100")
        let count = try #require(Int(try Tool.probe(aacSource, stream: "a:0", "duration_ts")))
        #expect(try Media.samples(aacSource).count / 2 > count, "the decoder yields the padding too")
        let expectedLength = Int(Double(count) * (73 / (10 * sourceSeconds)))
        #expect(try Tool.probe(output, stream: "a:0", "time_base") == "1/44100")
        #expect(try Tool.probe(output, stream: "a:0", "duration_ts") == "\(expectedLength)")
    }

    @Test func hevcInMatroskaToMatroska() throws {
        let hevc = scratch.file("phone.mkv")
        try Fixtures.make(hevc, ffmpeg: [
            "-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 3), "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 3),
            "-c:v", "libx265", "-x265-params", "log-level=none", "-crf", "18", "-c:a", "aac",
        ])
        let output = scratch.file("phone-scaled.mkv")
        _ = try scale([hevc.path, "-o", output.path, "--factor", "2", "--fps", "30"])
        let sourceSeconds = try Media.videoDuration(hevc)
        let frames = Int((sourceSeconds * 2 * 30 - 1e-9).rounded(.up))
        try expectVideo(output, from: hevc, frames: frames, fps: 30, factor: 2)
        #expect(try Tool.probe(output, stream: "a:0", "codec_name") == "pcm_f32le")
    }

    @Test(arguments: [("mono", 8000, "mov"), ("stereo", 44100, "mkv"), ("5.1", 48000, "mov"), ("5.1", 44100, "mp4"),
                      ("7.1", 96000, "mkv"), ("7.1", 48000, "mp4")])
    func channelLayoutAndRateAreKept(layout: String, rate: Int, container: String) throws {
        let input = scratch.file("layout-\(layout).mp4")
        try Fixtures.make(input, ffmpeg: [
            "-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 1), "-f", "lavfi", "-i", "sine=r=\(rate):d=1",
            "-af", "aformat=channel_layouts=\(layout)", "-c:v", "libx264", "-c:a", "aac",
        ])
        let output = scratch.file("layout-\(layout)-scaled.\(container)")
        _ = try scale([input.path, "-o", output.path, "--factor", "1.5"])
        let channels = ["mono": "1", "stereo": "2", "5.1": "6", "7.1": "8"][layout]
        #expect(try Tool.probe(output, stream: "a:0", "channels") == channels)
        // Matroska marks no layout for PCM: readers take the standard one for the count.
        #expect(try Tool.probe(output, stream: "a:0", "channel_layout") == (container == "mkv" ? "unknown" : layout))
        #expect(try Tool.probe(output, stream: "a:0", "sample_rate") == "\(rate)")
        // AAC decodes to float: lossless outputs keep it float.
        #expect(try Tool.probe(output, stream: "a:0", "codec_name") == (container == "mp4" ? "aac" : "pcm_f32le"))
    }

    @Test func videoOnlyInputGivesVideoOnlyOutput() throws {
        let silent = try Media.make(scratch.file("silent.mp4"), audio: nil)
        let output = scratch.file("silent-scaled.mov")
        _ = try scale([silent.path, "-o", output.path, "--factor", "1.5"])
        try expectVideo(output, from: silent, frames: 135, fps: 30, factor: 1.5)
        #expect(try Tool.probe(output, stream: "a", "codec_name") == "")
    }

    @Test func oddSizesAreRoundedDownToEvenAndPixelShapesKept() throws {
        let odd = scratch.file("odd.mp4")
        try Fixtures.make(odd, ffmpeg: [
            "-f", "lavfi", "-i", "testsrc2=s=129x65:r=30:d=1,setsar=4/3", "-c:v", "libx264", "-pix_fmt", "yuv444p",
        ])
        let output = scratch.file("odd-scaled.mov")
        _ = try scale([odd.path, "-o", output.path, "--factor", "1"])
        #expect(try Tool.probe(output, stream: "v:0", "width") == "128")
        #expect(try Tool.probe(output, stream: "v:0", "height") == "64")
        #expect(try Tool.probe(output, stream: "v:0", "sample_aspect_ratio") == "4:3")
        #expect(try Tool.probe(output, stream: "v:0", "nb_read_frames", countFrames: true) == "30")
    }

    func rotation(of file: URL) throws -> String {
        try Tool.run(
            "ffprobe",
            ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream_side_data=rotation",
             "-of", "default=noprint_wrappers=1:nokey=1", file.path]
        ).text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: [90, 180, 270])
    func rotationAndColourTagsAreCarriedOver(degrees: Int) throws {
        let tagged = try Media.make(
            scratch.file("tagged.mov"), audio: nil,
            videoArguments: ["-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709", "-color_range", "tv"])
        // FFmpeg 5.1 turns the rotate tag into a display matrix only when copying.
        let rotated = scratch.file("rotated.mov")
        try Tool.ffmpeg(["-i", tagged.path, "-c", "copy", "-metadata:s:v:0", "rotate=\(degrees)", rotated.path])
        let sourceRotation = try rotation(of: rotated)
        #expect(abs(Int(sourceRotation) ?? 0) == (degrees == 270 ? 90 : degrees))
        let output = scratch.file("rotated-scaled.mov")
        _ = try scale([rotated.path, "-o", output.path, "--factor", "2"])
        #expect(try rotation(of: output) == sourceRotation)
        #expect(try Tool.probe(output, stream: "v:0", "color_primaries") == "bt709")
        #expect(try Tool.probe(output, stream: "v:0", "color_transfer") == "bt709")
        #expect(try Tool.probe(output, stream: "v:0", "color_space") == "bt709")
        #expect(try Tool.probe(output, stream: "v:0", "color_range") == "tv")
    }
}
