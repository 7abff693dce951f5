/// A scalar member of structured data: JSON's, shown as a content line (`key: value`), or
/// YAML's, typed by the core schema, which conditions read.
public struct Member: Sendable {
  /// The type of a value in JSON's terms, for writers that colour or mark it and for
  /// conditions.
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
