import CXml

/// libxml2's streaming reader over a document in memory, and the problems it reports;
/// it owns the reader and frees it in `deinit`. Nothing outside this folder sees a libxml2
/// type.
///
/// The network, external entities and DTDs are never loaded (`XML_PARSE_NONET`, and none
/// of `XML_PARSE_NOENT`, `XML_PARSE_DTDLOAD`, `XML_PARSE_DTDATTR`), entities are not
/// substituted, and libxml2's own limits on entity expansion, depth and sizes stay on (no
/// `XML_PARSE_HUGE`): a reference to an external entity reads nothing, and a document whose
/// entities multiply stops with an error, so it costs what its bytes cost.
final class XMLTextReader {
  /// The reader; freed with the document's text in `deinit`.
  private let reader: xmlTextReaderPtr
  /// The problems libxml2 reported, collected by the handler this reader was given.
  private let problems: Problems

  /// What libxml2 reports to one reader, kept until it is asked.
  final class Problems {
    /// The first problem that stopped reading.
    var first: XMLProblem?
  }

  /// The parser's options.
  private static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue)

  /// libxml2, set up once before any reader, on any thread.
  private static let initialized: Bool = {
    xmlInitParser()
    return true
  }()

  /// A reader of `bytes`, which must stay alive and unmoved while it reads; nil when libxml2
  /// could not make one (memory, or an empty document).
  init?(_ bytes: UnsafeRawBufferPointer) {
    _ = XMLTextReader.initialized
    guard let base = bytes.baseAddress, bytes.count > 0, bytes.count <= Int(Int32.max),
      let made = xmlReaderForMemory(
        base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, "UTF-8",
        XMLTextReader.options)
    else { return nil }
    reader = made
    problems = Problems()
    // The handler keeps the first problem that stops reading; it prints nothing. Errors
    // raised while an entity's text is read repeat as libxml2 unwinds them: the last of
    // those stands where the document refers to the entity.
    xmlTextReaderSetStructuredErrorHandler(
      reader,
      { context, error in
        guard let context, let error, let problem = XMLProblem(error) else { return }
        let problems = Unmanaged<Problems>.fromOpaque(context).takeUnretainedValue()
        if let first = problems.first {
          if first.code == problem.code { problems.first = problem }
        } else {
          problems.first = problem
        }
      }, Unmanaged.passUnretained(problems).toOpaque())
  }

  deinit {
    xmlFreeTextReader(reader)
  }

  /// What kind of node the reader stands on.
  enum NodeKind {
    case elementStart
    case elementEnd
    /// Text or white space.
    case text
    case comment
    case processingInstruction
    case cdata
    /// A reference to an entity that is not substituted, which holds no line end.
    case entityReference
    /// The document type declaration, whose end libxml2 does not say.
    case documentType
    case other
  }

  /// Moves to the next node: true when there is one, false at the document's end; throws
  /// the problem that stopped reading.
  func next() throws(XMLProblem) -> Bool {
    switch xmlTextReaderRead(reader) {
    case 1: return true
    case 0 where problems.first == nil: return false
    default:
      let problem =
        problems.first
        ?? XMLProblem(
          code: 0, line: Int(max(1, xmlTextReaderGetParserLineNumber(reader))),
          column: Int(max(1, xmlTextReaderGetParserColumnNumber(reader))))
      throw problem
    }
  }

  /// The kind of the current node.
  var kind: NodeKind {
    switch xmlTextReaderNodeType(reader) {
    case Int32(XML_READER_TYPE_ELEMENT.rawValue): return .elementStart
    case Int32(XML_READER_TYPE_END_ELEMENT.rawValue): return .elementEnd
    case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_WHITESPACE.rawValue),
      Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
      return .text
    case Int32(XML_READER_TYPE_COMMENT.rawValue): return .comment
    case Int32(XML_READER_TYPE_PROCESSING_INSTRUCTION.rawValue): return .processingInstruction
    case Int32(XML_READER_TYPE_CDATA.rawValue): return .cdata
    case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue): return .entityReference
    case Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue): return .documentType
    default: return .other
    }
  }

  /// How many elements enclose the current node.
  var depth: Int { Int(xmlTextReaderDepth(reader)) }

  /// Whether the current element is written as one empty tag (`<a/>`).
  var isEmptyElement: Bool { xmlTextReaderIsEmptyElement(reader) == 1 }

  /// The current node's name as written, with its prefix.
  var name: String {
    xmlTextReaderConstName(reader).map { String(cString: $0) } ?? ""
  }

  /// The line (1-based) the parser was on when it made the current node: for an element,
  /// the line where its start tag ends; for text, one of its lines, its last when it is
  /// short. Nil when libxml2 does not know it: a node past line 65,534 keeps no line but
  /// text, which `XML_PARSE_BIG_LINES` gives one (`xmlGetLineNo` would answer for such a
  /// node with a line of the node after it).
  var line: Int? {
    guard let node = xmlTextReaderCurrentNode(reader) else { return nil }
    let line = Int(node.pointee.line)
    if line == Int(UInt16.max) {
      guard node.pointee.type == XML_TEXT_NODE, let big = node.pointee.psvi else { return nil }
      return Int(bitPattern: big)
    }
    return line == 0 ? nil : line
  }

  /// Whether the current element has attributes, namespace declarations included.
  var hasAttributes: Bool { xmlTextReaderHasAttributes(reader) == 1 }

  /// The current element's attributes, by their names as written, in document order; the
  /// reader stays on the element.
  func attributes() -> [(name: String, value: String)] {
    guard hasAttributes else { return [] }
    var found: [(name: String, value: String)] = []
    while xmlTextReaderMoveToNextAttribute(reader) == 1 {
      guard let name = xmlTextReaderConstName(reader), let value = xmlTextReaderConstValue(reader)
      else { continue }
      found.append((String(cString: name), String(cString: value)))
    }
    xmlTextReaderMoveToElement(reader)
    return found
  }

  /// The current node's text, for text, white space and CDATA: its characters and entity
  /// references decoded.
  var value: String? {
    xmlTextReaderConstValue(reader).map { String(cString: $0) }
  }

  /// Whether `name`, a string ended by NUL, holds the bytes of `key` and no more.
  private static func equals(_ key: [UInt8], _ name: UnsafePointer<xmlChar>) -> Bool {
    var index = 0
    while index < key.count {
      if name[index] != key[index] { return false }
      index += 1
    }
    return name[index] == 0
  }

  /// The value of the first attribute of the current element that `keys` names, the
  /// earlier key winning, by its name as written; the reader stays on the element. Names
  /// are compared as bytes, with no string made for each attribute.
  func bestAttribute(_ keys: [[UInt8]]) -> String? {
    guard hasAttributes else { return nil }
    var best: (rank: Int, value: String)? = nil
    while xmlTextReaderMoveToNextAttribute(reader) == 1 {
      guard let name = xmlTextReaderConstName(reader) else { continue }
      var rank = 0
      while rank < min(keys.count, best?.rank ?? Int.max) {
        if XMLTextReader.equals(keys[rank], name) { break }
        rank += 1
      }
      guard rank < min(keys.count, best?.rank ?? Int.max),
        let value = xmlTextReaderConstValue(reader)
      else { continue }
      best = (rank, String(cString: value))
    }
    xmlTextReaderMoveToElement(reader)
    return best?.value
  }
}
