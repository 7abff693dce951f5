/// What yajl's parser takes next, as the tokens that reached the reader's callbacks leave it:
/// the parser's own state, which yajl does not tell.
enum JSONParserState {
  /// A value: at the top level, after `:` in an object or after `,` in an array.
  case value
  /// A value or `]`, just after `[`.
  case arrayStart
  /// A key or `}`, just after `{`.
  case objectStart
  /// A key, after `,` in an object.
  case key
  /// `:`, after a key.
  case colon
  /// `,` or `}`, after a member's value.
  case afterMember
  /// `,` or `]`, after an element.
  case afterElement

  /// The last token that reached one of yajl's callbacks.
  enum Token {
    case none
    case objectStart
    case arrayStart
    case key
    /// A scalar, or the end of an object or array.
    case value
  }

  /// The state after `token`, inside an object or an array as `innermostIsObject` says.
  init(after token: Token, innermostIsObject: Bool?) {
    switch token {
    case .none: self = .value
    case .objectStart: self = .objectStart
    case .arrayStart: self = .arrayStart
    case .key: self = .colon
    case .value:
      switch innermostIsObject {
      case true?: self = .afterMember
      case false?: self = .afterElement
      case nil: self = .value
      }
    }
  }

  /// The state after `separator`, a `,` or `:`, when the parser takes it here.
  func taking(_ separator: UInt8) -> JSONParserState? {
    switch (self, separator) {
    case (.afterMember, UInt8(ascii: ",")): return .key
    case (.afterElement, UInt8(ascii: ",")): return .value
    case (.colon, UInt8(ascii: ":")): return .value
    default: return nil
    }
  }

  /// What is wrong with a well-formed token the parser does not take here.
  var problem: JSONProblem {
    switch self {
    case .value, .arrayStart: return .unexpectedToken
    case .objectStart, .key: return .invalidKey
    case .colon: return .afterKey
    case .afterMember: return .afterMember
    case .afterElement: return .afterElement
    }
  }
}
