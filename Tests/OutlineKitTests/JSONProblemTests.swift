import Testing

@testable import OutlineKit

@Suite("JSON problems, told from the tokens")
struct JSONProblemTests {
  @Test(
    "a token is judged as yajl's lexer judges it, from its first byte on",
    arguments: [
      ("@", JSONProblem.invalidCharacter), ("/", .comment), ("tru]", .invalidLiteral),
      ("nul", nil), ("falsy", .invalidLiteral), ("true1", nil), ("-x", .missingDigitAfterMinus),
      ("-", nil), ("1.]", .missingDigitAfterDecimalPoint), ("1e+]", .missingDigitInExponent),
      ("01", nil), ("12.5e-3,", nil), ("\"a\\q\"", .invalidEscape),
      ("\"\\u12g\"", .invalidHexEscape), ("\"a\tb\"", .unescapedInString),
      ("\"\u{E9}\"", nil), ("\"a", nil), ("]", nil), (",", nil),
    ] as [(String, JSONProblem?)])
  func lexical(source: String, problem: JSONProblem?) {
    #expect(JSONProblem.lexical(Array(source.utf8)) == problem, "\(source)")
  }

  @Test("bytes in a string are judged by their shape, as yajl judges them")
  func utf8Shape() {
    #expect(JSONProblem.lexical([0x22, 0xC3, 0x41, 0x22]) == .invalidUTF8)
    #expect(JSONProblem.lexical([0x22, 0x80, 0x22]) == .invalidUTF8)
    #expect(JSONProblem.lexical([0x22, 0xE2, 0x82]) == nil)
    #expect(JSONProblem.lexical([0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22]) == nil)
  }

  @Test("a well-formed token where the parser does not take it is the state's problem")
  func parserState() {
    #expect(JSONParserState(after: .key, innermostIsObject: true).problem == .afterKey)
    #expect(JSONParserState(after: .value, innermostIsObject: true).problem == .afterMember)
    #expect(JSONParserState(after: .value, innermostIsObject: false).problem == .afterElement)
    #expect(JSONParserState(after: .value, innermostIsObject: nil).problem == .unexpectedToken)
    #expect(JSONParserState(after: .objectStart, innermostIsObject: true).problem == .invalidKey)
    let afterComma = JSONParserState(after: .value, innermostIsObject: true).taking(0x2C)
    #expect(afterComma?.problem == .invalidKey)
    #expect(JSONParserState(after: .value, innermostIsObject: false).taking(0x3A) == nil)
  }

  @Test("a form feed is white space to yajl, so a bad token after it is the one found")
  func formFeed() {
    let message =
      "expected a value (true, false, null, a number, a string, an object or an array), found ']'"
    #expect(throws: ReadError(line: 1, column: 11, message: message)) {
      try JSONReader.read(Array("[1, 2\u{0C},tru]".utf8))
    }
  }
}
