/// An exact fraction with a positive denominator, kept in lowest terms.
///
/// Frame rates (`30000/1001`), time bases and decimal options (`7.3`) are all
/// rationals, so that frame times can be compared without rounding.
public struct Rational: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The numerator, carrying the sign.
    public let numerator: Int64
    /// The denominator, always positive.
    public let denominator: Int64

    /// `nil` when the denominator is zero or the reduced value does not fit.
    public init?(_ numerator: Int64, _ denominator: Int64) {
        self.init(wide: Int128(numerator), Int128(denominator))
    }

    package init?(wide numerator: Int128, _ denominator: Int128) {
        guard denominator != 0 else { return nil }
        let sign: Int128 = denominator < 0 ? -1 : 1
        let divisor = Self.gcd(numerator.magnitude, denominator.magnitude)
        let n = sign * numerator / Int128(divisor)
        let d = sign * denominator / Int128(divisor)
        guard let n64 = Int64(exactly: n), let d64 = Int64(exactly: d) else { return nil }
        self.numerator = n64
        self.denominator = d64
    }

    /// Parses `30`, `29.97` or `30000/1001`. Decimals are taken exactly
    /// (`29.97` is 2997/100); exponents, `nan` and `inf` are not numbers here.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            guard let value = Self.decimal(parts[0]) else { return nil }
            self = value
        case 2:
            guard let n = Int64(parts[0]), let d = Int64(parts[1]), let value = Rational(n, d) else {
                return nil
            }
            self = value
        default:
            return nil
        }
    }

    /// Reads an `HH:MM:SS.fraction` clock time, as Matroska's DURATION tag holds.
    public init?(clockTime text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hours = Int64(parts[0]), let minutes = Int64(parts[1]), hours >= 0,
            (0..<60).contains(minutes), let seconds = Rational(parsing: String(parts[2])), seconds.numerator >= 0,
            let total = Rational(hours * 3600 + minutes * 60, 1)?.adding(seconds)
        else { return nil }
        self = total
    }

    /// 0/1.
    public static let zero = Rational(0, 1)!

    /// `ticks` of this time base, in seconds; nil when that does not fit.
    public func seconds(ofTicks ticks: Int64) -> Rational? {
        Rational(ticks, 1)?.multiplied(by: self)
    }

    /// The quotient in floating point: each term converted to `Double`, then divided.
    public var doubleValue: Double { Double(numerator) / Double(denominator) }

    /// Above zero.
    public var isPositive: Bool { numerator > 0 }

    /// `n/d`, or `n` for a whole number.
    public var description: String {
        denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }

    /// The product, or `nil` when it does not fit in 64-bit terms.
    public func multiplied(by other: Rational) -> Rational? {
        Rational(
            wide: Int128(numerator) * Int128(other.numerator),
            Int128(denominator) * Int128(other.denominator))
    }

    /// The quotient, or `nil` when `other` is zero or it does not fit in 64-bit terms.
    public func divided(by other: Rational) -> Rational? {
        Rational(
            wide: Int128(numerator) * Int128(other.denominator),
            Int128(denominator) * Int128(other.numerator))
    }

    /// The sum, or `nil` when it does not fit in 64-bit terms.
    public func adding(_ other: Rational) -> Rational? {
        Rational(
            wide: Int128(numerator) * Int128(other.denominator) + Int128(other.numerator) * Int128(denominator),
            Int128(denominator) * Int128(other.denominator))
    }

    /// The difference, or `nil` when it does not fit in 64-bit terms.
    public func subtracting(_ other: Rational) -> Rational? {
        Rational(
            wide: Int128(numerator) * Int128(other.denominator) - Int128(other.numerator) * Int128(denominator),
            Int128(denominator) * Int128(other.denominator))
    }

    /// 1 / self, or `nil` for zero.
    public var reciprocal: Rational? { Rational(denominator, numerator) }

    /// Compares exactly, in 128-bit products.
    public static func < (lhs: Rational, rhs: Rational) -> Bool {
        Int128(lhs.numerator) * Int128(rhs.denominator) < Int128(rhs.numerator) * Int128(lhs.denominator)
    }

    /// The value in units of `1 / perSecond`, rounded to the nearest (halves away from zero).
    public func ticks(per perSecond: Int64) -> Int64 {
        let scaled = Int128(numerator) * Int128(perSecond) * 2
        let d = Int128(denominator) * 2
        let half = Int128(denominator)
        let rounded = scaled >= 0 ? (scaled + half) / d : -((-scaled + half) / d)
        return Int64(clamping: rounded)
    }

    /// Taking `self` as a unit of time (a time base): the whole units at or
    /// before `time`; nil when that does not fit in 64 bits.
    public func ticks(at time: Rational) -> Int64? {
        guard let ticks = time.divided(by: self) else { return nil }
        return ticks.numerator / ticks.denominator - (ticks.numerator % ticks.denominator < 0 ? 1 : 0)
    }

    /// The smallest integer not below `self · factor − offset`, computed exactly.
    public func ceilOfProduct(with factor: Int64, minus offset: Rational = .zero) -> Int128 {
        let value =
            Int128(numerator) * Int128(factor) * Int128(offset.denominator)
            - Int128(offset.numerator) * Int128(denominator)
        let d = Int128(denominator) * Int128(offset.denominator)
        let quotient = value / d
        return value % d > 0 ? quotient + 1 : quotient
    }

    private static func decimal(_ text: Substring) -> Rational? {
        var digits = text
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        let pieces = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count <= 2, pieces.contains(where: { !$0.isEmpty }),
            pieces.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        let whole = pieces[0]
        let fraction = pieces.count == 2 ? pieces[1] : ""
        guard whole.count + fraction.count <= 18 else { return nil }
        guard let n = Int64(whole + fraction) else { return nil }
        var d: Int64 = 1
        for _ in 0..<fraction.count { d *= 10 }
        return Rational(negative ? -n : n, d)
    }

    private static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x == 0 ? 1 : x
    }
}
