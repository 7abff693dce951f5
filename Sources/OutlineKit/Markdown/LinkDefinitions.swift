import CCmark
import CUtf8proc

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A run of source lines that holds nothing but link reference definitions, which cmark
/// keeps in no node, with the label each of them defines.
struct LinkDefinitions: Sendable {
  /// Each definition's label, normalized, and its source lines with line ends.
  let definitions: [(label: String, text: String)]
  /// Whether any of the definitions may be written without the others. When a line of a
  /// definition's title looks like the start of another one, the run does not split there.
  private let splits: Bool

  /// The definitions in `lines`, or nil if cmark does not read them as nothing but
  /// definitions.
  init?(source: SourceText, lines: Range<Int>, dialect: MarkdownDialect) {
    guard !lines.isEmpty else { return nil }
    let end = source.lineRange(lines.upperBound - 1).upperBound
    var starts: [(line: Int, label: String)] = []
    for line in lines {
      let start = source.lineRange(line).lowerBound
      if let label = LinkDefinitions.label(in: source.bytes[start..<end]) {
        starts.append((line, label))
      }
    }
    guard starts.first?.line == lines.lowerBound else { return nil }
    var definitions: [(label: String, text: String)] = []
    var splits = true
    for (index, start) in starts.enumerated() {
      let end = index + 1 < starts.count ? starts[index + 1].line : lines.upperBound
      splits = splits && LinkDefinitions.isBare(source, start.line..<end, dialect)
      definitions.append((start.label, LinkDefinitions.text(source, start.line..<end)))
    }
    guard splits || LinkDefinitions.isBare(source, lines, dialect) else { return nil }
    self.definitions = definitions
    self.splits = splits
  }

  /// The source of each definition to keep so that the labels in `used` stay defined.
  func texts(keeping used: Set<String>) -> [String] {
    guard splits else {
      guard definitions.contains(where: { used.contains($0.label) }) else { return [] }
      return definitions.map(\.text)
    }
    return definitions.compactMap { used.contains($0.label) ? $0.text : nil }
  }

  /// Whether cmark reads `lines` as nothing but definitions (in GitHub's dialect, a
  /// footnote is a block of its own, not a definition).
  private static func isBare(
    _ source: SourceText, _ lines: Range<Int>, _ dialect: MarkdownDialect
  ) -> Bool {
    let start = source.lineRange(lines.lowerBound).lowerBound
    let end = source.lineRange(lines.upperBound - 1).upperBound
    return source.bytes[start..<end].withUnsafeBufferPointer { text in
      // Memory that ran out keeps the lines, as if they were more than definitions.
      guard let document = CmarkParser.parse(text, dialect: dialect) else { return false }
      defer { cmark_node_free(document) }
      return cmark_node_first_child(document) == nil
    }
  }

  /// The source of `lines`, each ending with `\n`.
  private static func text(_ source: SourceText, _ lines: Range<Int>) -> String {
    var text = ""
    for line in lines { text += source.line(line) + "\n" }
    return text
  }

  /// The normalized label of a definition that starts `text`: up to three spaces, then a
  /// label in brackets (it may go on over lines), then a colon.
  private static func label(in text: ArraySlice<UInt8>) -> String? {
    let indent = text.prefix { $0 == 0x20 }.count
    guard indent <= 3, text.dropFirst(indent).first == UInt8(ascii: "[") else { return nil }
    let from = text.startIndex + indent + 1
    var index = from
    while index < text.endIndex, index - from <= maximumLabelLength {
      switch text[index] {
      case UInt8(ascii: "\\"):
        index += 2
        continue
      case UInt8(ascii: "["):
        return nil
      case UInt8(ascii: "]"):
        guard index + 1 < text.endIndex, text[index + 1] == UInt8(ascii: ":") else { return nil }
        let label = normalizedLabel(text[from..<index])
        return label.isEmpty ? nil : label
      default:
        index += 1
      }
    }
    return nil
  }

  /// CommonMark's limit on the length of a link label.
  static let maximumLabelLength = 999

  /// A label as CommonMark matches labels: white space folded to single spaces, trimmed,
  /// and case-folded.
  static func normalizedLabel(_ label: ArraySlice<UInt8>) -> String {
    var folded: [UInt8] = []
    folded.reserveCapacity(label.count)
    var space = false
    var ascii = true
    for byte in label {
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        space = !folded.isEmpty
        continue
      }
      if space { folded.append(0x20) }
      space = false
      ascii = ascii && byte < 0x80
      folded.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
    }
    guard !ascii else { return String(decoding: folded, as: UTF8.self) }
    // Full case folding, as cmark's: ẞ and ss are the same label.
    var mapped: UnsafeMutablePointer<utf8proc_uint8_t>? = nil
    let count = folded.withUnsafeBufferPointer {
      utf8proc_map($0.baseAddress, $0.count, &mapped, UTF8PROC_CASEFOLD)
    }
    // utf8proc_map allocates the result with malloc; the caller frees it.
    defer { free(mapped) }
    guard count >= 0, let mapped else { return String(decoding: folded, as: UTF8.self) }
    return String(decoding: UnsafeBufferPointer(start: mapped, count: count), as: UTF8.self)
  }
}
