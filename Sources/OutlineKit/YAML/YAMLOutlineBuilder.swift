/// Turns libyaml's events into an outline, without recursion.
///
/// Block mappings and sequences become sections, as JSON's objects and arrays do; flow
/// collections (`[80, 443]`, `{}`), scalars, aliases and comments are content. A section
/// stands on the lines from its key (or its element's `-`) to the last line that holds
/// something of it; its content is those of its lines that no subsection stands on, shown
/// as written. Several documents (`---`) are sections of their own; a lone one is
/// unwrapped, so that its keys are the top-level sections.
final class YAMLOutlineBuilder {
  /// One open block collection; the one at the bottom stands for the stream, a sequence
  /// of documents.
  private struct Frame {
    let isMapping: Bool
    /// The key it sits under, in its mapping.
    let key: String?
    /// Its index in its sequence, or its document's number in the stream.
    let index: Int?
    /// Whether it is titled by its members: an element of a sequence, or a document.
    let titledByMembers: Bool
    /// The line it starts on: its key's, or its `-`'s.
    let firstLine: Int
    /// Whether that line holds its key and colon alone, and so is its title only.
    let firstLineIsTitle: Bool
    /// The column its keys or items start at.
    let indent: Int
    var section: Int? = nil
    var count = 0
    /// The key whose value comes next, where it stands, and whether an anchor or a tag
    /// stands before it (`&k key:`, `!!str 1:`), which its title does not show. Its bytes
    /// are found only for a key whose value is a collection, which may title its lines.
    var pendingKey: (text: String, place: Place, hasProperties: Bool)? = nil
    /// The last line that holds something of it.
    var lastLine: Int
    /// The members that may title it, by their rank in the title keys.
    var titles: [Int: String] = [:]
    /// Its `kind` and its `metadata`'s `name`: a Kubernetes object's.
    var kind: String? = nil
    var metadataName: String? = nil
    /// Its scalar members in runs among its subsections, for conditions: the runs ended,
    /// where the current one starts in the store, and the subsections so far.
    var runs: [Content] = []
    var runStart = 0
    var subsections = 0
  }

  /// A collection being passed over as one value: a flow collection, or a mapping's key
  /// that is a collection.
  private struct Skipped {
    var depth: Int
    let start: Place
    let isKey: Bool
  }

  private let titleKeys: [String: Int]
  /// The values of the documents, which conditions read; nil when no condition will.
  #if PLAIN_EXCLUSIVITY
    private var kept: YAMLValues?
  #else
    @exclusivity(unchecked) private var kept: YAMLValues?
  #endif
  /// Whether `kept` is there: a constant, which the hot paths test before touching it.
  private let keepsValues: Bool
  /// Where they are stored: empty when they are not kept.
  private let values: ValueStore
  private let text: SourceText
  /// What the content's source lines are lines of.
  private let document: SourceDocument
  // The builder is only used from the reader's loop, one event at a time, so the
  // run-time exclusivity checks of these hot properties buy nothing (`-DPLAIN_EXCLUSIVITY`
  // keeps them; bench/tricks.md says what this gains).
  #if PLAIN_EXCLUSIVITY
    private var stack: [Frame]
    private var sections: [Section] = []
  #else
    @exclusivity(unchecked) private var stack: [Frame]
    @exclusivity(unchecked) private var sections: [Section] = []
  #endif
  /// Whether each section's first line is its title alone (`key:`), not content.
  #if PLAIN_EXCLUSIVITY
    private var titleLines: [Bool] = []
  #else
    @exclusivity(unchecked) private var titleLines: [Bool] = []
  #endif
  private var skipped: Skipped? = nil
  /// The comments after where a block ends, which it takes when they are indented as it is.
  private var trailingComments: YAMLTrailingComments
  /// Where the document being read starts, when it has an explicit `---`.
  private var documentStart: Int? = nil
  /// The documents read to their end.
  private var documents = 0
  /// What the builder was when the last document ended, for an error in the next one
  /// to go back to: the stream's frame, the sections made, and the line after it.
  private var lastDocumentEnd: (stream: Frame, sections: Int, line: Int, values: Int)? = nil
  /// 1 while the stream's first collection has no section, 0 once it has: a lone document
  /// is unwrapped, its keys or elements the top-level sections, so its root is made a
  /// section only when something follows it.
  private var levelsLeftOut = 0
  /// The stream's first collection, once it has ended without a section being made of it.
  private var leftOutRoot: Section? = nil

  /// The most levels block collections may nest, as in JSON.
  static let deepestNesting = 1_000_000
  /// The most levels this builder reads: `deepestNesting`, unless a test sets fewer.
  private let mostLevels: Int

  init(
    text: SourceText, titleKeys: [String], keepsValues: Bool = true,
    mostLevels: Int = deepestNesting
  ) {
    self.mostLevels = mostLevels
    self.keepsValues = keepsValues
    kept = keepsValues ? YAMLValues(documentBytes: text.bytes.count) : nil
    values = kept?.store ?? ValueStore()
    self.text = text
    document = SourceDocument(text: text)
    trailingComments = YAMLTrailingComments(text: text)
    var ranks: [String: Int] = [:]
    for (rank, key) in titleKeys.enumerated() where ranks[key] == nil { ranks[key] = rank }
    self.titleKeys = ranks
    // Manifests and specs hold a section for every 50 to 70 bytes: room for a little
    // more, which costs only address space, so that the sections are not copied as they
    // grow.
    sections.reserveCapacity(text.bytes.count / 44)
    titleLines.reserveCapacity(text.bytes.count / 44)
    stack = [
      Frame(
        isMapping: false, key: nil, index: nil, titledByMembers: false, firstLine: 0,
        firstLineIsTitle: false, indent: 0, lastLine: 0)
    ]
  }

  /// Where an event stands, as libyaml marks it: lines and columns from 0, columns in
  /// characters.
  struct Place {
    let firstLine: Int
    let firstColumn: Int
    let endLine: Int
    let endColumn: Int

    /// The last line that holds something of the event: a mark at a line's start ends
    /// the line before.
    var lastLine: Int { endLine > firstLine && endColumn == 0 ? endLine - 1 : endLine }
  }

  /// Whether the text is all ASCII, where a column is a byte: most YAML is, and a key's
  /// bytes are then found without counting the characters before it on its line (4 M of
  /// the 457 M instructions of a 1 MB OpenAPI page), for a scan of the text eight bytes at
  /// a time.
  private lazy var isASCII: Bool = text.bytes.withUnsafeBytes { bytes in
    var index = ByteScan.skip(bytes, from: 0) { $0 & 0x8080_8080_8080_8080 }
    while index < bytes.count, bytes[index] < 0x80 { index += 1 }
    return index == bytes.count
  }

  /// The byte of the text at `column` characters into line `line`, counted from `from`, a
  /// byte known to stand `fromColumn` characters into it, or from the line's start.
  private func byte(line: Int, column: Int, from: (byte: Int, column: Int)? = nil) -> Int {
    guard line < text.lineCount else { return text.bytes.count }
    // A column past the line's end stands at its end.
    let end = text.lineRange(line).upperBound
    if isASCII { return min(text.map.offset(ofLine: line) + column, end) }
    var offset = from?.byte ?? text.map.offset(ofLine: line)
    var characters = from?.column ?? 0
    // Elsewhere, eight ASCII bytes at a time are eight characters: an indent is.
    text.bytes.withUnsafeBytes { bytes in
      while column - characters >= 8, offset + 8 <= end,
        bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        offset += 8
        characters += 8
      }
    }
    while offset < end {
      if text.bytes[offset] & 0xC0 != 0x80 {
        if characters == column { break }
        characters += 1
      }
      offset += 1
    }
    return offset
  }

  func documentStarted(at place: Place, explicit: Bool) {
    documentStart = explicit ? place.firstLine : nil
    if keepsValues { kept?.documentStarted() }
  }

  func documentEnded(at place: Place) {
    documents += 1
    documentStart = nil
    // An end that libyaml marks at the next `---` is that line's; `...` ends its own.
    let line = place.endColumn == 0 ? place.endLine : place.endLine + 1
    lastDocumentEnd = (stack[0], sections.count, line, values.count)
  }

  /// A mapping or sequence starts; `anchor` is the one it is given (`&base`), if any.
  func collectionStarted(
    isMapping: Bool, isFlow: Bool, anchor: String? = nil, at place: Place
  ) throws(ReadError) {
    if var skipping = skipped {
      skipping.depth += 1
      skipped = skipping
      if keepsValues && !skipping.isKey {
        kept?.flowStarted(isMapping: isMapping, key: nil, index: nil, anchor: anchor)
      }
      return
    }
    let top = stack.count - 1
    let isKey = stack[top].isMapping && stack[top].pendingKey == nil
    if isFlow || isKey {
      skipped = Skipped(depth: 1, start: place, isKey: isKey)
      if keepsValues && !isKey {
        kept?.flowStarted(
          isMapping: isMapping, key: stack[top].pendingKey?.text,
          index: stack[top].isMapping ? nil : stack[top].count, anchor: anchor)
      }
      return
    }
    if keepsValues, anchor != nil { kept?.forget(anchor) }
    guard stack.count <= mostLevels else {
      throw ReadError(
        line: place.firstLine + 1, column: 1,
        message: ReadError.tooDeepMessage("mappings and sequences", levels: mostLevels))
    }
    let frame: Frame
    if stack[top].isMapping, let key = stack[top].pendingKey {
      stack[top].pendingKey = nil
      frame = Frame(
        isMapping: isMapping, key: key.text, index: nil, titledByMembers: false,
        firstLine: key.place.firstLine,
        firstLineIsTitle: !key.hasProperties
          && holdsOnlyKey(line: key.place.firstLine, key: keySource(key.place)),
        indent: place.firstColumn, lastLine: key.place.firstLine)
    } else {
      let first = top == 0 ? (documentStart ?? place.firstLine) : place.firstLine
      frame = Frame(
        isMapping: isMapping, key: nil, index: top == 0 ? documents : stack[top].count,
        titledByMembers: true, firstLine: first, firstLineIsTitle: false,
        indent: place.firstColumn, lastLine: first)
    }
    endRun(top)
    if top == 0 {
      // Something follows the first: it is not a lone document after all.
      if stack[0].count > 0 { materializeLeftOutRoot() } else { levelsLeftOut = 1 }
    }
    stack.append(frame)
    stack[stack.count - 1].runStart = values.count
    if top > 0 || stack[0].count > 0 { materialize(stack.count - 1) }
  }

  func collectionEnded(at place: Place) {
    if var skipping = skipped {
      if keepsValues && !skipping.isKey { kept?.flowEnded() }
      skipping.depth -= 1
      if skipping.depth > 0 {
        skipped = skipping
        return
      }
      skipped = nil
      let whole = Place(
        firstLine: skipping.start.firstLine, firstColumn: skipping.start.firstColumn,
        endLine: place.endLine, endColumn: place.endColumn)
      if skipping.isKey {
        let source = keySource(whole)
        // A key that is a collection is titled as written, on one line.
        let written = foldWhiteSpace(String(decoding: text.bytes[source], as: UTF8.self))
        stack[stack.count - 1].pendingKey = (written, whole, false)
        stack[stack.count - 1].lastLine = max(stack[stack.count - 1].lastLine, whole.lastLine)
      } else {
        value(nil, key: false, at: whole)
      }
      return
    }
    endRun(stack.count - 1)
    var frame = stack.removeLast()
    let top = stack.count - 1
    stack[top].subsections += 1
    stack[top].runStart = values.count
    frame.lastLine = trailingComments.lastLine(after: frame.lastLine, indent: frame.indent)
    if top == 0 && frame.section == nil {
      var root = Section(
        title: YAMLOutlineBuilder.title(of: frame) ?? "[\(frame.index ?? 0)]",
        key: frame.index.map(String.init), level: 1, depth: 0, parent: nil,
        kind: frame.isMapping ? .object(members: frame.count) : .array(elements: frame.count))
      root.span.lines = frame.firstLine..<frame.lastLine + 1
      root.isKubernetesObject = YAMLOutlineBuilder.isKubernetesObject(frame)
      root.values = frame.runs
      leftOutRoot = root
    } else if let index = frame.section {
      sections[index].kind =
        frame.isMapping ? .object(members: frame.count) : .array(elements: frame.count)
      sections[index].values = frame.runs
      sections[index].end = sections.count
      sections[index].span.lines = frame.firstLine..<frame.lastLine + 1
      if frame.titledByMembers, let title = YAMLOutlineBuilder.title(of: frame) {
        sections[index].title = title
        sections[index].isKubernetesObject = YAMLOutlineBuilder.isKubernetesObject(frame)
      }
      finishSection(index)
    }
    stack[top].count += 1
    stack[top].lastLine = max(stack[top].lastLine, frame.lastLine)
  }

  /// A scalar or an alias: a mapping's key, or a value. `scalar` is a scalar's text, for
  /// keys and titles; it is decoded only where one of those needs it. It is nil for an
  /// alias, a key titled as written (`*base`), and for a flow collection, which `key`
  /// false says is no key. `hasProperties` says an anchor or a tag stands before it,
  /// `typing` what its style and tag say of its type; `anchor` is the anchor it is given,
  /// or the one an alias names (`alias` true).
  func value(
    _ scalar: UnsafeBufferPointer<UInt8>?, key isKeyEvent: Bool = true,
    hasProperties: Bool = false, typing: YAMLCoreSchema.Typing = .string,
    anchor: String? = nil, alias: Bool = false, at place: Place
  ) {
    if let skipping = skipped {
      if keepsValues && !skipping.isKey {
        if let scalar {
          kept?.flowScalar(scalar, typing: typing, anchor: anchor)
        } else if alias, let anchor {
          kept?.flowAlias(of: anchor)
        }
      }
      return
    }
    let top = stack.count - 1
    stack[top].lastLine = max(stack[top].lastLine, place.lastLine)
    var memberKey: String? = nil
    if stack[top].isMapping {
      guard let key = stack[top].pendingKey else {
        if isKeyEvent {
          var title =
            scalar.map { String(decoding: $0, as: UTF8.self) }
            ?? String(decoding: text.bytes[keySource(place)], as: UTF8.self)
          // A key written on several lines (`? |`, `? "a` … `b"`) is titled on one.
          if place.lastLine > place.firstLine { title = foldWhiteSpace(title) }
          stack[top].pendingKey = (title, place, hasProperties)
        }
        return
      }
      stack[top].pendingKey = nil
      memberKey = key.text
      if let scalar, !scalar.isEmpty, mayTitle(key.text, at: top) {
        // A block scalar (`name: |`) ends with the line end it keeps, which a title
        // leaves out.
        var end = scalar.count
        while end > 0, scalar[end - 1] == 0x0A { end -= 1 }
        let value = String(decoding: UnsafeBufferPointer(rebasing: scalar[..<end]), as: UTF8.self)
        if !value.isEmpty { noteTitle(key.text, value, at: top) }
      }
    }
    if keepsValues {
      let index = stack[top].isMapping ? nil : stack[top].count
      if let scalar {
        kept?.keep(scalar, typing: typing, key: memberKey, index: index, anchor: anchor)
      } else if alias, let anchor {
        kept?.keepAlias(of: anchor, key: memberKey, index: index)
      }
    }
    stack[top].count += 1
  }

  /// Ends the run of scalar members of the collection at `level`, before a subsection or
  /// at its end.
  private func endRun(_ level: Int) {
    let start = stack[level].runStart
    guard values.count > start else { return }
    stack[level].runs.append(
      Content(
        position: stack[level].subsections,
        body: .members(Members(store: values, records: start..<values.count))))
    stack[level].runStart = values.count
  }

  /// Whether the value of `key` may title the mapping at `level`, or the Kubernetes
  /// object it is part of.
  private func mayTitle(_ key: String, at level: Int) -> Bool {
    if stack[level].titledByMembers { return key == "kind" || titleKeys[key] != nil }
    return key == "name" && level > 1 && stack[level].key == "metadata"
  }

  /// The bytes a key stands on.
  private func keySource(_ place: Place) -> Range<Int> {
    let start = byte(line: place.firstLine, column: place.firstColumn)
    // A key on one line is counted on from its start, not again from the line's.
    let from = place.endLine == place.firstLine ? (start, place.firstColumn) : nil
    return start..<max(start, byte(line: place.endLine, column: place.endColumn, from: from))
  }

  /// Keeps a member that may title its mapping, or the Kubernetes object it is part of.
  private func noteTitle(_ key: String, _ value: String, at level: Int) {
    if stack[level].titledByMembers {
      if let rank = titleKeys[key], stack[level].titles[rank] == nil {
        stack[level].titles[rank] = value
      }
      if key == "kind" { stack[level].kind = value }
    } else if key == "name", stack[level].key == "metadata", level > 1,
      stack[level - 1].titledByMembers
    {
      stack[level - 1].metadataName = value
    }
  }

  /// A title from an element's members: the first of the title keys it has, else a
  /// Kubernetes object's kind and name (`Deployment web`).
  private static func title(of frame: Frame) -> String? {
    if let rank = frame.titles.keys.min(), let title = frame.titles[rank] { return title }
    guard let kind = frame.kind else { return nil }
    return frame.metadataName.map { "\(kind) \($0)" } ?? kind
  }

  /// Whether `title(of:)` titles `frame` by a Kubernetes object's kind and name, which
  /// split again at the title's first space.
  private static func isKubernetesObject(_ frame: Frame) -> Bool {
    guard frame.titles.isEmpty, let kind = frame.kind, let name = frame.metadataName else {
      return false
    }
    return !kind.isEmpty && !name.isEmpty && !kind.contains(where: \.isWhitespace)
  }

  /// Whether line `line` holds the key at `source` and its colon, and nothing more than
  /// the `- ` of a sequence's elements before it. A key that goes on past its first line
  /// (`? "a` … `b"`, `? - a`, a block scalar) is no such key: its lines are content.
  private func holdsOnlyKey(line: Int, key source: Range<Int>) -> Bool {
    let range = text.lineRange(line)
    guard range.lowerBound <= source.lowerBound, source.upperBound <= range.upperBound
    else { return false }
    var rest = text.bytes[source.upperBound..<range.upperBound].drop {
      $0 == 0x20 || $0 == 0x09
    }
    guard rest.first == UInt8(ascii: ":") else { return false }
    rest = rest.dropFirst().drop { $0 == 0x20 || $0 == 0x09 }
    // Before the key, its indent, and the `- ` of the elements it starts.
    let before = text.bytes[range.lowerBound..<source.lowerBound]
    return rest.isEmpty && before.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: "-") }
  }

  /// Makes the collection at `level` a section.
  private func materialize(_ level: Int) {
    stack[level].section = sections.count
    titleLines.append(stack[level].firstLineIsTitle)
    let key = stack[level].key
    let index = stack[level].index
    sections.append(
      Section(
        title: key.map { $0.isEmpty ? "\"\"" : $0 } ?? "[\(index ?? 0)]",
        key: key ?? index.map(String.init), level: level - levelsLeftOut,
        depth: level - 1 - levelsLeftOut,
        parent: stack[level - 1].section,
        kind: stack[level].isMapping ? .object(members: 0) : .array(elements: 0)))
  }

  /// Makes the stream's first collection the section it is, before all those inside it,
  /// once something follows it.
  private func materializeLeftOutRoot() {
    guard levelsLeftOut == 1, var root = leftOutRoot else { return }
    for index in sections.indices {
      sections[index].level += 1
      sections[index].depth += 1
      sections[index].parent = sections[index].parent.map { $0 + 1 } ?? 0
      sections[index].end += 1
    }
    root.end = sections.count + 1
    sections.insert(root, at: 0)
    lastDocumentEnd?.sections += 1
    titleLines.insert(false, at: 0)
    levelsLeftOut = 0
    leftOutRoot = nil
    finishSection(0)
  }

  /// Gives the finished section at `index` its content, the runs of its lines that no
  /// subsection stands on, and counts the lines collapsing it hides: each section is done
  /// as it ends, while libyaml parses what follows.
  private func finishSection(_ index: Int) {
    let span = sections[index].span.lines
    var lines = span
    if titleLines[index] {
      lines = lines.lowerBound + 1..<max(lines.lowerBound + 1, lines.upperBound)
    }
    SourceContent.finish(
      index, shown: lines, in: &sections, text: text, document: document)
  }

  /// The outline of the documents read to their end, when the one after them could not
  /// be read: what was made of that one is left out, and the lines from its start.
  func finishBeforeFailedDocument() -> Outline? {
    guard let end = lastDocumentEnd else { return nil }
    stack = [end.stream]
    skipped = nil
    values.removeRecords(from: end.values)
    sections.removeSubrange(end.sections...)
    titleLines.removeSubrange(end.sections...)
    return finish(lines: min(end.line, text.lineCount))
  }

  /// The outline of everything read: a lone document whose root is a collection is
  /// unwrapped, its keys or elements the top-level sections.
  func finish() -> Outline {
    finish(lines: text.lineCount)
  }

  /// The outline of everything read, shown on the first `lineCount` lines.
  private func finish(lines lineCount: Int) -> Outline {
    if stack[0].count != 1 { materializeLeftOutRoot() }
    let kind = leftOutRoot?.kind ?? .array(elements: stack[0].count)
    // The document's content: the lines outside the top-level sections, the root's own
    // among them when it was unwrapped.
    let topLevel = SourceContent.children(of: nil, in: sections)
    let content = SourceContent.runs(
      of: 0..<lineCount, around: topLevel, in: sections, text: text, document: document)
    let hidden = topLevel.reduce(SourceContent.nonBlankCount(content, in: text)) {
      $0 + sections[$1].hiddenLines
    }
    var outline = Outline(sections: takeAll(&sections), content: content)
    outline.hiddenLines = hidden
    outline.sourceLines = text.map.inputLineCount
    outline.kind = kind
    outline.values = rootValues()
    return outline
  }

  /// The scalar members of the document's own content: the unwrapped root's, or the
  /// stream's scalar documents, a lone one neither keyed nor indexed, as a lone JSON value.
  private func rootValues() -> [Content] {
    if let root = leftOutRoot { return root.values ?? [] }
    endRun(0)
    let runs = stack[0].runs
    if stack[0].count == 1, runs.count == 1, case .members(let members) = runs[0].body,
      members.count == 1
    {
      values.unlabel(members.startIndex)
    }
    return runs
  }
}
