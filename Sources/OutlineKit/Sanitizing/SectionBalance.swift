import CGumbo

/// What keeps a section's HTML inside the `<details>` that markdown output wraps it in, as
/// GitHub shows it: the `</details>` end tags to write as text, and the lines that close
/// what the section leaves open.
///
/// It is found by trying: the section's HTML is parsed, as a browser parses it, between
/// a wrapper and a probe: a child section's wrapper, the wrapper's end, and something
/// after it. Where the parse puts them says what is wrong: the wrapper closed early by
/// one of the section's end tags, the child inside an element the section left open, or
/// the probe swallowed by a comment or raw text. Each finding is mended and the parse
/// tried again, until the probe stands where it should. A token the section leaves
/// unfinished, such as a tag in a quoted value, is ended first (`UnfinishedToken`); open
/// foreign content is closed as the parser holds it, innermost first.
///
/// The findings come one at a time, but a parse is not made for each: what one parse
/// shows of the rest is guessed at once (every `</details>` after the first stray that
/// closed nothing, every element that holds the child), and the next parse checks each
/// guess, in order, against what trying them one by one would have found. A parse reads
/// its input as it comes, so the part of it before a guess is what the one-by-one parse
/// would have read.
enum SectionBalance {
  static let wrapperID = "collapse-probe-wrapper"
  static let childID = "collapse-probe-child"
  static let afterID = "collapse-probe-after"

  /// The most parses one section's repairs take; a section that needs more keeps what
  /// they found.
  static let maximumParses = 6
  /// The most closers written after a section.
  static let maximumClosers = 33

  /// What to change in a section's HTML.
  struct Repairs: Equatable {
    /// Which of its `</details>` end tags, counted in order from 0, to write as text.
    var strays: Set<Int> = []
    /// The lines to write after it, in order.
    var closers: [String] = []
    /// How many parses finding them took.
    var parses = 0
  }

  /// The repairs for `html`, a section's HTML as cmark-gfm renders it with raw HTML kept.
  /// Throws when a parse fails.
  static func repairs(for html: [UInt8]) throws(GumboFragment.Failure) -> Repairs {
    var repairs = try probedRepairs(for: scriptingOn(tagFiltered(html)))
    repairs.closers = repairs.closers.map { $0 == "</noembed>" ? "</noscript>" : $0 }
    return repairs
  }

  /// The repairs for `filtered`, the section's HTML as GitHub and a browser read it.
  private static func probedRepairs(for filtered: [UInt8]) throws(GumboFragment.Failure)
    -> Repairs
  {
    let endTags = detailsEndTags(in: filtered)
    var repairs = Repairs()
    // The strays and closers found, then those guessed after them, in order.
    var strays: [Int] = []
    var strayGuesses: [Int] = []
    var closerGuesses: [String] = []
    // A whole page, as GitHub's is: a fragment's parser, as gumbo 0.10.1 has it, lets no
    // HTML element such as a `<table>` break out of an `<svg>` or a `<math>`.
    let prefix = Array(
      "<!DOCTYPE html><body><details id=\"\(wrapperID)\"><summary>s</summary>\n".utf8)
    while repairs.parses < maximumParses {
      let escaping = Set(strays + strayGuesses)
      var escaped: [UInt8] = []
      // Where each end tag is in the probe document, and which are written as text.
      var offsets: [Int] = []
      var copied = 0
      for (ordinal, offset) in endTags.enumerated() {
        offsets.append(prefix.count + escaped.count + offset - copied)
        guard escaping.contains(ordinal) else { continue }
        escaped += filtered[copied..<offset] + Array("&lt;".utf8)
        copied = offset + 1
      }
      escaped += filtered[copied...]
      let contentEnd = prefix.count + escaped.count
      // Before each guessed closer, a comment marks where what it should close is open.
      var tail = Array("\n".utf8)
      for closer in repairs.closers { tail += Array((closer + "\n").utf8) }
      let closersEnd = prefix.count + escaped.count + tail.count
      for (index, closer) in closerGuesses.enumerated() {
        tail += Array("<!--\(markPrefix)\(index)-->\(closer)\n".utf8)
      }
      tail += Array(
        "<details id=\"\(childID)\"><summary>c</summary></details>\n</details>\n<p id=\"\(afterID)\"></p>"
          .utf8)
      let document = prefix + escaped + tail
      repairs.parses += 1
      // What the first parse shows of a token left unfinished is ended before anything else.
      let probe = Probe(
        content: prefix.count..<contentEnd, closersEnd: closersEnd,
        readsToken: repairs.parses == 1 && repairs.closers.isEmpty,
        strayGuesses: strayGuesses.map { offsets[$0] },
        closerGuesses: closerGuesses)
      let result = try document.withUnsafeBytes { bytes -> Result<Finding, GumboFragment.Failure> in
        let fragment = GumboFragment(bytes, context: GUMBO_TAG_LAST)
        guard let page = fragment.nodes, let base = bytes.baseAddress,
          let nodes = page.first(where: { $0.isElement && $0.tagName == "body" })?.children
        else {
          return .failure(fragment.failure ?? .outOfMemory)
        }
        return .success(probe.read(nodes, base: base, bytes: bytes))
      }.get()
      // The guesses that held are found; from the first that did not, the parse read
      // what trying them one by one would not have.
      strays += strayGuesses.prefix(result.strays)
      repairs.closers += closerGuesses.prefix(result.closers)
      repairs.strays = Set(strays)
      if repairs.closers.count >= maximumClosers { break }
      let missed = result.strays < strayGuesses.count || result.closers < closerGuesses.count
      strayGuesses = []
      closerGuesses = []
      if missed { continue }
      if let token = result.token {
        repairs.closers.append(token.closer)
        continue
      }
      switch result.mend {
      case nil, .done:
        return repairs
      case .straysAt(let offset, let after):
        guard
          let ordinal = offsets.indices.first(where: {
            offsets[$0] == offset && !escaping.contains($0)
          })
        else { return repairs }
        strays.append(ordinal)
        repairs.strays.insert(ordinal)
        strayGuesses = offsets.indices.filter { after.contains(offsets[$0]) && $0 > ordinal }
      case .close(let closer, let guesses):
        // Found from the inside out: each closes what holds the one before.
        repairs.closers.append(closer)
        if repairs.closers.count >= maximumClosers { return repairs }
        closerGuesses = Array(guesses.prefix(maximumClosers - repairs.closers.count))
      case .closeAll(let closers):
        repairs.closers += closers.prefix(maximumClosers - repairs.closers.count)
      }
    }
    return repairs
  }

  /// How the comment that marks a guessed closer starts.
  static let markPrefix = "collapse-probe-mark-"

}
