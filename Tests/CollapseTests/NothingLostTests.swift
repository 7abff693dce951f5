import Foundation
import OutlineKit
import TestSupport
import Testing

/// With everything expanded, collapse's HTML must hold every word cmark-gfm's does, as
/// often.
@Suite("nothing is lost", .needs("cmark-gfm"))
struct NothingLostTests {
  private func check(_ markdown: String, name: String) throws {
    guard requireTool("cmark-gfm") else { return }
    let result = try runBinary(["-t", "html", "--expand-all"], input: Data(markdown.utf8))
    #expect(result.status == 0)
    let missing = missingWords(
      from: htmlWords(result.output), of: htmlWords(try CmarkCommand.html(markdown)))
    #expect(
      missing.isEmpty, "\(name): words cmark-gfm shows that collapse lost: \(missing.prefix(20))")
  }

  @Test("every sample keeps every word", arguments: ["oceans.md", "vehicles.md", "feeds.md"])
  func samples(_ name: String) throws {
    let text = try String(
      contentsOf: packageRoot.appendingPathComponent("Samples/\(name)"), encoding: .utf8)
    try check(text, name: name)
  }

  @Test("a large generated document keeps every word")
  func largeDocument() throws {
    let document = GeneratedOutline(seed: 7, size: 2_000_000).markdown
    #expect(document.utf8.count >= 2_000_000)
    try check(document, name: "generated")
  }

  @Test("the check itself notices a lost word")
  func checkCanFail() {
    let original = htmlWords("<p>one two <a href=\"x\">two</a></p>")
    let copy = htmlWords("<p>one two</p>")
    #expect(missingWords(from: copy, of: original) == ["two": 1, "x": 1])
  }
}
