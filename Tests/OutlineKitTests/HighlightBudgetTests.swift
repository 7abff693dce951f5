import Testing

@testable import OutlineKit

/// The time a fragment's highlighting may take is the command's, handed in with its
/// options as a `PatternBudget` is handed to its selection: one command that spends its
/// budget leaves the commands after it theirs.
@Suite("Highlighting's time, a command's own")
struct HighlightBudgetTests {
  /// Two blocks of Rust.
  private let source = "# Code\n\n```rust\nfn one() {}\n```\n\n```rust\nfn two() {}\n```\n"

  private let first = "<span class=\"pl-k\">fn</span> <span class=\"pl-en\">one</span>()"
  private let second = "<span class=\"pl-k\">fn</span> <span class=\"pl-en\">two</span>()"

  /// The fragment a library caller writes with `options`, every section open.
  private func fragment(_ options: OutputOptions) throws -> String {
    let outline = markdown(source)
    let selection = try Selection(
      outline: outline, request: SelectionRequest(base: .everything))
    let writer = try OutputFormat.html.makeWriter(
      for: outline, selection: selection, options: options)
    var output = ""
    try writer.write(outline, selection: selection, to: &output)
    return output
  }

  /// Options whose highlighting may take `seconds`.
  private func options(seconds: Double) -> OutputOptions {
    var options = OutputOptions()
    options.document.highlightBudget = HighlightBudget(seconds: seconds)
    return options
  }

  @Test(
    "a command whose budget is spent leaves its later blocks plain, and the next command colours its own"
  )
  func eachCommandItsOwn() throws {
    // No time at all: the first block starts within it, and spends it.
    let spending = options(seconds: 0)
    let spent = try fragment(spending)
    #expect(spent.contains(first))
    #expect(!spent.contains(second))
    #expect(spent.contains("<code class=\"language-rust\">fn two() {}\n</code>"))
    #expect(spending.document.highlightBudget.secondsSpent > 0)
    // A second output with the same options is the same command's: its budget is spent.
    let again = try fragment(spending)
    #expect(!again.contains(first) && !again.contains(second))
    // The next command, made after, has a budget of its own, whatever the first spent.
    let next = try fragment(options(seconds: 0))
    #expect(next.contains(first))
    #expect(!next.contains(second))
    let whole = try fragment(OutputOptions())
    #expect(whole.contains(first) && whole.contains(second))
  }

  @Test("a budget spent before any block leaves all plain, exactly as without highlighting")
  func spentBefore() throws {
    let plain = try fragment(options(seconds: -1))
    #expect(!plain.contains("pl-"))
    var unhighlighted = OutputOptions()
    unhighlighted.document.highlightsCode = false
    #expect(plain == (try fragment(unhighlighted)))
  }

  @Test("options start with a budget of their own, of five seconds")
  func defaults() {
    let one = OutputOptions()
    let two = OutputOptions()
    #expect(one.document.highlightBudget != two.document.highlightBudget)
    #expect(one.document.highlightBudget.seconds == 5)
    #expect(one.document == one.document)
  }
}
