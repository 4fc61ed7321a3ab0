import Foundation

/// Lines of JSON objects, as `--json` prints them on standard output; fails
/// on any line that is not one.
struct JSONResults {
    let objects: [[String: Any]]

    init(_ data: Data) throws {
        objects = try data.split(separator: UInt8(ascii: "\n")).map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
                throw ToolError("not a JSON object: \(String(decoding: line, as: UTF8.self))")
            }
            return object
        }
    }

    init(_ text: String) throws { try self.init(Data(text.utf8)) }
}
