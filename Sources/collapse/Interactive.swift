import OutlineKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `collapse -i`: the outline on the terminal's screen to fold by hand, then the flags
/// that reproduce the view on standard output.
enum Interactive {
  /// How the view ended.
  private enum Ending {
    /// `q`: print the flags.
    case quit
    /// A signal, or Ctrl-C as if it were SIGINT: end by it, printing nothing.
    case signal(Int32)
  }

  /// Shows `outline` with `selection` expanded on `screen` until the user quits, then
  /// writes the flags of the view to `output`.
  static func run<Output: ByteOutputStream, Errors: TextOutputStream>(
    _ outline: Outline, selection: Selection, options: Options, screen: TerminalScreen,
    output: inout Output, errors: inout Errors
  ) -> ExitStatus {
    var text = options.output.text
    let terminal = OutputTerminal.output(descriptor: screen.descriptor)
    text.colors = terminal.colors(options.color)
    text.renders = terminal.renders(options.render)
    text.hyperlinks = terminal.hyperlinks(options.hyperlinks)
    // `-w` narrows the view; lines never go past the screen's edge.
    text.width = options.width == 0 ? nil : options.width
    let size = screen.size
    var view = InteractiveView(
      outline: outline, selection: selection, options: text, columns: size.columns,
      rows: size.rows)
    let ending: Ending
    do {
      try screen.take(first: true)
      ending = try loop(&view, on: screen)
      screen.giveBack()
    } catch {
      screen.giveBack()
      errors.report(error)
      return .failure
    }
    switch ending {
    case .quit:
      // The view is of the extract --only made: the flags name its sections within it.
      let only = options.only.flatMap { ["--only", $0] }
      output.write(
        (only + view.flags.arguments).map { shellQuoted($0, visibly: true) }.joined(separator: " ")
          + "\n")
      return .success
    case .signal(let number):
      // End the way the signal ends a program, so that the shell knows.
      signal(number, SIG_DFL)
      raise(number)
      return .failure
    }
  }

  /// Draws the view and hands it keys until one ends it.
  private static func loop(
    _ view: inout InteractiveView, on screen: TerminalScreen
  ) throws(TerminalError) -> Ending {
    // Bytes that may begin a longer key: an escape sequence cut between two reads.
    var pending: [UInt8] = []
    while true {
      try screen.draw(view.screen())
      var keys: [Key] = []
      // Wait a little for the rest of a cut escape sequence, then take it as it is.
      for event in try screen.wait(soon: pending.isEmpty ? nil : 50) {
        let decoded: (keys: [Key], rest: [UInt8])
        switch event {
        case .input(let bytes):
          decoded = Key.decode(pending + bytes, final: false)
        case .pause:
          decoded = Key.decode(pending, final: true)
        case .signal(SIGWINCH):
          fit(&view, to: screen)
          continue
        case .signal(SIGCONT):
          // Stopped by a signal, the view may come back to a terminal the shell has reset.
          try screen.take()
          fit(&view, to: screen)
          continue
        case .signal(SIGTSTP):
          try screen.suspend()
          fit(&view, to: screen)
          continue
        case .signal(let number):
          return .signal(number)
        }
        keys += decoded.keys
        pending = decoded.rest
      }
      for key in keys {
        switch view.press(key) {
        case .proceed: continue
        case .quit: return .quit
        case .abort: return .signal(SIGINT)
        case .suspend:
          try screen.suspend()
          fit(&view, to: screen)
        }
      }
    }
  }

  /// Fits the view to the screen's size, which may have changed.
  private static func fit(_ view: inout InteractiveView, to screen: TerminalScreen) {
    let size = screen.size
    view.resize(columns: size.columns, rows: size.rows)
  }
}
