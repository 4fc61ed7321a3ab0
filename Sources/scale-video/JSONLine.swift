import FoundationEssentials

/// One JSON object on one line, its keys in the order they were added.
/// Values are encoded by `JSONEncoder`; only the order is ours.
struct JSONLine {
    private var fields: [String] = []

    mutating func add(_ key: String, _ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let data = (try? encoder.encode(value)) ?? Data("null".utf8)
        fields.append("\"\(key)\":" + String(decoding: data, as: UTF8.self))
    }

    mutating func add(_ key: String, _ object: JSONLine) {
        fields.append("\"\(key)\":" + object.text)
    }

    mutating func add(_ key: String, _ objects: [JSONLine]) {
        fields.append("\"\(key)\":[" + objects.map(\.text).joined(separator: ",") + "]")
    }

    var text: String { "{" + fields.joined(separator: ",") + "}" }
}
