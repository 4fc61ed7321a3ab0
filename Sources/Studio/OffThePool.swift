import Dispatch

/// Runs blocking work (decoding, probing, waiting for a program) on a
/// Dispatch thread, so the tasks' small pool stays free to answer requests.
func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}

/// Runs blocking work that cannot fail off the tasks' pool.
func offThePool(_ work: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            work()
            continuation.resume()
        }
    }
}
