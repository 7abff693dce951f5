/// Words what libyaml stopped on as collapse's messages about JSON do: lower case, saying
/// what was expected and what was found, and where what it was reading started.
enum YAMLErrorWording {
  /// The message for libyaml's `problem`, met while it read the `context` that started
  /// at `started` (1-based line and column), if it says one; `found` is the character
  /// at the problem, if there is one, and `after` the last one before it on its line that
  /// is not a space or a tab, if there is one.
  static func describe(
    problem: String, context: String?, started: (line: Int, column: Int)?, found: String?,
    after: String? = nil
  ) -> String {
    let at = started.map { "line \($0.line), column \($0.column)" } ?? "earlier"
    let shown = found
    let found = found.map { ", found \($0)" } ?? ""
    switch (problem, context) {
    case ("did not find expected key", "while parsing a block mapping"?):
      return "expected a key indented as the mapping that started at \(at)\(found)"
    case ("did not find expected '-' indicator", _):
      return "expected '-' to start an element of the sequence that started at \(at)\(found)"
    case ("did not find expected ',' or ']'", _):
      return "expected ',' or ']' in the sequence '[' that started at \(at)\(found)"
    case ("did not find expected ',' or '}'", _):
      return "expected ',' or '}' in the mapping '{' that started at \(at)\(found)"
    case ("did not find expected <document start>", _):
      return "expected '---' to start another document after the one that ended\(found)"
    case ("did not find expected node content", _):
      return "expected a value\(found)"
    case ("could not find expected ':'", _):
      return "expected ':' after the key that started at \(at)"
    case ("mapping values are not allowed in this context", _):
      return
        "unexpected ': ' in a value; quote the value, or start a mapping on a line of its own"
    case ("block sequence entries are not allowed in this context", _):
      return "unexpected '- ' after a key on the same line; start the sequence on the next line"
    case ("found a tab character that violates indentation", _),
      ("found a tab character where an indentation space is expected", _),
      ("found character that cannot start any token", _) where shown == "a tab":
      guard let after else { return "a tab indents this line; YAML indents with spaces only" }
      // `-\tx`, `?\tx`, `:\tx`: what follows a block's indicator is indented as the block.
      return "a tab after \(after); YAML separates '-', '?' and ':' from what follows with "
        + "spaces only"
    case ("found character that cannot start any token", _):
      return "unexpected \(shown ?? "character"), which cannot start anything in YAML; "
        + "quote the value that holds it"
    case ("found unexpected end of stream", "while scanning a quoted scalar"?):
      return "unexpected end of input; expected a quote to close the string that started at \(at)"
    case ("found unexpected end of stream", _):
      return "unexpected end of input in what started at \(at)"
    case ("found unknown escape character", _):
      return "invalid escape in a double-quoted string\(found)"
    case ("invalid leading UTF-8 octet", _), ("invalid trailing UTF-8 octet", _),
      ("incomplete UTF-8 octet sequence", _), ("invalid length of a UTF-8 sequence", _),
      ("invalid Unicode character", _):
      return "invalid UTF-8"
    case ("control characters are not allowed", _):
      return "a control character, which YAML does not allow in its text"
    default:
      let reading = context.map { " (\($0) that started at \(at))" } ?? ""
      return problem + reading
    }
  }
}
