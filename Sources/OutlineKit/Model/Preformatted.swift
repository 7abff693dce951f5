/// Text whose line ends and spacing are its meaning, as a failed test's message and stack
/// trace are: shown as lines in a terminal, `<pre>` in a page, a fenced block in Markdown
/// and one string in JSON.
public final class Preformatted: Sendable {
  /// The text's lines, without their line ends (`\n`, `\r\n` or `\r`).
  public let lines: [String]

  /// `text` split into its lines; a line end at its very end ends its last line.
  init(_ text: String) {
    var lines: [String] = []
    var line = ""
    var afterReturn = false
    for scalar in text.unicodeScalars {
      if scalar == "\n" && afterReturn {
        afterReturn = false
        continue
      }
      afterReturn = scalar == "\r"
      if scalar == "\n" || scalar == "\r" {
        lines.append(line)
        line = ""
      } else {
        line.unicodeScalars.append(scalar)
      }
    }
    if !line.isEmpty { lines.append(line) }
    self.lines = lines
  }

  /// The lines joined by `\n`.
  public var text: String { lines.joined(separator: "\n") }
}
