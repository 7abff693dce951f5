@testable import OutlineKit

/// What the report kinds' tests read from an outline: its titles by depth, a section's
/// members and preformatted lines, and counts to compare a suite's with.
enum ReportShape {
  /// Each section's title, indented by its depth.
  static func tree(_ outline: Outline) -> [String] {
    outline.sections.map { String(repeating: "  ", count: $0.depth) + $0.title }
  }

  /// The members of a section's content as `key=value`.
  static func members(_ section: Section) -> [String] {
    section.content.flatMap { content -> [String] in
      guard case .members(let members) = content.body else { return [] }
      return members.map { "\($0.key ?? "")=\($0.value)" }
    }
  }

  /// The outline's own members, its totals, as `key=value`.
  static func totals(_ outline: Outline) -> [String] {
    outline.content.flatMap { content -> [String] in
      guard case .totals(let totals) = content.body else { return [] }
      return totals.members.map { "\($0.key ?? "")=\($0.value)" }
    }
  }

  /// The header line of the outline's totals, if it has them.
  static func header(_ outline: Outline) -> String? {
    outline.content.lazy.compactMap { content -> String? in
      guard case .totals(let totals) = content.body else { return nil }
      return totals.header
    }.first
  }

  /// The lines of a section's preformatted blocks.
  static func preformatted(_ section: Section) -> [String] {
    section.content.flatMap { content -> [String] in
      guard case .preformatted(let block) = content.body else { return [] }
      return block.lines
    }
  }

  /// The section titled `title`.
  static func section(_ outline: Outline, _ title: String) -> Section? {
    outline.sections.first { $0.title == title }
  }

  /// The index of the section titled `title`, or -1.
  static func index(_ outline: Outline, _ title: String) -> Int {
    outline.sections.firstIndex { $0.title == title } ?? -1
  }

  /// Counts of so many tests, ended so.
  static func counts(
    tests: Int, failed: Int = 0, errors: Int = 0, skipped: Int = 0, duration: Double? = nil
  ) -> TestCounts {
    var counts = TestCounts()
    for _ in 0..<failed { counts.add(.failed) }
    for _ in 0..<errors { counts.add(.error) }
    for _ in 0..<skipped { counts.add(.skipped) }
    for _ in 0..<(tests - failed - errors - skipped) { counts.add(.passed) }
    counts.duration = duration
    return counts
  }
}
