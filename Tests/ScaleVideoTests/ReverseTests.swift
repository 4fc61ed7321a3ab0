import Foundation
import TestSupport
import Testing

@testable import ScaleVideo

/// --reverse and maps whose `s` falls (SPEC §13) through the built tool, on
/// generated movies whose frames carry their index: every output frame and
/// every 16-bit sample judged against SPEC's text (MapReference), read back
/// with ffmpeg.
@Suite(.serialized, .tags(.endToEnd))
struct ReverseTests {
    let scratch: Scratch
    /// 3 s at 30 fps (one key-frame interval), 16-bit stereo at 48 kHz.
    let source: URL

    init() throws {
        scratch = try Scratch()
        source = try Media.make(scratch.file("source.mov"))
    }

    func scale(_ arguments: [String]) throws -> ProcessOutput {
        let result = try Tool.scale(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    /// Every output frame is the one §13 names, and the PCM is the map's, sample for sample.
    func expectFollows(_ map: MapReference, output: URL, from input: URL, audio: Bool = true) throws {
        let expected = map.framesPlayingBackwards(times: try Media.frameTimes(input), fps: 30)
        let shown = try Media.frameIndices(output)
        #expect(shown.count == expected.count)
        let frame = firstDifference(shown, expected)
        #expect(frame == nil, "frame \(frame ?? 0): \(frame.map { shown[$0] } ?? 0), not \(frame.map { expected[$0] } ?? 0)")
        guard audio else { return }
        let reference = map.audio(try Media.samples(input), channels: 2, rate: 48000, sourceMs: 3000)
        let written = try Media.samples(output)
        #expect(written.count == reference.count)
        #expect(firstDifference(written, reference) == nil)
    }

    @Test func reverseShowsEveryFrameOnceLastFirstAndTheSoundBackwards() throws {
        let output = scratch.file("back.mov")
        let result = try scale([source.path, "-o", output.path, "--reverse", "--json"])
        #expect(try Media.frameIndices(output) == Array((0..<90).reversed()))
        let samples = try Media.samples(source)
        let frames = stride(from: 0, to: samples.count, by: 2).map { [samples[$0], samples[$0 + 1]] }
        #expect(try Media.samples(output) == Array(frames.reversed().joined()))
        let json = try #require(try JSONResults(result.stdout).objects.first)
        #expect(json["timeMap"] as? [[Double]] == [[3, 0], [0, 3]])
        #expect(json["frames"] as? Int == 90 && json["audioSamples"] as? Int == 144000)
        #expect(result.stderr.contains("source.mov → \(output.path): reversed, 90 frames, 3.000 s at 30 fps"), "\(result.stderr)")
    }

    @Test func reverseTakesAFactorAndAPartOfTheSource() throws {
        let output = scratch.file("part.mov")
        _ = try scale([source.path, "-o", output.path, "--reverse", "--factor", "2", "--start", "0.5", "--end", "2.51", "--quiet"])
        try expectFollows(MapReference("2.51=0,0.5=4.02"), output: output, from: source)
    }

    @Test func aMapThatRisesHoldsFallsAndRisesAgainPutsEverythingWhereSpecSays() throws {
        let knots = "0=0,2=2,2=2.5,0.5=4,1.5=5"
        let output = scratch.file("turns.mov")
        let result = try scale([source.path, "-o", output.path, "--time-map", knots, "--json"])
        try expectFollows(MapReference(knots), output: output, from: source)
        let shown = try Media.frameIndices(output)
        // The freeze holds frame 60 (on screen at 2 s); falling from 2 s, frame 59 first.
        #expect(shown[60..<75].allSatisfy { $0 == 60 } && shown[75] == 59)
        #expect(try JSONResults(result.stdout).objects.first?["timeMap"] as? [[Double]] == [[0, 0], [2, 2], [2, 2.5], [0.5, 4], [1.5, 5]])
        #expect(result.stderr.contains("ramp 5 knots (1 freeze, 1 backwards)"), "\(result.stderr)")
    }

    /// Key frames every 8 frames with B-frames, in mp4, mkv and MPEG-TS (whose
    /// seeks are not exact: reading goes back to where the interval starts).
    @Test(arguments: ["mp4", "mkv", "ts"])
    func reversingAcrossKeyFrameIntervalsGivesEveryFrame(container: String) throws {
        let input = try Media.make(
            scratch.file("gop.\(container)"), audio: nil, videoArguments: ["-g", "8", "-keyint_min", "8", "-sc_threshold", "0"])
        let output = scratch.file("gop-\(container).mov")
        _ = try scale([input.path, "-o", output.path, "--reverse", "--factor", "1.5", "--quiet"])
        try expectFollows(MapReference("3=0,0=4.5"), output: output, from: input, audio: false)
    }

    /// Every codec backwards, frame by frame (SPEC §12, §13): 2 s at 25 fps
    /// with key frames every half second or second, each clip judged by
    /// the index drawn in each output frame against §13's frame for it,
    /// read from the source as ffprobe decodes it forwards, along the map
    /// from S, the end of its last frame (§3: each lasts 1/25 s), to 0; a
    /// neighbour's frame shown anywhere, or a warning, fails it.
    @Test(arguments: BackwardClip.allCases)
    func everyCodecPlaysBackwardsFrameByFrame(clip: BackwardClip) throws {
        let input = try clip.make(in: scratch)
        let output = scratch.file("back-\(clip).mov")
        let result = try scale([input.path, "-o", output.path, "--reverse", "--fps", "25", "--json"])
        #expect(!result.stderr.contains("warning"), "\(clip): \(result.stderr)")
        let drawn = try Media.frameIndices(input)
        let times = try Media.frameTimes(input)
        try #require(drawn.count == times.count && drawn.count > 40, "\(clip): \(drawn.count) pictures, \(times.count) times")
        let seconds = try #require(times.last) + 1.0 / 25
        let expected = MapReference("\(seconds)=0,0=\(seconds)").framesPlayingBackwards(times: times, fps: 25).map { drawn[$0] }
        let shown = try Media.frameIndices(output)
        let frame = firstDifference(shown, expected)
        #expect(frame == nil, "\(clip) frame \(frame ?? 0): \(frame.map { shown[$0] } ?? -1), not \(frame.map { expected[$0] } ?? -1)")
    }

    @Test func blendAndFlowBackwardsAreTheForwardModesOnTheReversedSource() throws {
        // Reversed losslessly: its pictures are the source's decoded ones.
        let reversed = scratch.file("reversed.mov")
        try Tool.ffmpeg([
            "-i", source.path, "-vf", "reverse", "-af", "areverse", "-c:v", "libx264", "-qp", "0", "-preset", "veryfast",
            "-c:a", "pcm_s16le", reversed.path,
        ])
        for (motion, factor) in [("blend", "2.5"), ("blend", "0.4"), ("flow", "2")] {
            let backwards = scratch.file("back-\(motion)-\(factor).mov")
            let forwards = scratch.file("fwd-\(motion)-\(factor).mov")
            _ = try scale([source.path, "-o", backwards.path, "--reverse", "--factor", factor, "--motion", motion, "--quiet"])
            _ = try scale([reversed.path, "-o", forwards.path, "--factor", factor, "--motion", motion, "--quiet"])
            let pictures = ["-map", "0:v:0", "-f", "framemd5", "-"]
            let back = try Tool.ffmpeg(["-i", backwards.path] + pictures)
            let forward = try Tool.ffmpeg(["-i", forwards.path] + pictures)
            #expect(!back.isEmpty && back == forward, "\(motion) at \(factor)")
            #expect(try Media.samples(backwards) == Media.samples(forwards), "\(motion) at \(factor)")
        }
    }

    @Test func pitchKeptBackwardsKeepsTheToneAndTheCount() throws {
        let tone = scratch.file("tone.wav")
        try Fixtures.make(tone, ffmpeg: ["-f", "lavfi", "-i", "sine=f=440:r=48000:d=3", "-c:a", "pcm_s16le"])
        let output = scratch.file("tone-back.wav")
        _ = try scale([tone.path, "-o", output.path, "--reverse", "--factor", "2", "--keep-pitch", "--quiet"])
        let written = try Media.samples(output).map { Double($0) / 32768 }
        #expect(written.count == 288000)
        let frequency = ToneAnalysis.frequency(of: written, in: 48000..<240000, rate: 48000)
        #expect(abs(frequency - 440) < 2, "\(frequency) Hz")
    }

    @Test func subtitlesAndChaptersPlayBackwardsInOrder() throws {
        let cues = scratch.file("cues.srt")
        try "1\n00:00:00,500 --> 00:00:01,000\nfirst\n\n2\n00:00:02,000 --> 00:00:02,900\nsecond\n\n"
            .write(to: cues, atomically: true, encoding: .utf8)
        let chapters = scratch.file("chapters.txt")
        try ";FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=1000\ntitle=one\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=1000\nEND=3000\ntitle=two\n"
            .write(to: chapters, atomically: true, encoding: .utf8)
        let input = scratch.file("film.mkv")
        try Tool.ffmpeg([
            "-i", source.path, "-i", cues.path, "-i", chapters.path, "-map", "0", "-map", "1", "-map_chapters", "2",
            "-c:v", "copy", "-c:a", "copy", "-c:s", "srt", input.path,
        ])
        let output = scratch.file("back.mkv")
        _ = try scale([input.path, "-o", output.path, "--reverse", "--factor", "2", "--quiet"])
        let srt = String(decoding: try Tool.ffmpeg(["-i", output.path, "-map", "0:s:0", "-f", "srt", "-"]), as: UTF8.self)
        #expect(srt == "1\n00:00:00,200 --> 00:00:02,000\nsecond\n\n2\n00:00:04,000 --> 00:00:05,000\nfirst\n\n", "\(srt)")
        let listed = try Tool.run(
            "ffprobe", ["-v", "error", "-show_entries", "chapter=start_time,end_time:chapter_tags=title", "-of", "csv=p=0", output.path])
        #expect(listed.text.split(separator: "\n") == ["0.000000,4.000000,two", "4.000000,6.000000,one"], "\(listed.text)")
    }

    @Test func cancellingABackwardDecodeLeavesNothing() throws {
        let input = try CancelTests.longMovie(in: scratch)
        let temporary = scratch.file("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let running = try RunningProcess(
            "env", ["TMPDIR=" + temporary.path, Tool.scaleVideo.path, input.path, "-o", scratch.file("out.mov").path, "--reverse"]
                + CancelTests.slowly)
        #expect(Wait.untilWriting("out.mov", in: scratch.url), "no temporary output was written")
        #expect(running.process.isRunning, "the conversion ended before it could be cancelled")
        running.interrupt()
        let result = running.wait(timeout: 30)
        #expect(result.exited && result.status == 130, "\(result.stderr)")
        #expect(try Tool.files(in: scratch.url) == ["long.mov", "source.mov", "tmp"])
        #expect(try Tool.files(in: temporary) == [])
    }

    /// --dry-run and the run agree on whether a job can run, and on S
    /// (SPEC §3, §7): an MPEG-TS file cut 60 packets in, between key frames
    /// (as a recording joined mid-broadcast starts), is planned and played
    /// from its first key frame, the first frame a decoder shows, forwards
    /// and backwards, each frame once; an AVI of H.264 whose packets carry
    /// no presentation times is planned and played backwards by both.
    @Test func aDryRunAndTheRunAgreeOnPlayingBackwards() throws {
        let whole = try Media.make(scratch.file("whole.ts"), audio: nil, videoArguments: ["-g", "30"])
        let input = scratch.file("joined.ts")
        // MPEG-TS packets are 188 bytes: the cut keeps them whole.
        try Data(try Data(contentsOf: whole).dropFirst(188 * 60)).write(to: input)
        let flags = try Tool.run(
            "ffprobe", ["-v", "quiet", "-select_streams", "v:0", "-show_entries", "packet=flags", "-of", "csv=p=0", input.path])
        #expect(flags.text.split(separator: "\n").first?.hasPrefix("K") == false, "the cut starts between key frames")
        let decoded = try Media.frameIndices(input)
        #expect(decoded.first.map { $0 % 30 == 0 } == true, "ffmpeg shows frames from a key frame on: \(decoded)")
        let seconds = try #require(try Media.frameTimes(input).last) + 1.0 / 30
        let output = scratch.file("played.mov")
        for (direction, shown) in [("--factor", decoded), ("--reverse", decoded.reversed())] {
            let arguments = [input.path, "-o", output.path, direction] + (direction == "--factor" ? ["1"] : []) + ["--json", "--overwrite"]
            for extra in [["--dry-run"], ["--quiet"]] {
                let result = try Tool.scale(arguments + extra)
                try #require(result.status == 0, "\(direction) \(extra): \(result.stderr)")
                let json = try #require(try JSONResults(result.stdout).objects.first)
                #expect(abs((json["sourceDuration"] as? Double ?? 0) - seconds) < 1e-6, "\(direction) \(extra): \(json)")
                #expect(json["frames"] as? Int == decoded.count, "\(direction) \(extra): \(json)")
            }
            #expect(try Media.frameIndices(output) == Array(shown), "\(direction)")
        }
        let avi = try BackwardClip.h264AVI.make(in: scratch)
        for extra in [["--dry-run"], []] {
            let result = try Tool.scale([avi.path, "-o", output.path, "--reverse", "--quiet", "--overwrite"] + extra)
            #expect(result.status == 0, "\(extra): \(result.stderr)")
        }
        #expect(try Media.frameIndices(output).count == 60, "its 2 s at 30 fps")
    }

    @Test func aDryRunPlansTheFallingKnotsAndWritesNothing() throws {
        let result = try scale([source.path, "-o", scratch.file("plan.mov").path, "--reverse", "--duration", "6", "--dry-run", "--json"])
        let json = try #require(try JSONResults(result.stdout).objects.first)
        #expect(json["status"] as? String == "planned" && json["timeMap"] as? [[Double]] == [[3, 0], [0, 6]])
        #expect(json["frames"] as? Int == 180 && json["audioSamples"] as? Int == 288000)
        #expect(try Tool.files(in: scratch.url) == ["source.mov"])
    }
}

/// The movies every codec is played backwards from: 2 s of indexed frames
/// over a moving picture at 25 fps, each with what makes its codec hard to
/// play backwards.
enum BackwardClip: String, CaseIterable, Sendable {
    /// libvpx's alt-ref frames (two passes, a good deadline): VP8 keeps
    /// each hidden frame in a packet of its own; VP9 packs it with the next
    /// shown one into a superframe, unless written without (the 10-bit
    /// clip "hidden").
    case vp8AltRef, vp9AltRef, vp9TenBitAltRef, vp9TenBitHidden
    /// SVT-AV1's hidden frames inside its temporal units.
    case av1
    /// HEVC with B-pyramids cut with `-ss 0.5 -c copy`: the edit list
    /// starts mid-media, after frames decoded only as references.
    case hevcCut
    /// MPEG-4 part 2 with B-frames: AVI has no presentation times for
    /// reordered frames; MP4 has them.
    case mpeg4AVI, mpeg4MP4
    /// H.264 with open GOPs: B-frames after a key frame refer to the interval before.
    case h264OpenGOP
    /// H.264 with B-frames in AVI: no packet carries a presentation time,
    /// the decoder's order gives them.
    case h264AVI

    /// Writes the clip into `scratch`.
    func make(in scratch: Scratch) throws -> URL {
        let source = ["-f", "lavfi", "-i", Media.indexedMotion(rate: 25, seconds: 2)]
        switch self {
        case .vp8AltRef: return try twoPasses(["-c:v", "libvpx"], in: scratch)
        case .vp9AltRef: return try twoPasses(["-c:v", "libvpx-vp9"], in: scratch)
        case .vp9TenBitAltRef: return try twoPasses(["-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p10le"], in: scratch)
        case .vp9TenBitHidden:
            return try twoPasses(
                ["-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p10le", "-bsf:v", "vp9_superframe_split", "-fflags", "-autobsf"],
                in: scratch)
        case .av1:
            let file = scratch.file("\(self).mkv")
            try Tool.ffmpeg(source + ["-c:v", "libsvtav1", "-preset", "10", "-g", "25", "-svtav1-params", "verbosity=0", file.path])
            return file
        case .hevcCut:
            let whole = scratch.file("hevc-whole.mp4")
            try Fixtures.make(whole, ffmpeg: ["-f", "lavfi", "-i", Media.indexedMotion(rate: 25, seconds: 2.5), "-c:v", "libx265", "-crf", "18",
                 "-x265-params", "log-level=error:keyint=25:bframes=4:b-pyramid=1", "-tag:v", "hvc1"])
            let file = scratch.file("\(self).mp4")
            try Tool.ffmpeg(["-ss", "0.5", "-i", whole.path, "-c", "copy", file.path])
            return file
        case .mpeg4AVI, .mpeg4MP4:
            let file = scratch.file("\(self).\(self == .mpeg4AVI ? "avi" : "mp4")")
            try Tool.ffmpeg(source + ["-c:v", "mpeg4", "-q:v", "2", "-bf", "2", "-g", "12", file.path])
            return file
        case .h264OpenGOP:
            let file = scratch.file("\(self).mp4")
            try Tool.ffmpeg(source + ["-c:v", "libx264", "-crf", "18", "-bf", "3", "-x264-params", "open-gop=1:keyint=12", file.path])
            return file
        case .h264AVI:
            let file = scratch.file("\(self).avi")
            try Tool.ffmpeg(source + ["-c:v", "libx264", "-crf", "18", "-bf", "2", "-g", "12", file.path])
            let stamps = try Tool.run(
                "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts", "-of", "csv=p=0", file.path])
            #expect(Set(stamps.text.split(separator: "\n")) == ["N/A"], "no packet has a presentation time")
            return file
        }
    }

    /// libvpx in two passes (alt-ref frames come of the first pass's statistics), into WebM.
    private func twoPasses(_ codec: [String], in scratch: Scratch) throws -> URL {
        let file = scratch.file("\(self).webm")
        let log = scratch.file("\(self)-pass").path
        for pass in ["1", "2"] {
            try Tool.ffmpeg(
                ["-f", "lavfi", "-i", Media.indexedMotion(rate: 25, seconds: 2)] + codec
                    + ["-b:v", "400k", "-g", "25", "-auto-alt-ref", "1", "-lag-in-frames", "16", "-deadline", "good",
                       "-pass", pass, "-passlogfile", log, "-f", "webm", pass == "1" ? "/dev/null" : file.path])
        }
        return file
    }
}

/// The backward reader itself: bounded by the pictures it may hold, not by
/// the key-frame interval, whose frames it then decodes again in slices.
@Suite(.tags(.endToEnd))
struct BackwardFramesTests {
    @Test func aLongIntervalIsReadInSlicesOfAtMostTheLimit() throws {
        let scratch = try Scratch()
        // 2 s at 30 fps, one key frame: a 60-frame interval.
        let input = try Media.make(scratch.file("long-gop.mp4"), seconds: 2, audio: nil)
        let packets = try OwnInput(path: input.path, streamIndex: 0)
        let index = try FrameIndex(packets: packets, references: PacketReferences(stream: packets.stream), isCancelled: { false })
        #expect(index.intervals.count == 1 && index.timestamps.count == 60)
        let order = Array((0..<60).reversed())
        let frames = try BackwardFrames(input: packets, index: index, order: order, limit: 7, warn: { Issue.record("\($0)") })
        var stamps: [Int64] = []
        while let frame = try frames.nextFrame() { stamps.append(try #require(frame.timestamp)) }
        #expect(stamps == order.map { index.timestamps[$0] })
        #expect(frames.mostHeld == 7 && frames.intervalsDecoded == 9)
    }
}

/// `--curve smooth` and `--plot-map` through the built tool (SPEC §13).
@Suite(.serialized, .tags(.endToEnd))
struct SmoothCurveEndToEndTests {
    let scratch: Scratch
    /// 3 s at 30 fps, 16-bit stereo at 48 kHz.
    let source: URL

    init() throws {
        scratch = try Scratch()
        source = try Media.make(scratch.file("source.mov"))
    }

    /// Every frame the curve's (PchipReference), every sample within one step of it.
    @Test(arguments: [
        ("0=0,1=1,2=4,3=5", [Range<Int>]()),
        ("0=0,1.5=1.5,1.5=2,0.5=3.5,2.5=5", [72000..<96000]),
        ("0=0,1=1,1.501=2,0.5=3", []),
        ("0=0,1=1,1.501=2,1.501=2.5,0.5=3.5", [96000..<120000]),
    ])
    func everyFrameAndSampleFollowsTheCurve(knots: String, silent: [Range<Int>]) throws {
        let output = scratch.file("curve.mov")
        let result = try Tool.scale([source.path, "-o", output.path, "--time-map", knots, "--curve", "smooth", "--json", "--overwrite"])
        #expect(result.status == 0, "\(result.stderr)")
        let map = MapReference(knots)
        let curve = PchipReference(map)
        let count = Int((Double(map.knots.last!.d) / 1000 * 30 - 1e-9).rounded(.up))
        let expected = curve.frames(times: try Media.frameTimes(source), fps: 30, count: count)
        let shown = try Media.frameIndices(output)
        #expect(firstDifference(shown, expected) == nil, "\(shown) against \(expected)")
        let length = map.bounds(rate: 48000, count: 144000, sourceMs: 3000).l.last!
        let reference = curve.audio(try Media.samples(source), channels: 2, rate: 48000, count: length, silent: silent)
        let written = try Media.samples(output)
        #expect(written.count == reference.count)
        let worst = zip(written, reference).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "a sample differs by \(worst)")
        let json = try #require(try JSONResults(result.stdout).objects.first)
        #expect(json["curve"] as? String == "smooth")
        #expect(result.stderr.contains("smooth ramp"), "\(result.stderr)")
    }

    /// A --speed map, and a curve that starts from a standstill (its end
    /// slope is zero), so that its first frames move the source by less
    /// than a sample.
    @Test(arguments: [
        (["--speed", "0:1,1:0.25,2:1"], MapReference.speeds("0:1,1:0.25,2:1", sourceMs: 3000)),
        (["--time-map", "0=0,0.5=6,1=6.5,3=12.5"], MapReference("0=0,0.5=6,1=6.5,3=12.5")),
    ])
    func pitchKeptFollowsTheCurveWithTheSameCount(map: [String], reference: MapReference) throws {
        let output = scratch.file("pitch.mov")
        let result = try Tool.scale([source.path, "-o", output.path] + map + ["--curve", "smooth", "--keep-pitch", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let length = reference.bounds(rate: 48000, count: 144000, sourceMs: 3000).l.last!
        #expect(try Media.samples(output).count == 2 * length)
    }

    @Test func pitchKeptAlongACurveNamesTheMapsOwnKnotThatHoldsNoSound() throws {
        let result = try Tool.scale([
            source.path, "-o", scratch.file("x.mov").path, "--time-map", "0=0,1=1,1.000001=2", "--curve", "smooth", "--keep-pitch",
        ])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("knot 3 \"1.000001=2\": the segment ending here holds no audio sample"), "\(result.stderr)")
        #expect(try Tool.files(in: scratch.url) == ["source.mov"])
    }

    @Test func aDryRunDrawsTheMapAndWritesNothingElse() throws {
        let picture = scratch.file("map.png")
        let result = try Tool.scale([
            source.path, "-o", scratch.file("never.mov").path, "--time-map", "0=0,1=1,1=1.5,0=3", "--curve", "smooth",
            "--plot-map", picture.path, "--dry-run",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Tool.files(in: scratch.url) == ["map.png", "source.mov"])
        #expect(try Tool.probe(picture, stream: "v:0", "width,height") == "1200\n660")
        #expect(result.stderr.contains("(dry run, only the map drawn into \(picture.path))"), "\(result.stderr)")
        let output = scratch.file("real.mov")
        let drawn = scratch.file("real.png")
        let real = try Tool.scale([source.path, "-o", output.path, "--factor", "2", "--plot-map", drawn.path, "--quiet"])
        #expect(real.status == 0, "\(real.stderr)")
        #expect(try Tool.files(in: scratch.url) == ["map.png", "real.mov", "real.png", "source.mov"])
    }

    @Test func aSmoothCurveNeedsAMapAndNearestFrames() throws {
        for (arguments, message) in [
            (["--factor", "2", "--curve", "smooth"], "--curve smooth shapes a time map: give --time-map or --speed"),
            (["--time-map", "0=0,1=2", "--curve", "smooth", "--motion", "blend"], "--motion blend follows straight time maps"),
            (["--factor", "2", "--plot-map", "map.jpg"], "--plot-map map.jpg: use a .png name"),
        ] {
            let result = try Tool.scale([source.path, "-o", scratch.file("x.mov").path] + arguments)
            #expect(result.status == 64 && result.stderrLines.first?.contains(message) == true, "\(arguments): \(result.stderr)")
        }
    }
}
