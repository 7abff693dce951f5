/// An output too large for its limit even with every section left out.
public struct SizeLimitError: Error, Equatable, CustomStringConvertible {
  public let limit: Int
  public let smallest: Int

  public var description: String {
    "the output cannot fit in \(limit) bytes; with every section left out it still takes "
      + "\(smallest) bytes"
  }
}
