import CCmarkHighlight
import CHighlight

/// GNU Source-highlight (`CHighlight`), which marks a fragment's code with the classes
/// GitHub gives its tokens (`pl-k`, `pl-s`…) for the style sheet of the page it goes in,
/// each block's time taken from the command's `HighlightBudget`.
struct SourceHighlight: CodeHighlighter {
  let budget: HighlightBudget

  func withHook<Result>(_ body: (UnsafePointer<collapse_code_highlighter>?) -> Result) -> Result {
    guard let handle = budget.handle else { return body(nil) }
    var hook = collapse_source_highlighter(handle)
    // The budget outlives the render that counts in it.
    return withExtendedLifetime(budget) { withUnsafePointer(to: &hook) { body($0) } }
  }
}
