import Foundation

/// Waits for what a running program brings about, such as a file it
/// writes, instead of for a fixed time: a loaded machine then only makes a
/// test slower, never wrong.
enum Wait {
    /// Polls `condition` until it holds (true) or `limit` seconds pass (false).
    @discardableResult
    static func until(seconds limit: TimeInterval = 60, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        while try !condition() {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }

    /// Waits until the temporary file of the output `name` (`.NAME.partial-*`)
    /// is in `folder` and holds bytes: that conversion is writing.
    @discardableResult
    static func untilWriting(_ name: String, in folder: URL, seconds limit: TimeInterval = 60) -> Bool {
        let prefix = "." + (name as NSString).deletingPathExtension + ".partial-"
        return until(seconds: limit) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.contains { found in
                guard found.hasPrefix(prefix) else { return false }
                let size = (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(found).path)[.size]) as? Int
                return (size ?? 0) > 0
            }
        }
    }
}
