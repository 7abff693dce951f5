import Testing

@testable import OutlineKit

@Suite("selection")
struct SelectionTests {
  static var oceans: Outline {
    markdown(
      """
      # Oceans
      ## Pacific
      ### Coral
      ### South China
      ## Atlantic
      ### Sargasso
      ### Caribbean
      ## Indian
      ### Bay of Bengal
      """)
  }

  private func expanded(_ request: SelectionRequest, in outline: Outline = oceans) throws
    -> [String]
  {
    let selection = try Selection(outline: outline, request: request)
    return outline.sections.indices.filter { selection.isExpanded($0) }.map {
      outline.sections[$0].title
    }
  }

  private let all = [
    "Oceans", "Pacific", "Coral", "South China", "Atlantic", "Sargasso", "Caribbean", "Indian",
    "Bay of Bengal",
  ]

  @Test("by default everything is expanded")
  func everythingByDefault() throws {
    #expect(try expanded(SelectionRequest()) == all)
  }

  @Test("--expand alone opens exactly the named sections and their ancestors")
  func expandAlone() throws {
    #expect(
      try expanded(SelectionRequest(expand: ["Coral", "Atlantic"])) == [
        "Oceans", "Pacific", "Coral", "Atlantic",
      ])
  }

  @Test(
    "sections named to expand are told from those the base or a named descendant opens",
    arguments: [
      (SelectionRequest(expand: ["Coral,Atlantic"]), ["Coral", "Atlantic"]),
      (
        SelectionRequest(base: .everything, expand: ["Pacific/**"]),
        ["Pacific", "Coral", "South China"]
      ),
      (SelectionRequest(base: .depth(2), expand: ["Indian"], collapse: ["Indian"]), []),
      (SelectionRequest(base: .everything), []),
    ])
  func expandedByName(_ request: SelectionRequest, _ named: [String]) throws {
    let outline = Self.oceans
    let selection = try Selection(outline: outline, request: request)
    let byName = outline.sections.indices.filter { selection.isExpandedByName($0) }
    #expect(byName.map { outline.sections[$0].title } == named)
  }

  @Test("--collapse-all expands nothing and --expand-all everything")
  func allOrNothing() throws {
    #expect(try expanded(SelectionRequest(base: .nothing)) == [])
    #expect(try expanded(SelectionRequest(base: .everything)) == all)
  }

  @Test("--depth N expands the first N levels; 0 is nothing")
  func depth() throws {
    #expect(try expanded(SelectionRequest(base: .depth(0))) == [])
    #expect(try expanded(SelectionRequest(base: .depth(1))) == ["Oceans"])
    #expect(
      try expanded(SelectionRequest(base: .depth(2))) == [
        "Oceans", "Pacific", "Atlantic", "Indian",
      ])
    #expect(try expanded(SelectionRequest(base: .depth(Int.max))) == all)
  }

  @Test("--expand adds sections and their ancestors to the base, then --collapse removes")
  func order() throws {
    #expect(
      try expanded(SelectionRequest(base: .depth(1), expand: ["Sargasso"], collapse: ["Atlantic"]))
        == ["Oceans", "Sargasso"])
    #expect(
      try expanded(SelectionRequest(base: .everything, collapse: ["Pacific", "Indian"]))
        == ["Oceans", "Coral", "South China", "Atlantic", "Sargasso", "Caribbean", "Bay of Bengal"])
    #expect(
      try expanded(
        SelectionRequest(base: .nothing, expand: ["Bay of Bengal"], collapse: ["Bay of Bengal"]))
        == ["Oceans", "Indian"])
  }

  @Test("--collapse alone starts from everything expanded")
  func collapseAlone() throws {
    #expect(try expanded(SelectionRequest(collapse: ["Oceans"])) == Array(all.dropFirst()))
  }

  @Test(
    "a NAME matches by title ignoring case and spacing, by id, by path and by regex",
    arguments: [
      ("bay  OF\tbengal", ["Bay of Bengal"]),
      ("bay-of-bengal", ["Bay of Bengal"]),
      ("south-china", ["South China"]),
      ("Pacific/Coral", ["Coral"]),
      ("oceans/atlantic/caribbean", ["Caribbean"]),
      ("/^S/", ["South China", "Sargasso"]),
      ("/an$/", ["Caribbean", "Indian"]),
      ("/^s/i", ["South China", "Sargasso"]),
      ("/a.*i/", ["Pacific", "Atlantic", "Caribbean"]),
    ])
  func nameForms(_ name: String, _ matched: [String]) throws {
    let result = try expanded(SelectionRequest(base: .nothing).with(expand: name))
    let ancestorsOrSelf = Set(
      matched.flatMap { title -> [String] in
        let index = Self.oceans.sections.firstIndex { $0.title == title }!
        return ([index] + Self.oceans.ancestors(of: index)).map { Self.oceans.sections[$0].title }
      })
    #expect(Set(result) == ancestorsOrSelf)
  }

  @Test("#id names one section by its id, even when a title is the same word")
  func hashID() throws {
    let outline = markdown("# Setup\n# Setup\n# setup-1\n")
    #expect(outline.ids == ["setup", "setup-1", "setup-1-1"])
    func open(_ name: String) throws -> [Int] {
      let selection = try Selection(outline: outline, request: SelectionRequest(expand: [name]))
      return outline.sections.indices.filter { selection.isExpanded($0) }
    }
    #expect(try open("setup") == [0, 1])
    #expect(try open("#setup") == [0])
    #expect(try open("setup-1") == [1, 2])
    #expect(try open("#setup-1") == [1])
    // Without such an id, # is just part of the NAME.
    let tagged = markdown("# #tag\n# other\n")
    #expect(
      try Selection(outline: tagged, request: SelectionRequest(expand: ["#tag"])).isExpanded(0))
  }

  @Test("a path must match the chain of enclosing sections")
  func pathNeedsItsParents() throws {
    #expect(throws: SelectionFailure.self) {
      try expanded(SelectionRequest(expand: ["Atlantic/Coral"]))
    }
  }

  @Test("a path is split at every '/', even one a combining mark follows")
  func pathBeforeCombiningMark() throws {
    let outline = markdown("# Top\n## \u{7EC}nko\n# Other\n## \u{7EC}nko\n")
    let id = outline.ids[1]
    #expect(
      try expanded(SelectionRequest(expand: ["top/" + id]), in: outline) == ["Top", "\u{7EC}nko"])
  }

  @Test("markup in a heading does not get in the way of its NAME")
  func markupStripped() throws {
    let outline = markdown("# The `--depth` *flag*\n")
    #expect(
      try expanded(SelectionRequest(expand: ["the --depth flag"]), in: outline) == [
        "The --depth flag"
      ])
  }

  @Test("one NAME may match several sections and applies to all")
  func severalMatches() throws {
    let outline = markdown("# A\n## Setup\n# B\n## Setup\n")
    #expect(
      try expanded(SelectionRequest(expand: ["setup"]), in: outline) == [
        "A", "Setup", "B", "Setup",
      ])
    #expect(try expanded(SelectionRequest(expand: ["setup-1"]), in: outline) == ["B", "Setup"])
  }

  @Test("a NAME that matches nothing is an error naming it and the closest title")
  func noMatch() {
    #expect(throws: SelectionFailure(errors: [.noMatch(name: "Pacfic", suggestion: "Pacific")])) {
      try expanded(SelectionRequest(expand: ["Pacfic"]))
    }
    #expect(
      throws: SelectionFailure(errors: [
        .noMatch(name: "Atlantik", suggestion: "Atlantic"),
        .noMatch(name: "Pacific/Corall", suggestion: "Coral"),
      ])
    ) {
      try expanded(SelectionRequest(expand: ["Atlantik"], collapse: ["Pacific/Corall"]))
    }
    #expect(
      SelectionError.noMatch(name: "Pacfic", suggestion: "Pacific").description
        == "no section matches 'Pacfic'; did you mean 'Pacific'?")
  }

  static var reference: Outline {
    markdown(
      """
      # API
      ## `fzf`
      ## **Note** on use
      ## fs.chown(path, uid, gid, callback)
      ## fs.chmod(path, mode, callback)
      ## A\\*b\\* and `c`
      ## Emphasis *and* code
      """)
  }

  @Test(
    "a NAME written as its heading's Markdown names the heading",
    arguments: [
      ("`fzf`", "fzf"), ("**Note** on use", "Note on use"), ("*Note* on use", "Note on use"),
      ("A\\*b\\* and `c`", "A*b* and c"), ("Emphasis _and_ `code`", "Emphasis and code"),
    ])
  func markdownName(_ name: String, _ title: String) throws {
    #expect(try expanded(SelectionRequest(expand: [name]), in: Self.reference) == ["API", title])
  }

  @Test("a NAME near what comes before a call's parentheses suggests the call's title")
  func callSuggestion() {
    #expect(
      throws: SelectionFailure(errors: [
        .noMatch(name: "fs.chwon", suggestion: "fs.chown(path, uid, gid, callback)"),
        .noMatch(name: "fs.chmd", suggestion: "fs.chmod(path, mode, callback)"),
        .noMatch(name: "fs.open", suggestion: nil),
      ])
    ) {
      try expanded(
        SelectionRequest(expand: ["fs.chwon", "fs.chmd", "fs.open"]), in: Self.reference)
    }
  }

  @Test("a jq path that matches nothing suggests the path that names what it would")
  func jqSuggestion() throws {
    let api = try json(
      #"{"openapi": "3.1.0", "info": {"title": "Pets", "contact": {"name": "A"}}, "#
        + #""servers": [{"url": "https://a.example"}, {"url": "https://b.example"}], "tags": []}"#)
    #expect(
      throws: SelectionFailure(errors: [
        .noMatch(name: ".info", suggestion: "info"),
        .noMatch(name: ".info.contact", suggestion: "info/contact"),
        .noMatch(name: ".servers[1]", suggestion: "servers/1"),
        // Nothing of the sort is there: no key a few letters away is suggested for it.
        .noMatch(name: ".paths", suggestion: nil),
        .noMatch(name: ".info.license", suggestion: nil),
      ])
    ) {
      try expanded(
        SelectionRequest(expand: [
          ".info", ".info.contact", ".servers[1]", ".paths", ".info.license",
        ]),
        in: api)
    }
    #expect(NameMatcher.path(ofJQ: ".a.b[2].c") == "a/b/2/c")
    #expect(NameMatcher.path(ofJQ: ".") == nil)
    #expect(NameMatcher.path(ofJQ: ".a[x]") == nil)
    #expect(NameMatcher.path(ofJQ: "a.b") == nil)
  }

  @Test("the hint for a NAME that matches nothing shows only the start of a long title")
  func longSuggestion() {
    let long = String(repeating: "x", count: 5_000)
    let description = SelectionError.noMatch(name: "y", suggestion: long).description
    #expect(
      description == "no section matches 'y'; did you mean '\(String(repeating: "x", count: 59))…'?"
    )
  }

  @Test("an invalid /regex/ is an error, not a crash")
  func invalidRegex() {
    #expect {
      try expanded(SelectionRequest(expand: ["/(unclosed/"]))
    } throws: { error in
      guard let failure = error as? SelectionFailure,
        case .invalidPattern(let name, _, _) = failure.errors.first
      else { return false }
      return name == "/(unclosed/"
    }
  }

  @Test("only the first 20 NAMEs that match nothing get a suggestion; every one an error")
  func suggestionsCapped() throws {
    let names = (0..<25).map { "Pacifi\($0)" }
    #expect {
      try expanded(SelectionRequest(expand: [names.joined(separator: ",")]))
    } throws: { error in
      guard let failure = error as? SelectionFailure else { return false }
      let suggestions = failure.errors.map { error -> String? in
        guard case .noMatch(_, let suggestion) = error else { return "?" }
        return suggestion
      }
      return failure.errors.map(\.name) == names
        && suggestions == Array(repeating: "Pacific", count: 20) + Array(repeating: nil, count: 5)
    }
  }

  @Test("a NAME is a /regex/ only when it starts and ends with a slash")
  func patternNeedsBothSlashes() throws {
    #expect(try expanded(SelectionRequest(expand: ["/^Pac/i"])) == ["Oceans", "Pacific"])
    for name in ["Pacific/i", "Pacific/", "Oceans/Pacific/i"] {
      #expect(throws: SelectionFailure.self, "\(name)") {
        try expanded(SelectionRequest(expand: [name]))
      }
    }
    // A trailing comma leaves one NAME, read as it stands.
    #expect(try expanded(SelectionRequest(expand: ["Coral,"])) == ["Oceans", "Pacific", "Coral"])
  }

  @Test("heading hints set the starting state; flags win")
  func hints() throws {
    let outline = markdown("# A <!-- collapsed -->\n## B <!-- expanded -->\n## C\n# D\n")
    #expect(try expanded(SelectionRequest(), in: outline) == ["B", "C", "D"])
    #expect(try expanded(SelectionRequest(base: .everything), in: outline) == ["A", "B", "C", "D"])
    #expect(try expanded(SelectionRequest(base: .depth(1)), in: outline) == ["A", "D"])
    #expect(try expanded(SelectionRequest(expand: ["C"]), in: outline) == ["A", "C"])
    #expect(try expanded(SelectionRequest(collapse: ["D"]), in: outline) == ["B", "C"])
  }

  @Test("the expanded set is the seeds' Set<String> of ids")
  func expandedIDs() throws {
    let selection = try Selection(
      outline: Self.oceans, request: SelectionRequest(expand: ["Coral"]))
    #expect(selection.expandedIDs(in: Self.oceans) == ["oceans", "pacific", "coral"])
  }

  @Test(
    "NAMES split at commas that are not escaped or quoted; each keeps its escapes",
    arguments: [
      ("Pacific,Atlantic", ["Pacific", "Atlantic"]),
      ("Salt\\, Pepper,Other", ["Salt\\, Pepper", "Other"]),
      ("a\\\\,b", ["a\\\\", "b"]),
      ("path\\d+", ["path\\d+"]),
      ("one,,two,", ["one", "two"]),
      ("", []),
      ("\"/health, live\",paths/\"/a,b\"/get", ["\"/health, live\"", "paths/\"/a,b\"/get"]),
      // A quote counts only around a whole step.
      ("say \"a,b\"", ["say \"a", "b\""]),
      // A combining mark after a comma or backslash does not hide it.
      ("a,\u{301}b", ["a", "\u{301}b"]),
      ("a\\\u{301}", ["a\\\u{301}"]),
      ("a\\\\\u{301},b", ["a\\\\\u{301}", "b"]),
    ])
  func names(_ list: String, _ names: [String]) {
    #expect(SelectionRequest.names(in: list) == names)
  }
}

@Suite("lists and paths whose parts make titles")
struct RunTests {
  static var outline: Outline {
    markdown(
      """
      # Spices
      ## Salt, Pepper
      ## Cumin
      # a/b/c
      ## d
      # Quantifiers
      ## a{1,3}
      """)
  }

  @Test("runs of a list's parts, and of a path's steps, that make a title are found")
  func runs() throws {
    var matcher = NameMatcher(outline: Self.outline)
    let titles = { (found: [Int]) in found.map { Self.outline.sections[$0].title } }
    #expect(
      try titles(matcher.sections(inList: "Cumin,Salt, Pepper")) == ["Salt, Pepper", "Cumin"])
    #expect(
      try titles(matcher.sections(inList: "salt,  PEPPER,cumin")) == ["Salt, Pepper", "Cumin"])
    #expect(try titles(matcher.sections(inList: "Spices/Salt, Pepper,d")) == ["Salt, Pepper", "d"])
    #expect(try titles(matcher.sections(inList: "a/b/c/d,Cumin")) == ["Cumin", "d"])
    #expect(try titles(matcher.sections(inList: "d,/a\\{1,3}/")) == ["d", "a{1,3}"])
    #expect(try titles(matcher.sections(inList: "/^C/,/^d$/")) == ["Cumin", "d"])
    // Spacing between words counts: without the space after its comma it is two NAMEs.
    #expect(throws: SelectionFailure.self) { try matcher.sections(inList: "Salt,Pepper") }
  }

  @Test("a list of thousands of parts beside a title of thousands of commas tries no run")
  func linear() throws {
    let commas = Array(repeating: "a", count: 5000).joined(separator: ",")
    let slashes = Array(repeating: "a", count: 5000).joined(separator: "/")
    let outline = markdown("# \(commas)b\n# \(slashes)b\n# a\n")
    var matcher = NameMatcher(outline: outline)
    let list = Array(repeating: "a", count: 2000).joined(separator: ",")
    #expect(try matcher.sections(inList: list) == [2])
    // Each part alone; no run was worth a try, where each of 2,000 parts had tried 2,000.
    #expect(matcher.runsTried == 0)
    let path = Array(repeating: "a", count: 2000).joined(separator: "/")
    #expect(throws: SelectionFailure.self) { try matcher.sections(inList: path) }
    #expect(matcher.runsTried == 0)
    // The runs that make a title are tried, once each.
    #expect(try matcher.sections(inList: commas + "b,a") == [0, 2])
    #expect(matcher.runsTried == 1)
  }
}

@Suite("NAME syntax")
struct NameSyntaxTests {
  @Test(
    "steps split at slashes not escaped or quoted; quotes count around whole steps",
    arguments: [
      (#"paths/"/pets/{petId}"/get"#, ["paths", "/pets/{petId}", "get"]),
      (#"a\/b/c"#, ["a/b", "c"]),
      (#"say "hi"/x"#, [#"say "hi""#, "x"]),
      (#""a\"b"/c"#, [#"a"b"#, "c"]),
      (#""unclosed/x"#, [#""unclosed"#, "x"]),
      (#""a"b"/c"#, [#""a"b""#, "c"]),
      (#"C:\Users/x"#, [#"C:\Users"#, "x"]),
      (#"a\,b"#, ["a,b"]),
      ("", [""]),
    ])
  func steps(_ name: String, _ steps: [String]) {
    #expect(SelectionRequest.steps(of: name) == steps)
  }

  @Test(
    "a path is written with a step quoted only where it holds what a NAME reads",
    arguments: [
      (["/pets/{petId}", "get"], #""/pets/{petId}"/get"#),
      (["Pacific", "Coral"], "Pacific/Coral"),
      (["Salt, Pepper"], #""Salt, Pepper""#),
      (["**"], #""**""#),
      (["#x"], ##""#x""##),
      ([" a"], #"" a""#),
      ([#"a"b\c"#], #""a\"b\\c""#),
      ([""], #""""#),
    ])
  func written(_ steps: [String], _ name: String) {
    #expect(SelectionRequest.name(path: steps) == name)
    #expect(SelectionRequest.steps(of: name) == steps)
  }
}

extension SelectionRequest {
  fileprivate func with(expand name: String) -> SelectionRequest {
    var copy = self
    copy.expand.append(name)
    return copy
  }
}
