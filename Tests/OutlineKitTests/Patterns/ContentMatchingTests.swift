import TestSupport
import Testing

@testable import OutlineKit

/// Sections chosen by what they hold (`--expand-matching`, `--collapse-matching`).
@Suite("content matching")
struct ContentMatchingTests {
  static var report: Outline {
    markdown(
      """
      # Tests
      ## auth
      Passed.
      ## billing
      ```
      error: expected 401
      ```
      ## search
      Passed, with `error:` in a log.
      """)
  }

  private func open(_ request: SelectionRequest, in outline: Outline = report) throws -> [String] {
    let selection = try Selection(outline: outline, request: request)
    return outline.sections.indices.filter { selection.isExpanded($0) }.map {
      outline.sections[$0].title
    }
  }

  @Test("a TEXT opens the sections whose own content holds it, and their ancestors")
  func text() throws {
    #expect(
      try open(SelectionRequest(expandMatching: ["error: expected"])) == ["Tests", "billing"])
    #expect(
      try open(SelectionRequest(expandMatching: ["error:"])) == ["Tests", "billing", "search"])
    // Case and all, as written.
    #expect(try open(SelectionRequest(expandMatching: ["Error:"])) == [])
    #expect(
      try open(SelectionRequest(expandMatching: ["/ERROR:/i"])) == ["Tests", "billing", "search"])
  }

  @Test("the printed flags of a view chosen by content give that view again")
  func flags() throws {
    let outline = Self.report
    let selection = try Selection(
      outline: outline, request: SelectionRequest(expandMatching: ["/^error: expected/"]))
    let state = outline.sections.indices.map(selection.isExpanded)
    #expect(state == [true, false, true, false])
    let flags = ViewFlags(reproducing: state, in: outline)
    let again = try Selection(outline: outline, request: flags.request)
    #expect(outline.sections.indices.map(again.isExpanded) == state)
    #expect(flags.arguments == ["--expand", "Tests/billing"])
  }

  @Test("a /REGEX/ that runs out of time is an error that names it, and ends the command")
  func slowPattern() throws {
    // On each line `/(a|aa)*[bc]/` backtracks a million steps, about a hundredth of a
    // second: under the bound of one match, and two seconds for them all, where the
    // command has no time for patterns. (Given up on, it stops at the next line.)
    let outline = markdown(
      (0..<200).map { "# S\($0)\n" + String(repeating: "a", count: 30) + "\n" }.joined())
    let budget = PatternBudget(seconds: 0)
    var failure: SelectionFailure?
    do {
      _ = try Selection(
        outline: outline,
        request: SelectionRequest(expandMatching: ["/(a|aa)*[bc]/", "/a/"]), patterns: budget)
    } catch {
      failure = error
    }
    #expect(failure?.errors == [.patternTooSlow(name: "/(a|aa)*[bc]/", seconds: 0)])
    #expect(budget.started == 1)
  }

  @Test("a /REGEX/ that is slow at each place of one long text runs out of time all the same")
  func slowInOneText() throws {
    // One section, 50 runs of 30 a's: at each place `/(a|aa)*[bd]/` backtracks under the
    // bound of one match, about 20 milliseconds a run, a second in all, where the command
    // has no time for patterns. (One match cannot be stopped: its thread ends with it.)
    let runs = Array(repeating: String(repeating: "a", count: 30), count: 50)
    let outline = markdown("# Log\n" + runs.joined(separator: " ") + "\n")
    let budget = PatternBudget(seconds: 0)
    var failure: SelectionFailure?
    do {
      _ = try Selection(
        outline: outline, request: SelectionRequest(expandMatching: ["/(a|aa)*[bd]/"]),
        patterns: budget)
    } catch {
      failure = error
    }
    #expect(failure?.errors == [.patternTooSlow(name: "/(a|aa)*[bd]/", seconds: 0)])
  }

  @Test("(*UCP) gives \\w, \\d and \\b Unicode's meaning; a code point is written \\x{…}")
  func unicodeClasses() throws {
    let outline = markdown("# x\ncafé au lait\n# y\nnaïve idea\n")
    let matcher = ContentMatcher(outline: outline, patterns: PatternBudget())
    #expect(try matcher.sections(matching: #"/\bcafé\b/"#) == [])
    #expect(try matcher.sections(matching: #"/(*UCP)\bcafé\b/"#) == [0])
    #expect(try matcher.sections(matching: #"/(*UCP)\w+ve idea/"#) == [1])
    #expect(try matcher.sections(matching: #"/caf\x{e9}/"#) == [0])
    #expect(
      throws: SelectionError.invalidPattern(
        name: #"/caf\u{e9}/"#, character: 7,
        problem:
          #"\u, \U, \l, \L, \N{name} and \F are not PCRE2's; write a character by its code point as \x{e9}"#
      )
    ) {
      try matcher.sections(matching: #"/caf\u{e9}/"#)
    }
  }

  @Test("a /REGEX/ that backtracks for ever on one line is given up on at once, by name")
  func backtracking() throws {
    let outline = markdown("# A\n" + String(repeating: "a", count: 80) + "\n# B\nb\n")
    let budget = PatternBudget(seconds: 60)
    var failure: SelectionFailure?
    do {
      _ = try Selection(
        outline: outline,
        request: SelectionRequest(expandMatching: ["/(a|aa)*[bc]/", "/^b/"]), patterns: budget)
    } catch {
      failure = error
    }
    #expect(failure?.errors == [.patternBacktracks(name: "/(a|aa)*[bc]/")])
    // Within a few hundredths of a second of the 60, not after them.
    #expect(budget.secondsLeft > 50)
  }

  @Test("texts copied for a /REGEX/ in batches of any size give the same sections, in order")
  func batches() throws {
    let outline = markdown(
      (0..<40).map { "# s\($0)\n" + ($0 % 3 == 0 ? "error \($0)\n" : "fine\n") }.joined()
        + "# empty\n")
    for bytes in [0, 1, 9, 30, 1 << 20] {
      var matcher = ContentMatcher(outline: outline, patterns: PatternBudget())
      matcher.batchBytes = bytes
      #expect(
        try matcher.sections(matching: #"/^error \d+$/"#) == Array(stride(from: 0, to: 40, by: 3)))
      // A section with no content is a text all the same, of no bytes.
      #expect(try matcher.sections(matching: #"/\A\z/"#) == [40])
      #expect(try matcher.sections(matching: "/fine|error/").count == 40)
    }
  }

  @Test("a /REGEX/ over many small batches runs out of time, or backtracks, as over one")
  func batchesGivenUpOn() throws {
    let lines = (0..<200).map { "# S\($0)\n" + String(repeating: "a", count: 30) + "\n" }
    var matcher = ContentMatcher(
      outline: markdown(lines.joined()), patterns: PatternBudget(seconds: 0.2))
    matcher.batchBytes = 1
    #expect(throws: SelectionError.patternTooSlow(name: "/(a|aa)*[bc]/", seconds: 0.2)) {
      try matcher.sections(matching: "/(a|aa)*[bc]/")
    }
    // Given up on at the first batch, not when the time runs out.
    let budget = PatternBudget(seconds: 60)
    var backtracks = ContentMatcher(
      outline: markdown("# A\n" + String(repeating: "a", count: 80) + "\n" + lines.joined()),
      patterns: budget)
    backtracks.batchBytes = 1
    #expect(throws: SelectionError.patternBacktracks(name: "/(a|aa)*[bc]/")) {
      try backtracks.sections(matching: "/(a|aa)*[bc]/")
    }
    #expect(budget.secondsLeft > 50)
  }

  @Test("the holds search finds a TEXT anywhere, and not past the end")
  func holds() {
    let text = Array("abcabd".utf8)
    #expect(ContentMatcher.holds(text, Array("abd".utf8)))
    #expect(ContentMatcher.holds(text, Array("a".utf8)))
    #expect(ContentMatcher.holds(text, Array("abcabd".utf8)))
    #expect(!ContentMatcher.holds(text, Array("abdx".utf8)))
    #expect(!ContentMatcher.holds(text, Array("abe".utf8)))
    #expect(!ContentMatcher.holds([], Array("a".utf8)))
  }

  @Test("each section counts the matches under it, itself included; JSON output says them")
  func counts() throws {
    let outline = Self.report
    let selection = try Selection(
      outline: outline, request: SelectionRequest(expandMatching: ["error:"]))
    #expect(outline.sections.indices.map { selection.matches(in: $0) } == [2, 0, 1, 1])
    var json = ""
    JSONWriter().write(outline, selection: selection, to: &json)
    #expect(json.components(separatedBy: "\"matches\": ").count - 1 == 4)
    #expect(json.contains("\"title\": \"Tests\""))
    #expect(json.contains("\"expanded\": true, \"matches\": 2, \"content\": "))
    // Without a pattern, no section is counted and JSON says nothing of matches.
    let plain = try Selection(outline: outline, request: SelectionRequest())
    #expect(plain.matches(in: 0) == nil)
    var unmatched = ""
    JSONWriter().write(outline, selection: plain, to: &unmatched)
    #expect(!unmatched.contains("matches"))
  }

  @Test(
    "a /REGEX/ finds what PCRE2 finds, classes of classes, word starts and (*ACCEPT) too",
    arguments: [
      // Each pattern once seemed to need text a match does not hold: `]error`, `]xy`,
      // `]word` and `yz`.
      (#"[[:space:]]error"#, "a build error here"), ("[a[:digit:]b]xy", "7xy"),
      ("[[:<:]]word", "a word"), ("x(*ACCEPT)yz", "fix it"),
      ("x[^]a]yz", "xbyz"),
    ] as [(String, String)])
  func classesAndVerbs(_ source: String, _ line: String) throws {
    let outline = markdown("# a\n\(line)\n# b\nswords, and nothing to find\n")
    let matcher = ContentMatcher(outline: outline, patterns: PatternBudget())
    #expect(try matcher.sections(matching: "/\(source)/") == [0])
  }

  @Test("every generated /REGEX/ finds the same sections as PCRE2's interpreter trying every place")
  func generatedPatterns() throws {
    let seed = try #require(TestSeed.value(default: 47), "\(TestSeed.variable) is not a number")
    let rerun = "\(TestSeed.variable)=\(seed)"
    var random = SplitMix(seed: seed)
    func pick<Element>(_ choices: [Element]) -> Element {
      choices[Int(random.next() % UInt64(choices.count))]
    }
    // Subjects of a few lines from a small alphabet, in code blocks so that they are
    // matched as written; patterns from pieces of PCRE2's syntax over the same alphabet.
    // The reference is PCRE2's interpreter: its JIT once missed `aé` for `a\S`.
    let letters = [
      "a", "b", "e", "r", "o", "x", "y", "A", "E", ":", "]", "[", " ", "\t", "7", "é", "ñ", "日",
      "É", "€",
    ]
    let atoms = [
      "a", "b", "e", "r", "o", "x", "y", "E", ":", "error", "ab", "xy", #"\]"#, #"\["#, " ",
      ".", "é", "[[:space:]]", "[[:digit:]]", "[a[:digit:]b]", "[[:<:]]", "[[:>:]]", "[]a]",
      "[^]a]", "[^[:alpha:]]", #"[\]x]"#, "[é-ï]", #"\s"#, #"\d"#, #"\w"#, #"\b"#, #"\B"#,
      #"\S"#, #"\W"#, #"\D"#, "[^a]", "ñ", "日",
      #"\x{e9}"#, #"\Q]x\E"#, "(?=e)", "(?!x)", "(?<=a)", "(?<!b)",
    ]
    // What no quantifier may follow.
    let unrepeated = ["(*ACCEPT)", "(*FAIL)", "(?i)", "(?-i)", "^", "$", #"\K"#, "(?#note)"]
    let quantifiers = ["", "", "", "*", "+", "?", "{0,2}", "{2}", "*?", "++"]
    func pattern(depth: Int) -> String {
      var text = ""
      for _ in 0...(random.next() % 4) {
        if depth < 2, random.next() % 5 == 0 {
          let alternatives = (0...(random.next() % 2)).map { _ in pattern(depth: depth + 1) }
          text += pick(["(", "(?:", "(?i:", "(?>"]) + alternatives.joined(separator: "|") + ")"
        } else if random.next() % 6 == 0 {
          text += pick(unrepeated)
          continue
        } else {
          text += pick(atoms)
        }
        text += pick(quantifiers)
        if random.next() % 12 == 0 { text += "|" }
      }
      return text
    }
    var compared = 0
    var found = 0
    var aroundInvalid = 0
    let invalid: [[UInt8]] = [
      [0x80], [0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xAF],
    ]
    for _ in 0..<400 {
      var document = ""
      for section in 0..<8 {
        document += "# s\(section)\n```\n"
        for _ in 0..<(random.next() % 4) {
          document += (0..<(random.next() % 12)).map { _ in pick(letters) }.joined() + "\n"
        }
        document += "```\n"
      }
      let outline = markdown(document)
      let source = pattern(depth: 0)
      let ignoresCase = random.next() % 4 == 0
      let name = "/\(source)/" + (ignoresCase ? "i" : "")
      guard
        let every = try? CompiledPattern(
          source, ignoresCase: ignoresCase, byLine: true, lookingAhead: false, jit: false)
      else {
        #expect(throws: SelectionError.self, "\(name), \(rerun)") {
          try ContentMatcher(outline: outline, patterns: PatternBudget()).sections(matching: name)
        }
        continue
      }
      let reference = CompiledPattern.Matcher(every)
      var expected: [Int] = []
      do {
        for index in outline.sections.indices {
          var text = ByteBuffer()
          ContentMatcher.write(outline.sections[index], to: &text)
          if try reference.matches(text.bytes) {
            expected.append(index)
          }
        }
      } catch {
        // Trying every place, a pattern that backtracks may pass PCRE2's bounds where
        // looking ahead does not: there is nothing to compare.
        continue
      }
      let matcher = ContentMatcher(outline: outline, patterns: PatternBudget())
      #expect(try matcher.sections(matching: name) == expected, "\(name), \(rerun)")
      compared += 1
      found += expected.count
      // Bytes that are not UTF-8, which no outline holds, are matched around; the same
      // text with U+FFFD for them is a String, which is not checked.
      let direct = CompiledPattern.Matcher(
        try CompiledPattern(source, ignoresCase: ignoresCase, byLine: true))
      for _ in 0..<4 {
        var subject: [UInt8] = []
        for _ in 0..<(random.next() % 16) {
          subject += random.next() % 4 == 0 ? pick(invalid) : Array(pick(letters).utf8)
        }
        let repaired = String(decoding: subject, as: UTF8.self)
        if let wanted = try? reference.matches(subject) {
          #expect(try direct.matches(subject) == wanted, "\(name) in \(subject), \(rerun)")
          aroundInvalid += wanted ? 1 : 0
        }
        if let wanted = try? reference.matches(repaired) {
          #expect(try direct.matches(repaired) == wanted, "\(name) in \(repaired), \(rerun)")
        }
      }
    }
    // Most patterns compile, and they find some sections and miss others.
    #expect(compared > 300, "\(rerun)")
    #expect(found > 200 && found < compared * 8, "\(rerun)")
    #expect(aroundInvalid > 100, "\(rerun)")
  }

  @Test("a /REGEX/ is read as PCRE2 reads it: look-behind, possessive and atomic groups")
  func perlSyntax() throws {
    let outline = markdown(
      """
      # a
      status: failed
      # b
      status: passed, failed later
      # c
      aaab
      """)
    let matcher = ContentMatcher(outline: outline, patterns: PatternBudget())
    #expect(try matcher.sections(matching: "/(?<=status: )failed/") == [0])
    // `a++` keeps every a, leaving none for the a after it; `a+` gives one back.
    #expect(try matcher.sections(matching: "/^a++ab/") == [])
    #expect(try matcher.sections(matching: "/^a+ab/") == [2])
    #expect(try matcher.sections(matching: "/(?>a+)b$/") == [2])
    // `\d` is an ASCII digit, as in grep -P, `\p{Nd}` any; `/…/i` folds case beyond ASCII.
    let more = ContentMatcher(
      outline: markdown("# x\nnumber ٣\n# y\nÉCOLE 7\n"), patterns: PatternBudget())
    #expect(try more.sections(matching: #"/\d/"#) == [1])
    #expect(try more.sections(matching: #"/number \p{Nd}/"#) == [0])
    #expect(try more.sections(matching: "/école/i") == [1])
  }

  @Test("a /REGEX/ that needs more than 64 MiB to backtrack in is an error that names it")
  func tooDeep() throws {
    // `(a|b)*` keeps a place to come back to for each letter: a line of 4 MB needs more.
    let outline = markdown("# A\n" + String(repeating: "ab", count: 2_000_000) + "\n")
    var failure: SelectionFailure?
    do {
      _ = try Selection(outline: outline, request: SelectionRequest(expandMatching: ["/(a|b)*$/"]))
    } catch {
      failure = error
    }
    #expect(failure?.errors == [.patternBacktracks(name: "/(a|b)*$/")])
    // What it was told to write instead matches.
    #expect(try open(SelectionRequest(expandMatching: ["/[ab]*$/"]), in: outline) == ["A"])
  }

  @Test("bytes that are not UTF-8 are matched around, never read as characters")
  func illFormedBytes() throws {
    let strings: [[UInt8]] = [
      Array("ok ".utf8) + [0xFF, 0xC3] + Array(" error: x".utf8), [0xE2, 0x82], Array("fine".utf8),
    ]
    let found = try PatternSearch.indices(
      of: strings, matching: (#"error:\s\w"#, false), name: "/error/", patterns: PatternBudget())
    #expect(found == [0])
    let anything = try PatternSearch.indices(
      of: strings, matching: (".", false), name: "/./", patterns: PatternBudget())
    #expect(anything == [0, 2])
  }
}
