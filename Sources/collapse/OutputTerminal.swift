#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What collapse knows about where its output goes, from which it decides on colour and
/// width.
struct OutputTerminal: Equatable {
  /// Whether standard output is a terminal.
  var isTerminal = false
  /// The terminal's width in columns, when it tells.
  var columns: Int?
  /// The environment variables that bear on the output: `NO_COLOR`, `COLUMNS`, `TERM`.
  var environment: [String: String] = [:]

  /// Output that is not a terminal, in an environment that says nothing.
  static let pipe = OutputTerminal()

  /// What standard output is, from `isatty(3)`, `TIOCGWINSZ` and the environment.
  static func standardOutput() -> OutputTerminal {
    output(descriptor: 1)
  }

  /// What the file open at `descriptor` is, from `isatty(3)`, `TIOCGWINSZ` and the
  /// environment.
  static func output(descriptor: Int32) -> OutputTerminal {
    var terminal = OutputTerminal()
    terminal.isTerminal = isatty(descriptor) == 1
    if terminal.isTerminal {
      var size = winsize()
      if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
        terminal.columns = Int(size.ws_col)
      }
    }
    for name in ["NO_COLOR", "COLUMNS", "TERM"] {
      if let value = getenv(name) { terminal.environment[name] = String(cString: value) }
    }
    return terminal
  }

  /// Whether to colour: always or never as asked; on `auto`, only on a terminal that is
  /// not `TERM=dumb`, and not when `NO_COLOR` is set to anything but the empty string.
  func colors(_ choice: Options.ColorChoice) -> Bool {
    switch choice {
    case .always: return true
    case .never: return false
    case .auto:
      return isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
        && environment["TERM"] != "dumb"
    }
  }

  /// The columns to fit lines to: `--width` (0 for no limit), else the terminal's
  /// width, else a positive `COLUMNS`, else no limit.
  func width(requested: Int?) -> Int? {
    if let requested { return requested == 0 ? nil : requested }
    if let columns { return columns }
    if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
    return nil
  }
}
