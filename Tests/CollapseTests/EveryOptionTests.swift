import Foundation
import Testing

@testable import collapse

/// An option as `--help` lists it, read back from its synopsis: `-f, --from FORMAT`.
struct ListedOption: CustomStringConvertible {
  var long: String
  var short: String?
  var takesValue: Bool

  init(synopsis: String) {
    let words = synopsis.split(separator: " ").map { String($0) }
    long = words.first { $0.hasPrefix("--") } ?? synopsis
    short = words.first { $0.hasPrefix("-") && !$0.hasPrefix("--") }.map { String($0.dropLast()) }
    takesValue = words.last.map { !$0.hasPrefix("-") } ?? false
  }

  var description: String { long }
}

/// How an option is tried: on a sample file, with the arguments it needs beside it, and
/// a value where it takes one. The run without the option has the same file and arguments.
struct OptionTrial {
  var file = "sample.md"
  var with: [String] = []
  var value: String? = nil
}

@Suite("every option in --help")
struct EveryOptionTests {
  /// A document on which each option shows: a long line with a link, a table, raw HTML, a local
  /// image and a remote one, code in a language, two levels, and a heading that starts
  /// collapsed.
  static let sample = """
    # Alpha

    A line of text long enough to be cut when the width is small, with more [words](https://x.org/w) after it.

    | a | b |
    |---|---|
    | 1 | 2 |

    <u>underlined</u> <iframe src="frame.html"></iframe>

    ![dot](dot.png) ![badge](https://x.org/badge.svg)

    ## Alpha one

    text

    ```sh
    make install
    ```

    # Beta <!-- collapsed -->

    ## Beta one

    more

    """

  /// A JSON array whose element a `--title-key` titles differently from its name.
  static let json = #"[{"label": "by label", "name": "by name"}]"#

  /// A JUnit report whose test says where it is written, which `--source-url` links.
  static let junit = #"<testsuite name="s"><testcase name="t" file="t.py" line="3"/></testsuite>"#

  /// Every option of `--help`, tried so that it changes the output or is refused.
  static let trials: [String: OptionTrial] = [
    // commonmark has no tables.
    "--from": OptionTrial(with: ["-t", "html"], value: "commonmark"),
    "--title-key": OptionTrial(file: "sample.json", value: "label"),
    "--expand": OptionTrial(value: "Alpha"),
    "--collapse": OptionTrial(value: "Alpha"),
    // Given alone, opens only Beta one, which holds it, and Beta, its ancestor.
    "--expand-matching": OptionTrial(value: "more"),
    "--collapse-matching": OptionTrial(value: "make install"),
    // Opens the element that has a label, which --collapse-all closed.
    "--expand-where": OptionTrial(file: "sample.json", with: ["--collapse-all"], value: "@.label"),
    "--collapse-where": OptionTrial(file: "sample.json", value: "@.label"),
    "--only": OptionTrial(value: "Beta"),
    "--collapse-all": OptionTrial(),
    // Opens Beta, which the document starts collapsed.
    "--expand-all": OptionTrial(),
    "--depth": OptionTrial(value: "1"),
    "--to": OptionTrial(value: "html"),
    // Standard output is left empty; OutputFileTests reads the file.
    "--output": OptionTrial(value: "out.txt"),
    // The view needs a terminal, which a test does not have; beside -t html it is refused
    // before it looks for one.
    "--interactive": OptionTrial(with: ["-t", "html"]),
    "--toc": OptionTrial(with: ["-t", "html"]),
    "--toc-depth": OptionTrial(with: ["-t", "html", "--toc"], value: "1"),
    "--max-bytes": OptionTrial(with: ["-t", "html"], value: "300"),
    "--source-url": OptionTrial(
      file: "sample.xml", with: ["-t", "html"], value: "https://github.com/o/r/blob/abc123"),
    "--unsafe": OptionTrial(with: ["-t", "html"]),
    "--outline": OptionTrial(),
    // Without a terminal, the default is no colour.
    "--color": OptionTrial(value: "always"),
    // Without a terminal, the default is no limit.
    "--width": OptionTrial(value: "20"),
    // Without a terminal, the default is the source lines, and links are never hyperlinks.
    "--render": OptionTrial(value: "always"),
    "--hyperlinks": OptionTrial(with: ["--render", "always"], value: "always"),
    "--ascii": OptionTrial(),
    "--standalone": OptionTrial(),
    "--embed-resources": OptionTrial(with: ["-t", "html"]),
    "--remote-images": OptionTrial(with: ["-s"]),
    "--no-highlight": OptionTrial(with: ["-s"]),
    "--title": OptionTrial(with: ["-s"], value: "Other"),
    "--lazy": OptionTrial(with: ["-s"], value: "always"),
    "--help": OptionTrial(),
    "--version": OptionTrial(),
  ]

  /// The options `--help` lists.
  static func listed() throws -> [ListedOption] {
    let help = try runBinary(["--help"])
    #expect(help.status == 0)
    return helpOptions(help.output).map { ListedOption(synopsis: $0.synopsis) }
  }

  @Test("every option in --help is in the manual", .needs("cmark-gfm"))
  func inManual() throws {
    guard requireTool("cmark-gfm") else { return }
    let described = try Manual().options.map { ListedOption(synopsis: $0.synopsis).long }
    let listed = try Self.listed()
    #expect(!listed.isEmpty)
    for option in listed {
      #expect(described.contains(option.long), "\(option) is not in docs/collapse.1.md")
    }
  }

  @Test("every option in --help is in each completion", arguments: CompletionFile.allCases)
  func inCompletion(_ file: CompletionFile) throws {
    let offered = file.options
    let listed = try Self.listed()
    #expect(!listed.isEmpty)
    for option in listed {
      #expect(offered.contains(option.long), "\(option) is not in \(file.rawValue)")
      if let short = option.short {
        #expect(offered.contains(short), "\(short) is not in \(file.rawValue)")
      }
    }
  }

  @Test("every option in --help changes the output or is refused, and has a trial")
  func changesOutput() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(Self.sample.utf8).write(to: folder.appendingPathComponent("sample.md"))
    try Data(Self.json.utf8).write(to: folder.appendingPathComponent("sample.json"))
    try Data(Self.junit.utf8).write(to: folder.appendingPathComponent("sample.xml"))
    try EmbedResourcesTests.pixel.write(to: folder.appendingPathComponent("dot.png"))

    let listed = try Self.listed()
    #expect(Set(listed.map(\.long)) == Set(Self.trials.keys))
    for option in listed {
      guard let trial = Self.trials[option.long] else {
        Issue.record("\(option) has no trial: say how it changes the output")
        continue
      }
      #expect(option.takesValue == (trial.value != nil), "\(option)")
      let without = try runBinary(trial.with + [trial.file], directory: folder)
      #expect(without.status == 0, "without \(option): \(without.errors)")
      let given = [option.long] + (trial.value.map { [$0] } ?? [])
      let with = try runBinary(trial.with + given + [trial.file], directory: folder)
      #expect(
        with.status == 2 || (with.status == 0 && with.output != without.output),
        "\(option) changes nothing: \(with.errors)")
      if let short = option.short {
        let shortly = [short] + (trial.value.map { [$0] } ?? [])
        #expect(
          try runBinary(trial.with + shortly + [trial.file], directory: folder) == with,
          "\(short) is not \(option)")
      }
    }
  }
}
