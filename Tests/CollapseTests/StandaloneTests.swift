import Foundation
import Testing

/// The text between the first `start` and the `end` after it.
private func between(_ text: String, _ start: String, _ end: String) -> String? {
  guard let open = text.range(of: start),
    let close = text.range(of: end, range: open.upperBound..<text.endIndex)
  else { return nil }
  return String(text[open.upperBound..<close.lowerBound])
}

@Suite("standalone HTML from the command line")
struct StandaloneTests {
  @Test(
    "-s wraps the same fragment -t html writes, for every sample",
    arguments: ["oceans.md", "vehicles.md", "feeds.md", "oceans.json", "releases.json"])
  func sameFragment(_ sample: String) throws {
    let path = "Samples/\(sample)"
    let fragment = try runBinary(["-t", "html", "--depth", "1", path])
    let page = try runBothWays(
      ["-s", "-t", "html", "--depth", "1", path],
      input: "")
    #expect(page.status == 0)
    #expect(page.errors == "")
    #expect(page.output.hasPrefix("<!doctype html>\n"))
    #expect(between(page.output, "<main>\n", "</main>\n") == fragment.output)
  }

  @Test("--standalone and -s are the same; --title names the page")
  func title() throws {
    let long = try runBinary(["--standalone", "--to=html", "Samples/oceans.md"])
    let short = try runBinary(["-s", "-thtml", "Samples/oceans.md"])
    #expect(long == short)
    #expect(between(long.output, "<title>", "</title>") == "Oceans")
    let titled = try runBinary(["-s", "-t", "html", "--title", "Sea <report>", "Samples/oceans.md"])
    #expect(between(titled.output, "<title>", "</title>") == "Sea &lt;report&gt;")
    #expect(between(titled.output, "<h1>", "</h1>") == "Sea &lt;report&gt;")
  }

  @Test("without a heading, the page is titled by the file's name, or stdin")
  func fileNameTitle() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("collapse-page-\(UUID().uuidString)/notes")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    try Data("Only a paragraph.\n".utf8).write(to: folder.appendingPathComponent("todo.md"))
    let file = try runBinary(
      ["-s", "-t", "html", "notes/todo.md"], directory: folder.deletingLastPathComponent())
    #expect(between(file.output, "<title>", "</title>") == "todo.md")
    let standardInput = try runBinary(["-s", "-t", "html"], input: Data("text\n".utf8))
    #expect(between(standardInput.output, "<title>", "</title>") == "stdin")
  }

  @Test("--toc puts the table of contents before <main> in a page, first in a fragment")
  func tableOfContents() throws {
    let page = try runBinary(["-s", "-t", "html", "--toc", "Samples/oceans.md"])
    let contents = try #require(between(page.output, "</header>\n", "<main>\n"))
    #expect(contents.hasPrefix("<nav class=\"toc\" aria-label=\"Contents\">"))
    #expect(contents.contains("<li><a href=\"#bay-of-bengal\">Bay of Bengal</a></li>"))
    let fragment = try runBinary(["-t", "html", "--toc", "Samples/oceans.md"])
    #expect(fragment.output.hasPrefix(contents))
  }

  @Test("--title needs a value")
  func titleNeedsValue() throws {
    let result = try runBinary(["-s", "-t", "html", "--title"])
    #expect(result.status == 2)
    #expect(result.errors == "collapse: option '--title' needs a value (TEXT)\n")
  }
}
