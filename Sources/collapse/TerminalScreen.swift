import OutlineKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal the interactive view takes over: `/dev/tty`, so that the document may
/// come on standard input and the flags go out on standard output.
///
/// While it is taken the terminal is in raw mode on its alternate screen; every way out
/// puts it back as it was found: a key, a signal that ends the program, a failed read,
/// a crash.
final class TerminalScreen {
  let descriptor: Int32
  /// The settings the terminal had when it was opened.
  private let found: termios

  /// Something that happened while waiting for a key.
  enum Event: Equatable {
    /// Bytes typed.
    case input([UInt8])
    /// A signal that the program handles between keys.
    case signal(Int32)
    /// Nothing more came soon after what was typed.
    case pause
  }

  /// Opens the controlling terminal; a usage error when the program has none.
  init() throws(UsageError) {
    let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw UsageError(
        description:
          "--interactive needs a terminal, and /dev/tty cannot be opened: \(systemErrorMessage(errno))"
      )
    }
    var settings = termios()
    guard tcgetattr(descriptor, &settings) == 0 else {
      let code = errno
      close(descriptor)
      throw UsageError(
        description:
          "--interactive needs a terminal; /dev/tty is not one: \(systemErrorMessage(code))"
      )
    }
    self.descriptor = descriptor
    found = settings
  }

  deinit {
    close(descriptor)
  }

  /// The terminal's size; 80 by 24 when it does not say.
  var size: (columns: Int, rows: Int) {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return (80, 24)
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Puts the terminal in raw mode on its alternate screen, and has the signals that end
  /// the program put it back first. The first time, what was typed before the view
  /// started is dropped; when the view comes back (`fg`), keys typed since are kept, as
  /// they are meant for it.
  func take(first: Bool = false) throws(TerminalError) {
    heldTerminal = HeldTerminal(descriptor: descriptor, settings: found)
    installHandlers()
    var raw = found
    cfmakeraw(&raw)
    // Wait for one byte at a time.
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(descriptor, first ? TCSAFLUSH : TCSANOW, &raw) == 0 else {
      throw TerminalError(doing: "set up", code: errno)
    }
    try write(enterSequence)
  }

  /// Puts the terminal back as it was found: the normal screen, the cursor, the settings.
  func giveBack() {
    restoreHeldTerminal()
    heldTerminal = nil
  }

  /// Gives the terminal back and stops the program until the shell resumes it, then
  /// takes the terminal again.
  func suspend() throws(TerminalError) {
    // Where Ctrl-Z was ignored, as under a shell without job control, nothing would
    // resume the program.
    guard !ignoredAtStart[Int(SIGTSTP)] else { return }
    giveBack()
    signal(SIGTSTP, SIG_DFL)
    raise(SIGTSTP)
    // The shell has resumed the program.
    try take()
  }

  /// Draws `lines`, one a row from the top.
  func draw(_ lines: [String]) throws(TerminalError) {
    var frame = ""
    for (row, line) in lines.enumerated() {
      // Clearing the row before writing it leaves a line that reaches the last column whole.
      frame += "\u{1B}[\(row + 1);1H\u{1B}[2K" + line
    }
    try write(frame)
  }

  /// Waits for keys or a signal; after `soon` milliseconds without either, says so when
  /// `soon` is given.
  func wait(soon: Int32? = nil) throws(TerminalError) -> [Event] {
    var watched = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&watched, 2, soon ?? -1)
    if ready < 0 {
      if errno == EINTR { return [] }
      throw TerminalError(doing: "wait for", code: errno)
    }
    if ready == 0 { return [.pause] }
    var events: [Event] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    if watched[1].revents != 0 {
      let count = read(signalPipe.read, &buffer, buffer.count)
      events += buffer.prefix(max(count, 0)).map { .signal(Int32($0)) }
    }
    if watched[0].revents != 0 {
      let count = read(descriptor, &buffer, buffer.count)
      if count < 0 && (errno == EINTR || errno == EAGAIN) { return events }
      // The terminal has gone (its window closed): nothing more will come.
      if count <= 0 { throw TerminalError(doing: "read", code: count < 0 ? errno : EIO) }
      events.append(.input(Array(buffer.prefix(count))))
    }
    return events
  }

  private func write(_ text: String) throws(TerminalError) {
    var text = text
    let code: Int32 = text.withUTF8 { bytes in
      // Only empty text has no address, and writing nothing cannot fail.
      guard let base = bytes.baseAddress else { return 0 }
      return writeAll(descriptor, base, bytes.count)
    }
    if code != 0 { throw TerminalError(doing: "write to", code: code) }
  }

  private func write(_ text: StaticString) throws(TerminalError) {
    let code = writeAll(descriptor, text.utf8Start, text.utf8CodeUnitCount)
    if code != 0 { throw TerminalError(doing: "write to", code: code) }
  }
}

/// Switches to the alternate screen, hides the cursor and stops lines from wrapping.
private let enterSequence: StaticString = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l"
/// Undoes `enterSequence`.
private let leaveSequence: StaticString = "\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

/// A terminal taken by the view, as a signal handler needs it to put it back.
private struct HeldTerminal {
  let descriptor: Int32
  var settings: termios
}

// Read by signal handlers, so kept where they can reach them without allocating: a handler
// reaches only globals, hence nonisolated(unsafe), and only the main thread writes them.
// nonisolated(unsafe): written as the view takes the terminal and gives it back.
nonisolated(unsafe) private var heldTerminal: HeldTerminal?
// nonisolated(unsafe): set once, before the first handler that reads it is installed.
nonisolated(unsafe) private var signalPipe: (read: Int32, write: Int32) = (-1, -1)
/// What each crash signal did before the view handled it, by signal number.
// nonisolated(unsafe): each set as its handler is installed, and read by that handler.
nonisolated(unsafe) private var previousActions: [sigaction?] = Array(repeating: nil, count: 65)
/// Which signals were ignored when the program started, by number: those it leaves
/// ignored, as a program started in the background should.
// nonisolated(unsafe): each set as its signal's handler is installed, never by a handler.
nonisolated(unsafe) private var ignoredAtStart = [Bool](repeating: false, count: 65)

/// The signals the view handles between keys: a resize, a resume, and those that end it.
private let loopSignals = [SIGWINCH, SIGCONT, SIGTSTP, SIGINT, SIGTERM, SIGHUP, SIGQUIT]
/// The signals of a crash, after which the terminal is put back before the program dies.
private let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

/// Puts the held terminal back, with only what a signal handler may call.
private func restoreHeldTerminal() {
  guard var held = heldTerminal else { return }
  _ = writeAll(held.descriptor, leaveSequence.utf8Start, leaveSequence.utf8CodeUnitCount)
  tcsetattr(held.descriptor, TCSAFLUSH, &held.settings)
}

/// Makes the signals the view handles reach it: those between keys through a pipe, so
/// that they are handled in order with the keys, and crashes at once.
private func installHandlers() {
  if signalPipe.read < 0 {
    var ends: [Int32] = [0, 0]
    if pipe(&ends) == 0 {
      for end in ends {
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      }
      signalPipe = (ends[0], ends[1])
    }
  }
  for number in loopSignals where !ignoredAtStart[Int(number)] {
    let previous = setHandler(number) { number in
      let saved = errno
      var byte = UInt8(truncatingIfNeeded: number)
      _ = write(signalPipe.write, &byte, 1)
      errno = saved
    }
    if isIgnored(previous) {
      ignoredAtStart[Int(number)] = true
      signal(number, SIG_IGN)
    }
  }
  for number in crashSignals where previousActions[Int(number)] == nil {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_sigaction = handleCrash
    #else
      action.__sigaction_u.__sa_sigaction = handleCrash
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_SIGINFO
    var previous = sigaction()
    sigaction(number, &action, &previous)
    previousActions[Int(number)] = previous
  }
}

/// Puts the terminal back after a crash, then lets the program die of it.
private func handleCrash(
  _ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  restoreHeldTerminal()
  let code = info?.pointee.si_code ?? Int32(SI_USER)
  #if canImport(Glibc)
    let sender = info?.pointee._sifields._kill.si_pid ?? 0
  #else
    let sender = info?.pointee.si_pid ?? 0
  #endif
  if code <= 0 && sender != getpid() {
    // Sent by another process: end as that signal ends a program. The handler that was
    // there before, Swift's crash report, would let the program go on.
    signal(number, SIG_DFL)
    raise(number)
    return
  }
  // A fault happens again when the handler returns, and an abort is raised again: either
  // then reaches the handler that was there before (Swift's crash report) or the default.
  if var previous = previousActions[Int(number)] {
    sigaction(number, &previous, nil)
  } else {
    signal(number, SIG_DFL)
  }
  if code <= 0 { raise(number) }
}

/// Sets `handler` for signal `number`, and returns what was there.
@discardableResult
private func setHandler(
  _ number: Int32, _ handler: @escaping @convention(c) (Int32) -> Void
) -> sigaction {
  var action = sigaction()
  #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = handler
  #else
    action.__sigaction_u.__sa_handler = handler
  #endif
  sigemptyset(&action.sa_mask)
  action.sa_flags = 0
  var previous = sigaction()
  sigaction(number, &action, &previous)
  return previous
}

/// Whether `action` ignores its signal.
private func isIgnored(_ action: sigaction) -> Bool {
  #if canImport(Glibc)
    let handler = action.__sigaction_handler.sa_handler
  #else
    let handler = action.__sigaction_u.__sa_handler
  #endif
  guard action.sa_flags & SA_SIGINFO == 0, let handler else { return false }
  return unsafeBitCast(handler, to: UInt.self) == unsafeBitCast(SIG_IGN, to: UInt.self)
}

/// Writes all `count` bytes at `bytes` to `descriptor`; returns 0, or the error.
private func writeAll(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  var offset = 0
  while offset < count {
    let written = write(descriptor, bytes + offset, count - offset)
    if written < 0 {
      if errno == EINTR || errno == EAGAIN { continue }
      return errno
    }
    offset += written
  }
  return 0
}
