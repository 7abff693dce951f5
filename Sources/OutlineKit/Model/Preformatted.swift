/// Text whose line ends and spacing are its meaning, as a failed test's message and stack
/// trace are: shown as lines in a terminal, `<pre>` in a page, a fenced block in Markdown
/// and one string in JSON.
///
/// Colours the program wrote for a terminal are styles over the text (`ANSIText`): drawn
/// in a terminal, classes in a page; its lines hold the text alone, which Markdown, JSON
/// and matching read.
public final class Preformatted: Sendable {
  /// The text's lines, without their line ends (`\n`, `\r\n` or `\r`) and without
  /// escape sequences.
  public let lines: [String]
  /// The styled runs of the lines that have them, by line.
  public let styles: [Int: [ANSIText.Run]]

  /// `text` split into its lines; a line end at its very end ends its last line. Read as
  /// bytes, each line a slice of the text: a report makes one of these for nearly every
  /// test.
  init(_ text: String) {
    var lines: [String] = []
    let bytes = text.utf8
    var start = bytes.startIndex
    var index = start
    var hasEscape = false
    while index < bytes.endIndex {
      let byte = bytes[index]
      hasEscape = hasEscape || byte == ANSIText.escape
      guard byte == 0x0A || byte == 0x0D else {
        index = bytes.index(after: index)
        continue
      }
      lines.append(String(Substring(bytes[start..<index])))
      index = bytes.index(after: index)
      // `\r\n` is one line end.
      if byte == 0x0D, index < bytes.endIndex, bytes[index] == 0x0A {
        index = bytes.index(after: index)
      }
      start = index
    }
    if start < bytes.endIndex { lines.append(String(Substring(bytes[start..<bytes.endIndex]))) }
    guard hasEscape else {
      self.lines = lines
      styles = [:]
      return
    }
    var reader = ANSIText()
    var styles: [Int: [ANSIText.Run]] = [:]
    for number in lines.indices where ANSIText.hasEscape(lines[number].utf8) || reader.isStyled {
      let (text, runs) = reader.read(Array(lines[number].utf8))
      lines[number] = text
      if !runs.isEmpty { styles[number] = runs }
    }
    self.lines = lines
    self.styles = styles
  }

  /// The lines joined by `\n`.
  public var text: String { lines.joined(separator: "\n") }
}
