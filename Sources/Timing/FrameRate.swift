/// The output's frame rate: one given, or the source's own (SPEC §12).
public enum FrameRate: Sendable, Equatable, CustomStringConvertible {
    /// This many frames a second, exactly.
    case exactly(Rational)
    /// The rate the source video's frames come at, exactly (FrameSpacing.sourceRate).
    case source

    /// The rate a movie runs at, for a source whose frames come at
    /// `sourceRate`; nil for `.source` when that is unknown.
    public func resolved(sourceRate: Rational?) -> Rational? {
        switch self {
        case .exactly(let rate): rate
        case .source: sourceRate
        }
    }

    /// `30000/1001`, or `source`.
    public var description: String {
        switch self {
        case .exactly(let rate): rate.description
        case .source: "source"
        }
    }
}
