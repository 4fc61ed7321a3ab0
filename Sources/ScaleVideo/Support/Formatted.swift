import Glibc

extension String {
    /// `arguments` formatted by the C library's printf `format` (numbers in
    /// the C locale): `String(printf: "%.2f s", 1.5)` is `1.50 s`.
    package init(printf format: String, _ arguments: CVarArg...) {
        self = Self.formatted(format, arguments)
    }

    private static func formatted(_ format: String, _ arguments: [CVarArg]) -> String {
        let length = Int(Swift.max(withVaList(arguments) { vsnprintf(nil, 0, format, $0) }, 0))
        var bytes = [CChar](repeating: 0, count: length + 1)
        _ = withVaList(arguments) { vsnprintf(&bytes, bytes.count, format, $0) }
        return String(decoding: bytes.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
