import Foundation
import Testing

@Suite("compressed and binary files")
struct CompressedInputTests {
  @Test("a program among the files is refused as binary, and the others are shown")
  func binaryFile() throws {
    let program = collapseBinary.path
    let result = try runBinary([program, "Samples/oceans.md"])
    #expect(result.status == 1)
    #expect(result.errors == "collapse: \(program): binary file, not Markdown, JSON, YAML or XML\n")
    #expect(result.output.hasPrefix("▾ Samples/oceans.md\n  ▾ Oceans\n"))
    #expect(!result.output.contains(program))
    // Said to be Markdown, it is read as such, its bytes repaired.
    let anyway = try runBinary(["-f", "markdown", "--outline", program])
    #expect(anyway.status == 0)
    #expect(anyway.errors == "")
  }

  @Test("gzip is read by its first bytes, its format by its name less .gz")
  func gzipFile() throws {
    let folder = try temporaryFolder("collapse-gzip")
    defer { try? FileManager.default.removeItem(at: folder) }
    let root = shellQuoted(packageRoot.path)
    let made = try runScript(
      """
      gzip -c -n \(root)/Samples/oceans.md > oceans.md.gz &&
      gzip -c -n \(root)/Samples/oceans.json > oceans.json.gz &&
      cp oceans.md.gz oceans-no-name
      """, in: folder)
    #expect(made.status == 0)
    let plain = try runBinary(["--outline", "Samples/oceans.md"])
    let file = folder.appendingPathComponent("oceans.md.gz")
    #expect(try runBinary(["--outline", file.path]) == plain)
    #expect(
      try runBinary(["--outline", folder.appendingPathComponent("oceans-no-name").path]) == plain)
    #expect(try runBinary(["--outline", "-"], input: Data(contentsOf: file)) == plain)
    let json = try runBinary(["-d1", folder.appendingPathComponent("oceans.json.gz").path])
    #expect(json == (try runBinary(["-d1", "Samples/oceans.json"])))
  }

  @Test(
    "a gzip bomb stops as what it inflates to passes the memory left, with a message",
    .disabled(
      if: unsanitizedBinary == nil,
      "AddressSanitizer reserves more address space than any such limit"))
  func gzipBomb() throws {
    let folder = try temporaryFolder("collapse-bomb")
    defer { try? FileManager.default.removeItem(at: folder) }
    // 200 MB of headings in about a megabyte; the limit leaves room for a few dozen.
    let result = try runScript(
      """
      yes '# Heading' 2> /dev/null | head -c 200000000 | gzip -1 > bomb.md.gz
      printf '# Small\\n' > small.md
      ulimit -v 600000
      "$0" --outline bomb.md.gz small.md
      echo "status $?"
      """, in: folder, binary: try #require(unsanitizedBinary))
    #expect(result.output == "▾ small.md\n  ▾ Small\nstatus 1\n")
    #expect(
      result.errors.wholeMatch(
        of:
          /collapse: bomb.md.gz: too large: over [0-9.]+ MiB of Markdown inflated from gzip to read in the address space ulimit -v leaves, [0-9.]+ MiB \(at most [0-9.]+ MiB of Markdown in that\)\n/
      ) != nil, "\(result.errors)")
  }

  @Test("gzip cut short is an error, not a document that ends early")
  func gzipCutShort() throws {
    let folder = try temporaryFolder("collapse-gzip-cut")
    defer { try? FileManager.default.removeItem(at: folder) }
    let root = shellQuoted(packageRoot.path)
    let result = try runScript(
      """
      gzip -c -n \(root)/Samples/oceans.md | head -c 200 > cut.md.gz
      "$0" cut.md.gz
      echo "status $?"
      """, in: folder)
    #expect(result.output == "status 1\n")
    #expect(result.errors == "collapse: cut.md.gz: gzip data cut short: it ends inside a member\n")
  }

  @Test("UTF-32, either way round, is refused as UTF-32, with the iconv command that reads it")
  func utf32() throws {
    let text = "# A\n\nb é\n".unicodeScalars
    let little: [UInt8] =
      [0xFF, 0xFE, 0x00, 0x00]
      + text.flatMap { scalar in
        (0..<4).map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) }
      }
    let big: [UInt8] =
      [0x00, 0x00, 0xFE, 0xFF]
      + text.flatMap { scalar in
        (0..<4).reversed().map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) }
      }
    for bytes in [little, big] {
      #expect(
        try runBinary(["-"], input: Data(bytes))
          == CommandResult(
            output: "",
            errors:
              "collapse: stdin: UTF-32 text, which collapse does not read (it reads UTF-8): pipe it through iconv -f UTF-32 -t UTF-8 first\n",
            status: 1))
    }
  }

  /// `text` as UTF-16 little-endian and as UTF-32 big-endian, each with its byte order mark.
  static func encodings(of text: String) -> (utf16: [UInt8], utf32: [UInt8]) {
    let utf16: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let utf32: [UInt8] =
      [0x00, 0x00, 0xFE, 0xFF]
      + text.unicodeScalars.flatMap { scalar in
        (0..<4).reversed().map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) }
      }
    return (utf16, utf32)
  }

  @Test(
    "the iconv command said for UTF-16 and UTF-32 makes text collapse reads",
    .needs("iconv"))
  func iconvCommands() throws {
    guard requireTool("iconv") else { return }
    let text = "# A\n\nb é\n"
    let (utf16, utf32) = Self.encodings(of: text)
    for (bytes, from) in [(utf16, "UTF-16"), (utf32, "UTF-32")] {
      let refused = try runBinary(["-"], input: Data(bytes))
      #expect(refused.errors.contains("iconv -f \(from) -t UTF-8"))
      let converted = try runTool("iconv", ["-f", from, "-t", "UTF-8"], input: Data(bytes))
      #expect(converted.output == text, "\(from)")
      #expect(try runBinary(["-"], input: Data(converted.output.utf8)).output == "▾ A\n  b é\n")
    }
  }

  @Test(
    "the commands said for UTF-16 and UTF-32 in gzip data, or with a format given, make text collapse reads",
    .needs("gzip", "iconv"))
  func iconvCommandsInflated() throws {
    guard requireTool("gzip"), requireTool("iconv") else { return }
    let folder = try temporaryFolder("collapse-iconv")
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = "# A\n\nb é\n"
    let (utf16, utf32) = Self.encodings(of: text)
    try Data(utf16).write(to: folder.appendingPathComponent("u16.md"))
    try Data(utf32).write(to: folder.appendingPathComponent("u32.md"))
    let made = try runScript("gzip -k -n u16.md && gzip -k -n u32.md", in: folder)
    #expect(made.status == 0)
    let runs: [(arguments: [String], piped: String?, from: String)] = [
      (["u32.md.gz"], nil, "UTF-32"), (["u16.md.gz"], nil, "UTF-16"),
      (["-f", "markdown", "u32.md"], nil, "UTF-32"),
      (["-f", "commonmark", "u16.md"], nil, "UTF-16"),
      (["-f", "markdown", "-"], "u32.md.gz", "UTF-32"), (["-f", "json", "-"], "u16.md", "UTF-16"),
    ]
    for (arguments, piped, from) in runs {
      let typed = arguments.map(shellQuoted).joined(separator: " ")
      let refused = try runScript(
        piped.map { "\"$0\" \(typed) < \($0)" } ?? "\"$0\" \(typed)", in: folder)
      #expect(refused.status == 1, "\(arguments)")
      let said = "\(from) text, which collapse does not read (it reads UTF-8): "
      guard let start = refused.errors.range(of: said), refused.errors.hasSuffix("\n") else {
        Issue.record("\(arguments): \(refused.errors)")
        continue
      }
      var command = String(refused.errors[start.upperBound...].dropLast())
      if let piped {
        #expect(command.hasPrefix("pipe it through ") && command.hasSuffix(" first"))
        command =
          "cat \(piped) | "
          + command.dropFirst("pipe it through ".count)
          .dropLast(" first".count) + " | collapse -"
      }
      let converted = try runScript(
        "PATH=\"$(dirname \"$0\"):$PATH\"; " + command, in: folder)
      #expect(converted.output == "▾ A\n  b é\n", "\(arguments): \(command)")
      #expect(converted.errors == "", "\(arguments): \(command)")
    }
  }

  @Test("xz, zstd, bzip2 and UTF-16 are refused with the command that reads them")
  func otherCompressions() throws {
    let folder = try temporaryFolder("collapse-xz")
    defer { try? FileManager.default.removeItem(at: folder) }
    let xz = folder.appendingPathComponent("it's.md.xz")
    try Data([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00, 0x04, 0xE6]).write(to: xz)
    let named = try runBinary([xz.path])
    #expect(named.status == 1)
    #expect(
      named.errors
        == "collapse: \(xz.path): compressed by xz, which collapse does not read: xz -dc '\(xz.path.replacingOccurrences(of: "'", with: #"'\''"#))' | collapse -\n"
    )
    let piped = try runBinary(["-"], input: Data([0x28, 0xB5, 0x2F, 0xFD, 0x24, 0x04]))
    #expect(
      piped.errors
        == "collapse: stdin: compressed by zstd, which collapse does not read: pipe it through zstd -dc first\n"
    )
    let bzip2 = try runBinary(["-"], input: Data("BZh91AY&SY\u{1}".utf8))
    #expect(bzip2.errors.hasPrefix("collapse: stdin: compressed by bzip2,"))
    let utf16 = try runBinary(["-"], input: Data([0xFF, 0xFE, 0x23, 0x00, 0x20, 0x00, 0x41, 0x00]))
    #expect(
      utf16
        == CommandResult(
          output: "",
          errors:
            "collapse: stdin: UTF-16 text, which collapse does not read (it reads UTF-8): pipe it through iconv -f UTF-16 -t UTF-8 first\n",
          status: 1))
  }
}
