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
    "-s wraps the same fragment -t html --no-highlight writes, for every sample",
    arguments: ["oceans.md", "vehicles.md", "feeds.md", "oceans.json", "releases.json"])
  func sameFragment(_ sample: String) throws {
    let path = "Samples/\(sample)"
    // A page's script colours its code: its fragment has none of GitHub's classes.
    let fragment = try runBinary(["-t", "html", "--no-highlight", "--depth", "1", path])
    let page = try runBothWays(
      ["-s", "-t", "html", "--depth", "1", path],
      input: "")
    #expect(page.status == 0)
    #expect(page.errors == "")
    #expect(page.output.hasPrefix("<!doctype html>\n"))
    // A page titled by its one top-level section has that title as its only <h1>.
    let main = between(page.output, "<main>\n", "</main>\n")
    #expect(main?.replacing("<h1>", with: "").replacing("</h1>", with: "") == fragment.output)
    #expect(page.output.components(separatedBy: "<h1>").count == 2)
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

  @Test("without a heading, the page is titled by the file's name, or standard input")
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
    #expect(between(standardInput.output, "<title>", "</title>") == "standard input")
    // A document from standard input with a title of its own is titled by it.
    let titled = try runBinary(["-s", "-t", "html"], input: Data("# Build report\n\ntext\n".utf8))
    #expect(between(titled.output, "<title>", "</title>") == "Build report")
    // Among other documents it is named in words too.
    let both = try runBinary(
      ["-s", "-t", "html", "notes/todo.md", "-"], input: Data("text\n".utf8),
      directory: folder.deletingLastPathComponent())
    #expect(between(both.output, "<title>", "</title>") == "todo.md, standard input")
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

@Suite("--embed-resources")
struct EmbedResourcesTests {
  /// A PNG of one red pixel.
  static let pixel =
    Data(
      base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"
    ) ?? Data()

  @Test("local images become data: URLs read beside the document; a missing one is a warning")
  func embedsLocalImages() throws {
    #expect(Self.pixel.count == 69)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("img"), withIntermediateDirectories: true)
    try Self.pixel.write(to: folder.appendingPathComponent("img/red dot.png"))
    try Data("not a picture".utf8).write(to: folder.appendingPathComponent("img/notes.png"))
    let document = """
      # Pictures

      ![dot](img/red%20dot.png) <img src="img/red dot.png?v=2" alt="raw">
      ![gone](img/missing.png) ![text](img/notes.png) ![far](https://x.org/far.png)

      """
    try Data(document.utf8).write(to: folder.appendingPathComponent("doc.md"))
    let path = folder.appendingPathComponent("doc.md").path
    let result = try runBinary(["-s", "--embed-resources", path])
    #expect(result.status == 0)
    let data = "data:image/png;base64,\(Self.pixel.base64EncodedString())"
    #expect(result.output.contains("<img src=\"\(data)\" alt=\"dot\" />"))
    #expect(result.output.contains("<img src=\"\(data)\" alt=\"raw\" />"))
    // What could not be embedded keeps its source, and is named on standard error.
    #expect(result.output.contains("<img src=\"img/missing.png\" alt=\"gone\" />"))
    #expect(result.output.contains("<img src=\"img/notes.png\" alt=\"text\" />"))
    #expect(
      result.output.contains(
        "<a class=\"remote-image\" href=\"https://x.org/far.png\" title=\"Not loaded: https://x.org/far.png\">far</a>"
      ))
    #expect(
      result.errors == """
        collapse: warning: \(folder.path)/img/missing.png: no such file or directory; its image is linked, not embedded
        collapse: warning: \(folder.path)/img/notes.png: not an image collapse can embed (PNG, JPEG, GIF, WebP, AVIF or SVG); its image is linked, not embedded

        """)
    // Without the option nothing is read.
    let plain = try runBinary(["-s", path])
    #expect(!plain.output.contains("data:image/png"))
    #expect(plain.errors == "")
  }

  @Test(
    "a picture's sources are embedded, a theme's fragment kept; a path from / is from the repository"
  )
  func picturesAndRoots() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for path in [".git", "docs/img"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
    }
    try Self.pixel.write(to: folder.appendingPathComponent("docs/img/dark.png"))
    try Self.pixel.write(to: folder.appendingPathComponent("docs/img/light.png"))
    let document = """
      # Logo

      <picture><source media="(prefers-color-scheme: dark)" srcset="img/dark.png 2x"><img src="/docs/img/light.png" alt="logo"></picture>

      ![dark](img/dark.png#gh-dark-mode-only)

      """
    try Data(document.utf8).write(to: folder.appendingPathComponent("docs/README.md"))
    // Without -t, --embed-resources means html, as -s does.
    let result = try runBinary(["--embed-resources", "docs/README.md"], directory: folder)
    #expect(result.status == 0)
    #expect(result.errors == "")
    let data = "data:image/png;base64,\(Self.pixel.base64EncodedString())"
    #expect(
      result.output.contains(
        "<picture><source media=\"(prefers-color-scheme: dark)\" srcset=\"\(data) 2x\" /><img src=\"\(data)\" alt=\"logo\" /></picture>"
      ))
    #expect(result.output.contains("<img src=\"\(data)#gh-dark-mode-only\" alt=\"dark\" />"))
  }

  @Test("an image named many times is embedded while the output's images fit, and --max-bytes")
  func embeddedTotal() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A PNG of 10,069 bytes: one pixel and bytes after its end, which no reader reads.
    let image = Self.pixel + Data(count: 10_000)
    try image.write(to: folder.appendingPathComponent("big.png"))
    try Self.pixel.write(to: folder.appendingPathComponent("dot.png"))
    let sections = (1...50).map { "# Part \($0)\n\n![big \($0)](big.png)\n" }
    let document = sections.joined(separator: "\n") + "\n![dot](dot.png)\n"
    try Data(document.utf8).write(to: folder.appendingPathComponent("doc.md"))
    let result = try runBinary(
      ["-t", "html", "--embed-resources", "--max-bytes", "100K", "doc.md"], directory: folder)
    #expect(result.status == 0)
    let url = "data:image/png;base64,\(image.base64EncodedString())"
    // As many as fit in 100 KiB, in document order; the rest keep their sources.
    let fitting = 102_400 / url.utf8.count
    #expect(fitting == 7)
    #expect(result.output.components(separatedBy: url).count - 1 == fitting)
    #expect(result.output.contains("<img src=\"big.png\" alt=\"big 8\" />"))
    #expect(result.output.utf8.count <= 102_400)
    // The small one after them still fits.
    #expect(result.output.contains("data:image/png;base64,\(Self.pixel.base64EncodedString())"))
    #expect(
      result.errors
        == "collapse: warning: big.png: the output's embedded images would take more than 100 KiB; its image is linked, not embedded\n"
    )
  }

  @Test("only regular files are read: a FIFO named like an image is not waited on")
  func fifo() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("# A\n\n![pipe](pipe.png)\n".utf8).write(to: folder.appendingPathComponent("a.md"))
    let result = try runScript(
      """
      mkfifo pipe.png
      timeout 60 "$0" --embed-resources a.md > out.html
      echo "status $?"
      grep -c 'src="pipe.png"' out.html
      """, in: folder)
    #expect(result.output == "status 0\n1\n")
    #expect(
      result.errors
        == "collapse: warning: pipe.png: not a regular file; its image is linked, not embedded\n")
  }

  @Test("a document named through .. is in its own repository, not the working folder's")
  func repositoryOfTheDocument() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for path in ["repo/.git", "repo/docs/img", "here/.git"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
    }
    try Self.pixel.write(to: folder.appendingPathComponent("repo/docs/img/logo.png"))
    // Of the repository collapse is run in: never to be read.
    try Self.pixel.write(to: folder.appendingPathComponent("here/private.png"))
    let document = "# A\n\n![logo](/docs/img/logo.png) ![private](/private.png)\n"
    try Data(document.utf8).write(to: folder.appendingPathComponent("repo/docs/a.md"))
    let result = try runBinary(
      ["--embed-resources", "../repo/docs/a.md"], directory: folder.appendingPathComponent("here"))
    #expect(result.status == 0)
    let data = "data:image/png;base64,\(Self.pixel.base64EncodedString())"
    #expect(result.output.contains("<img src=\"\(data)\" alt=\"logo\" />"))
    #expect(result.output.contains("<img src=\"/private.png\" alt=\"private\" />"))
    #expect(result.errors.contains("/repo/private.png: no such file or directory"))
  }

  @Test("no file outside the document's folder, or its repository, is read into the page")
  func confinement() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("docs"), withIntermediateDirectories: true)
    try Data("SECRET=hunter2\n".utf8).write(to: folder.appendingPathComponent("secret.env"))
    try Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8).write(
      to: folder.appendingPathComponent("docs/logo.svg"))
    try Data("SECRET=again\n".utf8).write(to: folder.appendingPathComponent("docs/notes.svg"))
    let document = """
      # A

      ![up](../secret.env) <img src="../secret.env%00.svg"> ![root](/etc/hostname)
      ![text named .svg](notes.svg) ![logo](logo.svg)

      """
    try Data(document.utf8).write(to: folder.appendingPathComponent("docs/a.md"))
    let result = try runBinary(["--embed-resources", "docs/a.md"], directory: folder)
    #expect(result.status == 0)
    #expect(!result.output.contains(Data("SECRET".utf8).base64EncodedString().prefix(6)))
    #expect(result.output.contains("<img src=\"data:image/svg+xml;base64,"))
    #expect(
      result.errors.contains(
        "docs/../secret.env: outside docs/, the folder images are embedded from"))
    #expect(result.errors.contains("a file name with a control character in it"))
    #expect(result.errors.contains("/etc/hostname: outside docs/"))
    #expect(result.errors.contains("docs/notes.svg: not an image collapse can embed"))
  }

  @Test("--embed-resources goes with html output only, and not with --unsafe")
  func combinations() throws {
    let markdown = try runBinary(["-t", "markdown", "--embed-resources", "Samples/oceans.md"])
    #expect(markdown.status == 2)
    #expect(
      markdown.errors.contains(
        "--embed-resources writes images into html output; it does not go with -t markdown"))
    let unsafe = try runBinary(["-s", "--unsafe", "--embed-resources", "Samples/oceans.md"])
    #expect(unsafe.status == 2)
    #expect(unsafe.errors.contains("--unsafe keeps the HTML exactly as written"))
  }

  @Test("--no-highlight leaves the fragment's code as cmark-gfm writes it, and goes with html only")
  func noHighlight() throws {
    let code = Data("```rust\nfn main() {}\n```\n".utf8)
    let marked = try runBinary(["-t", "html"], input: code)
    #expect(
      marked.output.contains("<span class=\"pl-k\">fn</span> <span class=\"pl-en\">main</span>"))
    let plain = try runBinary(["-t", "html", "--no-highlight"], input: code)
    #expect(plain.status == 0)
    #expect(plain.output == "<pre><code class=\"language-rust\">fn main() {}\n</code></pre>\n")
    for format in ["text", "markdown", "json"] {
      let refused = try runBinary(["-t", format, "--no-highlight"], input: code)
      #expect(refused.status == 2, "\(format)")
      #expect(
        refused.errors.contains("--no-highlight leaves html code uncoloured; it goes with -t html"),
        "\(format)")
    }
  }
}
