import Foundation
import Testing

/// Many sections work and stay correct; how long they take is measured by `make bench`,
/// not here.
@Suite("scale")
struct ScaleTests {
  @Test("200,000 headings: every one is a section, in order, with its own id")
  func manyHeadings() throws {
    let count = 200_000
    var document = ""
    document.reserveCapacity(count * 30)
    for index in 0..<count { document += "## Heading \(index)\n\ntext \(index)\n\n" }
    let outline = try runBinary(["--outline", "--collapse-all"], input: Data(document.utf8))
    let lines = outline.output.split(separator: "\n")
    #expect(lines.count == count)
    #expect(lines.last == "▸ Heading 199999  (1 line)")
    let selected = try runBinary(
      ["--outline", "-e", "Heading 123456", "-e", "/^Heading 19999[0-9]$/"],
      input: Data(document.utf8))
    #expect(selected.output.split(separator: "\n").filter { $0.hasPrefix("▾") }.count == 11)
  }

  @Test("10,000 sections of the same title: distinct ids, and a NAME reaches them all")
  func sameTitle() throws {
    let document = String(repeating: "# Same\n\nbody\n\n## Same\n\n", count: 5_000)
    let html = try runBinary(
      ["-t", "html", "--collapse-all", "-e", "same"], input: Data(document.utf8))
    let ids = html.output.matches(of: /<details id="([^"]+)"/).map { String($0.output.1) }
    #expect(ids.count == 10_000)
    #expect(Set(ids).count == 10_000)
    #expect(ids.last == "same-9999")
    #expect(html.output.matches(of: /<details id="[^"]+" open>/).count == 10_000)
    let one = try runBinary(
      ["--outline", "--collapse-all", "-e", "same-9999"], input: Data(document.utf8))
    #expect(
      one.output.split(separator: "\n").filter { $0.hasPrefix("▾") || $0.hasPrefix("  ▾") }.count
        == 2)
  }
}
