import OutlineKit

extension TextOutputStream {
  /// Writes `collapse: message` as a line. A message may quote a document (a title, a file
  /// name) or an argument, so its control characters are shown as `^[`, as the text output
  /// shows them: an escape sequence in a heading must not reach the terminal.
  mutating func report(_ message: some CustomStringConvertible) {
    write("collapse: " + TerminalText.escaped(message.description) + "\n")
  }
}
