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
