import CCmarkHighlight

/// What colours a fragment's fenced code: cmark-gfm's render asks it, through the hook in
/// `CCmarkHighlight`, whether it knows a block's language and what the runs of its code
/// are, and writes each run in a `<span>` with its class. The render calls it; nothing
/// else of the render changes.
protocol CodeHighlighter: Sendable {
  /// Hands `body` this highlighter as the render's hook takes it, valid while `body` runs;
  /// nil when it cannot highlight at all, and the code is then written plain.
  func withHook<Result>(_ body: (UnsafePointer<collapse_code_highlighter>?) -> Result) -> Result
}
