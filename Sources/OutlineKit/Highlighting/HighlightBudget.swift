import CHighlight

/// The time the highlighting of one command's fragments may take together, as
/// `PatternBudget` is for its patterns: once the blocks highlighted have taken it, the
/// blocks after are written plain, and a document of many hostile blocks costs that and no
/// more. Each `DocumentWriterOptions` starts with one of its own; outputs written with the
/// same options share it, and a library caller sets a new one for each command.
public final class HighlightBudget: @unchecked Sendable, Equatable {
  // Unchecked: its one state is the C budget, which Source-highlight counts atomically.

  /// The time, in seconds, the blocks may take together.
  public let seconds: Double
  /// The C budget, owned and freed here; nil when memory ran out, and nothing is then
  /// highlighted.
  let handle: OpaquePointer?

  /// A budget of `seconds`, 5 unless told (`COLLAPSE_HIGHLIGHT_SECONDS`).
  public init(seconds: Double = Double(COLLAPSE_HIGHLIGHT_SECONDS)) {
    self.seconds = seconds
    handle = collapse_highlight_budget_new(seconds)
  }

  deinit { collapse_highlight_budget_free(handle) }

  /// The seconds the blocks highlighted so far have taken.
  var secondsSpent: Double { handle.map { collapse_highlight_budget_spent($0) } ?? 0 }

  public static func == (left: HighlightBudget, right: HighlightBudget) -> Bool { left === right }
}
