import Foundation
import Testing

@testable import OutlineKit

/// A section's blocks sanitised whole and block by block: nil for block by block when
/// that declined (and the whole is sanitised instead).
private struct Sanitised {
  let whole: [UInt8]?
  let byBlocks: [UInt8]?
  /// Whether divisions left open before the run were opened again before it.
  let carried: Bool
}

/// Each content run of `text` that holds raw HTML (or an image, with `images`),
/// sanitised both ways, as `MarkdownRenderer` would sanitise it.
private func sanitisedRuns(_ text: String, images: Bool = false) -> [Sanitised] {
  let outline = markdown(text)
  // As before a render: the tree's text shows emoji for shortcodes.
  for document in outline.documents { document.showEmoji() }
  var runs: [Sanitised] = []
  let contents = outline.content + outline.sections.flatMap(\.content)
  for content in contents {
    guard case .markdown(let blocks) = content.body else { continue }
    let part = MarkdownDocument.Part.blocks(blocks.node)
    let document = blocks.document
    // Divisions left open by the runs before, opened again before the run's own HTML.
    let startTags = document.openDivisions(before: blocks.node).startTags
    guard !startTags.isEmpty || document.needsSanitizer(part, orImages: images) else { continue }
    var sanitizer = HTMLSanitizer(place: .blocks)
    sanitizer.blocksRemoteImages = images
    var whole: [UInt8]?
    document.render(part, unsafe: true, filtersTags: true) { html in
      let opened = startTags + html
      whole = opened.withUnsafeBytes {
        HTMLSanitizer.nestsTooDeep($0) ? nil : try? sanitizer.sanitized($0)
      }
    }
    var byBlocks: [UInt8]?
    _ = document.renderBlocks(part, orImages: images) { pieces in
      startTags.withUnsafeBytes { startTags in
        let opening =
          startTags.isEmpty ? [] : [HTMLSanitizer.Block(html: startTags, needsSanitizer: true)]
        byBlocks = sanitizer.sanitized(
          blocks: opening
            + pieces.map { HTMLSanitizer.Block(html: $0.html, needsSanitizer: $0.needsSanitizer) }
        )
      }
    }
    runs.append(Sanitised(whole: whole, byBlocks: byBlocks, carried: !startTags.isEmpty))
  }
  return runs
}

/// The runs of `text` where sanitising block by block wrote anything other than the
/// whole does, each as its two outputs; and how many runs were sanitised block by block.
private func differences(_ text: String, images: Bool = false) -> (
  differing: [String], byBlocks: Int, runs: Int, carried: Int
) {
  let runs = sanitisedRuns(text, images: images)
  var differing: [String] = []
  for run in runs {
    guard let byBlocks = run.byBlocks else { continue }
    if byBlocks != run.whole {
      differing.append(
        "whole:\n\(String(decoding: run.whole ?? [], as: UTF8.self))\nby blocks:\n"
          + String(decoding: byBlocks, as: UTF8.self))
    }
  }
  return (
    differing, runs.filter { $0.byBlocks != nil }.count, runs.count,
    runs.filter(\.carried).count
  )
}

/// SplitMix64: the generated documents are the same for the same seed.
private struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Pieces of Markdown and raw HTML as READMEs and changelogs hold them, balanced and not,
/// from which the generated documents are made.
private let pieces = [
  "<a id=\"anchor\"></a>", "<a name=\"old-anchor\"></a>", "Press <kbd>Ctrl</kbd>+<kbd>C</kbd>.",
  "line<br>break", "<details>\n<summary>More</summary>", "</details>",
  "<details><summary>Inline **summary**</summary>\n\nbody\n\n</details>",
  "<p align=\"center\">\n  <img src=\"logo.png\" width=\"120\"><br>\n  <b>Project</b>\n</p>",
  "<div align=\"center\">", "</div>", "<table>\n<tr><td>a</td><td>b</td></tr>\n</table>",
  "<table>\n<tr><td>", "</td></tr>\n</table>", "<!-- comment -->", "<!-- open comment",
  "closed -->", "<p>unclosed paragraph", "<b>bold left open", "</b> closed later",
  "<ul>\n<li>one\n<li>two\n</ul>", "<pre>\nraw pre\n</pre>", "<form><input type=checkbox></form>",
  "<svg><circle r=\"1\"/></svg>", "<noscript>text</noscript>", "<script>alert(1)</script>",
  "<div title=\"a quoted value", "that ends\">inside</div>", "</span> stray", "</p>",
  "<sup>1</sup> and <sub>2</sub>", "<img src=\"https://img.example/badge.svg\" alt=\"badge\">",
  "![image](https://img.example/x.png)", "[link](https://example.com/a'b)",
  "[odd](https://example.com/%zz)", "[js](javascript:alert(1))", "Footnote[^n].",
  "[^n]: the note", "- [ ] task\n- [x] done", "| a | b |\n|:-|-:|\n| 1 | 2 |",
  "```rust\nlet x = \"<&>\";\n```", "> [!NOTE]\n> an alert", "> quoted <em>emphasis</em>",
  "Plain text with `code <T>` & \"quotes\".", "# Heading", "## Sub heading", "***",
  "<section>\n\ntext\n\n</section>", "<i><b>misnested</i></b>", "<a href=\"#x\">open link",
  "<textarea>\n\n</textarea>", "<dl><dt>term<dd>description</dl>", "1. one\n2. two",
  "<div>\n\n- list in div\n\n</div>", "<center>old</center>", "<p id=\"anchor\">again</p>",
]

private func generatedDocument(_ generator: inout SeededGenerator) -> String {
  let count = Int.random(in: 1...14, using: &generator)
  return (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }
    .joined(
      separator: Bool.random(using: &generator) ? "\n\n" : "\n")
}

@Suite("sanitising a section block by block")
struct BlockSanitizingTests {
  @Test("a section with raw anchors is sanitised block by block, as the whole is")
  func anchors() {
    let text =
      "# A\n\n<a id=\"one\"></a>\n\nText [link](https://example.com/).\n\n"
      + "<a id=\"one\"></a> again, and `code <T>`.\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n"
    let result = differences(text)
    #expect(result.differing.isEmpty, "\(result.differing)")
    #expect(result.byBlocks == 1 && result.runs == 1)
  }

  @Test("a details element opened in one block and closed in a later one is read with them")
  func detailsAcrossBlocks() {
    let text =
      "# A\n\n<details>\n<summary>More</summary>\n\n**bold**\n\n- item\n\n</details>\n\nafter\n"
    let result = differences(text)
    #expect(result.differing.isEmpty, "\(result.differing)")
    #expect(result.byBlocks == 1)
  }

  @Test(
    "a link in a link's text, and raw text GitHub's tag filter leaves open, are read as the whole reads them",
    arguments: [
      // cmark-gfm writes an autolink in a link's text as an `a` in an `a`.
      "# T\n\n<b>x</b>\n\n[<http://a.com>](http://b.com)\n",
      "# T\n\n[**<http://a.com>**](/b)\n\n<b>x</b>\n",
      "# T\n\n<i>y</i>\n\n[<a@b.co>](http://b.com) and [<http://a.com>][r]\n\n[r]: /r\n",
      // The tag filter escapes `<xmp` only before white space, `>` or `/>`.
      "# T\n\n<div><xmp/x><a title=\"</xmp/x><b title=\">\n\npara\n",
      "# T\n\n<p></p><xmp/x><a title=\"</xmp/x><!--\">\n\npara\n",
      "# T\n\n<!-- c --><textarea/x><a title=\"</textarea/x><!--\">\n\npara\n",
    ])
  func nestedLinksAndRawText(_ text: String) {
    let result = differences(text)
    #expect(result.differing.isEmpty, "\(result.differing)")
  }

  @Test("an element left open to the end of the section is sanitised whole")
  func leftOpen() {
    for text in [
      "# A\n\n<div>\n\ntext\n", "# A\n\n<b>bold\n\ntext\n", "# A\n\n<div title=\"a\n\nb\">\n",
      "# A\n\n<p>x <!-- y\n\nz -->\n",
    ] {
      let runs = sanitisedRuns(text)
      #expect(runs.count == 1 && runs.allSatisfy { $0.byBlocks == nil }, "\(text)")
    }
  }

  @Test("every document of the tests and samples is sanitised block by block as it is whole")
  func documents() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    var checked = 0
    for folder in ["Tests/Documents", "Samples", "docs", "."] {
      let url = root.appendingPathComponent(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: url.path)
      where name.hasSuffix(".md") {
        let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
        for images in [false, true] {
          let result = differences(text, images: images)
          #expect(result.differing.isEmpty, "\(folder)/\(name): \(result.differing.first ?? "")")
          checked += result.byBlocks
        }
      }
    }
    #expect(checked > 0)
  }

  @Test("every example of the GFM spec is sanitised block by block as it is whole")
  func specExamples() throws {
    let spec = URL(fileURLWithPath: "/usr/share/doc/cmark-gfm/spec.txt.gz")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-dc", spec.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    let fence = String(repeating: "`", count: 32)
    var examples: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix(fence + " example") {
        current = []
      } else if line == ".", let example = current {
        examples.append(example.joined(separator: "\n").replacing("→", with: "\t") + "\n")
        current = nil
      } else if line == fence {
        current = nil
      } else {
        current?.append(line)
      }
    }
    #expect(examples.count > 600)
    var byBlocks = 0
    for (number, example) in examples.enumerated() {
      for images in [false, true] {
        let result = differences("# Example\n\n" + example, images: images)
        #expect(result.differing.isEmpty, "example \(number + 1): \(result.differing.first ?? "")")
        byBlocks += result.byBlocks
      }
    }
    #expect(byBlocks > 100)
  }

  @Test("generated documents of raw HTML and Markdown are sanitised block by block as whole")
  func generated() {
    let seed =
      ProcessInfo.processInfo.environment["COLLAPSE_SEED"].flatMap { UInt64($0) } ?? 20_261_204
    var generator = SeededGenerator(state: seed)
    var byBlocks = 0
    var runs = 0
    var carried = 0
    for number in 0..<3_000 {
      let text = "# Generated\n\n" + generatedDocument(&generator)
      let images = number % 2 == 1
      let result = differences(text, images: images)
      #expect(
        result.differing.isEmpty,
        "seed \(seed), document \(number):\n\(text)\n\(result.differing.first ?? "")")
      byBlocks += result.byBlocks
      runs += result.runs
      carried += result.carried
    }
    // A centred division before a heading is carried into the sections after it.
    #expect(carried > 5, "seed \(seed): \(carried) runs in divisions carried in")
    // Of up to 14 pieces, one that leaves something open to the end is likely.
    #expect(byBlocks > runs / 10 && byBlocks < runs, "seed \(seed): \(byBlocks) of \(runs)")
  }
}
