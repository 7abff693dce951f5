/// A place in an input that could not be parsed, and what was expected there.
public struct ReadError: Error, Equatable, CustomStringConvertible {
  /// The 1-based line of the problem.
  public let line: Int
  /// The 1-based column of the problem, counted in characters.
  public let column: Int
  /// What went wrong, in lower case: `expected ',' or '}' after object member`.
  public let message: String

  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  /// `LINE:COLUMN: message`, to follow a file name.
  public var description: String { "\(line):\(column): \(message)" }
}
