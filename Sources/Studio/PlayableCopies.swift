import Foundation
import Hummingbird
import ScaleVideo

/// Copies a browser plays of the files it cannot (SPEC §15's small
/// browser-playable proxy): the page asks for one when its player fails
/// on a file or shows no picture of it (HEVC, ProRes, AVI, AIFF, … in
/// Chromium). Each is made by the engine once a version of a file, at
/// 360 lines (RenderProcess.playableCopy), and kept in the studio's own folder,
/// which the server removes when it ends.
actor PlayableCopies {
    private let folder: String
    private let engine: RenderProcess
    /// The copy of each file asked for: the version it was made of, and its making.
    private var copies: [String: (version: String, making: Task<String, any Error>)] = [:]

    init(folder: String, engine: RenderProcess) {
        self.folder = folder
        self.engine = engine
    }

    /// The path of the playable copy of the file at `path`, made unless the
    /// copy of its present version is (or is being) made already; the
    /// engine's message, as a 4xx, when it cannot be. A request that goes
    /// away leaves the copy to be finished for the next.
    func copy(of path: String, folders: [String]) async throws -> String {
        let version = StudioFolder.version(of: path)?.stamp ?? ""
        if let known = copies[path], known.version == version { return try await known.making.value }
        if let stale = copies.removeValue(forKey: path) { Self.discard(stale.making) }
        let hasVideo = (try? await offThePool { try MediaFacts(path: path) })?.width != nil
        let copy = folder + "/" + UUID().uuidString + (hasVideo ? ".mp4" : ".m4a")
        let making = Task { [engine] in
            try await engine.playableCopy(of: path, at: copy, folders: folders)
            return copy
        }
        copies[path] = (version, making)
        do {
            return try await making.value
        } catch {
            if copies[path]?.version == version { copies[path] = nil }
            throw error
        }
    }

    /// Removes the copy `making` makes, once it is made.
    private static func discard(_ making: Task<String, any Error>) {
        Task { if let copy = try? await making.value { unlink(copy) } }
    }
}
