/// Words what libyaml stopped on as collapse's messages about JSON do: lower case, saying
/// what was expected and what was found, and where what it was reading started.
enum YAMLErrorWording {
  /// The message for `problem`, met while libyaml read what started at `started` (1-based
  /// line and column), if it says so; `found` is the character at the problem, if there is
  /// one, and `after` the last one before it on its line that is not a space or a tab, if
  /// there is one. libyaml's own words (`words`) are shown only for a problem that nothing
  /// else tells.
  static func describe(
    _ problem: YAMLProblem, words: YAMLProblem.Facts, started: (line: Int, column: Int)?,
    found: String?, after: String? = nil
  ) -> String {
    let at = started.map { "line \($0.line), column \($0.column)" } ?? "earlier"
    let shown = found
    let found = found.map { ", found \($0)" } ?? ""
    switch problem {
    case .expectedKey:
      return "expected a key indented as the mapping that started at \(at)\(found)"
    case .expectedEntry:
      return "expected '-' to start an element of the sequence that started at \(at)\(found)"
    case .expectedFlowSequenceEnd:
      return "expected ',' or ']' in the sequence '[' that started at \(at)\(found)"
    case .expectedFlowMappingEnd:
      return "expected ',' or '}' in the mapping '{' that started at \(at)\(found)"
    case .expectedDocumentStart:
      return "expected '---' to start another document after the one that ended\(found)"
    case .expectedNode:
      return "expected a value\(found)"
    case .keyWithoutColon:
      return "expected ':' after the key that started at \(at)"
    case .mappingValueHere:
      return
        "unexpected ': ' in a value; quote the value, or start a mapping on a line of its own"
    case .sequenceEntryHere:
      return "unexpected '- ' after a key on the same line; start the sequence on the next line"
    case .tab:
      guard let after else { return "a tab indents this line; YAML indents with spaces only" }
      // `-\tx`, `?\tx`, `:\tx`: what follows a block's indicator is indented as the block.
      return "a tab after \(after); YAML separates '-', '?' and ':' from what follows with "
        + "spaces only"
    case .cannotStartToken:
      return "unexpected \(shown ?? "character"), which cannot start anything in YAML; "
        + "quote the value that holds it"
    case .unclosedQuote:
      return "unexpected end of input; expected a quote to close the string that started at \(at)"
    case .unknownEscape:
      return "invalid escape in a double-quoted string\(found)"
    case .invalidUTF8:
      return "invalid UTF-8"
    case .controlCharacter:
      return "a control character, which YAML does not allow in its text"
    case .other:
      let reading = words.context.map { " (\($0) that started at \(at))" } ?? ""
      return (words.problem ?? "cannot be read as YAML") + reading
    }
  }
}
