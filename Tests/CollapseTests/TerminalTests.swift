import Foundation
import OutlineKit
import Testing

@testable import collapse

/// `text` without its SGR escape sequences.
func withoutEscapes(_ text: some StringProtocol) -> String {
  String(text).replacing(/\u{1B}\[[0-9;]*m/, with: "")
}

/// The columns each line of `text` takes, escape sequences left out.
func lineWidths(_ text: String) -> [Int] {
  withoutEscapes(text).split(separator: "\n").map { DisplayWidth.columns(of: $0) }
}

@Suite("deciding colour and width")
struct OutputTerminalTests {
  let terminal = OutputTerminal(isTerminal: true, columns: 100, environment: ["TERM": "xterm"])

  @Test("auto colours a terminal only; always and never are obeyed anywhere")
  func colorChoice() {
    #expect(terminal.colors(.auto))
    #expect(!OutputTerminal.pipe.colors(.auto))
    #expect(OutputTerminal.pipe.colors(.always))
    #expect(!terminal.colors(.never))
  }

  @Test("NO_COLOR, when not empty, and TERM=dumb turn auto colour off, but not --color=always")
  func noColor() {
    var quiet = terminal
    quiet.environment["NO_COLOR"] = "1"
    #expect(!quiet.colors(.auto))
    #expect(quiet.colors(.always))
    quiet.environment["NO_COLOR"] = ""
    #expect(quiet.colors(.auto))
    var dumb = terminal
    dumb.environment["TERM"] = "dumb"
    #expect(!dumb.colors(.auto))
  }

  @Test("the width is --width, else the terminal's, else COLUMNS, else none; 0 is none")
  func width() {
    var withColumns = terminal
    withColumns.environment["COLUMNS"] = "60"
    #expect(withColumns.width(requested: 30) == 30)
    #expect(withColumns.width(requested: 0) == nil)
    #expect(withColumns.width(requested: nil) == 100)
    withColumns.columns = nil
    #expect(withColumns.width(requested: nil) == 60)
    #expect(OutputTerminal.pipe.width(requested: nil) == nil)
    for junk in ["", "0", "-5", "wide", "80x"] {
      #expect(OutputTerminal(environment: ["COLUMNS": junk]).width(requested: nil) == nil)
    }
  }
}

@Suite("colour and width in a pipe")
struct PipeOutputTests {
  @Test("a pipe gets neither colour nor a width by default, however long the lines")
  func plainPipe() throws {
    let result = try runBinary(["Samples/oceans.md"])
    #expect(!result.output.contains("\u{1B}"))
    #expect(
      result.output.contains("  East of the Philippines, with the deepest trench on Earth.\n"))
  }

  @Test("--color=always colours a pipe, even with NO_COLOR set; --color=never does not")
  func forcedColor() throws {
    for environment in [testEnvironment, testEnvironment.merging(["NO_COLOR": "1"]) { $1 }] {
      let result = try runBinary(
        ["--color=always", "--depth=1", "Samples/oceans.md"], environment: environment)
      #expect(result.output.hasPrefix("\u{1B}[2;36m▾\u{1B}[0m \u{1B}[1mOceans\u{1B}[0m\n"))
      #expect(
        result.output.contains(
          "  \u{1B}[2;35m▸\u{1B}[0m \u{1B}[1mPacific\u{1B}[0m  \u{1B}[2m(4 sections, 5 lines)\u{1B}[0m\n"
        ))
      #expect(
        withoutEscapes(result.output) == (try runBinary(["--depth=1", "Samples/oceans.md"])).output)
    }
    let never = try runBinary(["--color", "never", "Samples/oceans.md"])
    #expect(!never.output.contains("\u{1B}"))
  }

  @Test("-w cuts lines; COLUMNS applies when -w is not given; -w 0 lifts the limit")
  func widthInPipe() throws {
    let cut = try runBinary(["-w", "24", "Samples/oceans.md"])
    #expect(cut.output.contains("      East of the Phili…\n"))
    #expect(lineWidths(cut.output).allSatisfy { $0 <= 24 })
    let columns = testEnvironment.merging(["COLUMNS": "24"]) { $1 }
    #expect(try runBinary(["Samples/oceans.md"], environment: columns) == cut)
    let wider = try runBinary(["--width=30", "Samples/oceans.md"], environment: columns)
    #expect(wider.output.contains("      East of the Philippines…\n"))
    let unlimited = try runBinary(["-w", "0", "Samples/oceans.md"], environment: columns)
    #expect(unlimited == (try runBinary(["Samples/oceans.md"])))
  }

  @Test("a width past 1000 columns, from -w or COLUMNS, is taken as 1000 and said so")
  func hugeWidth() throws {
    // A rule and a centred line were once drawn across the whole width asked for: 350 MB
    // for these lines at -w 100000000; -w 3000000000 ran out of memory, a larger one trapped.
    let document = Data(
      "# T\n\n---\n\n<p align=\"center\">hello</p>\n\nforty-two columns of text, to measure by.\n"
        .utf8)
    let expected =
      "▾ T\n  \(String(repeating: "─", count: 80))\n\n  \(String(repeating: " ", count: 37))hello\n\n"
      + "  forty-two columns of text, to measure by.\n"
    let huge = testEnvironment.merging(["COLUMNS": "3000000000"]) { $1 }
    let runs: [([String], [String: String], String)] = [
      (["-w", "100000000"], testEnvironment, "--width asks for 100000000"),
      (["-w", "3000000000"], testEnvironment, "--width asks for 3000000000"),
      (["-w", "9223372036854775807"], testEnvironment, "--width asks for 9223372036854775807"),
      ([], huge, "COLUMNS asks for 3000000000"),
    ]
    for (arguments, environment, asked) in runs {
      let result = try runBinary(
        ["--render=always", "-f", "markdown"] + arguments, input: document,
        environment: environment)
      #expect(
        result
          == CommandResult(
            output: expected,
            errors: "collapse: warning: \(asked) columns; lines are fitted to at most 1000\n",
            status: 0), "\(arguments)")
    }
    // At 1000 and below nothing is said; -w wins over COLUMNS; other outputs take no width.
    let fitted = try runBinary(
      ["--render=always", "-f", "markdown", "-w", "1000"], input: document, environment: huge)
    #expect(fitted == CommandResult(output: expected, errors: "", status: 0))
    let html = try runBinary(["-t", "html", "-f", "markdown"], input: document, environment: huge)
    #expect(html.errors == "" && html.status == 0)
  }

  @Test("wide, emoji and combining text is cut at a grapheme boundary within the width")
  func unicodeWidth() throws {
    let document = """
      # 東京の天気予報と週間の気温
      本文の一行目はかなり長い日本語の文章です。
      👨‍👩‍👧 family, 🇯🇵 flag, ❤️ heart
      Cafe\u{301} cre\u{300}me bru\u{302}le\u{301}e

      """
    let result = try runBinary(["-w", "14", "-f", "markdown"], input: Data(document.utf8))
    #expect(
      result.output == """
        ▾ 東京の天気…
          本文の一行…
          👨‍👩‍👧 family, …
          Cafe\u{301} cre\u{300}me …

        """)
    let ascii = try runBinary(
      ["-w", "14", "--ascii", "-f", "markdown"], input: Data(document.utf8))
    #expect(ascii.output.hasPrefix("- 東京の天...\n  本文の一..."))
  }
}

/// Runs collapse in a pseudo-terminal made by `script`, `columns` wide when given (else of
/// no size, as a terminal that does not say), and returns what the terminal received.
func runInTerminal(
  _ arguments: [String], columns: Int? = nil, environment: [String: String] = testEnvironment
) throws -> String {
  var command =
    "exec " + ([collapseBinary.path] + arguments).map(shellQuoted).joined(separator: " ")
  if let columns { command = "stty cols \(columns) rows 50 && " + command }
  let result = try runTool("script", ["-qec", command, "/dev/null"], environment: environment)
  // The terminal turns each line end into CR LF.
  return result.output.replacingOccurrences(of: "\r\n", with: "\n")
}

@Suite("colour and width in a terminal", .serialized)
struct TerminalOutputTests {
  let colored = "\u{1B}[2;36m▾\u{1B}[0m \u{1B}[1mOceans\u{1B}[0m\n"

  @Test("on a terminal, colour is on by default and --color=never turns it off", .needs("script"))
  func autoColor() throws {
    guard requireTool("script") else { return }
    let output = try runInTerminal(["--depth=1", "Samples/oceans.md"])
    #expect(output.hasPrefix(colored))
    #expect(output.contains("\u{1B}[2m(4 sections, 5 lines)\u{1B}[0m\n"))
    let never = try runInTerminal(["--color=never", "--depth=1", "Samples/oceans.md"])
    #expect(never == (try runBinary(["--depth=1", "Samples/oceans.md"])).output)
  }

  @Test("NO_COLOR (not empty) and TERM=dumb turn auto colour off on a terminal", .needs("script"))
  func noColor() throws {
    guard requireTool("script") else { return }
    let plain = try runBinary(["--depth=1", "Samples/oceans.md"]).output
    let quiet = testEnvironment.merging(["NO_COLOR": "1"]) { $1 }
    #expect(try runInTerminal(["--depth=1", "Samples/oceans.md"], environment: quiet) == plain)
    let dumb = testEnvironment.merging(["TERM": "dumb"]) { $1 }
    #expect(try runInTerminal(["--depth=1", "Samples/oceans.md"], environment: dumb) == plain)
    let empty = testEnvironment.merging(["NO_COLOR": ""]) { $1 }
    #expect(
      try runInTerminal(["--depth=1", "Samples/oceans.md"], environment: empty).hasPrefix(colored))
    let always = try runInTerminal(
      ["--color=always", "--depth=1", "Samples/oceans.md"], environment: quiet)
    #expect(always.hasPrefix(colored))
  }

  @Test(
    "the width comes from the terminal's size, before COLUMNS; -w wins over both", .needs("script"))
  func terminalWidth() throws {
    guard requireTool("script") else { return }
    let columns = testEnvironment.merging(["COLUMNS": "50"]) { $1 }
    let output = try runInTerminal(
      ["--color=never", "Samples/oceans.md"], columns: 30, environment: columns)
    // On a terminal, Markdown is drawn: its text broken to the width.
    #expect(output.contains("      East of the Philippines,\n      with the deepest trench\n"))
    #expect(lineWidths(output).allSatisfy { $0 <= 30 })
    let asked = try runInTerminal(["--color=never", "-w", "20", "Samples/oceans.md"], columns: 30)
    #expect(asked.contains("      East of the\n"))
    #expect(lineWidths(asked).allSatisfy { $0 <= 20 })
    let unlimited = try runInTerminal(
      ["--color=never", "-w", "0", "Samples/oceans.md"], columns: 30)
    #expect(unlimited == (try runBinary(["--render=always", "Samples/oceans.md"])).output)
  }

  @Test(
    "a terminal that does not say its size falls back to COLUMNS, else to no limit",
    .needs("script"))
  func sizelessTerminal() throws {
    guard requireTool("script") else { return }
    let columns = testEnvironment.merging(["COLUMNS": "25"]) { $1 }
    let output = try runInTerminal(["--color=never", "Samples/oceans.md"], environment: columns)
    #expect(lineWidths(output).max() == 25)
    let unlimited = try runInTerminal(["--color=never", "Samples/oceans.md"])
    #expect(unlimited == (try runBinary(["Samples/oceans.md"])).output)
  }

  @Test("a coloured line cut by the width still ends with the styles reset", .needs("script"))
  func cutLinesEndReset() throws {
    guard requireTool("script") else { return }
    let output = try runInTerminal(["--depth=2", "Samples/oceans.md"], columns: 20)
    for line in output.split(separator: "\n") where line.contains("\u{1B}") {
      #expect(line.hasSuffix("\u{1B}[0m"), "\(line)")
    }
    #expect(output.contains("\u{1B}[1mAustralasian \u{1B}[0m\u{1B}[2m…\u{1B}[0m\n"))
  }
}

@Suite("collapse in tmux", .serialized)
struct TmuxTests {
  @Test(
    "in a 40-column tmux window lines fit the window, titles are bold and markers coloured",
    .needs("tmux"))
  func window() throws {
    guard requireTool("tmux") else { return }
    let window = try TmuxWindow(
      "\(shellQuoted(collapseBinary.path)) --depth 2 Samples/oceans.md", columns: 40)
    defer { window.close() }
    let screen = try window.screen()
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    // On a terminal, Markdown is drawn: its text broken to the window's width.
    #expect(
      lines.prefix(4) == [
        "▾ Oceans", "  The seas of the world's oceans,", "  grouped by ocean region.",
        "  ▾ Pacific",
      ])
    #expect(lineWidths(screen).allSatisfy { $0 <= 40 })
    let styled = try window.screen(escapes: true)
    // tmux writes the styles it holds in its own way: dim and colour apart.
    #expect(styled.hasPrefix("\u{1B}[2m\u{1B}[36m▾"))
    #expect(styled.contains("\u{1B}[1mOceans"))
    #expect(styled.contains("\u{1B}[2m\u{1B}[35m▾"))
    #expect(styled.contains("\u{1B}[2m(1 line)"))
  }

  @Test("with NO_COLOR the tmux window shows no styles at all", .needs("tmux"))
  func noColor() throws {
    guard requireTool("tmux") else { return }
    let window = try TmuxWindow(
      "NO_COLOR=1 \(shellQuoted(collapseBinary.path)) --depth 2 Samples/oceans.md", columns: 40)
    defer { window.close() }
    let styled = try window.screen(escapes: true)
    #expect(!styled.contains("\u{1B}[1m"))
    #expect(!styled.contains("\u{1B}[2m"))
    #expect(
      try window.screen().hasPrefix(
        "▾ Oceans\n  The seas of the world's oceans,\n  grouped by ocean region.\n"))
  }

  @Test("in a tmux window, wide and emoji text is cut to the window's columns", .needs("tmux"))
  func wideText() throws {
    guard requireTool("tmux") else { return }
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("wide.md")
    try Data("# 東京の天気予報と週間の気温と湿度\n👨‍👩‍👧 family 🇯🇵 flag ❤️ heart and more\n".utf8).write(to: file)
    let window = try TmuxWindow(
      "\(shellQuoted(collapseBinary.path)) \(shellQuoted(file.path))", columns: 21)
    defer { window.close() }
    let screen = try window.screen()
    #expect(screen.hasPrefix("▾ 東京の天気予報と週…\n"))
    #expect(lineWidths(screen).allSatisfy { $0 <= 21 })
  }
}
