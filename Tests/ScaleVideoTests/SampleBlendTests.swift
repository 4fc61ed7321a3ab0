import TestSupport
import Testing

@testable import ScaleVideo

private func crossfade(_ a: [UInt8], _ b: [UInt8], _ weight: String) -> [UInt8] {
    let fade = Crossfade(weight: r(weight), largest: 255)!
    var out = [UInt8](repeating: 0, count: a.count)
    a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in out.withUnsafeMutableBufferPointer { fade.apply(a, b, into: $0) } }
    }
    return out
}

private func crossfade16(_ a: [UInt16], _ b: [UInt16], _ weight: String) -> [UInt16] {
    let fade = Crossfade(weight: r(weight), largest: 1023)!
    var out = [UInt16](repeating: 0, count: a.count)
    a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in out.withUnsafeMutableBufferPointer { fade.apply(a, b, into: $0) } }
    }
    return out
}

private func mean<T: FixedWidthInteger>(_ rows: [[T]], largest: Int) -> [T] {
    let mean = SampleMean(count: rows.count, largest: largest)!
    var sum = [UInt32](repeating: 0, count: rows[0].count)
    var out = [T](repeating: 0, count: rows[0].count)
    sum.withUnsafeMutableBufferPointer { sum in
        if let rows = rows as? [[UInt8]] {
            rows[0].withUnsafeBufferPointer { a in rows[1].withUnsafeBufferPointer { SampleMean.start(a, $0, into: sum) } }
            for row in rows.dropFirst(2) { row.withUnsafeBufferPointer { SampleMean.add($0, into: sum) } }
        } else if let rows = rows as? [[UInt16]] {
            rows[0].withUnsafeBufferPointer { a in rows[1].withUnsafeBufferPointer { SampleMean.start(a, $0, into: sum) } }
            for row in rows.dropFirst(2) { row.withUnsafeBufferPointer { SampleMean.add($0, into: sum) } }
        }
    }
    sum.withUnsafeBufferPointer { sum in
        out.withUnsafeMutableBufferPointer { out in
            if let out = out as? UnsafeMutableBufferPointer<UInt8> {
                mean.apply(sum, into: out)
            } else if let out = out as? UnsafeMutableBufferPointer<UInt16> {
                mean.apply(sum, into: out)
            }
        }
    }
    return out
}

/// floor(x + 1/2) for x = n / d, d > 0.
private func roundedTiesUp(_ n: Int128, _ d: Int128) -> Int128 {
    let top = 2 * n + d
    let q = top / (2 * d)
    return top % (2 * d) < 0 ? q - 1 : q
}

@Suite(.tags(.unit))
struct SampleBlendTests {
    @Test func crossfadesRoundToNearestTiesUp() {
        #expect(crossfade([0, 1, 10, 255, 3], [1, 0, 13, 0, 3], "1/2") == [1, 1, 12, 128, 3])
        #expect(crossfade([0, 0, 3, 255], [1, 2, 0, 0], "1/3") == [0, 1, 2, 170])
        // w = 1/6: 0 → 3 is 0.5, 3 → 0 is 2.5, 6 → 3 is 5.5.
        #expect(crossfade([0, 3, 6], [3, 0, 3], "1/6") == [1, 3, 6])
        #expect(crossfade([7, 200], [9, 100], "0") == [7, 200])
        #expect(crossfade([7, 200], [9, 100], "1") == [9, 100])
        #expect(crossfade16([1023, 0, 1000, 64], [0, 2, 1002, 940], "1/4") == [767, 1, 1001, 283])
    }

    @Test func crossfadesEveryPairOfSamplesExactly() {
        let all = (0..<65536).map { (UInt8($0 & 255), UInt8($0 >> 8)) }
        let a = all.map(\.0)
        let b = all.map(\.1)
        for weight in ["1/2", "2/5", "1/6", "7/30", "1001/3000", "123456789/987654321"] {
            let w = r(weight)
            let got = crossfade(a, b, weight)
            let n = Int128(w.numerator)
            let d = Int128(w.denominator)
            let expected = all.map { UInt8(roundedTiesUp(Int128($0.0) * (d - n) + Int128($0.1) * n, d)) }
            let k = got.indices.first(where: { got[$0] != expected[$0] })
            #expect(k == nil, "weight \(weight) at \(k.map { all[$0] }.debugDescription)")
        }
    }

    @Test func crossfadesTenBitSamplesExactly() {
        let all = (0..<1024).flatMap { a in stride(from: 0, to: 1024, by: 7).map { (UInt16(a), UInt16($0)) } }
        for weight in ["1/2", "5/31", "7/32", "1/33", "1001/3000"] {
            let w = r(weight)
            let got = crossfade16(all.map(\.0), all.map(\.1), weight)
            let n = Int128(w.numerator)
            let d = Int128(w.denominator)
            let expected = all.map { UInt16(roundedTiesUp(Int128($0.0) * (d - n) + Int128($0.1) * n, d)) }
            let k = got.indices.first(where: { got[$0] != expected[$0] })
            #expect(k == nil, "weight \(weight) at \(k.map { all[$0] }.debugDescription)")
        }
    }

    @Test func meansRoundToNearestTiesUp() {
        #expect(mean([[1, 2], [2, 2]] as [[UInt8]], largest: 255) == [2, 2])
        #expect(mean([[0, 1, 255], [0, 1, 255], [1, 0, 0]] as [[UInt8]], largest: 255) == [0, 1, 170])
        #expect(mean([[1], [1], [0], [0]] as [[UInt8]], largest: 255) == [1])
        #expect(mean([[1023, 0], [1023, 0], [1023, 3], [1022, 0]] as [[UInt16]], largest: 65535) == [1023, 1])
    }

    @Test func meansOfManyRowsAreExact() {
        var random = SeededRandom(seed: 9)
        for count in [2, 3, 7, 10, 255, 1000] {
            let rows = (0..<count).map { _ in random.bytes(512) }
            let got = mean(rows, largest: 255)
            let expected = (0..<512).map { i in UInt8(roundedTiesUp(rows.reduce(0) { $0 + Int128($1[i]) }, Int128(count))) }
            #expect(got == expected, "\(count) rows")
        }
    }

    @Test func meansOfManyTenBitRowsAreExact() {
        var random = SeededRandom(seed: 10)
        for count in [2, 3, 7, 1000] {
            let rows = (0..<count).map { _ in (0..<515).map { _ in UInt16.random(in: 0...1023, using: &random) } }
            let got = mean(rows, largest: 65535)
            let expected = (0..<515).map { i in UInt16(roundedTiesUp(rows.reduce(0) { $0 + Int128($1[i]) }, Int128(count))) }
            #expect(got == expected, "\(count) rows")
        }
    }

    @Test func aMeanTooLargeToSumIsRefused() {
        #expect(SampleMean(count: 16_843_010, largest: 255) == nil)
        #expect(SampleMean(count: 65_538, largest: 65535) == nil)
        #expect(SampleMean(count: 30_000, largest: 65535) != nil)
    }
}
