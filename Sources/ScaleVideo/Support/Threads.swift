import Glibc

/// Runs `body` on a new thread of its own, which ends when `body` returns:
/// for work that blocks for long (a conversion waiting on its lanes), which
/// should not hold one of Dispatch's shared worker threads.
package func startThread(_ body: @escaping @Sendable () -> Void) {
    let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(&thread, nil, { context in
        let body = Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue()
        body.run()
        return nil
    }, box)
    guard started == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(box).release()
        fatalError("cannot start a thread: \(String(cString: strerror(started)))")
    }
    pthread_detach(thread)
}

/// The closure a new thread runs, carried through pthread_create's context.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void

    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
