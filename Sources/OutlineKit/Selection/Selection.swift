/// The set of expanded sections of one outline: the seeds' `Set<String>` of expanded
/// names, resolved from a request.
public struct Selection: Sendable {
  private var expanded: [Bool]
  /// Whether each section was named to expand and stays expanded, by index; empty when
  /// none was. What the reader asked for by name is what `--max-bytes` keeps longest.
  private var named: [Bool] = []
  /// Whether each section's own content an `--expand-matching` pattern matched, and it
  /// stays expanded, by index; empty when no pattern was given. What matched is what
  /// `--max-bytes` keeps longest after what was named.
  private var matchedOpen: [Bool] = []
  /// How many sections each section's subtree holds, itself included, whose own content
  /// an `--expand-matching` pattern matches, by index; empty when no pattern was given.
  private var matchCounts: [Int] = []

  /// Resolves `request` against `outline`: the base, then the NAMEs to expand and the
  /// sections whose content matches (`ContentMatcher`), with their ancestors, then the
  /// NAMEs to collapse and the sections whose content matches those patterns.
  ///
  /// Throws when a NAME matches no section or is a `/regex/` that does not compile or
  /// runs past what is left of `patterns`, listing every such NAME; content that no
  /// pattern matches is no error.
  public init(
    outline: Outline, request: SelectionRequest, patterns: PatternBudget = PatternBudget()
  ) throws(SelectionFailure) {
    let sections = outline.sections
    var opening: Opening
    switch request.base {
    case .everything:
      opening = Opening(Array(repeating: true, count: sections.count), in: outline)
    case .nothing:
      opening = Opening(Array(repeating: false, count: sections.count), in: outline)
    case .depth(let levels):
      opening = Opening(sections.map { $0.depth < levels }, in: outline)
    case .automatic where request.expandsSome:
      opening = Opening(Array(repeating: false, count: sections.count), in: outline)
    case .automatic:
      opening = Opening(sections.map { $0.hint != .collapsed }, in: outline)
    }
    var matcher = NameMatcher(outline: outline, patterns: patterns)
    let contents = ContentMatcher(outline: outline, patterns: patterns)
    var conditions = ConditionMatcher(outline: outline, patterns: patterns)
    var errors: [SelectionError] = []
    // The sections `find` chooses; none when it fails, and its errors kept for the end,
    // unless a pattern used up the command's time.
    func chosen(_ find: () throws(SelectionFailure) -> [Int]) throws(SelectionFailure) -> [Int] {
      do {
        return try find()
      } catch {
        errors += error.errors
        if error.endsCommand { throw SelectionFailure(errors: errors) }
        return []
      }
    }
    func byName(_ list: String) throws(SelectionFailure) -> [Int] {
      try chosen { () throws(SelectionFailure) in try matcher.sections(inList: list) }
    }
    func byContent(_ pattern: String) throws(SelectionFailure) -> [Int] {
      try chosen { () throws(SelectionFailure) in
        do throws(SelectionError) {
          return try contents.sections(matching: pattern)
        } catch {
          throw SelectionFailure(errors: [error])
        }
      }
    }
    func byCondition(_ condition: String) throws(SelectionFailure) -> [Int] {
      try chosen { () throws(SelectionFailure) in
        do throws(SelectionError) {
          return try conditions.sections(
            where: try Selection.condition(condition), text: condition)
        } catch {
          throw SelectionFailure(errors: [error])
        }
      }
    }

    for list in request.expand {
      for index in try byName(list) {
        if named.isEmpty { named = Array(repeating: false, count: sections.count) }
        named[index] = true
        opening.open(index)
      }
    }
    // What is chosen by what it holds is counted, to say how many matches a section holds.
    var matched: [Bool] = []
    if !request.expandWhere.isEmpty || !request.expandMatching.isEmpty {
      matched = Array(repeating: false, count: sections.count)
    }
    for condition in request.expandWhere {
      for index in try byCondition(condition) {
        matched[index] = true
        opening.open(index)
      }
    }
    for pattern in request.expandMatching {
      for index in try byContent(pattern) {
        matched[index] = true
        opening.open(index)
      }
    }
    for list in request.collapse {
      for index in try byName(list) { opening.expanded[index] = false }
    }
    for pattern in request.collapseMatching {
      for index in try byContent(pattern) { opening.expanded[index] = false }
    }
    for condition in request.collapseWhere {
      for index in try byCondition(condition) { opening.expanded[index] = false }
    }
    if !errors.isEmpty { throw SelectionFailure(errors: errors) }
    expanded = opening.expanded
    if !matched.isEmpty {
      // A subsection comes after its parent: counted from the end, each adds its count to
      // its parent's before the parent's is added to its own parent's.
      matchedOpen = sections.indices.map { matched[$0] && expanded[$0] }
      matchCounts = matched.map { $0 ? 1 : 0 }
      for index in sections.indices.reversed() {
        if let parent = sections[index].parent { matchCounts[parent] += matchCounts[index] }
      }
    }
    for index in named.indices where named[index] && !expanded[index] { named[index] = false }
  }

  /// The condition `text` says, or the error that says where it stops making sense.
  private static func condition(_ text: String) throws(SelectionError) -> Condition {
    do throws(Condition.Problem) {
      return try Condition.parse(text)
    } catch {
      throw .invalidCondition(condition: text, character: error.character, problem: error.words)
    }
  }

  /// A selection with every section of `outline` expanded.
  public static func everything(in outline: Outline) -> Selection {
    Selection(expanded: Array(repeating: true, count: outline.sections.count))
  }

  init(expanded: [Bool]) {
    self.expanded = expanded
  }

  /// Whether the section at `index` is expanded.
  public func isExpanded(_ index: Int) -> Bool {
    expanded[index]
  }

  /// Whether the section at `index` is expanded because a NAME of `--expand` names it, not
  /// only by the base (`--depth`, `--expand-all`, the document's hints) or as the ancestor
  /// of a named one; a section named and then collapsed is not.
  public func isExpandedByName(_ index: Int) -> Bool {
    !named.isEmpty && named[index]
  }

  /// Whether the section at `index` is expanded because an `--expand-matching` pattern
  /// matched its own content; a section matched and then collapsed is not.
  public func isExpandedByMatch(_ index: Int) -> Bool {
    !matchedOpen.isEmpty && matchedOpen[index]
  }

  /// How many sections under the section at `index`, itself included, an
  /// `--expand-matching` pattern matches; nil when none was given.
  public func matches(in index: Int) -> Int? {
    matchCounts.isEmpty ? nil : matchCounts[index]
  }

  /// Whether each section is expanded, by index.
  var flags: [Bool] { expanded }

  /// Expands or collapses the section at `index` alone.
  mutating func set(_ index: Int, expanded isExpanded: Bool) {
    expanded[index] = isExpanded
  }

  /// The ids of the expanded sections.
  public func expandedIDs(in outline: Outline) -> Set<String> {
    let ids = outline.ids
    return Set(outline.sections.indices.lazy.filter { expanded[$0] }.map { ids[$0] })
  }
}

/// Sections opened while a selection is resolved: each with its ancestors, which are
/// walked up only as far as the first one opened before.
private struct Opening {
  var expanded: [Bool]
  private var opened: [Bool]
  private let parents: [Int?]

  init(_ expanded: [Bool], in outline: Outline) {
    self.expanded = expanded
    opened = Array(repeating: false, count: expanded.count)
    parents = outline.sections.map(\.parent)
  }

  /// Opens the section at `index` and its ancestors.
  mutating func open(_ index: Int) {
    var cursor: Int? = index
    while let current = cursor, !opened[current] {
      opened[current] = true
      expanded[current] = true
      cursor = parents[current]
    }
  }
}
