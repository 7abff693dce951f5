/// The set of expanded sections of one outline: the seeds' `Set<String>` of expanded
/// names, resolved from a request.
public struct Selection: Sendable {
  private var expanded: [Bool]
  /// Whether each section was named to expand and stays expanded, by index; empty when
  /// none was. What the reader asked for by name is what `--max-bytes` keeps longest.
  private var named: [Bool] = []

  /// Resolves `request` against `outline`: the base, then the NAMEs to expand (with
  /// their ancestors), then the NAMEs to collapse.
  ///
  /// Throws when a NAME matches no section or is a `/regex/` that does not compile or
  /// runs past what is left of `patterns`, listing every such NAME.
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
    case .automatic where !request.expand.isEmpty:
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
    for list in request.collapse {
      do {
        for index in try matcher.sections(inList: list) { expanded[index] = false }
      } catch {
        errors += error.errors
        if error.endsCommand { throw SelectionFailure(errors: errors) }
      }
    }
    if !errors.isEmpty { throw SelectionFailure(errors: errors) }
    for index in named.indices where named[index] && !expanded[index] { named[index] = false }
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

/// A NAME that could not be resolved.
public enum SelectionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No section has this title, id, key or path; `suggestion` is the closest title.
  case noMatch(name: String, suggestion: String?)
  /// A `/regex/` NAME that does not compile: what is wrong, in words, and at which
  /// character of the NAME, counted from 1.
  case invalidPattern(name: String, character: Int, problem: String)
  /// A `/regex/` NAME that took longer than `seconds` to match the titles.
  case patternTooSlow(name: String, seconds: Double)
  /// A NAME with `**` before its last step: `**` only ends a NAME.
  case misplacedSubtree(name: String)

  /// The message, its NAME and titles with their control characters shown as `^[`.
  public var description: String {
    switch self {
    case .noMatch(let name, let suggestion?):
      return "no section matches \(Self.quoted(name)); did you mean \(Self.quoted(suggestion))?"
    case .noMatch(let name, nil):
      return "no section matches \(Self.quoted(name))"
    case .invalidPattern(let name, let character, let problem):
      return
        "invalid /regex/ \(Self.quoted(name)) at character \(character): \(Printable.escaped(problem))"
    case .patternTooSlow(let name, let seconds):
      return
        "matching \(Self.quoted(name)) took over \(Int(seconds)) seconds: a /regex/ that "
        + "backtracks, like /(a|aa)*b/ on a long title, may never end; make it simpler"
    case .misplacedSubtree(let name):
      return
        "\(Self.quoted(name)): ** may only end a NAME, as in Install/**; write \"**\" for a "
        + "title that is two asterisks"
    }
  }

  /// Whether no NAME after this one is looked at: a `/regex/` used up the time all of the
  /// command's patterns have.
  var endsCommand: Bool {
    guard case .patternTooSlow = self else { return false }
    return true
  }

  /// Whether the error suggests a title that holds a comma.
  var suggestsComma: Bool {
    guard case .noMatch(_, let suggestion?) = self else { return false }
    return suggestion.contains(",")
  }

  /// The NAME that could not be resolved.
  public var name: String {
    switch self {
    case .noMatch(let name, _), .invalidPattern(let name, _, _), .patternTooSlow(let name, _),
      .misplacedSubtree(let name):
      return name
    }
  }

  /// A NAME or a title in quotes, safe to show in a terminal, and cut short when it is
  /// long: a title can be a whole document long.
  private static func quoted(_ text: String) -> String {
    let shown = Printable.escaped(text)
    guard shown.count > 60 else { return "'\(shown)'" }
    return "'\(shown.prefix(59))…'"
  }
}

/// Every NAME of a request that could not be resolved.
public struct SelectionFailure: Error, Equatable, Sendable {
  public let errors: [SelectionError]
}

extension SelectionFailure {
  /// Whether no NAME after these is to be looked at (`SelectionError.endsCommand`).
  var endsCommand: Bool { errors.contains(where: \.endsCommand) }
}
