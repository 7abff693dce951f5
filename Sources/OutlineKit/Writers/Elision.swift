/// The sections an output leaves out to fit a size limit: each is shown closed, with a
/// note in place of its content and subsections, and the output ends by saying what
/// was left out and how to see it all.
public struct Elision: Equatable, Sendable {
  /// Whether each section, by index, is left out.
  public internal(set) var elided: [Bool]
  /// The bytes of each section, by index, below its summary, before anything was left out.
  let sizes: [Int]
  /// The limit the output was cut to fit.
  public let limit: Int
  /// The command that shows everything.
  public let fullCommand: String

  /// How many sections were left out, counted where the cut was made.
  public var count: Int { elided.reduce(0) { $0 + ($1 ? 1 : 0) } }

  /// The note in place of the section at `index`.
  func note(for index: Int, in outline: Outline) -> String {
    var parts: [String] = []
    let descendants = outline.sections[index].end - index - 1
    if descendants > 0 { parts.append(counted(descendants, "section")) }
    if outline.sections[index].hiddenLines > 0 {
      parts.append(counted(outline.sections[index].hiddenLines, "line"))
    }
    parts.append(Elision.size(sizes[index]))
    return "Left out to fit the size limit: " + parts.joined(separator: ", ") + "."
  }

  /// The last words of a cut output, as plain text before the command.
  var footer: String {
    let leftOut = zip(elided, sizes).reduce(0) { $0 + ($1.0 ? $1.1 : 0) }
    return "This output was cut to fit \(limit) bytes: \(counted(count, "section")) left out "
      + "(\(Elision.size(leftOut))). See everything with:"
  }

  /// A byte count for a person: `512 bytes`, `12.3 kB`, `4.5 MB`.
  static func size(_ bytes: Int) -> String {
    if bytes < 1000 { return counted(bytes, "byte") }
    let units = ["kB", "MB", "GB"]
    var value = Double(bytes) / 1000
    var unit = 0
    while value >= 1000 && unit < units.count - 1 {
      value /= 1000
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
    boundaries: (SectionBoundary) -> Void)
}

extension SizeLimitable {
  /// Writes `outline` with the sections `selection` expanded; `elision` leaves sections
  /// out.
  public func write<Target: ByteOutputStream>(
    _ outline: Outline, selection: Selection, elision: Elision? = nil, to target: inout Target
  ) {
    write(outline, selection: selection, elision: elision, to: &target) { _ in }
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
    "the output cannot fit in \(limit) bytes; with every section left out it still takes \(smallest)"
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

    var elision = Elision(
      elided: Array(repeating: false, count: outline.sections.count),
      sizes: zip(sizes, headers).map { $0 - $1 }, limit: limit, fullCommand: fullCommand)
    // Deepest first, then largest; ancestors come after all their descendants.
    let order = outline.sections.indices.sorted {
      let (left, right) = (outline.sections[$0], outline.sections[$1])
      return left.depth != right.depth ? left.depth > right.depth : sizes[$0] > sizes[$1]
    }
    // Bytes saved inside each section's subtree so far, summed over pre-order ranges.
    var saved = FenwickTree(count: outline.sections.count)
    var estimate = full + 400 + fullCommand.utf8.count
    var next = 0
    while true {
      while estimate > limit && next < order.count {
        let index = order[next]
        next += 1
        let current = sizes[index] - saved.sum(index + 1..<outline.sections[index].end)
        let replacement = headers[index] + elision.note(for: index, in: outline).utf8.count + 64
        guard replacement < current else { continue }
        elision.elided[index] = true
        saved.add(current - replacement, at: index)
        estimate -= current - replacement
      }
      // Nothing left out inside a section that is itself left out: in document order, a
      // left-out section's subtree is the range up to its end.
      var index = 0
      while index < outline.sections.count {
        if elision.elided[index] {
          let end = outline.sections[index].end
          for inner in (index + 1)..<end { elision.elided[inner] = false }
          index = end
        } else {
          index += 1
        }
      }
      var check = CountingStream()
      write(outline, selection: selection, elision: elision, to: &check) { _ in }
      if check.counter.count <= limit { return elision }
      guard next < order.count else {
        throw SizeLimitError(limit: limit, smallest: check.counter.count)
      }
      estimate = check.counter.count
    }
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
