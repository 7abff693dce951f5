/// A report's totals as its own content: one line a person reads, as the runner would print
/// it (`5 tests, 1 failed, 1 error in 0.412s`), and the members that conditions and JSON
/// read (`tests`, `failed`, … `duration`).
public struct ReportTotals {
  public let counts: TestCounts
  /// The report's name, when its root names it.
  public let name: String?
  let members: Members

  /// The line that heads the report: its name, if it has one, then `summary`.
  public var header: String {
    shownName.map { $0 + ": " + summary } ?? summary
  }

  /// The counts in a runner's words and how long the tests took, when the report says:
  /// `5 tests, 1 failed, 1 error in 0.412s`.
  public var summary: String {
    var line = counts.words
    if let duration = counts.duration { line += " in " + TestCounts.words(seconds: duration) }
    return line
  }

  /// The name on one line: a line end in it is a space.
  var shownName: String? {
    name.map { String($0.map { $0.isNewline ? " " : $0 }) }
  }
}
