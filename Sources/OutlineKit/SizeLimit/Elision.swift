/// What an output leaves out to fit a size limit. Collapsed sections are closed first:
/// shown with their summary and a marker in place of what they hold. When that is not
/// enough, sections are removed whole, a marker standing where each run of them was. The
/// output starts by saying what was left out and how to see it all.
public struct Elision: Equatable, Sendable {
  /// What happens to a section.
  public enum Cut: UInt8, Equatable, Sendable {
    /// Shown as usual.
    case none
    /// Shown closed, a marker in place of its content and subsections.
    case closed
    /// Not shown; a marker where it was says it was left out.
    case removed
  }

  /// What happens to each section, by index. Sections inside a cut one are `none`.
  public internal(set) var cuts: [Cut]
  /// The bytes of each section, by index, below its summary, before anything was cut.
  let inner: [Int]
  /// The bytes of each whole section, by index, before anything was cut.
  let whole: [Int]
  /// The limit the output was cut to fit.
  public let limit: Int
  /// The command that shows everything.
  public let fullCommand: String
  /// The links to the outline's own sections, which must not lead nowhere.
  let links: InPageLinks
  /// For the first section of each run of removed siblings: what the run held.
  private(set) var runs: [Int: Removed] = [:]
  /// For each marker, by the closed section it stands in or the first section of the run
  /// it stands for: the left-out sections that links lead to, whose ids it takes.
  private(set) var targets: [Int: [Int]] = [:]
  /// How many sections are closed, how many left out with their subsections, and the
  /// bytes of both, for the notice.
  private var totals = Totals()

  struct Totals: Equatable, Sendable {
    var closed = 0
    var removed = 0
    var bytes = 0
    /// The tests among the removed sections, by how they ended.
    var tests = TestCounts()
  }

  struct Removed: Equatable, Sendable {
    var sections = 0
    var lines = 0
    var bytes = 0
  }

  init(
    outline: Outline, inner: [Int], whole: [Int], limit: Int, fullCommand: String,
    links: InPageLinks = InPageLinks()
  ) {
    cuts = Array(repeating: .none, count: outline.sections.count)
    self.inner = inner
    self.whole = whole
    self.limit = limit
    self.fullCommand = fullCommand
    self.links = links
  }

  /// Whether the walk goes into the section at `index`.
  func descends(into index: Int) -> Bool { cuts[index] == .none }

  /// How many sections were closed, and how many removed.
  public var closedCount: Int { cuts.reduce(0) { $0 + ($1 == .closed ? 1 : 0) } }
  public var removedCount: Int { cuts.reduce(0) { $0 + ($1 == .removed ? 1 : 0) } }
  /// Whether anything is cut at all.
  var cutsSomething: Bool { cuts.contains { $0 != .none } }

  /// Leaves nothing cut inside a cut section, gathers the removed sections into runs of
  /// siblings with nothing between them, and gives each link into what was left out a
  /// marker to lead to.
  mutating func settle(_ outline: Outline) {
    totals = Totals()
    var index = 0
    while index < outline.sections.count {
      guard cuts[index] != .none else {
        index += 1
        continue
      }
      let end = outline.sections[index].end
      for inner in (index + 1)..<end { cuts[inner] = .none }
      if cuts[index] == .closed {
        totals.closed += 1
        totals.bytes += inner[index]
      } else {
        totals.removed += end - index
        totals.bytes += whole[index]
        for inner in index..<end {
          if case .test(let outcome) = outline.sections[inner].kind { totals.tests.add(outcome) }
        }
      }
      index = end
    }
    runs = [:]
    // The run each removed section belongs to, by its first section, for the links that
    // lead into it; a run's counts are kept apart until it ends, to be stored once.
    var runOf = links.links.isEmpty ? [] : Array(repeating: -1, count: outline.sections.count)
    var open: (first: Int, held: Removed)? = nil
    let cuts = cuts
    outline.walk(descend: { cuts[$0] == .none }) { step in
      guard case .enter(let index) = step, cuts[index] == .removed else {
        // A removed section's exit comes at once; anything else ends the run.
        if case .exit(let index) = step, cuts[index] == .removed { return }
        if let (first, held) = open { runs[first] = held }
        open = nil
        return
      }
      var (first, held) = open ?? (index, Removed())
      if !runOf.isEmpty { runOf[index] = first }
      held.sections += outline.sections[index].end - index
      held.lines += outline.sections[index].hiddenLines
      held.bytes += whole[index]
      open = (first, held)
    }
    if let (first, held) = open { runs[first] = held }
    targets = [:]
    var placed: Set<Int> = []
    for link in links.links where shows(link, in: outline) {
      // The cut section that holds the target, if any.
      var cursor: Int? = link.to
      while let current = cursor, cuts[current] == .none {
        cursor = outline.sections[current].parent
      }
      guard let holder = cursor, !(holder == link.to && cuts[holder] == .closed) else { continue }
      let marker = cuts[holder] == .closed ? holder : runOf[holder]
      guard marker >= 0 else { continue }
      if placed.insert(link.to).inserted { targets[marker, default: []].append(link.to) }
    }
  }

  /// Whether a cut output still shows `link`: no section around it is cut, and the
  /// section it is in is not, unless it is closed and the link is in its title.
  private func shows(_ link: InPageLinks.Link, in outline: Outline) -> Bool {
    guard link.from >= 0 else { return true }
    if cuts[link.from] == .removed || (cuts[link.from] == .closed && !link.inTitle) {
      return false
    }
    var cursor = outline.sections[link.from].parent
    while let current = cursor {
      if cuts[current] != .none { return false }
      cursor = outline.sections[current].parent
    }
    return true
  }

  /// The marker in place of what the closed section at `index` held.
  func note(for index: Int, in outline: Outline) -> String {
    Elision.marker(
      sections: outline.sections[index].end - index - 1,
      lines: outline.sections[index].hiddenLines, bytes: inner[index])
  }

  /// The marker where the run of removed sections that starts at `index` was, if one does.
  func removedNote(at index: Int) -> String? {
    runs[index].map { Elision.marker(sections: $0.sections, lines: $0.lines, bytes: $0.bytes) }
  }

  /// A marker at a cut: `Left out: 3 sections, 12 lines, 4.1 KiB.`
  private static func marker(sections: Int, lines: Int, bytes: Int) -> String {
    var parts: [String] = []
    if sections > 0 { parts.append(counted(sections, "section")) }
    if lines > 0 { parts.append(counted(lines, "line")) }
    parts.append(size(bytes))
    return "Left out: " + parts.joined(separator: ", ") + "."
  }

  /// The first words of a cut output, as plain text before the command: how many sections
  /// were closed, and how many left out, their subsections counted, when last settled.
  var notice: String {
    var what: [String] = []
    if totals.closed > 0 { what.append(counted(totals.closed, "section") + " closed") }
    if totals.removed > 0 { what.append(counted(totals.removed, "section") + " left out") }
    return "This output was cut to fit \(limit) bytes: " + what.joined(separator: " and ")
      + " (" + Elision.size(totals.bytes) + "), a marker at each cut."
      + Elision.words(leftOut: totals.tests) + " See everything with:"
  }

  /// What the tests left out were, when any were: ` Left out were 250 passed tests and
  /// 3 skipped, no failed one.`, so that a reader of a cut report knows whether a failure
  /// is among what is missing.
  static func words(leftOut tests: TestCounts) -> String {
    guard tests.tests > 0 else { return "" }
    let failures = tests.failed + tests.errors
    var parts: [String] = []
    for (count, word) in [
      (tests.passed, "passed"), (tests.flaky, "flaky"), (tests.skipped, "skipped"),
      (failures, "failed"),
    ] where count > 0 {
      let noun = parts.isEmpty ? (count == 1 ? " test" : " tests") : ""
      parts.append("\(count) \(word)\(noun)")
    }
    let last = parts.removeLast()
    let listed = parts.isEmpty ? last : parts.joined(separator: ", ") + " and " + last
    return " Left out " + (tests.tests == 1 ? "was " : "were ") + listed
      + (failures == 0 ? ", no failed one." : ".")
  }

  /// A byte count for a person, in the binary units `--max-bytes` takes: `512 bytes`,
  /// `12.3 KiB`, `4.5 MiB`.
  static func size(_ bytes: Int) -> String {
    if bytes < 1024 { return counted(bytes, "byte") }
    let units = ["KiB", "MiB", "GiB"]
    var value = Double(bytes) / 1024
    var unit = 0
    while value >= 1024 && unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10) \(units[unit])"
  }
}
