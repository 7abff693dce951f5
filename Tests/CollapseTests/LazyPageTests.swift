import CZlib
import Foundation
import Testing

/// `--lazy`: when a page keeps sections' bodies aside for its script to lay out. The
/// browser tests (Tests/Browser/test_lazy.py) check what such a page does.
@Suite("--lazy")
struct LazyPageTests {
  private func page(_ arguments: [String], _ input: String) throws -> (Int32, String, String) {
    let result = try runInProcess(["-s", "-f", "markdown"] + arguments, input: Data(input.utf8))
    return (result.status, result.output, result.errors)
  }

  /// A document of exactly `bytes` bytes: sections of a paragraph each.
  private func document(bytes: Int) -> String {
    var text = ""
    var number = 0
    while text.utf8.count < bytes - 200 {
      text += "## Section \(number)\n\nA paragraph of words in section \(number).\n\n"
      number += 1
    }
    text += "## Last\n\n"
    return text + String(repeating: "x", count: bytes - text.utf8.count - 1) + "\n"
  }

  /// What the page keeps deflated, inflated: its pieces and its search's records, each
  /// data block's text in turn.
  private func keptAside(_ html: String) -> String {
    var kept = ""
    var rest = Substring(html)
    while let open = rest.range(of: "<script type=\"application/x-collapse-zlib\""),
      let start = rest[open.upperBound...].firstIndex(of: ">"),
      let end = rest.range(of: "</script>", range: start..<rest.endIndex),
      let data = Data(base64Encoded: String(rest[rest.index(after: start)..<end.lowerBound]))
    {
      let deflated = [UInt8](data)
      var size = uLong(64 << 20)
      var inflated = [UInt8](repeating: 0, count: Int(size))
      let status = uncompress(&inflated, &size, deflated, uLong(deflated.count))
      #expect(status == Z_OK)
      kept += String(decoding: inflated[..<Int(size)], as: UTF8.self)
      rest = rest[end.upperBound...]
    }
    return kept
  }

  private func isLazy(_ html: String) -> Bool {
    html.contains("<div class=\"lazy\" data-piece=\"") && html.contains("class=\"collapse-chunk\">")
  }

  @Test("auto: a page of a document of 1 MiB or more is lazy, of one byte less plain")
  func threshold() throws {
    let large = document(bytes: 1 << 20)
    #expect(large.utf8.count == 1 << 20)
    let (status, html, errors) = try page([], large)
    #expect(status == 0 && errors == "")
    #expect(isLazy(html))
    #expect(html.contains("<noscript>"))
    let small = document(bytes: (1 << 20) - 1)
    let (_, plain, _) = try page([], small)
    #expect(!isLazy(plain) && !plain.contains("<noscript>"))
    // Asked for, either way.
    #expect(!isLazy(try page(["--lazy=never"], large).1))
    #expect(isLazy(try page(["--lazy", "always", "--collapse-all"], "# A\n\nText.\n").1))
  }

  @Test("a page cut to fit --max-bytes is whole, never lazy")
  func cutPagesArePlain() throws {
    let (status, html, _) = try page(["--max-bytes", "600K"], document(bytes: 2 << 20))
    #expect(status == 0)
    #expect(!isLazy(html))
    #expect(html.contains("class=\"left-out\""))
  }

  @Test(
    "--lazy takes auto, always or never, and goes with -s, not with --lazy=always and --max-bytes",
    arguments: [
      (
        ["--lazy=sometimes"], "invalid value 'sometimes' for --lazy; expected auto, always or never"
      ),
      (["--lazy=always", "--max-bytes", "1M"], "--lazy=always does not go with --max-bytes"),
    ])
  func usage(arguments: [String], message: String) throws {
    let (status, output, errors) = try page(arguments, "# A\n")
    #expect(status == 2 && output == "")
    #expect(errors.contains(message), "\(errors)")
    let fragment = try runInProcess(["-t", "html", "--lazy=always"], input: Data("# A\n".utf8))
    #expect(fragment.status == 2)
    #expect(fragment.errors.contains("--lazy says how an html page loads; it goes with -s"))
  }

  @Test("--outline: a lazy page of titles holds no content, laid out or kept aside")
  func titlesOnly() throws {
    let (_, html, _) = try page(
      ["--outline", "--lazy=always", "--collapse-all"],
      "# A\n\nSecret text.\n\n## B\n\nMore secret text.\n")
    #expect(isLazy(html))
    // The pieces hold B's summary; neither section's text is in them, nor searched.
    let kept = keptAside(html)
    #expect(kept.contains("<details id=\"b\"><summary>B "))
    #expect(!html.contains("ecret") && !kept.contains("ecret"))
    // Without --outline the same page keeps both texts aside, to lay out and to search.
    let full = keptAside(
      try page(
        ["--lazy=always", "--collapse-all"], "# A\n\nSecret text.\n\n## B\n\nMore secret text.\n"
      ).1)
    #expect(
      full.contains("<p>Secret text.</p>")
        && full.contains("[\"\",\"Secret text.\",\"More secret text.\"]"))
  }
}
