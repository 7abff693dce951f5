import Dispatch

/// Runs a `/regex/` over texts (the titles of an outline, what its sections hold, or the
/// strings a condition asks about) within what is left of a command's `PatternBudget`.
///
/// A regular expression that backtracks, like `/(a|aa)*[bc]/` on a long title, could
/// take longer than anyone waits. Each match is bounded: PCRE2 gives up on one that
/// backtracks past ten million steps, a few hundredths of a second, or past 64 MiB of
/// stack, and the clock is read before each text, so a command's patterns end within
/// their time and one match more.
struct PatternSearch {
  private let matcher: CompiledPattern.Matcher
  private let name: String
  private let patterns: PatternBudget
  private let whole: Bool
  private let started: UInt64
  private let deadline: UInt64

  /// A search for `pattern`, the `/regex/` of `name`. With `byLine`, `^` and `$` match at
  /// each line's start and end, as grep reads them; with `whole`, it matches only a whole
  /// text.
  ///
  /// Throws when the pattern does not compile, with where and why, or when the budget has
  /// been used up by the patterns before it.
  init(
    _ pattern: (source: String, ignoresCase: Bool), name: String, patterns: PatternBudget,
    byLine: Bool = false, whole: Bool = false
  ) throws(SelectionError) {
    let compiled: CompiledPattern
    do {
      compiled = try CompiledPattern(
        pattern.source, ignoresCase: pattern.ignoresCase, byLine: byLine)
    } catch {
      let problem = PatternProblem(source: pattern.source, failure: error)
      throw .invalidPattern(name: name, character: problem.character, problem: problem.words)
    }
    guard let left = patterns.start() else {
      throw .patternTooSlow(name: name, seconds: patterns.seconds)
    }
    matcher = CompiledPattern.Matcher(compiled)
    self.name = name
    self.patterns = patterns
    self.whole = whole
    started = DispatchTime.now().uptimeNanoseconds
    deadline = started + UInt64(left * 1e9)
  }

  /// Whether the pattern matches `subject`. Throws when the budget has run out, which
  /// then ends the command, or when this match backtracks past PCRE2's bounds.
  func matches(_ subject: some PatternSubject) throws(SelectionError) -> Bool {
    guard DispatchTime.now().uptimeNanoseconds <= deadline else {
      finish()
      patterns.giveUp()
      throw .patternTooSlow(name: name, seconds: patterns.seconds)
    }
    do {
      return try subject.withSubjectBytes { bytes in try matcher.matches(bytes, whole: whole) }
    } catch {
      // Only a match can throw, and only when it backtracks too far.
      finish()
      throw .patternBacktracks(name: name)
    }
  }

  /// Takes the time the search took from the budget; called once it is done.
  func finish() {
    patterns.spend(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
  }

  /// The indexes of the texts `pattern` matches.
  static func indices(
    of texts: [some PatternSubject], matching pattern: (source: String, ignoresCase: Bool),
    name: String, patterns: PatternBudget, byLine: Bool = false, whole: Bool = false
  ) throws(SelectionError) -> Set<Int> {
    let search = try PatternSearch(
      pattern, name: name, patterns: patterns, byLine: byLine, whole: whole)
    var matched: Set<Int> = []
    for position in texts.indices where try search.matches(texts[position]) {
      matched.insert(position)
    }
    search.finish()
    return matched
  }
}
