import Testing

@testable import OutlineKit

@Suite("links within the page")
struct InPageLinksTests {
  @Test("links to a section's id are found where they stand: content, titles, notes, references")
  func found() {
    let outline = markdown(
      """
      Before any heading, [to B](#b).

      # A

      [Elsewhere](https://example.com/#b), [nowhere](#no-such-section) and [mail](mailto:x#b).

      ## B

      A [reference][c] and a note[^n].

      ## C, [after B](#b)

      Encoded: [back to über](#%C3%BCber), and [to A](<#a>).

      # Über

      [c]: #c-after-b
      [^n]: The note links to [A](#a).
      """)
    let links = InPageLinks(outline: outline).links
    let ids = outline.ids
    let found = links.map { link in
      "\(link.from < 0 ? "-" : ids[link.from])\(link.inTitle ? " title" : "") → \(ids[link.to])"
    }
    #expect(
      Set(found) == [
        "- → b", "- → a", "c-after-b title → b", "b → c-after-b", "c-after-b → über",
        "c-after-b → a",
      ],
      "\(found)")
  }

  @Test("links that leave the page are not links within it")
  func none() {
    let outline = markdown("# A\n\n[out](https://example.com)\n\n## B\n\nText.\n")
    #expect(InPageLinks(outline: outline).links.isEmpty)
  }
}
