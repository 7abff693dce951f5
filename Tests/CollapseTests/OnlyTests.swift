import Foundation
import Testing

/// `--only`: the named sections pulled out of a document, in every output format.
@Suite("--only")
struct OnlyTests {
  private func run(_ arguments: [String], _ file: String) throws -> CommandResult {
    try runBinary(arguments + ["Tests/Documents/\(file)"])
  }

  @Test("text: only the named subtrees, at the top, with the selection flags inside them")
  func text() throws {
    let pet = try run(
      ["--only", "paths/\"/pets/{petId}\"", "-c", "responses", "--outline"], "petstore.json")
    #expect(
      pet.output == """
        ▾ /pets/{petId}
          ▾ get
            ▾ parameters
              ▾ petId
            ▸ responses  {…} 2 keys
          ▾ delete
            ▸ responses  {…} 1 key

        """)
    // --depth counts from the extract's top; a section named inside another is written once.
    let paths = try run(
      ["--only", "paths,paths/\"/pets\"", "--depth", "1", "--outline"], "petstore.json")
    #expect(
      paths.output == """
        ▾ paths
          ▸ /pets  {…} 2 keys
          ▸ /pets/{petId}  {…} 2 keys
          ▸ /health, live  {…} 1 key
          ▸ /stores/{storeId}/pets  {…} 1 key

        """)
    // Several, in document order whatever the order named; the preamble is left out.
    let guide = try run(["--only", "Usage,Install", "-c", "Linux"], "guide.md")
    #expect(
      guide.output == """
        ▾ Install
          Run `npm install tidepool`, as the [docs] say.[^node]
          ▸ Linux  (1 line)
        ▾ Usage
          See [Install](#install).

          [docs]: https://example.org/docs
          [pkg]: https://example.org/pkg "Package"
          [unused]: https://example.org/unused

          [^node]: Node 22 or later.

        """)
  }

  @Test("json: the named sections are the top-level children, levels counted from 1")
  func json() throws {
    let result = try run(["--only", "\"/health, live\",Pet", "-t", "json"], "petstore.json")
    #expect(result.status == 0)
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let top = try #require(root["children"] as? [[String: Any]])
    #expect(top.map { $0["title"] as? String } == ["/health, live", "Pet"])
    #expect(top.map { $0["level"] as? Int } == [1, 1])
    #expect((root["content"] as? [Any])?.isEmpty == true)
  }

  @Test("html: the named sections are the top-level details, nothing else is written")
  func html() throws {
    let result = try run(["--only", "\"/health, live\"", "-t", "html"], "petstore.json")
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("<details id=\"health-live\" open><summary>/health, live "))
    for other in ["info", "components", "/pets", "openapi"] {
      #expect(!result.output.contains(">\(other)"), "\(other)")
    }
    // The whole output is one details element: its first close is its last.
    #expect(result.output.hasSuffix("</details>\n"))
    #expect(result.output.components(separatedBy: "<details").count - 1 == 4)
  }

  @Test(
    "markdown: the link and footnote definitions the extract uses come after it, and cmark-gfm links them",
    .needs("cmark-gfm"))
  func markdown() throws {
    let result = try run(["--only", "Install", "-t", "markdown"], "guide.md")
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("<details open>\n<summary><a name=\"install\"></a>Install"))
    #expect(!result.output.contains("Usage") && !result.output.contains("Read the"))
    #expect(
      result.output.hasSuffix(
        """
        [docs]: https://example.org/docs
        [pkg]: https://example.org/pkg "Package"

        [^node]: Node 22 or later.

        """))
    #expect(!result.output.contains("[unused]"))
    guard requireTool("cmark-gfm") else { return }
    let html = try runTool(
      "cmark-gfm", ["--unsafe", "-e", "footnotes"], input: Data(result.output.utf8)
    ).output
    #expect(html.contains("<a href=\"https://example.org/docs\">docs</a>"))
    #expect(html.contains("<a href=\"https://example.org/pkg\" title=\"Package\">package</a>"))
    #expect(html.contains("Node 22 or later."))
    #expect(html.contains("<sup class=\"footnote-ref\">"))
  }

  @Test("html: only the footnotes the extract cites, with links back only to what it wrote")
  func htmlNotes() throws {
    let usage = try run(["--only", "Usage", "-t", "html"], "guide.md").output
    #expect(!usage.contains("footnote") && !usage.contains("Node 22"))
    let install = try run(["--only", "Install", "-t", "html"], "guide.md").output
    #expect(install.contains("Node 22 or later."))
    #expect(install.contains(#"id="fnref-node""#) && install.contains(##"href="#fnref-node""##))
  }

  @Test("a NAME that matches nothing is an error, and nothing is written")
  func noMatch() throws {
    let result = try run(["--only", "Instal", "-t", "html"], "guide.md")
    #expect(result.status == 2)
    #expect(result.output == "")
    #expect(result.errors == "collapse: no section matches 'Instal'; did you mean 'Install'?\n")
  }
}
