/// A scalar member of structured data: JSON's, shown as a content line (`key: value`), or
/// YAML's, typed by the core schema, which conditions read.
public struct Member: Sendable {
  /// The type of a value in JSON's terms, for writers that colour or mark it and for
  /// conditions.
  public enum ValueType: Equatable, Sendable {
    case string, number, boolean, null, emptyObject, emptyArray
    /// An object or array with something inside, written within a line (YAML's `{a: 1}`,
    /// `[80, 443]`): its members follow it (`Member.contents`).
    case object, array
  }

  /// The member's key, or nil for an array element or a lone value.
  public let key: String?
  /// The element's index, for an element of an array.
  public let index: Int?
  /// The value: numbers exactly as written, strings decoded, `{}` and `[]` for empty
  /// containers.
  public let value: String
  public let type: ValueType
  /// How many members that follow it are inside it, at any depth: none but for an
  /// `object` or `array`.
  public let contents: Int

  init(key: String?, index: Int?, value: String, type: ValueType, contents: Int = 0) {
    self.key = key
    self.index = index
    self.value = value
    self.type = type
    self.contents = contents
  }
}
