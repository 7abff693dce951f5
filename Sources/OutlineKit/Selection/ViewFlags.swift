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

    // What each start leaves to name, and the fewest characters that could take: naming
    // costs far more than counting, so starts are named from the most promising on, and
    // not at all once they cannot beat the best so far.
    var candidates: [CandidateFlags] = bases.enumerated().map { order, base in
      CandidateFlags(
        base: base, order: order, outline: outline, expanded: expanded, visible: visible)
    }
    candidates.sort { ($0.leastLength, $0.order) < ($1.leastLength, $1.order) }

    var best: (length: Int, order: Int, arguments: [String], request: SelectionRequest)? = nil
    for candidate in candidates {
      if let best, candidate.leastLength > best.length { break }
      guard candidate.isPossible else { continue }
      // A start is no good when some section it leaves to name has no NAME that names
      // only sections it is right for.
      let expandNames = candidate.expand.compactMap { names.name(for: $0, expanding: true) }
      let collapseNames = candidate.collapse.compactMap { names.name(for: $0, expanding: false) }
      guard expandNames.count == candidate.expand.count,
        collapseNames.count == candidate.collapse.count
      else { continue }
      var arguments = candidate.baseArguments
      // A NAME that names several sections, each right for it, is said once.
      let expandLists = names.lists(ViewFlags.once(expandNames))
      let collapseLists = names.lists(ViewFlags.once(collapseNames))
      for list in expandLists { arguments += ["--expand", list] }
      for list in collapseLists { arguments += ["--collapse", list] }
      let length = arguments.reduce(0) { $0 + $1.count + 1 }
      // Of two as short, the start tried first in the fixed order wins.
      if best.map({ (length, candidate.order) < ($0.length, $0.order) }) ?? true {
        var requestBase = candidate.base
        if case .depth(0) = candidate.base, !expandNames.isEmpty { requestBase = .automatic }
        best = (
          length, candidate.order, arguments,
          SelectionRequest(base: requestBase, expand: expandLists, collapse: collapseLists)
        )
      }
    }
    arguments = best?.arguments ?? []
    request = best?.request ?? SelectionRequest()
  }

  /// `names` without repeats, in the order they first come.
  fileprivate static func once(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }

  /// The state a base gives every section before any NAME.
  fileprivate static func startingState(base: SelectionRequest.Base, outline: Outline) -> [Bool] {
    switch base {
    case .automatic: return outline.sections.map { $0.hint != .collapsed }
    case .everything: return Array(repeating: true, count: outline.sections.count)
    case .nothing: return Array(repeating: false, count: outline.sections.count)
    case .depth(let levels): return outline.sections.map { $0.depth < levels }
    }
  }

}

/// A start for the flags, and the sections that would be left to name after it.
private struct CandidateFlags {
  let base: SelectionRequest.Base
  /// Where the start comes in the fixed order that breaks ties.
  let order: Int
  /// The deepest sections to expand: expanding one opens its ancestors too.
  var expand: [Int] = []
  var collapse: [Int] = []
  /// The arguments that say the start.
  var baseArguments: [String] = []
  /// The length the arguments would have if every NAME took one character.
  var leastLength = Int.max
  /// Whether the start can give the view at all: naming a section to expand turns the
  /// automatic start into "nothing", which another candidate covers.
  var isPossible = false

  init(
    base: SelectionRequest.Base, order: Int, outline: Outline, expanded: [Bool], visible: [Bool]
  ) {
    self.base = base
    self.order = order
    let sections = outline.sections
    let start = ViewFlags.startingState(base: base, outline: outline)
    var opened: [Int] = []
    for index in sections.indices where visible[index] && expanded[index] != start[index] {
      if expanded[index] { opened.append(index) } else { collapse.append(index) }
    }
    var needed = Set(opened)
    for index in opened {
      var cursor = sections[index].parent
      while let parent = cursor, needed.contains(parent) {
        needed.remove(parent)
        cursor = sections[parent].parent
      }
    }
    expand = opened.filter { needed.contains($0) }
    if case .automatic = base, !expand.isEmpty { return }
    isPossible = true
    switch base {
    case .automatic: break
    case .everything: baseArguments = ["--expand-all"]
    case .nothing: baseArguments = ["--collapse-all"]
    case .depth(0) where !expand.isEmpty: break
    case .depth(0): baseArguments = ["--collapse-all"]
    case .depth(let levels): baseArguments = ["--depth", String(levels)]
    }
    // `--expand A,B` takes the option, a space, the names with commas between, a space.
    func least(_ option: String, _ count: Int) -> Int {
      count == 0 ? 0 : option.count + 1 + 2 * count
    }
    leastLength =
      baseArguments.reduce(0) { $0 + $1.count + 1 } + least("--expand", expand.count)
      + least("--collapse", collapse.count)
  }
}

/// Picks for a section the shortest NAME that names it and no section the same flag
/// would be wrong for: a NAME may match several sections, and applies to all.
private struct NameChooser {
  let outline: Outline
  let expanded: [Bool]
  let visible: [Bool]
  var matcher: NameMatcher
  let paths: SectionPaths
  /// Names chosen so far, by section and by whether they expand it.
  var chosen: [Int: String?] = [:]

  /// `names` as few lists as read back the same: one list with commas between when it
  /// names what its NAMEs name one by one, else one list each.
  mutating func lists(_ names: [String]) -> [String] {
    guard names.count > 1 else { return names }
    let list = names.joined(separator: ",")
    var each: Set<Int> = []
    for name in names { each.formUnion((try? matcher.sections(matching: name)) ?? []) }
    guard let together = try? matcher.sections(inList: list), Set(together) == each else {
      return names
    }
    return [list]
  }

  init(outline: Outline, expanded: [Bool], visible: [Bool]) {
    self.outline = outline
    self.expanded = expanded
    self.visible = visible
    matcher = NameMatcher(outline: outline)
    paths = SectionPaths(outline: outline)
  }

  /// Whether a flag on `index` is right: `--expand` opens it and every ancestor, so it
  /// must be seen open; `--collapse` must not close a section seen open.
  private func isRight(_ index: Int, expanding: Bool) -> Bool {
    expanding ? visible[index] && expanded[index] : !visible[index] || !expanded[index]
  }

  /// The NAME for a flag on `index`: its path from the top, which keeps naming it when
  /// sections are added before it; the path with every step quoted when a title reads the
  /// same as the bare path; its id only when another section has the same path and the
  /// flag would be wrong for it.
  mutating func name(for index: Int, expanding: Bool) -> String? {
    let key = expanding ? index : ~index
    if let known = chosen[key] { return known }
    let name = paths.lastingNames(of: index).first { candidate in
      guard let matched = try? matcher.sections(matching: candidate) else { return false }
      return matched.contains(index) && matched.allSatisfy { isRight($0, expanding: expanding) }
    }
    chosen[key] = name
    return name
  }
}
