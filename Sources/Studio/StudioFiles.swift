import Foundation
import Hummingbird
import ScaleVideo

/// The media folder as the page sees it: its files with their facts (read
/// once a version of a file), and uploads put in place whole.
actor StudioFiles {
    let folder: StudioFolder
    private let uploadLimit: Int
    private static let storageFull = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
    private var known: [String: (stamp: String, facts: MediaFacts?)] = [:]

    init(folder: StudioFolder, uploadLimit: Int) {
        self.folder = folder
        self.uploadLimit = uploadLimit
    }

    /// A file of the list: its name, size and facts.
    struct Listed: Codable, Sendable {
        let name: String
        let bytes: Int
        let facts: MediaFacts
    }

    /// The folder's media files: those that can be read and hold video or
    /// sound, not a still picture; each read (off the tasks' pool) once a
    /// version.
    func list() async -> [Listed] {
        var listed: [Listed] = []
        for name in folder.names() {
            guard let path = try? folder.file(name), let (bytes, stamp) = StudioFolder.version(of: path) else { continue }
            if known[name]?.stamp != stamp { known[name] = (stamp, try? await offThePool { try MediaFacts(path: path) }) }
            if let facts = known[name]?.facts, !facts.isStillPicture { listed.append(Listed(name: name, bytes: bytes, facts: facts)) }
        }
        return listed
    }

    /// Takes an upload named `name`: written under a hidden temporary name,
    /// kept only if it is media, and put in place only if no file has that name.
    func upload(_ name: String, body: RequestBody) async throws -> Listed {
        guard StudioFolder.isPlainName(name), name.utf8.count <= 200 else {
            throw HTTPError(.badRequest, message: "\"\(name)\" cannot be a file name here")
        }
        let target = folder.root + "/" + name
        guard !FileManager.default.fileExists(atPath: target) else { throw HTTPError(.conflict, message: "\(name) is already in the folder") }
        let temporary = folder.root + "/.upload-\(UUID().uuidString).tmp"
        defer { unlink(temporary) }
        try await write(body, to: temporary, name: name)
        do {
            _ = try await offThePool { try MediaFacts(path: temporary) }
        } catch {
            throw HTTPError(.unprocessableContent, message: "\(name): \(error)")
        }
        guard link(temporary, target) == 0 else {
            let reason = errno == EEXIST ? "is already in the folder" : "cannot be put in the folder: \(String(cString: strerror(errno)))"
            throw HTTPError(errno == EEXIST ? .conflict : Self.storageFull, message: "\(name) \(reason)")
        }
        guard let listed = await list().first(where: { $0.name == name }) else {
            unlink(target)
            throw HTTPError(.unprocessableContent, message: "\(name) cannot be read")
        }
        return listed
    }

    private func write(_ body: RequestBody, to path: String, name: String) async throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw HTTPError(Self.storageFull, message: "cannot write \(name) into the folder")
        }
        defer { try? handle.close() }
        var written = 0
        for try await buffer in body {
            written += buffer.readableBytes
            guard written <= uploadLimit else {
                throw HTTPError(.contentTooLarge, message: "\(name) is larger than the \(uploadLimit >> 20) MiB an upload may be")
            }
            do {
                try handle.write(contentsOf: Data(buffer.readableBytesView))
            } catch {
                throw HTTPError(Self.storageFull, message: "cannot write \(name) into the folder: \(error)")
            }
        }
    }
}
