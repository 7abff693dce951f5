/// What the command line asks to expand, before it is resolved against an outline.
public struct SelectionRequest: Equatable, Sendable {
  /// Where resolution starts, before the named sections are expanded and collapsed.
  public enum Base: Equatable, Sendable {
    /// Everything expanded, adjusted by the document's own hints; nothing at all when
    /// sections are named to expand, so that they are exactly the ones open.
    case automatic
    /// Every section expanded.
    case everything
    /// Every section collapsed.
    case nothing
    /// The sections less than this many levels deep expanded.
    case depth(Int)
  }

  public var base: Base
  /// NAMEs whose sections, and their ancestors, are expanded.
  public var expand: [String]
  /// NAMEs whose sections are collapsed.
  public var collapse: [String]

  public init(base: Base = .automatic, expand: [String] = [], collapse: [String] = []) {
    self.base = base
    self.expand = expand
    self.collapse = collapse
  }

  /// Splits a comma-separated list of NAMEs; `\,` is a comma inside a NAME and `\\` a
  /// backslash. Empty NAMEs, as after a trailing comma, are left out.
  public static func names(in list: String) -> [String] {
    // Scalars, not Characters: a comma that a combining mark follows still separates.
    var names: [String] = []
    var current = String.UnicodeScalarView()
    var escaping = false
    for scalar in list.unicodeScalars {
      if escaping {
        if scalar != "," && scalar != "\\" { current.append("\\") }
        current.append(scalar)
        escaping = false
      } else if scalar == "\\" {
        escaping = true
      } else if scalar == "," {
        names.append(String(current))
        current = String.UnicodeScalarView()
      } else {
        current.append(scalar)
      }
    }
    if escaping { current.append("\\") }
    names.append(String(current))
    return names.filter { !$0.trimmingWhiteSpace().isEmpty }
  }
}

extension String {
  /// The string without white space at either end.
  func trimmingWhiteSpace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
