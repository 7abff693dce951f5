import Foundation
import OutlineKit
import Testing

/// `collapse -i` in a tmux window, started by a shell that notes the terminal's settings
/// before and after it, its exit status and the flags it prints, and then reads a line,
/// to show that the terminal takes typing again; the window stays open until closed.
struct InteractiveRun {
  let window: TmuxWindow
  let folder: URL
  let columns: Int
  let rows: Int

  /// Starts `collapse -i` with `arguments` in a `columns` by `rows` window; `input`, a
  /// shell command, pipes the document in; `environment` adds variables.
  init(
    _ arguments: [String], columns: Int = 60, rows: Int = 20, input: String? = nil,
    environment: [String] = []
  ) throws {
    let folder = try temporaryFolder("collapse-interactive")
    self.folder = folder
    self.columns = columns
    self.rows = rows
    let command = (["env"] + environment + [collapseBinary.path, "-i"] + arguments).map(
      shellQuoted
    ).joined(separator: " ")
    let record = { (name: String) in shellQuoted(folder.appendingPathComponent(name).path) }
    let whole = { (value: String, name: String) in
      shellRecord(value, to: folder.appendingPathComponent(name))
    }
    let script = """
      stty -a > \(record("before"))
      \(input.map { $0 + " | " } ?? "")sh -c \(shellQuoted("\(whole("$$", "pid")); exec \(command)")) > \(record("flags"))
      \(whole("$?", "status"))
      stty -a > \(record("after"))
      printf 'prompt> '
      read line
      echo "got:$line"
      # Kept alive: tmux may mark a pane dead before it has read all its output.
      exec sleep 600

      """
    let file = folder.appendingPathComponent("run.sh")
    try Data(script.utf8).write(to: file)
    window = try TmuxWindow(
      "sh \(shellQuoted(file.path))", columns: columns, rows: rows, untilEnd: false)
  }

  /// The view once it is up and `done` holds for its lines: one line a row, the status
  /// line last.
  func view(_ done: ([String]) -> Bool = { _ in true }) throws -> [String] {
    try window.waitForVisible { lines in
      (try? window.value("#{alternate_on}")) == "1" && lines.last?.isEmpty == false
        && done(lines)
    }
  }

  /// The view's lines with their styles as escape sequences.
  func styledView() throws -> [String] {
    try window.visible(escapes: true)
  }

  func send(_ keys: String...) throws {
    _ = try window.tmux(["send-keys"] + keys)
  }

  /// The process id of collapse.
  func pid() throws -> Int32 {
    let text = try recordedLine(folder.appendingPathComponent("pid"))
    return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
  }

  /// Waits for collapse to end and returns its status and what it printed, after
  /// checking that the terminal is back as it was: the same settings, the normal screen,
  /// the cursor shown, and a line typed at the prompt read back.
  func end(sourceLocation: SourceLocation = #_sourceLocation) throws -> (
    status: Int32, flags: String
  ) {
    let code = try recordedLine(folder.appendingPathComponent("status"))
    // The settings, less the size, which a resize changes.
    func settings(_ name: String) throws -> String {
      try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        .replacing(/rows \d+; columns \d+;/, with: "")
    }
    _ = try window.waitFor { $0.contains("\nprompt>") || $0.hasPrefix("prompt>") }
    #expect(
      try settings("after") == settings("before"), "the terminal's settings changed",
      sourceLocation: sourceLocation)
    #expect(try window.value("#{alternate_on}") == "0", sourceLocation: sourceLocation)
    #expect(try window.value("#{cursor_flag}") == "1", sourceLocation: sourceLocation)
    try send("hello", "Enter")
    // What was typed shows, and a line end ends it: the terminal echoes and reads lines.
    let typed = try window.waitFor { $0.contains("got:hello") }.split(separator: "\n")
    #expect(typed.contains("prompt> hello"), sourceLocation: sourceLocation)
    #expect(typed.contains("got:hello"), sourceLocation: sourceLocation)
    let flags = try String(contentsOf: folder.appendingPathComponent("flags"), encoding: .utf8)
    return (Int32(code.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1, flags)
  }

  func close() {
    window.close()
    try? FileManager.default.removeItem(at: folder)
  }
}

/// The lines `collapse` prints without `-i`, uncoloured, fitted to `columns` and with
/// Markdown drawn, as on a terminal, with trailing spaces dropped as tmux drops them.
func printed(_ arguments: [String], columns: Int) throws -> [String] {
  let result = try runBinary(
    arguments + ["--color=never", "--render=always", "-w", "\(columns)"])
  #expect(result.status == 0, "\(result.errors)")
  return result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
    trimmedEnd(String($0))
  }
}

/// `line` without the spaces at its end.
func trimmedEnd(_ line: String) -> String {
  var line = line
  while line.hasSuffix(" ") { line.removeLast() }
  return line
}

/// The first `count` of `lines`, padded with empty lines: what a screen of that many
/// rows shows of them from the top.
func screenful(_ lines: [String], _ count: Int) -> [String] {
  Array(lines.prefix(count)) + Array(repeating: "", count: max(count - lines.count, 0))
}

@Suite("collapse -i in tmux", .serialized)
struct InteractiveTests {
  let oceans = "Samples/oceans.md"

  /// The lines of the view other than the status line.
  private func outlineRows(_ lines: [String]) -> [String] {
    Array(lines.dropLast())
  }

  /// The line under the cursor, found by its inverse video (SGR 7, which tmux may write
  /// among other attributes).
  private func cursorLine(_ run: InteractiveRun) throws -> String? {
    try run.styledView().dropLast().first { $0.contains(/\u{1B}\[([0-9;]*;)?7[;m]/) }.map {
      trimmedEnd(withoutEscapes($0))
    }
  }

  @Test(
    "it opens on the alternate screen with the text output, and q puts the terminal back",
    .needs("tmux"))
  func opening() throws {
    guard requireTool("tmux") else { return }
    let run = try InteractiveRun([oceans])
    defer { run.close() }
    let expected = try printed([oceans], columns: 60)
    let lines = try run.view { outlineRows($0) == screenful(expected, 19) }
    #expect(lines.count == 20)
    #expect(outlineRows(lines) == screenful(expected, 19))
    #expect(lines.last == " Oceans" + String(repeating: " ", count: 33) + "Top  ? keys  q quit")
    #expect(try run.window.value("#{cursor_flag}") == "0")
    #expect(try cursorLine(run) == "▾ Oceans")
    // Colour is on, as for any terminal.
    #expect(try run.styledView()[2].contains("\u{1B}[1mPacific"))
    try run.send("q")
    let ended = try run.end()
    #expect(ended.status == 0)
    // The view collapse shows by default needs no flag.
    #expect(ended.flags == "\n")
    // The screen from before is back, without the view.
    #expect(!(try run.window.visible()).contains { $0.contains("Pacific") })
  }

  @Test(
    "with NO_COLOR the view has no colour, but the cursor and status line are inverse",
    .needs("tmux"))
  func noColor() throws {
    guard requireTool("tmux") else { return }
    let run = try InteractiveRun([oceans], environment: ["NO_COLOR=1"])
    defer { run.close() }
    _ = try run.view()
    let styled = try run.styledView()
    #expect(!styled.contains { $0.contains("\u{1B}[1m") || $0.contains("\u{1B}[36m") })
    #expect(try cursorLine(run) == "▾ Oceans")
    #expect(styled.last?.contains(/\u{1B}\[([0-9;]*;)?7[;m] Oceans/) == true)
    try run.send("q")
    #expect(try run.end().status == 0)
  }

  @Test("each key changes the screen as the same view printed by collapse shows it", .needs("tmux"))
  func keys() throws {
    guard requireTool("tmux") else { return }
    let run = try InteractiveRun(["--collapse-all", oceans])
    defer { run.close() }
    /// Types `keys`, then checks the screen against `collapse` with `flags`.
    func expect(
      _ keys: [String], shows flags: [String], cursor: String,
      sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      for key in keys { try run.send(key) }
      let expected = screenful(try printed(flags + [oceans], columns: 60), 19)
      let lines = try run.view { outlineRows($0) == expected }
      #expect(outlineRows(lines) == expected, "\(keys)", sourceLocation: sourceLocation)
      _ = try run.window.waitForVisible(seconds: 5) { _ in (try? cursorLine(run)) == cursor }
      #expect(try cursorLine(run) == cursor, "\(keys)", sourceLocation: sourceLocation)
    }
    try expect([], shows: ["--collapse-all"], cursor: "▸ Oceans  (11 sections, 12 lines)")
    try expect(["l"], shows: ["-e", "Oceans"], cursor: "▾ Oceans")
    try expect(["j"], shows: ["-e", "Oceans"], cursor: "  ▸ Pacific  (4 sections, 5 lines)")
    try expect(["Enter"], shows: ["-e", "Pacific"], cursor: "  ▾ Pacific")
    try expect(
      ["Down", "Space"], shows: ["-e", "Australasian Mediterranean"],
      cursor: "    ▾ Australasian Mediterranean")
    try expect(
      ["h"], shows: ["-e", "Pacific"], cursor: "    ▸ Australasian Mediterranean  (1 line)")
    try expect(
      ["Left", "h"], shows: ["-e", "Oceans"], cursor: "  ▸ Pacific  (4 sections, 5 lines)")
    try expect(
      ["k", "Right"], shows: ["-e", "Oceans"], cursor: "  ▸ Pacific  (4 sections, 5 lines)")
    try expect(["E"], shows: [], cursor: "  ▾ Pacific")
    try expect(["C"], shows: ["--collapse-all"], cursor: "▸ Oceans  (11 sections, 12 lines)")
    try expect(["2"], shows: ["--depth", "2"], cursor: "▾ Oceans")
    try expect(["G"], shows: ["--depth", "2"], cursor: "    ▸ Bay of Bengal  (1 line)")
    try expect(["g"], shows: ["--depth", "2"], cursor: "▾ Oceans")
    try expect(["Up", "j", "End", "Home"], shows: ["--depth", "2"], cursor: "▾ Oceans")
    // A search being typed shows on the last line.
    try run.send("/", "c", "a", "r", "i", "b")
    #expect(try run.view { $0.last.map(trimmedEnd) == "/carib" }.last.map(trimmedEnd) == "/carib")
    // The first section after the cursor that holds it holds it in its text: it opens.
    let american = ["--depth", "2", "-e", "American Mediterranean"]
    try expect(["Enter"], shows: american, cursor: "    ▾ American Mediterranean")
    try expect(["n"], shows: american, cursor: "    ▸ Caribbean  (1 line)")
    // A match inside a collapsed section opens the sections around it.
    try expect(
      ["1", "/", "c", "o", "r", "a", "l", "Enter"], shows: ["--expand", "Pacific"],
      cursor: "    ▸ Coral  (1 line)")
    try expect(["n"], shows: ["--expand", "Pacific"], cursor: "    ▸ Coral  (1 line)")
    #expect(try run.view().last?.hasPrefix(" search went round to the top") == true)
    // From Coral, the next title with "med" is in the Atlantic, which opens.
    let both = ["--expand", "Pacific,Atlantic"]
    let australasian = "    ▸ Australasian Mediterranean  (1 line)"
    let mediterranean = "    ▸ American Mediterranean  (1 line)"
    try expect(["/", "m", "e", "d", "Enter"], shows: both, cursor: mediterranean)
    try expect(["n"], shows: both, cursor: australasian)
    try expect(["N"], shows: both, cursor: mediterranean)
    #expect(try run.view().last?.hasPrefix(" search went round to the bottom") == true)
    try expect(["N"], shows: both, cursor: australasian)
    // ? lists the keys until any key.
    try run.send("?")
    let help = try run.view { $0.first == " Keys (any key goes back)" }
    #expect(
      help.contains(
        "   Space, Enter" + String(repeating: " ", count: 8) + "expand or collapse the section"))
    try expect(["x"], shows: both, cursor: australasian)
    try run.send("q")
    let ended = try run.end()
    #expect(ended.status == 0)
    #expect(ended.flags == "--depth 2 --collapse Oceans/Indian\n")
  }

  @Test("? lists every key whole on an 80-column terminal", .needs("tmux"))
  func helpOnEightyColumns() throws {
    guard requireTool("tmux") else { return }
    let run = try InteractiveRun([oceans], columns: 80, rows: 24)
    defer { run.close() }
    _ = try run.view()
    try run.send("?")
    let help = try run.view { $0.first == " Keys (any key goes back)" }
    // The longest action goes on under itself rather than being cut at the edge.
    let at = try #require(help.firstIndex { $0.hasPrefix("   l, Right") })
    #expect(
      help[at...(at + 1)].map(trimmedEnd) == [
        "   l, Right            expand; on an expanded section, go to its first",
        String(repeating: " ", count: 23) + "subsection",
      ])
    #expect(!help.contains { $0.contains("…") })
    #expect(help.contains { $0.hasPrefix("   Ctrl-Z") })
    #expect(help.last.map(trimmedEnd) == " q or any other key goes back")
    try run.send("q", "q")
    #expect(try run.end().status == 0)
  }

  @Test(
    "a README's long text before its first heading folds, the outline in sight on 30 rows, and / finds text in sections",
    .needs("tmux"))
  func readmeOnThirtyRows() throws {
    guard requireTool("tmux") else { return }
    let folder = try temporaryFolder("collapse-readme")
    defer { try? FileManager.default.removeItem(at: folder) }
    let readme = folder.appendingPathComponent("README.md")
    let intro = (1...20).map { "Widget does thing \($0) of many.\n\n" }.joined()
    try Data(
      ("<h1 align=\"center\">Widget</h1>\n\n<p align=\"center\">A widget for the terminal.</p>\n\n"
        + intro + "# Install\n\nRun the installer.\n\n## From source\n\n"
        + "Build it with the compiler\nof your platform.\n\n# Usage\n\nCall it with a FILE.\n")
        .utf8
    ).write(to: readme)
    let run = try InteractiveRun([readme.path], columns: 80, rows: 30)
    defer { run.close() }
    let lines = try run.view { $0.first?.hasPrefix("▸ Before the first section  (") == true }
    #expect(lines.first?.hasPrefix("▸ Before the first section  (") == true, "\(lines)")
    #expect(lines.contains("▾ Install"))
    #expect(lines.contains("▾ Usage"))
    #expect(try cursorLine(run) == "▾ Install")
    // The search looks through the text, across its line break, and opens what holds it.
    try run.send("C", "/", "compiler of", "Enter")
    let found = try run.view {
      $0.contains("▸ Usage  (1 line)")
        && $0.contains("    Build it with the compiler of your platform.")
    }
    #expect(found.contains("▸ Usage  (1 line)"), "\(found)")
    #expect(try cursorLine(run) == "  ▾ From source")
    // Up to the fold's line, which opens.
    try run.send("g", "Space")
    let open = try run.view { $0.contains("Widget does thing 1 of many.") }
    #expect(open.first == "▾ Before the first section")
    try run.send("q")
    let ended = try run.end()
    #expect(ended.status == 0)
    // Install and From source open, Usage closed: all of them but Usage.
    #expect(ended.flags == "--collapse Usage\n")
  }

  @Test("the view is drawn again at the new size when the terminal is resized", .needs("tmux"))
  func resize() throws {
    guard requireTool("tmux") else { return }
    let run = try InteractiveRun([oceans])
    defer { run.close() }
    _ = try run.view()
    for (columns, rows) in [(30, 12), (75, 30)] {
      try run.window.resize(columns: columns, rows: rows)
      let expected = screenful(try printed([oceans], columns: columns), rows - 1)
      let lines = try run.view { $0.count == rows && outlineRows($0) == expected }
      #expect(outlineRows(lines) == expected)
      #expect(lineWidths(lines.joined(separator: "\n")).allSatisfy { $0 <= columns })
      #expect(lines.last?.hasPrefix(" Oceans") == true)
    }
    try run.send("q")
    #expect(try run.end().status == 0)
  }

  /// A view made by keys, to give back to collapse by its flags.
  struct RoundTrip: Sendable, CustomTestStringConvertible {
    /// The selection options `-i` starts with, which the printed flags replace.
    var start: [String] = []
    /// The input and text options, which the printed flags need beside them.
    var text: [String] = []
    var files: [String]
    var keys: [String]

    var testDescription: String { (start + text + files).joined(separator: " ") }
  }

  @Test(
    "the flags printed on quitting, given back to collapse, print the lines that were on the screen",
    .needs("tmux"),
    arguments: [
      RoundTrip(files: ["Samples/oceans.md"], keys: ["j", "Space", "j", "j", "l", "l", "G"]),
      RoundTrip(
        start: ["--depth", "1"], files: ["Samples/vehicles.md"],
        keys: ["j", "j", "Enter", "j", "l", "3"]),
      RoundTrip(
        text: ["--ascii"], files: ["Samples/feeds.md"],
        keys: ["C", "l", "j", "l", "/", "e", "Enter", "n", "C-d"]),
      RoundTrip(
        start: ["--collapse-all"], text: ["--outline", "--title-key", "tag_name"],
        files: ["Samples/releases.json"],
        keys: ["1", "l", "j", "l", "j", "Space", "PageDown"]),
      RoundTrip(
        text: ["-w", "30"], files: ["Samples/oceans.json"],
        keys: ["E", "j", "h", "G", "k", "Space", "g"]),
      RoundTrip(
        start: ["-e", "Pacific"], files: ["Samples/oceans.md", "Samples/vehicles.md"],
        keys: ["j", "Space", "G", "k", "l", "/", "car", "Enter"]),
      // OpenAPI keys, titles with commas, titles repeated under one parent.
      RoundTrip(
        start: ["--collapse-all"], files: ["Tests/Documents/petstore.json"],
        keys: [
          "j", "l", "l", "j", "l", "l", "l", "j", "j", "j", "Space", "/", "health", "Enter", "l",
        ]),
      RoundTrip(
        start: ["--depth", "2"], files: ["Tests/Documents/fs.md"],
        keys: ["j", "j", "j", "Space", "j", "Space", "j", "j", "Space"]),
      RoundTrip(
        files: ["Tests/Documents/repeated.md"], keys: ["j", "j", "Space", "G", "Space"]),
      // YAML: documents titled by kind and name, content lines as written.
      RoundTrip(
        start: ["--collapse-all"], files: ["Samples/yaml/deploy.yaml"],
        keys: ["j", "j", "l", "j", "j", "l", "j", "l", "/", "Service", "Enter", "l"]),
      RoundTrip(
        start: ["--depth", "2"], text: ["--ascii"], files: ["Samples/yaml/ci.yml"],
        keys: ["G", "k", "Space", "k", "l", "j", "j", "l"]),
    ])
  func flagsReproduceTheView(_ trip: RoundTrip) throws {
    guard requireTool("tmux") else { return }
    let run = try InteractiveRun(trip.start + trip.text + trip.files, columns: 50, rows: 16)
    defer { run.close() }
    _ = try run.view()
    for key in trip.keys { try run.send(key) }
    // The message of a search that finds nothing shows once every key before it is done.
    try run.send("/", "zzzz", "Enter")
    let lines = try run.view { $0.last?.hasPrefix(" no section holds") == true }
    let shown = outlineRows(lines)
    try run.send("q")
    let ended = try run.end()
    #expect(ended.status == 0)
    let flags = ended.flags.trimmingCharacters(in: .newlines)
    // Through the shell, as a script would pass them on; drawn, as on the terminal.
    let command =
      "\(shellQuoted(collapseBinary.path)) \(flags) --color=never --render=always -w 50 "
      + (trip.text + trip.files).map(shellQuoted).joined(separator: " ")
    let result = try runTool("sh", ["-c", command])
    #expect(result.status == 0)
    let output = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      .map { trimmedEnd(String($0)) }
    // The screen shows a run of the output's lines, then nothing.
    #expect(shown.contains { !$0.isEmpty })
    #expect(
      (0..<max(output.count, 1)).contains {
        screenful(Array(output.dropFirst($0)), shown.count) == shown
      }, "\(flags)\n\(shown.joined(separator: "\n"))")
  }

  /// A document, the keys that fold it, and the same document with sections added before
  /// the ones the keys reach.
  struct Lasting: Sendable, CustomTestStringConvertible {
    var file: String
    var keys: [String]
    /// Makes the document with sections added.
    var adding: @Sendable (String) -> String

    var testDescription: String { file }
  }

  @Test(
    "the status line shows a NAME, and the printed names still select their sections after sections are added before",
    .needs("tmux"),
    arguments: [
      Lasting(
        file: "petstore.json",
        keys: [
          "j", "l", "l", "j", "l", "l", "l", "j", "j", "j", "Space", "/", "health", "Enter", "l",
        ],
        adding: {
          $0.replacing(
            "\"paths\": {",
            with:
              #""x-aardvarks": {"/pets": {"get": {"x": 1}}}, "paths": {"/aardvarks": {"get": {"responses": {"200": {"description": "Aardvarks"}}}},"#
          )
        }),
      Lasting(
        file: "fs.md", keys: ["l", "l", "l", "l", "j", "Space", "j", "Space", "j", "j", "l"],
        adding: {
          "# Changes\n\n## fs.chown(path, uid, gid, callback)\n\n### Example\n\nNew.\n\n"
            + $0.replacing("## Callback API\n", with: "## Callback API\n\n### Example\n\nFirst.\n")
        }),
    ])
  func namesLast(_ trip: Lasting) throws {
    guard requireTool("tmux") else { return }
    let folder = try temporaryFolder("collapse-lasting")
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try String(
      contentsOf: packageRoot.appendingPathComponent("Tests/Documents/\(trip.file)"),
      encoding: .utf8)
    let before = folder.appendingPathComponent(trip.file)
    let after = folder.appendingPathComponent("added-" + trip.file)
    try Data(source.utf8).write(to: before)
    try Data(trip.adding(source).utf8).write(to: after)

    let run = try InteractiveRun(["--collapse-all", before.path], columns: 100, rows: 30)
    defer { run.close() }
    _ = try run.view()
    for key in trip.keys { try run.send(key) }
    try run.send("/", "zzzz", "Enter")
    _ = try run.view { $0.last?.hasPrefix(" no section holds") == true }
    // Any key puts the status line back; j moves to a section that has a path to show.
    try run.send("k")
    let status = try #require(
      try run.view { $0.last?.hasPrefix(" no section holds") == false }.last)
    let path = try #require(status.firstMatch(of: #/^ (.+?)  +(?:All|Top|Bot|[0-9]+%)  /#)).1
    try run.send("q")
    let ended = try run.end()
    #expect(ended.status == 0)
    let flags = ended.flags.trimmingCharacters(in: .newlines)

    // The status line's path is a NAME that names one section, titled as its last step.
    let only = try runBinary(["--only", String(path), "--collapse-all", "--outline", before.path])
    #expect(only.status == 0, "\(path): \(only.errors)")
    let top = only.output.split(separator: "\n").filter { !$0.hasPrefix(" ") }
    #expect(top.count == 1, "\(path)")
    let last = SelectionRequest.steps(of: String(path)).last ?? ""
    #expect(top.first?.hasSuffix(" " + last) == true || top.first?.contains(" \(last)  ") == true)

    // The names are paths, with the steps that need it quoted, which keep naming the same
    // sections in the longer document.
    #expect(!flags.contains("#") && flags.contains("/\""), "\(flags)")
    let states = { (file: URL) throws -> [String: Bool] in
      let command =
        "\(shellQuoted(collapseBinary.path)) \(flags) -t json \(shellQuoted(file.path))"
      let result = try runTool("sh", ["-c", command])
      #expect(result.status == 0, "\(flags): \(result.errors)")
      return try visibleStates(result.output)
    }
    let wanted = try states(before)
    let got = try states(after)
    #expect(wanted.count > 3)
    for (path, expanded) in wanted {
      #expect(got[path] == expanded, "\(path) with \(flags)")
    }
    // Each NAME names the same sections in both, and none of those added.
    let words = try runTool(
      "sh", ["-c", "eval \"set -- $FLAGS\"; printf '%s\\n' \"$@\""],
      environment: testEnvironment.merging(["FLAGS": flags]) { $1 }
    ).output.split(separator: "\n").map(String.init)
    let names = zip(words, words.dropFirst()).filter { ["--expand", "--collapse"].contains($0.0) }
      .flatMap { SelectionRequest.names(in: $0.1) }
    #expect(!names.isEmpty)
    for name in names {
      let named = { (file: URL) throws -> [String] in
        let result = try runBinary(["--only", name, "--outline", "--collapse-all", file.path])
        // Titles only: what the added sections change inside one is its count.
        return result.output.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map {
          String($0.split(separator: "  ").first ?? "")
        }
      }
      #expect(try named(before) == named(after), "\(name)")
    }
  }

  @Test(
    "when the terminal goes away, collapse ends with a message rather than wait for keys",
    .needs("tmux"))
  func terminalGone() throws {
    guard requireTool("tmux") else { return }
    let folder = try temporaryFolder("collapse-gone")
    defer { try? FileManager.default.removeItem(at: folder) }
    let errors = shellQuoted(folder.appendingPathComponent("errors").path)
    let status = folder.appendingPathComponent("status")
    // With SIGHUP ignored, as under nohup, only the failed read tells that it has gone.
    let command = "exec \(shellQuoted(collapseBinary.path)) -i \(oceans)"
    let window = try TmuxWindow(
      "trap '' HUP; sh -c \(shellQuoted(command)) 2> \(errors); \(shellRecord("$?", to: status))",
      columns: 60, rows: 20, untilEnd: false)
    defer { window.close() }
    _ = try window.waitForVisible {
      (try? window.value("#{alternate_on}")) == "1" && $0.first == "▾ Oceans"
    }
    _ = try window.tmux(["kill-pane"])
    #expect(try recordedLine(status) == "1\n")
    #expect(
      try String(contentsOf: folder.appendingPathComponent("errors"), encoding: .utf8)
        == "collapse: cannot read the terminal: input/output error\n")
  }

  @Test("a document from standard input is shown, with keys read from the terminal", .needs("tmux"))
  func standardInput() throws {
    guard requireTool("tmux") else { return }
    let run = try InteractiveRun([], input: "cat \(oceans)")
    defer { run.close() }
    #expect(try run.view().first == "▾ Oceans")
    try run.send("j", "Space")
    _ = try run.view { $0.contains("  ▸ Pacific  (4 sections, 5 lines)") }
    try run.send("q")
    let ended = try run.end()
    #expect(ended.status == 0)
    #expect(ended.flags == "--collapse Oceans/Pacific\n")
  }

  @Test(
    "Ctrl-C ends the view as an interrupt, printing nothing, the terminal put back", .needs("tmux"))
  func interrupt() throws {
    guard requireTool("tmux") else { return }
    let run = try InteractiveRun([oceans])
    defer { run.close() }
    _ = try run.view()
    try run.send("j", "Space", "C-c")
    let ended = try run.end()
    #expect(ended.status == 130)
    #expect(ended.flags == "")
  }

  @Test(
    "a signal that ends collapse, a crash among them, puts the terminal back first", .needs("tmux"),
    arguments: [
      ("TERM", SIGTERM), ("HUP", SIGHUP), ("INT", SIGINT), ("SEGV", SIGSEGV), ("ILL", SIGILL),
      ("ABRT", SIGABRT),
    ])
  func signals(_ name: String, _ number: Int32) throws {
    guard requireTool("tmux") else { return }
    let run = try InteractiveRun([oceans])
    defer { run.close() }
    _ = try run.view()
    #expect(kill(try run.pid(), number) == 0, "kill -\(name)")
    let ended = try run.end()
    #expect(ended.status == 128 + number, "kill -\(name)")
    #expect(ended.flags == "")
  }

  @Test(
    "Ctrl-Z gives the terminal back to the shell; fg brings the view back, keys and all",
    .needs("tmux", "bash"))
  func suspend() throws {
    guard requireTool("tmux"), requireTool("bash") else { return }
    let folder = try temporaryFolder("collapse-suspend")
    defer { try? FileManager.default.removeItem(at: folder) }
    let window = try TmuxWindow(
      "PS1='bash> ' exec bash --norc --noprofile -i", columns: 60, rows: 20, untilEnd: false)
    defer { window.close() }
    _ = try window.waitForVisible { $0.contains { $0.hasPrefix("bash>") } }
    let flags = shellQuoted(folder.appendingPathComponent("flags").path)
    try window.send("\(shellQuoted(collapseBinary.path)) -i \(oceans) > \(flags)", "Enter")
    _ = try window.waitForVisible {
      (try? window.value("#{alternate_on}")) == "1" && $0.first == "▾ Oceans"
    }
    try window.send("C-z")
    let stopped = try window.waitForVisible { $0.contains { $0.contains("Stopped") } }
    #expect(stopped.contains { $0.contains("Stopped") })
    #expect(try window.value("#{alternate_on}") == "0")
    #expect(try window.value("#{cursor_flag}") == "1")
    try window.send("fg", "Enter")
    let back = try window.waitForVisible {
      (try? window.value("#{alternate_on}")) == "1" && $0.first == "▾ Oceans"
    }
    #expect(back.first == "▾ Oceans")
    // Keys reach the view one by one again: the terminal is raw once more.
    try window.send("j", "Space")
    let changed = try window.waitForVisible { $0.contains("  ▸ Pacific  (4 sections, 5 lines)") }
    #expect(changed.contains("  ▸ Pacific  (4 sections, 5 lines)"))
    try window.send("q")
    // The shell's prompt once collapse has ended.
    _ = try window.waitForVisible { lines in
      (try? window.value("#{alternate_on}")) == "0"
        && lines.last { !$0.isEmpty }.map(trimmedEnd) == "bash>"
    }
    let printed = try String(contentsOf: folder.appendingPathComponent("flags"), encoding: .utf8)
    #expect(printed == "--collapse Oceans/Pacific\n")
  }

  @Test(
    "a title's control characters are printed as $'\\e', never raw, and still select it",
    .needs("tmux", "bash"))
  func controlCharactersInFlags() throws {
    guard requireTool("tmux"), requireTool("bash") else { return }
    let folder = try temporaryFolder("collapse-codes")
    defer { try? FileManager.default.removeItem(at: folder) }
    let document = folder.appendingPathComponent("codes.md")
    try Data("# \u{1B}=\u{7}\n## x\n# B\n".utf8).write(to: document)
    let run = try InteractiveRun([document.path])
    defer { run.close() }
    _ = try run.view()
    try run.send("C")
    try run.send("l")
    try run.send("q")
    let ended = try run.end()
    #expect(ended.status == 0)
    #expect(ended.flags == "--expand $'\\e=\\u0007'\n")
    // Through bash, which reads $'…', the flags open that section alone.
    let flags = ended.flags.trimmingCharacters(in: .newlines)
    let result = try runTool(
      "bash", ["-c", "\"$0\" --color=never \(flags) \"$1\"", collapseBinary.path, document.path])
    #expect(result.output == "▾ ^[=^G\n  ▸ x\n▸ B\n", "\(result.errors)")
  }

  @Test("a document that cannot be read is reported before the terminal is taken", .needs("tmux"))
  func unreadable() throws {
    guard requireTool("tmux") else { return }
    let run = try InteractiveRun(["-f", "json"], input: "printf '{\"a\": [1,'")
    defer { run.close() }
    let ended = try run.end()
    #expect(ended.status == 1)
    #expect(ended.flags == "")
    #expect(try run.window.screen().contains("collapse: stdin:1:10: unexpected end of input"))
  }

  @Test(
    "without a terminal, or with the document on the terminal, -i is a usage error",
    .needs("setsid", "tmux"))
  func noTerminal() throws {
    guard requireTool("setsid"), requireTool("tmux") else { return }
    // setsid runs collapse in a session of its own, with no terminal.
    let alone = try runTool("setsid", ["-w", collapseBinary.path, "-i", oceans])
    #expect(alone.status == 2)
    #expect(
      alone.errors
        == "collapse: --interactive needs a terminal, and /dev/tty cannot be opened: no such device or address\n"
    )
    #expect(alone.output == "")
    let binary = shellQuoted(collapseBinary.path)
    for (command, message) in [
      (
        "\(binary) -i",
        "collapse: --interactive reads keys from the terminal; name a FILE or pipe the document in"
      ),
      (
        "TERM=dumb \(binary) -i \(oceans)",
        "collapse: --interactive cannot draw on a dumb terminal (TERM=dumb)"
      ),
    ] {
      let window = try TmuxWindow("\(command); echo status=$?", columns: 100)
      defer { window.close() }
      let screen = try window.screen()
      #expect(screen.hasPrefix(message + "\nstatus=2\n"), "\(command)")
    }
  }
}

/// Whether each section that can be seen in collapse's JSON output is expanded, by its
/// path of titles (` > ` between them), the first of several with the same path only.
func visibleStates(_ json: String) throws -> [String: Bool] {
  let root = try #require(
    try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  var states: [String: Bool] = [:]
  var stack: [(node: [String: Any], path: String)] = [(root, "")]
  while let (node, path) = stack.popLast() {
    let expanded = node["expanded"] as? Bool ?? true
    if !path.isEmpty && states[path] == nil { states[path] = expanded }
    guard expanded else { continue }
    for child in (node["children"] as? [[String: Any]] ?? []).reversed() {
      let title = child["title"] as? String ?? "?"
      stack.append((child, path.isEmpty ? title : path + " > " + title))
    }
  }
  return states
}
