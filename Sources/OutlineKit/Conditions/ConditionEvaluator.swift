/// Asks a `Condition` of the nodes of a `ConditionTree`, as RFC 9535 evaluates a filter.
///
/// Comparisons: values of different types are never equal (and never ordered); numbers
/// compare as numbers, `1.50 == 1.5`; strings by their characters; arrays and objects are
/// equal when their members are, in depth; `<` and the others order only two numbers or
/// two strings. A query that finds nothing compares equal only to another that finds
/// nothing. A query with `*` compared holds when the comparison holds for one of what it
/// finds, never when it finds nothing.
///
/// It recurses only as deep as the condition nests, which the parser caps; the
/// document's depth is walked by its flat ranges.
struct ConditionEvaluator {
  let tree: ConditionTree
  let stop: StopFlag
  private var compiled: [String: CompiledPattern.Matcher?] = [:]
  private var steps = 0

  /// Why an evaluation ended early.
  enum Failure: Error {
    /// `stop` was raised: the command's time ran out.
    case stopped
    /// A pattern backtracked past the bounds of one match.
    case backtracked
    /// A query found more nodes than `largestNodeList`.
    case tooMany
  }

  /// How many nodes one query may find before the condition is given up on, 10 million
  /// unless told: `@..*..*` over a large document would otherwise fill the memory.
  let largestNodeList: Int

  init(tree: ConditionTree, stop: StopFlag, largestNodeList: Int = 10_000_000) {
    self.tree = tree
    self.stop = stop
    self.largestNodeList = largestNodeList
  }

  /// A value a comparison or function reads: a node of the tree, or a value of the
  /// condition's own.
  private enum Item {
    case node(Int)
    case scalar(ConditionTree.Value)
  }

  private mutating func tick(_ count: Int = 1) throws(Failure) {
    steps += count
    if steps >= 4096 {
      steps = 0
      if stop.isRaised { throw .stopped }
    }
  }

  mutating func holds(_ condition: Condition, at node: Int) throws(Failure) -> Bool {
    try tick()
    switch condition {
    case .or(let terms):
      for term in terms where try holds(term, at: node) { return true }
      return false
    case .and(let terms):
      for term in terms where !(try holds(term, at: node)) { return false }
      return true
    case .not(let inner): return !(try holds(inner, at: node))
    case .exists(let query): return !(try nodes(of: query, at: node)).isEmpty
    case .compare(let left, let comparison, let right):
      let lefts = try items(of: left, at: node)
      let rights = try items(of: right, at: node)
      for left in lefts {
        for right in rights where try compare(left, comparison, right) { return true }
      }
      return false
    case .pattern(let subject, let pattern, let whole):
      let subjects = try items(of: subject, at: node)
      let patterns = try items(of: pattern, at: node)
      for case .some(let pattern) in patterns {
        guard case .string(let source) = scalar(pattern),
          let matcher = matcher(source, whole: whole)
        else { continue }
        for case .some(let subject) in subjects {
          guard case .string(let text) = scalar(subject) else { continue }
          do {
            if try matcher.matches(text) { return true }
          } catch {
            throw .backtracked
          }
        }
      }
      return false
    }
  }

  /// The compiled `source`, or nil when it is not a regular expression: RFC 9535's
  /// `match` and `search` are false then. Carriage returns and line feeds end lines, so
  /// that `.` matches any character but those two, as RFC 9485's I-Regexp reads it.
  private mutating func matcher(_ source: String, whole: Bool) -> CompiledPattern.Matcher? {
    let key = (whole ? "match:" : "search:") + source
    if let known = compiled[key] { return known }
    let matcher = (try? CompiledPattern("(*ANYCRLF)" + source, whole: whole)).map {
      CompiledPattern.Matcher($0)
    }
    compiled[key] = matcher
    return matcher
  }

  /// What an operand stands for: one item or nothing (`nil`) for a singular one; each of
  /// what it finds for a query with `*`.
  private mutating func items(of operand: Condition.Operand, at node: Int) throws(Failure)
    -> [Item?]
  {
    switch operand {
    case .literal(let literal):
      switch literal {
      case .string(let text): return [.scalar(.string(text))]
      case .number(let number): return [.scalar(.number(number))]
      case .boolean(let flag): return [.scalar(.boolean(flag))]
      case .null: return [.scalar(.null)]
      }
    case .query(let query):
      let found = try nodes(of: query, at: node)
      if query.isSingular { return [found.first.map { .node($0) }] }
      return found.map { .node($0) }
    case .length(let argument):
      return try items(of: argument, at: node).map { item in
        guard let item else { return nil }
        switch item {
        case .node(let found):
          switch tree.values[found] {
          case .object, .array: return .scalar(.number(Double(tree.childCount(of: found))))
          case .string(let text): return .scalar(.number(Double(text.unicodeScalars.count)))
          default: return nil
          }
        case .scalar(.string(let text)): return .scalar(.number(Double(text.unicodeScalars.count)))
        case .scalar: return nil
        }
      }
    case .count(let query):
      return [.scalar(.number(Double(try nodes(of: query, at: node).count)))]
    case .value(let query):
      let found = try nodes(of: query, at: node)
      return [found.count == 1 ? .node(found[0]) : nil]
    }
  }

  private func scalar(_ item: Item) -> ConditionTree.Value {
    switch item {
    case .node(let node): return tree.values[node]
    case .scalar(let value): return value
    }
  }

  /// The nodes `query` finds from `node` (`@`) or its document's root (`$`).
  mutating func nodes(of query: Condition.Query, at node: Int) throws(Failure) -> [Int] {
    var found = [query.fromRoot ? tree.root(of: node) : node]
    for segment in query.segments {
      var next: [Int] = []
      var inputs = found
      if segment.descendant {
        inputs = []
        for start in found {
          try tick(tree.ends[start] - start)
          inputs.append(contentsOf: start..<tree.ends[start])
          guard inputs.count <= largestNodeList else { throw .tooMany }
        }
      }
      for input in inputs {
        try tick()
        for selector in segment.selectors {
          try select(selector, from: input, into: &next)
        }
        guard next.count <= largestNodeList else { throw .tooMany }
      }
      found = next
      if found.isEmpty { break }
    }
    return found
  }

  private mutating func select(
    _ selector: Condition.Selector, from node: Int, into found: inout [Int]
  ) throws(Failure) {
    switch (selector, tree.values[node]) {
    case (.name(let name), .object):
      let label = ConditionTree.Label.name(name)
      if let child = tree.child(of: node, labelled: label) {
        found.append(child)
      }
    case (.index(let index), .array):
      let elements = tree.children(of: node)
      let position = index < 0 ? index + elements.count : index
      if position >= 0 && position < elements.count { found.append(elements[position]) }
    case (.all, .object), (.all, .array):
      found.append(contentsOf: tree.children(of: node))
    case (.slice(let start, let end, let step), .array):
      let elements = tree.children(of: node)
      for position in Self.slice(count: elements.count, start: start, end: end, step: step) {
        found.append(elements[position])
      }
    case (.filter(let condition), .object), (.filter(let condition), .array):
      for child in tree.children(of: node) where try holds(condition, at: child) {
        found.append(child)
      }
    default: break
    }
  }

  /// The positions a slice chooses of `count` elements, in its order (RFC 9535, 2.3.4.2).
  static func slice(count: Int, start: Int?, end: Int?, step: Int?) -> [Int] {
    let step = step ?? 1
    guard step != 0 else { return [] }
    func normal(_ index: Int) -> Int { index >= 0 ? index : count + index }
    if step > 0 {
      let lower = min(max(normal(start ?? 0), 0), count)
      let upper = min(max(normal(end ?? count), 0), count)
      return Array(stride(from: lower, to: upper, by: step))
    }
    let upper = min(max(normal(start ?? count - 1), -1), count - 1)
    let lower = min(max(normal(end ?? -count - 1), -1), count - 1)
    return Array(stride(from: upper, to: lower, by: step))
  }

  // MARK: - Comparing

  private mutating func compare(_ left: Item?, _ comparison: Condition.Comparison, _ right: Item?)
    throws(Failure) -> Bool
  {
    switch comparison {
    case .equal: return try equal(left, right)
    case .notEqual: return !(try equal(left, right))
    case .less: return ordered(left, right)
    case .greater: return ordered(right, left)
    case .lessOrEqual:
      if ordered(left, right) { return true }
      return try equal(left, right)
    case .greaterOrEqual:
      if ordered(right, left) { return true }
      return try equal(left, right)
    }
  }

  /// Whether `left` comes before `right`: two numbers or two strings only.
  private func ordered(_ left: Item?, _ right: Item?) -> Bool {
    guard let left, let right else { return false }
    switch (scalar(left), scalar(right)) {
    case (.number(let a), .number(let b)): return a < b
    case (.string(let a), .string(let b)):
      return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    default: return false
    }
  }

  /// Whether two items are equal, arrays and objects member by member, walked with a
  /// stack of the pairs still to compare.
  private mutating func equal(_ left: Item?, _ right: Item?) throws(Failure) -> Bool {
    guard let left, let right else { return left == nil && right == nil }
    var pairs = [(left, right)]
    while let (first, second) = pairs.popLast() {
      try tick()
      let a = scalar(first)
      let b = scalar(second)
      guard a == b else { return false }
      guard case .node(let one) = first, case .node(let other) = second,
        a == .object || a == .array
      else {
        // An empty container of the condition's own never arises: literals are scalars.
        continue
      }
      if one == other { continue }
      if a == .array {
        let ones = tree.children(of: one)
        let others = tree.children(of: other)
        guard ones.count == others.count else { return false }
        pairs.append(contentsOf: zip(ones, others).map { (.node($0), .node($1)) })
      } else {
        let ones = tree.children(of: one)
        let others = tree.children(of: other)
        guard ones.count == others.count else { return false }
        var byName: [String: Int] = [:]
        for child in others {
          if case .name(let name) = tree.labels[child] { byName[name] = child }
        }
        for child in ones {
          guard case .name(let name) = tree.labels[child], let match = byName[name] else {
            return false
          }
          pairs.append((.node(child), .node(match)))
        }
      }
    }
    return true
  }
}
