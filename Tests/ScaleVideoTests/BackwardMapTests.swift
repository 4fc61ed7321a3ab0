import TestSupport
import Testing

@testable import ScaleVideo

private let thirty = Rational(30, 1)!

private func map(_ text: String) throws -> TimeMap { try TimeMap(list: text, fps: thirty) }

/// SPEC §13's maps whose `s` falls, worked out by hand or from the text
/// (MapReference), never from the code under test.
@Suite(.tags(.unit))
struct BackwardMapTests {
    @Test func aMapMayFallAndItsShapeIsKnown() throws {
        let back = try map("3=0,0=6")
        #expect(!back.isForward && back.isBackward && back.firstTurn == nil)
        #expect(back.lowestSource == .zero && back.highestSource == Rational(3, 1)!)
        let turning = try map("0=0,2=2,2=2.5,0.5=4,1.5=5")
        #expect(!turning.isForward && !turning.isBackward)
        #expect(turning.firstTurn == "knot 3 \"2=2.5\"")
        #expect(try map("0=0,2=2,2=3").isForward)
        #expect(try map("0=0,2=2,2=3").firstTurn == nil)
        #expect(back.outputTime(at: Rational(1, 1)!) == nil)
    }

    @Test func σReadsTheMapFromOutputTimeAndAFreezeAfterAFallHoldsBackwards() throws {
        let turning = try map("0=0,2=2,2=2.5,0.5=4,1.5=5")
        let cases: [(τ: String, σ: String, backwards: Bool)] = [
            ("0", "0", false), ("1", "1", false), ("2", "2", false), ("2.25", "2", false), ("2.5", "2", true),
            ("3.25", "1.25", true), ("4", "1/2", false), ("4.5", "1", false), ("5", "3/2", false),
        ]
        for (τ, σ, backwards) in cases {
            let at = Rational(parsing: τ)!
            #expect(turning.sourceTime(atOutput: at) == Rational(parsing: σ)!, "σ(\(τ))")
            #expect(turning.playsBackwards(atOutput: at) == backwards, "direction at \(τ)")
        }
        let fallThenHold = try map("2=0,1=1,1=2")
        #expect(fallThenHold.playsBackwards(atOutput: Rational(3, 2)!))
    }

    @Test func outputSpansFollowACueThroughEveryWayTheMapPlaysIt() throws {
        let turning = try map("0=0,2=2,2=2.5,0.5=4,1.5=5")
        // Source 1.5–2.5: shown rising 1.5–2, through the freeze to 2.5, falling from s = 2 down to 1.5 (3 s of output).
        let spans = turning.outputSpans(from: Rational(3, 2)!, to: Rational(5, 2)!)
        #expect(spans.map { [$0.start, $0.end] } == [[Rational(3, 2)!, Rational(3, 1)!]])
        // Source 0.75–1: rising 0.75–1, falling (τ 3.5–3.75), rising again (τ 4.25–4.5).
        let cue = turning.outputSpans(from: Rational(3, 4)!, to: Rational(1, 1)!)
        #expect(cue.map { [$0.start, $0.end] } == [
            [Rational(3, 4)!, Rational(1, 1)!], [Rational(7, 2)!, Rational(15, 4)!], [Rational(17, 4)!, Rational(9, 2)!],
        ])
        #expect(try map("3=0,0=6").outputSpans(from: Rational(5, 1)!, to: Rational(29, 5)!).isEmpty)
    }

    @Test func framePicksAreSpecsFramesForEveryKindOfSegment() throws {
        let maps = ["3=0,0=3", "3=0,0=6", "2.5=0,0.5=7", "0=0,2=2,2=2.5,0.5=4,1.5=5", "1=0,1=0.5,0=1.5,0=2,2=3"]
        // Regular 30 fps frames, and irregular ones (variable frame rate) in a 1/90000 time base.
        let regular = (0..<90).map { Int64($0) }
        let irregular: [Int64] = (0..<60).map { Int64($0) * 4500 + ($0 % 3 == 1 ? 1200 : 0) }
        for text in maps {
            let timeMap = try map(text)
            let reference = MapReference(text)
            let count = try #require(timeMap.frameCount(fps: thirty))
            for (times, timeBase) in [(regular, Rational(1, 30)!), (irregular, Rational(1, 90000)!)] {
                let picks = try #require(FramePicks(map: timeMap, fps: thirty, frameCount: count, times: times, timeBase: timeBase))
                let shown = picks.runs.flatMap { run in run.outputs.map { _ in run.frame } }
                let seconds = times.map { Double($0) * timeBase.doubleValue }
                let expected = reference.framesPlayingBackwards(times: seconds, fps: 30)
                #expect(firstDifference(shown, expected) == nil, "\(text): \(shown) against \(expected)")
                #expect(zip(picks.runs, picks.runs.dropFirst()).allSatisfy { $0.frame != $1.frame && $0.outputs.upperBound == $1.outputs.lowerBound })
            }
        }
    }

    @Test func plainReverseShowsEachFrameOnceLastFirst() throws {
        let picks = try #require(
            FramePicks(map: try map("6=0,0=6"), fps: thirty, frameCount: 180, times: (0..<180).map { Int64($0) }, timeBase: Rational(1, 30)!))
        #expect(picks.runs.map(\.frame) == Array((0..<180).reversed()))
        #expect(picks.runs.allSatisfy { $0.outputs.count == 1 })
    }

    @Test func aFallingSegmentTakesItsSamplesLastFirst() throws {
        // 48 kHz, 3 s: c = 144000, 48000, 48000, 96000; L = 0, 96000, 144000, then Int((96000 − 144000) · 6/(2 − 3)) = 288000.
        let plan = try AudioMapPlan(
            map: try map("3=0,1=2,1=3,2=6"), rate: 48000, count: 144000, sourceDuration: Rational(3, 1)!)
        #expect(plan.segments == [
            .init(first: 48000, count: 96000, length: 96000, isReversed: true), .init(first: 48000, count: 0, length: 48000),
            .init(first: 48000, count: 48000, length: 144000),
        ])
        #expect(plan.sourceStart == 48000 && plan.sourceEnd == 144000 && plan.length == 288000 && !plan.isForward)
        #expect(plan.inOutputOrder.segments == [
            .init(first: 0, count: 96000, length: 96000), .init(first: 96000, count: 0, length: 48000),
            .init(first: 96000, count: 48000, length: 144000),
        ])
        // --reverse of the whole: §5's count, Int(count · f).
        let reverse = try AudioMapPlan(map: try map("3=0,0=7.5"), rate: 44100, count: 132300, sourceDuration: Rational(3, 1)!)
        #expect(reverse.segments == [.init(first: 0, count: 132300, length: 330750, isReversed: true)])
    }

    @Test func theSpoolGivesSegmentsBackInBlocksLastFirstWhereReversed() throws {
        let spool = try SampleSpool<Int16>(channels: 2)
        let samples = (0..<2000).map { Int16($0) }
        try samples.withUnsafeBufferPointer { try spool.append($0) }
        #expect(spool.count == 1000)
        let plan = try AudioMapPlan(map: try map("1=0,0.5=1,0.5=2,0.75=3"), rate: 1000, count: 1000, sourceDuration: Rational(1, 1)!)
        var cursor = SpoolCursor(plan)
        var read: [Int16] = []
        let buffer = UnsafeMutableBufferPointer<Int16>.allocate(capacity: 2 * 300)
        defer { buffer.deallocate() }
        var blocks = 0
        while let block = cursor.next(maximum: 300) {
            try spool.read(block.range, reversed: block.reversed, into: buffer)
            read += buffer[0..<(block.range.count * 2)]
            blocks += 1
        }
        // Frames 999 … 500 (each its two samples), then 500 … 749.
        let frames: [Int] = Array((500..<1000).reversed()) + Array(500..<750)
        let expected: [Int16] = frames.flatMap { frame -> [Int16] in [Int16(2 * frame), Int16(2 * frame + 1)] }
        #expect(read == expected)
        #expect(blocks == 3)
    }
}

/// `--curve smooth` (SPEC §13), held to SciPy's `PchipInterpolator`: the
/// values below are SciPy 1.17's for these knots, printed once by hand.
@Suite(.tags(.unit))
struct SmoothCurveTests {
    @Test func theCurveIsSciPysPchip() throws {
        let map = try TimeMap(list: "0=0,1=1,1.5=2.5,1.5=3.5,0.5=5", fps: Rational(30, 1)!)
        let curve = SmoothCurve(map: map)
        let slopes = [1.2666666666666666, 0.5172413793103449, 0.0, 0.0, -1.0666666666666664]
        #expect(zip(curve.slopes, slopes).allSatisfy { abs($0 - $1) < 1e-12 }, "\(curve.slopes)")
        let at: [(τ: Double, σ: Double)] = [
            (0.5, 0.5936781609195403), (1.7, 1.3280255427841634), (3.0, 1.5), (4.2, 1.235762962962963), (4.9, 0.605659259259259),
        ]
        for (τ, σ) in at { #expect(abs(curve.sourceTime(atOutput: τ) - σ) < 1e-12, "σ(\(τ))") }
        #expect(curve.sourceTime(atOutput: 5) == 0.5 && curve.sourceTime(atOutput: 9) == 0.5)
        #expect(!curve.playsBackwards(atOutput: 3) && curve.playsBackwards(atOutput: 4) && !curve.playsBackwards(atOutput: 0.2))
        // Two knots: the straight line.
        let line = SmoothCurve(map: try TimeMap(list: "1=0,3=4", fps: Rational(30, 1)!))
        #expect(line.sourceTime(atOutput: 1) == 1.5 && line.slopes == [0.5, 0.5])
    }

    @Test func aTimeOnTheCurveIsFoundWhereItIs() throws {
        let curve = SmoothCurve(map: try TimeMap(list: "0=0,1=1,1.5=2.5,1.5=3.5,0.5=5", fps: Rational(30, 1)!))
        for (segment, t) in [(0, 0.25), (1, 1.2), (3, 1.0)] {
            let τ = curve.outputTime(of: t, inSegment: segment)
            #expect(abs(curve.sourceTime(atOutput: τ) - t) < 1e-8, "segment \(segment) at \(t)")
        }
    }

    @Test func pitchKeptFollowsTheCurveAsStraightLinesAFrameApart() throws {
        var map = try TimeMap(list: "0=0,1=1,2=4,2=5", fps: Rational(30, 1)!)
        map.curve = .smooth
        let dense = try #require(map.following(fps: Rational(30, 1)!))
        let curve = SmoothCurve(map: map)
        // 30 + 90 parts, then the freeze as it is.
        #expect(dense.knots.count == 30 + 90 + 2)
        #expect(dense.knots.last == map.knots.last && dense.knots[dense.knots.count - 2] == map.knots[2])
        for knot in dense.knots { #expect(abs(curve.sourceTime(atOutput: knot.output.doubleValue) - knot.source.doubleValue) <= 5e-7) }
    }
}
