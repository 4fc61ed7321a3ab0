import Foundation
import ScaleVideo
import Testing
import TestSupport
import Timing

/// A request in JSON (ScaleRequestCoding, TimingCoding): written and read
/// back whole, read with the command line's defaults where fields are left
/// out, and refused, saying why, where a field is unknown or a value wrong.
@Suite(.tags(.unit))
struct RequestCodingTests {
    static func text(_ request: ScaleRequest) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(request), as: UTF8.self)
    }

    static func read(_ json: String) throws -> ScaleRequest {
        try JSONDecoder().decode(ScaleRequest.self, from: Data(json.utf8))
    }

    /// A request with every field away from its default.
    static func everything() throws -> ScaleRequest {
        let map = try TimeMap(list: "0=0,4=4,4=5,1.5=13", fps: Rational(24000, 1001)!)
        var request = ScaleRequest(
            input: "in/film.mkv", output: "out/film.mov", target: .timeMap(map), fps: .exactly(Rational(24000, 1001)!),
            audioCodec: .flac, videoCodec: .prores, proResProfile: .lt, crf: 18, preset: "slow", overwrite: true,
            audioTracks: [2, 1], keepHDR: true, trim: Trim(start: Rational(3, 10)!, end: Rational(7, 1)!), mono: true,
            padAudio: true, waveform: "w.png", noiseFloor: -48.5, keepPitch: true, motion: .blend, noVideo: true, noAudio: true,
            reverse: true, curve: .smooth, plotMap: "m.png", streamContainer: .nut, still: StillPicture(path: "s.png", time: Rational(5, 2)!),
            progressPicture: "p.png", preview: PreviewClip(path: "v.mp4", time: Rational(1, 3)!), shorterSide: 360)
        request.part = FilmPart(number: 3, count: 8, container: .mov)
        return request
    }

    @Test func aRequestReadsBackAsItWasWritten() throws {
        let written = try Self.text(try Self.everything())
        let read = try Self.read(written)
        #expect(try Self.text(read) == written)
        guard case .timeMap(let map) = read.target else { Issue.record("the map was read as \(read.target)"); return }
        #expect(map.knots.map(\.source) == [.zero, Rational(4, 1)!, Rational(4, 1)!, Rational(3, 2)!])
        #expect(map.knots.map(\.output) == [.zero, Rational(4, 1)!, Rational(5, 1)!, Rational(13, 1)!])
        #expect(read.fps == .exactly(Rational(24000, 1001)!))
        #expect(read.trim == Trim(start: Rational(3, 10)!, end: Rational(7, 1)!))
        #expect(read.still == StillPicture(path: "s.png", time: Rational(5, 2)!))
        #expect(read.audioTracks == [2, 1] && read.noiseFloor == -48.5 && read.streamContainer == .nut)
        #expect(written.contains(#""timeMap":"0=0,4=4,4=5,3/2=13""#))
        #expect(written.contains(#""fps":"24000/1001""#) && written.contains(#""audioCodec":"flac""#))
    }

    /// Left out, a field is the command line's default (its --help): 30 fps,
    /// nearest, the output's own codecs, the whole source, nothing else.
    @Test func fieldsLeftOutAreTheCommandLinesDefaults() throws {
        let read = try Self.read(#"{"input": "a.mp4", "output": "b.mkv", "target": {"factor": 2}}"#)
        #expect(read.input == "a.mp4" && read.output == "b.mkv")
        #expect(read.target == .factor(Rational(2, 1)!))
        #expect(read.fps == .exactly(Rational(30, 1)!))
        #expect(read.motion == .nearest && read.curve == .linear && read.trim == Trim(start: .zero, end: nil))
        #expect(read.requestedAudioCodec == nil && read.requestedVideoCodec == nil && read.crf == nil && read.preset == nil)
        #expect(read.proResProfile == .hq && read.streamContainer == .mkv && read.audioTracks.isEmpty)
        #expect(!read.overwrite && !read.keepPitch && !read.reverse && !read.noVideo && !read.noAudio && !read.mono)
        #expect(read.still == nil && read.preview == nil && read.part == nil && read.shorterSide == nil)
        #expect(try Self.read(#"{"input": "a", "output": "b", "target": {"duration": "7.3"}}"#).target == .duration(Rational(73, 10)!))
        #expect(try Self.read(#"{"input": "a", "output": "b", "target": {"factor": "1"}, "fps": "source"}"#).fps == .source)
    }

    @Test(arguments: [
        (#"{"input": "a", "output": "b", "target": {"factor": 2}, "factr": 3}"#, "\"factr\" is not a field of a request"),
        (#"{"input": "a", "output": "b", "target": {"factor": 2, "duration": 4}}"#, "give one of duration, factor, timeMap, speeds"),
        (#"{"input": "a", "output": "b", "target": {}}"#, "give one of duration, factor, timeMap, speeds"),
        (#"{"input": "a", "output": "b", "target": {"factor": "2x"}}"#, "\"2x\" is not a number"),
        (#"{"input": "a", "output": "b", "target": {"timeMap": "0=0,4=8,6=7"}}"#, "knot 3 \"6=7\""),
        (#"{"input": "a", "output": "b", "target": {"speeds": "0:1,4:0"}}"#, "SPEED must be above 0"),
        (#"{"input": "a", "output": "b", "target": {"factor": 2}, "motion": "optical"}"#, "optical"),
        (#"{"output": "b", "target": {"factor": 2}}"#, "input"),
    ])
    func aWrongFieldIsRefusedSayingWhy(json: String, reason: String) throws {
        do {
            _ = try Self.read(json)
            Issue.record("\(json) was read")
        } catch let error as DecodingError {
            #expect("\(error)".contains(reason), "\(error)")
        }
    }
}
