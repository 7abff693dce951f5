/// How many tests a suite or a whole report holds, by outcome, and how long they took.
public struct TestCounts: Equatable, Sendable {
  public internal(set) var tests = 0
  public internal(set) var failed = 0
  public internal(set) var errors = 0
  public internal(set) var skipped = 0
  public internal(set) var flaky = 0
  /// Seconds, when the report says.
  public internal(set) var duration: Double? = nil

  init() {}

  /// Counts one test that ended so.
  mutating func add(_ outcome: TestOutcome) {
    tests += 1
    switch outcome {
    case .passed: break
    case .failed: failed += 1
    case .error: errors += 1
    case .skipped: skipped += 1
    case .flaky: flaky += 1
    }
  }

  /// The tests that passed the first time.
  public var passed: Int { tests - failed - errors - skipped - flaky }

  /// Adds the counts of `other`, and its duration when `duration` says so.
  mutating func add(_ other: TestCounts, duration: Bool = true) {
    tests += other.tests
    failed += other.failed
    errors += other.errors
    skipped += other.skipped
    flaky += other.flaky
    if duration, let time = other.duration { self.duration = (self.duration ?? 0) + time }
  }

  /// The counts in a runner's words: `48 tests, 2 failed, 3 skipped`; an outcome none
  /// ended in is left out.
  public var words: String {
    var parts = [tests == 1 ? "1 test" : "\(tests) tests"]
    if failed > 0 { parts.append("\(failed) failed") }
    if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
    if skipped > 0 { parts.append("\(skipped) skipped") }
    if flaky > 0 { parts.append("\(flaky) flaky") }
    return parts.joined(separator: ", ")
  }

  /// The totals as a report's own content: a header line, and members that conditions
  /// read: `report` (its name, if it has one), `tests`, each outcome's count, and
  /// `duration` when known.
  func content(reportName: String?, in store: ValueStore) -> Content {
    let first = store.records.count
    if let reportName { store.add(key: "report", value: reportName, type: .string) }
    store.add(key: "tests", value: String(tests), type: .number)
    store.add(key: "passed", value: String(passed), type: .number)
    store.add(key: "failed", value: String(failed), type: .number)
    store.add(key: "errors", value: String(errors), type: .number)
    store.add(key: "skipped", value: String(skipped), type: .number)
    store.add(key: "flaky", value: String(flaky), type: .number)
    if let duration {
      store.add(key: "duration", value: TestCounts.number(duration), type: .number)
    }
    let members = Members(store: store, records: first..<store.records.count)
    return Content(
      position: 0, body: .totals(ReportTotals(counts: self, name: reportName, members: members)))
  }

  /// Seconds as JSON writes a number: `0.25`, `3`, `0.000027` (as runners write it, where
  /// Swift would write `2.7e-05`).
  static func number(_ seconds: Double) -> String {
    let rounded = (seconds * 1_000_000).rounded() / 1_000_000
    if rounded != 0, rounded.magnitude < 0.0001 {
      let micros = String(Int((rounded.magnitude * 1_000_000).rounded()))
      var digits = String(repeating: "0", count: 6 - micros.count) + micros
      while digits.hasSuffix("0") { digits.removeLast() }
      return (rounded < 0 ? "-0." : "0.") + digits
    }
    var text = String(rounded)
    // Its text is ASCII, read as bytes: a report writes one for every test.
    if text.utf8.count >= 2, text.utf8.suffix(2).elementsEqual(".0".utf8) {
      text.removeLast(2)
    }
    return text
  }

  /// A duration as runners print it: `0.012s`, `3.5s`, `2m 4s`.
  public static func words(seconds: Double) -> String {
    if seconds < 60 {
      let rounded = (seconds * 1000).rounded() / 1000
      var text = String(rounded)
      if text.hasSuffix(".0") { text.removeLast(2) }
      return text + "s"
    }
    let whole = Int(seconds.rounded())
    return whole >= 3600
      ? "\(whole / 3600)h \(whole / 60 % 60)m \(whole % 60)s" : "\(whole / 60)m \(whole % 60)s"
  }
}
