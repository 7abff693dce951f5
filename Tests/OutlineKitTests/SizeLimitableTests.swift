import TestSupport
import Testing

@testable import OutlineKit

@Suite("Cutting an output to fit")
struct SizeLimitableTests {
  static var outline: Outline { markdown(GeneratedOutline(seed: 4, size: 80_000).markdown) }

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

  @Test("the fewest sections are left out that make it fit, found in a few counts of the output")
  func fewestCutsInFewCounts() throws {
    // 20,000 sections of one level, which go from the end, one by one.
    let outline = markdown((0..<20_000).map { "# Section \($0)\n\nText \($0).\n" }.joined())
    let selection = try Selection(outline: outline, request: SelectionRequest())
    for (name, writer) in SizeLimitableTests.writers {
      var whole = ""
      try writer.write(outline, selection: selection, to: &whole)
      for limit in [whole.utf8.count / 2, whole.utf8.count / 50] {
        let parts = PartSizes()
        let elision = try #require(
          try writer.fit(
            for: outline, selection: selection, limit: limit, fullCommand: "collapse",
            parts: parts))
        var cut = ""
        try writer.write(outline, selection: selection, elision: elision, to: &cut)
        #expect(cut.utf8.count <= limit, "\(name)")
        // The first section left out, kept, no longer fits.
        let first = try #require(elision.cuts.firstIndex(of: .removed), "\(name)")
        var fewer = Elision(
          outline: outline, inner: elision.inner, whole: elision.whole, limit: limit,
          fullCommand: "collapse")
        for index in (first + 1)..<outline.sections.count { fewer.cuts[index] = .removed }
        fewer.settle(outline)
        var more = ""
        try writer.write(outline, selection: selection, elision: fewer, to: &more)
        #expect(more.utf8.count > limit, "\(name): \(more.utf8.count) for \(limit)")
        // Halving the 10,000 or 19,600 cuts until one is left would take 14 or 15 counts.
        #expect(parts.counts <= 8, "\(name): \(parts.counts) counts")
      }
    }
  }

  @Test(
    "a link into a closed section leads to its marker; one to a removed section, to the marker where it was"
  )
  func linksLeadToMarkers() throws {
    let outline = markdown(
      """
      # A

      See [B1](#b1), [B](#b), [C](#c) and [D](#d).

      ## B

      ### B1

      ## C

      ## D
      """)
    let selection = try Selection(outline: outline, request: SelectionRequest())
    var elision = Elision(
      outline: outline, inner: Array(repeating: 100, count: 5),
      whole: Array(repeating: 100, count: 5), limit: 1000, fullCommand: "collapse x.md",
      links: InPageLinks(outline: outline))
    elision.cuts[1] = .closed
    elision.cuts[3] = .removed
    elision.cuts[4] = .removed
    elision.settle(outline)
    var html = ""
    HTMLWriter().write(outline, selection: selection, elision: elision, to: &html)
    // B stays, closed, with its id; C and D went, one marker for both taking their ids.
    #expect(
      html == """
        <p class="left-out">This output was cut to fit 1000 bytes: 1 section closed and 2 \
        sections left out (300 bytes), a marker at each cut. See everything with: \
        <code>collapse x.md</code></p>
        <details id="a" open><summary>A <span class="hidden">(4 sections, 1 line)</span></summary>
        <p>See <a href="#b1">B1</a>, <a href="#b">B</a>, <a href="#c">C</a> and <a href="#d">D</a>.</p>
        <details id="b"><summary>B <span class="hidden">(1 section)</span></summary>
        <p class="left-out"><a id="b1"></a>Left out: 1 section, 100 bytes.</p>
        </details>
        <p class="left-out"><a id="c"></a><a id="d"></a>Left out: 2 sections, 200 bytes.</p>
        </details>

        """)
    var text = ""
    MarkdownWriter().write(outline, selection: selection, elision: elision, to: &text)
    #expect(text.contains("\n<a name=\"b1\"></a>*Left out: 1 section, 100 bytes.*\n"))
    #expect(
      text.contains("\n<a name=\"c\"></a><a name=\"d\"></a>*Left out: 2 sections, 200 bytes.*\n"))
  }
}
