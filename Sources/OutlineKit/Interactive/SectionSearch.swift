/// Finds what holds a search, as a page's search does: a title or the text of a
/// section's own content (the document's own content is place -1) holds it when, both
/// in lower case and with each run of white space one space, the search is part of it.
struct SectionSearch {
  /// Where a place holds the search.
  enum Match: Equatable {
    case title, text
  }

  /// The folded text of each place looked at, made once.
  private var texts: [Int: [UInt8]] = [:]

  /// `text` as a search compares it: in lower case, each run of white space one space,
  /// none at either end.
  static func folded(_ text: String) -> String {
    foldWhiteSpace(text.lowercased())
  }

  /// Where place `place` of `outline` holds `needle`, a folded search: its title first.
  mutating func match(_ needle: [UInt8], at place: Int, of outline: Outline) -> Match? {
    if place >= 0,
      SectionSearch.contains(
        Array(SectionSearch.folded(outline.sections[place].title).utf8), needle)
    {
      return .title
    }
    if texts[place] == nil {
      var text = ByteBuffer()
      for content in place < 0 ? outline.content : outline.sections[place].content {
        content.writeSearchText(to: &text)
      }
      texts[place] = Array(SectionSearch.folded(String(decoding: text.bytes, as: UTF8.self)).utf8)
    }
    return SectionSearch.contains(texts[place] ?? [], needle) ? .text : nil
  }

  /// Where `needle` first starts in `text`, bytes compared; nil when it is not there.
  static func firstOffset(of needle: [UInt8], in text: [UInt8]) -> Int? {
    guard let first = needle.first else { return 0 }
    guard text.count >= needle.count else { return nil }
    var start = 0
    while let found = text[start...(text.count - needle.count)].firstIndex(of: first) {
      if text[found..<(found + needle.count)].elementsEqual(needle) { return found }
      start = found + 1
      if start > text.count - needle.count { return nil }
    }
    return nil
  }

  static func contains(_ text: [UInt8], _ needle: [UInt8]) -> Bool {
    ContentMatcher.holds(text, needle)
  }
}
