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
