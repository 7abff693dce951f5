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
  let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
  var attributes = pthread_attr_t()
  pthread_attr_init(&attributes)
  defer { pthread_attr_destroy(&attributes) }
  pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
  #if canImport(Glibc)
    var thread = pthread_t()
  #else
    var thread: pthread_t? = nil
  #endif
  let started = pthread_create(
    &thread, &attributes,
    { context in
      guard let context else { return nil }
      let body = Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue()
      body.run()
      return nil
    }, box)
  guard started == 0 else {
    Unmanaged<ThreadBody>.fromOpaque(box).release()
    return false
  }
  return true
}

private final class ThreadBody: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
