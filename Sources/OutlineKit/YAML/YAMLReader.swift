/// Reads YAML with libyaml into an outline whose content is its source lines.
///
/// libyaml's parser is read event by event, with the marks that say where each starts
/// and ends; nothing is built from its values but titles. So comments, anchors (`&x`),
/// aliases (`*x`), merges (`<<: *x`), tags and quoting show as written, and an alias is
/// never expanded: a document costs what its bytes cost.
public final class YAMLReader: DocumentReader {
  private var input: [UInt8] = []
  private let options: Options
  private var memory: MemoryWatch? = nil

  /// How YAML is read.
  public struct Options: Equatable, Sendable {
    /// The members that title a sequence's element or a document, the first found winning.
    public var titleKeys: TitleKeys
    /// Whether scalars are kept, typed by the core schema, for conditions to read.
    public var keepsValues: Bool

    public init(titleKeys: TitleKeys = .standard, keepsValues: Bool = true) {
      self.titleKeys = titleKeys
      self.keepsValues = keepsValues
    }
  }

  /// A reader that titles a sequence's elements by the first of `options.titleKeys` each
  /// has.
  public init(options: Options = Options()) {
    self.options = options
  }

  public func reserveCapacity(_ count: Int) {
    input.reserveCapacity(count)
  }

  public func take(_ chunk: UnsafeRawBufferPointer) throws(LoadError) {
    input.append(contentsOf: chunk)
  }

  public func watchMemory(_ watch: MemoryWatch) {
    memory = watch
  }

  public func end() throws(LoadError) -> Outline {
    try YAMLReader.read(
      input, titleKeys: options.titleKeys, keepsValues: options.keepsValues, memory: memory)
  }

  /// Reads a whole document. When a document of a stream cannot be read, those before it
  /// are the outline, which says what stopped it (`stoppedBy`); an error in the first
  /// one is thrown.
  public static func read(
    _ bytes: [UInt8], titleKeys: TitleKeys = .standard
  ) throws(ReadError) -> Outline {
    do {
      return try read(bytes, titleKeys: titleKeys, memory: nil)
    } catch .syntax(let error) {
      throw error
    } catch {
      preconditionFailure("only a syntax error stops reading when memory is not watched")
    }
  }

  /// Reads a whole document, stopping when building its outline would take more memory
  /// than `memory` saw left, or when block collections nest deeper than `mostLevels`.
  static func read(
    _ bytes: [UInt8], titleKeys: TitleKeys, keepsValues: Bool = true, memory: MemoryWatch?,
    mostLevels: Int = YAMLOutlineBuilder.deepestNesting
  ) throws(LoadError) -> Outline {
    let bomLength = SourceMap.byteOrderMarkLength(bytes, final: true) ?? 0
    let textBytes = bomLength > 0 ? Array(bytes.dropFirst(bomLength)) : bytes
    // libyaml starts on its own thread while the lines are found on this one.
    let stream = YAMLEventStream(parsing: textBytes)
    let text = SourceText(
      bytes: textBytes, map: SourceMap(yaml: textBytes, leftOutAtStart: bomLength))
    let builder = YAMLOutlineBuilder(
      text: text, titleKeys: titleKeys.keys, keepsValues: keepsValues, mostLevels: mostLevels)
    var outline: Outline
    do {
      try take(stream, text: text, into: builder, memory: memory)
      outline = builder.finish()
    } catch .syntax(let error) {
      guard let before = builder.finishBeforeFailedDocument() else { throw .syntax(error) }
      outline = before
      outline.stoppedBy = error
    }
    outline.sourceBytes = bytes.count
    return outline
  }

  /// Hands the events of `stream` to `builder`, in order, while libyaml parses the next
  /// ones; looks at the memory taken every `batchesBetweenLooks` batches.
  private static func take(
    _ stream: YAMLEventStream, text: SourceText, into builder: YAMLOutlineBuilder,
    memory: MemoryWatch?
  ) throws(LoadError) {
    var batches = 0
    while true {
      let batch = stream.next()
      batches += 1
      do throws(LoadError) {
        try batch.scalars.withUnsafeBufferPointer { scalars throws(LoadError) in
          for event in batch.events {
            do throws(ReadError) {
              try take(event, scalars: scalars, text: text, into: builder)
            } catch {
              throw .syntax(error)
            }
          }
        }
        if let memory, batches % batchesBetweenLooks == 0, let last = batch.events.last {
          let line = min(last.endLine, text.lineCount)
          let read = line < text.lineCount ? text.map.offset(ofLine: line) : text.bytes.count
          try memory.check(read, .yaml, whole: text.bytes.count)
        }
      } catch {
        if batch.end == nil { stream.cancel() }
        throw error
      }
      switch batch.end {
      case nil: continue
      case .finished: return
      case .failed(let problem): throw .syntax(YAMLReader.error(problem, in: text))
      case .nestsTooDeep(let line, let column):
        throw .syntax(
          ReadError(
            line: line + 1, column: column + 1,
            message:
              "too deep: flow collections ('[' and '{') nest more than 256 levels here, the most "
              + "collapse reads"))
      }
    }
  }

  private static func take(
    _ event: YAMLEventStream.Event, scalars: UnsafeBufferPointer<UInt8>, text: SourceText,
    into builder: YAMLOutlineBuilder
  )
    throws(ReadError)
  {
    // libyaml counts lines as the text's map does; a mark past the last line stands at
    // the end of it.
    let last = max(text.lineCount - 1, 0)
    let endIsPast = event.endLine > last
    let place = YAMLOutlineBuilder.Place(
      firstLine: min(event.startLine, last), firstColumn: event.startColumn,
      endLine: endIsPast ? last : event.endLine, endColumn: endIsPast ? Int.max : event.endColumn)
    // Anchors are few: their names are made strings only where one stands.
    let anchor =
      event.anchor.isEmpty
      ? nil : String(decoding: UnsafeBufferPointer(rebasing: scalars[event.anchor]), as: UTF8.self)
    switch event.kind {
    case .documentStart:
      builder.documentStarted(at: place, explicit: event.flag)
    case .documentEnd:
      builder.documentEnded(at: place)
    case .mappingStart:
      try builder.collectionStarted(
        isMapping: true, isFlow: event.flag, anchor: anchor, at: place)
    case .sequenceStart:
      try builder.collectionStarted(
        isMapping: false, isFlow: event.flag, anchor: anchor, at: place)
    case .collectionEnd:
      builder.collectionEnded(at: place)
    case .scalar:
      builder.value(
        UnsafeBufferPointer(rebasing: scalars[event.scalar]), hasProperties: event.hasProperties,
        typing: event.typing, anchor: anchor, at: place)
    case .alias:
      builder.value(nil, anchor: anchor, alias: true, at: place)
    }
  }

  /// How many batches of events are built between two looks at the memory taken: each
  /// makes at most 4096 sections, some megabytes, and a look reads a file of the kernel's.
  static let batchesBetweenLooks = 8

  /// What libyaml found wrong, where: its problem and, when it gives one, where what it was
  /// reading started.
  private static func error(_ found: YAMLEventStream.Problem, in text: SourceText) -> ReadError {
    let problem = YAMLProblem(found, in: text)
    let started =
      found.context == nil
      ? nil : (line: found.contextMark.line + 1, column: found.contextMark.column + 1)
    // Bytes that are not UTF-8 are found before any mark is made: by their offset.
    if found.isReading {
      let offset = min(found.offset, text.bytes.count)
      let line = text.lineCount == 0 ? 0 : text.map.line(ofOffset: offset)
      let start = text.lineCount == 0 ? 0 : text.map.offset(ofLine: line)
      let column = String(decoding: text.bytes[start..<offset], as: UTF8.self).count + 1
      return ReadError(
        line: line + 1, column: column,
        message: YAMLErrorWording.describe(
          problem, words: found, started: started, found: nil))
    }
    let mark = found.problemMark
    return ReadError(
      line: mark.line + 1, column: mark.column + 1,
      message: YAMLErrorWording.describe(
        problem, words: found, started: started,
        found: character(line: mark.line, column: mark.column, in: text),
        after: characterBefore(line: mark.line, column: mark.column, in: text)))
  }

  /// The last character before a mark on its line that is not a space or a tab, as a
  /// message shows it; nil when only those stand before it.
  private static func characterBefore(line: Int, column: Int, in text: SourceText) -> String? {
    guard line < text.lineCount else { return nil }
    let characters = String(decoding: text.bytes[text.lineRange(line)], as: UTF8.self)
      .unicodeScalars.prefix(column)
    guard let last = characters.last(where: { $0 != " " && $0 != "\t" }) else { return nil }
    return last == "'" ? "\"'\"" : "'\(last)'"
  }

  /// The character at a mark, as a message shows it: `'@'`, `a tab`, `the end of the input`.
  private static func character(line: Int, column: Int, in text: SourceText) -> String {
    guard line < text.lineCount else { return "the end of the input" }
    let range = text.lineRange(line)
    let characters = Array(String(decoding: text.bytes[range], as: UTF8.self).unicodeScalars)
    guard column < characters.count else {
      return range.upperBound >= text.bytes.count ? "the end of the input" : "a line end"
    }
    switch characters[column] {
    case "\t": return "a tab"
    case "'": return "\"'\""
    case let scalar where scalar.value < 0x20 || scalar.value == 0x7F:
      return "a control character"
    case let scalar: return "'\(scalar)'"
    }
  }
}
