import Testing

@testable import OutlineKit

@Suite("format detection")
struct InputFormatTests {
  @Test(
    "by extension",
    arguments: [
      ("a.json", InputFormat.json), ("logs.jsonl", .json), ("x.NDJSON", .json),
      ("README.md", .markdown),
      ("doc.markdown", .markdown),
    ])
  func byExtension(_ name: String, _ format: InputFormat) {
    #expect(InputFormat.guess(fileName: name) == format)
  }

  @Test(
    "JSON Lines by extension",
    arguments: [
      ("logs.jsonl", true), ("x.NDJSON", true), ("dir/a.ndjson", true), ("a.json", false),
      ("jsonl", false), ("a.jsonl/b", false), ("-", false),
    ])
  func jsonLinesByExtension(_ name: String, _ isJSONLines: Bool) {
    #expect(InputFormat.isJSONLines(fileName: name) == isJSONLines)
  }

  @Test(
    "no extension, or an unknown one, says nothing",
    arguments: ["Makefile", "notes.txt", "dir.json/file", "-"])
  func unknownExtension(_ name: String) {
    #expect(InputFormat.guess(fileName: name) == nil)
  }

  @Test(
    "by content: JSON when it starts with { or [ and goes on like JSON",
    arguments: [
      ("{\"a\": 1}", InputFormat.json), ("  \n[1, 2]", .json), ("\u{FEFF}{}", .json), ("[]", .json),
      ("[\"x\"]", .json), ("[true]", .json), ("[ null ]", .json), ("[-1]", .json), ("[[1]]", .json),
      ("# Title", .markdown), ("Some text", .markdown),
      ("[![build](https://x/badge.svg)](https://x)\n# Title", .markdown),
      ("[link]: https://example.org", .markdown), ("[note] text", .markdown),
      ("{% include header.html %}", .markdown), ("[nothing] here", .markdown),
    ])
  func byContent(_ text: String, _ format: InputFormat) {
    #expect(InputFormat.guess(content: Array(text.utf8), final: true) == format)
  }

  @Test("by content, undecided until enough has arrived")
  func undecided() {
    #expect(InputFormat.guess(content: Array("   ".utf8)) == nil)
    #expect(InputFormat.guess(content: Array("[".utf8)) == nil)
    #expect(InputFormat.guess(content: Array("[tr".utf8)) == nil)
    #expect(InputFormat.guess(content: Array("[tx".utf8)) == .markdown)
    #expect(InputFormat.guess(content: Array("   ".utf8), final: true) == .markdown)
    // The start of a byte order mark may still be followed by JSON.
    #expect(InputFormat.guess(content: [0xEF]) == nil)
    #expect(InputFormat.guess(content: [0xEF, 0xBB]) == nil)
    #expect(InputFormat.guess(content: [0xEF, 0xBB, 0xBF]) == nil)
    #expect(InputFormat.guess(content: [0xEF, 0xBB, 0xBF, 0x5B, 0x0A], final: true) == .json)
    #expect(InputFormat.guess(content: [0xEF, 0xBB], final: true) == .markdown)
    #expect(InputFormat.guess(content: [0xEF, 0x41]) == .markdown)
  }
}
