/// Writes an outline as Markdown for GitHub (pull-request comments, job summaries):
/// each section a `<details>` block, `open` when expanded, its title in `<summary>`,
/// its Markdown exactly as written.
///
/// GitHub reads the result as CommonMark with raw HTML, so the blocks are laid out to
/// survive that: `<details>` and `<summary>` on lines of their own with no blank line
/// between them, a blank line after `</summary>` so that the content is Markdown again,
/// and a blank line before `</details>` so that no paragraph or list swallows it.
public struct MarkdownWriter {
  /// `unsafe` keeps raw HTML in titles; the table of contents is a nested list of links.
  public typealias Options = DocumentWriterOptions

  public var options: Options

  /// The options titles are rendered with: GitHub prefixes their ids itself.
  var titleOptions: Options {
    var options = options
    options.leavesIDsToGitHub = true
    return options
  }

  public init(options: Options = Options()) {
    self.options = options
  }

  /// Writes a list of links to every section, nested as the sections are; GitHub keeps
  /// the `<a name>` anchors in the summaries, not `id`s, so the links go to those.
  private func writeTableOfContents<Target: ByteOutputStream>(
    _ outline: Outline, elision: Elision?, blocks: inout BlockSeparator, to target: inout Target
  ) {
    let entries = outline.tableOfContents(elision: elision, depth: options.tableOfContentsDepth)
    guard !entries.isEmpty else { return }
    // A collapsible block of its own, closed when long, so that the content is in sight.
    blocks.start(&target)
    let open = entries.count <= Outline.longTableOfContents ? " open" : ""
    target.write("<details\(open)>\n<summary>Contents</summary>\n")
    blocks.start(&target)
    let ids = outline.ids
    for index in entries {
      let section = outline.sections[index]
      let indent = String(repeating: "  ", count: min(section.depth, TextWriter.deepestIndent))
      var title = MarkdownWriter.escaped(MarkdownWriter.oneLine(section.title))
      // Code spans stay code spans; the rest is text.
      if let heading = section.heading, !heading.isPlainText {
        title = heading.document.titleRuns(heading.node).map {
          $0.isCode
            ? MarkdownWriter.codeSpan($0.text)
            : MarkdownWriter.escaped(MarkdownWriter.oneLine($0.text))
        }.joined()
      }
      target.write("\(indent)- [\(title)](#\(MarkdownWriter.anchor(ids[index])))\n")
    }
    blocks.start(&target)
    target.write("</details>\n")
  }

  /// An id as a link target: GitHub lowers the case of `#fragment`s, and ids are
  /// lower case already; characters that would end the link are percent-encoded.
  static func anchor(_ id: String) -> String {
    var result = ""
    for scalar in id.unicodeScalars {
      if scalar == "(" || scalar == ")" || scalar == " " || scalar == "<" || scalar == ">" {
        result += "%" + String(scalar.value, radix: 16, uppercase: true)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
  fileprivate func writeContent<Target: ByteOutputStream>(
    _ content: Content, blocks: inout BlockSeparator, to target: inout Target
  ) {
    switch content.body {
    case .markdown(let markdown):
      let source = markdown.document.source
      var lines = source.trimmingBlankLines(markdown.lines)
      if let frontMatter = markdown.document.frontMatter, lines.overlaps(frontMatter) {
        // Front matter would read as a rule and a heading; show it as the YAML it is.
        let yaml = frontMatter.dropFirst().dropLast()
        let fence = MarkdownWriter.fence(around: yaml, in: source)
        blocks.start(&target)
        target.write(fence + "yaml\n")
        for line in yaml { writeLine(source, line, to: &target) }
        target.write(fence + "\n")
        lines = source.trimmingBlankLines(frontMatter.upperBound..<lines.upperBound)
      }
      guard !lines.isEmpty else { return }
      blocks.start(&target)
      target.writePart(content.partKey) { target in
        let balance = HTMLBalance(of: markdown)
        // Aligned divisions that hold the section in the document hold it here too: opened
        // again on a line of their own, an HTML block, which a blank line ends.
        let startTags = markdown.document.openDivisions(before: markdown.node).startTags
        if !startTags.isEmpty {
          target.write(String(decoding: startTags, as: UTF8.self) + "\n\n")
        }
        for line in lines {
          if let balance, balance.strayClosers.contains(where: { $0.line == line }) {
            MarkdownWriter.writeLine(source, line, escaping: balance.strayClosers, to: &target)
          } else {
            writeLine(source, line, to: &target)
          }
        }
        if let closing = markdown.document.closingLine(markdown.node) {
          target.write(closing + "\n")
        }
        if let closers = balance?.closers, !closers.isEmpty {
          // On lines of their own after a blank one: an HTML block, which GitHub keeps.
          target.write("\n" + closers.joined(separator: "\n") + "\n")
        }
      }
    case .members(let members):
      blocks.start(&target)
      let link = members.sourceLink(options.sourceLinks)
      target.writePart(content.partKey) { target in
        for position in members.indices {
          let member = members[position]
          var item = "- "
          if let label = member.displayLabel { item += MarkdownWriter.escaped(label) + ": " }
          let value = MarkdownWriter.codeSpan(member.displayValue)
          if let link, link.position == position {
            // A test's file, linked to its line in the repository; the URL has no `<`, `>`
            // or space, all percent-encoded.
            target.write(item + "[" + value + "](<" + link.url + ">)\n")
          } else {
            target.write(item + value + "\n")
          }
        }
      }
    case .source(let source):
      // YAML or XML as written, in a code block that GitHub colours as such.
      let fence = MarkdownWriter.fence(around: source.lines, in: source.text)
      blocks.start(&target)
      target.writePart(content.partKey) { target in
        target.write(fence + source.document.language + "\n")
        for line in source.lines { target.write(source.shownLine(line) + "\n") }
        target.write(fence + "\n")
      }
    case .preformatted(let block):
      // A fence longer than any run of backticks inside.
      let longest =
        block.lines.map { line in
          line.split(separator: "`", omittingEmptySubsequences: false).count > 1
            ? MarkdownWriter.longestBacktickRun(line) : 0
        }.max() ?? 0
      let fence = String(repeating: "`", count: max(3, longest + 1))
      blocks.start(&target)
      target.writePart(content.partKey) { target in
        target.write(fence + "text\n")
        for line in block.lines { target.write(line + "\n") }
        target.write(fence + "\n")
      }
    case .totals(let totals):
      // The members say it again, for conditions and JSON; a person reads the header.
      blocks.start(&target)
      target.writePart(content.partKey) { target in
        // Only the name needs escaping: the counts are collapse's own words and digits.
        let name = totals.shownName.map { MarkdownWriter.escaped($0) + ": " } ?? ""
        target.write("**" + name + totals.summary + "**\n")
      }
    }
  }

  /// The most backticks that stand together in `line`.
  static func longestBacktickRun(_ line: String) -> Int {
    var longest = 0
    var run = 0
    for byte in line.utf8 {
      run = byte == UInt8(ascii: "`") ? run + 1 : 0
      longest = max(longest, run)
    }
    return longest
  }

  /// Writes source line `line` with the `<` of each stray end tag on it written as
  /// `&lt;`, so that the tag reads as text, in Markdown and in an HTML block alike.
  fileprivate static func writeLine<Target: ByteOutputStream>(
    _ source: SourceText, _ line: Int, escaping strays: Set<HTMLBalance.SourceByte>,
    to target: inout Target
  ) {
    let range = source.lineRange(line)
    var copied = range.lowerBound
    source.bytes.withUnsafeBytes { bytes in
      for stray in strays.filter({ $0.line == line }).sorted(by: { $0.offset < $1.offset }) {
        let at = range.lowerBound + stray.offset
        target.write(bytes: UnsafeRawBufferPointer(rebasing: bytes[copied..<at]))
        target.write("&lt;")
        copied = at + 1
      }
      target.write(bytes: UnsafeRawBufferPointer(rebasing: bytes[copied..<range.upperBound]))
    }
    target.write("\n")
  }

  fileprivate func writeLine<Target: ByteOutputStream>(
    _ source: SourceText, _ line: Int, to target: inout Target
  ) {
    source.bytes.withUnsafeBytes { bytes in
      target.write(bytes: UnsafeRawBufferPointer(rebasing: bytes[source.lineRange(line)]))
    }
    target.write("\n")
  }

  /// `text` with each line break (`\r\n`, `\r` or `\n`, the line ends CommonMark knows) made
  /// a space: a title with a blank line in it would end its `<summary>` block or its
  /// contents entry early.
  static func oneLine(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
    var result = String.UnicodeScalarView()
    var afterReturn = false
    for scalar in text.unicodeScalars {
      if scalar == "\n" && afterReturn {
        afterReturn = false
        continue
      }
      afterReturn = scalar == "\r"
      result.append(scalar == "\n" || scalar == "\r" ? " " : scalar)
    }
    return String(result)
  }

  /// `text` with every ASCII punctuation character backslash-escaped, as CommonMark
  /// allows, so that it reads as itself in Markdown.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if asciiPunctuation.contains(scalar) { result.append("\\") }
      result.unicodeScalars.append(scalar)
    }
    return result
  }

  private static let asciiPunctuation = Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars)

  /// A backtick fence for a code block of `lines`: longer than any run of backticks that
  /// starts one of them, which would otherwise close the block early.
  static func fence(around lines: Range<Int>, in source: SourceText) -> String {
    var longest = 0
    for line in lines {
      let text = source.bytes[source.lineRange(line)].drop { $0 == 0x20 || $0 == 0x09 }
      longest = max(longest, text.prefix { $0 == UInt8(ascii: "`") }.count)
    }
    return String(repeating: "`", count: max(3, longest + 1))
  }

  /// `text` as a code span, fenced by more backticks than it holds in a row. A line end
  /// in it would let a blank line end the span, and what follows read as Markdown: each is
  /// a space, which is what a code span shows for a line end anyway.
  static func codeSpan(_ text: String) -> String {
    let text = oneLine(text)
    var longest = 0
    var run = 0
    for character in text {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padding = text.first == "`" || text.last == "`" || text.hasPrefix(" ") ? " " : ""
    return fence + padding + text + padding + fence
  }
}

extension MarkdownWriter: SizeLimitable {
  public func write<Target: ByteOutputStream>(
    _ outline: Outline, selection: Selection, elision: Elision?, to target: inout Target,
    boundaries: (SectionBoundary) -> Void
  ) throws(Target.Failure) {
    var blocks = BlockSeparator()
    if let elision, elision.cutsSomething {
      blocks.start(&target)
      target.write(
        "**\(elision.notice)** \(MarkdownWriter.codeSpan(elision.fullCommand))\n")
    }
    if options.tableOfContents {
      writeTableOfContents(outline, elision: elision, blocks: &blocks, to: &target)
    }
    try withoutActuallyEscaping(boundaries) { (boundaries) throws(Target.Failure) in
      var walk = MarkdownWalk(
        writer: self, plan: SectionPlan(outline: outline, selection: selection, elision: elision),
        target: target, blocks: blocks, boundaries: boundaries)
      defer {
        target = walk.target
        blocks = walk.blocks
      }
      try outline.walk(&walk)
    }
    // What the links of an extract need from the rest of the document.
    if !options.titlesOnly {
      writeDefinitions(outline.definitionsLeftOut, blocks: &blocks, to: &target)
    }
    try target.checkFailure()
  }
}

extension MarkdownWriter {
  /// Writes a marker of what a cut output leaves out, as a block of its own: collapse's own
  /// words and numbers, which need no escaping, after an empty anchor for each section in
  /// `targets` that a link leads to.
  fileprivate func writeMarker<Target: ByteOutputStream>(
    _ marker: String, targets: [Int]?, ids: [String], blocks: inout BlockSeparator,
    to target: inout Target
  ) {
    blocks.start(&target)
    for index in targets ?? [] {
      target.write(HTML.valid("<a name=\"\(HTML.escaped(ids[index]))\"></a>"))
    }
    target.write("*\(marker)*\n")
  }

  /// Writes the link definitions that a section left out held, as blocks of their own.
  fileprivate func writeDefinitions<Target: ByteOutputStream>(
    _ runs: [[String]]?, blocks: inout BlockSeparator, to target: inout Target
  ) {
    for run in runs ?? [] {
      blocks.start(&target)
      for definition in run { target.write(definition) }
    }
  }
}

/// Puts one blank line between blocks, and none before the first or after the last.
private struct BlockSeparator {
  private var started = false

  mutating func start<Target: ByteOutputStream>(_ target: inout Target) {
    if started { target.write("\n") }
    started = true
  }
}

/// The walk that writes each section as a `<details>` block around its Markdown, exactly
/// as written; what the plan's elision cuts is closed or left out, a marker in its place,
/// its link definitions kept.
private struct MarkdownWalk<Target: ByteOutputStream>: CuttableWalker {
  typealias Failure = Target.Failure

  let writer: MarkdownWriter
  let plan: SectionPlan
  var target: Target
  var blocks: BlockSeparator
  let boundaries: (SectionBoundary) -> Void
  let leftOut: LeftOutDefinitions?

  init(
    writer: MarkdownWriter, plan: SectionPlan, target: Target, blocks: BlockSeparator,
    boundaries: @escaping (SectionBoundary) -> Void
  ) {
    self.writer = writer
    self.plan = plan
    self.target = target
    self.blocks = blocks
    self.boundaries = boundaries
    leftOut = plan.elision.map { LeftOutDefinitions(outline: plan.outline, elision: $0) }
  }

  func mark(_ boundary: SectionBoundary) { boundaries(boundary) }

  mutating func writeLead(of index: Int) {
    if let heading = plan.outline.sections[index].heading, let definitions = heading.definitions {
      // cmark takes them out of the heading's text; they still define links.
      blocks.start(&target)
      for line in definitions { writer.writeLine(heading.document.source, line, to: &target) }
    }
    blocks.start(&target)
  }

  mutating func writeHead(of index: Int, open expanded: Bool) {
    let section = plan.outline.sections[index]
    // Written in pieces, not made into one string first: every count of the output
    // writes each section's.
    target.write(
      expanded ? "<details open>\n<summary><a name=\"" : "<details>\n<summary><a name=\"")
    target.write(HTML.escaped(plan.ids[index]))
    target.write("\"></a>")
    // The title, rendered once for all the counts that fitting `--max-bytes` makes.
    let (writer, outline) = (writer, plan.outline)
    let matches = plan.selection.matches(in: index)
    target.writePart(.summary(index, open: expanded)) { target in
      // A title with links is text, its links beside it: a click on it toggles.
      var summary =
        section.heading.map { $0.summaryHTML() ?? $0.html(options: writer.titleOptions) }
        ?? HTML.escaped(section.title)
      if !expanded || writer.options.titlesOnly,
        let hidden = outline.hiddenSummary(of: index, matches: matches)
      {
        summary += " " + HTML.escaped(hidden)
      }
      target.write(HTML.valid(MarkdownWriter.oneLine(summary)))
    }
    target.write("</summary>\n")
  }

  mutating func writeCut(_ marker: String?, targets: [Int]?, at index: Int) {
    if let marker {
      writer.writeMarker(marker, targets: targets, ids: plan.ids, blocks: &blocks, to: &target)
    }
    writer.writeDefinitions(leftOut?.runs(for: index), blocks: &blocks, to: &target)
  }

  mutating func visit(_ content: Content, depth: Int) {
    guard !writer.options.titlesOnly else { return }
    writer.writeContent(content, blocks: &blocks, to: &target)
  }

  mutating func writeEnd(of index: Int) {
    blocks.start(&target)
    target.write("</details>\n")
  }
}
