import Foundation

/// The lines a pipe gives, as they come, until it ends.
struct ProgressLines: AsyncSequence, Sendable {
    typealias Element = String
    let handle: FileHandle

    init(_ handle: FileHandle) { self.handle = handle }

    func makeAsyncIterator() -> AsyncStream<String>.Iterator {
        let handle = handle
        return AsyncStream<String> { continuation in
            DispatchQueue.global().async {
                var buffer = Data()
                while case let chunk = handle.availableData, !chunk.isEmpty {
                    buffer.append(chunk)
                    while let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                        continuation.yield(String(decoding: buffer[buffer.startIndex..<end], as: UTF8.self))
                        buffer.removeSubrange(buffer.startIndex...end)
                    }
                }
                if !buffer.isEmpty { continuation.yield(String(decoding: buffer, as: UTF8.self)) }
                continuation.finish()
            }
        }.makeAsyncIterator()
    }
}
