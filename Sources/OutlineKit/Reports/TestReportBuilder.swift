/// Builds the one outline every report kind shares: the report, its suites as the tool
/// nests them, and its tests, each holding its outcome, duration, location and message as
/// members (which conditions read: `@.outcome == 'failed'`), its message and stack as a
/// preformatted block, and its output as closed subsections.
///
/// A report opens what failed: each failed or errored test is expanded with its ancestors,
/// everything else starts collapsed, through the sections' hints, so that every flag
/// (`--expand-all`, `--collapse-all`, names) still decides over them.
///
/// Runs of one test (a rerun plugin repeats its `<testcase>`) are joined into one test in
/// their suite: the last run decides how it ended, and a test run again whose last run
/// passed is flaky, as only a failure makes such a plugin run a test again.
final class TestReportBuilder {
  /// One suite or test, before the outline's flat array is made from them. What only a
  /// suite has, or a test, is held by reference: a report has a node for every test, and
  /// nodes that held both took 360 bytes each (48 now), copied whole as the array grew.
  private struct Node {
    var parent: Int?
    var lines: Range<Int> = 0..<0
    var suite: Suite? = nil
    var test: Test? = nil
  }

  /// What a suite holds besides its counts.
  private final class Suite {
    let name: String
    /// The counts of the tests it holds, at any depth, once `finish` has summed them.
    var counts = TestCounts()
    /// How long what it holds took, summed, for a suite that does not say.
    var childDuration: Double?
    var children: [Int] = []
    /// Its tests by their key, to join their runs, while it is open.
    var testsByKey: [TestRecord.Key: Int] = [:]
    /// Its own output (`system-out` beside its tests).
    var output = ""
    var errorOutput = ""

    init(name: String) {
      self.name = name
    }
  }

  /// A test, as its runs joined make it.
  private final class Test {
    var record: TestRecord

    init(_ record: TestRecord) {
      self.record = record
    }
  }

  private var nodes: [Node] = []
  private var open: [Int] = []
  /// The class name of the test added last, which the next one mostly shares: the two
  /// hold one string.
  private var lastClassName: String?
  /// What the report says it took, over the sum of its suites', when it says.
  var reportDuration: Double?
  /// The report's name, when its root names it.
  var reportName: String?

  /// Suites may nest no deeper than this.
  static let deepestNesting = 256

  /// The innermost suite open, if any.
  var currentSuite: String? { open.last.flatMap { nodes[$0].suite?.name } }

  /// How many suites are open.
  var depth: Int { open.count }

  /// A suite starts inside the one open, if any.
  func startSuite(name: String, duration: Double?, line: Int) {
    var node = Node(parent: open.last, suite: Suite(name: name))
    node.suite?.counts.duration = duration
    node.lines = line..<line + 1
    nodes.append(node)
    if let parent = open.last { nodes[parent].suite?.children.append(nodes.count - 1) }
    open.append(nodes.count - 1)
  }

  /// The innermost suite ends on `line`.
  func endSuite(line: Int) {
    guard let last = open.popLast() else { return }
    // Its tests are joined only while it is open.
    nodes[last].suite?.testsByKey = [:]
    nodes[last].lines = nodes[last].lines.lowerBound..<max(line + 1, nodes[last].lines.upperBound)
  }

  /// Whether a suite or test has been read.
  var hasStarted: Bool { !nodes.isEmpty }

  /// Every suite still open ends on `line`, where the report stopped before its end.
  func endEverything(line: Int) {
    while !open.isEmpty { endSuite(line: line) }
  }

  /// What the innermost suite wrote beside its tests.
  func suiteOutput(_ text: String, isError: Bool) {
    guard let last = open.last, let suite = nodes[last].suite else { return }
    if isError { suite.errorOutput += text } else { suite.output += text }
  }

  /// A run of a test, in the innermost suite open (or at the top).
  func add(_ record: TestRecord) {
    var record = record
    if record.className == lastClassName {
      record.className = lastClassName
    } else {
      lastClassName = record.className
    }
    let suite = open.last.flatMap { nodes[$0].suite }
    if let suite, let earlier = suite.testsByKey[record.key], let test = nodes[earlier].test {
      var joined = test.record
      // Another run of the same test: the last decides, the failures before it are kept.
      var runs = joined.failedRuns
      if joined.outcome == .failed || joined.outcome == .error {
        runs.append((joined.message, joined.details))
      }
      joined = record
      joined.failedRuns = runs + record.failedRuns
      if record.outcome == .passed { joined.outcome = .flaky }
      joined.lines = nodes[earlier].lines.lowerBound..<record.lines.upperBound
      test.record = joined
      nodes[earlier].lines = joined.lines
      return
    }
    var node = Node(parent: open.last, test: Test(record))
    node.lines = record.lines
    nodes.append(node)
    if let suite {
      suite.children.append(nodes.count - 1)
      suite.testsByKey[record.key] = nodes.count - 1
    }
  }

  /// The title users know a test by: `classname.name` when the class name is a dotted
  /// path (a module or class, as pytest, Surefire and Gradle write it) other than its
  /// suite's name and the name does not already start with it; else the name alone (node
  /// writes `test`, jest-junit the suite's title, as the class name).
  static func title(className: String?, name: String, suite: String?) -> String {
    guard let className, className.contains("."), className != suite,
      !name.hasPrefix(className)
    else { return name.isEmpty ? (className ?? "test") : name }
    return "\(className).\(name)"
  }

  /// The outline: the totals in its own content, then the suites and tests.
  func finish(sourceLines: Int) -> Outline {
    // Counts go up from the last node to the first: a child is made after its parent.
    var totals = TestCounts()
    for index in nodes.indices.reversed() {
      var counts = TestCounts()
      if let test = nodes[index].test?.record {
        counts.add(test.outcome)
        counts.duration = test.duration
      } else if let suite = nodes[index].suite {
        // A suite that does not say how long it took took as long as what it holds.
        if suite.counts.duration == nil { suite.counts.duration = suite.childDuration }
        counts = suite.counts
      }
      if let parent = nodes[index].parent, let suite = nodes[parent].suite {
        suite.counts.add(counts, duration: false)
        if let time = counts.duration { suite.childDuration = (suite.childDuration ?? 0) + time }
      } else {
        totals.add(counts)
      }
    }
    if let reportDuration { totals.duration = reportDuration }

    let store = ValueStore()
    // A test has two or three members of some 30 bytes: room made once, where the
    // store's arrays, grown by doubling, were copied while the outline was at its largest.
    // Room made and not used costs no memory, as no page of it is written.
    store.reserveCapacity(bytes: nodes.count * 64)
    // Every test's message, stack and output, in one buffer, made as large as their text
    // at once for the same reason.
    let texts = PreformattedStore()
    texts.reserveCapacity(bytes: nodes.reduce(0) { $0 + TestReportBuilder.textBytes(of: $1) })
    var sections: [Section] = []
    sections.reserveCapacity(
      nodes.count
        + nodes.reduce(0) {
          $0 + TestReportBuilder.outputCount($1.suite?.output, $1.suite?.errorOutput)
            + TestReportBuilder.outputCount($1.test?.record.output, $1.test?.record.errorOutput)
        })
    // Pre-order, with an explicit stack of the nodes still to make.
    var pending: [(node: Int, parent: Int?, depth: Int)] = nodes.indices.reversed()
      .filter { nodes[$0].parent == nil }.map { ($0, nil, 0) }
    var opens: [Bool] = []
    // The sections still open, whose ends are set once the pre-order passes them.
    var unfinished: [Int] = []
    func closeSections(downTo depth: Int) {
      while let last = unfinished.last, sections[last].depth >= depth {
        sections[last].end = sections.count
        unfinished.removeLast()
      }
    }
    while let (index, parent, depth) = pending.popLast() {
      closeSections(downTo: depth)
      // The node is let go of once its section is made.
      var node = Node(parent: nil)
      swap(&node, &nodes[index])
      let at = sections.count
      if let test = node.test?.record {
        var section = Section(
          title: test.title, level: depth + 1, depth: depth, parent: parent,
          kind: .test(test.outcome))
        section.span.lines = test.lines
        let first = store.records.count
        TestReportBuilder.storeMembers(of: test, in: store)
        let members = Content(
          position: 0,
          body: .members(
            Members(store: store, records: first..<store.records.count, locatesTest: true)))
        var shownLines = store.records.count - first
        let block = TestReportBuilder.restoringEscapes(TestReportBuilder.block(of: test))
        // Each array made as large as it is: most tests have no message.
        if block.isEmpty {
          section.content = [members]
        } else {
          let preformatted = texts.block(block)
          shownLines += preformatted.lineCount
          section.content = [members, Content(position: 0, body: .preformatted(preformatted))]
        }
        sections.append(section)
        opens.append(test.outcome.opens)
        unfinished.append(at)
        let outputs =
          test.output.isEmpty && test.errorOutput.isEmpty
          ? [] : [("system-out", test.output), ("system-err", test.errorOutput)]
        for (title, text) in outputs {
          guard
            let lines = TestReportBuilder.output(
              text, title: title, depth: depth + 1, parent: at, within: test.lines, in: texts)
          else { continue }
          shownLines += lines.hiddenLines
          var placed = lines
          placed.end = sections.count + 1
          sections.append(placed)
          opens.append(false)
        }
        sections[at].hiddenLines = shownLines
        sections[at].end = sections.count
        unfinished.removeLast()
        continue
      }
      var section = Section(
        title: node.suite?.name ?? "", level: depth + 1, depth: depth, parent: parent,
        kind: .suite(node.suite?.counts ?? TestCounts()))
      section.span.lines = node.lines
      sections.append(section)
      opens.append(false)
      unfinished.append(at)
      let outputs = [
        ("system-out", node.suite?.output ?? ""), ("system-err", node.suite?.errorOutput ?? ""),
      ]
      for (title, text) in outputs {
        guard
          let lines = TestReportBuilder.output(
            text, title: title, depth: depth + 1, parent: at, within: node.lines, in: texts)
        else { continue }
        var placed = lines
        placed.end = sections.count + 1
        sections.append(placed)
        opens.append(false)
      }
      for child in (node.suite?.children ?? []).reversed() {
        pending.append((child, at, depth + 1))
      }
    }
    closeSections(downTo: 0)
    // A failed or errored test opens, and so do the suites that hold it.
    for index in sections.indices.reversed() where opens[index] {
      if let parent = sections[index].parent { opens[parent] = true }
    }
    for index in sections.indices {
      sections[index].hint = opens[index] ? .expanded : .collapsed
    }
    // A suite hides its sections' lines; inner suites are summed before the outer ones.
    for index in sections.indices.reversed() {
      guard case .suite = sections[index].kind else { continue }
      var lines = 0
      var child = index + 1
      while child < sections[index].end {
        lines += sections[child].hiddenLines
        child = sections[child].end
      }
      sections[index].hiddenLines = lines
    }
    var hidden = 0
    for index in sections.indices where sections[index].parent == nil {
      hidden += sections[index].hiddenLines
    }

    var outline = Outline(
      sections: sections, content: [totals.content(reportName: reportName, in: store)])
    outline.kind = .suite(totals)
    outline.hiddenLines = hidden
    outline.sourceLines = sourceLines
    return outline
  }

  /// The most bytes a node's message, stack and output take in a `PreformattedStore`.
  private static func textBytes(of node: Node) -> Int {
    if let suite = node.suite { return suite.output.utf8.count + suite.errorOutput.utf8.count }
    guard let test = node.test?.record else { return 0 }
    // The lines that join its parts, and head each earlier run, count too.
    return 4 + (test.message?.utf8.count ?? 0) + test.details.utf8.count
      + test.failedRuns.reduce(0) {
        $0 + 32 + ($1.message?.utf8.count ?? 0) + $1.details.utf8.count
      } + test.output.utf8.count + test.errorOutput.utf8.count
  }

  /// How many of a node's outputs hold anything: the most subsections they make.
  private static func outputCount(_ output: String?, _ errorOutput: String?) -> Int {
    (output?.isEmpty ?? true ? 0 : 1) + (errorOutput?.isEmpty ?? true ? 0 : 1)
  }

  /// A closed subsection of a test's or suite's output, titled as JUnit names it, or nil
  /// when it holds nothing but blank lines.
  /// It stands `within` the lines of its test or suite, as the report does not say where.
  private static func output(
    _ text: String, title: String, depth: Int, parent: Int, within lines: Range<Int>,
    in texts: PreformattedStore
  ) -> Section? {
    let trimmed = restoringEscapes(trimmingBlankLines(text))
    guard !trimmed.isEmpty else { return nil }
    let block = texts.block(trimmed)
    var section = Section(
      title: title, level: depth + 1, depth: depth, parent: parent, kind: .output)
    section.content = [Content(position: 0, body: .preformatted(block))]
    section.hiddenLines = block.lineCount
    section.span.lines = lines
    return section
  }

  /// The message and stack shown for a test (`shown(message:details:)`), then each other
  /// run that failed, numbered as it ran: the runs before the last, or, where they followed
  /// the first (`failedRunsFollow`), from the second on.
  private static func block(of test: TestRecord) -> String {
    var parts: [String] = []
    let shown = shown(message: test.message, details: test.details)
    if !shown.isEmpty { parts.append(shown) }
    let first = test.failedRunsFollow ? 2 : 1
    for (number, run) in test.failedRuns.enumerated() {
      let text = self.shown(message: run.message, details: run.details, always: true)
      parts.append("run \(number + first) failed" + (text.isEmpty ? "" : ":\n" + text))
    }
    return parts.joined(separator: "\n\n")
  }

  /// The details the runner wrote, after the message when they do not hold it and it is more
  /// than the one line the test's `message` member shows (or `always`).
  private static func shown(message: String?, details: String, always: Bool = false) -> String {
    var parts: [String] = []
    let details = trimmingBlankLines(details)
    if let message = message.map(trimmingBlankLines), !message.isEmpty,
      !ContentMatcher.holds(Array(details.utf8), Array(message.utf8)),
      !holdsSpacedOtherwise(details, message),
      always || !details.isEmpty || message.contains("\n")
    {
      parts.append(message)
    }
    if !details.isEmpty { parts.append(details) }
    return parts.joined(separator: "\n")
  }

  /// Whether `details` hold `message` once every run of white space in both is one space:
  /// a message written over lines in an attribute, as rspec's formatter writes it, is read
  /// as one line, which the stack then holds line by line.
  private static func holdsSpacedOtherwise(_ details: String, _ message: String) -> Bool {
    guard !details.isEmpty, message.utf8.contains(0x20) else { return false }
    func spaced(_ text: String) -> [UInt8] {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(text.utf8.count)
      for byte in text.utf8 {
        let isSpace = byte == 0x20 || (0x09...0x0D).contains(byte)
        if isSpace {
          if bytes.last != 0x20 { bytes.append(0x20) }
        } else {
          bytes.append(byte)
        }
      }
      return bytes
    }
    return ContentMatcher.holds(spaced(details), spaced(message))
  }

  /// `text` with the escape sequences a report could not hold as ESC made ESC again, for
  /// `Preformatted` to read as colours: pytest writes ESC as `#x1B`, as XML has no room for
  /// it, and a report that held ESC as it is was read with DEL in its place
  /// (`ReportXML.read`). Only those followed by `[` or `]`, as a sequence's start, count.
  static func restoringEscapes(_ text: String) -> String {
    // Looked for in place, in one pass: nearly every test has a message or an output, and
    // nearly none holds either.
    var copy = text
    let holdsEither = copy.withUTF8 { bytes in
      bytes.indices.contains { index in
        bytes[index] == 0x7F
          || bytes[index] == UInt8(ascii: "#") && index + 3 < bytes.count
            && bytes[index + 1] == UInt8(ascii: "x") && bytes[index + 2] == UInt8(ascii: "1")
            && bytes[index + 3] == UInt8(ascii: "B")
      }
    }
    guard holdsEither else { return text }
    let bytes = Array(text.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let pytest =
        byte == UInt8(ascii: "#") && index + 4 < bytes.count
        && bytes[index + 1..<index + 4].elementsEqual("x1B".utf8)
      let length = pytest ? 4 : byte == 0x7F ? 1 : 0
      if length > 0, index + length < bytes.count,
        bytes[index + length] == UInt8(ascii: "[") || bytes[index + length] == UInt8(ascii: "]")
      {
        result.append(ANSIText.escape)
        index += length
        continue
      }
      result.append(byte)
      index += 1
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// `text` without the lines at its start and end that hold only white space (ASCII's:
  /// spaces, tabs, line ends, vertical tabs and form feeds), read as bytes: a report has a
  /// message or an output for nearly every test.
  static func trimmingBlankLines(_ text: String) -> String {
    let bytes = text.utf8
    let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
    // The first byte that is not white space, and the start of its line.
    guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return "" }
    var start = first
    while start > bytes.startIndex {
      let before = bytes.index(before: start)
      if bytes[before] == 0x0A || bytes[before] == 0x0D { break }
      start = before
    }
    // The last byte that is not white space, and the end of its line.
    guard let last = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
    var end = bytes.index(after: last)
    while end < bytes.endIndex, bytes[end] != 0x0A && bytes[end] != 0x0D {
      end = bytes.index(after: end)
    }
    if start == bytes.startIndex && end == bytes.endIndex { return text }
    return String(Substring(bytes[start..<end]))
  }

  /// A test's members: `outcome`, `duration`, `file`, `line`, `message` (its first line),
  /// then its properties.
  private static func storeMembers(of test: TestRecord, in store: ValueStore) {
    store.add(key: "outcome", value: test.outcome.rawValue, type: .string)
    if let duration = test.duration {
      store.add(key: "duration", value: TestCounts.number(duration), type: .number)
    }
    if let file = test.file { store.add(key: "file", value: file, type: .string) }
    if let line = test.line { store.add(key: "line", value: String(line), type: .number) }
    if let message = test.message.map(trimmingBlankLines), !message.isEmpty {
      let firstLine = message.prefix { $0 != "\n" && $0 != "\r" }
      store.add(
        key: "message", value: ANSIText.plain(restoringEscapes(String(firstLine))), type: .string)
    }
    if !test.failedRuns.isEmpty {
      // Every run that failed: those kept apart, and the one its outcome is from.
      let own = test.outcome == .failed || test.outcome == .error ? 1 : 0
      store.add(key: "failed runs", value: String(test.failedRuns.count + own), type: .number)
    }
    for property in test.properties {
      store.add(key: property.name, value: property.value, type: .string)
    }
  }

}
