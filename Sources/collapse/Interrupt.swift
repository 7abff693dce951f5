#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Makes SIGINT (Ctrl-C) end collapse the way shells expect: a line on standard error,
/// then death by that same signal, so that the shell reports status 130 and a script
/// running collapse in a loop stops as well. Output not yet written is dropped, and the
/// new file of `--output`, not yet in its place, removed.
///
/// A SIGINT that was ignored when collapse started, as it is for a background job of a
/// script, stays ignored.
func handleInterrupts() {
  // Made now: the handler must not be the first to use it.
  _ = ReplacedFile.pending
  let previous = signal(SIGINT, SIG_IGN)
  if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { return }
  signal(SIGINT) { _ in
    // Only async-signal-safe calls here: write(2) of a constant, then the default action.
    let message: StaticString = "collapse: interrupted\n"
    _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
    ReplacedFile.pending.removeForInterrupt()
    signal(SIGINT, SIG_DFL)
    raise(SIGINT)
  }
}
