/// What an output leaves out to fit a size limit. First sections are closed: shown with
/// their summary and a note in place of what they hold. When that is not enough,
/// sections are removed whole, their parent saying how many went. The output ends by
/// saying what was left out and how to see it all.
public struct Elision: Equatable, Sendable {
  /// What happens to a section.
  public enum Cut: UInt8, Equatable, Sendable {
    /// Shown as usual.
    case none
    /// Shown closed, a note in place of its content and subsections.
    case closed
    /// Not shown; its parent (or the end of the output) says it was left out.
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
  /// For each section that lost subsections (-1 for the top level): how many, and their
  /// bytes.
  private(set) var removedFrom: [Int: Removed] = [:]

  struct Removed: Equatable, Sendable {
    var count = 0
    var bytes = 0
  }

  init(outline: Outline, inner: [Int], whole: [Int], limit: Int, fullCommand: String) {
    cuts = Array(repeating: .none, count: outline.sections.count)
    self.inner = inner
    self.whole = whole
    self.limit = limit
    self.fullCommand = fullCommand
  }

  /// Whether the walk goes into the section at `index`.
  func descends(into index: Int) -> Bool { cuts[index] == .none }

  /// How many sections were closed, and how many removed.
  public var closedCount: Int { cuts.reduce(0) { $0 + ($1 == .closed ? 1 : 0) } }
  public var removedCount: Int { cuts.reduce(0) { $0 + ($1 == .removed ? 1 : 0) } }

  /// Leaves nothing cut inside a cut section, and counts the removed ones by parent.
  mutating func settle(_ outline: Outline) {
    var index = 0
    while index < outline.sections.count {
      guard cuts[index] != .none else {
        index += 1
        continue
      }
      let end = outline.sections[index].end
      for inner in (index + 1)..<end { cuts[inner] = .none }
      index = end
    }
    removedFrom = [:]
    for index in outline.sections.indices where cuts[index] == .removed {
      let parent = outline.sections[index].parent ?? -1
      removedFrom[parent, default: Removed()].count += 1
      removedFrom[parent, default: Removed()].bytes += whole[index]
    }
  }

  /// The note in place of what the closed section at `index` held.
  func note(for index: Int, in outline: Outline) -> String {
    var parts: [String] = []
    let descendants = outline.sections[index].end - index - 1
    if descendants > 0 { parts.append(counted(descendants, "section")) }
    if outline.sections[index].hiddenLines > 0 {
      parts.append(counted(outline.sections[index].hiddenLines, "line"))
    }
    parts.append(Elision.size(inner[index]))
    return "Left out to fit the size limit: " + parts.joined(separator: ", ") + "."
  }

  /// The note at the end of a section (or, for -1, of the output) that lost subsections.
  func removedNote(for parent: Int) -> String? {
    guard let removed = removedFrom[parent] else { return nil }
    return counted(removed.count, "more section") + " left out to fit the size limit ("
      + Elision.size(removed.bytes) + ")."
  }

  /// The last words of a cut output, as plain text before the command.
  var footer: String {
    let closed = closedCount
    let removed = removedCount
    var what: [String] = []
    if closed > 0 { what.append(counted(closed, "section") + " closed") }
    if removed > 0 { what.append(counted(removed, "section") + " left out") }
    var bytes = 0
    for index in cuts.indices {
      if cuts[index] == .closed { bytes += inner[index] }
      if cuts[index] == .removed { bytes += whole[index] }
    }
    return "This output was cut to fit \(limit) bytes: " + what.joined(separator: " and ")
      + " (" + Elision.size(bytes) + "). See everything with:"
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

/// A place in a rendering where a section starts, where its heading part ends, or where
/// it ends, reported when the bytes before it have been written.
public enum SectionBoundary: Sendable {
  case start(Int)
  case headerEnd(Int)
  case end(Int)
}

/// An output that can leave sections out to fit a size: HTML (a fragment or a page) and
/// GitHub Markdown.
public protocol SizeLimitable {
  /// Writes the output, leaving out what `elision` says and reporting where each section
  /// starts and ends.
  func write<Target: ByteOutputStream>(
    _ outline: Outline, selection: Selection, elision: Elision?, to target: inout Target,
    boundaries: (SectionBoundary) -> Void) throws(Target.Failure)
}

extension SizeLimitable {
  /// Writes `outline` with the sections `selection` expanded; `elision` leaves sections
  /// out.
  public func write<Target: ByteOutputStream>(
    _ outline: Outline, selection: Selection, elision: Elision? = nil, to target: inout Target
  ) throws(Target.Failure) {
    try write(outline, selection: selection, elision: elision, to: &target) { _ in }
  }

  /// What to leave out of `outline` so that the output fits in `limit` bytes, or nil when
  /// it fits already; `fullCommand` is how the notes say to see everything.
  public func elision(
    for outline: Outline, selection: Selection, limit: Int, fullCommand: String
  ) throws(SizeLimitError) -> Elision? {
    try fit(for: outline, selection: selection, limit: limit, fullCommand: fullCommand)
  }
}

/// Counts what is written without keeping it.
final class ByteCounter {
  var count = 0
}

struct CountingStream: ByteOutputStream {
  let counter = ByteCounter()

  mutating func write(_ string: String) {
    counter.count += string.utf8.count
  }

  mutating func write(bytes: UnsafeRawBufferPointer) {
    counter.count += bytes.count
  }
}

/// An output too large for its limit even with every section left out.
public struct SizeLimitError: Error, Equatable, CustomStringConvertible {
  public let limit: Int
  public let smallest: Int

  public var description: String {
    "the output cannot fit in \(limit) bytes; with every section left out it still takes "
      + "\(smallest) bytes"
  }
}

extension SizeLimitable {
  /// What to leave out of `outline` so that the output fits in `limit` bytes: nothing
  /// when it fits already, else the deepest and then the largest sections first.
  func fit(
    for outline: Outline, selection: Selection, limit: Int, fullCommand: String
  ) throws(SizeLimitError) -> Elision? {
    var measure = CountingStream()
    var starts = Array(repeating: 0, count: outline.sections.count)
    var headers = Array(repeating: 0, count: outline.sections.count)
    var sizes = Array(repeating: 0, count: outline.sections.count)
    let counter = measure.counter
    write(outline, selection: selection, elision: nil, to: &measure) { boundary in
      switch boundary {
      case .start(let index): starts[index] = counter.count
      case .headerEnd(let index): headers[index] = counter.count - starts[index]
      case .end(let index): sizes[index] = counter.count - starts[index]
      }
    }
    let full = counter.count
    guard full > limit else { return nil }
    func measured(_ elision: Elision) -> Int {
      var check = CountingStream()
      write(outline, selection: selection, elision: elision, to: &check) { _ in }
      return check.counter.count
    }

    var elision = Elision(
      outline: outline, inner: zip(sizes, headers).map { $0 - $1 }, whole: sizes, limit: limit,
      fullCommand: fullCommand)
    // Deepest first, then largest; ancestors come after all their descendants.
    let order = outline.sections.indices.sorted {
      let (left, right) = (outline.sections[$0], outline.sections[$1])
      return left.depth != right.depth ? left.depth > right.depth : sizes[$0] > sizes[$1]
    }
    // Bytes saved inside each section's subtree so far, summed over pre-order ranges.
    var saved = FenwickTree(count: outline.sections.count)
    func current(_ index: Int) -> Int {
      sizes[index] - saved.sum(index + 1..<outline.sections[index].end)
    }
    // What a closed section takes, its note's wrapping guessed high.
    func replacement(_ index: Int) -> Int {
      headers[index] + elision.note(for: index, in: outline).utf8.count + 64
    }
    // The footer and the notes of removed sections, guessed high; the check below is exact.
    var estimate = full + 400 + fullCommand.utf8.count
    // One depth at a time, deepest first: close its sections, largest first, then remove
    // them if closing was not enough, before touching a shallower one.
    var levelStart = 0
    var closing = 0
    var removing = 0
    var parentsWithNote: Set<Int> = []
    // Every cut in the order it was decided, to take back the ones not needed after all.
    var decisions: [(index: Int, cut: Elision.Cut)] = []
    while true {
      while estimate > limit && levelStart < order.count {
        let depth = outline.sections[order[levelStart]].depth
        var levelEnd = levelStart
        while levelEnd < order.count && outline.sections[order[levelEnd]].depth == depth {
          levelEnd += 1
        }
        closing = max(closing, levelStart)
        while estimate > limit && closing < levelEnd {
          let index = order[closing]
          closing += 1
          let now = current(index)
          guard replacement(index) < now else { continue }
          elision.cuts[index] = .closed
          decisions.append((index, .closed))
          saved.add(now - replacement(index), at: index)
          estimate -= now - replacement(index)
        }
        removing = max(removing, levelStart)
        while estimate > limit && removing < levelEnd {
          let index = order[removing]
          removing += 1
          let parent = outline.sections[index].parent ?? -1
          let note = parentsWithNote.insert(parent).inserted ? 160 : 0
          // What the section takes now: all of it, or, closed, its summary and note.
          let now = elision.cuts[index] == .closed ? replacement(index) : current(index)
          elision.cuts[index] = .removed
          decisions.append((index, .removed))
          saved.add(now - note, at: index)
          estimate -= now - note
        }
        if removing >= levelEnd { levelStart = levelEnd }
      }
      elision.settle(outline)
      let size = measured(elision)
      if size <= limit { break }
      guard levelStart < order.count else {
        throw SizeLimitError(limit: limit, smallest: size)
      }
      estimate = size
    }
    // The guesses above are high, so fewer cuts may do: the fewest of them, in the order
    // they were decided, that still fit.
    func applying(_ count: Int) -> Elision {
      var fewer = Elision(
        outline: outline, inner: elision.inner, whole: elision.whole, limit: limit,
        fullCommand: fullCommand)
      for (index, cut) in decisions[..<count] { fewer.cuts[index] = cut }
      fewer.settle(outline)
      return fewer
    }
    var fits = decisions.count
    var fitsNot = 0
    var tries = 0
    while fits - fitsNot > 1 && tries < 16 {
      let middle = (fits + fitsNot) / 2
      if measured(applying(middle)) <= limit { fits = middle } else { fitsNot = middle }
      tries += 1
    }
    return fits == decisions.count ? elision : applying(fits)
  }
}

/// Sums of values over ranges of positions, each update and query in O(log n).
struct FenwickTree {
  private var tree: [Int]

  init(count: Int) {
    tree = Array(repeating: 0, count: count + 1)
  }

  mutating func add(_ value: Int, at position: Int) {
    var index = position + 1
    while index < tree.count {
      tree[index] += value
      index += index & -index
    }
  }

  /// The sum of the values at positions before `end`.
  private func prefix(_ end: Int) -> Int {
    var total = 0
    var index = end
    while index > 0 {
      total += tree[index]
      index -= index & -index
    }
    return total
  }

  func sum(_ range: Range<Int>) -> Int {
    prefix(range.upperBound) - prefix(range.lowerBound)
  }
}
