import CCmark

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension MarkdownDocument {
  /// The languages the document's fenced code is marked with, each as written: the first
  /// word of each fence's info string, which cmark-gfm writes as the code's
  /// `language-` class. A document without a fence is scanned, not walked.
  func codeLanguages() -> Set<String> {
    let hasFence = source.bytes.withUnsafeBytes { bytes in
      [UInt8(ascii: "`"), UInt8(ascii: "~")].contains { mark in
        MarkdownDocument.holdsThree(mark, in: bytes)
      }
    }
    guard hasFence else { return [] }
    var languages: Set<String> = []
    for part in order {
      guard case .blocks = part, let root = root(of: part) else { continue }
      for step in CmarkWalk(root, includingRoot: true)
      where step.isEntering && cmark_node_get_type(step.node) == CMARK_NODE_CODE_BLOCK {
        guard let info = cmark_node_get_fence_info(step.node) else { continue }
        let word = String(cString: info).split(whereSeparator: \.isWhitespace).first
        if let word { languages.insert(String(word)) }
      }
    }
    return languages
  }

  /// Whether `bytes` hold `mark` three times in a row, found with memchr.
  private static func holdsThree(_ mark: UInt8, in bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    var index = 0
    while index + 2 < bytes.count,
      let found = memchr(base + index, Int32(mark), bytes.count - index - 2)
    {
      index = base.distance(to: UnsafeRawPointer(found))
      if bytes[index + 1] == mark, bytes[index + 2] == mark { return true }
      index += 1
    }
    return false
  }
}
