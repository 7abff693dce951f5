import CYaml

/// Reads YAML with libyaml into an outline whose content is its source lines.
///
/// libyaml's parser is read event by event, with the marks that say where each starts
/// and ends; nothing is built from its values but titles. So comments, anchors (`&x`),
/// aliases (`*x`), merges (`<<: *x`), tags and quoting show as written, and an alias is
/// never expanded: a document costs what its bytes cost.
public final class YAMLReader: DocumentReader {
  private var input: [UInt8] = []
  private let titleKeys: [String]

  /// A reader that titles a sequence's elements by the first of `options.titleKeys` each
  /// has, as JSON's are.
  public init(options: JSONReader.Options = JSONReader.Options()) {
    titleKeys = options.titleKeys
  }

  public func reserveCapacity(_ count: Int) {
    input.reserveCapacity(count)
  }

  public func take(_ chunk: UnsafeRawBufferPointer) throws(LoadError) {
    input.append(contentsOf: chunk)
  }

  public func end() throws(LoadError) -> Outline {
    do {
      return try YAMLReader.read(input, titleKeys: titleKeys)
    } catch {
      throw .syntax(error)
    }
  }

  /// Reads a whole document.
  public static func read(
    _ bytes: [UInt8], titleKeys: [String] = JSONReader.Options.defaultTitleKeys
  ) throws(ReadError) -> Outline {
    let bomLength = SourceMap.byteOrderMarkLength(bytes, final: true) ?? 0
    let textBytes = bomLength > 0 ? Array(bytes.dropFirst(bomLength)) : bytes
    let text = SourceText(
      bytes: textBytes, map: SourceMap(yaml: textBytes, leftOutAtStart: bomLength))
    let builder = YAMLOutlineBuilder(text: text, titleKeys: titleKeys)
    try parse(text, into: builder)
    var outline = builder.finish()
    outline.sourceBytes = bytes.count
    return outline
  }

  /// Hands libyaml's events to `builder`, in order.
  private static func parse(_ text: SourceText, into builder: YAMLOutlineBuilder)
    throws(ReadError)
  {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) != 0 else {
      throw ReadError(line: 1, column: 1, message: "not enough memory to start reading YAML")
    }
    defer { yaml_parser_delete(&parser) }
    let result: ReadError? = text.bytes.withUnsafeBufferPointer { bytes in
      // A document of no bytes still needs somewhere to point.
      withUnsafePointer(to: UInt8(0)) { empty in
        yaml_parser_set_input_string(&parser, bytes.baseAddress ?? empty, bytes.count)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        var event = yaml_event_t()
        while true {
          guard yaml_parser_parse(&parser, &event) != 0 else {
            return YAMLReader.error(of: parser, in: text)
          }
          defer { yaml_event_delete(&event) }
          do throws(ReadError) {
            try take(event, text: text, into: builder)
          } catch {
            return error
          }
          if event.type == YAML_STREAM_END_EVENT { return nil }
        }
      }
    }
    if let result { throw result }
  }

  private static func take(
    _ event: yaml_event_t, text: SourceText, into builder: YAMLOutlineBuilder
  )
    throws(ReadError)
  {
    // libyaml counts lines as the text's map does; a mark past the last line stands at
    // the end of it.
    let last = max(text.lineCount - 1, 0)
    let endIsPast = Int(event.end_mark.line) > last
    let place = YAMLOutlineBuilder.Place(
      firstLine: min(Int(event.start_mark.line), last), firstColumn: Int(event.start_mark.column),
      endLine: endIsPast ? last : Int(event.end_mark.line),
      endColumn: endIsPast ? Int.max : Int(event.end_mark.column))
    switch event.type {
    case YAML_DOCUMENT_START_EVENT:
      builder.documentStarted(at: place, explicit: event.data.document_start.implicit == 0)
    case YAML_DOCUMENT_END_EVENT:
      builder.documentEnded()
    case YAML_MAPPING_START_EVENT:
      try builder.collectionStarted(
        isMapping: true, isFlow: event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE,
        at: place)
    case YAML_SEQUENCE_START_EVENT:
      try builder.collectionStarted(
        isMapping: false, isFlow: event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE,
        at: place)
    case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
      builder.collectionEnded(at: place)
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      builder.value(UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), at: place)
    case YAML_ALIAS_EVENT:
      builder.value(nil, at: place)
    default:
      break
    }
  }

  /// What libyaml found wrong, where: its problem and, when it gives one, what it was
  /// reading and where that started.
  private static func error(of parser: yaml_parser_t, in text: SourceText) -> ReadError {
    let problem = parser.problem.map { String(cString: $0) } ?? "cannot be read as YAML"
    let context = parser.context.map { String(cString: $0) }
    let started =
      context == nil
      ? nil : (line: Int(parser.context_mark.line) + 1, column: Int(parser.context_mark.column) + 1)
    // Bytes that are not UTF-8 are found before any mark is made: by their offset.
    if parser.error == YAML_READER_ERROR {
      let offset = min(Int(parser.problem_offset), text.bytes.count)
      let line = text.lineCount == 0 ? 0 : text.map.line(ofOffset: offset)
      let start = text.lineCount == 0 ? 0 : text.map.offset(ofLine: line)
      let column = String(decoding: text.bytes[start..<offset], as: UTF8.self).count + 1
      return ReadError(
        line: line + 1, column: column,
        message: YAMLErrorWording.describe(
          problem: problem, context: context, started: started, found: nil))
    }
    let mark = parser.problem_mark
    return ReadError(
      line: Int(mark.line) + 1, column: Int(mark.column) + 1,
      message: YAMLErrorWording.describe(
        problem: problem, context: context, started: started,
        found: character(line: Int(mark.line), column: Int(mark.column), in: text)))
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
