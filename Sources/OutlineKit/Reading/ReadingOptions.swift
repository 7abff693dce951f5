/// What a format's reader is told of how to read a document, whatever its format; each
/// format takes what applies to it.
public struct ReadingOptions: Equatable, Sendable {
  /// The members that title an element of structured data, the first found winning.
  public var titleKeys: TitleKeys
  /// Whether each line is a value of its own (JSON Lines).
  public var isJSONLines: Bool
  /// Whether the scalars of structured data that does not show them as members (YAML) are
  /// kept, typed, for conditions (`--expand-where`) to read. Keeping them costs about a
  /// tenth of reading such a document; a caller that asks no condition leaves them out.
  public var keepsValues: Bool

  public init(
    titleKeys: TitleKeys = .standard, isJSONLines: Bool = false, keepsValues: Bool = true
  ) {
    self.titleKeys = titleKeys
    self.isJSONLines = isJSONLines
    self.keepsValues = keepsValues
  }
}
