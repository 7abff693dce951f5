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

  init(outline: Outline, patterns: PatternBudget) {
    self.outline = outline
    self.patterns = patterns
  }

  /// The indexes of the sections `pattern` matches, in document order.
  func sections(matching pattern: String) throws(SelectionError) -> [Int] {
    guard !pattern.isEmpty else { return [] }
    guard let regex = NameMatcher.pattern(in: pattern) else {
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
    // Only the sections that hold what every match holds are given to the pattern. The
    // texts are made on the pattern's own thread, one at a time in one buffer, as they
    // are matched.
    let literal = regex.ignoresCase ? nil : ContentMatcher.requiredLiteral(of: regex.source)
    let shared = SharedOutline(outline: outline)
    return try PatternSearch.run(regex, name: pattern, patterns: patterns, byLine: true) {
      matcher in
      var text = ByteBuffer()
      var matched: [Int] = []
      for index in shared.outline.sections.indices {
        text.bytes.removeAll(keepingCapacity: true)
        ContentMatcher.write(shared.outline.sections[index], to: &text)
        if let literal, !ContentMatcher.holds(text.bytes, literal) { continue }
        if try text.bytes.withSubjectBytes({ try matcher.matches($0) }) { matched.append(index) }
      }
      return matched
    }
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
      case .source(let source):
        for line in source.lines {
          source.write(line, to: &text)
          text.write("\n")
        }
      }
    }
  }

  /// The longest run of ASCII characters, two or more, that a `/REGEX/` matches only
  /// where the text holds it, as ripgrep looks for a pattern's literal first; nil when
  /// none is sure. It is read with care to say nil when in doubt: only a run outside
  /// groups and classes counts, a character a quantifier may leave out (`*`, `?`, `{`)
  /// is not in it, and a pattern with `|` outside a group, inline options (`(?i)`) or
  /// quoting (`\Q`) has none. ASCII only, to be sure of what each byte is.
  static func requiredLiteral(of source: String) -> [UInt8]? {
    guard !source.contains("(?"), !source.contains("\\Q") else { return nil }
    let characters = Array(source.unicodeScalars)
    var best: [UInt8] = []
    var run: [UInt8] = []
    var depth = 0
    var position = 0
    func endRun() {
      if run.count > best.count { best = run }
      run = []
    }
    while position < characters.count {
      let character = characters[position]
      position += 1
      switch character {
      case "\\":
        guard position < characters.count else { return nil }
        let escaped = characters[position]
        position += 1
        // `\.` is a dot; `\s`, `\d`, `\b` and the others are classes or anchors. Escapes
        // that take more after them (`\x41`, `\u{…}`, `\p{L}`, `\k<name>`, `\1`) end it all.
        if "xuUNpPkgco0123456789".unicodeScalars.contains(escaped) { return nil }
        if depth == 0, escaped.isASCII, !escaped.properties.isAlphabetic {
          run.append(UInt8(escaped.value))
        } else {
          endRun()
        }
      case "[":
        endRun()
        // To the `]` that closes the class; a `]` first in it is one of its members.
        if position < characters.count, characters[position] == "^" { position += 1 }
        if position < characters.count, characters[position] == "]" { position += 1 }
        while position < characters.count, characters[position] != "]" {
          if characters[position] == "\\" { position += 1 }
          position += 1
        }
        guard position < characters.count else { return nil }
        position += 1
      case "(":
        endRun()
        depth += 1
      case ")":
        endRun()
        depth = max(0, depth - 1)
      case "|":
        if depth == 0 { return nil }
      case "*", "?", "{":
        // The character before may be left out, or repeated apart from what follows.
        if !run.isEmpty { run.removeLast() }
        endRun()
        // A count in braces, `{2,3}`, is no text.
        if character == "{" {
          while position < characters.count, characters[position] != "}" { position += 1 }
          guard position < characters.count else { return nil }
          position += 1
        }
      case "+":
        endRun()
      case ".", "^", "$":
        endRun()
      default:
        if depth == 0, character.isASCII {
          run.append(UInt8(character.value))
        } else {
          endRun()
        }
      }
    }
    endRun()
    return best.count >= 2 ? best : nil
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

/// An outline read by the thread a pattern runs on, while the command's thread waits.
/// Nothing changes it meanwhile: a command given up on ends without writing it.
private struct SharedOutline: @unchecked Sendable {
  let outline: Outline
}
