/// Reads a condition scalar by scalar, by recursive descent, as RFC 9535's filter grammar
/// writes it. Each level of parentheses, `!`, function call and nested filter counts
/// towards `Condition.deepestNesting`, past which it stops with a message: the input
/// never sets how deep the parser recurses.
struct ConditionParser {
  private let scalars: [Unicode.Scalar]
  private var position = 0
  private var depth = 0
  /// The text of the filter selector read last, to suggest it when the whole condition is
  /// a JSONPath query ending in one.
  private var lastFilter = ""

  init(_ text: String) {
    scalars = Array(text.unicodeScalars)
  }

  /// What a term of a comparison or test reads as, before it is known which it is.
  private enum Term {
    /// A query, and where its first step that may find several values starts.
    case query(Condition.Query, severalAt: Int?)
    case literal(Condition.Literal)
    /// A function that gives a value: `length`, `count`, `value`.
    case value(Condition.Operand, name: String)
    /// A function that gives true or false: `match`, `search`.
    case logical(Condition, name: String)
  }

  private static let functions = "length, count, match, search and value"
  /// The functions, each with the number of arguments it takes.
  private static let arities = ["length": 1, "count": 1, "value": 1, "match": 2, "search": 2]

  /// The whole condition, to its end.
  mutating func whole() throws(Condition.Problem) -> Condition {
    let condition = try disjunction()
    skipBlank()
    guard atEnd else {
      try refuseOtherOperators()
      throw problem("expected &&, || or the end of the condition")
    }
    if case .exists(let query) = condition, query.fromRoot,
      let last = query.segments.last?.selectors.last, case .filter = last
    {
      throw Condition.Problem(
        character: 1,
        words:
          "this is a whole JSONPath query; a condition is only what goes inside [?…], and "
          + "is asked of every object and array: write '\(lastFilter)'")
    }
    return condition
  }

  // MARK: - Scalars

  private var atEnd: Bool { position >= scalars.count }
  private var peek: Unicode.Scalar? { atEnd ? nil : scalars[position] }

  private func peek(_ offset: Int) -> Unicode.Scalar? {
    position + offset < scalars.count ? scalars[position + offset] : nil
  }

  private func problem(_ words: String, at place: Int? = nil) -> Condition.Problem {
    Condition.Problem(character: min(place ?? position, scalars.count) + 1, words: words)
  }

  /// RFC 9535's blank space: spaces, tabs, line feeds and carriage returns.
  private static func isBlank(_ scalar: Unicode.Scalar?) -> Bool {
    scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
  }

  private static func isDigit(_ scalar: Unicode.Scalar?) -> Bool {
    guard let scalar else { return false }
    return scalar >= "0" && scalar <= "9"
  }

  /// What may start a member's name written after `.`: a letter, `_` or any character
  /// beyond ASCII.
  private static func isNameFirst(_ scalar: Unicode.Scalar?) -> Bool {
    guard let scalar else { return false }
    return (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || scalar == "_"
      || scalar.value >= 0x80
  }

  private mutating func skipBlank() {
    while Self.isBlank(peek) { position += 1 }
  }

  /// Whether `word` comes next, after blank space, taking it when it does.
  private mutating func take(_ word: String) -> Bool {
    skipBlank()
    let word = Array(word.unicodeScalars)
    guard position + word.count <= scalars.count,
      scalars[position..<position + word.count].elementsEqual(word)
    else { return false }
    position += word.count
    return true
  }

  private func text(_ range: Range<Int>) -> String {
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars[range])
    return text
  }

  /// One level deeper, or the problem of nesting too deep.
  private mutating func enter() throws(Condition.Problem) {
    depth += 1
    guard depth <= Condition.deepestNesting else {
      throw problem(
        "the condition nests more than \(Condition.deepestNesting) deep (parentheses, !, "
          + "functions and filters together)")
    }
  }

  // MARK: - Logical expressions

  private mutating func disjunction() throws(Condition.Problem) -> Condition {
    var terms = [try conjunction()]
    while take("||") { terms.append(try conjunction()) }
    return terms.count == 1 ? terms[0] : .or(terms)
  }

  private mutating func conjunction() throws(Condition.Problem) -> Condition {
    var terms = [try basic()]
    while take("&&") { terms.append(try basic()) }
    return terms.count == 1 ? terms[0] : .and(terms)
  }

  /// A condition in parentheses, a negation, a comparison or a test.
  private mutating func basic() throws(Condition.Problem) -> Condition {
    skipBlank()
    if peek == "!", peek(1) != "=" {
      try enter()
      defer { depth -= 1 }
      position += 1
      skipBlank()
      let inner: Condition
      if peek == "(" {
        inner = try parenthesised()
      } else {
        if peek == "!" {
          throw problem("! is followed by a query, a function or parentheses: write !(!…)")
        }
        let start = position
        inner = try test(try term(), start: start)
      }
      try refuseComparison("! applies to a condition, not to a value: write !(… == …)")
      return .not(inner)
    }
    if peek == "(" {
      let inner = try parenthesised()
      try refuseComparison("a condition in parentheses is not a value to compare")
      return inner
    }
    let start = position
    let left = try term()
    skipBlank()
    guard let comparison = takeComparison() else {
      try refuseOtherOperators()
      return try test(left, start: start)
    }
    let leftOperand = try comparable(left, start: start)
    skipBlank()
    let rightStart = position
    let right = try term(afterComparison: true)
    return .compare(leftOperand, comparison, try comparable(right, start: rightStart))
  }

  private mutating func parenthesised() throws(Condition.Problem) -> Condition {
    let open = position
    try enter()
    defer { depth -= 1 }
    position += 1
    let inner = try disjunction()
    guard take(")") else {
      if atEnd || peek == "]" {
        throw problem("expected ) to close the ( at character \(open + 1)")
      }
      throw problem("expected &&, || or ) to close the ( at character \(open + 1)")
    }
    return inner
  }

  /// Operators of other languages where an operator of a condition may come.
  private func refuseOtherOperators() throws(Condition.Problem) {
    if peek == "=", peek(1) == "~" {
      throw problem("=~ is not an operator here; write match(@.a, 'REGEX') or search(@.a, 'REGEX')")
    }
    if peek == "=" { throw problem("expected == to compare; = alone is not a comparison") }
    for (word, written) in [("and", "&&"), ("or", "||")]
    where text(position..<min(position + word.count + 1, scalars.count)) == word + " " {
      throw problem("write \(written) for \(word)")
    }
  }

  private mutating func takeComparison() -> Condition.Comparison? {
    Condition.Comparison.allCases.first { take($0.rawValue) }
  }

  private mutating func refuseComparison(_ words: String) throws(Condition.Problem) {
    skipBlank()
    let start = position
    if takeComparison() != nil { throw problem(words, at: start) }
  }

  /// A term standing alone: a query finds something, `match` or `search` holds.
  private func test(_ term: Term, start: Int) throws(Condition.Problem) -> Condition {
    switch term {
    case .query(let query, _): return .exists(query)
    case .logical(let condition, _): return condition
    case .value(_, let name):
      throw problem(
        "\(name)(…) gives a number or a value, not true or false: compare it, as "
          + "\(text(start..<position)) > 0")
    case .literal:
      throw problem("expected ==, !=, <, <=, > or >= after the value")
    }
  }

  /// A term as one side of a comparison: a literal, a query that finds one value (or,
  /// as an extension, a query with `*`), or a function that gives a value.
  private func comparable(_ term: Term, start: Int, in place: String = "a comparison")
    throws(Condition.Problem) -> Condition.Operand
  {
    switch term {
    case .literal(let literal): return .literal(literal)
    case .value(let operand, _): return operand
    case .query(let query, let severalAt):
      if let severalAt, !query.isWildcarded {
        throw problem(
          "\(place) takes a query that finds one value (or, with [*], each of "
            + "several); this step may find several: use [*], or count(…) or value(…)",
          at: severalAt)
      }
      return .query(query)
    case .logical(_, let name):
      throw problem(
        "\(name)(…) is true or false, not a value to compare: write it alone, or with !",
        at: start)
    }
  }

  // MARK: - Terms

  private mutating func term(afterComparison: Bool = false) throws(Condition.Problem) -> Term {
    skipBlank()
    guard let scalar = peek else {
      throw problem(
        "expected a value: @.member, a string in quotes, a number, true, false or null")
    }
    if scalar == "@" || scalar == "$" {
      let (query, severalAt) = try query()
      return .query(query, severalAt: severalAt)
    }
    if scalar == "'" || scalar == "\"" { return .literal(.string(try string())) }
    if scalar == "-" || Self.isDigit(scalar) { return .literal(.number(try number())) }
    if scalar == ".", Self.isDigit(peek(1)) {
      throw problem("a number starts with a digit: write 0\(text(position..<position + 2))…")
    }
    if scalar == ".", Self.isNameFirst(peek(1)) {
      // jq's path, `.status`.
      var end = position + 1
      while end < scalars.count, Self.isNameFirst(scalars[end]) || Self.isDigit(scalars[end]) {
        end += 1
      }
      throw problem("expected @ before a member: @\(text(position..<end))")
    }
    guard Self.isNameFirst(scalar) else {
      throw problem(
        "expected a value: @.member, a string in quotes, a number, true, false or null")
    }
    let start = position
    var end = position
    while end < scalars.count, Self.isNameFirst(scalars[end]) || Self.isDigit(scalars[end]) {
      end += 1
    }
    let word = text(start..<end)
    if end < scalars.count, scalars[end] == "(" {
      position = end + 1
      return try function(word, start: start)
    }
    var after = end
    while Self.isBlank(after < scalars.count ? scalars[after] : nil) { after += 1 }
    if after > end, after < scalars.count, scalars[after] == "(",
      Self.arities[word] != nil
    {
      throw problem("a function's ( comes right after its name: \(word)(…)", at: end)
    }
    let literals: [String: Condition.Literal] = [
      "true": .boolean(true), "false": .boolean(false), "null": .null,
    ]
    if let literal = literals[word] {
      position = end
      return .literal(literal)
    }
    if literals[word.lowercased()] != nil {
      throw problem("true, false and null are written in lower case: \(word.lowercased())")
    }
    if afterComparison {
      throw problem("a string is written in quotes: '\(word)', or a member as @.\(word)")
    }
    throw problem("expected @ before a member: @.\(word)")
  }

  /// A function's arguments, after its `(`, and what it gives.
  private mutating func function(_ name: String, start: Int) throws(Condition.Problem) -> Term {
    guard let wanted = Self.arities[name] else {
      if name == "select" {
        throw problem(
          "select(…) is jq's; write only the condition inside it, with @ where jq writes "
            + ".: \(Self.fromJQ(text(position..<max(position, scalars.count - 1))))",
          at: start)
      }
      throw problem("unknown function \(name)(); the functions are \(Self.functions)", at: start)
    }
    try enter()
    defer { depth -= 1 }
    var arguments: [(term: Term, start: Int)] = []
    skipBlank()
    if peek == ")" {
      position += 1
    } else {
      while true {
        skipBlank()
        let argumentStart = position
        arguments.append((try term(), argumentStart))
        skipBlank()
        if peek == "," {
          position += 1
          continue
        }
        if peek == ")" {
          position += 1
          break
        }
        if atEnd { throw problem("expected ) to end \(name)(…)") }
        throw problem(
          "expected , or ) after an argument of \(name)(…); it takes values, not conditions")
      }
    }
    guard arguments.count == wanted else {
      let shape =
        wanted == 1
        ? (name == "length" ? "one value, as length(@.items)" : "one query, as \(name)(@.items[*])")
        : "a value and a pattern, as \(name)(@.message, 'time[sd]? out')"
      throw problem("\(name)(…) takes \(shape)", at: position - 1)
    }
    switch name {
    case "length":
      let argument = try comparable(
        arguments[0].term, start: arguments[0].start, in: "\(name)(…)")
      return .value(.length(argument), name: name)
    case "count", "value":
      guard case .query(let query, _) = arguments[0].term else {
        throw problem("\(name)(…) takes a query, as \(name)(@.items[*])", at: arguments[0].start)
      }
      return .value(name == "count" ? .count(query) : .value(query), name: name)
    default:
      let subject = try comparable(
        arguments[0].term, start: arguments[0].start, in: "\(name)(…)")
      let pattern = try comparable(
        arguments[1].term, start: arguments[1].start, in: "\(name)(…)")
      if case .literal(.string(let source)) = pattern {
        do {
          _ = try CompiledPattern(source)
        } catch {
          let why = PatternProblem(source: source, failure: error)
          throw problem(
            "the pattern '\(source)' is not a regular expression: at its character "
              + "\(why.character - 1), \(why.words)", at: arguments[1].start)
        }
      }
      return .logical(.pattern(subject, pattern, whole: name == "match"), name: name)
    }
  }

  /// jq's condition `text` with `@` before each path.
  private static func fromJQ(_ text: String) -> String {
    var written = ""
    var previous: Character = " "
    var characters = text.makeIterator()
    var next = characters.next()
    while let character = next {
      next = characters.next()
      if character == ".", " (!|&=<>,".contains(previous),
        let following = next, following.isLetter || following == "_"
      {
        written.append("@")
      }
      written.append(character)
      previous = character
    }
    return written
  }

  // MARK: - Queries

  /// A query from `@` or `$`, and where its first step that may find several starts.
  private mutating func query() throws(Condition.Problem) -> (Condition.Query, Int?) {
    let fromRoot = peek == "$"
    position += 1
    var segments: [Condition.Segment] = []
    var severalAt: Int?
    while true {
      let before = position
      skipBlank()
      let start = position
      var segment: Condition.Segment
      if peek == ".", peek(1) == "." {
        position += 2
        if peek == "[" {
          segment = Condition.Segment(descendant: true, selectors: try bracketed())
        } else {
          segment = Condition.Segment(descendant: true, selectors: [try dotted("..")])
        }
      } else if peek == "." {
        position += 1
        segment = Condition.Segment(selectors: [try dotted(".")])
      } else if peek == "[" {
        segment = Condition.Segment(selectors: try bracketed())
      } else {
        position = before
        break
      }
      let one = Condition.Query([segment])
      if severalAt == nil, !one.isSingular { severalAt = start }
      segments.append(segment)
    }
    return (Condition.Query(fromRoot: fromRoot, segments), severalAt)
  }

  /// What follows `.` or `..`: `*` or a member's name.
  private mutating func dotted(_ dots: String) throws(Condition.Problem) -> Condition.Selector {
    if peek == "*" {
      position += 1
      return .all
    }
    guard Self.isNameFirst(peek) else {
      if Self.isBlank(peek) { throw problem("expected a member's name right after \(dots)") }
      if Self.isDigit(peek) || peek == "-" {
        var end = position
        while end < scalars.count, !Self.isBlank(scalars[end]),
          !"=!<>&|)],".unicodeScalars.contains(scalars[end])
        {
          end += 1
        }
        throw problem(
          "a name that does not start with a letter or _ is written in brackets: "
            + "['\(text(position..<end))'], or an index as [0]")
      }
      throw problem("expected a member's name, or *, after \(dots)")
    }
    let start = position
    while Self.isNameFirst(peek) || Self.isDigit(peek) { position += 1 }
    if peek == "-", Self.isNameFirst(peek(1)) || Self.isDigit(peek(1)) {
      var end = position
      while end < scalars.count,
        Self.isNameFirst(scalars[end]) || Self.isDigit(scalars[end]) || scalars[end] == "-"
      {
        end += 1
      }
      throw problem(
        "a name with - is written in quotes in brackets: ['\(text(start..<end))']")
    }
    return .name(text(start..<position))
  }

  /// `[…]` and its selectors, separated by commas.
  private mutating func bracketed() throws(Condition.Problem) -> [Condition.Selector] {
    position += 1
    var selectors: [Condition.Selector] = []
    while true {
      skipBlank()
      selectors.append(try selector())
      skipBlank()
      if peek == "," {
        position += 1
        continue
      }
      if peek == "]" {
        position += 1
        return selectors
      }
      if case .filter = selectors.last {
        throw problem("expected &&, ||, a comma or ] after the filter")
      }
      throw problem("expected , or ] after the selector")
    }
  }

  private mutating func selector() throws(Condition.Problem) -> Condition.Selector {
    guard let scalar = peek else {
      throw problem("expected a name in quotes, an index, a slice, * or ?filter in […]")
    }
    switch scalar {
    case "'", "\"":
      return .name(try string())
    case "*":
      position += 1
      return .all
    case "?":
      position += 1
      try enter()
      defer { depth -= 1 }
      let start = position
      let condition = try disjunction()
      var first = start
      var last = position
      while first < last, Self.isBlank(scalars[first]) { first += 1 }
      while last > first, Self.isBlank(scalars[last - 1]) { last -= 1 }
      lastFilter = text(first..<last)
      return .filter(condition)
    default:
      guard scalar == ":" || scalar == "-" || Self.isDigit(scalar) else {
        throw problem("expected a name in quotes, an index, a slice, * or ?filter in […]")
      }
      let start = scalar == ":" ? nil : try integer()
      skipBlank()
      guard peek == ":" else {
        guard let start else { throw problem("expected an index") }
        return .index(start)
      }
      position += 1
      skipBlank()
      let end = peek == "-" || Self.isDigit(peek) ? try integer() : nil
      skipBlank()
      var step: Int?
      if peek == ":" {
        position += 1
        skipBlank()
        step = peek == "-" || Self.isDigit(peek) ? try integer() : nil
      }
      return .slice(start: start, end: end, step: step)
    }
  }

  /// An index or a slice's bound: no leading zero, no `-0`, within ±(2⁵³−1).
  private mutating func integer() throws(Condition.Problem) -> Int {
    let start = position
    if peek == "-" { position += 1 }
    guard Self.isDigit(peek) else { throw problem("expected a digit") }
    if peek == "0" {
      if position > start { throw problem("an index is never -0", at: start) }
      if Self.isDigit(peek(1)) {
        throw problem("an index does not start with 0 before another digit", at: start)
      }
    }
    while Self.isDigit(peek) { position += 1 }
    guard let value = Int(text(start..<position)), abs(value) <= (1 << 53) - 1 else {
      throw problem("an index is at most 2^53 - 1 either side of 0", at: start)
    }
    return value
  }

  // MARK: - Literals

  /// A string in single or double quotes, with RFC 9535's escapes.
  private mutating func string() throws(Condition.Problem) -> String {
    let quote = scalars[position]
    position += 1
    var text = ""
    while let scalar = peek, scalar != quote {
      if scalar.value < 0x20 {
        throw problem(
          "a control character is written escaped in a string, as \\n or \\u\(Self.hex(scalar.value))"
        )
      }
      guard scalar == "\\" else {
        text.unicodeScalars.append(scalar)
        position += 1
        continue
      }
      position += 1
      switch peek {
      case "b": text.append("\u{8}")
      case "f": text.append("\u{C}")
      case "n": text.append("\n")
      case "r": text.append("\r")
      case "t": text.append("\t")
      case "/": text.append("/")
      case "\\": text.append("\\")
      case quote: text.unicodeScalars.append(quote)
      case "u":
        text.unicodeScalars.append(try escapedScalar())
        continue
      default:
        let other = quote == "'" ? "\\\"" : "\\'"
        throw problem(
          "unknown escape; a string takes \\b, \\f, \\n, \\r, \\t, \\/, \\\\, "
            + "\\\(quote) and \\uXXXX (\(other) is not one of them here)", at: position - 1)
      }
      position += 1
    }
    guard !atEnd else { throw problem("expected \(quote) to end the string") }
    position += 1
    return text
  }

  /// `\uXXXX`, or two of them for a character beyond the first plane; at the `u`.
  private mutating func escapedScalar() throws(Condition.Problem) -> Unicode.Scalar {
    let first = try hexQuad()
    if first >= 0xDC00 && first <= 0xDFFF {
      throw problem(
        "\\u\(Self.hex(first)) is the second half of a pair; a pair starts with \\uD800 to \\uDBFF",
        at: position - 5)
    }
    guard first >= 0xD800 && first <= 0xDBFF else {
      guard let scalar = Unicode.Scalar(first) else { throw problem("expected a character") }
      return scalar
    }
    guard peek == "\\", peek(1) == "u" else {
      throw problem(
        "expected \\uDC00 to \\uDFFF after \\u\(Self.hex(first)), the other half of the pair")
    }
    position += 1
    let second = try hexQuad()
    guard second >= 0xDC00 && second <= 0xDFFF,
      let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
    else {
      throw problem(
        "expected \\uDC00 to \\uDFFF after \\u\(Self.hex(first)), the other half of the pair",
        at: position - 6)
    }
    return scalar
  }

  /// The four hexadecimal digits after a `u`, taking them and the `u`.
  private mutating func hexQuad() throws(Condition.Problem) -> UInt32 {
    position += 1
    guard position + 4 <= scalars.count,
      let value = UInt32(text(position..<position + 4), radix: 16),
      scalars[position..<position + 4].allSatisfy({ $0.properties.isASCIIHexDigit })
    else { throw problem("expected four hexadecimal digits after \\u") }
    position += 4
    return value
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// A number as JSON writes it, `-0` included.
  private mutating func number() throws(Condition.Problem) -> Double {
    let start = position
    if peek == "-" { position += 1 }
    guard Self.isDigit(peek) else {
      throw problem("expected a digit after -; a number is written as -0.5, not -.5")
    }
    if peek == "0", Self.isDigit(peek(1)) {
      throw problem("a number does not start with 0 before another digit", at: start)
    }
    while Self.isDigit(peek) { position += 1 }
    if peek == "." {
      position += 1
      guard Self.isDigit(peek) else {
        throw problem("expected a digit after the decimal point, as 1.0")
      }
      while Self.isDigit(peek) { position += 1 }
    }
    if peek == "e" || peek == "E" {
      position += 1
      if peek == "+" || peek == "-" { position += 1 }
      guard Self.isDigit(peek) else { throw problem("expected a digit in the exponent, as 1e3") }
      while Self.isDigit(peek) { position += 1 }
    }
    guard let value = Double(text(start..<position)) else {
      throw problem("expected a number", at: start)
    }
    return value
  }
}
