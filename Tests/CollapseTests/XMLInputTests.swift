import Foundation
import Testing

/// XML through the built binary where what follows a failure matters: the files after a
/// malformed one, and what libxml2 must not load.
@Suite("XML input through the binary")
struct XMLInputTests {
  @Test("malformed XML says FILE:LINE:COLUMN and status 1, and the other files are shown")
  func malformedThenOthers() throws {
    let folder = try temporaryFolder("collapse-xml")
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("<project>\n  <build>\n    <plugins>\n  </build>\n</project>\n".utf8).write(
      to: folder.appendingPathComponent("pom.xml"))
    try Data("<r>\n  <a>\n    <b/>\n  </a>\n</r>\n".utf8).write(
      to: folder.appendingPathComponent("ok.xml"))
    try Data("# OK\ntext\n".utf8).write(to: folder.appendingPathComponent("ok.md"))
    let result = try runBinary(
      ["--color=never", "ok.xml", "pom.xml", "ok.md"], directory: folder)
    #expect(result.status == 1)
    #expect(
      result.errors
        == "collapse: pom.xml:4:11: expected '</plugins>' to close the element that started at "
        + "line 3, found '</build>'\n")
    #expect(
      result.output
        == "▾ ok.xml\n  ▾ r\n    ▾ a\n      <b/>\n▾ ok.md\n  ▾ OK\n    text\n")
  }

  @Test("an external entity and an external DTD read nothing, and nothing is fetched")
  func nothingLoaded() throws {
    let folder = try temporaryFolder("collapse-xml")
    defer { try? FileManager.default.removeItem(at: folder) }
    let secret = folder.appendingPathComponent("secret.txt")
    try Data("TOP-SECRET-LINE\n".utf8).write(to: secret)
    let document = """
      <?xml version="1.0"?>
      <!DOCTYPE r SYSTEM "http://127.0.0.1:9/r.dtd" [
        <!ENTITY file SYSTEM "\(secret.path)">
        <!ENTITY web SYSTEM "http://127.0.0.1:9/x">
        <!ENTITY % param SYSTEM "\(secret.path)">
        %param;
      ]>
      <r>
        <a>&file;</a>
        <b>&web;</b>
      </r>

      """
    try Data(document.utf8).write(to: folder.appendingPathComponent("x.xml"))
    for format in ["text", "html", "markdown", "json"] {
      let result = try runBinary(["-t", format, "x.xml"], directory: folder)
      #expect(result.status == 0, "\(format): \(result.errors)")
      #expect(result.errors.isEmpty)
      #expect(!result.output.contains("TOP-SECRET"), "\(format)")
      #expect(result.output.contains("&file;") || result.output.contains("&amp;file;"))
    }
  }

  @Test("a billion laughs is refused at the reference, with the other files shown")
  func billionLaughs() throws {
    let folder = try temporaryFolder("collapse-xml")
    defer { try? FileManager.default.removeItem(at: folder) }
    var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
    for level in 1...9 {
      let previous = level == 1 ? "lol" : "lol\(level - 1)"
      text += " <!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
    }
    text += "]>\n<lolz>\n  <a>&lol9;</a>\n</lolz>\n"
    try Data(text.utf8).write(to: folder.appendingPathComponent("lol.xml"))
    try Data("# OK\n".utf8).write(to: folder.appendingPathComponent("ok.md"))
    let result = try runBinary(["--collapse-all", "lol.xml", "ok.md"], directory: folder)
    #expect(result.status == 1)
    #expect(result.errors.hasPrefix("collapse: lol.xml:15:"))
    #expect(result.errors.contains("entities here expand without bound"))
    #expect(result.output == "▸ ok.md  (1 section)\n")
  }

  @Test(
    "dense XML under a memory limit is too large, with a message, and the next file is shown",
    .disabled(
      if: unsanitizedBinary == nil,
      "AddressSanitizer reserves more address space than any such limit"))
  func denseUnderMemoryLimit() throws {
    let folder = try temporaryFolder("collapse-xml")
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("# Small\n".utf8).write(to: folder.appendingPathComponent("small.md"))
    // A section every 13 bytes: 13 MB of it takes far more than the limit leaves.
    let dense = "<r>\n" + String(repeating: "<a>\n<b/>\n</a>\n", count: 1_000_000) + "</r>\n"
    try Data(dense.utf8).write(to: folder.appendingPathComponent("dense.xml"))
    let script = """
      (ulimit -v 500000; "$0" --outline dense.xml small.md > out.txt; echo "status $?")
      grep -c Small out.txt
      """
    let result = try runScript(script, in: folder, binary: try #require(unsanitizedBinary))
    #expect(result.output == "status 1\n1\n", "\(result.errors)")
    #expect(
      result.errors.wholeMatch(
        of:
          /collapse: dense.xml: too large: [0-9.]+ MiB of XML to read in the address space ulimit -v leaves, [0-9.]+ MiB \(at most [0-9.]+ MiB of XML in that\)\n/
      ) != nil, "\(result.errors)")
  }
}
