import CCmark

extension MarkdownDocument {
  /// The targets of the links of `part` that lead within the page: `x` for `[text](#x)`,
  /// or for a reference whose definition is `#x`.
  func inPageTargets(in part: Part) -> [String] {
    root(of: part).map { MarkdownDocument.inPageTargets(under: $0) } ?? []
  }

  /// The fragments of the links under `root` whose destination is one, percent-decoded
  /// as a browser decodes them before it looks for the id.
  private static func inPageTargets(under root: OpaquePointer) -> [String] {
    var found: [String] = []
    for step in CmarkWalk(root, includingRoot: true) where step.isEntering {
      let current = step.node
      if cmark_node_get_type(current) == CMARK_NODE_LINK, let url = cmark_node_get_url(current),
        url.pointee == CChar(UInt8(ascii: "#"))
      {
        found.append(percentDecoded(url + 1))
      }
    }
    return found
  }

  /// The C string `text` with each `%` and two hex digits made the byte they stand for.
  private static func percentDecoded(_ text: UnsafePointer<CChar>) -> String {
    var bytes: [UInt8] = []
    var cursor = text
    func hex(_ byte: CChar) -> UInt8? {
      switch UInt8(bitPattern: byte) {
      case let digit where (0x30...0x39).contains(digit): return digit - 0x30
      case let upper where (0x41...0x46).contains(upper): return upper - 0x41 + 10
      case let lower where (0x61...0x66).contains(lower): return lower - 0x61 + 10
      default: return nil
      }
    }
    while cursor.pointee != 0 {
      if cursor.pointee == CChar(UInt8(ascii: "%")), let high = hex(cursor[1]),
        let low = hex(cursor[2])
      {
        bytes.append(high << 4 | low)
        cursor += 3
      } else {
        bytes.append(UInt8(bitPattern: cursor.pointee))
        cursor += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
