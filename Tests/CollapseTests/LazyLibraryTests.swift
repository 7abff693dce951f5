import Foundation
import Testing

/// libxml2 is loaded by the run that reads XML and by no other: the ICU it links costs
/// more than reading an empty Markdown file. The dynamic loader says what it loads
/// (`LD_DEBUG=libs`, on its standard error).
@Suite("libxml2 loaded only when XML is read")
struct LazyLibraryTests {
  /// The lines the dynamic loader writes about libxml2 while collapse runs with `arguments`
  /// in `folder`, and how the run ended.
  private func loaderLines(_ arguments: [String], in folder: URL) throws -> (
    lines: [String], status: Int32
  ) {
    var environment = testEnvironment
    environment["LD_DEBUG"] = "libs"
    let result = try runBinary(arguments, directory: folder, environment: environment)
    let lines = result.errors.split(separator: "\n").map(String.init).filter {
      $0.contains("libxml2")
    }
    return (lines, result.status)
  }

  /// A folder holding a Markdown, a JSON, a YAML, an XML and a JUnit file.
  private func documents() throws -> URL {
    let folder = try temporaryFolder("collapse-lazy")
    let files = [
      "notes.md": "# Notes\n\ntext\n",
      "data.json": "{\"a\": {\"b\": 1}}\n",
      "config.yaml": "a:\n  b: 1\n",
      "pom.xml": "<project>\n  <build/>\n</project>\n",
      "report.xml": "<testsuite name=\"s\" tests=\"1\">\n  <testcase name=\"t\"/>\n</testsuite>\n",
    ]
    for (name, text) in files {
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    return folder
  }

  @Test("Markdown, JSON and YAML runs never load libxml2, whatever format is guessed first")
  func otherFormats() throws {
    let folder = try documents()
    defer { try? FileManager.default.removeItem(at: folder) }
    for arguments in [["notes.md"], ["data.json"], ["config.yaml"], ["-f", "json", "data.json"]] {
      let run = try loaderLines(arguments, in: folder)
      #expect(run.status == 0, "\(arguments)")
      #expect(run.lines.isEmpty, "\(arguments): \(run.lines)")
    }
    // Standard input, whose format is guessed from its first bytes.
    var environment = testEnvironment
    environment["LD_DEBUG"] = "libs"
    let piped = try runBinary([], input: Data("# A\ntext\n".utf8), environment: environment)
    #expect(piped.status == 0)
    #expect(!piped.errors.contains("libxml2"), "\(piped.errors)")
  }

  @Test("an XML run, a JUnit run and --version load libxml2")
  func xmlLoadsIt() throws {
    let folder = try documents()
    defer { try? FileManager.default.removeItem(at: folder) }
    for arguments in [["pom.xml"], ["report.xml"], ["--version"]] {
      let run = try loaderLines(arguments, in: folder)
      #expect(run.status == 0, "\(arguments)")
      #expect(
        run.lines.contains { $0.contains("calling init:") && $0.hasSuffix("/libxml2.so.2") },
        "\(arguments): \(run.lines)")
    }
  }

  /// Whether this process may hide a file from a run in a mount namespace of its own: as
  /// root, with `unshare`.
  static let canHideFiles: Bool = {
    guard toolPath("unshare") != nil, let hidden = try? runTool("unshare", ["--mount", "true"])
    else { return false }
    return hidden.status == 0
  }()

  @Test(
    "where libxml2 cannot be loaded, an XML file fails with why, and the other files are shown",
    .enabled(
      if: canHideFiles,
      "needs to hide libxml2 in a mount namespace of its own (root and unshare)"))
  func libraryMissing() throws {
    let folder = try documents()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The file the loader opens, as it says.
    let loaded = try loaderLines(["pom.xml"], in: folder).lines.first {
      $0.contains("calling init:")
    }
    let path = try #require(loaded?.split(separator: " ").last.map(String.init))
    // libxml2's file, hidden behind an empty one, which dlopen finds too short.
    let script = "mount --bind /dev/null \"$1\" && shift && exec \"$@\""
    let hidden = { (arguments: [String]) in
      try runTool(
        "unshare", ["--mount", "sh", "-c", script, "sh", path, collapseBinary.path] + arguments,
        directory: folder)
    }
    let result = try hidden(["--color=never", "report.xml", "notes.md"])
    #expect(result.status == 1)
    #expect(
      result.errors
        == "collapse: report.xml: cannot read XML: libxml2 (libxml2.so.2) could not be loaded: "
        + "\(path): file too short\n")
    #expect(result.output == "▾ notes.md\n  ▾ Notes\n    text\n")
    // Standard input that starts as XML would: claimed, and so failed, not read as Markdown.
    let piped = try runTool(
      "unshare", ["--mount", "sh", "-c", script, "sh", path, collapseBinary.path],
      directory: folder, input: Data("<testsuites>\n</testsuites>\n".utf8))
    #expect(piped.status == 1)
    #expect(
      piped.errors.hasSuffix("could not be loaded: \(path): file too short\n"), "\(piped.errors)")
    #expect(piped.output == "")
    let version = try hidden(["--version"])
    #expect(version.status == 0)
    #expect(version.output.hasSuffix(", libxml2 not loaded: \(path): file too short\n"))
  }
}
