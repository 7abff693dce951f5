/// Raw HTML of a Markdown document that could not be parsed: the parse would have taken
/// more memory than the HTML's size allows it, or than is left.
public struct RawHTMLError: Error, Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Why the HTML could not be parsed.
  public enum Reason: Hashable, Sendable {
    /// Parsing `bytes` of HTML would have taken more than `budget` bytes.
    case overBudget(bytes: Int, budget: Int)
    /// Memory ran out while parsing, under the limit in `words` when one is known.
    case outOfMemory(words: String?)
  }

  /// What was written instead.
  public enum Outcome: Hashable, Sendable {
    /// HTML output: the HTML of the blocks without their raw HTML, with a note in its
    /// place.
    case leftOut
    /// Markdown output: the blocks as written, their HTML not mended to stay within their
    /// section.
    case notBalanced
  }

  /// Where the first raw HTML of the blocks starts.
  public let place: SourcePlace
  public let reason: Reason
  public let outcome: Outcome

  init(_ failure: GumboFragment.Failure, bytes: Int, place: SourcePlace, outcome: Outcome) {
    switch failure {
    case .overBudget(let budget): reason = .overBudget(bytes: bytes, budget: budget)
    case .outOfMemory: reason = .outOfMemory(words: MemoryLimit.tightest()?.words)
    }
    self.place = place
    self.outcome = outcome
  }

  /// `3:1: too large: …`, to follow the document's name and `:`.
  public var description: String {
    let what: String
    switch reason {
    case .overBudget(let bytes, let budget):
      what =
        "the raw HTML here would take more than \(ByteSize.written(budget)) to parse, "
        + "\(GumboFragment.budgetPerByte) times its \(ByteSize.written(bytes)) and "
        + "\(ByteSize.written(GumboFragment.budgetBase)) (an element left open, such as "
        + "<b>, is copied into each block after it)"
    case .outOfMemory(let words):
      what =
        "the raw HTML here needs more memory to parse than is left"
        + (words.map { " in \($0)" } ?? "")
    }
    let done =
      outcome == .leftOut
      ? "it is left out, with a note in its place"
      : "it is written as it is, not closed within its section"
    return "\(place.line):\(place.column): too large: \(what); \(done)"
  }

  /// In document order.
  public static func < (left: RawHTMLError, right: RawHTMLError) -> Bool {
    left.place != right.place ? left.place < right.place : left.description < right.description
  }
}
