import Foundation

/// The project's own files, found from this source file's place in it.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func file(_ path: String) -> URL { root.appendingPathComponent(path) }
}
