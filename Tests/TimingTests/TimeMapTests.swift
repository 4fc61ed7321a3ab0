import TestSupport
import Testing

@testable import Timing

private let thirty = Rational(30, 1)!

private func knots(_ pairs: [(String, String)]) -> [TimeMap.Knot] {
    pairs.map { TimeMap.Knot(source: r($0.0), output: r($0.1)) }
}

/// The error a map's text gives, or nil when it is valid.
private func error(_ text: String, fps: Rational = thirty) -> TimeMapError? {
    do {
        _ = try TimeMap(list: text, fps: fps)
        return nil
    } catch {
        return error
    }
}

@Suite(.tags(.unit))
struct TimeMapParsingTests {
    @Test func listTakesDecimalsAndRatiosExactly() throws {
        let map = try TimeMap(list: "0=0, 1.5=3,3/2=4 ,10=20.1", fps: thirty)
        #expect(map.knots == knots([("0", "0"), ("3/2", "3"), ("3/2", "4"), ("10", "201/10")]))
        #expect(map.duration == r("20.1"))
        #expect(map.sourceStart == .zero && map.sourceEnd == r("10"))
    }

    @Test func aSegmentOfExactlyOneFrameIsAllowed() throws {
        #expect(error("0=0,1=1/30") == nil)
        #expect(error("0=0,1=1/30,1=2/30") == nil)
    }

    /// Each bad map is refused naming its knot (position from 1, as written) and the rule.
    @Test(arguments: [
        ("0=1,2=3", "knot 1 \"0=1\"", "first knot's output time must be 0"),
        ("0=0,2=3,3=3", "knot 3 \"3=3\"", "output times must strictly increase"),
        ("0=0,2=3,3=2.5", "knot 3 \"3=2.5\"", "output times must strictly increase"),
        ("0=0,2=0.03", "knot 2 \"2=0.03\"", "lasts less than one output frame (1/30 s)"),
        ("0=0,2=1,2=1.01", "knot 3 \"2=1.01\"", "lasts less than one output frame"),
        ("-1=0,1=1", "knot 1 \"-1=0\"", "source time must not be negative"),
        ("0=0,abc", "knot 2 \"abc\"", "a knot is written s=d"),
        ("0=0,1=2=3", "knot 2 \"1=2=3\"", "a knot is written s=d"),
        ("0=0,,1=1", "knot 2 \"\"", "a knot is written s=d"),
        ("0=0,x=1", "knot 2 \"x=1\"", "source time \"x\" is not a number"),
        ("0=0,1=1e3", "knot 2 \"1=1e3\"", "output time \"1e3\" is not a number"),
    ])
    func badMapsNameTheKnotAndTheRule(text: String, knot: String, rule: String) throws {
        let refused = try #require(error(text))
        #expect(refused.description.contains(knot), "\(refused)")
        #expect(refused.description.contains(rule), "\(refused)")
        #expect(refused.isUsageError)
    }

    @Test func oneKnotIsNotAMap() throws {
        let refused = try #require(error("0=0"))
        #expect(refused == .tooFewKnots(1))
        #expect(refused.description == "a time map needs at least two knots (got 1)")
    }

    @Test func fileFormTakesBothSeparatorsCommentsAndBlankLines() throws {
        let text = """
            # a ramp
            0=0

            4 4   # normal speed
            \t6\t12\r
            6=13# freeze for a second
            10   14

            """
        let map = try TimeMap(fileText: text, fps: thirty)
        #expect(map.knots == knots([("0", "0"), ("4", "4"), ("6", "12"), ("6", "13"), ("10", "14")]))
    }

    /// SPEC §8: the file's pairs, `s=d` or `s d`, comments and blank lines
    /// left out, are the list's knots, each time as written.
    @Test func aFileReadsAsTheListOfItsKnots() throws {
        let text = "# a ramp\n0=0\n\n4 4   # normal speed\n\t6\t12\r\n6 = 13# freeze\n1/3  7/2\n"
        #expect(try TimeMap.listText(fileText: text) == "0=0,4=4,6=12,6=13,1/3=7/2")
        #expect(throws: TimeMapError.self) { try TimeMap.listText(fileText: "0 0\n1 2 3\n") }
    }

    @Test func fileErrorsNameTheKnotAndItsLine() throws {
        do {
            _ = try TimeMap(fileText: "# head\n0 0\n\n4 4\n3 4\n", fps: thirty)
            Issue.record("accepted an output time that does not increase")
        } catch {
            #expect(error.description == "time map knot 3 \"3 4\" (line 5): output times must strictly increase")
        }
        do {
            _ = try TimeMap(fileText: "0 0\n1 2 3\n", fps: thirty)
            Issue.record("accepted three numbers")
        } catch {
            #expect(error.description.contains("knot 2 \"1 2 3\" (line 2): a knot is written s=d or s d"))
        }
    }

    @Test func aKnotPastTheSourceEndFailsThatInput() throws {
        let map = try TimeMap(list: "0=0,5=5,10.5=6", fps: thirty)
        #expect(throws: Never.self) { try map.check(sourceDuration: r("10.5")) }
        do {
            try map.check(sourceDuration: r("10"))
            Issue.record("accepted a knot past the end")
        } catch {
            #expect(!error.isUsageError)
            #expect(error.description.contains("knot 3 \"10.5=6\""))
            #expect(error.description.contains("past the source's end"))
        }
    }
}

@Suite(.tags(.unit))
struct SpeedListTests {
    @Test func speedsBecomeTheKnotsTheyMean() throws {
        // From 4 s four times slower, from 6 s twice as fast, to S = 10:
        // d = 0, 4, 4 + 2/0.25 = 12, 12 + 4/2 = 14.
        let map = try SpeedList(parsing: "0:1,4:0.25,6:2").timeMap(sourceDuration: r("10"), fps: thirty)
        #expect(map.knots == knots([("0", "0"), ("4", "4"), ("6", "12"), ("10", "14")]))
    }

    @Test func ratiosStayExact() throws {
        // 0..3 at 3/7: 7 s; 3..S = 29.97 at 1: 26.97 s more.
        let map = try SpeedList(parsing: "0:3/7, 3:1").timeMap(sourceDuration: r("29.97"), fps: thirty)
        #expect(map.knots == knots([("0", "0"), ("3", "7"), ("29.97", "33.97")]))
        let one = try SpeedList(parsing: "0:1").timeMap(sourceDuration: r("10/3"), fps: thirty)
        #expect(one.knots == knots([("0", "0"), ("10/3", "10/3")]))
    }

    @Test(arguments: [
        ("1:1", "speed 1 \"1:1\"", "the first FROM must be 0"),
        ("0:0", "speed 1 \"0:0\"", "SPEED must be above 0"),
        ("0:-2", "speed 1 \"0:-2\"", "SPEED must be above 0"),
        ("0:1,4:2,3:1", "speed 3 \"3:1\"", "each FROM must be later"),
        ("0:1,4:2,4:1", "speed 3 \"4:1\"", "each FROM must be later"),
        ("0:1,x:2", "speed 2 \"x:2\"", "FROM \"x\" is not a number"),
        ("0:1,2", "speed 2 \"2\"", "a speed is written FROM:SPEED"),
    ])
    func badSpeedsNameTheChangeAndTheRule(text: String, knot: String, rule: String) {
        do {
            _ = try SpeedList(parsing: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.contains(knot), "\(error)")
            #expect(error.description.contains(rule), "\(error)")
            #expect(error.isUsageError)
        }
    }

    @Test func aChangeAtOrPastTheEndFailsThatInput() throws {
        let speeds = try SpeedList(parsing: "0:1,10:2")
        for duration in ["10", "9"] {
            do {
                _ = try speeds.timeMap(sourceDuration: r(duration), fps: thirty)
                Issue.record("accepted a change at \(duration)")
            } catch {
                #expect(!error.isUsageError)
                #expect(error.description.contains("speed 2 \"10:2\""))
            }
        }
    }
}

@Suite(.tags(.unit))
struct OutputTimeTests {
    /// Normal to 4 s, a freeze from 4 to 6, a quarter speed to 6 s, twice as fast to 10 s.
    let map = try! TimeMap(list: "0=0,4=4,4=6,6=14,10=16", fps: Rational(30, 1)!)

    @Test func atAndAroundKnotsAndFreezes() {
        #expect(map.outputTime(at: r("0")) == r("0"))
        #expect(map.outputTime(at: r("2")) == r("2"))
        #expect(map.outputTime(at: r("3.999")) == r("3.999"))
        // Exactly at the freeze: its first d; just after: past its last d.
        #expect(map.outputTime(at: r("4")) == r("4"))
        #expect(map.outputTime(at: r("4.001")) == r("6.004"))
        #expect(map.outputTime(at: r("5")) == r("10"))
        #expect(map.outputTime(at: r("6")) == r("14"))
        #expect(map.outputTime(at: r("6.001")) == r("14.0005"))
        #expect(map.outputTime(at: r("8")) == r("15"))
        #expect(map.outputTime(at: r("10")) == r("16"))
    }

    @Test func outsideTheKnotsIsLeftOut() throws {
        #expect(map.outputTime(at: r("10.001")) == nil)
        #expect(map.outputTime(at: r("-0.001")) == nil)
        let cut = try TimeMap(list: "2=0,5=3/2", fps: Rational(30, 1)!)
        #expect(cut.outputTime(at: r("1.999")) == nil)
        #expect(cut.outputTime(at: r("2")) == .zero)
        #expect(cut.outputTime(at: r("3")) == r("1/2"))
        #expect(cut.outputTime(at: r("5.001")) == nil)
    }

    @Test func agreesWithTheReferenceOnAFineGrid() throws {
        let freezeFirst = try TimeMap(list: "1=0,1=1/2,2=1,2=3,7/3=4,9=5", fps: Rational(30, 1)!)
        for tested in [map, freezeFirst] {
            for step in 0...1100 {
                let t = Rational(Int64(step), 100)!
                #expect(tested.outputTime(at: t) == referenceOutputTime(tested.knots, at: t), "t = \(t)")
            }
        }
    }
}
