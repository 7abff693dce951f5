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
    for name in ["NO_COLOR", "COLUMNS", "TERM"] + OutputTerminal.hyperlinkVariables {
      if let value = getenv(name) { terminal.environment[name] = String(cString: value) }
    }
    return terminal
  }

  /// Whether to colour: always or never as asked; on `auto`, only on a terminal that is
  /// not `TERM=dumb`, and not when `NO_COLOR` is set to anything but the empty string.
  func colors(_ choice: Options.When) -> Bool {
    switch choice {
    case .always: return true
    case .never: return false
    case .auto:
      return isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
        && environment["TERM"] != "dumb"
    }
  }

  /// Whether to draw Markdown as it reads: always or never as asked; on `auto`, on a
  /// terminal, so that a pipe gets the source lines as written.
  func renders(_ choice: Options.When) -> Bool {
    switch choice {
    case .always: return true
    case .never: return false
    case .auto: return isTerminal && environment["TERM"] != "dumb"
    }
  }

  /// Whether to write links as OSC 8 hyperlinks: always or never as asked; on `auto`, on
  /// a terminal whose environment names one known to open them. A terminal that does not
  /// know them shows their text and drops the rest, and some old ones show the sequence
  /// itself, so auto leaves them out where the terminal is not known; inside tmux or
  /// screen, which pass them on only when set up to, too.
  func hyperlinks(_ choice: Options.When) -> Bool {
    switch choice {
    case .always: return true
    case .never: return false
    case .auto:
      guard isTerminal, environment["TERM"] != "dumb", environment["TMUX"] == nil,
        environment["STY"] == nil
      else { return false }
      if let program = environment["TERM_PROGRAM"],
        ["iTerm.app", "WezTerm", "vscode", "ghostty", "Hyper", "rio", "Tabby"].contains(program)
      {
        return true
      }
      if let vte = environment["VTE_VERSION"].flatMap({ Int($0) }), vte >= 5000 { return true }
      if environment["KITTY_WINDOW_ID"] != nil || environment["WT_SESSION"] != nil
        || environment["KONSOLE_VERSION"] != nil || environment["ALACRITTY_WINDOW_ID"] != nil
      {
        return true
      }
      return ["xterm-kitty", "foot", "foot-extra", "xterm-ghostty", "wezterm"].contains(
        environment["TERM"] ?? "")
    }
  }

  /// The environment variables by which a terminal that opens hyperlinks is known, and
  /// those of tmux and screen, which stand between.
  static let hyperlinkVariables = [
    "TERM_PROGRAM", "VTE_VERSION", "KITTY_WINDOW_ID", "WT_SESSION", "KONSOLE_VERSION",
    "ALACRITTY_WINDOW_ID", "TMUX", "STY",
  ]

  /// The columns to fit lines to: `--width` (0 for no limit), else the terminal's
  /// width, else a positive `COLUMNS`, else no limit.
  func width(requested: Int?) -> Int? {
    if let requested { return requested == 0 ? nil : requested }
    if let columns { return columns }
    if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
    return nil
  }
}
