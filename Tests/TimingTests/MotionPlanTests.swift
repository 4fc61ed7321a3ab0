import TestSupport
import Testing

@testable import Timing


/// Runs a plan over the timestamps as a video lane would, holding only the
/// frames it keeps (and the one arriving); returns each output frame's recipe.
private func plannedRecipes(_ plan: MotionPlan, timestamps: [Int64]) -> [Recipe] {
    var plan = plan
    var recipes = [Recipe](repeating: [:], count: plan.frameCount)
    var held: Set<Int> = []
    var sum: [Int] = []
    var maxHeld = 0
    func run(_ steps: [FrameSchedule.Step]) {
        for step in steps {
            switch step {
            case .sum(let a, let b):
                #expect(sum.isEmpty && held.contains(a) && held.contains(b))
                sum = [a, b]
            case .add(let j):
                #expect(!sum.isEmpty && held.contains(j))
                sum.append(j)
            case .show(let frames, let picture):
                let recipe: Recipe
                switch picture {
                case .frame(let i):
                    #expect(held.contains(i))
                    recipe = [i: r("1")]
                case .inBetween(let a, let b, let w):
                    #expect(held.contains(a) && held.contains(b) && w > .zero && w < r("1"))
                    recipe = [a: r("1").subtracting(w)!, b: w]
                case .mean(let count):
                    #expect(sum.count == count)
                    recipe = Dictionary(uniqueKeysWithValues: sum.map { ($0, Rational(1, Int64(count))!) })
                    sum = []
                }
                for k in frames { recipes[k] = recipe }
            }
        }
    }
    for (i, timestamp) in timestamps.enumerated() {
        held.insert(i)
        run(plan.arrive(timestamp: timestamp)!)
        held = Set(plan.kept)
        maxHeld = max(maxHeld, held.count)
        if plan.isComplete { break }
    }
    run(plan.finish()!)
    #expect(plan.decided == plan.frameCount)
    #expect(maxHeld <= 3)
    return recipes
}

private func expectSame(_ got: [Recipe], _ expected: [Recipe]) {
    #expect(got.count == expected.count)
    if let k = got.indices.first(where: { k in k < expected.count && got[k] != expected[k] }) {
        #expect(got[k] == expected[k], "output frame \(k)")
    }
}

@Suite(.tags(.unit))
struct MotionPlanTests {
    let thirty = Rational(30, 1)!

    private func checkFactor(_ factor: String, timestamps: [Int64], timeBase: Rational, fps: Rational, start: Rational = .zero, part: Rational) {
        let scale = Retime(sourceDuration: part, target: .factor(r(factor)))!
        let n = scale.frameCount(fps: fps)
        let plan = MotionPlan(scale: scale, fps: fps, timeBase: timeBase, frameCount: n, start: start)!
        let knots = [TimeMap.Knot(source: start, output: .zero), TimeMap.Knot(source: start.adding(part)!, output: scale.exactTargetDuration!)]
        expectSame(
            plannedRecipes(plan, timestamps: timestamps),
            expectedRecipes(timestamps: timestamps, timeBase: timeBase, knots: knots, fps: fps, frameCount: n))
    }

    @Test func slowingDownCrossfadesByTheTimeBetweenFrames() {
        let ts = Array(Int64(0)..<30)
        for factor in ["2", "2.5", "4", "7/3", "1.1"] {
            checkFactor(factor, timestamps: ts, timeBase: r("1/30"), fps: thirty, part: r("1"))
        }
    }

    @Test func factorTwoHalvesBetweenFrames() {
        var plan = MotionPlan(scale: Retime(sourceDuration: r("1/10"), target: .factor(r("2")))!, fps: thirty, timeBase: r("1/30"), frameCount: 6)!
        var steps: [FrameSchedule.Step] = []
        for t in Int64(0)..<3 { steps += plan.arrive(timestamp: t)! }
        steps += plan.finish()!
        let half = r("1/2")
        #expect(
            steps == [
                .show(frames: 0..<1, picture: .frame(0)), .show(frames: 1..<2, picture: .inBetween(from: 0, to: 1, weight: half)),
                .show(frames: 2..<3, picture: .frame(1)), .show(frames: 3..<4, picture: .inBetween(from: 1, to: 2, weight: half)),
                .show(frames: 4..<6, picture: .frame(2)),
            ])
    }

    @Test func speedingUpAveragesTheFramesOfEachOutputFrame() {
        let ts = Array(Int64(0)..<120)
        for factor in ["1/2", "0.3", "0.9", "1/7", "0.75"] {
            checkFactor(factor, timestamps: ts, timeBase: r("1/60"), fps: thirty, part: r("2"))
        }
    }

    @Test func aMeanIsSummedAsItsFramesArrive() {
        var plan = MotionPlan(scale: Retime(sourceDuration: r("1/10"), target: .factor(r("1/3")))!, fps: r("10"), timeBase: r("1/30"), frameCount: 1)!
        #expect(plan.arrive(timestamp: 0)! == [])
        #expect(plan.arrive(timestamp: 1)! == [.sum(0, 1)])
        #expect(plan.arrive(timestamp: 2)! == [.add(2)])
        #expect(plan.kept == [0, 2])
        #expect(plan.finish()! == [.show(frames: 0..<1, picture: .mean(count: 3))])
    }

    @Test func variableFrameTimesAndNTSCRates() {
        var ts: [Int64] = [0]
        var random = SeededRandom(seed: 15)
        for _ in 0..<200 { ts.append(ts.last! + Int64(1500 + random.next() % 4000)) }
        let part = r("1/90000").multiplied(by: Rational(ts.last! + 3000, 1)!)!
        for factor in ["3", "1", "0.4", "1.37"] {
            checkFactor(factor, timestamps: ts, timeBase: r("1/90000"), fps: r("30000/1001"), part: part)
        }
    }

    @Test func aStartTrimLandsTheFrameOnScreenThenAtZero() {
        let ts = Array(Int64(0)..<60)
        checkFactor("2.5", timestamps: ts, timeBase: r("1/30"), fps: thirty, start: r("0.51"), part: r("1"))
        checkFactor("0.4", timestamps: ts, timeBase: r("1/30"), fps: thirty, start: r("0.5"), part: r("1"))
    }

    @Test func mapsWithRampsFreezesAndCuts() throws {
        let ts = Array(Int64(0)..<300)
        for text in ["0=0,1=1,1=1.5,1.5=3.5,3=4.25", "1=0,1=1/2,2=1,2=3,7/3=4,9=5", "0.5=0,2=1,2.01=2,4=2.5,4=3,9.9=8"] {
            let map = try TimeMap(list: text, fps: thirty)
            let product = map.duration.multiplied(by: thirty)!
            let n = Int((product.numerator + product.denominator - 1) / product.denominator)
            let plan = try #require(MotionPlan(map: map, fps: thirty, timeBase: r("1/30"), frameCount: n))
            expectSame(
                plannedRecipes(plan, timestamps: ts),
                expectedRecipes(timestamps: ts, timeBase: r("1/30"), knots: map.knots, fps: thirty, frameCount: n))
        }
    }

    @Test func aFreezeHoldsThenCrossfadesFromItsEnd() throws {
        // Frames every 1/10 s; frame 1 at 0.1 s is held from 0.1 to 0.3 s, then
        // the map runs at normal speed: frame 2 lands at 0.4 s.
        let map = try TimeMap(list: "0=0,0.1=0.1,0.1=0.3,0.3=0.5", fps: r("20"))
        var plan = try #require(MotionPlan(map: map, fps: r("20"), timeBase: r("1/10"), frameCount: 10))
        var steps: [FrameSchedule.Step] = []
        for t in Int64(0)..<4 { steps += plan.arrive(timestamp: t)! }
        steps += plan.finish()!
        #expect(
            steps == [
                .show(frames: 0..<1, picture: .frame(0)), .show(frames: 1..<2, picture: .inBetween(from: 0, to: 1, weight: r("1/2"))),
                .show(frames: 2..<7, picture: .frame(1)), .show(frames: 7..<8, picture: .inBetween(from: 1, to: 2, weight: r("1/2"))),
                .show(frames: 8..<9, picture: .frame(2)), .show(frames: 9..<10, picture: .inBetween(from: 2, to: 3, weight: r("1/2"))),
            ])
    }

    @Test func framesOutOfOrderAreLeftOut() {
        var plan = MotionPlan(scale: Retime(sourceDuration: r("1"), target: .factor(r("2")))!, fps: r("10"), timeBase: r("1/10"), frameCount: 20)!
        _ = plan.arrive(timestamp: 0)
        _ = plan.arrive(timestamp: 3)
        #expect(plan.kept == [1])
        #expect(plan.arrive(timestamp: 2)! == [])
        #expect(plan.kept == [1])
        #expect(plan.arrive(timestamp: 4)! == [.show(frames: 6..<7, picture: .frame(1)), .show(frames: 7..<8, picture: .inBetween(from: 1, to: 3, weight: r("1/2")))])
    }
}
