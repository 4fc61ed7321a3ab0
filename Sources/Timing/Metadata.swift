/// A chapter mark: where it starts and ends, in seconds, and its tags.
public struct Chapter: Sendable, Equatable {
    /// Seconds on the file's clock (a read chapter) or the output's time line (a retimed one).
    public let start: Rational
    /// Seconds, on the same clock as `start` and after it.
    public let end: Rational
    /// The chapter's tags, such as its `title`.
    public let tags: [Tag]

    /// A chapter from `start` to `end` seconds.
    public init(start: Rational, end: Rational, tags: [Tag]) {
        self.start = start
        self.end = end
        self.tags = tags
    }

    /// The chapter on the output's time line of `map` (SPEC §8): its part
    /// of the source, after `origin` is taken off and cut to the map's
    /// first and last `s`, carried through g; a chapter that reaches the
    /// map's last `s` lasts to D, so a freeze there is in it. nil when the
    /// map leaves its part of the source out.
    public func retimed(from origin: Rational, along map: TimeMap) -> Chapter? {
        guard let from = start.subtracting(origin), let to = end.subtracting(origin) else { return nil }
        let first = min(max(from, map.sourceStart), map.sourceEnd)
        let last = min(max(to, map.sourceStart), map.sourceEnd)
        // A map that is only a freeze keeps the chapter its picture is in.
        let holdsFreeze = from <= map.sourceStart && map.sourceEnd < to
        guard first < last || holdsFreeze, let retimedStart = map.outputTime(at: first),
            let retimedEnd = last == map.sourceEnd ? map.duration : map.outputTime(at: last),
            retimedStart < retimedEnd
        else { return nil }
        return Chapter(start: retimedStart, end: retimedEnd, tags: tags)
    }

    /// The chapter along a map that plays backwards (SPEC §13): a chapter
    /// for each stretch of output during which its part of the source, after
    /// `origin` is taken off, is on screen (TimeMap.outputSpans).
    public func pieces(from origin: Rational, along map: TimeMap) -> [Chapter] {
        guard let from = start.subtracting(origin), let to = end.subtracting(origin) else { return [] }
        return map.outputSpans(from: from, to: to).map { Chapter(start: $0.start, end: $0.end, tags: tags) }
    }

    /// The chapter's title, if it has one.
    public var title: String? { tags.first { $0.key.lowercased() == "title" }?.value }
}

/// A metadata entry, as FFmpeg names it (`title`, `language`, `creation_time`).
public struct Tag: Sendable, Equatable {
    /// The entry's name, as written in the file.
    public let key: String
    /// The entry's text.
    public let value: String

    /// The entry `key` = `value`.
    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}

extension [Tag] {
    /// The container tags worth copying: all but those that describe how the
    /// input was written (its brand, its encoder, its length).
    public var carriedFromContainer: [Tag] {
        // The timecode is carried counted at the output's frame rate (JobPlan).
        let written: Set<String> = ["major_brand", "minor_version", "compatible_brands", "encoder", "duration", "timecode"]
        return filter { !written.contains($0.key.lowercased()) }
    }

    /// The stream tags worth copying: its language and its title.
    public var carriedFromStream: [Tag] {
        filter { ["language", "title"].contains($0.key.lowercased()) }
    }
}
