import Foundation
import Hummingbird

/// The studio's two locks (SPEC §15): every request names the address
/// served in its Host header (a page elsewhere that points a name of its
/// own at this address is refused: DNS rebinding), and carries the token
/// printed at start-up, in the query (`?token=`, which also sets a cookie)
/// or the `studio-token-PORT` cookie; and a change (POST) a browser marks
/// as coming from another site or port (`Sec-Fetch-Site`) is refused.
struct Access<Context: RequestContext>: RouterMiddleware {
    let token: String
    /// The Host values the page is served under, e.g. `127.0.0.1:8080`.
    let hosts: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let host = request.head.authority, hosts.contains(host.lowercased()) else {
            throw HTTPError(.misdirectedRequest, message: "this studio answers only at \(hosts.sorted().joined(separator: " or "))")
        }
        if request.method == .post, let site = request.headers.first(where: { $0.name.canonicalName == "sec-fetch-site" })?.value,
            site != "same-origin"
        {
            throw HTTPError(.forbidden, message: "a change must come from the studio's own page")
        }
        let fromQuery = request.uri.queryParameters["token"].map(String.init)
        let given = fromQuery ?? Self.cookie(in: request, named: cookieName)
        guard let given, Self.same(given, token) else {
            throw HTTPError(.unauthorized, message: "a token is needed: open the address scale-video studio printed")
        }
        var response = try await next(request, context)
        if fromQuery != nil {
            response.headers[.setCookie] = "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
        }
        return response
    }

    /// The cookie that carries the token: one a port, so two studios on one
    /// machine keep their own (a cookie belongs to the host, not the port).
    var cookieName: String { "studio-token-\(hosts.first?.split(separator: ":").last ?? "")" }

    /// The value of the cookie `name`.
    static func cookie(in request: Request, named name: String) -> String? {
        for field in request.headers[values: .cookie] {
            for pair in field.split(separator: ";") {
                let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0] == name { return String(parts[1]) }
            }
        }
        return nil
    }

    /// Compares in time that does not depend on where they differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A token of 128 random bits, in hex.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}

/// A request for no page or call of the API gets a message as every other
/// refusal does.
struct NotFoundMessage<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && error.body == nil {
            throw HTTPError(.notFound, message: "no such page or call: \(request.method) \(request.uri.path)")
        }
    }
}
