import ScaleVideo
import TestSupport
import Testing
import Timing

/// The one check of what a request asks (ScaleRequest.usageProblem), as
/// the options' help states the rules, and the library's plan refusing by
/// it, as bad usage, before it reads the input.
@Suite(.tags(.unit))
struct RequestChecksTests {
    static func request(_ change: (inout ScaleRequest) -> Void = { _ in }) -> ScaleRequest {
        var request = ScaleRequest(input: "in.mov", output: "out.mov", target: .factor(Rational(2, 1)!), fps: .exactly(Rational(30, 1)!))
        change(&request)
        return request
    }

    static func map(_ text: String) throws -> Retime.Target { .timeMap(try TimeMap(list: text, fps: Rational(30, 1)!)) }

    @Test func aRequestWithinTheRulesPasses() throws {
        #expect(Self.request().usageProblem() == nil)
        #expect(Self.request { $0.target = try! Self.map("0=0,1=2,0.5=3"); $0.curve = .smooth }.usageProblem() == nil)
        #expect(Self.request { $0.crf = 51 }.usageProblem() == nil)
        #expect(Self.request { ($0.requestedVideoCodec, $0.crf, $0.output) = (.vp9, 63, "out.webm") }.usageProblem() == nil)
    }

    /// --crf is 0 to 51 for h264, 0 to 63 for vp9; --curve smooth shapes a
    /// map; a map says which part of the source it keeps; blend follows a
    /// map one way only; --no-video leaves a still nothing to show; a part
    /// is a file of its own; a still is a PNG.
    @Test func eachRuleRefusesInTheOptionsWords() throws {
        let cases: [(ScaleRequest, String)] = [
            (Self.request { $0.crf = 52 }, "--crf must be between 0 and 51 for h264."),
            (Self.request { ($0.requestedVideoCodec, $0.crf, $0.output) = (.vp9, 64, "out.webm") }, "--crf must be between 0 and 63 for vp9."),
            (Self.request { $0.curve = .smooth }, "--curve smooth shapes a time map: give --time-map or --speed."),
            (Self.request { $0.target = try! Self.map("0=0,1=2"); $0.trim = Trim(start: Rational(1, 2)!) }, "--time-map replaces --start and --end"),
            (Self.request { $0.target = try! Self.map("0=0,1=1,0.5=2"); $0.motion = .blend }, "--motion blend follows a time map that plays only forwards"),
            (Self.request { ($0.noVideo, $0.still) = (true, StillPicture(path: "s.png")) }, "--no-video writes no picture for --still to show."),
            (Self.request { ($0.output, $0.part) = ("-", FilmPart(number: 1, count: 2, container: .mkv)) }, "--part writes a file of its own: not -o -."),
            (Self.request { $0.still = StillPicture(path: "s.jpg") }, "--still s.jpg: use a .png name."),
            (Self.request { $0.target = .factor(.zero) }, "--factor must be greater than 0"),
            (Self.request { $0.fps = .exactly(Rational(1001, 1)!) }, "--fps must be greater than 0 and at most 1000, or source."),
        ]
        for (request, words) in cases {
            let problem = request.usageProblem()
            #expect(problem?.hasPrefix(words) == true, "\(problem ?? "nothing"), not \(words)")
        }
    }

    /// The library's plan refuses a request the check refuses, as bad
    /// usage, before it reads the input (which is not there).
    @Test func thePlanRefusesItAsBadUsageFirst() {
        let job = ScaleJob(request: Self.request { ($0.input, $0.crf) = ("/no/such/file.mov", 99) })
        #expect {
            _ = try job.plan()
        } throws: { error in
            guard let error = error as? ScaleError, case .usage(let reason) = error else { return false }
            return error.kind == .usage && reason == "--crf must be between 0 and 51 for h264."
        }
    }
}
