import Foundation
import TestSupport
import Testing

@testable import collapse

@Suite("command line, end to end")
struct EndToEndTests {
  @Test(
    "--version prints the version, and those of the libraries it runs with", .needs("cmark-gfm"))
  func version() throws {
    let result = try runBinary(["--version"])
    #expect(result.status == 0 && result.errors == "")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "collapse \(collapse.version)")
    #expect(
      lines.dropFirst().first?.wholeMatch(
        of:
          /cmark-gfm [0-9]+\.[0-9]+\.[0-9]+\.gfm\.[0-9]+, yajl [0-9]+\.[0-9]+\.[0-9]+, utf8proc [0-9]+\.[0-9]+\.[0-9]+, libxml2 [0-9]+\.[0-9]+\.[0-9]+/
      ) != nil, "\(result.output)")
    #expect(lines.count == 2)
    #expect(try runBinary(["-V"]).output == result.output)
    // The same cmark-gfm as the command's, which Debian builds from one package.
    guard requireTool("cmark-gfm") else { return }
    let command = try runTool("cmark-gfm", ["--version"]).output
    let library = lines[1].split(separator: ",")[0].dropFirst("cmark-gfm ".count)
    #expect(command.hasPrefix("cmark-gfm \(library) "), "\(command)")
  }

  @Test("no FILE and - both read standard input")
  func standardInput() throws {
    let input = Data("# A\ntext\n".utf8)
    let none = try runBinary([], input: input)
    let dash = try runBinary(["-"], input: input)
    #expect(none == CommandResult(output: "▾ A\n  text\n", errors: "", status: 0))
    #expect(dash == none)
  }

  @Test("several FILEs each become a top-level section named by the file, with unique ids")
  func severalFiles() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("intro\n# Setup\none\n".utf8).write(to: folder.appendingPathComponent("a.md"))
    try Data("# Setup\ntwo\n".utf8).write(to: folder.appendingPathComponent("b.md"))
    let text = try runBinary(["a.md", "b.md", "--depth", "1"], directory: folder)
    #expect(
      text
        == CommandResult(
          output: "▾ a.md\n  intro\n  ▸ Setup  (1 line)\n▾ b.md\n  ▸ Setup  (1 line)\n", errors: "",
          status: 0))
    let html = try runBinary(["a.md", "b.md", "-t", "html"], directory: folder)
    #expect(html.output.contains("<details id=\"setup\" open>"))
    #expect(html.output.contains("<details id=\"setup-1\" open>"))
    #expect(html.output.contains("<details id=\"amd\" open><summary>a.md"))
    let path = try runBinary(["a.md", "b.md", "-e", "b.md/setup", "--outline"], directory: folder)
    #expect(path.output == "▸ a.md  (1 section, 2 lines)\n▾ b.md\n  ▾ Setup\n")
  }

  @Test("an unreadable FILE is reported, the others still rendered, and the exit status is 1")
  func unreadableFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("# Fine\n".utf8).write(to: folder.appendingPathComponent("fine.md"))
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("folder"), withIntermediateDirectories: true)
    let result = try runBinary(["missing.md", "fine.md", "folder", "--outline"], directory: folder)
    #expect(result.status == 1)
    #expect(result.output == "▾ fine.md\n  ▾ Fine\n")
    #expect(
      result.errors
        == "collapse: missing.md: no such file or directory\ncollapse: folder: is a directory\n")
  }

  @Test("a FILE's control characters reach the terminal visible, not as commands")
  func controlCharactersInFileNames() throws {
    let result = try runBinary(["no\u{1B}[2Jsuch", "bad\u{7}\n.json"])
    #expect(result.status == 1)
    #expect(
      result.errors
        == "collapse: no^[[2Jsuch: no such file or directory\n"
        + "collapse: bad^G^J.json: no such file or directory\n")
  }

  @Test("-- ends the options, so a FILE may start with -")
  func endOfOptions() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("# Dashed\n".utf8).write(to: folder.appendingPathComponent("-dashed.md"))
    let result = try runBinary(["--outline", "--", "-dashed.md"], directory: folder)
    #expect(result == CommandResult(output: "▾ Dashed\n", errors: "", status: 0))
    let without = try runBinary(["--outline", "-dashed.md"], directory: folder)
    #expect(without.status == 2)
  }

  @Test("short flags bundle: -sthtml is -s -t html, -sd1 is -s -d 1")
  func bundledShortFlags() throws {
    let bundled = try runBinary(["-sthtml", "-d1", "Samples/oceans.md"])
    let separate = try runBinary(["-s", "-t", "html", "-d", "1", "Samples/oceans.md"])
    #expect(bundled.status == 0)
    #expect(bundled.output.hasPrefix("<!doctype html>"))
    #expect(bundled == separate)
    let moreBundled = try runBinary(["-t", "html", "-sd1", "Samples/oceans.md"])
    #expect(moreBundled == separate)
  }

  @Test("the /regex/ NAMEs of a command share 10 seconds; the first to use them up ends it")
  func runawayRegex() throws {
    // On each title the patterns backtrack a million steps, under the bound of one match,
    // and a minute or so for them all. Only the first looked at, --only's, is started,
    // and it alone is named.
    let document = String(repeating: "# " + String(repeating: "a", count: 30) + "\n", count: 3000)
    let result = try runBinary(
      [
        "-e", "/(a|aa)*[bc]/", "-e", "/(aa|a)*[bc]/", "-c", "/(a|aa)*[cd]/", "--only",
        "/(a|aa)*[de]/,a",
      ],
      input: Data(document.utf8))
    #expect(result.status == 2)
    #expect(result.output == "")
    #expect(
      result.errors
        == "collapse: matching '/(a|aa)*[de]/' took over 10 seconds: a /regex/ that backtracks on every text, like /(a|aa)*[bc]/ on many long titles, may take that long; make it simpler\n"
    )
  }

  @Test("messages that quote a document or an argument show its control characters as ^[")
  func controlCharactersInMessages() throws {
    // OSC 52 would write the clipboard in a terminal that honours it.
    let document = "# Overview\u{1B}]52;c;cHduZWQ=\u{07}\n"
    let suggestion = try runBinary(["-e", "overvie"], input: Data(document.utf8))
    #expect(
      suggestion.errors
        == "collapse: no section matches 'overvie'; did you mean 'Overview^[]52;c;cHduZWQ=^G'?\n")
    let cases: [([String], String)] = [
      (["-e", "\u{1B}[31mX"], "collapse: no section matches '^[[31mX'\n"),
      (["-e", "/\u{1B}(/"], "collapse: invalid /regex/ '/^[(/' at character 3: "),
      (["-d", "\u{1B}[31m"], "collapse: invalid value '^[[31m' for --depth"),
      (["-f", "\u{9B}31m"], "collapse: invalid value 'M-^[31m' for --from"),
      (["--\u{1B}[31m"], "collapse: unknown option '--^[[31m'"),
      (["-\u{1B}"], "collapse: unknown option '-^['"),
      (["--max-bytes", "\u{1B}"], "collapse: invalid value '^[' for --max-bytes"),
      (["\u{1B}[2J.md"], "collapse: ^[[2J.md: no such file or directory\n"),
    ]
    for (arguments, start) in cases {
      let result = try runBinary(arguments, input: Data(document.utf8))
      #expect(result.errors.hasPrefix(start), "\(arguments): \(result.errors)")
      #expect(!result.errors.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B })
      #expect(result.status != 0)
    }
  }

  @Test("a plain NAME, however long, is matched and spell-checked without the /regex/ limit")
  func longPlainName() throws {
    // Matching by edit distance took the product of the lengths: minutes, then a message
    // that blamed a /regex/.
    let title = String(repeating: "a", count: 100_000)
    let name = String(repeating: "b", count: 100_000)
    let result = try runBinary(["-e", name], input: Data("# \(title)\n".utf8))
    #expect(result.status == 2)
    #expect(result.errors == "collapse: no section matches '\(name.prefix(59))…'\n")
    // A long NAME that a title holds is still suggested.
    let held = try runBinary(
      ["-e", String(title.prefix(70_000))], input: Data("# \(title)\n".utf8))
    #expect(
      held.errors
        == "collapse: no section matches '\(title.prefix(59))…'; did you mean '\(title.prefix(59))…'?\n"
    )
  }

  @Test("a page of several files is named for them")
  func pageOfSeveralFiles() throws {
    let two = try runBinary(["-s", "Samples/oceans.md", "Samples/feeds.md"])
    #expect(two.output.contains("<title>oceans.md, feeds.md</title>"))
    let five = try runBinary([
      "-s", "Samples/oceans.md", "Samples/feeds.md", "Samples/vehicles.md", "Samples/oceans.json",
      "Samples/releases.json",
    ])
    #expect(five.output.contains("<title>oceans.md, feeds.md, vehicles.md and 2 more</title>"))
    let titled = try runBinary(["-s", "--title", "Mine", "Samples/oceans.md", "Samples/feeds.md"])
    #expect(titled.output.contains("<title>Mine</title>"))
  }

  @Test("-s alone means an html page")
  func standaloneAlone() throws {
    let alone = try runBinary(["-s", "Samples/oceans.md"])
    #expect(alone.status == 0)
    #expect(alone == (try runBinary(["-s", "-t", "html", "Samples/oceans.md"])))
  }

  @Test("options may come after FILEs")
  func optionsAfterFiles() throws {
    let result = try runBinary(["Samples/oceans.md", "--depth", "1", "--outline"])
    #expect(result.output.hasPrefix("▾ Oceans\n  ▸ Pacific  (4 sections, 5 lines)\n"))
  }

  @Test(
    "a reader that stops early (collapse big.md | head -1) ends it quietly, with the status so far")
  func closedPipe() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(GeneratedOutline(seed: 3, size: 3_000_000).markdown.utf8).write(
      to: folder.appendingPathComponent("big.md"))
    let script =
      "set -o pipefail; \"$0\" big.md | head -1 >/dev/null; echo \"status ${PIPESTATUS[0]}\""
    let result = try runScript(script, in: folder)
    #expect(result.output == "status 0\n")
    #expect(result.errors == "")
    // An input that could not be read is still an error when the reader goes away.
    let missing =
      "\"$0\" big.md missing.md | head -1 >/dev/null; echo \"status ${PIPESTATUS[0]}\""
    let failed = try runScript(missing, in: folder)
    #expect(failed.output == "status 1\n")
    #expect(failed.errors == "collapse: missing.md: no such file or directory\n")
  }

  @Test("a failed write (a full disk) is an error with status 1")
  func fullDisk() throws {
    let process = Process()
    process.executableURL = collapseBinary
    process.arguments = ["Samples/oceans.md"]
    process.currentDirectoryURL = packageRoot
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let complaints = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(complaints == "collapse: write error: no space left on device\n")
  }
}

@Suite("JSON from the command line")
struct JSONCommandLineTests {
  private func folder(_ files: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("collapse-json-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in files {
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    return folder
  }

  @Test("a broken JSON file is reported with its place; the other files are still rendered")
  func brokenAmongOthers() throws {
    let folder = try folder([
      "good.json": #"{"a": {"b": 1}}"#, "bad.json": "{\n  \"a\": [1,]\n}", "notes.md": "# Notes\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runBinary(
      ["good.json", "bad.json", "notes.md", "--outline"], directory: folder)
    #expect(result.status == 1)
    #expect(result.output == "▾ good.json\n  ▾ a\n▾ notes.md\n  ▾ Notes\n")
    #expect(
      result.errors
        == "collapse: bad.json:2:11: expected a value after ',', found ']' (trailing commas are not allowed)\n"
    )
  }

  @Test("the extension decides the format: .json, .jsonl, .ndjson; -f overrides it")
  func extensions() throws {
    let lines = "{\"a\": {\"x\": 1}}\n{\"b\": {\"y\": 2}}\n"
    let folder = try folder([
      "log.jsonl": lines, "log.ndjson": lines, "data.txt": "{\"k\": {\"v\": 1}}",
      "looks.json": "# Not JSON\n", "one.jsonl": "{\"a\": {\"b\": 1}}\n",
      "one.NDJSON": "{\"a\": 1}\n", "none.jsonl": "",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["log.jsonl", "log.ndjson"] {
      let result = try runBinary([name, "--outline"], directory: folder)
      #expect(result.output == "▾ [0]\n  ▾ a\n▾ [1]\n  ▾ b\n", "\(name)")
    }
    // JSON Lines keeps its [i] sections with one line, as with two; with none it is empty.
    #expect(
      try runBinary(["one.jsonl"], directory: folder)
        == CommandResult(output: "▾ [0]\n  ▾ a\n    b: 1\n", errors: "", status: 0))
    #expect(
      try runBinary(["one.jsonl", "-f", "json"], directory: folder).output.hasPrefix("▾ [0]\n"))
    #expect(try runBinary(["one.NDJSON"], directory: folder).output == "▾ [0]\n  a: 1\n")
    #expect(
      try runBinary(["none.jsonl", "-t", "json"], directory: folder)
        == CommandResult(
          output: "{\"version\": 1, \"content\": [], \"children\": []}\n", errors: "", status: 0))
    // Standard input is not JSON Lines unless its values say so: one value is unwrapped.
    let piped = try runBinary(["-f", "json"], input: Data("{\"a\": {\"b\": 1}}\n".utf8))
    #expect(piped.output == "▾ a\n  b: 1\n")
    #expect(try runBinary(["data.txt", "--outline"], directory: folder).output == "▾ k\n")
    let forced = try runBinary(["looks.json", "-f", "markdown", "--outline"], directory: folder)
    #expect(forced.output == "▾ Not JSON\n")
    let wrong = try runBinary(["looks.json"], directory: folder)
    #expect(wrong.status == 1)
    #expect(wrong.errors == "collapse: looks.json:1:1: unexpected character '#'\n")
  }

  @Test("100,000 levels of nesting render in text, HTML and a page with contents without a crash")
  func deepNesting() throws {
    let depth = 100_000
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    for format in [["-t", "text"], ["-t", "html"], ["-s", "-t", "html", "--toc"]] {
      let result = try runBinary(["-f", "json"] + format, input: Data(text.utf8))
      #expect(result.status == 0, "\(format)")
      #expect(result.errors == "", "\(format)")
      #expect(!result.output.isEmpty, "\(format)")
    }
  }

  @Test("text output stays linear in the nesting depth")
  func deepIndentIsCapped() throws {
    let text = String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000)
    let result = try runBinary(["-f", "json", "--ascii"], input: Data(text.utf8))
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == 1999)
    #expect(lines.allSatisfy { $0.count < 130 })
    #expect(
      lines.last
        == "                                                                                                    [depth 1998] [0]: []"
    )
  }
}
