import Dispatch
import Synchronization

/// Runs a `/regex/` over texts (the titles of an outline, or what its sections hold)
/// within what is left of a command's `PatternBudget`.
///
/// A regular expression that backtracks, like `/(a|aa)*b/` on a long title, can take
/// longer than anyone waits, and Swift's `Regex` cannot be stopped: it runs on another
/// thread, which is left to finish alone when it takes too long. Once one has, no other
/// is started.
enum PatternSearch {
  /// The indexes of the texts `pattern` matches. With `byLine`, `^` and `$` match at each
  /// line's start and end, as grep reads them; with `whole`, it matches only a whole text.
  ///
  /// Throws when the pattern does not compile, with where and why, or when it takes
  /// longer than the budget has left.
  static func indices(
    of texts: [String], matching pattern: (source: String, ignoresCase: Bool), name: String,
    patterns: PatternBudget, byLine: Bool = false, whole: Bool = false
  ) throws(SelectionError) -> Set<Int> {
    do {
      _ = try Regex(pattern.source)
    } catch {
      let problem = PatternProblem(source: pattern.source, error: error)
      throw .invalidPattern(name: name, character: problem.character, problem: problem.words)
    }
    guard let left = patterns.start() else {
      throw .patternTooSlow(name: name, seconds: patterns.seconds)
    }
    let found = Matches()
    let done = DispatchSemaphore(value: 0)
    let started = DispatchTime.now()
    let running = runOnOwnThread {
      // Made again here: a Regex cannot be handed to another thread.
      guard
        let regex = try? Regex(pattern.source).ignoresCase(pattern.ignoresCase)
          .anchorsMatchLineEndings(byLine)
      else {
        done.signal()
        return
      }
      var matched: Set<Int> = []
      for position in texts.indices {
        let text = texts[position]
        let found = whole ? (try? regex.wholeMatch(in: text)) != nil : text.contains(regex)
        if found { matched.insert(position) }
      }
      found.value.withLock { $0 = matched }
      done.signal()
    }
    let finished = running && done.wait(timeout: started + left) == .success
    patterns.spend(Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9)
    guard finished, let matched = found.value.withLock({ $0 }) else {
      patterns.giveUp()
      throw .patternTooSlow(name: name, seconds: patterns.seconds)
    }
    return matched
  }
}

/// What a `/regex/` matched, found on another thread, which may still be writing it when
/// the pattern is given up on.
private final class Matches: Sendable {
  let value = Mutex<Set<Int>?>(nil)
}
