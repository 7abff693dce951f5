import Foundation
import OutlineKit
import TestSupport
import Testing

/// Inputs at the extremes of size, depth and validity: each has a defined output and exit
/// status, and none ends in a trap. Big inputs are made here, never kept in the repository.
@Suite("extreme inputs")
struct ExtremeInputTests {
  private static let outputs = ["text", "html", "markdown", "json"]

  /// Runs the binary on `input` and checks that it ended by itself, with valid UTF-8 out.
  private func run(_ arguments: [String], _ input: [UInt8]) throws -> RawCommandResult {
    let result = try runBinaryRaw(arguments, input: Data(input))
    #expect(!result.signaled, "\(arguments): killed by signal \(result.status)")
    #expect(
      String(validating: result.output, as: UTF8.self) != nil,
      "\(arguments): the output is not valid UTF-8")
    return result
  }

  private func text(_ data: Data) -> String {
    String(decoding: data, as: UTF8.self)
  }

  @Test("empty input shows an empty outline, with status 0")
  func emptyInput() throws {
    for format in ["markdown", "json"] {
      for output in Self.outputs {
        let result = try run(["-f", format, "-t", output], [])
        #expect(result.status == 0 && result.errors.isEmpty, "\(format) to \(output)")
        let expected =
          output == "json" ? "{\"version\": 1, \"content\": [], \"children\": []}\n" : ""
        #expect(text(result.output) == expected, "\(format) to \(output)")
      }
      let page = try run(["-f", format, "-s", "-t", "html"], [])
      #expect(page.status == 0)
      #expect(text(page.output).contains("<title>standard input</title>"))
      #expect(text(page.output).contains("<main>\n</main>"))
    }
  }

  @Test("a condition nested 30,000 deep or with 100,000 ! ends with a message, status 2")
  func deepConditions() throws {
    for (condition, character) in [
      (String(repeating: "(", count: 30_000) + "@.a", 101),
      (String(repeating: "!", count: 100_000) + "@.a", 2),
      (String(repeating: "@[?", count: 30_000) + "@.a", 304),
    ] {
      let result = try run(["-f", "json", "--expand-where", condition], Array("[{\"a\": 1}]".utf8))
      #expect(result.status == 2, "\(condition.prefix(3))")
      #expect(text(result.errors).contains("at character \(character): "), "\(condition.prefix(3))")
    }
  }

  /// `count` bytes from a seeded generator, the same on every run.
  private func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var random = SplitMix(seed: seed)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count)
    while bytes.count < count {
      withUnsafeBytes(of: random.next()) { bytes.append(contentsOf: $0) }
    }
    return Array(bytes.prefix(count))
  }

  @Test(
    "1 MB of random bytes as Markdown: every format, status 0, valid UTF-8",
    arguments: [11 as UInt64])
  func randomMarkdown(seed: UInt64) throws {
    let input = randomBytes(1 << 20, seed: seed)
    for output in Self.outputs {
      let result = try run(["-f", "markdown", "-t", output], input)
      #expect(result.status == 0 && result.errors.isEmpty, "\(output): \(text(result.errors))")
      // Every line of the input is shown: the output has at least as many lines.
      let lines = input.split(separator: 0x0A).count
      if output == "text" {
        #expect(result.output.split(separator: 0x0A).count >= lines * 9 / 10)
      }
      if output == "json" {
        #expect(try JSONSerialization.jsonObject(with: result.output) is [String: Any])
      }
    }
  }

  @Test(
    "1 MB of random bytes as JSON: one placed error, status 1, nothing on standard output",
    arguments: [11, 12, 13] as [UInt64])
  func randomJSON(seed: UInt64) throws {
    var input = randomBytes(1 << 20, seed: seed)
    if seed == 13 { input[0] = UInt8(ascii: "[") }
    for output in Self.outputs {
      let result = try run(["-f", "json", "-t", output], input)
      #expect(result.status == 1, "seed \(seed) to \(output)")
      #expect(result.output.isEmpty)
      let message = text(result.errors)
      #expect(
        message.wholeMatch(of: /collapse: stdin:\d+:\d+: [^\n]+\n/) != nil,
        "seed \(seed) to \(output): \(message)")
    }
  }

  @Test(
    "NUL bytes: a binary file, unless -f says the format: U+FFFD in Markdown, an error at their place in JSON"
  )
  func nulBytes() throws {
    let binary = try run(["--expand-all"], Array("# a\0b\n".utf8))
    #expect(binary.status == 1 && binary.output.isEmpty)
    #expect(
      text(binary.errors) == "collapse: stdin: binary file, not Markdown, JSON, YAML or XML\n")
    let markdown = try run(["-f", "markdown", "--expand-all"], Array("# a\0b\n\0 text\0\n".utf8))
    #expect(markdown.status == 0)
    #expect(text(markdown.output) == "▾ a\u{FFFD}b\n  \u{FFFD} text\u{FFFD}\n")
    let html = try run(["-f", "gfm", "-t", "html"], Array("# a\0b\n".utf8))
    #expect(text(html.output).contains("<summary>a\u{FFFD}b</summary>"))
    let inKey = try run(["-f", "json"], Array("{\"a\0\": 1}".utf8))
    #expect(inKey.status == 1 && inKey.output.isEmpty)
    #expect(
      text(inKey.errors)
        == "collapse: stdin:1:4: control character U+0000 in a string must be escaped\n")
    let outside = try run(["-f", "json"], Array("[\0]".utf8))
    #expect(text(outside.errors) == "collapse: stdin:1:2: unexpected control character U+0000\n")
  }

  @Test("a 5 MB heading is one title, in every format")
  func hugeHeading() throws {
    let title = String(repeating: "a", count: 5_000_000)
    let input = Array("# \(title)\nbody\n".utf8)
    let expanded = try run([], input)
    #expect(expanded.status == 0)
    #expect(text(expanded.output) == "▾ \(title)\n  body\n")
    let collapsed = try run(["--collapse-all"], input)
    #expect(text(collapsed.output) == "▸ \(title)  (1 line)\n")
    for output in Self.outputs.dropFirst() {
      let result = try run(["-t", output], input)
      #expect(result.status == 0, "\(output)")
      // JSON gives a title three times over: as the title, in its id and in its path.
      let most = output == "json" ? 4 : 3
      #expect(result.output.count < most * input.count, "\(output): \(result.output.count) bytes")
    }
  }

  @Test("200,000 headings of the same title: 200,000 sections with unique ids")
  func manyHeadings() throws {
    let count = 200_000
    let input = Array(String(repeating: "# Intro\nline\n", count: count).utf8)
    let outline = try run(["--collapse-all", "--outline"], input)
    #expect(outline.status == 0)
    let lines = text(outline.output).split(separator: "\n")
    #expect(lines.count == count)
    #expect(lines.allSatisfy { $0 == "▸ Intro  (1 line)" })
    let html = text(try run(["-t", "html"], input).output)
    #expect(html.ranges(of: "<details id=\"intro").count == count)
    #expect(html.contains("<details id=\"intro\" open>"))
    #expect(html.contains("<details id=\"intro-199999\" open>"))
    #expect(!html.contains("intro-200000"))
  }

  @Test("50,000 nested block quotes are content, rendered to their full depth")
  func deepBlockQuotes() throws {
    let depth = 50_000
    let quotes = String(repeating: ">", count: depth) + " deep"
    let input = Array("# Quotes\n\(quotes)\n".utf8)
    let result = try run([], input)
    #expect(result.status == 0)
    #expect(text(result.output) == "▾ Quotes\n  \(quotes)\n")
    let html = text(try run(["-t", "html"], input).output)
    #expect(html.ranges(of: "<blockquote>").count == depth)
    #expect(html.ranges(of: "</blockquote>").count == depth)
    #expect(html.ranges(of: "deep").count == 1)
    for output in ["markdown", "json"] {
      #expect(try run(["-t", output], input).status == 0, "\(output)")
    }
  }

  @Test("JSON nested 1,000,000 deep is read whole and shown to the depth asked")
  func millionDeepJSON() throws {
    let depth = 1_000_000
    let input = Array(
      (String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
    let result = try run(["-f", "json", "--depth", "2"], input)
    #expect(result.status == 0 && result.errors.isEmpty)
    #expect(text(result.output) == "▾ [0]\n  ▾ [0]\n    ▸ [0]  […] 1 item\n")
  }

  @Test("JSON nested 5,000,000 deep stops at its 1,000,001st level with a message")
  func tooDeepJSON() throws {
    let input = Array(String(repeating: "[", count: 5_000_000).utf8)
    let result = try run(["-f", "json"], input)
    #expect(result.status == 1 && result.output.isEmpty)
    #expect(
      text(result.errors)
        == "collapse: stdin:1:1000001: too deep: arrays and objects nest more than 1,000,000 levels here, the most collapse reads\n"
    )
  }

  @Test("JSON nested 100,000 deep, all expanded: every format, linear in size, -t json valid")
  func deepJSONExpanded() throws {
    let depth = 100_000
    let input = Array(
      (String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
    for output in Self.outputs {
      let result = try run(["-f", "json", "-t", output], input)
      #expect(result.status == 0, "\(output)")
      // At most a few hundred bytes per level: the indentation stops growing.
      #expect(result.output.count < 400 * depth, "\(output): \(result.output.count) bytes")
      if output == "json" {
        let again = try JSONReader.read(Array(result.output))
        #expect(again.sections.count > 2 * depth - 10)
      }
      if output == "html" {
        #expect(text(result.output).ranges(of: "</details>").count == depth - 2)
      }
    }
  }

  @Test("a string of 100,000 escapes, in JSON and in Markdown")
  func manyEscapes() throws {
    let count = 100_000
    let accents = try run(
      ["-f", "json"],
      Array(("{\"s\": \"" + String(repeating: "\\u00e9", count: count) + "\"}").utf8))
    #expect(text(accents.output) == "s: \"" + String(repeating: "é", count: count) + "\"\n")
    let lineEnds = try run(
      ["-f", "json"], Array(("{\"s\": \"" + String(repeating: "\\n", count: count) + "\"}").utf8))
    #expect(text(lineEnds.output) == "s: \"" + String(repeating: "\\n", count: count) + "\"\n")
    let markdown = try run(["-t", "html"], Array(String(repeating: "\\*", count: count).utf8))
    #expect(text(markdown.output) == "<p>" + String(repeating: "*", count: count) + "</p>\n")
  }

  @Test("invalid UTF-8 in every part of a Markdown document: U+FFFD, status 0, every format")
  func invalidUTF8Markdown() throws {
    let bad: [UInt8] = [0xFF, 0xC3, 0xED, 0xA0, 0x80, 0xF4, 0x90]
    let template = """
      ---
      title: @
      ---
      # Head @ <!-- collapsed @ -->
      text @
      ```@
      code @
      ```
      [link](http://x/@)
      ## Sub @
      @

      """
    let input = Array(template.utf8).split(
      separator: UInt8(ascii: "@"), omittingEmptySubsequences: false
    )
    .joined(separator: bad).map { $0 }
    for output in Self.outputs {
      let result = try run(["-t", output, "--expand-all"], input)
      #expect(result.status == 0 && result.errors.isEmpty, "\(output)")
      #expect(text(result.output).contains("\u{FFFD}"), "\(output)")
    }
    // Each ill-formed part becomes one U+FFFD, as Swift's own decoding has it; the comment
    // is not a hint, and not part of the title either.
    let shown = String(decoding: bad, as: UTF8.self)
    let outline = try run(["--outline"], input)
    #expect(text(outline.output) == "▾ Head \(shown)\n  ▾ Sub \(shown)\n")
  }

  @Test("invalid UTF-8 in a JSON string is an error at its place, status 1")
  func invalidUTF8JSON() throws {
    let result = try run(
      ["-f", "json"], Array("{\"k\": [\"ok\",\n \"a".utf8) + [0xC3, 0x28] + Array("\"]}".utf8))
    #expect(result.status == 1 && result.output.isEmpty)
    #expect(text(result.errors) == "collapse: stdin:2:4: invalid UTF-8 in a string\n")
  }

  @Test("a surrogate in UTF-8 split between two reads of a file is an error at its start")
  func illFormedUTF8AcrossReads() throws {
    let folder = try temporaryFolder("collapse-utf8")
    defer { try? FileManager.default.removeItem(at: folder) }
    // collapse reads 256 KiB at a time: the lead byte ends the first read.
    let head = Array("{\"a\": 1,\n\"long\": \"".utf8)
    let padding = (1 << 18) - 1 - head.count
    let bad = head + Array(repeating: UInt8(ascii: "x"), count: padding) + [0xED, 0xA0, 0x80]
    try Data(bad + Array("\"}\n".utf8)).write(to: folder.appendingPathComponent("bad.json"))
    try Data(#"{"b": {"c": 1}}"#.utf8).write(to: folder.appendingPathComponent("good.json"))
    let result = try runBinaryRaw(["bad.json", "good.json", "--outline"], directory: folder)
    #expect(result.status == 1)
    #expect(text(result.output) == "▾ good.json\n  ▾ b\n")
    #expect(
      text(result.errors) == "collapse: bad.json:2:\(10 + padding): invalid UTF-8 in a string\n")
  }

  @Test("invalid UTF-8 in a FILE name, a NAME and a title: opened, matched, shown as U+FFFD")
  func invalidUTF8Arguments() throws {
    let folder = try temporaryFolder("collapse-names")
    defer { try? FileManager.default.removeItem(at: folder) }
    // Foundation passes arguments as UTF-8, so the shell makes the invalid bytes.
    let script = """
      printf '# Top\\n## \\377 sub\\nx\\n' > "$(printf 'bad\\377.md')"
      "$0" --outline -e "$(printf '\\377 sub')" "$(printf 'bad\\377.md')" Missing"$(printf '\\377')".md
      echo "status $?"
      "$0" -s -t html --title "$(printf 'T\\377')" "$(printf 'bad\\377.md')" | grep '<title>'
      """
    let result = try runScript(script, in: folder)
    #expect(
      result.output
        == "▾ bad\u{FFFD}.md\n  ▾ Top\n    ▾ \u{FFFD} sub\nstatus 1\n<title>T\u{FFFD}</title>\n")
    #expect(result.errors == "collapse: Missing\u{FFFD}.md: no such file or directory\n")
  }

  @Test("a file larger than its reader takes is refused with a message, the others shown")
  func fileTooLarge() throws {
    let folder = try temporaryFolder("collapse-large")
    defer { try? FileManager.default.removeItem(at: folder) }
    // Sparse: 2 GiB that take no room on the disk.
    let large = folder.appendingPathComponent("large.md")
    FileManager.default.createFile(atPath: large.path, contents: nil)
    let handle = try FileHandle(forWritingTo: large)
    try handle.truncate(atOffset: 2 << 30)
    try handle.close()
    try Data("# Small\n".utf8).write(to: folder.appendingPathComponent("small.md"))
    for output in Self.outputs {
      let result = try runBinaryRaw(["-t", output, "large.md", "small.md"], directory: folder)
      #expect(!result.signaled && result.status == 1, "\(output)")
      #expect(
        text(result.errors)
          == "collapse: large.md: too large: 2 GiB of Markdown (at most 512 MiB)\n", "\(output)")
      #expect(text(result.output).contains("Small"), "\(output)")
    }
    let json = folder.appendingPathComponent("large.json")
    try FileManager.default.moveItem(at: large, to: json)
    let handle2 = try FileHandle(forWritingTo: json)
    try handle2.truncate(atOffset: 5 << 30)
    try handle2.close()
    let result = try runBinaryRaw(["large.json"], directory: folder)
    #expect(
      text(result.errors) == "collapse: large.json: too large: 5 GiB of JSON (at most 3.9 GiB)\n")
  }

  @Test("a block whose HTML would pass what cmark-gfm renders at once is left out, and said")
  func renderTooLarge() throws {
    // Each use of the reference repeats its 10,000-byte URL: 250 kB of Markdown make more
    // than 600 MB of HTML, past where cmark-gfm 0.29.0.gfm.6 itself aborts.
    let document =
      "# Links\n\n[x]: /" + String(repeating: "a", count: 10_000) + "\n\n"
      + String(repeating: "[x] ", count: 60_000) + "\n\n# After\n\ntext\n"
    let result = try run(["-t", "html"], Array(document.utf8))
    #expect(result.status == 1)
    #expect(
      text(result.errors)
        == "collapse: stdin:5:1: the HTML of this block would take more than 384 MiB, more "
        + "than cmark-gfm renders at once; it is left out, with a note in its place\n")
    #expect(
      text(result.output)
        == "<details id=\"links\" open><summary>Links <span class=\"hidden\">(2 lines)</span></summary>\n"
        + "<p class=\"left-out\">Left out: the HTML of the block at line 5 would take more than 384 MiB.</p>\n"
        + "</details>\n<details id=\"after\" open><summary>After <span class=\"hidden\">(1 line)"
        + "</span></summary>\n<p>text</p>\n</details>\n")
    // Text and Markdown output do not render it, and show it all.
    for output in ["text", "markdown"] {
      let shown = try run(["-t", output], Array(document.utf8))
      #expect(shown.status == 0 && shown.output.count > 240_000, "\(output)")
    }
  }

  @Test("HTML that would make a tree many times its size is left out, and said; other HTML is not")
  func htmlTooLargeToParse() throws {
    // Each `<b>` left open is copied into every paragraph after it: 16 million elements.
    let tags = (0..<4000).map { "<b a=\($0)>" }.joined()
    let input = "# A\n\n" + tags + String(repeating: "<p>x</p>", count: 4000) + "\n\n# B\n\nafter\n"
    for (output, outcome) in [
      ("html", "it is left out, with a note in its place"),
      ("markdown", "it is written as it is, not closed within its section"),
    ] {
      let result = try runBinary(["-t", output, "-f", "markdown"], input: Data(input.utf8))
      #expect(result.status == 1, "\(output)")
      #expect(
        result.errors
          == "collapse: stdin:3:1: too large: the raw HTML here would take more than 18.3 MiB to "
          + "parse, 256 times its 69.2 KiB and 1 MiB (an element left open, such as <b>, is "
          + "copied into each block after it); \(outcome)\n", "\(output)")
      #expect(result.output.contains("after"), "\(output)")
    }
    let html = try runBinary(["-t", "html", "-f", "markdown"], input: Data(input.utf8))
    #expect(
      html.output.contains(
        "<!-- collapse left out the raw HTML here: it would take too much memory to parse -->"))
    #expect(!html.output.contains("<b a=\"1\">"))
  }

  @Test("a long page of the raw HTML READMEs hold, some of it left open, is rendered whole")
  func ordinaryRawHTML() throws {
    var random = SplitMix(seed: 7)
    var page = "# Project\n\n<b>Note: a bold tag left open, as pages leave them\n\n"
    for index in 0..<3000 {
      switch random.next() % 5 {
      case 0:
        page +=
          "<p align=\"center\">\n  <img src=\"docs/\(index).png\" alt=\"shot\" width=\"300\">\n</p>\n\n"
      case 1:
        page += "<details><summary>Item \(index)</summary>\n\nSome *text* here.\n\n</details>\n\n"
      case 2:
        page +=
          "<table>\n" + String(repeating: "<tr><td>a</td><td><i>b</td></tr>\n", count: 4)
          + "</table>\n\n"
      case 3:
        page += "Press <kbd>Ctrl</kbd>+<kbd>C</kbd> to <em>stop<br>it\n\n"
      default:
        page += "<a id=\"anchor-\(index)\"></a>\n## Part \(index)\n\nWords <span>in a span\n\n"
      }
    }
    for output in ["html", "markdown"] {
      let result = try runBinary(["-t", output, "-f", "markdown"], input: Data(page.utf8))
      #expect(result.status == 0 && result.errors.isEmpty, "\(output): \(result.errors)")
      #expect(!result.output.contains("left out the raw HTML"), "\(output)")
    }
  }

  @Test(
    "under a memory limit, a document too large for it is refused as it arrives",
    .disabled(
      if: unsanitizedBinary == nil,
      "AddressSanitizer reserves more address space than any such limit"))
  func memoryLimit() throws {
    let folder = try temporaryFolder("collapse-memory")
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("# Small\n".utf8).write(to: folder.appendingPathComponent("small.md"))
    // 60 MB of Markdown needs over a gigabyte; the limit leaves a few hundred megabytes.
    let script = """
      ulimit -v 600000
      yes '# Heading with some words in it' | head -c 60000000 | "$0" -t html - small.md > out.html
      echo "status $?"
      grep -c Small out.html
      yes '{"key": "value"}' | head -c 300000000 | "$0" -f json - > /dev/null
      echo "status $?"
      """
    let result = try runScript(script, in: folder, binary: try #require(unsanitizedBinary))
    #expect(result.output == "status 1\n1\nstatus 1\n")
    // `yes` and `head` may complain of the pipe collapse stopped reading.
    let lines = result.errors.split(separator: "\n").filter { $0.hasPrefix("collapse: ") }
    #expect(lines.count == 2, "\(result.errors)")
    #expect(
      lines.first?.wholeMatch(
        of:
          /collapse: stdin: too large: over [0-9.]+ MiB of Markdown to read in the address space ulimit -v leaves, [0-9.]+ MiB \(at most [0-9.]+ MiB of Markdown in that\)/
      ) != nil, "\(result.errors)")
    #expect(
      lines.last?.wholeMatch(of: /collapse: stdin: too large: over [0-9.]+ MiB of JSON .*/) != nil,
      "\(result.errors)")
  }
  @Test(
    "memory that runs out while cmark-gfm parses, or that writing would run out of, is a message",
    .disabled(
      if: unsanitizedBinary == nil,
      "AddressSanitizer reserves more address space than any such limit"))
  func memoryLimitWhileParsingAndWriting() throws {
    let folder = try temporaryFolder("collapse-memory")
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("# Small\n".utf8).write(to: folder.appendingPathComponent("small.md"))
    // One paragraph of two million short lines: cmark-gfm parses its inlines at the end,
    // in many times the memory its blocks took. A heading on every line: the ids and the
    // output take much besides what reading took.
    var script = """
      yes 'key: value' | head -c 20000000 > lines.md
      yes '# Heading with words' | head -c 20000000 > headings.md
      for limit in 600000 900000; do
        (ulimit -v $limit; "$0" --outline lines.md small.md > out.txt; echo "status $?")
        grep -c Small out.txt
      done

      """
    for output in ["text", "html", "markdown", "json"] {
      script += """
        (ulimit -v 1200000; "$0" -t \(output) headings.md small.md > out.txt; echo "status $?")
        grep -c Small out.txt

        """
    }
    let result = try runScript(script, in: folder, binary: try #require(unsanitizedBinary))
    #expect(result.output == String(repeating: "status 1\n1\n", count: 6), "\(result.errors)")
    // `yes` may complain of the pipe `head` closed.
    let lines = result.errors.split(separator: "\n").filter { $0.hasPrefix("collapse: ") }
    #expect(lines.count == 6, "\(result.errors)")
    #expect(
      lines.prefix(2).allSatisfy {
        $0.wholeMatch(
          of:
            /collapse: lines.md: too large: [0-9.]+ MiB of Markdown needs more memory to read than is left in the address space ulimit -v leaves/
        ) != nil
      }, "\(result.errors)")
    #expect(
      lines.dropFirst(2).allSatisfy {
        $0.hasPrefix("collapse: headings.md: too large: ")
          && $0.contains("ulimit -v leaves")
      }, "\(result.errors)")
  }
}
