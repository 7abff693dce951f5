#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body` on a thread of its own, which nobody waits for.
///
/// A `/regex/` that backtracks cannot be stopped, so it is left to run once given up on.
/// On a thread of Dispatch's shared pool it would keep that thread, and with as many
/// left running as there are cores, no pattern after them would start; a thread of its
/// own takes nothing from anyone else but time on a core. Returns false when the system
/// has no thread to give.
func runOnOwnThread(_ body: @escaping @Sendable () -> Void) -> Bool {
  guard let thread = OwnThread(body) else { return false }
  thread.letGo()
  return true
}

/// A thread of its own running a body, which its starter either waits to end, once the
/// body has said it is done, or lets go to end alone: so that a process that exits after
/// taking a thread's answer leaves nothing of the thread half freed.
struct OwnThread: Sendable {
  private let thread: pthread_t

  /// Starts `body` on a new thread; nil when the system has no thread to give.
  init?(_ body: @escaping @Sendable () -> Void) {
    let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t? = nil
    #endif
    let started = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        let body = Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue()
        body.run()
        return nil
      }, box)
    guard started == 0 else {
      Unmanaged<ThreadBody>.fromOpaque(box).release()
      return nil
    }
    #if canImport(Glibc)
      self.thread = thread
    #else
      guard let thread else { return nil }
      self.thread = thread
    #endif
  }

  /// Waits for the thread to end: only once its body has said it is done, or nearly.
  func join() {
    pthread_join(thread, nil)
  }

  /// Lets the thread end alone, its resources freed when it does.
  func letGo() {
    pthread_detach(thread)
  }
}

private final class ThreadBody: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
