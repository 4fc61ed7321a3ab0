import Foundation
import Hummingbird

/// A folder the studio reads from or writes to, and nothing outside it
/// (SPEC §15): a name is one plain file name in the folder itself (no `/`,
/// no `..`, no hidden file, no absolute path), and the file it names must
/// lie inside the folder once every symbolic link is followed.
struct StudioFolder: Sendable {
    /// The folder's real path, every link followed.
    let root: String

    init(_ path: String) throws {
        guard let real = Self.realPath(path) else { throw StudioFolderError.missing(path) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isFolder), isFolder.boolValue else {
            throw StudioFolderError.notAFolder(path)
        }
        root = real
    }

    /// Makes the folder first when it is missing.
    static func made(_ path: String) throws -> StudioFolder {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return try StudioFolder(path)
    }

    /// The size of the file at `path`, and its version (its size and time
    /// of change, which a new version of the file changes); nil when it
    /// cannot be read.
    static func version(of path: String) -> (bytes: Int, stamp: String)? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        let bytes = (attributes[.size] as? Int) ?? 0
        return (bytes, "\(bytes) \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)")
    }

    /// Whether `name` is one a file of the folder may have.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\0")
            && !name.contains("\\") && name.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
    }

    /// The path of an existing regular file named `name`, inside the folder.
    func file(_ name: String) throws -> String {
        guard Self.isPlainName(name) else { throw HTTPError(.badRequest, message: "\"\(name)\" is not a file name of the folder") }
        let path = root + "/" + name
        guard let real = Self.realPath(path), real.hasPrefix(root + "/") else {
            throw HTTPError(.notFound, message: "\(name): no such file in the folder")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isFolder), !isFolder.boolValue else {
            throw HTTPError(.notFound, message: "\(name): no such file in the folder")
        }
        return real
    }

    /// The plain names of the folder's regular files that stay inside it, sorted.
    func names() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return names.filter { Self.isPlainName($0) && (try? file($0)) != nil }.sorted()
    }

    /// The path with every symbolic link followed; nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// Why a folder given to the studio cannot be served.
enum StudioFolderError: Error, CustomStringConvertible {
    case missing(String)
    case notAFolder(String)

    var description: String {
        switch self {
        case .missing(let path): "\(path): not found"
        case .notAFolder(let path): "\(path): is not a folder"
        }
    }
}
