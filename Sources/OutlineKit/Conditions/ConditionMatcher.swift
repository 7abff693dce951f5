/// Finds the objects and arrays of JSON or YAML that satisfy a `Condition`: array
/// elements, members' values, JSON Lines records and YAML documents alike, each asked as `@`, with its document's root as `$`.
///
/// The condition is evaluated (`ConditionEvaluator`) on a thread of its own within what
/// is left of the command's `PatternBudget`, which its queries share with every pattern:
/// a query of a thousand steps over a document nested as deep takes as long as a pattern
/// that backtracks.
struct ConditionMatcher {
  let outline: Outline
  /// The time the condition may take, shared with the command's other patterns.
  let patterns: PatternBudget
  /// The outline's values, made when the first condition is asked.
  private var tree: ConditionTree?

  init(outline: Outline, patterns: PatternBudget) {
    self.outline = outline
    self.patterns = patterns
  }

  /// The indexes of the object and array sections `condition` holds for, in order.
  /// Throws when the outline holds documents conditions do not read, when its patterns
  /// and queries take longer than the budget has left, or when a pattern backtracks; `text`
  /// is the condition as written, which the error names.
  mutating func sections(where condition: Condition, text: String) throws(SelectionError)
    -> [Int]
  {
    if let format = unreadFormat {
      throw .conditionNeedsJSON(condition: text, format: format)
    }
    let tree = self.tree ?? ConditionTree(outline)
    self.tree = tree
    let outline = outline
    let tooSlow = SelectionError.conditionTooSlow(condition: text, seconds: patterns.seconds)
    let candidates = (0..<tree.count).filter { node in
      let section = tree.sections[node]
      guard section >= 0 else { return false }
      switch outline.sections[section].kind {
      case .object, .array, .suite, .test: return true
      case .heading, .file, .element, .output: return false
      }
    }
    return try PatternSearch.running(patterns: patterns, tooSlow: tooSlow) { stop in
      var evaluator = ConditionEvaluator(tree: tree, stop: stop)
      let largest = evaluator.largestNodeList
      var chosen: [Int] = []
      do throws(ConditionEvaluator.Failure) {
        for node in candidates where try evaluator.holds(condition, at: node) {
          chosen.append(tree.sections[node])
        }
      } catch {
        switch error {
        case .stopped:
          return .failure(tooSlow)
        case .backtracked: return .failure(.patternBacktracks(name: text))
        case .tooMany:
          return .failure(
            .conditionTooLarge(condition: text, nodes: largest))
        }
      }
      return .success(chosen)
    }
  }

  /// The format of a document in the outline whose members conditions do not read:
  /// Markdown has none, nor XML for now. YAML's content is its lines as written, its members
  /// kept beside.
  private var unreadFormat: String? {
    func format(_ contents: [Content], values: [Content]?) -> String? {
      if values != nil { return nil }
      for content in contents {
        switch content.body {
        case .markdown: return "Markdown"
        case .source(let source): return source.document.documentName
        case .members, .preformatted, .totals: continue
        }
      }
      return nil
    }
    if let found = format(outline.content, values: outline.values) { return found }
    for section in outline.sections {
      if case .heading = section.kind { return "Markdown" }
      if case .element = section.kind { return "XML" }
      if let found = format(section.content, values: section.values) { return found }
    }
    return nil
  }
}
