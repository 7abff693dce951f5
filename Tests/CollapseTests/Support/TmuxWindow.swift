import Foundation

/// A tmux server of its own, with one window of a given size: a real terminal that tests
/// can type into and read.
struct TmuxWindow {
  let socket = "collapse-test-\(UUID().uuidString)"
  let configuration: URL

  /// What a window started with `untilEnd` writes once its command has ended.
  static let end = "[end of output]"

  /// Starts `command` (a shell command line, run in the package's folder) in a `columns`
  /// by `rows` window. With `untilEnd`, waits until the command has ended; the pane stays
  /// to be read.
  init(_ command: String, columns: Int, rows: Int = 40, untilEnd: Bool = true) throws {
    configuration = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(socket).conf")
    try Data("set -g remain-on-exit on\nset -g status off\n".utf8).write(to: configuration)
    var line = "cd \(shellQuoted(packageRoot.path)) && \(command)"
    // The pane stays alive after the line that marks the end, holding the terminal open:
    // tmux 3.3a can lose what a pane's program wrote when it ends before tmux has read
    // it, and once lost a whole window's output, end line and all.
    if untilEnd { line += "; echo \(shellQuoted(TmuxWindow.end)); exec cat" }
    try runDetached([
      "tmux", "-L", socket, "-f", configuration.path, "new-session", "-d", "-x", "\(columns)",
      "-y", "\(rows)", line,
    ])
    // Wait for the line written after the command's output.
    if untilEnd { _ = try waitFor { $0.contains("\n" + TmuxWindow.end) } }
  }

  /// What the window shows, from the start of its history, up to the end of the output;
  /// with `escapes`, its colours and attributes as escape sequences. tmux leaves out the
  /// spaces at the end of each line.
  func screen(escapes: Bool = false) throws -> String {
    try capture(escapes: escapes).components(separatedBy: "\n" + TmuxWindow.end)[0] + "\n"
  }

  /// Types `keys` (tmux key names such as `Tab`, or text) into the window.
  func send(_ keys: String...) throws {
    _ = try tmux(["send-keys"] + keys)
  }

  /// The screen once `done` holds for it, or as it is after `seconds`.
  func waitFor(seconds: Double = 60, _ done: (String) -> Bool) throws -> String {
    let deadline = Date().addingTimeInterval(seconds)
    var screen = try capture()
    while !done(screen), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.1)
      screen = try capture()
    }
    return screen
  }

  /// The lines the window shows now, without its history; with `escapes`, its colours
  /// and attributes as escape sequences.
  func visible(escapes: Bool = false) throws -> [String] {
    let text = try tmux(["capture-pane", "-p"] + (escapes ? ["-e"] : [])).output
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
      String.init)
  }

  /// The visible lines once `done` holds for them, or as they are after `seconds`.
  func waitForVisible(seconds: Double = 30, _ done: ([String]) -> Bool) throws -> [String] {
    let deadline = Date().addingTimeInterval(seconds)
    var lines = try visible()
    while !done(lines), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
      lines = try visible()
    }
    return lines
  }

  /// What a tmux format says of the window's pane: `#{alternate_on}` is 1 while the
  /// program shows the alternate screen, `#{cursor_flag}` 1 while the cursor shows.
  func value(_ format: String) throws -> String {
    try tmux(["display-message", "-p", format]).output.trimmingCharacters(in: .newlines)
  }

  /// Makes the window `columns` by `rows`, as a user resizing the terminal would.
  func resize(columns: Int, rows: Int) throws {
    _ = try tmux(["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
  }

  private func capture(escapes: Bool = false) throws -> String {
    try tmux(["capture-pane", "-p", "-S", "-"] + (escapes ? ["-e"] : [])).output
  }

  func tmux(_ arguments: [String]) throws -> CommandResult {
    try runTool("tmux", ["-L", socket, "-f", configuration.path] + arguments)
  }

  func close() {
    // The server leaves its socket behind when it is killed.
    let socketPath = try? tmux(["display-message", "-p", "#{socket_path}"]).output
      .trimmingCharacters(in: .newlines)
    _ = try? tmux(["kill-server"])
    if let socketPath, socketPath.hasSuffix(socket) {
      try? FileManager.default.removeItem(atPath: socketPath)
    }
    try? FileManager.default.removeItem(at: configuration)
  }
}
