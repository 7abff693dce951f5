/// A condition on the members of a JSON object or array, written as an RFC 9535 JSONPath
/// filter expression, the part inside `[?…]`: `@.status == 'failed'`,
/// `@.duration > 1.5 && !@.skipped`, `search(@.message, 'timed? out')`.
///
/// The subset read: `@` and its segments `.name`, `['name']`, `[0]` and `[*]`;
/// literals `'…'` and `"…"` (with JSON's escapes), numbers, `true`, `false` and `null`;
/// `==`, `!=`, `<`, `<=`, `>`, `>=`; `&&`, `||`, `!` and parentheses; a query alone, true
/// when it finds something; and the functions `match`, `search` and `length`. A query
/// with `[*]` finds each member, and a comparison holds when it holds for one of them (an
/// extension: RFC 9535 compares single values only), as jq's `any` does.
indirect enum Condition: Equatable, Sendable {
  case or(Condition, Condition)
  case and(Condition, Condition)
  case not(Condition)
  /// A query alone: whether it finds anything.
  case exists(Query)
  case compare(Operand, Comparison, Operand)
  /// `match(value, pattern)` (the whole value) or `search(value, pattern)` (a part).
  case pattern(Operand, source: String, whole: Bool)

  /// A path from `@`, the object or array the condition is asked of.
  struct Query: Equatable, Sendable {
    enum Step: Equatable, Sendable {
      case name(String)
      case index(Int)
      case all
    }
    var steps: [Step]
  }

  /// What a comparison compares.
  enum Operand: Equatable, Sendable {
    case query(Query)
    case literal(Literal)
    /// `length(value)`: the characters of a string, the members of an object or array.
    case length(Query)
  }

  enum Literal: Equatable, Sendable {
    case string(String)
    case number(Double)
    case boolean(Bool)
    case null
  }

  enum Comparison: String, Equatable, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case lessOrEqual = "<="
    case greaterOrEqual = ">="
    case less = "<"
    case greater = ">"
  }

  /// A condition that does not parse: what was expected, at which character (from 1).
  struct Problem: Error, Equatable {
    let character: Int
    let words: String
  }

  /// Reads `text`; throws where it stops making sense.
  static func parse(_ text: String) throws(Problem) -> Condition {
    var parser = ConditionParser(text)
    let condition = try parser.expression()
    parser.skipSpace()
    guard parser.atEnd else {
      throw parser.problem("expected &&, || or the end of the condition")
    }
    return condition
  }
}

/// Reads a condition character by character, by recursive descent: a condition nests
/// as deep as its parentheses, which a command line keeps short.
private struct ConditionParser {
  let characters: [Character]
  var position = 0

  init(_ text: String) {
    characters = Array(text)
  }

  var atEnd: Bool { position >= characters.count }

  func problem(_ words: String) -> Condition.Problem {
    Condition.Problem(character: min(position, characters.count) + 1, words: words)
  }

  mutating func skipSpace() {
    while !atEnd, characters[position].isWhitespace { position += 1 }
  }

  /// Whether `word` comes next, taking it when it does.
  mutating func take(_ word: String) -> Bool {
    skipSpace()
    let word = Array(word)
    guard position + word.count <= characters.count,
      Array(characters[position..<position + word.count]) == word
    else { return false }
    position += word.count
    return true
  }

  mutating func expression() throws(Condition.Problem) -> Condition {
    var left = try conjunction()
    while take("||") { left = .or(left, try conjunction()) }
    return left
  }

  mutating func conjunction() throws(Condition.Problem) -> Condition {
    var left = try unary()
    while take("&&") { left = .and(left, try unary()) }
    return left
  }

  mutating func unary() throws(Condition.Problem) -> Condition {
    skipSpace()
    if !atEnd, characters[position] == "!",
      !(position + 1 < characters.count
        && characters[position + 1] == "=")
    {
      position += 1
      return .not(try unary())
    }
    return try primary()
  }

  mutating func primary() throws(Condition.Problem) -> Condition {
    skipSpace()
    if take("(") {
      let inner = try expression()
      guard take(")") else { throw problem("expected ) to close the ( before") }
      return inner
    }
    for (name, whole) in [("match(", true), ("search(", false)] where take(name) {
      let value = try operand()
      guard take(",") else { throw problem("expected , and a pattern in quotes") }
      skipSpace()
      guard case .literal(.string(let source)) = try operand() else {
        throw problem("expected the pattern as a string in quotes")
      }
      guard take(")") else { throw problem("expected ) to end \(name)…)") }
      do {
        _ = try CompiledPattern(source)
      } catch {
        let why = PatternProblem(source: source, failure: error)
        throw problem(
          "the pattern '\(source)' is not a regular expression: at its character "
            + "\(why.character - 1), \(why.words)")
      }
      return .pattern(value, source: source, whole: whole)
    }
    let left = try operand()
    skipSpace()
    guard let comparison = Condition.Comparison.allCases.first(where: { take($0.rawValue) })
    else {
      guard case .query(let query) = left else {
        throw problem("expected ==, !=, <, <=, > or >= after the value")
      }
      if !atEnd, characters[position] == "=" {
        throw problem("expected == to compare; = alone is not a comparison")
      }
      return .exists(query)
    }
    return .compare(left, comparison, try operand())
  }

  mutating func operand() throws(Condition.Problem) -> Condition.Operand {
    skipSpace()
    guard !atEnd else { throw problem("expected a value: @.member, a string, a number") }
    let character = characters[position]
    if character == "@" {
      position += 1
      return .query(try query())
    }
    if take("length(") {
      skipSpace()
      guard take("@") else { throw problem("expected @ and a path in length(…)") }
      let query = try query()
      guard take(")") else { throw problem("expected ) to end length(…)") }
      return .length(query)
    }
    if character == "'" || character == "\"" { return .literal(.string(try string())) }
    if character == "-" || character.isASCII && character.isNumber {
      return .literal(.number(try number()))
    }
    for (word, literal) in [
      ("true", Condition.Literal.boolean(true)), ("false", .boolean(false)), ("null", .null),
    ] where take(word) {
      return .literal(literal)
    }
    if character.isLetter || character == "_" {
      // A member's name written alone, as jq or a path NAME would have it.
      var end = position
      while end < characters.count,
        characters[end].isLetter || characters[end].isNumber
          || characters[end] == "_"
      {
        end += 1
      }
      let name = String(characters[position..<end])
      throw problem("expected @ before a member: @.\(name)")
    }
    throw problem("expected a value: @.member, a string in quotes, a number, true, false or null")
  }

  mutating func query() throws(Condition.Problem) -> Condition.Query {
    var steps: [Condition.Query.Step] = []
    while !atEnd {
      if characters[position] == "." {
        position += 1
        if take("*") {
          steps.append(.all)
          continue
        }
        let start = position
        while !atEnd,
          characters[position].isLetter || characters[position].isNumber
            || characters[position] == "_" || characters[position] == "-"
        {
          position += 1
        }
        guard position > start else { throw problem("expected a member's name after .") }
        steps.append(.name(String(characters[start..<position])))
      } else if characters[position] == "[" {
        position += 1
        skipSpace()
        if take("*") {
          steps.append(.all)
        } else if !atEnd, characters[position] == "'" || characters[position] == "\"" {
          steps.append(.name(try string()))
        } else if !atEnd, characters[position].isNumber || characters[position] == "-" {
          let number = try number()
          guard number == number.rounded(), number >= 0, number < Double(Int32.max) else {
            throw problem("expected an index of 0 or more")
          }
          steps.append(.index(Int(number)))
        } else {
          throw problem("expected a name in quotes, an index or * in […]")
        }
        guard take("]") else { throw problem("expected ] to close the [") }
      } else {
        break
      }
    }
    return Condition.Query(steps: steps)
  }

  /// A string in single or double quotes, with JSON's escapes.
  mutating func string() throws(Condition.Problem) -> String {
    let quote = characters[position]
    position += 1
    var text = ""
    while !atEnd, characters[position] != quote {
      if characters[position] == "\\" {
        position += 1
        guard !atEnd else { break }
        switch characters[position] {
        case "n": text.append("\n")
        case "t": text.append("\t")
        case "r": text.append("\r")
        case "b": text.append("\u{8}")
        case "f": text.append("\u{C}")
        case "u":
          let digits = String(characters[(position + 1)..<min(position + 5, characters.count)])
          guard digits.count == 4, let value = UInt32(digits, radix: 16),
            let scalar = Unicode.Scalar(value)
          else { throw problem("expected four hexadecimal digits after \\u") }
          text.unicodeScalars.append(scalar)
          position += 4
        default: text.append(characters[position])
        }
      } else {
        text.append(characters[position])
      }
      position += 1
    }
    guard !atEnd else { throw problem("expected \(quote) to end the string") }
    position += 1
    return text
  }

  mutating func number() throws(Condition.Problem) -> Double {
    let start = position
    if characters[position] == "-" { position += 1 }
    while !atEnd,
      characters[position].isNumber || "+-.eE".contains(characters[position])
    {
      position += 1
    }
    guard let value = Double(String(characters[start..<position])) else {
      position = start
      throw problem("expected a number")
    }
    return value
  }
}
