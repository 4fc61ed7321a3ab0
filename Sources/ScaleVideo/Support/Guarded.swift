import Glibc

/// State that threads share: reached only inside `withLock`, under a POSIX
/// mutex, with a condition to wait on for another thread's change.
/// `@unchecked Sendable`: the compiler cannot see the mutex; every access
/// to `state` is inside it.
package final class Guarded<State>: @unchecked Sendable {
    private var state: State
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init(_ state: State) {
        self.state = state
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// The result of `body`, run on the state with the lock held.
    package func withLock<T>(_ body: (inout State) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }

    /// Waits (the lock let go meanwhile) until `ready` holds, then runs
    /// `body` on the state with the lock held.
    package func withLock<T>(when ready: (State) throws -> Bool, _ body: (inout State) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while try !ready(state) { pthread_cond_wait(condition, mutex) }
        return try body(&state)
    }

    /// Wakes every thread waiting for a change.
    package func broadcast() { pthread_cond_broadcast(condition) }
}
