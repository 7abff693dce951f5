import Testing

@testable import OutlineKit

@Suite("Aligned divisions across headings")
struct AlignedDivisionTests {
  /// The divisions `html` leaves open, after `carried`.
  private func leftOpen(_ html: String, after carried: OpenDivisions = .none) -> [String?] {
    var bytes = Array(html.utf8)
    return bytes.withUnsafeMutableBytes {
      OpenDivisions.leftOpen(by: UnsafeRawBufferPointer($0), after: carried).alignments
    }
  }

  @Test("a division left open carries its alignment, and a plain one inside it too")
  func leftOpenDivisions() {
    #expect(leftOpen("<div align=\"center\">\n") == ["center"])
    #expect(leftOpen("<DIV ALIGN=\" Right \">\n<p>text</p>\n") == ["right"])
    #expect(leftOpen("<div align=\"center\">\n<div>\n") == ["center", nil])
    // A browser centres a division aligned to the middle.
    #expect(leftOpen("<div align=\"Middle\">\n") == ["center"])
    #expect(leftOpen("<div align=\"center\">\n<p>an open paragraph\n") == ["center"])
  }

  @Test("what is closed, plain, or held by anything but divisions carries nothing")
  func nothingCarried() {
    #expect(leftOpen("<div align=\"center\">\n</div>\n").isEmpty)
    #expect(leftOpen("<div>\n").isEmpty)
    #expect(leftOpen("<div align=\"top\">\n").isEmpty)
    // A heading closes a paragraph: GitHub does not centre what follows a <p align>.
    #expect(leftOpen("<p align=\"center\">\n").isEmpty)
    #expect(leftOpen("<div align=\"center\">\n<details>\n").isEmpty)
    #expect(leftOpen("<div align=\"center\">\n<table><tr><td>\n").isEmpty)
    #expect(leftOpen("<div align=\"center\">\n<ul><li>\n").isEmpty)
    // A comment or a quoted value left open takes in what follows it.
    #expect(leftOpen("<div align=\"center\">\n<!-- open\n").isEmpty)
    #expect(leftOpen("<div align=\"center\">\n<a title=\"open\n").isEmpty)
  }

  @Test("divisions carried in stay open until an end tag closes them")
  func carriedIn() {
    let centred = leftOpenDivisions("<div align=\"center\">\n")
    #expect(leftOpen("<p>text</p>\n", after: centred) == ["center"])
    #expect(leftOpen("<p>text</p>\n</div>\n", after: centred).isEmpty)
    let nested = leftOpenDivisions("<div align=\"center\">\n<div>\n")
    #expect(leftOpen("</div>\n", after: nested) == ["center"])
    #expect(leftOpen("</div>\n</div>\n", after: nested).isEmpty)
  }

  private func leftOpenDivisions(_ html: String) -> OpenDivisions {
    var bytes = Array(html.utf8)
    return bytes.withUnsafeMutableBytes {
      OpenDivisions.leftOpen(by: UnsafeRawBufferPointer($0), after: .none)
    }
  }

  static let readme = """
    <div align="center">

    <img src="docs/logo.svg" alt="tern logo" width="160">

    # tern

    [![CI](https://example.org/ci.svg)](https://example.org/ci)

    </div>

    ## Install

    Run `make`.

    """

  @Test("a centred opening holds the top heading and its content, as GitHub shows it")
  func centredOpening() throws {
    let page = try html(markdown(Self.readme))
    #expect(
      page == """
        <div style="text-align: center">
        <img src="docs/logo.svg" alt="tern logo" width="160" />
        </div>
        <details id="tern" open><summary style="text-align: center">tern <span class="hidden">(1 section, 3 lines)</span></summary>
        <div style="text-align: center"><p><a href="https://example.org/ci"><img src="https://example.org/ci.svg" alt="CI" /></a></p>
        </div>
        <details id="install" open><summary>Install <span class="hidden">(1 line)</span></summary>
        <p>Run <code>make</code>.</p>
        </details>
        </details>

        """)
    // Kept as written where raw HTML is not sanitised.
    var options = HTMLWriter.Options()
    options.unsafe = true
    let unsafe = try html(markdown(Self.readme), options: options)
    #expect(unsafe.contains("<summary>tern"))
    #expect(
      unsafe.contains(
        "<p><a href=\"https://example.org/ci\"><img src=\"https://example.org/ci.svg\" alt=\"CI\" /></a></p>\n</div>\n"
      ))
  }

  @Test("a division around several headings holds each, and content without raw HTML")
  func acrossHeadings() throws {
    let page = try html(
      markdown(
        """
        <div align="right">

        # One

        first

        ## Two

        second
        </div>

        ## Three

        third
        """))
    #expect(page.contains("<summary style=\"text-align: right\">One"))
    #expect(page.contains("<div style=\"text-align: right\"><p>first</p>\n</div>"))
    #expect(page.contains("<summary style=\"text-align: right\">Two"))
    #expect(page.contains("<div style=\"text-align: right\"><p>second</p>\n</div>"))
    #expect(page.contains("<summary>Three"))
    #expect(page.contains("</summary>\n<p>third</p>"))
    #expect(!page.contains("closed nothing"))
  }

  @Test("Markdown for GitHub opens the division again in each section it holds, and closes it")
  func markdownOutput() throws {
    let written = try OutlineKitTests.markdownOutput(
      markdown("<div align=\"center\">\n\n# One\n\nfirst\n\n## Two\n\nsecond\n\n</div>\n\nafter\n"))
    #expect(
      written == """
        <div align="center">

        </div>

        <details open>
        <summary><a name="one"></a>One</summary>

        <div align="center">

        first

        </div>

        <details open>
        <summary><a name="two"></a>Two</summary>

        <div align="center">

        second

        </div>

        after

        </details>

        </details>

        """)
  }

  @Test("divisions left open section after section carry on up to a bound, then none do")
  func bounded() throws {
    let release = "## Release\n\n<div align=\"center\">\n<img src=\"shot.png\">\n\nNotes.\n\n"
    let page = try html(markdown("# Top\n\n" + String(repeating: release, count: 40)))
    let opened = page.components(separatedBy: "\n").map {
      $0.components(separatedBy: "<div style=\"text-align: center\">").count - 1
    }
    #expect(opened.max() == OpenDivisions.maximumCarried + 1)
    #expect(opened.reduce(0, +) < 40 * (OpenDivisions.maximumCarried + 2))
  }

  @Test("a heading whose own end tag closes the division ends it there")
  func closedInHeading() throws {
    let page = try html(markdown("<div align=\"center\">\n\n# Title</div>\n\ntext\n\n## Next\n"))
    #expect(page.contains("<summary style=\"text-align: center\">Title"))
    #expect(page.contains("</summary>\n<p>text</p>"))
    #expect(page.contains("<summary>Next"))
  }

  @Test("a document that never mentions align is not parsed for divisions")
  func notLookedFor() {
    let outline = markdown("<div>\n\n# One\n\ntext\n\n</div>\n")
    let document = outline.documents[0]
    #expect(!document.mentionsAlignment)
    #expect(document.divisions.blocks.isEmpty && document.divisions.headings.isEmpty)
  }
}
