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
    switch request.base {
    case .everything:
      expanded = Array(repeating: true, count: sections.count)
    case .nothing:
      expanded = Array(repeating: false, count: sections.count)
    case .depth(let levels):
      expanded = sections.map { $0.depth < levels }
    case .automatic where request.expandsSome:
      expanded = Array(repeating: false, count: sections.count)
    case .automatic:
      expanded = sections.map { $0.hint != .collapsed }
    }
    var matcher = NameMatcher(outline: outline, patterns: patterns)
    var errors: [SelectionError] = []
    var opened = Array(repeating: false, count: sections.count)
    for list in request.expand {
      do {
        for index in try matcher.sections(inList: list) {
          if named.isEmpty { named = Array(repeating: false, count: sections.count) }
          named[index] = true
          var cursor: Int? = index
          while let current = cursor, !opened[current] {
            opened[current] = true
            expanded[current] = true
            cursor = sections[current].parent
          }
        }
      } catch {
        errors += error.errors
        if error.endsCommand { throw SelectionFailure(errors: errors) }
      }
    }
    var contents = ContentMatcher(outline: outline, patterns: patterns)
    var matched: [Bool] = []
    let conditions = ConditionMatcher(outline: outline)
    for condition in request.expandWhere {
      if matched.isEmpty { matched = Array(repeating: false, count: sections.count) }
      do throws(SelectionError) {
        for index in conditions.sections(where: try Selection.condition(condition)) {
          matched[index] = true
          var cursor: Int? = index
          while let current = cursor, !opened[current] {
            opened[current] = true
            expanded[current] = true
            cursor = sections[current].parent
          }
        }
      } catch {
        errors.append(error)
      }
    }
    for pattern in request.expandMatching {
      if matched.isEmpty { matched = Array(repeating: false, count: sections.count) }
      do throws(SelectionError) {
        for index in try contents.sections(matching: pattern) {
          matched[index] = true
          var cursor: Int? = index
          while let current = cursor, !opened[current] {
            opened[current] = true
            expanded[current] = true
            cursor = sections[current].parent
          }
        }
      } catch {
        errors.append(error)
        if error.endsCommand { throw SelectionFailure(errors: errors) }
      }
    }
    for list in request.collapse {
      do {
        for index in try matcher.sections(inList: list) { expanded[index] = false }
      } catch {
        errors += error.errors
        if error.endsCommand { throw SelectionFailure(errors: errors) }
      }
    }
    for pattern in request.collapseMatching {
      do throws(SelectionError) {
        for index in try contents.sections(matching: pattern) { expanded[index] = false }
      } catch {
        errors.append(error)
        if error.endsCommand { throw SelectionFailure(errors: errors) }
      }
    }
    for condition in request.collapseWhere {
      do throws(SelectionError) {
        for index in conditions.sections(where: try Selection.condition(condition)) {
          expanded[index] = false
        }
      } catch {
        errors.append(error)
      }
    }
    if !errors.isEmpty { throw SelectionFailure(errors: errors) }
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
