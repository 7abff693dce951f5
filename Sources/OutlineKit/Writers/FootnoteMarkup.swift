#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What cmark-gfm writes for footnotes, found again in its HTML.
enum FootnoteMarkup {
  /// How cmark-gfm writes the id of a reference, in `<a href="#fn-1" id="fnref-1" …>`.
  static let referenceID: [UInt8] = Array(#" id="fnref-"#.utf8)
  /// How cmark-gfm writes a note's link back, in
  /// `<a href="#fnref-1" class="footnote-backref" …>↩…</a>`.
  private static let linkBack: [UInt8] = Array(##"<a href="#fnref-"##.utf8)

  /// Calls `found` with each attribute value that follows `prefix` in `html`, up to its
  /// closing quote, the `fnref-` included.
  static func values(
    after prefix: [UInt8], in html: UnsafeRawBufferPointer, _ found: (String) -> Void
  ) {
    var offset = 0
    while let start = find(prefix, in: html, from: offset) {
      let valueStart = start + prefix.count - 6  // `fnref-` is part of the id
      guard let quote = html[(start + prefix.count)...].firstIndex(of: UInt8(ascii: "\"")) else {
        return
      }
      found(String(decoding: html[valueStart..<quote], as: UTF8.self))
      offset = quote
    }
  }

  /// Writes the notes' `html` without the links back to references whose ids are not in
  /// `written`, and without the space before each.
  static func removingLinksBack(
    from html: UnsafeRawBufferPointer, notIn written: Set<String>, to target: inout String
  ) {
    var copied = 0
    var offset = 0
    while let start = find(linkBack, in: html, from: offset) {
      let idStart = start + linkBack.count - 6
      guard let quote = html[(start + linkBack.count)...].firstIndex(of: UInt8(ascii: "\"")),
        let end = find(Array("</a>".utf8), in: html, from: quote)
      else { break }
      let id = String(decoding: html[idStart..<quote], as: UTF8.self)
      offset = end + 4
      guard !written.contains(id) else { continue }
      let cut = start > copied && html[start - 1] == 0x20 ? start - 1 : start
      target += String(decoding: html[copied..<cut], as: UTF8.self)
      copied = end + 4
    }
    target += String(decoding: html[copied...], as: UTF8.self)
  }

  /// Where `pattern` first starts in `html` at or after `offset`.
  private static func find(_ pattern: [UInt8], in html: UnsafeRawBufferPointer, from offset: Int)
    -> Int?
  {
    guard let base = html.baseAddress, let first = pattern.first else { return nil }
    var from = offset
    while from + pattern.count <= html.count,
      let found = memchr(base + from, Int32(first), html.count - from - pattern.count + 1)
    {
      let start = base.distance(to: UnsafeRawPointer(found))
      let matches = pattern.withUnsafeBytes { needle in
        needle.baseAddress.map { memcmp(base + start, $0, pattern.count) == 0 } ?? false
      }
      if matches { return start }
      from = start + 1
    }
    return nil
  }
}
