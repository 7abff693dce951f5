import TestSupport
import Testing

@testable import OutlineKit

@Suite("Cutting an output to fit")
struct SizeLimitableTests {
  static let outline = markdown(GeneratedOutline(seed: 4, size: 80_000).markdown)

  /// Each writer that can be cut to fit, by name.
  static var writers: [(String, any SizeLimitable)] {
    [
      ("html", HTMLWriter()), ("page", HTMLPage(fileName: "notes.md")),
      ("markdown", MarkdownWriter()),
      ("html with contents", HTMLWriter(options: .init(tableOfContents: true))),
    ]
  }

  @Test("each part of the output is made once, however often the output is counted")
  func partsMadeOnce() throws {
    let outline = SizeLimitableTests.outline
    let selection = try Selection(outline: outline, request: SelectionRequest())
    for (name, writer) in SizeLimitableTests.writers {
      var whole = ""
      try writer.write(outline, selection: selection, to: &whole)
      let limit = whole.utf8.count / 3
      let parts = PartSizes()
      let elision = try writer.fit(
        for: outline, selection: selection, limit: limit, fullCommand: "collapse", parts: parts)
      #expect(elision != nil, "\(name)")
      #expect(parts.known.count > 100, "\(name)")
      #expect(parts.made == parts.known.count, "\(name): \(parts.made) for \(parts.known.count)")
      var cut = ""
      try writer.write(outline, selection: selection, elision: elision, to: &cut)
      #expect(cut.utf8.count <= limit, "\(name)")
      #expect(cut.utf8.count > limit * 9 / 10, "\(name)")
    }
  }
}
