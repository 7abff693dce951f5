extension MarkdownBlocks {
  /// Adds the labels the blocks may refer to, as link reference definitions are labelled:
  /// every text between brackets in them, normalized. A bracket in code counts too, which
  /// at worst keeps a definition that is not needed.
  func addLabels(to used: inout Set<String>) {
    let source = document.source
    let lines = source.trimmingBlankLines(self.lines)
    guard !lines.isEmpty else { return }
    let start = source.lineRange(lines.lowerBound).lowerBound
    let bytes = source.bytes[start..<source.lineRange(lines.upperBound - 1).upperBound]
    var open: Int? = nil
    var index = bytes.startIndex
    while index < bytes.endIndex {
      switch bytes[index] {
      case UInt8(ascii: "\\"):
        index += 1
      case UInt8(ascii: "["):
        open = index + 1
      case UInt8(ascii: "]"):
        if let from = open, index - from <= LinkDefinitions.maximumLabelLength {
          used.insert(LinkDefinitions.normalizedLabel(bytes[from..<index]))
        }
        open = nil
      default:
        break
      }
      index += 1
    }
  }
}
