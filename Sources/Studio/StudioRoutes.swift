import Foundation
import Hummingbird
import ScaleVideo

/// The page's HTTP API (docs/studio.md), every route behind `Access`.
struct StudioRoutes: Sendable {
    let files: StudioFiles
    let outputs: StudioFolder
    let engine: RenderProcess
    let renders: RenderQueue
    let copies: PlayableCopies
    let page: PageAssets

    func add(to router: Router<BasicRequestContext>) {
        router.get("/") { _, _ in try page.response("index.html") }
        router.get("/page/:asset") { _, context in try page.response(try Self.name(context, "asset")) }
        addFiles(to: router)
        addLooks(to: router)
        addRenders(to: router)
    }

    /// The folder's files: listed, uploaded, played (or their playable copies), their sound's levels.
    private func addFiles(to router: Router<BasicRequestContext>) {
        router.get("/api/files") { _, _ in try json(await files.list()) }
        router.post("/api/files") { request, _ in
            let name = request.uri.queryParameters["name"].map(String.init) ?? ""
            return try json(try await files.upload(name, body: request.body), status: .created)
        }
        router.get("/media/:name") { request, context in
            let name = try Self.name(context, "name")
            return try await FileResponse.make(path: try files.folder.file(name), request: request, context: context)
        }
        router.get("/media/:name/playable") { request, context in
            let path = try files.folder.file(try Self.name(context, "name"))
            return try await FileResponse.make(path: try await copies.copy(of: path, folders: folders), request: request, context: context)
        }
        router.get("/api/levels/:name") { _, context in
            let path = try files.folder.file(try Self.name(context, "name"))
            return try json(try await Self.levels(of: path))
        }
    }

    /// Looks before rendering: the plan, the still and the preview.
    private func addLooks(to router: Router<BasicRequestContext>) {
        router.post("/api/plan") { request, context in
            let planned = try planRequest(try await Self.options(request, context))
            if let plan = await QuickPlans.plan(planned) { return raw(plan) }
            return raw(try await engine.plan(planned, folders: folders))
        }
        addLook("/api/still", type: "image/png", to: router) { try await engine.still($0, at: $1, folders: folders) }
        addLook("/api/preview", type: "video/mp4", to: router) { try await engine.preview($0, at: $1, folders: folders) }
    }

    /// A look the engine makes of the options at `?at=` seconds of output
    /// time (`make`, given the engine's request and the time), answered
    /// as bytes of `type`.
    private func addLook(
        _ path: RouterPath, type: String, to router: Router<BasicRequestContext>,
        make: @escaping @Sendable (ScaleRequest, Rational) async throws -> Data
    ) {
        router.post(path) { request, context in
            let at = try Self.outputTime(request.uri.queryParameters["at"].map(String.init))
            let made = try await make(try planRequest(try await Self.options(request, context)), at)
            return Response(
                status: .ok, headers: [.contentType: type, .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(bytes: made)))
        }
    }

    /// Renders: queued, followed, cancelled, and their outputs (or playable copies).
    private func addRenders(to router: Router<BasicRequestContext>) {
        router.get("/api/renders") { _, _ in try json(await renders.list) }
        router.post("/api/renders") { request, context in
            try json(try await submit(try await Self.options(request, context)), status: .accepted)
        }
        router.get("/api/renders/:id") { _, context in try json(try await renders.job(try context.parameters.require("id"))) }
        router.get("/api/renders/:id/picture") { _, context in
            let id = try context.parameters.require("id")
            guard let png = try await renders.picture(id) else {
                throw HTTPError(.notFound, message: "render \(id) shows no picture: it is not running, or has made none yet")
            }
            return Response(
                status: .ok, headers: [.contentType: "image/png", .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(bytes: png)))
        }
        router.post("/api/renders/:id/cancel") { _, context in
            try json(try await renders.cancel(try context.parameters.require("id")))
        }
        router.get("/results/:name") { request, context in
            let name = try Self.name(context, "name")
            let download = request.uri.queryParameters["download"] != nil ? name : nil
            return try await FileResponse.make(path: try outputs.file(name), request: request, context: context, download: download)
        }
        router.get("/results/:name/playable") { request, context in
            let path = try outputs.file(try Self.name(context, "name"))
            return try await FileResponse.make(path: try await copies.copy(of: path, folders: folders), request: request, context: context)
        }
    }

    /// The folders whose paths the engine's messages leave out.
    private var folders: [String] { [files.folder.root, outputs.root] }

    /// The engine's request for a plan or a look of `options`: written
    /// under the command line's name in the output folder, replacing a file
    /// there (an output already there is the render's matter, not the plan's).
    private func planRequest(_ options: RenderOptions) throws -> ScaleRequest {
        let path = try files.folder.file(options.file)
        return try options.request(path: path, output: options.output(for: path, in: outputs.root), replacing: true)
    }

    /// Plans `options` (refused as the command line refuses them, but for
    /// an output already there, which the queue names anew or replaces), then
    /// queues the render.
    private func submit(_ options: RenderOptions) async throws -> RenderJob {
        let path = try files.folder.file(options.file)
        let planned = try await engine.plan(try planRequest(options), folders: folders)
        let plan = try JSONSerialization.jsonObject(with: planned) as? [String: Any]
        guard let name = (plan?["output"] as? String).map({ ($0 as NSString).lastPathComponent }) else {
            throw HTTPError(.unprocessableContent, message: "the engine gave no output name")
        }
        return try await renders.submit(options, named: name) { output, replacing in
            try options.request(path: path, output: output, replacing: replacing)
        }
    }

    /// A path parameter, its percent-escapes undone.
    private static func name(_ context: BasicRequestContext, _ key: String) throws -> String {
        let raw = try context.parameters.require(key)
        guard let name = raw.removingPercentEncoding else { throw HTTPError(.badRequest, message: "\(raw) is not a name") }
        return name
    }

    /// The `at` of a still or a preview: seconds of output time, a plain decimal.
    private static func outputTime(_ text: String?) throws -> Rational {
        guard let text, !text.isEmpty, text.utf8.count <= 20, text.allSatisfy({ "0123456789.".contains($0) }),
            let seconds = Rational(parsing: text)
        else { throw HTTPError(.badRequest, message: "at must be a time in seconds, e.g. at=2.5") }
        return seconds
    }

    private static func options(_ request: Request, _ context: BasicRequestContext) async throws -> RenderOptions {
        do {
            return try await request.decode(as: RenderOptions.self, context: context)
        } catch {
            throw HTTPError(.badRequest, message: "the options are not JSON of the studio's form (docs/studio.md)")
        }
    }

    private static func levels(of path: String) async throws -> SoundLevels {
        do {
            return try await offThePool { try SoundLevels(path: path) }
        } catch {
            throw HTTPError(.unprocessableContent, message: "\((path as NSString).lastPathComponent): \(error)")
        }
    }
}

/// `value` as a JSON response.
func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
    raw(try JSONEncoder().encode(value), status: status)
}

/// JSON bytes as a response.
func raw(_ data: Data, status: HTTPResponse.Status = .ok) -> Response {
    Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
}
