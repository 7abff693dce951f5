import Foundation
import Testing

/// YAML through the built binary where what follows a failure matters: the next file, the
/// documents before a bad one, a memory limit.
@Suite("YAML input through the binary")
struct YAMLInputTests {
  @Test("explicit keys that go on past their first line are read, and the next file is shown")
  func explicitKeysThenNextFile() throws {
    let folder = try temporaryFolder("collapse-yaml")
    defer { try? FileManager.default.removeItem(at: folder) }
    let keys = [
      "? - a\n: - b\n", "? x: 1\n:\n  y: 2\n", "? \"a\n  b\"\n:\n  x: 1\n", "? |\n  a\n:\n  x: 1\n",
      "? >\n  a\n:\n  x: 1\n", "? [a,\n  b]\n:\n  x: 1\n",
    ]
    try Data("# OK\ntext\n".utf8).write(to: folder.appendingPathComponent("ok.md"))
    for (index, key) in keys.enumerated() {
      try Data(key.utf8).write(to: folder.appendingPathComponent("k\(index).yaml"))
      let result = try runBinary(
        ["--color=never", "k\(index).yaml", "ok.md"], directory: folder)
      #expect(result.status == 0 && result.errors.isEmpty, "\(key): \(result.errors)")
      // Every line of the key's file is shown, and the next file after it.
      let shown = result.output.split(separator: "\n").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      for line in key.split(separator: "\n") {
        #expect(shown.contains(line.trimmingCharacters(in: .whitespaces)), "\(key): \(line)")
      }
      #expect(result.output.hasSuffix("▾ ok.md\n  ▾ OK\n    text\n"), "\(result.output)")
    }
  }

  @Test("a bad line in the 58th of 60 documents: the 57 before it are shown, then the error")
  func badDocumentOfManifest() throws {
    let folder = try temporaryFolder("collapse-yaml")
    defer { try? FileManager.default.removeItem(at: folder) }
    let documents = (1...60).map { number in
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\(number)\ndata:\n  k: v\n"
        + (number == 58 ? "   bad: [\n" : "")
    }
    try Data(documents.joined(separator: "---\n").utf8).write(
      to: folder.appendingPathComponent("all.yaml"))
    try Data("# OK\n".utf8).write(to: folder.appendingPathComponent("ok.md"))
    let result = try runBinary(
      ["--collapse-all", "-e", "all.yaml", "all.yaml", "ok.md"], directory: folder)
    #expect(result.status == 1)
    let titles = (1...57).map { "  ▸ ConfigMap cm\($0)  {…} 4 keys" }
    #expect(
      result.output == (["▾ all.yaml"] + titles + ["▸ ok.md  (1 section)"]).joined(separator: "\n")
        + "\n")
    // The 58th document starts on line 400 (7 lines each, its `---` the first): its bad
    // line is its seventh.
    #expect(
      result.errors
        == "collapse: all.yaml:406:7: unexpected ': ' in a value; quote the value, or start a "
        + "mapping on a line of its own\n")
  }

  @Test(
    "dense YAML under a memory limit is too large, with a message, and the next file is shown",
    .disabled(
      if: unsanitizedBinary == nil,
      "AddressSanitizer reserves more address space than any such limit"))
  func denseUnderMemoryLimit() throws {
    let folder = try temporaryFolder("collapse-yaml")
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("# Small\n".utf8).write(to: folder.appendingPathComponent("small.md"))
    // A section every two bytes: 4 MB of it takes far more than the limit leaves.
    let line = String(repeating: "- ", count: 20) + "x\n"
    try Data(String(repeating: line, count: 100_000).utf8).write(
      to: folder.appendingPathComponent("dense.yaml"))
    let script = """
      (ulimit -v 500000; "$0" --outline dense.yaml small.md > out.txt; echo "status $?")
      grep -c Small out.txt
      """
    let result = try runScript(script, in: folder, binary: try #require(unsanitizedBinary))
    #expect(result.output == "status 1\n1\n", "\(result.errors)")
    #expect(
      result.errors.wholeMatch(
        of:
          /collapse: dense.yaml: too large: [0-9.]+ MiB of YAML to read in the address space ulimit -v leaves, [0-9.]+ MiB \(at most [0-9.]+ KiB of YAML in that\)\n/
      ) != nil, "\(result.errors)")
  }
}
