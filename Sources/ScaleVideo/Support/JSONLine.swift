import FoundationEssentials

/// One JSON object on one line, its keys in the order they were added:
/// what `--json` prints. Values are encoded by `JSONEncoder`; only the
/// order is ours.
public struct JSONLine: Sendable {
    private var fields: [String] = []

    /// An object with no keys yet.
    public init() {}

    /// Adds `key` with `value`, encoded (`null` where it cannot be).
    public mutating func add(_ key: String, _ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let data = (try? encoder.encode(value)) ?? Data("null".utf8)
        fields.append("\"\(key)\":" + String(decoding: data, as: UTF8.self))
    }

    /// Adds `key` with an object.
    public mutating func add(_ key: String, _ object: JSONLine) {
        fields.append("\"\(key)\":" + object.text)
    }

    /// Adds `key` with an array of objects.
    public mutating func add(_ key: String, _ objects: [JSONLine]) {
        fields.append("\"\(key)\":[" + objects.map(\.text).joined(separator: ",") + "]")
    }

    /// Adds every key of `other`, after these.
    public mutating func add(contentsOf other: JSONLine) { fields += other.fields }

    /// The object as one line of JSON.
    public var text: String { "{" + fields.joined(separator: ",") + "}" }
}
