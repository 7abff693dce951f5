import TestSupport
import Testing

@testable import OutlineKit

@Suite("section names")
struct SectionNamesTests {
  /// The names of every section of `outline`, each checked to select its section alone,
  /// as `--expand` reads it.
  private func checkedNames(_ outline: Outline) throws -> [String] {
    let names = outline.sectionNames()
    #expect(names.count == outline.sections.count)
    var matcher = NameMatcher(outline: outline)
    for (index, name) in names.enumerated() {
      #expect(try matcher.sections(inList: name) == [index], "\(name)")
    }
    return names
  }

  @Test("a path where it names the section alone, else the id")
  func pathsAndIDs() throws {
    let names = try checkedNames(markdown("# A\n## Notes\n# B\n## Notes\n# B\n## Other\n"))
    // The second B is not named by "B"; the first B's Notes is, as the second has none.
    #expect(names == ["A", "A/Notes", "#b", "B/Notes", "#b-1", "B/Other"])
  }

  @Test("a path that reads as a title is quoted; steps that hold slashes and commas too")
  func quoting() throws {
    let names = try checkedNames(markdown("# A\n## Notes\n# A/Notes\n# x, y\n## **\n"))
    #expect(names == ["A", #""A"/"Notes""#, #""A/Notes""#, #""x, y""#, #""x, y"/"**""#])
    // An empty key is written as quotes, which are also its title: that is the section.
    let empty = try checkedNames(try JSONReader.read(Array(#"{"": {"a": {"b": 1}}}"#.utf8)))
    #expect(empty == ["\"\"", "\"\"/a"])
  }

  @Test(
    "a section deeper than a path goes is named by its id", arguments: [SectionNames.deepestPath])
  func deep(steps: Int) throws {
    let depth = steps + 3
    let source =
      (0..<depth).map { "{\"k\($0)\": " }.joined() + "1" + String(repeating: "}", count: depth)
    let names = try checkedNames(try JSONReader.read(Array(source.utf8)))
    #expect(names[steps - 1] == (0..<steps).map { "k\($0)" }.joined(separator: "/"))
    #expect(names[steps] == "#k\(steps)")
  }

  @Test(
    "random headings whose titles repeat and hold commas and slashes", arguments: [21 as UInt64])
  func randomTitles(seed: UInt64) throws {
    var random = SplitMix(seed: seed)
    var paths = 0
    var ids = 0
    for _ in 0..<150 {
      let source = randomHeadings(&random, maxSections: 24, maxBodyLines: 1)
      for name in try checkedNames(markdown(source)) {
        if name.hasPrefix("#") { ids += 1 } else { paths += 1 }
      }
    }
    print("seed \(seed): \(paths) paths, \(ids) ids")
    #expect(paths > 100 && ids > 100)
  }

  @Test(
    "random JSON: elements titled alike, keys repeated at every depth", arguments: [5 as UInt64])
  func randomJSON(seed: UInt64) throws {
    var random = SplitMix(seed: seed)
    let keys = ["name", "items", "0", "a/b", "x, y", "items"]
    func value(_ depth: Int) -> String {
      switch random.next() % 4 {
      case 0 where depth < 5:
        let count = Int(random.next() % 4)
        return "[" + (0..<count).map { _ in value(depth + 1) }.joined(separator: ", ") + "]"
      case 1 where depth < 5:
        let count = Int(random.next() % 4)
        return "{"
          + (0..<count).map { _ in
            "\"\(keys[Int(random.next() % UInt64(keys.count))])\": \(value(depth + 1))"
          }.joined(separator: ", ") + "}"
      case 2: return "\"\(keys[Int(random.next() % UInt64(keys.count))])\""
      default: return "\(random.next() % 3)"
      }
    }
    var paths = 0
    for _ in 0..<200 {
      let source = "[" + (0..<3).map { _ in value(0) }.joined(separator: ", ") + "]"
      paths += try checkedNames(try JSONReader.read(Array(source.utf8))).filter {
        !$0.hasPrefix("#")
      }.count
    }
    print("seed \(seed): \(paths) paths")
    #expect(paths > 100)
  }
}
