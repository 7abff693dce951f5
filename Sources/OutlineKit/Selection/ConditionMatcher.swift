/// Finds the JSON objects and arrays whose members satisfy a `Condition`: array elements,
/// members' values and JSON Lines records alike, each asked as `@`.
///
/// Comparisons follow RFC 9535: values of different types are never equal (and never
/// unequal for `<`); numbers compare as numbers, `1.50 == 1.5`; strings by their
/// characters; `<` and the others order only two numbers or two strings. A query that
/// finds nothing compares equal only to another that finds nothing.
struct ConditionMatcher {
  let outline: Outline
  /// The time the condition's `match` and `search` patterns may take, shared with the
  /// command's other patterns.
  let patterns: PatternBudget
  /// The strings each pattern of the condition matched, by its source and whether it
  /// matches whole: found first, on a thread of their own, within the budget.
  private var matchedStrings: [String: Set<String>] = [:]

  init(outline: Outline, patterns: PatternBudget) {
    self.outline = outline
    self.patterns = patterns
  }

  /// A value a query found.
  private enum Value {
    case string(String)
    case number(Double)
    case boolean(Bool)
    case null
    /// An object or array that is a section, by index; an empty one that is a member.
    case section(Int)
    case empty(isObject: Bool)
  }

  /// The indexes of the object and array sections `condition` holds for, in order.
  /// Throws when one of its patterns takes longer than the budget has left; `text` is
  /// the condition as written, which the error names.
  mutating func sections(where condition: Condition, text: String) throws(SelectionError)
    -> [Int]
  {
    let candidates = outline.sections.indices.filter { index in
      switch outline.sections[index].kind {
      case .object, .array: return true
      case .heading, .file: return false
      }
    }
    // Each pattern is asked of every string it could be asked of, at once, on a thread
    // that may be left to run: a pattern can backtrack for ever on a long log line.
    for (operand, source, whole) in Self.patterns(in: condition) {
      var strings: Set<String> = []
      for index in candidates {
        for case .string(let value) in values(of: operand, at: index) { strings.insert(value) }
      }
      let asked = Array(strings)
      let found = try PatternSearch.indices(
        of: asked, matching: (source, false), name: text, patterns: patterns, whole: whole)
      matchedStrings[Self.key(source, whole)] = Set(found.map { asked[$0] })
    }
    return candidates.filter { holds(condition, at: $0) }
  }

  /// The `match` and `search` calls of `condition`.
  private static func patterns(in condition: Condition) -> [(Condition.Operand, String, Bool)] {
    switch condition {
    case .or(let left, let right), .and(let left, let right):
      return patterns(in: left) + patterns(in: right)
    case .not(let inner): return patterns(in: inner)
    case .exists, .compare: return []
    case .pattern(let operand, let source, let whole): return [(operand, source, whole)]
    }
  }

  private static func key(_ source: String, _ whole: Bool) -> String {
    (whole ? "match:" : "search:") + source
  }

  private func holds(_ condition: Condition, at index: Int) -> Bool {
    switch condition {
    case .or(let left, let right): return holds(left, at: index) || holds(right, at: index)
    case .and(let left, let right): return holds(left, at: index) && holds(right, at: index)
    case .not(let inner): return !holds(inner, at: index)
    case .exists(let query): return !values(of: query, at: index).isEmpty
    case .compare(let left, let comparison, let right):
      let lefts = values(of: left, at: index)
      let rights = values(of: right, at: index)
      // Nothing on either side: only `==` with nothing on both holds, and `!=` against
      // something.
      if lefts.isEmpty || rights.isEmpty {
        let bothEmpty = lefts.isEmpty && rights.isEmpty
        switch comparison {
        case .equal, .lessOrEqual, .greaterOrEqual: return bothEmpty
        case .notEqual: return !bothEmpty
        case .less, .greater: return false
        }
      }
      return lefts.contains { left in
        rights.contains { right in compare(left, comparison, right) }
      }
    case .pattern(let operand, let source, let whole):
      let matched = matchedStrings[Self.key(source, whole)] ?? []
      return values(of: operand, at: index).contains { value in
        guard case .string(let text) = value else { return false }
        return matched.contains(text)
      }
    }
  }

  private func values(of operand: Condition.Operand, at index: Int) -> [Value] {
    switch operand {
    case .literal(let literal):
      switch literal {
      case .string(let text): return [.string(text)]
      case .number(let number): return [.number(number)]
      case .boolean(let flag): return [.boolean(flag)]
      case .null: return [.null]
      }
    case .query(let query): return values(of: query, at: index)
    case .length(let query):
      return values(of: query, at: index).compactMap { value in
        switch value {
        case .string(let text): return .number(Double(text.count))
        case .section(let section): return .number(Double(children(of: section).count))
        case .empty: return .number(0)
        default: return nil
        }
      }
    }
  }

  /// What `query` finds from the section at `index`.
  private func values(of query: Condition.Query, at index: Int) -> [Value] {
    var found: [Value] = [.section(index)]
    for step in query.steps {
      var next: [Value] = []
      for case .section(let section) in found {
        for (label, value) in children(of: section) {
          switch step {
          case .all: next.append(value)
          case .name(let name) where label == .name(name): next.append(value)
          case .index(let position) where label == .index(position): next.append(value)
          default: break
          }
        }
      }
      found = next
    }
    return found
  }

  private enum Label: Equatable {
    case name(String)
    case index(Int)
  }

  /// The members of the object or array at `index`, each with its key or index: its
  /// scalar members from its content, its object and array members from its subsections.
  private func children(of index: Int) -> [(Label, Value)] {
    let sections = outline.sections
    var children: [(Label, Value)] = []
    for content in sections[index].content {
      guard case .members(let members) = content.body else { continue }
      for member in members {
        let label: Label
        if let key = member.key {
          label = .name(key)
        } else if let position = member.index {
          label = .index(position)
        } else {
          continue
        }
        children.append((label, Self.value(of: member)))
      }
    }
    var child = index + 1
    while child < sections[index].end {
      if let key = sections[child].key {
        let isElement: Bool
        if case .array = sections[index].kind { isElement = true } else { isElement = false }
        if isElement, let position = Int(key) {
          children.append((.index(position), .section(child)))
        } else {
          children.append((.name(key), .section(child)))
        }
      }
      child = sections[child].end
    }
    return children
  }

  private static func value(of member: Member) -> Value {
    switch member.type {
    case .string: return .string(member.value)
    case .number: return Double(member.value).map { .number($0) } ?? .null
    case .boolean: return .boolean(member.value == "true")
    case .null: return .null
    case .emptyObject: return .empty(isObject: true)
    case .emptyArray: return .empty(isObject: false)
    }
  }

  private func compare(_ left: Value, _ comparison: Condition.Comparison, _ right: Value) -> Bool {
    switch comparison {
    case .equal: return equal(left, right)
    case .notEqual: return !equal(left, right)
    case .less: return ordered(left, right) == .some(true)
    case .greater: return ordered(right, left) == .some(true)
    case .lessOrEqual: return ordered(left, right) == .some(true) || equal(left, right)
    case .greaterOrEqual: return ordered(right, left) == .some(true) || equal(left, right)
    }
  }

  private func equal(_ left: Value, _ right: Value) -> Bool {
    switch (left, right) {
    case (.string(let a), .string(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.boolean(let a), .boolean(let b)): return a == b
    case (.null, .null): return true
    case (.section(let a), .section(let b)): return a == b
    case (.empty(let a), .empty(let b)): return a == b
    default: return false
    }
  }

  /// Whether `left` comes before `right`; nil when they are not two numbers or strings.
  private func ordered(_ left: Value, _ right: Value) -> Bool? {
    switch (left, right) {
    case (.number(let a), .number(let b)): return a < b
    case (.string(let a), .string(let b)):
      return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    default: return nil
    }
  }
}
