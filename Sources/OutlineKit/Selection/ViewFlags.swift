/// The shortest command-line flags that reproduce a view: which sections are expanded,
/// as far as anyone can see. A section hidden inside a collapsed one may be either.
public struct ViewFlags: Equatable, Sendable {
  /// The arguments, ready to pass to `collapse`: `--collapse-all --expand Pacific,Coral`.
  public let arguments: [String]
  /// The same request, as the command line would make it.
  public let request: SelectionRequest

  /// The flags that give `outline` the view where exactly the sections `expanded` says
  /// are open, counting only sections whose ancestors are all open.
  public init(reproducing expanded: [Bool], in outline: Outline) {
    let sections = outline.sections
    // Whether each section can be seen: all its ancestors are expanded.
    var visible = Array(repeating: true, count: sections.count)
    for index in sections.indices {
      if let parent = sections[index].parent {
        visible[index] = visible[parent] && expanded[parent]
      }
    }
    var names = NameChooser(outline: outline, expanded: expanded, visible: visible)
    let maxDepth = sections.map(\.depth).max() ?? 0
    var bases: [SelectionRequest.Base] = [.automatic, .everything]
    bases += (0...min(maxDepth + 1, 12)).map { .depth($0) }

    var best: (length: Int, arguments: [String], request: SelectionRequest)? = nil
    for base in bases {
      let start = ViewFlags.startingState(base: base, outline: outline)
      var expand: [Int] = []
      var collapse: [Int] = []
      for index in sections.indices where visible[index] && expanded[index] != start[index] {
        if expanded[index] { expand.append(index) } else { collapse.append(index) }
      }
      // Expanding a section opens its ancestors too, so only the deepest of the sections
      // to open need naming.
      var needed = Set(expand)
      for index in expand {
        var cursor = sections[index].parent
        while let parent = cursor, needed.contains(parent) {
          needed.remove(parent)
          cursor = sections[parent].parent
        }
      }
      // A start is no good when some section it leaves to name has no NAME that names
      // only sections it is right for.
      let expandNames = expand.filter { needed.contains($0) }.compactMap {
        names.name(for: $0, expanding: true)
      }
      let collapseNames = collapse.compactMap { names.name(for: $0, expanding: false) }
      guard expandNames.count == needed.count, collapseNames.count == collapse.count else {
        continue
      }
      // Naming sections to expand turns the automatic start into "nothing".
      if case .automatic = base, !expandNames.isEmpty { continue }
      var arguments: [String] = []
      switch base {
      case .automatic: break
      case .everything: arguments.append("--expand-all")
      case .nothing: arguments.append("--collapse-all")
      case .depth(0) where !expandNames.isEmpty: break
      case .depth(0): arguments.append("--collapse-all")
      case .depth(let levels): arguments += ["--depth", String(levels)]
      }
      if !expandNames.isEmpty { arguments += ["--expand", ViewFlags.list(expandNames)] }
      if !collapseNames.isEmpty { arguments += ["--collapse", ViewFlags.list(collapseNames)] }
      let length = arguments.reduce(0) { $0 + $1.count + 1 }
      if length < best?.length ?? Int.max {
        var requestBase = base
        if case .depth(0) = base, !expandNames.isEmpty { requestBase = .automatic }
        best = (
          length, arguments,
          SelectionRequest(base: requestBase, expand: expandNames, collapse: collapseNames)
        )
      }
    }
    arguments = best?.arguments ?? []
    request = best?.request ?? SelectionRequest()
  }

  /// The state a base gives every section before any NAME.
  private static func startingState(base: SelectionRequest.Base, outline: Outline) -> [Bool] {
    switch base {
    case .automatic: return outline.sections.map { $0.hint != .collapsed }
    case .everything: return Array(repeating: true, count: outline.sections.count)
    case .nothing: return Array(repeating: false, count: outline.sections.count)
    case .depth(let levels): return outline.sections.map { $0.depth < levels }
    }
  }

  /// NAMEs joined with commas, a comma or backslash inside one escaped.
  private static func list(_ names: [String]) -> String {
    names.map { $0.replacing("\\", with: "\\\\").replacing(",", with: "\\,") }.joined(
      separator: ",")
  }
}

/// Picks for a section the shortest NAME that names it and no section the same flag
/// would be wrong for: a NAME may match several sections, and applies to all.
private struct NameChooser {
  let outline: Outline
  let expanded: [Bool]
  let visible: [Bool]
  var matcher: NameMatcher
  /// Names chosen so far, by section and by whether they expand it.
  var chosen: [Int: String?] = [:]

  init(outline: Outline, expanded: [Bool], visible: [Bool]) {
    self.outline = outline
    self.expanded = expanded
    self.visible = visible
    matcher = NameMatcher(outline: outline)
  }

  /// Whether a flag on `index` is right: `--expand` opens it and every ancestor, so it
  /// must be seen open; `--collapse` must not close a section seen open.
  private func isRight(_ index: Int, expanding: Bool) -> Bool {
    expanding ? visible[index] && expanded[index] : !visible[index] || !expanded[index]
  }

  mutating func name(for index: Int, expanding: Bool) -> String? {
    let key = expanding ? index : ~index
    if let known = chosen[key] { return known }
    var candidates: [String] = []
    let title = foldWhiteSpace(outline.sections[index].title)
    if !title.isEmpty && !title.contains("/") && !(title.hasPrefix("/") && title.count > 1) {
      candidates.append(title)
      // A path of titles from an ancestor, when the title alone is not enough.
      var path = title
      var cursor = outline.sections[index].parent
      while let parent = cursor, path.count < 80 {
        let parentTitle = foldWhiteSpace(outline.sections[parent].title)
        guard !parentTitle.isEmpty, !parentTitle.contains("/") else { break }
        path = parentTitle + "/" + path
        candidates.append(path)
        cursor = outline.sections[parent].parent
      }
    }
    let id = outline.ids[index]
    candidates.append(id)
    candidates.sort { $0.count < $1.count }
    // Matches nothing but this section, whatever the titles.
    candidates.append("#" + id)
    let name = candidates.first { candidate in
      guard let matched = try? matcher.sections(matching: candidate) else { return false }
      return matched.contains(index) && matched.allSatisfy { isRight($0, expanding: expanding) }
    }
    chosen[key] = name
    return name
  }
}
