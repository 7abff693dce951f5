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
  /// The bytes of section texts copied for a `/REGEX/` before they are handed to its thread.
  var batchBytes = TextBatch.bytesHeld

  init(outline: Outline, patterns: PatternBudget) {
    self.outline = outline
    self.patterns = patterns
  }

  /// The indexes of the sections `pattern` matches, in document order.
  func sections(matching pattern: String) throws(SelectionError) -> [Int] {
    guard !pattern.isEmpty else { return [] }
    guard let regex = PatternSearch.pattern(in: pattern) else {
      // A TEXT is matched as written, by memchr and memcmp, in each section's text as it
      // is made in one buffer.
      let wanted = Array(pattern.utf8)
      var text = ByteBuffer()
      return outline.sections.indices.filter { index in
        text.bytes.removeAll(keepingCapacity: true)
        ContentMatcher.write(outline.sections[index], to: &text)
        return ContentMatcher.holds(text.bytes, wanted)
      }
    }
    // PCRE2 looks for what every match must hold (its first and last code units, the
    // bytes a match may start with) before it tries a place, so the pattern is given
    // every section: nothing is looked for first by a reading of the pattern's syntax
    // here, which could disagree with PCRE2's. The texts are copied here, a batch at a
    // time, and the pattern's thread reads only the copies: it may be left running after
    // the outline and its documents are gone.
    let sections = outline.sections
    var next = 0
    return try PatternSearch.positions(
      matching: regex, name: pattern, patterns: patterns, byLine: true
    ) {
      guard next < sections.count else { return nil }
      // At least one text, however small the batch.
      var batch = TextBatch(bytesHeld: batchBytes)
      repeat {
        batch.append { ContentMatcher.write(sections[next], to: &$0) }
        next += 1
      } while next < sections.count && !batch.isFull
      return batch
    }
  }

  /// Writes the text of a section's own content, as patterns are matched against it: a
  /// line for each block of Markdown, and for each member of JSON, straight from where
  /// the outline keeps it.
  static func write(_ section: Section, to text: inout ByteBuffer) {
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
      case .source(let source):
        for line in source.lines {
          source.write(line, to: &text)
          text.write("\n")
        }
      case .preformatted(let block):
        for line in block.lines {
          text.write(line)
          text.write("\n")
        }
      case .totals(let totals):
        // What a person reads, and the members conditions read.
        text.write(totals.header)
        text.write("\n")
        for position in totals.members.indices {
          totals.members.writeLine(position, to: &text)
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
