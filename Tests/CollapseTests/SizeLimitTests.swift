import Foundation
import TestSupport
import Testing

@testable import collapse

/// `--max-bytes`: html and markdown output cut to fit, whole sections at a time.
@Suite("size limit")
struct SizeLimitTests {
  static let document = GeneratedOutline(seed: 5, size: 300_000).markdown

  private func run(_ arguments: [String], _ input: String = document) throws -> CommandResult {
    try runBinary(arguments, input: Data(input.utf8))
  }

  @Test(
    "the output fits the limit, in whole sections, and says what was left out and how to see it",
    arguments: [
      (["-t", "markdown"], 200_000), (["-t", "markdown"], 40_000), (["-t", "html"], 150_000),
      (["-t", "html", "-s", "--toc"], 120_000), (["-t", "html", "--toc"], 60_000),
    ])
  func fits(_ arguments: [String], _ limit: Int) throws {
    let full = try run(arguments)
    #expect(full.output.utf8.count > limit)
    let raw = try runBinaryRaw(
      arguments + ["--max-bytes", String(limit)], input: Data(Self.document.utf8))
    let cut = try run(arguments + ["--max-bytes", String(limit)])
    #expect(cut.status == 0)
    #expect(cut.errors == "")
    #expect(raw.output.count <= limit)
    // Never cut inside a UTF-8 sequence: the output is valid UTF-8 as it stands.
    #expect(String(validating: raw.output, as: UTF8.self) != nil)
    // A marker at each cut, of what it left out.
    #expect(cut.output.contains(arguments[1] == "markdown" ? "\n*Left out: " : ">Left out: "))
    // It keeps most of what fits: the cut is made to measure, not in big steps.
    #expect(raw.output.count > limit * 9 / 10)
    // The notice comes first, before the table of contents and the sections.
    let command = "collapse " + arguments.joined(separator: " ")
    let notice = try #require(cut.output.firstRange(of: "This output was cut to fit"))
    #expect(!cut.output[..<notice.lowerBound].contains("<details"))
    #expect(!cut.output[..<notice.lowerBound].contains("<nav"))
    #expect(
      cut.output[notice.lowerBound...].hasPrefix("This output was cut to fit \(limit) bytes: "))
    let ending = command + (arguments[1] == "markdown" ? "`\n" : "</code></p>\n")
    #expect(
      cut.output[notice.lowerBound...].split(separator: "\n").first.map { $0 + "\n" }?.hasSuffix(
        ending) == true)
    // Whole sections: the <details> still nest and balance.
    let html =
      arguments[1] == "markdown"
      ? try MarkdownRoundTripTests.render(cut.output, unsafe: true) : cut.output
    let shown = try MarkdownRoundTripTests.detailsTree(html)
    #expect(!shown.isEmpty)
    // What is not left out is there word for word: the preamble, for one (a table of
    // contents loses the links to what is left out).
    if !arguments.contains("--toc") {
      let lines = cut.output.split(separator: "\n")
      #expect(lines.dropFirst().first == full.output.split(separator: "\n").first)
    }
  }

  @Test(
    "sizes take K, M and G, alone or as KB or KiB, all powers of 1024, and fractions with a unit",
    arguments: [
      ("65536", 65_536), ("64K", 65_536), ("64KB", 65_536), ("64KiB", 65_536), ("64kib", 65_536),
      ("1.5M", 1_572_864), ("1.5MiB", 1_572_864), ("1G", 1_073_741_824), ("0.5k", 512),
      ("2.25GB", 2_415_919_104), ("100b", 100), ("99999999999999999999G", Int.max),
    ])
  func sizes(_ text: String, _ bytes: Int) throws {
    #expect(try Options.parse(["-t", "html", "--max-bytes", text]).output.maxBytes == bytes)
  }

  @Test("a size that is not one is a usage error that shows what sizes look like")
  func badSizes() throws {
    for text in ["1.5", "1.5B", "0", "K", "1.K", ".5M", "1,5M", "1T", "-1K", "1 K"] {
      let result = try runBinary(["--max-bytes", text, "-t", "html", "Samples/oceans.md"])
      #expect(result.status == 2, "\(text)")
      #expect(
        result.errors
          == "collapse: invalid value '\(text)' for --max-bytes; expected a number of bytes, such as 1048576, 64K, 1.5M or 1G\n"
      )
    }
  }

  @Test("a document nested 200,000 deep is cut to fit, and says what it left out")
  func deepNesting() throws {
    let depth = 200_000
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    for format in ["markdown", "html"] {
      let result = try runBinary(
        ["-f", "json", "-t", format, "--max-bytes", "100K"], input: Data(text.utf8))
      #expect(result.status == 0, "\(format)")
      #expect(result.output.utf8.count <= 102_400, "\(format)")
      #expect(result.output.contains("left out"), "\(format)")
    }
  }

  @Test("collapsed sections lose their content first, keeping their titles; then sections go whole")
  func closeThenRemove() throws {
    var large = "# Report\n\n"
    for index in 0..<20 {
      large +=
        "## Part \(index)\n\n" + String(repeating: "words of part \(index). ", count: 100) + "\n\n"
    }
    // The parts collapsed: closing them is enough, and every title stays.
    let fullCollapsed = try run(["-t", "markdown", "--depth", "1"], large)
    let cutCollapsed = try run(
      [
        "-t", "markdown", "--depth", "1", "--max-bytes",
        String(fullCollapsed.output.utf8.count / 2),
      ],
      large)
    #expect(!cutCollapsed.output.contains("section left out"))
    #expect(!cutCollapsed.output.contains("sections left out"))
    #expect(cutCollapsed.output.contains(/\n\*Left out: 1 line, 1\.[78] KiB\.\*\n/))
    for index in 0..<20 {
      #expect(cutCollapsed.output.contains("Part \(index) (1 line)</summary>"))
    }
    // The parts expanded: the last go whole, the first stay whole, one marker where the
    // last ones were.
    let fullExpanded = try run(["-t", "markdown"], large)
    let cutExpanded = try run(
      ["-t", "markdown", "--max-bytes", String(fullExpanded.output.utf8.count / 2)], large)
    #expect(!cutExpanded.output.contains("sections closed"))
    #expect(cutExpanded.output.contains("words of part 0. "))
    #expect(cutExpanded.output.contains("words of part 8. "))
    #expect(!cutExpanded.output.contains("Part 19"))
    #expect(cutExpanded.output.ranges(of: "\n*Left out: ").count == 1)
    #expect(
      try #require(
        cutExpanded.output.firstMatch(
          of: /\n\*Left out: (\d+) sections, \1 lines, [0-9.]+ KiB\.\*\n\n<\/details>\n$/)) != nil)
  }

  @Test("JSON input is cut to fit too")
  func jsonInput() throws {
    var document = "["
    for index in 0..<200 {
      document +=
        (index > 0 ? "," : "") + "{\"name\": \"item \(index)\", \"body\": \""
        + String(repeating: "x", count: 200) + "\"}"
    }
    document += "]"
    for format in ["markdown", "html"] {
      let result = try runBinary(
        ["-f", "json", "-t", format, "--max-bytes", "20K"], input: Data(document.utf8))
      #expect(result.status == 0)
      #expect(result.output.utf8.count <= 20_480)
      #expect(result.output.contains("item 0"))
    }
  }

  @Test("the command to see everything asks for the same input again when it came on a pipe")
  func commandFromStandardInput() throws {
    let result = try run(["-t", "markdown", "--max-bytes", "20K"])
    #expect(
      result.output.split(separator: "\n").first?.hasSuffix("`… | collapse -t markdown`") == true)
  }

  @Test("output that fits is the same with and without the limit")
  func fitsAlready() throws {
    for format in ["markdown", "html"] {
      let plain = try runBinary(["-t", format, "Samples/oceans.md"])
      let limited = try runBinary(["-t", format, "--max-bytes", "1M", "Samples/oceans.md"])
      #expect(limited == plain)
    }
  }

  @Test("the deepest sections are left out first")
  func deepestFirst() throws {
    let document = """
      # One
      \(String(repeating: "top words ", count: 40))
      ## Two
      \(String(repeating: "middle words ", count: 40))
      ### Three
      \(String(repeating: "deep words ", count: 200))
      """
    let full = try run(["-t", "markdown"], document)
    let cut = try run(
      ["-t", "markdown", "--max-bytes", String(full.output.utf8.count - 500)], document)
    #expect(cut.output.contains("top words"))
    #expect(cut.output.contains("middle words"))
    #expect(!cut.output.contains("deep words"))
    // Where Three was, at the end of Two, a marker says what went.
    #expect(!cut.output.contains("Three"))
    #expect(
      cut.output.contains(
        "middle words \n\n*Left out: 1 section, 1 line, 2.2 KiB.*\n\n</details>\n\n</details>\n"))
  }

  @Test("a limit too small for even the titles is an error, and nothing is written")
  func tooSmall() throws {
    let result = try runBinary(["-t", "html", "--max-bytes", "100", "Samples/oceans.md"])
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(
      result.errors.hasPrefix(
        "collapse: the output cannot fit in 100 bytes; with every section left out it still takes ")
        && result.errors.hasSuffix(" bytes\n"), "\(result.errors)")
  }

  @Test("--max-bytes takes a number of bytes, or a size, for html and markdown only")
  func values() throws {
    #expect(
      try runBinary(["-t", "markdown", "--max-bytes", "2K", "Samples/oceans.md"]).status == 0)
    for bad in ["0", "-1", "1T", "lots", ""] {
      let result = try runBinary(["-t", "markdown", "--max-bytes=\(bad)", "Samples/oceans.md"])
      #expect(result.status == 2, "\(bad)")
      #expect(result.errors.contains("expected a number of bytes"), "\(bad)")
    }
    let text = try runBinary(["--max-bytes", "1M", "Samples/oceans.md"])
    #expect(text.status == 2)
    #expect(text.errors == "collapse: --max-bytes applies to html and markdown output\n")
  }

  @Test("the command to see everything is this one without --max-bytes, quoted for a shell")
  func fullCommand() throws {
    let result = try runBinary([
      "--max-bytes=900", "-t", "markdown", "-e", "Bay of Bengal", "Samples/oceans.md",
    ])
    #expect(
      result.output.split(separator: "\n").first?.hasSuffix(
        "`collapse -t markdown -e 'Bay of Bengal' Samples/oceans.md`") == true)
  }

  @Test("what content matching opened is kept after what was named and before the rest")
  func keepsMatches() throws {
    // A job summary of 5,000 tests, three of which failed, far over the limit.
    var summary = "# Test run\n\n"
    let failed: Set = [120, 2_480, 4_999]
    for test in 0..<5_000 {
      summary += "## test \(test)\n\n"
      summary +=
        failed.contains(test)
        ? "```\nerror: test \(test) expected 1, got 2\n```\n\n"
        : "Passed in \(test % 97) ms, with nothing to report about it at all.\n\n"
    }
    let input = Data(summary.utf8)
    let limit = 60_000
    #expect(input.count > 5 * limit)
    for format in ["markdown", "html"] {
      let flags = ["-t", format, "--max-bytes", "\(limit)", "--expand-all"]
      let kept = try runBinary(flags + ["--expand-matching", "error:"], input: input)
      #expect(kept.status == 0, "\(kept.errors)")
      #expect(kept.output.utf8.count <= limit, "\(format)")
      for test in failed {
        #expect(kept.output.contains("error: test \(test) expected 1, got 2"), "\(format) \(test)")
      }
      // Without it, the last failure is among what is left out to fit.
      let cut = try runBinary(flags, input: input)
      #expect(cut.status == 0)
      #expect(!cut.output.contains("error: test 4999 expected"), "\(format)")
      // A section named to expand is kept before the matches.
      let named = try runBinary(
        flags + ["--expand-matching", "error:", "-e", "test 3000"], input: input)
      #expect(named.output.contains("Passed in \(3_000 % 97) ms"), "\(format)")
    }
  }
}
