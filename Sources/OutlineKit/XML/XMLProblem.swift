import CXml

/// What libxml2 stopped on, told from its error's code and the names and figures it gives
/// with it, never from its words: the common problems in collapse's own, the rest in
/// general ones that name the code.
struct XMLProblem: Error, Equatable, Sendable {
  /// libxml2's `xmlParserErrors` code.
  let code: Int
  /// The 1-based line and column libxml2 gives.
  let line: Int
  let column: Int
  /// The name the error is about (an element's, an attribute's, an entity's), if it gives
  /// one, and its figure (the line an element started on, the depth it stopped at).
  let name: String?
  let other: String?
  let figure: Int

  /// The problem libxml2 reported when it stopped reading.
  init(_ problem: collapse_xml_problem) {
    code = Int(problem.code)
    line = max(1, Int(problem.line))
    column = max(1, Int(problem.column))
    name = problem.name.map { String(cString: $0) }
    other = problem.other.map { String(cString: $0) }
    figure = Int(problem.figure)
  }

  init(code: Int, line: Int, column: Int) {
    self.code = code
    self.line = line
    self.column = column
    name = nil
    other = nil
    figure = 0
  }

  /// The problem's code when the document is empty: libxml2's `XML_ERR_DOCUMENT_EMPTY`.
  static let documentEmpty = Int(collapse_XML_ERR_DOCUMENT_EMPTY)

  /// The error as collapse says it, at the problem's line and column; `open` is the
  /// element left open and the line it started on, when the input ended inside one.
  func error(open: (name: String, line: Int)? = nil) -> ReadError {
    // libxml2 gives one code to content after the root and to an input that ends inside it.
    if code == Int(collapse_XML_ERR_DOCUMENT_END), let open {
      return ReadError(
        line: line, column: column,
        message: "unexpected end of input; expected '</\(open.name)>' to close the element that "
          + "started at line \(open.line)")
    }
    return ReadError(line: line, column: column, message: words)
  }

  /// What went wrong, in lower case, as collapse's other messages say it.
  var words: String {
    let quoted = name.map { "'\($0)'" }
    switch code {
    case Int(collapse_XML_ERR_INTERNAL_ERROR) where figure > 0:
      return ReadError.tooDeepMessage("elements", levels: figure)
    case Self.documentEmpty:
      return "expected an element: an XML document starts with '<'"
    case Int(collapse_XML_ERR_DOCUMENT_END), Int(collapse_XML_ERR_EXTRA_CONTENT):
      return "expected the end of the document after its root element: XML has one root element"
    case Int(collapse_XML_ERR_INVALID_CHAR):
      return "invalid UTF-8, or a character XML does not allow"
    case Int(collapse_XML_ERR_INVALID_HEX_CHARREF), Int(collapse_XML_ERR_INVALID_DEC_CHARREF),
      Int(collapse_XML_ERR_INVALID_CHARREF):
      return "invalid character reference: '&#' stands for a character XML allows"
    case Int(collapse_XML_ERR_UNDECLARED_ENTITY):
      return "undeclared entity \(quoted ?? "here"); write '&' as '&amp;'"
    case Int(collapse_XML_ERR_ENTITYREF_SEMICOL_MISSING), Int(collapse_XML_ERR_ENTITYREF_NO_NAME):
      return "expected an entity's name and ';' after '&'; write '&' as '&amp;'"
    case Int(collapse_XML_ERR_ENTITY_IS_EXTERNAL):
      return "an attribute refers to the external entity \(quoted ?? "here"), which collapse "
        + "does not read"
    case Int(collapse_XML_ERR_ENTITY_LOOP):
      return "entities here expand without bound (they refer to themselves, or multiply), "
        + "which collapse does not read"
    case Int(collapse_XML_ERR_LT_IN_ATTRIBUTE):
      return "unexpected '<' in an attribute's value; write it as '&lt;'"
    case Int(collapse_XML_ERR_ATTRIBUTE_NOT_STARTED), Int(collapse_XML_ERR_STRING_NOT_STARTED):
      return "expected a quote to start the attribute's value"
    case Int(collapse_XML_ERR_ATTRIBUTE_NOT_FINISHED):
      return "expected a quote to end the attribute's value"
    case Int(collapse_XML_ERR_ATTRIBUTE_WITHOUT_VALUE), Int(collapse_XML_ERR_EQUAL_REQUIRED):
      return "expected '=' and a quoted value after the attribute's name"
    case Int(collapse_XML_ERR_ATTRIBUTE_REDEFINED):
      return "the attribute \(quoted ?? "here") is given twice in one element"
    case Int(collapse_XML_ERR_COMMENT_NOT_FINISHED):
      return "unexpected end of input; expected '-->' to end the comment"
    case Int(collapse_XML_ERR_CDATA_NOT_FINISHED):
      return "unexpected end of input; expected ']]>' to end the CDATA section"
    case Int(collapse_XML_ERR_PI_NOT_FINISHED):
      return "expected '?>' to end the processing instruction"
    case Int(collapse_XML_ERR_HYPHEN_IN_COMMENT):
      return "unexpected '--' inside a comment"
    case Int(collapse_XML_ERR_MISPLACED_CDATA_END):
      return "unexpected ']]>' outside a CDATA section; write '>' as '&gt;'"
    case Int(collapse_XML_ERR_RESERVED_XML_NAME):
      return "unexpected XML declaration: '<?xml' may stand only at the start of the document"
    case Int(collapse_XML_ERR_NAME_REQUIRED):
      return "expected a name after '<'; write '<' as '&lt;'"
    case Int(collapse_XML_ERR_GT_REQUIRED):
      let tag = quoted.map { " of \($0)" } ?? ""
      return "expected '>' or '/>' to end the start tag\(tag)"
    case Int(collapse_XML_ERR_LTSLASH_REQUIRED):
      return "expected '</' and an end tag"
    case Int(collapse_XML_ERR_TAG_NAME_MISMATCH):
      let closing = name.map { "'</\($0)>'" } ?? "an end tag"
      let started = figure > 0 ? " that started at line \(figure)" : ""
      let found = other.map { ", found '</\($0)>'" } ?? ""
      return "expected \(closing) to close the element\(started)\(found)"
    case Int(collapse_XML_ERR_TAG_NOT_FINISHED):
      let closing = name.map { "'</\($0)>'" } ?? "an end tag"
      let started = figure > 0 ? " that started at line \(figure)" : ""
      return "unexpected end of input; expected \(closing) to close the element\(started)"
    case Int(collapse_XML_ERR_SPACE_REQUIRED):
      return "expected white space between the attributes"
    case Int(collapse_XML_ERR_DOCTYPE_NOT_FINISHED):
      return "expected '>' to end the document type declaration"
    case Int(collapse_XML_ERR_UNKNOWN_ENCODING), Int(collapse_XML_ERR_UNSUPPORTED_ENCODING):
      return "an encoding collapse does not read (it reads UTF-8)"
    default:
      return "not well-formed XML (libxml2's error \(code))"
    }
  }
}
