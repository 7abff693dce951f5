import CYaml

/// What libyaml stopped on, told from what its parser holds rather than from its words:
/// the kind of error, the state the parser was in, the events it handed out before, the
/// tokens it holds, and the characters its marks stand on.
enum YAMLProblem: Equatable {
  /// Bytes that are not UTF-8, or a code point UTF-8 may not hold.
  case invalidUTF8
  /// A control character, which YAML keeps out of its text.
  case controlCharacter
  /// Not a key where a block mapping's next key goes.
  case expectedKey
  /// Not a `-` where a block sequence's next element goes.
  case expectedEntry
  /// Not a `,` or `]` after an element of a flow sequence.
  case expectedFlowSequenceEnd
  /// Not a `,` or `}` after a member of a flow mapping.
  case expectedFlowMappingEnd
  /// Not a `---` where a document must start.
  case expectedDocumentStart
  /// Nothing that starts a value where one goes.
  case expectedNode
  /// A key that its line ended without a `:` after.
  case keyWithoutColon
  /// A `: ` where a mapping cannot start.
  case mappingValueHere
  /// A `- ` where a sequence cannot start.
  case sequenceEntryHere
  /// A tab where YAML wants spaces.
  case tab
  /// A character that starts nothing.
  case cannotStartToken
  /// A quoted string that the input ended inside.
  case unclosedQuote
  /// A `\` in a double-quoted string before a character that no escape starts with.
  case unknownEscape
  /// Something else, which libyaml's own words tell.
  case other

  /// What libyaml found wrong, as its parser holds it when it stops; found on the parser's
  /// thread, and told apart (`init(_:in:)`) once the text's lines are known.
  struct Facts: Sendable {
    let error: yaml_error_type_t
    let state: yaml_parser_state_t
    /// libyaml's words, shown only for what is told apart by nothing else.
    let problem: String?
    let context: String?
    let contextMark: (line: Int, column: Int)
    let problemMark: (line: Int, column: Int)
    /// The byte a reader's error stands at.
    let offset: Int
    /// Whether a token libyaml holds, not yet parsed, that may start a key starts at the
    /// context mark: a key waiting for its `:`.
    let tokenAtContext: Bool
    /// Where the last event handed out before the problem starts, if there was one.
    let lastEvent: (line: Int, column: Int)?

    /// Whether libyaml's reader found it, before any mark is made: by its offset.
    var isReading: Bool { error == YAML_READER_ERROR }

    /// The facts of `parser`, which has just failed; `lastEvent` is where the last event it
    /// handed out started.
    init(_ parser: yaml_parser_t, lastEvent: (line: Int, column: Int)?) {
      error = parser.error
      state = parser.state
      problem = parser.problem.map { String(cString: $0) }
      context = parser.context.map { String(cString: $0) }
      contextMark = (Int(parser.context_mark.line), Int(parser.context_mark.column))
      problemMark = (Int(parser.problem_mark.line), Int(parser.problem_mark.column))
      offset = Int(parser.problem_offset)
      var token = parser.tokens.head
      var found = false
      while let current = token, current != parser.tokens.tail {
        // What may be a key: a value's first token, not the ends of blocks made there.
        switch current.pointee.type {
        case YAML_SCALAR_TOKEN, YAML_ALIAS_TOKEN, YAML_ANCHOR_TOKEN, YAML_TAG_TOKEN,
          YAML_FLOW_SEQUENCE_START_TOKEN, YAML_FLOW_MAPPING_START_TOKEN:
          found = current.pointee.start_mark.index == parser.context_mark.index
        default:
          break
        }
        if found { break }
        token = current + 1
      }
      tokenAtContext = parser.context != nil && found
      self.lastEvent = lastEvent
    }

    /// A failure to start the parser, which has no marks.
    init(outOfMemory message: String) {
      error = YAML_MEMORY_ERROR
      state = YAML_PARSE_STREAM_START_STATE
      problem = message
      context = nil
      contextMark = (0, 0)
      problemMark = (0, 0)
      offset = 0
      tokenAtContext = false
      lastEvent = nil
    }
  }

  /// What `facts` say went wrong in `text`, what libyaml parsed.
  init(_ facts: Facts, in text: SourceText) {
    let character = { (mark: (line: Int, column: Int)) in
      YAMLProblem.character(line: mark.line, column: mark.column, in: text)
    }
    let atProblem = character(facts.problemMark)
    let contextIsProblem = facts.contextMark == facts.problemMark
    switch facts.error {
    case YAML_READER_ERROR:
      let offset = min(facts.offset, text.bytes.count)
      var decoder = UTF8()
      var bytes = text.bytes[offset...].makeIterator()
      if case .scalarValue = decoder.decode(&bytes) {
        self = .controlCharacter
      } else {
        self = .invalidUTF8
      }
    case YAML_SCANNER_ERROR:
      if facts.tokenAtContext && !contextIsProblem {
        self = .keyWithoutColon
      } else if atProblem == nil, let quote = character(facts.contextMark),
        quote == "\"" || quote == "'"
      {
        self = .unclosedQuote
      } else if atProblem == "\t",
        !"%!&*".unicodeScalars.contains(character(facts.contextMark) ?? " ")
      {
        // Not in a directive, a tag, an anchor or an alias, whose names a tab may end.
        self = .tab
      } else if contextIsProblem && atProblem == ":" {
        self = .mappingValueHere
      } else if contextIsProblem && atProblem == "-" {
        self = .sequenceEntryHere
      } else if contextIsProblem && atProblem != "?" && atProblem != nil {
        self = .cannotStartToken
      } else if atProblem == "\\", character(facts.contextMark) == "\"",
        YAMLProblem.isUnknownEscape(after: facts.problemMark, in: text)
      {
        self = .unknownEscape
      } else {
        self = .other
      }
    case YAML_PARSER_ERROR:
      // The parser stopped in a collection's state, at the token after an entry, or in
      // reading the value that the token starts: a value starts after the last event,
      // and the context of a collection's error is where the collection started.
      let inCollection = facts.lastEvent.map { facts.contextMark <= $0 } == true
      switch facts.state {
      case YAML_PARSE_BLOCK_MAPPING_FIRST_KEY_STATE, YAML_PARSE_BLOCK_MAPPING_KEY_STATE:
        self = inCollection ? .expectedKey : YAMLProblem(node: atProblem)
      case YAML_PARSE_BLOCK_SEQUENCE_FIRST_ENTRY_STATE, YAML_PARSE_BLOCK_SEQUENCE_ENTRY_STATE:
        self = inCollection ? .expectedEntry : YAMLProblem(node: atProblem)
      case YAML_PARSE_FLOW_SEQUENCE_FIRST_ENTRY_STATE, YAML_PARSE_FLOW_SEQUENCE_ENTRY_STATE:
        self = inCollection ? .expectedFlowSequenceEnd : YAMLProblem(node: atProblem)
      case YAML_PARSE_FLOW_MAPPING_FIRST_KEY_STATE, YAML_PARSE_FLOW_MAPPING_KEY_STATE:
        self = inCollection ? .expectedFlowMappingEnd : YAMLProblem(node: atProblem)
      case YAML_PARSE_DOCUMENT_START_STATE, YAML_PARSE_IMPLICIT_DOCUMENT_START_STATE:
        // A directive that is not taken (`%YAML 2.0`, one given twice) stops here too.
        self = atProblem == "%" ? .other : .expectedDocumentStart
      case YAML_PARSE_STREAM_START_STATE:
        self = .other
      default:
        self = YAMLProblem(node: atProblem)
      }
    default:
      self = .other
    }
  }

  /// A value that could not be read: nothing starts one at the token, or the token is a
  /// tag whose handle no directive declared.
  private init(node atProblem: Unicode.Scalar?) {
    self = atProblem == "!" ? .other : .expectedNode
  }

  /// The characters YAML's double-quoted escapes start with, after the `\`.
  private static let escapes = "0abt\tnvfre \"/\\N_LPxuU"

  /// Whether the `\` at `mark` starts no escape: what follows it is none of `escapes`, nor
  /// a line break (an escaped one), or the input ends.
  private static func isUnknownEscape(after mark: (line: Int, column: Int), in text: SourceText)
    -> Bool
  {
    if let escaped = character(line: mark.line, column: mark.column + 1, in: text) {
      return !escapes.unicodeScalars.contains(escaped)
    }
    // Past the end of its line: a line break follows, unless the input ends there.
    return mark.line + 1 >= text.lineCount
      && text.lineRange(mark.line).upperBound >= text.bytes.count
  }

  /// The character at a mark; nil at the end of the input or past the end of its line.
  static func character(line: Int, column: Int, in text: SourceText) -> Unicode.Scalar? {
    guard line < text.lineCount else { return nil }
    let characters = String(decoding: text.bytes[text.lineRange(line)], as: UTF8.self)
      .unicodeScalars
    guard
      let index = characters.index(
        characters.startIndex, offsetBy: column, limitedBy: characters.endIndex),
      index < characters.endIndex
    else { return nil }
    return characters[index]
  }
}
