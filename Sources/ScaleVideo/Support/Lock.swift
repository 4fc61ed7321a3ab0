import Glibc

/// A mutual-exclusion lock with a condition to wait on, over POSIX threads:
/// what the lock-guarded types hold, without Foundation.
/// Sendable because the mutex and condition are made for use across threads.
package final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }

    package func unlock() { pthread_mutex_unlock(mutex) }

    /// The result of `body`, run with the lock held.
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Waits, with the lock held, until another thread broadcasts; the lock
    /// is held again on return.
    package func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every thread waiting on the condition.
    package func broadcast() { pthread_cond_broadcast(condition) }
}
