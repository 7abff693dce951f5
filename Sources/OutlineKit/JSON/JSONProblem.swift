/// What is wrong where yajl stopped, told from the token there and the parser's state
/// before it, as yajl's lexer and parser judge them, rather than from yajl's words.
enum JSONProblem: Equatable {
  // What yajl's lexer finds wrong in a token.
  /// A byte that starts no token outside a string.
  case invalidCharacter
  /// A letter that starts no `true`, `false` or `null`.
  case invalidLiteral
  /// A control character in a string.
  case unescapedInString
  /// A byte in a string that is not UTF-8 by the shape of its lead and continuation bytes.
  case invalidUTF8
  /// A `\` in a string before a byte that no escape starts with.
  case invalidEscape
  /// A `\u` in a string not followed by four hex digits.
  case invalidHexEscape
  case missingDigitAfterDecimalPoint
  case missingDigitInExponent
  case missingDigitAfterMinus
  /// A `/`, which starts a comment yajl has not been told to allow.
  case comment

  // A token where yajl's parser does not take it.
  /// Not a `,` or `}` after an object's member.
  case afterMember
  /// Not a `,` or `]` after an array's element.
  case afterElement
  /// Not a `:` after an object's key.
  case afterKey
  /// Not a string where an object's key goes.
  case invalidKey
  /// Not a value where one goes.
  case unexpectedToken

  /// Whether yajl's lexer finds it, rather than its parser.
  var isLexical: Bool {
    switch self {
    case .afterMember, .afterElement, .afterKey, .invalidKey, .unexpectedToken: return false
    default: return true
    }
  }

  /// Whether yajl's count of bytes consumed stands just after the byte at fault, rather than
  /// on it: so it does for a byte outside strings and for bad UTF-8.
  var consumesBadByte: Bool { self == .invalidCharacter || self == .invalidUTF8 }

  /// The lexical problem of the token that `source` starts with, as yajl 2.1's lexer finds
  /// it, or nil when the token is well-formed as far as `source` goes.
  static func lexical(_ source: some Collection<UInt8>) -> JSONProblem? {
    var bytes = source.makeIterator()
    guard let first = bytes.next() else { return nil }
    switch first {
    case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
      UInt8(ascii: ","), UInt8(ascii: ":"):
      return nil
    case UInt8(ascii: "\""):
      return string(&bytes)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return number(first, &bytes)
    case UInt8(ascii: "t"): return literal("rue", &bytes)
    case UInt8(ascii: "f"): return literal("alse", &bytes)
    case UInt8(ascii: "n"): return literal("ull", &bytes)
    case UInt8(ascii: "/"): return .comment
    default: return .invalidCharacter
    }
  }

  private static func literal<Bytes: IteratorProtocol<UInt8>>(
    _ rest: StaticString, _ bytes: inout Bytes
  ) -> JSONProblem? {
    for expected in UnsafeBufferPointer(start: rest.utf8Start, count: rest.utf8CodeUnitCount) {
      guard let byte = bytes.next() else { return nil }
      if byte != expected { return .invalidLiteral }
    }
    return nil
  }

  /// A string after its opening quote, up to its closing one.
  private static func string<Bytes: IteratorProtocol<UInt8>>(_ bytes: inout Bytes)
    -> JSONProblem?
  {
    while let byte = bytes.next() {
      switch byte {
      case UInt8(ascii: "\""):
        return nil
      case UInt8(ascii: "\\"):
        guard let escaped = bytes.next() else { return nil }
        if escaped == UInt8(ascii: "u") {
          for _ in 0..<4 {
            guard let digit = bytes.next() else { return nil }
            if !isHexDigit(digit) { return .invalidHexEscape }
          }
        } else if !"\"\\/bfnrt".utf8.contains(escaped) {
          return .invalidEscape
        }
      case 0x00..<0x20:
        return .unescapedInString
      case 0x80...:
        // yajl checks only the shape: a lead byte and as many continuation bytes as it says.
        let continuations =
          byte >> 5 == 0x06 ? 1 : byte >> 4 == 0x0E ? 2 : byte >> 3 == 0x1E ? 3 : 0
        if continuations == 0 { return .invalidUTF8 }
        for _ in 0..<continuations {
          guard let next = bytes.next() else { return nil }
          if next >> 6 != 0x02 { return .invalidUTF8 }
        }
      default:
        break
      }
    }
    return nil
  }

  /// A number from its first byte, `first`.
  private static func number<Bytes: IteratorProtocol<UInt8>>(
    _ first: UInt8, _ bytes: inout Bytes
  ) -> JSONProblem? {
    var byte: UInt8? = first
    if byte == UInt8(ascii: "-") { byte = bytes.next() }
    guard let lead = byte else { return nil }
    if lead == UInt8(ascii: "0") {
      byte = bytes.next()
    } else if isDigit(lead) {
      repeat { byte = bytes.next() } while byte.map(isDigit) == true
    } else {
      return .missingDigitAfterMinus
    }
    if byte == UInt8(ascii: ".") {
      byte = bytes.next()
      guard let digit = byte else { return nil }
      if !isDigit(digit) { return .missingDigitAfterDecimalPoint }
      repeat { byte = bytes.next() } while byte.map(isDigit) == true
    }
    if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
      byte = bytes.next()
      if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { byte = bytes.next() }
      guard let digit = byte else { return nil }
      if !isDigit(digit) { return .missingDigitInExponent }
    }
    return nil
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
  }
}
