import Foundation
import TestSupport
import Testing

@testable import OutlineKit

@Suite("JSON writer")
struct JSONWriterTests {
  private func jsonOutput(_ outline: Outline, _ request: SelectionRequest = SelectionRequest())
    throws
    -> String
  {
    let selection = try Selection(outline: outline, request: request)
    var output = ""
    JSONWriter().write(outline, selection: selection, to: &output)
    return output
  }

  private func parsed(_ text: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test("sections deeper than the indentation goes are still JSON, every level kept")
  func deeperThanIndentation() throws {
    let depth = 60
    let output = try jsonOutput(
      json(String(repeating: "{\"a\": ", count: depth) + "1" + String(repeating: "}", count: depth))
    )
    var level = try parsed(output)
    var levels = 0
    while let children = level["children"] as? [[String: Any]], let first = children.first {
      level = first
      levels += 1
    }
    #expect(levels == depth - 1)
    #expect(output.split(separator: "\n").allSatisfy { $0.prefix { $0 == " " }.count <= 100 })
  }

  @Test("the outline as JSON: title, id, path, kind, level, lines, bytes, expanded, content")
  func structure() throws {
    let output = try jsonOutput(
      markdown("Intro\n# Pacific\nBig.\n\nDeep.\n## Coral\n# Indian\n"),
      SelectionRequest(expand: ["Coral"]))
    // Pacific runs from line 2 to Coral's line 6, before Indian: bytes 6 to 37 of 46.
    #expect(
      output == """
        {"version": 1, "content": ["Intro"], "children": [
          {"title": "Pacific", "id": "pacific", "path": "Pacific", "kind": "heading", "level": 1, "lines": [2, 6], "bytes": [6, 37], "expanded": true, "content": ["Big.", "", "Deep."], "children": [
            {"title": "Coral", "id": "coral", "path": "Pacific/Coral", "kind": "heading", "level": 2, "lines": [6, 6], "bytes": [28, 37], "expanded": true, "content": [], "children": []}
          ]},
          {"title": "Indian", "id": "indian", "path": "Indian", "kind": "heading", "level": 1, "lines": [7, 7], "bytes": [37, 46], "expanded": false, "content": [], "children": []}
        ]}

        """)
    let root = try parsed(output)
    let children = try #require(root["children"] as? [[String: Any]])
    #expect(children.map { $0["title"] as? String } == ["Pacific", "Indian"])
  }

  @Test("JSON input gives the same shape, with keys, and members with their values as JSON")
  func jsonInput() throws {
    let source = #"{"a": [{"name": "x", "v": 1.50}], "b": 2}"#
    let output = try jsonOutput(try JSONReader.read(Array(source.utf8)))
    #expect(output.contains(#"{"key": "v", "value": 1.50}"#))
    let root = try parsed(output)
    let top = try #require(root["content"] as? [[String: Any]])
    #expect(top.count == 1 && top[0]["key"] as? String == "b" && top[0]["value"] as? Int == 2)
    let a = try #require((root["children"] as? [[String: Any]])?.first)
    #expect(a["key"] as? String == "a")
    #expect(a["bytes"] as? [Int] == [1, 32])
    let x = try #require((a["children"] as? [[String: Any]])?.first)
    #expect(x["title"] as? String == "x")
    #expect(x["key"] as? Int == 0)
    #expect(x["path"] as? String == "a/x")
    #expect(x["bytes"] as? [Int] == [7, 31])
    let members = try #require(x["content"] as? [[String: Any]])
    #expect(members.map { $0["key"] as? String } == ["name", "v"])
    #expect(members.first?["value"] as? String == "x")
  }

  @Test("any input gives valid JSON: control characters escaped, invalid UTF-8 replaced")
  func alwaysValid() throws {
    let bytes: [UInt8] =
      Array("# T\u{1}\"\\\n\u{7}line\u{2028}".utf8) + [0xFF, 0xC3] + Array("\n# E".utf8)
    let output = try jsonOutput(try MarkdownReader.read(bytes))
    let root = try parsed(output)
    let first = try #require((root["children"] as? [[String: Any]])?.first)
    #expect(first["title"] as? String == "T\u{1}\"\\")
    #expect(first["content"] as? [String] == ["\u{7}line\u{2028}\u{FFFD}\u{FFFD}"])
    // Offsets count the input's bytes, not the three of each U+FFFD that stands for one.
    #expect(first["bytes"] as? [Int] == [0, bytes.count - 3])
    #expect(!output.contains("\u{1}"))
  }

  @Test(
    "random bytes as Markdown and as JSON still give valid JSON output", arguments: [9 as UInt64])
  func randomInput(seed: UInt64) throws {
    var generator = SplitMix(seed: seed)
    for _ in 0..<50 {
      let bytes = (0..<Int(generator.next() % 400)).map { _ in
        UInt8(truncatingIfNeeded: generator.next())
      }
      #expect(throws: Never.self) { try parsed(try jsonOutput(try MarkdownReader.read(bytes))) }
    }
    // And random JSON, its strings full of control characters, quotes and escapes.
    let pieces = [
      "\\u0000", "\\n", "\\\"", "\\\\", "\\ud83d\\ude00", "\\u2028", "é", "\\u001b[31m", "x",
    ]
    for _ in 0..<50 {
      var text = "{"
      for member in 0..<Int(generator.next() % 8 + 1) {
        var key = ""
        var value = ""
        for _ in 0..<4 {
          key += pieces[Int(generator.next() % UInt64(pieces.count))]
          value += pieces[Int(generator.next() % UInt64(pieces.count))]
        }
        text +=
          (member > 0 ? ", " : "") + "\"\(key)\": "
          + (generator.next() % 2 == 0 ? "\"\(value)\"" : "{\"\(key)\": [\"\(value)\"]}")
      }
      text += "}"
      let outline = try JSONReader.read(Array(text.utf8))
      #expect(throws: Never.self) { try parsed(try jsonOutput(outline)) }
    }
  }
}
