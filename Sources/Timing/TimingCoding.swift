/// The timing values of a job in JSON (a ScaleRequest's), each written as
/// the command line writes it: a time `"7.3"` or `"30000/1001"`, a rate
/// `"30"` or `"source"`, a map `"0=0,4=4,4=5,6=13"`, speeds
/// `"0:1,4:0.25"`, and a target as one of `{"duration": …}`,
/// `{"factor": …}`, `{"timeMap": …}` or `{"speeds": …}`. Read back, each is
/// checked as the command line checks it.
extension Rational: Codable {
    /// A string as `--factor` takes it, or a whole number.
    public init(from decoder: Swift.Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let whole = try? container.decode(Int64.self) {
            self.init(whole, 1)!
            return
        }
        let text = try container.decode(String.self)
        guard let value = Rational(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a number such as 7.3 or 30000/1001")
        }
        self = value
    }

    public func encode(to encoder: Swift.Encoder) throws { try encoder.encode(text: description) }
}

extension FrameRate: Codable {
    public init(from decoder: Swift.Decoder) throws {
        let container = try decoder.singleValueContainer()
        if (try? container.decode(String.self)) == "source" {
            self = .source
            return
        }
        self = .exactly(try container.decode(Rational.self))
    }

    public func encode(to encoder: Swift.Encoder) throws { try encoder.encode(text: description) }
}

extension TimeMap: Codable {
    /// Its knots as `--time-map` takes them, checked as `--fps source` checks them
    /// (a segment of at least 1 ms); the job checks them again at its rate.
    public init(from decoder: Swift.Decoder) throws {
        self = try decoder.text { text throws(TimeMapError) in try TimeMap(list: text, fps: Rational(1000, 1)!) }
    }

    public func encode(to encoder: Swift.Encoder) throws { try encoder.encode(text: description) }
}

extension SpeedList: Codable {
    /// Its changes as `--speed` takes them.
    public init(from decoder: Swift.Decoder) throws {
        self = try decoder.text { text throws(TimeMapError) in try SpeedList(parsing: text) }
    }

    public func encode(to encoder: Swift.Encoder) throws {
        try encoder.encode(text: changes.map { "\($0.from):\($0.speed)" }.joined(separator: ","))
    }
}

extension Retime.Target: Codable {
    private enum Key: String, CodingKey, CaseIterable {
        case duration, factor, timeMap, speeds
    }

    /// Exactly one of `duration`, `factor`, `timeMap` and `speeds`.
    public init(from decoder: Swift.Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            let names = Key.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "give one of \(names)"))
        }
        switch key {
        case .duration: self = .duration(try container.decode(Rational.self, forKey: key))
        case .factor: self = .factor(try container.decode(Rational.self, forKey: key))
        case .timeMap: self = .timeMap(try container.decode(TimeMap.self, forKey: key))
        case .speeds: self = .speeds(try container.decode(SpeedList.self, forKey: key))
        }
    }

    public func encode(to encoder: Swift.Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .duration(let seconds): try container.encode(seconds, forKey: .duration)
        case .factor(let factor): try container.encode(factor, forKey: .factor)
        case .timeMap(let map): try container.encode(map, forKey: .timeMap)
        case .speeds(let speeds): try container.encode(speeds, forKey: .speeds)
        }
    }
}

extension Curve: Codable {}

extension Swift.Decoder {
    /// A value written as text, read by `parse` (a map's or the speeds'
    /// reader); what it refuses is refused in its words.
    fileprivate func text<Value>(_ parse: (String) throws(TimeMapError) -> Value) throws -> Value {
        let container = try singleValueContainer()
        let text = try container.decode(String.self)
        do throws(TimeMapError) {
            return try parse(text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }
}

extension Swift.Encoder {
    /// A value written as `text`, as its option takes it.
    fileprivate func encode(text: String) throws {
        var container = singleValueContainer()
        try container.encode(text)
    }
}
