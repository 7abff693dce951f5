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

  /// Whether `yaml` and `json` give conditions the same tree.
  private func expectSameTree(_ yaml: String, _ json: String) throws {
    let fromYAML = ConditionTree(try OutlineKitTests.yaml(yaml))
    let fromJSON = ConditionTree(try JSONReader.read(Array(json.utf8)))
    #expect(fromYAML.values == fromJSON.values)
    #expect(fromYAML.labels == fromJSON.labels)
    #expect(
      (0..<fromYAML.count).map(fromYAML.childCount) == (0..<fromJSON.count).map(fromJSON.childCount)
    )
  }

  @Test("collections written within a line hold their members, nested, as JSON's do")
  func flowCollections() throws {
    try expectSameTree(
      "ports: [80, 443]\nlabels: {app: web, n: {d: [1, {x: true}]}}\nc: [{}, [], [a: 1]]\nz: 0\n",
      #"{"ports": [80, 443], "labels": {"app": "web", "n": {"d": [1, {"x": true}]}}, "#
        + #""c": [{}, [], [{"a": 1}]], "z": 0}"#)
    // In a sequence's element, beside its block members; a key with no value is null.
    try expectSameTree(
      "- name: web\n  ports: [80]\n  flags: {a, b: ~}\n- [1, 2]\n",
      #"[{"name": "web", "ports": [80], "flags": {"a": null, "b": null}}, [1, 2]]"#)
  }

  @Test("an alias is a copy of its anchor's scalar or inline collection, not of a block one")
  func aliases() throws {
    try expectSameTree(
      "p: &p 8080\nq: *p\nl: &l [1, {k: *p}]\nm: [*l, *p]\nblock: &b\n  k: 1\nr: *b\n",
      #"{"p": 8080, "q": 8080, "l": [1, {"k": 8080}], "m": [[1, {"k": 8080}], 8080], "#
        + #""block": {"k": 1}}"#)
    // An anchor names a value of its own document only, the last one given it.
    try expectSameTree(
      "---\na: &x 1\nb: &x 2\nc: *x\n---\nd: *x\n",
      #"[{"a": 1, "b": 2, "c": 2}, {}]"#)
  }

  @Test("aliases of aliases copy a bounded number of values")
  func aliasesBounded() throws {
    // Each level names ten of the one before: 10^9 values if all were copied.
    var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1...9 {
      let previous = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
      text += "a\(level): &a\(level) [\(previous)]\n"
    }
    let tree = ConditionTree(try yaml(text))
    #expect(tree.count > 10_000)
    #expect(tree.count < 2 * 65_536)
  }

  @Test("values are left out when no condition will read them")
  func leftOut() throws {
    let text = Array("a: 1\nb:\n  - [2, 3]\n".utf8)
    func tree(keeping: Bool) throws -> [ConditionTree.Value] {
      let reader = YAMLReader(options: YAMLReader.Options(keepsValues: keeping))
      try text.withUnsafeBytes { try reader.take($0) }
      return ConditionTree(try reader.end()).values
    }
    #expect(
      try tree(keeping: true) == [.object, .number(1), .array, .array, .number(2), .number(3)])
    #expect(try tree(keeping: false) == [.object, .array])
  }

  @Test("the values of a document that could not be read are let go with it")
  func failedDocument() throws {
    let outline = try yaml("a: 1\n---\nb: [2, 3\n")
    #expect(outline.stoppedBy != nil)
    // The stream is read as far as its first document, which stays its element.
    #expect(ConditionTree(outline).values == [.array, .object, .number(1)])
  }
}
