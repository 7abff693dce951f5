import Foundation
import Testing

@testable import collapse

/// The README's examples are commands with their output: run each and compare, so that
/// the README stays true. A line `…` ends what is compared.
@Suite("README examples")
struct ReadmeTests {
  struct Example: Sendable, CustomTestStringConvertible {
    let command: String
    let output: [String]
    var testDescription: String { command }
  }

  static func examples() -> [Example] {
    let readme =
      (try? String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8))
      ?? ""
    var examples: [Example] = []
    var fence: (bare: Bool, lines: [String])? = nil
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      guard line.hasPrefix("```") else {
        fence?.lines.append(line)
        continue
      }
      if let block = fence {
        if block.bare, let first = block.lines.first, first.hasPrefix("$ collapse") {
          examples.append(
            Example(command: String(first.dropFirst(2)), output: Array(block.lines.dropFirst())))
        }
        fence = nil
      } else {
        fence = (line == "```", [])
      }
    }
    return examples
  }

  @Test("the README has at least five examples to run")
  func thereAreExamples() {
    #expect(Self.examples().count >= 5)
  }

  @Test("each README example prints what the README says", arguments: examples())
  func example(_ example: Example) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", example.command + " 2>&1"]
    process.currentDirectoryURL = packageRoot
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] =
      collapseBinary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    var lines = printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    var expected = example.output
    if let cut = expected.firstIndex(of: "…") {
      expected = Array(expected[..<cut])
      lines = Array(lines.prefix(cut))
    }
    #expect(lines == expected)
  }
}

/// The CI snippet in the README uses the real options: every `collapse` command in its
/// YAML block parses, and runs on a sample.
@Suite("README CI snippet")
struct ReadmeCITests {
  static func commands() -> [String] {
    let readme =
      (try? String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8))
      ?? ""
    guard let start = readme.range(of: "## Use in CI"),
      let yaml = readme[start.upperBound...].range(of: "```yaml\n"),
      let end = readme[yaml.upperBound...].range(of: "```")
    else { return [] }
    return readme[yaml.upperBound..<end.lowerBound].split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("collapse ") }
  }

  @Test("the snippet has commands for an HTML report and a job summary, opened at failures")
  func thereAreCommands() {
    let commands = Self.commands()
    #expect(commands.count == 2)
    #expect(commands.contains { $0.contains("-s -t html") })
    #expect(commands.contains { $0.contains("-t markdown") && $0.contains("GITHUB_STEP_SUMMARY") })
    #expect(commands.allSatisfy { $0.contains("--expand-where \"@.status == 'failed'\"") })
  }

  @Test("every command parses and runs on a sample", arguments: commands())
  func runs(_ command: String) throws {
    // The command's words up to a redirection, its input swapped for a sample.
    var words = try #require(Case.shellWords(String(command.dropFirst("collapse ".count))))
    if let redirection = words.firstIndex(where: { $0.hasPrefix(">") }) {
      words = Array(words[..<redirection])
    }
    let input = try #require(words.last)
    words[words.count - 1] = input.hasSuffix(".json") ? "Samples/jest.json" : "Samples/feeds.md"
    // -o FILE writes in a folder of the test's.
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("report.html")
    let named = words.firstIndex(of: "-o")
    if let named { words[named + 1] = file.path }
    let result = try runBinary(words)
    #expect(result.status == 0, "\(command): \(result.errors)")
    #expect(result.errors == "")
    let output = named == nil ? result.output : try String(contentsOf: file, encoding: .utf8)
    // jest's report, opened at its two failed tests and not at those that passed.
    let opened = { (id: String) in
      output.contains("<details id=\"\(id)\" open>")
        || output.contains("<details open>\n<summary><a name=\"\(id)\">")
    }
    #expect(opened("auth-login-refuses-a-wrong-password"), "\(command)")
    #expect(!opened("auth-login-accepts-a-valid-password"), "\(command)")
  }
}

/// The README's "Speed" section quotes the latest benchmark, which `make bench` writes.
@Suite("README speed")
struct ReadmeSpeedTests {
  private func lines(_ path: String) throws -> [String] {
    try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
      .split(separator: "\n").map(String.init)
  }

  @Test("the README's Speed section shows bench/results.md's figures and the command")
  func sameFigures() throws {
    let readme = try lines("README.md")
    guard let start = readme.firstIndex(of: "## Speed") else {
      Issue.record("README.md has no '## Speed' section")
      return
    }
    let section = readme[(start + 1)...].prefix { !$0.hasPrefix("## ") }
    let figures = try lines("bench/results.md").filter {
      $0.hasPrefix("|") || $0.hasPrefix("- ") || $0.hasPrefix("Start-up")
    }
    #expect(figures.count >= 12)
    #expect(
      section.filter { $0.hasPrefix("|") || $0.hasPrefix("- ") || $0.hasPrefix("Start-up") }
        == figures)
    #expect(section.contains { $0.contains("`make bench`") })
  }
}

/// The README's recipe for a Markdown job summary, run on summaries shaped as real ones
/// are: testify's `Error:` after a tab, compilers', linters' and GitHub's error lines,
/// test runners' FAIL, and passing steps that say `0 failed` or `Found 0 errors`.
@Suite("README job summary recipe")
struct SummaryRecipeTests {
  /// The pattern of the README's command for a Markdown summary.
  static func pattern() throws -> String {
    let readme = try String(
      contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let line = try #require(
      readme.split(separator: "\n").first { $0.contains("# a Markdown summary") })
    let words = try #require(Case.shellWords(String(line)))
    let option = try #require(words.firstIndex(of: "--expand-matching"))
    return words[option + 1]
  }

  @Test("--help, the manual's examples and the README's other command use the same recipe")
  func sameEverywhere() throws {
    let pattern = try Self.pattern()
    #expect(helpExamples.contains { $0.command.contains("'\(pattern)'") })
    let readme = try String(
      contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.components(separatedBy: "--expand-matching '\(pattern)'").count == 3)
  }

  @Test(
    "it opens the steps that failed and no other",
    arguments: [
      (
        "Tests/Documents/ci-summaries/go-test.md",
        """
        ▾ Go tests
          ▾ example.com/shop/cart
          ▸ example.com/shop/search  (6 lines)
          ▸ cargo test  (4 lines)

        """
      ),
      (
        "Tests/Documents/ci-summaries/build.md",
        """
        ▾ Build
          ▾ typecheck
          ▾ rust
          ▾ c
          ▾ lint
          ▾ deploy
          ▸ docs  (6 lines)
          ▸ unit tests  (7 lines)

        """
      ),
      (
        "Samples/ci-summary.md",
        """
        ▾ Build and test
          ▸ lint  (1 line)
          ▸ build  (9 lines)
          ▾ test (ubuntu-latest)
            ▾ integration: checkout
            ▸ integration: search  (3 lines)
            ▾ integration: inventory
          ▸ test (macos-latest)  (1 line)

        """
      ),
    ])
  func opensFailures(_ file: String, _ outline: String) throws {
    let result = try runBinary(["--expand-matching", try Self.pattern(), "--outline", file])
    #expect(result == CommandResult(output: outline, errors: "", status: 0))
  }

  @Test("the line-start recipe it replaces opens nothing on testify's or a compiler's output")
  func oldRecipeMissed() throws {
    for file in ["go-test.md", "build.md"] {
      let result = try runBinary([
        "--expand-matching", #"/^\s*error:/"#, "--outline", "Tests/Documents/ci-summaries/\(file)",
      ])
      #expect(result.output.hasPrefix("▸"), "\(file): \(result.output)")
    }
  }
}
