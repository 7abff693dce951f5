/// Whether a document's root element, after an XML declaration, comments, processing
/// instructions and a document type, if any, is one of the names a report kind's tool
/// writes (JUnit's `<testsuites>`, TRX's `<TestRun>`), which is how the report kinds of XML
/// are told from other XML and from one another.
enum RootElementSniff {
  /// Claimed when the root element is one of `roots` (tags as written, with any prefix),
  /// declined when it is another or the text is not XML; undecided while the window ends
  /// before the root's name does.
  static func answer(_ content: ArraySlice<UInt8>, final: Bool, roots: [String]) -> SniffAnswer {
    var index = content.startIndex
    let end = content.endIndex
    func skipSpace() {
      while index < end, [0x20, 0x09, 0x0A, 0x0D].contains(content[index]) { index += 1 }
    }
    func starts(_ text: String) -> Bool? {
      let wanted = Array(text.utf8)
      let available = content[index...].prefix(wanted.count)
      guard available.elementsEqual(wanted.prefix(available.count)) else { return false }
      return available.count == wanted.count ? true : nil
    }
    /// Moves past `terminator`; false when the window ends first.
    func skip(past terminator: String) -> Bool {
      let wanted = Array(terminator.utf8)
      while index + wanted.count <= end {
        if content[index..<index + wanted.count].elementsEqual(wanted) {
          index += wanted.count
          return true
        }
        index += 1
      }
      return false
    }
    let undecided: SniffAnswer = final ? .declined : .undecided
    while true {
      skipSpace()
      guard index < end else { return undecided }
      guard content[index] == UInt8(ascii: "<") else { return .declined }
      switch (starts("<?"), starts("<!--"), starts("<!DOCTYPE")) {
      case (true?, _, _):
        guard skip(past: "?>") else { return undecided }
      case (_, true?, _):
        guard skip(past: "-->") else { return undecided }
      case (_, _, true?):
        guard skip(past: ">") else { return undecided }
      case (nil, _, _), (_, nil, _), (_, _, nil):
        return undecided
      default:
        for root in roots {
          guard let found = starts("<" + root) else { return undecided }
          guard found else { continue }
          let after = index + root.utf8.count + 1
          guard after < end else { return undecided }
          if [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(content[after])
          {
            return .claimed
          }
        }
        return .declined
      }
    }
  }
}
