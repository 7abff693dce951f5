/// How a test of a report ended, in the words every runner's report is read in.
public enum TestOutcome: String, Equatable, Sendable, CaseIterable {
  case passed
  case failed
  /// It could not run to its end: an exception outside its assertions, a setup that failed.
  case error
  case skipped
  /// It failed, then passed when it was run again.
  case flaky

  /// Whether a report opens it by default: it failed or errored.
  public var opens: Bool { self == .failed || self == .error }
}
