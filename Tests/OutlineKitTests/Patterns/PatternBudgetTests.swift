import Dispatch
import Testing

@testable import OutlineKit

@Suite("the time /regex/ NAMEs may take")
struct PatternBudgetTests {
  /// A title `b`, then 200 on each of which `/(a|aa)*[bc]/` backtracks a million steps,
  /// a hundredth of a second, under the bound of one match: two seconds for them all,
  /// where the tests give none. (Given up on, a pattern stops at the next title.)
  static var outline: Outline {
    markdown("# b\n" + String(repeating: "# \(String(repeating: "a", count: 30))\n", count: 200))
  }

  @Test("one pattern that runs out of time is tried once, and none after it starts")
  func oneBudget() throws {
    let budget = PatternBudget(seconds: 0)
    var matcher = NameMatcher(outline: Self.outline, patterns: budget)
    #expect(
      throws: SelectionFailure(errors: [.patternTooSlow(name: "/(a|aa)*[bc]/", seconds: 0)])
    ) {
      try matcher.sections(inList: "/(a|aa)*[bc]/")
    }
    #expect(budget.started == 1)
    // Any other, however quick, is not started: the command is to end.
    #expect(throws: SelectionFailure(errors: [.patternTooSlow(name: "/^b$/", seconds: 0)])) {
      try matcher.sections(inList: "/^b$/")
    }
    #expect(budget.started == 1)
  }

  @Test("quick patterns share the time and leave the rest to those after them")
  func quickPatterns() throws {
    let budget = PatternBudget(seconds: 60)
    var matcher = NameMatcher(outline: Self.outline, patterns: budget)
    #expect(try matcher.sections(inList: "/^b$/") == [0])
    #expect(try matcher.sections(inList: "/^a+$/") == Array(1...200))
    #expect(budget.started == 2)
  }

  @Test("each command's budget is its own: one given up on leaves the next command's whole")
  func budgetPerCommand() throws {
    let runaway = SelectionRequest(expand: ["/(a|aa)*[bc]/"])
    #expect(throws: SelectionFailure.self) {
      try Selection(outline: Self.outline, request: runaway, patterns: PatternBudget(seconds: 0))
    }
    let quick = try Selection(outline: Self.outline, request: SelectionRequest(expand: ["/^b$/"]))
    #expect(quick.isExpanded(0))
    #expect(!quick.isExpanded(1))
  }

  @Test("a /regex/ that backtracks for ever on one title is given up on at once, by name")
  func backtracking() throws {
    let budget = PatternBudget(seconds: 60)
    var matcher = NameMatcher(
      outline: markdown("# \(String(repeating: "a", count: 80))\n# b\n"), patterns: budget)
    let failure = #expect(throws: SelectionFailure.self) {
      try matcher.sections(inList: "/(a|aa)*[bc]/")
    }
    #expect(failure?.errors == [.patternBacktracks(name: "/(a|aa)*[bc]/")])
    // It ends no command: the patterns after it are matched.
    #expect(try matcher.sections(inList: "/^b$/") == [1])
    #expect(budget.secondsLeft > 50)
  }

  @Test("a pattern given up on matches no more texts, so that its thread ends at the next")
  func stopsAtTheNextText() throws {
    let stop = StopFlag()
    let matcher = CompiledPattern.Matcher(try CompiledPattern("a"), stop: stop)
    #expect(try matcher.matches("a"))
    stop.raise()
    #expect(throws: CompiledPattern.Exhausted.self) { try matcher.matches("a") }
  }

  @Test("a pattern runs on a thread of its own, so those left running never hold up the next")
  func ownThreads() {
    // Far more bodies than any pool of worker threads has, each holding its thread until
    // the last one starts: with threads shared, the last would wait for ever.
    let held = 64
    let gate = DispatchSemaphore(value: 0)
    let lastRan = DispatchSemaphore(value: 0)
    for _ in 0..<held {
      #expect(runOnOwnThread { gate.wait() })
    }
    #expect(runOnOwnThread { lastRan.signal() })
    let ran = lastRan.wait(timeout: .now() + 60) == .success
    for _ in 0..<held { gate.signal() }
    #expect(ran)
  }

  @Test("a list of NAMEs stops at the first pattern given up on")
  func listStops() throws {
    let budget = PatternBudget(seconds: 0.2)
    var matcher = NameMatcher(outline: Self.outline, patterns: budget)
    // Not a /regex/ as a whole, so its parts are looked at one by one.
    let failure = #expect(throws: SelectionFailure.self) {
      try matcher.sections(inList: "nothing,/(a|aa)*[bc]/,/(aa|a)*[bc]/")
    }
    #expect(failure?.errors.count == 2)
    #expect(failure?.errors.last == .patternTooSlow(name: "/(a|aa)*[bc]/", seconds: 0.2))
    #expect(budget.started == 1)
  }
}
