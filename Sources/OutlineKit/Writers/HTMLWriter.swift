/// Writes an outline as nested `<details>` elements: `open` on expanded sections, the
/// title in `<summary>`, Markdown content rendered by cmark.
public struct HTMLWriter {
  public typealias Options = DocumentWriterOptions

  public var options: Options

  public init(options: Options = Options()) {
    self.options = options
  }

  /// Writes the sections of `outline` as nested `<details>`, `open` where `selection`
  /// expands them.
  public func writeSections<Target: ByteOutputStream>(
    _ outline: Outline, selection: Selection, elision: Elision? = nil, to target: inout Target
  ) throws(Target.Failure) {
    try writeSections(outline, selection: selection, elision: elision, to: &target) { _ in }
  }

  func writeSections<Target: ByteOutputStream>(
    _ outline: Outline, selection: Selection, elision: Elision?, to target: inout Target,
    boundaries: (SectionBoundary) -> Void
  ) throws(Target.Failure) {
    // Notes are content, which titles only leave out.
    let notes = notedDocuments(of: outline)
    // Measured again, notes are counted with every link back: never less than they take.
    let cut = elision?.cutsSomething ?? false
    guard cut || outline.isExtract, !notes.isEmpty, !target.measuresFromMemory else {
      try writeWalk(
        outline, selection: selection, elision: elision, to: &target, boundaries: boundaries)
      writeNotes(notes, to: &target)
      try target.checkFailure()
      return
    }
    // A cut output loses some footnote references: the notes' links back to them go too.
    var collector = FootnoteReferences(base: target)
    defer { target = collector.base }
    try writeWalk(
      outline, selection: selection, elision: elision, to: &collector, boundaries: boundaries)
    // An extract that cites no note has none to show.
    if !(outline.isExtract && collector.ids.isEmpty) {
      writeNotes(notes, keeping: collector.ids, to: &collector.base)
    }
    try collector.checkFailure()
  }

  /// The documents whose notes the output shows: those that have any, unless titles
  /// only are shown.
  func notedDocuments(of outline: Outline) -> [MarkdownDocument] {
    options.titlesOnly ? [] : outline.documents.filter(\.hasNotes)
  }

  /// Footnotes come after the whole document, as GitHub writes them, so that a reference
  /// in any section, open or not, links to its note; `keeping` the references written, when
  /// not all were.
  func writeNotes<Target: ByteOutputStream>(
    _ documents: [MarkdownDocument], keeping written: Set<String>? = nil, to target: inout Target
  ) {
    for document in documents {
      MarkdownRenderer(options: options).writeNotes(of: document, keeping: written, to: &target)
    }
  }

  /// The walk of the sections, each as a `<details>`.
  private func writeWalk<Target: ByteOutputStream>(
    _ outline: Outline, selection: Selection, elision: Elision?, to target: inout Target,
    boundaries: (SectionBoundary) -> Void
  ) throws(Target.Failure) {
    try withoutActuallyEscaping(boundaries) { (boundaries) throws(Target.Failure) in
      var walk = HTMLWalk(
        writer: self, plan: SectionPlan(outline: outline, selection: selection, elision: elision),
        target: target, boundaries: boundaries)
      defer { target = walk.target }
      try outline.walk(&walk)
    }
  }

  /// Writes a marker of what a cut output leaves out: collapse's own words and numbers,
  /// after an empty anchor for each section in `targets` that a link leads to.
  fileprivate func writeMarker<Target: ByteOutputStream>(
    _ marker: String, targets: [Int]?, ids: [String], to target: inout Target
  ) {
    target.write("<p class=\"left-out\">")
    for index in targets ?? [] {
      target.write(HTML.valid("<a id=\"\(HTML.escaped(ids[index]))\"></a>"))
    }
    target.write("\(marker)</p>\n")
  }

  /// Says at the start of a cut output what was left out and how to see it all.
  func writeNotice<Target: ByteOutputStream>(_ elision: Elision?, to target: inout Target) {
    guard let elision, elision.cutsSomething else { return }
    target.write(
      "<p class=\"left-out\">\(HTML.escaped(elision.notice)) <code>\(HTML.valid(HTML.escaped(elision.fullCommand)))</code></p>\n"
    )
  }

  /// A section's title as its entry in the table of contents shows it: its code spans
  /// still code, the rest text.
  private func tableOfContentsEntry(_ section: Section) -> String {
    guard let heading = section.heading, !heading.isPlainText else {
      return HTML.escaped(section.shownTitle)
    }
    let runs = heading.document.titleRuns(heading.node)
    // Each run of white space one space, as in the title.
    let spaced = { (text: String) in
      var out = ""
      var inSpace = false
      for character in text {
        if character.isWhitespace {
          if !inSpace { out.append(" ") }
          inSpace = true
        } else {
          out.append(character)
          inSpace = false
        }
      }
      return out
    }
    let entry = runs.map { run in
      let text = HTML.escaped(spaced(run.text))
      return run.isCode ? "<code>\(text)</code>" : text
    }.joined()
    return HTML.valid(entry.trimmingWhiteSpace())
  }

  /// Writes a `<nav class="toc">` whose nested lists link to every section by its id;
  /// nothing when the outline has no sections.
  public func writeTableOfContents<Target: ByteOutputStream>(
    _ outline: Outline, elision: Elision? = nil, to target: inout Target
  ) {
    let entries = outline.tableOfContents(elision: elision, depth: options.tableOfContentsDepth)
    guard !entries.isEmpty else { return }
    // Titles with markup are read from their headings, which show emoji as the page does.
    for document in outline.documents { document.showEmoji() }
    let ids = outline.ids
    target.write("<nav class=\"toc\" aria-label=\"Contents\">\n")
    // A report's failed and errored tests come first, open, at any depth, however long the
    // contents are.
    let failures = outline.tableOfContents(elision: elision, depth: nil).filter { index in
      guard case .test(let outcome) = outline.sections[index].kind else { return false }
      return outcome.opens
    }
    if !failures.isEmpty {
      target.write("<details open><summary>Failed (\(failures.count))</summary>\n<ol>\n")
      for index in failures {
        let section = outline.sections[index]
        var link =
          "<li><a href=\"#\(HTML.escaped(ids[index]))\">\(tableOfContentsEntry(section))</a>"
        if case .test(let outcome) = section.kind { link += " " + HTMLWriter.mark(outcome) }
        target.write(HTML.valid(link))
        target.write("</li>\n")
      }
      target.write("</ol>\n</details>\n")
    }
    // A long table starts closed, so that the content is in sight.
    let open = entries.count <= Outline.longTableOfContents ? " open" : ""
    target.write("<details\(open)><summary>Contents</summary>\n<ol>\n")
    // Sections come in pre-order, so a section is either the first child of the one
    // before it (one level deeper) or follows a sibling of it or of an ancestor.
    var depth = 0
    var first = true
    for index in entries {
      let section = outline.sections[index]
      if !first {
        if section.depth > depth {
          target.write("\n<ol>\n")
        } else {
          target.write(String(repeating: "</li>\n</ol>\n", count: depth - section.depth))
          target.write("</li>\n")
        }
      }
      first = false
      depth = section.depth
      let link = "<li><a href=\"#\(HTML.escaped(ids[index]))\">\(tableOfContentsEntry(section))</a>"
      target.write(HTML.valid(link))
    }
    target.write(String(repeating: "</li>\n</ol>\n", count: depth))
    target.write("</li>\n</ol>\n</details>\n</nav>\n")
  }

  /// A space and the mark of how a test ended (`mark(_:)`), for a section of `kind`, when it
  /// is a test.
  static func mark(of kind: Section.Kind) -> String? {
    guard case .test(let outcome) = kind else { return nil }
    return " " + mark(outcome)
  }

  /// How a test ended, as a page marks it: a sign that only eyes need, then the word, in
  /// the outcome's colour (`page.css`).
  static func mark(_ outcome: TestOutcome) -> String {
    let sign: String
    switch outcome {
    case .passed: sign = "✓"
    case .failed, .error: sign = "✗"
    case .skipped: sign = "○"
    case .flaky: sign = "↻"
    }
    return "<span class=\"outcome \(outcome.rawValue)\"><span aria-hidden=\"true\">\(sign) </span>"
      + "\(outcome.rawValue)</span>"
  }

  /// Writes the start of the section at `index`: its `<details>`, `open` or not, and its
  /// summary, the title and what the section holds, with how many `matches` when given.
  func writeHead<Target: ByteOutputStream>(
    of index: Int, in outline: Outline, id: String, open: Bool, matches: Int? = nil,
    to target: inout Target
  ) {
    target.write("<details id=\"")
    target.write(HTML.escaped(id))
    target.write(open ? "\" open><summary" : "\"><summary")
    // A heading in an aligned division is aligned as the division's content is.
    if !options.unsafe, let heading = outline.sections[index].heading,
      let alignment = heading.document.alignment(of: heading.node)
    {
      target.write(" style=\"text-align: \(alignment)\"")
    }
    target.write(">")
    let options = options
    let headsPage = options.headsPage && outline.sections[index].depth == 0
    // A test says how it ended, open or closed, in words and colour; that is all its
    // summary would say closed, unless something in it matched.
    let mark = HTMLWriter.mark(of: outline.sections[index].kind)
    let saysHeld = outline.hidesSomething(index) && (mark == nil || (matches ?? 0) > 0)
    target.writePart(.title(index)) { target in
      if headsPage { target.write("<h1>") }
      // The section's fields are read in place: a copy of it would retain each of them. A
      // title of plain text is written escaped, not rendered by cmark-gfm
      // (`-DPLAIN_HEADINGS` renders every heading; bench/tricks.md says what this gains).
      #if PLAIN_HEADINGS
        if let heading = outline.sections[index].heading, let summary = heading.summaryHTML() {
          target.write(summary)
        } else if let heading = outline.sections[index].heading {
          heading.writeHTML(options: options, to: &target)
        } else {
          target.write(HTML.valid(HTML.escaped(outline.sections[index].title)))
        }
      #else
        if let heading = outline.sections[index].heading, !heading.isPlainText {
          // A title with links is text, its links beside it: a click on it toggles.
          if let summary = heading.summaryHTML() {
            target.write(summary)
          } else {
            heading.writeHTML(options: options, to: &target)
          }
        } else {
          target.write(HTML.valid(HTML.escaped(outline.sections[index].shownTitle)))
        }
      #endif

      if let mark { target.write(mark) }
      if saysHeld {
        // Only digits, words and punctuation of collapse's own: nothing to escape. With
        // titles only, what a section holds is said whether it is open or not.
        target.write(options.titlesOnly ? " <span class=\"held\">" : " <span class=\"hidden\">")
        outline.writeHiddenSummary(of: index, matches: matches, to: &target)
        target.write("</span>")
      }
      // A summary holds one heading and nothing beside it: the summary of what is held
      // goes inside.
      if headsPage { target.write("</h1>") }
    }
    target.write("</summary>\n")
  }

  func writeContent<Target: ByteOutputStream>(
    _ content: Content, to target: inout Target
  ) {
    switch content.body {
    case .markdown(let blocks):
      blocks.writeHTML(options: options, to: &target)
    case .members(let members):
      target.write("<ul class=\"members\">\n")
      let link = members.sourceLink(options.sourceLinks)
      for position in members.indices {
        let member = members[position]
        var item = "<li>"
        if let label = member.displayLabel {
          item += "<span class=\"key\">\(HTML.escaped(label))</span>: "
        }
        let value =
          "<code class=\"\(member.type.htmlClass)\">\(HTML.escaped(member.displayValue))</code>"
        if let link, link.position == position {
          // A test's file, linked to its line in the repository.
          item += "<a class=\"source\" href=\"\(HTML.escaped(link.url))\">\(value)</a></li>\n"
        } else {
          item += value + "</li>\n"
        }
        target.write(HTML.valid(item))
      }
      target.write("</ul>\n")
    case .source(let source):
      // YAML or XML as written, as cmark-gfm writes a fenced block of it.
      target.write("<pre lang=\"")
      target.write(source.document.language)
      target.write("\"><code>")
      for line in source.lines {
        target.write(HTML.valid(HTML.escaped(source.shownLine(line))))
        target.write("\n")
      }
      target.write("</code></pre>\n")
    case .preformatted(let block):
      // Its spacing and line ends kept, as the runner wrote them. A stack's long lines
      // scroll, on a phone most of all, which a keyboard can do once the block takes focus.
      target.write("<pre class=\"preformatted\" tabindex=\"0\"><code>")
      for number in 0..<block.lineCount {
        // The colours the program wrote, as classes the page's style sheet colours.
        for piece in block.pieces(ofLine: number) {
          let text = HTML.valid(HTML.escaped(piece.text))
          if piece.style == .plain {
            target.write(text)
          } else {
            target.write("<span class=\"")
            target.write(HTMLWriter.classes(of: piece.style))
            target.write("\">")
            target.write(text)
            target.write("</span>")
          }
        }
        target.write("\n")
      }
      target.write("</code></pre>\n")
    case .totals(let totals):
      // The members say it again, for conditions and JSON; a person reads the header.
      target.write("<p class=\"totals\"><strong>")
      target.write(HTML.valid(HTML.escaped(totals.header)))
      target.write("</strong></p>\n")
    }
  }
}

extension HTMLWriter {
  /// The classes of a terminal's style in a page (`ansi-red ansi-bold`), which page.css
  /// colours for light and dark themes alike; a colour's bright variant is shown as the
  /// colour, but for bright black, grey.
  static func classes(of style: TextStyle) -> String {
    var classes: [String] = []
    if let colour = style.foreground {
      let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
      classes.append(
        style.bright && colour == .black ? "ansi-grey" : "ansi-" + names[colour.rawValue])
    }
    if style.bold { classes.append("ansi-bold") }
    if style.dim { classes.append("ansi-dim") }
    if style.italic { classes.append("ansi-italic") }
    if style.underline { classes.append("ansi-underline") }
    if style.strikethrough { classes.append("ansi-strike") }
    if style.inverse { classes.append("ansi-inverse") }
    return classes.joined(separator: " ")
  }
}

extension HTMLWriter: SizeLimitable {
  public func write<Target: ByteOutputStream>(
    _ outline: Outline, selection: Selection, elision: Elision?, to target: inout Target,
    boundaries: (SectionBoundary) -> Void
  ) throws(Target.Failure) {
    writeNotice(elision, to: &target)
    if options.tableOfContents { writeTableOfContents(outline, elision: elision, to: &target) }
    try writeSections(
      outline, selection: selection, elision: elision, to: &target, boundaries: boundaries)
    try target.checkFailure()
  }
}

extension Member.ValueType {
  /// The class that marks a value of this type, for style sheets.
  var htmlClass: String {
    switch self {
    case .string: return "string"
    case .number: return "number"
    case .boolean: return "boolean"
    case .null: return "null"
    case .emptyObject, .emptyArray: return "empty"
    case .object: return "object"
    case .array: return "array"
    }
  }
}

/// The walk that writes each section as a `<details>`, `open` where it is expanded, its
/// title in `<summary>`; what the plan's elision cuts is closed or left out, a marker in
/// its place.
private struct HTMLWalk<Target: ByteOutputStream>: CuttableWalker {
  typealias Failure = Target.Failure

  let writer: HTMLWriter
  let plan: SectionPlan
  var target: Target
  let boundaries: (SectionBoundary) -> Void

  func mark(_ boundary: SectionBoundary) { boundaries(boundary) }

  mutating func writeHead(of index: Int, open: Bool) {
    writer.writeHead(
      of: index, in: plan.outline, id: plan.ids[index], open: open,
      matches: plan.selection.matches(in: index), to: &target)
  }

  mutating func writeCut(_ marker: String?, targets: [Int]?, at index: Int) {
    guard let marker else { return }
    writer.writeMarker(marker, targets: targets, ids: plan.ids, to: &target)
  }

  mutating func visit(_ content: Content, depth: Int) {
    let writer = writer
    guard !writer.options.titlesOnly else { return }
    target.writePart(content.partKey) { writer.writeContent(content, to: &$0) }
  }

  mutating func writeEnd(of index: Int) {
    target.write("</details>\n")
  }
}
