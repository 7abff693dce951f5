import Foundation
import Testing

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

  @Test("the README shows examples")
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
