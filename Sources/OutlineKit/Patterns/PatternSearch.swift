import Dispatch

/// Runs a `/regex/` over texts (the titles of an outline, what its sections hold, or the
/// strings a condition asks about) within what is left of a command's `PatternBudget`.
///
/// A regular expression that backtracks, like `/(a|aa)*[bc]/` on a long title, could
/// take longer than anyone waits. One match that backtracks past PCRE2's bounds (ten
/// million steps from one place, or 64 MiB of stack) is given up on at once, by name.
/// One that stays under them at each place of a long text, or of many, can still take
/// long in all, and one match cannot be stopped from outside: the matching runs on a
/// thread of its own, which is left to finish the text it is at when the budget runs
/// out, and starts no other; the command then ends, and no other pattern is started.
enum PatternSearch {
  /// Compiles `pattern`, the `/regex/` of `name`, then runs `body` with a matcher for it
  /// on a thread of its own, for what the budget has left. With `byLine`, `^` and `$`
  /// match at each line's start and end, as grep reads them; with `whole`, it matches
  /// only a whole text.
  ///
  /// Throws when the pattern does not compile, with where and why; when it backtracks
  /// past the bounds of one match; or when it takes longer than the budget has left.
  static func run<Found: Sendable>(
    _ pattern: (source: String, ignoresCase: Bool), name: String, patterns: PatternBudget,
    byLine: Bool = false, whole: Bool = false,
    _ body: @escaping @Sendable (CompiledPattern.Matcher) throws -> Found
  ) throws(SelectionError) -> Found {
    let compiled = try compile(pattern, name: name, byLine: byLine, whole: whole)
    return try running(
      patterns: patterns, tooSlow: .patternTooSlow(name: name, seconds: patterns.seconds)
    ) { stop in
      do {
        return .success(try body(CompiledPattern.Matcher(compiled, stop: stop)))
      } catch {
        // Only a match throws: when it backtracks too far, or once the time is up, when
        // what this returns is not read.
        return .failure(.patternBacktracks(name: name))
      }
    }
  }

  /// Runs `pattern`, the `/regex/` of `name`, over the texts of the batches `next` makes
  /// here, a batch at a time, on a thread of its own, for what the budget has left: the
  /// pattern's thread reads only the copies, and while it matches one batch the next is
  /// made. With `byLine`, `^` and `$` match at each line's start and end.
  ///
  /// Returns the positions of the texts it matches, counted over every batch in order.
  /// Throws as `run` does.
  static func positions(
    matching pattern: (source: String, ignoresCase: Bool), name: String,
    patterns: PatternBudget, byLine: Bool = false, in next: () -> TextBatch?
  ) throws(SelectionError) -> [Int] {
    let compiled = try compile(pattern, name: name, byLine: byLine, whole: false)
    let tooSlow = SelectionError.patternTooSlow(name: name, seconds: patterns.seconds)
    guard let left = patterns.start() else { throw tooSlow }
    let handover = BatchHandover<[Int]>()
    let stop = StopFlag()
    let started = DispatchTime.now()
    let deadline = started + left
    let thread = OwnThread {
      let matcher = CompiledPattern.Matcher(compiled)
      var matched: [Int] = []
      var first = 0
      do {
        // Once given up on, the batches left are dropped unread.
        while let batch = handover.take(), !stop.isRaised {
          for position in 0..<batch.count where try matcher.matches(batch.text(at: position)) {
            matched.append(first + position)
          }
          first += batch.count
        }
        handover.finish(.success(matched))
      } catch {
        // Only a match throws, and only when it backtracks too far.
        handover.finish(.failure(.patternBacktracks(name: name)))
      }
    }
    var found: Result<[Int], SelectionError>? = nil
    if let thread {
      var handed = true
      while handed, let batch = next() { handed = handover.give(batch, before: deadline) }
      if !handed { stop.raise() }
      handover.end()
      found = handover.found(before: deadline)
      // With texts left unhanded, what was found falls short: only a failure stands.
      if !handed, case .success? = found { found = nil }
      // A thread that has answered ends at once; one given up on runs on alone.
      if found == nil { thread.letGo() } else { thread.join() }
    }
    patterns.spend(Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9)
    guard let found else {
      stop.raise()
      patterns.giveUp()
      throw tooSlow
    }
    return try found.get()
  }

  /// `pattern` compiled, or the error that says where and why it does not compile.
  private static func compile(
    _ pattern: (source: String, ignoresCase: Bool), name: String, byLine: Bool, whole: Bool
  ) throws(SelectionError) -> CompiledPattern {
    do {
      return try CompiledPattern(
        pattern.source, ignoresCase: pattern.ignoresCase, byLine: byLine, whole: whole)
    } catch {
      let problem = PatternProblem(source: pattern.source, failure: error)
      throw .invalidPattern(name: name, character: problem.character, problem: problem.words)
    }
  }

  /// The pattern of a `/regex/` or `/regex/i` NAME or TEXT; nil for any other.
  static func pattern(in name: String) -> (source: String, ignoresCase: Bool)? {
    guard name.count >= 2, name.hasPrefix("/") else { return nil }
    if name.hasSuffix("/i"), name.count >= 3 {
      return (String(name.dropFirst().dropLast(2)), true)
    }
    if name.hasSuffix("/") { return (String(name.dropFirst().dropLast()), false) }
    return nil
  }

  /// Runs `body` on a thread of its own, for what `patterns` has left, and gives what it
  /// returns. When the time runs out first, raises the flag `body` is given, which it may
  /// watch to stop early, marks the budget given up on, and throws `tooSlow`.
  static func running<Found: Sendable>(
    patterns: PatternBudget, tooSlow: SelectionError,
    _ body: @escaping @Sendable (StopFlag) -> Result<Found, SelectionError>
  ) throws(SelectionError) -> Found {
    guard let left = patterns.start() else { throw tooSlow }
    let found = Outcome<Found>()
    let stop = StopFlag()
    let done = DispatchSemaphore(value: 0)
    let started = DispatchTime.now()
    let thread = OwnThread {
      let outcome = body(stop)
      found.value.withLock { $0 = outcome }
      done.signal()
    }
    let finished = thread != nil && done.wait(timeout: started + left) == .success
    // A thread that has answered ends at once, and is waited for, so that nothing it
    // holds is left half freed when the command exits; one given up on runs on alone.
    if finished { thread?.join() } else { thread?.letGo() }
    patterns.spend(Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9)
    guard finished, let outcome = found.value.withLock({ $0 }) else {
      stop.raise()
      patterns.giveUp()
      throw tooSlow
    }
    return try outcome.get()
  }

  /// The indexes of the texts `pattern` matches.
  static func indices<Subject: PatternSubject & Sendable>(
    of texts: [Subject], matching pattern: (source: String, ignoresCase: Bool), name: String,
    patterns: PatternBudget, byLine: Bool = false, whole: Bool = false
  ) throws(SelectionError) -> Set<Int> {
    try run(pattern, name: name, patterns: patterns, byLine: byLine, whole: whole) { matcher in
      var matched: Set<Int> = []
      for position in texts.indices
      where try matcher.matches(texts[position]) {
        matched.insert(position)
      }
      return matched
    }
  }
}

/// What a `/regex/` found, on another thread, which may still be writing it when the
/// pattern is given up on.
private final class Outcome<Found: Sendable>: Sendable {
  let value = Locked<Result<Found, SelectionError>?>(nil)
}
