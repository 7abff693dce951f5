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
    #expect(
      cut.output.contains("left out to fit the size limit")
        || cut.output.contains("Left out to fit the size limit"))
    // It keeps most of what fits: the cut is made to measure, not in big steps.
    #expect(raw.output.count > limit * 9 / 10)
    let command = "collapse " + arguments.joined(separator: " ")
    #expect(cut.output.contains("See everything with:"))
    #expect(cut.output.contains(command + (arguments[1] == "markdown" ? "`" : "</code>")))
    // Whole sections: the <details> still nest and balance.
    let html =
      arguments[1] == "markdown"
      ? try MarkdownRoundTripTests.render(cut.output, unsafe: true) : cut.output
    let shown = try MarkdownRoundTripTests.detailsTree(html)
    #expect(!shown.isEmpty)
    // What is not left out is there word for word: the preamble, for one (a table of
    // contents loses the links to what is left out).
    if !arguments.contains("--toc") {
      #expect(cut.output.split(separator: "\n").first == full.output.split(separator: "\n").first)
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
    #expect(try Options.parse(["-t", "html", "--max-bytes", text]).maxBytes == bytes)
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

  @Test("sections are closed first, keeping their titles; only then removed, and said so")
  func closeThenRemove() throws {
    // Many small sections under one title: closing them saves nothing, so some go whole.
    var small = "# Changelog\n\nIntro.\n\n"
    for index in 0..<300 { small += "## Version \(index)\n\n- fixed \(index)\n\n" }
    let fullSmall = try run(["-t", "markdown"], small)
    let limit = fullSmall.output.utf8.count - 2_000
    let cutSmall = try run(["-t", "markdown", "--max-bytes", String(limit)], small)
    #expect(cutSmall.output.utf8.count <= limit)
    #expect(cutSmall.output.utf8.count > limit - 500)
    #expect(cutSmall.output.contains("more sections left out to fit the size limit"))
    #expect(cutSmall.output.contains("Version 299"))
    // Large sections: closing them is enough, and every title stays.
    var large = "# Report\n\n"
    for index in 0..<20 {
      large +=
        "## Part \(index)\n\n" + String(repeating: "words of part \(index). ", count: 100) + "\n\n"
    }
    let fullLarge = try run(["-t", "markdown"], large)
    let cutLarge = try run(
      ["-t", "markdown", "--max-bytes", String(fullLarge.output.utf8.count / 2)], large)
    #expect(!cutLarge.output.contains("more section"))
    #expect(cutLarge.output.contains("Left out to fit the size limit"))
    for index in 0..<20 {
      #expect(
        cutLarge.output.contains("Part \(index)</summary>")
          || cutLarge.output.contains("Part \(index) ("))
    }
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
    #expect(result.output.hasSuffix("`… | collapse -t markdown`\n"))
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
    #expect(
      cut.output.contains("<summary><a name=\"three\"></a>Three (1 line)</summary>\n\n*Left out"))
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
      result.output.hasSuffix("`collapse -t markdown -e 'Bay of Bengal' Samples/oceans.md`\n"))
  }
}
