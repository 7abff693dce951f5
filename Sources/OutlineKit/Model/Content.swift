/// A run of content that belongs to a section (or to the document itself), placed
/// among that owner's subsections.
public struct Content: Sendable {
  /// What the run is made of.
  public enum Body: Sendable {
    /// Markdown blocks, kept both as their source lines and as parsed blocks.
    case markdown(MarkdownBlocks)
    /// JSON members (or array elements) whose values are scalars or empty containers.
    case members(Members)
  }

  /// How many of the owner's subsections come before this run.
  public let position: Int
  public let body: Body

  init(position: Int, body: Body) {
    self.position = position
    self.body = body
  }
}

/// A scalar JSON value shown as a content line: `key: value`.
public struct Member: Sendable {
  /// The JSON type of a value, for writers that colour or mark it.
  public enum ValueType: Equatable, Sendable {
    case string, number, boolean, null, emptyObject, emptyArray
  }

  /// The member's key, or nil for an array element or a lone value.
  public let key: String?
  /// The element's index, for an element of an array.
  public let index: Int?
  /// The value: numbers exactly as written, strings decoded, `{}` and `[]` for empty
  /// containers.
  public let value: String
  public let type: ValueType

  init(key: String?, index: Int?, value: String, type: ValueType) {
    self.key = key
    self.index = index
    self.value = value
    self.type = type
  }
}
