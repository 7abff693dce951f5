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

  /// What reading says of `kinds` (`arrays and objects`) that nest deeper than `levels`,
  /// the figure written with commas, as the manual writes it.
  static func tooDeepMessage(_ kinds: String, levels: Int) -> String {
    var figure = Array(String(levels))
    for place in stride(from: figure.count - 3, to: 0, by: -3) { figure.insert(",", at: place) }
    return
      "too deep: \(kinds) nest more than \(String(figure)) levels here, the most collapse reads"
  }
}
