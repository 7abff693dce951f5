import OutlineKit

/// The checks every fuzz input goes through, shared by the fuzz targets in `Fuzz/` (which
/// compile this file beside their entry point) and by the tests that replay the inputs
/// kept in `Tests/Regressions/`.
///
/// Each entry point takes the raw input and returns what went wrong, in words: a fuzz
/// target stops on the first input for which the list is not empty, as it does on a crash.
/// Whatever the input asks of the library besides its document (the chunk size it arrives
/// in, the selection, the writers' options) comes from a hash of the input, so that every
/// input tries another mix and a saved input always tries the same one.
enum FuzzHarness {
  /// The checks of each fuzz target, by the target's name: `Fuzz/<name>.swift` runs them,
  /// `Tests/Regressions/<name>/` keeps the inputs they once failed on, and a format's
  /// `FormatFiles.fuzzTarget` names its own. A registered format without checks of its
  /// own here has `reading(_:)`'s.
  static let targets: [String: @Sendable ([UInt8]) -> [String]] = {
    var targets: [String: @Sendable ([UInt8]) -> [String]] = [
      "markdown": { markdown($0) }, "json": { json($0) }, "yaml": { yaml($0) },
      "names": { names($0) },
    ]
    for format in InputFormat.registered where targets[format.definition.files.fuzzTarget] == nil {
      targets[format.definition.files.fuzzTarget] = reading(format)
    }
    return targets
  }()

  /// The checks every reader must pass: `input` read as `format` whole and in chunks gives
  /// the same outline or the same error, an error has a place and words, and the outline
  /// is written with every writer.
  static func reading(_ format: InputFormat) -> @Sendable ([UInt8]) -> [String] {
    { input in
      var problems = Problems()
      var choices = Choices(input)
      let titleKeys = TitleKeys(
        choices.int(0...3) == 0 ? ["key", "name"] : ["name", "title", "id"])
      let chunkSize = choices.int(1...97)
      let read = { (size: Int) -> Result<Outline, LoadError> in
        let reader = format.makeReader(ReadingOptions(titleKeys: titleKeys))
        return Result { () throws(LoadError) in
          var failure: LoadError? = nil
          feed(input, chunkSize: size) { chunk in
            guard failure == nil else { return }
            do throws(LoadError) { try reader.take(chunk) } catch { failure = error }
          }
          if let failure { throw failure }
          return try reader.end()
        }
      }
      switch (read(max(input.count, 1)), read(chunkSize)) {
      case (.success(let outline), .success(let other)):
        problems.check(
          describe(outline) == describe(other) && outline.stoppedBy == other.stoppedBy,
          "reading in chunks of \(chunkSize) bytes gives another outline")
        exercise(outline, &choices, &problems)
      case (.failure(let error), .failure(let other)):
        problems.check(
          error == other, "reading in chunks of \(chunkSize) bytes says '\(other)', not '\(error)'")
        if case .syntax(let syntax) = error {
          problems.check(
            syntax.line >= 1 && syntax.column >= 1 && !syntax.message.isEmpty,
            "the error '\(syntax)' has no place or no words")
        }
      case (.success, .failure(let error)):
        problems.add("reading in chunks of \(chunkSize) bytes fails with '\(error)'")
      case (.failure(let error), .success):
        problems.add("reading in chunks of \(chunkSize) bytes succeeds; whole, '\(error)'")
      }
      return problems.messages
    }
  }

  /// Reads `input` as Markdown whole and in chunks, which must give the same outline,
  /// then writes it with every writer.
  static func markdown(_ input: [UInt8]) -> [String] {
    var problems = Problems()
    var choices = Choices(input)
    let chunkSize = choices.int(1...97)
    let reader = MarkdownReader()
    feed(input, chunkSize: chunkSize) { reader.feed($0) }
    guard let whole = try? MarkdownReader.read(input), let chunked = try? reader.finish() else {
      problems.add("memory ran out reading the input")
      return problems.messages
    }
    problems.check(
      describe(whole) == describe(chunked),
      "reading in chunks of \(chunkSize) bytes gives another outline")
    checkFormatGuess(input, &problems)
    exercise(whole, &choices, &problems)
    return problems.messages
  }

  /// Reads `input` as JSON whole and in chunks, which must give the same outline or the
  /// same error, then writes it with every writer.
  static func json(_ input: [UInt8]) -> [String] {
    var problems = Problems()
    var choices = Choices(input)
    let options = JSONReader.Options(
      titleKeys: choices.int(0...3) == 0 ? ["key", "name"] : ["name", "title", "id"])
    let whole = Result { () throws(ReadError) in try JSONReader.read(input, options: options) }
    let chunkSize = choices.int(1...97)
    let reader = JSONReader(options: options)
    let chunked = Result { () throws(ReadError) in
      var failure: ReadError? = nil
      feed(input, chunkSize: chunkSize) { chunk in
        guard failure == nil else { return }
        do throws(ReadError) { try reader.feed(chunk) } catch { failure = error }
      }
      if let failure { throw failure }
      return try reader.finish()
    }
    switch (whole, chunked) {
    case (.success(let outline), .success(let other)):
      problems.check(
        describe(outline) == describe(other),
        "reading in chunks of \(chunkSize) bytes gives another outline")
      exercise(outline, &choices, &problems)
    case (.failure(let error), .failure(let other)):
      problems.check(
        error == other, "reading in chunks of \(chunkSize) bytes says '\(other)', not '\(error)'")
      problems.check(
        error.line >= 1 && error.column >= 1 && !error.message.isEmpty,
        "the error '\(error)' has no place or no words")
    case (.success, .failure(let error)):
      problems.add("reading in chunks of \(chunkSize) bytes fails with '\(error)'")
    case (.failure(let error), .success):
      problems.add("reading in chunks of \(chunkSize) bytes succeeds; whole, '\(error)'")
    }
    return problems.messages
  }

  /// Reads `input` as YAML whole and in chunks, which must give the same outline or the
  /// same error; checks that every line that is not blank is shown, as content or as a
  /// section's title, then writes the outline with every writer.
  static func yaml(_ input: [UInt8]) -> [String] {
    var problems = Problems()
    var choices = Choices(input)
    let titleKeys = choices.int(0...3) == 0 ? ["key", "name"] : ["name", "title", "id"]
    let whole = Result { () throws(ReadError) in
      try YAMLReader.read(input, titleKeys: TitleKeys(titleKeys))
    }
    let chunkSize = choices.int(1...97)
    let reader = YAMLReader(options: YAMLReader.Options(titleKeys: TitleKeys(titleKeys)))
    let chunked = Result { () throws(LoadError) in
      var failure: LoadError? = nil
      feed(input, chunkSize: chunkSize) { chunk in
        guard failure == nil else { return }
        do throws(LoadError) { try reader.take(chunk) } catch { failure = error }
      }
      if let failure { throw failure }
      return try reader.end()
    }
    switch (whole, chunked) {
    case (.success(let outline), .success(let other)):
      problems.check(
        describe(outline) == describe(other) && outline.stoppedBy == other.stoppedBy,
        "reading in chunks of \(chunkSize) bytes gives another outline")
      if let error = outline.stoppedBy {
        problems.check(
          error.line >= 1 && error.column >= 1 && !error.message.isEmpty,
          "the error '\(error)' after the documents read has no place or no words")
      }
      checkEveryLineShown(outline, &problems)
      exercise(outline, &choices, &problems)
    case (.failure(let error), .failure(.syntax(let other))):
      problems.check(
        error == other, "reading in chunks of \(chunkSize) bytes says '\(other)', not '\(error)'")
      problems.check(
        error.line >= 1 && error.column >= 1 && !error.message.isEmpty,
        "the error '\(error)' has no place or no words")
    case (.failure(let error), _):
      problems.add("reading in chunks of \(chunkSize) bytes does not fail as '\(error)' does")
    case (.success, .failure(let error)):
      problems.add("reading in chunks of \(chunkSize) bytes fails with '\(error)'")
    }
    return problems.messages
  }

  /// Checks that each line of a YAML outline's source that is not blank is in a content
  /// run, or is the first line of a section, which its title shows; up to the last line
  /// shown, when reading stopped at a document that could not be read.
  private static func checkEveryLineShown(_ outline: Outline, _ problems: inout Problems) {
    var text: SourceText? = nil
    var shown = Set<Int>()
    for content in outline.content + outline.sections.flatMap(\.content) {
      guard case .source(let source) = content.body else { continue }
      text = source.text
      shown.formUnion(source.lines)
    }
    shown.formUnion(outline.sections.map(\.span.lines.lowerBound))
    guard let text else {
      problems.check(outline.sections.isEmpty, "sections, and no content run to read lines from")
      return
    }
    let read = outline.stoppedBy == nil ? text.lineCount : (shown.max() ?? -1) + 1
    for line in 0..<read where !text.isBlank(line) && !shown.contains(line) {
      problems.add("line \(line + 1) is shown nowhere")
      return
    }
  }

  /// Resolves NAMEs against a document of short titles: the first line of `input` is a
  /// list for `--expand`, the second one for `--collapse`, and each further line a heading
  /// whose level is its first character (`1` to `6`, anything else makes a content line)
  /// or, for some inputs, a JSON member at that depth.
  ///
  /// Titles are kept to 16 bytes: a `/regex/` NAME backtracks, and one that takes
  /// exponential time on a long title is the user's own to interrupt.
  static func names(_ input: [UInt8]) -> [String] {
    var problems = Problems()
    var choices = Choices(input)
    let (expandList, collapseList, entries) = namesInput(input)
    let outline: Outline
    if choices.int(0...2) == 0 {
      guard let read = try? JSONReader.read(namesJSON(entries)) else {
        problems.add("the JSON made from the entries does not read")
        return problems.messages
      }
      outline = read
    } else {
      guard let read = try? MarkdownReader.read(namesMarkdown(entries)) else {
        problems.add("the Markdown made from the entries does not read")
        return problems.messages
      }
      outline = read
    }

    let expand = SelectionRequest.names(in: expandList)
    let collapse = SelectionRequest.names(in: collapseList)
    for name in expand + collapse {
      // A path written again from its steps reads back as the same steps.
      let steps = SelectionRequest.steps(of: name)
      let again = SelectionRequest.steps(of: SelectionRequest.name(path: steps))
      problems.check(again == steps, "the steps \(steps) written again read as \(again)")
    }
    let request = SelectionRequest(base: base(&choices), expand: expand, collapse: collapse)
    do {
      let selection = try Selection(outline: outline, request: request)
      for name in collapse {
        guard let index = outline.ids.firstIndex(of: name) else { continue }
        problems.check(!selection.isExpanded(index), "--collapse '\(name)' leaves it open")
      }
      write(outline, selection, &choices, &problems)
    } catch {
      for failure in error.errors {
        problems.check(
          expand.contains(failure.name) || collapse.contains(failure.name),
          "an error names '\(failure.name)', which was not asked for")
        problems.check(!failure.description.isEmpty, "an error without words")
      }
    }
    exercise(outline, &choices, &problems)
    return problems.messages
  }

  // MARK: - Documents

  /// The parts of a names input: the two lists of NAMEs, and the entries of the document.
  static func namesInput(_ input: [UInt8]) -> (
    expand: String, collapse: String, entries: [(level: Int, title: [UInt8])]
  ) {
    var lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[...]
    let expand = String(decoding: lines.popFirst() ?? [], as: UTF8.self)
    let collapse = String(decoding: lines.popFirst() ?? [], as: UTF8.self)
    let entries = lines.map { line -> (level: Int, title: [UInt8]) in
      let level = line.first.map { Int($0) - Int(UInt8(ascii: "0")) } ?? 0
      return ((1...6).contains(level) ? level : 0, Array(line.dropFirst().prefix(16)))
    }
    return (expand, collapse, entries)
  }

  /// Markdown with a heading for each entry of level 1 to 6 and a line of text for the rest.
  static func namesMarkdown(_ entries: [(level: Int, title: [UInt8])]) -> [UInt8] {
    var text: [UInt8] = []
    for (level, title) in entries {
      if level > 0 { text += Array(repeating: UInt8(ascii: "#"), count: level) + [0x20] }
      text += title.filter { $0 != 0x0A && $0 != 0x0D } + [0x0A]
    }
    return text
  }

  /// JSON with a member for each entry, nested by level: an entry holds the entries of
  /// higher level that follow it, as an object, or as an array when its title is empty.
  static func namesJSON(_ entries: [(level: Int, title: [UInt8])]) -> [UInt8] {
    var text: [UInt8] = Array("{".utf8)
    // Each open container: the level of its entry and whether it is an array.
    var open: [(level: Int, isArray: Bool)] = [(0, false)]
    var first = true
    for (index, (level, title)) in entries.enumerated() {
      while open.count > 1, open[open.count - 1].level >= level {
        text += Array((open.removeLast().isArray ? "]" : "}").utf8)
      }
      if !first { text += Array(",".utf8) }
      first = false
      if !open[open.count - 1].isArray { text += jsonString(title) + Array(": ".utf8) }
      let opensContainer = index + 1 < entries.count && entries[index + 1].level > level
      if opensContainer {
        let isArray = title.isEmpty
        text += Array((isArray ? "[" : "{").utf8)
        open.append((level, isArray))
        first = true
      } else {
        text += jsonString(title)
      }
    }
    while let last = open.popLast() { text += Array((last.isArray ? "]" : "}").utf8) }
    return text
  }

  private static func jsonString(_ bytes: [UInt8]) -> [UInt8] {
    var text = Array("\"".utf8)
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
      switch scalar {
      case "\"": text += Array("\\\"".utf8)
      case "\\": text += Array("\\\\".utf8)
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        text += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
      default: text += Array(String(scalar).utf8)
      }
    }
    return text + Array("\"".utf8)
  }

  // MARK: - Checks

  /// Checks the outline's shape, resolves a selection of names taken from its own
  /// sections, and writes it with every writer.
  static func exercise(_ outline: Outline, _ choices: inout Choices, _ problems: inout Problems) {
    checkStructure(outline, &problems)
    let sections = outline.sections
    for index in sections.indices { _ = outline.hiddenSummary(of: index) }

    // NAMEs that must match their section, whatever it is titled.
    var named: [Int] = []
    var expand: [String] = []
    var collapse: [String] = []
    if !sections.isEmpty {
      for _ in 0..<choices.int(0...2) {
        let index = choices.int(0...sections.count - 1)
        named.append(index)
        expand.append(name(for: index, in: outline, &choices))
      }
      if choices.int(0...2) == 0 {
        collapse.append(name(for: choices.int(0...sections.count - 1), in: outline, &choices))
      }
    }
    let base = base(&choices)
    do {
      let opened = try Selection(
        outline: outline, request: SelectionRequest(base: base, expand: expand))
      for index in named {
        var cursor: Int? = index
        while let current = cursor {
          problems.check(
            opened.isExpanded(current),
            "--expand '\(expand)' leaves section \(current) closed, on the way to \(index)")
          cursor = sections[current].parent
        }
      }
      let selection = try Selection(
        outline: outline, request: SelectionRequest(base: base, expand: expand, collapse: collapse))
      write(outline, selection, &choices, &problems)
    } catch {
      problems.add("NAMEs taken from the outline match nothing: \(error.errors)")
    }
  }

  /// A NAME for the section at `index`: its title, id, key, or a path of ids.
  private static func name(for index: Int, in outline: Outline, _ choices: inout Choices)
    -> String
  {
    let section = outline.sections[index]
    // A title or key written like /this/ may read as a regex, and one like #this as
    // another section's id: use the id instead.
    let looksLikeSyntax = { (text: String) in
      (text.count >= 2 && text.first == "/") || text.first == "#"
    }
    switch (choices.int(0...4), section.key) {
    case (0, _) where !looksLikeSyntax(section.title):
      return section.title
    case (1, let key?) where !looksLikeSyntax(key):
      return key
    case (2, _):
      return ([index] + outline.ancestors(of: index)).reversed()
        .map { outline.ids[$0] }.joined(separator: "/")
    case (3, _):
      // The path from the top that -i prints, unless a title, key or id reads the same:
      // a whole title wins, and -i quotes every step then.
      let path = outline.pathName(of: index)
      let taken = outline.sections.indices.contains {
        outline.sections[$0].title.lowercased() == path.lowercased()
          || outline.sections[$0].key == path || outline.ids[$0] == path.lowercased()
      }
      return taken ? outline.ids[index] : path
    default:
      return outline.ids[index]
    }
  }

  private static func base(_ choices: inout Choices) -> SelectionRequest.Base {
    switch choices.int(0...5) {
    case 0: return .everything
    case 1: return .nothing
    case 2: return .depth(choices.int(0...3))
    case 3: return .depth(Int.max)
    default: return .automatic
    }
  }

  /// Every section sits inside its parent, one level deeper, and the ids are unique.
  private static func checkStructure(_ outline: Outline, _ problems: inout Problems) {
    let sections = outline.sections
    var ids = Set<String>()
    for (index, section) in sections.enumerated() {
      let id = outline.ids[index]
      problems.check(ids.insert(id).inserted, "the id '\(id)' is not unique")
      problems.check(!id.isEmpty, "section \(index) has no id")
      problems.check(
        section.end > index && section.end <= sections.count,
        "section \(index) ends at \(section.end)")
      if let parent = section.parent {
        problems.check(
          parent < index && sections[parent].end >= section.end
            && section.depth == sections[parent].depth + 1,
          "section \(index) does not sit inside its parent \(parent)")
      } else {
        problems.check(
          section.depth == 0, "section \(index) has no parent but depth \(section.depth)")
      }
    }
  }

  /// Writes the outline with every writer and checks what each must always hold.
  private static func write(
    _ outline: Outline, _ selection: Selection, _ choices: inout Choices,
    _ problems: inout Problems
  ) {
    let sections = outline.sections
    // A section is shown when every section around it is open.
    var visible = [Bool](repeating: false, count: sections.count)
    for (index, section) in sections.enumerated() {
      visible[index] = section.parent.map { visible[$0] && selection.isExpanded($0) } ?? true
    }

    let ascii = choices.int(0...1) == 0
    var titles = ""
    TextWriter(options: TextWriter.Options(ascii: ascii, outline: true))
      .write(outline, selection: selection, to: &titles)
    let lines = titles.utf8.split(separator: UInt8(ascii: "\n")).count
    let shown = visible.filter { $0 }.count
    problems.check(lines == shown, "--outline writes \(lines) lines for \(shown) sections shown")
    var text = UTF8Check()
    TextWriter(options: TextWriter.Options(ascii: ascii)).write(
      outline, selection: selection, to: &text)
    problems.check(text.isValid, "the text output holds bytes that are not UTF-8")
    // Drawn for a terminal at a width the input picks: valid UTF-8, every line within the
    // width, and no escape but the styles' and hyperlinks' own.
    let width = 20 + choices.int(0...100)
    var drawnOptions = TextWriter.Options(ascii: ascii, width: width, renders: true)
    drawnOptions.hyperlinks = choices.int(0...1) == 0
    var written = ""
    TextWriter(options: drawnOptions).write(outline, selection: selection, to: &written)
    let drawn = written.replacing(/\u{1B}\]8;;[\x21-\x7E]*\u{1B}\\/, with: "")
    for line in drawn.split(separator: "\n") {
      let columns = DisplayWidth.columns(of: DisplayWidth.expandingTabs(String(line)))
      problems.check(columns <= width, "a drawn line takes \(columns) columns of \(width)")
    }
    problems.check(
      !drawn.contains("\u{1B}"), "drawn text without colour holds an escape but hyperlinks'")

    let unsafe = choices.int(0...3) == 0
    let options = HTMLWriter.Options(unsafe: unsafe, tableOfContents: choices.int(0...1) == 0)
    var html = ""
    HTMLWriter(options: options).write(outline, selection: selection, to: &html)
    checkHTML(html, outline, unsafe: unsafe, &problems)
    // Written to a String, invalid UTF-8 would be mended on the way: it is looked for first.
    var htmlBytes = UTF8Check()
    HTMLWriter(options: options).write(outline, selection: selection, to: &htmlBytes)
    problems.check(htmlBytes.isValid, "the HTML output holds bytes that are not UTF-8")
    var page = ""
    HTMLPage(fileName: "fuzz.md", writer: HTMLWriter(options: options))
      .write(outline, selection: selection, to: &page)
    checkHTML(page, outline, unsafe: unsafe, &problems)

    var markdown = ""
    MarkdownWriter(options: MarkdownWriter.Options(unsafe: unsafe))
      .write(outline, selection: selection, to: &markdown)

    var json = ""
    JSONWriter().write(outline, selection: selection, to: &json)
    do {
      let again = try JSONReader.read(Array(json.utf8))
      let titled = titleMembers(again)
      problems.check(
        titled == sections.count, "-t json holds \(titled) titles for \(sections.count) sections")
    } catch {
      problems.add("-t json is not JSON: \(error)")
    }
  }

  /// Every section is one `<details id=…>`, and nothing HTML forbids is left in the text.
  private static func checkHTML(
    _ html: String, _ outline: Outline, unsafe: Bool, _ problems: inout Problems
  ) {
    let forbidden = html.unicodeScalars.first { scalar in
      let value = scalar.value
      if value < 0x20 { return value != 0x09 && value != 0x0A && value != 0x0C && value != 0x0D }
      return (0x7F...0x9F).contains(value) || (0xFDD0...0xFDEF).contains(value)
        || value & 0xFFFE == 0xFFFE
    }
    problems.check(
      forbidden == nil, "the HTML holds U+\(String(forbidden?.value ?? 0, radix: 16))")
    // Raw HTML from the document, kept by --unsafe, may hold anything.
    guard !unsafe else { return }
    let opened = occurrences(of: "<details id=\"", in: html)
    problems.check(
      opened == outline.sections.count,
      "the HTML has \(opened) sections for \(outline.sections.count)")
  }

  /// The members keyed `title` in an outline of JSON: one per section `-t json` wrote.
  private static func titleMembers(_ outline: Outline) -> Int {
    let runs = outline.content + outline.sections.flatMap(\.content)
    return runs.reduce(0) { count, run in
      guard case .members(let members) = run.body else { return count }
      return count + members.filter { $0.key == "title" }.count
    }
  }

  /// A format guessed from the start of an input holds for the whole of it.
  private static func checkFormatGuess(_ input: [UInt8], _ problems: inout Problems) {
    let final = InputFormat.guess(content: input, final: true)
    problems.check(final != nil, "no format guessed for a whole input")
    let whole = final.map { "\($0)" } ?? "nothing"
    for length in 0...min(input.count, 16) {
      if let early = InputFormat.guess(content: input.prefix(length)) {
        problems.check(
          early == final, "the first \(length) bytes look like \(early), the whole like \(whole)")
      }
    }
    // Sniffed as it arrives, a byte at a time, the input is what it is as a whole.
    var sniffer = FormatSniffer()
    var arrived: [UInt8] = []
    var sniffed: InputFormat? = nil
    for byte in input.prefix(FormatSniffer.window + 64) where sniffed == nil {
      arrived.append(byte)
      sniffed = sniffer.format(of: arrived, final: false)
    }
    if sniffed == nil { sniffed = sniffer.format(of: Array(input), final: true) }
    if input.count <= FormatSniffer.window {
      problems.check(
        sniffed == final,
        "sniffed as it arrives, the input is \(String(describing: sniffed)), whole \(String(describing: final))"
      )
    }
  }

  // MARK: - Support

  /// A stream that notes whether every run of bytes written to it is UTF-8, as writers
  /// promise, copying them from the document.
  struct UTF8Check: ByteOutputStream {
    private(set) var isValid = true

    mutating func write(_ string: String) {}

    mutating func write(bytes: UnsafeRawBufferPointer) {
      if isValid && String(validating: bytes, as: UTF8.self) == nil { isValid = false }
    }
  }

  /// How often `needle` occurs in `text`, byte for byte: a search by characters would miss
  /// a quote that a combining mark after it joins into one character.
  static func occurrences(of needle: String, in text: String) -> Int {
    let needle = Array(needle.utf8)
    let bytes = Array(text.utf8)
    guard let first = needle.first, bytes.count >= needle.count else { return 0 }
    var count = 0
    for start in 0...(bytes.count - needle.count)
    where bytes[start] == first && bytes[start..<start + needle.count].elementsEqual(needle) {
      count += 1
    }
    return count
  }

  /// Gives `input` to `feed` in chunks of `chunkSize` bytes.
  private static func feed(
    _ input: [UInt8], chunkSize: Int, _ feed: (UnsafeRawBufferPointer) -> Void
  ) {
    input.withUnsafeBytes { bytes in
      var start = 0
      while start < bytes.count {
        let end = min(start + chunkSize, bytes.count)
        feed(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        start = end
      }
    }
  }

  /// An outline as text that two outlines share only when they are the same: every
  /// section's fields and the whole text output.
  static func describe(_ outline: Outline) -> String {
    var text = ""
    for (index, section) in outline.sections.enumerated() {
      text += "\(section.title)|\(outline.ids[index])|\(section.key ?? "-")|\(section.level)|"
      text += "\(section.depth)|\(section.parent ?? -1)|\(section.end)|\(section.kind)|"
      text += "\(String(describing: section.hint))|\(section.hiddenLines)\n"
    }
    TextWriter().write(outline, selection: .everything(in: outline), to: &text)
    var json = ""
    JSONWriter().write(outline, selection: .everything(in: outline), to: &json)
    return text + json
  }

  /// What went wrong with one input.
  struct Problems {
    private(set) var messages: [String] = []

    mutating func check(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition { messages.append(message()) }
    }

    mutating func add(_ message: String) {
      messages.append(message)
    }
  }

  /// Choices drawn from a hash of the input (FNV-1a, then SplitMix64).
  struct Choices {
    private var state: UInt64

    init(_ input: [UInt8]) {
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      for byte in input { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
      state = hash
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      z ^= z >> 31
      return range.lowerBound + Int(z % UInt64(range.count))
    }
  }
}
