import TestSupport
import Testing

@testable import OutlineKit

@Suite("flags that reproduce a view")
struct ViewFlagsTests {
  static var oceans: Outline { SelectionTests.oceans }

  private func flags(_ open: [String], in outline: Outline = oceans) -> ViewFlags {
    ViewFlags(reproducing: outline.sections.map { open.contains($0.title) }, in: outline)
  }

  @Test("everything open needs no flags; nothing open needs --collapse-all")
  func extremes() {
    #expect(flags(Self.oceans.sections.map(\.title)).arguments == [])
    #expect(flags([]).arguments == ["--collapse-all"])
  }

  @Test("a few sections open are named, their ancestors left to --expand")
  func fewOpen() {
    #expect(
      flags(["Oceans", "Pacific", "Coral"]).arguments == ["--expand", "Oceans/Pacific/Coral"])
  }

  @Test("a few sections closed are named in --collapse")
  func fewClosed() {
    let open = Self.oceans.sections.map(\.title).filter { $0 != "Atlantic" }
    #expect(flags(open).arguments == ["--collapse", "Oceans/Atlantic"])
  }

  @Test("levels open are said with --depth")
  func depth() {
    #expect(flags(["Oceans", "Pacific", "Atlantic", "Indian"]).arguments == ["--depth", "2"])
  }

  @Test("sections hidden inside a closed one do not count")
  func hidden() {
    // Coral is open but cannot be seen: Pacific is closed.
    #expect(flags(["Oceans", "Coral"]).arguments == ["--depth", "1"])
  }

  @Test("a title that is not unique is named by its path, or its id")
  func ambiguousTitles() {
    let outline = markdown("# Linux\n## Setup\n# macOS\n## Setup\n")
    let arguments = ViewFlags(reproducing: [true, false, true, true], in: outline).arguments
    #expect(arguments == ["--collapse", "Linux/Setup"])
  }

  @Test("a title with a comma or a slash is a quoted step of the path that names it")
  func commas() throws {
    // The id `salt-pepper` would also name the title of the third section, so that
    // section is named by its own id.
    let outline = markdown("# Salt, Pepper\n## Inner\n# salt-pepper\n## Inner2\n# A/B\n## C\n")
    let view = ViewFlags(reproducing: [true, true, false, false, true, false], in: outline)
    #expect(
      view.arguments == ["--collapse", "#salt-pepper-1,\"A/B\"/C"]
        || view.arguments == ["--expand", "\"Salt, Pepper\"/Inner,\"A/B\""], "\(view.arguments)")
    #expect(try sameView(view, [true, true, false, false, true, false], in: outline))
    let outer = ViewFlags(reproducing: [true, false, false, false, false, false], in: outline)
    #expect(outer.arguments == ["--expand", "\"Salt, Pepper\""])
    #expect(try sameView(outer, [true, false, false, false, false, false], in: outline))
  }

  @Test("a path that names two sections, both closed, is said once")
  func repeatedPath() {
    let outline = markdown("# Log\n## 1.1.0\n### Added\n## 1.1.0\n### Added\n## 1.0.0\n### Added\n")
    let view = ViewFlags(reproducing: [true, true, false, true, false, true, true], in: outline)
    #expect(view.arguments == ["--collapse", "Log/1.1.0/Added"])
  }

  @Test("an extracted array element goes by its title, not its index in the array left out")
  func extractedElement() throws {
    let outline = try JSONReader.read(
      Array(
        #"{"oceans": [{"name": "Atlantic", "x": {"a": 1}}, {"name": "Pacific", "seas": {"Coral": {"b": 2}}}]}"#
          .utf8))
    let extract = try outline.extracting(["Pacific"])
    #expect(extract.pathName(of: 0) == "Pacific")
    #expect(extract.pathName(of: 2) == "Pacific/seas/Coral")
  }

  @Test("names are paths from the top, so they last when sections are added before")
  func lasting() throws {
    let before = markdown("# Guide\n## Setup\n### Linux\n## Usage\n### Linux\n")
    let view = ViewFlags(reproducing: [true, true, true, true, false], in: before)
    #expect(view.arguments == ["--collapse", "Guide/Usage/Linux"])
    // A section added above, with the same titles, does not take the name over.
    let after = markdown(
      "# Intro\n## Usage\n### Linux\n# Guide\n## Setup\n### Linux\n## Usage\n### Linux\n")
    let selection = try Selection(outline: after, request: view.request)
    #expect(after.sections.indices.filter { !selection.isExpanded($0) } == [7])
  }

  /// Whether the flags give `outline` the text output `expanded` gives it.
  private func sameView(_ view: ViewFlags, _ expanded: [Bool], in outline: Outline) throws -> Bool {
    var wanted = ""
    TextWriter().write(outline, selection: Selection(expanded: expanded), to: &wanted)
    var got = ""
    TextWriter().write(
      outline, selection: try Selection(outline: outline, request: view.request), to: &got)
    return got == wanted
  }

  @Test("in a large outline of repeated titles, only the sections that differ are named")
  func largeOutline() throws {
    let elements = (0..<20_000).map { #"{"name": "i\#($0)", "user": {"login": "u", "id": 1}}"# }
    let outline = try JSONReader.read(
      Array(("{\"items\": [" + elements.joined(separator: ",") + "]}").utf8))
    var expanded = Array(repeating: true, count: outline.sections.count)
    let user = outline.sections.indices.filter {
      outline.sections[$0].title == "user"
        && outline.sections[outline.sections[$0].parent!].title == "i5"
    }
    #expect(user.count == 1)
    expanded[user[0]] = false
    let view = ViewFlags(reproducing: expanded, in: outline)
    // The sixth element goes by its name, not by its index or the id user-5: both change
    // when an element is added before it.
    #expect(view.arguments == ["--collapse", "items/i5/user"])
    #expect(try Selection(outline: outline, request: view.request).flags == expanded)
  }

  @Test("for any view of any outline, the flags give the same text", arguments: [2026 as UInt64])
  func roundTrip(seed: UInt64) throws {
    var random = SplitMix(seed: seed)
    for _ in 0..<150 {
      let source = randomHeadings(&random, maxSections: 25, maxBodyLines: 1)
      let outline = markdown(source)
      let expanded = outline.sections.map { _ in random.next() % 2 == 0 }
      let view = ViewFlags(reproducing: expanded, in: outline)
      var wanted = ""
      TextWriter().write(outline, selection: Selection(expanded: expanded), to: &wanted)
      let selection = try Selection(outline: outline, request: view.request)
      var got = ""
      TextWriter().write(outline, selection: selection, to: &got)
      #expect(got == wanted, "\(source)\n\(view.arguments)")
      // The arguments say the same as the request.
      let lists = { (flag: String) in
        view.arguments.indices.filter { view.arguments[$0] == flag }.map { view.arguments[$0 + 1] }
      }
      #expect(lists("--expand") == view.request.expand)
      #expect(lists("--collapse") == view.request.collapse)
    }
  }
}
