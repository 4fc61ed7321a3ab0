import Foundation
import ScaleVideo
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// `scale-video studio` (SPEC §15): serves the page until Ctrl-C.
public enum Studio {
    /// Serves `options.folder` until SIGINT or SIGTERM; prints the page's
    /// address, with its token, as one line on standard output; returns the
    /// exit status (130 after Ctrl-C, 143 after SIGTERM), renders under way
    /// cancelled and cleaned up.
    public static func serve(_ options: StudioOptions) async throws -> Int32 {
        let folder = try StudioFolder(options.folder)
        let outputs = try StudioFolder.made(options.outputFolder ?? folder.root + "/scaled")
        let token = Access<BasicRequestContext>.newToken()
        let hosts = HostList()
        // The renders' latest pictures and the playable copies, in a folder of the studio's own, removed when it ends.
        let own = FileManager.default.temporaryDirectory.appendingPathComponent("scale-video-studio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: own) }
        let looks = LookProcesses()
        // An engine that ends before it has read its request is told by a failed write, not a SIGPIPE that ends the server.
        signal(SIGPIPE, SIG_IGN)
        let engine = RenderProcess(program: options.engine, looks: looks)
        let renders = RenderQueue(engine: engine, outputs: outputs, pictures: own.path)
        let router = Router()
        router.add(middleware: HostAndToken(token: token, hosts: hosts))
        router.add(middleware: NotFoundMessage())
        router.add(middleware: AnnouncedSize(limit: options.uploadLimit))
        StudioRoutes(
            files: StudioFiles(folder: folder, uploadLimit: options.uploadLimit), outputs: outputs,
            engine: engine, renders: renders, copies: PlayableCopies(folder: own.path, engine: engine),
            page: try PageAssets(program: options.engine)
        ).add(to: router)
        let app = Application(
            router: router, configuration: .init(address: .hostname(options.host, port: options.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? options.port
                let names = Set([Self.shown(options.host), "localhost", "127.0.0.1"].map { "\($0.lowercased()):\(port)" })
                hosts.set(names)
                FileHandle.standardOutput.write(Data("http://\(Self.shown(options.host)):\(port)/?token=\(token)\n".utf8))
            },
            logger: Logger(label: "studio") { _ in SwiftLogNoOpLogHandler() })
        let stopped = Mutex<Int32?>(nil)
        let serving = Mutex<Task<Void, any Error>?>(nil)
        // Caught before the server starts, so no Ctrl-C is lost.
        _ = SignalPipe([SIGINT, SIGTERM]) { number in
            stopped.withLock { $0 = $0 ?? 128 + number }
            // The server waits for the requests under way: their plans and stills end first.
            looks.stopAll()
            serving.withLock { $0?.cancel() }
        }
        let task = Task { try await app.runService(gracefulShutdownSignals: []) }
        serving.withLock { $0 = task }
        if stopped.withLock({ $0 }) != nil { task.cancel() }
        let outcome = await task.result
        await renders.stop()
        if let status = stopped.withLock({ $0 }) { return status }
        try outcome.get()
        return 0
    }

    /// The host as an address shows it: an IPv6 address in brackets.
    static func shown(_ host: String) -> String { host.contains(":") ? "[\(host)]" : host }
}

/// The Host values the page is served under, known once the port is.
final class HostList: Sendable {
    private let names = Mutex<Set<String>>([])

    func set(_ names: Set<String>) { self.names.withLock { $0 = names } }
    var current: Set<String> { names.withLock { $0 } }
}

/// `Access` with the Host values of the port bound.
struct HostAndToken: RouterMiddleware {
    typealias Context = BasicRequestContext
    let token: String
    let hosts: HostList

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await Access<Context>(token: token, hosts: hosts.current).handle(request, context: context, next: next)
    }
}
