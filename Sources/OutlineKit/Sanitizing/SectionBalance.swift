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
  /// The elements GitHub writes as text (its `tagfilter`): a tokenizer would read what
  /// follows them as raw text.
  static let filteredTags: [[UInt8]] = [
    "title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext",
  ].map { Array($0.utf8) }

  private static let wrapperID = "collapse-probe-wrapper"
  private static let childID = "collapse-probe-child"
  private static let afterID = "collapse-probe-after"

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

  /// `html` with each `<noscript` and `</noscript` written as a `noembed` tag of the same
  /// length, so that gumbo, which parses as with scripts off, reads what follows it as
  /// raw text, as a browser with scripts on does with a `noscript`. GitHub filters every
  /// `noembed` of the section's own, so that a `</noembed>` found closes a `noscript`.
  static func scriptingOn(_ html: [UInt8]) -> [UInt8] {
    var output = html
    let name = Array("noscript".utf8)
    for index in html.indices where html[index] == UInt8(ascii: "<") {
      let start =
        index + 1 < html.count && html[index + 1] == UInt8(ascii: "/") ? index + 2 : index + 1
      guard ParsedTags.spellsTag(name, at: start, in: html) else { continue }
      output.replaceSubrange(start..<(start + name.count), with: Array("noembed ".utf8))
    }
    return output
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
  private static let markPrefix = "collapse-probe-mark-"

  private enum NextRepair {
    /// The wrapper was closed by the end tag at this offset of the probe document; the
    /// `</details>` end tags at `after`, later in the section, closed nothing.
    case straysAt(Int, after: Set<Int>)
    /// This line, written before the others, closes what was left open; `guesses` are
    /// those that would follow, as far as the parse shows them.
    case close(String, guesses: [String])
    /// These lines, in order, close the elements open where the section ends.
    case closeAll([String])
    case done
  }

  /// What one parse of the probe document says.
  private struct Finding {
    /// How many of the guessed strays and closers held.
    var strays = 0
    var closers = 0
    /// What to mend next, when every guess held; nil when it cannot tell.
    var mend: NextRepair?
    /// The token the section's HTML leaves unfinished, when the parse was asked for it.
    var token: UnfinishedToken?
  }

  /// A probe document's layout: where the section's content is, and where its guesses.
  private struct Probe {
    let content: Range<Int>
    /// Where the closers found so far end.
    let closersEnd: Int
    /// Whether to read which token the content leaves unfinished.
    let readsToken: Bool
    /// Where the guessed strays are, written as text.
    let strayGuesses: [Int]
    /// The guessed closers, each after a comment that marks where it is.
    let closerGuesses: [String]

    func read(
      _ nodes: [UnsafeMutablePointer<GumboNode>], base: UnsafeRawPointer,
      bytes: UnsafeRawBufferPointer
    ) -> Finding {
      var result = Finding()
      var marks: [Int: UnsafeMutablePointer<GumboNode>] = [:]
      var texts: [(span: Range<Int>, node: UnsafeMutablePointer<GumboNode>)] = []
      var wrapper: UnsafeMutablePointer<GumboNode>?
      // Whether the parser put any element elsewhere than into the one open before it.
      var anyMoved = false
      var stack = Array(nodes.reversed())
      while let node = stack.popLast() {
        if node.isElement {
          if node.pointee.parse_flags.rawValue & SectionBalance.moved != 0 { anyMoved = true }
          // A node put in front of a table started after the table.
          var last = -1
          for child in node.children where child.isElement {
            guard let start = SectionBalance.start(child.pointee.v.element.original_tag, base: base)
            else { continue }
            if start < last { anyMoved = true }
            last = start
          }
          if wrapper == nil, node.attributes.contains(where: { $0 == ("id", wrapperID) }) {
            wrapper = node
          }
          stack += node.children.reversed()
        } else if node.pointee.type == GUMBO_NODE_COMMENT, case let text = node.text,
          text.hasPrefix(markPrefix), let index = Int(text.dropFirst(markPrefix.count))
        {
          marks[index] = node
        } else if node.pointee.type == GUMBO_NODE_TEXT,
          let start = SectionBalance.start(node.originalText, base: base)
        {
          texts.append((start..<(start + node.originalText.length), node))
        }
      }
      guard let wrapper else { return result }
      if readsToken {
        result.token = unfinishedToken(nodes, base: base, bytes: bytes)
        if result.token != nil { return result }
      }
      texts.sort { $0.span.lowerBound < $1.span.lowerBound }
      let wrapperEnd = SectionBalance.start(wrapper.pointee.v.element.original_end_tag, base: base)
      var clear: Set<UnsafeMutablePointer<GumboNode>> = []
      // The guesses are in order, and so are the texts by where they start.
      var run = 0
      for guess in strayGuesses {
        if let wrapperEnd, wrapperEnd < guess { break }
        while run < texts.count, texts[run].span.upperBound <= guess { run += 1 }
        guard run < texts.count, texts[run].span.contains(guess),
          run + 1 == texts.count || !texts[run + 1].span.contains(guess),
          closesWrapper(texts[run].node, at: guess, wrapper, base: base, clear: &clear)
        else { break }
        result.strays += 1
      }
      guard result.strays == strayGuesses.count else { return result }
      // A guess holds where what the child would go into is an element like any other,
      // open where it stands in the tree, whose closer is the one guessed.
      var known: Surroundings = [:]
      for (index, closer) in closerGuesses.enumerated() {
        guard let mark = marks[index], let holder = mark.pointee.parent, holder != wrapper,
          holder.isElement, SectionBalance.closer(for: holder, in: wrapper) == closer,
          SectionBalance.takesDetailsLikeOthers(holder, in: wrapper, base: base, known: &known)
        else { break }
        result.closers += 1
      }
      guard result.closers == closerGuesses.count else { return result }
      result.mend = SectionBalance.finding(
        nodes, base: base, content: content, closersEnd: closersEnd)
      // Where the parser moved elements, what holds a text need not be what was open
      // when it came: the strays are then found one by one.
      if case .straysAt(let offset, _) = result.mend, !anyMoved {
        let after = ParsedTags(nodes, base: base).strayEndTags(in: bytes).filter {
          $0.name == "details" && $0.offset > offset && content.contains($0.offset)
        }
        result.mend = .straysAt(offset, after: Set(after.map(\.offset)))
      }
      return result
    }

    /// The token the content leaves unfinished. The parse says which of its start tags
    /// opened raw text and which `<![CDATA[` a CDATA section: the tree up to the end of
    /// the content is the same whatever follows it.
    private func unfinishedToken(
      _ nodes: [UnsafeMutablePointer<GumboNode>], base: UnsafeRawPointer,
      bytes: UnsafeRawBufferPointer
    ) -> UnfinishedToken? {
      var rawText: [Int: UnfinishedToken.RawText] = [:]
      var cdata: [Range<Int>] = []
      var stack = Array(nodes.reversed())
      while let node = stack.popLast() {
        if node.isElement {
          if node.element?.tag_namespace == GUMBO_NAMESPACE_HTML,
            ParsedTags.rawText.contains(node.tagName),
            let start = SectionBalance.start(node.pointee.v.element.original_tag, base: base)
          {
            // Each noembed here is a noscript (see `scriptingOn`).
            rawText[start] = node.tagName == "noembed" ? .withScripts : .always
          }
          stack += node.children.reversed()
        } else if node.pointee.type == GUMBO_NODE_CDATA,
          let start = SectionBalance.start(node.originalText, base: base)
        {
          cdata.append(start..<(start + node.originalText.length))
        }
      }
      // gumbo writes a CDATA section's text, with the text before it, in one node.
      return UnfinishedToken.at(
        endOf: content, in: bytes, opensRawText: { rawText[$0] },
        opensCDATA: { open in cdata.contains { $0.contains(open) } })
    }

    /// Whether an end tag `</details>` where `text` holds the one written as text at
    /// `offset` would have closed `wrapper`: no element between them is a `details` or
    /// bounds the scope an end tag looks in, or was put where it is other than as the
    /// child of the element open before it. `clear` holds the elements found to be none
    /// of these so far, so that each is looked at once.
    private func closesWrapper(
      _ text: UnsafeMutablePointer<GumboNode>, at offset: Int,
      _ wrapper: UnsafeMutablePointer<GumboNode>, base: UnsafeRawPointer,
      clear: inout Set<UnsafeMutablePointer<GumboNode>>
    ) -> Bool {
      guard text.pointee.parse_flags.rawValue & SectionBalance.moved == 0,
        !SectionBalance.isMoved(text, from: offset, base: base), let parent = text.pointee.parent,
        !ParsedTags.rawText.contains(parent.tagName)
      else { return false }
      var node = parent
      var passed: [UnsafeMutablePointer<GumboNode>] = []
      while node != wrapper, !clear.contains(node) {
        guard node.isElement, !SectionBalance.isMoved(node, base: base),
          !SectionBalance.boundsEndTags(node), let above = node.pointee.parent
        else { return false }
        passed.append(node)
        node = above
      }
      clear.formUnion(passed)
      return true
    }
  }

  /// The parse flags of a node gumbo may have put elsewhere than in the element open
  /// before it. A formatting element reopened is one: its copy may stand in front of a
  /// table it is inside of, and its start tag is the first one's.
  private static let moved =
    GUMBO_INSERTION_FOSTER_PARENTED.rawValue | GUMBO_INSERTION_ADOPTION_AGENCY_MOVED.rawValue
    | GUMBO_INSERTION_ADOPTION_AGENCY_CLONED.rawValue
    | GUMBO_INSERTION_RECONSTRUCTED_FORMATTING_ELEMENT.rawValue

  /// Whether `node` stops a `</details>` end tag inside it from closing a `details` around
  /// it: a `details` of its own, an element that bounds the scope an end tag looks in, a
  /// `select` (which ignores it).
  private static func boundsEndTags(_ node: UnsafeMutablePointer<GumboNode>) -> Bool {
    let html = node.element?.tag_namespace == GUMBO_NAMESPACE_HTML
    return boundsScope(node) || (html ? ["details", "select"] : ["details"]).contains(node.tagName)
  }

  /// Whether `node` bounds the scope in which the parser looks for an element to close.
  private static func boundsScope(_ node: UnsafeMutablePointer<GumboNode>) -> Bool {
    let name = node.tagName
    guard let element = node.element else { return false }
    switch element.tag_namespace {
    case GUMBO_NAMESPACE_HTML:
      return ["applet", "caption", "html", "table", "td", "th", "marquee", "object", "template"]
        .contains(name)
    case GUMBO_NAMESPACE_MATHML:
      return ["mi", "mo", "mn", "ms", "mtext", "annotation-xml"].contains(name)
    default:
      return ["foreignobject", "desc", "title"].contains(name.lowercased())
    }
  }

  /// Where a piece of the probe document starts; nil for one not written in it.
  private static func start(_ piece: GumboStringPiece, base: UnsafeRawPointer) -> Int? {
    guard let data = piece.data, piece.length > 0 else { return nil }
    return base.distance(to: UnsafeRawPointer(data))
  }

  /// What the parse of the probe document says to mend first; nil when it cannot tell.
  private static func finding(
    _ nodes: [UnsafeMutablePointer<GumboNode>], base: UnsafeRawPointer, content: Range<Int>,
    closersEnd: Int
  ) -> NextRepair? {
    var byID: [String: UnsafeMutablePointer<GumboNode>] = [:]
    var byTag: [UnsafeMutablePointer<GumboNode>] = []
    var last: UnsafeMutablePointer<GumboNode>?
    var stack = Array(nodes.reversed())
    while let node = stack.popLast() {
      last = node
      guard node.isElement else { continue }
      byTag.append(node)
      if let id = node.attributes.first(where: { $0.name == "id" })?.value { byID[id] = node }
      stack += node.children.reversed()
    }
    guard let wrapper = byID[wrapperID], let root = nodes.first?.pointee.parent else { return nil }
    // The wrapper ended early, at an end tag of the section's.
    let end = wrapper.pointee.v.element.original_end_tag
    if let data = end.data, end.length > 0 {
      let offset = base.distance(to: UnsafeRawPointer(data))
      if content.contains(offset) { return .straysAt(offset, after: []) }
    }
    guard let child = byID[childID] else {
      // Swallowed: by a comment left open, or by an element read as raw text.
      guard let last else { return nil }
      if last.pointee.type == GUMBO_NODE_COMMENT { return .close("<!-- -->", guesses: []) }
      // A start tag without its `>` takes the probe in as its attributes; nothing written
      // after the section can end it: leave it as written.
      let tagsRunOn = byTag.contains { tag in
        let piece = tag.pointee.v.element.original_tag
        guard let data = piece.data, piece.length > 0 else { return false }
        return base.distance(to: UnsafeRawPointer(data)) + piece.length > content.upperBound
          && base.distance(to: UnsafeRawPointer(data)) < content.upperBound
      }
      guard !tagsRunOn else { return nil }
      // Raw text: the element the parser stands in, which need not hold what came last
      // (a table stands after what is put in front of it).
      if let current = openElements(in: wrapper, at: closersEnd).first,
        current.element?.tag_namespace == GUMBO_NAMESPACE_HTML,
        ParsedTags.rawText.contains(current.tagName)
      {
        return .close("</\(current.tagName)>", guesses: [])
      }
      // Else the element that holds what came last: raw text, a select, an object.
      if let parent = last.pointee.parent, parent != root, parent.isElement {
        return .close("</\(parent.tagName)>", guesses: [])
      }
      return nil
    }
    // Put in front of a table left open (a parser moves what a table cannot hold in front
    // of it): close the table.
    if let parent = child.pointee.parent,
      parent.children.drop(while: { $0 != child }).contains(where: {
        $0.isElement && $0.tagName == "table" && $0.pointee.v.element.original_end_tag.length == 0
      })
    {
      return .close("</table>", guesses: [])
    }
    // The child's wrapper inside an element the section left open. Where foreign content
    // is open, what closes it depends on where the parser stands, and not on where the
    // child went: close every element open, innermost first.
    if let parent = child.pointee.parent, parent != wrapper {
      let stack = openElements(in: wrapper, at: closersEnd)
      if stack.contains(where: { $0.element?.tag_namespace != GUMBO_NAMESPACE_HTML }) {
        return .closeAll(stack.prefix(maximumClosers).map { "</\($0.tagName)>" })
      }
      var open = parent
      while let above = open.pointee.parent, above != wrapper, above.isElement,
        above.element?.tag_namespace != GUMBO_NAMESPACE_HTML
      {
        open = above
      }
      return .close("</\(open.tagName)>", guesses: guesses(after: open, in: wrapper, base: base))
    }
    // What the parser put after the child (a table left open takes it in front of it).
    if let after = wrapper.children.last(where: { $0.isElement }), after != child {
      return .close("</\(after.tagName)>", guesses: [])
    }
    // After the wrapper's end, the probe stands beside it; inside it, a details the
    // section left open took that end.
    guard let probe = byID[afterID] else { return nil }
    return probe.pointee.parent == root ? .done : .close("</details>", guesses: [])
  }

  /// The elements of `wrapper` open at `offset` of the probe document, innermost first:
  /// the parser's stack of open elements there. They are those it opened before and
  /// closed after, each closed element's end being where the token that closed it is;
  /// the later one was opened, the nearer the top it is, and of those one token opened,
  /// the one inside.
  private static func openElements(
    in wrapper: UnsafeMutablePointer<GumboNode>, at offset: Int
  ) -> [UnsafeMutablePointer<GumboNode>] {
    var open: [(start: Int, order: Int, node: UnsafeMutablePointer<GumboNode>)] = []
    var stack = Array(wrapper.children.reversed())
    while let node = stack.popLast() {
      guard node.isElement else { continue }
      let element = node.pointee.v.element
      let start = Int(element.start_pos.offset)
      if start < offset, Int(element.end_pos.offset) >= offset {
        open.append((start, open.count, node))
      }
      stack += node.children.reversed()
    }
    return open.sorted { ($0.start, $0.order) > ($1.start, $1.order) }.map(\.node)
  }

  /// The closers that would follow the one that closes `closed`, the child having been
  /// in it: those of the elements that hold it, from the inside out, as far as the child
  /// would go into each in turn as into any element. The next parse checks them.
  private static func guesses(
    after closed: UnsafeMutablePointer<GumboNode>, in wrapper: UnsafeMutablePointer<GumboNode>,
    base: UnsafeRawPointer
  ) -> [String] {
    var guesses: [String] = []
    var closed = closed
    var known: Surroundings = [:]
    while guesses.count < maximumClosers, let next = closed.pointee.parent, next != wrapper,
      next.isElement, takesDetailsLikeOthers(next, in: wrapper, base: base, known: &known)
    {
      guesses.append(closer(for: next, in: wrapper))
      closed = outermostForeign(next, in: wrapper)
    }
    return guesses
  }

  /// The closer of `holder`, the child having gone into it: its end tag, or that of the
  /// outermost of the foreign elements around it.
  static func closer(
    for holder: UnsafeMutablePointer<GumboNode>, in wrapper: UnsafeMutablePointer<GumboNode>
  ) -> String {
    "</\(outermostForeign(holder, in: wrapper).tagName)>"
  }

  /// `node`, or when it is foreign content, the outermost foreign element around it.
  private static func outermostForeign(
    _ node: UnsafeMutablePointer<GumboNode>, in wrapper: UnsafeMutablePointer<GumboNode>
  ) -> UnsafeMutablePointer<GumboNode> {
    var open = node
    guard node.element?.tag_namespace != GUMBO_NAMESPACE_HTML else { return node }
    while let above = open.pointee.parent, above != wrapper, above.isElement,
      above.element?.tag_namespace != GUMBO_NAMESPACE_HTML
    {
      open = above
    }
    return open
  }

  /// What `takesDetailsLikeOthers` found of an element and those around it: whether
  /// they are all where the parser put them as it read them and none is a select or a
  /// template, and whether it or one around it is a `p` in button scope.
  typealias Surroundings = [UnsafeMutablePointer<GumboNode>: (plain: Bool, inP: Bool)]

  /// Whether a `<details>` start tag, with `holder` the element last open, would go into
  /// it as into any element: `holder` is not one of `unlikeOthers`, no `p` it is in
  /// would be closed first, and neither it nor what holds it is where the parser moved
  /// it, or in a select or a template. `known` keeps what was found of each element, so
  /// that each is looked at once.
  static func takesDetailsLikeOthers(
    _ holder: UnsafeMutablePointer<GumboNode>, in wrapper: UnsafeMutablePointer<GumboNode>,
    base: UnsafeRawPointer, known: inout Surroundings
  ) -> Bool {
    if holder.element?.tag_namespace == GUMBO_NAMESPACE_HTML,
      unlikeOthers.contains(holder.tagName)
    {
      return false
    }
    var path: [UnsafeMutablePointer<GumboNode>] = []
    var node = holder
    var above = (plain: true, inP: false)
    while node != wrapper {
      if let found = known[node] {
        above = found
        break
      }
      path.append(node)
      guard node.isElement, let parent = node.pointee.parent else {
        above = (false, false)
        break
      }
      node = parent
    }
    for node in path.reversed() {
      let html = node.element?.tag_namespace == GUMBO_NAMESPACE_HTML
      let name = node.tagName
      let plain =
        above.plain && node.isElement && !isMoved(node, base: base)
        && !(html && (name == "select" || name == "template"))
      // A `p` is in button scope unless a button or a scope's bound is in between.
      let bounds = boundsScope(node) || (html && name == "button")
      let inP = (html && name == "p") || (!bounds && above.inP)
      above = (plain, inP)
      known[node] = above
    }
    return above.plain && !above.inP
  }

  /// Whether gumbo put `node` elsewhere than into the element open before it: in front
  /// of a table (after which it then stands, though it started later), or by the steps
  /// that mend misnested formatting. `from` is where it starts, for a text.
  private static func isMoved(
    _ node: UnsafeMutablePointer<GumboNode>, from: Int? = nil, base: UnsafeRawPointer
  ) -> Bool {
    if node.pointee.parse_flags.rawValue & moved != 0 { return true }
    guard let parent = node.pointee.parent,
      let own = from ?? node.element.flatMap({ start($0.original_tag, base: base) })
    else { return false }
    return parent.children.drop { $0 != node }.dropFirst().contains {
      ($0.element.flatMap { start($0.original_tag, base: base) } ?? .max) < own
    }
  }

  /// The HTML elements a `<details>` start tag does not simply go into, as the last one
  /// open: a parser moves it in front of a table, a select ignores it, it closes a `p`;
  /// and those a parser closes by other means than their end tag.
  private static let unlikeOthers: Set<String> = ParsedTags.rawText.union([
    "table", "tbody", "thead", "tfoot", "tr", "td", "th", "caption", "colgroup", "select",
    "template", "p", "form", "html", "head", "body", "frameset",
  ])

  /// `html` with the `<` of each tag GitHub filters written as `&lt;`, as GitHub writes it.
  static func tagFiltered(_ html: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(html.count)
    var index = 0
    while index < html.count {
      let byte = html[index]
      if byte == UInt8(ascii: "<"), isFiltered(html, at: index) {
        output += Array("&lt;".utf8)
      } else {
        output.append(byte)
      }
      index += 1
    }
    return output
  }

  private static func isFiltered(_ html: [UInt8], at index: Int) -> Bool {
    let start =
      index + 1 < html.count && html[index + 1] == UInt8(ascii: "/") ? index + 2 : index + 1
    return filteredTags.contains { ParsedTags.spellsTag($0, at: start, in: html) }
  }

  /// Where each `</details` that reads as an end tag starts in `bytes`: the name, any
  /// case, followed by white space, `/`, `>` or the end.
  static func detailsEndTags(in bytes: [UInt8]) -> [Int] {
    bytes.indices.filter { ParsedTags.spellsTag(detailsEndTag, at: $0, in: bytes) }
  }

  /// How a `</details>` end tag starts.
  static let detailsEndTag = Array("</details".utf8)

}
