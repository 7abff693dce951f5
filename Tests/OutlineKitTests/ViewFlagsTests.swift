import TestSupport
import Testing

@testable import OutlineKit

@Suite("flags that reproduce a view")
struct ViewFlagsTests {
  static let oceans = SelectionTests.oceans

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
    #expect(flags(["Oceans", "Pacific", "Coral"]).arguments == ["--expand", "Coral"])
  }

  @Test("a few sections closed are named in --collapse")
  func fewClosed() {
    let open = Self.oceans.sections.map(\.title).filter { $0 != "Atlantic" }
    #expect(flags(open).arguments == ["--collapse", "Atlantic"])
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

  @Test("a title with a comma, when it is the name to give, is written with the comma escaped")
  func commas() throws {
    // The id `salt-pepper` would also name the title of the third section: the first is
    // named by its own title, whose comma must not split it in two.
    let outline = markdown("# Salt, Pepper\n## Inner\n# salt-pepper\n## Inner2\n")
    let expanded = [true, false, false, false]
    let view = ViewFlags(reproducing: expanded, in: outline)
    #expect(view.arguments.contains { $0.contains("Salt\\, Pepper") }, "\(view.arguments)")
    #expect(try Selection(outline: outline, request: view.request).flags == expanded)
    let inner = ViewFlags(reproducing: [true, true, false, false], in: outline)
    #expect(
      try Selection(outline: outline, request: inner.request).flags == [true, true, false, false])
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
    // The sixth "user" has the id user-5, shorter than the path i5/user.
    #expect(view.arguments == ["--collapse", "user-5"])
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
      if let at = view.arguments.firstIndex(of: "--expand") {
        #expect(SelectionRequest.names(in: view.arguments[at + 1]) == view.request.expand)
      }
      if let at = view.arguments.firstIndex(of: "--collapse") {
        #expect(SelectionRequest.names(in: view.arguments[at + 1]) == view.request.collapse)
      }
    }
  }
}
