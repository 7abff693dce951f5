import Testing

@testable import OutlineKit

/// JSONPath filter expressions, as `--expand-where` reads them.
@Suite("conditions")
struct ConditionTests {
  private func query(_ steps: Condition.Query.Step...) -> Condition.Operand {
    .query(Condition.Query(steps: steps))
  }

  @Test("&& binds tighter than ||, ! tighter than both, parentheses tightest")
  func precedence() throws {
    let a = Condition.exists(Condition.Query(steps: [.name("a")]))
    let b = Condition.exists(Condition.Query(steps: [.name("b")]))
    let c = Condition.exists(Condition.Query(steps: [.name("c")]))
    #expect(try Condition.parse("@.a || @.b && @.c") == .or(a, .and(b, c)))
    #expect(try Condition.parse("(@.a || @.b) && @.c") == .and(.or(a, b), c))
    #expect(try Condition.parse("!@.a && @.b") == .and(.not(a), b))
    #expect(try Condition.parse("!(@.a && @.b)") == .not(.and(a, b)))
  }

  @Test("paths, literals and escapes read as RFC 9535 writes them")
  func operands() throws {
    #expect(
      try Condition.parse("@.result['exit code'][0].* != 'it\\'s \\u00e9'")
        == .compare(
          query(.name("result"), .name("exit code"), .index(0), .all), .notEqual,
          .literal(.string("it's é"))))
    #expect(
      try Condition.parse("@[*].duration>=-1.5e2")
        == .compare(query(.all, .name("duration")), .greaterOrEqual, .literal(.number(-150))))
    #expect(
      try Condition.parse("@.ok == true && @.gone == null")
        == .and(
          .compare(query(.name("ok")), .equal, .literal(.boolean(true))),
          .compare(query(.name("gone")), .equal, .literal(.null))))
    #expect(
      try Condition.parse("length(@.messages) > 2")
        == .compare(
          .length(Condition.Query(steps: [.name("messages")])), .greater,
          .literal(.number(2))))
    #expect(
      try Condition.parse("search(@.log, \"err(or)?:\")")
        == .pattern(query(.name("log")), source: "err(or)?:", whole: false))
  }

  @Test(
    "what does not parse says where and what was expected",
    arguments: [
      (
        "@.a === 1", 7,
        "expected a value: @.member, a string in quotes, a number, true, false or null"
      ),
      ("@.a == 1 &", 10, "expected &&, || or the end of the condition"),
      ("(@.a == 1", 10, "expected ) to close the ( before"),
      ("@.a == 'x", 10, "expected ' to end the string"),
      ("@.", 3, "expected a member's name after ."),
      ("@[x]", 3, "expected a name in quotes, an index or * in […]"),
      ("@['a'", 6, "expected ] to close the ["),
      ("@.a && 1", 9, "expected ==, !=, <, <=, > or >= after the value"),
      ("search(@.a, @.b)", 16, "expected the pattern as a string in quotes"),
      (
        "match(@.a, '(')", 16,
        "the pattern '(' is not a regular expression: at its character 1, the ( is never "
          + "closed with ); write \\( for a parenthesis"
      ),
    ])
  func problems(_ text: String, _ character: Int, _ words: String) {
    #expect(throws: Condition.Problem(character: character, words: words)) {
      try Condition.parse(text)
    }
  }

  @Test("a condition's pattern that runs out of time is an error that names the condition")
  func slowPattern() throws {
    // 1,000 logs, on each of which the pattern backtracks for about a hundredth of a
    // second, under the bound of one match: ten seconds or so for them all.
    let records = (0..<1000).map {
      #"{"name": "x\#($0)", "log": "\#(String(repeating: "a", count: 26))\#($0)"}"#
    }
    let outline = try JSONReader.read(Array("[\(records.joined(separator: ","))]".utf8))
    let asking = { (condition: String) in
      var request = SelectionRequest()
      request.expandWhere = [condition]
      return request
    }
    let budget = PatternBudget(seconds: 0.2)
    let condition = "match(@.log, '(a|aa)*[bc]')"
    var failure: SelectionFailure?
    do {
      _ = try Selection(
        outline: outline, request: asking(condition), patterns: budget)
    } catch {
      failure = error
    }
    #expect(failure?.errors == [.patternTooSlow(name: condition, seconds: 0.2)])
    // And in one long string, slow at each of its places: `search` is given up on too.
    let long = try JSONReader.read(
      Array(
        #"[{"log": "\#(Array(repeating: String(repeating: "a", count: 30), count: 300).joined(separator: " "))"}]"#
          .utf8))
    let longBudget = PatternBudget(seconds: 0.2)
    var longFailure: SelectionFailure?
    let searching = "search(@.log, '(a|aa)*[bd]')"
    do {
      _ = try Selection(outline: long, request: asking(searching), patterns: longBudget)
    } catch {
      longFailure = error
    }
    #expect(longFailure?.errors == [.patternTooSlow(name: searching, seconds: 0.2)])
    // A pattern that ends in time chooses as it should.
    let quick = try Selection(
      outline: outline, request: asking("match(@.log, 'a+[0-9]+')"))
    #expect(quick.isExpanded(0))
    let none = try Selection(
      outline: outline, request: asking("match(@.log, 'a')"))
    #expect(!none.isExpanded(0))
  }
}
