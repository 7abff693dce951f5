/// One run of one test as a report gives it, before runs of the same test are joined.
struct TestRecord {
  /// What the report names the test by: its class or module (`tests.test_cart.TestCart`),
  /// if it gives one, and its own name.
  var className: String?
  var name: String
  /// The title users know it by (`TestReportBuilder.title`).
  var title: String
  var outcome: TestOutcome = .passed
  /// Seconds, when the report says.
  var duration: Double?
  /// Where it is written, when the report says (never guessed from a stack trace).
  var file: String?
  var line: Int?
  /// Why it failed, errored or was skipped, as one line may say it, and the whole
  /// message and stack as the runner wrote them.
  var message: String?
  var details: String = ""
  /// Earlier runs that failed, as a rerun plugin or Surefire keeps them: each one's message
  /// and stack.
  var failedRuns: [(message: String?, details: String)] = []
  /// Whether the report marked a failed run as flaky (Surefire's `flakyFailure`): the test
  /// is flaky when it then passed.
  var sawFlaky = false
  /// Whether the failed runs kept came after the run the test's own message is from, as
  /// Surefire's `rerunFailure` and `rerunError` do (the first run failed, and so did each
  /// rerun), rather than before it, as a flaky test's and a rerun plugin's do.
  var failedRunsFollow = false
  /// Whether the report warned about it (PHPUnit's `<warning>`), which leaves it passed.
  var sawWarning = false
  /// The properties the test recorded (pytest's `record_property`), in order.
  var properties: [(name: String, value: String)] = []
  /// What it wrote to standard output and error.
  var output: String = ""
  var errorOutput: String = ""
  /// The lines of the source it stands on, 0-based, when the reader knows them.
  var lines: Range<Int> = 0..<0

  /// Adds text to the message, as a reader meets it piece by piece.
  mutating func appendMessage(_ text: String) {
    message = (message ?? "") + text
  }

  /// What tells runs of the same test from other tests.
  struct Key: Hashable {
    let className: String?
    let name: String

    /// The name alone: the tests of a suite mostly share their class name, which would
    /// only lengthen what is hashed.
    func hash(into hasher: inout Hasher) {
      hasher.combine(name)
    }
  }

  /// The key that joins runs of the same test.
  var key: Key { Key(className: className, name: name) }
}
