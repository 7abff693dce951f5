/// A condition on the members of a JSON object or array, written as an RFC 9535 JSONPath
/// filter expression, the part inside `[?…]`: `@.status == 'failed'`,
/// `@.duration > 1.5 && !@.skipped`, `search(@.message, 'timed? out')`.
///
/// The whole filter grammar is read: queries from `@` (the object or array asked) or `$`
/// (its document's root) with `.name`, `..name`, `[…]` holding names, indexes, `*`,
/// slices and nested filters, several to a bracket; literals; comparisons; `&&`, `||`,
/// `!` and parentheses; and the functions `length`, `count`, `match`, `search` and
/// `value`, with RFC 9535's rules of which may stand where. One extension: where a query
/// must find a single value (a comparison, a function's value), a query with `*` (`[*]`
/// or `.*`) may stand too, and holds when it holds for one of what it finds, as jq's
/// `any` does: never when it finds nothing.
indirect enum Condition: Equatable, Sendable {
  case or([Condition])
  case and([Condition])
  case not(Condition)
  /// A query alone: whether it finds anything.
  case exists(Query)
  case compare(Operand, Comparison, Operand)
  /// `match(value, pattern)` (the whole value) or `search(value, pattern)` (a part).
  case pattern(Operand, Operand, whole: Bool)

  /// A path from `@`, the object or array the condition is asked of, or from `$`, the
  /// root of its document.
  struct Query: Equatable, Sendable {
    var fromRoot = false
    var segments: [Segment]

    init(fromRoot: Bool = false, _ segments: [Segment]) {
      self.fromRoot = fromRoot
      self.segments = segments
    }

    /// Whether it finds at most one value: one name or index at each step.
    var isSingular: Bool {
      segments.allSatisfy { segment in
        guard !segment.descendant, segment.selectors.count == 1 else { return false }
        switch segment.selectors[0] {
        case .name, .index: return true
        case .all, .slice, .filter: return false
        }
      }
    }

    /// Whether it finds one value at each step, or each member with `*`: what may be
    /// compared, as an extension of RFC 9535.
    var isWildcarded: Bool {
      segments.allSatisfy { segment in
        guard !segment.descendant, segment.selectors.count == 1 else { return false }
        switch segment.selectors[0] {
        case .name, .index, .all: return true
        case .slice, .filter: return false
        }
      }
    }
  }

  /// One step of a query: its children (`.a`, `[…]`) or its descendants (`..a`, `..[…]`)
  /// that one of its selectors chooses.
  struct Segment: Equatable, Sendable {
    var descendant = false
    var selectors: [Selector]
  }

  enum Selector: Equatable, Sendable {
    case name(String)
    case index(Int)
    case all
    case slice(start: Int?, end: Int?, step: Int?)
    case filter(Condition)
  }

  /// What a comparison compares, or a function's argument.
  indirect enum Operand: Equatable, Sendable {
    case query(Query)
    case literal(Literal)
    /// `length(value)`: the characters of a string, the members of an object or array.
    case length(Operand)
    /// `count(query)`: how many nodes the query finds.
    case count(Query)
    /// `value(query)`: what the query finds when it finds exactly one.
    case value(Query)
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

  /// How deep parentheses, `!`, functions and nested filters may nest.
  static let deepestNesting = 100

  /// Reads `text`; throws where it stops making sense.
  static func parse(_ text: String) throws(Problem) -> Condition {
    var parser = ConditionParser(text)
    return try parser.whole()
  }
}
