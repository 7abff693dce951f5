/// A NAME that could not be resolved.
public enum SelectionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No section has this title, id, key or path; `suggestion` is the closest title.
  case noMatch(name: String, suggestion: String?)
  /// A `/regex/` NAME that does not compile: what is wrong, in words, and at which
  /// character of the NAME, counted from 1.
  case invalidPattern(name: String, character: Int, problem: String)
  /// A `/regex/` that took longer than `seconds`, all of a command's patterns together.
  case patternTooSlow(name: String, seconds: Double)
  /// A `/regex/` that backtracked past the steps or the room one match is given.
  case patternBacktracks(name: String)
  /// A NAME with `**` before its last step: `**` only ends a NAME.
  case misplacedSubtree(name: String)
  /// A condition of `--expand-where` that does not parse: what was expected, at which
  /// character, counted from 1.
  case invalidCondition(condition: String, character: Int, problem: String)
  /// A condition that took longer than `seconds`, with the command's patterns.
  case conditionTooSlow(condition: String, seconds: Double)
  /// A condition whose query found more nodes than one query may hold.
  case conditionTooLarge(condition: String, nodes: Int)
  /// A condition asked of a document that has no members (Markdown): `format` names it.
  case conditionNeedsJSON(condition: String, format: String)

  /// The message, its NAME and titles with their control characters shown as `^[`.
  public var description: String {
    switch self {
    case .noMatch(let name, let suggestion?):
      return "no section matches \(Self.quoted(name)); did you mean \(Self.quoted(suggestion))?"
    case .noMatch(let name, nil):
      return "no section matches \(Self.quoted(name))"
    case .invalidPattern(let name, let character, let problem):
      return
        "invalid /regex/ \(Self.quoted(name)) at character \(character): \(TerminalText.escaped(problem))"
    case .patternTooSlow(let name, let seconds):
      return
        "matching \(Self.quoted(name)) took over \(Int(seconds)) seconds: a /regex/ that "
        + "backtracks on every text, like /(a|aa)*[bc]/ on many long titles, may take that "
        + "long; make it simpler"
    case .patternBacktracks(let name):
      return
        "matching \(Self.quoted(name)) backtracked past 10 million steps or 64 MiB on one "
        + "text: a /regex/ that repeats a group, like /(a|aa)*[bc]/ on a long title or "
        + "/(a|b)*$/ on a line of megabytes, may never end; make it simpler, as /a*[bc]/ "
        + "or /[ab]*$/"
    case .misplacedSubtree(let name):
      return
        "\(Self.quoted(name)): ** may only end a NAME, as in Install/**; write \"**\" for a "
        + "title that is two asterisks"
    case .invalidCondition(let condition, let character, let problem):
      return
        "invalid condition \(Self.quoted(condition)) at character \(character): "
        + TerminalText.escaped(problem)
    case .conditionTooSlow(let condition, let seconds):
      return
        "evaluating the condition \(Self.quoted(condition)) took over \(Int(seconds)) seconds, "
        + "with the command's patterns: a pattern that backtracks on every string, like "
        + "'(a|aa)*[bc]', or a query of many steps over a large document may take that long; "
        + "make it simpler"
    case .conditionTooLarge(let condition, let nodes):
      return
        "a query of the condition \(Self.quoted(condition)) found over \(nodes) values: "
        + "queries with several .. or * in a row may; make it simpler"
    case .conditionNeedsJSON(let condition, let format):
      let why = "\(format) has no members to ask"
      return
        "the condition \(Self.quoted(condition)) is asked of JSON, and this input is "
        + "\(format): \(why); choose sections by their text with --expand-matching '/REGEX/'"
    }
  }

  /// Whether no NAME after this one is looked at: a `/regex/` used up the time all of the
  /// command's patterns have.
  var endsCommand: Bool {
    switch self {
    case .patternTooSlow, .conditionTooSlow: return true
    default: return false
    }
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
      .patternBacktracks(let name), .misplacedSubtree(let name), .invalidCondition(let name, _, _),
      .conditionTooSlow(let name, _), .conditionTooLarge(let name, _),
      .conditionNeedsJSON(let name, _):
      return name
    }
  }

  /// A NAME or a title in quotes, safe to show in a terminal, and cut short when it is
  /// long: a title can be a whole document long.
  private static func quoted(_ text: String) -> String {
    let shown = TerminalText.escaped(text)
    guard shown.count > 60 else { return "'\(shown)'" }
    return "'\(shown.prefix(59))…'"
  }
}
