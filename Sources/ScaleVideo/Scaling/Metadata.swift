/// A chapter mark: where it starts and ends, in seconds, and its tags.
public struct Chapter: Sendable, Equatable {
    public let start: Rational
    public let end: Rational
    public let tags: [Tag]

    public init(start: Rational, end: Rational, tags: [Tag]) {
        self.start = start
        self.end = end
        self.tags = tags
    }

    /// The chapter on the scaled time line: both ends multiplied by `factor`
    /// after the source's start is taken off, and cut at `limit` (the
    /// output's duration); nil when nothing of it is left.
    public func retimed(from origin: Rational, by factor: Rational, limit: Rational) -> Chapter? {
        guard let from = start.subtracting(origin)?.multiplied(by: factor),
            let to = end.subtracting(origin)?.multiplied(by: factor)
        else { return nil }
        let clippedStart = max(from, .zero)
        let clippedEnd = min(to, limit)
        guard clippedStart < clippedEnd else { return nil }
        return Chapter(start: clippedStart, end: clippedEnd, tags: tags)
    }
}

/// A metadata entry, as FFmpeg names it (`title`, `language`, `creation_time`).
public struct Tag: Sendable, Equatable {
    public let key: String
    public let value: String

    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}

extension [Tag] {
    /// The container tags worth copying: all but those that describe how the
    /// input was written (its brand, its encoder, its length).
    public var carriedFromContainer: [Tag] {
        let written: Set<String> = ["major_brand", "minor_version", "compatible_brands", "encoder", "duration"]
        return filter { !written.contains($0.key.lowercased()) }
    }

    /// The stream tags worth copying: its language and its title.
    public var carriedFromStream: [Tag] {
        filter { ["language", "title"].contains($0.key.lowercased()) }
    }
}
