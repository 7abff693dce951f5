import Testing

@testable import OutlineKit

/// YAML's scalars in the store of values that conditions read, typed by the YAML 1.2 core
/// schema.
@Suite("YAML values")
struct YAMLValuesTests {
  /// The value conditions see for `scalar` written as the value of a key.
  private func typed(_ scalar: String) throws -> ConditionTree.Value {
    let tree = ConditionTree(try yaml("v: \(scalar)\n"))
    try #require(tree.count == 2, "\(scalar)")
    return tree.values[1]
  }

  @Test(
    "null: null, Null, NULL, ~ and nothing",
    arguments: ["null", "Null", "NULL", "~", "", "!!null x"])
  func null(_ scalar: String) throws {
    #expect(try typed(scalar) == .null)
  }

  @Test("true, True, TRUE, false, False and FALSE are booleans; yes, on and tRUE are strings")
  func booleans() throws {
    for scalar in ["true", "True", "TRUE"] { #expect(try typed(scalar) == .boolean(true)) }
    for scalar in ["false", "False", "FALSE"] { #expect(try typed(scalar) == .boolean(false)) }
    for scalar in ["yes", "on", "tRUE", "y"] { #expect(try typed(scalar) == .string(scalar)) }
  }

  @Test("integers: decimal with a sign, 0o octal, 0x hexadecimal")
  func integers() throws {
    let expected: [(String, Double)] = [
      ("12", 12), ("-3", -3), ("+7", 7), ("007", 7), ("0o17", 15), ("0x1F", 31), ("0xff", 255),
      ("123456789012345678901234567890", 123_456_789_012_345_678_901_234_567_890),
    ]
    for (scalar, value) in expected { #expect(try typed(scalar) == .number(value), "\(scalar)") }
    for scalar in ["0x", "0o8", "0X1F", "1_000", "0b101", "12abc", "1 2"] {
      #expect(try typed(scalar) == .string(scalar), "\(scalar)")
    }
  }

  @Test("floats: a point, an exponent, .inf and .nan")
  func floats() throws {
    let expected: [(String, Double)] = [
      ("1.5", 1.5), ("-.5", -0.5), ("+.5", 0.5), ("1.", 1), ("1e3", 1000), ("2.5E-1", 0.25),
      (".inf", .infinity), ("-.Inf", -.infinity), ("+.INF", .infinity),
    ]
    for (scalar, value) in expected { #expect(try typed(scalar) == .number(value), "\(scalar)") }
    for scalar in [".nan", ".NaN", ".NAN"] {
      guard case .number(let value) = try typed(scalar) else {
        Issue.record("\(scalar) is no number")
        continue
      }
      #expect(value.isNaN)
    }
    for scalar in [".", "1e", "e3", ".e3", "inf", "nan", "-.nan", "1.2.3", "1,5"] {
      #expect(try typed(scalar) == .string(scalar), "\(scalar)")
    }
  }

  @Test("quoted and block scalars are strings, whatever they say")
  func quotedAndBlock() throws {
    #expect(try typed("\"true\"") == .string("true"))
    #expect(try typed("'1'") == .string("1"))
    #expect(try typed("\"\"") == .string(""))
    #expect(try typed("'~'") == .string("~"))
    #expect(try typed("|\n  12\n") == .string("12\n"))
    #expect(try typed(">-\n  null\n") == .string("null"))
  }

  @Test("the core schema's tags are respected, others leave a string")
  func tags() throws {
    #expect(try typed("!!str 12") == .string("12"))
    #expect(try typed("!!str true") == .string("true"))
    #expect(try typed("!!int \"12\"") == .number(12))
    #expect(try typed("!!float 1") == .number(1))
    #expect(try typed("!!bool 'false'") == .boolean(false))
    #expect(try typed("!!int twelve") == .string("twelve"))
    #expect(try typed("! 12") == .string("12"))
    #expect(try typed("!Ref 12") == .string("12"))
  }

  @Test("1.0 and 1 compare as numbers, equal, as RFC 9535 says; '1' is no number")
  func numbersCompare() throws {
    let outline = try yaml("- name: a\n  x: 1.0\n  y: 1\n- name: b\n  x: '1'\n  y: 1\n")
    var matcher = ConditionMatcher(outline: outline, patterns: PatternBudget())
    let found = try matcher.sections(where: Condition.parse("@.x == @.y"), text: "@.x == @.y")
    #expect(found.map { outline.sections[$0].title } == ["a"])
  }

  @Test("keys, indexes, empty collections and documents are placed as JSON's are")
  func shape() throws {
    let text = "a: 1\nlist:\n  - x: 1\n  - 7\n  - {}\n  - x: 2\nb: []\n"
    let fromYAML = ConditionTree(try yaml(text))
    let fromJSON = ConditionTree(
      try JSONReader.read(Array(#"{"a": 1, "list": [{"x": 1}, 7, {}, {"x": 2}], "b": []}"#.utf8)))
    #expect(fromYAML.values == fromJSON.values)
    #expect(fromYAML.labels == fromJSON.labels)
    #expect(
      (0..<fromYAML.count).map(fromYAML.childCount) == (0..<fromJSON.count).map(fromJSON.childCount)
    )
    // A lone scalar is the document's value, as a lone JSON value is.
    #expect(ConditionTree(try yaml("12\n")).values == [.number(12)])
    // Documents of a stream are its elements, as JSON Lines records are.
    let stream = ConditionTree(try yaml("---\nn: 1\n---\nplain\n"))
    #expect(stream.values == [.array, .object, .number(1), .string("plain")])
    #expect(stream.labels == [.none, .index(0), .name("n"), .index(1)])
  }
}
