#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the sections whose own content (not their subsections') holds a TEXT, or that a
/// `/REGEX/` (`/REGEX/i` ignores case) matches: for Markdown, the text a reader sees,
/// cmark-gfm's text and code literals without markup or raw HTML, each block on a line of
/// its own; for JSON, its members' `key: value` lines, as the text tree shows them. A TEXT
/// is matched as written, case and all, like `grep -F`; in a `/REGEX/`, `^` and `$` match
/// at each line's start and end.
///
/// Content that nothing matches is no error: a report with no failure has none to open.
struct ContentMatcher {
  let outline: Outline
  /// The time `/REGEX/`s may take, shared with the command's other patterns.
  let patterns: PatternBudget
  /// Each section's own content as text, by index, made when first needed.
  private var texts: [[UInt8]]? = nil

  init(outline: Outline, patterns: PatternBudget) {
    self.outline = outline
    self.patterns = patterns
  }

  /// The indexes of the sections `pattern` matches, in document order.
  mutating func sections(matching pattern: String) throws(SelectionError) -> [Int] {
    guard !pattern.isEmpty else { return [] }
    if let regex = NameMatcher.pattern(in: pattern) {
      let strings = contentTexts().map { String(decoding: $0, as: UTF8.self) }
      return try PatternSearch.indices(
        of: strings, matching: regex, name: pattern, patterns: patterns, byLine: true
      ).sorted()
    }
    // A TEXT is looked for in each section's text as it is made, in one buffer: only a
    // `/REGEX/` needs them all at once, as strings for another thread.
    let wanted = Array(pattern.utf8)
    if let texts { return texts.indices.filter { ContentMatcher.holds(texts[$0], wanted) } }
    var text = ByteBuffer()
    return outline.sections.indices.filter { index in
      text.bytes.removeAll(keepingCapacity: true)
      ContentMatcher.write(outline.sections[index], to: &text)
      return ContentMatcher.holds(text.bytes, wanted)
    }
  }

  /// The sections' texts, made once.
  private mutating func contentTexts() -> [[UInt8]] {
    if let texts { return texts }
    let made = outline.sections.map { section in
      var text = ByteBuffer()
      ContentMatcher.write(section, to: &text)
      return text.bytes
    }
    texts = made
    return made
  }

  /// Writes the text of a section's own content: a line for each block of Markdown, and
  /// for each member of JSON, straight from where the outline keeps it.
  private static func write(_ section: Section, to text: inout ByteBuffer) {
    for content in section.content {
      switch content.body {
      case .markdown(let blocks):
        blocks.document.writePlainText(blocks.node, to: &text)
        text.write("\n")
      case .members(let members):
        for position in members.indices {
          members.writeLine(position, to: &text)
          text.write("\n")
        }
      }
    }
  }

  /// Whether `text` holds `wanted`: each place memchr finds its first byte at, compared
  /// with memcmp.
  static func holds(_ text: [UInt8], _ wanted: [UInt8]) -> Bool {
    guard let first = wanted.first, wanted.count <= text.count else { return wanted.isEmpty }
    return text.withUnsafeBytes { text in
      wanted.withUnsafeBytes { wanted in
        guard let base = text.baseAddress, let needle = wanted.baseAddress else { return false }
        let last = text.count - wanted.count
        var index = 0
        while index <= last,
          let found = memchr(base + index, Int32(first), last - index + 1)
        {
          index = base.distance(to: UnsafeRawPointer(found))
          if memcmp(base + index, needle, wanted.count) == 0 { return true }
          index += 1
        }
        return false
      }
    }
  }
}
