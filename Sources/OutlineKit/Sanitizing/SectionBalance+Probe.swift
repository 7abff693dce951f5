import CGumbo

// One parse of the probe document, and what it says: which guesses held, what to mend
// next, the token the section leaves unfinished.

extension SectionBalance {
  /// What one parse of the probe document says.
  struct Finding {
    /// How many of the guessed strays and closers held.
    var strays = 0
    var closers = 0
    /// What to mend next, when every guess held; nil when it cannot tell.
    var mend: NextRepair?
    /// The token the section's HTML leaves unfinished, when the parse was asked for it.
    var token: UnfinishedToken?
  }

  /// A probe document's layout: where the section's content is, and where its guesses.
  struct Probe {
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
}
