import Foundation
import TestSupport
import Testing

@testable import ScaleVideo

/// A job that shows little of its source decodes little of it, and shows
/// exactly the pictures that decoding all of it would.
@Suite(.serialized, .tags(.endToEnd))
struct SparseDecodingTests {
    let scratch: Scratch
    /// 6 s at 30 fps, a key frame every 10 frames, B-frames, noisy pictures
    /// (so that a picture decoded from the wrong references cannot pass).
    let source: URL

    init() throws {
        scratch = try Scratch()
        source = try Self.movie(scratch.file("gop10.mp4"))
    }

    static func movie(_ file: URL) throws -> URL {
        try Media.make(
            file, rate: 30, seconds: 6, audio: nil,
            videoArguments: ["-g", "10", "-keyint_min", "10", "-sc_threshold", "0", "-vf", "noise=alls=40:allf=t"])
    }

    /// The MD5 of each picture of `file`'s video, as ffmpeg decodes it from the start.
    static func pictureDigests(_ file: URL) throws -> [String] {
        let text = String(decoding: try Tool.ffmpeg(["-i", file.path, "-map", "0:v:0", "-fps_mode", "passthrough", "-f", "framemd5", "-"]), as: UTF8.self)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            line.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// Losslessly encoded, each output picture is, bit for bit, the source
    /// picture SPEC §4/§8 names, decoded from the start by ffmpeg: a
    /// time-lapse, a cut near the end and a map that races through the
    /// middle; from mp4 and Matroska, which seek past what is not shown,
    /// and MPEG-TS, which is read through.
    @Test(arguments: [
        ("0=0,6=0.3", ["--factor", "0.05"]), ("4=0,5=1", ["--start", "4", "--end", "5", "--factor", "1"]),
        ("0=0,0.5=0.5,5.5=0.7,6=1.2", ["--time-map", "0=0,0.5=0.5,5.5=0.7,6=1.2"]),
    ], ["mp4", "mkv", "ts"])
    func everyPictureIsTheOneDecodingAllOfItShows(case: (map: String, arguments: [String]), container: String) throws {
        let (map, arguments) = `case`
        let source = container == "mp4" ? source : try Self.movie(scratch.file("gop10-\(map).\(container)"))
        let output = scratch.file("sparse-\(map)-\(container).mov")
        let result = try Tool.scale([source.path, "-o", output.path, "--fps", "30", "--crf", "0", "--quiet"] + arguments)
        try #require(result.status == 0, "\(result.stderr)")
        let pictures = try Self.pictureDigests(source)
        try #require(pictures.count == 180)
        let expected = MapReference(map).frames(times: try Media.frameTimes(source), fps: 30)
        let written = try Self.pictureDigests(output)
        #expect(written.count == expected.count)
        #expect(firstDifference(written, expected.map { pictures[$0] }) == nil)
    }

    /// At factor 0.02 the clock shows frames 0, 50, 100 and 150: the decoder
    /// is given the first key-frame interval whole (the clock's time line
    /// starts at the first frame decoded) and then at most the interval of
    /// each frame shown, up to that frame; the demuxer seeks past the
    /// intervals between, 30 frames ahead each time.
    @Test func aTimeLapseDecodesOnlyTheIntervalsOfTheFramesItShows() throws {
        let input = try InputFile(path: source.path)
        let stream = input.stream(at: 0)
        let factor = try #require(Rational(1, 50))
        let fps = try #require(Rational(30, 1))
        let clock = try #require(FrameClock(factor: factor, fps: fps, timeBase: stream.timeBase, frameCount: 4))
        let shown = FrameSchedule(holding: clock)
        let selection = ShownPackets(references: PacketReferences(stream: stream), frames: shown)
        let decoding = try StreamDecoder(path: source.path, streamIndex: 0, kind: "video", selection: selection)
        var decoded: [Int64] = []
        // Each frame arrives at the clock, as the lane's nearest-frame stage gives it.
        while let frame = try decoding.nextFrame(), let time = frame.timestamp {
            _ = shown.arrive(timestamp: time)
            decoded.append(time)
        }
        let first = try #require(decoded.first)
        let times = try Media.frameTimes(source)
        let unit = stream.timeBase.doubleValue
        let needed = [0, 50, 100, 150].map { first + Int64((times[$0] / unit).rounded()) }
        #expect(Set(needed).isSubset(of: Set(decoded)))
        #expect(decoding.packetsDecoded <= 10 + 3 * 10, "\(decoding.packetsDecoded) of 180 packets decoded")
        #expect(decoding.seeksAhead == 3)
    }

    /// Where at least one frame in three is shown (factor 0.5: one in two),
    /// a 90-frame key-frame interval is handed on in parts of at most 16
    /// packets rather than held whole for nothing; a time-lapse of the same
    /// source (factor 0.02) still holds them whole, to leave them out.
    @Test(arguments: [(1, 2, 90, false), (1, 50, 4, true)])
    func longIntervalsAreHeldWholeOnlyWhereFewFramesAreShown(shape: (num: Int64, den: Int64, frames: Int, holds: Bool)) throws {
        let long = try Media.make(
            scratch.file("gop90.mp4"), rate: 30, seconds: 6, audio: nil,
            videoArguments: ["-g", "90", "-keyint_min", "90", "-sc_threshold", "0"])
        let input = try InputFile(path: long.path)
        let stream = input.stream(at: 0)
        let factor = try #require(Rational(shape.num, shape.den))
        let fps = try #require(Rational(30, 1))
        let clock = try #require(FrameClock(factor: factor, fps: fps, timeBase: stream.timeBase, frameCount: shape.frames))
        let shown = FrameSchedule(holding: clock)
        let selection = ShownPackets(references: PacketReferences(stream: stream), frames: shown)
        let decoding = try StreamDecoder(path: long.path, streamIndex: 0, kind: "video", selection: selection)
        while let frame = try decoding.nextFrame(), let time = frame.timestamp { _ = shown.arrive(timestamp: time) }
        let held = decoding.mostPacketsHeld
        if shape.holds {
            #expect(held == 90)
        } else {
            #expect(held <= 16, "\(held) packets held at once")
        }
    }

    /// Handed on in parts, the pictures are still those decoding all of it gives.
    @Test func aSourceHandedOnInPartsShowsTheSamePictures() throws {
        let long = try Media.make(
            scratch.file("gop90-noisy.mp4"), rate: 30, seconds: 6, audio: nil,
            videoArguments: ["-g", "90", "-keyint_min", "90", "-sc_threshold", "0", "-vf", "noise=alls=40:allf=t"])
        let output = scratch.file("parts.mov")
        let result = try Tool.scale([long.path, "-o", output.path, "--fps", "30", "--crf", "0", "--quiet", "--factor", "0.5"])
        try #require(result.status == 0, "\(result.stderr)")
        let pictures = try Self.pictureDigests(long)
        try #require(pictures.count == 180)
        let expected = MapReference("0=0,6=3").frames(times: try Media.frameTimes(long), fps: 30)
        let written = try Self.pictureDigests(output)
        #expect(written.count == expected.count)
        #expect(firstDifference(written, expected.map { pictures[$0] }) == nil)
    }
}
