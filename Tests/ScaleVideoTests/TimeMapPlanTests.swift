import Foundation
import TestSupport
import Testing

@testable import ScaleVideo

/// A job's plan along a time map (SPEC §8) on a generated movie: D is the
/// last knot's d, N = ceil(D · fps), the audio's segments the boundaries
/// the specification's text gives; what depends on
/// the input fails that input, naming the knot.
@Suite(.tags(.endToEnd))
struct TimeMapPlanTests {
    let thirty = Rational(30, 1)!

    func request(_ input: URL, _ target: Retime.Target) -> ScaleRequest {
        ScaleRequest(
            input: input.path, output: input.deletingLastPathComponent().appendingPathComponent("out.mov").path, target: target,
            fps: .exactly(thirty))
    }

    @Test func aMapPlansItsDurationFramesAndSamples() throws {
        let scratch = try Scratch()
        let input = try Media.make(scratch.file("in.mov"), seconds: 3)
        let map = try TimeMap(list: "0.5=0,1=1/3,1=2/3,3=4.99", fps: thirty)
        let plan = try JobPlanTests.plan(request(input, .timeMap(map)))
        #expect(plan.timeMap == map && plan.targetDuration == 4.99)
        #expect(plan.frames == 150)  // 4.99 · 30 = 149.7
        #expect(plan.scale.sourceDuration == Rational(5, 2)!)
        // c = round(s · rate), the knot at S = count; L = 0, round(1/3 · 48000), round(2/3 · 48000), and the
        // last Int(Double(c_last − c_0) · F) with F = 4.99 / 2.5 = 499/250.
        let last = Int(Double(144000 - 24000) * (499.0 / 250.0))
        #expect(plan.audio?.segments.segments.map { [$0.first, $0.count, $0.length] } == [[24000, 24000, 16000], [48000, 0, 16000], [48000, 96000, last - 32000]])
        #expect(plan.audio?.samples == last && plan.audio?.sourceSamples == 120000)
        #expect(try Tool.files(in: scratch.url) == ["in.mov"])
    }

    @Test func speedsBecomeKnotsOnceTheSourcesDurationIsKnown() throws {
        let scratch = try Scratch()
        let input = try Media.make(scratch.file("in.mov"), seconds: 3, audio: nil)
        let plan = try JobPlanTests.plan(request(input, .speeds(try SpeedList(parsing: "0:2,1.5:0.5"))))
        #expect(plan.timeMap?.description == "0=0,3/2=3/4,3=15/4")
        #expect(plan.frames == 113 && plan.audio == nil)
    }

    @Test func aMapThatDoesNotFitTheInputFailsItNamingTheKnot() throws {
        let scratch = try Scratch()
        let input = try Media.make(scratch.file("in.mov"), seconds: 1)
        for (target, message) in [
            (Retime.Target.timeMap(try TimeMap(list: "0=0,1.5=2", fps: thirty)), "time map knot 2 \"1.5=2\": source time is past the source's end (1.0 s)"),
            (.speeds(try SpeedList(parsing: "0:1,1:2")), "time map speed 2 \"1:2\": source time is past the source's end (1.0 s)"),
        ] {
            do {
                _ = try JobPlanTests.plan(request(input, target))
                Issue.record("planned a map that does not fit: \(target)")
            } catch {
                #expect("\(error)" == message)
            }
        }
    }
}
