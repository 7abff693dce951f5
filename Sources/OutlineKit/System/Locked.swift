#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value that threads take turns at, under a POSIX mutex.
///
/// Not Synchronization's `Mutex`: when two threads meet at one, it waits in code that
/// ThreadSanitizer does not see, which then takes what one thread wrote before unlocking
/// and the other read after locking for a race. ThreadSanitizer knows `pthread_mutex_t`'s
/// locking and unlocking, so `make test` can run the threaded suites under it and a race it
/// reports is one. The mutex has a place of its own on the heap, since it must not move
/// while it is held, and is locked once for each batch handed over, or pattern run, or
/// time spent.
final class Locked<State: Sendable>: @unchecked Sendable {
  // Unchecked: `state` is read and written only while `mutex` is held.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var state: State

  init(_ state: State) {
    self.state = state
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// What `body` returns, run while no other thread holds the value.
  func withLock<Value>(_ body: (inout State) throws -> Value) rethrows -> Value {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state)
  }
}
