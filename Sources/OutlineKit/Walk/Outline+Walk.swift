extension Outline {
  /// Takes `walker` through the outline without recursion, so that any depth of nesting
  /// is safe. What a step throws ends the walk.
  func walk<Walker: OutlineWalker>(_ walker: inout Walker) throws(Walker.Failure) {
    // Each open owner: its section index (-1 for the document), the next content run
    // to show and how many of its subsections have been passed.
    var owners: [WalkOwner] = [WalkOwner(section: -1)]
    var index = 0
    while index < sections.count {
      while owners.count > 1, sections[owners[owners.count - 1].section].end <= index {
        try close(&owners, &walker)
      }
      try showRuns(&owners, upTo: owners[owners.count - 1].passed, &walker)
      try walker.enter(index)
      if walker.descends(into: index) {
        owners.append(WalkOwner(section: index))
        index += 1
      } else {
        try walker.leave(index)
        owners[owners.count - 1].passed += 1
        index = sections[index].end
      }
    }
    while owners.count > 1 { try close(&owners, &walker) }
    try showRuns(&owners, upTo: Int.max, &walker)
  }

  /// Walks the outline with `visit` for each step, going into the sections `descend`
  /// says to.
  func walk(descend: (Int) -> Bool, _ visit: (WalkStep) -> Void) {
    withoutActuallyEscaping(descend) { descend in
      withoutActuallyEscaping(visit) { visit in
        var walker = StepWalker(descend: descend, visit: visit)
        walk(&walker)
      }
    }
  }

  /// Shows the innermost owner's content runs placed before subsection `position`.
  private func showRuns<Walker: OutlineWalker>(
    _ owners: inout [WalkOwner], upTo position: Int, _ walker: inout Walker
  ) throws(Walker.Failure) {
    let top = owners.count - 1
    let runs = owners[top].section < 0 ? content : sections[owners[top].section].content
    var run = owners[top].run
    while run < runs.count, runs[run].position <= position {
      try walker.visit(runs[run], depth: top)
      run += 1
    }
    owners[top].run = run
  }

  /// Ends the innermost open section, after the rest of its content.
  private func close<Walker: OutlineWalker>(
    _ owners: inout [WalkOwner], _ walker: inout Walker
  ) throws(Walker.Failure) {
    try showRuns(&owners, upTo: Int.max, &walker)
    let finished = owners.removeLast()
    try walker.leave(finished.section)
    owners[owners.count - 1].passed += 1
  }

  /// What collapsing the section at `index` hides, in words: `(3 sections, 14 lines)`,
  /// `{…} 4 keys`, `[…] 12 items`, and then how many of its sections content matching
  /// chose (`(3 sections, 14 lines, 2 matches)`) when `matches` is given and not 0; nil
  /// when it hides nothing.
  public func hiddenSummary(of index: Int, matches: Int? = nil) -> String? {
    guard hidesSomething(index) else { return nil }
    var summary = ""
    writeHiddenSummary(of: index, matches: matches, to: &summary)
    return summary
  }

  /// Whether collapsing the section at `index` hides anything to tell of.
  func hidesSomething(_ index: Int) -> Bool {
    switch sections[index].kind {
    case .object, .array, .suite: return true
    case .heading, .file, .element, .test, .output:
      return sections[index].end - index > 1 || sections[index].hiddenLines > 0
    }
  }

  /// What a closed suite or test of a report holds, in its runner's words: `(48 tests, 2
  /// failed, 3 skipped)`, `(failed, 0.31s)`; an output's lines. Nil for other sections.
  private func reportSummary(of index: Int, matches: Int) -> String? {
    // Made only for a report's sections: every other section's summary is written as bytes.
    var matched: String { matches > 0 ? ", " + counted(matches, "match", "matches") : "" }
    switch sections[index].kind {
    case .suite(let counts):
      var words = counts.words
      if let duration = counts.duration { words += ", " + TestCounts.words(seconds: duration) }
      return "(" + words + matched + ")"
    case .test(let outcome):
      return "(" + outcome.rawValue + matched + ")"
    case .output:
      return "(" + counted(sections[index].hiddenLines, "line") + matched + ")"
    case .heading, .file, .element, .object, .array:
      return nil
    }
  }

  /// Writes `hiddenSummary(of:)` without making a string of it first, `...` for `…` when
  /// `ascii`: a large outline has one per section (made as Strings with `-DPLAIN_SUMMARY`;
  /// bench/tricks.md says what it gains).
  func writeHiddenSummary<Target: ByteOutputStream>(
    of index: Int, ascii: Bool = false, matches: Int? = nil, to target: inout Target
  ) {
    let matches = matches ?? 0
    if let report = reportSummary(of: index, matches: matches) {
      target.write(report)
      return
    }
    #if PLAIN_SUMMARY
      // As plain Swift would write it, for `make bench` to measure.
      let matched = matches > 0 ? ", " + counted(matches, "match", "matches") : ""
      switch sections[index].kind {
      case .object(let members):
        target.write((ascii ? "{...} " : "{…} ") + counted(members, "key") + matched)
      case .array(let elements):
        target.write((ascii ? "[...] " : "[…] ") + counted(elements, "item") + matched)
      case .heading, .file, .element, .suite, .test, .output:
        let descendants = sections[index].end - index - 1
        let lines = sections[index].hiddenLines
        guard descendants > 0 || lines > 0 else { return }
        var parts: [String] = []
        if descendants > 0 { parts.append(counted(descendants, "section")) }
        if lines > 0 { parts.append(counted(lines, "line")) }
        target.write("(" + parts.joined(separator: ", ") + matched + ")")
      }
      return
    #endif
    // Made in a buffer on the stack and written at once; the longest is 61 bytes.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 96) { buffer in
      var summary = SummaryBytes(buffer: buffer)
      switch sections[index].kind {
      case .object(let members):
        summary.append(ascii ? "{...} " : "{…} ")
        summary.append(members, "key", "keys")
        if matches > 0 { summary.append(", ") }
        if matches > 0 { summary.append(matches, "match", "matches") }
      case .array(let elements):
        summary.append(ascii ? "[...] " : "[…] ")
        summary.append(elements, "item", "items")
        if matches > 0 { summary.append(", ") }
        if matches > 0 { summary.append(matches, "match", "matches") }
      case .heading, .file, .element, .suite, .test, .output:
        let descendants = sections[index].end - index - 1
        let lines = sections[index].hiddenLines
        guard descendants > 0 || lines > 0 else { return }
        summary.append("(")
        if descendants > 0 { summary.append(descendants, "section", "sections") }
        if descendants > 0 && lines > 0 { summary.append(", ") }
        if lines > 0 { summary.append(lines, "line", "lines") }
        if matches > 0 { summary.append(", ") }
        if matches > 0 { summary.append(matches, "match", "matches") }
        summary.append(")")
      }
      target.write(bytes: summary.bytes)
    }
  }
}

/// A hidden summary made in a buffer that has room for it.
private struct SummaryBytes {
  let buffer: UnsafeMutableBufferPointer<UInt8>
  var count = 0

  var bytes: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[..<count]))
  }

  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { text in
      for byte in text {
        buffer[count] = byte
        count += 1
      }
    }
  }

  /// Appends `number`, a space and the noun, plural unless the number is one.
  mutating func append(_ number: Int, _ one: StaticString, _ many: StaticString) {
    if number < 0 { append("-") }
    var digits = 1
    var rest = number.magnitude / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    rest = number.magnitude
    for position in stride(from: count + digits - 1, through: count, by: -1) {
      buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    }
    count += digits
    append(" ")
    append(number == 1 ? one : many)
  }
}

/// A walker that hands each step to a closure.
private struct StepWalker: OutlineWalker {
  let descend: (Int) -> Bool
  let visit: (WalkStep) -> Void

  func descends(into index: Int) -> Bool { descend(index) }
  func enter(_ index: Int) { visit(.enter(index)) }
  func visit(_ content: Content, depth: Int) { visit(.content(content, depth: depth)) }
  func leave(_ index: Int) { visit(.exit(index)) }
}

/// `count` followed by `noun`, made plural unless the count is one.
func counted(_ count: Int, _ noun: String) -> String {
  String(count) + " " + noun + (count == 1 ? "" : "s")
}

/// `count` and the noun in the number it takes: `1 match`, `2 matches`.
func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
  String(count) + " " + (count == 1 ? singular : plural)
}
