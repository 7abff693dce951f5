import Testing

@testable import OutlineKit

/// JSONPath filter expressions, as `--expand-where` reads them.
@Suite("conditions")
struct ConditionTests {
  private func query(_ selectors: Condition.Selector...) -> Condition.Query {
    Condition.Query(selectors.map { Condition.Segment(selectors: [$0]) })
  }

  @Test("&& binds tighter than ||, ! tighter than both, parentheses tightest")
  func precedence() throws {
    let a = Condition.exists(query(.name("a")))
    let b = Condition.exists(query(.name("b")))
    let c = Condition.exists(query(.name("c")))
    #expect(try Condition.parse("@.a || @.b && @.c") == .or([a, .and([b, c])]))
    #expect(try Condition.parse("(@.a || @.b) && @.c") == .and([.or([a, b]), c]))
    #expect(try Condition.parse("!@.a && @.b") == .and([.not(a), b]))
    #expect(try Condition.parse("!(@.a && @.b)") == .not(.and([a, b])))
    #expect(try Condition.parse("@.a || @.b || @.c") == .or([a, b, c]))
  }

  @Test("paths, literals and escapes read as RFC 9535 writes them")
  func operands() throws {
    #expect(
      try Condition.parse("@.result['exit code'][0].* != 'it\\'s \\u00e9'")
        == .compare(
          .query(query(.name("result"), .name("exit code"), .index(0), .all)), .notEqual,
          .literal(.string("it's é"))))
    #expect(
      try Condition.parse("@[*].duration>=-1.5e2")
        == .compare(
          .query(query(.all, .name("duration"))), .greaterOrEqual, .literal(.number(-150))))
    #expect(
      try Condition.parse("@.ok == true && @.gone == null")
        == .and([
          .compare(.query(query(.name("ok"))), .equal, .literal(.boolean(true))),
          .compare(.query(query(.name("gone"))), .equal, .literal(.null)),
        ]))
    #expect(
      try Condition.parse("length(@.messages) > 2")
        == .compare(.length(.query(query(.name("messages")))), .greater, .literal(.number(2))))
    #expect(
      try Condition.parse("search(@.log, \"err(or)?:\")")
        == .pattern(.query(query(.name("log"))), .literal(.string("err(or)?:")), whole: false))
    // Blank space between segments, descendants, slices, several selectors, nested
    // filters, the root, and the functions that take queries.
    #expect(
      try Condition.parse("$ ..a [1:-1:2, 'b', ?@.c] .*")
        == .exists(
          Condition.Query(
            fromRoot: true,
            [
              Condition.Segment(descendant: true, selectors: [.name("a")]),
              Condition.Segment(selectors: [
                .slice(start: 1, end: -1, step: 2), .name("b"), .filter(.exists(query(.name("c")))),
              ]),
              Condition.Segment(selectors: [.all]),
            ])))
    #expect(
      try Condition.parse("count(@..x) == value($.n)")
        == .compare(
          .count(Condition.Query([Condition.Segment(descendant: true, selectors: [.name("x")])])),
          .equal,
          .value(Condition.Query(fromRoot: true, [Condition.Segment(selectors: [.name("n")])]))))
    #expect(
      try Condition.parse("length('abc') == 3")
        == .compare(.length(.literal(.string("abc"))), .equal, .literal(.number(3))))
  }

  @Test(
    "what does not parse says where and what was expected",
    arguments: [
      (
        "@.a === 1", 7,
        "expected a value: @.member, a string in quotes, a number, true, false or null"
      ),
      ("@.a == 1 &", 10, "expected &&, || or the end of the condition"),
      ("(@.a == 1", 10, "expected ) to close the ( at character 1"),
      ("@.a == 'x", 10, "expected ' to end the string"),
      ("@.", 3, "expected a member's name, or *, after ."),
      ("@[x]", 3, "expected a name in quotes, an index, a slice, * or ?filter in […]"),
      ("@['a'", 6, "expected , or ] after the selector"),
      ("@.a && 1", 9, "expected ==, !=, <, <=, > or >= after the value"),
      (
        "match(@.a, '(')", 12,
        "the pattern '(' is not a regular expression: at its character 1, the ( is never "
          + "closed with ); write \\( for a parenthesis"
      ),
      (
        "@.status == failed", 13, "a string is written in quotes: 'failed', or a member as @.failed"
      ),
      ("status == 'failed'", 1, "expected @ before a member: @.status"),
      (".status == 'failed'", 1, "expected @ before a member: @.status"),
      (
        "select(.status == \"failed\")", 1,
        "select(…) is jq's; write only the condition inside it, with @ where jq writes .: "
          + "@.status == \"failed\""
      ),
      (
        "$..[?(@.x)]", 1,
        "this is a whole JSONPath query; a condition is only what goes inside [?…], and is "
          + "asked of every object and array: write '(@.x)'"
      ),
      (
        "count(@.x)", 11,
        "count(…) gives a number or a value, not true or false: compare it, as count(@.x) > 0"
      ),
      ("@.a == 01", 8, "a number does not start with 0 before another digit"),
      ("@.a == 1.", 10, "expected a digit after the decimal point, as 1.0"),
      ("@.a == -.1", 9, "expected a digit after -; a number is written as -0.5, not -.5"),
      ("@.a == 1.e1", 10, "expected a digit after the decimal point, as 1.0"),
      ("@.a == 1e", 10, "expected a digit in the exponent, as 1e3"),
      ("@[01]", 3, "an index does not start with 0 before another digit"),
      ("@[-0]", 3, "an index is never -0"),
      ("@.exit-code", 7, "a name with - is written in quotes in brackets: ['exit-code']"),
      ("@. a", 3, "expected a member's name right after ."),
      (
        "@..a == 1", 2,
        "a comparison takes a query that finds one value (or, with [*], each of several); "
          + "this step may find several: use [*], or count(…) or value(…)"
      ),
      (
        "match(@.a, 'x') == true", 1,
        "match(…) is true or false, not a value to compare: write it alone, or with !"
      ),
      (
        "length(@.a)", 12,
        "length(…) gives a number or a value, not true or false: compare it, as length(@.a) > 0"
      ),
      ("count(1) > 0", 7, "count(…) takes a query, as count(@.items[*])"),
      (
        "length(@..a) > 1", 9,
        "length(…) takes a query that finds one value (or, with [*], each of several); this "
          + "step may find several: use [*], or count(…) or value(…)"
      ),
      ("@.a == 'x' and @.b", 12, "write && for and"),
      (
        "@.a =~ 'x'", 5,
        "=~ is not an operator here; write match(@.a, 'REGEX') or search(@.a, 'REGEX')"
      ),
      ("length(@.a, @.b) > 0", 16, "length(…) takes one value, as length(@.items)"),
      (
        "foo(@.a)", 1,
        "unknown function foo(); the functions are length, count, match, search and value"
      ),
      ("!@.a == 1", 6, "! applies to a condition, not to a value: write !(… == …)"),
      ("(@.a) == 1", 7, "a condition in parentheses is not a value to compare"),
      ("@.a == True", 8, "true, false and null are written in lower case: true"),
      (
        "@.a == 'a\\x'", 10,
        "unknown escape; a string takes \\b, \\f, \\n, \\r, \\t, \\/, \\\\, \\' and \\uXXXX "
          + "(\\\" is not one of them here)"
      ),
      (
        String(repeating: "(", count: 30000) + "@.a", 101,
        "the condition nests more than 100 deep (parentheses, !, functions and filters together)"
      ),
      (
        String(repeating: "!(", count: 50000) + "@.a", 101,
        "the condition nests more than 100 deep (parentheses, !, functions and filters together)"
      ),
      (
        String(repeating: "!", count: 100000) + "@.a", 2,
        "! is followed by a query, a function or parentheses: write !(!…)"
      ),
      (
        String(repeating: "@[?", count: 200) + "@.a", 304,
        "the condition nests more than 100 deep (parentheses, !, functions and filters together)"
      ),
    ])
  func problems(_ text: String, _ character: Int, _ words: String) {
    #expect(throws: Condition.Problem(character: character, words: words)) {
      try Condition.parse(text)
    }
  }

  @Test("a hundred levels of nesting are read")
  func deepestNesting() throws {
    let text = String(repeating: "(", count: 100) + "@.a" + String(repeating: ")", count: 100)
    #expect(try Condition.parse(text) == .exists(query(.name("a"))))
    #expect(throws: Condition.Problem.self) {
      try Condition.parse("(" + text + ")")
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
    let budget = PatternBudget(seconds: 0)
    let condition = "match(@.log, '(a|aa)*[bc]')"
    var failure: SelectionFailure?
    do {
      _ = try Selection(
        outline: outline, request: asking(condition), patterns: budget)
    } catch {
      failure = error
    }
    #expect(failure?.errors == [.conditionTooSlow(condition: condition, seconds: 0)])
    // And in one long string, slow at each of its places: `search` is given up on too.
    let long = try JSONReader.read(
      Array(
        #"[{"log": "\#(Array(repeating: String(repeating: "a", count: 30), count: 50).joined(separator: " "))"}]"#
          .utf8))
    let longBudget = PatternBudget(seconds: 0)
    var longFailure: SelectionFailure?
    let searching = "search(@.log, '(a|aa)*[bd]')"
    do {
      _ = try Selection(outline: long, request: asking(searching), patterns: longBudget)
    } catch {
      longFailure = error
    }
    #expect(longFailure?.errors == [.conditionTooSlow(condition: searching, seconds: 0)])
    // A pattern that ends in time chooses as it should.
    let quick = try Selection(
      outline: outline, request: asking("match(@.log, 'a+[0-9]+')"))
    #expect(quick.isExpanded(0))
    let none = try Selection(
      outline: outline, request: asking("match(@.log, 'a')"))
    #expect(!none.isExpanded(0))
  }

  private func chosen(_ condition: String, in outline: Outline) throws -> [String] {
    var matcher = ConditionMatcher(outline: outline, patterns: PatternBudget())
    return try matcher.sections(where: Condition.parse(condition), text: condition).map {
      outline.sections[$0].title
    }
  }

  @Test("documents nested thousands deep are compared and searched without recursion")
  func deepDocuments() throws {
    let depth = 20_000
    let nested = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    let other = String(repeating: "[", count: depth) + "2" + String(repeating: "]", count: depth)
    let outline = try JSONReader.read(
      Array(
        #"{"tests": [{"name": "same", "a": \#(nested), "b": \#(nested)}, {"name": "other", "a": \#(nested), "b": \#(other)}]}"#
          .utf8))
    // One matcher, which reads the document's values once, for the three; time is not
    // what is tested, so a slow machine has a day for them.
    var matcher = ConditionMatcher(outline: outline, patterns: PatternBudget(seconds: 86_400))
    for (condition, expected) in [
      ("@.name && @.a == @.b", "same"), ("@.name && @.a != @.b", "other"),
      ("@.name && @.b..[?@ == 2]", "other"),
    ] {
      let found = try matcher.sections(where: Condition.parse(condition), text: condition)
      #expect(found.map { outline.sections[$0].title } == [expected], "\(condition)")
    }
  }

  @Test("$ is the root of each document: of each file when several are shown together")
  func roots() throws {
    let first = try JSONReader.read(
      Array(#"{"limit": 2, "runs": [{"name": "a", "took": 3}]}"#.utf8))
    let second = try JSONReader.read(
      Array(#"{"limit": 5, "runs": [{"name": "b", "took": 3}]}"#.utf8))
    #expect(try chosen("@.took > $.limit", in: first) == ["a"])
    let both = Outline.combining([("first.json", first), ("second.json", second)])
    #expect(try chosen("@.took > $.limit", in: both) == ["a"])
    #expect(try chosen("@.took < $.limit", in: both) == ["b"])
  }

  @Test("an evaluation stops at its next step once its time is up")
  func stops() throws {
    let outline = try JSONReader.read(
      Array(("[" + Array(repeating: "[1, 2, 3]", count: 5000).joined(separator: ",") + "]").utf8))
    let tree = ConditionTree(outline)
    let stop = StopFlag()
    stop.raise()
    var evaluator = ConditionEvaluator(tree: tree, stop: stop)
    let condition = try Condition.parse("count($..[?@ == 4]) > 0")
    #expect(throws: ConditionEvaluator.Failure.stopped) {
      try evaluator.holds(condition, at: 1)
    }
    // A command whose time is used up evaluates no condition.
    let budget = PatternBudget(seconds: 0.2)
    budget.giveUp()
    var request = SelectionRequest()
    request.expandWhere = ["@[0] == 1"]
    #expect(
      throws: SelectionFailure(errors: [.conditionTooSlow(condition: "@[0] == 1", seconds: 0.2)])
    ) {
      try Selection(outline: outline, request: request, patterns: budget)
    }
  }

  @Test("a query that finds more values than one query may hold is given up on")
  func tooMany() throws {
    let outline = try JSONReader.read(Array("[[1, 2, 3], [4, 5, 6], {\"a\": [7]}]".utf8))
    var evaluator = ConditionEvaluator(
      tree: ConditionTree(outline), stop: StopFlag(), largestNodeList: 12)
    // The second .. walks below each of the 11 values the first found: 20 of them.
    #expect(throws: ConditionEvaluator.Failure.tooMany) {
      try evaluator.holds(Condition.parse("$..*..*"), at: 1)
    }
    #expect(try evaluator.holds(Condition.parse("$[0][*] == 3"), at: 1))
    #expect(
      SelectionError.conditionTooLarge(condition: "$..*..*", nodes: 12).description
        == "a query of the condition '$..*..*' found over 12 values: queries with several .. "
        + "or * in a row may; make it simpler")
  }

  @Test("a slice chooses as RFC 9535 says, whatever its bounds and step")
  func slices() {
    #expect(ConditionEvaluator.slice(count: 5, start: 1, end: nil, step: nil) == [1, 2, 3, 4])
    #expect(ConditionEvaluator.slice(count: 5, start: nil, end: nil, step: -1) == [4, 3, 2, 1, 0])
    #expect(ConditionEvaluator.slice(count: 5, start: -2, end: nil, step: nil) == [3, 4])
    #expect(ConditionEvaluator.slice(count: 5, start: 3, end: 0, step: -2) == [3, 1])
    #expect(ConditionEvaluator.slice(count: 5, start: 0, end: 5, step: 0) == [])
    #expect(ConditionEvaluator.slice(count: 5, start: -9, end: 99, step: 2) == [0, 2, 4])
    #expect(ConditionEvaluator.slice(count: 0, start: nil, end: nil, step: -1) == [])
  }
}
