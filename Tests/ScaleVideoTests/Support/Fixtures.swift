import Foundation

/// Source files made by ffmpeg once per test process: each distinct set of
/// arguments (and output extension) is run the first time a test asks for
/// it, then every test gets its own copy, so a test may change, move or
/// delete its file without touching another's. Safe under parallel tests:
/// one lock guards the table, and one lock per entry makes it once while
/// others asking for the same file wait. The files live in a folder of this
/// process's own, removed when the process exits.
enum Fixtures {
    /// ffmpeg's arguments without the output, then `file`'s extension
    /// (which picks the container): run once, copied to `file`.
    @discardableResult
    static func make(_ file: URL, ffmpeg arguments: [String]) throws -> URL {
        let made = try cache.entry(arguments + [file.pathExtension]).file { made in
            try Tool.ffmpeg(arguments + [made.path])
        }
        try copy(made, to: file)
        return file
    }

    /// Like ffmpeg's `-y`: whatever is at `file` is replaced; the copy is
    /// dated now, as a file just written would be.
    private static func copy(_ made: URL, to file: URL) throws {
        let manager = FileManager.default
        if manager.fileExists(atPath: file.path) { try manager.removeItem(at: file) }
        try manager.copyItem(at: made, to: file)
        try manager.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
    }

    private static let cache = Cache()

    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [[String]: Entry] = [:]
        let folder: URL

        init() {
            folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("scale-video-fixtures-\(getpid())-\(UUID().uuidString)")
            atexit { try? FileManager.default.removeItem(at: Fixtures.cache.folder) }
        }

        func entry(_ key: [String]) -> Entry {
            lock.lock()
            defer { lock.unlock() }
            if let entry = entries[key] { return entry }
            let name = "\(entries.count).\(key[key.count - 1])"
            let entry = Entry(folder.appendingPathComponent(name))
            entries[key] = entry
            return entry
        }
    }

    /// One cached file: made by the first caller, under its lock.
    private final class Entry: @unchecked Sendable {
        private let lock = NSLock()
        private let url: URL
        private var made = false

        init(_ url: URL) { self.url = url }

        func file(_ make: (URL) throws -> Void) throws -> URL {
            lock.lock()
            defer { lock.unlock() }
            if made { return url }
            let manager = FileManager.default
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            // Written under a name of its own, so a failed run leaves nothing under the entry's.
            let partial = url.deletingLastPathComponent().appendingPathComponent("partial-" + url.lastPathComponent)
            try make(partial)
            try manager.moveItem(at: partial, to: url)
            made = true
            return url
        }
    }
}
