import Testing

@testable import OutlineKit

/// The outline of a JSON string, which must parse.
func json(_ text: String, titleKeys: [String] = ["name", "title", "id"]) throws -> Outline {
  try JSONReader.read(
    Array(text.utf8), options: JSONReader.Options(titleKeys: TitleKeys(titleKeys)))
}

/// The content lines of content runs, as the text writer shows them.
func memberLines(_ content: [Content]) -> [String] {
  content.flatMap { run -> [String] in
    guard case .members(let members) = run.body else { return [] }
    return members.map(\.line)
  }
}

/// The error a JSON string gives.
func jsonError(_ text: String) -> ReadError? {
  do {
    _ = try JSONReader.read(Array(text.utf8))
    return nil
  } catch {
    return error
  }
}

@Suite("JSON reader")
struct JSONReaderTests {
  @Test("keys keep document order and duplicate keys are all kept")
  func orderAndDuplicates() throws {
    let outline = try json(#"{"zebra": 1, "apple": {"b": 2, "a": 1}, "mango": 3, "zebra": 4}"#)
    #expect(memberLines(outline.content) == ["zebra: 1", "mango: 3", "zebra: 4"])
    #expect(outline.content.map(\.position) == [0, 1])
    #expect(shape(outline) == ["0:apple"])
    #expect(memberLines(outline.sections[0].content) == ["b: 2", "a: 1"])
  }

  @Test(
    "numbers are shown exactly as written",
    arguments: [
      "12345678901234567890", "1.50", "1e3", "-0", "1E+300", "0.1000000000000000055511151231257827",
    ])
  func numbers(_ number: String) throws {
    #expect(memberLines(try json("{\"n\": \(number)}").content) == ["n: \(number)"])
  }

  @Test("strings are decoded: escapes, \\u escapes and surrogate pairs")
  func strings() throws {
    let outline = try json(
      #"["caf\u00e9", "\ud83d\ude00", "a\/b", "tab\there", "quote\"back\\", "😀 raw"]"#)
    guard case .members(let members) = outline.content.first?.body else {
      Issue.record("no members")
      return
    }
    #expect(members.map(\.value) == ["café", "😀", "a/b", "tab\there", "quote\"back\\", "😀 raw"])
    #expect(members[3].line == #"[3]: "tab\there""#)
    #expect(members[4].line == #"[4]: "quote\"back\\""#)
  }

  @Test(
    "an unpaired surrogate escape becomes U+FFFD, in keys and values; a pair is one character",
    arguments: [
      (#"\ud800"#, "\u{FFFD}"), (#"\ud800\u0041"#, "\u{FFFD}A"),
      (#"\ud83d\ud83d"#, "\u{FFFD}\u{FFFD}"), (#"\udc00"#, "\u{FFFD}"),
      (#"\udc00\ud800"#, "\u{FFFD}\u{FFFD}"), (#"x\uDBFFy"#, "x\u{FFFD}y"),
      (#"\ud800\ud83d\ude00"#, "\u{FFFD}😀"), (#"\ud83d\ude00\ud800"#, "😀\u{FFFD}"),
      (#"\ud800\n"#, "\u{FFFD}\n"), (#"\ud800?"#, "\u{FFFD}?"),
      (#"\ud83d\ude00"#, "😀"), (#"\uD800\uDC00"#, "\u{10000}"), (#"\uDBFF\uDFFF"#, "\u{10FFFF}"),
      (#"a?b"#, "a?b"), (#"?"#, "?"), (#"\\ud800"#, #"\ud800"#), (#"\\\ud800"#, "\\\u{FFFD}"),
      (#"\u0041\"\ud800\/"#, "A\"\u{FFFD}/"),
    ])
  func surrogates(_ escaped: String, _ decoded: String) throws {
    let text = "{\"\(escaped)\": \"\(escaped)\", \"o\": {\"\(escaped)\": [1]}}"
    let outline = try json(text)
    guard case .members(let members) = outline.content.first?.body else {
      Issue.record("no members")
      return
    }
    #expect(members.map(\.key) == [decoded])
    #expect(members.map(\.value) == [decoded])
    #expect(outline.sections.map(\.title) == ["o", decoded])
    // The same in chunks of every size, so that strings start, end and span chunks anywhere.
    let bytes = Array(text.utf8)
    for size in 1...bytes.count {
      let chunked = try readInChunks(bytes, size: size)
      #expect(memberLines(chunked.content) == memberLines(outline.content), "chunks of \(size)")
      #expect(chunked.sections.map(\.title) == ["o", decoded], "chunks of \(size)")
    }
  }

  @Test("an element titled by a member with an unpaired surrogate gets U+FFFD in its title and id")
  func surrogateInTitle() throws {
    let outline = try json(#"[{"name": "a\ud800b", "x": 1}, {"name": "\ud83d\ud83d", "x": 2}]"#)
    #expect(outline.sections.map(\.title) == ["a\u{FFFD}b", "\u{FFFD}\u{FFFD}"])
    #expect(outline.ids == ["ab", "section"])
  }

  @Test("a string's control characters are shown as escapes, never sent raw")
  func controlCharactersInStrings() throws {
    let outline = try json(#"{"e\u001bkey": "bell\u0007 nul\u0000 line\u2028end"}"#)
    #expect(
      memberLines(outline.content) == [#""e\u001Bkey": "bell\u0007 nul\u0000 line\u2028end""#])
  }

  @Test("non-empty objects and arrays are sections; scalars and empty ones are content")
  func mapping() throws {
    let outline = try json(
      #"{"a": {"x": 1}, "b": [1, 2], "c": {}, "d": [], "e": null, "f": true, "g": "s"}"#)
    #expect(shape(outline) == ["0:a", "0:b"])
    #expect(outline.sections.map(\.kind) == [.object(members: 1), .array(elements: 2)])
    #expect(memberLines(outline.content) == ["c: {}", "d: []", "e: null", "f: true", "g: \"s\""])
    #expect(memberLines(outline.sections[1].content) == ["[0]: 1", "[1]: 2"])
  }

  @Test("an element is titled by its name, title or id string member, in that order")
  func elementTitles() throws {
    let outline = try json(
      #"[{"id": "i", "title": "t", "name": "n"}, {"id": "i", "title": "t"}, {"id": "i"}, {"id": 7}, {"other": "x"}, [1]]"#
    )
    #expect(outline.sections.map(\.title) == ["n", "t", "i", "[3]", "[4]", "[5]"])
    #expect(outline.sections.map(\.key) == ["0", "1", "2", "3", "4", "5"])
  }

  @Test("a blank title member is passed over for the next one, then for the index")
  func blankElementTitles() throws {
    let outline = try json(
      #"[{"name": "", "id": "X", "o": [1]}, {"name": " \t", "title": "\u00a0\u3000\n", "id": "i"}, {"name": "", "title": " "}, {"name": " a "}]"#
    )
    #expect(outline.sections.map(\.title) == ["X", "o", "i", "[2]", " a "])
    let chosen = try json(#"[{"login": "", "name": "n"}, {"login": " "}]"#, titleKeys: ["login"])
    #expect(chosen.sections.map(\.title) == ["[0]", "[1]"])
  }

  @Test("a section under an empty or blank key is titled by the key in quotes, and selectable")
  func blankKeys() throws {
    let outline = try json(#"{"": {"a": 1}, " ": {"b": 2}, "\n": {"c": 3}, "x": {"": [1]}}"#)
    #expect(shape(outline) == [#"0:"""#, #"0:" ""#, #"0:"\n""#, "0:x", #"1:"""#])
    #expect(outline.sections.map(\.key) == ["", " ", "\n", "x", ""])
    #expect(outline.ids == ["section", "-", "n", "x", "section-1"])
    #expect(memberLines(outline.content) == [])
    for name in ["section", #""""#] {
      let selection = try Selection(outline: outline, request: SelectionRequest(collapse: [name]))
      #expect(!selection.isExpanded(0), "\(name)")
      #expect(selection.isExpanded(1), "\(name)")
    }
  }

  @Test("--title-key chooses the member that titles elements")
  func titleKey() throws {
    let outline = try json(#"[{"name": "n", "login": "ana"}, {"name": "m"}]"#, titleKeys: ["login"])
    #expect(outline.sections.map(\.title) == ["ana", "[1]"])
  }

  @Test("a member holding an object is titled by its key, not by the object's name")
  func memberTitles() throws {
    let outline = try json(#"{"author": {"name": "Ana"}}"#)
    #expect(outline.sections.map(\.title) == ["author"])
  }

  @Test("a collapsed section says what it hides")
  func summaries() throws {
    let outline = try json(
      #"{"a": {"x": 1, "y": 2, "z": {}, "w": [1]}, "b": [1], "c": [[1], 2, 3]}"#)
    #expect(
      outline.sections.indices.map { outline.hiddenSummary(of: $0) } == [
        "{…} 4 keys", "[…] 1 item", "[…] 1 item", "[…] 3 items", "[…] 1 item",
      ])
  }

  @Test("several top-level values, as in JSON Lines, are sections titled as elements are")
  func severalValues() throws {
    let outline = try json("{\"name\": \"a\", \"x\": 1}\n{\"y\": 2}\n7\n[]\n")
    #expect(shape(outline) == ["0:a", "0:[1]"])
    #expect(outline.sections.map(\.key) == ["0", "1"])
    #expect(memberLines(outline.content) == ["[2]: 7", "[3]: []"])
    #expect(outline.kind == .array(elements: 4))
  }

  @Test(
    "JSON Lines: every value is a section, titled as an element is, or a line [i], even a lone one")
  func jsonLines() throws {
    func lines(_ text: String) throws -> Outline {
      try JSONReader.read(Array(text.utf8), options: JSONReader.Options(isJSONLines: true))
    }
    let one = try lines("{\"a\": {\"b\": 1}}\n")
    #expect(shape(one) == ["0:[0]", "1:a"])
    #expect(one.sections.map(\.key) == ["0", "a"])
    #expect(one.content.isEmpty)
    #expect(one.kind == .array(elements: 1))
    #expect(try OutlineKitTests.text(one) == "▾ [0]\n  ▾ a\n    b: 1\n")
    let named = try lines("{\"name\": \"start\", \"x\": 1}")
    #expect(shape(named) == ["0:start"])
    #expect(named.sections.map(\.key) == ["0"])
    #expect(memberLines(try lines("7\n").content) == ["[0]: 7"])
    #expect(memberLines(try lines("{}\n").content) == ["[0]: {}"])
    let two = try lines("{\"a\": 1}\n{\"b\": 2}\n")
    #expect(shape(two) == ["0:[0]", "0:[1]"])
    for empty in ["", "\n", " \n\n"] {
      let outline = try lines(empty)
      #expect(outline.sections.isEmpty && outline.content.isEmpty)
    }
  }

  @Test("a byte order mark before the JSON is skipped")
  func byteOrderMark() throws {
    #expect(memberLines(try json("\u{FEFF}{\"a\": 1}").content) == ["a: 1"])
    let reader = JSONReader()
    for byte in Array("\u{FEFF}[2]".utf8) {
      try [byte].withUnsafeBytes { try reader.feed($0) as Void }
    }
    #expect(memberLines(try reader.finish().content) == ["[0]: 2"])
    #expect(memberLines(try json("\u{FEFF}").content) == [])
  }

  @Test("a lone value, an empty container and empty input")
  func loneValues() throws {
    #expect(memberLines(try json("42").content) == ["42"])
    #expect(memberLines(try json(" {} ").content) == ["{}"])
    #expect(memberLines(try json("\"s\"").content) == ["\"s\""])
    let empty = try json("  \n")
    #expect(empty.sections.isEmpty && empty.content.isEmpty)
  }

  @Test("a single top-level container is unwrapped: its members are the top level")
  func unwrapping() throws {
    let outline = try json(#"{"regions": [{"name": "Pacific", "seas": [{"name": "Coral"}]}]}"#)
    #expect(shape(outline) == ["0:regions", "1:Pacific", "2:seas", "3:Coral"])
    #expect(outline.sections.map(\.parent) == [nil, 0, 1, 2])
    #expect(outline.sections.map(\.end) == [4, 4, 4, 4])
    #expect(outline.sections.map(\.level) == [1, 2, 3, 4])
    #expect(outline.kind == .object(members: 1))
  }

  @Test("content keeps its place among subsections")
  func interleaving() throws {
    let outline = try json(#"{"a": 1, "b": {"x": 1}, "c": 2, "d": {"y": 2}, "e": 3}"#)
    #expect(outline.content.map(\.position) == [0, 1, 2])
    let text = try OutlineKitTests.text(outline)
    #expect(text == "a: 1\n▾ b\n  x: 1\nc: 2\n▾ d\n  y: 2\ne: 3\n")
  }

  @Test("NAMEs match JSON keys, indexes, paths and element titles")
  func names() throws {
    let outline = try json(
      #"{"regions": [{"name": "Pacific", "seas": [{"name": "Coral"}]}], "meta": {"seas": [1]}}"#)
    func open(_ name: String) throws -> [String] {
      let selection = try Selection(outline: outline, request: SelectionRequest(expand: [name]))
      return outline.sections.indices.filter { selection.isExpanded($0) }.map {
        outline.sections[$0].title
      }
    }
    #expect(try open("regions/0/seas") == ["regions", "Pacific", "seas"])
    #expect(try open("regions/Pacific/seas") == ["regions", "Pacific", "seas"])
    #expect(try open("seas") == ["regions", "Pacific", "seas", "meta", "seas"])
    #expect(try open("meta/seas") == ["meta", "seas"])
    #expect(try open("/^Cor/") == ["regions", "Pacific", "seas", "Coral"])
    #expect(try open("seas-1") == ["meta", "seas"])
  }

  @Test(
    "errors say where and what was expected",
    arguments: [
      ("[1, 2", 1, 6, "unexpected end of input; expected ']' to close an array"),
      ("{\"a\": 1", 1, 8, "unexpected end of input; expected '}' to close an object"),
      ("[1,]", 1, 4, "expected a value after ',', found ']' (trailing commas are not allowed)"),
      (
        "{\n  \"a\": 1,\n}", 3, 1,
        "expected a key after ',', found '}' (trailing commas are not allowed)"
      ),
      ("{\"a\" 1}", 1, 6, "expected ':' after object key, found '1'"),
      ("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}' after object member, found '\"'"),
      ("[1 2]", 1, 4, "expected ',' or ']' after array element, found '2'"),
      ("{\"a\": [1, 2}", 1, 12, "expected ',' or ']' after array element, found '}'"),
      (
        "[\"bad \\q\"]", 1, 8,
        "invalid escape '\\q' in a string; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u"
      ),
      ("[\"tab\there\"]", 1, 6, "a tab in a string must be escaped"),
      ("[\"\\u12\"]", 1, 7, "expected four hex digits after '\\u', found '\"'"),
      (
        "[tru]", 1, 5,
        "expected a value (true, false, null, a number, a string, an object or an array), found ']'"
      ),
      ("{\"é\": 1, 2}", 1, 10, "expected a string as object key, found '2'"),
      ("  # comment", 1, 3, "unexpected character '#'"),
      ("[1.]", 1, 4, "expected a digit after the decimal point, found ']'"),
      ("[-x]", 1, 3, "expected a digit after '-', found 'x'"),
      ("/* c */ 1", 1, 1, "comments are not allowed in JSON"),
    ])
  func errors(_ text: String, _ line: Int, _ column: Int, _ message: String) {
    #expect(jsonError(text) == ReadError(line: line, column: column, message: message))
  }

  @Test("a byte that cannot start JSON is named")
  func badByte() {
    let error = try? JSONReader.read([0x5B, 0xFF, 0x5D])
    #expect(error == nil)
    do {
      _ = try JSONReader.read([0x5B, 0xFF, 0x5D])
    } catch {
      #expect(error == ReadError(line: 1, column: 2, message: "unexpected byte 0xFF"))
    }
  }

  @Test("invalid UTF-8 in a string is an error at its place")
  func invalidUTF8() throws {
    let bytes: [UInt8] = Array("{\n \"k\": \"a".utf8) + [0xFF] + Array("\"}".utf8)
    #expect(throws: ReadError.self) { try JSONReader.read(bytes) }
    do {
      _ = try JSONReader.read(bytes)
    } catch {
      #expect(error == ReadError(line: 2, column: 9, message: "invalid UTF-8 in a string"))
    }
  }

  @Test("feeding in chunks gives the same outline, and errors at the same place")
  func chunks() throws {
    let text = Array(
      #"{"é": [1, {"name": "x", "v": "\ud83d\ude00"}], "z": {}, "n": 12345678901234567890}"#.utf8)
    let whole = try OutlineKitTests.text(JSONReader.read(text))
    let broken = Array("{\n  \"a\": [1,\n    2,,]\n}".utf8)
    let wholeError = jsonError(String(decoding: broken, as: UTF8.self))
    #expect(wholeError == ReadError(line: 3, column: 7, message: "expected a value, found ','"))
    for size in 1...5 {
      #expect(
        try OutlineKitTests.text(readInChunks(text, size: size)) == whole, "chunks of \(size)")
      #expect(errorInChunks(broken, size: size) == wholeError, "chunks of \(size)")
    }
  }

  @Test("each section's bytes run from its key, or bracket, to its closing bracket, in any chunks")
  func spans() throws {
    // Keys with escapes, a byte order mark, line ends and an element of an array.
    let text =
      [0xEF, 0xBB, 0xBF]
      + Array(
        "{\"a\\\"b\": {\"x\": 1},\n \"l\": [\n  [2], {\"name\": \"\\u00e9\"}\n ],\n\"z\": {\"y\": [3]}}\n"
          .utf8)
    let whole = try JSONReader.read(text)
    #expect(whole.sections.map(\.title) == ["a\"b", "l", "[0]", "é", "z", "y"])
    let spans = whole.sections.map(\.span)
    #expect(spans.map(\.lines) == [0..<1, 1..<4, 2..<3, 2..<3, 4..<5, 4..<5])
    // Each section's bytes, cut out, as written in the source.
    let cut = spans.map { String(decoding: text[$0.bytes], as: UTF8.self) }
    #expect(
      cut == [
        #""a\"b": {"x": 1}"#, "\"l\": [\n  [2], {\"name\": \"\\u00e9\"}\n ]", "[2]",
        #"{"name": "\u00e9"}"#, #""z": {"y": [3]}"#, #""y": [3]"#,
      ])
    #expect(whole.sourceLines == 5)
    for size in 1...9 {
      let chunked = try readInChunks(text, size: size)
      #expect(chunked.sections.map(\.span) == spans, "chunks of \(size)")
    }
  }

  @Test("strings, numbers and words held back across chunks end where JSON says they do")
  func tokensAcrossChunks() throws {
    // Runs of backslashes before quotes, split at every place: an even run lets the quote
    // end the string, an odd one escapes it.
    let text = Array(
      #"{"a": "x\\\\", "b": "y\\\"z", "c": "\\", "d": 123.5e-7, "e": true, "f": "\"", "g": null}"#
        .utf8)
    let whole = try OutlineKitTests.text(JSONReader.read(text))
    #expect(
      whole
        == #"""
        a: "x\\\\"
        b: "y\\\"z"
        c: "\\"
        d: 123.5e-7
        e: true
        f: "\""
        g: null

        """#)
    for size in 1...text.count {
      #expect(
        try OutlineKitTests.text(readInChunks(text, size: size)) == whole, "chunks of \(size)")
    }
    // A string held back to the end of the input is still an error at its start.
    let open = Array(#"["ab\\"#.utf8)
    let error = ReadError(
      line: 1, column: 7, message: "unexpected end of input; expected ']' to close an array")
    #expect(jsonError(String(decoding: open, as: UTF8.self)) == error)
    for size in 1...open.count { #expect(errorInChunks(open, size: size) == error) }
  }

  @Test("a token held back ends where JSON ends it, however the chunks cut it")
  func openTokenEnds() {
    func ends(_ first: String, _ tail: String, _ chunks: [String]) -> [Bool] {
      guard var token = OpenToken(startingWith: Array(first.utf8)[0], tail: Array(tail.utf8))
      else { return [] }
      var held: [UInt8] = []
      return chunks.map { chunk in
        let start = held.count
        held += Array(chunk.utf8)
        return held.withUnsafeBufferPointer { token.ends(in: $0, from: start) }
      }
    }
    // An odd run of backslashes escapes the quote after it, also across chunks.
    #expect(ends("\"", #""ab"#, [#"\""#, #"\\"#, "x", #"""#]) == [false, false, false, true])
    #expect(ends("\"", #""ab\"#, [#"""#, #"\"#, #"""#, #"""#]) == [false, false, false, true])
    #expect(ends("\"", #""ab\\"#, [#"""#]) == [true])
    #expect(ends("\"", #""\\\"#, ["\"", "x\\\\", "\""]) == [false, false, true])
    // Numbers and words end at the first byte that cannot go on with them.
    #expect(ends("1", "12", ["3e", "+5", ","]) == [false, false, true])
    #expect(ends("t", "tr", ["u", "e]"]) == [false, true])
    #expect(OpenToken(startingWith: UInt8(ascii: "{"), tail: []) == nil)
  }

  @Test(
    "an error is placed at the start of the token not expected, in chunks of any size",
    arguments: [
      (#"[{"name": "Ana", "login""", :x}]"#, 25, "expected ':' after object key, found '\"'"),
      (
        #"{"a": "b"12345678901234567890}"#, 10, "expected ',' or '}' after object member, found '1'"
      ),
      (#"{"a": 1 : 2}"#, 9, "expected ',' or '}' after object member, found ':'"),
      (#"{"a": 1 "long key": 2}"#, 9, "expected ',' or '}' after object member, found '\"'"),
      (#"["x" "a long string"]"#, 6, "expected ',' or ']' after array element, found '\"'"),
      (#"{"a" , "b"}"#, 6, "expected ':' after object key, found ','"),
      (#"[1,,2]"#, 4, "expected a value, found ','"),
      (#"[1, 22 ,]"#, 9, "expected a value after ',', found ']' (trailing commas are not allowed)"),
    ])
  func errorPlaceInChunks(_ text: String, _ column: Int, _ message: String) {
    let expected = ReadError(line: 1, column: column, message: message)
    #expect(jsonError(text) == expected)
    let bytes = Array(text.utf8)
    for size in 1...bytes.count {
      #expect(errorInChunks(bytes, size: size) == expected, "chunks of \(size)")
    }
  }

  @Test(
    "invalid UTF-8 is placed at the start of its sequence, in chunks of any size",
    arguments: [
      ("ab", [0xFF], 5), ("", [0xC3, 0x28], 3), ("", [0xE2, 0x82, 0x78], 3),
      ("", [0xC3, 0xA9, 0xA9], 4), ("é", [0xF0, 0x9F, 0x98, 0x41], 4),
    ] as [(String, [UInt8], Int)])
  func invalidUTF8InChunks(_ before: String, _ bad: [UInt8], _ column: Int) {
    let bytes = Array("[\"\(before)".utf8) + bad + Array("\"]".utf8)
    let expected = ReadError(line: 1, column: column, message: "invalid UTF-8 in a string")
    for size in 1...bytes.count {
      #expect(errorInChunks(bytes, size: size) == expected, "chunks of \(size)")
    }
  }

  /// The sequences shaped like UTF-8 that are not: overlong forms, UTF-16 surrogates, code
  /// points above U+10FFFF; each at its least and greatest second byte, then the leads
  /// beyond F4, which yajl passes (F5–F7) or rejects itself (F8–FF).
  static let illFormedShapes: [[UInt8]] = [
    [0xC0, 0x80], [0xC0, 0xBF], [0xC1, 0x80], [0xC1, 0xBF],
    [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF],
    [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],
    [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
    [0xF4, 0x90, 0x80, 0x80], [0xF4, 0xBF, 0xBF, 0xBF],
    [0xF5, 0x80, 0x80, 0x80], [0xF7, 0xBF, 0xBF, 0xBF], [0xF8, 0x88, 0x80, 0x80, 0x80],
    [0xFF],
  ]

  @Test(
    "UTF-8-shaped bytes that are not UTF-8 are an error at their first byte, in a value and in a key, in chunks of any size",
    arguments: illFormedShapes)
  func illFormedUTF8(_ bad: [UInt8]) {
    // In a value after 2- and 3-byte characters, and then in a key after a 4-byte one;
    // a syntax error and a control character after the sequence come too late to count.
    let inValue = Array("{\n  \"key\": \"é€".utf8) + bad + Array("x\t\", \"b\": 1,}".utf8)
    let inKey = Array("{\"a\": 1,\n \"😀".utf8) + bad + Array("\": [1,]}".utf8)
    let expectations = [
      (inValue, ReadError(line: 2, column: 13, message: "invalid UTF-8 in a string")),
      (inKey, ReadError(line: 2, column: 4, message: "invalid UTF-8 in a string")),
    ]
    for (bytes, expected) in expectations {
      #expect(errorInChunks(bytes, size: bytes.count) == expected, "whole")
      for size in 1..<bytes.count {
        #expect(errorInChunks(bytes, size: size) == expected, "chunks of \(size)")
      }
    }
  }

  @Test("a sequence deep in a long string is found wherever it falls among the 8-byte words")
  func illFormedUTF8InLongString() {
    for padding in 0..<20 {
      let bytes =
        Array("[\"".utf8) + Array(repeating: UInt8(ascii: "a"), count: padding)
        + [0xE0, 0x80, 0xAF] + Array("\"]".utf8)
      let expected = ReadError(line: 1, column: 3 + padding, message: "invalid UTF-8 in a string")
      for size in [bytes.count, 8, 9, padding + 3, padding + 4] where size > 0 {
        #expect(errorInChunks(bytes, size: size) == expected, "\(padding) a, chunks of \(size)")
      }
    }
  }

  @Test("an error before the sequence wins, and outside strings the byte itself is named")
  func illFormedUTF8AfterOtherErrors() {
    let cases: [([UInt8], ReadError)] = [
      (
        Array("[1,,\"".utf8) + [0xC0, 0x80] + Array("\"]".utf8),
        ReadError(line: 1, column: 4, message: "expected a value, found ','")
      ),
      (
        Array("[\"\t".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8),
        ReadError(line: 1, column: 3, message: "a tab in a string must be escaped")
      ),
      (
        Array("[\"".utf8) + [0xC3, 0xF4, 0x90, 0x80, 0x80] + Array("\"]".utf8),
        ReadError(line: 1, column: 3, message: "invalid UTF-8 in a string")
      ),
      (
        Array("[1, ".utf8) + [0xE0, 0x80, 0xAF] + Array("]".utf8),
        ReadError(line: 1, column: 5, message: "unexpected byte 0xE0")
      ),
      (
        Array("{\"a\": ".utf8) + [0xC0, 0x80] + Array("}".utf8),
        ReadError(line: 1, column: 7, message: "unexpected byte 0xC0")
      ),
    ]
    for (bytes, expected) in cases {
      for size in 1...bytes.count {
        #expect(errorInChunks(bytes, size: size) == expected, "chunks of \(size)")
      }
    }
  }

  @Test(
    "2-, 3- and 4-byte characters still read, up to U+FFFF and U+10FFFF, in chunks of any size",
    arguments: [
      "é", "\u{80}", "\u{7FF}", "€", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "😀",
      "\u{10000}", "\u{10FFFF}",
    ])
  func wellFormedUTF8(_ character: String) throws {
    let text = "{\"k\(character)\": \"v\(character)\", \"\(character)\": {\"\(character)\": 1}}"
    let bytes = Array(text.utf8)
    for size in 1...bytes.count {
      let outline = try readInChunks(bytes, size: size)
      guard case .members(let members) = outline.content.first?.body else {
        Issue.record("no members in chunks of \(size)")
        continue
      }
      #expect(members.map(\.key) == ["k" + character], "chunks of \(size)")
      #expect(members.map(\.value) == ["v" + character], "chunks of \(size)")
      #expect(outline.sections.map(\.title) == [character], "chunks of \(size)")
    }
  }

  /// The outline of `bytes` fed to the reader in chunks of `size`.
  private func readInChunks(
    _ bytes: [UInt8], size: Int, mostLevels: Int = JSONOutlineBuilder.deepestNesting
  ) throws -> Outline {
    let reader = JSONReader(options: JSONReader.Options(), mostLevels: mostLevels)
    for start in stride(from: 0, to: bytes.count, by: size) {
      try bytes[start..<min(start + size, bytes.count)].withUnsafeBytes {
        try reader.feed($0) as Void
      }
    }
    return try reader.finish()
  }

  /// The error that reading `bytes` in chunks of `size` ends with.
  private func errorInChunks(
    _ bytes: [UInt8], size: Int, mostLevels: Int = JSONOutlineBuilder.deepestNesting
  ) -> ReadError? {
    do {
      _ = try readInChunks(bytes, size: size, mostLevels: mostLevels)
      return nil
    } catch {
      return error as? ReadError
    }
  }

  @Test("100,000 levels of nesting neither crash nor overflow the stack")
  func deepNesting() throws {
    let depth = 100_000
    let text =
      String(repeating: "{\"a\":[", count: depth) + "1" + String(repeating: "]}", count: depth)
    let outline = try json(text)
    #expect(outline.sections.count == depth * 2 - 1)
    #expect(outline.sections.last?.depth == depth * 2 - 2)
    let selection = Selection.everything(in: outline)
    var html = ""
    HTMLWriter().write(outline, selection: selection, to: &html)
    #expect(html.ranges(of: "</details>").count == depth * 2 - 1)
  }

  @Test("nesting past 1,000,000 levels is what the manual says is too deep")
  func deepestNesting() {
    #expect(JSONOutlineBuilder.deepestNesting == 1_000_000)
    #expect(
      JSONOutlineBuilder(titleKeys: []).tooDeepMessage
        == "too deep: arrays and objects nest more than 1,000,000 levels here, the most collapse reads"
    )
  }

  @Test("nesting past the most levels is an error at the bracket that goes past, in any chunks")
  func tooDeep() throws {
    // The limit is the reader's, set low here: its default is tested above.
    let depth = 1_000
    let deepest = Array(
      (String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
    // The outermost array is unwrapped, and the innermost, empty, is a line of content.
    #expect(try readInChunks(deepest, size: 64, mostLevels: depth).sections.count == depth - 2)
    // One level more, on a second line after a key: the place of its last `[`.
    let text = "{\"a\":\n  " + String(repeating: "[", count: depth) + "]"
    let expected = ReadError(
      line: 2, column: depth + 2,
      message:
        "too deep: arrays and objects nest more than 1,000 levels here, the most collapse reads")
    for size in [64, 7, Array(text.utf8).count] {
      #expect(
        errorInChunks(Array(text.utf8), size: size, mostLevels: depth) == expected,
        "chunks of \(size)")
    }
  }
}
