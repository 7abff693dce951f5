import CXml

/// libxml2's streaming reader over a document in memory, and the problems it reports;
/// it owns the reader and frees it in `deinit`. Nothing outside this folder sees the
/// loader's types.
///
/// The network, external entities and DTDs are never loaded, entities are not substituted,
/// and libxml2's own limits on entity expansion, depth and sizes stay on (the options
/// `collapse_xml_reader_new` gives): a reference to an external entity reads nothing, and
/// a document whose entities multiply stops with an error, so it costs what its bytes cost.
final class XMLTextReader {
  /// The reader; freed with the document's text in `deinit`.
  private let reader: OpaquePointer
  /// The problems libxml2 reported, collected by the handler this reader was given.
  private let problems: Problems

  /// What libxml2 reports to one reader, kept until it is asked.
  final class Problems {
    /// The first problem that stopped reading.
    var first: XMLProblem?
  }

  /// A reader of `bytes`, which must stay alive and unmoved while it reads; nil when libxml2
  /// could not make one (memory, or an empty document) or is not loaded (`XMLLibrary.load`).
  init?(_ bytes: UnsafeRawBufferPointer) {
    problems = Problems()
    // The handler keeps the first problem that stops reading; it prints nothing. Errors
    // raised while an entity's text is read repeat as libxml2 unwinds them: the last of
    // those stands where the document refers to the entity.
    guard collapse_xml_load() == nil, let base = bytes.baseAddress, bytes.count > 0,
      bytes.count <= Int(Int32.max),
      let made = collapse_xml_reader_new(
        base.assumingMemoryBound(to: CChar.self), Int32(bytes.count),
        { context, error in
          guard let context, let error else { return }
          let problem = XMLProblem(error.pointee)
          let problems = Unmanaged<Problems>.fromOpaque(context).takeUnretainedValue()
          if let first = problems.first {
            if first.code == problem.code { problems.first = problem }
          } else {
            problems.first = problem
          }
        }, Unmanaged.passUnretained(problems).toOpaque())
    else { return nil }
    reader = made
  }

  deinit {
    collapse_xml_reader_free(reader)
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
    switch collapse_xml_read(reader) {
    case 1: return true
    case 0 where problems.first == nil: return false
    default:
      let problem =
        problems.first
        ?? XMLProblem(
          code: 0, line: Int(max(1, collapse_xml_parser_line(reader))),
          column: Int(max(1, collapse_xml_parser_column(reader))))
      throw problem
    }
  }

  /// The kind of the current node.
  var kind: NodeKind {
    switch collapse_xml_node_type(reader) {
    case collapse_XML_READER_TYPE_ELEMENT: return .elementStart
    case collapse_XML_READER_TYPE_END_ELEMENT: return .elementEnd
    case collapse_XML_READER_TYPE_TEXT, collapse_XML_READER_TYPE_WHITESPACE,
      collapse_XML_READER_TYPE_SIGNIFICANT_WHITESPACE:
      return .text
    case collapse_XML_READER_TYPE_COMMENT: return .comment
    case collapse_XML_READER_TYPE_PROCESSING_INSTRUCTION: return .processingInstruction
    case collapse_XML_READER_TYPE_CDATA: return .cdata
    case collapse_XML_READER_TYPE_ENTITY_REFERENCE: return .entityReference
    case collapse_XML_READER_TYPE_DOCUMENT_TYPE: return .documentType
    default: return .other
    }
  }

  /// How many elements enclose the current node.
  var depth: Int { Int(collapse_xml_depth(reader)) }

  /// Whether the current element is written as one empty tag (`<a/>`).
  var isEmptyElement: Bool { collapse_xml_is_empty_element(reader) == 1 }

  /// The current node's name as written, with its prefix.
  var name: String {
    collapse_xml_const_name(reader).map { String(cString: $0) } ?? ""
  }

  /// The line (1-based) the parser was on when it made the current node: for an element,
  /// the line where its start tag ends; for text, one of its lines, its last when it is
  /// short. Nil when libxml2 does not know it (`collapse_xml_node_line` says when).
  var line: Int? {
    let line = collapse_xml_node_line(reader)
    return line == 0 ? nil : line
  }

  /// Whether the current element has attributes, namespace declarations included.
  var hasAttributes: Bool { collapse_xml_has_attributes(reader) == 1 }

  /// The current element's attributes, by their names as written, in document order; the
  /// reader stays on the element.
  func attributes() -> [(name: String, value: String)] {
    guard hasAttributes else { return [] }
    var found: [(name: String, value: String)] = []
    while collapse_xml_move_to_next_attribute(reader) == 1 {
      guard let name = collapse_xml_const_name(reader), let value = collapse_xml_const_value(reader)
      else { continue }
      found.append((String(cString: name), String(cString: value)))
    }
    collapse_xml_move_to_element(reader)
    return found
  }

  /// The current element's attributes that `names` name, as `attributes()` gives them,
  /// with no string made for any other: names are compared as bytes.
  func attributes(named names: [String]) -> [(name: String, value: String)] {
    guard hasAttributes else { return [] }
    var found: [(name: String, value: String)] = []
    while collapse_xml_move_to_next_attribute(reader) == 1 {
      guard let name = collapse_xml_const_name(reader),
        let known = names.first(where: { XMLTextReader.equals($0, name) }),
        let value = collapse_xml_const_value(reader)
      else { continue }
      found.append((known, String(cString: value)))
    }
    collapse_xml_move_to_element(reader)
    return found
  }

  /// The current node's text, for text, white space and CDATA: its characters and entity
  /// references decoded.
  var value: String? {
    collapse_xml_const_value(reader).map { String(cString: $0) }
  }

  /// Whether `name`, a string ended by NUL, holds the UTF-8 of `key` and no more.
  private static func equals(_ key: String, _ name: UnsafePointer<UInt8>) -> Bool {
    var index = 0
    for byte in key.utf8 {
      if name[index] != byte { return false }
      index += 1
    }
    return name[index] == 0
  }

  /// Whether `name`, a string ended by NUL, holds the bytes of `key` and no more.
  private static func equals(_ key: [UInt8], _ name: UnsafePointer<UInt8>) -> Bool {
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
    while collapse_xml_move_to_next_attribute(reader) == 1 {
      guard let name = collapse_xml_const_name(reader) else { continue }
      var rank = 0
      while rank < min(keys.count, best?.rank ?? Int.max) {
        if XMLTextReader.equals(keys[rank], name) { break }
        rank += 1
      }
      guard rank < min(keys.count, best?.rank ?? Int.max),
        let value = collapse_xml_const_value(reader)
      else { continue }
      best = (rank, String(cString: value))
    }
    collapse_xml_move_to_element(reader)
    return best?.value
  }
}
